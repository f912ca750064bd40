"""Army and fleet tokens differ in silhouette, not only in detail, at the 12-16 px a phone
shows them; and they stay inside the token box that labels keep clear of."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops

from renderer import style
from renderer.draw import Sketch, unit_token

ANCHOR = (60.0, 45.0)


def _silhouette(kind: str, width_px: int) -> Image.Image:
    """The token in one dark colour on white (its white edge vanishes), drawn at the board's
    size and shrunk as a phone shrinks the map, so that it is `width_px` wide: dark pixels."""
    big = Image.new("RGB", (120, 90), (255, 255, 255))
    sk = Sketch()
    unit_token(sk, kind, ANCHOR, style.OUTLINE)
    sk.stamp(big)
    f = width_px / (2 * style.UNIT_HALF_W)
    small = big.resize((round(120 * f), round(90 * f)), Image.Resampling.LANCZOS)
    return small.convert("L").point(lambda v: 255 if v < 128 else 0)


def _rows(mask: Image.Image) -> list[int]:
    """The width of each row of the silhouette that has any (top to bottom)."""
    out = []
    for y in range(mask.height):
        xs = [x for x in range(mask.width) if mask.getpixel((x, y))]
        if xs:
            out.append(max(xs) - min(xs) + 1)
    return out


@pytest.mark.parametrize("width_px", [12, 14, 16])
def test_army_and_fleet_silhouettes_differ(width_px):
    army, fleet = _silhouette("A", width_px), _silhouette("F", width_px)
    inter = ImageChops.multiply(army, fleet).histogram()[255]
    union = ImageChops.lighter(army, fleet).histogram()[255]
    # The former tank and ship overlapped by 65-82 % at these sizes (intersection over union).
    assert inter / union <= 0.6, inter / union


@pytest.mark.parametrize("width_px", [12, 14, 16, 20])
def test_army_stands_on_a_flat_base_and_fleet_on_a_keel(width_px):
    army, fleet = _rows(_silhouette("A", width_px)), _rows(_silhouette("F", width_px))
    # the army's bottom row (its track) is about its widest; the fleet narrows to its keel
    assert army[-1] >= 0.8 * max(army), army
    assert fleet[-1] <= 0.66 * max(fleet), fleet


@pytest.mark.parametrize("kind", ["A", "F"])
def test_tokens_stay_in_the_token_box(kind):
    sk = Sketch()
    unit_token(sk, kind, ANCHOR, style.unit_colour("FRANCE"))
    sk.stamp(img := Image.new("RGB", (120, 90), (0, 0, 0)))
    x0, y0, x1, y1 = img.getbbox()
    x, y = ANCHOR
    assert x - style.UNIT_HALF_W - 1 <= x0 and x1 <= x + style.UNIT_HALF_W + 1
    assert y - style.UNIT_UP - 1 <= y0 and y1 <= y + style.UNIT_DOWN + 1
