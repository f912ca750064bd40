"""The DumbBot family: a rule-based player with no search, written clean-room from the
published description of David Norman's DumbBot (2003) and its published default
constants (no code of any implementation was read or translated).

How a power's orders are chosen:

1. **Power size.** ``S(x) = A·x² + B·x + C`` for a power with ``x`` centres
   (``A, B, C = 1, 4, 16``). A neutral centre counts as owned by a power of size ``C``
   (a power with no centres): it is worth taking, so an army next to an empty neutral
   centre in 1901 moves in.
2. **Province values** (supply centres only; every other province is worth 0). One of our
   centres has a *defence* value: the size of the largest other power with a unit that
   could move into it (or stands in it). A centre we do not own has an *attack* value: the
   size of its owner.
3. **Proximity**, per node (an army's province, or a fleet's coast): ``prox[0] =
   attack·Wa + defence·Wd``; then ``prox[n] = (prox[n-1] of the node + Σ prox[n-1] of its
   neighbours) / 5`` for ``n`` up to 9, a neighbouring province reached through several
   coasts counting once, with its highest value ("5": a node and its four neighbours, on
   average). Armies and fleets diffuse over their own graphs.
4. **Strength** of a province: how many of our units could move into it (or stand in it).
   **Competition**: the most units any *one* other power could move into it (or has in
   it); units of a passive power cannot move, so only one standing there counts.
5. **Destination value** of a node: ``Σ prox[n]·Wprox[n] + strength·Ws −
   competition·Wc``; in winter ``Σ prox[n]·Wprox[n] + defence·Wdef``.
6. **Movement.** Our units are taken in random order. Each ranks the places it could go
   (where it stands, and each neighbouring node it may legally move to) by destination
   value and takes the best, or with some chance a near-best one (below). If a unit of ours
   stands there and stays, or another of ours is moving there, it supports that unit when
   its success is not guaranteed (fewer supports than the competition), and otherwise
   tries its next choice. A unit of ours standing on the place it chose decides first (so
   chains of moves work and no two of our units swap or bounce each other). Holding where
   it stands is always possible. **Retreats** rank the retreat options the same way, two of
   our units never retreating to one province (a unit with nowhere to go disbands).
   **Builds** go to the highest-valued home centre nodes (army, or fleet per coast), one
   per centre; **removals** take the lowest-valued units.

Randomised choice (``play_alternative``, ``alternative_difference``): with a 50% chance a
unit considers the next choice in its ranking instead of the current one, and takes it with
probability ``1 − alternative_difference × gap``, where ``gap`` is how far its value lies
below the best, relative to the best (with the published modifier 500 on a percentage
scale, i.e. 5: a choice 20% or more below the best is never taken). It goes on down the
ranking while both draws succeed. (Our own reading of "a chance of taking the 2nd, 3rd…
best that grows as their values approach the best".)

Published default constants (Norman: "no attempt to optimise them"); the source is the
description in Norman's own header comment as reproduced and paraphrased in public
documentation (see the project's research notes, next-wave.md §1.3):

=====================================  =========================  =========================
parameter                              spring                     fall
=====================================  =========================  =========================
proximity attack / defence weight      700 / 300                  600 / 400
proximity weights prox[0..9]           100, 1000, 30, 10, 6, 5,   1000, 100, 30, 10, 6, 5,
                                       4, 3, 2, 1                 4, 3, 2, 1
strength / competition weight          1000 / 1000                1000 / 1000
=====================================  =========================  =========================

Winter (builds and removals): the spring attack/defence weights, proximity weights 1000,
100, 30, 10, 6, 5, 4, 3, 2, 1 and defence weight 1000. Spring puts its weight on being one
step away (prox[1]) and Fall on standing on the centre (prox[0]), when ownership changes.

The ``caretaker`` preset (:data:`CARETAKER`) uses the same machinery to look after an
abandoned power. Its constants were chosen by measurement (benchmarks/standin.py, the
figures in benchmarks/README.md), not guessed: defence weighted up (spring 400, fall 500
instead of 300 and 400, against the same attack weights), its own home centres held by
another power worth twice as much to take (``retake``), neutral centres worth 2.5 times
as much (``neutral_attack``: a centre nobody owns is the cheapest way to keep the power
alive, and taking it costs no neighbour anything), and fewer random departures from the
best move (``play_alternative`` 0.2). And in the fall, when centres change hands, it checks
its choice one move ahead: six sets of its orders (the best one and five randomised ones)
are each adjudicated against two guesses of the other powers' orders (DumbBot's), and the
set that ends the year with the most centres on average is given (then the most units left
on the board), so a centre left open to an attack, or a move that can only bounce, shows up
(about 50 ms a power on one core). Weighting attack down as well (fewer attacks on other
powers' centres, or on all of them) and keeping units on threatened centres (a guard rule)
were measured too: both kept fewer centres, since a power that stops growing is eaten.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from functools import cache

from engine.game import resolve
from engine.legal import legal_adjustments, menus
from engine.map import Location, Map, ProvinceKind
from engine.orders import Build, Disband, Hold, Move, Order, Retreat, SupportHold, SupportMove, Waive
from engine.phase import Season
from engine.position import Position
from engine.power import Power
from engine.rules import Rules
from engine.units import Unit, UnitType

DEPTH = 10  # prox[0..9]


@dataclass(frozen=True, slots=True)
class Weights:
    """The constants of one preset (see the module docstring)."""

    name: str
    size_a: float = 1
    size_b: float = 4
    size_c: float = 16
    spring_attack: float = 700
    spring_defence: float = 300
    fall_attack: float = 600
    fall_defence: float = 400
    spring_prox: tuple[float, ...] = (100, 1000, 30, 10, 6, 5, 4, 3, 2, 1)
    fall_prox: tuple[float, ...] = (1000, 100, 30, 10, 6, 5, 4, 3, 2, 1)
    build_prox: tuple[float, ...] = (1000, 100, 30, 10, 6, 5, 4, 3, 2, 1)
    remove_prox: tuple[float, ...] = (1000, 100, 30, 10, 6, 5, 4, 3, 2, 1)
    strength: float = 1000
    competition: float = 1000
    build_defence: float = 1000
    remove_defence: float = 1000
    play_alternative: float = 0.5
    alternative_difference: float = 5.0
    # the caretaker's (1: the published DumbBot)
    neutral_attack: float = 1.0  # attack value of a neutral centre: this × size C
    retake: float = 1.0  # attack value of one of our home centres held by another power: this × its size
    fall_candidates: int = 1  # fall: order sets compared by playing them out (1: DumbBot's one choice)
    fall_guesses: int = 2  # ... each against this many guesses of the others' orders
    enemy_attack: float = 1.0  # attack value of another power's centre (not our home): this × its size


DUMBBOT = Weights("dumbbot")
"""The published DumbBot constants."""

CARETAKER = Weights(
    "caretaker",
    spring_defence=400,
    fall_defence=500,
    neutral_attack=2.5,
    retake=2.0,
    play_alternative=0.2,
    fall_candidates=6,
    fall_guesses=2,
)
"""The caretaker: keeps and retakes its own centres rather than running off."""


# -- the board as nodes --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Graph:
    """The nodes a unit can stand on (an army's province, a fleet's coast), and for each,
    its neighbours grouped by province (a province reached through two coasts is one group)."""

    nodes: tuple[tuple[str, Location, bool], ...]  # (province, location, is_fleet)
    index: dict[tuple[Location, bool], int]
    groups: tuple[tuple[tuple[int, ...], ...], ...]
    province_of: tuple[str, ...]
    singles: tuple[tuple[int, ...], ...]  # per node: neighbours that are their province's only node
    multis: tuple[tuple[tuple[int, ...], ...], ...]  # per node: provinces reached through several coasts


@cache
def _graph(game_map: Map) -> _Graph:
    nodes: list[tuple[str, Location, bool]] = []
    for code, province in sorted(game_map.provinces.items()):
        if province.is_land:
            nodes.append((code, Location(code), False))
        if province.kind is not ProvinceKind.INLAND:
            for coast in province.coasts or (None,):
                nodes.append((code, Location(code, coast), True))
    index = {(loc, fleet): i for i, (_, loc, fleet) in enumerate(nodes)}
    groups: list[tuple[tuple[int, ...], ...]] = []
    for _, loc, fleet in nodes:
        by_province: dict[str, list[int]] = {}
        if fleet:
            for n in game_map.fleet_neighbours(loc):
                by_province.setdefault(n.province, []).append(index[(n, True)])
        else:
            for p in game_map.army_neighbours(loc.province):
                by_province.setdefault(p, []).append(index[(Location(p), False)])
        groups.append(tuple(tuple(sorted(v)) for _, v in sorted(by_province.items())))
    singles = tuple(tuple(g[0] for g in gs if len(g) == 1) for gs in groups)
    multis = tuple(tuple(g for g in gs if len(g) > 1) for gs in groups)
    return _Graph(tuple(nodes), index, tuple(groups), tuple(code for code, _, _ in nodes), singles, multis)


def _node(graph: _Graph, unit_type: UnitType, loc: Location) -> int:
    fleet = unit_type is UnitType.FLEET
    return graph.index[(loc if fleet else loc.without_coast(), fleet)]


# -- the evaluation ------------------------------------------------------------------------


@dataclass(slots=True)
class _Values:
    """One power's view of one position: per-province defence/strength/competition, and
    per-node destination values."""

    defence: dict[str, float]
    strength: dict[str, int]
    competition: dict[str, int]
    node_value: list[float]


def _reaches(game_map: Map, unit: Unit, province: str) -> bool:
    return unit.province == province or game_map.can_reach(unit.type is UnitType.FLEET, unit.location, province)


def _evaluate(position: Position, power: Power, rules: Rules, weights: Weights, kind: str) -> _Values:
    """``kind``: "spring", "fall", "build" or "remove" (which weights)."""
    game_map = position.map
    graph = _graph(game_map)
    counts: dict[Power, int] = {}
    for holder in position.centres.values():
        counts[holder] = counts.get(holder, 0) + 1

    def size(p: Power | None) -> float:
        x = counts.get(p, 0) if p is not None else 0
        return weights.size_a * x * x + weights.size_b * x + weights.size_c

    units = sorted(position.units.values(), key=lambda u: u.province)
    # for each province: our units that could be there next, and each other power's
    reach_ours: dict[str, int] = {}
    reach_theirs: dict[str, dict[Power, int]] = {}
    for unit in units:
        moving = not rules.passive(unit.power)
        places = [unit.province]
        if moving:
            places += sorted(game_map.adjacent_provinces(unit.province))
        for p in places:
            if p != unit.province and not _reaches(game_map, unit, p):
                continue
            if unit.power is power:
                reach_ours[p] = reach_ours.get(p, 0) + 1
            else:
                per = reach_theirs.setdefault(p, {})
                per[unit.power] = per.get(unit.power, 0) + 1
    spring = kind in ("spring", "build", "remove")
    attack: dict[str, float] = {}
    defence: dict[str, float] = {}
    homes = game_map.home_centres.get(power, frozenset())
    for centre in sorted(game_map.supply_centres):
        owner = position.centres.get(centre)
        if owner is power:
            threats = [size(other) for other in sorted(reach_theirs.get(centre, {}))]
            defence[centre] = max(threats, default=0.0)
        else:
            value = size(owner)
            if owner is None:
                value *= weights.neutral_attack
            else:  # another power's: take back our own, spare the others
                value *= weights.retake if centre in homes else weights.enemy_attack
            attack[centre] = value
    wa, wd = (weights.spring_attack, weights.spring_defence) if spring else (weights.fall_attack, weights.fall_defence)
    prox_weights = {
        "spring": weights.spring_prox,
        "fall": weights.fall_prox,
        "build": weights.build_prox,
        "remove": weights.remove_prox,
    }[kind]
    base = [attack.get(p, 0.0) * wa + defence.get(p, 0.0) * wd for p in graph.province_of]
    total = _diffused(graph, base, prox_weights)
    competition = {p: max(per.values()) for p, per in reach_theirs.items()}
    if kind in ("build", "remove"):
        wdef = weights.build_defence if kind == "build" else weights.remove_defence
        values = [t + defence.get(p, 0.0) * wdef for t, p in zip(total, graph.province_of)]
    else:
        values = [
            t + reach_ours.get(p, 0) * weights.strength - competition.get(p, 0) * weights.competition
            for t, p in zip(total, graph.province_of)
        ]
    return _Values(defence, reach_ours, competition, values)


def _diffused(graph: _Graph, base: list[float], prox_weights: tuple[float, ...]) -> list[float]:
    """``Σ prox[n]·Wprox[n]`` per node, ``prox[0]`` being ``base`` (see the module docstring)."""
    total = [b * prox_weights[0] for b in base]
    prox = base
    singles, multis = graph.singles, graph.multis
    for n in range(1, DEPTH):
        get = prox.__getitem__
        prox = [
            (p + sum(map(get, one)) + (sum(max(map(get, g)) for g in many) if many else 0)) / 5
            for p, one, many in zip(prox, singles, multis)
        ]
        w = prox_weights[n]
        total = [t + v * w for t, v in zip(total, prox)]
    return total


def _pick(rng: random.Random, values: list[float], weights: Weights) -> int:
    """The index to take in a ranking (``values`` best first): 0, or further down with the
    randomised-alternative rule of the module docstring."""
    best = values[0]
    scale = max(abs(best), 1.0)
    i = 0
    while i + 1 < len(values) and rng.random() < weights.play_alternative:
        gap = (best - values[i + 1]) / scale
        if rng.random() >= 1 - weights.alternative_difference * gap:
            break
        i += 1
    return i


def _season(position: Position) -> str:
    return "spring" if position.phase.season is Season.SPRING else "fall"


# -- the phases ------------------------------------------------------------------------------


def dumbbot_orders(position: Position, power: Power, rules: Rules, rng: random.Random, weights: Weights) -> list[Order]:
    """``power``'s orders in this phase (see the module docstring)."""
    phase = position.phase
    if phase.is_movement:
        if weights.fall_candidates > 1 and phase.season is Season.FALL:
            return _fall_search(position, power, rules, rng, weights)
        return _movement(position, power, rules, rng, weights)
    if phase.is_retreat:
        return _retreats(position, power, rules, rng, weights)
    return _adjustments(position, power, rules, rng, weights)


