"""Drawing one scene on top of the cached static layers.

Owns the per-render work: owner tints (a palette swap on the cached index image), supply
centres, unit tokens, orders in the conventions players know, result marks and the legend.
A drawing is a part of the board at a scale (a Frame: the whole board at 1, a front crop
larger); everything is given in board coordinates and scaled when painted. The work is
split where the language comes in: `draw_under` (tints, centres, order lines) is the same
in every language, `draw_over` adds one label set and then the units and result marks on
top, so one scene drawn once can be finished in several languages.
Shapes are anti-aliased cheaply: each order is drawn at SUPERSAMPLE scale on an enlarged copy
of the small part of the board it covers, then reduced back, so no full-size supersampled
layer is needed; unit tokens and supply centres are drawn once per colour, scale and
sub-pixel phase (static cache) and pasted. The board is drawn in RGB.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from engine import wording
from engine.names import NameTable
from renderer import style
from renderer.board import Point
from renderer.layers import CACHE, IMPASSABLE_INDEX, SEA_INDEX, Geometry, Labels, StaticLayers, font, geometry
from renderer.scene import Order, Scene, Unit

Colour = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Frame:
    """Where the board lands on a canvas: canvas px = board px * scale - (x0, y0)."""

    scale: float = 1.0
    x0: int = 0
    y0: int = 0


FULL = Frame()


class Sketch:
    """Shapes in board coordinates, drawn together in one small supersampled patch."""

    __slots__ = ("ops", "box")

    def __init__(self) -> None:
        self.ops: list[tuple] = []
        self.box = [math.inf, math.inf, -math.inf, -math.inf]

    def _grow(self, pts: Iterable[Point], pad: float) -> None:
        b = self.box
        for x, y in pts:
            b[0], b[1] = min(b[0], x - pad), min(b[1], y - pad)
            b[2], b[3] = max(b[2], x + pad), max(b[3], y + pad)

    def line(self, pts: Sequence[Point], colour: Colour, width: float) -> None:
        self._grow(pts, width + 2)
        self.ops.append(("line", list(pts), colour, width))

    def dashed(self, a: Point, b: Point, colour: Colour, width: float, dash: float, gap: float) -> None:
        length = math.dist(a, b)
        if length == 0:
            return
        ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        t = 0.0
        while t < length:
            e = min(t + dash, length)
            self.line([(a[0] + ux * t, a[1] + uy * t), (a[0] + ux * e, a[1] + uy * e)], colour, width)
            t = e + gap

    def polygon(
        self, pts: Sequence[Point], fill: Colour | None, outline: Colour | None = None, width: float = 0
    ) -> None:
        self._grow(pts, width + 2)
        self.ops.append(("polygon", list(pts), fill, outline, width))

    def circle(self, c: Point, r: float, fill: Colour | None, outline: Colour | None = None, width: float = 0) -> None:
        self._grow([c], r + width + 2)
        self.ops.append(("circle", c, r, fill, outline, width))

    def _paint(self, d: ImageDraw.ImageDraw, ox: float, oy: float, scale: float) -> None:
        """Draw the shapes at `scale` times SUPERSAMPLE, the canvas point (ox, oy) (board px
        times scale) at the drawing's origin."""
        k = style.SUPERSAMPLE
        f = scale * k

        def tr(p: Point) -> tuple[float, float]:
            return ((p[0] * scale - ox) * k, (p[1] * scale - oy) * k)

        for op in self.ops:
            if op[0] == "line":
                _, pts, colour, width = op
                w = max(1, round(width * f))
                d.line([tr(p) for p in pts], fill=colour, width=w, joint="curve")
                if w > 3:  # round caps, so thick strokes do not end square
                    for p in (pts[0], pts[-1]):
                        x, y = tr(p)
                        d.ellipse((x - w / 2 + 0.5, y - w / 2 + 0.5, x + w / 2 - 0.5, y + w / 2 - 0.5), fill=colour)
            elif op[0] == "polygon":
                _, pts, fill, outline, width = op
                d.polygon(
                    [tr(p) for p in pts], fill=fill, outline=outline, width=max(1, round(width * f)) if outline else 0
                )
            else:
                _, c, r, fill, outline, width = op
                x, y = tr(c)
                d.ellipse(
                    (x - r * f, y - r * f, x + r * f, y + r * f),
                    fill=fill,
                    outline=outline,
                    width=max(1, round(width * f)) if outline else 0,
                )

    def stamp(self, canvas: Image.Image, frame: Frame = FULL) -> None:
        """Draw onto an RGB canvas, anti-aliased: the covered part of the canvas is enlarged
        SUPERSAMPLE times, drawn on (translucent colours blend) and reduced back. Where no
        shape falls, the reduction gives back the very pixels, so nothing needs compositing."""
        if not self.ops:
            return
        s = frame.scale
        x0 = max(0, math.floor(self.box[0] * s - frame.x0))
        y0 = max(0, math.floor(self.box[1] * s - frame.y0))
        x1 = min(canvas.width, math.ceil(self.box[2] * s - frame.x0))
        y1 = min(canvas.height, math.ceil(self.box[3] * s - frame.y0))
        if x1 <= x0 or y1 <= y0:
            return
        k = style.SUPERSAMPLE
        big = canvas.crop((x0, y0, x1, y1)).resize(((x1 - x0) * k, (y1 - y0) * k), Image.Resampling.NEAREST)
        self._paint(ImageDraw.Draw(big, "RGBA"), x0 + frame.x0, y0 + frame.y0, s)
        canvas.paste(big.reduce(k), (x0, y0))

    def patch(self, scale: float = 1.0) -> tuple[Image.Image, tuple[int, int]]:
        """The shapes alone, anti-aliased on a transparent RGBA patch at `scale`, and where it
        goes (canvas px of an unshifted frame), for patches drawn once and pasted many times."""
        x0, y0 = math.floor(self.box[0] * scale), math.floor(self.box[1] * scale)
        x1, y1 = math.ceil(self.box[2] * scale), math.ceil(self.box[3] * scale)
        k = style.SUPERSAMPLE
        big = Image.new("RGBA", ((x1 - x0) * k, (y1 - y0) * k), (0, 0, 0, 0))
        self._paint(ImageDraw.Draw(big), x0, y0, scale)
        return big.reduce(k), (x0, y0)


