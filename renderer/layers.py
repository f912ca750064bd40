"""Static layers of the board, built once per process and shared by every render.

Owns the only mutable module state of the renderer: a lock-protected cache holding the
parsed board, the fonts, a province-index image (so owner tints are a palette swap, not
75 polygon fills per render), an anti-aliased RGBA overlay with coastal halo and borders,
and per language the province labels as small patches (stamped over the order lines, so
an arrow never hides a name) and the language's name table. Everything in the cache is
read-only once built; renders copy before drawing, so any number of threads may render at once.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFilter, ImageFont

from engine.names import LANGUAGES, NameTable, table
from renderer import style
from renderer.board import MAP_FILE, Board, Point, Polygon, assets_dir, load_board

# Palette slots of the index image.
SEA_INDEX = 0
IMPASSABLE_INDEX = 1
FIRST_PROVINCE_INDEX = 2


@dataclass(frozen=True, slots=True)
class StaticLayers:
    board: Board
    index: Image.Image  # mode "L": SEA_INDEX (water of no province), IMPASSABLE_INDEX or a province's value
    province_index: dict[str, int]  # province code -> its value in `index` (land first, then seas)
    overlay: Image.Image  # mode "RGBA": coastal halo and borders, anti-aliased
    labels: tuple[tuple[Image.Image, tuple[int, int]], ...]  # RGBA label patches and where they go
    label_texts: dict[str, str]  # province code -> the label shown (abbreviation or code)
    label_boxes: dict[str, tuple[float, float, float, float]]  # province code -> its label's box
    names: NameTable  # the language's names (English when the language has no table yet)
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
    """The static layers of a language. An unknown language raises ValueError; a known one
    whose name table is not written yet draws in English."""
    if language not in LANGUAGES:
        raise ValueError(f"unknown map language {language!r}: expected one of {', '.join(LANGUAGES)}")
    return CACHE.get(language)


def name_table(language: str) -> NameTable:
    """The language's name table, or English while the language has none (table() raises)."""
    try:
        return table(language)
    except ValueError:
        return table("en")


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


def missing_assets() -> list[str]:
    """The files the static layers are built from that cannot be found, as paths inside the
    assets folder (`renderer.board.assets_dir`); empty when the renderer has all it needs.
    Without the board no map can be drawn; without the fonts the labels fall back to
    Pillow's own font, which has no Cyrillic."""
    folder = assets_dir()
    wanted = [MAP_FILE, *(f"{style.FONTS_DIR}/{name}" for name in (style.BOLD_FONT, style.ITALIC_FONT))]
    return [name for name in wanted if not folder.joinpath(*name.split("/")).is_file()]


Box = tuple[float, float, float, float]


def token_box(c: Point, scale: float = 1.0) -> Box:
    """The box a unit token covers around its anchor (see draw.unit_token)."""
    x, y = c
    return (x - style.UNIT_HALF_W * scale, y - style.UNIT_UP * scale,
            x + style.UNIT_HALF_W * scale, y + style.UNIT_DOWN * scale)


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


def overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def label_box(board: Board, code: str, text: str, font: ImageFont.FreeTypeFont | ImageFont.ImageFont) -> Box:
    x, y = board.provinces[code].label
    l, t, r, b = font.getbbox(text, anchor="mm", stroke_width=style.LABEL_STROKE)
    return (x + l, y + t, x + r, y + b)


def _inside(board: Board, code: str, box: Box) -> bool:
    x0, y0, x1, y1 = box
    xm, ym = (x0 + x1) / 2, (y0 + y1) / 2
    pts = [(x0, y0), (x1, y0), (x0, y1), (x1, y1), (xm, y0), (xm, y1), (x0, ym), (x1, ym)]
    return all(_point_in(board.provinces[code].polygons, p) for p in pts)


