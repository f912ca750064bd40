"""Property tests (hypothesis): one source of truth for legality.

On random positions (movement, retreat, adjustment; sometimes with a neutral power and
closed provinces) and random orders of every kind:

- every order ``legal_orders`` / ``legal_adjustments`` offers passes ``check_order``
  unchanged;
- any other order either passes ``check_order``, and then its normal form is on the menu
  (and stays as it is when checked again), or is refused with a reason;
- the adjudicator's results agree: an order it finds illegal (or for no unit of the
  power) carries exactly the reason ``explain`` gives, a void order the reason if any,
  and an order carried out or that failed by force is one ``explain`` accepts (except
  a support that names no coast, DATC 4.B.4);
- ``orders_due`` says a power owes something exactly when its menus offer something.
"""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from engine import (
    STANDARD,
    Build,
    Convoy,
    Disband,
    Dislodged,
    Hold,
    Location,
    Move,
    Position,
    Power,
    Result,
    Retreat,
    Rules,
    SupportHold,
    SupportMove,
    Unit,
    UnitType,
    Waive,
    legal_adjustments,
    legal_orders,
    resolve,
)
from engine.convoy import convoy_routes
from engine.orders import Order
from engine.phase import PhaseKind
from engine.validation import Illegal, Reason, check_order, explain, orders_due
from tests.engine.strategies import PROVINCES, positions, props

A, F = UnitType.ARMY, UnitType.FLEET
TWO_POWER = Rules(neutral=frozenset({Power.ITALY}), closed=frozenset({"VEN", "ROM", "NAP", "TUS", "PIE", "APU"}))
RULES = st.sampled_from([Rules(), Rules(), TWO_POWER, Rules(civil_disorder=frozenset({Power.FRANCE}))])


def _location(rng: random.Random, near: Location | None = None) -> Location:
    """A location: often next to ``near``, sometimes with a coast (possible or not)."""
    if near is not None and rng.random() < 0.6:
        province = rng.choice(sorted(STANDARD.adjacent_provinces(near.province)))
    else:
        province = rng.choice(PROVINCES)
    coasts = STANDARD.provinces[province].coasts
    coast = rng.choice([None, None, *coasts, "NC"]) if rng.random() < 0.5 else None
    return Location(province, coast if coast in coasts or rng.random() < 0.2 else None)


def random_order(rng: random.Random, position: Position, pool: dict[str, Unit]) -> Order:
    """An order of any kind, mostly for a unit in ``pool``, naming units on the board and
    places near them, so that many are legal and many are nearly so."""
    kind = rng.choice(
        [
            "hold",
            "move",
            "move",
            "via",
            "support",
            "support_move",
            "support_move",
            "convoy",
            "convoy",
            "retreat",
            "disband",
            "build",
            "waive",
        ]
    )
    candidates = sorted(pool)
    if kind == "convoy":  # mostly a fleet at sea
        candidates = [p for p in candidates if p in STANDARD.seas] or candidates
    if candidates and rng.random() < 0.9:
        unit = pool[rng.choice(candidates)]
        utype, here = (unit.type, unit.location) if rng.random() < 0.9 else (rng.choice([A, F]), unit.location)
    else:
        utype, here = rng.choice([A, F]), _location(rng)
    others = sorted(position.units.values(), key=lambda u: u.province)
    other = rng.choice(others) if others and rng.random() < 0.8 else Unit(Power.AUSTRIA, A, _location(rng, here))
    there = _location(rng, other.location)
    if kind == "hold":
        return Hold(utype, here)
    if kind in ("move", "via"):
        return Move(utype, here, _location(rng, here), kind == "via")
    if kind == "support":
        return SupportHold(utype, here, other.type, other.location)
    if kind == "support_move":
        if other.type is F and rng.random() < 0.7:
            there = rng.choice(sorted(STANDARD.fleet_neighbours(other.location), key=str) or [there])
        return SupportMove(utype, here, other.type, other.location, there)
    if kind == "convoy":
        fleets = {p for p in position.units if p in STANDARD.seas}
        reach = sorted(convoy_routes(STANDARD, other.province, fleets)) if other.province in STANDARD.coastal else []
        if reach and rng.random() < 0.8:
            there = Location(rng.choice(reach))
        return Convoy(utype, here, other.location, there)
    if kind == "retreat":
        return Retreat(utype, here, _location(rng, here))
    if kind == "disband":
        return Disband(utype, here)
    if kind == "build":
        return Build(utype, _location(rng))
    return Waive()


@st.composite
def retreat_positions(draw) -> Position:
    """A movement position turned into a retreat phase: some units dislodged, each with
    some free neighbouring places to go to."""
    board = draw(positions(min_units=4))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    units = dict(board.units)
    dislodged = []
    for province in rng.sample(sorted(units), k=rng.randint(1, min(4, len(units) - 1))):
        unit = units.pop(province)
        if unit.type is F:
            near = sorted(STANDARD.fleet_neighbours(unit.location), key=str)
        else:
            near = [Location(p) for p in sorted(STANDARD.army_neighbours(province))]
        free = [loc for loc in near if loc.province not in board.units]
        dislodged.append(Dislodged(unit, tuple(rng.sample(free, k=rng.randint(0, len(free))))))
    # the attackers stand where the dislodged units stood
    for d in dislodged:
        units[d.unit.province] = Unit(rng.choice(list(Power)), d.unit.type, d.unit.location)
    return Position(
        board.phase.retreat(), units, dict(board.centres), {d.unit.province: d for d in dislodged}, STANDARD
    )