def paste_patch(canvas: Image.Image, patch: Image.Image, at: tuple[int, int]) -> None:
    """Blend an RGBA patch onto the RGB canvas at `at`, clipped to the canvas. A patch
    wholly outside (most labels, centres and units when the canvas is a front crop) costs
    nothing: a crop draws only what falls in its own area."""
    x, y = at
    if x >= canvas.width or y >= canvas.height or x + patch.width <= 0 or y + patch.height <= 0:
        return
    if x < 0 or y < 0:
        sx, sy = max(0, -x), max(0, -y)
        patch = patch.crop((sx, sy, patch.width, patch.height))
        x, y = x + sx, y + sy
    if canvas.readonly or canvas.mode != "RGB" or patch.mode != "RGBA":
        canvas.paste(patch, (x, y), patch)
        return
    # What Image.paste does for an RGBA patch on an RGB canvas (the very call), without its
    # checks: a map pastes a few hundred patches (labels, centres, units), and the checks
    # cost about as much as the blending.
    canvas.im.paste(patch.im, (x, y, x + patch.width, y + patch.height), patch.im)


# ---------------------------------------------------------------- geometry helpers


def _towards(a: Point, b: Point, dist: float) -> Point:
    length = math.dist(a, b) or 1.0
    return (a[0] + (b[0] - a[0]) * dist / length, a[1] + (b[1] - a[1]) * dist / length)


def _lerp(a: Point, b: Point, t: float) -> Point:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def _trim(a: Point, b: Point, start: float, end: float) -> tuple[Point, Point]:
    length = math.dist(a, b)
    if length <= start + end + 4:
        mid = _lerp(a, b, 0.5)
        return _towards(mid, a, 2), _towards(mid, b, 2)
    return _towards(a, b, start), _towards(b, a, end)


# ---------------------------------------------------------------- tokens


def _arc(x: float, y: float, s: float, cx: float, cy: float, r: float, a0: float, a1: float, n: int = 8) -> list[Point]:
    """Points of a circular arc (grid units around (x, y), s board px a unit), a0 to a1 degrees."""
    return [
        (
            x + (cx + r * math.cos(math.radians(a0 + (a1 - a0) * i / n))) * s,
            y + (cy + r * math.sin(math.radians(a0 + (a1 - a0) * i / n))) * s,
        )
        for i in range(n + 1)
    ]


