"""An entered hand checked: the JSON answer of `tdtool hand check --json`, and the same for a
hand file's text (what `tdtool serve`'s `POST /api/hand/check` answers)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tdtool.rules.hand import HandResult, IllegalHand, PotHalf, PotResult, ShownHand

MAX_HAND_TEXT = 64 * 1024
"""Characters of a hand file's text the server reads (a hand file is a page or two)."""


def check_text(text: str, source: str = "hand") -> dict[str, Any]:
    """The answer of `tdtool hand check --json` for the hand file's `text`: `legal` true with
    the pots, or false with the line and rule broken. InputError (with `source:LINE`) for a
    text that is not a readable hand, as the CLI's for a file."""
    from tdtool.errors import InputError
    from tdtool.io.hand_yaml import parse_hand
    from tdtool.rules.hand import AfterMisdeal, IllegalHand, replay

    if len(text) > MAX_HAND_TEXT:
        raise InputError(f"{source}: the hand is longer than {MAX_HAND_TEXT:,} characters.")
    hand = parse_hand(text, source)
    try:
        return result_json(replay(hand))
    except AfterMisdeal as exc:
        return {"legal": False, "error": str(exc), "rulings": [exc.ruling.to_dict()]}
    except IllegalHand as exc:
        return illegal_json(exc)


def illegal_json(exc: IllegalHand) -> dict[str, Any]:
    """The JSON answer for a hand that breaks a rule."""
    return {
        "legal": False,
        "line": exc.line,
        "player": exc.player,
        "what": exc.what,
        "allowed": exc.allowed,
        "rule": exc.rule,
        "error": str(exc),
    }


def result_json(result: HandResult) -> dict[str, Any]:
    """The JSON answer of an adjudicated hand (keys pinned by tests/test_hand_cli.py)."""
    return {
        "legal": True,
        "pots": [_pot_json(p) for p in result.pots],
        "returned": dict(result.returned),
        "stacks": dict(result.stacks),
        "board": [str(c) for c in result.board],
        "hands": {h.name: _shown_json(h) for h in result.hands},
        "showdown": {"order": list(result.showdown), "rule": result.showdown_rule},
        "won_by_fold": result.won_by_fold,
        "posted": [
            {"player": who, "kind": kind, "amount": amount, "all_in": all_in}
            for who, kind, amount, all_in in result.postings
        ],
        "chip": result.chip,
        "misdeal": result.misdeal is not None,
        "rulings": [r.to_dict() for r in result.rulings],
    }


def _pot_json(p: PotResult) -> dict[str, Any]:
    out: dict[str, Any] = {
        "amount": p.amount,
        "eligible": list(p.eligible),
        "winners": list(p.winners),
        "shares": dict(p.shares),
        "hand": p.hand,
        "odd_chips": list(p.odd_chips),
        "label": p.label,
    }
    if p.hilo:
        out["high"] = _half_json(p.high)
        out["low"] = _half_json(p.low)
        out["odd_chip_to_high"] = p.odd_to_high
    return out


def _half_json(h: PotHalf | None) -> dict[str, Any] | None:
    if h is None:
        return None
    return {
        "amount": h.amount,
        "winners": list(h.winners),
        "shares": dict(h.shares),
        "hand": h.hand,
        "odd_chips": list(h.odd_chips),
    }


def _shown_json(h: ShownHand) -> dict[str, Any]:
    out: dict[str, Any] = {
        "cards": [str(c) for c in h.cards],
        "best": [str(c) for c in h.best],
        "description": h.description,
    }
    if h.hilo:
        out["low"] = h.low_description if h.low is not None else None
        out["low_best"] = [str(c) for c in h.low_best]
    return out
