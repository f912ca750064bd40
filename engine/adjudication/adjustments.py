"""Winter adjustments: builds in vacant, owned home centres, waives, disbands, and the
civil-disorder rule for disbands a power did not order (DATC 6.J, 2023 rulebook).

Orders are taken in the order given; the first legal ones count (DATC 4.D.4-4.D.6).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from engine.map import Location, Map
from engine.orders import Build, Disband, Order, Waive
from engine.power import Power
from engine.results import Result
from engine.rules import Rules
from engine.units import Unit, UnitType


@dataclass(frozen=True, slots=True)
class AdjustmentResult:
    results: list[Result]               # one per order given, in order
    judged: list[Order]                 # the canonical order judged (coast/type fixed)
    built: list[Unit]
    removed: list[Unit]                 # disbanded by order
    civil_disorder: list[Unit]          # disbanded by the civil-disorder rule


def civil_disorder_disbands(game_map: Map, units: Sequence[Unit], centres: set[str] | frozenset[str],
                            count: int, province_name=None) -> list[Unit]:
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


def adjudicate_adjustments(game_map: Map, units: dict[str, Unit], centres: dict[str, Power],
                           orders: Sequence[tuple[Power, Order]], rules: Rules,
                           province_name=None) -> AdjustmentResult:
    owned: dict[Power, set[str]] = {}
    for c, p in centres.items():
        owned.setdefault(p, set()).add(c)
    by_power: dict[Power, list[Unit]] = {}
    for u in units.values():
        by_power.setdefault(u.power, []).append(u)
    delta = {p: len(owned.get(p, ())) - len(by_power.get(p, ())) for p in Power}
    builds_left = {p: max(0, d) for p, d in delta.items()}
    disbands_left = {p: max(0, -d) for p, d in delta.items()}
    occupied = set(units)
    results: list[Result] = []
    judged: list[Order] = []
    built: list[Unit] = []
    removed: list[Unit] = []
    removed_provinces: set[str] = set()

    for power, order in orders:
        if isinstance(order, Build):
            result, fixed = _build(game_map, power, order, owned.get(power, set()), occupied,
                                   builds_left[power] > 0 and not rules.passive(power), rules)
            judged.append(fixed)
            results.append(result)
            if result is Result.OK:
                builds_left[power] -= 1
                occupied.add(fixed.location.province)
                built.append(Unit(power, fixed.unit_type, fixed.location))
        elif isinstance(order, Waive):
            judged.append(order)
            if builds_left[power] > 0:
                builds_left[power] -= 1
                results.append(Result.OK)
            else:
                results.append(Result.VOID)
        elif isinstance(order, Disband):
            unit = units.get(order.location.province)
            if unit is None or unit.power is not power:
                judged.append(order)
                results.append(Result.NO_UNIT)
            elif unit.province in removed_provinces or disbands_left[power] <= 0:
                judged.append(Disband(unit.type, unit.location))
                results.append(Result.VOID)
            else:
                judged.append(Disband(unit.type, unit.location))
                results.append(Result.OK)
                disbands_left[power] -= 1
                removed.append(unit)
                removed_provinces.add(unit.province)
        else:
            judged.append(order)
            results.append(Result.ILLEGAL)

    forced: list[Unit] = []
    for power, left in disbands_left.items():
        if left > 0:
            remaining = [u for u in by_power.get(power, []) if u.province not in removed_provinces]
            forced.extend(civil_disorder_disbands(game_map, remaining, owned.get(power, set()),
                                                  left, province_name))
    return AdjustmentResult(results, judged, built, removed, forced)


def _build(game_map: Map, power: Power, order: Build, owned: set[str], occupied: set[str],
           allowed: bool, rules: Rules) -> tuple[Result, Build]:
    loc = order.location
    province = game_map.provinces.get(loc.province)
    if province is None or province.home_of is not power or loc.province not in owned:
        return Result.ILLEGAL, order
    if order.unit_type is UnitType.ARMY:
        fixed = Build(UnitType.ARMY, Location(loc.province))
        if province.is_sea:
            return Result.ILLEGAL, order
    else:
        if not province.is_coastal:
            return Result.ILLEGAL, order                # DATC 6.I.2: no fleet inland
        if province.coasts and loc.coast not in province.coasts:
            return Result.ILLEGAL, order                # DATC 6.B.14: the coast must be named
        fixed = Build(UnitType.FLEET, loc if province.coasts else Location(loc.province))
    if loc.province in occupied:
        return Result.VOID, fixed                       # not vacant (or built there already)
    if not allowed:
        return Result.VOID, fixed
    return Result.OK, fixed
