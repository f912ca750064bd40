"""Movement phases: DATC v3.0 (2023 rulebook preferences) with Kruijswijk's decisions.

The input is one order per unit, already matched to the unit (see :mod:`engine.game`).
Steps: (1) check each order's legality with :mod:`engine.validation` (an illegal order
is ignored: the unit holds and may be supported in holding); (2) decide which moves go by convoy (2023 rule: by convoy
when not adjacent, when ordered "via convoy", or when a fleet of the army's own power
convoys it; then no fallback to the land route); (3) match supports and convoys with the
orders they name (a support or convoy that matches nothing is void); (4) resolve the
decisions MOVE, SUPPORT and CONVOY, with PATH and the four strengths as functions, exactly
as in DATC section 5.B, through :class:`~engine.adjudication.resolver.Resolver`;
(5) work out dislodgements and the retreat options of every dislodged unit.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine.adjudication.resolver import Resolver
from engine.map import Location
from engine.orders import Convoy, Hold, Move, Order, SupportHold, SupportMove
from engine.power import Power
from engine.results import Result
from engine.units import Unit, UnitType
from engine.validation import Checker, Illegal

MOVE, SUPPORT, CONVOY = "m", "s", "c"


@dataclass(slots=True)
class _Order:
    """Working copy of one unit's order during a movement adjudication."""

    unit: Unit
    order: Order
    legal: bool = True
    kind: str = "hold"  # hold / move / support / convoy (after legality)
    dest: str = ""  # move: destination province; support/convoy: target province
    dest_loc: Location | None = None
    convoyed: bool = False  # move: goes by convoy
    matched: bool = True  # support/convoy: matches a real order
    opponent: str | None = None  # move: province of the unit moving the opposite way (head-to-head)
    illegal: Illegal | None = None  # why the order was ignored


@dataclass(frozen=True, slots=True)
class MovementResult:
    """Per unit (by province): the result; plus who moved where and who was dislodged."""

    results: dict[str, Result]
    moved: dict[str, Location]  # origin province -> new location
    dislodged: dict[str, str]  # province of dislodged unit -> attacker's origin
    retreats: dict[str, tuple[Location, ...]]
    orders: dict[str, Order]  # the order each unit was judged on
    illegal: dict[str, Illegal]  # the units whose order was ignored, and why


def adjudicate_movement(checker: Checker, orders: Mapping[str, Order]) -> MovementResult:
    """Adjudicate the movement phase of ``checker.position`` under ``checker.rules``.
    ``orders``: province -> that unit's order (units without one hold)."""
    return _Movement(checker, orders).run()


