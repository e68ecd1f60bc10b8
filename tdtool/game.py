"""The betting structures and the games (Hold'em, Omaha, Omaha high-low) that tdtool knows."""

from enum import StrEnum


class Game(StrEnum):
    """Betting structure: how much a player may bet or raise."""

    NO_LIMIT = "no-limit"
    POT_LIMIT = "pot-limit"
    LIMIT = "limit"


class Variant(StrEnum):
    """The game dealt: Texas Hold'em, Omaha, or Omaha high-low eight or better."""

    HOLDEM = "holdem"
    OMAHA = "omaha"
    OMAHA_HILO = "omaha-hilo"

    @property
    def hole_cards(self) -> int:
        """How many cards each player is dealt: 2 in Hold'em, 4 in Omaha."""
        return 2 if self is Variant.HOLDEM else 4

    @property
    def words(self) -> str:
        """The game as a person says it."""
        return {"holdem": "Texas Hold'em", "omaha": "Omaha", "omaha-hilo": "Omaha high-low"}[
            self.value
        ]