def unit_token(sk: Sketch, unit_kind: str, c: Point, fill: Colour, size: float = style.UNIT_SIZE) -> None:
    """An army is a tank, a fleet a warship, and they differ in silhouette, so that they stay
    apart when a phone shows a token 12-16 px wide: the tank is a squat mound on a flat,
    full-width track (widest at the bottom); the ship a hull that narrows to its keel, with
    a pointed bow and a small superstructure (widest at the deck). Chunky shapes with a dark
    outline over a white edge, legible on every tint and over arrows. Drawn on a 30-unit
    grid, within the token box of renderer.style (labels keep clear of it)."""
    s = size / 30.0
    x, y = c

    def pts(*xy: float) -> list[Point]:
        return [(x + xy[i] * s, y + xy[i + 1] * s) for i in range(0, len(xy), 2)]

    if unit_kind == "A":
        track = _arc(x, y, s, -11, 5, 4.5, 90, 270) + _arc(x, y, s, 11, 5, 4.5, 270, 450)
        body = pts(-13.5, 1, 13.5, 1, 10, -4, -10, -4)
        dome = _arc(x, y, s, -1, -4, 7, 180, 360, 10)
        barrel = pts(5, -7, 15.5, -7)
        parts = [("line", barrel), ("poly", track), ("poly", body), ("poly", dome)]
        wheels = [pts(-9 + 6 * i, 5)[0] for i in range(4)]
    else:
        hull = pts(-17.5, 0, 17.8, -2, 3, 7.5, -10, 7.5)
        house = pts(-8, 0, -8, -4, 3, -4, 3, 0)
        funnel = pts(-5, -4, -5, -9, -1, -9, -1, -4)
        parts = [("poly", hull), ("poly", house), ("poly", funnel)]
        wheels = []
    white, o = (255, 255, 255), style.OUTLINE
    for kind, p in parts:  # the white edge, under everything
        if kind == "line":
            sk.line(p, white, 5.6 * s)
        else:
            sk.polygon(p, white)
            sk.line(p + p[:1], white, 4.4 * s)
    for kind, p in parts:
        if kind == "line":
            sk.line(p, o, 3.6 * s)
            sk.line([p[0], _towards(p[1], p[0], 0.9 * s)], fill, 1.4 * s)
        else:
            sk.polygon(p, fill, o, 1.7 * s)
    for w in wheels:
        sk.circle(w, 1.7 * s, o)


def cross(sk: Sketch, c: Point, r: float = 7.0, colour: Colour = style.FAIL) -> None:
    """The mark of a failed order: a red cross with a white edge, readable on any fill."""
    for width, col in ((5.2, (255, 255, 255)), (3.0, colour)):
        sk.line([(c[0] - r, c[1] - r), (c[0] + r, c[1] + r)], col, width)
        sk.line([(c[0] - r, c[1] + r), (c[0] + r, c[1] - r)], col, width)


def arrow(
    sk: Sketch, a: Point, b: Point, colour: Colour, edge: Colour = style.OUTLINE, width: float = style.ARROW_WIDTH
) -> None:
    """A shaft with a head, in the power's colour over a dark edge, so it reads on any tint."""
    head_len, head_w = 4.2 * width, 2.6 * width
    length = math.dist(a, b) or 1.0
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    base = (b[0] - ux * head_len, b[1] - uy * head_len)
    sk.line([a, base], edge, width + 2.4)
    sk.line([a, _towards(base, b, 1)], colour, width)
    nx, ny = -uy, ux
    sk.polygon(
        [b, (base[0] + nx * head_w, base[1] + ny * head_w), (base[0] - nx * head_w, base[1] - ny * head_w)],
        colour,
        edge,
        1.3,
    )


# ---------------------------------------------------------------- the scene


class _Where:
    """Where things stand on this map: unit anchors, also for dislodged units."""

    def __init__(self, scene: Scene, label_boxes: dict[str, tuple[float, float, float, float]] | None = None) -> None:
        geo = geometry()  # board coordinates: the full map's raster tells provinces apart
        self.board = geo.board
        self.index = geo.index
        self.province_index = geo.province_index
        self.label_boxes = label_boxes or {}
        self.units = {u.province: u for u in scene.units}
        self.dislodged = {u.province: u for u in scene.dislodged}

    def unit(self, u: Unit, dislodged: bool = False) -> Point | None:
        prov = self.board.province(u.province)
        if prov is None:
            return None
        if dislodged:
            return prov.dislodged
        return prov.unit_anchor(u.coast)

    def target(self, province: str, coast: str | None = None) -> Point | None:
        prov = self.board.province(province)
        return prov.unit_anchor(coast) if prov else None

    def clear_of_label(self, a: Point, p: Point, province: str) -> Point:
        """p, or a point back towards a where a failure cross no longer hides the label."""
        box = self.label_boxes.get(province.upper())
        if box is None:
            return p
        r = 8
        for _ in range(12):
            if not (box[0] - r < p[0] < box[2] + r and box[1] - r < p[1] < box[3] + r):
                return p
            p = _towards(p, a, 4)
        return p

    def move_end(self, a: Point, province: str, coast: str | None = None) -> Point | None:
        """Where a move from `a` into a province ends: at the unit anchor there, or, when
        the anchor lies far inside a big province (a sea), a fixed way past its border, so
        that arrows stay short and point at the border they cross."""
        return _move_end(a, province, coast)


