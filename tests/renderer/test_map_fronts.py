"""Front crops (one power or several) hold every unit of their powers, drawn larger with
labels that stay legible at phone width; one scene is finished in several languages from
one drawing; the command line takes the label set."""

from __future__ import annotations

import io
import json

import pytest
from PIL import Image

from renderer import View, front_groups, render_image, render_many, render_views, style, warm_up
from renderer.__main__ import main
from renderer.layers import geometry, token_box
from renderer.render import front_box, front_label_size, make_scene
from tests.renderer.scenes import POSITION

SCENE = make_scene(POSITION)
FRONTS = [("FRANCE",), ("ENGLAND", "FRANCE"), ("RUSSIA", "ITALY"), ("TURKEY", "RUSSIA", "ITALY", "ENGLAND")]


def _inside(inner, outer) -> bool:
    return outer[0] <= inner[0] and outer[1] <= inner[1] and inner[2] <= outer[2] and inner[3] <= outer[3]


@pytest.mark.parametrize("powers", FRONTS, ids="+".join)
def test_a_front_holds_every_unit_of_its_powers(powers):
    board = geometry().board
    box = front_box(SCENE, powers)
    for u in SCENE.units:
        if u.power in powers:
            assert _inside(token_box(board.provinces[u.province].unit_anchor(u.coast)), box), u
    for u in SCENE.dislodged:  # a retreat phase is about the dislodged units
        if u.power in powers:
            assert _inside(token_box(board.provinces[u.province].dislodged, style.DISLODGED_SCALE), box), u
    assert box[2] - box[0] >= style.FRONT_MIN_SIZE[0] and box[3] - box[1] >= style.FRONT_MIN_SIZE[1]
    assert 0 <= box[0] and 0 <= box[1] and box[2] <= board.width and box[3] <= board.height


def test_a_front_of_several_powers_is_one_crop_around_them_all():
    union = front_box(SCENE, ("ENGLAND", "FRANCE"))
    for power in ("ENGLAND", "FRANCE"):
        single = front_box(SCENE, power)
        assert union[0] <= single[0] + style.FRONT_MARGIN and single[2] - style.FRONT_MARGIN <= union[2]
    assert front_box(SCENE, ("france", "ENGLAND", "FRANCE")) == union  # order and case do not matter
    board = geometry().board
    austria = front_box(SCENE, "AUSTRIA")  # no units: around its centres
    assert all(_inside(token_box(board.provinces[c].unit), austria) for c in ("VIE", "BUD", "TRI"))
    assert front_box(SCENE, "NOBODY") == (0, 0, board.width, board.height)  # nothing: the whole board


def test_neighbouring_powers_share_a_crop_and_distant_ones_get_their_own():
    assert front_groups(SCENE, ["ENGLAND", "FRANCE"]) == (("ENGLAND", "FRANCE"),)
    assert front_groups(SCENE, ["RUSSIA", "ITALY"]) == (("RUSSIA",), ("ITALY",))
    everyone = ["ENGLAND", "FRANCE", "RUSSIA", "ITALY", "TURKEY"]
    groups = front_groups(POSITION, everyone)
    assert sorted(p for g in groups for p in g) == sorted(everyone)
    for group in groups:
        x0, y0, x1, y1 = front_box(SCENE, group)
        assert len(group) == 1 or x1 - x0 <= style.FRONT_LEGIBLE_WIDTH


def test_warm_up_takes_languages_and_refuses_unknown_ones():
    warm_up(("ru",))
    with pytest.raises(ValueError):
        warm_up(("xx",))


def test_a_front_is_drawn_larger_with_labels_legible_at_phone_width():
    box = front_box(SCENE, "FRANCE")
    img = render_image(SCENE, front="FRANCE")
    assert img.width == round((box[2] - box[0]) * style.FRONT_SCALE)
    for width in (520, 650, 800):
        size = front_label_size(width)
        assert size * style.PHONE_WIDTH / width >= style.PHONE_LABEL_PX  # as tall at 400 px wide
    assert front_label_size(3000) == style.FRONT_LABEL_MAX


def test_render_views_keys_are_the_fronts_as_given():
    fronts = (None, "FRANCE", ("ENGLAND", "FRANCE"))
    out = render_views(SCENE, fronts=fronts, language="ru", labels="latin")
    assert set(out) == set(fronts)
    sizes = {f: Image.open(io.BytesIO(png)).size for f, png in out.items()}
    assert sizes[None][0] == 1600 and sizes["FRANCE"][0] < sizes[("ENGLAND", "FRANCE")][0] < 1600 * 1.5


def test_one_scene_in_several_languages_shares_its_drawing():
    views = [View("en"), View("bg"), View("ru"), View("ru", "latin"), View("es", front=("ITALY",))]
    out = render_many(SCENE, views=views)
    assert set(out) == set(views) and len(set(out.values())) == len(views)
    alone = render_image(SCENE, language="bg")
    shared = Image.open(io.BytesIO(out[View("bg")])).convert("RGB")
    # the same picture as drawn on its own (up to the palette of the PNG)
    diff = sum(abs(a - b) for a, b in zip(alone.resize((200, 198)).tobytes(), shared.resize((200, 198)).tobytes()))
    assert diff / (200 * 198 * 3) < 4


def test_cli_takes_the_label_set(tmp_path):
    src = tmp_path / "pos.json"
    src.write_text(json.dumps({"phase": "S1901M", "units": {"RUSSIA": ["A MOS"]}}))
    pictures = {}
    for extra in ([], ["--labels", "latin"], ["--labels", "cyrillic"]):
        out = tmp_path / f"map{len(pictures)}.png"
        assert main([str(src), "-o", str(out), "--language", "ru", *extra]) == 0
        pictures[tuple(extra)] = out.read_bytes()
    assert pictures[()] == pictures[("--labels", "cyrillic")] != pictures[("--labels", "latin")]
    assert main([str(src), "-o", str(tmp_path / "x.png"), "--language", "bg", "--labels", "latin"]) == 2
    assert main([str(src), "-o", str(tmp_path / "x.png"), "--labels", "greek"]) == 2
