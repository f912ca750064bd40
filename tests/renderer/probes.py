"""Probes of what a map shows, read from its pixels as a player sees them (a support
module: the renderer's tests and the bot's tests that look at posted maps use it).

A picture is probed at board points (``renderer/assets`` geometry: a province's unit
anchor, the line between two anchors): a unit's token is the power's unit colour in the
token's box at its province, an order arrow is the power's colour along the line it
follows, the mark of a failed order is the failure red near the order. A front crop is the
board cut around some powers and drawn larger; :class:`Picture` maps board points onto it
the way the renderer places its crop (``renderer.render.front_box`` at ``FRONT_SCALE``).
Colours are compared with a tolerance: PNGs are written with a palette.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from PIL import Image

from renderer import style
from renderer.layers import geometry
from renderer.render import front_box, make_scene

Point = tuple[float, float]
TOLERANCE = 24  # per channel: the palette moves a colour by a few units, never this far
#: A unit token covers a few hundred pixels of its colour at full scale (measured: 186-302
#: for the standard map's armies and fleets); a supply centre's dot, the only other shape in
#: the owner's unit colour, lies outside the token's box and would be under 100.
TOKEN_PIXELS = 100


@dataclass(frozen=True)
class Picture:
    """A map as pixels, and where the board lies on it."""

    image: Image.Image  # RGB
    scale: float = 1.0
    x0: int = 0
    y0: int = 0
    board_height: int = 0  # the board's part of the picture (the legend strip is below it)

    @classmethod
    def of(
        cls,
        picture: bytes | Image.Image,
        position: Mapping | None = None,
        orders: object = None,
        front: Iterable[str] = (),
    ) -> Picture:
        """A PNG (or image) of the whole board, or of the crop around ``front``'s powers in
        ``position`` (the crop's place depends on where their units stand)."""
        if isinstance(picture, bytes):
            assert picture[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
            picture = Image.open(io.BytesIO(picture))
        image = picture.convert("RGB")
        powers = tuple(front)
        if not powers:
            return cls(image, board_height=geometry().board.height)
        assert position is not None, "a crop's place depends on the position"
        box = front_box(make_scene(position, orders), powers)
        s = style.FRONT_SCALE
        return cls(image, s, round(box[0] * s), round(box[1] * s), round((box[3] - box[1]) * s))

    def at(self, p: Point) -> tuple[float, float]:
        return (p[0] * self.scale - self.x0, p[1] * self.scale - self.y0)

    def shows(self, p: Point, margin: float = 0) -> bool:
        """Whether a board point (and ``margin`` board px around it) is on the picture."""
        x, y = self.at(p)
        m = margin * self.scale
        return m <= x < self.image.width - m and m <= y < self.board_height - m

    def count(self, box: tuple[float, float, float, float], colour: tuple[int, int, int]) -> int:
        """Pixels of ``colour`` inside a box of board px (x0, y0, x1, y1)."""
        x0, y0 = self.at(box[:2])
        x1, y1 = self.at(box[2:])
        crop = self.image.crop((max(0, math.floor(x0)), max(0, math.floor(y0)), math.ceil(x1), math.ceil(y1)))
        near = [
            Image.eval(band, lambda v, c=c: 255 if abs(v - c) <= TOLERANCE else 0)
            for band, c in zip(crop.split(), colour)
        ]
        both = Image.eval(Image.merge("RGB", near).convert("L"), lambda v: 255 if v == 255 else 0)
        return both.histogram()[255]

    def has_near(self, p: Point, colour: tuple[int, int, int], radius: float = 2.5) -> bool:
        return self.count((p[0] - radius, p[1] - radius, p[0] + radius, p[1] + radius), colour) > 0


def anchor(province: str, coast: str | None = None) -> Point:
    """Where a unit stands in a province (board px)."""
    return geometry().board.provinces[province].unit_anchor(coast)


def token_box(p: Point) -> tuple[float, float, float, float]:
    return (p[0] - style.UNIT_HALF_W, p[1] - style.UNIT_UP, p[0] + style.UNIT_HALF_W, p[1] + style.UNIT_DOWN)


def token_pixels(picture: Picture, power: str, province: str, coast: str | None = None) -> int:
    """Pixels of the power's unit colour in the token's box at the province."""
    return picture.count(token_box(anchor(province, coast)), style.unit_colour(power))


def has_token(picture: Picture, power: str, province: str, coast: str | None = None) -> bool:
    return token_pixels(picture, power, province, coast) >= TOKEN_PIXELS


def along(a: Point, b: Point, start: float = 0.3, end: float = 0.55, steps: int = 12) -> list[Point]:
    """Points on the line from a to b, from ``start`` to ``end`` of the way (an order's
    shaft lies there: it starts a gap away from the unit and stops short of the target)."""
    return [
        (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
        for t in (start + (end - start) * i / (steps - 1) for i in range(steps))
    ]


def arrow_coverage(picture: Picture, power: str, source: str, target: str) -> float:
    """How much of the line from the unit in ``source`` to ``target`` shows the power's
    colour (a label may lie over a bit of an arrow: names stay readable)."""
    points = along(anchor(source), anchor(target))
    return sum(picture.has_near(p, style.unit_colour(power)) for p in points) / len(points)


def between(a: Point, b: Point, pad: float = 14) -> tuple[float, float, float, float]:
    return (min(a[0], b[0]) - pad, min(a[1], b[1]) - pad, max(a[0], b[0]) + pad, max(a[1], b[1]) + pad)


def failure_red(picture: Picture, box: tuple[float, float, float, float]) -> int:
    """Pixels of the failure mark's red in a box of board px."""
    return picture.count(box, style.FAIL)


def red_of_move(picture: Picture, source: str, target: str) -> int:
    """The failure red on a move's way from ``source`` towards ``target`` (its cross is drawn
    where the arrow ends)."""
    return failure_red(picture, between(anchor(source), anchor(target)))


def red_around(picture: Picture, province: str) -> int:
    """The failure red on and around the unit in a province (a dislodged unit's ring)."""
    x0, y0, x1, y1 = token_box(anchor(province))
    return failure_red(picture, (x0 - 6, y0 - 12, x1 + 6, y1 + 6))
