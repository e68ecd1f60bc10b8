"""Chips put out and words said: what an action *was*, by the Poker TDA rules 40-46, 51, 55, 57, 61.

A dealer describes what happened ("he pushed out one 1,000 chip into a 600 bet without a
word"); these functions say what it counts as, with the rule and, where the TDA 2024
Illustration Addendum has one, the example it matches. They are pure: `Facing` is a
snapshot of what the player faced, the result a `Reading` (the action to play and the
`Ruling` to show). The hand replay (`tdtool.rules.hand`) builds the snapshot and plays the
action.

>>> f = Facing("B", bet=0, stack=10_000, current=1100, step=600, can_raise=True, max_to=None,
...            heads_up=False, opening=False, levels=(500, 1100), pot=1850, big_blind=500)
>>> read_chips(f, Profile.TDA, chips=(500, 1000)).verb        # Addendum 45, example 1-B
<Verb.CALL: 'call'>
>>> r = read_chips(f, Profile.TDA, chips=(1000, 100, 100, 100, 100, 100))
>>> r.verb, r.to                                               # example 2: 1500 -> raise to 1700
(<Verb.RAISE: 'raise'>, 1700)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tdtool.rules.betting import Verb
from tdtool.rules.rulings import Irregularity, Profile, Ruling

ADDENDUM = "TDA 2024 Illustration Addendum"


@dataclass(frozen=True)
class Facing:
    """What the player to act faces: their chips, the bet, the raise sizes, the pot."""

    who: str
    bet: int
    """Chips the player already has in this round (a blind, an earlier bet)."""
    stack: int
    """Chips behind, not yet bet."""
    current: int
    """The bet to match this round."""
    step: int
    """A full raise (the largest full bet or raise of the round; the minimum bet if no bet)."""
    can_raise: bool
    """Is the betting open to this player for a raise (TDA 47, 48; not everyone else all-in)?"""
    max_to: int | None
    """The most the player may make it (pot limit, limit); None: no limit but the stack."""
    heads_up: bool
    """Only two players are left in the hand."""
    opening: bool
    """The bet faced is the round's opening bet (pre-flop: the big blind), not a raise."""
    levels: tuple[int, ...]
    """The bet levels of this round so far, lowest first."""
    pot: int
    """Every chip in the pot and in front of the players (TDA 57's pot)."""
    big_blind: int
    prior: int | None = None
    """Chips physically in front of the player from a prior bet, when more than `bet` (an
    overchip waiting for change, TDA 46 situation 4)."""
    fixed: bool = False
    """Limit betting: every bet and raise is one fixed size (`max_to` is that size)."""
    incomplete: bool = False
    """Limit: the bet faced is short of a full bet (a short all-in, a big blind below the small
    bet), so the next raise completes it (`min_to`)."""
    blind_only: bool = False
    """The player is the small blind before the flop, facing only the big blind."""

    @property
    def all_in_to(self) -> int:
        """The player's total for the round if every chip goes in."""
        return self.bet + self.stack

    @property
    def facing(self) -> bool:
        """Is there more to call?"""
        return self.current > self.bet

    @property
    def min_to(self) -> int | None:
        """The smallest legal raise (or bet), capped by the stack; None if no raise is allowed."""
        if not self.can_raise or self.all_in_to <= self.current:
            return None
        return min(self.current + self.step, self.all_in_to)

    @property
    def cap(self) -> int:
        """The most the player can make it this round."""
        top = self.all_in_to
        return top if self.max_to is None else min(top, max(self.max_to, self.min_to or 0))


@dataclass(frozen=True)
class Reading:
    """What chips or words amount to: `verb` and `to` (the round total) for the betting engine."""

    verb: Verb
    to: int | None
    ruling: Ruling
    forfeit: int = 0
    """An undercall the floor let the player forfeit and fold (TDA 51B): chips left in the pot."""


def _example(rule: str, which: str) -> str:
    return f"{ADDENDUM}, Rule {rule} {which}"


def _n(amount: int) -> str:
    return f"{amount:,}"


