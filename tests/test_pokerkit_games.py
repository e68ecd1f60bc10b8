"""Differential test of the other games against pokerkit: thousands of random pot-limit
Omaha and pot-limit Omaha high-low hands, and hands with straddles, agree with pokerkit
wherever pokerkit follows the Poker TDA; the departures found are tested by our rules below.

pokerkit has no pot-limit Omaha high-low game of its own; it is assembled here from its
pot-limit Omaha with both of its Omaha hand types (high, and eight-or-better low), the
way pokerkit builds its fixed-limit Omaha high-low.

Departures (hands left out of the comparison, each tested below):
- odd chips (TDA 20): pokerkit splits in single units and gives a pot's odd unit of a
  high-low split as its divmod falls; the TDA gives the whole pot's odd chip to the high half;
- a high-low side pot where no hand qualifies for low while another pot has a low: pokerkit
  splits that pot's low half among the hands it kept (a tie of "no low"); by the rules the
  high hand takes the whole pot;
- a short (all-in for less) straddle or blind: pokerkit asks callers only for what was
  posted; the convention here (as for a short big blind) is that the full amount is called.
"""

from __future__ import annotations

import random

import pytest

from tdtool.game import Game, Variant
from tdtool.rules.hand import replay
from tests.handgen import Generated, random_hand, random_stakes
from tests.test_pokerkit_differential import pokerkit_stacks

# Run time: pokerkit needs ~6 ms a hand here (its Omaha showdown), ours ~0.3 ms; two to
# four players keep the 2,000 Omaha hands near ten seconds.

pokerkit = pytest.importorskip("pokerkit")
pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")

OMAHA_HANDS = 2000
STRADDLE_HANDS = 400
AUTOMATIONS = (
    "ANTE_POSTING",
    "BET_COLLECTION",
    "BLIND_OR_STRADDLE_POSTING",
    "CARD_BURNING",
    "HOLE_CARDS_SHOWING_OR_MUCKING",
    "HAND_KILLING",
    "CHIPS_PUSHING",
    "CHIPS_PULLING",
)


def _game(g: Generated):
    from pokerkit import (
        NoLimitTexasHoldem,
        OmahaEightOrBetterLowHand,
        OmahaHoldemHand,
        PotLimitOmahaHoldem,
    )

    variant, game = g.hand.variant, g.hand.stakes.game
    if variant is Variant.OMAHA_HILO:

        class PotLimitOmahaHighLow(PotLimitOmahaHoldem):
            hand_types = (OmahaHoldemHand, OmahaEightOrBetterLowHand)

        return PotLimitOmahaHighLow
    if variant is Variant.OMAHA:
        return PotLimitOmahaHoldem
    assert game is Game.NO_LIMIT
    return NoLimitTexasHoldem


def pokerkit_state(g: Generated):
    """The same hand in pokerkit (players in the same order, straddles posted as blinds)."""
    from pokerkit import Automation, Mode

    seats = {s.seat: s for s in g.hand.seats}
    st = g.hand.stakes
    state = _game(g).create_state(
        tuple(getattr(Automation, a) for a in AUTOMATIONS),
        True,
        st.ante,
        (st.small_blind, st.big_blind, *g.straddles),
        st.big_blind,
        tuple(seats[s].stack for s in g.order),
        len(g.order),
        mode=Mode.TOURNAMENT,
    )
    for seat in g.order:
        state.deal_hole("".join(str(c) for c in seats[seat].cards))
    return state


def forced_covered(g: Generated) -> bool:
    """Every blind and straddle can be posted in full with the ante (pokerkit calls a short
    one for what was posted: a departure, tested below)."""
    st = g.hand.stakes
    if len(g.order) == 2 and st.small_blind == st.big_blind:
        return False  # pokerkit tells the heads-up blinds apart by size only
    stacks = [next(s.stack for s in g.hand.seats if s.seat == seat) for seat in g.order]
    if len(g.order) == 2:
        stacks = stacks[::-1]
    forced = (st.small_blind, st.big_blind, *g.straddles)
    return all(stacks[k] > amount + st.ante for k, amount in enumerate(forced))


def _odd(result) -> bool:
    return any(p.odd_chips or p.odd_to_high for p in result.pots)


def _side_pot_without_low(result) -> bool:
    """A pot nobody in it can win low, in a hand where someone has a low (pokerkit departs)."""
    lows = any(h.low is not None for h in result.hands)
    return lows and any(p.hilo and p.low is None and len(p.eligible) > 1 for p in result.pots)


def _compare(g: Generated) -> bool:
    if not forced_covered(g):
        return False
    result = replay(g.hand)
    if _odd(result) or _side_pot_without_low(result):
        return False
    ours = {s.seat: dict(result.stacks)[s.name] for s in g.hand.seats}
    assert ours == pokerkit_stacks(g, pokerkit_state(g)), g
    return True


