"""Hand histories in PHH, the Poker Hand History format (uoftcprg/phh-std), in and out.

`parse_phh` reads a PHH file (TOML) into an `EnteredHand` whose records carry the lines of the
PHH file, so `hand check FILE.phh` names FILE:LINE as it does for a hand file. `hand_yaml_text`
writes an entered hand as a tdtool hand file (`hand import`); `phh_text` writes a hand as
ruled, with its rulings in `_rulings` (user-defined fields, as the spec allows), for
`hand export --phh`.

What each can say that the other cannot is listed in docs/hand-file.md ("PHH").
Players in PHH are `p1` ... `pN` clockwise from the first seat left of the button, the button
last; heads-up the antes and blinds are given reversed (p1 is the big blind).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from tdtool.cards import Card, parse_cards
from tdtool.errors import InputError
from tdtool.game import Game, Variant
from tdtool.io import guarded_yaml
from tdtool.rules.betting import Post, Stakes, Street, Verb
from tdtool.rules.entry import (
    ActionLine,
    BoardLine,
    EnteredHand,
    HandLine,
    SeatEntry,
    ShowdownLine,
    StraddleLine,
)

VARIANTS: dict[str, tuple[Game, Variant]] = {
    "NT": (Game.NO_LIMIT, Variant.HOLDEM),
    "FT": (Game.LIMIT, Variant.HOLDEM),
    "PO": (Game.POT_LIMIT, Variant.OMAHA),
    "FO/8": (Game.LIMIT, Variant.OMAHA_HILO),
}
"""The PHH variant codes tdtool adjudicates: hold'em and Omaha (the rest are stud and draw)."""
CODES = {v: k for k, v in VARIANTS.items()}
_KEY = re.compile(r"""^\s*([A-Za-z0-9_-]+|"[^"]*"|'[^']*')\s*=""")
_TOKEN = re.compile(r""""(?:[^"\\]|\\.)*"|'[^']*'|#|\]""")
_STREET_AFTER = {0: Street.FLOP, 3: Street.TURN, 4: Street.RIVER}


class _Lines:
    """Where each top-level key and each string of the `actions` array is in the text."""

    def __init__(self, text: str) -> None:
        self.keys: dict[str, int] = {}
        self.actions: list[int] = []
        inside = False
        for number, line in enumerate(text.splitlines(), 1):
            if not inside:
                m = _KEY.match(line)
                if m is None:
                    continue
                key = m.group(1).strip("'\"")
                self.keys.setdefault(key, number)
                if key != "actions":
                    continue
                inside, line = True, line[m.end() :]
            for token in _TOKEN.finditer(line):
                word = token.group(0)
                if word == "#":
                    break
                if word == "]":
                    inside = False
                    break
                self.actions.append(number)

    def of(self, key: str) -> int:
        return self.keys.get(key, 1)


def load_phh(path: str | Path) -> EnteredHand:
    """Read a PHH file into an entered hand; InputError `FILE:LINE: ...` when it cannot be."""
    return parse_phh(guarded_yaml.read_text(path, "hand history"), str(path))


