"""Top-level tournament commands: new, status, log, undo."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated, Any

import typer

from tdtool.cli._db import JsonOpt, db_path, given_db
from tdtool.cli._terms import term_options
from tdtool.cli._values import bb_text


@term_options()
def new(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help="The tournament's name, e.g. 'Friday Deepstack'.")],
    structure: Annotated[
        str, typer.Option("--structure", "-s", help="A bundled structure's name or a YAML file.")
    ],
    seats: Annotated[int, typer.Option(help="Seats per table.", min=2, max=11)] = 9,
    tables: Annotated[
        int | None,
        typer.Option(help="Tables available (default: as many as the field needs).", min=1),
    ] = None,
    break_order: Annotated[
        str | None,
        typer.Option(
            help="Tables in the order they break, e.g. 5,4,3 (default: highest number first)."
        ),
    ] = None,
    terms: dict[str, Any] | None = None,
    json_out: JsonOpt = False,
) -> None:
    """Create a tournament file from a structure and money terms.

    The file is NAME's slug with .tdtool in this folder (or --db FILE); the structure's
    content is copied into it, so later edits of the structure file do not change it.
    With --db postgresql://USER@HOST/DB the tournament is made on that server, named by
    ?tournament=KEY in the URL or else by NAME's slug.

    Example: tdtool new "Friday Deepstack" --structure turbo --buy-in 50 --fee 10 --reentry
    """
    from tdtool.app.files import new_target, tournament_files
    from tdtool.app.tournament import create
    from tdtool.cli.render import emit_json
    from tdtool.errors import InputError
    from tdtool.tournament.terms import Terms

    if not name.strip():
        raise InputError('Give the tournament a name, e.g. tdtool new "Friday Turbo" -s turbo.')
    given = given_db(ctx)
    path = new_target(name, given, Path.cwd())
    order = _table_numbers(break_order)
    t = Terms().with_values(terms or {})
    result = create(path, name, structure, t, seats, tables, order)
    if json_out:
        emit_json(result.to_dict())
        return
    loaded = result.structure
    levels = len(loaded.levels)
    typer.echo(f"Created {result.name} in {result.path}.")
    typer.echo(
        f"Structure {loaded.name}: {levels} levels, starting stack {loaded.starting_stack:,},"
        f" {seats} seats per table."
    )
    if t.bounties:
        kind = "Progressive knockout (PKO)" if t.pko else "Fixed bounties"
        typer.echo(
            f"{kind}: {t.bounty:,} per entry, on top of the buy-in; an entry costs"
            f" {t.buy_in:,} + {t.bounty:,} + {t.fee:,} = {t.buy_in + t.bounty + t.fee:,}."
            " Record who knocks whom out with `tdtool player bust NAME --by ELIMINATOR`."
        )
    if t.satellite_value:
        value = f"{t.satellite_value:,}"
        how_many = (
            f"{t.satellite_seats} guaranteed seat{'s' * (t.satellite_seats != 1)} worth {value}"
            if t.satellite_seats
            else f"as many seats worth {value} as the prize pool buys"
        )
        typer.echo(
            f"A satellite: {how_many}, the rest in cash to the next place; it ends when the"
            " seats are decided. `tdtool payouts` shows them as entries come in."
        )
    if not isinstance(path, Path):
        typer.echo(f"Every laptop uses it with: export TDTOOL_DB='{result.path}'")
        path = Path()
    others = [p.name for p in tournament_files(path.parent) if p != path]
    if given is None and others:
        typer.echo(
            f"This folder also holds {', '.join(others)}: give every command"
            f" --db {path.name} (or set TDTOOL_DB) to pick this one."
        )
    typer.echo("Next: register players with `tdtool player add NAME...`, then `tdtool seat draw`.")


def _table_numbers(text: str | None) -> list[int]:
    """'5,4,3' -> [5, 4, 3] (InputError on anything else)."""
    from tdtool.errors import InputError

    if not text:
        return []
    try:
        numbers = [int(p) for p in text.replace(",", " ").split()]
    except ValueError:
        raise InputError(
            f"--break-order {text!r}: give table numbers separated by commas, e.g. 5,4,3."
        ) from None
    if any(n < 1 for n in numbers) or len(set(numbers)) != len(numbers):
        raise InputError("--break-order: name each table once, by its number from 1 up.")
    return numbers


def status_lines(data: dict[str, Any]) -> list[str]:
    """The status screen for a person."""
    lines = [data["name"], "=" * len(data["name"])]
    satellite = data.get("satellite")
    won = satellite["seat_winners"] if satellite else []
    if satellite and satellite["seats"] == 1 and data.get("winner"):
        won = [data["winner"]]  # a one-seat satellite: its winner takes the seat
    if data.get("winner") or won:
        if won and satellite:
            from tdtool.names import seats_won_line

            names = seats_won_line(won, satellite["seat_value"])
            decided = "the seats are decided: " if len(won) > 1 else ""
            lines += [f"Finished: {decided}{names}. The clock is stopped.", ""]
        else:
            lines += [f"Finished: {data['winner']} wins the tournament. The clock is stopped.", ""]
        lines += [
            f"{p['place']:>4}. {p['name']}"
            + (
                f"  seat (worth {p['prize']:,})"
                if p["name"] in won
                else (f"  {p['prize']:,}" if p["prize"] else "")
            )
            for p in data["results"]
        ]
        lines += ["", f"{data['entries']} entries, prize pool {data['prize_pool']:,}."]
        if data.get("bounties"):
            lines.append(data["bounties"]["line"])
        return lines
    rows = clock_rows(data["clock"]) if data.get("clock") else []
    rows += [
        ("Players left", f"{data['players_left']} of {data['entries']} entries"),
        ("Average stack", f"{data['average_stack']:,}" + _in_bb(data, "average_big_blinds")),
        *chip_rows(data.get("chips")),
        ("Prize pool", _pool(data)),
        *satellite_rows(satellite, data["players_left"]),
    ]
    if data.get("from_flights"):
        o = data["from_flights"]
        flights = ", ".join(
            f"{f['name']} {f['entries']:,} entries/{f['survivors']:,} bagged" for f in o["flights"]
        )
        rule = {
            "best": "the best stack of a player in several flights",
            "last": "the last flight's stack of a player in several",
            "first": "the first bag of a player in several flights",
            "forbid": "one flight per player",
        }.get(o["rule"], o["rule"])
        rows.append(("From flights", f"{flights}; {o['advanced']:,} advanced ({rule})"))
    if data.get("deal"):
        shares = ", ".join(f"{d['name']} {d['amount']:,}" for d in data["deal"])
        rows.append(("Deal accepted", shares))
    if data.get("bounties"):
        from tdtool.tournament.bounty import money

        b = data["bounties"]
        rows.append(("Bounties", b["line"]))
        if b["biggest"]:
            top = ", ".join(f"{r['name']} {money(r['bounty_cents'])}" for r in b["biggest"])
            rows.append(("Biggest bounties", top))
    if data["rebuys"] or data["addons"]:
        rows.append(("Rebuys / add-ons", f"{data['rebuys']} / {data['addons']}"))
    if data["tables"]:
        counts = ", ".join(f"T{t['table']}: {t['players']}" for t in data["tables"])
        rows.append(("Tables", f"{len(data['tables'])} ({counts})"))
    else:
        rows.append(("Tables", "seats not drawn yet"))
    if data.get("breaks_now"):
        b = data["breaks_now"]
        what = "The final table forms now" if b["final_table"] else f"Table {b['table']} breaks now"
        rows.append(
            (
                "Table break",
                f"{what}: entries have closed and the players fit one table fewer"
                " (`tdtool seat balance` moves them)",
            )
        )
    width = max(len(k) for k, _ in rows)
    lines += [f"{k.ljust(width)}  {v}" for k, v in rows]
    return lines


def satellite_rows(satellite: dict[str, Any] | None, left: int) -> list[tuple[str, str]]:
    """A satellite's seats and how far off they are, from `status --json`'s `satellite`."""
    if not satellite:
        return []
    seats, value, cash = satellite["seats"], satellite["seat_value"], satellite["cash"]
    text = f"{seats} seats worth {value:,} each" if seats != 1 else f"1 seat worth {value:,}"
    if cash:
        text += f", {cash:,} in cash to {_ordinal(seats + 1)}"
    if seats and left == seats + 1:
        text += ": THE SEAT BUBBLE (the next player out wins no seat)"
    elif seats and left > seats:
        text += f"; {left - seats} more out before the seats are decided"
    return [("Satellite", text)]


def _ordinal(n: int) -> str:
    from tdtool.tournament.places import ordinal

    return ordinal(n)


def _pool(data: dict[str, Any]) -> str:
    """The prize pool, saying what the field brought while the guarantee tops it up."""
    pool, overlay = data["prize_pool"], data.get("overlay") or 0
    if not overlay:
        return f"{pool:,}"
    return (
        f"{pool:,} guaranteed: the field has brought {pool - overlay:,}, the house adds {overlay:,}"
    )


def _in_bb(data: dict[str, Any], key: str) -> str:
    chips = data.get("chips") or {}
    value = chips.get(key)
    return f" ({bb_text(value)} BB)" if value is not None else ""


def chip_rows(chips: dict[str, Any] | None) -> list[tuple[str, str]]:
    """The chip leader and the counts' check, from `status --json`'s `chips`."""
    if not chips or not chips["counted"]:
        return []
    leader = chips["leader"]
    bbs = f" ({bb_text(leader['big_blinds'])} BB)" if leader["big_blinds"] is not None else ""
    label, when = "Chip leader", ""
    if leader.get("at_last_count"):  # counts taken before the last bust: as the TV says it
        label = "Chip leader at the last count"
        ago = leader.get("minutes_ago")
        if ago is not None:
            when = f", counted {ago} min ago" if ago >= 1 else ", counted under a minute ago"
    rows = [(label, f"{leader['name']} {leader['chips']:,}{bbs}{when}")]
    diff = chips["difference"]
    if diff is None:
        counted = chips["counted"]
        rows.append(
            ("Chip counts", f"{counted} of {counted + chips['not_counted']} players counted")
        )
    elif diff == 0:
        stale = chips.get("counted_before_last_bust")
        why = f"; {stale} counted before the last bust" if stale else ""
        rows.append(("Chip counts", f"add up to the {chips['chips_in_play']:,} in play{why}"))
    else:
        off = f"{diff:,} over" if diff > 0 else f"{-diff:,} short of"
        stale = chips.get("counted_before_last_bust")
        why = f"; {stale} counted before the last bust" if stale else ""
        rows.append(
            (
                "Chip counts",
                f"do not add up: {chips['chips_counted']:,} counted, {off} the"
                f" {chips['chips_in_play']:,} in play{why} (`tdtool chips show`)",
            )
        )
    return rows


def clock_rows(clock: dict[str, Any]) -> list[tuple[str, str]]:
    """The clock's rows of the status screen, from `ClockReading.as_dict()`."""
    from tdtool.tournament.clock import format_seconds

    blinds = f"{clock['small_blind']:,}/{clock['big_blind']:,}"
    if clock["ante"]:
        blinds += f", ante {clock['ante']:,}"
    if clock["bb_ante"]:
        blinds += f", big blind ante {clock['bb_ante']:,}"
    if clock["past_last_level"]:
        left = (
            f"+{format_seconds(clock['overtime_seconds'])} past the end (the last level continues)"
        )
    else:
        left = format_seconds(clock["remaining_seconds"])
    level = f"{clock['level']}: {blinds}"
    rows = [
        ("Break", f"then level {level}") if clock["on_break"] else ("Level", level),
        ("Time left", f"{left}, {clock['status']}"),
    ]
    day = clock.get("day", 1)
    if clock.get("day_ended"):
        rows.insert(
            0,
            (
                "Day",
                f"{day} has ended: bag and tag; `tdtool clock resume` starts Day {day + 1}"
                " (a flight: `tdtool flights combine` with the other flights)",
            ),
        )
    elif clock.get("day_last_level") is not None:
        ends = format_seconds(clock["seconds_to_day_end"] or 0)
        rows.insert(0, ("Day", f"{day}, ends after level {clock['day_last_level']} (in {ends})"))
    elif day > 1:
        rows.insert(0, ("Day", str(day)))
    if clock["seconds_to_break"] is not None:
        rows.append(("Next break", f"in {format_seconds(clock['seconds_to_break'])}"))
    if clock["late_registration"] == "open":
        left = format_seconds(clock["seconds_to_late_registration_end"] or 0)
        closes = f"open, closes in {left}"
        last, late = clock.get("day_last_level"), clock.get("late_registration_level")
        if last is not None and late is not None and late > last:  # on a later day
            closes = f"open through level {late} (on a later day; {left} of play)"
        rows.append(("Late registration", closes))
    elif clock["late_registration"] == "closed":
        rows.append(("Late registration", "closed"))
    return rows


