"""Unit tests of the DATC case-file parser (run without the engine)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from datc_format import (  # noqa: E402
    SECTION_COUNTS,
    FormatError,
    grouped,
    load_all,
    parse_text,
)

SAMPLE = """
# header comment
CASE 6.Z.1 not a real section
END
"""

GOOD = """
CASE 6.A.1 Moving to an area that is not a neighbour
# DATC: Order should fail.
PHASE S1901M
CENTERS
  GERMANY: BER KIE MUN
UNITS
  ENGLAND: F NTH A YOR
  ENGLAND: A LVP
ORDERS
  ENGLAND: F NTH - PIC  => fail
  GERMANY: F LON H      => fail:no_unit   # result word
  ENGLAND: A YOR - YOR  => ?
  ENGLAND: A LVP H => ok
AFTER
  ENGLAND: F NTH A YOR A LVP
DISLODGED
  AUSTRIA: F TRI -> ALB ADR
  TURKEY: F GRE
NEXT PHASE S1901R
ORDERS
  AUSTRIA: F TRI R ALB  => ok
AFTER
  AUSTRIA: F ALB
END
"""


def test_parse_good():
    (c,) = parse_text(GOOD, "x.txt")
    assert c.number == "6.A.1" and c.section == "A"
    assert c.title == "Moving to an area that is not a neighbour"
    assert c.centers == {"GERMANY": ["BER", "KIE", "MUN"]}
    assert c.units == {"ENGLAND": ["F NTH", "A YOR", "A LVP"]}
    s0, s1 = c.steps
    assert s0.phase == "S1901M" and s1.phase == "S1901R"
    assert [(o.power, o.order, o.ok, o.result) for o in s0.orders] == [
        ("ENGLAND", "F NTH - PIC", False, None),
        ("GERMANY", "F LON H", False, "no_unit"),
        ("ENGLAND", "A YOR - YOR", None, None),
        ("ENGLAND", "A LVP H", True, None),
    ]
    assert s0.after == {"ENGLAND": {"F NTH", "A YOR", "A LVP"}}
    assert s0.dislodged == {"AUSTRIA": {"F TRI": {"ALB", "ADR"}}, "TURKEY": {"F GRE": None}}
    assert s1.orders[0].order == "F TRI R ALB" and s1.orders[0].ok is True
    assert s1.after == {"AUSTRIA": {"F ALB"}} and s1.dislodged == {}
    assert "DATC: Order should fail." in c.comments


def test_reasons():
    (c,) = parse_text(
        "CASE 6.A.1 x\nPHASE S1901M\nUNITS\n  ENGLAND: F NTH F POR\nORDERS\n"
        "  ENGLAND: F NTH - PIC => fail:illegal [not_adjacent]  # why\n"
        "  ENGLAND: F POR S F NTH - SPA => ok [needs_coast]\n"
        "  ENGLAND: F NTH H => ok\nAFTER\nEND\n"
    )
    first, second, third = c.steps[0].orders
    assert (first.ok, first.result, first.reason) == (False, "illegal", "not_adjacent")
    assert first.expectation() == "fail:illegal [not_adjacent]"
    assert (second.ok, second.result, second.reason) == (True, None, "needs_coast")
    assert third.reason is None


def test_empty_blocks_and_coasts():
    (c,) = parse_text(
        "CASE 6.B.14 x\nPHASE W1901A\nUNITS\nORDERS\n  RUSSIA: F STP/NC B => ok\nAFTER\n  RUSSIA: F STP/NC\nEND\n"
    )
    assert c.units == {} and c.centers is None
    assert c.steps[0].after == {"RUSSIA": {"F STP/NC"}}


@pytest.mark.parametrize(
    "bad",
    [
        SAMPLE,
        "CASE 6.A.1 x\nPHASE S1901M\nUNITS\n  ENGLAND: F NTH\nORDERS\n  ENGLAND: F NTH H\nAFTER\nEND\n",  # no =>
        "CASE 6.A.1 x\nPHASE S1901M\nUNITS\n  ENGLAND: F NTH\nORDERS\n  ENGLAND: F NTH H => maybe\nAFTER\nEND\n",
        "CASE 6.A.1 x\nPHASE S1901M\nUNITS\nORDERS\n  ENGLAND: F NTH H => fail [Not Adjacent]\nAFTER\nEND\n",
        "CASE 6.A.1 x\nPHASE S1901M\nUNITS\nORDERS\n  ENGLAND: F NTH H => fail [not_adjacent\nAFTER\nEND\n",
        "CASE 6.A.1 x\nPHASE S1901M\nUNITS\n  ENGLND: F NTH\nAFTER\nEND\n",  # power
        "CASE 6.A.1 x\nPHASE S1901M\nUNITS\n  ENGLAND: F\nAFTER\nEND\n",  # odd list
        "CASE 6.A.1 x\nPHASE S1901M\nUNITS\n  ENGLAND: X NTH\nAFTER\nEND\n",  # unit type
        "CASE 6.A.1 x\nPHASE S1901M\nUNITS\nORDERS\nEND\n",  # no AFTER
        "CASE 6.A.1 x\nPHASE S1901X\nAFTER\nEND\n",  # phase
        "CASE 6.A.1 x\nPHASE S1901M\nAFTER\n",  # no END
        "CASE 6.A.1 x\nPHASE S1901M\nNEXT PHASE S1901R\nUNITS\nAFTER\nEND\n",  # UNITS late
    ],
)
def test_parse_errors(bad):
    with pytest.raises(FormatError):
        parse_text(bad)


def test_committed_files_parse_and_count():
    cases = load_all()
    g = grouped(cases)
    per = {}
    for n in g:
        per.setdefault(n.split(".")[1], set()).add(n)
    assert {s: len(v) for s, v in per.items()} == SECTION_COUNTS
    assert len(g) == 164
    for c in cases:
        assert c.steps[0].phase in ("S1901M", "W1901A"), c.number
        if c.steps[0].phase == "W1901A":
            assert c.centers is not None, c.number
        for st in c.steps[1:]:
            assert st.phase == "S1901R", c.number
        # every ordered unit of the movement phase exists or is meant not to (6.A.6)
        units = {(p, u.split()[1].split("/")[0]) for p, lst in c.units.items() for u in lst}
        if c.steps[0].phase == "S1901M":
            missing = [o for o in c.steps[0].orders if (o.power, o.order.split()[1].split("/")[0]) not in units]
            assert all(c.number == "6.A.6" for _ in missing), (c.number, missing)