def _chips_text(chips: tuple[int, ...]) -> str:
    if len(chips) == 1:
        return f"one {_n(chips[0])} chip"
    counts: dict[int, int] = {}
    for c in chips:
        counts[c] = counts.get(c, 0) + 1
    words = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
    parts = [
        f"{words[k - 1] if k <= 10 else k} {_n(v)}{'s' if k > 1 else ''}"
        for v, k in sorted(counts.items(), key=lambda kv: -kv[0])
    ]
    return " and ".join([", ".join(parts[:-1]), parts[-1]] if len(parts) > 1 else parts) + (
        " in chips"
    )


# ---------------------------------------------------------------------------------------
# The building blocks: a total pushed out, measured against the bet


@dataclass(frozen=True)
class _Outcome:
    verb: Verb
    to: int | None
    returned: int
    say: str
    rule: str


def _bet_or_raise(f: Facing, to: int, why: str, rule: str) -> _Outcome:
    """A bet or raise to `to`, reduced to the cap (pot limit, limit) with the rest returned."""
    cap = f.cap
    if to > cap:
        back = to - cap
        if cap == f.all_in_to:
            return _Outcome(Verb.ALL_IN, f.all_in_to, 0, why, rule)
        if f.fixed:
            say = f"{why}; in limit a {'bet' if f.current == 0 else 'raise'} is one bet: to"
            rule = f"{rule}, 48"
        else:
            say = f"{why}; the pot limit allows at most"
            rule = f"{rule}, 52B"
        return _Outcome(Verb.RAISE, cap, back, f"{say} {_n(cap)}, and {_n(back)} goes back", rule)
    if to == f.all_in_to:
        return _Outcome(Verb.ALL_IN, to, 0, why, rule)
    return _Outcome(Verb.RAISE, to, 0, why, rule)


def _fifty(f: Facing, total: int, rule: str) -> _Outcome:
    """TDA 43A: a total above the call, the player keeping chips behind (the 50% standard)."""
    call = f.current
    if f.current == 0:  # no bet: a bet of the total, made up to the minimum bet if short
        if total >= f.step:
            return _bet_or_raise(f, total, f"a bet of {_n(total)}", rule)
        return _bet_or_raise(
            f,
            f.step,
            f"{_n(total)} is less than the minimum bet, which it must be made: a bet of"
            f" {_n(f.step)}",
            f"{rule}, 52A",
        )
    word = "call" if f.facing else "check"
    min_to = f.min_to
    if min_to is None:
        return _Outcome(
            Verb.CALL,
            None,
            total - call,
            f"the betting is not open to {f.who} for a raise, so it is a {word} and"
            f" {_n(total - call)} goes back",
            f"{rule}, 47",
        )
    full = call + f.step
    if total >= full:
        return _bet_or_raise(f, total, f"a raise to {_n(total)}", rule)
    half = (f.step + 1) // 2
    if 2 * (total - call) >= f.step:
        return _bet_or_raise(
            f,
            min(full, f.all_in_to),
            f"{_n(total)} is at least half a raise past the {_n(call)} bet ({_n(call)} +"
            f" {_n(half)} = {_n(call + half)}), so it must be a full raise to"
            f" {_n(min(full, f.all_in_to))}",
            rule,
        )
    return _Outcome(
        Verb.CALL,
        None,
        total - call,
        f"{_n(total)} is short of half a raise ({_n(call)} + {_n(half)} = {_n(call + half)}),"
        f" so it is a {word} and {_n(total - call)} goes back",
        rule,
    )


