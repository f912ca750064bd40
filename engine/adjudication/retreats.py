"""Retreat phases: each dislodged unit retreats to one of its legal options or is
disbanded; two or more retreats to one province all fail; an unordered unit disbands."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from engine.map import Location
from engine.orders import Disband, Order, Retreat
from engine.position import Dislodged
from engine.results import Result
from engine.units import Unit


@dataclass(frozen=True, slots=True)
class RetreatResult:
    results: dict[str, Result]          # dislodged unit's province -> result
    survivors: dict[str, Unit]          # dislodged unit's province -> unit at its new place
    destroyed: list[Unit]
    orders: dict[str, Order]            # the order each unit was judged on (canonical)


def _target(order: Retreat, d: Dislodged) -> Location | None:
    """The legal option this retreat names: coasts must match; a fleet may omit the coast
    when only one coast of that province is an option."""
    options = [loc for loc in d.retreats if loc.province == order.destination.province]
    if not options:
        return None
    if order.destination.coast is None:
        return options[0] if len(options) == 1 else None
    for loc in options:
        if loc.coast is None or loc.coast == order.destination.coast:
            return loc
    return None


def adjudicate_retreats(dislodged: Mapping[str, Dislodged],
                        orders: Mapping[str, Order]) -> RetreatResult:
    results: dict[str, Result] = {}
    targets: dict[str, Location] = {}
    judged: dict[str, Order] = {}
    for prov, d in dislodged.items():
        order = orders.get(prov)
        if order is None:
            judged[prov] = Disband(d.unit.type, d.unit.location)
            results[prov] = Result.OK
            continue
        if isinstance(order, Retreat):
            target = _target(order, d)
            if target is None:
                judged[prov] = order
                results[prov] = Result.ILLEGAL
                continue
            judged[prov] = Retreat(d.unit.type, d.unit.location, target)
            targets[prov] = target
        elif isinstance(order, Disband):
            judged[prov] = Disband(d.unit.type, d.unit.location)
            results[prov] = Result.OK
        else:
            judged[prov] = order
            results[prov] = Result.ILLEGAL
    counts: dict[str, int] = {}
    for loc in targets.values():
        counts[loc.province] = counts.get(loc.province, 0) + 1
    survivors: dict[str, Unit] = {}
    destroyed: list[Unit] = []
    for prov, d in dislodged.items():
        target = targets.get(prov)
        if target is not None and counts[target.province] == 1:
            results[prov] = Result.OK
            survivors[prov] = Unit(d.unit.power, d.unit.type, target)
        else:
            if target is not None:
                results[prov] = Result.BOUNCE
            destroyed.append(d.unit)
    return RetreatResult(results, survivors, destroyed, judged)