def _menu(position: Position, order: Order, rules: Rules) -> list[Order]:
    if position.phase.is_adjustment:
        return [o for p in Power for o in legal_adjustments(position, p, rules)]
    return legal_orders(position, order.location.province, rules)  # type: ignore[union-attr]


def _check_orders(position: Position, rules: Rules, rng: random.Random, pool: dict[str, Unit]) -> None:
    for _ in range(60):
        order = random_order(rng, position, pool)
        powers = rng.choice([None, None, rng.choice(list(Power))])
        why = explain(position, order, rules, powers)
        if isinstance(why, Illegal):
            assert isinstance(why.reason, Reason)
            continue
        judged = check_order(position, order, rules, powers)
        assert check_order(position, judged, rules, powers) == judged, (order, judged)
        assert judged in _menu(position, judged, rules), (str(order), str(judged))


def _menus_and_checks_agree(data, position: Position, pool: dict[str, Unit]) -> None:
    rules = data.draw(RULES)
    for province, unit in pool.items():
        for order in legal_orders(position, province, rules):
            assert check_order(position, order, rules, unit.power) == order, str(order)
    _check_orders(position, rules, random.Random(data.draw(st.integers(0, 2**32 - 1))), pool)


@props(120)
@given(st.data())
def test_movement_menus_and_checks_agree(data):
    position = data.draw(positions())
    _menus_and_checks_agree(data, position, dict(position.units))


@props(80)
@given(st.data())
def test_retreat_menus_and_checks_agree(data):
    position = data.draw(retreat_positions())
    _menus_and_checks_agree(data, position, {p: d.unit for p, d in position.dislodged.items()})


@props(80)
@given(st.data())
def test_adjustment_menus_and_checks_agree(data):
    position = data.draw(positions(kind=PhaseKind.ADJUSTMENT, min_units=0, max_units=20))
    rules = data.draw(RULES)
    for power in Power:
        menu = legal_adjustments(position, power, rules)
        due = orders_due(position, power, rules)
        assert bool(menu) == (not due.is_empty)
        assert due.units == ()
        assert (due.builds > 0) == any(isinstance(o, Build) for o in menu)
        assert (due.disbands > 0) == any(isinstance(o, Disband) for o in menu)
        for order in menu:
            assert check_order(position, order, rules, power) == order, str(order)
    _check_orders(position, rules, random.Random(data.draw(st.integers(0, 2**32 - 1))), dict(position.units))


def _agree(position: Position, rules: Rules, orders: dict[Power, list[Order]]) -> None:
    outcome = resolve(position, orders, rules)
    flat = [(p, o) for p, items in orders.items() for o in items]
    seen: set[tuple[Power, str]] = set()
    for (power, order), r in zip(flat, outcome.results):
        assert r.power is power and not r.implied
        key = (power, order.location.province if not isinstance(order, Waive) else "")
        duplicate = key in seen or r.result is Result.DUPLICATE
        seen.add(key)
        if duplicate:
            continue
        why = explain(position, order, rules, power)
        if r.result in (Result.ILLEGAL, Result.NO_UNIT):
            assert why is not None and r.illegal == why, (str(order), r.result, r.illegal, why)
        elif r.result in (Result.VOID, Result.DISLODGED):
            assert r.illegal == why, (str(order), r.result, r.illegal, why)
        else:
            assert r.illegal is None, (str(order), r)
            assert why is None or (why.reason is Reason.NEEDS_COAST and isinstance(order, SupportMove)), (
                str(order),
                r.result,
                why,
            )


def _random_orders(
    rng: random.Random, position: Position, pool: dict[str, Unit], rules: Rules
) -> dict[Power, list[Order]]:
    """One order per unit of ``pool``: half from its menu, half arbitrary; a few given by
    a power that does not own the unit."""
    orders: dict[Power, list[Order]] = {}
    for province, unit in sorted(pool.items()):
        menu = legal_orders(position, province, rules) if rng.random() < 0.5 else []
        order = rng.choice(menu) if menu else random_order(rng, position, {province: unit})
        power = unit.power if rng.random() < 0.9 else rng.choice(list(Power))
        orders.setdefault(power, []).append(order)
    return orders


def _results_agree(data, position: Position, pool: dict[str, Unit]) -> None:
    rules = data.draw(RULES)
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1)))
    _agree(position, rules, _random_orders(rng, position, pool, rules))


@props(150)
@given(st.data())
def test_the_adjudicator_gives_the_reasons_explain_gives(data):
    position = data.draw(positions())
    _results_agree(data, position, dict(position.units))


@props(60)
@given(st.data())
def test_retreat_results_give_the_reasons_explain_gives(data):
    position = data.draw(retreat_positions())
    _results_agree(data, position, {p: d.unit for p, d in position.dislodged.items()})