def _undercall(
    f: Facing, profile: Profile, total: int, fold_next: bool, line: int, how: str
) -> Reading:
    """TDA 51B: less than the call, without saying call, the player keeping chips behind."""
    short = f.current - total
    if profile == Profile.ROBERT:
        rule = "RRoP No-limit and pot-limit rules: a short call is corrected"
        steps: tuple[str, ...] = (
            f"{f.who} put out {how}, {_n(short)} short of the {_n(f.current)} to call.",
            f"A short call is corrected: {f.who} puts in the full call of {_n(f.current)}.",
        )
        summary = f"{f.who}'s undercall is made a full call of {_n(f.current)}."
        return Reading(
            Verb.CALL, None, Ruling(line, Irregularity.UNDERCALL, False, rule, steps, summary)
        )
    mandatory = f.heads_up or f.opening
    if mandatory:
        why = "heads-up" if f.heads_up else "facing the opening bet of the round"
        example = _example("51", "example 2") if f.opening and not f.heads_up else None
        steps = (
            f"{f.who} put out {how} without saying call: {_n(short)} short of the"
            f" {_n(f.current)} to call.",
            f"An undercall {why} must be made a full call: {f.who} puts in the rest.",
        )
        return Reading(
            Verb.CALL,
            None,
            Ruling(
                line,
                Irregularity.UNDERCALL,
                False,
                "TDA 51B",
                steps,
                f"{f.who}'s undercall {why} is a mandatory full call of {_n(f.current)}.",
                example,
            ),
        )
    if fold_next:
        kept = max((lv for lv in f.levels if f.bet < lv <= total), default=total)
        forfeit = kept - f.bet
        back = total - kept
        steps = (
            f"{f.who} put out {how} without saying call: {_n(short)} short of the"
            f" {_n(f.current)} to call, facing a raise with other players in the hand.",
            "The TD may require a full call or let the player forfeit the undercall and fold;"
            f" here {f.who} folds.",
            f"{_n(forfeit)} (the bet it matched) stays in the pot"
            + (f"; {_n(back)} goes back to {f.who}." if back else "."),
        )
        example = _example("51", "example 4" if back else "example 1")
        return Reading(
            Verb.FOLD,
            None,
            Ruling(
                line,
                Irregularity.UNDERCALL,
                False,
                "TDA 51B, TD's discretion",
                steps,
                f"{f.who} forfeits {_n(forfeit)} and folds.",
                example,
            ),
            forfeit=forfeit,
        )
    steps = (
        f"{f.who} put out {how} without saying call: {_n(short)} short of the {_n(f.current)}"
        " to call, facing a raise with other players in the hand.",
        "The TD may require a full call or let the player forfeit the undercall and fold;"
        f" the file goes on without a fold, so {f.who} makes the full call"
        f" (write `{f.who} fold` on the next line if the floor allowed the fold).",
    )
    return Reading(
        Verb.CALL,
        None,
        Ruling(
            line,
            Irregularity.UNDERCALL,
            False,
            "TDA 51B, TD's discretion",
            steps,
            f"{f.who}'s undercall is made a full call of {_n(f.current)}.",
            _example("51", "example 1"),
        ),
    )


def undercall_in_sequence(ruling: Ruling, first: str, first_line: int) -> Ruling:
    """TDA 51C: an undercall right after another undercall of the same bet. Play backs up to
    the first undercaller, who corrects by 51B; the TD decides how to treat the later ones:
    here each is ruled by 51B as well, as it came."""
    step = (
        f"Undercalls in sequence: play backs up to the first undercaller, {first} (line"
        f" {first_line}), who corrects by TDA 51B; the TD decides how to treat the later"
        " ones, and this one is ruled by TDA 51B too."
    )
    return replace(ruling, rule=f"TDA 51C; {ruling.rule}", steps=(*ruling.steps, step))


def _ruling(
    line: int,
    kind: Irregularity,
    f: Facing,
    outcome: _Outcome,
    lead: str,
    example: str | None,
    extra_rule: str = "",
) -> Reading:
    """A Reading from an outcome: the summary says what it is, the steps how it was reached."""
    what = _what(f, outcome)
    steps = [lead[:1].upper() + lead[1:] + ".", outcome.say[:1].upper() + outcome.say[1:] + "."]
    if outcome.returned and "goes back" not in outcome.say:
        steps.append(f"Give {f.who} back {_n(outcome.returned)}.")
    rule = outcome.rule + extra_rule
    return Reading(
        outcome.verb,
        outcome.to,
        Ruling(line, kind, False, rule, tuple(steps), f"{f.who}: {what}.", example),
    )


def _what(f: Facing, o: _Outcome) -> str:
    if o.verb is Verb.CALL:
        if not f.facing:
            return "a check"
        return f"a call of {_n(min(f.current, f.all_in_to))}" + (
            " (all-in)" if f.all_in_to <= f.current else ""
        )
    if o.verb is Verb.CHECK:
        return "a check"
    if o.verb is Verb.FOLD:
        return "a fold"
    assert o.to is not None
    all_in = " (all-in)" if o.to >= f.all_in_to else ""
    if f.current == 0:
        return f"a bet of {_n(o.to)}{all_in}"
    return f"a raise to {_n(o.to)}{all_in}"


