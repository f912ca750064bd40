"""The phase machine: play one phase of a position with the powers' orders.

:func:`resolve` takes a position and each power's orders (values or texts), matches the
orders to units (an order for a unit the power does not have, or a second order for a
unit, is reported and not carried out), adjudicates the phase, and returns every order's
result (with the :class:`~engine.validation.Illegal` reason of an order that could not be
given, from the checks of :mod:`engine.validation`) and the next position to play: Spring and Fall movement; a retreat phase only
when some dislodged unit can retreat; after the Fall turn (and its retreats) supply
centres change hands, the winner is checked, and the Winter adjustment phase is played
only when some power has a build or a disband to make.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.adjudication.adjustments import adjudicate_adjustments
from engine.adjudication.movement import adjudicate_movement
from engine.adjudication.retreats import adjudicate_retreats
from engine.names import table
from engine.orders import Build, Disband, Hold, Move, Order, Retreat, Waive
from engine.parser import OrderParseError, parse_order
from engine.phase import Phase, PhaseKind, Season
from engine.position import Dislodged, Position
from engine.power import Power
from engine.results import OrderResult, PhaseOutcome, Result
from engine.rules import Rules
from engine.units import Unit
from engine.validation import Checker, Illegal, Reason, applied_to, orders_due

OrderInput = Order | str


def _english_name(code: str) -> str:
    return table("en").province_name(code)


def _read(position: Position, power: Power, item: OrderInput, language: str) -> tuple[Order | None, str]:
    if not isinstance(item, str):
        return item, str(item)
    try:
        order = parse_order(item, position=position, language=language, game_map=position.map)
    except OrderParseError:
        return None, item
    return order, str(order)


DEFAULT_RULES = Rules()  # the rulebook's rules (a frozen value, shared)


def resolve(
    position: Position,
    orders: Mapping[Power, Sequence[OrderInput]],
    rules: Rules = DEFAULT_RULES,
    *,
    language: str = "en",
) -> PhaseOutcome:
    """Play the position's phase with these orders; see the module docstring."""
    kind = position.phase.kind
    checker = Checker(position, rules)
    if kind is PhaseKind.ADJUSTMENT:
        return _adjustment(checker, orders, language)
    pool = position.units if kind is PhaseKind.MOVEMENT else {p: d.unit for p, d in position.dislodged.items()}
    entries: list[_Entry] = []
    assigned: dict[str, Order] = {}
    for power, items in orders.items():
        for item in items:
            order, text = _read(position, power, item, language)
            if order is None:
                entries.append((power, None, text, Result.UNPARSED, None, None))
                continue
            if isinstance(order, Waive):
                entries.append((power, order, text, Result.ILLEGAL, None, checker.wrong_phase(order)))
                continue
            unit = pool.get(order.location.province)
            if unit is None or unit.power is not power:
                why = checker.verdict(order, power)
                entries.append((power, order, text, Result.NO_UNIT, None, why if isinstance(why, Illegal) else None))
                continue
            prov = unit.province
            fixed = applied_to(order, unit)
            if fixed is not order:
                order, text = fixed, str(fixed)
            if prov in assigned:
                entries.append((power, order, text, Result.DUPLICATE, None, None))
                continue
            if kind is PhaseKind.RETREAT and isinstance(order, Move):
                order = Retreat(order.unit_type, order.location, order.destination)
                text = str(order)
            if kind is PhaseKind.RETREAT and rules.passive(power):
                # not obeyed: the unit is disbanded as if it had no order
                entries.append((power, order, text, Result.VOID, None, checker.verdict(order, power)))  # type: ignore[arg-type]
                continue
            assigned[prov] = order
            entries.append((power, order, text, None, prov, None))
    if kind is PhaseKind.MOVEMENT:
        return _movement(checker, entries, assigned)
    return _retreat(checker, entries, assigned)


# (power, order as read, its text, result when known before adjudication, the ordered
# unit's province when it takes part in the adjudication, why the order was refused)
_Entry = tuple[Power, "Order | None", str, "Result | None", "str | None", "Illegal | None"]


def _movement(checker: Checker, entries: list[_Entry], assigned: dict[str, Order]) -> PhaseOutcome:
    position, rules = checker.position, checker.rules
    outcome = adjudicate_movement(checker, assigned)
    results: list[OrderResult] = []
    passive = rules.neutral | rules.civil_disorder
    judged_results, was_dislodged = outcome.results, outcome.dislodged
    for power, order, text, result, prov, why in entries:
        if prov is not None:
            if passive and power in passive:
                results.append(
                    OrderResult(
                        power,
                        order,
                        text,
                        Result.VOID,  # not obeyed
                        illegal=checker.verdict(order, power),  # type: ignore[arg-type]
                    )
                )
                continue
            judged = judged_results[prov]
            why = outcome.illegal.get(prov)
            if judged is Result.VOID or (judged is Result.DISLODGED and why is None):
                # legal, matched nothing: say why when it never could have (a support of
                # an empty province, of a move that unit cannot make...); a unit dislodged
                # while giving such an order keeps the reason beside its result
                verdict = checker.unit_verdict(position.units[prov], order)  # type: ignore[arg-type]
                why = verdict if isinstance(verdict, Illegal) else None
            results.append(OrderResult(power, order, text, judged, False, prov in was_dislodged, why))
        else:
            results.append(OrderResult(power, order, text, result, illegal=why))  # type: ignore[arg-type]
    units_before = position.units
    for _, prov in sorted((u.power, p) for p, u in units_before.items() if p not in assigned):
        unit = units_before[prov]
        hold = Hold(unit.type, unit.location)
        results.append(OrderResult(unit.power, hold, str(hold), judged_results[prov], True, prov in was_dislodged))
    units: dict[str, Unit] = {}
    dislodged: dict[str, Dislodged] = {}
    destroyed: list[Unit] = []
    for prov, unit in position.units.items():
        if prov in outcome.moved:
            loc = outcome.moved[prov]
            units[loc.province] = Unit(unit.power, unit.type, loc)
        elif prov in outcome.dislodged:
            options = outcome.retreats[prov]
            if options:
                dislodged[prov] = Dislodged(unit, options, outcome.dislodged[prov])
            else:
                destroyed.append(unit)
        else:
            units[prov] = unit
    phase = position.phase
    if dislodged:
        nxt = Position(phase.retreat(), units, dict(position.centres), dislodged, position.map)
        return PhaseOutcome(position, tuple(results), tuple(destroyed), nxt)
    return _end_of_season(position, tuple(results), destroyed, units, rules)


