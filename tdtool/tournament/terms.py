"""A tournament's money terms: what an entry, a rebuy and an add-on cost and what they give.

Set at `tdtool new` and changeable until the first bust. Amounts are whole currency
units. `buy_in` is the prize-pool part of an entry; `fee` is the house's part.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any


@dataclass(frozen=True)
class Terms:
    """Entry, re-entry, rebuy and add-on terms, the guarantee and how payouts are rounded."""

    buy_in: int = 0
    fee: int = 0
    reentry: bool = False
    """Whether a busted player may enter again (until late registration closes)."""
    rebuy_price: int = 0
    """Prize-pool part of a rebuy; 0 means no rebuys."""
    rebuy_fee: int = 0
    rebuy_chips: int = 0
    """Chips a rebuy gives; 0 means the starting stack."""
    rebuy_until: int | None = None
    """Last level at which rebuys are sold; None means the late-registration level."""
    addon_price: int = 0
    """Prize-pool part of an add-on; 0 means no add-ons."""
    addon_fee: int = 0
    addon_chips: int = 0
    guarantee: int = 0
    """The prize pool is topped up to at least this."""
    rounding: int = 1
    """Payouts are whole multiples of this unit."""
    places_paid: int | None = None
    """Fixed number of paid places; None means decided by `percent_paid` or the payout curve."""
    percent_paid: float | None = None
    """Share of the entries paid, e.g. 12.5 (percent)."""

    def check_levels(self, levels: int) -> None:
        """InputError if the rebuy period ends after the structure's last level."""
        from tdtool.errors import InputError

        if self.rebuy_until is not None and self.rebuy_until > levels:
            raise InputError(
                f"--rebuy-until {self.rebuy_until}: the structure has only {levels} levels;"
                " give one of them."
            )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (stored in the event log)."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Terms:
        """Rebuild from `to_dict()` output; keys this version does not know are ignored."""
        known = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}
        return cls(**known)