def parse_phh(text: str, source: str = "<phh>") -> EnteredHand:
    """Build an `EnteredHand` from the text of a PHH file."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"\(at line (\d+)", str(exc))
        line = m.group(1) if m else "1"
        raise InputError(f"{source}:{line}: this is not a PHH file (TOML): {exc}.") from None
    return _Reader(source, data, _Lines(text)).read()


class _Reader:
    def __init__(self, source: str, data: Mapping[str, Any], lines: _Lines) -> None:
        self.source, self.data, self.lines = source, data, lines

    def fail(self, key: str | int, message: str) -> InputError:
        line = key if isinstance(key, int) else self.lines.of(key)
        return InputError(f"{self.source}:{line}: {message}")

    def need(self, key: str, why: str) -> Any:
        if key not in self.data:
            raise self.fail(1, f"the hand history has no `{key}` ({why}).")
        return self.data[key]

    def chips(self, key: str | int, value: Any, what: str, text: str | None = None) -> int:
        """A whole, non-negative number of chips; `key` is the field (or the line of an
        action, then `text` is the action)."""
        label = f"`{text if text is not None else key}`"
        if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
            raise self.fail(key, f"{label}: {what} should be a number of chips, not {value!r}.")
        if value != int(value):
            raise self.fail(
                key,
                f"{label}: {what} is {value}; tdtool counts whole chips (a cash game in cents:"
                " multiply every amount by 100).",
            )
        return int(value)

    def numbers(self, key: str, n: int, what: str) -> list[int]:
        values = self.need(key, what)
        if not isinstance(values, list) or len(values) != n:
            raise self.fail(key, f"`{key}` should list {n} amounts, one per player.")
        return [self.chips(key, v, what) for v in values]

    def read(self) -> EnteredHand:
        code = self.need("variant", "the game: NT, FT, PO or FO/8")
        if code not in VARIANTS:
            raise self.fail(
                "variant",
                f"variant {code!r}: tdtool adjudicates hold'em and Omaha only: NT, FT, PO or FO/8.",
            )
        game, variant = VARIANTS[code]
        stacks_raw = self.need("starting_stacks", "each player's chips")
        if not isinstance(stacks_raw, list) or not 2 <= len(stacks_raw) <= 10:
            raise self.fail("starting_stacks", "`starting_stacks` should list 2 to 10 players.")
        n = len(stacks_raw)
        stacks = [self.chips("starting_stacks", v, "a starting stack") for v in stacks_raw]
        if 0 in stacks:
            raise self.fail("starting_stacks", "a starting stack cannot be 0.")
        antes = self.numbers("antes", n, "an ante")
        blinds = self.numbers("blinds_or_straddles", n, "a blind or straddle")
        if n == 2:  # heads-up: given reversed (p1, the big blind, first)
            antes, blinds = antes[::-1], blinds[::-1]
        sb, bb = (blinds[1], blinds[0]) if n == 2 else (blinds[0], blinds[1])
        if bb == 0 or sb > bb:
            raise self.fail("blinds_or_straddles", "tdtool needs a big blind at least the small.")
        straddles = blinds[2:] if n > 2 else []
        stakes = self.stakes(game, sb, bb, antes, n)
        seats = self.seats(n)
        names = self.names(n)
        button = seats[-1]
        cards: dict[int, tuple[Card, ...] | None] = {s: None for s in seats}
        records: list[HandLine] = []
        line_b = self.lines.of("blinds_or_straddles")
        for k, amount in enumerate(straddles):
            if amount:
                text = f"p{k + 3} straddle {amount}"
                records.append(StraddleLine(line_b, text, seats[k + 2], amount))
        actions = self.need("actions", "what happened")
        if not isinstance(actions, list):
            raise self.fail("actions", "`actions` should be a list of strings.")
        where = self.lines.actions + [self.lines.of("actions")] * len(actions)
        board = 0
        for k, action in enumerate(actions):
            line = where[k]
            if not isinstance(action, str):
                raise self.fail(line, f"action {action!r} should be a string.")
            words = action.split("#", 1)[0].split()
            if not words:
                continue
            text = " ".join(words)
            if words[0] == "d":
                if words[1:2] == ["dh"] and len(words) == 4:
                    seat = self.player(line, text, words[2], seats)
                    cards[seat] = self.hole(line, text, words[3], variant)
                    continue
                if words[1:2] == ["db"] and len(words) == 3:
                    got = self.cards(line, text, words[2])
                    street = _STREET_AFTER.get(board)
                    if street is None:
                        raise self.fail(line, f"`{text}`: the board is already complete.")
                    records.append(BoardLine(line, text, street, got))
                    board += len(got)
                    continue
                raise self.fail(line, f"`{text}` is not a dealer action tdtool reads.")
            seat = self.player(line, text, words[0], seats)
            verb = words[1] if len(words) > 1 else ""
            if verb == "f" and len(words) == 2:
                records.append(ActionLine(line, text, seat, Verb.FOLD))
            elif verb == "cc" and len(words) == 2:
                records.append(ActionLine(line, text, seat, Verb.CALL))
            elif verb == "cbr" and len(words) == 3:
                amount = self.chips(line, _number(words[2]), "the amount", text)
                records.append(ActionLine(line, text, seat, Verb.RAISE, amount))
            elif verb == "sm" and len(words) in (2, 3):
                if len(words) == 3 and words[2] != "-":
                    shown = self.hole(line, text, words[2], variant)
                    if shown is not None:
                        cards[seat] = shown
                records.append(ShowdownLine(line, text, seat, len(words) == 3))
            elif verb in ("sd", "pb"):
                raise self.fail(line, f"`{text}`: draws and bring-ins are not hold'em or Omaha.")
            else:
                raise self.fail(
                    line, f"`{text}` is not a PHH action: pN f, pN cc, pN cbr N or pN sm [cards]."
                )
        entries = tuple(
            SeatEntry(seat, names[k], stacks[k], cards[seat], self.lines.of("starting_stacks"))
            for k, seat in enumerate(seats)
        )
        records = _fill_in(records, stakes, entries, button, {s: f"p{k + 1}" for k, s in
                                                             enumerate(seats)})  # fmt: skip
        end = max([self.lines.of("actions"), *(r.line for r in records)])
        return EnteredHand(
            source=self.source,
            stakes=stakes,
            button=button,
            seats=tuple(sorted(entries, key=lambda e: e.seat)),
            lines=tuple(records),
            end_line=end,
            variant=variant,
        )

    def stakes(self, game: Game, sb: int, bb: int, antes: list[int], n: int) -> Stakes:
        ante = bb_ante = 0
        big = 0 if n == 2 else 1  # the big blind's place in player order
        if any(antes):
            if len(set(antes)) == 1:
                ante = antes[0]
            elif all(a == 0 for k, a in enumerate(antes) if k != big):
                bb_ante = antes[big]
            else:
                raise self.fail(
                    "antes", "tdtool reads antes paid by everyone alike, or a big blind ante."
                )
        if game is Game.LIMIT:
            small = self.chips("small_bet", self.need("small_bet", "limit"), "the small bet")
            large = self.chips("big_bet", self.need("big_bet", "limit"), "the big bet")
            cap = self.chips("_cap", self.data.get("_cap", 4), "the cap (bets per round)")
            return Stakes(sb, bb, game, ante, bb_ante, small, large, cap=cap)
        min_bet = self.chips("min_bet", self.need("min_bet", "the minimum bet"), "the min bet")
        if min_bet != bb:
            raise self.fail(
                "min_bet", f"min_bet {min_bet} is not the big blind ({bb}): tdtool's minimum"
                " bet is the big blind (TDA 43)."
            )  # fmt: skip
        return Stakes(sb, bb, game, ante, bb_ante)

    def seats(self, n: int) -> list[int]:
        raw = self.data.get("seats")
        if raw is None:
            return list(range(1, n + 1))
        if not isinstance(raw, list) or len(raw) != n or len(set(map(str, raw))) != n:
            raise self.fail("seats", f"`seats` should list {n} different seat numbers.")
        seats = [self.chips("seats", s, "a seat number") for s in raw]
        if not all(1 <= s <= 10 for s in seats):
            raise self.fail("seats", "tdtool seats are numbered 1 to 10.")
        button = seats[-1]
        order = [s for s in sorted(seats) if s > button] + [s for s in sorted(seats) if s <= button]
        if order != seats:
            raise self.fail(
                "seats",
                "`seats` are not clockwise from the first seat left of the button, the"
                " button last, as the players are in PHH.",
            )
        return seats

    def names(self, n: int) -> list[str]:
        raw = self.data.get("players")
        if raw is not None and (not isinstance(raw, list) or len(raw) != n):
            raise self.fail("players", f"`players` should list {n} names.")
        out: list[str] = []
        for k in range(n):
            name = str(raw[k]).strip() if raw is not None else ""
            if not name or name.isdigit() or name.lower() in {o.lower() for o in out}:
                name = f"p{k + 1}"
            out.append(name)
        return out

    def player(self, line: int, text: str, word: str, seats: Sequence[int]) -> int:
        m = re.fullmatch(r"p(\d+)", word)
        if m is None or not 1 <= int(m.group(1)) <= len(seats):
            raise self.fail(line, f"`{text}`: {word} is not a player (p1 to p{len(seats)}).")
        return seats[int(m.group(1)) - 1]

    def cards(self, line: int, text: str, word: str) -> tuple[Card, ...]:
        try:
            return parse_cards(word, repeats=True)
        except ValueError as exc:
            raise self.fail(line, f"`{text}`: {exc}") from None

    def hole(self, line: int, text: str, word: str, variant: Variant) -> tuple[Card, ...] | None:
        if "?" in word:
            return None  # unknown, or only partly known: tdtool reads whole hands
        got = self.cards(line, text, word)
        if len(got) != variant.hole_cards:
            raise self.fail(line, f"`{text}`: {variant.hole_cards} hole cards, not {len(got)}.")
        return got


def _fill_in(
    records: list[HandLine],
    stakes: Stakes,
    seats: Sequence[SeatEntry],
    button: int,
    p: Mapping[int, str],
) -> list[HandLine]:
    """The actions a PHH file leaves out, put back: when the next written action is by another
    player, or the next card comes, the player whose turn it is checked if that was free, else
    folded (the reading pokerkit gives such files). Each put-back line says `not written`.
    Where the betting rules refuse a written action, filling in stops: the replay reports it."""
    from tdtool.errors import RuleError
    from tdtool.rules.betting import Betting, IllegalAction, Player

    b = Betting(stakes, [Player(e.seat, e.name, e.stack) for e in seats], button)
    out: list[HandLine] = []

    def free(line: int, until: int | None) -> None:
        while b.to_act is not None and b.players[b.to_act].seat != until:
            seat = b.players[b.to_act].seat
            verb = Verb.CHECK if b.bet[b.to_act] >= b.current else Verb.FOLD
            word = "cc" if verb is Verb.CHECK else "f"
            out.append(ActionLine(line, f"{p[seat]} {word} (not written)", seat, verb))
            b.act(seat, verb)

    try:
        for k, r in enumerate(records):
            if isinstance(r, StraddleLine):
                b.straddle(r.seat, r.amount)
            elif isinstance(r, ActionLine):
                if b.all_in[b.index[r.seat]]:
                    out.append(r)  # a check nobody needed, or an error the replay reports
                    continue
                if b.to_act is None or b.folded[b.index[r.seat]]:
                    out.extend(records[k:])
                    return out
                free(r.line, r.seat)
                if r.verb is Verb.CALL and b.bet[b.index[r.seat]] >= b.current:
                    r = replace(r, verb=Verb.CHECK)  # PHH's `cc` with nothing to call
                b.act(r.seat, r.verb, r.amount)
            elif isinstance(r, BoardLine):
                if not b.hand_over:
                    free(r.line, None)
                if b.to_act is None and not b.hand_over and b.street is not Street.RIVER:
                    b.next_street()
            out.append(r)
    except (IllegalAction, RuleError, InputError):
        out.extend(records[len([x for x in out if "(not written)" not in x.text]) :])
        return out
    return out


def _number(word: str) -> int | float:
    try:
        return int(word)
    except ValueError:
        try:
            return float(word)
        except ValueError:
            return -1


# ------------------------------------------------------------------------------------- out


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def phh_text(hand: EnteredHand) -> str:
    """The hand as ruled, in PHH: what the rulings made of each line, not the lines as typed.

    Raises InputError for a hand PHH cannot say (a void hand, a post out of position, a hand
    the floor killed, chips forfeited, explicit blind seats, a bigger river bet, a game with
    no PHH code)."""
    from tdtool.rules.hand import played

    state, result = played(hand)
    where = hand.source
    if result.misdeal is not None:
        raise InputError(f"{where}: the hand was void ({result.misdeal.summary}); PHH has no void.")
    game, variant, st = hand.stakes.game, hand.variant, hand.stakes
    code = CODES.get((game, variant))
    if code is None:
        raise InputError(f"{where}: PHH has no variant code for {game} {variant.words}.")
    if st.river_bet is not None:
        raise InputError(f"{where}: PHH has no bigger river bet (`bets: S/B/R`).")
    b = state.betting
    order = [p.seat for p in b.players]  # p1 = first left of the button
    if hand.blinds is not None and (b.sb, b.bb) != ((1, 0) if b.n == 2 else (0, 1)):
        raise InputError(f"{where}: the blinds are not where PHH puts them (`small_blind:`).")
    odd = {Post.POSTED_BIG_BLIND, Post.DEAD_SMALL_BLIND}
    if any(p.kind in odd for p in b.postings):
        raise InputError(f"{where}: PHH has no blind posted out of position.")
    if state.found:
        raise InputError(
            f"{where}: chips were found behind an all-in and set aside (TDA 62); PHH has no such"
            " action."
        )
    folded = {m.seat for m in b.moves if m.verb is Verb.FOLD}
    if any(b.folded[i] and p.seat not in folded for i, p in enumerate(b.players)):
        raise InputError(f"{where}: the floor killed a hand; PHH has no such action.")
    put = {seat: 0 for seat in order}
    for posting in b.postings:
        put[posting.seat] += posting.amount
    for move in b.moves:
        put[move.seat] += move.added
    if any(put[p.seat] != b.committed[i] + _dead(b, p.seat) for i, p in enumerate(b.players)):
        raise InputError(f"{where}: chips were forfeited by a ruling; PHH has no such action.")
    n = len(order)
    p = {seat: f"p{k + 1}" for k, seat in enumerate(order)}
    antes = [st.ante] * n if st.ante else [0] * n
    blinds = [0] * n
    if n == 2:
        blinds = [st.big_blind, st.small_blind]
        if st.bb_ante:
            antes = [st.bb_ante, 0]
        antes, blinds = antes[::-1], blinds[::-1]
    else:
        blinds[0], blinds[1] = st.small_blind, st.big_blind
        if st.bb_ante:
            antes[1] = st.bb_ante
        for j, k in enumerate(b.straddles):  # the straddle's size, whatever a short one posted
            blinds[k] = st.big_blind * 2 ** (j + 1)
    cards = {s.seat: s.cards for s in hand.seats}
    unknown = "??" * variant.hole_cards
    actions = [f"d dh {p[s]} {''.join(str(c) for c in cards[s] or ()) or unknown}" for s in order]
    board = list(result.board)
    dealt = 0
    for street, size in ((Street.FLOP, 3), (Street.TURN, 1), (Street.RIVER, 1)):
        for move in [m for m in b.moves if m.street is _before(street)]:
            actions.append(_move(p[move.seat], move.verb, move.to))
        if dealt + size <= len(board):
            actions.append(f"d db {''.join(map(str, board[dealt : dealt + size]))}")
            dealt += size
    for move in [m for m in b.moves if m.street is Street.RIVER]:
        actions.append(_move(p[move.seat], move.verb, move.to))
    shown = {h.name for h in result.hands}
    if result.won_by_fold is None:
        for seat in [s for s in order if not b.folded[b.index[s]]]:
            name = hand.name(seat)
            actions.append(f"{p[seat]} sm {'-' if name in shown and cards[seat] else ''}".rstrip())
    stacks = dict(result.stacks)
    fields: list[tuple[str, Any]] = [("variant", code)]
    if st.ante:  # a player all-in on the ante wins only as much ante as each put in
        fields.append(("ante_trimming_status", True))
    fields += [
        ("antes", antes),
        ("blinds_or_straddles", blinds),
    ]
    if game is Game.LIMIT:
        fields += [("small_bet", st.bet_size(Street.FLOP)), ("big_bet", st.bet_size(Street.TURN))]
        if st.cap != 4:  # PHH has no cap: a user-defined field, read back by tdtool
            fields.append(("_cap", st.cap))
    else:
        fields.append(("min_bet", st.big_blind))
    fields += [
        ("starting_stacks", [next(e.stack for e in hand.seats if e.seat == s) for s in order]),
        ("actions", actions),
        ("seats", order),
        ("players", [hand.name(s) for s in order]),
        ("finishing_stacks", [stacks[hand.name(s)] for s in order]),
    ]
    if result.rulings:
        fields.append(
            ("_rulings", [f"line {r.line}: {r.rule}: {r.summary}" for r in result.rulings])
        )
    fields.append(("_tdtool_source", Path(hand.source).name))
    out = [f"# {Path(hand.source).name} as ruled by tdtool (PHH, uoftcprg/phh-std)"]
    for key, value in fields:
        if key == "actions":
            out.append("actions = [")
            out += [f"  {_quote(a)}," for a in value]
            out.append("]")
        else:
            out.append(f"{key} = {_toml(value)}")
    return "\n".join(out) + "\n"


def _dead(b: Any, seat: int) -> int:
    """Chips of `seat` that went to the middle as dead money (a big blind ante)."""
    return sum(x.amount for x in b.postings if x.seat == seat and x.kind is Post.BB_ANTE)


def _before(street: Street) -> Street:
    return {Street.FLOP: Street.PREFLOP, Street.TURN: Street.FLOP, Street.RIVER: Street.TURN}[
        street
    ]


def _move(who: str, verb: Verb, to: int) -> str:
    if verb is Verb.FOLD:
        return f"{who} f"
    if verb in (Verb.CHECK, Verb.CALL):
        return f"{who} cc"
    return f"{who} cbr {to}"


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, str):
        return _quote(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return str(value)


def hand_yaml_text(hand: EnteredHand, source: str) -> str:
    """An entered hand (read from PHH) as a tdtool hand file; players are named in the action
    lines unless a name could be misread, then by seat number."""
    from tdtool.io.hand_yaml import parse_hand

    if hand.stakes.game is Game.LIMIT and hand.stakes.cap == 0:
        raise InputError(f"{source}: `_cap = 0` (no cap): a hand file has no uncapped limit.")
    for by_seat in (False, True):
        text = _yaml(hand, source, by_seat)
        try:
            again = parse_hand(text, source)
        except InputError:
            continue
        if _same(again.lines, hand.lines):
            return text
    raise InputError(f"{source}: this hand cannot be written as a tdtool hand file.")


def _same(a: Sequence[HandLine], b: Sequence[HandLine]) -> bool:
    def key(r: HandLine) -> tuple[object, ...]:
        return (type(r), getattr(r, "seat", None), getattr(r, "verb", None),
                getattr(r, "amount", None), getattr(r, "cards", None),
                getattr(r, "shows", None))  # fmt: skip

    return [key(r) for r in a] == [key(r) for r in b]


def _yaml(hand: EnteredHand, source: str, by_seat: bool) -> str:
    st = hand.stakes
    out = [f"# Read from {Path(source).name} (PHH) by tdtool hand import"]
    out.append(f"game: {st.game}")
    if hand.variant is not Variant.HOLDEM:
        out.append(f"variant: {hand.variant}")
    out.append(f"blinds: {st.small_blind}/{st.big_blind}")
    if st.ante:
        out.append(f"ante: {st.ante}")
    if st.bb_ante:
        out.append(f"bb_ante: {st.bb_ante}")
    if st.game is Game.LIMIT:
        out.append(f"bets: {st.bet_size(Street.FLOP)}/{st.bet_size(Street.TURN)}")
        if st.cap != 4:
            out.append(f"cap: {st.cap}")
    out.append(f"button: {hand.button}")
    out.append("seats:")
    for e in hand.seats:
        cards = f", cards: {' '.join(map(str, e.cards))}" if e.cards else ""
        out.append(f"  {e.seat}: {{name: {_quote(e.name)}, stack: {e.stack}{cards}}}")
    out.append("actions:")
    for r in hand.lines:
        seat = getattr(r, "seat", None)
        who = "" if seat is None else str(seat) if by_seat else hand.name(seat)
        match r:
            case StraddleLine():
                line = f"{who} straddle {r.amount}"
            case BoardLine():
                line = f"{r.street} {' '.join(map(str, r.cards))}"
            case ActionLine():
                amount = f" {r.amount}" if r.amount is not None else ""
                line = f"{who} {r.verb}{amount}"
            case ShowdownLine():
                line = f"{who} {'shows' if r.shows else 'mucks'}"
            case _:  # pragma: no cover - PHH gives no other lines
                continue
        out.append(f"  - {_quote(line)}  # {Path(source).name}:{r.line} `{r.text}`")
    return "\n".join(out) + "\n"
