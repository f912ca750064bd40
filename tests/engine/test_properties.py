"""Property tests of the adjudicator (hypothesis): random legal positions, random orders.

Positions: 2-34 units of random powers on valid locations (armies on land, fleets on
coasts and seas, with a coast on split provinces), at most one unit per province, random
centre ownership. Orders: mostly taken from ``legal_orders``; some units get an arbitrary
well-formed order (often illegal), some an unreadable text, some none; some orders name a
unit the power does not have. Retreat positions come from resolving random movement
phases; adjustment positions have random centres.

Checked: the adjudicator never crashes; every unit ends in exactly one place (moved,
stayed, dislodged with retreats, or destroyed); no two units share a province; retreat
options are free and reachable; results do not depend on the order in which the powers
and their orders are given; an order offered by ``legal_orders`` / ``legal_adjustments``
is never judged illegal, alone or with others; the JSON command agrees with ``resolve``.

Settings: no example database, no deadline, a few dozen to ~150 examples per test so the
file runs in well under a minute on two cores. ``ENGINE_PROPS_PROFILE=engine-props-long``
runs ten times more examples.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from engine import (
    STANDARD,
    Move,
    Position,
    Power,
    Result,
    Retreat,
    Unit,
    UnitType,
    Waive,
    legal_adjustments,
    legal_orders,
    resolve,
)
from engine.codec import adjudicate_object, position_to_json
from engine.map import ProvinceKind
from engine.phase import Phase, PhaseKind, Season
from tests.engine.strategies import POWERS, PROVINCES, positions, props

BAD_WHEN_LEGAL = {Result.ILLEGAL, Result.UNPARSED, Result.NO_UNIT, Result.DUPLICATE}


# Texts the parser cannot read (each names an unknown word or is empty/punctuation).
GARBAGE = [
    "",
    "   ",
    "hello",
    "A XYZ - PAR",
    "F PARIS-X - BUR",
    "A PAR -> ->",
    "?!",
    "A",
    "S S S",
    "A PAR - ZZZ",
    "fleet zorg holds",
    "A 123 H",
    "--",
    "qwerty A PAR",
]


# ------------------------------------------------------------------------------ orders
def arbitrary_order(rng: random.Random, unit: Unit) -> str:
    """A well-formed order text for ``unit``, often impossible."""
    here = str(unit)
    other = rng.choice(PROVINCES)
    third = rng.choice(PROVINCES)
    letter = rng.choice("AF")
    coast = rng.choice(["", "", "/NC", "/SC", "/EC"])
    return rng.choice(
        [
            f"{here} - {other}",
            f"{here} - {other}{coast}",
            f"{here} - {other} VIA",
            f"{here} S {letter} {other}",
            f"{here} S {letter} {other} - {third}",
            f"{here} C A {other} - {third}",
            f"{here} R {other}",
            f"{here} D",
            f"{here} B",
            f"{here} H",
            f"{'F' if unit.type is UnitType.ARMY else 'A'} {unit.province} H",
            f"{here} - {unit.province}",
            "WAIVE",
        ]
    )


@st.composite
def order_sets(draw, position: Position, menu=legal_orders, extras: bool = True):
    """Orders for a movement or retreat position: ``{power: [(text, tag), ...]}`` with at
    most one order per unit. Tags: ``legal`` (from ``menu``), ``arbitrary``, ``garbage``
    (unreadable), ``foreign`` (a unit the power does not have, or an empty province)."""
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    pool = (
        position.units
        if position.phase.kind is PhaseKind.MOVEMENT
        else {p: d.unit for p, d in position.dislodged.items()}
    )
    orders: dict[Power, list[tuple[str, str]]] = {}
    for province, unit in sorted(pool.items()):
        choice = rng.choices(["legal", "none", "arbitrary", "garbage"], [80, 8, 8, 4])[0]
        if choice == "none":
            continue
        if choice == "legal":
            options = menu(position, province)
            text, tag = str(rng.choice(options)), "legal"
        elif choice == "arbitrary":
            text, tag = arbitrary_order(rng, unit), "arbitrary"
        else:
            text, tag = rng.choice(GARBAGE), "garbage"
        orders.setdefault(unit.power, []).append((text, tag))
    if extras:
        for _ in range(rng.randrange(3)):
            power = rng.choice(POWERS)
            mine = {p for p, u in pool.items() if u.power is power}
            # an order (legal for its own power) given by a power that does not own the unit
            others = [p for p, u in pool.items() if u.power is not power]
            if others and rng.random() < 0.5:
                province = rng.choice(others)
                options = menu(position, province)
                if options:
                    orders.setdefault(power, []).append((str(rng.choice(options)), "foreign"))
                    continue
            empty = [p for p in PROVINCES if p not in mine and p not in pool]
            if empty:
                p = rng.choice(empty)
                kind = STANDARD.provinces[p].kind
                letter = "F" if kind is ProvinceKind.SEA else "A"
                orders.setdefault(power, []).append((f"{letter} {p} H", "foreign"))
    return orders


def texts(orders) -> dict[Power, list[str]]:
    return {p: [t for t, _ in items] for p, items in orders.items()}


def shuffled(orders: dict[Power, list[str]], rng: random.Random, within: bool = True):
    powers = list(orders)
    rng.shuffle(powers)
    out = {}
    for p in powers:
        items = list(orders[p])
        if within:
            rng.shuffle(items)
        out[p] = items
    return out


def signature(outcome) -> tuple:
    """Everything in an outcome that must not depend on the order of the orders."""
    results = Counter((r.power, r.text, r.result, r.implied) for r in outcome.results)
    destroyed = Counter((u.power, str(u)) for u in outcome.destroyed)
    return results, destroyed, outcome.next, outcome.winner


# ------------------------------------------------------------------------------ checks
def given_results(outcome, orders):
    """Pair each given order (text, tag) with its result entry (entries follow input order)."""
    flat = [(p, t, tag) for p, items in orders.items() for t, tag in items]
    given = outcome.results[: len(flat)]
    for (p, t, tag), r in zip(flat, given):
        assert r.power is p and not r.implied
        yield t, tag, r


def check_movement(position: Position, orders, outcome) -> None:
    nxt = outcome.next
    flat = [(p, t, tag) for p, items in orders.items() for t, tag in items]
    assert len(outcome.results) >= len(flat)
    ordered: set[str] = set()
    for text, tag, r in given_results(outcome, orders):
        assert r.ok == (r.result is Result.OK)
        if tag == "legal":
            assert r.result not in BAD_WHEN_LEGAL, (text, r.result)
        elif tag == "garbage":
            assert r.result is Result.UNPARSED and r.text == text and r.order is None
        elif tag == "foreign":
            assert r.result is Result.NO_UNIT, (text, r.result)
        if (
            r.order is not None
            and r.result not in (Result.NO_UNIT, Result.UNPARSED, Result.DUPLICATE)
            and not isinstance(r.order, Waive)
        ):
            ordered.add(r.order.location.province)
    # one implied hold for every unit without an order, and nothing else (a winter skipped
    # because nobody has anything to do removes nobody)
    implied = outcome.results[len(flat) :]
    assert all(r.implied and r.order is not None for r in implied)
    assert sorted(str(r.order) for r in implied) == sorted(
        f"{position.units[p]} H" for p in set(position.units) - ordered
    )

    # where every unit went: judged order per unit province
    judged = {}
    for r in outcome.results:
        if (
            r.order is None
            or isinstance(r.order, Waive)
            or r.result in (Result.NO_UNIT, Result.UNPARSED, Result.DUPLICATE)
        ):
            continue
        prov = r.order.location.province
        if prov in position.units and prov not in judged:
            judged[prov] = r
    assert set(judged) == set(position.units)

    destroyed = Counter((u.power, u.type, u.location) for u in outcome.destroyed)
    seen_next: set[str] = set()
    for prov, unit in position.units.items():
        r = judged[prov]
        if r.dislodged:
            assert r.result in (Result.DISLODGED, Result.ILLEGAL, Result.VOID), r
            if prov in nxt.dislodged:
                assert nxt.dislodged[prov].unit == unit
            else:
                assert destroyed[(unit.power, unit.type, unit.location)] > 0, unit
                destroyed[(unit.power, unit.type, unit.location)] -= 1
            continue
        if isinstance(r.order, Move) and r.result is Result.OK:
            dest = r.order.destination.province
            there = nxt.units.get(dest)
            assert there is not None and there.power is unit.power and there.type is unit.type, (unit, r)
            assert STANDARD.is_valid_location(there.location)
            if unit.type is UnitType.FLEET:
                assert there.location in STANDARD.fleet_neighbours(unit.location)
            seen_next.add(dest)
        else:
            assert nxt.units.get(prov) == unit, (unit, r, nxt.units.get(prov))
            seen_next.add(prov)
    # conservation: nothing appeared, nothing vanished, nobody shares a province
    assert seen_next == set(nxt.units)
    assert len(nxt.units) + len(nxt.dislodged) + len(outcome.destroyed) == len(position.units)
    assert all(v == 0 for v in destroyed.values())
    assert all(p == u.province for p, u in nxt.units.items())

    # retreat options: free, reachable, never the dislodged unit's own province
    if nxt.dislodged:
        assert nxt.phase == Phase(position.phase.year, position.phase.season, PhaseKind.RETREAT)
        assert nxt.centres == position.centres
    for prov, d in nxt.dislodged.items():
        assert prov in nxt.units  # the attacker stands there
        assert d.retreats, "a unit without retreats is destroyed, not listed"
        assert len(set(d.retreats)) == len(d.retreats)  # both coasts of BUL may be listed
        for loc in d.retreats:
            assert loc.province not in nxt.units and loc.province != prov
            if d.unit.type is UnitType.FLEET:
                assert loc in STANDARD.fleet_neighbours(d.unit.location)
            else:
                assert loc.province in STANDARD.army_neighbours(prov)
                assert not STANDARD.provinces[loc.province].is_sea

    # centres change after the fall turn only
    if not nxt.dislodged:
        if position.phase.season is Season.SPRING:
            assert nxt.centres == position.centres
        else:
            for c in STANDARD.supply_centres:
                u = nxt.units.get(c)
                assert nxt.centres.get(c) == (u.power if u else position.centres.get(c))


# ------------------------------------------------------------------------------- tests
@props(250)
@given(st.data())
def test_movement_never_crashes_and_conserves_units(data):
    position = data.draw(positions())
    orders = data.draw(order_sets(position))
    outcome = resolve(position, texts(orders))
    check_movement(position, orders, outcome)


@props(150)
@given(st.data())
def test_movement_result_does_not_depend_on_order_of_orders(data):
    position = data.draw(positions(min_units=6))
    orders = texts(data.draw(order_sets(position)))
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1)))
    first = signature(resolve(position, orders))
    for _ in range(2):
        assert signature(resolve(position, shuffled(orders, rng))) == first


@props(100)
@given(st.data())
def test_every_legal_order_alone_is_not_illegal(data):
    position = data.draw(positions())
    province = data.draw(st.sampled_from(sorted(position.units)))
    unit = position.units[province]
    for order in legal_orders(position, province):
        outcome = resolve(position, {unit.power: [str(order)]})
        r = outcome.results[0]
        assert r.result not in BAD_WHEN_LEGAL, (str(order), r.result)
        assert r.text == str(order)
        # the order value itself (not its text) is judged the same way
        assert resolve(position, {unit.power: [order]}).results[0].result is r.result


@props(100)
@given(st.data())
def test_all_units_given_legal_orders_none_illegal(data):
    position = data.draw(positions(min_units=10))
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1)))
    orders: dict[Power, list[str]] = {}
    for province, unit in sorted(position.units.items()):
        orders.setdefault(unit.power, []).append(str(rng.choice(legal_orders(position, province))))
    outcome = resolve(position, orders)
    for r in outcome.results:
        assert r.result not in BAD_WHEN_LEGAL, (r.text, r.result)
    check_movement(position, {p: [(t, "legal") for t in v] for p, v in orders.items()}, outcome)


@props(40)
@given(st.data())
def test_second_order_for_a_unit_is_a_duplicate_and_the_first_counts(data):
    position = data.draw(positions())
    province = data.draw(st.sampled_from(sorted(position.units)))
    unit = position.units[province]
    menu = [str(o) for o in legal_orders(position, province)]
    first, second = data.draw(st.sampled_from(menu)), data.draw(st.sampled_from(menu))
    both = resolve(position, {unit.power: [first, second]})
    alone = resolve(position, {unit.power: [first]})
    assert both.results[1].result is Result.DUPLICATE
    assert both.results[0].result is alone.results[0].result
    assert both.next == alone.next


def _retreat_position(data) -> Position | None:
    """A retreat position reached by resolving a random dense movement phase."""
    for _ in range(4):
        position = data.draw(
            positions(
                min_units=12, powers=data.draw(st.lists(st.sampled_from(POWERS), min_size=2, max_size=3, unique=True))
            )
        )
        rng = random.Random(data.draw(st.integers(0, 2**32 - 1)))
        orders: dict[Power, list[str]] = {}
        for province, unit in sorted(position.units.items()):
            menu = legal_orders(position, province)
            attacks = [o for o in menu if isinstance(o, Move) and o.destination.province in position.units]
            pick = rng.choice(attacks) if attacks and rng.random() < 0.5 else rng.choice(menu)
            orders.setdefault(unit.power, []).append(str(pick))
        outcome = resolve(position, orders)
        if outcome.next.phase.is_retreat:
            return outcome.next
    return None


@props(100)
@given(st.data())
def test_retreat_phase_properties(data):
    position = _retreat_position(data)
    if position is None:
        return
    orders = data.draw(order_sets(position))
    outcome = resolve(position, texts(orders))
    nxt = outcome.next
    given = list(given_results(outcome, orders))
    for text, tag, r in given:
        if tag == "legal":
            assert r.result not in BAD_WHEN_LEGAL, (text, r.result)
            assert r.result in (Result.OK, Result.BOUNCE)
        elif tag == "garbage":
            assert r.result is Result.UNPARSED
        elif tag == "foreign":
            assert r.result is Result.NO_UNIT
    # every dislodged unit either stands on one of its options or is destroyed
    destroyed = Counter((u.power, u.type, u.location) for u in outcome.destroyed)
    survivors = 0
    for d in position.dislodged.values():
        key = (d.unit.power, d.unit.type, d.unit.location)
        if destroyed[key]:
            destroyed[key] -= 1
            continue
        here = [
            loc
            for loc in d.retreats
            if nxt.units.get(loc.province) is not None
            and nxt.units[loc.province].power is d.unit.power
            and nxt.units[loc.province].location == loc
            and loc.province not in position.units
        ]
        assert len(here) >= 1, d
        survivors += 1
    # the units that were not dislodged stay (a winter skipped because nobody has anything
    # to do removes nobody); nobody shares a province
    for prov, unit in position.units.items():
        assert nxt.units.get(prov) == unit
    assert len(nxt.units) == len(position.units) + survivors
    assert not nxt.dislodged
    # results do not depend on the order of the orders
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1)))
    assert signature(resolve(position, shuffled(texts(orders), rng))) == signature(outcome)
    # centres: after fall retreats every occupied centre belongs to its occupier
    if position.phase.season is Season.FALL:
        for c in STANDARD.supply_centres:
            u = nxt.units.get(c)
            assert nxt.centres.get(c) == (u.power if u else position.centres.get(c))
    else:
        assert nxt.centres == position.centres


@props(40)
@given(st.data())
def test_every_legal_retreat_alone_is_not_illegal(data):
    position = _retreat_position(data)
    if position is None:
        return
    for prov, d in position.dislodged.items():
        for order in legal_orders(position, prov):
            outcome = resolve(position, {d.unit.power: [str(order)]})
            assert outcome.results[0].result is Result.OK, (str(order), outcome.results[0].result)
            if isinstance(order, Retreat):
                assert outcome.next.units[order.destination.province].location == order.destination


@st.composite
def adjustment_orders(draw, position: Position):
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    orders: dict[Power, list[tuple[str, str]]] = {}
    for power in POWERS:
        menu = legal_adjustments(position, power)
        items = []
        if menu:
            k = rng.randrange(len(menu) + 1)
            items += [(str(o), "legal") for o in rng.sample(menu, k)]
        if rng.random() < 0.2:
            items.append((rng.choice(GARBAGE), "garbage"))
        if rng.random() < 0.1:
            items.append((f"A {rng.choice(PROVINCES)} B", "arbitrary"))
        if items:
            orders[power] = items
    return orders


def check_adjustment(position: Position, orders, outcome) -> None:
    nxt = outcome.next
    assert nxt.phase == Phase(position.phase.year + 1, Season.SPRING, PhaseKind.MOVEMENT)
    assert nxt.centres == position.centres
    assert not nxt.dislodged
    for text, tag, r in given_results(outcome, orders):
        assert r.result in (Result.OK, Result.VOID, Result.ILLEGAL, Result.UNPARSED, Result.NO_UNIT)
        if tag == "legal":
            assert r.result is not Result.ILLEGAL and r.result is not Result.UNPARSED, (text, r.result)
        if tag == "garbage":
            assert r.result is Result.UNPARSED
    for power in POWERS:
        delta = position.adjustment_delta(power)
        before = {u.province: u for u in position.units_of(power)}
        after = {u.province: u for u in nxt.units_of(power)}
        if delta < 0:
            # exactly the disbands due, ordered or by civil disorder; nothing built
            assert len(after) == len(before) + delta
            assert all(before.get(p) == u for p, u in after.items())
        else:
            # nothing removed; builds only on owned, vacant home centres, at most delta
            assert all(after.get(p) == u for p, u in before.items())
            new = [u for p, u in after.items() if p not in before]
            assert len(new) <= delta
            for u in new:
                assert position.centres.get(u.province) is power
                assert u.province in STANDARD.home_centres[power]
                assert u.province not in position.units
                assert STANDARD.is_valid_location(u.location)
                if u.type is UnitType.FLEET:
                    assert STANDARD.provinces[u.province].is_coastal
                    assert bool(u.location.coast) == bool(STANDARD.provinces[u.province].coasts)
    # nobody shares a province (units keyed by province; each unit's key is its province)
    assert all(p == u.province for p, u in nxt.units.items())
    removed = Counter((u.power, str(u)) for u in outcome.destroyed)
    gone = Counter((u.power, str(u)) for p, u in position.units.items() if nxt.units.get(p) != u)
    assert removed == gone


@props(100)
@given(st.data())
def test_adjustment_phase_properties(data):
    position = data.draw(positions(kind=PhaseKind.ADJUSTMENT, min_units=0))
    orders = data.draw(adjustment_orders(position))
    outcome = resolve(position, texts(orders))
    check_adjustment(position, orders, outcome)
    # the order of the powers does not matter (within a power it does: the first legal
    # builds and disbands count, DATC 4.D.4-4.D.6)
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1)))
    again = resolve(position, shuffled(texts(orders), rng, within=False))
    assert signature(again) == signature(outcome)


@props(40)
@given(st.data())
def test_every_legal_adjustment_alone_is_carried_out(data):
    position = data.draw(positions(kind=PhaseKind.ADJUSTMENT, min_units=0))
    for power in POWERS:
        for order in legal_adjustments(position, power):
            r = resolve(position, {power: [str(order)]}).results[0]
            assert r.result is Result.OK, (power, str(order), r.result)


@props(60)
@given(st.data())
def test_json_command_agrees_with_resolve(data):
    kind = data.draw(st.sampled_from([PhaseKind.MOVEMENT, PhaseKind.RETREAT, PhaseKind.ADJUSTMENT]))
    if kind is PhaseKind.RETREAT:
        position = _retreat_position(data)
        if position is None:
            return
    else:
        position = data.draw(positions(kind=kind, min_units=0 if kind is PhaseKind.ADJUSTMENT else 2))
    orders = texts(
        data.draw(adjustment_orders(position)) if kind is PhaseKind.ADJUSTMENT else data.draw(order_sets(position))
    )
    obj = position_to_json(position)
    obj["orders"] = {p.value: v for p, v in orders.items()}
    out = adjudicate_object(obj)
    outcome = resolve(position, orders)
    assert out["next"] == position_to_json(outcome.next)
    assert [(e["power"], e["order"], e["result"], e["ok"]) for e in out["orders"]] == [
        (r.power.value, r.text, r.result.value, r.ok) for r in outcome.results
    ]
    assert out["destroyed"] == [f"{u.power.value} {u}" for u in outcome.destroyed]
    # units and centres are listed sorted
    for units in out["next"]["units"].values():
        assert units == sorted(units)
    for centres in out["next"]["centers"].values():
        assert centres == sorted(centres)
