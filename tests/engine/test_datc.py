"""DATC v3.0 (sections 6.A-6.J, 164 cases) run through the engine's JSON contract.

Each case in tests/engine/datc/6?.txt is fed to ``engine.codec.adjudicate_object``
(the function behind ``python -m engine adjudicate``; see the CLI spec) and the
output is checked order by order, then the position after the phase.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from datc_format import SECTION_COUNTS, Case, Step, grouped, load_all  # noqa: E402

from engine.codec import adjudicate_object  # noqa: E402

CASES = grouped(load_all())


def test_section_counts():
    per = {}
    for number in CASES:
        per.setdefault(number.split(".")[1], set()).add(number)
    assert {s: len(v) for s, v in per.items()} == SECTION_COUNTS
    assert sum(len(v) for v in per.values()) == 164


def _orders_by_power(step: Step):
    orders: dict[str, list[str]] = {}
    expected = []
    for o in step.orders:
        orders.setdefault(o.power, []).append(o.order)
    # the engine reports orders in input order: power by power as in the dict
    for p in orders:
        for o in step.orders:
            if o.power == p:
                expected.append(o)
    return orders, expected


def _units_of(d) -> dict[str, set[str]]:
    return {p: set(u) for p, u in (d or {}).items() if u}


def _fmt_units(d: dict[str, set[str]]) -> str:
    return "; ".join(f"{p}: {' '.join(sorted(u))}" for p, u in sorted(d.items())) or "(none)"


def _table(out) -> str:
    rows = []
    for e in out.get("orders", []):
        rows.append(f"    {e.get('power')}: {e.get('order')}  ok={e.get('ok')} result={e.get('result')}")
    return "\n".join(rows)


def run_case(case: Case):
    """Run one case; return the list of problems (empty = pass)."""
    problems: list[str] = []
    obj = {"phase": case.steps[0].phase, "units": {p: list(u) for p, u in case.units.items()}}
    if case.centers is not None:
        obj["centers"] = {p: list(c) for p, c in case.centers.items()}
    out: dict = {}  # the engine's answer to the step before
    for i, step in enumerate(case.steps):
        label = f"{case.number} ({case.where}) phase {step.phase}"
        if i > 0:
            nxt = out["next"]
            if nxt.get("phase") != step.phase:
                problems.append(f"{label}: expected next phase {step.phase}, engine gives {nxt.get('phase')}")
                return problems
            obj = {
                "phase": nxt["phase"],
                "units": nxt.get("units", {}),
                "centers": nxt.get("centers", {}),
                "dislodged": nxt.get("dislodged", {}),
            }
        orders, expected = _orders_by_power(step)
        obj["orders"] = orders
        out = adjudicate_object(obj)
        got = out.get("orders", [])
        for k, o in enumerate(expected):
            if k >= len(got):
                problems.append(f"{label}: line {o.line} {o.power}: {o.order}: no entry in output")
                continue
            e = got[k]
            if e.get("power") != o.power:
                problems.append(
                    f"{label}: line {o.line} {o.power}: {o.order}: output entry {k} is "
                    f"{e.get('power')}: {e.get('order')} (order entries out of input order?)"
                )
                continue
            if o.ok is not None and e.get("ok") is not o.ok:
                problems.append(
                    f"{label}: line {o.line} {o.power}: {o.order}: expected {o.expectation()}, "
                    f"engine: ok={e.get('ok')} result={e.get('result')} (read as {e.get('order')!r})"
                )
            elif o.result is not None and e.get("result") != o.result:
                problems.append(
                    f"{label}: line {o.line} {o.power}: {o.order}: expected result {o.result!r}, "
                    f"engine: {e.get('result')!r}"
                )
        nxt = out.get("next", {})
        want = {p: u for p, u in step.after.items() if u}
        have = _units_of(nxt.get("units"))
        if want != have:
            problems.append(
                f"{label}: AFTER differs\n    expected: {_fmt_units(want)}\n    engine:   {_fmt_units(have)}"
            )
        want_d = {p: d for p, d in step.dislodged.items() if d}
        have_d = {p: d for p, d in (nxt.get("dislodged") or {}).items() if d}
        wu = {p: set(d) for p, d in want_d.items()}
        hu = {p: set(d) for p, d in have_d.items()}
        if wu != hu:
            problems.append(
                f"{label}: DISLODGED differs\n    expected: {_fmt_units(wu)}\n    engine:   {_fmt_units(hu)}"
            )
        else:
            for p, d in want_d.items():
                for u, opts in d.items():
                    if opts is not None and set(have_d[p][u]) != opts:
                        problems.append(
                            f"{label}: retreat options of {p} {u}: expected {sorted(opts)}, "
                            f"engine {sorted(have_d[p][u])}"
                        )
        if problems:
            problems.append(f"  engine orders for {step.phase}:\n{_table(out)}")
            return problems
    return problems


@pytest.mark.parametrize("number", list(CASES), ids=list(CASES))
def test_datc(number):
    problems = []
    for scenario in CASES[number]:
        problems += run_case(scenario)
    if problems:
        title = CASES[number][0].title
        pytest.fail(f"DATC {number} {title}\n" + "\n".join(problems), pytrace=False)
