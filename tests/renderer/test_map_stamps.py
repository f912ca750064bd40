"""Cached unit tokens and supply centres look like the shapes drawn in place, and clip at
the board's edge."""

from __future__ import annotations

from PIL import Image, ImageChops

from renderer import style
from renderer.draw import Sketch, _centre, paste_patch, stamp_cached, unit_token


def _max_diff(a: Image.Image, b: Image.Image) -> int:
    return max(hi for _, hi in ImageChops.difference(a, b).getextrema())


def test_cached_token_matches_the_token_drawn_in_place():
    colour = style.unit_colour("FRANCE")
    for kind in ("A", "F"):
        for c in ((100.0, 80.0), (100.5, 80.5)):  # on the supersampling grid: no shift
            drawn = Image.new("RGB", (200, 160), style.NEUTRAL_LAND)
            sk = Sketch()
            unit_token(sk, kind, c, colour)
            sk.stamp(drawn)
            pasted = Image.new("RGB", (200, 160), style.NEUTRAL_LAND)
            stamp_cached(pasted, ("test-unit", kind, colour), c, lambda s, p, kind=kind: unit_token(s, kind, p, colour))
            assert _max_diff(drawn, pasted) <= 3


def test_cached_shapes_clip_at_the_edges():
    img = Image.new("RGB", (40, 30), style.SEA)
    for c in ((1.2, 1.7), (39.0, 29.4), (-3.0, 15.0)):
        stamp_cached(img, ("test-sc", None), c, lambda s, p: _centre(s, p, None))
    assert img.getpixel((1, 1)) != style.SEA
    patch = Image.new("RGBA", (10, 10), (255, 0, 0, 255))
    paste_patch(img, patch, (-20, 5))  # wholly outside: nothing happens
    paste_patch(img, patch, (-5, -5))
    assert img.getpixel((0, 0)) == (255, 0, 0) and img.getpixel((5, 5)) != (255, 0, 0)