def status(ctx: typer.Context, json_out: JsonOpt = False) -> None:
    """One screen: level, blinds, time left, players left, average stack, prize pool, tables.

    Once late registration (and any re-entry) has closed it also says when a table held
    open for late entries breaks now (`tdtool seat balance` breaks it).

    Example: tdtool status --json
    """
    from tdtool.app.status import status as status_now
    from tdtool.cli.render import emit_json

    data = status_now(db_path(ctx)).to_dict()
    if json_out:
        emit_json(data)
    else:
        typer.echo("\n".join(status_lines(data)))


def log(
    ctx: typer.Context,
    last: Annotated[int | None, typer.Option(help="Only the last N records.", min=1)] = None,
    verify: Annotated[
        bool,
        typer.Option(
            "--verify",
            help="Check the log's hash chain: name the first event changed, removed or moved"
            " since it was written (exit 1), else print the chain's head to note.",
            metavar="",
        ),
    ] = False,
    json_out: JsonOpt = False,
) -> None:
    """The event log: every change recorded, who made it, undone ones marked.

    Each event carries the hash of itself and the one before it, so --verify shows whether
    the record was altered; note the head it prints (on the results sheet) to compare later.

    Example: tdtool log --last 20
    Example: tdtool log --verify
    """
    from tdtool.app.tournament import log as read_log
    from tdtool.cli.render import emit_json, table

    if verify:
        _verify(ctx, json_out)
        return
    records = read_log(db_path(ctx), last)
    if json_out:
        emit_json([r.to_dict() for r in records])
        return
    rows = [
        (
            r.seq,
            r.change,
            time.strftime("%H:%M:%S", time.localtime(r.at)),
            r.operator or "-",
            r.text + ("  [undone]" if r.undone else ""),
        )
        for r in records
    ]
    typer.echo(table(rows, ["#", "change", "time", "by", "event"]))