def _retreat(checker: Checker, entries: list[_Entry], assigned: dict[str, Order]) -> PhaseOutcome:
    position, rules = checker.position, checker.rules
    outcome = adjudicate_retreats(checker, assigned)
    results: list[OrderResult] = []
    for power, order, text, result, prov, why in entries:
        if prov is not None:
            judged = outcome.orders[prov]
            results.append(
                OrderResult(power, judged, str(judged), outcome.results[prov], illegal=outcome.illegal.get(prov))
            )
        else:
            results.append(OrderResult(power, order, text, result, illegal=why))  # type: ignore[arg-type]
    for prov in sorted(position.dislodged, key=lambda p: (position.dislodged[p].unit.power, p)):
        if prov not in assigned:
            unit = position.dislodged[prov].unit
            disband = Disband(unit.type, unit.location)
            results.append(OrderResult(unit.power, disband, str(disband), Result.OK, implied=True))
    units = dict(position.units)
    for unit in outcome.survivors.values():
        units[unit.province] = unit
    return _end_of_season(position, tuple(results), list(outcome.destroyed), units, rules)


def _end_of_season(
    position: Position, results: tuple[OrderResult, ...], destroyed: list[Unit], units: dict[str, Unit], rules: Rules
) -> PhaseOutcome:
    phase = position.phase
    if phase.season is Season.SPRING:
        nxt = Position(phase.next_movement(), units, dict(position.centres), {}, position.map)
        return PhaseOutcome(position, results, tuple(destroyed), nxt)
    centres = dict(position.centres)
    for prov, unit in units.items():
        if prov in position.map.supply_centres:
            centres[prov] = unit.power
    winners = _winners(centres, rules)
    adjustment = Position(phase.adjustment(), units, centres, {}, position.map)
    if any(not orders_due(adjustment, power, rules).is_empty for power in Power):
        return PhaseOutcome(
            position, results, tuple(destroyed), adjustment, winners[0] if len(winners) == 1 else None, winners
        )
    # nobody has a choice to make: play the adjustments at once (passive powers' disbands)
    auto = _adjustment(Checker(adjustment, rules), {}, "en")
    return PhaseOutcome(
        position,
        results + auto.results,
        tuple(destroyed) + auto.destroyed,
        auto.next,
        winners[0] if len(winners) == 1 else None,
        winners,
    )


def _winners(centres: Mapping[str, Power], rules: Rules) -> tuple[Power, ...]:
    count: dict[Power, int] = {}
    for p in centres.values():
        count[p] = count.get(p, 0) + 1
    if rules.win_groups:
        for group in rules.win_groups:
            if sum(count.get(p, 0) for p in group) >= rules.win_centres:
                return tuple(sorted(group))
        return ()
    for p, n in count.items():
        if n >= rules.win_centres:
            return (p,)
    return ()


def _adjustment(checker: Checker, orders: Mapping[Power, Sequence[OrderInput]], language: str) -> PhaseOutcome:
    position, rules = checker.position, checker.rules
    flat: list[tuple[Power, Order]] = []
    entries: list[tuple[Power, Order | None, str]] = []
    for power, items in orders.items():
        for item in items:
            order, text = _read(position, power, item, language)
            entries.append((power, order, text))
            if order is not None:
                if not isinstance(order, (Build, Disband, Waive)):
                    continue
                if rules.passive(power):
                    continue
                flat.append((power, order))
    outcome = adjudicate_adjustments(checker, flat, _english_name)
    results: list[OrderResult] = []
    it = iter(zip(outcome.results, outcome.judged, outcome.illegal))
    for power, order, text in entries:
        if order is None:
            results.append(OrderResult(power, None, text, Result.UNPARSED))
        elif rules.passive(power):
            results.append(
                OrderResult(
                    power, order, text, Result.VOID, illegal=Illegal(Reason.PASSIVE_POWER, {"power": power.value})
                )
            )
        elif not isinstance(order, (Build, Disband, Waive)):
            results.append(OrderResult(power, order, text, Result.ILLEGAL, illegal=checker.wrong_phase(order)))
        else:
            result, judged, why = next(it)
            results.append(OrderResult(power, judged, str(judged), result, illegal=why))
    for unit in outcome.civil_disorder:
        disband = Disband(unit.type, unit.location)
        results.append(OrderResult(unit.power, disband, str(disband), Result.OK, implied=True))
    units = dict(position.units)
    for unit in [*outcome.removed, *outcome.civil_disorder]:
        units.pop(unit.province, None)
    for unit in outcome.built:
        units[unit.province] = unit
    phase = position.phase
    nxt = Position(
        Phase(phase.year + 1, Season.SPRING, PhaseKind.MOVEMENT), units, dict(position.centres), {}, position.map
    )
    return PhaseOutcome(position, tuple(results), tuple([*outcome.removed, *outcome.civil_disorder]), nxt)
