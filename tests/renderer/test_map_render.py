"""Rendering: valid PNG of the documented size, owner colours where expected, every order
and result kind drawn without error, thread safety. No golden images (encoders differ)."""

from __future__ import annotations

import io
from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image

from renderer import render, render_image, style
from renderer.board import load_board
from renderer.scene import drawn_order as parse_order
from tests.renderer.scenes import START


def png_image(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


@pytest.fixture(scope="module")
def board():
    return load_board()


def test_full_map_is_a_png_of_the_documented_size(board):
    img = png_image(render(START, game_name="Test"))
    assert img.size == (board.width, board.height + style.LEGEND_HEIGHT)


def test_owner_colour_at_province_points(board):
    img = render_image(START).convert("RGB")
    # A point of the province away from units, marks and labels: the unit anchor of an empty
    # province shows the plain tint; in an owned centre, sample beside the label.
    for code, power in (("BUD", "AUSTRIA"), ("MOS", "RUSSIA"), ("SMY", "TURKEY"), ("BRE", "FRANCE")):
        x, y = board.provinces[code].label
        pixel = img.getpixel((int(x) - 28, int(y) + 2))
        assert max(abs(a - b) for a, b in zip(pixel, style.tint(power))) <= 12, (code, pixel)
    x, y = board.provinces["GAS"].unit
    assert max(abs(a - b) for a, b in zip(img.getpixel((int(x), int(y))), style.NEUTRAL_LAND)) <= 12


EVERY_KIND = {
    "phase": "F1901M",
    "units": START["units"],
    "centers": START["centers"],
}
ORDERS = [
    ("FRANCE", "A PAR - BUR", True, "ok"),
    ("FRANCE", "A MAR S A PAR - BUR", True, "ok"),
    ("FRANCE", "F BRE - MAO", False, "bounce"),
    ("GERMANY", "A MUN - BUR", False, "bounce"),
    ("GERMANY", "A BER S A MUN", False, "cut"),
    ("GERMANY", "F KIE H", False, "dislodged"),
    ("ENGLAND", "F LON - NTH", True, "ok"),
    ("ENGLAND", "F EDI C A LVP - NWY", False, "void"),
    ("ENGLAND", "A LVP - NWY VIA", False, "no_convoy"),
    ("ITALY", "A VEN H", True, "ok"),
    ("ITALY", "A ROM - XYZ", False, "illegal"),
    ("ITALY", "nonsense order", False, "unparsed"),
    ("RUSSIA", "F STP/SC - BOT", True, "ok"),
    ("RUSSIA", "A WAR - GAL", False, "bounce"),
    ("TURKEY", "A SMY S F ANK", True, "ok"),
    ("TURKEY", "F ANK - BLA", False, "bounce"),
    ("AUSTRIA", "F TRI - ALB", True, "ok"),
    ("AUSTRIA", "A VIE - GAL", False, "bounce"),
    ("AUSTRIA", "A BUD H", False, "no_unit"),
    ("AUSTRIA", "A BUD H", False, "duplicate"),
]


def test_every_order_and_result_kind_draws():
    results = {
        "phase": "F1901M",
        "orders": [{"power": p, "order": o, "ok": ok, "result": r} for p, o, ok, r in ORDERS],
        "destroyed": ["GERMANY F KIE"],
    }
    png_image(render(EVERY_KIND, results=results, game_name="Kinds"))


def test_retreats_and_adjustments_draw():
    retreat = {
        "phase": "F1901R",
        "units": {"FRANCE": ["A BUR"]},
        "dislodged": {
            "GERMANY": {"A MUN": ["KIE", "RUH"]},
            "ITALY": {"F ION": ["TUN"]},
            "RUSSIA": {"F STP/SC": ["BOT"]},
        },
        "centers": START["centers"],
    }
    results = {
        "phase": "F1901R",
        "orders": [
            {"power": "GERMANY", "order": "A MUN R RUH", "ok": True, "result": "ok"},
            {"power": "ITALY", "order": "F ION R TUN", "ok": False, "result": "bounce"},
            {"power": "RUSSIA", "order": "F STP/SC D", "ok": True, "result": "ok"},
        ],
        "destroyed": ["ITALY F ION", "RUSSIA F STP/SC"],
    }
    png_image(render(retreat, results=results))
    adjust = {
        "phase": "W1901A",
        "units": {"FRANCE": ["A BUR", "F MAO"], "GERMANY": ["A MUN"]},
        "centers": START["centers"],
        "orders": {"FRANCE": ["F BRE B", "A PAR B"], "GERMANY": ["A MUN D", "WAIVE"], "RUSSIA": ["F STP/NC B"]},
    }
    png_image(render(adjust))


def test_front_crop_is_smaller_and_valid(board):
    img = png_image(render(START, front="FRANCE"))
    assert img.width < board.width and img.height < board.height


def test_renders_from_threads_agree():
    with ThreadPoolExecutor(max_workers=4) as pool:
        outputs = list(pool.map(lambda _: render(START), range(4)))
    assert len(set(outputs)) == 1


def test_orders_are_read_by_the_engine_parser():
    assert parse_order("FRANCE", "A PAR - BUR").kind == "move"
    via = parse_order("ENGLAND", "A LON - BEL VIA")
    assert via.via_convoy and via.target == "BEL"
    sup = parse_order("FRANCE", "A MAR S A PAR - BUR")
    assert sup.kind == "support" and sup.other.province == "PAR" and sup.target == "BUR"
    assert parse_order("RUSSIA", "F STP/NC B").unit.coast == "NC"
    assert parse_order("ENGLAND", "F NTH C A LON - NWY").kind == "convoy"
    assert parse_order("FRANCE", "A BUR R PAR").kind == "retreat"
    assert parse_order("GERMANY", "WAIVE").kind == "waive"
    assert parse_order("GERMANY", "gibberish").kind == "unreadable"


def test_cli_renders_an_output_object(tmp_path):
    import json

    from renderer.__main__ import main

    out = {
        "phase": "S1901M",
        "orders": [
            {"power": "FRANCE", "order": "A PAR - BUR", "ok": True, "result": "ok"},
            {"power": "GERMANY", "order": "A MUN - BUR", "ok": False, "result": "bounce"},
        ],
        "destroyed": [],
        "next": {"phase": "F1901M", "units": {}, "centers": {}, "dislodged": {}},
        "winner": None,
    }
    src = tmp_path / "out.json"
    src.write_text(json.dumps(out))
    assert main([str(src), "-o", str(tmp_path / "map.png")]) == 0
    png_image((tmp_path / "map.png").read_bytes())


def test_retreat_phase_reads_a_dash_as_a_retreat():
    from engine.phase import PhaseKind

    assert parse_order("GERMANY", "A MUN - RUH", phase=PhaseKind.RETREAT).kind == "retreat"
    assert parse_order("GERMANY", "a mun -> ruh").target == "RUH"  # any form the engine reads


def test_malformed_position_raises_a_clear_value_error():
    with pytest.raises(ValueError, match="two units in PAR"):
        render({"phase": "S1901M", "units": {"FRANCE": ["A PAR"], "GERMANY": ["A PAR"]}})
