"""The betting structures of Texas Hold'em that tdtool knows."""

from enum import StrEnum


class Game(StrEnum):
    """Betting structure: how much a player may bet or raise."""

    NO_LIMIT = "no-limit"
    POT_LIMIT = "pot-limit"
    LIMIT = "limit"
