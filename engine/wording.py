"""Game words in each language: the one place that writes powers, phases, provinces,
places, units and orders for people to read.

Everything comes from the name tables (``data/names/<language>.json``, loaded by
:mod:`engine.names`): English (``en``) writes the canonical codes, the others write what
their rulebook writes (Spanish ``E Par``, ``Esp CN``; Russian and Bulgarian names and
letters). The bot's posts, its order sheet and the renderer's legend all ask here, so a
phase is called the same on the map and in the channel.

>>> phase_title("S1901M"), phase_title("F1901R", "es")
('Spring 1901 moves', 'Otoño de 1901, retiradas')
>>> unit_text(Unit(Power.FRANCE, UnitType.ARMY, Location("PAR")), "es")
'E Par'
>>> place_text("SPA/NC", "es"), place_text("STP/SC", "bg")
('CN Esp', 'СтП ЮБ')
>>> power_name(Power.GERMANY, "ru"), province_name("MUN", "es")
('Германия', 'Múnich')
>>> place_name("STP/SC", "es"), unit_type_name(UnitType.FLEET, "ru")
('San Petersburgo (costa sur)', 'флот')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engine.map import Location
from engine.names import table
from engine.orders import Build, Convoy, Disband, Hold, Move, Order, Retreat, SupportHold, SupportMove, Waive
from engine.phase import Phase
from engine.power import Power
from engine.units import Unit, UnitType


def power_name(power: Power | str, language: str = "en") -> str:
    """A power's name (``Francia``); a code the table does not know, in title case."""
    code = power.value if isinstance(power, Power) else power
    return table(language).power_names.get(code, code.title())


def phase_title(phase: Phase | str, language: str = "en") -> str:
    """A phase as posts and the map's legend name it (``Spring 1901 moves``); ValueError
    for a malformed phase."""
    return table(language).phase_name(phase if isinstance(phase, Phase) else Phase.parse(phase))


def province_name(code: str, language: str = "en") -> str:
    """A province's full name (``Paris``, ``París``); an unknown code as it is."""
    return table(language).province_name(code)


def place_name(location: Location | str, language: str = "en") -> str:
    """A province's full name with its coast's (``St Petersburg (south coast)``, ``San
    Petersburgo (costa sur)``), for menus and lists; unknown codes as they are."""
    loc = location if isinstance(location, Location) else Location.parse(location)
    names = table(language)
    name = names.province_name(loc.province)
    if loc.coast is None:
        return name
    return f"{name} ({names.coast_names.get(loc.coast, loc.coast)})"


def place_text(location: Location | str, language: str = "en") -> str:
    """A province, with its coast, abbreviated as the language writes it in orders
    (English ``SPA/NC``, Spanish ``CN Esp``, Bulgarian ``Исп СБ``); unknown codes as they
    are."""
    loc = location if isinstance(location, Location) else Location.parse(location)
    if language == "en":
        return str(loc)
    names = table(language)
    abbr = names.province_abbr.get(loc.province, loc.province)
    if loc.coast is None:
        return abbr
    mark = names.coast_abbr.get(loc.coast, loc.coast)
    return f"{mark} {abbr}" if names.coast_before else f"{abbr} {mark}"


def unit_letter(unit_type: UnitType, language: str = "en") -> str:
    """The letter of an army or a fleet (Spanish ``E`` and ``F``)."""
    return table(language).unit_letters.get(unit_type.value, unit_type.value)


def unit_type_name(unit_type: UnitType, language: str = "en") -> str:
    """The word for an army or a fleet (``army``, ``flota``), lower case."""
    return table(language).unit_names.get(unit_type.value, unit_type.value)


def unit_text(unit: Unit | str, language: str = "en") -> str:
    """A unit as the language writes it (``E Par``, ``Ф СтП ЮБ``). ``unit`` may be the
    canonical text (``A PAR``); any other text comes back unchanged."""
    if isinstance(unit, Unit):
        unit_type, loc = unit.type, unit.location
    else:
        letter, _, where = unit.strip().partition(" ")
        if letter.upper() not in ("A", "F") or not where or " " in where.strip():
            return unit
        unit_type, loc = UnitType(letter.upper()), Location.parse(where)
    return f"{unit_letter(unit_type, language)} {place_text(loc, language)}"


def order_text(order: Order, language: str = "en") -> str:
    """An order as the language writes it; English is the canonical form (``str(order)``).

    >>> from engine.parser import parse_order
    >>> order_text(parse_order("F BLA C A ANK - SEV"), "es")
    'F MNe T E Ank - Seb'
    >>> order_text(parse_order("A PAR - BUR"), "bg")
    'А Пар - Бур'
    """
    if language == "en":
        return str(order)
    return write_order(
        order,
        table(language).canonical,
        lambda unit_type, loc: f"{unit_letter(unit_type, language)} {place_text(loc, language)}",
        lambda loc: place_text(loc, language),
    )


def write_order(
    order: Order,
    words: Mapping[str, str],
    unit: Callable[[UnitType, Location], str],
    place: Callable[[Location], str],
) -> str:
    """An order in the shape every language writes orders in: ``words`` (``hold``,
    ``move``, ``support``, ``convoy``, ``via``, ``retreat``, ``disband``, ``build``,
    ``waive``) and the language's way of writing a ``unit`` and a ``place``."""
    if isinstance(order, Waive):
        return words["waive"]

    def move(to: Location) -> str:
        return f"{words['move']} {place(to)}"

    head = unit(order.unit_type, order.location)
    if isinstance(order, Hold):
        return f"{head} {words['hold']}"
    if isinstance(order, Move):
        via = f" {words['via']}" if order.via_convoy else ""
        return f"{head} {move(order.destination)}{via}"
    if isinstance(order, SupportHold):
        return f"{head} {words['support']} {unit(order.supported_type, order.supported)}"
    if isinstance(order, SupportMove):
        return f"{head} {words['support']} {unit(order.supported_type, order.supported)} {move(order.destination)}"
    if isinstance(order, Convoy):
        return f"{head} {words['convoy']} {unit(UnitType.ARMY, order.army)} {move(order.destination)}"
    if isinstance(order, Retreat):
        return f"{head} {words['retreat']} {place(order.destination)}"
    if isinstance(order, Disband):
        return f"{head} {words['disband']}"
    assert isinstance(order, Build)
    return f"{head} {words['build']}"
