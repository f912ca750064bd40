"""Fog of War maps (renderer.scene.fogged): provinces out of the viewer's sight are greyed
with nothing drawn in them; what it sees is drawn as usual. Pixels are probed at province
points away from labels; the sight is recomputed from the map's edges, not by the
renderer."""

from __future__ import annotations

import pytest

from engine import STANDARD, Location
from renderer import render_image, style
from renderer.board import load_board
from renderer.scene import scene_from_objects
from tests.renderer.scenes import START


def close(pixel, colour, tolerance=14) -> bool:
    return max(abs(a - b) for a, b in zip(pixel[:3], colour)) <= tolerance


def sight(power: str) -> set[str]:
    homes = {c for c in START["centers"][power]}
    units = {u.split()[1].split("/")[0] for u in START["units"][power]}
    seen = set(homes | units)
    for p in homes | units:
        seen |= set(STANDARD.army_neighbours(p))
        prov = STANDARD.provinces[p]
        for coast in prov.coasts or [None]:
            seen |= {n.province for n in STANDARD.fleet_neighbours(Location(p, coast))}
    return seen


@pytest.fixture(scope="module")
def board():
    return load_board()


@pytest.mark.parametrize("language", ["en", "es", "ru", "bg"])
def test_unseen_provinces_are_grey_and_empty(board, language):
    img = render_image(START, fog="FRANCE", language=language).convert("RGB")
    visible = sight("FRANCE")
    # an empty province in sight keeps the land colour; out of sight it is fog
    for code in ("GAS", "BUR", "PIC"):
        assert code in visible
        x, y = board.provinces[code].unit
        assert close(img.getpixel((int(x), int(y))), style.NEUTRAL_LAND), code
    for code in ("UKR", "SIL", "BOH", "GAL", "SYR"):
        assert code not in visible
        x, y = board.provinces[code].unit
        assert close(img.getpixel((int(x), int(y))), style.FOG_LAND), code
    # foreign units out of sight are not drawn: their anchor shows the fog, not the unit
    for code in ("MUN", "VIE", "MOS", "ANK"):
        x, y = board.provinces[code].unit
        pixel = img.getpixel((int(x), int(y)))
        assert code not in visible and not close(pixel, style.unit_colour(START_OWNER[code]), 30), code
    # a sea out of sight is greyed too; a sea in sight stays blue
    x, y = board.provinces["BLA"].unit
    assert close(img.getpixel((int(x), int(y))), style.FOG_SEA)
    x, y = board.provinces["MAO"].unit
    assert close(img.getpixel((int(x), int(y))), style.SEA, 20)


START_OWNER = {u.split()[1][:3]: p for p, us in START["units"].items() for u in us}


def test_the_viewers_own_centres_keep_their_tint_and_the_rest_is_unchanged_without_fog(board):
    fogged = render_image(START, fog="FRANCE").convert("RGB")
    clear = render_image(START).convert("RGB")
    x, y = board.provinces["BRE"].label
    assert close(fogged.getpixel((int(x) - 28, int(y) + 2)), style.tint("FRANCE"), 12)
    x, y = board.provinces["UKR"].unit
    assert close(clear.getpixel((int(x), int(y))), style.NEUTRAL_LAND)  # the fog is only for fog maps


def test_a_foreign_order_reaching_into_the_dark_is_not_drawn_and_the_scene_keeps_nothing_hidden():
    orders = [
        {"power": "GERMANY", "order": "A MUN - BUR", "ok": False, "result": "bounce"},  # from the dark
        {"power": "FRANCE", "order": "A PAR - BUR", "ok": False, "result": "bounce"},
        {"power": "ENGLAND", "order": "F LON - NTH", "ok": True, "result": "ok"},  # London seen, NTH not
        {"power": "ITALY", "order": "A VEN - PIE", "ok": True, "result": "ok"},  # Venice out of sight
    ]
    scene = scene_from_objects(START, orders, fog="FRANCE")
    visible = sight("FRANCE")
    assert scene.hidden == frozenset(STANDARD.provinces) - visible
    assert [o.text for o in scene.orders] == ["A PAR - BUR"]
    assert all(u.province in visible for u in scene.units)
    assert set(scene.centres) <= visible
    # the public centre counts stay in the legend
    assert dict(scene.supply_centre_counts)["RUSSIA"] == 4


def test_a_unit_in_sight_is_drawn(board):
    position = dict(START, units=dict(START["units"], GERMANY=["A BUR", "A BER", "F KIE"]))
    img = render_image(position, fog="FRANCE").convert("RGB")
    scene = scene_from_objects(position, fog="FRANCE")
    assert any(u.province == "BUR" and u.power == "GERMANY" for u in scene.units)
    assert not any(u.province in ("BER", "KIE") for u in scene.units)
    x, y = board.provinces["BUR"].unit
    # the token's dark outline or the German colour is drawn where the land colour was
    assert not close(img.getpixel((int(x), int(y))), style.NEUTRAL_LAND)