@pytest.mark.slow
@pytest.mark.parametrize("variant", [Variant.OMAHA, Variant.OMAHA_HILO])
def test_pokerkit_agrees_on_random_pot_limit_omaha_hands(variant):
    rng = random.Random(f"plo-{variant}")
    compared = 0
    for _ in range(OMAHA_HANDS // 2):
        stakes = random_stakes(rng, Game.POT_LIMIT, bb_ante=False)
        g = random_hand(rng, stakes=stakes, variant=variant, players=rng.randint(2, 4))
        compared += _compare(g)
    assert compared > OMAHA_HANDS // 4


@pytest.mark.slow
def test_pokerkit_agrees_on_random_hands_with_straddles():
    rng = random.Random(2024)
    compared = straddled = 0
    for _ in range(STRADDLE_HANDS):
        stakes = random_stakes(rng, Game.NO_LIMIT, bb_ante=False)
        g = random_hand(rng, stakes=stakes, players=rng.randint(3, 8), straddles=rng.randint(1, 3))
        compared += _compare(g)
        straddled += bool(g.straddles)
    assert straddled == STRADDLE_HANDS and compared > STRADDLE_HANDS // 3


def test_departure_short_straddle_is_still_called_in_full():
    """pokerkit asks a caller for only what an all-in-for-less straddler posted (150 of a
    200 straddle); as with a short big blind, callers here call the full straddle and the
    excess makes a side pot."""
    from pokerkit import Automation, Mode, NoLimitTexasHoldem

    from tdtool.rules.betting import Betting, Player, Stakes

    ours = Betting(
        Stakes(50, 100),
        [
            Player(1, "Ann", 1000),
            Player(2, "Bo", 1000),
            Player(3, "Cy", 1000),
            Player(4, "Di", 150),
            Player(5, "Ed", 1000),
        ],  # fmt: skip
        button=1,
    )
    ours.straddle(4, 200)
    assert ours.options().call_to == 200 and ours.options().min_to == 400
    theirs = NoLimitTexasHoldem.create_state(
        (Automation.ANTE_POSTING, Automation.BET_COLLECTION,
         Automation.BLIND_OR_STRADDLE_POSTING, Automation.HOLE_DEALING),  # fmt: skip
        True, 0, (50, 100, 200), 100, (1000, 1000, 150, 1000, 1000), 5,
        mode=Mode.TOURNAMENT,
    )  # fmt: skip
    assert theirs.checking_or_calling_amount == 150


def test_departure_tda_20_hilo_the_whole_pots_odd_chip_goes_to_the_high_half():
    """pokerkit halves a high-low pot by divmod and hands out the odd unit its own way; the
    TDA gives the odd chip of the whole pot to the high half (TDA 20): a pot of 75 in chips
    of 5 is 40 high and 35 low."""
    from tdtool.io.hand_yaml import parse_hand

    text = (
        "game: pot-limit\nvariant: omaha-hilo\nblinds: 10/25\nchip: 5\nbutton: 1\nseats:\n"
        "  1: {name: Ann, stack: 1000, cards: As 3h Qc Qd}\n"
        "  2: {name: Bo, stack: 1000, cards: Ks Kh Jc Tc}\n"
        "  3: {name: Cy, stack: 1000, cards: 9h 9d Th Js}\n"
        "actions:\n  - Ann call\n  - Bo call\n  - Cy check\n  - flop 2c 5d 8h\n"
        + "".join(f"  - {w} check\n" for w in ("Bo", "Cy", "Ann"))
        + "  - turn Kc\n"
        + "".join(f"  - {w} check\n" for w in ("Bo", "Cy", "Ann"))
        + "  - river 7d\n"
        + "".join(f"  - {w} check\n" for w in ("Bo", "Cy", "Ann"))
    )
    pot = replay(parse_hand(text, "h.yaml")).pots[0]
    assert pot.odd_to_high and dict(pot.high.shares) == {"Bo": 40}
    assert dict(pot.low.shares) == {"Ann": 35}
    assert 75 % 10 != 0  # 75 does not halve into whole chips of 5


def test_departure_hilo_side_pot_without_a_low_goes_wholly_to_the_high():
    """P2 scoops the main pot (flush and 8-6-5-3-A low); nobody in the side pot between P4,
    P7 and P10 has a low, so P10's aces up take all of it. pokerkit gives P10 the high half
    and splits the low half between P7 and P10 (609 each)."""
    from tdtool.io.hand_yaml import parse_hand

    text = """\
game: pot-limit
variant: omaha-hilo
blinds: 50/100
button: 1
seats:
  2: {name: P2, stack: 1069, cards: Qd 8d 6d 5h}
  4: {name: P4, stack: 5729, cards: 6h Kd 9s Qh}
  7: {name: P7, stack: 3411, cards: Jh 8s 8c 9c}
  10: {name: P10, stack: 1881, cards: Ac Jd 5c 4h}
actions: [P7 call, P10 call, P2 raise 200, P4 raise 774, P7 call, P10 raise 1348, P2 call,
  P4 raise 1922, P7 call, P10 call, flop Tc Ad 5d, P4 check, P7 check, turn 3d, P4 check,
  P7 check, river Ts, P4 check, P7 check]
"""
    result = replay(parse_hand(text, "h.yaml"))
    side = result.pots[1]
    assert side.eligible == ("P4", "P7", "P10") and side.low is None
    assert dict(side.shares) == {"P10": 2436}
    assert dict(result.stacks)["P7"] == 1571  # pokerkit: 2180 (609 of the low half)
