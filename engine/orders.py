"""Orders as immutable values, and their canonical text form.

>>> from engine.parser import parse_order
>>> str(parse_order("a par -> bur"))
'A PAR - BUR'
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Union

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
        return (f"{self.unit_type} {self.location} S {self.supported_type} {self.supported}"
                f" - {self.destination}")


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


Order = Union[Hold, Move, SupportHold, SupportMove, Convoy, Retreat, Disband, Build, Waive]
UnitOrder = Union[Hold, Move, SupportHold, SupportMove, Convoy, Retreat, Disband, Build]

MOVEMENT_ORDERS = (Hold, Move, SupportHold, SupportMove, Convoy)
RETREAT_ORDERS = (Retreat, Disband)
ADJUSTMENT_ORDERS = (Build, Disband, Waive)


def format_order(order: Order, language: str = "en") -> str:
    """The order written in a language. English is the canonical form (what ``str(order)``
    gives); other languages use their unit letters, abbreviations and order words, so that
    a player reads the order as their rulebook writes it.

    >>> from engine.parser import parse_order
    >>> format_order(parse_order("F BLA C A ANK - SEV"), "es")
    'F MNe T E Ank - Seb'
    """
    if language == "en":
        return str(order)
    from engine.names import table  # local: names imports nothing from here, but keep it lazy

    names = table(language)
    words = names.canonical

    def unit(letter: UnitType) -> str:
        return names.unit_letters.get(letter.value, letter.value)

    def loc(location: Location) -> str:
        abbr = names.province_abbr.get(location.province, location.province)
        if location.coast is None:
            return abbr
        coast = names.coast_abbr.get(location.coast, location.coast)
        return f"{coast} {abbr}" if names.coast_before else f"{abbr} {coast}"

    if isinstance(order, Waive):
        return words["waive"]
    head = f"{unit(order.unit_type)} {loc(order.location)}"
    if isinstance(order, Hold):
        return f"{head} {words['hold']}"
    if isinstance(order, Move):
        via = f" {words['via']}" if order.via_convoy else ""
        return f"{head} {words['move']} {loc(order.destination)}{via}"
    if isinstance(order, SupportHold):
        return f"{head} {words['support']} {unit(order.supported_type)} {loc(order.supported)}"
    if isinstance(order, SupportMove):
        return (f"{head} {words['support']} {unit(order.supported_type)} {loc(order.supported)}"
                f" {words['move']} {loc(order.destination)}")
    if isinstance(order, Convoy):
        return (f"{head} {words['convoy']} {unit(UnitType.ARMY)} {loc(order.army)}"
                f" {words['move']} {loc(order.destination)}")
    if isinstance(order, Retreat):
        return f"{head} {words['retreat']} {loc(order.destination)}"
    if isinstance(order, Disband):
        return f"{head} {words['disband']}"
    return f"{head} {words['build']}"
