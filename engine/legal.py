"""Legal orders: every order a unit may be given in a position, for order menus.

The menu is made of the orders :mod:`engine.validation` accepts, in their normal form:
candidates are drawn from the board (neighbours, convoy routes the fleets on the board
could make, the other units and their moves) and each is kept only when
:class:`~engine.validation.Checker` gives it back unchanged. So a support names a unit
that is there and a move that unit could make (with the coast, for moves to split
coasts); a convoy names an army and a destination joined by a chain of fleets on the
board that includes the convoying fleet; a convoyed move needs such a chain. What this
module offers is exactly what :func:`engine.validation.check_order` accepts.

>>> from engine.position import Position
>>> start = Position.initial()
>>> sorted(str(o) for o in legal_orders(start, "PAR"))[:4]
['A PAR - BRE', 'A PAR - BUR', 'A PAR - GAS', 'A PAR - PIC']
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.map import Location
from engine.orders import Build, Convoy, Disband, Hold, Move, Order, Retreat, SupportHold, SupportMove, Waive
from engine.position import Position
from engine.power import Power
from engine.rules import STANDARD_RULES, Rules
from engine.units import Unit, UnitType
from engine.validation import Checker, buildable_centres, orders_due


def possible_moves(position: Position, unit: Unit, rules: Rules = STANDARD_RULES) -> list[Move]:
    """Every move the unit could be ordered to make (by land/coast, and by convoy when a
    chain of fleets on the board could carry it)."""
    return list(Checker(position, rules).moves(unit))


def legal_orders(position: Position, province: str, rules: Rules = STANDARD_RULES) -> list[Order]:
    """Every legal order for the unit in ``province`` in this phase (movement or retreat);
    none for a unit of a passive power (its orders would not be obeyed). For the
    adjustment phase use :func:`legal_adjustments`."""
    return _menu(Checker(position, rules), province)


def menus(position: Position, provinces: Iterable[str], rules: Rules = STANDARD_RULES) -> dict[str, list[Order]]:
    """:func:`legal_orders` for several units at once (one check of the board for all:
    the stand-in players ask for every unit of a power each phase), in the order given."""
    checker = Checker(position, rules)
    return {province: _menu(checker, province) for province in provinces}


def _menu(checker: Checker, province: str) -> list[Order]:
    position = checker.position
    phase = position.phase
    if phase.is_retreat:
        d = position.dislodged.get(province)
        if d is None or checker.rules.passive(d.unit.power):
            return []
        u = d.unit
        options: list[Order] = [*(Retreat(u.type, u.location, loc) for loc in d.retreats), Disband(u.type, u.location)]
        return [o for o in options if checker.unit_verdict(u, o) == o]
    unit = position.units.get(province) if phase.is_movement else None
    if unit is None or checker.rules.passive(unit.power):
        return []
    m = checker.map
    fleet = unit.type is UnitType.FLEET
    here = unit.location
    out: list[Order] = [Hold(unit.type, here), *checker.moves(unit)]

    def keep(order: Order) -> None:
        if checker.unit_verdict(unit, order) == order:
            out.append(order)

    others = sorted((u for u in position.units.values() if u.province != province), key=lambda u: u.province)
    for other in others:
        if m.can_reach(fleet, here, other.province):
            keep(SupportHold(unit.type, here, other.type, other.location))
        for move in checker.moves(other):
            # a move by convoy to a neighbour needs the same support as the land move
            if not move.via_convoy and m.can_reach(fleet, here, move.destination.province):
                keep(SupportMove(unit.type, here, other.type, other.location, move.destination))
    if fleet and province in m.seas:
        for army in others:
            if army.type is UnitType.ARMY:
                for dest in sorted(checker.routes(army.province)):
                    keep(Convoy(unit.type, here, army.location, Location(dest)))
    return out


def legal_adjustments(position: Position, power: Power, rules: Rules = STANDARD_RULES) -> list[Order]:
    """Every build or disband ``power`` may order in this adjustment phase (plus WAIVE
    while it has builds to make); none when it owes nothing."""
    if not position.phase.is_adjustment:
        return []
    due = orders_due(position, power, rules)
    m = position.map
    candidates: list[Order] = []
    if due.builds:
        for code in buildable_centres(position, power):
            province = m.provinces[code]
            candidates.append(Build(UnitType.ARMY, Location(code)))
            if province.coasts:
                candidates.extend(Build(UnitType.FLEET, Location(code, c)) for c in province.coasts)
            elif province.is_coastal:
                candidates.append(Build(UnitType.FLEET, Location(code)))
        candidates.append(Waive())
    elif due.disbands:
        candidates.extend(Disband(u.type, u.location) for u in position.units_of(power))
    checker = Checker(position, rules)
    return [o for o in candidates if checker.verdict(o, power) == o]
