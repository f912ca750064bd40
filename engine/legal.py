"""Legal orders: every order a unit may be given in a position, for order menus.

Only possible orders are offered: a support names a unit that is there and a move that
unit could make (with the coast, for moves to split coasts); a convoy names an army and
a destination joined by a chain of fleets on the board that includes the convoying
fleet; a convoyed move needs such a chain.

>>> from engine.position import Position
>>> start = Position.initial()
>>> sorted(str(o) for o in legal_orders(start, "PAR"))[:4]
['A PAR - BRE', 'A PAR - BUR', 'A PAR - GAS', 'A PAR - PIC']
"""
from __future__ import annotations

from engine.convoy import convoy_routes
from engine.game import buildable_centres
from engine.map import Location
from engine.orders import (
    Build, Convoy, Disband, Hold, Move, Order, Retreat, SupportHold, SupportMove, Waive,
)
from engine.position import Position
from engine.power import Power
from engine.rules import Rules
from engine.units import Unit, UnitType

def _fleets_at_sea(position: Position) -> set[str]:
    m = position.map
    return {p for p, u in position.units.items() if u.type is UnitType.FLEET and m.provinces[p].is_sea}


def possible_moves(position: Position, unit: Unit, rules: Rules = Rules(),
                   fleets: set[str] | None = None) -> list[Move]:
    """Every move the unit could be ordered to make (by land/coast, and by convoy when a
    chain of fleets on the board could carry it)."""
    m = position.map
    out: list[Move] = []
    if unit.type is UnitType.FLEET:
        for loc in sorted(m.fleet_neighbours(unit.location), key=str):
            if loc.province not in rules.closed:
                out.append(Move(unit.type, unit.location, loc))
        return out
    for p in sorted(m.army_neighbours(unit.province)):
        if p not in rules.closed:
            out.append(Move(unit.type, unit.location, Location(p)))
    if m.provinces[unit.province].is_coastal:
        if fleets is None:
            fleets = _fleets_at_sea(position)
        for dest in sorted(convoy_routes(m, unit.province, fleets)):
            if dest in rules.closed:
                continue
            out.append(Move(unit.type, unit.location, Location(dest),
                            via_convoy=m.army_can_move(unit.province, dest)))
    return out


def legal_orders(position: Position, province: str, rules: Rules = Rules()) -> list[Order]:
    """Every legal order for the unit in ``province`` in this phase (movement or retreat).
    For the adjustment phase use :func:`legal_adjustments`."""
    phase = position.phase
    if phase.is_retreat:
        d = position.dislodged.get(province)
        if d is None:
            return []
        u = d.unit
        return [*(Retreat(u.type, u.location, loc) for loc in d.retreats), Disband(u.type, u.location)]
    if not phase.is_movement:
        return []
    unit = position.units.get(province)
    if unit is None:
        return []
    m = position.map
    fleets = _fleets_at_sea(position)
    fleet = unit.type is UnitType.FLEET
    out: list[Order] = [Hold(unit.type, unit.location)]
    out.extend(possible_moves(position, unit, rules, fleets))
    for other in sorted(position.units.values(), key=lambda u: u.province):
        if other.province == province:
            continue
        routes = (convoy_routes(m, other.province, fleets)
                  if other.type is UnitType.ARMY and m.provinces[other.province].is_coastal else {})
        if m.can_reach(fleet, unit.location, other.province) and other.province not in rules.closed:
            out.append(SupportHold(unit.type, unit.location, other.type, other.location))
        for move in possible_moves(position, other, rules, fleets):
            dest = move.destination
            if dest.province == province or not m.can_reach(fleet, unit.location, dest.province):
                continue
            if move.via_convoy:
                continue  # the same support as for the land move
            if (other.type is UnitType.ARMY and not m.army_can_move(other.province, dest.province)
                    and not any(province not in r for r in routes.get(dest.province, ()))):
                continue  # DATC 6.D.31: only this unit could convoy that move
            out.append(SupportMove(unit.type, unit.location, other.type, other.location, dest))
    if fleet and m.provinces[province].is_sea:
        for army in sorted(position.units.values(), key=lambda u: u.province):
            if army.type is not UnitType.ARMY or not m.provinces[army.province].is_coastal:
                continue
            for dest, routes in sorted(convoy_routes(m, army.province, fleets).items()):
                if dest in rules.closed:
                    continue
                if any(province in r for r in routes):
                    out.append(Convoy(unit.type, unit.location, army.location, Location(dest)))
    return out


def legal_adjustments(position: Position, power: Power, rules: Rules = Rules()) -> list[Order]:
    """Every build or disband ``power`` may order in this adjustment phase (plus WAIVE)."""
    if not position.phase.is_adjustment or rules.passive(power):
        return []
    delta = position.adjustment_delta(power)
    m = position.map
    out: list[Order] = []
    if delta > 0:
        for code in buildable_centres(position, power):
            province = m.provinces[code]
            out.append(Build(UnitType.ARMY, Location(code)))
            if province.is_coastal:
                if province.coasts:
                    out.extend(Build(UnitType.FLEET, Location(code, c)) for c in province.coasts)
                else:
                    out.append(Build(UnitType.FLEET, Location(code)))
        out.append(Waive())
    elif delta < 0:
        out.extend(Disband(u.type, u.location) for u in position.units_of(power))
    return out