@lru_cache(maxsize=style.MOVE_ENDS_KEPT)
def _move_end(a: Point, province: str, coast: str | None) -> Point | None:
    """_Where.move_end, which depends on the board alone: the same moves come back map after
    map (an opening, a phase's two maps), and the walk to the border is slow in Python."""
    geo = geometry()  # board coordinates: the full map's raster tells provinces apart
    prov = geo.board.province(province)
    b = prov.unit_anchor(coast) if prov else None
    value = geo.province_index.get(province.upper())
    if b is None or value is None:
        return b
    length = math.dist(a, b)
    if length <= style.ARROW_INTO + 20:
        return b
    px = geo.index.load()
    W, H = geo.index.size
    steps = int(length // 3)
    for i in range(1, steps):
        x, y = _lerp(a, b, i / steps)
        if 0 <= x < W and 0 <= y < H and px[int(x), int(y)] == value:
            entry = (x, y)
            if math.dist(entry, b) > style.ARROW_INTO + style.ARROW_END_GAP:
                # no token stands here: _trim's end gap is added back
                return _towards(entry, b, style.ARROW_INTO + style.ARROW_END_GAP)
            return b
    return b


def _base_palette(geo: Geometry, scene: Scene) -> list[int]:
    """The colour of each value of the geometry's index image for this scene (768 ints)."""
    palette = [0] * 768

    def put(i: int, rgb: tuple[int, int, int]) -> None:
        palette[3 * i : 3 * i + 3] = rgb

    put(SEA_INDEX, style.SEA)
    put(IMPASSABLE_INDEX, style.IMPASSABLE)
    occupied = {u.province: u.power for u in scene.units}
    for code, i in geo.province_index.items():
        prov = geo.board.provinces[code]
        if code in scene.hidden:
            put(i, style.FOG_SEA if prov.kind == "sea" else style.FOG_LAND)
        elif prov.kind == "sea":
            put(i, style.SEA)
        elif code in scene.centres:
            put(i, style.tint(scene.centres[code]))
        elif prov.sc is None and code in occupied:
            # A non-centre province takes a faint tint of the power standing in it: fronts read
            # at a glance, while owned centres keep the full tint.
            t = style.tint(occupied[code])
            put(i, tuple((a + b) // 2 for a, b in zip(t, style.NEUTRAL_LAND)))
        else:
            put(i, style.NEUTRAL_LAND)
    return palette


class _RecentBases:
    """The last few tinted boards this process drew, to start the next one from (issue 24).

    A tinted board (the owner tints under the static overlay of coasts and borders) costs
    about 10 ms to draw whole, most of it blending the overlay over every pixel; the next
    board of a storm is nearly always a few tints away from one just drawn (a phase's two
    maps differ by the provinces units moved into; games of the same year look alike). So
    the nearest kept board of the same part of the board is copied and only the provinces
    whose tint differs are painted again, with the overlay blended over them alone: the
    same arithmetic on the same values, so the same pixels as a board drawn whole. Kept
    boards are never drawn on (copies are handed out); the lock makes it safe for threads."""

    def __init__(self, kept: int = style.BASES_KEPT) -> None:
        self.kept = kept
        self._lock = threading.Lock()
        self._entries: list[tuple[tuple, list[int], Image.Image]] = []  # oldest first

    def nearest(self, key: tuple, palette: list[int]) -> tuple[Image.Image, list[int]] | None:
        """A copy of the kept board of ``key`` with the fewest tints to change, and those
        (values of the index image), if they are few enough to be worth it."""
        with self._lock:
            best = None
            for k, old, image in self._entries:
                if k != key:
                    continue
                changed = [i for i in range(0, 768, 3) if old[i : i + 3] != palette[i : i + 3]]
                if best is None or len(changed) < len(best[1]):
                    best = (image, changed)
        if best is None or len(best[1]) > style.BASE_REPAINT_MAX:
            return None
        return best[0].copy(), [i // 3 for i in best[1]]

    def keep(self, key: tuple, palette: list[int], image: Image.Image) -> None:
        """Keep a copy of a board; one kept already (same part, same tints: the very pixels)
        is only moved to the newest place, neither copied again nor kept twice."""
        with self._lock:
            for i, (k, old, _) in enumerate(self._entries):
                if k == key and old == palette:
                    self._entries.append(self._entries.pop(i))
                    return
        copy = image.copy()  # outside the lock: other threads' look-ups need not wait for it
        with self._lock:
            self._entries.append((key, palette, copy))
            del self._entries[: -self.kept]

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()


BASES = _RecentBases()


def _index_mask(geo: Geometry, value: int) -> tuple[tuple[int, int, int, int] | None, Image.Image | None]:
    """Where the index image holds ``value``: its bounding box and a 0/255 mask of that box
    (built once per scale and value, in the static cache)."""

    def build() -> tuple[tuple[int, int, int, int] | None, Image.Image | None]:
        mask = geo.index.point([255 if v == value else 0 for v in range(256)])
        box = mask.getbbox()
        return (box, mask.crop(box)) if box else (None, None)

    return CACHE.get_or_build("index-mask", f"{geo.scale!r}:{value}", build)  # type: ignore[return-value]


def _repaint(img: Image.Image, geo: Geometry, box: tuple[int, int, int, int], value: int, rgb: Sequence[int]) -> None:
    """Paint the pixels of ``value`` in ``img`` (which shows ``box`` of the index image) in
    ``rgb`` with the static overlay blended over them, as base_image draws them whole."""
    where, mask = _index_mask(geo, value)
    if where is None or mask is None:
        return
    x0, y0 = max(where[0], box[0]), max(where[1], box[1])
    x1, y1 = min(where[2], box[2]), min(where[3], box[3])
    if x0 >= x1 or y0 >= y1:
        return
    patch = Image.new("RGB", (x1 - x0, y1 - y0), tuple(rgb))
    overlay = geo.overlay.crop((x0, y0, x1, y1))
    patch.paste(overlay, (0, 0), overlay)
    cut = mask.crop((x0 - where[0], y0 - where[1], x1 - where[0], y1 - where[1]))
    img.paste(patch, (x0 - box[0], y0 - box[1]), cut)


def base_image(geo: Geometry, scene: Scene, frame: Frame = FULL, size: tuple[int, int] | None = None) -> Image.Image:
    """The board (the part a frame shows, `size` canvas px; default all of it) with owner
    tints and the static overlay, as an RGB image to draw on."""
    palette = _base_palette(geo, scene)
    w, h = size or geo.index.size
    box = (frame.x0, frame.y0, frame.x0 + w, frame.y0 + h)
    key = (geo.scale, box)
    near = BASES.nearest(key, palette)
    if near is not None:  # a board drawn before, a few tints away: those provinces painted again
        img, changed = near
        for value in changed:
            _repaint(img, geo, box, value, palette[3 * value : 3 * value + 3])
    else:
        whole = box == (0, 0, *geo.index.size)
        img = geo.index.copy() if whole else geo.index.crop(box)
        img.putpalette(palette)
        img = img.convert("RGB")
        overlay = geo.overlay if whole else geo.overlay.crop(box)
        img.paste(overlay, (0, 0), overlay)
    BASES.keep(key, palette, img)
    return img


def stamp_cached(
    canvas: Image.Image, key: tuple, c: Point, shapes: Callable[[Sketch, Point], None], frame: Frame = FULL
) -> None:
    """Paste shapes drawn around c (a unit token, a supply centre) from a patch drawn once per
    key, scale and sub-pixel phase (c is rounded to the supersampling grid, a shift of at most
    a quarter pixel). The patches live in the lock-protected static cache; their number is
    bounded by the keys (power colours, unit kinds, sizes) times the scales times SUPERSAMPLE²."""
    k, s = style.SUPERSAMPLE, frame.scale
    qx, qy = round(c[0] * s * k) / k, round(c[1] * s * k) / k
    ix, iy = math.floor(qx), math.floor(qy)
    phase = (qx - ix, qy - iy)

    def build() -> tuple[Image.Image, tuple[int, int]]:
        sk = Sketch()
        shapes(sk, (phase[0] / s, phase[1] / s))
        return sk.patch(s)

    patch, (px, py) = CACHE.get_or_build("patch", repr(key + (s,) + phase), build)  # type: ignore[misc]
    paste_patch(canvas, patch, (ix + px - frame.x0, iy + py - frame.y0))


def _centre(sk: Sketch, c: Point, colour: Colour | None) -> None:
    """A supply centre: a disc in the owner's colour; a neutral one is a plain ring with a dot."""
    if colour:
        sk.circle(c, style.SC_RADIUS + 1.5, (255, 255, 255))
        sk.circle(c, style.SC_RADIUS, colour, style.OUTLINE, 1.4)
    else:
        sk.circle(c, style.SC_RADIUS, (255, 250, 235), style.OUTLINE, 1.4)
        sk.circle(c, 1.8, style.OUTLINE)


def _dislodged_token(sk: Sketch, unit_kind: str, c: Point, fill: Colour) -> None:
    sk.circle(c, style.UNIT_SIZE * 0.62 * style.DISLODGED_SCALE, (255, 255, 255, 150), style.FAIL, 2.2)
    unit_token(sk, unit_kind, c, fill, style.UNIT_SIZE * style.DISLODGED_SCALE)


def draw_under(geo: Geometry, scene: Scene, frame: Frame = FULL, size: tuple[int, int] | None = None) -> Image.Image:
    """What every language shares: the board with tints, supply centres and order lines."""
    img = base_image(geo, scene, frame, size)
    where = _Where(scene)
    for prov in geo.board.provinces.values():
        if prov.sc is not None:
            owner = scene.centres.get(prov.code)
            colour = style.unit_colour(owner) if owner else None
            if prov.code in scene.hidden:
                colour = style.FOG_CENTRE  # a centre out of sight: a grey disc, owner unknown
            stamp_cached(img, ("sc", colour), prov.sc, lambda sk, c, colour=colour: _centre(sk, c, colour), frame)
    # Order lines go under the labels and units, marks (crosses, rings) over them.
    for o in scene.orders:
        if o.kind != "unreadable":
            _draw_order_line(img, where, o, frame)
    return img


def draw_over(img: Image.Image, labels: Labels, scene: Scene, frame: Frame = FULL) -> None:
    """One language's labels on a drawing of draw_under, then units and result marks."""
    # Labels over the order lines (an arrow never hides a name), under the units (whose
    # anchors keep clear of every label).
    for patch, (x, y) in labels.patches:
        paste_patch(img, patch, (x - frame.x0, y - frame.y0))
    where = _Where(scene, labels.boxes)
    orders = [o for o in scene.orders if o.kind != "unreadable"]
    built = {(o.unit.province) for o in orders if o.kind == "build" and o.unit}
    for u in scene.units:
        if u.province in built:
            continue
        c = where.unit(u)
        if c:
            colour = style.unit_colour(u.power)
            stamp_cached(
                img,
                ("unit", u.kind, colour),
                c,
                lambda sk, p, kind=u.kind, colour=colour: unit_token(sk, kind, p, colour),
                frame,
            )
    for u in scene.dislodged:
        c = where.unit(u, dislodged=True)
        if c:
            colour = style.unit_colour(u.power)
            stamp_cached(
                img,
                ("dislodged", u.kind, colour),
                c,
                lambda sk, p, kind=u.kind, colour=colour: _dislodged_token(sk, kind, p, colour),
                frame,
            )
    for o in orders:
        _draw_order_marks(img, where, o, frame)
    for u in scene.destroyed:
        c = where.unit(u, dislodged=u.province in where.dislodged)
        if c:
            sk = Sketch()
            cross(sk, c, 10, style.OUTLINE)
            sk.stamp(img, frame)


def draw_scene(layers: StaticLayers, scene: Scene) -> Image.Image:
    """The whole board with this scene drawn on it in one language, as an RGB image."""
    img = draw_under(layers.geometry, scene)
    draw_over(img, layers.labels, scene)
    return img


def _draw_order_line(img: Image.Image, where: _Where, o: Order, frame: Frame) -> None:
    if o.unit is None:
        return
    colour = style.unit_colour(o.power)
    sk = Sketch()
    if o.kind in ("move", "retreat") and o.target:
        a = where.unit(o.unit, dislodged=o.kind == "retreat")
        b = where.move_end(a, o.target, o.target_coast) if a else None
        if a and b:
            a, b = _trim(a, b, style.ARROW_START_GAP, style.ARROW_END_GAP)
            edge = style.FAIL if o.kind == "retreat" else style.OUTLINE
            arrow(sk, a, b, colour, edge, style.ARROW_WIDTH if o.kind == "move" else style.ARROW_WIDTH - 1)
    elif o.kind == "support" and o.other:
        a = where.unit(o.unit)
        src = where.unit(o.other)
        if a and src:
            if o.target:
                dst = where.move_end(src, o.target)
                if dst:
                    end = _lerp(src, dst, 0.62)
                    a2, end = _trim(a, end, 12, 2)
                    sk.dashed(a2, end, style.OUTLINE, 5.0, 9, 5)
                    sk.dashed(a2, end, colour, 2.8, 9, 5)
                    sk.circle(end, 3.6, colour, style.OUTLINE, 1.2)
            else:
                a2, end = _trim(a, src, 12, style.UNIT_SIZE * 0.62)
                sk.dashed(a2, end, style.OUTLINE, 5.0, 9, 5)
                sk.dashed(a2, end, colour, 2.8, 9, 5)
                sk.circle(src, style.UNIT_SIZE * 0.62, None, colour, 2.4)
    elif o.kind == "convoy" and o.other and o.target:
        a = where.unit(o.unit)
        src = where.unit(o.other)
        dst = where.move_end(src, o.target) if src else None
        if a and src and dst:
            end = _lerp(src, dst, 0.5)
            a2, end = _trim(a, end, 12, 2)
            n = max(2, int(math.dist(a2, end) // 8))
            for i in range(n + 1):  # a chain of beads: the convoy's own style
                sk.circle(_lerp(a2, end, i / n), 2.6, style.CONVOY, (255, 255, 255), 1.0)
            # and a small ring on the convoyed army, so its route reads as carried
            sk.circle(src, style.UNIT_SIZE * 0.62, None, style.CONVOY, 2.0)
    elif o.kind == "hold":
        c = where.unit(o.unit)
        if c:
            r = style.UNIT_SIZE * 0.62
            pts = [
                (c[0] + r * math.cos(math.pi / 8 + i * math.pi / 4), c[1] + r * math.sin(math.pi / 8 + i * math.pi / 4))
                for i in range(8)
            ]
            sk.polygon(pts, None, style.OUTLINE, 3.6)
            sk.polygon(pts, None, colour, 2.0)
    elif o.kind == "build":
        c = where.unit(o.unit)
        if c:
            sk.circle(c, style.UNIT_SIZE * 0.68, (255, 255, 255, 170), style.BUILD, 3.0)
            unit_token(sk, o.unit.kind, c, colour)
            p = (c[0] + 14, c[1] - 13)
            sk.circle(p, 6.5, style.BUILD, (255, 255, 255), 1.2)
            sk.line([(p[0] - 3.5, p[1]), (p[0] + 3.5, p[1])], (255, 255, 255), 2.0)
            sk.line([(p[0], p[1] - 3.5), (p[0], p[1] + 3.5)], (255, 255, 255), 2.0)
    sk.stamp(img, frame)


def _draw_order_marks(img: Image.Image, where: _Where, o: Order, frame: Frame) -> None:
    if o.unit is None:
        return
    sk = Sketch()
    dislodged_here = o.unit.province in where.dislodged and o.kind in ("retreat", "disband")
    c = where.unit(o.unit, dislodged=dislodged_here)
    if c is None:
        return
    if o.kind == "disband":
        cross(sk, c, 11)
    elif o.ok is False:
        if o.kind in ("move", "retreat") and o.target:
            b = where.move_end(c, o.target, o.target_coast)
            if b:
                tip = _trim(c, b, style.ARROW_START_GAP, style.ARROW_END_GAP)[1]
                cross(sk, where.clear_of_label(c, tip, o.target))
        elif o.kind == "support" and o.other:
            src = where.unit(o.other)
            dst = where.move_end(src, o.target) if o.target and src else src
            if src and dst:
                end = _lerp(src, dst, 0.62) if o.target else src
                cross(sk, _lerp(c, end, 0.4), 6)
        elif o.kind == "convoy" and o.other and o.target:
            src = where.unit(o.other)
            dst = where.move_end(src, o.target) if src else None
            if src and dst:
                cross(sk, _lerp(c, _lerp(src, dst, 0.5), 0.5), 6)
        if o.result == "dislodged":
            # The unit was dislodged where it stood: a red burst ring marks it.
            sk.circle(c, style.UNIT_SIZE * 0.66, None, (255, 255, 255), 4.4)
            sk.circle(c, style.UNIT_SIZE * 0.66, None, style.FAIL, 2.6)
            cross(sk, (c[0] + 13, c[1] - 12), 5)
        elif o.kind in ("hold", "build"):
            cross(sk, c, 8)
    sk.stamp(img, frame)


# ---------------------------------------------------------------- legend


def phase_title(names: NameTable, phase: str) -> str:
    """``Spring 1901 moves`` in the map's language, as the posts say it (the text as it
    is when it is not a phase)."""
    try:
        return wording.phase_title(phase, names.language)
    except ValueError:
        return phase


def power_name(names: NameTable, power: str) -> str:
    return names.power_names.get(power, power.title())


# Russian in Latin letters (BGN/PCGN-style, without diacritics), for a Russian map labelled
# in Latin: its title and legend read in the same letters as its labels ("Vesna 1901, khody")
_LATIN = dict(
    zip(
        "абвгдеёжзийклмнопрстуфхцчшщъыьэюя",
        "a b v g d e yo zh z i y k l m n o p r s t u f kh ts ch sh shch _ y _ e yu ya".split(),
        strict=True,
    )
)


def latin(text: str) -> str:
    """Cyrillic letters of ``text`` written in Latin ones (``Россия`` -> ``Rossiya``)."""
    out = []
    for ch in text:
        low = ch.lower()
        if low not in _LATIN:
            out.append(ch)
            continue
        word = _LATIN[low].replace("_", "")
        out.append(word.capitalize() if ch != low else word)
    return "".join(out)


def legend(
    names: NameTable,
    scene: Scene,
    width: int,
    game_name: str,
    powers: Sequence[str],
    scale: float = 1.0,
    in_latin: bool = False,
) -> Image.Image:
    """The strip under the board: game name, phase, supply-centre count per power, its
    sizes times `scale`. When a narrow (front) crop has no room, the counts go on a second row.
    ``in_latin``: the phase and the powers in Latin letters, as a map labelled in Latin."""
    title = font(style.BOLD_FONT, style.LEGEND_TITLE_SIZE * scale)
    text = font(style.BOLD_FONT, style.LEGEND_TEXT_SIZE * scale)
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    script = latin if in_latin else str
    heading = " · ".join(t for t in (game_name, script(phase_title(names, scene.phase))) if t)
    pad = round(14 * scale)
    head_w = int(probe.textlength(heading, font=title)) + 3 * pad
    counts = dict(scene.supply_centre_counts)
    labels = [f"{script(power_name(names, p))} {counts.get(p, 0)}" for p in powers]
    gap = round(30 * scale)
    widths = [int(probe.textlength(t, font=text)) + gap for t in labels]
    if head_w + sum(widths) > width - pad:
        labels = [f"{script(power_name(names, p))[:3]} {counts.get(p, 0)}" for p in powers]
        widths = [int(probe.textlength(t, font=text)) + gap for t in labels]
    two_rows = head_w + sum(widths) > width - pad
    row_h = round(style.LEGEND_HEIGHT * scale)
    strip = Image.new("RGB", (width, row_h * (2 if two_rows else 1)), style.LEGEND_BG)
    d = ImageDraw.Draw(strip)
    line_width = max(2, round(2 * scale))
    d.line([(0, 0), (width, 0)], fill=style.LAND_BORDER, width=line_width)
    mid = row_h // 2 + 1
    d.text((pad, mid), heading, font=title, fill=style.LABEL, anchor="lm")
    if two_rows:
        x, mid, top = pad, mid + row_h - round(8 * scale), row_h
    else:
        x, top = max(head_w, width - pad - sum(widths)), 0
    colours = tuple(style.unit_colour(p) for p in powers)

    def counts() -> Image.Image:
        """The part of the strip right of the heading (one row) or below it (two), drawn on
        a strip of its own: the same pixels as drawn in place, the heading never reaching it."""
        canvas = Image.new("RGB", strip.size, style.LEGEND_BG)
        draw = ImageDraw.Draw(canvas)
        draw.line([(0, 0), (width, 0)], fill=style.LAND_BORDER, width=line_width)
        box, left = 9 * scale, x
        for colour, label, w in zip(colours, labels, widths):
            draw.rounded_rectangle(
                (left, mid - box, left + 2 * box, mid + box),
                radius=round(4 * scale),
                fill=colour,
                outline=style.OUTLINE,
                width=max(2, round(2 * scale)),
            )
            draw.text((left + 2 * box + round(6 * scale), mid), label, font=text, fill=style.LABEL, anchor="lm")
            left += w
        return canvas.crop((x, top, width, canvas.height))

    # The counts are the same on many maps (a phase's two, the games of a storm in the same
    # year): drawn once, their text costs most of the legend.
    key = (strip.size, scale, x, mid, top, colours, tuple(labels), tuple(widths))
    strip.paste(_LEGEND_COUNTS.get_or_build(key, counts), (x, top))
    return strip


class _Recent:
    """A few recently built pictures by key, the least recently used forgotten first; safe
    for threads (the pictures are never drawn on: they are pasted)."""

    def __init__(self, kept: int) -> None:
        self.kept = kept
        self._lock = threading.Lock()
        self._items: OrderedDict[tuple, Image.Image] = OrderedDict()

    def get_or_build(self, key: tuple, build: Callable[[], Image.Image]) -> Image.Image:
        with self._lock:
            item = self._items.get(key)
            if item is not None:
                self._items.move_to_end(key)
                return item
        item = build()
        with self._lock:
            self._items[key] = item
            while len(self._items) > self.kept:
                self._items.popitem(last=False)
        return item

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


_LEGEND_COUNTS = _Recent(style.LEGENDS_KEPT)
