"""What the director would say aloud, and when: the clock's spoken announcements.

Both clocks speak at the same moments with the same words: the TV page by the browser's
speech synthesis (tdtool/templates/clock.html, whose script mirrors `announcements`; it finds
the minute to a break by its own countdown between two polls) and `tdtool clock run --say
CMD` by running a command (tdtool/cli/clock_voice.py). A moment is a change between two
successive display data (`clock.view_data(...).to_dict()`, the TV's /api/clock):

- a new level: "Level 12: blinds 3,000 and 6,000, big blind ante 6,000";
- a break begins: "Break. Play resumes with level 5.", then its colour-up when it has one;
- one minute left before a break (the level's clock crossing 60 s);
- the bubble (or a satellite's seat bubble), hand-for-hand, in the money: the money panel
  (tdtool/app/panels.py) turning up, turning to the bubble, raising its alert, dropping it;
- the final table: the players left come to one table (`final_table` turning true);
- the winner, or the players who won a satellite's seats.

The words are clock_say.html's (in the language; a house theme may have its own), with
`{name}` filled in; nothing is said for the first data a clock sees.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tdtool.io.pages import Theme

View = Mapping[str, Any]


MOMENTS = (
    "level", "level_ante", "level_bb_ante", "minute_to_break", "break", "color_up", "bubble",
    "seat_bubble", "hand_for_hand", "in_the_money", "final_table", "winner", "seats_won",
)  # fmt: skip
"""The keys of the spoken words (clock_say.html's SAY): one sentence per moment."""

LATER_MOMENTS = ("final_table",)
"""Moments added after themes could change the words: a theme without them speaks the
package's words there (it is not refused)."""


def phrases(lang: str, theme: Theme | None = None) -> dict[str, str]:
    """The spoken sentences of `lang` (clock_say.html, `theme`'s when it has one), by moment;
    a theme's that leaves a moment out is refused (an InputError naming its file)."""
    from tdtool.errors import InputError
    from tdtool.io.pages import render_once

    said = json.loads(str(render_once("clock_words.html", theme, lang))).get("say") or {}
    if theme is not None and any(not isinstance(said.get(k), str) for k in LATER_MOMENTS):
        # a theme written before these moments existed: the package's words for them
        package = json.loads(str(render_once("clock_words.html", None, lang)))["say"]
        said = {**{k: package[k] for k in LATER_MOMENTS}, **said}
    missing = [k for k in MOMENTS if not isinstance(said.get(k), str)]
    if missing:
        folder = theme.folder if theme is not None and theme.folder is not None else None
        where = str(folder / "clock_say.html") if folder is not None else "clock_say.html"
        raise InputError(
            f"{where}: the spoken words have no {', '.join(missing)}; SAY needs a sentence"
            f" for each of {', '.join(MOMENTS)}."
        )
    return {k: str(said[k]) for k in MOMENTS}


def fill(text: str, **values: str) -> str:
    """`text` with each `{name}` replaced (one left as it is when no value is given)."""
    return re.sub(r"\{(\w+)\}", lambda m: values.get(m.group(1), m.group(0)), text)


def money(view: View) -> Mapping[str, Any] | None:
    """The money panel of `view` (the bubble, in the money), None when there is none."""
    return next((p for p in view.get("panels") or () if p.get("id") == "money"), None)


def _key(view: View) -> tuple[Any, ...]:
    return (view.get("level"), view.get("on_break"), view.get("past_last_level"))


def level_words(view: View, say: Mapping[str, str], number: Callable[[int], str]) -> str:
    """The level of `view` as announced, with its ante or big blind ante."""
    values = {
        "level": str(view["level"]),
        "small": number(view["small_blind"]),
        "big": number(view["big_blind"]),
    }
    if view.get("ante"):
        return fill(say["level_ante"], amount=number(view["ante"]), **values)
    if view.get("bb_ante"):
        return fill(say["level_bb_ante"], amount=number(view["bb_ante"]), **values)
    return fill(say["level"], **values)


def announcements(
    before: View | None, after: View, say: Mapping[str, str], number: Callable[[int], str]
) -> list[str]:
    """What to say going from the display data `before` to `after`, in order ([] for
    nothing, and for the first data: `before` None)."""
    if before is None:
        return []
    seats = list(after.get("seat_winners") or [])
    if seats and not before.get("seat_winners"):
        return [fill(say["seats_won"], names=", ".join(seats))]
    if after.get("winner") or seats:  # it is over: the winner once, then nothing
        if after.get("winner") and not before.get("winner"):
            return [fill(say["winner"], name=str(after["winner"]))]
        return []
    out: list[str] = []
    if _key(before) != _key(after) and not after.get("past_last_level"):
        if after.get("on_break"):
            out.append(fill(say["break"], level=str(after["level"])))
            if after.get("color_up"):
                chips = ", ".join(number(c) for c in after["color_up"])
                out.append(fill(say["color_up"], chips=chips))
        elif after.get("small_blind") is not None:
            out.append(level_words(after, say, number))
    was, now = money(before), money(after)
    if now is not None and now.get("bubble") and not (was and was.get("bubble")):
        out.append(say["seat_bubble"] if after.get("seat_bubble") else say["bubble"])
    if now is not None and now.get("alert") and not (was and was.get("alert")):
        out.append(say["hand_for_hand"])
    if now is not None and not now.get("bubble") and was is not None and was.get("bubble"):
        out.append(say["in_the_money"])
    if after.get("final_table") and not before.get("final_table"):
        out.append(say["final_table"])
    if minute_to_break(before, after):
        out.append(say["minute_to_break"])
    return out


def minute_to_break(before: View, after: View) -> bool:
    """Whether the running clock crossed one minute left before a break."""
    was, now = before.get("seconds_to_break"), after.get("seconds_to_break")
    return bool(
        after.get("running")
        and not after.get("on_break")
        and _key(before) == _key(after)
        and was is not None
        and now is not None
        and was > 60 >= now
    )