class _Movement:
    def __init__(self, checker: Checker, orders: Mapping[str, Order]) -> None:
        self.checker = checker
        self.map = checker.map
        self.units = units = checker.position.units
        self.rules = rules = checker.rules
        self.orders: dict[str, _Order] = {}
        passive = rules.neutral | rules.civil_disorder
        for prov, unit in units.items():
            order = orders.get(prov)
            if order is None or (passive and unit.power in passive):
                order = Hold(unit.type, unit.location)
            self.orders[prov] = _Order(unit, order)
        self.moves_into: dict[str, list[str]] = {}
        self.supports_of: dict[str, list[str]] = {}  # supported province -> supporter provinces
        self.convoys_of: dict[str, list[str]] = {}  # army province -> convoying fleets
        self.resolver = Resolver(self._adjudicate, self._backup_rule)
        self.paradox: set[str] = set()
        self._final = self.resolver.resolved

    # -- preparation -----------------------------------------------------------------------

    def run(self) -> MovementResult:
        for o in self.orders.values():
            self._check_legality(o)
        self._decide_convoy_intent()
        self._match()
        r = self.resolver.resolve
        for prov, o in self.orders.items():
            if o.kind == "move":
                r((MOVE, prov))
            elif o.kind == "support" and o.matched:
                r((SUPPORT, prov))
            elif o.kind == "convoy" and o.matched:
                r((CONVOY, prov))
        return self._outcome()

    def _check_legality(self, o: _Order) -> None:
        if type(o.order) is Hold:
            return
        # engine.game has matched the order to the unit (type and coast as it stands)
        judged = self.checker.movement_verdict(o.unit, o.order, strict=False)
        if isinstance(judged, Illegal):
            o.legal, o.kind, o.illegal = False, "hold", judged
            return
        o.order = judged
        if isinstance(judged, Move):
            dest = judged.destination
            o.kind, o.dest, o.dest_loc = "move", dest.province, dest
            o.convoyed = o.unit.type is UnitType.ARMY and (
                judged.via_convoy or not self.map.army_can_move(o.unit.province, dest.province)
            )
        elif isinstance(judged, (SupportHold, SupportMove)):
            o.kind, o.dest = "support", judged.supported.province
        elif isinstance(judged, Convoy):
            o.kind, o.dest = "convoy", judged.army.province

    def _decide_convoy_intent(self) -> None:
        """2023 rulebook: an army moving to an adjacent province goes by convoy only when
        ordered "via convoy" or when a fleet of its own power convoys it."""
        own_convoys = {
            (f.unit.power, f.dest, f.order.destination.province)  # type: ignore[union-attr]
            for f in self.orders.values()
            if f.kind == "convoy"
        }
        if not own_convoys:
            return
        for prov, o in self.orders.items():
            if o.kind == "move" and not o.convoyed and (o.unit.power, prov, o.dest) in own_convoys:
                o.convoyed = True

    def _match(self) -> None:
        orders = self.orders
        for prov, o in orders.items():
            if o.kind == "move":
                self.moves_into.setdefault(o.dest, []).append(prov)
        for prov, o in orders.items():
            if o.kind == "move":
                other = orders.get(o.dest)
                if (
                    other is not None
                    and other.kind == "move"
                    and other.dest == prov
                    and not o.convoyed
                    and not other.convoyed
                ):
                    o.opponent = o.dest
            elif o.kind == "support":
                target = orders.get(o.dest)
                order = o.order
                if target is None:
                    o.matched = False
                elif isinstance(order, SupportHold):
                    o.matched = target.kind != "move"
                else:
                    assert isinstance(order, SupportMove)
                    want = order.destination
                    o.matched = (
                        target.kind == "move"
                        and target.dest == want.province
                        and (
                            want.coast is None
                            or target.dest_loc is None
                            or target.dest_loc.coast is None
                            or target.dest_loc.coast == want.coast
                        )
                    )
                if o.matched:
                    self.supports_of.setdefault(o.dest, []).append(prov)
            elif o.kind == "convoy":
                army = orders.get(o.dest)
                order = o.order
                assert isinstance(order, Convoy)
                o.matched = (
                    army is not None
                    and army.unit.type is UnitType.ARMY
                    and army.kind == "move"
                    and army.convoyed
                    and army.dest == order.destination.province
                )
                if o.matched:
                    self.convoys_of.setdefault(o.dest, []).append(prov)

    # -- decisions (DATC 5.B) --------------------------------------------------------------

    def _decided(self, key: tuple[str, str]) -> bool:
        """A decision's value: final ones straight from the table (most calls), else resolve."""
        value = self._final.get(key)
        return self.resolver.resolve(key) if value is None else value

    def _adjudicate(self, key: tuple[str, str]) -> bool:
        kind, prov = key
        if kind == MOVE:
            return self._move(prov)
        if kind == SUPPORT:
            return self._support(prov)
        return self._convoy(prov)

    def _move(self, prov: str) -> bool:
        o = self.orders[prov]
        attack = self._attack_strength(prov)
        if attack == 0:
            return False
        if o.opponent is not None:
            if attack <= self._defend_strength(o.opponent):
                return False
        elif attack <= self._hold_strength(o.dest):
            return False
        for other in self.moves_into[o.dest]:
            if other != prov and attack <= self._prevent_strength(other):
                return False
        return True

    def _support(self, prov: str) -> bool:
        o = self.orders[prov]
        power = o.unit.power
        aimed_at = o.order.destination.province if isinstance(o.order, SupportMove) else None
        attackers = self.moves_into.get(prov, ())
        for a in attackers:
            attacker = self.orders[a]
            if attacker.unit.power is power or a == aimed_at:
                continue
            if self._path(a):
                return False
        for a in attackers:
            if a == aimed_at and self._decided((MOVE, a)):
                return False  # dislodged by the unit it supports an attack on
        return True

    def _convoy(self, prov: str) -> bool:
        # DATC 5.D (Pandin): ask the attackers' moves directly, not through resolve, so that
        # every cycle through a convoy is a clean single cycle
        for a in self.moves_into.get(prov, ()):
            if self._move(a):
                return False
        return True

    def _path(self, prov: str) -> bool:
        o = self.orders[prov]
        if not o.convoyed:
            return True
        fleets = [f for f in self.convoys_of.get(prov, ()) if self._decided((CONVOY, f))]
        return self._route_exists(prov, o.dest, fleets)

    def _route_exists(self, origin: str, dest: str, fleets: list[str]) -> bool:
        if not fleets:
            return False
        adj = self.map.adjacent_provinces
        remaining = set(fleets)
        frontier = [f for f in fleets if f in adj(origin)]
        remaining.difference_update(frontier)
        while frontier:
            f = frontier.pop()
            near = adj(f)
            if dest in near:
                return True
            step = [g for g in remaining if g in near]
            remaining.difference_update(step)
            frontier.extend(step)
        return False

    def _supports(self, prov: str, exclude_power: Power | None = None) -> int:
        n = 0
        for s in self.supports_of.get(prov, ()):
            if exclude_power is not None and self.orders[s].unit.power is exclude_power:
                continue
            if self._decided((SUPPORT, s)):
                n += 1
        return n

    def _hold_strength(self, prov: str) -> int:
        o = self.orders.get(prov)
        if o is None:
            return 0
        if o.kind == "move":
            return 0 if self._decided((MOVE, prov)) else 1
        return 1 + self._supports(prov)

    def _attack_strength(self, prov: str) -> int:
        if not self._path(prov):
            return 0
        o = self.orders[prov]
        defender = self.orders.get(o.dest)
        if defender is None or (o.opponent is None and defender.kind == "move" and self._decided((MOVE, o.dest))):
            return 1 + self._supports(prov)
        if defender.unit.power is o.unit.power:
            return 0
        return 1 + self._supports(prov, exclude_power=defender.unit.power)

    def _defend_strength(self, prov: str) -> int:
        return 1 + self._supports(prov)

    def _prevent_strength(self, prov: str) -> int:
        if not self._path(prov):
            return 0
        o = self.orders[prov]
        if o.opponent is not None and self._decided((MOVE, o.opponent)):
            return 0
        return 1 + self._supports(prov)

    def _backup_rule(self, cycle: list[tuple[str, str]]) -> dict[tuple[str, str], bool]:
        convoys = [k for k in cycle if k[0] == CONVOY]
        if convoys:  # Szykman: the convoys in the paradox fail; the rest is resolved again
            self.paradox.update(k[1] for k in convoys)
            return {k: False for k in convoys}
        if all(k[0] == MOVE for k in cycle):  # circular movement
            return {k: True for k in cycle}
        return {k: False for k in cycle}

    # -- outcome ---------------------------------------------------------------------------

    def _outcome(self) -> MovementResult:
        resolved = self.resolver.resolved
        results: dict[str, Result] = {}
        moved: dict[str, Location] = {}
        dislodged: dict[str, str] = {}
        for prov, o in self.orders.items():
            if o.kind == "move" and resolved[(MOVE, prov)]:
                moved[prov] = o.dest_loc  # type: ignore[assignment]
        arrived = {loc.province: origin for origin, loc in moved.items()}
        for prov in self.orders:
            if prov in moved:
                continue
            attacker = arrived.get(prov)
            if attacker is not None:
                dislodged[prov] = attacker
        for prov, o in self.orders.items():
            results[prov] = self._result(prov, o, prov in moved, prov in dislodged)
        retreats = self._retreat_options(moved, dislodged)
        return MovementResult(
            results,
            moved,
            dislodged,
            retreats,
            {p: o.order for p, o in self.orders.items()},
            {p: o.illegal for p, o in self.orders.items() if o.illegal is not None},
        )

    def _result(self, prov: str, o: _Order, moved: bool, was_dislodged: bool) -> Result:
        if not o.legal:
            return Result.ILLEGAL
        if o.kind == "move":
            if moved:
                return Result.OK
            if was_dislodged:
                return Result.DISLODGED
            if o.convoyed and not self._path(prov):
                return Result.NO_CONVOY
            return Result.BOUNCE
        if was_dislodged:
            return Result.DISLODGED
        if o.kind == "support":
            if not o.matched:
                return Result.VOID
            return Result.OK if self.resolver.resolved[(SUPPORT, prov)] else Result.CUT
        if o.kind == "convoy":
            if not o.matched:
                return Result.VOID
            if prov in self.paradox:
                return Result.PARADOX
            return Result.OK
        return Result.OK

    def _retreat_options(
        self, moved: dict[str, Location], dislodged: dict[str, str]
    ) -> dict[str, tuple[Location, ...]]:
        if not dislodged:
            return {}
        occupied = {loc.province for loc in moved.values()}
        occupied.update(p for p in self.orders if p not in moved and p not in dislodged)
        standoff = set()
        for prov, o in self.orders.items():
            # a failed move makes its destination contested unless it never got there (no
            # convoy) or lost a head-to-head battle (DATC 6.H.9, 6.G.4): prevent strength > 0
            if o.kind == "move" and prov not in moved and self._prevent_strength(prov) > 0:
                standoff.add(o.dest)
        out: dict[str, tuple[Location, ...]] = {}
        for prov, attacker in dislodged.items():
            unit = self.orders[prov].unit
            if self.rules.passive(unit.power):
                out[prov] = ()
                continue
            came_by_convoy = self.orders[attacker].convoyed
            if unit.type is UnitType.FLEET:
                candidates = sorted(self.map.fleet_neighbours(unit.location), key=str)
            else:
                candidates = [Location(p) for p in sorted(self.map.army_neighbours(prov))]
            options = tuple(
                loc
                for loc in candidates
                if loc.province not in occupied
                and loc.province not in standoff
                and loc.province not in self.rules.closed
                and (loc.province != attacker or came_by_convoy)
            )
            out[prov] = options
        return out
