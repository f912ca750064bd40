"""Every order of the 164 DATC cases checked with ``engine.validation``.

An order annotated ``[code]`` in tests/engine/datc/ must be refused by ``explain`` with
that reason, and the adjudicator's result for it must carry the same reason; an order
without one must be accepted by ``explain`` and carry no reason in the results. In an
adjustment phase the orders a power gave before in the same phase count (``given``), as
the bot's order sheet counts them. Two exceptions, both written in the data:

- ``=> ok [needs_coast]`` (DATC 6.B.7, 6.B.15): a support naming no coast for a fleet
  that could reach two. The adjudicator carries it out; an order checked on submission
  must name the coast (DATC 4.B.4), so ``explain`` asks which one.
- an order repeated for one province in one adjustment phase (6.I.7, 6.J.2): the
  adjudicator keeps the first and reports the second; the bot's sheet, which ``given``
  models, lets the second replace the first, so ``explain`` accepts it.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from datc_format import Case, grouped, load_all  # noqa: E402

from engine import Position, Power, Unit, parse_order, resolve  # noqa: E402
from engine.orders import Order, Waive  # noqa: E402
from engine.validation import Reason, explain  # noqa: E402

CASES = grouped(load_all())


def _key(power: Power, order: Order) -> tuple:
    return (power, type(order), None if isinstance(order, Waive) else order.location.province)


def check_case(case: Case) -> list[str]:
    problems: list[str] = []
    units = [Unit.parse(Power(p), u) for p, us in case.units.items() for u in us]
    centres = {c: Power(p) for p, cs in case.centers.items() for c in cs} if case.centers is not None else None
    position = Position.build(case.steps[0].phase, units, centres)
    for step in case.steps:
        orders: dict[Power, list[str]] = {}
        for line in step.orders:
            orders.setdefault(Power(line.power), []).append(line.order)
        # the engine reports orders power by power, in the order the powers first appear
        lines = [line for power in orders for line in step.orders if Power(line.power) is power]
        outcome = resolve(position, orders)
        given: dict[Power, list[Order]] = {}
        seen: set[tuple] = set()
        for line, result in zip(lines, outcome.results):
            where = f"{case.number} {case.file}:{line.line} {line.power}: {line.order}"
            power = Power(line.power)
            order = parse_order(line.order, position=position)
            repeated = _key(power, order) in seen
            seen.add(_key(power, order))
            why = explain(position, order, powers=power, given=given)
            if why is None:
                given.setdefault(power, []).append(order)
            want = Reason(line.reason) if line.reason else None
            got = why.reason if why else None
            if got != (None if repeated else want):
                problems.append(f"{where}: explain gives {why}, the data says {want}")
            judged = result.illegal.reason if result.illegal else None
            if judged != (None if line.ok else want):
                problems.append(
                    f"{where}: the adjudicator's reason is {result.illegal}, "
                    f"the data says {want} (result {result.result})"
                )
        position = outcome.next
    return problems


@pytest.mark.parametrize("number", list(CASES), ids=list(CASES))
def test_datc_orders_explained(number):
    problems = [p for scenario in CASES[number] for p in check_case(scenario)]
    assert not problems, "\n".join(problems)


def test_the_datc_exercises_these_reasons():
    annotated = {
        line.reason
        for cases in CASES.values()
        for case in cases
        for step in case.steps
        for line in step.orders
        if line.reason
    }
    assert annotated == {
        "not_adjacent",
        "needs_coast",
        "no_such_coast",
        "not_your_unit",
        "no_unit",
        "not_dislodged",
        "wrong_phase",
        "only_armies_convoyed",
        "convoy_needs_fleet_at_sea",
        "no_convoy_route",
        "support_self",
        "support_cannot_reach",
        "support_move_impossible",
        "retreat_not_allowed",
        "build_not_home_centre",
        "build_not_owned",
        "build_occupied",
        "build_fleet_inland",
        "too_many_adjustments",
    }
    assert annotated <= {r.value for r in Reason}
