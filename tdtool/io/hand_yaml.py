"""Read a hand file (docs/hand-file.md) into an `EnteredHand`, naming FILE:LINE for any mistake.

The YAML is composed into nodes rather than loaded, so every key and every action keeps
its line number. Nothing here decides what the rules allow: that is `tdtool.rules.hand`.
"""

from __future__ import annotations

import difflib
import re
from pathlib import Path

import yaml

from tdtool.cards import Card, parse_cards
from tdtool.errors import InputError
from tdtool.game import Game, Variant
from tdtool.io import guarded_yaml
from tdtool.rules.betting import Stakes, Street, Verb
from tdtool.rules.button import Positions
from tdtool.rules.entry import (
    ActionLine,
    BoardLine,
    ChipsLine,
    ConditionalLine,
    DeclarationLine,
    EnteredHand,
    HandLine,
    IrregularityLine,
    PostLine,
    PreviousHand,
    PullBackLine,
    Said,
    SeatEntry,
    Showdown,
    ShowdownCall,
    ShowdownLine,
    StraddleLine,
)
from tdtool.rules.house import HouseRules
from tdtool.rules.rulings import Irregularity, Profile

KEYS = (
    "game",
    "variant",
    "blinds",
    "ante",
    "bb_ante",
    "chip",
    "cap",
    "bets",
    "rules",
    "button",
    "small_blind",
    "big_blind",
    "previous",
    "seats",
    "actions",
)
PREVIOUS_KEYS = ("button", "small_blind", "big_blind")
REQUIRED = {
    "blinds": "blinds: 100/200",
    "button": "button: 1",
    "seats": "seats: ...",
    "actions": "actions: ...",
}
SEAT_KEYS = ("name", "stack", "cards")
GAMES = {
    "no-limit": Game.NO_LIMIT, "nl": Game.NO_LIMIT, "nlhe": Game.NO_LIMIT, "nolimit": Game.NO_LIMIT,
    "pot-limit": Game.POT_LIMIT, "pl": Game.POT_LIMIT, "plhe": Game.POT_LIMIT,
    "limit": Game.LIMIT, "fixed-limit": Game.LIMIT, "fl": Game.LIMIT, "lhe": Game.LIMIT,
}  # fmt: skip
VERBS = {
    "fold": Verb.FOLD, "folds": Verb.FOLD, "check": Verb.CHECK, "checks": Verb.CHECK,
    "call": Verb.CALL, "calls": Verb.CALL, "bet": Verb.BET, "bets": Verb.BET,
    "raise": Verb.RAISE, "raises": Verb.RAISE, "all-in": Verb.ALL_IN, "allin": Verb.ALL_IN,
    "all-ins": Verb.ALL_IN, "shove": Verb.ALL_IN, "shoves": Verb.ALL_IN,
}  # fmt: skip
VARIANTS = {
    "holdem": Variant.HOLDEM, "hold'em": Variant.HOLDEM, "texas-holdem": Variant.HOLDEM,
    "texas hold'em": Variant.HOLDEM, "he": Variant.HOLDEM,
    "omaha": Variant.OMAHA, "omaha-high": Variant.OMAHA, "omaha-hi": Variant.OMAHA,
    "omaha-hilo": Variant.OMAHA_HILO, "omaha-hi-lo": Variant.OMAHA_HILO,
    "omaha-high-low": Variant.OMAHA_HILO, "omaha-8": Variant.OMAHA_HILO,
    "omaha/8": Variant.OMAHA_HILO, "omaha hi-lo": Variant.OMAHA_HILO,
    "omaha high-low": Variant.OMAHA_HILO, "o8": Variant.OMAHA_HILO,
}  # fmt: skip
SHOWDOWN = {"shows": True, "show": True, "mucks": False, "muck": False}
STREET_WORDS = {"flop": Street.FLOP, "turn": Street.TURN, "river": Street.RIVER}
BOARD_SIZE = {Street.FLOP: 3, Street.TURN: 1, Street.RIVER: 1}
PREMATURE = {
    Street.FLOP: Irregularity.PREMATURE_FLOP,
    Street.TURN: Irregularity.PREMATURE_TURN,
    Street.RIVER: Irregularity.PREMATURE_RIVER,
}
KEYWORDS = {
    *STREET_WORDS, "premature", "exposed", "boxed", "misdeal", "fouled", "duplicate", "dealer",
}  # fmt: skip
"""Words that open a line that is not a player's action."""
_NUMBER = re.compile(r"^-?\d[\d,_]*$")
_CHIP_AMOUNT = re.compile(r"^(\d[\d,_]*(?:\.\d+)?)(k?)$")
_UNITS = {
    w: n
    for n, w in enumerate(
        [
            "zero",
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
            "thirteen",
            "fourteen",
            "fifteen",
            "sixteen",
            "seventeen",
            "eighteen",
            "nineteen",
        ]  # fmt: skip
    )
}
_TENS = {
    w: 10 * n
    for n, w in enumerate(
        ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"], 2
    )
}
_SCALES = {"thousand": 1000, "million": 1_000_000}
_TALK_WORDS = frozenset(("puts", "put", "says", "say", "pulls", "pull"))
"""The words a chips, declaration or pull-back line turns on (`_Reader.talk`)."""
_SAYS = {
    "call": Said.CALL, "calls": Said.CALL, "check": Said.CHECK, "checks": Said.CHECK,
    "fold": Said.FOLD, "folds": Said.FOLD, "all-in": Said.ALL_IN, "allin": Said.ALL_IN,
    "all in": Said.ALL_IN, "pot": Said.POT, "the pot": Said.POT, "bet pot": Said.POT,
    "bet the pot": Said.POT, "raise pot": Said.POT, "raise the pot": Said.POT,
    "complete": Said.COMPLETE, "completes": Said.COMPLETE, "complete the bet": Said.COMPLETE,
}  # fmt: skip
OOT = ["out", "of", "turn"]
_CONDITIONS = {
    "bets": "bet", "bet": "bet", "raises": "bet", "raise": "bet", "checks": "check",
    "check": "check", "calls": "call", "call": "call", "folds": "fold", "fold": "fold",
    "all-in": "all-in", "shoves": "all-in", "jams": "all-in",
}  # fmt: skip
"""`says if OTHER WORD, ...`: what OTHER must do for the statement to bind (a bet or raise is
one: `bets` and `raises` both mean the player puts in chips beyond a call)."""
_I_WILL = frozenset(("i", "i'll", "i\u2019ll", "i'd", "will", "then", "i'm", "am"))
_POSTS = {
    "big blind": (True, False), "bb": (True, False), "live big blind": (True, False),
    "dead small blind": (False, True), "small blind dead": (False, True),
    "small blind": (False, True), "dead sb": (False, True), "sb": (False, True),
    "both blinds": (True, True), "big and small blinds": (True, True),
    "small and big blinds": (True, True), "big blind and dead small blind": (True, True),
    "big blind and small blind": (True, True), "big and dead small blind": (True, True),
}  # fmt: skip
"""What follows `posts` (with any `a`/`the` left out): (a live big blind, a dead small blind)."""


