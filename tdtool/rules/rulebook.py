"""The rule book: every irregularity tdtool knows, with the ruling under each house profile.

Written in our own words with the rule numbers of the Poker TDA Rules 2024 ("TDA") and
Robert's Rules of Poker v11 ("RRoP"). The entries for the irregularities the hand checker
rules on take their steps from `tdtool.rules.rulings`, so the book and the checker agree.

>>> entry("premature-turn").differs
True
>>> entry("premature-flop").under(Profile.ROBERT).rule
"RRoP Hold'em 6"
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tdtool.errors import InputError
from tdtool.names import nearest, or_list
from tdtool.rules import rulings as r
from tdtool.rules.rulings import Profile


@dataclass(frozen=True)
class BookRuling:
    """How one book rules on a situation: the decision, the dealer's steps, the rule numbers."""

    ruling: str
    steps: tuple[str, ...]
    rule: str


@dataclass(frozen=True)
class Entry:
    """One irregularity in the rule book, ruled under each profile."""

    id: str
    title: str
    situation: str
    tda: BookRuling
    robert: BookRuling

    def under(self, profile: Profile) -> BookRuling:
        """The ruling under one house profile."""
        return self.robert if profile == Profile.ROBERT else self.tda

    @property
    def differs(self) -> bool:
        """Do the two books rule differently here?"""
        return self.tda.ruling != self.robert.ruling or self.tda.steps != self.robert.steps

    def to_dict(self, profile: Profile | None = None) -> dict[str, object]:
        """The entry as JSON: every profile, or only the one asked for."""
        profiles = [profile] if profile else list(Profile)
        return {
            "id": self.id,
            "title": self.title,
            "situation": self.situation,
            "differs": self.differs,
            "rulings": {
                str(p): {
                    "ruling": self.under(p).ruling,
                    "rule": self.under(p).rule,
                    "steps": list(self.under(p).steps),
                }
                for p in profiles
            },
        }


def _from(ruling: r.Ruling, text: str, rule: str | None = None) -> BookRuling:
    return BookRuling(text, ruling.steps, rule or ruling.rule)


def _same(
    text: str, steps: tuple[str, ...], tda_rule: str, robert_rule: str
) -> tuple[BookRuling, BookRuling]:
    return BookRuling(text, steps, tda_rule), BookRuling(text, steps, robert_rule)


