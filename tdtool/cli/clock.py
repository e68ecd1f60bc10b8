"""`tdtool clock ...`: control and show the level clock from any terminal.

Every control command records one event in the tournament file (so `tdtool undo` takes it
back); the displays (`clock run`, `clock serve`) read the file again every tick, so a
command typed in another terminal shows at once.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from tdtool.cli._app import App
from tdtool.cli._db import db_path, open_store
from tdtool.cli._theme import ScreenThemeOpt

if TYPE_CHECKING:
    from tdtool.tournament.clock import ClockReading

HELP = (
    "The level clock: start, pause, change levels, show it full-screen or on a TV.\n\n"
    "Example: tdtool clock start"
)
"""The help of `tdtool clock` (read by `tdtool --help` without building the commands)."""

app = App(help=HELP, no_args_is_help=True)

JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON for scripts.", metavar="")]


def _act(ctx: typer.Context, action_name: str, seconds: float = 0, json_out: bool = False) -> None:
    from tdtool.app.clock import clock_action
    from tdtool.cli.render import emit_json
    from tdtool.tournament.clock import ClockAction, describe

    action = ClockAction(action_name)
    result = clock_action(db_path(ctx), action, seconds)
    after = result.reading
    if json_out:
        emit_json(result.to_dict())
        return
    done = {
        ClockAction.START: "Clock started.",
        ClockAction.PAUSE: "Clock paused.",
        ClockAction.RESUME: "Clock resumed.",
        ClockAction.NEXT: "Moved on.",
        ClockAction.PREV: "Moved back.",
        ClockAction.SET: "Time set.",
        ClockAction.ADD: f"{abs(seconds) / 60:g} min {'added' if seconds > 0 else 'taken off'}.",
        ClockAction.END_DAY: "Day ended.",
    }[action]
    if result.began_day:
        done = f"Day {after.day} begins."
    if after.day_ended and action is ClockAction.NEXT:
        done = "Day ended."
        if result.day_was_over:  # it did not start the next day, it skipped a period of it
            done = (
                f"Moved on: Day {after.day} had ended already; this moves where Day"
                f" {after.day + 1} resumes, it does not start it."
            )
    typer.echo(f"{done} {describe(after)}")
    hint = {
        ClockAction.PAUSE: "Resume with `tdtool clock resume`.",
        ClockAction.START: "Show it with `tdtool clock run` or on a TV with `tdtool clock serve`.",
    }.get(action)
    if hint:
        typer.echo(hint)
    if after.day_ended and not result.day_was_over:
        typer.echo(
            "Bag and tag: record each bag with `tdtool player chips NAME AMOUNT` (or a CSV),"
            " then `tdtool clock resume` when the next day starts; a flight's players go on"
            " with `tdtool flights combine` of all the flights."
        )
    typer.echo("Take it back with `tdtool undo`.")


# --- the control commands -------------------------------------------------------------------


def _simple(action_name: str, help_text: str) -> None:
    """Register `tdtool clock ACTION [--json]`, a command that takes no argument."""

    def command(ctx: typer.Context, json_out: JsonOpt = False) -> None:
        _act(ctx, action_name, json_out=json_out)

    command.__doc__ = f"{help_text}\n\nExample: tdtool clock {action_name}"
    app.command(action_name)(command)


_simple("start", "Start the clock at level 1 (once; afterwards use pause and resume).")
_simple("pause", "Pause the clock; the time left stays frozen until `resume`.")
_simple("resume", "Resume a paused clock (after the end of a day: the next day begins).")
_simple(
    "end-day",
    "End the day now: the clock stops and keeps the time left for the next day; players bag"
    " and tag. (A day also ends by itself at the end of its last level: the structure's"
    " `- day: N` lines or --day-ends-after, or at --day-ends-at players left.)",
)
_simple("next", "Go to the next level or break now, with its full time.")
_simple(
    "prev",
    "Go back to the previous level or break: with the time it had left when `clock next`"
    " ended it early, else in full (at level 1: restart it).",
)


@app.command("hand")
def hand(ctx: typer.Context, json_out: JsonOpt = False) -> None:
    """Deal the next hand-for-hand hand: on the money bubble, once every table is ready.

    By the terms (`tdtool terms --hand-for-hand-clock`): pause, the default (TDA RP-8), keeps
    the level clock still during hand-for-hand, so the first hand pauses it and each hand
    takes 2 minutes off it (the next level comes when its time is used up); run lets the
    clock run on and only counts the hands. Both clocks show HAND FOR HAND and the hand.

    Example: tdtool clock hand
    """
    from tdtool.app.clock import clock_hand
    from tdtool.cli.render import emit_json
    from tdtool.tournament.clock import describe

    result = clock_hand(db_path(ctx))
    if json_out:
        emit_json(result.to_dict())
        return
    taken = f"; {result.seconds / 60:g} min off the clock" if result.seconds else ""
    paused = " The clock is paused for hand-for-hand." if result.paused_now else ""
    typer.echo(f"Hand-for-hand hand {result.hand}{taken}.{paused} {describe(result.reading)}")
    if result.seconds:
        typer.echo(
            "Record each bust with `tdtool player bust NAME --hand-for-hand`; when the bubble"
            " bursts, resume the clock with `tdtool clock resume`."
        )
    typer.echo("Take it back with `tdtool undo`.")


@app.command("set", context_settings={"ignore_unknown_options": True})
def set_(
    ctx: typer.Context,
    time_left: Annotated[str, typer.Argument(metavar="MM:SS", help="The new time left.")],
    json_out: JsonOpt = False,
) -> None:
    """Set the time left in the current level or break (more than its length lengthens it).

    Example: tdtool clock set 12:30
    """
    from tdtool.tournament.clock import parse_duration

    _act(ctx, "set", parse_duration(time_left), json_out=json_out)


@app.command("add", context_settings={"ignore_unknown_options": True})
def add(
    ctx: typer.Context,
    minutes: Annotated[
        float, typer.Argument(help="Minutes to add; negative takes time off (e.g. -1).")
    ],
    json_out: JsonOpt = False,
) -> None:
    """Add minutes to the current level or break (negative: take time off).

    Example: tdtool clock add 2
    """
    import math

    from tdtool.errors import InputError

    if not math.isfinite(minutes):
        raise InputError(f"{minutes} is not a number of minutes; give one such as 2 or -1.")
    from tdtool.tournament.clock import MAX_SECONDS

    if abs(minutes) > MAX_SECONDS / 60:  # checked before it becomes seconds (1e308 * 60 = inf)
        raise InputError(
            f"{abs(minutes):g} minutes is more than a level lasts (at most"
            f" {MAX_SECONDS // 3600} hours); give minutes such as 2 or -1."
        )
    _act(ctx, "add", round(minutes * 60), json_out=json_out)


@app.command("status")
def status(ctx: typer.Context, json_out: JsonOpt = False) -> None:
    """Level, blinds, antes, time left, running or paused, next level and next break.

    Example: tdtool clock status --json
    """
    from tdtool.app.clock import clock_now
    from tdtool.cli.render import emit_json

    r = clock_now(db_path(ctx))
    if json_out:
        emit_json(r.as_dict())
        return
    typer.echo("\n".join(status_lines(r)))


@app.command("run")
def run(
    ctx: typer.Context,
    sound: Annotated[
        str | None,
        typer.Option(
            help="A command to play a sound one minute before and at each level change"
            " (the terminal bell rings anyway).",
            show_default=False,
        ),
    ] = None,
    say: Annotated[
        str | None,
        typer.Option(
            help="A command that speaks the announcements (level changes, breaks, the bubble,"
            " the winner); the words are its last argument, in the tournament's language.",
            show_default=False,
        ),
    ] = None,
    theme: Annotated[
        Path | None,
        typer.Option(
            "--theme",
            envvar="TDTOOL_THEME",
            help="A house theme whose clock_say.html gives the words --say speaks (default:"
            " the environment variable TDTOOL_THEME).",
            show_default=False,
        ),
    ] = None,
) -> None:
    """The live full-screen clock; keys: space pause/resume, n/p level, +/- minute, q quit.

    Keys record clock events like the commands; commands typed in other terminals show
    at once. Fits 80x24 and scales up on a larger terminal.

    Example: tdtool clock run --sound "paplay /usr/share/sounds/freedesktop/stereo/bell.oga"

    Example: tdtool clock run --say "espeak-ng -v ro"
    """
    import sys

    from tdtool.cli.clock_screen import run as run_screen
    from tdtool.cli.clock_voice import parse_say
    from tdtool.errors import InputError

    argv = parse_say(say) if say is not None else None
    house = None
    if argv is not None:
        from tdtool.app.voice import phrases
        from tdtool.cli._theme import read_theme

        house = read_theme(theme)
        phrases("en", house)  # a theme's spoken words miss a moment: refused now

    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise InputError(
            "`tdtool clock run` needs a terminal; in a script use `tdtool clock status --json`."
        )
    import gc

    gc.enable()  # hours of refreshes: the collector is on again (tdtool.cli.main)
    with open_store(ctx) as store:
        run_screen(store, sound, say=argv, theme=house)


@app.command("serve")
def serve(
    ctx: typer.Context,
    host: Annotated[
        str, typer.Option(help="Address to listen on; 0.0.0.0 shows it to the whole network.")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port (0: any free port).", min=0, max=65535)] = 8765,
    allow_host: Annotated[
        list[str] | None,
        typer.Option(
            "--allow-host",
            help="A name the TVs use for this computer (clock.venue.lan); repeat for more."
            " Addresses, localhost and this computer's name are always served.",
        ),
    ] = None,
    qr: Annotated[
        str | None,
        typer.Option(
            "--qr",
            help="Show a QR code to this URL in a corner, with the URL beside it: the"
            " players' page of `tdtool serve` (http://192.168.1.20:8780/).",
            show_default=False,
        ),
    ] = None,
    theme: ScreenThemeOpt = None,
    league: Annotated[
        Path | None,
        typer.Option(
            "--league",
            help="A league file: its standings at /screen/standings, provisional while this"
            " tournament (or another of its events) is played.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """The clock as a web page for a TV or projector (read-only); Ctrl-C stops it.

    Other screens from the same process: /screen/payouts, /screen/seats (players by name
    with table and seat), /screen/clock-payouts, /screen/chips (the last chip count, the
    biggest stacks first: the TV at the bar), /screen/results (the places decided, with
    prizes), /screen/bounties (the bounty leaders), /screen/standings (with --league: the
    league's standings); one TV turns through several with
    /?rotate=clock,payouts,chips&every=20 (seconds each). ?lang=de on any of them.

    Only requests for this computer's addresses and names are answered (a page elsewhere
    cannot read it through DNS rebinding); name others with --allow-host.

    Example: tdtool clock serve --host 0.0.0.0 --port 8765 --allow-host clock.venue.lan
    """
    from tdtool.cli._theme import read_theme
    from tdtool.cli.clock_http import raise_file_limit
    from tdtool.cli.clock_web import make_server
    from tdtool.errors import InputError

    house = read_theme(theme)
    if qr is not None:
        from tdtool.io.qr import checked_url

        qr = checked_url(qr, "--qr")
    if house is not None:
        from tdtool.app.voice import phrases

        phrases("en", house)  # a theme's spoken words miss a moment: refused now

    check_host = "check --host (an address of this computer, or 0.0.0.0 for every one)"
    if not host or len(host) > 253 or not all(33 <= ord(c) < 127 for c in host):
        # Spaces, controls, right-to-left marks...: no address, and unsafe to print raw.
        raise InputError(f"--host {ascii(host)[:80]} is not an address; {check_host}.")
    allowed = tuple(allow_host or ())
    for name in allowed:
        if (
            not name
            or len(name) > 253
            or not all(33 <= ord(c) < 127 and c not in "/?#@" for c in name)
        ):
            raise InputError(
                f"--allow-host {ascii(name)[:80]} is not a host name; give a name such as"
                " clock.venue.lan."
            )
    import gc

    gc.enable()  # a server runs for hours: the collector is on again (tdtool.cli.main)
    path = db_path(ctx)
    with open_store(ctx) as store:  # refuse a missing or damaged file before serving
        name = store.state().name
    standings = None
    if league is not None:
        from tdtool.cli.league import league_view

        standings = league_view(ctx, league)
    raise_file_limit()  # hundreds of TVs and phones: a connection each
    try:
        server = make_server(
            path, host, port, allowed_hosts=allowed, theme=house, qr=qr, league=standings
        )
    except (OSError, UnicodeError, ValueError, TypeError, OverflowError) as exc:
        import socket

        fix = (
            check_host
            if not isinstance(exc, OSError)
            or isinstance(exc, socket.gaierror)
            or exc.errno == 99  # EADDRNOTAVAIL
            else "choose another --port"
        )
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise InputError(f"Cannot listen on {host}:{port} ({reason}); {fix}.") from None
    shown = host if ":" not in host else f"[{host}]"
    url = f"http://{shown}:{server.server_address[1]}/"
    typer.echo(f"The clock of {name} is at {url}")
    if host not in ("127.0.0.1", "localhost", "::1"):
        typer.echo("Anyone on this network can view it (it is read-only).")
    typer.echo(f"Payouts: {url}screen/payouts  Seats: {url}screen/seats")
    typer.echo(
        f"Chip counts: {url}screen/chips  Results: {url}screen/results"
        f"  Bounties: {url}screen/bounties"
    )
    if standings is not None:
        typer.echo(f"League standings: {url}screen/standings")
    typer.echo(f"All in turn on one TV: {url}?rotate=clock,payouts,seats&every=20")
    typer.echo("Open it full screen on the TV's browser (F11). Ctrl-C stops it.")
    try:
        server.serve_forever(poll_interval=0.5)
    except KeyboardInterrupt:
        typer.echo("Stopped.")
    finally:
        server.server_close()


def status_lines(r: ClockReading) -> list[str]:
    """The clock for a person: the sentence, then what comes next."""
    from tdtool.tournament.clock import ClockStatus, LateRegistration, describe, format_seconds

    lines = [describe(r)]
    ends_here = r.day_last_level == r.level.number and not r.on_break
    if r.next_level is not None and not r.on_break and not r.day_ended:
        n = r.next_level
        when = f" on Day {r.day + 1}" if ends_here else ""
        lines.append(f"Next: level {n.number}{when}, {_blinds(n)}.")
    if r.day_last_level is not None:
        what = "this level" if ends_here else f"level {r.day_last_level}"
        lines.append(
            f"Day {r.day} ends at the end of {what}"
            f" ({format_seconds(r.seconds_to_day_end or 0)} of play): the clock stops, players bag."
        )
    if r.seconds_to_break is not None:
        up = f" (color up the {_chips(r.next_color_up)})" if r.next_color_up else ""
        lines.append(f"Next break in {format_seconds(r.seconds_to_break)}{up}.")
    if r.color_up:
        lines.append(f"Color up the {_chips(r.color_up)} at this break: they leave play.")
    if r.late_registration is LateRegistration.OPEN:
        left = r.seconds_to_late_registration_end or 0
        lines.append(
            f"Late registration open until the end of level {r.late_registration_level}"
            f" ({format_seconds(left)} of play)."
        )
    elif r.late_registration is LateRegistration.CLOSED:
        lines.append(f"Late registration closed after level {r.late_registration_level}.")
    if r.status is ClockStatus.NOT_STARTED:
        lines.append("Start the clock with `tdtool clock start`.")
    return lines


def _blinds(level: Any) -> str:
    text = f"blinds {level.small_blind:,}/{level.big_blind:,}"
    if level.ante:
        text += f", ante {level.ante:,}"
    if level.bb_ante:
        text += f", big blind ante {level.bb_ante:,}"
    return text


def _chips(values: tuple[int, ...]) -> str:
    """(25,) -> '25s'; (25, 100) -> '25s and 100s', as the structure sheet says it."""
    names = [f"{v:,}s" for v in values]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
