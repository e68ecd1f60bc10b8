"""`tdtool player ...`: register, list, bust, re-enter, rebuy, add-on."""

from __future__ import annotations

from typing import Annotated

import typer

from tdtool.cli._db import JsonOpt, YesOpt, asker, db_path

HELP = (
    "Players: registration, bust-outs, re-entries, rebuys, add-ons.\n\n"
    "Example: tdtool player bust Anna"
)
"""The help of `tdtool player` (read by `tdtool --help` without building the commands)."""

app = typer.Typer(help=HELP, no_args_is_help=True)


@app.command("add")
def add(
    ctx: typer.Context,
    names: Annotated[list[str], typer.Argument(help="One or more players' names.")],
    yes: YesOpt = False,
    json_out: JsonOpt = False,
) -> None:
    """Register entries. After the draw each new entry gets a seat at once (TDA 8A).

    Example: tdtool player add Anna Ben "Carla M"
    """
    from tdtool.app import players
    from tdtool.cli._moves import move_lines, opened_lines
    from tdtool.cli.render import emit_json

    result = players.register(db_path(ctx), names, asker(yes or json_out))
    if json_out:
        emit_json(result.to_dict())
        return
    typer.echo(f"Registered {', '.join(p.name for p in result.added)}.")
    if result.moves:
        typer.echo("\n".join(opened_lines(result.opened, result.moves) + move_lines(result.moves)))
    entries = "1 entry" if result.entries == 1 else f"{result.entries} entries"
    left = result.players_left
    typer.echo(f"{entries}, {'1 player' if left == 1 else f'{left} players'} in.")


@app.command("bust")
def bust(
    ctx: typer.Context,
    names: Annotated[list[str], typer.Argument(help="The player(s) out in this hand.")],
    stacks: Annotated[
        str | None,
        typer.Option(
            help="Chips each had at the start of the hand, in the same order: 12000,8500"
            " (or by name: Anna=12000,Ben=8500)."
        ),
    ] = None,
    hand_for_hand: Annotated[
        bool,
        typer.Option("--hand-for-hand", help="Busts at different tables in this hand tie (RP-8)."),
    ] = False,
    yes: YesOpt = False,
    json_out: JsonOpt = False,
) -> None:
    """Eliminate players busted in one hand: record their places and apply the moves that follow.

    Several names: busted in the same hand; the one with more chips at the start of the
    hand finishes higher (--stacks), equal stacks tie. Then the tables are balanced (TDA 11),
    broken (TDA 10B) or the final table is formed (RP-9), and the moves are printed.

    Example: tdtool player bust Anna Ben --stacks 12000,8500
    """
    from tdtool.app import players
    from tdtool.cli._moves import move_lines
    from tdtool.cli.render import emit_json
    from tdtool.tournament.places import ordinal

    chips = _stacks_in_order(names, stacks)
    result = players.bust(db_path(ctx), names, chips, hand_for_hand, asker(yes or json_out))
    if json_out:
        emit_json(result.to_dict())
        return
    held = {p.name: p for p in result.may_rebuy}
    for b in result.busted:
        shared = f" (tied: places {b.place}-{b.through} share their prizes)" if b.tied else ""
        if b.name in held:
            p = held[b.name]
            seat = f" to table {p.table}, seat {p.seat}" if p.table else ""
            typer.echo(
                f"{b.name} busts with rebuys open (until the end of level {result.rebuy_until}):"
                f" `tdtool player rebuy {b.name}` brings {b.name} back{seat}."
                f" If {b.name} does not rebuy, {b.name} finishes in {ordinal(b.place)}"
                f" place{shared}."
            )
        else:
            typer.echo(f"{b.name} is out in {ordinal(b.place)} place{shared}.")
    if held:
        typer.echo(
            "The tables stay as they are until it is known who stays out: they are settled at"
            " the next bust, or now with `tdtool seat balance`."
        )
    if result.late_registration_open:
        typer.echo(
            "(Late registration is open: places move down as new entries arrive and settle"
            " when it closes.)"
        )
    if result.moves:
        typer.echo("\n".join(move_lines(result.moves)))
    for table, minutes in result.stale_buttons:
        typer.echo(
            f"Check: Table {table}'s button was recorded {minutes} minutes ago. If it has moved"
            f" since, `tdtool undo`, record it with `tdtool seat button {table} SEAT` and bust"
            " again."
        )
    news = result.money
    if news is not None and news.bubble:
        typer.echo(
            f"The bubble: {result.players_left} players left and {news.paid} are paid;"
            " the next player out wins nothing."
        )
        if result.hand_for_hand_next:
            typer.echo(
                "Play the next hand hand-for-hand (RP-8) at every table and record its busts"
                " together with --hand-for-hand."
            )
        else:
            typer.echo(
                "One table is left, so nobody waits for another table: players out in the same"
                " hand are ranked by their chips at its start (give --stacks)."
            )
    elif result.hand_for_hand_next:
        typer.echo(
            f"{result.players_left} players left: play the next hand hand-for-hand (RP-8) and"
            " record its busts together with --hand-for-hand."
        )
    if news is not None and news.in_the_money:
        typer.echo(f"In the money: the {result.players_left} players left are all paid.")
    if news is not None and news.next_prize is not None and news.next_place is not None:
        jump = f", {news.jump:,} more than {ordinal(news.next_place + 1)}" if news.jump else ""
        typer.echo(
            f"Next out finishes {ordinal(news.next_place)} and wins {news.next_prize:,}{jump}."
        )
    if result.winner:
        typer.echo(f"{result.winner} wins the tournament!")
    else:
        tables = result.tables
        typer.echo(
            f"{result.players_left} players left at {tables} table{'' if tables == 1 else 's'}."
        )


