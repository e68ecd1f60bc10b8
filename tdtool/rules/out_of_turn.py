"""Action out of turn: backed up to the right player, then binding or not (TDA 53; RRoP).

The hand replay keeps each `... out of turn` line aside until it is that player's turn; these
functions give the floor's ruling then. Under both books the action stands when the action
to the player did not change (a check, call or fold in between does not change it) and an
out-of-turn fold always stands: it binds at once (TDA 53A, 58), so when it leaves one player,
that player wins the pot there and then. When a bet or raise came in between, the chips go
back and: under the TDA the player has every option (53A); under Robert's Rules a player who
checked or called out of turn may not bet or raise on that turn. TDA 53B: once the
out-of-turn actions after a skipped player make substantial action (Rule 36), they bind and
the skipped player may only call or fold (or the floor kills the hand).

>>> rule_out_of_turn(Profile.TDA, "Seat 6", "the raise to 800", "raise", changed=False,
...                  faced=300, now=300, line=7).summary
'Seat 6 raised out of turn; the action to Seat 6 did not change, so the raise to 800 stands.'
"""

from __future__ import annotations

from tdtool.rules.rulings import Irregularity, Profile, Ruling

ADDENDUM = "TDA 2024 Illustration Addendum"
ROBERT_RULE = "RRoP Betting and Raising: action out of turn"

_PAST = {"check": "checked", "call": "called", "bet": "bet", "raise": "raised", "fold": "folded"}


def _n(amount: int) -> str:
    return f"{amount:,}"


def _faced(amount: int, own: int = 0) -> str:
    """What a player with `own` chips already in this round faces when the bet is `amount`."""
    if amount == 0:
        return "no bet"
    if amount <= own:  # the big blind's option: the bet is the player's own blind
        return f"no bet beyond their own {_n(own)}"
    return f"a bet of {_n(amount)}" + (f" ({_n(amount - own)} more to call)" if own else "")


def rule_out_of_turn(
    profile: Profile,
    who: str,
    action: str,
    kind: str,
    changed: bool,
    faced: int,
    now: int,
    line: int,
    ended: bool = False,
    substantial: bool = False,
    winner: str | None = None,
    own: int = 0,
) -> Ruling:
    """The ruling on one out-of-turn action once the action has come back to the player.

    `action` is the line's action in words ("raise to 800"), `kind` its sort (check, call,
    bet, raise, fold); `faced`/`now` the bet to the player when they acted and when their turn
    came; `ended` says the hand was over before their turn came; `winner` names the one
    player left when a binding fold out of turn ends the hand; `own` is what the player
    already has in this round (a blind), which they do not face.

    >>> rule_out_of_turn(Profile.TDA, "BB", "the check", "check", changed=False, faced=100,
    ...                  now=100, line=9, own=100).steps[1].split(": ")[1]
    'BB still faces no bet beyond their own 100.'
    """
    tda = profile == Profile.TDA
    rule = "TDA 53A" if tda else ROBERT_RULE
    did = _PAST.get(kind, "acted")
    head = f"{who} {did} out of turn"
    first = "Stop the action and back it up to the player whose turn it was."
    if kind == "fold":
        if winner is None:
            steps: tuple[str, ...] = (
                first,
                f"A fold out of turn is binding: {who}'s hand is dead.",
                "Consider a penalty.",
            )
            summary = f"{head}: the fold is binding."
        else:
            steps = (
                f"A fold out of turn is binding: {who}'s hand is dead at once.",
                f"{winner} is the only player left and wins the pot without acting.",
                "Consider a penalty.",
            )
            summary = f"{head}: the fold is binding, so {winner} wins the pot."
        return Ruling(
            line,
            Irregularity.OUT_OF_TURN,
            False,
            "TDA 53A, 58" if tda else ROBERT_RULE,
            steps,
            summary,
            f"{ADDENDUM}, Rule 53-B example 1" if tda else None,
        )
    if ended:
        return Ruling(
            line,
            Irregularity.OUT_OF_TURN,
            False,
            rule,
            (first, f"The hand ended before it was {who}'s turn: any chips go back to {who}."),
            f"{head}; the hand ended before {who}'s turn, so it never counted.",
        )
    example = f"{ADDENDUM}, Rule 53-A example {2 if kind == 'check' else 1}" if tda else None
    if substantial and not changed:
        rule, example = "TDA 53B", f"{ADDENDUM}, Rule 53-B"
    if not changed and kind == "check" and now > own:
        return Ruling(
            line,
            Irregularity.OUT_OF_TURN,
            False,
            f"{rule}, 55" if tda else rule,
            (
                first,
                f"{who} checked, but faces {_faced(now, own)}: a check cannot stand against a bet.",
                f"{who} may call or fold, but not raise; the next line is the choice.",
            ),
            f"{head} facing {_faced(now, own)}: call or fold only.",
            example,
        )
    if not changed:
        why = (
            "substantial action out of turn followed, so it is binding"
            if substantial
            else f"the action to {who} did not change, so it is binding"
        )
        return Ruling(
            line,
            Irregularity.OUT_OF_TURN,
            False,
            rule,
            (
                first,
                f"The players before {who} acted without a bet or raise: {who} still faces"
                f" {_faced(now, own)}.",
                f"{why[:1].upper() + why[1:]}: {action} stands.",
                "Consider a penalty.",
            ),
            f"{head}; {why.replace(', so it is binding', '')}, so {action} stands.",
            example,
        )
    limited = not tda and kind in ("check", "call")
    options = (
        f"{who} may call or fold but not {'bet or ' if kind == 'check' else ''}raise on this turn"
        if limited
        else f"{who} has every option again: call, raise or fold"
    )
    return Ruling(
        line,
        Irregularity.OUT_OF_TURN,
        False,
        rule,
        (
            first,
            f"A bet or raise came before {who}'s turn: the action changed from"
            f" {_faced(faced, own)} to {_faced(now, own)}.",
            f"The out-of-turn action is not binding; any chips go back to {who}.",
            options + "; the next line is the real choice.",
        ),
        f"{head}, but the action changed ({_faced(faced, own)} became {_faced(now, own)}):"
        " not binding;" + (" call or fold only." if limited else " every option is open."),
        example,
    )


def rule_skipped(
    who: str, skipped: str, actions: tuple[str, ...], line: int, profile: Profile
) -> Ruling:
    """TDA 53B: substantial action out of turn passed a skipped player who did not speak up."""
    return Ruling(
        line,
        Irregularity.OUT_OF_TURN,
        False,
        "TDA 53B, 36",
        (
            "Stop the action and back it up to the player whose turn it was.",
            f"{skipped} was skipped and did not speak up before substantial action out of turn"
            f" ({', '.join(actions)}).",
            "The out-of-turn actions are binding.",
            f"The floor rules on {skipped}'s hand: here {skipped} may only call or fold (or the"
            f" floor may rule the hand dead: write `{skipped} fold`).",
        ),
        f"{who} acted out of turn, making substantial action past {skipped}: it binds, and"
        f" {skipped} may only call or fold.",
        f"{ADDENDUM}, Rule 53-B example {2 if 'check' in actions else 1}",
    )
