"""Order legality and what a power still owes: the one place these rules live.

The adjudicator (:mod:`engine.game`, :mod:`engine.adjudication`), the order menus
(:mod:`engine.legal`), the order sheet's warnings (:mod:`engine.review`) and the bot all
ask here. As python-chess's ``parse_san`` raises ``IllegalMoveError`` or
``AmbiguousMoveError``, :func:`check_order` gives back the order as the engine will
judge it, or raises :class:`IllegalOrderError` carrying an :class:`Illegal`: a
:class:`Reason` code and its parameters (province codes, unit texts, tuples of places),
which the bot only translates.

>>> from engine import Position, parse_order
>>> start = Position.initial()
>>> explain(start, parse_order("A PAR - MUN"))
Illegal(not_adjacent, unit='A PAR', dest='MUN', places=('BRE', 'BUR', 'GAS', 'PIC'))
>>> str(check_order(start, parse_order("F STP - BOT")))   # the fleet is on the south coast
'F STP/SC - BOT'
>>> check_order(start, parse_order("A VEN - TRI"), powers=Power.FRANCE)
Traceback (most recent call last):
...
engine.validation.IllegalOrderError: A VEN - TRI: not_your_unit (unit=A VEN, power=ITALY)

Two levels of legality (DATC 4.E.1). An order the rules make impossible whatever the
other orders (an army to sea, a move to a non-neighbour, a support the supporter could
not give, a convoy no route needs) is *illegal*: the adjudicator ignores it and the unit
holds. A few more orders can never do anything in this position, though the adjudicator
lets them stand and reports them ``void``: a support or convoy of a unit that is not
there, of a move that unit cannot make, a convoy of a fleet. :func:`check_order` and
:func:`explain` refuse both (they say what an order menu offers: exactly
:func:`engine.legal.legal_orders`); the adjudicator applies the first level only, and
its results carry the reason of either. The checks of the first level always come
first, so an order the adjudicator finds illegal gets the same reason from both.

Normalisation (DATC 4.B.2, 4.B.5, 4.B.6, 4.C.2): the unit's real type and coast replace
the ones written; a missing coast is filled in when only one is possible, an unknown or
irrelevant coast is dropped; a supported or convoyed unit is named as it stands; a move
in a retreat phase is a retreat; ``VIA`` is kept only where the army could also go by
land (elsewhere a convoy is the only way anyway).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType

from engine.convoy import convoy_routes
from engine.map import Location
from engine.orders import (
    ADJUSTMENT_ORDERS,
    MOVEMENT_ORDERS,
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Retreat,
    SupportHold,
    SupportMove,
    Waive,
)
from engine.phase import PhaseKind
from engine.position import Dislodged, Position
from engine.power import Power
from engine.rules import STANDARD_RULES, Rules
from engine.units import Unit, UnitType

Param = str | int | tuple[str, ...]
Powers = Power | Iterable[Power] | None


class Reason(StrEnum):
    """Why an order cannot be carried out. The value is the code the bot's catalogue is
    keyed by. Parameters (see :class:`Illegal`): ``unit`` the ordered unit (``A PAR``),
    ``power`` a power's value, ``place``/``dest``/``target``/``army`` province codes or
    locations (``SPA/NC``), ``places``/``coasts``/``homes`` sorted tuples of them,
    ``count`` a number, ``phase`` and ``kind`` (for :attr:`WRONG_PHASE`) the phase kind
    (``movement``, ``retreat``, ``adjustment``) and the order's kind (``hold``, ``move``,
    ``support``, ``convoy``, ``retreat``, ``disband``, ``build``, ``waive``)."""

    NO_SUCH_PROVINCE = "no_such_province"  # place: not on this map
    NO_UNIT = "no_unit"  # place
    NOT_YOUR_UNIT = "not_your_unit"  # unit, power (its owner)
    NOT_DISLODGED = "not_dislodged"  # place: nothing to retreat there
    WRONG_PHASE = "wrong_phase"  # phase, kind
    PASSIVE_POWER = "passive_power"  # power: neutral or in civil disorder
    NOT_ADJACENT = "not_adjacent"  # unit, dest, places (where it can move)
    CLOSED_PROVINCE = "closed_province"  # unit (absent for builds), dest
    NO_SUCH_COAST = "no_such_coast"  # unit|place, dest, coasts (the possible ones)
    NEEDS_COAST = "needs_coast"  # unit|place, dest, coasts: which one?
    CONVOY_NEEDS_FLEET_AT_SEA = "convoy_needs_fleet_at_sea"  # unit
    ONLY_ARMIES_CONVOYED = "only_armies_convoyed"  # unit; target: the fleet named as convoyed
    NO_CONVOY_ROUTE = "no_convoy_route"  # unit, army, dest
    CONVOY_NOTHING_THERE = "convoy_nothing_there"  # unit, army
    SUPPORT_SELF = "support_self"  # unit
    SUPPORT_NOTHING_THERE = "support_nothing_there"  # unit, target
    SUPPORT_CANNOT_REACH = "support_cannot_reach"  # unit, dest: the supporter can't go there
    SUPPORT_MOVE_IMPOSSIBLE = "support_move_impossible"  # unit, target, dest
    RETREAT_NOT_ALLOWED = "retreat_not_allowed"  # unit, dest, places (the allowed retreats)
    BUILD_NOT_HOME_CENTRE = "build_not_home_centre"  # place, homes (the orderer's)
    BUILD_NOT_OWNED = "build_not_owned"  # place, power, places (where it can build: owned, empty)
    BUILD_OCCUPIED = "build_occupied"  # place, unit (the one standing there), places (as above)
    BUILD_FLEET_INLAND = "build_fleet_inland"  # place
    NO_BUILDS_DUE = "no_builds_due"  # power (when one power is asked about)
    NO_DISBANDS_DUE = "no_disbands_due"  # power
    TOO_MANY_ADJUSTMENTS = "too_many_adjustments"  # power, count (builds or disbands due)


@dataclass(frozen=True, slots=True, repr=False)
class Illegal:
    """Why one order is refused: a reason and its parameters (read-only).

    >>> Illegal(Reason.NO_UNIT, {"place": "PAR"})
    Illegal(no_unit, place='PAR')
    >>> Illegal(Reason.NO_UNIT, {"place": "PAR"}).params["place"]
    'PAR'
    """

    reason: Reason
    params: Mapping[str, Param] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "params", MappingProxyType(dict(self.params)))

    def __repr__(self) -> str:
        args = "".join(f", {k}={v!r}" for k, v in self.params.items())
        return f"Illegal({self.reason.value}{args})"

    def __str__(self) -> str:
        args = ", ".join(f"{k}={' '.join(v) if isinstance(v, tuple) else v}" for k, v in self.params.items())
        return f"{self.reason.value} ({args})" if args else self.reason.value


class IllegalOrderError(ValueError):
    """An order the position does not allow; ``illegal`` says why."""

    def __init__(self, illegal: Illegal, order: Order | None = None) -> None:
        super().__init__(f"{order}: {illegal}" if order is not None else str(illegal))
        self.illegal = illegal
        self.order = order


class AmbiguousOrderError(IllegalOrderError):
    """An order that could mean several (the coast of a split-coast province is needed);
    ``illegal.params["coasts"]`` lists the possible ones."""


def _illegal(reason: Reason, **params: Param) -> Illegal:
    return Illegal(reason, params)


def _one_power(powers: Sequence[Power]) -> dict[str, Param]:
    """The ``power`` parameter, when the orderer plays exactly one power."""
    return {"power": powers[0].value} if len(powers) == 1 else {}


def _texts(locations: Iterable[Location | str]) -> tuple[str, ...]:
    return tuple(sorted({str(x) for x in locations}))


def order_kind(order: Order) -> str:
    """The kind of an order, as :attr:`Reason.WRONG_PHASE` names it.

    >>> order_kind(Waive())
    'waive'
    """
    return _KINDS[type(order)]


_KINDS: dict[type, str] = {
    Hold: "hold",
    Move: "move",
    SupportHold: "support",
    SupportMove: "support",
    Convoy: "convoy",
    Retreat: "retreat",
    Disband: "disband",
    Build: "build",
    Waive: "waive",
}
# a move given in a retreat phase is read as the retreat it must mean
_PHASE_ORDERS: dict[PhaseKind, tuple[type, ...]] = {
    PhaseKind.MOVEMENT: MOVEMENT_ORDERS,
    PhaseKind.RETREAT: (Retreat, Disband, Move),
    PhaseKind.ADJUSTMENT: ADJUSTMENT_ORDERS,
}


def applied_to(order: Order, unit: Unit) -> Order:
    """The order as it applies to the unit it names: DATC 4.B.5 and 4.C.2 — a wrong coast
    or unit letter for the ordered unit itself is ignored."""
    if isinstance(order, Waive) or (
        order.unit_type is unit.type and (order.location is unit.location or order.location == unit.location)
    ):
        return order
    fields = {f: getattr(order, f) for f in order.__slots__}
    fields["unit_type"] = unit.type
    fields["location"] = unit.location
    return type(order)(**fields)


def _as_tuple(powers: Powers) -> tuple[Power, ...] | None:
    if powers is None:
        return None
    if isinstance(powers, str):  # one power (a Power is a str too)
        return (Power(powers),)
    return tuple(Power(p) for p in powers)


# -- what a power owes -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class OrdersDue:
    """What a power has to order in a phase: its ``units`` without an order (movement:
    its units; retreat: its dislodged units), the ``builds`` it may make (counting
    waives) or the ``disbands`` it must make (adjustment)."""

    units: tuple[Unit, ...] = ()
    builds: int = 0
    disbands: int = 0

    @property
    def count(self) -> int:
        return len(self.units) + self.builds + self.disbands

    @property
    def is_empty(self) -> bool:
        return self.count == 0

    def after(self, orders: Iterable[Order]) -> OrdersDue:
        """What is still owed once ``orders`` (already accepted) are given.

        >>> from engine import Position, Power
        >>> due = orders_due(Position.initial(), Power.ENGLAND)
        >>> [str(u) for u in due.units]
        ['F EDI', 'F LON', 'A LVP']
        >>> [str(u) for u in due.after([Hold(UnitType.FLEET, Location("LON"))]).units]
        ['F EDI', 'A LVP']
        """
        orders = list(orders)
        ordered = {o.location.province for o in orders if not isinstance(o, Waive)}
        builds, disbands = adjustments_given(orders)
        return OrdersDue(
            tuple(u for u in self.units if u.province not in ordered),
            max(0, self.builds - builds),
            max(0, self.disbands - disbands),
        )


def adjustments_given(orders: Iterable[Order]) -> tuple[int, int]:
    """(builds, disbands) among ``orders``: each waive counts as a build; two orders for
    one province count once."""
    built: set[str] = set()
    disbanded: set[str] = set()
    waives = 0
    for o in orders:
        if isinstance(o, Waive):
            waives += 1
        elif isinstance(o, Build):
            built.add(o.location.province)
        elif isinstance(o, Disband):
            disbanded.add(o.location.province)
    return len(built) + waives, len(disbanded)


def buildable_centres(position: Position, power: Power) -> list[str]:
    """Home centres where ``power`` could build now: owned and vacant."""
    homes = position.map.home_centres.get(power, frozenset())
    return sorted(c for c in homes if position.centres.get(c) is power and c not in position.units)


def orders_due(position: Position, power: Power, rules: Rules = STANDARD_RULES) -> OrdersDue:
    """What ``power`` has to order in this phase (nothing when it is passive: neutral or
    in civil disorder). Builds are limited by the vacant home centres it owns.

    >>> from engine import Position, Power
    >>> orders_due(Position.initial(), Power.ITALY).count
    3
    """
    if rules.passive(power):
        return OrdersDue()
    phase = position.phase
    if phase.is_movement:
        return OrdersDue(tuple(position.units_of(power)))
    if phase.is_retreat:
        return OrdersDue(tuple(d.unit for _, d in sorted(position.dislodged.items()) if d.unit.power is power))
    delta = position.adjustment_delta(power)
    if delta > 0:
        return OrdersDue(builds=min(delta, len(buildable_centres(position, power))))
    return OrdersDue(disbands=max(0, -delta))


# -- the checks --------------------------------------------------------------------------


class Checker:
    """The checks of one position's phase under one set of rules. What several checks
    need (the fleets at sea, each army's convoy routes, each unit's moves) is worked out
    once: build one per position and ask it about many orders, as the adjudicator and
    :func:`engine.legal.legal_orders` do.

    ``strict`` (default) applies both levels of legality (see the module docstring);
    ``strict=False`` only what makes the adjudicator ignore an order.
    """

    __slots__ = ("_allowed", "_in_retreat", "_moves", "_routes", "fleets_at_sea", "map", "position", "rules")

    def __init__(self, position: Position, rules: Rules = STANDARD_RULES) -> None:
        self.position = position
        self.rules = rules
        self.map = position.map
        seas = self.map.seas
        self.fleets_at_sea = frozenset(p for p in position.units if p in seas)
        self._routes: dict[str, dict[str, list[frozenset[str]]]] = {}
        self._moves: dict[Unit, list[Move]] = {}
        self._allowed = _PHASE_ORDERS[position.phase.kind]  # the kinds of order this phase takes
        self._in_retreat = position.phase.is_retreat

    # -- what the board allows ----------------------------------------------------------

    def routes(self, army: str) -> dict[str, list[frozenset[str]]]:
        """Destination -> the minimal convoy routes (sets of sea provinces) that the fleets
        on the board could make for an army in ``army``."""
        found = self._routes.get(army)
        if found is None:
            if army in self.map.coastal and self.fleets_at_sea:
                found = convoy_routes(self.map, army, self.fleets_at_sea)
            else:
                found = {}
            self._routes[army] = found
        return found

    def moves(self, unit: Unit) -> list[Move]:
        """Every legal move of the unit, in menu order: by land or along coasts (each
        coast named), then by convoy (``VIA`` where it could also go by land)."""
        found = self._moves.get(unit)
        if found is None:
            m = self.map
            here = unit.location
            if unit.type is UnitType.FLEET:
                candidates = [Move(unit.type, here, loc) for loc in sorted(m.fleet_neighbours(here), key=str)]
            else:
                candidates = [Move(unit.type, here, Location(p)) for p in sorted(m.army_neighbours(unit.province))]
                candidates += [
                    Move(unit.type, here, Location(p), m.army_can_move(unit.province, p))
                    for p in sorted(self.routes(unit.province))
                ]
            # the candidates come from the board itself: only closed provinces are left out
            # (that this is what _move accepts, the property tests check)
            closed = self.rules.closed
            found = [c for c in candidates if c.destination.province not in closed] if closed else candidates
            self._moves[unit] = found
        return found

    def unit_of(self, order: Order, powers: Powers = None) -> Unit | Illegal:
        """The unit an order (of a movement or retreat phase) is for: the one in its
        province (the dislodged one in a retreat phase), if ``powers`` play it."""
        province = order.location.province  # type: ignore[union-attr]
        if self.position.phase.is_retreat:
            d = self.position.dislodged.get(province)
            if d is None:
                return _illegal(Reason.NOT_DISLODGED, place=province)
            unit = d.unit
        else:
            found = self.position.units.get(province)
            if found is None:
                return _illegal(Reason.NO_UNIT, place=province)
            unit = found
        wanted = _as_tuple(powers)
        if wanted is not None and unit.power not in wanted:
            return _illegal(Reason.NOT_YOUR_UNIT, unit=str(unit), power=unit.power.value)
        return unit

    def wrong_phase(self, order: Order) -> Illegal | None:
        """Why an order of this kind cannot be given in this phase, or None."""
        if isinstance(order, self._allowed):
            return None
        kind = self.position.phase.kind
        return _illegal(Reason.WRONG_PHASE, phase=kind.name.lower(), kind=order_kind(order))

    # -- whole orders ---------------------------------------------------------------------

    def verdict(
        self, order: Order, powers: Powers = None, given: Mapping[Power, Sequence[Order]] | None = None
    ) -> Order | Illegal:
        """The order as it will be judged, or why it cannot be given (both levels): see
        :func:`check_order`."""
        wrong = self.wrong_phase(order)
        if wrong is not None:
            return wrong
        if self.position.phase.is_adjustment:
            return self._adjustment(order, _as_tuple(powers), given or {})
        unit = self.unit_of(order, powers)
        if isinstance(unit, Illegal):
            return unit
        if self.rules.passive(unit.power):
            return _illegal(Reason.PASSIVE_POWER, power=unit.power.value)
        return self.unit_verdict(unit, order)

    def unit_verdict(self, unit: Unit, order: Order, strict: bool = True) -> Order | Illegal:
        """The order given to ``unit`` (in a movement or retreat phase) as it will be
        judged, or why it is illegal."""
        if not isinstance(order, self._allowed):
            return self.wrong_phase(order)  # type: ignore[return-value]
        order = applied_to(order, unit)
        if self._in_retreat:
            d = self.position.dislodged.get(unit.province)
            if d is None or d.unit != unit:
                return _illegal(Reason.NOT_DISLODGED, place=unit.province)
            return self._retreat(d, order)
        return self.movement_verdict(unit, order, strict)

    def movement_verdict(self, unit: Unit, order: Order, strict: bool = True) -> Order | Illegal:
        """:meth:`unit_verdict` in a movement phase for an order that already names
        ``unit`` as it stands (the adjudicator's way in: it has matched orders to units)."""
        kind = type(order)
        if kind is Move:
            return self._move(unit, order)  # type: ignore[arg-type]
        if kind is Hold:
            return order
        if kind is SupportMove:
            return self._support_move(unit, order, strict)  # type: ignore[arg-type]
        if kind is SupportHold:
            return self._support_hold(unit, order, strict)  # type: ignore[arg-type]
        if kind is Convoy:
            return self._convoy(unit, order, strict)  # type: ignore[arg-type]
        return self.wrong_phase(order)  # type: ignore[return-value]

    # -- movement ---------------------------------------------------------------------------

    def _unknown(self, *places: Location) -> Illegal | None:
        provinces = self.map.provinces
        for loc in places:
            if loc.province not in provinces:
                return _illegal(Reason.NO_SUCH_PROVINCE, place=str(loc))
        return None

    def _known(self, loc: Location) -> Location:
        """DATC 4.B.6: a coast the province does not have is ignored."""
        if loc.coast is None or loc.coast in self.map.provinces[loc.province].coasts:
            return loc
        return Location(loc.province)

    def _move(self, unit: Unit, order: Move) -> Move | Illegal:
        m = self.map
        dest = order.destination
        if dest.province not in m.provinces:
            return _illegal(Reason.NO_SUCH_PROVINCE, place=str(dest))
        if dest.province == unit.province:
            return self._not_adjacent(unit, dest)
        if dest.province in self.rules.closed:
            return _illegal(Reason.CLOSED_PROVINCE, unit=str(unit), dest=dest.province)
        if dest.coast is not None:
            dest = self._known(dest)
        if unit.type is UnitType.FLEET:
            if order.via_convoy:
                return _illegal(Reason.ONLY_ARMIES_CONVOYED, unit=str(unit))
            reachable = m.fleet_coasts_reachable(unit.location, dest.province)
            if not reachable:
                return self._not_adjacent(unit, dest)
            if dest.coast is not None:
                if dest not in reachable:  # DATC 4.B.3: an impossible coast
                    return _illegal(Reason.NO_SUCH_COAST, unit=str(unit), dest=str(dest), coasts=_texts(reachable))
            elif len(reachable) > 1:  # DATC 4.B.1: which coast?
                return _illegal(Reason.NEEDS_COAST, unit=str(unit), dest=dest.province, coasts=_texts(reachable))
            else:
                dest = reachable[0]  # DATC 4.B.2: the only possible coast
            via = False
        else:
            if dest.coast is not None:
                dest = Location(dest.province)  # DATC 4.B.6: an army ignores coasts
            if dest.province in m.seas:
                return self._not_adjacent(unit, dest)
            by_land = m.army_can_move(unit.province, dest.province)
            if not (by_land or m.sea_route_exists(unit.province, dest.province)):
                return self._not_adjacent(unit, dest)
            if (not by_land or order.via_convoy) and not self.routes(unit.province).get(dest.province):
                # DATC 6.D.32: no chain of fleets on the board could carry it
                return _illegal(Reason.NO_CONVOY_ROUTE, unit=str(unit), army=unit.province, dest=dest.province)
            via = order.via_convoy and by_land
        if via == order.via_convoy and (dest is order.destination or dest == order.destination):
            return order
        return Move(unit.type, unit.location, dest, via)

    def _not_adjacent(self, unit: Unit, dest: Location) -> Illegal:
        return _illegal(
            Reason.NOT_ADJACENT,
            unit=str(unit),
            dest=str(dest.without_coast()),
            places=_texts(mv.destination for mv in self.moves(unit)),
        )

    def _support_hold(self, unit: Unit, order: SupportHold, strict: bool) -> SupportHold | Illegal:
        target = order.supported.province
        if (unknown := self._unknown(order.supported)) is not None:
            return unknown
        if target == unit.province:
            return _illegal(Reason.SUPPORT_SELF, unit=str(unit))
        if target in self.rules.closed:
            return _illegal(Reason.CLOSED_PROVINCE, unit=str(unit), dest=target)
        if not self.map.can_reach(unit.type is UnitType.FLEET, unit.location, target):
            return _illegal(Reason.SUPPORT_CANNOT_REACH, unit=str(unit), dest=target)
        other = self.position.units.get(target)
        if other is None:
            if strict:
                return _illegal(Reason.SUPPORT_NOTHING_THERE, unit=str(unit), target=target)
            return order
        if order.supported_type is other.type and order.supported == other.location:
            return order
        return SupportHold(unit.type, unit.location, other.type, other.location)

    def _support_move(self, unit: Unit, order: SupportMove, strict: bool) -> SupportMove | Illegal:
        m = self.map
        target, dest = order.supported.province, order.destination.province
        if (unknown := self._unknown(order.supported, order.destination)) is not None:
            return unknown
        if target == unit.province:
            return _illegal(Reason.SUPPORT_SELF, unit=str(unit))
        other = self.position.units.get(target)
        if dest == target:  # DATC 6.A.5: the move it supports is illegal
            return self._impossible(unit, other, target, dest)
        if dest in self.rules.closed:
            return _illegal(Reason.CLOSED_PROVINCE, unit=str(unit), dest=dest)
        if dest == unit.province or not m.can_reach(unit.type is UnitType.FLEET, unit.location, dest):
            return _illegal(Reason.SUPPORT_CANNOT_REACH, unit=str(unit), dest=dest)
        if (
            other is not None
            and other.type is UnitType.ARMY
            and not m.army_can_move(target, dest)
            and not any(unit.province not in r for r in self.routes(target).get(dest, ()))
        ):
            # DATC 6.D.31: no convoy could carry it there without the supporter itself
            return self._impossible(unit, other, target, dest)
        wanted = self._known(order.destination)
        if other is None:
            if strict:
                return _illegal(Reason.SUPPORT_NOTHING_THERE, unit=str(unit), target=target)
            return (
                order
                if wanted == order.destination
                else SupportMove(unit.type, unit.location, order.supported_type, order.supported, wanted)
            )
        if strict:
            move = self._move(other, Move(other.type, other.location, wanted))
            if isinstance(move, Illegal):
                if move.reason in (Reason.NEEDS_COAST, Reason.NO_SUCH_COAST):
                    # DATC 4.B.4: a support checked on submission names a possible coast
                    return _illegal(
                        move.reason,
                        unit=str(unit),
                        target=str(other),
                        dest=str(move.params["dest"]),
                        coasts=move.params["coasts"],
                    )
                return self._impossible(unit, other, target, dest)
            wanted = move.destination
        elif other.type is UnitType.ARMY and wanted.coast is not None:
            wanted = Location(wanted.province)
        if (
            order.supported_type is other.type
            and order.supported == other.location
            and (wanted is order.destination or wanted == order.destination)
        ):
            return order
        return SupportMove(unit.type, unit.location, other.type, other.location, wanted)

    @staticmethod
    def _impossible(unit: Unit, other: Unit | None, target: str, dest: str) -> Illegal:
        return _illegal(
            Reason.SUPPORT_MOVE_IMPOSSIBLE,
            unit=str(unit),
            target=str(other) if other is not None else target,
            dest=dest,
        )

    def _convoy(self, unit: Unit, order: Convoy, strict: bool) -> Convoy | Illegal:
        m = self.map
        army, dest = order.army.province, order.destination.province
        if (unknown := self._unknown(order.army, order.destination)) is not None:
            return unknown
        if unit.type is not UnitType.FLEET or unit.province not in m.seas:
            return _illegal(Reason.CONVOY_NEEDS_FLEET_AT_SEA, unit=str(unit))
        if not any(unit.province in r for r in self.routes(army).get(dest, ())):
            # DATC 6.G.19: no route through this fleet (or none at all)
            return _illegal(Reason.NO_CONVOY_ROUTE, unit=str(unit), army=army, dest=dest)
        if strict:
            other = self.position.units.get(army)
            if other is None:
                return _illegal(Reason.CONVOY_NOTHING_THERE, unit=str(unit), army=army)
            if other.type is not UnitType.ARMY:
                return _illegal(Reason.ONLY_ARMIES_CONVOYED, unit=str(unit), target=str(other))
            if dest in self.rules.closed:
                return _illegal(Reason.CLOSED_PROVINCE, unit=str(unit), dest=dest)
        judged = Convoy(unit.type, unit.location, Location(army), Location(dest))
        return order if judged == order else judged

    # -- retreats ---------------------------------------------------------------------------

    def _retreat(self, d: Dislodged, order: Order) -> Order | Illegal:
        unit = d.unit
        if isinstance(order, Disband):
            return order
        assert isinstance(order, (Retreat, Move))
        dest = order.destination
        if (unknown := self._unknown(dest)) is not None:
            return unknown
        if dest.province in self.rules.closed:
            return _illegal(Reason.CLOSED_PROVINCE, unit=str(unit), dest=dest.province)
        options = [loc for loc in d.retreats if loc.province == dest.province]
        if not options:
            return _illegal(Reason.RETREAT_NOT_ALLOWED, unit=str(unit), dest=dest.province, places=_texts(d.retreats))
        dest = self._known(dest)
        if dest.coast is None:
            if len(options) > 1:
                return _illegal(Reason.NEEDS_COAST, unit=str(unit), dest=dest.province, coasts=_texts(options))
            target = options[0]
        else:
            fitting = [loc for loc in options if loc.coast is None or loc.coast == dest.coast]
            if not fitting:
                return _illegal(Reason.NO_SUCH_COAST, unit=str(unit), dest=str(dest), coasts=_texts(options))
            target = fitting[0]
        if isinstance(order, Retreat) and order.destination == target:
            return order
        return Retreat(unit.type, unit.location, target)

    # -- adjustments ------------------------------------------------------------------------

    def build(self, order: Build, power: Power) -> Build | Illegal:
        """A build by ``power`` (whatever it owes), normalised, or why it is impossible."""
        site = self.build_site(order, power)
        if isinstance(site, Illegal):
            return site
        return self.vacant(site) or site

    def build_site(self, order: Build, power: Power) -> Build | Illegal:
        """A build by ``power`` where it may build at all (an owned home centre, a fleet on
        a coast named where there are two), normalised; whether the place is vacant is
        :meth:`vacant`'s question."""
        loc = order.location
        if (unknown := self._unknown(loc)) is not None:
            return unknown
        province = self.map.provinces[loc.province]
        if province.home_of is not power:
            return _illegal(
                Reason.BUILD_NOT_HOME_CENTRE, place=loc.province, homes=_texts(self.map.home_centres.get(power, ()))
            )
        if self.position.centres.get(loc.province) is not power:
            free = buildable_centres(self.position, power)  # where it can build instead
            return _illegal(Reason.BUILD_NOT_OWNED, place=loc.province, power=power.value, places=tuple(free))
        if order.unit_type is UnitType.ARMY:
            target = Location(loc.province)
        elif not province.is_coastal:  # DATC 6.I.2 / 4.C.4
            return _illegal(Reason.BUILD_FLEET_INLAND, place=loc.province)
        elif province.coasts:
            target = self._known(loc)
            if target.coast is None:  # DATC 4.B.7 / 6.B.14
                return _illegal(
                    Reason.NEEDS_COAST,
                    place=loc.province,
                    dest=loc.province,
                    coasts=_texts(Location(loc.province, c) for c in province.coasts),
                )
        else:
            target = Location(loc.province)
        return order if target == loc else Build(order.unit_type, target)

    def vacant(self, build: Build, units: Mapping[str, Unit] | None = None) -> Illegal | None:
        """Why nothing can be built on the place of ``build`` now (a unit stands there), or
        None. ``units``: the units on the board (default: the position's; the adjudicator
        adds the ones built in this phase)."""
        standing = self.position.units if units is None else units
        there = standing.get(build.location.province)
        if there is None:
            return None
        power = self.map.provinces[build.location.province].home_of
        homes = self.map.home_centres.get(power, frozenset()) if power is not None else frozenset()
        # where it can build instead: its own home centres, owned and empty (of ``units``)
        free = sorted(c for c in homes if self.position.centres.get(c) is power and c not in standing)
        return _illegal(Reason.BUILD_OCCUPIED, place=build.location.province, unit=str(there), places=tuple(free))

    def owes(self, power: Power, order: Order, given: Mapping[Power, Sequence[Order]]) -> Illegal | None:
        """Whether ``power`` still owes the build (or waive) or disband ``order``, once
        the orders it has ``given`` count (an order for a province it already has one for
        replaces that one)."""
        due = orders_due(self.position, power, self.rules)
        earlier = list(given.get(power, ()))
        if isinstance(order, (Build, Waive)):
            total, missing = due.builds, Reason.NO_BUILDS_DUE
            left = due.after(earlier).builds
        else:
            total, missing = due.disbands, Reason.NO_DISBANDS_DUE
            left = due.after(earlier).disbands
        if total == 0:
            return _illegal(missing, power=power.value)
        replaces = not isinstance(order, Waive) and any(
            type(o) is type(order) and o.location.province == order.location.province for o in earlier
        )
        if left == 0 and not replaces:
            return _illegal(Reason.TOO_MANY_ADJUSTMENTS, power=power.value, count=total)
        return None

    def _adjustment(
        self, order: Order, powers: tuple[Power, ...] | None, given: Mapping[Power, Sequence[Order]]
    ) -> Order | Illegal:
        candidates = powers if powers is not None else tuple(Power)
        position, rules = self.position, self.rules
        if isinstance(order, Waive):
            active = [p for p in candidates if not rules.passive(p)]
            if not active:
                return _illegal(Reason.PASSIVE_POWER, **_one_power(candidates))
            if self.waiver(active, given) is not None:
                return order
            due = [p for p in active if orders_due(position, p, rules).builds]
            if due:
                return self.owes(due[0], order, given) or _illegal(Reason.TOO_MANY_ADJUSTMENTS)
            return _illegal(Reason.NO_BUILDS_DUE, **_one_power(active))
        if isinstance(order, Build):
            if (unknown := self._unknown(order.location)) is not None:
                return unknown
            owner = self.map.provinces[order.location.province].home_of
            if owner is None or owner not in candidates:
                if not any(position.adjustment_delta(p) > 0 for p in candidates):
                    return _illegal(Reason.NO_BUILDS_DUE, **_one_power(candidates))
                homes = [c for p in (powers or ()) for c in self.map.home_centres.get(p, ())]
                return _illegal(Reason.BUILD_NOT_HOME_CENTRE, place=order.location.province, homes=_texts(homes))
            if rules.passive(owner):
                return _illegal(Reason.PASSIVE_POWER, power=owner.value)
            if position.adjustment_delta(owner) <= 0:
                return _illegal(Reason.NO_BUILDS_DUE, power=owner.value)
            built = self.build(order, owner)
            if isinstance(built, Illegal):
                return built
            return self.owes(owner, built, given) or built
        assert isinstance(order, Disband)
        unit = self.unit_of(order, powers)
        if isinstance(unit, Illegal):
            return unit
        if rules.passive(unit.power):
            return _illegal(Reason.PASSIVE_POWER, power=unit.power.value)
        judged = applied_to(order, unit)
        return self.owes(unit.power, judged, given) or judged

    def waiver(self, powers: Iterable[Power], given: Mapping[Power, Sequence[Order]]) -> Power | None:
        """The first of ``powers`` that still has a build to make or waive."""
        for power in powers:
            if orders_due(self.position, power, self.rules).after(given.get(power, ())).builds:
                return power
        return None

    def power_of(
        self, order: Order, powers: Powers = None, given: Mapping[Power, Sequence[Order]] | None = None
    ) -> Power | None:
        """The power an order is for: the ordered unit's, the home power of a build, for a
        waive the first of ``powers`` with a build left; None when there is none."""
        if isinstance(order, Waive):
            return self.waiver(_as_tuple(powers) or tuple(Power), given or {})
        if isinstance(order, Build):
            province = self.map.provinces.get(order.location.province)
            return province.home_of if province is not None else None
        if self.position.phase.is_retreat:
            d = self.position.dislodged.get(order.location.province)
            return d.unit.power if d is not None else None
        unit = self.position.units.get(order.location.province)
        return unit.power if unit is not None else None


# -- the public functions --------------------------------------------------------------------


def explain(
    position: Position,
    order: Order,
    rules: Rules = STANDARD_RULES,
    powers: Powers = None,
    *,
    given: Mapping[Power, Sequence[Order]] | None = None,
) -> Illegal | None:
    """Why ``order`` cannot be given in ``position``, or None when it can (see
    :func:`check_order` for the arguments).

    >>> from engine import Position, parse_order
    >>> explain(Position.initial(), parse_order("F BRE - MAO")) is None
    True
    >>> explain(Position.initial(), parse_order("A MUN S A BER - PAR"))
    Illegal(support_cannot_reach, unit='A MUN', dest='PAR')
    """
    found = Checker(position, rules).verdict(order, powers, given)
    return found if isinstance(found, Illegal) else None


def check_order(
    position: Position,
    order: Order,
    rules: Rules = STANDARD_RULES,
    powers: Powers = None,
    *,
    given: Mapping[Power, Sequence[Order]] | None = None,
) -> Order:
    """The order as the engine will judge it (normalised: see the module docstring), or
    :class:`IllegalOrderError` saying why it cannot be given (:class:`AmbiguousOrderError`
    when a coast must be named). ``powers``: the power(s) the orderer plays (None: any).
    ``given``: in an adjustment phase, the orders each power has already given (builds
    and disbands are refused beyond the number due).

    >>> from engine import Position, parse_order
    >>> p = Position.build("S1901M", [Unit(Power.FRANCE, UnitType.FLEET, Location("MAO"))])
    >>> check_order(p, parse_order("F MAO - SPA"))
    Traceback (most recent call last):
    ...
    engine.validation.AmbiguousOrderError: F MAO - SPA: needs_coast (unit=F MAO, dest=SPA, coasts=SPA/NC SPA/SC)
    """
    found = Checker(position, rules).verdict(order, powers, given)
    if isinstance(found, Illegal):
        if found.reason is Reason.NEEDS_COAST:
            raise AmbiguousOrderError(found, order)
        raise IllegalOrderError(found, order)
    return found


def power_of(
    position: Position,
    order: Order,
    rules: Rules = STANDARD_RULES,
    powers: Powers = None,
    *,
    given: Mapping[Power, Sequence[Order]] | None = None,
) -> Power | None:
    """The power a (legal) order is given for: the unit's owner, a build's home power, or
    for ``WAIVE`` the first of ``powers`` that still has a build to make.

    >>> from engine import Position, parse_order
    >>> power_of(Position.initial(), parse_order("A PAR H"))
    <Power.FRANCE: 'FRANCE'>
    """
    return Checker(position, rules).power_of(order, powers, given)


# -- forced orders -------------------------------------------------------------------------


def forced_orders(position: Position, power: Power, rules: Rules = STANDARD_RULES) -> tuple[Order, ...] | None:
    """The orders ``power`` must give when it has no choice at all, or None when it has one.

    A power's orders are *forced* when exactly one set of legal orders settles what it
    owes (:func:`orders_due`):

    - it owes nothing (it is passive, or has nothing to order): ``()``;
    - a retreat phase where none of its dislodged units has anywhere to go: each disbands
      (a unit with a retreat has a choice: retreat, or disband);
    - an adjustment phase where it must disband every unit it has (it lost its last
      centre): every unit disbands.

    Movement orders and builds are never forced (a unit may hold or move; a build may
    always be waived), nor is a disband of some units among more. The adjudicator gives a
    power that orders nothing exactly these orders (a missing retreat disbands; missing
    disbands follow the civil-disorder rule, which removes every unit when all must go),
    so a phase in which every power's orders are forced (:func:`forced_phase`) has nothing
    to wait for.

    >>> from engine import Position, Power
    >>> forced_orders(Position.initial(), Power.FRANCE) is None
    True
    >>> alone = Position.build("W1901A", [Unit(Power.ITALY, UnitType.ARMY, Location("PIE"))], {})
    >>> [str(o) for o in forced_orders(alone, Power.ITALY)]
    ['A PIE D']
    """
    due = orders_due(position, power, rules)
    if due.is_empty:
        return ()
    phase = position.phase
    if phase.is_retreat:
        if any(position.dislodged[u.province].retreats for u in due.units):
            return None
        return tuple(Disband(u.type, u.location) for u in due.units)
    if phase.is_adjustment and due.builds == 0:
        units = position.units_of(power)
        if due.disbands >= len(units):
            return tuple(Disband(u.type, u.location) for u in units)
    return None


def choices_due(position: Position, power: Power, rules: Rules = STANDARD_RULES) -> OrdersDue:
    """What ``power``'s player has to choose in this phase: :func:`orders_due`, except
    nothing when its orders are forced (:func:`forced_orders`): the adjudicator gives such
    a power its only orders, so nobody need wait for, remind, or count its player.

    >>> alone = Position.build("W1901A", [Unit(Power.ITALY, UnitType.ARMY, Location("PIE"))], {})
    >>> orders_due(alone, Power.ITALY).disbands, choices_due(alone, Power.ITALY).is_empty
    (1, True)
    """
    due = orders_due(position, power, rules)
    if due.is_empty or position.phase.is_movement or forced_orders(position, power, rules) is None:
        return due
    return OrdersDue()


def forced_phase(position: Position, rules: Rules = STANDARD_RULES) -> dict[Power, tuple[Order, ...]] | None:
    """Every power's forced orders (:func:`forced_orders`; the powers with none left out)
    when no power has a choice in this phase, else None: such a phase can be played at
    once, without waiting for anybody.

    >>> from engine import Position
    >>> forced_phase(Position.initial()) is None
    True
    """
    out: dict[Power, tuple[Order, ...]] = {}
    for power in Power:
        forced = forced_orders(position, power, rules)
        if forced is None:
            return None
        if forced:
            out[power] = forced
    return out
