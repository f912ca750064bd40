"""Winter adjustments: builds in vacant, owned home centres, waives, disbands, and the
civil-disorder rule for disbands a power did not order (DATC 6.J, 2023 rulebook).

Orders are taken in the order given; the first legal ones count (DATC 4.D.4-4.D.6).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.map import Map
from engine.orders import Build, Disband, Order, Waive
from engine.power import Power
from engine.results import Result
from engine.units import Unit, UnitType
from engine.validation import Checker, Illegal, Reason


@dataclass(frozen=True, slots=True)
class AdjustmentResult:
    results: list[Result]  # one per order given, in order
    judged: list[Order]  # the canonical order judged (coast/type fixed)
    illegal: list[Illegal | None]  # one per order given: why it was not carried out
    built: list[Unit]
    removed: list[Unit]  # disbanded by order
    civil_disorder: list[Unit]  # disbanded by the civil-disorder rule


def civil_disorder_disbands(
    game_map: Map,
    units: Sequence[Unit],
    centres: set[str] | frozenset[str],
    count: int,
    province_name: Callable[[str], str] | None = None,
) -> list[Unit]:
    """The ``count`` units a power must lose when it gave too few disbands (2023 rule):
    farthest first from the nearest supply centre it owns, counting moves over land and
    sea for both unit types; at equal distance fleets before armies, then by the English
    name of the province, alphabetically."""
    if count <= 0:
        return []
    name = province_name or (lambda code: code)

    def key(unit: Unit) -> tuple[int, int, str]:
        d = game_map.distance(unit.province, centres)
        distance = d if d is not None else 10_000
        return (-distance, 0 if unit.type is UnitType.FLEET else 1, name(unit.province).casefold())

    return sorted(units, key=key)[:count]


def adjudicate_adjustments(
    checker: Checker, orders: Sequence[tuple[Power, Order]], province_name: Callable[[str], str] | None = None
) -> AdjustmentResult:
    """Adjudicate the adjustment phase of ``checker.position``: each power's builds,
    waives and disbands, the first legal ones counting; then the civil-disorder rule."""
    position = checker.position
    units = dict(position.units)
    owned: dict[Power, set[str]] = {}
    for c, p in position.centres.items():
        owned.setdefault(p, set()).add(c)
    by_power: dict[Power, list[Unit]] = {}
    for u in units.values():
        by_power.setdefault(u.power, []).append(u)
    delta = {p: len(owned.get(p, ())) - len(by_power.get(p, ())) for p in Power}
    builds_left = {p: max(0, d) for p, d in delta.items()}
    disbands_left = {p: max(0, -d) for p, d in delta.items()}
    results: list[Result] = []
    judged: list[Order] = []
    illegal: list[Illegal | None] = []
    built: list[Unit] = []
    removed: list[Unit] = []
    removed_provinces: set[str] = set()
    disbands_given: set[str] = set()  # units a disband was given for, carried out or not

    def used_up(power: Power, kind: str) -> Illegal:
        # nothing due at all, or all of it given by the orders before this one
        if checker.rules.passive(power):
            return Illegal(Reason.PASSIVE_POWER, {"power": power.value})
        if delta[power] * (1 if kind == "build" else -1) <= 0:
            reason = Reason.NO_BUILDS_DUE if kind == "build" else Reason.NO_DISBANDS_DUE
            return Illegal(reason, {"power": power.value})
        return Illegal(Reason.TOO_MANY_ADJUSTMENTS, {"power": power.value, "count": abs(delta[power])})

    for power, order in orders:
        why: Illegal | None = None
        fixed: Order
        if isinstance(order, Build):
            site = checker.build_site(order, power)
            if isinstance(site, Illegal):
                why, result, fixed = site, Result.ILLEGAL, order
            else:
                fixed = site
                why = checker.vacant(site, units)
                if why is None and (builds_left[power] <= 0 or checker.rules.passive(power)):
                    why = used_up(power, "build")
                if why is not None:
                    result = Result.VOID  # it could be right another winter
                else:
                    result = Result.OK
                    builds_left[power] -= 1
                    unit = Unit(power, site.unit_type, site.location)
                    units[unit.province] = unit
                    built.append(unit)
            judged.append(fixed)
            results.append(result)
        elif isinstance(order, Waive):
            judged.append(order)
            if builds_left[power] > 0:
                builds_left[power] -= 1
                results.append(Result.OK)
            else:
                why = used_up(power, "build")
                results.append(Result.VOID)
        elif isinstance(order, Disband):
            found = checker.unit_of(order, power)
            if isinstance(found, Illegal):
                why = found
                judged.append(order)
                results.append(Result.NO_UNIT)
            elif found.province in disbands_given:
                # a second order for one unit: the first counts (as in movement and retreats)
                judged.append(Disband(found.type, found.location))
                results.append(Result.DUPLICATE)
            elif disbands_left[power] <= 0:
                disbands_given.add(found.province)
                why = used_up(power, "disband")
                judged.append(Disband(found.type, found.location))
                results.append(Result.VOID)
            else:
                judged.append(Disband(found.type, found.location))
                results.append(Result.OK)
                disbands_left[power] -= 1
                removed.append(found)
                removed_provinces.add(found.province)
                disbands_given.add(found.province)
        else:
            why = checker.wrong_phase(order)
            judged.append(order)
            results.append(Result.ILLEGAL)
        illegal.append(why)

    forced: list[Unit] = []
    for power, left in disbands_left.items():
        if left > 0:
            remaining = [u for u in by_power.get(power, []) if u.province not in removed_provinces]
            forced.extend(civil_disorder_disbands(checker.map, remaining, owned.get(power, set()), left, province_name))
    return AdjustmentResult(results, judged, illegal, built, removed, forced)