_POST_OR_SHOWDOWN = frozenset(("posts", "post", "see", "card", "retrieved"))
"""The words a post or showdown floor line turns on (`_Reader.post_or_showdown`)."""


def _owner(words: list[str]) -> list[str]:
    """`Ann's hand` or `Ann's` -> `Ann`: the player named in a possessive."""
    if words and words[-1].lower() == "hand":
        words = words[:-1]
    if words:
        last = words[-1]
        for mark in ("'s", "’s", "'", "’"):
            if last.lower().endswith(mark):
                return [*words[:-1], last[: -len(mark)]]
    return words


def spoken_amount(words: list[str]) -> int | None:
    """An amount as said: `1400`, `1,400`, `5k`, `fourteen hundred`, `forty-two thousand`.

    >>> spoken_amount(["fourteen", "hundred"]), spoken_amount(["5k"]), spoken_amount(["raise"])
    (1400, 5000, None)
    """
    if len(words) == 1:
        m = _CHIP_AMOUNT.match(words[0].lower())
        if m:
            value = float(m.group(1).replace(",", "").replace("_", "")) * (
                1000 if m.group(2) else 1
            )
            return int(value) if value == int(value) else None
    total = current = 0
    seen = False
    for word in words:
        for part in word.lower().split("-"):
            if part == "and" and seen:
                continue
            if part in _UNITS:
                current += _UNITS[part]
            elif part in _TENS:
                current += _TENS[part]
            elif part == "hundred":
                current = (current or 1) * 100
            elif part in _SCALES:
                total += (current or 1) * _SCALES[part]
                current = 0
            else:
                return None
            seen = True
    return total + current if seen else None


def load_hand(path: str | Path) -> EnteredHand:
    """Read and check a hand file; raise InputError `FILE:LINE: what is wrong` otherwise."""
    return parse_hand(guarded_yaml.read_text(path, "hand file"), str(path))


def parse_hand(text: str, source: str = "<hand>") -> EnteredHand:
    """Build an `EnteredHand` from the text of a hand file."""
    return _Reader(source).read(text)


def _line(node: yaml.Node) -> int:
    return node.start_mark.line + 1