def _point_in(polygons: tuple[Polygon, ...], p: Point) -> bool:
    x, y = p
    inside = False
    for poly in polygons:
        for ring in poly:
            n = len(ring)
            for i in range(n):
                x1, y1 = ring[i]
                x2, y2 = ring[(i + 1) % n]
                if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                    inside = not inside
    return inside


def label_texts(board: Board, names: NameTable, fonts: dict) -> dict[str, str]:
    """The label of each province: the language's abbreviation where it fits (inside the
    province, clear of every token and centre, not much wider than the code), else the code."""
    blocked = obstacles(board)
    out = {}
    for code, prov in board.provinces.items():
        font = fonts[(style.ITALIC_FONT, style.SEA_LABEL_SIZE) if prov.kind == "sea" else (style.BOLD_FONT, style.LABEL_SIZE)]
        text = names.province_abbr.get(code, code).strip()
        if text and text != code:
            box = label_box(board, code, text, font)
            code_box = label_box(board, code, code, font)
            fits = (box[2] - box[0] <= max(code_box[2] - code_box[0], style.LABEL_MAX_WIDTH)
                    and not any(overlaps(box, b) for _, _, b in blocked)
                    and _inside(board, code, box))
            if not fits:
                text = code
        out[code] = text or code
    return out


def _label_patches(board: Board, texts: dict[str, str], fonts: dict) -> tuple:
    """Each label drawn once into its own small RGBA patch: land in bold with a pale halo so
    it reads on every tint and over arrows; seas in italics. Stamped over order lines."""
    bold = fonts[(style.BOLD_FONT, style.LABEL_SIZE)]
    italic = fonts[(style.ITALIC_FONT, style.SEA_LABEL_SIZE)]
    out = []
    for code, prov in board.provinces.items():
        sea = prov.kind == "sea"
        font = italic if sea else bold
        x0, y0, x1, y1 = (int(v) for v in label_box(board, code, texts[code], font))
        x0, y0, x1, y1 = x0 - 2, y0 - 2, x1 + 3, y1 + 3
        patch = Image.new("RGBA", (x1 - x0, y1 - y0), (0, 0, 0, 0))
        d = ImageDraw.Draw(patch)
        lx, ly = prov.label
        if sea:
            d.text((lx - x0, ly - y0), texts[code], font=font, fill=style.SEA_LABEL + (255,), anchor="mm",
                   stroke_width=style.LABEL_STROKE, stroke_fill=style.SEA + (200,))
        else:
            d.text((lx - x0, ly - y0), texts[code], font=font, fill=style.LABEL + (255,), anchor="mm",
                   stroke_width=style.LABEL_STROKE, stroke_fill=(255, 255, 255, 190))
        out.append((patch, (x0, y0)))
    return tuple(out)


def _build(language: str) -> StaticLayers:
    board = load_board()
    W, H = board.width, board.height
    fonts = _fonts()

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
            _fill(draw, poly, province_index[prov.code], SEA_INDEX)
    for poly in board.water:
        _fill(draw, poly, SEA_INDEX, SEA_INDEX)
    for poly in board.impassable:
        _fill(draw, poly, IMPASSABLE_INDEX, SEA_INDEX)
    land_values = {IMPASSABLE_INDEX} | {province_index[p.code] for p in land}

    k = style.SUPERSAMPLE
    # Coastal halo: a soft light band on the water along every coast, as on printed maps.
    land_mask = index.point(lambda v: 255 if v in land_values else 0)
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

    names = name_table(language)
    texts = label_texts(board, names, fonts)
    return StaticLayers(board=board, index=index, province_index=province_index, overlay=overlay,
                        labels=_label_patches(board, texts, fonts), label_texts=texts, names=names,
                        label_boxes={c: label_box(board, c, t, fonts[(style.ITALIC_FONT, style.SEA_LABEL_SIZE)
                                                                     if board.provinces[c].kind == "sea"
                                                                     else (style.BOLD_FONT, style.LABEL_SIZE)])
                                     for c, t in texts.items()},
                        fonts=fonts)