# ---------------------------------------------------------------------------------------
# Chips put out


def behind(f: Facing, pulled: int | None = None) -> int:
    """The chips the player still has behind: change due on an overchip and chips pulled back
    count as behind."""
    prior = f.bet if f.prior is None else max(f.bet, f.prior)
    back = 0 if pulled is None else min(pulled, prior)
    return f.stack - (prior - f.bet) + back


ROBERT_FIFTY = (
    "; RRoP No-limit rules 3 (a raise is at least the last bet or raise; Robert's Rules give no"
    " 50% standard for chips put out silently, so the TDA's reading stands)"
)
"""Added under Robert's Rules to a ruling that rests on the TDA's 50% standard (TDA 43A)."""


def read_chips(
    f: Facing,
    profile: Profile,
    chips: tuple[int, ...] = (),
    amount: int | None = None,
    declared_raise: bool = False,
    pulled: int | None = None,
    fold_next: bool = False,
    line: int = 0,
    declared_pot: bool = False,
) -> Reading:
    """`_read_chips`, citing under Robert's Rules what they say where the reading rests on the
    TDA's 50% standard, which they do not have (the ruling is the same)."""
    reading = _read_chips(
        f, profile, chips, amount, declared_raise, pulled, fold_next, line, declared_pot
    )
    rule = reading.ruling.rule
    if profile is Profile.ROBERT and "43A" in rule and "RRoP" not in rule:
        return replace(reading, ruling=replace(reading.ruling, rule=rule + ROBERT_FIFTY))
    return reading