def _fall_search(position: Position, power: Power, rules: Rules, rng: random.Random, weights: Weights) -> list[Order]:
    """The caretaker's fall: several of its own order sets (the best one and randomised
    ones) are each played against a few guesses of the other powers' orders (DumbBot's), and
    the set that ends the year with the most centres on average (then the most units not
    dislodged) is given. A one-move check of the kind a careful player makes: a centre left
    open to an attack, or a move that only bounces, shows up."""
    ours = _prepare(position, power, rules, weights)
    best_first = _movement(position, power, rules, rng, replace(weights, play_alternative=0.0), ours)
    candidates = [best_first]
    for _ in range(weights.fall_candidates - 1):
        orders = _movement(position, power, rules, rng, weights, ours)
        if orders not in candidates:
            candidates.append(orders)
    if len(candidates) == 1:
        return best_first
    others = [p for p in sorted(position.powers_on_board()) if p is not power and not rules.passive(p)]
    theirs = {p: _prepare(position, p, rules, DUMBBOT) for p in others if position.units_of(p)}
    guesses = [
        {p: _movement(position, p, rules, rng, DUMBBOT, prepared) for p, prepared in theirs.items()}
        for _ in range(weights.fall_guesses)
    ]
    supply = position.map.supply_centres

    def score(orders: list[Order]) -> tuple[float, float]:
        centres = units = 0.0
        for guess in guesses:
            after = resolve(position, {**guess, power: orders}, rules).next
            owned = {c for c, p in position.centres.items() if p is power}
            for prov in supply:
                unit = after.units.get(prov)
                if unit is not None:
                    if unit.power is power:
                        owned.add(prov)
                    else:
                        owned.discard(prov)
            centres += len(owned)
            units += sum(1 for u in after.units.values() if u.power is power)
        return centres, units

    scores = [score(c) for c in candidates]
    best = max(range(len(candidates)), key=lambda i: (scores[i], -i))
    return candidates[best]