def _verify(ctx: typer.Context, json_out: bool) -> None:
    from tdtool.app.tournament import verify_log
    from tdtool.cli._db import db_label
    from tdtool.cli.render import emit_json

    found = verify_log(db_path(ctx))
    if json_out:
        emit_json(found.to_dict())
    elif found.broken_at is not None:
        typer.echo(
            f"The log of {db_label(ctx)} was altered: {found.problem} The events before"
            f" {found.broken_at} check out (chain head there: {found.head or 'none'})."
        )
    else:
        typer.echo(
            f"The log of {db_label(ctx)} checks out: {found.events:,} events, each as it was"
            f" recorded. Chain head: {found.head} (note it: a later check that prints the"
            " same head at that event shows nothing before it was changed)."
        )
    if found.bad_snapshots and not json_out:
        where = ", ".join(map(str, found.bad_snapshots))
        typer.echo(
            f"A saved state (snapshot at event {where}) did not match the log; it was removed"
            " and the state is read from the log (the next change saves a new one)."
        )
    if not found.ok:
        raise typer.Exit(1)


def undo(
    ctx: typer.Context,
    yes: Annotated[
        bool,
        typer.Option(
            "--yes", "-y", help="Take back another operator's change without asking.", metavar=""
        ),
    ] = False,
    json_out: JsonOpt = False,
) -> None:
    """Take back the last change (a bust with its moves, a registration, a draw ...).

    Run it again to take back the change before that. It says whose change it takes back,
    and asks first when another operator made it (from another laptop); --yes does not ask.

    Example: tdtool undo
    """
    from tdtool.app.tournament import last_change
    from tdtool.app.tournament import undo as take_back
    from tdtool.cli._db import db_label, interactive
    from tdtool.cli.render import emit_json
    from tdtool.errors import InputError

    path = db_path(ctx)
    pending = last_change(path)
    if pending is not None and pending.someone_elses and not yes:
        what = "; ".join(e.text.splitlines()[0] for e in pending.events[:3])
        question = (
            f"The last change ({pending.change}: {what}) was made by {pending.operator}, not by"
            f" you ({pending.me})."
        )
        if not interactive():
            raise InputError(f"{question} Pass --yes to take it back anyway.")
        typer.echo(question)
        if not typer.confirm(f"Take back {pending.operator}'s change?", default=False):
            typer.echo("Nothing was undone.")
            raise typer.Exit(1)
    undone = take_back(path, None if pending is None else pending.change)
    if json_out:
        emit_json(undone.to_list())
        return
    by = f" (made by {undone.operator})" if undone.operator else ""
    typer.echo(f"Undid change {undone.change}{by} in {db_label(ctx)}:")
    for e in undone.events:
        for line in e.text.splitlines():
            typer.echo(f"  {line}")