def _read_chips(
    f: Facing,
    profile: Profile,
    chips: tuple[int, ...] = (),
    amount: int | None = None,
    declared_raise: bool = False,
    pulled: int | None = None,
    fold_next: bool = False,
    line: int = 0,
    declared_pot: bool = False,
) -> Reading:
    """Chips pushed out in one motion: `chips` by value, or only their `amount` (TDA 40-46, 61).

    `pulled` is what the player took back of a prior bet first (None: left alone); `fold_next`
    says the player's next line is a fold (an undercall the floor let them forfeit, TDA 51B);
    `declared_raise` that the player said raise (or, with `declared_pot`, pot in no-limit)
    before the chips.
    """
    added = sum(chips) if chips else (amount or 0)
    prior = f.bet if f.prior is None else max(f.bet, f.prior)
    back = 0 if pulled is None else min(pulled, prior)
    counted = prior - back
    total = counted + added
    last = added >= behind(f, pulled)
    how = _chips_text(chips) if chips else f"{_n(added)}"
    prior_rule = ""
    example: str | None = None
    situation = 0
    if f.bet and f.facing and chips:
        if prior >= f.current:
            situation = 4
        elif pulled is None:
            situation = 1
        elif back >= prior:
            situation, counted, total = 2, 0, added
        else:
            situation = 3
        prior_rule = ", 46C"
    if f.bet and chips and pulled is not None and situation == 0:
        situation = 2 if back >= prior else 3
    lead = f"{f.who} put out {how}" + (
        f" on top of {_n(counted)} already out" if counted and situation in (1, 3, 4) else ""
    )
    if declared_raise:
        return _declared_raise_chips(f, total, chips, how, line, declared_pot)
    kind = Irregularity.CHIPS_PUT_OUT
    if chips:
        kind = Irregularity.OVERCHIP if len(chips) == 1 else Irregularity.MULTIPLE_CHIPS
    if situation:
        kind = Irregularity.PRIOR_CHIPS
        example = _example("46", f"situation {situation}")
    # Facing a bet: call, undercall, overchip, multiple chips, the 50% standard.
    if f.facing:
        if total < f.current:
            if last:
                o = _Outcome(Verb.CALL, None, 0, "every chip is needed: an all-in call", "TDA 45A")
                return _ruling(line, kind, f, o, lead, example, prior_rule)
            return _undercall(f, profile, total, fold_next, line, how)
        if total == f.current:
            o = _Outcome(Verb.CALL, None, 0, "exactly the amount to call: a call", "TDA 41")
            return _ruling(line, kind, f, o, lead, example, prior_rule)
        if chips and len(chips) == 1 and situation not in (3, 4):
            o = _Outcome(
                Verb.CALL,
                None,
                total - f.current,
                "a single oversized chip without a word is a call"
                + (" (even the last chip)" if last else ""),
                "TDA 44, 41C",
            )
            return _ruling(line, kind, f, o, lead, example, prior_rule)
        if chips and len(chips) > 1 and situation not in (3, 4) and total - min(chips) < f.current:
            example = example or _example("45", "example 4" if last else "example 1")
            o = _Outcome(
                Verb.CALL,
                None,
                total - f.current,
                f"taking away one of the smallest chips ({_n(min(chips))}) leaves less than"
                f" the {_n(f.current)} to call, so every chip is needed: a call"
                + (" (these were the last chips, but still only a call)" if last else ""),
                "TDA 45A, 41D",
            )
            return _ruling(line, kind, f, o, lead, example, prior_rule)
        if last:
            o = _Outcome(
                Verb.ALL_IN,
                f.all_in_to,
                0,
                "these are the player's last chips and not every one is needed to call: all-in,"
                " whether or not it reaches the 50% standard",
                "TDA 45B-2",
            )
            if f.min_to is None:
                o = _Outcome(
                    Verb.CALL,
                    None,
                    total - f.current,
                    f"the betting is not open to {f.who} for a raise: a call, and"
                    f" {_n(total - f.current)} goes back",
                    "TDA 45B-2, 47",
                )
            return _ruling(line, kind, f, o, lead, example or _example("45", "example 4"))
        rule = "TDA 43A" if not chips else "TDA 45B-1, 43A"
        o = _fifty(f, total, rule)
        forced = o.verb is not Verb.CALL and o.to is not None and o.to > total
        capped = o.verb is not Verb.CALL and o.to is not None and o.to < total
        if chips and len(chips) > 1 and forced:
            o = _Outcome(o.verb, o.to, o.returned, o.say, o.rule + ", 61")
        if example is None and chips and len(chips) > 1:
            if o.verb is Verb.CALL:
                example = _example("45", "examples 3 and 4-B")
            elif forced:
                example = _example("45", "examples 2 and 4-A")
            elif capped:
                example = None
            else:
                example = _example("43", "example 3")
        if example is None and not chips:
            example = "TDA 43A (the 'fourteen hundred' example)" if o.verb is Verb.CALL else None
        return _ruling(line, kind, f, o, lead, example, prior_rule)
    # Nothing to call: a bet (or, with the big blind's option, a raise).
    if last:
        o = _Outcome(Verb.ALL_IN, f.all_in_to, 0, "the player's last chips: all-in", "TDA 45B-2")
        return _ruling(line, kind, f, o, lead, example)
    if chips and len(chips) == 1 and f.current == 0:
        o = _bet_or_raise(
            f,
            max(total, f.step),
            "a single chip without a word, nothing to call: a bet of the most the chip allows"
            + (f", made up to the minimum bet of {_n(f.step)}" if total < f.step else ""),
            "TDA 44" + (", 52A" if total < f.step else ""),
        )
        return _ruling(line, kind, f, o, lead, example)
    o = _fifty(f, total, "TDA 43A" if not chips else "TDA 45B-1, 43A")
    return _ruling(line, kind, f, o, lead, example)


def _declared_raise_chips(
    f: Facing, total: int, chips: tuple[int, ...], how: str, line: int, pot: bool = False
) -> Reading:
    """`says raise` then chips: the chips give the amount; short of a full raise, a full raise.

    `pot`: the player said pot in no-limit (TDA 54D): not a valid bet, but it binds a valid bet
    or raise whose size the chips set, at least the minimum."""
    if pot:
        return _declared_pot_chips(f, total, chips, how, line)
    if f.min_to is None:
        o = _Outcome(
            Verb.CALL,
            None,
            max(0, total - f.current),
            f"{f.who} may not raise here (the betting is not open to them), so the declared"
            " raise binds only the full call",
            "TDA 51A, 47",
        )
        return _ruling(
            line, Irregularity.DECLARATION, f, o, f"{f.who} said raise and put out {how}", None
        )
    word = "bet" if f.current == 0 else "raise"
    single = len(chips) == 1
    if total < f.min_to:
        o = _bet_or_raise(
            f,
            f.min_to,
            f"{word} was declared first, so the chips are not a"
            f" {'check' if not f.facing else 'call'}:"
            f" short of the minimum, it must be a full {word} to {_n(f.min_to)}",
            "TDA 43A, 55B" if f.current == 0 else "TDA 43A",
        )
    else:
        rule = "TDA 44" if single else "TDA 42, 43A"
        o = _bet_or_raise(
            f,
            total,
            f"{word} was declared before the chips: a {word} to {_n(total)}"
            + (", the most the chip allows" if single else ""),
            rule,
        )
    return _ruling(
        line, Irregularity.DECLARATION, f, o, f"{f.who} said {word} and then put out {how}", None
    )


