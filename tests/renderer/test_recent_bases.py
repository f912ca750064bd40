"""A tinted board started from one drawn before (issue 24: renderer.draw._RecentBases) is
the same picture, pixel for pixel, as the board drawn whole: on the full map and on a front
crop, when units moved into other provinces, centres changed hands, a power was eliminated,
and under Fog of War; and the maps of a phase drawn after other phases are the same PNGs."""

from __future__ import annotations

import pytest
from PIL import ImageChops

from renderer import View, render_many
from renderer import draw as draw_module
from renderer.layers import geometry
from renderer.scene import scene_from_objects

SPRING = {
    "phase": "S1901M",
    "units": {
        "FRANCE": ["A PAR", "A MAR", "F BRE"],
        "GERMANY": ["A BER", "A MUN", "F KIE"],
        "RUSSIA": ["A WAR", "A MOS", "F SEV", "F STP/SC"],
    },
    "centers": {
        "FRANCE": ["PAR", "MAR", "BRE"],
        "GERMANY": ["BER", "MUN", "KIE"],
        "RUSSIA": ["WAR", "MOS", "SEV", "STP"],
    },
}
FALL = {  # units moved into non-centre provinces (their faint tints change)
    "phase": "F1901M",
    "units": {
        "FRANCE": ["A BUR", "A SPA", "F MAO"],
        "GERMANY": ["A KIE", "A RUH", "F DEN"],
        "RUSSIA": ["A GAL", "A UKR", "F BLA", "F BOT"],
    },
    "centers": SPRING["centers"],
}
LATER = {  # centres changed hands, Germany gone
    "phase": "S1903M",
    "units": {"FRANCE": ["A MUN", "A BEL", "F ENG"], "RUSSIA": ["A BER", "A SIL", "F SWE"]},
    "centers": {
        "FRANCE": ["PAR", "MAR", "BRE", "BEL", "MUN", "SPA"],
        "RUSSIA": ["WAR", "MOS", "SEV", "STP", "BER", "SWE"],
    },
}


def whole(scene, frame, size):
    draw_module.BASES.clear()
    return draw_module.base_image(geometry(frame.scale), scene, frame, size)


@pytest.mark.parametrize("fog", [None, "FRANCE"])
@pytest.mark.parametrize(
    "frame,size", [(draw_module.FULL, None), (draw_module.Frame(1.5, 300, 450), (700, 900))], ids=["board", "crop"]
)
def test_a_board_started_from_another_is_the_board_drawn_whole(fog, frame, size, monkeypatch):
    scenes = [scene_from_objects(p, fog=fog) for p in (SPRING, FALL, LATER, SPRING)]
    expected = [whole(s, frame, size) for s in scenes]
    draw_module.BASES.clear()
    repainted = []
    repaint = draw_module._repaint
    monkeypatch.setattr(draw_module, "_repaint", lambda *a: repainted.append(a[3]) or repaint(*a))
    started = [draw_module.base_image(geometry(frame.scale), s, frame, size) for s in scenes]
    for i, (a, b) in enumerate(zip(expected, started, strict=True)):
        assert a.size == b.size
        assert ImageChops.difference(a, b).getbbox() is None, f"scene {i} differs"
    # the later scenes were started from kept boards, not drawn whole (the case under test)
    assert len(set(repainted)) > 10


def test_the_maps_of_a_phase_are_the_same_pngs_after_other_phases():
    views = (View("en"), View("ru"), View("en", front=("FRANCE",)))
    draw_module.BASES.clear()
    alone = render_many(FALL, views=views)
    draw_module.BASES.clear()
    render_many(SPRING, views=views)
    render_many(LATER, views=views)
    assert render_many(FALL, views=views) == alone


def test_a_board_drawn_again_is_not_kept_twice(monkeypatch):
    """The same board drawn again (a phase's maps in several languages, a map asked for
    again) moves the kept board to the newest place: it does not push out the others, so a
    board drawn before them is still started from, with nothing to paint again."""
    geo = geometry()
    spring, fall = (scene_from_objects(p) for p in (SPRING, FALL))
    draw_module.BASES.clear()
    expected = whole(fall, draw_module.FULL, None)
    draw_module.BASES.clear()
    for scene in (fall, spring, spring, spring, spring):
        draw_module.base_image(geo, scene)
    repainted = []
    repaint = draw_module._repaint
    monkeypatch.setattr(draw_module, "_repaint", lambda *a: repainted.append(a[3]) or repaint(*a))
    again = draw_module.base_image(geo, fall)
    assert repainted == []
    assert ImageChops.difference(expected, again).getbbox() is None