class _Reader:
    def __init__(self, source: str) -> None:
        self.source = source
        self.first_words: set[str] = set()
        """The first word of every seated player's name, lower case (`River`, `Flop Joe`)."""

    def fail(self, node: yaml.Node | int, message: str) -> InputError:
        line = node if isinstance(node, int) else _line(node)
        return InputError(f"{self.source}:{line}: {message}")

    # -- generic nodes ----------------------------------------------------------------------

    def mapping(self, node: yaml.Node, what: str, keys: tuple[str, ...]) -> dict[str, yaml.Node]:
        if not isinstance(node, yaml.MappingNode):
            raise self.fail(node, f"{what} should be a mapping of `key: value` lines.")
        out: dict[str, yaml.Node] = {}
        for key_node, value in node.value:
            key = str(key_node.value)
            if key not in keys:
                close = difflib.get_close_matches(key, keys, n=1)
                hint = f" Did you mean `{close[0]}`?" if close else ""
                raise self.fail(
                    key_node,
                    f"unknown key `{key}` in {what}.{hint} The keys are: {', '.join(keys)}.",
                )
            if key in out:
                raise self.fail(key_node, f"`{key}` is given twice in {what}.")
            out[key] = value
        return out

    def scalar(self, node: yaml.Node, key: str) -> str:
        if not isinstance(node, yaml.ScalarNode):
            raise self.fail(node, f"`{key}` should be a single value.")
        return str(node.value).strip()

    def integer(
        self,
        node: yaml.Node,
        key: str,
        low: int = 0,
        high: int | None = None,
        unit: str = " of chips",
    ) -> int:
        text = self.scalar(node, key)
        if text.isascii() and text.isdigit():  # the usual case: plain digits
            value = int(text)
        elif not _NUMBER.match(text):
            raise self.fail(node, f"`{key}` should be a whole number{unit}, not `{text}`.")
        else:
            value = int(text.replace(",", "").replace("_", ""))
        if value < low:
            if value < 0:
                raise self.fail(node, f"`{key}` cannot be negative ({value}).")
            raise self.fail(node, f"`{key}` must be at least {low}, not {value}.")
        if high is not None and value > high:
            raise self.fail(node, f"`{key}` must be at most {high}, not {value}.")
        return value

    def pair(
        self, node: yaml.Node, key: str, example: str, text: str | None = None
    ) -> tuple[int, int]:
        text = self.scalar(node, key) if text is None else text
        parts = [p.strip() for p in text.split("/")]
        if len(parts) != 2 or not all(_NUMBER.match(p) for p in parts):
            raise self.fail(node, f"`{key}` should be two amounts like `{example}`, not `{text}`.")
        a, b = (int(p.replace(",", "").replace("_", "")) for p in parts)
        if a < 0 or b < 0:
            raise self.fail(node, f"`{key}: {text}`: amounts cannot be negative.")
        if b == 0:
            raise self.fail(
                node, f"`{key}: {text}`: the second amount must be more than 0, like `{example}`."
            )
        if a > b:
            raise self.fail(
                node,
                f"`{key}: {text}` is not possible: write the smaller amount"
                f" first, like `{example}`.",
            )
        return a, b

    def bet_sizes(self, node: yaml.Node) -> tuple[int, ...]:
        """`bets: SMALL/BIG` or `SMALL/BIG/RIVER` (limit, a bigger river bet)."""
        text = self.scalar(node, "bets")
        parts = [p.strip() for p in text.split("/")]
        if len(parts) == 3:
            small, big = self.pair(node, "bets", "200/400", "/".join(parts[:2]))
            river = parts[2]
            if not _NUMBER.match(river) or river.startswith("-"):
                raise self.fail(
                    node, f"`bets: {text}`: the river bet should be an amount, like `200/400/800`."
                )
            amount = int(river.replace(",", "").replace("_", ""))
            if amount < big:
                raise self.fail(
                    node,
                    f"`bets: {text}`: the river bet ({amount}) cannot be smaller than the big"
                    f" bet ({big}); write `SMALL/BIG/RIVER`, like `200/400/800`.",
                )
            return small, big, amount
        return self.pair(node, "bets", "200/400 (or 200/400/800 for a bigger river bet)")

    def blind_seats(
        self, top: dict[str, yaml.Node], seats: tuple[SeatEntry, ...], button: int
    ) -> tuple[int | None, int] | None:
        """`small_blind`/`big_blind` as they fell this hand (TDA 32), or None to derive them."""
        if "small_blind" not in top and "big_blind" not in top:
            return None
        taken = {e.seat: e.name for e in seats}
        after = sorted(taken, key=lambda s: (s <= button, s))  # clockwise from the button

        def seat_of(key: str) -> int | None:
            node = top[key]
            word = self.scalar(node, key).lower()
            if word in dead:
                if key == "big_blind":
                    raise self.fail(
                        node, "`big_blind: none`: every hand has a big blind; name its seat."
                    )
                return None
            seat = self.integer(node, key, low=1, high=10, unit=" (a seat number)")
            if seat not in taken:
                raise self.fail(
                    node,
                    f"`{key}: {seat}`: nobody sits in seat {seat}; the blinds are posted by"
                    f" seated players ({', '.join(str(s) for s in sorted(taken))}).",
                )
            return seat

        dead = ("none", "dead", "~", "null", "")
        if (
            "big_blind" not in top
            and self.scalar(top["small_blind"], "small_blind").lower() in dead
        ):
            raise self.fail(
                top["small_blind"],
                "`small_blind: none` needs `big_blind: SEAT` too: with a dead small blind"
                " the big blind cannot be derived from the button.",
            )
        small = seat_of("small_blind") if "small_blind" in top else None
        if "big_blind" in top:
            big = seat_of("big_blind")
            assert big is not None
        else:
            assert small is not None
            big = after[(after.index(small) + 1) % len(after)]
        if "small_blind" not in top:  # the seat before the big blind (heads-up: the button)
            small = after[after.index(big) - 1]
            if len(after) > 2 and after.index(big) == 0:
                raise self.fail(
                    top["big_blind"],
                    f"`big_blind: {big}`: the big blind is the first seat left of the button, so"
                    " there is no small blind between them: write `small_blind: none`.",
                )
        node = top.get("big_blind") or top["small_blind"]
        if small == big:
            raise self.fail(node, f"the small and the big blind are both seat {big}.")
        if small is not None and len(after) > 2 and after.index(small) > after.index(big):
            raise self.fail(
                node,
                f"the small blind (seat {small}) must come before the big blind (seat {big})"
                f" clockwise from the button (seat {button}).",
            )
        return small, big

    def house(self, node: yaml.Node) -> HouseRules | None:
        """`rules:` a book (None: the profile by that name) or a house rules file, its path
        relative to the hand file; the house file's own mistakes name its own lines."""
        word = self.scalar(node, "rules")
        if word.lower() in set(Profile):
            return None
        if Path(word).suffix.lower() not in (".yaml", ".yml"):
            raise self.fail(
                node,
                f"unknown rules profile `{word}`: write tda (Poker TDA), robert (Robert's Rules of"
                " Poker) or a house rules file (house.yaml, next to the hand file).",
            )
        base = Path(self.source).parent if self.source and not self.source.startswith("<") else None
        path = Path(word) if base is None or Path(word).is_absolute() else base / word
        if not path.is_file():
            raise self.fail(node, f"the house rules file `{word}` is not there ({path}).")
        from tdtool.io.house_yaml import load_house

        return load_house(path)

    def cards(self, node: yaml.Node, text: str) -> tuple[Card, ...]:
        try:
            return parse_cards(text, repeats=True)  # a card dealt twice is ruled: a fouled deck
        except ValueError as exc:
            raise self.fail(node, str(exc)) from None

    # -- the file ---------------------------------------------------------------------------

    def read(self, text: str) -> EnteredHand:
        root = guarded_yaml.compose(text, self.source)  # FILE:LINE for bad or hostile YAML
        if root is None:
            raise self.fail(1, "the hand file is empty; see examples/hands/side-pots.yaml.")
        top = self.mapping(root, "the hand file", KEYS)
        for key, example in REQUIRED.items():
            if key not in top:
                raise self.fail(root, f"the hand has no `{key}:`; add it, e.g. `{example}`.")
        game = Game.NO_LIMIT
        if "game" in top:
            word = self.scalar(top["game"], "game").lower()
            if word not in GAMES:
                raise self.fail(
                    top["game"], f"unknown game `{word}`: write no-limit, pot-limit or limit."
                )
            game = GAMES[word]
        variant = Variant.HOLDEM
        if "variant" in top:
            word = self.scalar(top["variant"], "variant").lower()
            if word not in VARIANTS:
                raise self.fail(
                    top["variant"],
                    f"unknown variant `{word}`: write holdem, omaha or omaha-hilo.",
                )
            variant = VARIANTS[word]
        small, big = self.pair(top["blinds"], "blinds", "100/200")
        bets: tuple[int, ...] | None = None
        if "bets" in top:
            bets = self.bet_sizes(top["bets"])
            if game is not Game.LIMIT:
                raise self.fail(
                    top["bets"],
                    "`bets` sets limit bet sizes; this hand is"
                    f" {game}. Remove it, or add `game: limit`.",
                )
        ante = self.integer(top["ante"], "ante") if "ante" in top else 0
        bb_ante = self.integer(top["bb_ante"], "bb_ante") if "bb_ante" in top else 0
        chip = self.integer(top["chip"], "chip", low=1) if "chip" in top else 1
        cap = self.integer(top["cap"], "cap", low=1, unit=" of bets") if "cap" in top else 4
        profile = Profile.TDA
        house: HouseRules | None = None
        if "rules" in top:
            house = self.house(top["rules"])
            if house is not None:
                profile = house.base
            else:
                profile = Profile(self.scalar(top["rules"], "rules").lower())
        button = self.integer(top["button"], "button", low=1, high=10, unit="")
        seats = self.seats(top["seats"], variant)
        stakes = Stakes(
            small_blind=small,
            big_blind=big,
            game=game,
            ante=ante,
            bb_ante=bb_ante,
            small_bet=bets[0] if bets else None,
            big_bet=bets[1] if bets else None,
            cap=cap,
            river_bet=bets[2] if bets and len(bets) == 3 else None,
        )
        blinds = self.blind_seats(top, seats, button)
        lines = self.actions(top["actions"], seats)
        end_line = max([_line(top["actions"])] + [r.line for r in lines])
        return EnteredHand(
            source=self.source,
            stakes=stakes,
            button=button,
            seats=seats,
            lines=lines,
            chip=chip,
            profile=profile,
            end_line=end_line,
            variant=variant,
            blinds=blinds,
            house=house if house is not None and house.overrides else None,
            previous=self.previous(top["previous"]) if "previous" in top else None,
        )

    def previous(self, node: yaml.Node) -> PreviousHand:
        """`previous: {button: 3, small_blind: 4, big_blind: 5}`: the hand before's seats (any
        seat 1-10, empty now or not; `small_blind: none` when it was dead)."""
        fields = self.mapping(node, "`previous` (the hand before)", PREVIOUS_KEYS)
        for key in ("button", "big_blind"):
            if key not in fields:
                raise self.fail(
                    node,
                    f"`previous` has no `{key}`: give the seats of the hand before, like"
                    " `previous: {button: 3, small_blind: 4, big_blind: 5}`.",
                )

        def seat(key: str) -> int:
            return self.integer(fields[key], f"previous {key}", low=1, high=10, unit="")

        small: int | None = None
        if "small_blind" in fields:
            word = self.scalar(fields["small_blind"], "small_blind").lower()
            small = None if word in ("none", "dead", "~", "null", "") else seat("small_blind")
        button, big = seat("button"), seat("big_blind")
        if big in (button, small):  # heads-up the button is the small blind: the same seat
            raise self.fail(node, "`previous`: the big blind needs a seat of its own.")
        return PreviousHand(_line(node), Positions(button, small, big))

    def seats(self, node: yaml.Node, variant: Variant = Variant.HOLDEM) -> tuple[SeatEntry, ...]:
        if not isinstance(node, yaml.MappingNode):
            raise self.fail(
                node,
                "`seats` should map seat numbers to players, like `1: {name: Anna, stack: 2000}`.",
            )
        entries: list[SeatEntry] = []
        names: dict[str, int] = {}
        taken: set[int] = set()
        for key_node, value in node.value:
            seat = self.integer(key_node, "seat number", low=1, high=10, unit="")
            if seat in taken:
                raise self.fail(key_node, f"seat {seat} is given twice.")
            taken.add(seat)
            fields = self.mapping(value, f"seat {seat}", SEAT_KEYS)
            for key in ("name", "stack"):
                if key not in fields:
                    raise self.fail(value, f"seat {seat} has no `{key}`.")
            name = self.scalar(fields["name"], "name")
            if not name:
                raise self.fail(fields["name"], f"seat {seat} has an empty `name`.")
            if name.isdigit():
                raise self.fail(
                    fields["name"],
                    f"seat {seat} needs a name that is not a number"
                    " (a number in an action means a seat).",
                )
            if name.lower() in names:
                raise self.fail(
                    fields["name"],
                    f"{name} is seated twice (seats {names[name.lower()]} and {seat}).",
                )
            names[name.lower()] = seat
            stack_node = fields["stack"]
            stack = self.integer(stack_node, f"stack of {name}")
            if stack == 0:
                raise self.fail(
                    stack_node, f"{name} has no chips and cannot be dealt in; remove the seat."
                )
            cards: tuple[Card, ...] | None = None
            if "cards" in fields:
                cards = self.cards(fields["cards"], self.scalar(fields["cards"], "cards"))
                want = variant.hole_cards
                if len(cards) != want:
                    game = "" if variant is Variant.HOLDEM else f" in {variant.words}"
                    raise self.fail(
                        fields["cards"],
                        f"{name} should have {want} hole cards{game}, not {len(cards)}.",
                    )
            entries.append(SeatEntry(seat, name, stack, cards, _line(key_node)))
            self.first_words.add(name.lower().split()[0])
        if not 2 <= len(entries) <= 10:
            raise self.fail(node, f"a hand needs 2 to 10 players, not {len(entries)}.")
        return tuple(sorted(entries, key=lambda e: e.seat))

    # -- the actions ------------------------------------------------------------------------

    def actions(self, node: yaml.Node, seats: tuple[SeatEntry, ...]) -> tuple[HandLine, ...]:
        if isinstance(node, yaml.ScalarNode) and node.tag.endswith(":null"):
            return ()
        if not isinstance(node, yaml.SequenceNode):
            raise self.fail(node, "`actions` should be a list, one `- ...` line per action.")
        return tuple(self.action(item, seats) for item in node.value)

    def who(self, node: yaml.Node, words: list[str], seats: tuple[SeatEntry, ...]) -> int:
        text = " ".join(words)
        if not text:
            raise self.fail(node, "the line does not say who acted.")
        if text.isdigit():
            seat = int(text)
            if any(e.seat == seat for e in seats):
                return seat
            raise self.fail(node, f"nobody sits in seat {seat}.")
        wanted = text.lower()
        for e in seats:
            if e.name.lower() == wanted:
                return e.seat
        names = [e.name for e in seats]
        close = difflib.get_close_matches(text, names, n=1, cutoff=0.6)
        hint = f" Did you mean {close[0]}?" if close else ""
        raise self.fail(
            node, f"{text} is not seated at this table.{hint} The players are {', '.join(names)}."
        )

    def action(self, node: yaml.Node, seats: tuple[SeatEntry, ...]) -> HandLine:
        if not isinstance(node, yaml.ScalarNode) or not str(node.value).strip():
            raise self.fail(node, "write each action as one line of text, like `Ben call`.")
        text = " ".join(str(node.value).split())
        words = text.split()
        low = [w.lower() for w in words]
        line = _line(node)
        if low[0] == "flop" and low[-2:] == ["without", "burn"]:
            cards = self.cards(node, " ".join(words[1:-2])) if len(words) > 3 else ()
            if len(cards) != 3:
                raise self.fail(
                    node,
                    f"`{text}`: write the three flop cards, like `flop 2c 7s 9d without burn`.",
                )
            return IrregularityLine(line, text, Irregularity.FLOP_WITHOUT_BURN, cards=cards)
        burn_error = low[-2:] == ["without", "burn"] or low[-3:] == ["after", "two", "burns"]
        if low[0] in ("turn", "river") and burn_error and not self._named_player(low, seats):
            extra = low[-1] == "burns"
            cards = self.cards(node, " ".join(words[1 : -3 if extra else -2]))
            if len(cards) != 1:
                raise self.fail(
                    node,
                    f"`{text}`: write the one {low[0]} card, like `{low[0]} Jc without burn`"
                    f" or `{low[0]} Jc after two burns`.",
                )
            burn = Irregularity.EXTRA_BURN if extra else Irregularity.MISSED_BURN
            return IrregularityLine(line, text, burn, cards=cards, which=low[0])
        if low[:2] == ["short", "card"]:
            if len(low) < 3:
                raise self.fail(node, f"`{text}`: say who was dealt too few: `short card WHO`.")
            return IrregularityLine(
                line, text, Irregularity.SHORT_CARD, seat=self.who(node, words[2:], seats)
            )
        if low[:2] == ["extra", "card"]:
            if len(low) < 3:
                raise self.fail(node, f"`{text}`: say who got the extra card: `extra card WHO`.")
            return IrregularityLine(
                line, text, Irregularity.EXTRA_CARD, seat=self.who(node, words[2:], seats)
            )
        if low[0] in KEYWORDS and low[0] in self.first_words and self._named_player(low, seats):
            pass  # `River call`: a player named like a keyword, never a board line
        elif low[0] in STREET_WORDS:
            return self.board(node, text, STREET_WORDS[low[0]], " ".join(words[1:]), False)
        elif low[0] == "premature" and len(low) > 1 and low[1] in STREET_WORDS:
            return self.board(node, text, STREET_WORDS[low[1]], " ".join(words[2:]), True)
        elif low[0] == "exposed" and len(low) >= 3 and low[-1] in ("first", "second"):
            seat = self.who(node, words[1:-1], seats)
            return IrregularityLine(line, text, Irregularity.EXPOSED_CARD, seat=seat, which=low[-1])
        elif low[0] == "boxed" and len(low) >= 2:
            return IrregularityLine(
                line, text, Irregularity.BOXED_CARD, seat=self.who(node, words[1:], seats)
            )
        elif low[:3] == ["chips", "found", "behind"]:
            chips = spoken_amount(words[-1:]) if len(words) > 4 else None
            if chips is None or chips <= 0:
                raise self.fail(
                    node,
                    f"`{text}`: say whose chips and how many, like `chips found behind Anna 500`.",
                )
            return IrregularityLine(
                line,
                text,
                Irregularity.CHIPS_BEHIND,
                seat=self.who(node, words[3:-1], seats),
                amount=chips,
            )
        elif low[:3] == ["wrong", "count", "noticed"] and len(low) == 3:
            return IrregularityLine(line, text, Irregularity.POT_COUNT, which="noticed")
        elif "counts" in low[:-1] and low[low.index("counts") + 1 : low.index("counts") + 3] == [
            "the",
            "pot",
        ]:
            at = low.index("counts")
            count = spoken_amount(words[at + 3 :]) if len(words) > at + 3 else None
            if count is None or count <= 0:
                raise self.fail(
                    node,
                    f"`{text}`: write the pot as it was counted, like `dealer counts the pot"
                    " 9500` (or `WHO counts the pot 9500` for a player's count).",
                )
            if at == 0:
                raise self.fail(node, f"`{text}`: say who counted: `dealer counts the pot N`.")
            counter = None if low[:at] == ["dealer"] else self.who(node, words[:at], seats)
            return IrregularityLine(
                line, text, Irregularity.POT_COUNT, seat=counter, amount=count, which="count"
            )
        elif low[:2] == ["dealer", "counts"]:
            count = spoken_amount(words[2:]) if len(words) > 2 else None
            if count is None or count <= 0:
                raise self.fail(
                    node,
                    f"`{text}`: write the bet as the dealer counted it, like `dealer counts 1500`.",
                )
            return IrregularityLine(line, text, Irregularity.ACCEPTED_ACTION, amount=count)
        elif low[:2] == ["dealer", "kills"]:
            target = _owner(words[2:])
            if not target:
                raise self.fail(node, f"`{text}`: say whose hand: `dealer kills WHO's hand`.")
            return ShowdownCall(line, text, self.who(node, target, seats), Showdown.KILLED)
        elif low[:2] == ["fouled", "deck"]:
            return IrregularityLine(
                line, text, Irregularity.DUPLICATE_CARD, reason=" ".join(words[2:]) or None
            )
        elif low[0] == "duplicate":
            cards = self.cards(node, " ".join(words[1:]))
            if len(cards) != 1:
                raise self.fail(
                    node,
                    f"`{text}`: name the one card that turned up twice, like `duplicate As`"
                    " (or write `fouled deck`).",
                )
            return IrregularityLine(line, text, Irregularity.DUPLICATE_CARD, cards=cards)
        elif low[0] == "misdeal":
            return IrregularityLine(
                line, text, Irregularity.MISDEAL, reason=" ".join(words[1:]) or None
            )
        out_of_turn = low[-3:] == OOT
        if out_of_turn:
            words, low = words[:-3], low[:-3]
            if not low:
                raise self.fail(node, f"`{text}`: write `WHO ACTION out of turn`.")
        if low[-3:] == ["acts", "on", "it"] and len(low) > 3:  # on the count (TDA 49)
            seat = self.who(node, words[:-3], seats)
            return DeclarationLine(
                line, text, seat, Said.CALL, out_of_turn=out_of_turn, on_count=True
            )
        special = self.post_or_showdown(node, text, words, low, seats, out_of_turn)
        if special is not None:
            return special
        if low[-3:] == ["plays", "the", "board"] and not out_of_turn:
            return ShowdownLine(line, text, self.who(node, words[:-3], seats), True, board=True)
        talk = self.talk(node, text, words, low, seats, out_of_turn)
        if talk is not None:
            return talk
        amount: int | None = None
        if _NUMBER.match(low[-1]):
            amount = int(low[-1].replace(",", "").replace("_", ""))
            words, low = words[:-1], low[:-1]
            if low and low[-1] == "to":
                words, low = words[:-1], low[:-1]
        if len(low) >= 2 and low[-2:] == ["all", "in"]:
            words, low = words[:-1], low[:-1]
            low[-1] = "all-in"
        if not low:
            raise self.fail(node, f"`{text}` is not an action: write `WHO VERB`, like `Ben call`.")
        verb = low[-1]
        if out_of_turn and (
            verb in ("exposes", "expose", "straddle", "straddles") or verb in SHOWDOWN
        ):
            raise self.fail(
                node,
                f"`{text}`: only a betting action can be out of turn (fold, check, call,"
                " bet, raise, all-in, puts, says).",
            )
        if verb in ("exposes", "expose") and amount is None:
            return IrregularityLine(
                line, text, Irregularity.PLAYER_EXPOSES, seat=self.who(node, words[:-1], seats)
            )
        if verb in ("straddle", "straddles"):
            seat = self.who(node, words[:-1], seats)
            if amount is None or amount <= 0:
                raise self.fail(
                    node,
                    f"`{text}` needs the straddle's amount: `straddle N`, N the total (twice"
                    " the big blind, or twice the last straddle).",
                )
            return StraddleLine(line, text, seat, amount)
        if verb in SHOWDOWN and amount is None:
            return ShowdownLine(line, text, self.who(node, words[:-1], seats), SHOWDOWN[verb])
        if verb not in VERBS:
            raise self.fail(
                node,
                f"`{text}` is not an action: the verbs are fold, check, call,"
                " bet N, raise N, all-in, straddle N, shows, mucks (or a board line: flop,"
                " turn, river).",
            )
        kind = VERBS[verb]
        seat = self.who(node, words[:-1], seats)
        if kind in (Verb.BET, Verb.RAISE):
            if amount is None:
                raise self.fail(
                    node,
                    f"`{text}` needs an amount: `{verb} N`, where N is the"
                    " player's total in front of them this round.",
                )
            if amount <= 0:
                raise self.fail(node, f"`{text}`: a {verb} must be more than 0.")
        elif amount is not None:
            raise self.fail(node, f"`{text}`: a {verb} takes no amount; write `{' '.join(words)}`.")
        return ActionLine(line, text, seat, kind, amount, out_of_turn)

    def post_or_showdown(
        self,
        node: yaml.Node,
        text: str,
        words: list[str],
        low: list[str],
        seats: tuple[SeatEntry, ...],
        out_of_turn: bool,
    ) -> HandLine | None:
        """`WHO posts ...`, `WHO asks to see WHO`, `WHO's hand is retrieved`, `WHO tables one
        card`; None for any other line."""
        if _POST_OR_SHOWDOWN.isdisjoint(low):
            return None  # the usual line: none of these words at all
        line = _line(node)
        k = next((k for k in range(1, len(low)) if low[k] in ("posts", "post")), None)
        found = (
            k is not None
            or "see" in low
            or low[-3:] == ["tables", "one", "card"]
            or low[-2:] == ["is", "retrieved"]
            or low[-1:] == ["retrieved"]
        )
        if not found:
            return None
        if out_of_turn:
            raise self.fail(
                node, f"`{text}`: posting a blind or a showdown question is never out of turn."
            )
        if k is not None:
            what = " ".join(w for w in low[k + 1 :] if w not in ("a", "the"))
            if what not in _POSTS:
                raise self.fail(
                    node,
                    f"`{text}`: write `{words[0]} posts big blind` (live), `{words[0]} posts dead"
                    f" small blind` or `{words[0]} posts both blinds` (big blind live, small"
                    " blind dead).",
                )
            live, dead = _POSTS[what]
            return PostLine(line, text, self.who(node, words[:k], seats), live, dead)
        if low[-3:] == ["tables", "one", "card"]:
            return ShowdownCall(line, text, self.who(node, words[:-3], seats), Showdown.ONE_CARD)
        if low[-1] == "retrieved":
            end = -2 if low[-2:] == ["is", "retrieved"] else -1
            who = _owner(words[:end])
            return ShowdownCall(line, text, self.who(node, who, seats), Showdown.RETRIEVED)
        k = next(
            (k for k in range(1, len(low) - 2) if low[k : k + 3] in (["asks", "to", "see"],
                                                                    ["ask", "to", "see"])),
            None,
        )  # fmt: skip
        if k is None:
            return None
        target = _owner(words[k + 3 :])
        if not target:
            raise self.fail(node, f"`{text}`: say whose hand: `{words[0]} asks to see WHO`.")
        asker = self.who(node, words[:k], seats)
        other = self.who(node, target, seats)
        if other == asker:
            raise self.fail(node, f"`{text}`: a player asks to see another player's hand.")
        return ShowdownCall(line, text, asker, Showdown.ASKS, other)

    def talk(
        self,
        node: yaml.Node,
        text: str,
        words: list[str],
        low: list[str],
        seats: tuple[SeatEntry, ...],
        out_of_turn: bool,
    ) -> HandLine | None:
        """`WHO puts N`, `WHO puts chips C C ...`, `WHO says ...`, `WHO pulls back [C ...]`."""
        if _TALK_WORDS.isdisjoint(low):
            return None  # the usual line: no word of chips or words at all
        k = next(
            (
                k
                for k in range(1, len(low))
                if low[k] in ("puts", "put", "says", "say")
                or (low[k] in ("pulls", "pull") and low[k + 1 : k + 2] == ["back"])
            ),
            None,
        )
        if k is None:
            return None
        line = _line(node)
        rest, rest_low = words[k + 1 :], low[k + 1 :]
        if low[k] in ("pulls", "pull"):
            if out_of_turn:
                raise self.fail(node, f"`{text}`: chips are pulled back only in turn.")
            seat = self.who(node, words[:k], seats)
            return PullBackLine(line, text, seat, self.chip_values(node, text, rest[1:], True))
        if low[k] in ("puts", "put"):
            seat = self.who(node, words[:k], seats)
            if rest_low[:1] == ["chips"]:
                chips = self.chip_values(node, text, rest[1:], False)
                return ChipsLine(line, text, seat, sum(chips), chips, out_of_turn)
            amount = spoken_amount(rest) if rest else None
            if amount is None or amount <= 0:
                raise self.fail(
                    node,
                    f"`{text}`: write what the player pushed out, like `{words[0]} puts 1500`"
                    f" or `{words[0]} puts chips 1000 500`.",
                )
            return ChipsLine(line, text, seat, amount, (), out_of_turn)
        seat = self.who(node, words[:k], seats)
        if rest_low[:1] == ["if"]:
            return self.conditional(node, text, seat, rest, seats, out_of_turn)
        said_text = " ".join(rest_low)
        if said_text in _SAYS:
            return DeclarationLine(line, text, seat, _SAYS[said_text], None, out_of_turn)
        if rest_low[:1] in (["raise"], ["raises"], ["bet"], ["bets"]):
            tail = rest[1:]
            if tail[:1] and tail[0].lower() == "to":
                tail = tail[1:]
            amount = spoken_amount(tail) if tail else None
            if tail and (amount is None or amount <= 0):
                raise self.fail(
                    node,
                    f"`{text}`: `{' '.join(tail)}` is not an amount (write `says raise 8000`).",
                )
            word = "bet" if rest_low[0] in ("bet", "bets") else "raise"
            return DeclarationLine(line, text, seat, Said.RAISE, amount, out_of_turn, word)
        amount = spoken_amount(rest) if rest else None
        if amount is None or amount <= 0:
            raise self.fail(
                node,
                f"`{text}` is not a declaration tdtool can read: write `says call`, `says check`,"
                " `says fold`, `says raise`, `says raise 8000`, `says 1400`, `says all-in`,"
                " `says pot` or `says complete`.",
            )
        return DeclarationLine(line, text, seat, Said.AMOUNT, amount, out_of_turn)

    def conditional(
        self,
        node: yaml.Node,
        text: str,
        seat: int,
        rest: list[str],
        seats: tuple[SeatEntry, ...],
        out_of_turn: bool,
    ) -> ConditionalLine:
        """`says if OTHER bets, I raise [N]` (TDA 59): who, on what, and what was promised."""
        example = "`Ann says if Ben bets, I raise` (or `..., I call`, `..., I raise 600`)"
        if out_of_turn:
            raise self.fail(
                node, f"`{text}`: a conditional statement is about future action; leave out"
                " `out of turn`."
            )  # fmt: skip
        words = [w.strip(",;:") for w in rest[1:]]
        words = [w for w in words if w]
        low = [w.lower() for w in words]
        comma = next((k for k, w in enumerate(rest[1:]) if w.endswith(",")), len(low) - 1)
        k = comma if comma < len(low) and low[comma] in _CONDITIONS and comma >= 1 else None
        if k is None and not any(w.endswith(",") for w in rest[1:]):
            k = next((k for k in range(1, len(low)) if low[k] in _CONDITIONS), None)
        if k is None:
            raise self.fail(
                node, f"`{text}` is not a conditional statement tdtool reads: {example}."
            )
        who = [w for w in words[:k] if w.lower() not in ("goes",)]
        other = self.who(node, who, seats)
        if other == seat:
            raise self.fail(node, f"`{text}`: a conditional statement is about another player.")
        condition = _CONDITIONS[low[k]]
        then = [w for w in low[k + 1 :] if w not in _I_WILL]
        amount: int | None = None
        if then and _NUMBER.match(then[-1]):
            amount = spoken_amount([then[-1]])
            then = then[:-1]
            if then[-1:] == ["to"]:
                then = then[:-1]
        if then[-2:] == ["all", "in"]:
            then = [*then[:-2], "all-in"]
        if then[:1] == ["go"]:
            then = then[1:]
        if len(then) != 1 or then[0] not in VERBS:
            raise self.fail(node, f"`{text}`: say what the player will do then, like {example}.")
        verb = VERBS[then[0]]
        if amount is not None and verb not in (Verb.BET, Verb.RAISE):
            raise self.fail(node, f"`{text}`: only a bet or a raise takes an amount.")
        return ConditionalLine(_line(node), text, seat, other, condition, verb, amount)

    def chip_values(
        self, node: yaml.Node, text: str, words: list[str], optional: bool
    ) -> tuple[int, ...]:
        """Chip values, one per chip: `1000 500 500` (or `1k 500`)."""
        if not words and not optional:
            raise self.fail(node, f"`{text}`: name each chip's value, like `puts chips 1000 500`.")
        values = []
        for word in words:
            m = _CHIP_AMOUNT.match(word.lower().strip(","))
            value = spoken_amount([word.strip(",")]) if m else None
            if value is None or value <= 0:
                raise self.fail(
                    node,
                    f"`{text}`: `{word}` is not a chip value; name each chip, like `1000 500`.",
                )
            values.append(value)
        return tuple(values)

    def _named_player(self, low: list[str], seats: tuple[SeatEntry, ...]) -> bool:
        """The line starts with a seated player's name and goes on with an action word, and the
        words after the keyword are not cards (`River call`, but never `river 3h`)."""
        rest = " ".join(low[1:])
        try:
            if parse_cards(rest):
                return False
        except ValueError:
            pass
        for e in seats:
            name = e.name.lower().split()
            if low[: len(name)] == name and len(low) > len(name):
                return True
        return False

    def board(
        self, node: yaml.Node, text: str, street: Street, cards_text: str, premature: bool
    ) -> HandLine:
        line = _line(node)
        cards = self.cards(node, cards_text) if cards_text else ()
        want = BOARD_SIZE[street]
        if premature and len(cards) == want:
            return IrregularityLine(line, text, PREMATURE[street], cards=cards)
        if not premature and street is Street.FLOP and len(cards) == 4:
            return IrregularityLine(line, text, Irregularity.FOUR_CARD_FLOP, cards=cards)
        if len(cards) != want:
            plural = "s" if want > 1 else ""
            raise self.fail(
                node, f"the {street} is {want} card{plural}, not {len(cards)}: `{text}`."
            )
        return BoardLine(line, text, street, cards)
