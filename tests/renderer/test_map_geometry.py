"""The board geometry asset: complete, consistent with the rules' adjacency, no overlaps."""

from __future__ import annotations

import pytest
from map_geometry_tools import drawn_adjacency, overlapping_pixels, point_in_polygons

from renderer.board import load_board

CODES = (
    "ADR AEG ALB ANK APU ARM BAL BAR BEL BER BLA BOH BOT BRE BUD BUL BUR CLY CON DEN EAS EDI "
    "ENG FIN GAL GAS GRE HEL HOL ION IRI KIE LON LVN LVP LYO MAO MAR MOS MUN NAF NAO NAP NTH "
    "NWG NWY PAR PIC PIE POR PRU ROM RUH RUM SER SEV SIL SKA SMY SPA STP SWE SYR TRI TUN TUS "
    "TYR TYS UKR VEN VIE WAL WAR WES YOR"
).split()

# Pairs the rules make adjacent although the drawing shows no shared border, or the other
# way round. Empty today: the Danish straits are drawn as part of Denmark (the rules'
# Denmark-Sweden link, and no Baltic-Skagerrak link), Constantinople's polygon reaches both
# the Aegean and the Black Sea, and Kiel touches Heligoland Bight and the Baltic by itself.
ALLOWED_DIFFERENCES: set[frozenset[str]] = set()


@pytest.fixture(scope="module")
def board():
    return load_board()


def test_all_75_provinces_present(board):
    assert sorted(board.provinces) == sorted(CODES)
    assert len(CODES) == 75


def test_every_anchor_inside_its_province(board):
    for code, prov in board.provinces.items():
        points = {"label": prov.label, "unit": prov.unit, "dislodged": prov.dislodged}
        if prov.sc is not None:
            points["sc"] = prov.sc
        points.update({f"coast {c}": p for c, p in prov.coasts})
        for what, (x, y) in points.items():
            assert point_in_polygons(board, code, x, y), f"{code} {what} anchor {x, y} is outside"


def test_split_coasts_have_fleet_anchors(board):
    assert {c for c, _ in board.provinces["STP"].coasts} == {"NC", "SC"}
    assert {c for c, _ in board.provinces["SPA"].coasts} == {"NC", "SC"}
    assert {c for c, _ in board.provinces["BUL"].coasts} == {"EC", "SC"}


def test_no_province_overlaps_another(board):
    assert overlapping_pixels(board) == {}


def test_drawn_borders_equal_the_rules_adjacency(board):
    engine_map = pytest.importorskip("engine.map")
    standard = engine_map.STANDARD
    rules = {frozenset((a, b)) for a in standard.provinces for b in standard.adjacent_provinces(a)}
    drawn = drawn_adjacency(board)
    missing = {tuple(sorted(p)) for p in rules - drawn - ALLOWED_DIFFERENCES}
    extra = {tuple(sorted(p)) for p in drawn - rules - ALLOWED_DIFFERENCES}
    assert not missing, f"adjacent in the rules, no shared border drawn: {sorted(missing)}"
    assert not extra, f"shared border drawn, not adjacent in the rules: {sorted(extra)}"