def _declared_pot_chips(
    f: Facing, total: int, chips: tuple[int, ...], how: str, line: int
) -> Reading:
    """`says pot` in no-limit, then chips (TDA 54D): a valid bet or raise, sized by the chips."""
    assert f.min_to is not None  # the declaration waits for chips only when a raise is open
    word = "bet" if f.current == 0 else "raise"
    single = len(chips) == 1
    if total < f.min_to:
        o = _bet_or_raise(
            f,
            f.min_to,
            f"saying pot came first, so the chips are not a {'check' if not f.facing else 'call'}:"
            f" short of the minimum, the valid {word} it binds is a full {word} to"
            f" {_n(f.min_to)}",
            "TDA 54D, 43A",
        )
    else:
        o = _bet_or_raise(
            f,
            total,
            f"saying pot binds a valid {word} and the chips give its size: a {word} to {_n(total)}"
            + (", the most the chip allows" if single else ""),
            "TDA 54D" + (", 44" if single else ""),
        )
    return _ruling(
        line, Irregularity.DECLARATION, f, o, f"{f.who} said pot, then put out {how}", None
    )


def read_accepted(
    f: Facing, counted: int, how: str, line: int = 0, all_in_bet: bool = False
) -> Reading:
    """TDA 49, accepted action: the dealer counted the bet as `counted` and the player then
    called (`how`: "said call", "pushed out that amount"): the player has accepted the full,
    correct action, a call of the real bet (or all-in for less).

    >>> f = Facing("B", 0, 5000, 1500, 1500, True, None, False, True, (1500,), 1650, 100)
    >>> read_accepted(f, 1000, "pushed out that amount").ruling.summary
    'B accepted the action: a call of 1,500.'
    """
    call = min(f.current, f.all_in_to)
    all_in = " (all-in)" if f.all_in_to <= f.current else ""
    pushed = counted - f.bet
    if how == "said call" or pushed == call - f.bet:
        chips = f"{f.who} puts in the full call."
    elif pushed < call - f.bet:
        chips = f"{f.who} adds {_n(call - f.bet - pushed)} to the {_n(pushed)} pushed out."
    else:
        chips = f"{f.who} gets back {_n(pushed - (call - f.bet))} of the {_n(pushed)} pushed out."
    steps: tuple[str, ...] = (
        f"{f.who} asked for a count and was told {_n(counted)}; the bet is {_n(f.current)}.",
        f"{f.who} then {how}: it is the caller's job to know the bet, so {f.who} has accepted the"
        f" full, correct action: a call of {_n(call)}{all_in}.",
        chips,
    )
    if all_in_bet:  # a count of an all-in player's chips, asked for in turn (TDA 60)
        steps = (
            f"{f.who} faced an all-in and, in turn, asked the dealer to count it, as a player"
            f" may (TDA 60); accepted action applies to a count like any other.",
            *steps,
        )
    ruling = Ruling(
        line,
        Irregularity.ACCEPTED_ACTION,
        False,
        "TDA 49, 60" if all_in_bet else "TDA 49",
        steps,
        f"{f.who} accepted the action: a call of {_n(call)}{all_in}.",
    )
    return Reading(Verb.CALL, None, ruling)


# ---------------------------------------------------------------------------------------
# Words said


