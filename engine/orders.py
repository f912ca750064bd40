"""Orders as immutable values, and their canonical text form.

>>> from engine.parser import parse_order
>>> str(parse_order("a par -> bur"))
'A PAR - BUR'
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.map import Location
from engine.units import UnitType


@dataclass(frozen=True, slots=True)
class Hold:
    unit_type: UnitType
    location: Location

    def __str__(self) -> str:
        return f"{self.unit_type} {self.location} H"


@dataclass(frozen=True, slots=True)
class Move:
    """A move; ``via_convoy`` is the player's explicit "via convoy"."""

    unit_type: UnitType
    location: Location
    destination: Location
    via_convoy: bool = False

    def __str__(self) -> str:
        via = " VIA" if self.via_convoy else ""
        return f"{self.unit_type} {self.location} - {self.destination}{via}"


@dataclass(frozen=True, slots=True)
class SupportHold:
    unit_type: UnitType
    location: Location
    supported_type: UnitType
    supported: Location

    def __str__(self) -> str:
        return f"{self.unit_type} {self.location} S {self.supported_type} {self.supported}"


@dataclass(frozen=True, slots=True)
class SupportMove:
    unit_type: UnitType
    location: Location
    supported_type: UnitType
    supported: Location
    destination: Location  # the coast, when named, must match the supported move

    def __str__(self) -> str:
        return f"{self.unit_type} {self.location} S {self.supported_type} {self.supported} - {self.destination}"


@dataclass(frozen=True, slots=True)
class Convoy:
    unit_type: UnitType
    location: Location
    army: Location
    destination: Location

    def __str__(self) -> str:
        return f"{self.unit_type} {self.location} C A {self.army} - {self.destination}"


@dataclass(frozen=True, slots=True)
class Retreat:
    unit_type: UnitType
    location: Location
    destination: Location

    def __str__(self) -> str:
        return f"{self.unit_type} {self.location} R {self.destination}"


@dataclass(frozen=True, slots=True)
class Disband:
    """Disband a dislodged unit (retreat phase) or a unit on the board (adjustment phase)."""

    unit_type: UnitType
    location: Location

    def __str__(self) -> str:
        return f"{self.unit_type} {self.location} D"


@dataclass(frozen=True, slots=True)
class Build:
    unit_type: UnitType
    location: Location

    def __str__(self) -> str:
        return f"{self.unit_type} {self.location} B"


@dataclass(frozen=True, slots=True)
class Waive:
    """Decline one build."""

    def __str__(self) -> str:
        return "WAIVE"


Order = Hold | Move | SupportHold | SupportMove | Convoy | Retreat | Disband | Build | Waive
UnitOrder = Hold | Move | SupportHold | SupportMove | Convoy | Retreat | Disband | Build

MOVEMENT_ORDERS = (Hold, Move, SupportHold, SupportMove, Convoy)
RETREAT_ORDERS = (Retreat, Disband)
ADJUSTMENT_ORDERS = (Build, Disband, Waive)


def format_order(order: Order, language: str = "en") -> str:
    """The order written in a language (see :func:`engine.wording.order_text`). English is
    the canonical form (what ``str(order)`` gives); other languages use their unit letters,
    abbreviations and order words, so that a player reads the order as their rulebook
    writes it.

    >>> from engine.parser import parse_order
    >>> format_order(parse_order("F BLA C A ANK - SEV"), "es")
    'F MNe T E Ank - Seb'
    """
    from engine.wording import order_text  # local: wording imports this module

    return order_text(order, language)
