"""Retreat phases: each dislodged unit retreats to one of its legal options or is
disbanded; two or more retreats to one province all fail; an unordered unit disbands."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine.map import Location
from engine.orders import Disband, Order, Retreat
from engine.results import Result
from engine.units import Unit
from engine.validation import Checker, Illegal


@dataclass(frozen=True, slots=True)
class RetreatResult:
    results: dict[str, Result]  # dislodged unit's province -> result
    survivors: dict[str, Unit]  # dislodged unit's province -> unit at its new place
    destroyed: list[Unit]
    orders: dict[str, Order]  # the order each unit was judged on (canonical)
    illegal: dict[str, Illegal]  # the units whose order was illegal, and why


def adjudicate_retreats(checker: Checker, orders: Mapping[str, Order]) -> RetreatResult:
    """Adjudicate the retreat phase of ``checker.position``: ``orders`` by the province of
    the dislodged unit (a unit without one disbands)."""
    dislodged = checker.position.dislodged
    results: dict[str, Result] = {}
    targets: dict[str, Location] = {}
    judged: dict[str, Order] = {}
    illegal: dict[str, Illegal] = {}
    for prov, d in dislodged.items():
        order = orders.get(prov)
        if order is None:
            judged[prov] = Disband(d.unit.type, d.unit.location)
            results[prov] = Result.OK
            continue
        verdict = checker.unit_verdict(d.unit, order)
        if isinstance(verdict, Illegal):
            judged[prov] = order
            results[prov] = Result.ILLEGAL
            illegal[prov] = verdict
        elif isinstance(verdict, Retreat):
            judged[prov] = verdict
            targets[prov] = verdict.destination
        else:
            judged[prov] = verdict
            results[prov] = Result.OK
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
    return RetreatResult(results, survivors, destroyed, judged, illegal)