def unclear_amount(said: int, f: Facing) -> int | None:
    """TDA 57: an amount said that cannot be meant as it stands ("I bet five" at 200-400).

    The legal readings are the amount times ten, a hundred, ...; the highest one no larger than
    the pot is taken, or the smallest legal one if even that is larger than the pot. None when
    the amount can stand as said.

    >>> f = Facing("A", 0, 100_000, 0, 400, True, None, False, False, (), 4800, 400)
    >>> unclear_amount(5, f), unclear_amount(5, Facing("A", 0, 100_000, 0, 400, True, None,
    ...     False, False, (), 5000, 400))
    (500, 5000)
    """
    if said >= f.big_blind or said >= f.all_in_to:
        return None
    floor = max(f.big_blind, f.current if f.current > f.bet else 0)
    options = []
    value = said * 10
    while value <= f.all_in_to:
        if value >= floor:
            options.append(value)
        value *= 10
    if not options:
        return None
    fits = [v for v in options if v <= f.pot]
    return max(fits) if fits else min(options)


def read_declaration(
    f: Facing,
    profile: Profile,
    said: str,
    amount: int | None,
    line: int = 0,
    word: str | None = None,
) -> Reading | None:
    """A declaration in turn (TDA 40, 43B, 51A, 54D, 55, 57).

    Returns None when the declaration needs chips to say how much (`says raise` without an
    amount): the next `puts` line of the player completes it. `word` is what was said with
    the amount, `bet` or `raise` (`said` is "raise" for both), for the wording.
    """
    who = f.who
    kind = Irregularity.DECLARATION
    if said == "fold":
        o = _Outcome(Verb.FOLD, None, 0, "a fold said in turn is binding", "TDA 50A, 51A")
        return _ruling(line, kind, f, o, f"{who} said fold", None)
    if said == "call":
        if not f.facing:
            o = _Outcome(Verb.CHECK, None, 0, "with no bet to call, calling is a check", "TDA 55A")
            return _ruling(line, kind, f, o, f"{who} said call", None)
        o = _Outcome(
            Verb.CALL,
            None,
            0,
            f"saying call commits {who} to the full call of"
            f" {_n(min(f.current, f.all_in_to))}, whatever chips follow",
            "TDA 51A",
        )
        return _ruling(line, kind, f, o, f"{who} said call", _example("51", "example 3"))
    if said == "check":
        if not f.facing:
            o = _Outcome(Verb.CHECK, None, 0, "a check", "TDA 50A")
            return _ruling(line, kind, f, o, f"{who} said check", None)
        return None  # the caller restricts the player to call or fold (TDA 55)
    if said == "all-in":
        if f.all_in_to <= f.current or f.min_to is None:
            o = _Outcome(Verb.CALL, None, 0, "all-in, which only amounts to a call", "TDA 51A")
        else:
            o = _bet_or_raise(f, f.all_in_to, "all-in", "TDA 51A")
        return _ruling(line, kind, f, o, f"{who} said all-in", None)
    if said == "pot":
        return _pot(f, line)
    if said == "complete":
        return _complete(f, profile, line)
    if said == "raise":
        if amount is None:
            return None
        word = word or "raise"
        if f.min_to is None:
            o = _Outcome(
                Verb.CALL,
                None,
                0,
                f"the betting is not open to {who} for a raise, so the declaration binds the"
                " full call",
                "TDA 51A, 47",
            )
            return _ruling(line, kind, f, o, f"{who} said {word} {_n(amount)}", None)
        to = amount
        note = f"{word} and an amount is the total: {_n(amount)}"
        rule = "TDA 43B" if f.current else "TDA 40B"
        if f.current and amount <= f.current:
            to = f.current + amount
            note = (
                f"{_n(amount)} cannot be a total (the bet is already {_n(f.current)}), so it is"
                f" the raise: to {_n(to)}"
            )
            rule = "TDA 43B, 57"
        if to < (f.min_to or 0):
            o = _bet_or_raise(
                f,
                f.min_to,
                f"{note}; short of the minimum, a declared raise must be a full raise to"
                f" {_n(f.min_to)}",
                f"{rule}, 43A",
            )
        else:
            o = _bet_or_raise(f, to, note, rule)
        example = "TDA 43B (the 'raise, eight thousand' example)" if rule == "TDA 43B" else None
        return _ruling(line, kind, f, o, f"{who} said {word} {_n(amount)}", example)
    # An amount only: the same as pushing out that much (TDA 40C), read by TDA 57 if unclear.
    assert amount is not None
    meant = unclear_amount(amount, f)
    total = amount if meant is None else meant
    lead = f"{who} said {_n(amount)}"
    rule57 = ""
    if meant is not None:
        lead += (
            f", which cannot be meant as it stands: the highest reasonable amount no larger than"
            f" the pot of {_n(f.pot)} is {_n(meant)}"
        )
        rule57 = ", 57"
    if total <= f.bet:
        total = f.bet + total  # "six hundred" from a player with chips out: the chips added
    reading = read_chips(f, profile, amount=total - f.bet, line=line)
    r = reading.ruling
    ruling = Ruling(
        line,
        kind,
        False,
        "TDA 40C, " + r.rule.removeprefix("TDA ") + rule57,
        (lead + ". Saying an amount is the same as pushing out that much.", *r.steps[1:]),
        r.summary,
        "TDA 57 (the 'I bet five' example)" if meant is not None else r.example,
    )
    return Reading(reading.verb, reading.to, ruling, reading.forfeit)


