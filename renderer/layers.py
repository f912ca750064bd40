"""Static layers of the board, built once per process and shared by every render.

Owns the only mutable module state of the renderer: a lock-protected cache holding the
parsed board, the fonts, a province-index image (so owner tints are a palette swap, not
75 polygon fills per render) and an anti-aliased RGBA overlay with coastal halo, borders
and labels. Everything in the cache is read-only once built; renders copy before drawing,
so any number of threads may render at once.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFilter, ImageFont

from renderer import style
from renderer.board import Board, Polygon, load_board

# Palette slots of the index image.
SEA_INDEX = 0
IMPASSABLE_INDEX = 1
FIRST_PROVINCE_INDEX = 2


@dataclass(frozen=True, slots=True)
class StaticLayers:
    board: Board
    index: Image.Image  # mode "L": SEA_INDEX, IMPASSABLE_INDEX or FIRST_PROVINCE_INDEX + i
    province_index: dict[str, int]  # land province code -> its value in `index`
    overlay: Image.Image  # mode "RGBA": halo, borders, labels, anti-aliased
    fonts: dict[tuple[str, int], ImageFont.FreeTypeFont | ImageFont.ImageFont]

    def font(self, name: str, size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
        return self.fonts.get((name, size)) or style.load_font(name, size)


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

    def get(self, language: str = "en") -> StaticLayers:
        return self.get_or_build("layers", language, lambda: _build(language))  # type: ignore[return-value]

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


CACHE = _Cache()


def static_layers(language: str = "en") -> StaticLayers:
    return CACHE.get(language)


def _scaled(poly: Polygon, k: float) -> list[list[tuple[float, float]]]:
    return [[(x * k, y * k) for x, y in ring] for ring in poly]


def _fill(draw: ImageDraw.ImageDraw, poly: Polygon, value: int | tuple, hole: int | tuple, k: float = 1) -> None:
    rings = _scaled(poly, k)
    draw.polygon(rings[0], fill=value)
    for ring in rings[1:]:
        draw.polygon(ring, fill=hole)


def _outline(draw: ImageDraw.ImageDraw, poly: Polygon, colour: tuple, width: int, k: float) -> None:
    for ring in _scaled(poly, k):
        draw.line(ring + ring[:1], fill=colour, width=width, joint="curve")


def _fonts() -> dict:
    sizes = [
        (style.BOLD_FONT, style.LABEL_SIZE),
        (style.ITALIC_FONT, style.SEA_LABEL_SIZE),
        (style.BOLD_FONT, style.LEGEND_TITLE_SIZE),
        (style.BOLD_FONT, style.LEGEND_TEXT_SIZE),
        (style.BOLD_FONT, 11),
    ]
    return {key: style.load_font(*key) for key in sizes}


def label_text(code: str, language: str) -> str:
    """The label a province shows. Codes read the same to players in every language today;
    this is the one place to change when localised abbreviations arrive."""
    return code


def _build(language: str) -> StaticLayers:
    board = load_board()
    W, H = board.width, board.height
    fonts = _fonts()

    # Index image: seas first, then land on top (sea polygons have islands as holes).
    index = Image.new("L", (W, H), SEA_INDEX)
    draw = ImageDraw.Draw(index)
    province_index: dict[str, int] = {}
    land = [p for p in board.provinces.values() if p.kind != "sea"]
    for i, prov in enumerate(sorted(land, key=lambda p: p.code)):
        province_index[prov.code] = FIRST_PROVINCE_INDEX + i
        for poly in prov.polygons:
            _fill(draw, poly, FIRST_PROVINCE_INDEX + i, SEA_INDEX)
    for poly in board.impassable:
        _fill(draw, poly, IMPASSABLE_INDEX, SEA_INDEX)

    k = style.SUPERSAMPLE
    # Coastal halo: a soft light band on the water along every coast, as on printed maps.
    land_mask = index.point(lambda v: 255 if v != SEA_INDEX else 0)
    halo = land_mask.filter(ImageFilter.MaxFilter(5)).filter(ImageFilter.GaussianBlur(7))
    halo = Image.composite(Image.new("L", (W, H), 0), halo.point(lambda v: min(255, v * 2)), land_mask)
    overlay = Image.new("RGBA", (W, H), style.COAST_HALO + (0,))
    overlay.putalpha(halo.point(lambda v: v * 150 // 255))

    # Borders at k times the size, then reduced: anti-aliased lines for a one-off cost.
    lines = Image.new("RGBA", (W * k, H * k), (0, 0, 0, 0))
    ld = ImageDraw.Draw(lines)
    sea_w = max(1, round(style.SEA_BORDER_WIDTH * k))
    land_w = max(1, round(style.LAND_BORDER_WIDTH * k))
    for prov in board.provinces.values():
        if prov.kind == "sea":
            for poly in prov.polygons:
                _outline(ld, poly, style.SEA_BORDER + (255,), sea_w, k)
    for prov in land:
        for poly in prov.polygons:
            _outline(ld, poly, style.LAND_BORDER + (255,), land_w, k)
    for poly in board.impassable:
        _outline(ld, poly, style.LAND_BORDER + (255,), land_w, k)
    lines = lines.reduce(k)
    overlay.alpha_composite(lines)

    # Labels: land in bold with a pale halo so they read on every tint; seas in italics.
    td = ImageDraw.Draw(overlay)
    bold = fonts[(style.BOLD_FONT, style.LABEL_SIZE)]
    italic = fonts[(style.ITALIC_FONT, style.SEA_LABEL_SIZE)]
    for prov in board.provinces.values():
        text = label_text(prov.code, language)
        if prov.kind == "sea":
            td.text(prov.label, text, font=italic, fill=style.SEA_LABEL + (255,), anchor="mm",
                    stroke_width=2, stroke_fill=style.SEA + (170,))
        else:
            td.text(prov.label, text, font=bold, fill=style.LABEL + (255,), anchor="mm",
                    stroke_width=2, stroke_fill=(255, 255, 255, 150))
    return StaticLayers(board=board, index=index, province_index=province_index,
                        overlay=overlay, fonts=fonts)
