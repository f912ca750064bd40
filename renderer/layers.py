"""Static layers of the board, built once per process and shared by every render.

Owns the only mutable module state of the renderer: a lock-protected cache holding, per
drawing scale, the board's geometry layers (a province-index image, so owner tints are a
palette swap and not 75 polygon fills per render, and an anti-aliased RGBA overlay with
coastal halo and borders); per label set, label size and scale, the laid-out province
labels as small patches (stamped over the order lines, so an arrow never hides a name);
per language its name table; fonts; the PNG palette and the cached token patches.
Everything in the cache is read-only once built; renders copy before drawing, so any
number of threads may render at once.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFilter

from engine.names import NameTable, table
from renderer import style
from renderer.board import MAP_FILE, Board, Point, Polygon, assets_dir, load_board
from renderer.labels import (
    Box,
    LabelSet,
    Placement,
    Room,
    enlarge,
    font,
    font_name,
    font_px,
    label_set,
    label_texts,
    layout,
)

# Palette slots of the index image.
SEA_INDEX = 0
IMPASSABLE_INDEX = 1
FIRST_PROVINCE_INDEX = 2
BORDER_BAND = 512  # rows of the board drawn at a time when supersampling its borders


@dataclass(frozen=True, slots=True)
class Geometry:
    """The board drawn at one scale (canvas px per board px), without labels."""

    board: Board
    scale: float
    index: Image.Image  # mode "L": SEA_INDEX (water of no province), IMPASSABLE_INDEX or a province's value
    province_index: dict[str, int]  # province code -> its value in `index` (land first, then seas)
    overlay: Image.Image  # mode "RGBA": coastal halo and borders, anti-aliased


@dataclass(frozen=True, slots=True)
class Labels:
    """One label set laid out for one label size and drawing scale."""

    label_set: LabelSet
    size: float  # the size asked for, board px (a label shrinks where it has no room)
    scale: float
    placements: dict[str, Placement]  # board px
    patches: tuple[tuple[Image.Image, tuple[int, int]], ...]  # RGBA patches and where they go, canvas px

    @property
    def texts(self) -> dict[str, str]:
        return {code: p.text for code, p in self.placements.items()}

    @property
    def boxes(self) -> dict[str, tuple[float, float, float, float]]:
        return {code: p.box for code, p in self.placements.items()}


@dataclass(frozen=True, slots=True)
class StaticLayers:
    """What a full map in one language needs: the board at scale 1, its labels, its names."""

    geometry: Geometry
    labels: Labels
    names: NameTable  # the language's names (English when the language has no table yet)

    @property
    def board(self) -> Board:
        return self.geometry.board

    @property
    def index(self) -> Image.Image:
        return self.geometry.index

    @property
    def province_index(self) -> dict[str, int]:
        return self.geometry.province_index

    @property
    def label_texts(self) -> dict[str, str]:
        return self.labels.texts

    @property
    def label_boxes(self) -> dict[str, tuple[float, float, float, float]]:
        return self.labels.boxes


class _Cache:
    """Static things keyed by name (layers per label language, the PNG palette); each is
    built at most once, under a lock, and never changed afterwards."""

    def __init__(self) -> None:
        self._lock = threading.RLock()  # re-entrant: the palette's builder needs the layers
        self._items: dict[tuple[str, str], object] = {}

    def get_or_build(self, kind: str, key: str, builder: Callable[[], object]) -> object:
        item = self._items.get((kind, key))
        if item is None:
            with self._lock:
                item = self._items.get((kind, key))
                if item is None:
                    item = builder()
                    self._items[(kind, key)] = item
        return item

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


CACHE = _Cache()


def static_layers(language: str = "en", labels: str | None = None) -> StaticLayers:
    """The static layers of a full map in a language and label set ("latin", "cyrillic";
    None: the language's default). An unknown language or label set raises ValueError; a
    known language whose name table is not written yet draws in English."""
    chosen = label_set(language, labels)
    return StaticLayers(geometry=geometry(), labels=label_layer(chosen), names=names(language))


def geometry(scale: float = 1.0) -> Geometry:
    """The board's geometry layers drawn at a scale (1: the full map)."""
    return CACHE.get_or_build("geometry", repr(scale), lambda: _build_geometry(scale))  # type: ignore[return-value]


def names(language: str) -> NameTable:
    return CACHE.get_or_build("names", language, lambda: name_table(language))  # type: ignore[return-value]


def name_table(language: str) -> NameTable:
    """The language's name table, or English while the language has none (table() raises)."""
    try:
        return table(language)
    except ValueError:
        return table("en")


def label_layer(labels: LabelSet, size: float = style.LABEL_SIZE, scale: float = 1.0) -> Labels:
    """A label set laid out at a label size (board px) for drawing at a scale. Larger than
    the full map's size, each label grows only where it has room (front crops)."""
    return CACHE.get_or_build(
        "labels",
        f"{labels.key}@{size}x{scale}",  # type: ignore[return-value]
        lambda: _build_labels(labels, size, scale),
    )


def _scaled(poly: Polygon, k: float) -> list[list[tuple[float, float]]]:
    return [[(x * k, y * k) for x, y in ring] for ring in poly]


def _fill(draw: ImageDraw.ImageDraw, poly: Polygon, value: int | tuple, hole: int | tuple, k: float = 1) -> None:
    rings = _scaled(poly, k)
    draw.polygon(rings[0], fill=value)
    for ring in rings[1:]:
        draw.polygon(ring, fill=hole)


def _outline(draw: ImageDraw.ImageDraw, poly: Polygon, colour: tuple, width: int, k: float, dy: float = 0) -> None:
    for ring in _scaled(poly, k):
        ring = [(x, y + dy) for x, y in ring]
        draw.line(ring + ring[:1], fill=colour, width=width, joint="curve")


def _rows_of(poly: Polygon, scale: float, top: int, bottom: int) -> bool:
    """Whether a polygon (board px) reaches the rows top..bottom of a drawing at `scale`."""
    ys = [y for x, y in poly[0]]
    return min(ys) * scale - 4 < bottom and max(ys) * scale + 4 > top


def missing_assets() -> list[str]:
    """The files the static layers are built from that cannot be found, as paths inside the
    assets folder (`renderer.board.assets_dir`); empty when the renderer has all it needs.
    Without the board no map can be drawn; without the fonts the labels fall back to
    Pillow's own font, which has no Cyrillic."""
    folder = assets_dir()
    wanted = [MAP_FILE, *(f"{style.FONTS_DIR}/{name}" for name in (style.BOLD_FONT, style.ITALIC_FONT))]
    return [name for name in wanted if not folder.joinpath(*name.split("/")).is_file()]


def token_box(c: Point, scale: float = 1.0) -> Box:
    """The box a unit token covers around its anchor (see draw.unit_token)."""
    x, y = c
    return (
        x - style.UNIT_HALF_W * scale,
        y - style.UNIT_UP * scale,
        x + style.UNIT_HALF_W * scale,
        y + style.UNIT_DOWN * scale,
    )


def obstacles(board: Board) -> list[tuple[str, str, Box]]:
    """Everything a label must keep clear of, wherever units may stand: a token at every unit,
    coast and dislodged anchor, and every supply-centre disc. (province, what, box)."""
    out = []
    r = style.SC_RADIUS + 2
    for code, prov in board.provinces.items():
        out.append((code, "unit", token_box(prov.unit)))
        out.extend((code, f"coast {name}", token_box(p)) for name, p in prov.coasts)
        out.append((code, "dislodged", token_box(prov.dislodged, style.DISLODGED_SCALE)))
        if prov.sc is not None:
            out.append((code, "sc", (prov.sc[0] - r, prov.sc[1] - r, prov.sc[0] + r, prov.sc[1] + r)))
    return out


def room() -> Room:
    """What labels keep inside and clear of (the full map's raster and every obstacle)."""
    geo = geometry()

    def build() -> Room:
        return Room(
            geo.board, geo.index, geo.province_index, obstacles(geo.board), frozenset({SEA_INDEX, IMPASSABLE_INDEX})
        )

    return CACHE.get_or_build("room", "board", build)  # type: ignore[return-value]


def _build_labels(labels: LabelSet, size: float, scale: float) -> Labels:
    board = geometry().board
    texts = label_texts(labels, tuple(board.provinces))
    base = layout(room(), texts, style.LABEL_SIZE, style.LABEL_MIN_SIZE, scale)
    placements = enlarge(room(), base, size, scale) if size > style.LABEL_SIZE else base
    return Labels(labels, size, scale, placements, _label_patches(board, placements, scale))


def _label_patches(board: Board, placements: dict[str, Placement], scale: float) -> tuple:
    """Each label drawn once into its own small RGBA patch: land in bold with a pale halo so
    it reads on every tint and over arrows; seas in italics. Stamped over order lines."""
    out = []
    for code, p in placements.items():
        sea = board.provinces[code].kind == "sea"
        f = font(font_name(sea), font_px(sea, p.size, scale))
        x0, y0 = int(p.box[0] * scale) - 2, int(p.box[1] * scale) - 2
        x1, y1 = int(p.box[2] * scale) + 3, int(p.box[3] * scale) + 3
        patch = Image.new("RGBA", (x1 - x0, y1 - y0), (0, 0, 0, 0))
        d = ImageDraw.Draw(patch)
        at = (p.centre[0] * scale - x0, p.centre[1] * scale - y0)
        if sea:
            d.text(
                at,
                p.text,
                font=f,
                fill=style.SEA_LABEL + (255,),
                anchor="mm",
                stroke_width=style.LABEL_STROKE * scale,
                stroke_fill=style.SEA + (200,),
            )
        else:
            d.text(
                at,
                p.text,
                font=f,
                fill=style.LABEL + (255,),
                anchor="mm",
                stroke_width=style.LABEL_STROKE * scale,
                stroke_fill=(255, 255, 255, 190),
            )
        out.append((patch, (x0, y0)))
    return tuple(out)


def _build_geometry(scale: float) -> Geometry:
    board = load_board()
    W, H = round(board.width * scale), round(board.height * scale)

    # Index image: seas first, then land on top (sea polygons have islands as holes). Every
    # province has its own value, so a pixel tells which province it is (arrow ends).
    index = Image.new("L", (W, H), SEA_INDEX)
    draw = ImageDraw.Draw(index)
    province_index: dict[str, int] = {}
    land = [p for p in board.provinces.values() if p.kind != "sea"]
    seas = [p for p in board.provinces.values() if p.kind == "sea"]
    for i, prov in enumerate(sorted(land, key=lambda p: p.code) + sorted(seas, key=lambda p: p.code)):
        province_index[prov.code] = FIRST_PROVINCE_INDEX + i
    for prov in seas + land:
        for poly in prov.polygons:
            _fill(draw, poly, province_index[prov.code], SEA_INDEX, scale)
    for poly in board.water:
        _fill(draw, poly, SEA_INDEX, SEA_INDEX, scale)
    for poly in board.impassable:
        _fill(draw, poly, IMPASSABLE_INDEX, SEA_INDEX, scale)
    land_values = {IMPASSABLE_INDEX} | {province_index[p.code] for p in land}

    k = style.SUPERSAMPLE
    # Coastal halo: a soft light band on the water along every coast, as on printed maps.
    land_mask = index.point(lambda v: 255 if v in land_values else 0)
    halo = land_mask.filter(ImageFilter.MaxFilter(2 * round(2 * scale) + 1)).filter(ImageFilter.GaussianBlur(7 * scale))
    halo = Image.composite(Image.new("L", (W, H), 0), halo.point(lambda v: min(255, v * 2)), land_mask)
    overlay = Image.new("RGBA", (W, H), style.COAST_HALO + (0,))
    overlay.putalpha(halo.point(lambda v: v * 150 // 255))

    # Borders at k times the size, then reduced: anti-aliased lines for a one-off cost; in
    # bands, so the supersampled image never holds the whole board (88 MB at scale 1.5).
    sea_w = max(1, round(style.SEA_BORDER_WIDTH * k * scale))
    land_w = max(1, round(style.LAND_BORDER_WIDTH * k * scale))
    outlines = (
        [(poly, style.SEA_BORDER + (255,), sea_w) for prov in seas for poly in prov.polygons]
        + [(poly, style.LAND_BORDER + (255,), land_w) for prov in land for poly in prov.polygons]
        + [(poly, style.LAND_BORDER + (255,), land_w) for poly in board.impassable]
    )
    m = 8  # rows drawn beyond a band and dropped: Pillow draws wide lines unevenly at an image's edge
    for top in range(0, H, BORDER_BAND):
        bottom = min(H, top + BORDER_BAND)
        lines = Image.new("RGBA", (W * k, (bottom - top + 2 * m) * k), (0, 0, 0, 0))
        ld = ImageDraw.Draw(lines)
        for poly, colour, width in outlines:
            if _rows_of(poly, scale, top - m, bottom + m):
                _outline(ld, poly, colour, width, k * scale, (m - top) * k)
        overlay.alpha_composite(lines.reduce(k).crop((0, m, W, m + bottom - top)), (0, top))
    return Geometry(board=board, scale=scale, index=index, province_index=province_index, overlay=overlay)
