"""`tdtool player ...`: register, list, bust, re-enter, rebuy, add-on, bounties."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from tdtool.cli._app import App
from tdtool.cli._db import JsonOpt, YesOpt, asker, db_path
from tdtool.cli._theme import PaperOpt, SheetLanguageOpt, ThemeOpt
from tdtool.cli._values import bb_text
from tdtool.i18n import Words, words

if TYPE_CHECKING:
    from tdtool.tournament.bounty import Bounties

HELP = (
    "Players: registration, bust-outs, re-entries, rebuys, add-ons, bounties, chip counts.\n\n"
    "Example: tdtool player bust Anna"
)
"""The help of `tdtool player` (read by `tdtool --help` without building the commands)."""

app = App(help=HELP, no_args_is_help=True)


@app.command("add")
def add(
    ctx: typer.Context,
    names: Annotated[
        list[str], typer.Argument(help="One or more players' names (or registry ids: '#104').")
    ],
    new: Annotated[
        bool,
        typer.Option(
            "--new",
            metavar="",
            help="Players not in the registry: register the names as typed, unmatched.",
        ),
    ] = False,
    yes: YesOpt = False,
    json_out: JsonOpt = False,
) -> None:
    """Register entries. After the draw each new entry gets a seat at once (TDA 8A).

    With a player registry (`tdtool players`), each name is matched against it as the
    look-ups match names (any case, accents or not) and the entry is linked to the player's
    id: '#104' is that player; a part of a name ("jose") asks "Did you mean José García
    (#104)?" at a terminal; two possible players are never guessed between. --new skips it.

    Example: tdtool player add Anna Ben "Carla M"
    """
    from tdtool.app import players
    from tdtool.app.slips import move_lines, opened_lines
    from tdtool.cli.render import emit_json

    db = db_path(ctx)
    linking = None if new else _linking(ctx, db, names, yes or json_out)
    if linking is None:
        result = players.register(db, names, asker(yes or json_out))
    else:
        result = players.register(db, linking.names, asker(yes or json_out), linking.ids)
    if json_out:
        data = result.to_dict()
        if linking is not None:
            data["registry"] = [link.to_dict() for link in linking.links]
        emit_json(data)
        return
    if linking is not None:
        for link in linking.links:
            if link.player_id is not None:
                typer.echo(f"{link.typed}: {link.name} (#{link.player_id}) in the registry.")
    typer.echo(f"Registered {', '.join(p.name for p in result.added)}.")
    if result.moves:
        _ = words(result.language)
        said = move_lines(result.moves, _)
        typer.echo("\n".join(opened_lines(result.opened, result.moves, _) + said))
    entries = "1 entry" if result.entries == 1 else f"{result.entries} entries"
    left = result.players_left
    typer.echo(f"{entries}, {'1 player' if left == 1 else f'{left} players'} in.")


def _linking(ctx: typer.Context, db: Any, names: list[str], quiet: bool) -> Any:
    """The typed names matched against the player registry (None when there is none:
    registration as it always was):
    questions asked at a terminal, never with --yes or --json."""
    from tdtool.app import registry
    from tdtool.cli._db import interactive, operator, registry_given
    from tdtool.io.registry_where import default_target

    target = default_target(registry_given(ctx), db.target, Path.cwd())

    ask = not quiet and interactive()
    return registry.link_names(
        db,
        target,
        names,
        confirm=(lambda question: typer.confirm(question, default=True)) if ask else None,
        pick=_pick if ask else None,
        operator=operator(ctx),
    )


def _pick(typed: str, candidates: Any) -> int | None:
    """The director says which registry player `typed` is (by id), or that it is a new one."""
    from tdtool.errors import InputError
    from tdtool.names import or_list

    typer.echo(f"{typed!r} could be {or_list([p.label for p in candidates])}.")
    ids = {p.id for p in candidates}
    for _ in range(3):
        answer = typer.prompt("Which one (the id), or 'new' for another player").strip()
        if answer.casefold() == "new":
            return None
        digits = answer.lstrip("#")
        if digits.isdigit() and len(digits) <= 9 and int(digits) in ids:
            return int(digits)
        typer.echo(f"{answer!r} is not one of {', '.join(f'#{i}' for i in sorted(ids))}.")
    raise InputError(f"No player chosen for {typed!r}; nothing was changed.")


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
        typer.Option(
            "--hand-for-hand", help="Busts at different tables in this hand tie (RP-8).", metavar=""
        ),
    ] = False,
    by: Annotated[
        list[str] | None,
        typer.Option(
            "--by",
            help="Who knocked them out (needed when the tournament has bounties). Twice (or"
            " Carl,Dan) for a split pot: they share the bounty equally, odd cents to the first"
            " named. With several players out: BUSTED=NAME for each.",
            show_default=False,
        ),
    ] = None,
    anywhere: Annotated[
        bool,
        typer.Option(
            "--anywhere",
            help="Accept an eliminator seated at another table than the busted player's"
            " (refused otherwise: the floor confirms it, e.g. a player moved during the hand).",
            metavar="",
        ),
    ] = False,
    yes: YesOpt = False,
    json_out: JsonOpt = False,
) -> None:
    """Eliminate players busted in one hand: record their places and apply the moves that follow.

    Several names: busted in the same hand; the one with more chips at the start of the
    hand finishes higher (--stacks), equal stacks tie. Then the tables are balanced (TDA 11),
    broken (TDA 10B) or the final table is formed (RP-9), and the moves are printed.

    --by names who knocked them out: the bounty is paid to them (a PKO pays half and adds
    half to their own bounty). A split pot names each winner: they share equally. An
    eliminator must sit at the busted player's table (--anywhere if the floor says otherwise).

    Example: tdtool player bust Anna --by Carl --by Dan
    """
    from tdtool.app import players
    from tdtool.app.slips import bounty_lines, left_short_line, move_lines
    from tdtool.cli.render import emit_json
    from tdtool.tournament.places import ordinal

    chips = _stacks_in_order(names, stacks)
    eliminators = players.eliminators(names, by or [])
    result = players.bust(
        db_path(ctx), names, chips, hand_for_hand, asker(yes or json_out), eliminators, anywhere
    )
    if json_out:
        emit_json(result.to_dict())
        return
    # What the director reads aloud is in the tournament's language; how to type the next
    # command stays as the commands are (English).
    _ = words(result.language)
    held = {p.name: p for p in result.may_rebuy}
    for b in result.busted:
        shared = (
            _(
                " (tied: places %(first)s-%(last)s share their prizes)",
                first=b.place,
                last=b.through,
            )
            if b.tied
            else ""
        )
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
            out = _("%(name)s is out in %(place)s place", name=b.name, place=_.ordinal(b.place))
            typer.echo(f"{out}{shared}.")
    if held:
        typer.echo(
            "The tables stay as they are until it is known who stays out: they are settled at"
            " the next bust, or now with `tdtool seat balance`."
        )
    if result.late_registration_open:
        typer.echo(
            _(
                "(Late registration is open: places move down as new entries arrive and settle"
                " when it closes.)"
            )
        )
    if result.moves and not result.seats_decided:  # nobody plays on: no seats to take
        typer.echo("\n".join(move_lines(result.moves, _)))
    if result.left_short is not None:
        typer.echo(left_short_line(result.left_short, _))
    if result.held_for_late_entries is not None:
        table, at = result.held_for_late_entries
        typer.echo(
            _(
                "Table %(table)s stays open for late entries: %(left)s players would fit one"
                " table fewer, but the next entries would find no seat and open it again. It"
                " breaks when %(at)s are left (an open seat at every other table), or once entries"
                " have closed, at the next bust or `tdtool seat balance`.",
                table=table,
                left=_.number(result.players_left),
                at=_.number(at),
            )
        )
    for table, minutes in result.stale_buttons:
        typer.echo(
            f"Check: Table {table}'s button was recorded {minutes} minutes ago. If it has moved"
            f" since, `tdtool undo`, record it with `tdtool seat button {table} SEAT` and bust"
            " again."
        )
    news = result.money
    over = bool(result.winner or result.seats_decided)
    if news is not None and news.deal and not over:
        still = (
            [_("the %(amount)s held back", amount=_.number(news.held_back))]
            if news.held_back
            else []
        )
        still += [_("the bounties")] if news.bounties else []
        from tdtool.names import and_list

        for_what = and_list([*still, _("the title")], _("and"))
        typer.echo(
            _("The deal has paid the players in it; play goes on for %(what)s.", what=for_what)
        )
    if news is not None and news.in_the_money and not over:
        typer.echo(
            _(
                "In the money: the %(num)s players left are all paid.",
                num=_.number(result.players_left),
            )
        )
    play_hand_for_hand = _(
        "Play the next hand hand-for-hand (RP-8) at every table and record its busts together"
        " with --hand-for-hand."
    )
    if news is not None and news.seat_bubble:
        left, seats = result.players_left, news.seats
        cash = (
            _(
                "finishes %(place)s and wins %(amount)s in cash",
                place=_.ordinal(left),
                amount=_.number(news.next_prize),
            )
            if news.bubble is False and news.next_prize
            else _("wins nothing")
        )
        others = _("the other wins the seat.") if seats == 1 else _("the others win a seat each.")
        typer.echo(
            _.ngettext(
                "The seat bubble: %(left)s players left for %(num)s seat; the next player out"
                " %(cash)s, %(others)s",
                "The seat bubble: %(left)s players left for %(num)s seats; the next player out"
                " %(cash)s, %(others)s",
                seats,
                left=_.number(left),
                cash=cash,
                others=others,
            )
        )
        if result.hand_for_hand_next:
            typer.echo(play_hand_for_hand)
    elif news is not None and news.bubble:
        typer.echo(
            _.ngettext(
                "The bubble: %(left)s players left and %(num)s is paid; the next player out"
                " wins nothing.",
                "The bubble: %(left)s players left and %(num)s are paid; the next player out"
                " wins nothing.",
                news.paid,
                left=_.number(result.players_left),
            )
        )
        if result.hand_for_hand_next:
            typer.echo(play_hand_for_hand)
        elif result.players_left > 2:  # heads-up, one player out ends it: no same-hand ranks
            typer.echo(
                _(
                    "One table is left, so nobody waits for another table: players out in the"
                    " same hand are ranked by their chips at its start (give --stacks)."
                )
            )
    elif result.hand_for_hand_next:
        typer.echo(
            _(
                "%(num)s players left: play the next hand hand-for-hand (RP-8) and record its"
                " busts together with --hand-for-hand.",
                num=_.number(result.players_left),
            )
        )
    if (
        news is not None
        and not news.seat_bubble
        and news.next_prize is not None
        and news.next_place is not None
    ):
        jump = (
            _(
                ", %(amount)s more than %(place)s",
                amount=_.number(news.jump),
                place=_.ordinal(news.next_place + 1),
            )
            if news.jump
            else ""
        )
        typer.echo(
            _(
                "Next out finishes %(place)s and wins %(amount)s%(jump)s.",
                place=_.ordinal(news.next_place),
                amount=_.number(news.next_prize),
                jump=jump,
            )
        )
    for line in bounty_lines(result, _):
        typer.echo(line)
    if result.seats_decided:
        from tdtool.names import and_list

        won_by, worth = result.seats_decided, _.number(result.seat_value)
        won = (
            _("%(name)s wins the seat (worth %(amount)s)", name=won_by[0], amount=worth)
            if len(won_by) == 1
            else _(
                "%(names)s win a seat each (worth %(amount)s)",
                names=and_list(won_by, _("and")),
                amount=worth,
            )
        )
        typer.echo(_("The seats are decided: %(won)s. The satellite is over.", won=won))
        if result.own_bounties:
            owns = ", ".join(f"{n} {_.cash(c)}" for n, c in result.own_bounties)
            typer.echo(
                _("Each seat winner still in collects their own bounty: %(owns)s.", owns=owns)
            )
    elif result.winner and news is not None and news.seats == 1:
        typer.echo(
            _(
                "%(name)s wins the satellite and its seat (worth %(amount)s)!",
                name=result.winner,
                amount=_.number(result.seat_value),
            )
        )
    elif result.winner:
        kept = news.held_back if news is not None and news.deal else 0
        typer.echo(
            _(
                "%(name)s wins the tournament and the %(amount)s held back!",
                name=result.winner,
                amount=_.number(kept),
            )
            if kept
            else _("%(name)s wins the tournament!", name=result.winner)
        )
        if result.winner_bounty:
            typer.echo(
                _(
                    "The winner's own bounty goes to %(name)s: %(amount)s.",
                    name=result.winner,
                    amount=_.cash(result.winner_bounty),
                )
            )
    else:
        tables = result.tables
        typer.echo(
            _.ngettext(
                "%(left)s players left at %(num)s table.",
                "%(left)s players left at %(num)s tables.",
                tables,
                left=_.number(result.players_left),
            )
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


@app.command("chips")
def chips(
    ctx: typer.Context,
    counts: Annotated[
        list[str] | None,
        typer.Argument(
            help="Each player's name followed by their chips: Anna 48200 Ben 31500"
            " (or Anna=48200).",
            show_default=False,
        ),
    ] = None,
    csv: Annotated[
        str | None,
        typer.Option(
            "--csv",
            metavar="FILE",
            help="A CSV of counts, one NAME,CHIPS a row (a header naming `name` and `chips`"
            " columns may come first; other columns are ignored).",
        ),
    ] = None,
    json_out: JsonOpt = False,
) -> None:
    """Record chip counts (several at once, or the bags counted at the end of a day).

    Each count replaces the player's last one; all are recorded as one change (`tdtool
    undo` takes them back together), and nothing is recorded when one is wrong. Then the
    chip leader and the check against the chips in play (entries, re-entries, rebuys and
    add-ons sold, minus chips raced off) are printed: once every player left is counted,
    a count that does not add up is named with the difference.

    Example: tdtool player chips Anna 48200 Ben 31500

    Example: tdtool player chips --csv day1-bags.csv
    """
    from tdtool.app import chips as app_chips
    from tdtool.cli.render import emit_json

    pairs = _count_pairs(counts or [])
    path = None
    if csv is not None:
        from tdtool.io.paths import checked

        path = checked(csv, "--csv")
    if not pairs and path is None:
        from tdtool.errors import InputError

        raise InputError(
            "Give the counts: NAME CHIPS pairs (tdtool player chips Anna 48200 Ben 31500)"
            " or --csv FILE."
        )
    result = app_chips.record(db_path(ctx), pairs, path, csv)
    if json_out:
        emit_json(result.to_dict())
        return
    n = len(result.counts)
    source = f" from {csv}" if csv else ""
    if n <= 3:
        listed = ", ".join(f"{name} {amount:,}" for name, amount in result.counts)
        typer.echo(f"Recorded {'the count' if n == 1 else f'{n} counts'}{source}: {listed}.")
    else:
        typer.echo(f"Recorded {n} counts{source}.")
    _chip_lines(result.summary)


def _chip_lines(summary: object) -> None:
    """The chip leader, the average and the check of the counts, a line each."""
    from tdtool.tournament.chip_counts import ChipSummary, check_line

    assert isinstance(summary, ChipSummary)
    leader = summary.leader
    if leader is not None and leader.chips is not None:
        bbs = f" ({bb_text(leader.big_blinds)} BB)" if leader.big_blinds is not None else ""
        typer.echo(f"Chip leader: {leader.name} {leader.chips:,}{bbs}.")
    if summary.players_left:
        average = summary.average_big_blinds
        typer.echo(
            f"Average stack {summary.average_stack:,}"
            + (f" ({bb_text(average)} BB)" if average is not None else "")
            + f", {summary.players_left} players left."
        )
    typer.echo(check_line(summary))


def _count_pairs(args: list[str]) -> list[tuple[str, int]]:
    """NAME CHIPS pairs (or NAME=CHIPS) as typed after `player chips`."""
    from tdtool.errors import InputError
    from tdtool.io.chip_counts_csv import (
        chips_problem,
        looks_like_count,
        parse_chips,
        shown_count,
    )
    from tdtool.io.paths import shorten

    pairs: list[tuple[str, int]] = []
    i = 0
    while i < len(args):
        arg = args[i]
        if "=" in arg:
            name, _, amount = arg.partition("=")
            i += 1
        else:
            name = arg
            if i + 1 >= len(args):
                raise InputError(
                    f"{shorten(name, 60)!r} has no count after it; give NAME CHIPS pairs, e.g."
                    " tdtool player chips Anna 48200 Ben 31500."
                )
            amount = args[i + 1]
            i += 2
        if looks_like_count(name):
            raise InputError(
                f"{shown_count(name)} stands where a player's name goes; give NAME CHIPS pairs,"
                " e.g. tdtool player chips Anna 48200 Ben 31500."
            )
        chips = parse_chips(amount)
        if chips is None:
            raise InputError(
                f"{shorten(name, 60)}'s count {shown_count(amount)} {chips_problem(amount)};"
                " give NAME CHIPS pairs, e.g. tdtool player chips Anna 48200 Ben 31500."
            )
        pairs.append((name.strip(), chips))
    return pairs


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

    from tdtool.tournament.bounty import money

    headers = ["player", "status", "table", "seat", "place", "entries", "rebuys", "add-ons"]
    bounties = rows[0].bounty is not None
    if bounties:
        headers += ["bounty", "bounties won", "knockouts"]
    counted = any(r.chips is not None for r in rows)
    if counted:
        headers += ["chips", "BB"]

    def bounty(r: PlayerRow) -> tuple[object, ...]:
        b = r.bounty
        if b is None:
            return ()
        return (money(b.bounty) if b.bounty else "", money(b.won) if b.won else "",
                b.knockouts or "")  # fmt: skip

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
                    *bounty(r),
                    *(
                        (
                            f"{r.chips:,}" if r.chips is not None else "",
                            f"{bb_text(r.big_blinds)}" if r.big_blinds is not None else "",
                        )
                        if counted
                        else ()
                    ),
                )
                for r in rows
            ],
            headers,
            **(
                {
                    "disable_numparse": True,
                    "colalign": ("left", "left") + ("right",) * (len(headers) - 2),
                }
                if bounties
                else {}
            ),
        )
    )
    leader = max((r for r in rows if r.chips is not None), key=lambda r: r.chips or 0, default=None)
    if leader is not None and leader.chips is not None:
        bbs = f" ({bb_text(leader.big_blinds)} BB)" if leader.big_blinds is not None else ""
        typer.echo(f"Chip leader: {leader.name} {leader.chips:,}{bbs}.")


@app.command("rename")
def rename(
    ctx: typer.Context,
    old: Annotated[str, typer.Argument(help="The player's name as registered (or enough of it).")],
    new: Annotated[str, typer.Argument(help="The name as it should be.")],
    json_out: JsonOpt = False,
) -> None:
    """Correct a player's name (a typo at registration). The player keeps their seat,
    entries, places, knockouts and chips; the list, the results, the sheets and the knockouts
    show the new name. One recorded change: `tdtool undo` takes it back.

    Example: tdtool player rename "Jose Garcia" "José García"
    """
    from tdtool.app import players
    from tdtool.cli.render import emit_json

    result = players.rename(db_path(ctx), old, new)
    if json_out:
        emit_json(result.to_dict())
        return
    p = result.player
    where = f" (table {p.table}, seat {p.seat})" if p.table else ""
    typer.echo(f"Renamed {result.old} to {p.name}{where}.")


@app.command("remove")
def remove(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help="The player registered by mistake.")],
    not_played: Annotated[
        bool,
        typer.Option(
            "--not-played",
            help="The player is seated and the clock has started, but no hand was dealt to them.",
            metavar="",
        ),
    ] = False,
    yes: YesOpt = False,
    json_out: JsonOpt = False,
) -> None:
    """Take out a registration entered by mistake, before it played: not a bust (no place).

    The entry leaves the entries and the prize pool, its price (buy-in, bounty, fee) is to be
    refunded, and after the draw the tables are balanced. Refused once the entry has played
    (busted, re-entered, rebought, counted, knocked someone out); a player seated once the
    clock has started needs --not-played. `tdtool undo` takes it back.

    Example: tdtool player remove "Zed"
    """
    from tdtool.app import players
    from tdtool.app.slips import move_lines
    from tdtool.cli.render import emit_json

    result = players.remove(db_path(ctx), name, not_played, asker(yes or json_out))
    _ = words(result.language)
    if json_out:
        emit_json(result.to_dict())
        return
    refund = f" Refund {result.refund:,}." if result.refund else ""
    typer.echo(f"Removed {result.name}'s registration (entered by mistake; not a bust).{refund}")
    if result.moves:
        typer.echo("\n".join(move_lines(result.moves, _)))
    entries = "1 entry" if result.entries == 1 else f"{result.entries} entries"
    left = result.players_left
    typer.echo(f"{entries}, {'1 player' if left == 1 else f'{left} players'} in.")


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
    from tdtool.app.slips import move_lines, opened_lines
    from tdtool.cli.render import emit_json

    result = players.reenter(db_path(ctx), name, asker(yes or json_out))
    _ = words(result.language)
    if json_out:
        emit_json(result.to_dict())
        return
    typer.echo(f"{result.player.name} re-entered (entry {result.entries}).")
    if result.bounty is not None:
        from tdtool.tournament.bounty import money

        typer.echo(f"{result.player.name}'s new bounty: {money(result.bounty)}.")
    if result.moves:
        said = move_lines(result.moves, _)
        typer.echo("\n".join(opened_lines(result.opened, result.moves, _) + said))


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
    from tdtool.app.slips import move_lines, opened_lines
    from tdtool.cli.render import emit_json

    result = players.rebuy(db_path(ctx), name, asker(json_out))
    _ = words(result.language)
    if json_out:
        emit_json(result.to_dict())
        return
    typer.echo(f"{result.name} rebought: give {result.chips:,} chips (rebuy {result.rebuys}).")
    if result.bounty is not None:
        from tdtool.tournament.bounty import money

        typer.echo(f"{result.name}'s bounty now: {money(result.bounty)}.")
    back = result.back_in
    if back is not None:
        where = f"table {back.table}, seat {back.seat}"
        if result.same_seat:
            typer.echo(f"{result.name} is back in, in the same seat ({where}).")
        else:
            typer.echo(f"{result.name} is back in; their seat was taken, so: {where}.")
        others = [m for m in result.moves if m.player != result.name]
        lines = opened_lines(result.opened, result.moves, _)
        if others:
            typer.echo("\n".join(lines + move_lines(others, _)))


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


@app.command("bounties")
def bounties(
    ctx: typer.Context,
    print_to: Annotated[
        Path | None,
        typer.Option(
            "--print",
            help="Also write the knockouts, who was paid what, to FILE.html, FILE.md or FILE.csv.",
            show_default=False,
        ),
    ] = None,
    json_out: JsonOpt = False,
    theme: ThemeOpt = None,
    paper: PaperOpt = None,
    language: SheetLanguageOpt = None,
) -> None:
    """The bounties: each player's bounty, bounties won and knockouts, and every knockout in
    order with what it paid (the bounty desk's record).

    Example: tdtool player bounties --print bounties.html
    """
    from tdtool.app import players
    from tdtool.cli._theme import read_language, read_paper, read_theme
    from tdtool.cli.render import emit_json, table
    from tdtool.io.money_sheets import Sheet, rows_of, write_sheet
    from tdtool.tournament.bounty import money

    house = read_theme(theme) if print_to is not None else None
    sheet_paper = read_paper(paper)
    name, view, own = players.bounty_view(db_path(ctx))
    ko_headers, ko_rows = _knockout_table(view)
    if print_to is not None:
        lang = read_language(language, own)
        _ = words(lang)
        headers, rows = _knockout_table(view, _)
        write_sheet(
            Sheet(
                _("%(tournament)s: knockouts", tournament=name),
                headers,
                rows_of(rows),
                (view.line(lang),),
                total=bool(rows),
                lang=lang,
            ),
            print_to,
            house,
            sheet_paper,
        )
    if json_out:
        emit_json(view.to_dict())
        return
    typer.echo(view.line())
    if not view.rows:
        typer.echo("No players yet; register them with `tdtool player add NAME...`.")
        return
    typer.echo("")
    rows = sorted(view.rows, key=lambda r: (-r.bounty, -r.won, r.name.casefold()))
    typer.echo(
        table(
            [
                (
                    r.name,
                    money(r.bounty) if r.bounty else "",
                    money(r.won) if r.won else "",
                    r.knockouts or "",
                )  # fmt: skip
                for r in rows
            ],
            ["player", "bounty", "bounties won", "knockouts"],
            disable_numparse=True,
            colalign=("left", "right", "right", "right"),
        )
    )
    if ko_rows:
        typer.echo("")
        typer.echo(
            table(
                ko_rows,
                ko_headers,
                disable_numparse=True,
                colalign=("right", "left", "right", "left", "right", "right")[: len(ko_headers)],
            )
        )
    if print_to is not None:
        typer.echo(f"Knockouts written to {print_to}.")


def _knockout_table(view: Bounties, _: Words | None = None) -> tuple[tuple[str, ...], list[Any]]:
    """The bounty desk's record: every knockout in order with what it paid, the own bounties
    collected at the end and the total; in `_`'s language (the sheet's), else English."""
    _ = _ or words()
    cash = _.cash
    ko_headers: tuple[str, ...] = (
        "#", _("Busted"), _("Bounty"), _("Knocked out by"), _("Paid")
    )  # fmt: skip
    if view.pko:
        ko_headers += (_("Added to bounty"),)
    ko_rows: list[tuple[str, ...]] = []
    for i, k in enumerate(view.knockouts, start=1):
        for j, s in enumerate(k.shares):
            first = j == 0
            ko_rows.append(
                (
                    str(i) if first else "",
                    k.busted if first else "",
                    cash(k.collected) if first else "",
                    s.name,
                    cash(s.paid),
                )
                + ((cash(s.added),) if view.pko else ())
            )
    # The desk's record adds up to the "paid" of the line above it: the own bounties
    # collected at the end, then the total paid.
    for who, cents in view.own:
        ko_rows.append(
            ("", _("%(name)s (own)", name=who), cash(cents), _("collected at the end"), cash(cents))
            + (("",) if view.pko else ())
        )
    if ko_rows:
        ko_rows.append(("", _("Total"), "", "", cash(view.paid)) + (("",) if view.pko else ()))
    return ko_headers, ko_rows
