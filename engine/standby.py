"""Standby orders: orders a player gives in advance, to be used only for what their power
has left unordered when a phase is played (a missed deadline).

A standby order is an ordinary order, kept for the kind of phase it belongs to
(:func:`standby_kind`): a movement order (hold, move, support, convoy) for the unit in its
province, a retreat for that unit if it is ever dislodged (several retreats of one unit
are preferences, the first first), and for adjustments builds and disbands (preferences
too: the first legal ones, up to what is due, are used).

The board changes between the moment a standby order is given and the phase it is used
in, so it is checked twice. When it is given (:func:`check_standby`): what the board can
already tell (the unit is the power's, the place is one it could ever retreat to or build
in, a movement order is legal on the board as it stands). When the phase is played
(:func:`standby_orders`): in full, by :func:`engine.validation.check_order`, as any
order; one that became illegal is dropped with its :class:`~engine.validation.Illegal`
reason, never applied half-way (the unit then does what a unit without orders does).

>>> from engine import Position, Power, parse_order
>>> start = Position.initial()
>>> plan = standby_orders(start, Power.FRANCE, [parse_order("A PAR - BUR"), parse_order("A MAR S A PAR - BUR"),
...                                              parse_order("F BRE S A PIC")])
>>> [str(o) for o in plan.used]
['A PAR - BUR', 'A MAR S A PAR - BUR']
>>> [(str(o), why) for o, why in plan.dropped]
[('F BRE S A PIC', Illegal(support_nothing_there, unit='F BRE', target='PIC'))]
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.map import Location
from engine.orders import Build, Convoy, Disband, Hold, Move, Order, Retreat, SupportHold, SupportMove, Waive
from engine.phase import Phase, PhaseKind, Season
from engine.position import Dislodged, Position
from engine.power import Power
from engine.rules import STANDARD_RULES, Rules
from engine.units import UnitType
from engine.validation import (
    Checker, Illegal, IllegalOrderError, Powers, Reason, applied_to, check_order, orders_due,
)

_KIND: dict[type, PhaseKind] = {
    Hold: PhaseKind.MOVEMENT, Move: PhaseKind.MOVEMENT, SupportHold: PhaseKind.MOVEMENT,
    SupportMove: PhaseKind.MOVEMENT, Convoy: PhaseKind.MOVEMENT, Retreat: PhaseKind.RETREAT,
    Build: PhaseKind.ADJUSTMENT, Disband: PhaseKind.ADJUSTMENT}


def standby_kind(order: Order) -> PhaseKind | None:
    """The kind of phase a standby order is for; None for ``WAIVE`` (with no build
    ordered nothing is built: a standby waive would change nothing). A disband is kept
    for adjustments (a dislodged unit without a retreat disbands anyway).

    >>> from engine import parse_order
    >>> standby_kind(parse_order("A MUN R BOH")).name
    'RETREAT'
    """
    return _KIND.get(type(order))


@dataclass(frozen=True, slots=True)
class StandbyPlan:
    """What a power's standby orders do in one phase: the orders ``used`` (as the engine
    judges them: normalised), and the ones ``dropped`` because the board no longer allows
    them, each with why. Standby orders for units that were ordered, or for another kind
    of phase, are in neither."""

    used: tuple[Order, ...] = ()
    dropped: tuple[tuple[Order, Illegal], ...] = ()


def movement_board(position: Position) -> Position:
    """The board as it stands, as a movement phase (the units, not the dislodged ones):
    what a movement standby order given in another phase is checked on."""
    if position.phase.is_movement:
        return position
    phase = Phase(position.phase.year, Season.SPRING, PhaseKind.MOVEMENT)
    return Position(phase, position.units, position.centres, {}, position.map)


def _raise(found: Order | Illegal, order: Order) -> Order:
    if isinstance(found, Illegal):
        raise IllegalOrderError(found, order)
    return found


def check_standby(position: Position, order: Order, rules: Rules = STANDARD_RULES,
                  powers: Powers = None) -> Order:
    """A standby order as it is kept (normalised), or :class:`IllegalOrderError` saying
    why it can never be used: a movement order must be legal on the board as it stands; a
    retreat must name a unit of ``powers`` and a place that unit could retreat to (a
    neighbour it could move to, or in a retreat phase one of its retreats now); a build
    must be in a home centre of ``powers``, of a type that can stand there; a disband
    must name a unit of ``powers``. ``ValueError`` for ``WAIVE`` (no standby order).

    >>> from engine import Position, parse_order
    >>> str(check_standby(Position.initial(), parse_order("F BRE R PIC"), powers=Power.FRANCE))
    'F BRE R PIC'
    >>> check_standby(Position.initial(), parse_order("A PAR R MUN"), powers=Power.FRANCE)
    Traceback (most recent call last):
    ...
    engine.validation.IllegalOrderError: A PAR R MUN: retreat_not_allowed (unit=A PAR, dest=MUN, places=BRE BUR GAS PIC)
    """
    kind = standby_kind(order)
    if kind is None:
        raise ValueError(f"{order} is no standby order")
    if kind is PhaseKind.MOVEMENT:
        return check_order(movement_board(position), order, rules, powers)
    if kind is PhaseKind.RETREAT:
        assert isinstance(order, Retreat)
        if position.phase.is_retreat and order.location.province in position.dislodged:
            return check_order(position, order, rules, powers)
        return _raise(_retreat_somewhere(position, order, rules, powers), order)
    if isinstance(order, Build):
        return _raise(_build_somewhere(position, order, rules, powers), order)
    board = movement_board(position)
    assert isinstance(order, Disband)
    unit = Checker(board, rules).unit_of(order, powers)
    return applied_to(order, unit) if not isinstance(unit, Illegal) else _raise(unit, order)


def _retreat_somewhere(position: Position, order: Retreat, rules: Rules, powers: Powers) -> Order | Illegal:
    """A retreat of a unit on the board, judged as if it were dislodged where it stands
    and free to go to every neighbour it could move to (its real retreats are known only
    once it is dislodged)."""
    board = movement_board(position)
    unit = Checker(board, rules).unit_of(order, powers)
    if isinstance(unit, Illegal):
        return unit
    m = position.map
    if unit.type is UnitType.FLEET:
        places = tuple(sorted(m.fleet_neighbours(unit.location), key=str))
    else:
        places = tuple(Location(p) for p in sorted(m.army_neighbours(unit.province)))
    places = tuple(p for p in places if p.province not in rules.closed)
    phase = Phase(position.phase.year, Season.SPRING, PhaseKind.RETREAT)
    units = {p: u for p, u in position.units.items() if p != unit.province}
    imagined = Position(phase, units, position.centres, {unit.province: Dislodged(unit, places)}, m)
    return Checker(imagined, rules).verdict(order, powers)


def _build_somewhere(position: Position, order: Build, rules: Rules, powers: Powers) -> Order | Illegal:
    """A build in a home centre of ``powers`` (whoever owns it now, whatever stands on it:
    both may change before a winter), of a type that can stand there."""
    wanted = None if powers is None else (powers,) if isinstance(powers, Power) else tuple(powers)
    m = position.map
    province = m.provinces.get(order.location.province)
    if province is None:
        return Illegal(Reason.NO_SUCH_PROVINCE, {"place": str(order.location)})
    owner = province.home_of
    if owner is None or (wanted is not None and owner not in wanted):
        homes = sorted({c for p in (wanted or ()) for c in m.home_centres.get(p, ())})
        return Illegal(Reason.BUILD_NOT_HOME_CENTRE, {"place": province.code, "homes": tuple(homes)})
    owned = Position(position.phase, position.units, {**position.centres, province.code: owner}, {}, m)
    return Checker(owned, rules).build_site(order, owner)


def standby_orders(position: Position, power: Power, standby: Iterable[Order],
                   given: Sequence[Order] = (), rules: Rules = STANDARD_RULES) -> StandbyPlan:
    """What ``power``'s standby orders (in order of preference) add to the orders it has
    ``given`` in this phase: for each unit still without an order, its first standby
    order of this phase's kind that is legal now; in an adjustment phase, the first legal
    builds (or disbands) up to the number still due. Each is checked in full
    (:func:`engine.validation.check_order`); an illegal one is dropped with its reason.
    A passive power (neutral, or in civil disorder) uses none.

    >>> from engine import Position, Power, parse_order
    >>> board = Position.build("W1901A", [], None)
    >>> plan = standby_orders(board, Power.ENGLAND, [parse_order("F LON B"), parse_order("A LVP B")], [])
    >>> [str(o) for o in plan.used]
    ['F LON B', 'A LVP B']
    """
    if rules.passive(power):
        return StandbyPlan()
    kind = position.phase.kind
    due = orders_due(position, power, rules).after(given)
    mine = [o for o in standby if standby_kind(o) is kind]
    used: list[Order] = []
    dropped: list[tuple[Order, Illegal]] = []
    if kind is not PhaseKind.ADJUSTMENT:
        open_units = {u.province for u in due.units}
        for order in mine:
            province = order.location.province  # type: ignore[union-attr]
            if province not in open_units:
                continue
            try:
                judged = check_order(position, order, rules, power)
            except IllegalOrderError as exc:
                dropped.append((order, exc.illegal))
                continue
            used.append(judged)
            open_units.discard(province)
        return StandbyPlan(tuple(used), tuple(dropped))
    counted: dict[Power, list[Order]] = {power: [o for o in given if not isinstance(o, Waive)]}
    left = {Build: due.builds, Disband: due.disbands}
    taken = {o.location.province for o in counted[power]}  # type: ignore[union-attr]
    for order in mine:
        province = order.location.province  # type: ignore[union-attr]
        if left[type(order)] == 0 or province in taken:
            continue
        try:
            judged = check_order(position, order, rules, power, given=counted)
        except IllegalOrderError as exc:
            dropped.append((order, exc.illegal))
            continue
        used.append(judged)
        counted[power].append(judged)
        taken.add(province)
        left[type(order)] -= 1
    return StandbyPlan(tuple(used), tuple(dropped))
