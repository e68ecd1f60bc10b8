"""The screens `clock serve` shows beside the clock: what each one's page reads from
`/api/screen/NAME`, worked out once per change of the tournament (tdtool.cli.clock_web caches
it with the folded state), in the language given.

- `payouts`: the payout ladder, every place paid (equal amounts in a run share a row), the
  place the next player out finishes in marked `next`, the places already decided marked
  `out` with who finished there, the prize pool and the players left;
- `seats`: every player still in by name with table and seat (the desk's wall), the ones
  waiting for a seat marked, under the letters of the alphabet;
- `chips`: the chip counts for the TV at the bar: the players left with a recorded count,
  the biggest first (the first `LEADERS`), with the time of the last count (the page says
  how many minutes ago);
- `bounties`: the bounty leaders (the biggest bounties on the heads of the players still
  in, a PKO's growing ones; with the knockouts and what each has won), `LEADERS` at most;
- `results`: the places decided, the best first (the first `FINISHES`), names and prizes;
  the winner on top as the event ends;
- `standings` (with `clock serve --league FILE`): the league's standings, read from all its
  events (tdtool.app.league.LeagueView), the lines that are provisional marked.

`SCREENS` names every screen a TV can show or rotate through (`/?rotate=clock,payouts`).
"""

from __future__ import annotations

from typing import Any

from tdtool.i18n import Words, words
from tdtool.tournament.state import State

SCREENS = (
    "clock", "payouts", "seats", "clock-payouts", "chips", "results", "bounties", "standings",
    "house",
)  # fmt: skip
"""Every screen `clock serve` shows, by the name its URL and `?rotate=` give it (`standings`
only with `--league`: tdtool.app.league.standings_screen; `house` only with a theme that has
one: `HOUSE`)."""

HOUSE = "screen_house.html"
"""The house or sponsor slide: the theme folder's own template of that name, or tdtool's
showing theme.yaml's `house:` (a title, lines, an image). A theme with neither has no slide:
/screen/house is 404 and a rotation naming it is refused."""

DATA = ("payouts", "seats", "chips", "results", "bounties")
"""The screens with data of their own (`/api/screen/NAME`); the others are made of these and
the clock."""


def screen_data(name: str, state: State, lang: str) -> dict[str, Any]:
    """The data of the screen `name` (one of DATA) for `state`, its words in `lang`."""
    if name == "payouts":
        return payout_screen(state, words(lang))
    if name == "seats":
        return seat_screen(state, words(lang))
    if name == "chips":
        return chip_screen(state, words(lang))
    if name == "results":
        return result_screen(state, words(lang))
    if name == "bounties":
        return bounty_screen(state, words(lang))
    raise ValueError(f"no data for the screen {name!r}")


def payout_screen(state: State, _: Words | None = None) -> dict[str, Any]:
    """The payout ladder: `rows` of {label, value, mark, names}, 1st first; `lead` says the
    prize pool's entries and the places paid; no rows while nothing is paid."""
    from tdtool.tournament.money import results, state_payouts

    _ = _ or words()
    amounts = state_payouts(state).amounts if state.prize_pool > 0 else ()
    paid, left = len(amounts), state.players_left
    finished: dict[int, list[str]] = {}
    if paid and left <= paid:  # places decided in the money: who took them
        for r in results(state):
            if r.place is not None and r.place <= paid:
                finished.setdefault(r.place, []).append(r.name)
    groups: list[tuple[int, int, int]] = []  # (first place, last place, amount)
    for place, amount in enumerate(amounts, start=1):
        if groups and groups[-1][2] == amount and not finished.get(place):
            groups[-1] = (groups[-1][0], place, amount)
        else:
            groups.append((place, place, amount))
    rows = []
    for first, last, amount in groups:
        decided = [n for p in range(first, last + 1) for n in finished.get(p, ())]
        if decided and first > left:
            mark = "out"
        elif first <= left <= last and left > 1:
            mark = "next"
        else:
            mark = ""
        rows.append(
            {
                "label": _.places(first, last),
                "value": _.number(amount),
                "mark": mark,
                "names": decided,
            }
        )
    return {
        "name": state.name,
        "prize_pool": _.number(state.prize_pool),
        "paid": _.ngettext("%(num)s place paid", "%(num)s places paid", paid) if paid else "",
        "left": _.ngettext("%(num)s player left", "%(num)s players left", left),
        "rows": rows,
    }


