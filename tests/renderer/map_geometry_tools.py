"""Pure-Pillow checks of the board geometry, shared by the tests and tools/map_check.py.

Owns the raster method: each province is painted with its own value, and two provinces
share a border when enough pixel pairs across it are neighbours. No shapely needed.
"""

from __future__ import annotations

from collections import Counter

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from renderer.board import Board

MIN_SHARED_PX = 4  # a border shorter than this is a point contact, not a shared border


def province_raster(board: Board) -> tuple[Image.Image, list[str]]:
    """Mode "L" image, 0 where no province; seas first so islands cut into them."""
    codes = sorted(board.provinces, key=lambda c: (board.provinces[c].kind != "sea", c))
    img = Image.new("L", (board.width, board.height), 0)
    d = ImageDraw.Draw(img)
    for i, code in enumerate(codes, start=1):
        for poly in board.provinces[code].polygons:
            d.polygon(list(poly[0]), fill=i)
            for hole in poly[1:]:
                d.polygon(list(hole), fill=0)
    for poly in board.impassable + board.water:
        d.polygon(list(poly[0]), fill=0)
    return img, codes


def drawn_adjacency(board: Board) -> set[frozenset[str]]:
    img, codes = province_raster(board)
    # One blank column on the right, so a row's last pixel never pairs with the next row's first.
    padded = Image.new("L", (img.width + 1, img.height), 0)
    padded.paste(img, (0, 0))
    data = padded.tobytes()
    w = padded.width
    pairs: Counter[tuple[int, int]] = Counter()
    for a, b in zip(data, data[1:]):
        if a != b and a and b:
            pairs[(a, b) if a < b else (b, a)] += 1
    for a, b in zip(data, data[w:]):
        if a != b and a and b:
            pairs[(a, b) if a < b else (b, a)] += 1
    return {frozenset((codes[a - 1], codes[b - 1])) for (a, b), n in pairs.items() if n >= MIN_SHARED_PX}


def overlapping_pixels(board: Board) -> dict[str, int]:
    """Per province, pixels also covered by another province, beyond the shared edge line."""
    count = Image.new("L", (board.width, board.height), 0)
    masks = {}
    for code, prov in board.provinces.items():
        m = Image.new("L", (board.width, board.height), 0)
        d = ImageDraw.Draw(m)
        for poly in prov.polygons:
            d.polygon(list(poly[0]), fill=1)
            for hole in poly[1:]:
                d.polygon(list(hole), fill=0)
        masks[code] = m
        count = ImageChops.add(count, m)
    # Pixels painted twice; a 3x3 erosion drops the one-pixel line where neighbours meet.
    twice = count.point(lambda v: 255 if v >= 2 else 0).filter(ImageFilter.MinFilter(3))
    out = {}
    for code, m in masks.items():
        n = ImageChops.multiply(twice, m.point(lambda v: 255 * v)).histogram()[255]
        if n:
            out[code] = n
    return out


def point_in_polygons(board: Board, code: str, x: float, y: float) -> bool:
    inside = False
    for poly in board.provinces[code].polygons:
        for ring in poly:  # even-odd over exterior and holes
            n = len(ring)
            for i in range(n):
                x1, y1 = ring[i]
                x2, y2 = ring[(i + 1) % n]
                if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                    inside = not inside
    return inside
