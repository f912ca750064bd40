"""A front crop is drawn from its own area only (issue 13): its base is cut from the board
at the crop's scale (never from a drawing of the whole board), and nothing lying outside
it (labels, centres, units of the rest of the board) is pasted at all."""

from __future__ import annotations

import importlib

from PIL import Image

from renderer import render_views, style, warm_up
from renderer.layers import geometry
from renderer.render import front_box, make_scene
from tests.renderer.scenes import POSITION

render_module = importlib.import_module("renderer.render")  # (``renderer.render`` is also a function)
ORDERS = {"FRANCE": ["A PAR - BUR", "F MAO - POR"], "TURKEY": ["F BLA - RUM", "A CON - BUL"]}


def test_a_crop_draws_only_its_area(monkeypatch):
    warm_up()  # the static layers and the palette (drawn from a full sample once per process)
    drawn: list[tuple[int, int]] = []
    under = render_module.draw_under

    def spy_under(geo, scene, frame, size=None):
        drawn.append(size or geo.index.size)
        return under(geo, scene, frame, size)

    pasted: list[tuple[tuple[int, int], tuple[int, int, int, int]]] = []
    paste = Image.Image.paste

    def spy_paste(self, im, box=None, mask=None):
        if isinstance(im, Image.Image) and isinstance(box, tuple) and len(box) == 2:
            pasted.append((self.size, (box[0], box[1], box[0] + im.width, box[1] + im.height)))
        return paste(self, im, box, mask)

    monkeypatch.setattr(render_module, "draw_under", spy_under)
    monkeypatch.setattr(Image.Image, "paste", spy_paste)
    png = render_views(POSITION, ORDERS, fronts=("FRANCE",))["FRANCE"]
    assert png[:8] == b"\x89PNG\r\n\x1a\n"

    x0, y0, x1, y1 = front_box(make_scene(POSITION, ORDERS), ("FRANCE",))
    scale = style.FRONT_SCALE
    [size] = drawn  # drawn once, at the crop's size, not the board's
    assert abs(size[0] - (x1 - x0) * scale) <= 1 and abs(size[1] - (y1 - y0) * scale) <= 1
    whole = geometry(scale).index.size
    assert size[0] * size[1] < whole[0] * whole[1] / 4
    # every patch pasted onto the crop touches it: nothing of the rest of the board is drawn
    on_crop = [box for canvas, box in pasted if canvas == size]
    assert on_crop, "labels, centres and units of the crop were pasted"
    for bx0, by0, bx1, by1 in on_crop:
        assert bx0 < size[0] and by0 < size[1] and bx1 > 0 and by1 > 0, (bx0, by0, bx1, by1)