def _build() -> tuple[Entry, ...]:
    tda, rob = Profile.TDA, Profile.ROBERT
    entries: list[Entry] = []

    def add(id: str, title: str, situation: str, pair: tuple[BookRuling, BookRuling]) -> None:
        entries.append(Entry(id, title, situation, pair[0], pair[1]))

    exposed = (
        "Misdeal if the exposed card was one of the first two off the deck, or if it is the"
        " second down card the dealer has exposed on this deal. A single other exposed card is"
        " not a misdeal: the player gets the next card instead and the exposed card becomes the"
        " first burn. Once it is too late for a misdeal, the exposed card simply plays."
    )
    add(
        "exposed-card",
        "Hole card exposed by the dealer during the deal",
        "While dealing, the dealer flips or flashes a player's hole card.",
        (
            _from(r.rule_exposed_card(tda, 5, 0), exposed, "TDA 35A-7, 35C, 35D"),
            _from(
                r.rule_exposed_card(rob, 5, 0),
                exposed.replace("Once it is too late", "Once two players have acted"),
                "RRoP Hold'em 1; Misdeals 1, 2(a), 2(b)",
            ),
        ),
    )
    boxed = (
        "One card found face up in the deck is a scrap of paper: set aside and replaced by the"
        " next card. Two or more boxed cards on the deal are a misdeal, if it is not too late."
    )
    add(
        "boxed-card",
        "Boxed card (found face up in the deck)",
        "During the deal a card turns up face up in the deck.",
        (
            _from(r.rule_boxed_card(tda, 0), boxed, "TDA 35A-1, 35D"),
            _from(r.rule_boxed_card(rob, 0), boxed, "RRoP Irregularities; Misdeals 2(c)"),
        ),
    )
    add(
        "misdeal",
        "Misdeal declared (wrong seat, wrong number of cards, ...)",
        "The dealer stops the hand for a dealing error: first card to the wrong seat, a seat"
        " dealt in that should not be (or dealt out that should be), a wrong number of cards.",
        (
            BookRuling(
                "A misdeal only before substantial action: two actions in turn with at least"
                " one putting chips in, or any three actions; blinds and antes do not count. The"
                " re-deal replays the same hand. After substantial action the hand plays on.",
                r.REDEAL_STEPS,
                "TDA 35A, 35C, 35D, 36",
            ),
            BookRuling(
                "A misdeal only until two players after the blinds have acted (any two actions,"
                " two folds included). After that the hand is played to its end and nobody gets"
                " chips back.",
                r.REDEAL_STEPS,
                "RRoP Misdeals 1, 2",
            ),
        ),
    )
    add(
        "substantial-action",
        "When is it too late for a misdeal?",
        "A dealing error is noticed after some players have acted.",
        (
            BookRuling(
                "Substantial action (TDA 36): two actions in turn of which at least one puts"
                " chips in (fold-fold and check-check are not enough; call-fold is), or any three"
                " actions (three folds are enough). A raise alone is not. Posted blinds do not"
                " count. After substantial action no misdeal is declared (TDA 35D).",
                (
                    "Count the actions in turn since the deal, not the blinds or antes.",
                    "Two folds or two checks: a misdeal is still possible.",
                    "Two actions with chips in, or any three actions: play on.",
                ),
                "TDA 35D, 36",
            ),
            BookRuling(
                "Action has begun once two players after the blinds have acted on their hands,"
                " whatever they did: two folds are enough. After that the deal is played to"
                " its end.",
                (
                    "Count the players who have acted after the blinds.",
                    "Fewer than two: a misdeal is still possible.",
                    "Two or more: play on.",
                ),
                "RRoP Misdeals 1",
            ),
        ),
    )
    board_errors = [
        (
            "premature-flop",
            "Premature flop",
            "The dealer flops before the pre-flop betting is over.",
            r.rule_premature_flop,
        ),
        (
            "premature-turn",
            "Premature turn",
            "The dealer turns the fourth board card before the flop betting is over.",
            r.rule_premature_turn,
        ),
        (
            "premature-river",
            "Premature river",
            "The dealer turns the river before the turn betting is over.",
            r.rule_premature_river,
        ),
        (
            "four-card-flop",
            "Four-card flop",
            "Four cards come off for the flop instead of three, face up or not.",
            r.rule_four_card_flop,
        ),
    ]
    for rid, title, situation, rule in board_errors:
        tda_ruling, rob_ruling = rule(tda), rule(rob)
        add(
            rid,
            title,
            situation,
            (_from(tda_ruling, tda_ruling.summary), _from(rob_ruling, rob_ruling.summary)),
        )
    tda_noburn = r.rule_flop_without_burn(tda, acted_on_flop=False)
    rob_noburn = r.rule_flop_without_burn(rob, acted_on_flop=False)
    stands = r.rule_flop_without_burn(tda, acted_on_flop=True).steps
    add(
        "flop-without-burn",
        "Flop dealt without a burn card",
        "The dealer turns the flop without burning a card first.",
        (
            BookRuling(
                tda_noburn.summary + " Once anyone has acted on the flop (even a check), it"
                " stands.",
                tda_noburn.steps + stands,
                "TDA 39B, 38",
            ),
            BookRuling(
                rob_noburn.summary + " Once action has been taken on the flop, it stands.",
                rob_noburn.steps + stands,
                "RRoP Hold'em 4, 5",
            ),
        ),
    )
    add(
        "extra-card",
        "One extra card dealt to the first player",
        "After everyone has two cards the dealer gives the first player a third card.",
        (
            BookRuling(
                "A wrong number of cards is a misdeal, before substantial action. After it,"
                " that player's hand is dead.",
                r.REDEAL_STEPS,
                "TDA 35A-5, 35D, 38",
            ),
            _from(
                r.rule_extra_card(rob),
                "One extra card goes back on the deck as the burn card: no misdeal. Two or"
                " more extra cards are a misdeal.",
                "RRoP Hold'em 2; Misdeals 2(d)",
            ),
        ),
    )
    add(
        "player-exposes",
        "A player exposes their own cards",
        "With action still to come, a player shows one or both hole cards.",
        (
            _from(
                r.rule_player_exposes(tda),
                "The hand stays live. Exposing cards with action pending may earn a penalty,"
                " served after the hand.",
            ),
            _from(
                r.rule_player_exposes(rob),
                "The hand stays live. Exposing cards with action pending may earn a penalty,"
                " served after the hand.",
            ),
        ),
    )
    add(
        "duplicate-card",
        "Duplicate card (fouled deck)",
        "Two cards of the same rank and suit turn up in the same hand.",
        (
            _from(
                r.rule_duplicate_card(tda),
                "The deck is fouled: play stops and every bet is returned, whatever action"
                " there has been.",
            ),
            _from(
                r.rule_duplicate_card(rob),
                "The deck is fouled: play stops and every bet is returned, whatever action"
                " there has been.",
            ),
        ),
    )
    oot_steps = (
        "Stop the action and bring it back to the player whose turn it was.",
        "Leave the out-of-turn chips where they are for now.",
        "When it is that player's turn: if nobody bet or raised in between, the action stands"
        " and needs no new decision.",
        "If there was a bet or raise, give the chips back and let the player choose again.",
        "A fold out of turn stays folded. Consider a penalty.",
    )
    add(
        "out-of-turn",
        "Acting out of turn",
        "A player checks, calls, bets, raises or folds before it is their turn.",
        (
            BookRuling(
                "Action backs up to the player whose turn it was. The out-of-turn action is"
                " binding if the action it faced does not change (a check, call or fold in"
                " between does not change it); if someone bets or raises in between, it is not"
                " binding and the player has every option again. An out-of-turn fold is always"
                " binding. A skipped player who stays silent until substantial action out of turn"
                " has passed them (two actions with chips, or three) cannot undo it: the"
                " out-of-turn actions bind and the floor rules on the skipped hand (dead, or call"
                " or fold only).",
                (
                    *oot_steps,
                    "Skipped player silent past substantial action: the out-of-turn actions bind;"
                    " the floor limits the skipped hand to call or fold, or kills it.",
                ),
                "TDA 53A, 53B, 36, 58",
            ),
            BookRuling(
                "Action backs up to the player whose turn it was. An action or declaration out of"
                " turn is binding unless the action to that player is changed by a bet or raise."
                " A player who checked out of turn may not bet or raise on the next turn, and one"
                " who called out of turn may not raise, even when the action changed. An"
                " out-of-turn fold is binding.",
                (
                    *oot_steps[:3],
                    "If there was a bet or raise, give the chips back: a player who bet or raised"
                    " out of turn may choose again; one who checked or called may only call or"
                    " fold.",
                    oot_steps[4],
                ),
                "RRoP Betting and Raising: action out of turn",
            ),
        ),
    )
    add(
        "string-bet",
        "String bet or raise",
        "A player puts chips out, then goes back to the stack for more without having"
        " declared the amount.",
        _same(
            "String bets are not allowed: only the chips of the first motion count, unless the"
            " player announced the amount (or raise) first.",
            (
                "Stop the player and announce a string bet.",
                "Count only the chips pushed in the first motion, unless an amount was declared.",
                "If those chips make a call or a bet under the 50% rule, that is the action.",
            ),
            "TDA 56, 42, 43",
            "RRoP Betting and Raising: string raises",
        ),
    )
    add(
        "oversized-chip",
        "Oversized chip",
        "Facing a bet, a player silently puts in one chip larger than the call.",
        _same(
            "One oversized chip without a declaration is a call. To raise with it, the player"
            " must say raise before the chip lands; raise without an amount is the most the"
            " chip allows. Not facing a bet, a silent oversized chip is a bet of the chip's full"
            " value.",
            (
                "Ask whether anything was said before the chip landed.",
                "Nothing said: it is a call; give change.",
                "Raise said: the raise is the chip's full value unless an amount was named.",
            ),
            "TDA 44, 45",
            "RRoP Betting and Raising: oversized chip",
        ),
    )
    add(
        "undercall",
        "Undercall",
        "Without saying call, a player puts in less than the amount to call.",
        (
            BookRuling(
                "Facing any bet heads-up, or the opening bet of a round multi-way (pre-flop the"
                " big blind), an undercall must be made a full call. Otherwise the TD decides: a"
                " full call, or the player forfeits the chips that matched an earlier bet, takes"
                " back the rest and folds. Saying call commits the player to the full amount.",
                (
                    "Tell the player the correct amount to call.",
                    "Heads-up, or facing the round's opening bet: the player completes the call.",
                    "Otherwise the floor decides: a full call, or the player forfeits the chips up"
                    " to the earlier bet they matched, gets the rest back and folds.",
                ),
                "TDA 51B, 51C",
            ),
            BookRuling(
                "A short call is corrected: the player puts in the full amount to call.",
                (
                    "Tell the player the correct amount to call.",
                    "The player completes the call.",
                ),
                "RRoP No-limit and pot-limit rules: a short call is corrected",
            ),
        ),
    )
    add(
        "underraise",
        "Underraise or underbet",
        "A raise or opening bet is smaller than the legal minimum.",
        (
            BookRuling(
                "A raise must be at least the largest full bet or raise of the round. 50% or"
                " more of that raise: it must be made a full minimum raise; less than 50%: it is"
                " a call unless raise was declared first. An underraise noticed later is fixed"
                " for everyone anywhere on the same street; after the next card it stands.",
                (
                    "Work out the minimum raise (the largest full bet or raise of this round).",
                    "50% or more of it: the player completes the minimum raise.",
                    "Less than 50% and raise not declared: it is a call.",
                    "Found later on the same street: bring every bettor up to the corrected"
                    " amount.",
                ),
                "TDA 43A, 45, 52A",
            ),
            BookRuling(
                "A raise must be at least the previous bet or raise of the round; a short raise"
                " of at least half is brought up to a full raise, a smaller one is a call (unless"
                " all-in).",
                (
                    "Work out the previous bet or raise of this round.",
                    "Half or more: the player completes a full raise.",
                    "Less than half: it is a call.",
                ),
                "RRoP Betting and Raising 5; No-limit rules",
            ),
        ),
    )
    add(
        "dead-hand",
        "Dead hands",
        "A hand is killed or must be ruled dead.",
        _same(
            "A hand is dead when it is folded, mucked and not 100% identifiable, when the"
            " player was not at the seat when the last card of the deal was dealt, when time"
            " runs out on the clock facing a bet, when the button acts with too few cards, or"
            " (after substantial action) when it holds the wrong number of cards. Chips already"
            " called stay in the pot; an uncalled bet or raise goes back.",
            (
                "Make sure the hand cannot be identified or the rule clearly applies.",
                "Muck the dead hand; its chips in the pot stay there.",
                "Return any bet or raise of that player that nobody called.",
            ),
            "TDA 13B, 29, 30, 37, 38, 65A",
            "RRoP Dead hands",
        ),
    )
    add(
        "dead-button",
        "Dead button",
        "A player busts or leaves and the button or a blind would fall on an empty seat.",
        _same(
            "Tournaments use a dead button: the big blind goes to the player due for it, and the"
            " small blind and button are placed accordingly, even on an empty seat. A player may"
            " then have the button two hands running; nobody skips the big blind.",
            (
                "Move the big blind to the next player due for it.",
                "Place the small blind and the button behind it, on an empty seat if need be.",
                "If the small blind seat is empty, there is no small blind this hand.",
            ),
            "TDA 32",
            "RRoP Button and Blind Use 2(b)",
        ),
    )
    button_steps = (
        "Work out where they belong from the hand before: the big blind moves on to the next"
        " player, the small blind and button follow it (TDA 32).",
        "Going heads-up, give the big blind to the player after the last big blind; the other"
        " player has the button and the small blind (TDA 34B).",
        "Before substantial action: put them right and deal again. After it: play on, and do"
        " not back the button up next hand (TDA 34A).",
    )
    placed = (
        "The button and blinds go where the dead button puts them (heads-up: nobody has the"
        " big blind twice running). Put elsewhere and noticed before substantial action, it is"
        " corrected and the cards dealt again; after it, play goes on and the button is not"
        " backed up."
    )
    add(
        "button-placement",
        "The button or a blind in the wrong place",
        "The button or the blinds are not where the hand before puts them (they moved twice,"
        " or not at all, or going heads-up gave one player the big blind twice).",
        (
            BookRuling(placed, button_steps, "TDA 32, 34A, 34B"),
            BookRuling(placed, button_steps, "RRoP Button and Blind Use; TDA 34A, 34B"),
        ),
    )
    add(
        "dead-small-blind",
        "Dead small blind (dead button)",
        "The player due the small blind has left the table (busted or moved), so the small"
        " blind falls on an empty seat and only the big blind is posted.",
        _same(
            "With a dead button nobody posts the small blind this hand: the big blind posts as"
            " usual and the button may sit in front of an empty seat. The hand is bet as if both"
            " blinds were there: the first raise is still by at least the big blind, and in"
            " pot-limit the pre-flop pot is counted with the small blind that was not posted"
            " (100-200, dead small blind: the first player may bet the pot to 700).",
            (
                "Post the big blind only; no chips come from the empty small blind seat.",
                "Place the button by the dead-button rule, on an empty seat if need be.",
                "Pre-flop raises are by at least the big blind, as in any hand.",
                "Pot-limit: count the pre-flop pot with full blinds (100-200: a pot bet is 700).",
            ),
            "TDA 32, 54B",
            "RRoP Button and Blind Use 1, 2(b)",
        ),
    )
    add(
        "short-blind",
        "Blind posted short (all-in for less)",
        "A player in the blinds has fewer chips than the blind, or nothing left after the ante.",
        _same(
            "The player posts what they have and is all-in. The blind still counts in full for"
            " everyone else: the others call the whole big blind, the first raise is by at"
            " least the big blind, and in pot-limit the pre-flop pot is counted with full"
            " blinds (small blind 100, big blind short with 100: a pot bet is 700). The short"
            " player wins at most what they matched from each player; the rest is a side pot.",
            (
                "Take what the player has as the blind and mark them all-in.",
                "The others still call the full big blind; raises are sized from it.",
                "Pot-limit: count the pre-flop pot as if both blinds were posted in full.",
                "Put the chips the short player did not match into a side pot.",
            ),
            "TDA 54B, 43A",
            "RRoP Button and Blind Use 1",
        ),
    )
    straddle = (
        "Where the house allows it, a straddle is a voluntary blind raise to twice the big"
        " blind (a re-straddle: twice the last straddle), posted before the deal by the player"
        " after the big blind, then the next player in turn, never by a blind and not"
        " heads-up. It plays as the big blind: pre-flop action starts after the last straddler,"
        " who acts last and may raise when everyone just calls; any raise is by at least the"
        " straddle. A straddler all-in for less posts what they have and the others still call"
        " the full straddle (the rest is a side pot). Pot-limit counts the straddle in the"
        " pot; in limit it counts as a bet toward the cap."
    )
    straddle_steps = (
        "Take the straddle before the deal: twice the big blind, or twice the last straddle,"
        " from the next player in turn only.",
        "Start the pre-flop action with the player after the last straddler.",
        "If everyone just calls, the last straddler has the option to check or raise.",
        "The minimum raise is to twice the last straddle.",
        "A straddler short of chips is all-in; the others call the full straddle.",
    )
    add(
        "straddle",
        "Live straddle and re-straddles",
        "Before the deal, the player after the big blind puts out twice the big blind as a"
        " live straddle; the next player may double it again.",
        (
            BookRuling(
                "The TDA rules have no straddle: it is a house option many tournaments refuse."
                " The blind rules apply to it. " + straddle,
                straddle_steps,
                "TDA 43A, 54B; house rule",
            ),
            BookRuling(
                "A straddle is a house option; the rules for blinds apply to it. " + straddle,
                straddle_steps,
                "RRoP Button and Blind Use 1, 3; house rule",
            ),
        ),
    )
    add(
        "chip-race",
        "Chip race at a color-up",
        "A chip denomination is removed; odd chips must be raced off.",
        _same(
            "Odd chips are raced off starting at seat 1, at most one chip to each player, and"
            " nobody is raced out of the tournament: a player who loses their last chips in the"
            " race gets one chip of the smallest denomination still in play.",
            (
                "Each player puts their odd chips of the old color in front, in full view.",
                "Deal one card face up for each odd chip, starting at seat 1.",
                "Highest cards by rank and suit win the new chips, at most one per player.",
                "A player left with no chips gets one of the smallest denomination in play.",
            ),
            "TDA 24A, 24B",
            "RRoP Tournaments: chip race",
        ),
    )
    add(
        "chips-put-out",
        "Chips pushed out without a word (the 50% standard)",
        "Facing a bet, a player silently pushes out more than the call but less than a full"
        " raise, or declares an amount only.",
        _same(
            "Declaring an amount is the same as pushing out that much. Half a raise or more past"
            " the call must be made a full minimum raise; less is a call and the rest goes back,"
            " unless raise was said first. A player's last chips are all-in whatever the amount."
            " A bet below the minimum is made a minimum bet.",
            (
                "Work out the call and a full raise (the largest bet or raise of this round).",
                "Chips at least half a raise past the call: the player makes the full raise.",
                "Less: it is a call; give back the rest.",
                "Raise said first: it is at least a full raise.",
            ),
            "TDA 40C, 43A, 45B, 52A",
            "RRoP Betting and Raising; No-limit rules (the TDA 50% standard in tournaments)",
        ),
    )
    add(
        "multiple-chips",
        "Several chips pushed out silently",
        "Facing a bet, a player silently puts out several chips.",
        _same(
            "If taking away one of the smallest chips would leave less than the call, every chip"
            " is needed and it is a call, even with the player's last chips. Otherwise the 50%"
            " standard decides (a raise if the chips reach half a raise past the call), and a"
            " player's last chips are all-in. Chips pushed out expecting change count in the"
            " bet.",
            (
                "Take away one of the smallest chips in your head.",
                "What is left is less than the call: it is a call, give change.",
                "Still the call or more: apply the 50% standard; last chips are all-in.",
            ),
            "TDA 45A, 45B, 61",
            "TDA 45 (Robert's Rules have no multiple-chip rule of their own)",
        ),
    )
    add(
        "prior-chips",
        "Prior-bet chips not pulled in",
        "A player faces a raise with chips from an earlier bet still in front of them and adds"
        " chips, or pulls some back.",
        _same(
            "Pulling back prior chips binds the player to call or raise. New chips on prior"
            " chips that do not cover the call, left alone or all pulled back: one chip is a call,"
            " several are read by the multiple-chip rule. Prior chips partly pulled back, or"
            " covering the call: all the chips together are a multiple-chip bet, a raise if they"
            " reach the 50% standard.",
            (
                "Ask the player to say the action before adding chips to a prior bet.",
                "Prior chips pulled back: the player may not fold now.",
                "Read the chips by TDA 46C: overchip, multiple chips or the 50% standard.",
            ),
            "TDA 46",
            "TDA 46 (Robert's Rules have no prior-chip rule of their own)",
        ),
    )
    add(
        "declaration",
        "A verbal declaration",
        "A player says call, raise, an amount, all-in or pot, before or without chips.",
        (
            BookRuling(
                "Whatever comes first, words or chips, defines the action. Call or raise said in"
                " turn binds the full current action; raise with an amount is the total bet; raise"
                " without an amount is completed by the chips that follow, at least a full raise."
                " 'Pot' in no-limit is not a bet but binds a valid one.",
                (
                    "Take the declaration if it came first; the chips are corrected to it.",
                    "Call: the full call. Raise N: a total of N. Raise: the chips that follow, at"
                    " least a full raise.",
                    "Chips first: the chips are the action and the words change nothing.",
                ),
                "TDA 40, 43B, 51A, 54D",
            ),
            BookRuling(
                "A verbal statement in turn is binding. When the chips put in differ from what"
                " was said, the bet is corrected to the verbal statement.",
                (
                    "Take the verbal statement; correct the chips to it.",
                    "Call: the full call. Raise N: a total of N.",
                ),
                "RRoP Betting and Raising; No-limit rules (verbal statement)",
            ),
        ),
    )
    add(
        "invalid-declaration",
        "A declaration that does not fit the action",
        "A player says call or raise with no bet to face, or check facing a bet.",
        _same(
            "Call with no bet is a check. Raise with no bet binds at least a minimum bet. Check"
            " facing a bet: the player may call or fold, but not raise.",
            (
                "No bet and call said: it is a check.",
                "No bet and raise said: at least a minimum bet.",
                "Facing a bet and check said: call or fold only.",
            ),
            "TDA 55",
            "TDA 55 (Robert's Rules: a verbal statement in turn is binding)",
        ),
    )
    add(
        "unclear-amount",
        "An unclear amount said",
        "A player says an amount that cannot be meant as it stands ('I bet five' at 200-400).",
        _same(
            "Non-standard words are at the player's risk. An amount with several legal meanings is"
            " the highest reasonable one no larger than the pot (bets in front of players count"
            " in the pot); if every meaning is larger, the smallest.",
            (
                "List the legal readings (five: 500, 5000, ...).",
                "Take the highest that is no larger than the pot.",
            ),
            "TDA 57",
            "TDA 57 (Robert's Rules leave it to the floor)",
        ),
    )
    add(
        "playing-the-board",
        "Playing the board at showdown",
        "At showdown the board is the best hand for a player.",
        (
            BookRuling(
                "The player must table both hole cards to win a share of the pot.",
                ("Ask the player to turn both hole cards face up.", "Then split the pot."),
                "TDA 19, 13A",
            ),
            BookRuling(
                "The player must say that they are playing the board before throwing the cards"
                " away; otherwise they lose any claim to the pot.",
                (
                    "The player announces playing the board before releasing the cards.",
                    "Then split the pot.",
                ),
                "RRoP Hold'em: playing the board",
            ),
        ),
    )
    _floor_lines(add)
    return tuple(entries)