_Prepared = tuple["_Values", dict[str, list[Order]]]


def _prepare(position: Position, power: Power, rules: Rules, weights: Weights) -> _Prepared:
    """What a power's movement choice needs that does not depend on the draws: its view of
    the board and its units' menus of legal orders (computed once when several sets of
    orders are drawn)."""
    values = _evaluate(position, power, rules, weights, _season(position))
    return values, menus(position, sorted(u.province for u in position.units_of(power)), rules)


def _movement(
    position: Position,
    power: Power,
    rules: Rules,
    rng: random.Random,
    weights: Weights,
    prepared: _Prepared | None = None,
) -> list[Order]:
    game_map = position.map
    graph = _graph(game_map)
    values, menu = prepared if prepared is not None else _prepare(position, power, rules, weights)
    units = {u.province: u for u in position.units_of(power)}
    orders: dict[str, Order] = {}
    moving_into: dict[str, str] = {}  # province -> our unit moving there
    supports: dict[str, int] = {}  # our unit -> supports given to its order
    deciding: set[str] = set()

    def guaranteed(unit_province: str, target: str) -> bool:
        return 1 + supports.get(unit_province, 0) > values.competition.get(target, 0)

    def ranking(unit: Unit) -> list[tuple[float, Hold | Move]]:
        options: list[Hold | Move] = [Hold(unit.type, unit.location)]
        for order in menu[unit.province]:
            if isinstance(order, Move) and not order.via_convoy:
                if unit.type is UnitType.ARMY and not game_map.army_can_move(unit.province, order.destination.province):
                    continue  # a convoy: DumbBot does not convoy
                options.append(order)
        scored = []
        for order in options:
            dest = order.destination if isinstance(order, Move) else order.location
            scored.append((values.node_value[_node(graph, unit.type, dest)], order))
        scored.sort(key=lambda s: (-s[0], str(s[1])))
        return scored

    def support(unit: Unit, helped: str, destination: str | None) -> Order | None:
        """The legal support of our unit in ``helped`` (its hold, or its move to ``destination``)."""
        for order in menu[unit.province]:
            if destination is None and isinstance(order, SupportHold):
                if order.supported.province == helped:
                    return order
            if destination is not None and isinstance(order, SupportMove):
                if order.supported.province == helped and order.destination.province == destination:
                    target = orders[helped]
                    if isinstance(target, Move) and order.destination == target.destination:
                        return order
        return None

    def decide(unit: Unit) -> None:
        here = unit.province
        deciding.add(here)
        ranked = ranking(unit)
        start = _pick(rng, [v for v, _ in ranked], weights)
        chosen: Order | None = None
        for _, option in ranked[start:] + ranked[:start]:
            if isinstance(option, Hold):
                chosen = option
                break
            dest = option.destination.province
            occupant = units.get(dest)
            if occupant is not None and dest not in orders:
                if dest in deciding:
                    continue  # it is deciding on us: a swap would bounce
                decide(occupant)
            helped: str | None = None
            if occupant is not None and not isinstance(orders[dest], Move):
                helped, target = dest, None  # ours stays there
            elif dest in moving_into:
                helped, target = moving_into[dest], dest
            if helped is None:
                chosen = option
                moving_into[dest] = here
                break
            if guaranteed(helped, dest):
                continue
            order = support(unit, helped, target)
            if order is not None:
                supports[helped] = supports.get(helped, 0) + 1
                chosen = order
                break
        orders[here] = chosen if chosen is not None else Hold(unit.type, unit.location)
        deciding.discard(here)

    sequence = sorted(units)
    rng.shuffle(sequence)
    for province in sequence:
        if province not in orders:
            decide(units[province])
    return [orders[p] for p in sorted(orders)]