def seat_screen(state: State, _: Words | None = None) -> dict[str, Any]:
    """Every player still in by surname, as the printed seat list: `entries` of {"letter"}
    headings and {name, table, seat} (or {name, waiting: true}), the name as 'Petrova,
    Nina' (tdtool.names.surname_first), alphabetical as a person reads it."""
    from tdtool.app.seats import plan_of
    from tdtool.names import ascii_fold, surname_first

    _ = _ or words()
    plan = plan_of(state)
    people: list[tuple[str, str, dict[str, Any]]] = []  # (folded listed name, name, entry)
    for t in plan.tables:
        for seat, name in t.seats:
            listed = surname_first(name)
            people.append(
                (ascii_fold(listed), name, {"name": listed, "table": t.table, "seat": seat})
            )
    for name in plan.unseated:
        listed = surname_first(name)
        people.append((ascii_fold(listed), name, {"name": listed, "waiting": True}))
    people.sort(key=lambda p: (p[0], p[1]))
    entries: list[dict[str, Any]] = []
    letter = None
    for folded, _name, e in people:
        first = folded[:1].upper()
        initial = first if "A" <= first <= "Z" else "#"
        if initial != letter:
            letter = initial
            entries.append({"letter": initial})
        entries.append(e)
    return {
        "name": state.name,
        "count": _.ngettext("%(num)s player", "%(num)s players", len(people)),
        "entries": entries,
    }


LEADERS = 40
"""The most stacks the chip counts screen lists (the biggest): what a TV across a bar reads."""
FINISHES = 60
"""The most places the results screen lists (the best decided)."""


def chip_screen(state: State, _: Words | None = None) -> dict[str, Any]:
    """The chip counts: `rows` of {rank, name, value} for the players left with a
    recorded count, the biggest first (at most LEADERS); `counted_at` the time of the last
    count (seconds since the epoch, None without one) for the page to say "N min ago";
    `lead` says how many of the players left are counted and the average stack."""
    _ = _ or words()
    left = [p for p in state.players.values() if not p.busted]
    counted = sorted(
        (p for p in left if p.chips is not None),
        key=lambda p: (-(p.chips or 0), p.name.casefold()),
    )
    rows = [
        {"rank": _.number(rank), "name": p.name, "value": _.number(p.chips or 0)}
        for rank, p in enumerate(counted[:LEADERS], start=1)
    ]
    stamps = [p.counted_at for p in counted if p.counted_at is not None]
    return {
        "name": state.name,
        "counted_at": max(stamps) if stamps else None,
        "counted": _("%(counted)s of %(left)s players counted", counted=_.number(len(counted)),
                     left=_.number(len(left))),
        "average": _("average stack %(chips)s", chips=_.number(state.average_stack))
        if left
        else "",
        "rows": rows,
    }  # fmt: skip


def result_screen(state: State, _: Words | None = None) -> dict[str, Any]:
    """The results: `rows` of {label, name, value, mark} for the places decided, the best
    first (at most FINISHES), `mark` "winner" on 1st; `lead` says the players left, or that
    the results are final."""
    from tdtool.tournament.money import results

    _ = _ or words()
    decided = [r for r in results(state) if r.place is not None]
    decided.sort(key=lambda r: (r.place or 0, r.name.casefold()))
    left = state.players_left
    rows = [
        {
            "label": _.ordinal(r.place or 0),
            "name": r.name,
            "value": _("seat") if r.seat else (_.number(r.prize) if r.prize else ""),
            "mark": "winner" if r.place == 1 else ("paid" if r.prize else ""),
        }
        for r in decided[:FINISHES]
    ]
    final = bool(decided) and left <= 1
    return {
        "name": state.name,
        "lead": _("Final results")
        if final
        else _.ngettext("%(num)s player left", "%(num)s players left", left),
        "rows": rows,
    }  # fmt: skip


def bounty_screen(state: State, _: Words | None = None) -> dict[str, Any]:
    """The bounty leaders: `rows` of {rank, name, value, knockouts} for the players still in,
    the biggest bounty on their head first (then the most knockouts), at most LEADERS;
    `lead` is the bounties' sentence (kind and money); no rows in a tournament without
    bounties (`none` says so)."""
    from tdtool.tournament.bounty import bounties

    _ = _ or words()
    view = bounties(state)
    if view is None:
        return {"name": state.name, "lead": "", "rows": [],
                "none": _("This tournament has no bounties")}  # fmt: skip
    still_in = {p.name for p in state.players.values() if not p.busted}
    leaders = sorted(
        (r for r in view.rows if r.name in still_in),
        key=lambda r: (-r.bounty, -r.knockouts, -r.won, r.name.casefold()),
    )
    rows = [
        {
            "rank": _.number(rank),
            "name": r.name,
            "value": _.cash(r.bounty),
            "knockouts": _.ngettext("%(num)s knockout", "%(num)s knockouts", r.knockouts)
            if r.knockouts
            else "",
        }
        for rank, r in enumerate(leaders[:LEADERS], start=1)
    ]
    return {"name": state.name, "lead": view.line(_.lang), "rows": rows, "none": ""}
