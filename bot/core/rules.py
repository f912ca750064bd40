"""TRANSITIONAL ADAPTER: the engine's order-checking API, as the bot will get it from
``engine.validation`` (branch ``rules``, see /work/coord/PLAN.md), written here over
today's engine so the bot already speaks that interface.

When ``engine.validation`` is merged, this module becomes::

    from engine.validation import (Illegal, IllegalOrderError, OrdersDue, Reason,
                                   check_order, explain, orders_due)

(with ``power_of``), and nothing else in the bot changes: every rule the bot used to derive itself (why an order is illegal, what a
power still owes, how many builds it may order) is behind these names, and the bot only
translates a :class:`Reason` into a message (:mod:`bot.core.ordering`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from engine import (
    Build,
    Convoy,
    Disband,
    Move,
    Order,
    Position,
    Power,
    Retreat,
    Rules,
    SupportHold,
    SupportMove,
    Unit,
    Waive,
    legal_adjustments,
    legal_orders,
)


class Reason(StrEnum):
    """Why an order cannot be given: the codes of ``engine.validation.Reason`` that the
    checks below can find (the engine's has more; the bot says "not possible now" for a
    code it has no message for)."""

    NO_UNIT = "no_unit"  # place
    NOT_YOUR_UNIT = "not_your_unit"  # unit (or place), power
    NOT_DISLODGED = "not_dislodged"  # place
    WRONG_PHASE = "wrong_phase"  # phase, kind (the order's)
    NOT_ADJACENT = "not_adjacent"  # unit, dest, places
    CLOSED_PROVINCE = "closed_province"  # unit, dest
    NEEDS_COAST = "needs_coast"  # unit, dest
    CONVOY_NEEDS_FLEET_AT_SEA = "convoy_needs_fleet_at_sea"  # unit
    NO_CONVOY_ROUTE = "no_convoy_route"  # unit, army, dest
    SUPPORT_NOTHING_THERE = "support_nothing_there"  # unit, target
    SUPPORT_CANNOT_REACH = "support_cannot_reach"  # unit, dest
    SUPPORT_MOVE_IMPOSSIBLE = "support_move_impossible"  # target, dest
    RETREAT_NOT_ALLOWED = "retreat_not_allowed"  # unit, dest, places
    BUILD_NOT_HOME_CENTRE = "build_not_home_centre"  # place, homes
    NO_BUILDS_DUE = "no_builds_due"
    NO_DISBANDS_DUE = "no_disbands_due"
    UNKNOWN = "unknown"  # not in the engine: nothing else applies


ParamValue = str | int | tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Illegal:
    """A reason and its parameters: province codes, unit strings (``A PAR``), canonical
    order texts, lists of places."""

    reason: Reason
    params: Mapping[str, ParamValue] = field(default_factory=dict)


class IllegalOrderError(ValueError):
    def __init__(self, illegal: Illegal) -> None:
        super().__init__(f"{illegal.reason}: {dict(illegal.params)}")
        self.illegal = illegal


@dataclass(frozen=True, slots=True)
class OrdersDue:
    """What a power still owes in a phase: units to order (movement, retreat), or builds
    and disbands (adjustment)."""

    units: tuple[Unit, ...] = ()
    builds: int = 0
    disbands: int = 0

    @property
    def count(self) -> int:
        return len(self.units) + self.builds + self.disbands

    @property
    def is_empty(self) -> bool:
        return self.count == 0


def orders_due(position: Position, power: Power, rules: Rules) -> OrdersDue:
    phase = position.phase
    if phase.is_movement:
        return OrdersDue(units=tuple(position.units_of(power)))
    if phase.is_retreat:
        return OrdersDue(units=tuple(d.unit for _, d in sorted(position.dislodged.items()) if d.unit.power is power))
    options = legal_adjustments(position, power, rules)
    if not options:
        return OrdersDue()
    delta = position.adjustment_delta(power)
    if delta > 0:
        places = len({o.location.province for o in options if isinstance(o, Build)})
        return OrdersDue(builds=min(delta, places))
    return OrdersDue(disbands=-delta)


_COAST = re.compile(r"/(NC|SC|EC|WC)\b")


def _loose(text: str) -> str:
    return _COAST.sub("", text)


def _fail(reason: Reason, **params: ParamValue) -> IllegalOrderError:
    return IllegalOrderError(Illegal(reason, params))


def _phase(position: Position) -> str:
    return position.phase.kind.name.lower()


def _kind(order: Order) -> str:
    """The kind of an order, as ``wrong_phase`` names it: hold, move, support, ..."""
    names = {
        Move: "move",
        Retreat: "retreat",
        Disband: "disband",
        Build: "build",
        Waive: "waive",
        SupportHold: "support",
        SupportMove: "support",
        Convoy: "convoy",
    }
    return names.get(type(order), "hold")


def _places(*locations: object) -> tuple[str, ...]:
    return tuple(str(x) for x in locations)


def check_order(position: Position, order: Order, rules: Rules, powers: Sequence[Power] | None = None) -> Order:
    """The order as the engine will judge it (the unit as it stands, the coast settled, a
    move in a retreat phase read as a retreat); :class:`IllegalOrderError` when it is not
    one of the legal orders of ``powers`` (default: any power)."""
    powers = tuple(powers) if powers is not None else tuple(Power)
    if position.phase.is_adjustment:
        return _check_adjustment(position, order, rules, powers)
    if isinstance(order, (Build, Waive)):
        raise _fail(Reason.WRONG_PHASE, phase=_phase(position), kind=_kind(order))
    province = order.location.province
    if position.phase.is_retreat:
        dislodged = position.dislodged.get(province)
        if dislodged is None:
            raise _fail(Reason.NOT_DISLODGED, place=province)
        unit = dislodged.unit
    else:
        found = position.units.get(province)
        if found is None:
            raise _fail(Reason.NO_UNIT, place=province)
        unit = found
    if unit.power not in powers:
        raise _fail(Reason.NOT_YOUR_UNIT, unit=str(unit), power=unit.power.value)
    if position.phase.is_retreat and isinstance(order, Move):
        order = Retreat(order.unit_type, order.location, order.destination)
    if position.phase.is_movement and isinstance(order, (Retreat, Disband)):
        raise _fail(Reason.WRONG_PHASE, phase=_phase(position), kind=_kind(order))
    legal = {str(o): o for o in legal_orders(position, province, rules)}
    text = str(order)
    # the unit as it is (letter and coast), then the rest of the order as typed
    head = f"{order.unit_type.value} {order.location}"
    if text.startswith(head):
        text = str(unit) + text[len(head) :]
    if text in legal:
        return legal[text]
    if isinstance(order, Move) and not order.via_convoy and text + " VIA" in legal:
        return legal[text + " VIA"]
    loose = [o for s, o in legal.items() if _loose(s) == _loose(text)]
    if loose:
        if isinstance(order, (Move, Retreat)):
            if len(loose) == 1:
                return loose[0]
            raise _fail(Reason.NEEDS_COAST, unit=str(unit), dest=order.destination.province)
        return loose[0] if len(loose) == 1 else order
    raise IllegalOrderError(_why(position, rules, unit, order, legal))


def _check_adjustment(position: Position, order: Order, rules: Rules, powers: Sequence[Power]) -> Order:
    if not isinstance(order, (Build, Disband, Waive)):
        raise _fail(Reason.WRONG_PHASE, phase=_phase(position), kind=_kind(order))
    for power in powers:
        legal = {str(o): o for o in legal_adjustments(position, power, rules)}
        if str(order) in legal:
            return legal[str(order)]
        loose = [o for s, o in legal.items() if _loose(s) == _loose(str(order))]
        if len(loose) == 1:
            return loose[0]
        if len(loose) > 1 and not isinstance(order, Waive):
            raise _fail(Reason.NEEDS_COAST, place=order.location.province, dest=order.location.province)
    if isinstance(order, Build):
        if not any(position.adjustment_delta(p) > 0 for p in powers):
            raise _fail(Reason.NO_BUILDS_DUE)
        homes = tuple(c for p in powers for c in sorted(position.map.home_centres.get(p, ())))
        raise _fail(Reason.BUILD_NOT_HOME_CENTRE, place=order.location.province, homes=homes)
    if isinstance(order, Disband):
        if not any(position.adjustment_delta(p) < 0 for p in powers):
            raise _fail(Reason.NO_DISBANDS_DUE)
        raise _fail(Reason.NOT_YOUR_UNIT, place=order.location.province)
    raise _fail(Reason.NO_BUILDS_DUE)


def _why(position: Position, rules: Rules, unit: Unit, order: Order, legal: dict[str, Order]) -> Illegal:
    moves = [o for o in legal.values() if isinstance(o, (Move, Retreat))]
    places = _places(*sorted({str(o.destination) for o in moves}))
    who = str(unit)
    if isinstance(order, (Move, Retreat)):
        dest = order.destination.province
        if dest in rules.closed:
            return Illegal(Reason.CLOSED_PROVINCE, {"unit": who, "dest": dest})
        if isinstance(order, Retreat) or position.phase.is_retreat:
            return Illegal(Reason.RETREAT_NOT_ALLOWED, {"unit": who, "dest": dest, "places": places})
        return Illegal(Reason.NOT_ADJACENT, {"unit": who, "dest": dest, "places": places})
    if isinstance(order, (SupportHold, SupportMove)):
        other = position.units.get(order.supported.province)
        if other is None:
            return Illegal(Reason.SUPPORT_NOTHING_THERE, {"unit": who, "target": order.supported.province})
        if isinstance(order, SupportMove):
            dest = order.destination.province
            if not position.map.can_reach(unit.type.value == "F", unit.location, dest):
                return Illegal(Reason.SUPPORT_CANNOT_REACH, {"unit": who, "dest": dest})
            return Illegal(Reason.SUPPORT_MOVE_IMPOSSIBLE, {"target": str(other), "dest": dest})
        return Illegal(Reason.SUPPORT_CANNOT_REACH, {"unit": who, "dest": order.supported.province})
    if isinstance(order, Convoy):
        if unit.type.value != "F" or not position.map.provinces[unit.province].is_sea:
            return Illegal(Reason.CONVOY_NEEDS_FLEET_AT_SEA, {"unit": who})
        return Illegal(
            Reason.NO_CONVOY_ROUTE, {"unit": who, "army": order.army.province, "dest": order.destination.province}
        )
    return Illegal(Reason.UNKNOWN, {"order": str(order)})


def explain(position: Position, order: Order, rules: Rules, powers: Sequence[Power] | None = None) -> Illegal | None:
    """Why ``order`` is illegal, or None when it is legal."""
    try:
        check_order(position, order, rules, powers)
    except IllegalOrderError as exc:
        return exc.illegal
    return None


def power_of(position: Position, order: Order, rules: Rules, powers: Sequence[Power]) -> Power:
    """The power a (legal) order is given for (``engine.validation.power_of``): the unit's
    owner, or for a build, disband or waive the first of ``powers`` it is legal for."""
    if not position.phase.is_adjustment:
        province = order.location.province  # type: ignore[union-attr]
        if position.phase.is_retreat:
            return position.dislodged[province].unit.power
        return position.units[province].power
    for power in powers:
        if str(order) in {str(o) for o in legal_adjustments(position, power, rules)}:
            return power
    return powers[0]