def _floor_lines(add: Callable[[str, str, str, tuple[BookRuling, BookRuling]], None]) -> None:
    """The entries of the hand-file lines of issue 23: posts, the showdown, conditional
    statements, burn errors and short cards (their steps from `tdtool.rules.rulings` where the
    checker builds them there)."""
    tda, rob = Profile.TDA, Profile.ROBERT
    posted = r.rule_posted_blind(rob, 0, "The player", 200, 100, True, True)
    add(
        "posted-blind",
        "A blind posted out of position (new or returning player)",
        "A player who is new, or missed the blinds, posts to be dealt in at once (WHO posts big"
        " blind | dead small blind | both blinds).",
        (
            _from(
                r.rule_posted_blind(tda, 0, "The player", 200, 100, True, True),
                "The big blind posted is live and the player keeps the option; a small blind"
                " made up is dead money in the pot. Tournaments deal absent players in instead"
                " (TDA 30, 32).",
            ),
            _from(
                posted,
                "The big blind posted is live and the player keeps the option; a"
                " small blind made up is dead money in the pot.",
            ),  # fmt: skip
        ),
    )
    add(
        "asked-to-see",
        "Asking to see a called hand",
        "At the showdown a player asks to see a hand that was called, maybe already mucked.",
        (
            BookRuling(
                "A player who kept or tabled cards may ask (a right against the last river"
                " aggressor, else at the TD's discretion). A hand still held is tabled and"
                " plays; a mucked one is shown but stays dead.",
                (
                    "Check that the asker still holds or has tabled cards.",
                    "Turn the hand up; a mucked hand does not play again.",
                ),  # fmt: skip
                "TDA 18, 14",
            ),
            BookRuling(
                "Anyone dealt in may ask. Asked for by the player about to win, a mucked hand is"
                " live again and the best hand wins; asked for by anyone else, it is dead.",
                (
                    "Turn the hand up.",
                    "If the winner asked, both hands are live: read both and award the pot.",
                ),  # fmt: skip
                "RRoP The showdown 5",
            ),
        ),
    )
    add(
        "retrieved-hand",
        "A discarded hand retrieved at the showdown",
        "A player discards face down, then wants the cards back before they reach the muck.",
        (
            BookRuling(
                "Cards discarded face down are not dead while 100% identifiable and retrievable:"
                " the player may table them and they play. Killed into the muck, they are dead.",
                (
                    "Check the cards are clearly the player's and not in the muck.",
                    "Table them and read the hand.",
                ),  # fmt: skip
                "TDA 14",
            ),
            BookRuling(
                "A clearly identifiable hand may be retrieved and ruled live at management's"
                " discretion, in the best interest of the game.",
                ("Check the cards are clearly the player's.", "Rule them live if fair."),
                "RRoP Dead hands 2",
            ),
        ),
    )
    add(
        "killed-hand",
        "The dealer kills a hand at the showdown",
        "The dealer pushes a player's hand into the muck before the pot is awarded.",
        (
            BookRuling(
                "A properly tabled hand that is obviously the winner cannot be killed: it is"
                " read as tabled. A hand not tabled is dead: players protect their cards.",
                ("Tabled: take it back out and read it.", "Not tabled: the kill stands."),
                "TDA 13C, 13B",
            ),
            BookRuling(
                "Cards speak, and players hold their cards until the winner is declared: a"
                " tabled hand is read; one not tabled is dead.",
                ("Tabled: read it.", "Not tabled: the kill stands."),
                "RRoP The showdown 2",
            ),
        ),
    )
    add(
        "partial-tabling",
        "One card tabled at the showdown",
        "A player turns up one hole card only, then waits, shows the rest, or mucks.",
        _same(
            "A hand is tabled when every card is face up; one card is not enough to win. The"
            " dealer asks for the rest; mucked without them, the hand is dead, unless no other"
            " hand is left in the showdown.",
            ("Ask the player to table every card.", "If they refuse, call the floor."),
            "TDA 13A, 15A",
            "RRoP The showdown 1",
        ),
    )
    add(
        "mucked-winner",
        "The best hand mucked without being tabled",
        "At the showdown a player mucks face down a hand that would have won.",
        _same(
            "A hand must be tabled to win; mucked and not retrieved it has no claim, whatever it"
            " held, and the best tabled hand wins.",
            ("Award the pot to the best hand tabled.",),
            "TDA 13B, 15",
            "RRoP The showdown 1, 2",
        ),
    )
    add(
        "conditional-statement",
        "A conditional statement ('if you bet, I raise')",
        "A player still to act says what they will do if another player does something.",
        _same(
            "Non-standard and strongly discouraged: it may bind, at the TD's discretion, and may"
            " be penalised. tdtool holds it binding when exactly its condition comes about and"
            " nothing else changes the action (a house may say never).",
            (
                "Condition met, action unchanged: the player does as said.",
                "Otherwise the statement lapses; consider a penalty.",
            ),  # fmt: skip
            "TDA 59",
            "TDA 59 (Robert's Rules have no rule on conditional statements)",
        ),
    )
    add(
        "heads-up-cap",
        "Limit: the cap on raises heads-up",
        "In a limit game the betting is down to two players (not all-in) and one of them wants"
        " to raise past the cap (a bet and three raises).",
        (
            BookRuling(
                "The cap stands heads-up too: a bet and three raises, whatever the number of"
                " players, until the event itself is down to two players.",
                (
                    "Count the bets of the round: at the cap the player may only call or fold.",
                    "Once the event itself is down to its last two players, there is no cap.",
                ),
                "TDA 48",
            ),
            BookRuling(
                "Raising is unlimited once no more than two players not all-in are in the pot,"
                " unless the round was capped while three or more were in it.",
                (
                    "Two players left betting: let them raise without a cap.",
                    "Capped with three or more, the cap holds for the rest of the round.",
                ),
                "RRoP Betting and Raising 3, 4",
            ),
        ),
    )
    burn_tda = r.rule_burn_error(tda, "turn", False, True, "the card")
    burn_rob = r.rule_burn_error(rob, "turn", False, True, "the card")
    burn_text = (
        "Corrected if found before anyone acts on the card: the cards go back to where they"
        " would have been. Once acted on, it stands, and the next street is dealt so its card is"
        " the one that would have come."
    )
    add(
        "missed-burn",
        "The turn or river dealt without a burn card",
        "The dealer turns the turn (or river) without burning a card first.",
        (_from(burn_tda, burn_text), _from(burn_rob, burn_text)),
    )
    add(
        "extra-burn",
        "Two burn cards before the turn or river",
        "The dealer burns two cards, then turns the turn (or river).",
        (
            _from(r.rule_burn_error(tda, "turn", True, True, "the card"), burn_text),
            _from(r.rule_burn_error(rob, "turn", True, True, "the card"), burn_text),
        ),
    )
    short = (
        "The button, dealt last, may be given the missing card even after substantial action,"
        " unless it acted on the short hand (then it is dead). Anyone else short: a misdeal"
        " before substantial action, a dead hand after."
    )
    add(
        "short-card",
        "A player dealt too few cards",
        "After the deal a player has one card fewer than the game deals.",
        (
            _from(r.rule_short_card(tda, True, False, (), 0, "the button"), short),
            _from(r.rule_short_card(rob, True, False, (), 0, "the button"), short),
        ),
    )
    add(
        "short-all-in",
        "An all-in short of a full raise: is the betting reopened?",
        "A player moves all-in for more than a call but less than a full raise, and a player"
        " who already acted wants to raise when the action comes back.",
        (
            BookRuling(
                "In no-limit and pot-limit the betting reopens for a player who already acted"
                " only if the all-ins since add up to at least a full raise; in limit, half a"
                " bet reopens it. The minimum raise stays the last full bet or raise.",
                (
                    "Add up what the all-ins raised since the player last acted.",
                    "No-limit and pot-limit: a full raise or more, the player may raise; less,"
                    " call or fold only.",
                    "Limit: half a bet or more counts as a full bet and reopens the betting.",
                ),
                "TDA 47A, 47B",
            ),
            BookRuling(
                "The same: an all-in short of a full raise does not reopen the betting in"
                " no-limit and pot-limit (the half-bet rule is for limit only); in limit half a"
                " bet or more is treated as a full bet.",
                (
                    "Add up what the all-ins raised since the player last acted.",
                    "No-limit and pot-limit: a full raise or more, the player may raise; less,"
                    " call or fold only.",
                    "Limit: half a bet or more counts as a full bet and reopens the betting.",
                ),
                "RRoP No-limit 3, 5; Betting and Raising 6",
            ),
        ),
    )
    add(
        "pot-count",
        "A wrong count of the pot in pot-limit",
        "A player asks for a count of the pot, is told a wrong amount by the dealer or another"
        " player, and bets the pot on it.",
        _same(
            "A count too low is corrected until substantial action after the bet, then the bet"
            " stands; a count too high (an illegal bet over the pot) is brought down to the pot"
            " for everyone calling anywhere on the street. Once the next card is dealt the"
            " error stands.",
            (
                "Count the pot again: what a pot bet or raise really was.",
                "Too low: no substantial action since the bet, the bettor makes it the full"
                " pot and a caller acts again on it; after substantial action it stands.",
                "Too high: the bet and every call of it come down to the pot; the rest goes back.",
                "After the next card is dealt, whatever was bet stands.",
            ),
            "TDA 52B, 36",
            "TDA 52B, 36 (Robert's Rules have no rule on a wrong count of the pot)",
        ),
    )
    add(
        "chips-found-behind",
        "Chips found behind an all-in player after a call",
        "A player moves all-in and is called; then a hidden chip is found behind the all-in"
        " player's cards or stack.",
        _same(
            "Unless the TD finds the hidden chips part of accepted action, they are not part of"
            " the action: the all-in was what could be seen. Winning, the player is not paid"
            " off for them; losing, the player is not saved by them, and the TD may award them"
            " to the winning caller.",
            (
                "Set the hidden chips aside; the all-in is the chips that were in view.",
                "Bring every call of the all-in down to that amount.",
                "Play the hand out.",
                "If the all-in player wins, they keep the hidden chips, unmatched; if they"
                " lose, the chips may go to the winning caller.",
            ),
            "TDA 62, 49",
            "TDA 62, 49 (Robert's Rules have no rule on chips found behind)",
        ),
    )