def _pot(f: Facing, line: int) -> Reading:
    """`says pot`: the pot-limit maximum; in no-limit and limit it binds only a valid bet (54D)."""
    kind = Irregularity.DECLARATION
    if f.min_to is None:
        o = _Outcome(
            Verb.CALL, None, 0, f"the betting is not open to {f.who} for a raise: a call", "TDA 54D"
        )
        return _ruling(line, kind, f, o, f"{f.who} said pot", None)
    if f.max_to is not None and f.max_to > f.min_to:  # pot limit
        o = _bet_or_raise(f, f.max_to, f"the pot: {_n(f.max_to)}", "TDA 54")
        return _ruling(line, kind, f, o, f"{f.who} said pot", None)
    o = _bet_or_raise(
        f,
        f.min_to,
        "'pot' is not a valid bet in this game, but it binds the player to a valid one: the"
        f" minimum, {_n(f.min_to)}",
        "TDA 54D",
    )
    return _ruling(line, kind, f, o, f"{f.who} said pot", None)


def cannot_complete(f: Facing) -> str | None:
    """Why `says complete` cannot be read here, or None when it can (TDA 3).

    In limit, completing makes an incomplete bet a full bet; the small blind completing the big
    blind is a call, in any game. Anything else has no meaning to rule on.

    >>> f = Facing("B", 0, 500, 40, 100, True, 100, False, False, (), 300, 100, fixed=True)
    >>> cannot_complete(f).split(":")[0]
    'the bet of 40 is already a full bet, so there is nothing to complete'
    """
    if f.blind_only or (f.fixed and f.incomplete):
        return None
    if not f.fixed:
        return (
            "completing a bet is a limit term (RRoP No-limit and pot-limit rules: completing the"
            " bet is a limit wager only); in no-limit and pot-limit a short all-in is called, or"
            " raised by at least a full raise (TDA 47A). Write what the floor ruled it was:"
            " `says call` or `says raise N`."
        )
    if f.current == 0:
        return "there is no bet to complete: write `says check` or `says bet`."
    return (
        f"the bet of {_n(f.current)} is already a full bet, so there is nothing to complete:"
        " write `says call` or `says raise`."
    )


def _complete(f: Facing, profile: Profile, line: int) -> Reading:
    """`says complete` where `cannot_complete` finds a meaning: in limit an incomplete bet made a
    full bet; the small blind facing only the big blind, a call."""
    kind = Irregularity.DECLARATION
    lead = f"{f.who} said complete"
    if not (f.fixed and f.incomplete):  # the small blind completes the big blind
        o = _Outcome(
            Verb.CALL,
            None,
            0,
            f"the small blind completes to the big blind: a call of {_n(f.current)}",
            "TDA 3",
        )
        return _ruling(line, kind, f, o, lead, None)
    rule = "TDA 3, 47B" if profile == Profile.TDA else "RRoP Betting and Raising 6"
    if f.min_to is None:
        o = _Outcome(
            Verb.CALL,
            None,
            0,
            f"the betting is not open to {f.who} for a raise, so completing binds only the call"
            f" of {_n(min(f.current, f.all_in_to))}",
            f"{rule}, 51A",
        )
        return _ruling(line, kind, f, o, lead, None)
    o = _bet_or_raise(
        f,
        f.min_to,
        f"the bet of {_n(f.current)} is short of a full bet: completing makes it a full bet,"
        f" to {_n(f.min_to)}",
        rule,
    )
    return _ruling(line, kind, f, o, lead, None)
