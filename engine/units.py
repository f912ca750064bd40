"""Units: armies and fleets, owned by a power, standing on a location."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.map import Location
from engine.power import Power


class UnitType(StrEnum):
    """Army or fleet; the value is the canonical letter."""

    ARMY = "A"
    FLEET = "F"


@dataclass(frozen=True, slots=True)
class Unit:
    """A unit on the board. ``str(unit)`` is the canonical ``A PAR`` / ``F STP/SC``."""

    power: Power
    type: UnitType
    location: Location

    @property
    def province(self) -> str:
        return self.location.province

    def __str__(self) -> str:
        return f"{self.type} {self.location}"

    @classmethod
    def parse(cls, power: Power, text: str) -> Unit:
        """Read the canonical ``A PAR`` form (strict: codes, upper or lower case)."""
        parts = text.split()
        if len(parts) != 2 or parts[0].upper() not in ("A", "F"):
            raise ValueError(f"malformed unit {text!r} (expected e.g. 'A PAR' or 'F STP/SC')")
        return cls(power, UnitType(parts[0].upper()), Location.parse(parts[1]))
