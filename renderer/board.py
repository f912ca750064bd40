"""The board's geometry as the renderer sees it: read-only values loaded from the asset.

Owns finding the renderer's files and parsing `standard_map.json` (built by
tools/map_build.py) into frozen values: per province its polygons (pixel rings) and
anchors. Nothing here draws. The files are package data, `renderer/assets/`, read through
importlib.resources, so a checkout, an editable install and a wheel install all find them
the same way; the environment variable DIPLOMACY_ASSETS names another folder to use instead.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path

Point = tuple[float, float]
Ring = tuple[Point, ...]
# A polygon is its exterior ring followed by its holes.
Polygon = tuple[Ring, ...]


ASSETS_ENV = "DIPLOMACY_ASSETS"
MAP_FILE = "standard_map.json"


def assets_dir() -> Traversable:
    """The folder the renderer draws with: DIPLOMACY_ASSETS when set, else the package's own."""
    override = os.environ.get(ASSETS_ENV)
    return Path(override) if override else files("renderer") / "assets"


@dataclass(frozen=True, slots=True)
class ProvinceShape:
    code: str
    kind: str  # "land", "coast" or "sea"
    polygons: tuple[Polygon, ...]
    label: Point
    unit: Point
    dislodged: Point
    sc: Point | None
    coasts: tuple[tuple[str, Point], ...]  # e.g. (("NC", (x, y)), ("SC", (x, y)))

    def unit_anchor(self, coast: str | None = None) -> Point:
        """Where a unit stands; a fleet on a split coast stands on that coast."""
        if coast:
            for name, point in self.coasts:
                if name == coast:
                    return point
        return self.unit


@dataclass(frozen=True, slots=True)
class Board:
    width: int
    height: int
    provinces: dict[str, ProvinceShape]
    impassable: tuple[Polygon, ...]
    water: tuple[Polygon, ...]  # water that is no province (the Sea of Marmara)

    def province(self, code: str) -> ProvinceShape | None:
        return self.provinces.get(code.upper())


def _polygons(raw: list) -> tuple[Polygon, ...]:
    return tuple(tuple(tuple(zip(ring[0::2], ring[1::2])) for ring in poly) for poly in raw)


def _point(raw: list | None) -> Point | None:
    return (float(raw[0]), float(raw[1])) if raw else None


def load_board(path: Traversable | None = None) -> Board:
    """Parse the geometry asset. Callers cache the result (see renderer.layers)."""
    path = path or assets_dir() / MAP_FILE
    data = json.loads(path.read_text(encoding="utf-8"))
    provinces = {}
    for code, p in data["provinces"].items():
        provinces[code] = ProvinceShape(
            code=code,
            kind=p["kind"],
            polygons=_polygons(p["polygons"]),
            label=_point(p["label"]),
            unit=_point(p["unit"]),
            dislodged=_point(p["dislodged"]),
            sc=_point(p.get("sc")),
            coasts=tuple((k, _point(v)) for k, v in sorted(p.get("coasts", {}).items())),
        )
    return Board(
        width=int(data["width"]),
        height=int(data["height"]),
        provinces=provinces,
        impassable=_polygons(data["impassable"]),
        water=_polygons(data["water"]),
    )