def _stacks_in_order(names: list[str], text: str | None) -> list[int] | None:
    """--stacks of a bust: counts in the order of the names, or NAME=CHIPS for each."""
    from tdtool.cli._values import parse_stacks
    from tdtool.errors import InputError

    if text is None:
        return None
    named, chips = parse_stacks(text)
    if named is None:
        return chips
    by_name = {n.casefold(): c for n, c in zip(named, chips, strict=True)}
    if len(by_name) != len(named) or set(by_name) != {n.casefold() for n in names}:
        raise InputError(
            f"--stacks {text!r} names other players than the busted ones"
            f" ({', '.join(names)}); give one NAME=CHIPS for each of them."
        )
    return [by_name[n.casefold()] for n in names]


@app.command("list")
def list_(ctx: typer.Context, json_out: JsonOpt = False) -> None:
    """Every player: name, table, seat, status, finishing place.

    Example: tdtool player list --json
    """
    from tdtool.app import players
    from tdtool.app.players import PlayerRow
    from tdtool.cli.render import emit_json, table

    rows = players.players(db_path(ctx)).rows
    if json_out:
        emit_json([r.to_dict() for r in rows])
        return
    if not rows:
        typer.echo("No players yet; register them with `tdtool player add NAME...`.")
        return

    def place(r: PlayerRow) -> str:
        if r.place is None:
            return ""
        return f"{r.place}" + (f" (tie of {r.tied})" if r.tied else "")

    typer.echo(
        table(
            [
                (
                    r.name,
                    r.status,
                    r.table or "",
                    r.seat or "",
                    place(r),
                    r.entries,
                    r.rebuys or "",
                    r.addons or "",
                )
                for r in rows
            ],
            ["player", "status", "table", "seat", "place", "entries", "rebuys", "add-ons"],
        )
    )


@app.command("reenter")
def reenter(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help="The busted player entering again.")],
    yes: YesOpt = False,
    json_out: JsonOpt = False,
) -> None:
    """A busted player enters again (if the terms allow re-entry and registration is open).

    Example: tdtool player reenter Anna
    """
    from tdtool.app import players
    from tdtool.cli._moves import move_lines, opened_lines
    from tdtool.cli.render import emit_json

    result = players.reenter(db_path(ctx), name, asker(yes or json_out))
    if json_out:
        emit_json(result.to_dict())
        return
    typer.echo(f"{result.player.name} re-entered (entry {result.entries}).")
    if result.moves:
        typer.echo("\n".join(opened_lines(result.opened, result.moves) + move_lines(result.moves)))


@app.command("rebuy")
def rebuy(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help="The player buying chips.")],
    json_out: JsonOpt = False,
) -> None:
    """A player buys a rebuy (per the terms, until the rebuy period ends).

    A player who busted during the rebuy period may rebuy too: the bust is taken back and
    they sit down again, in the same seat if it is still free.

    Example: tdtool player rebuy Anna
    """
    from tdtool.app import players
    from tdtool.cli._moves import move_lines, opened_lines
    from tdtool.cli.render import emit_json

    result = players.rebuy(db_path(ctx), name, asker(json_out))
    if json_out:
        emit_json(result.to_dict())
        return
    typer.echo(f"{result.name} rebought: give {result.chips:,} chips (rebuy {result.rebuys}).")
    back = result.back_in
    if back is not None:
        where = f"table {back.table}, seat {back.seat}"
        if result.same_seat:
            typer.echo(f"{result.name} is back in, in the same seat ({where}).")
        else:
            typer.echo(f"{result.name} is back in; their seat was taken, so: {where}.")
        others = [m for m in result.moves if m.player != result.name]
        lines = opened_lines(result.opened, result.moves)
        if others:
            typer.echo("\n".join(lines + move_lines(others)))


@app.command("addon")
def addon(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help="The player taking the add-on.")],
    json_out: JsonOpt = False,
) -> None:
    """A player still in takes the add-on (once per entry).

    Example: tdtool player addon Anna
    """
    from tdtool.app import players
    from tdtool.cli.render import emit_json

    result = players.addon(db_path(ctx), name)
    if json_out:
        emit_json(result.to_dict())
        return
    typer.echo(f"{result.name} took the add-on: give {result.chips:,} chips.")