ENTRIES: tuple[Entry, ...] = _build()
"""The whole rule book, in the order `tdtool ruling list` shows it."""

_BY_ID = {e.id: e for e in ENTRIES}


ALIASES = {
    "overchip": "oversized-chip",
    "flop-no-burn": "flop-without-burn",
    "re-straddle": "straddle",
    "dead-blind": "dead-small-blind",
}
"""Irregularity names of `hand check` rulings that the book files under another id."""


def entry(id: str) -> Entry:
    """One entry by id; an unknown id is an input error that lists the known ones."""
    key = id.strip().lower()
    key = ALIASES.get(key, key)
    if key in _BY_ID:
        return _BY_ID[key]
    # "exposed" -> exposed-card; "four card flop" -> four-card-flop; "misdeel" -> misdeal?
    typed = "-".join(key.replace("_", " ").replace("-", " ").split())
    if typed in _BY_ID:
        return _BY_ID[typed]
    found = [i for i in _BY_ID if typed and (typed in i.split("-") or i.startswith(typed))]
    if len(found) == 1:
        return _BY_ID[found[0]]
    if found:
        raise InputError(
            f"{id!r} could be {len(found)} rulings: {or_list(found)}; give the whole id."
        )
    close = nearest(typed, _BY_ID)
    hint = f" Did you mean {or_list(close)}?" if close else ""
    known = ", ".join(_BY_ID)
    raise InputError(f"There is no ruling called {id!r}.{hint} Known rulings: {known}.")