def _retreats(position: Position, power: Power, rules: Rules, rng: random.Random, weights: Weights) -> list[Order]:
    graph = _graph(position.map)
    values = _evaluate(position, power, rules, weights, _season(position))
    mine = [p for p, d in sorted(position.dislodged.items()) if d.unit.power is power]
    menu = menus(position, mine, rules)
    rng.shuffle(mine)
    taken: set[str] = set()
    out: list[Order] = []
    for province in mine:
        unit = position.dislodged[province].unit
        options = [o for o in menu[province] if isinstance(o, Retreat) and o.destination.province not in taken]
        ranked = sorted(
            ((values.node_value[_node(graph, unit.type, o.destination)], o) for o in options),
            key=lambda s: (-s[0], str(s[1])),
        )
        if not ranked:
            out.append(Disband(unit.type, unit.location))
            continue
        _, chosen = ranked[_pick(rng, [v for v, _ in ranked], weights)]
        taken.add(chosen.destination.province)
        out.append(chosen)
    return out


def _adjustments(position: Position, power: Power, rules: Rules, rng: random.Random, weights: Weights) -> list[Order]:
    graph = _graph(position.map)
    delta = position.adjustment_delta(power)
    options = legal_adjustments(position, power, rules)
    out: list[Order] = []
    if delta > 0:
        values = _evaluate(position, power, rules, weights, "build")
        builds = [o for o in options if isinstance(o, Build)]
        while builds and len(out) < delta:
            ranked = sorted(
                ((values.node_value[_node(graph, b.unit_type, b.location)], b) for b in builds),
                key=lambda s: (-s[0], str(s[1])),
            )
            _, chosen = ranked[_pick(rng, [v for v, _ in ranked], weights)]
            out.append(chosen)
            builds = [b for b in builds if b.location.province != chosen.location.province]
        out.extend(Waive() for _ in range(delta - len(out)))
    elif delta < 0:
        values = _evaluate(position, power, rules, weights, "remove")
        disbands = [o for o in options if isinstance(o, Disband)]
        while disbands and len(out) < -delta:
            ranking = sorted(
                ((values.node_value[_node(graph, d.unit_type, d.location)], d) for d in disbands),
                key=lambda s: (s[0], str(s[1])),
            )
            _, gone = ranking[_pick(rng, [-v for v, _ in ranking], weights)]
            out.append(gone)
            disbands = [d for d in disbands if d != gone]
    return out
