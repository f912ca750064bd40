"""Build the standard board's geometry asset (developer-only; needs shapely and numpy).

Owns the one-off pipeline that turns Natural Earth country outlines plus our hand-written
seeds (tools/mapdata/standard.py) into renderer/assets/standard_map.json, which the renderer reads
at run time with nothing but the standard library.

    npm install --prefix /tmp/mapbuild world-atlas      # Natural Earth 1:50m as TopoJSON
    python tools/map_build.py --atlas /tmp/mapbuild/node_modules/world-atlas

Steps: decode TopoJSON -> project (Lambert conformal conic + radial enlargement) -> split
land into fixed provinces and Voronoi groups -> organic inner borders (smooth noise on
the Voronoi edges before clipping, so coastlines stay true) -> orphan fix-up -> seas as
Voronoi cells of the water -> coverage simplification (shared borders stay shared) ->
anchors -> JSON. The run is deterministic: same inputs, same file.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

import numpy as np
import shapely
import shapely.ops
from shapely.geometry import MultiPoint, MultiPolygon, Point, Polygon, box
from shapely.ops import polylabel

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from mapdata import standard as src  # noqa: E402

from renderer import style  # noqa: E402  (token and label sizes: one source of truth)

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "renderer" / "assets"  # package data: see renderer/assets/README.md
OUT = ASSETS / "standard_map.json"
FORMAT_VERSION = 1

SEA_CODES = ("ADR AEG BAL BAR BLA BOT EAS ENG HEL ION IRI LYO MAO NAO NTH NWG SKA TYS WES").split()
SUPPLY_CENTRES = (
    "ANK BEL BER BRE BUD BUL CON DEN EDI GRE HOL KIE LON LVP MAR MOS MUN NAP NWY PAR POR "
    "ROM RUM SER SEV SMY SPA STP SWE TRI TUN VEN VIE WAR"
).split()

# Inner borders: densify, then displace by a smooth field; amplitude and wavelengths in px.
NOISE_STEP = 5.0
NOISE_AMPLITUDE = 7.0
NOISE_WAVES = ((0.021, 0.013, 0.4), (-0.011, 0.027, 1.9), (0.034, -0.029, 3.1), (0.055, 0.047, 5.0))

SIMPLIFY_PX = 0.6
SMALL_FRAGMENT_PX = 300.0


# ---------------------------------------------------------------- TopoJSON decoding


def load_countries(atlas_dir: Path) -> dict[str, shapely.Geometry]:
    """Country name -> (Multi)Polygon in lon/lat, decoded from world-atlas's TopoJSON."""
    topo = json.loads((atlas_dir / "countries-50m.json").read_text(encoding="utf-8"))
    sx, sy = topo["transform"]["scale"]
    tx, ty = topo["transform"]["translate"]
    arcs = []
    for arc in topo["arcs"]:
        x = y = 0
        pts = []
        for dx, dy in arc:  # arcs are delta-encoded, quantized
            x += dx
            y += dy
            pts.append((x * sx + tx, y * sy + ty))
        arcs.append(pts)

    def ring(indices: list[int]) -> list[tuple[float, float]]:
        pts: list[tuple[float, float]] = []
        for i in indices:
            seg = arcs[i] if i >= 0 else arcs[~i][::-1]
            pts.extend(seg if not pts else seg[1:])
        return pts

    out: dict[str, shapely.Geometry] = {}
    for geom in topo["objects"]["countries"]["geometries"]:
        name = geom["properties"]["name"]
        if geom["type"] == "Polygon":
            polys = [geom["arcs"]]
        elif geom["type"] == "MultiPolygon":
            polys = geom["arcs"]
        else:
            continue
        shapes = []
        for poly in polys:
            rings = [ring(r) for r in poly]
            if name in ("Russia", "Fiji"):
                # They cross the antimeridian: unwrap so no bogus band spans the globe.
                rings = [[(x + 360 if x < -100 else x, y) for x, y in r] for r in rings]
            shapes.append(shapely.make_valid(Polygon(rings[0], rings[1:])))
        out[name] = shapely.union_all(shapes)
    return out


# ---------------------------------------------------------------- projection


class Projection:
    """Lambert conformal conic (sphere) followed by a Sarkar-Brown radial enlargement."""

    def __init__(self, cfg: dict) -> None:
        p1, p2 = (math.radians(v) for v in cfg["parallels"])
        self.lon0 = math.radians(cfg["origin"][0])
        lat0 = math.radians(cfg["origin"][1])
        t = lambda phi: math.tan(math.pi / 4 + phi / 2)  # noqa: E731
        self.n = math.log(math.cos(p1) / math.cos(p2)) / math.log(t(p2) / t(p1))
        self.F = math.cos(p1) * t(p1) ** self.n / self.n
        self.rho0 = self.F / t(lat0) ** self.n
        self.d = cfg["fisheye"]
        fx, fy = self._lcc(np.array([cfg["focus"][0]]), np.array([cfg["focus"][1]]))
        self.focus = (fx[0], fy[0])
        # Normalising radius: the distance to the farthest frame point.
        pts = [cfg[k] for k in ("frame_left", "frame_right", "frame_top", "frame_bottom")]
        xs, ys = self._lcc(np.array([p[0] for p in pts]), np.array([p[1] for p in pts]))
        self.R = float(np.max(np.hypot(xs - fx[0], ys - fy[0]))) * 1.15
        self.bumps = []
        for lon, lat, strength, radius in cfg.get("bumps", ()):
            bx, by = self._warp(*self._lcc(np.array([lon]), np.array([lat])))
            self.bumps.append((bx[0], by[0], strength, radius * self.R))
        wx, wy = self._bump(*self._warp(xs, ys))
        left, right, top, bottom = wx[0], wx[1], wy[2], wy[3]
        self.scale = cfg["width"] / (right - left)
        self.left, self.top = left, top
        self.width = cfg["width"]
        self.height = int(round((top - bottom) * self.scale))

    def _lcc(self, lon: np.ndarray, lat: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        phi = np.radians(lat)
        rho = self.F / np.tan(np.pi / 4 + phi / 2) ** self.n
        theta = self.n * (np.radians(lon) - self.lon0)
        return rho * np.sin(theta), self.rho0 - rho * np.cos(theta)

    def _warp(self, x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        dx, dy = x - self.focus[0], y - self.focus[1]
        r = np.hypot(dx, dy) / self.R
        safe = np.where(r == 0, 1, r)
        g = (self.d + 1) * r / (self.d * r + 1)
        k = np.where(r == 0, self.d + 1, g / safe)
        return self.focus[0] + dx * k, self.focus[1] + dy * k

    def _bump(self, x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        # Local enlargements (Britain, the Low Countries, the Straits): a radial push with a
        # Gaussian fall-off. Monotone (so it never folds) while strength < 2.
        for cx, cy, a, sigma in self.bumps:
            dx, dy = x - cx, y - cy
            k = 1 + a * np.exp(-(dx * dx + dy * dy) / (sigma * sigma))
            x, y = cx + dx * k, cy + dy * k
        return x, y

    def __call__(self, lon: np.ndarray, lat: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        x, y = self._bump(*self._warp(*self._lcc(lon, lat)))
        return (x - self.left) * self.scale, (self.top - y) * self.scale

    def point(self, lon: float, lat: float) -> tuple[float, float]:
        x, y = self(np.array([lon]), np.array([lat]))
        return float(x[0]), float(y[0])

    def geometry(self, g: shapely.Geometry) -> shapely.Geometry:
        g = shapely.segmentize(g, 0.2)  # long straight lon/lat edges must bend when projected
        return shapely.transform(g, lambda a: np.column_stack(self(a[:, 0], a[:, 1])))


# ---------------------------------------------------------------- geometry helpers


def noise(xy: np.ndarray) -> np.ndarray:
    """A smooth, deterministic displacement field: same point, same shift, so cells stay seamless."""
    x, y = xy[:, 0], xy[:, 1]
    dx = np.zeros_like(x)
    dy = np.zeros_like(y)
    for i, (a, b, ph) in enumerate(NOISE_WAVES):
        dx += np.sin(a * x + b * y + ph) / (i + 1) ** 0.5
        dy += np.cos(b * x - a * y + ph * 1.7) / (i + 1) ** 0.5
    norm = sum(1 / (i + 1) ** 0.5 for i in range(len(NOISE_WAVES)))
    return xy + np.column_stack((dx, dy)) * (NOISE_AMPLITUDE / norm) * 1.6


def polygons(g: shapely.Geometry) -> list[Polygon]:
    if g.is_empty:
        return []
    if isinstance(g, Polygon):
        return [g]
    if isinstance(g, MultiPolygon):
        return list(g.geoms)
    return [p for p in getattr(g, "geoms", []) if isinstance(p, Polygon)] + [
        q for p in getattr(g, "geoms", []) if isinstance(p, MultiPolygon) for q in p.geoms
    ]


def clean(g: shapely.Geometry) -> shapely.Geometry:
    g = shapely.make_valid(g)
    return MultiPolygon([p for p in polygons(g) if p.area > 0.5]) if not isinstance(g, Polygon) else g


def partition(
    region: shapely.Geometry, seeds: list[tuple[str, float, float]], frame: Polygon, organic: bool = True
) -> dict[str, shapely.Geometry]:
    """Voronoi cells of the seeds, with noisy edges, clipped to region, merged per code."""
    pts = MultiPoint([(x, y) for _, x, y in seeds])
    cells = list(shapely.voronoi_polygons(pts, extend_to=frame.buffer(400), ordered=True).geoms)
    if organic:
        lines = shapely.union_all([c.boundary for c in cells])
        lines = shapely.segmentize(lines, NOISE_STEP)
        lines = shapely.transform(lines, noise)
        faces = list(shapely.polygonize(list(getattr(lines, "geoms", [lines]))).geoms)
    else:
        faces = cells
    tree = shapely.STRtree([Point(x, y) for _, x, y in seeds])
    owner: dict[str, list[shapely.Geometry]] = {}
    for face in faces:
        hits = tree.query(face, predicate="contains")
        if len(hits):
            code = seeds[int(hits[0])][0]
        else:  # a sliver the noise cut off: give it to the cell it mostly came from
            code = seeds[int(np.argmax([face.intersection(c).area for c in cells]))][0]
        owner.setdefault(code, []).append(face)
    out = {}
    for code, fs in owner.items():
        g = clean(shapely.intersection(shapely.union_all(fs), region))
        if not g.is_empty:
            out[code] = g
    return fix_orphans(out, seeds)


def fix_orphans(parts: dict[str, shapely.Geometry], seeds) -> dict[str, shapely.Geometry]:
    """A fragment cut off from its province and touching a neighbour joins that neighbour."""
    seed_pts = {}
    for code, x, y in seeds:
        seed_pts.setdefault(code, []).append(Point(x, y))
    moved: dict[str, list[Polygon]] = {c: [] for c in parts}
    keep: dict[str, list[Polygon]] = {c: [] for c in parts}
    for code, g in parts.items():
        comps = sorted(polygons(g), key=lambda p: -p.area)
        for i, comp in enumerate(comps):
            if i == 0 or any(comp.contains(p) for p in seed_pts.get(code, [])):
                keep[code].append(comp)
                continue
            best, best_len = None, 0.0
            for other, og in parts.items():
                if other == code or code in ("XX", "WATER") and other in ("XX", "WATER"):
                    continue
                shared = comp.boundary.intersection(og.buffer(0.3)).length
                if shared > best_len:
                    best, best_len = other, shared
            if best is not None and best_len > 2.0:
                moved[best].append(comp)
            elif comp.area < SMALL_FRAGMENT_PX:
                # A scrap (a fjord's end, an islet): it goes to the nearest other province, so
                # no stray pocket of a far-away sea touches its neighbours.
                def gap(o: str) -> float:
                    return comp.distance(comps[0] if o == code else parts[o])

                nearest = min((o for o in parts if o not in ("XX", "WATER")), key=gap)
                (keep if nearest == code else moved)[nearest].append(comp)
            else:
                keep[code].append(comp)  # an island: it stays
    return {c: clean(shapely.union_all(keep[c] + moved[c])) for c in parts}


def absorb_scraps(geoms: dict[str, shapely.Geometry]) -> dict[str, shapely.Geometry]:
    """After simplification a narrow channel can pinch off a pocket of water or land; such a
    scrap joins the province it shares most border with (a fjord's end becomes land)."""
    geoms = dict(geoms)
    for code in list(geoms):
        if code in ("XX", "WATER", "SWI"):
            continue
        comps = sorted(polygons(geoms[code]), key=lambda p: -p.area)
        for comp in comps[1:]:
            if comp.area >= SMALL_FRAGMENT_PX:
                continue
            best, best_len = None, 0.5
            for other, og in geoms.items():
                if other in (code, "XX", "WATER", "SWI"):
                    continue
                if code not in SEA_CODES and other in SEA_CODES:
                    continue  # islands stay islands
                shared = comp.boundary.intersection(og.buffer(0.3)).length
                if shared > best_len:
                    best, best_len = other, shared
            if best:
                geoms[best] = clean(shapely.union_all([geoms[best], comp]))
                geoms[code] = clean(geoms[code].difference(comp.buffer(0.01)))
    return geoms


# ---------------------------------------------------------------- the build


def in_box(g: shapely.Geometry, bx: tuple[float, float, float, float]) -> bool:
    p = g.representative_point()
    return bx[0] <= p.x <= bx[2] and bx[1] <= p.y <= bx[3]


def build(atlas_dir: Path) -> dict:
    countries = load_countries(atlas_dir)
    proj = Projection(src.PROJECTION)
    W, H = proj.width, proj.height
    frame = box(0, 0, W, H)
    world_box = box(-30, 15, 95, 75)

    # Sort every country part (lon/lat) into: a fixed province, a group, or impassable.
    fixed_parts: dict[str, list] = {c: [] for c in src.FIXED}
    group_parts: dict[str, list] = {g: [] for g in src.GROUPS}
    impassable: list = []
    country_fixed = {n: (code, bx) for code, (names, bx) in src.FIXED.items() for n in names}
    country_group = {n: g for g, spec in src.GROUPS.items() for n in (spec["countries"] or ())}
    remainder_group = next(g for g, spec in src.GROUPS.items() if spec["countries"] is None)
    for name, geom in countries.items():
        geom = geom.intersection(world_box)
        for part in polygons(geom):
            if any(in_box(part, bx) for bx in src.IMPASSABLE_BOXES) or name in src.IMPASSABLE_COUNTRIES:
                impassable.append(part)
            elif name in country_fixed:
                code, bx = country_fixed[name]
                if bx is None or in_box(part, bx):
                    fixed_parts[code].append(part)
                else:
                    impassable.append(part)  # far islands (Canaries, Azores...): decoration
            elif name in country_group:
                g = country_group[name]
                bx = src.GROUPS[g].get("box")
                (group_parts[g] if bx is None or in_box(part, bx) else impassable).append(part)
            else:
                group_parts[remainder_group].append(part)

    def to_px(parts: list) -> shapely.Geometry:
        if not parts:
            return Polygon()
        return clean(proj.geometry(shapely.union_all(parts)).intersection(frame))

    land_pieces: dict[str, list] = {}
    for code, parts in fixed_parts.items():
        land_pieces.setdefault(code, []).append(to_px(parts))
    for g, spec in src.GROUPS.items():
        region = to_px(group_parts[g])
        seeds = [(c, *proj.point(lon, lat)) for c, lon, lat in spec["seeds"]]
        for code, geom in partition(region, seeds, frame).items():
            land_pieces.setdefault(code, []).append(geom)
    land_pieces.setdefault("XX", []).append(to_px(impassable))
    land = {c: clean(shapely.union_all(v)) for c, v in land_pieces.items()}

    # Narrow water the board treats as land (src.CLOSE_WATER): e.g. the Danish straits, so
    # Denmark touches Sweden and the Baltic is cut off from the Skagerrak, as the rules say.
    all_land = shapely.union_all(list(land.values()))
    for code, partners, bx, radius in src.CLOSE_WATER:
        area = proj.geometry(box(*bx))
        pair = shapely.union_all([land[c] for c in (code, *partners)])
        fill = pair.buffer(radius).buffer(-radius).intersection(area)
        fill = clean(fill.difference(all_land))
        land[code] = clean(shapely.union_all([land[code], fill]))
        all_land = shapely.union_all([all_land, fill])

    water = clean(frame.difference(all_land))
    seeds = [(c, *proj.point(lon, lat)) for c, lon, lat in src.SEA_SEEDS]
    seas = partition(water, seeds, frame, organic=True)

    everything = {**land, **seas}
    codes = list(everything)
    cov = shapely.coverage_simplify([everything[c] for c in codes], SIMPLIFY_PX)
    everything = {c: clean(g) for c, g in zip(codes, cov)}
    everything = absorb_scraps(everything)

    return {"proj": proj, "geoms": everything, "W": W, "H": H}


# ---------------------------------------------------------------- anchors and output


def inside(g: shapely.Geometry, x: float, y: float, margin: float = 5.0) -> tuple[float, float]:
    """The point itself when it lies well inside g, else the nearest point that does (a
    coast anchor given at sea lands on the coast)."""
    core = g.buffer(-margin)
    if core.is_empty:
        core = g
    p = Point(x, y)
    if core.contains(p):
        return x, y
    q = shapely.ops.nearest_points(core, p)[0]
    return q.x, q.y


# Layout of the anchors: every province gets a unit anchor (pole of inaccessibility, or by
# hand), then a label, a supply-centre disc and a dislodged-unit spot placed around it so
# that none of them touches a unit token standing anywhere on the board. Sizes are the
# renderer's (renderer/style.py), so what is checked here is what is drawn.
GAP = 3.0  # px of air between a label or disc and a token
LABEL_RESERVE_W = 40.0  # a label slot is at least this wide, so localised names fit too


def _token(x: float, y: float, scale: float = 1.0, pad: float = 0.0) -> shapely.Geometry:
    return box(
        x - style.UNIT_HALF_W * scale - pad,
        y - style.UNIT_UP * scale - pad,
        x + style.UNIT_HALF_W * scale + pad,
        y + style.UNIT_DOWN * scale + pad,
    )


def _label_size(code: str, sea: bool) -> tuple[float, float]:
    from PIL import ImageFont

    name, size = (style.ITALIC_FONT, style.SEA_LABEL_SIZE) if sea else (style.BOLD_FONT, style.LABEL_SIZE)
    font = ImageFont.truetype(str(ASSETS / "fonts" / name), size)
    l, t, r, b = font.getbbox(code, anchor="mm", stroke_width=style.LABEL_STROKE)
    # the slot's height has room for accents and descenders (Cyrillic у, Spanish ñ and Á)
    _, t2, _, b2 = font.getbbox("ÁWДуgj", anchor="mm", stroke_width=style.LABEL_STROKE)
    return max(r - l, LABEL_RESERVE_W), max(b, b2) - min(t, t2)


def _rings_around(x: float, y: float, w: float, h: float, scale: float = 1.0):
    """Candidate centres for a w x h box around a token at (x, y): above, below, the sides and
    the corners, at growing distance."""
    hw, up, dn = style.UNIT_HALF_W * scale, style.UNIT_UP * scale, style.UNIT_DOWN * scale
    for extra in (0, 5, 10, 16, 24, 34):
        gap = GAP + extra
        yield x, y - up - gap - h / 2
        yield x, y + dn + gap + h / 2
        yield x - hw - gap - w / 2, y
        yield x + hw + gap + w / 2, y
        yield x - hw - gap - w / 2 + w / 3, y - up - gap - h / 2
        yield x + hw + gap + w / 2 - w / 3, y - up - gap - h / 2
        yield x - hw - gap - w / 2 + w / 3, y + dn + gap + h / 2
        yield x + hw + gap + w / 2 - w / 3, y + dn + gap + h / 2


def _refit(g, a: dict, w: float, h: float, make, tokens: list, labels: list, margin: float = 12.0):
    """Try other unit anchors (grid points well inside g, most central first) until one
    leaves room for the label; on success move the unit (and its token in `tokens`)."""
    ux, uy = a["unit"]
    old = _token(ux, uy, pad=GAP)
    others = [t for t in tokens if not t.equals(old)]
    core = g.buffer(-margin)
    if core.is_empty:
        return None
    x0, y0, x1, y1 = core.bounds
    pts = [(x, y) for x in np.arange(x0, x1 + 1, 4.0) for y in np.arange(y0, y1 + 1, 4.0) if core.contains(Point(x, y))]
    pts.sort(key=lambda p: -g.boundary.distance(Point(p)))
    for px, py in pts:
        tok = _token(px, py, pad=GAP)
        if any(tok.intersects(b) for b in labels + others):
            continue
        found = _place(g, _rings_around(px, py, w, h), make, others + [tok] + labels, 1.0, strict=True)
        if found is not None:
            a["unit"] = [float(px), float(py)]
            tokens[:] = others + [tok]
            return found
    return None


def _grid(g: shapely.Geometry, step: float = 4.0) -> list[tuple[float, float]]:
    """Points inside g, most central first: the last resort of a placement."""
    x0, y0, x1, y1 = g.bounds
    pts = [
        (float(x), float(y))
        for x in np.arange(x0, x1 + 1, step)
        for y in np.arange(y0, y1 + 1, step)
        if g.contains(Point(x, y))
    ]
    pts.sort(key=lambda p: -g.boundary.distance(Point(p)))
    return pts


def _place(g: shapely.Geometry, candidates, make, blocked: list[shapely.Geometry], margin: float, strict: bool = False):
    """The first candidate whose shape lies inside g (by margin) and touches nothing blocked;
    else (unless strict) the candidate inside g with the least overlap; else None."""
    core = g.buffer(-margin)
    best, best_cost = None, math.inf
    for cx, cy in candidates:
        shape = make(cx, cy)
        if not core.contains(shape):
            continue
        cost = sum(shape.intersection(b).area for b in blocked if shape.intersects(b))
        if cost == 0:
            return cx, cy
        if cost < best_cost:
            best, best_cost = (cx, cy), cost
    return None if strict else best


def layout(geoms: dict[str, shapely.Geometry], codes: list[str], proj: Projection) -> dict[str, dict]:
    out: dict[str, dict] = {}
    for code in codes:
        g = geoms[code]
        over = src.ANCHORS.get(code, {})
        if "unit" in over:
            ux, uy = inside(g, *proj.point(*over["unit"]), margin=12.0)
        else:
            c = polylabel(max(polygons(g), key=lambda p: p.area), tolerance=0.5)
            ux, uy = c.x, c.y
        out[code] = {"unit": [ux, uy]}
        if "coasts" in over:
            out[code]["coasts"] = {k: list(inside(g, *proj.point(*v))) for k, v in over["coasts"].items()}
    tokens = [_token(*a["unit"], pad=GAP) for a in out.values()]
    tokens += [_token(*p, pad=GAP) for a in out.values() for p in a.get("coasts", {}).values()]
    labels: list[shapely.Geometry] = []
    discs: list[shapely.Geometry] = []
    r = style.SC_RADIUS + 2
    for code in codes:  # labels first: they matter most
        g, a = geoms[code], out[code]
        over = src.ANCHORS.get(code, {})
        ux, uy = a["unit"]
        w, h = _label_size(code, code in SEA_CODES)
        make = lambda cx, cy: box(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)  # noqa: E731
        if "label" in over:
            lx, ly = proj.point(*over["label"])
        else:
            found = _place(g, _rings_around(ux, uy, w, h), make, tokens + labels, 1.0, strict=True)
            if found is None and "unit" not in over:
                # A narrow province: move the unit to where it and its label both fit.
                found = _refit(g, a, w, h, make, tokens, labels) or _refit(g, a, w, h, make, tokens, labels, margin=7.0)
            lx, ly = found or _place(g, _rings_around(ux, uy, w, h), make, tokens + labels, 1.0) or (ux, uy - 27)
        a["label"] = [lx, ly]
        labels.append(make(lx, ly).buffer(1.0))
    for code in codes:  # then the supply-centre discs, clear of tokens and labels
        if code not in SUPPLY_CENTRES:
            continue
        g, a = geoms[code], out[code]
        over = src.ANCHORS.get(code, {})
        if "sc" in over:
            sx, sy = proj.point(*over["sc"])
        else:
            make = lambda cx, cy: Point(cx, cy).buffer(r)  # noqa: E731
            cands = [*_rings_around(*a["unit"], 2 * r, 2 * r), *_grid(g.buffer(-r - 1))]
            sx, sy = _place(g, cands, make, tokens + labels, 1.0) or tuple(a["unit"])
        a["sc"] = [sx, sy]
        discs.append(Point(sx, sy).buffer(r))
    k = style.DISLODGED_SCALE
    for code in codes:  # a dislodged unit stands beside the unit that dislodged it
        g, a = geoms[code], out[code]
        over = src.ANCHORS.get(code, {})
        if "dislodged" in over:
            dx, dy = proj.point(*over["dislodged"])
        else:
            ux, uy = a["unit"]
            sw, sh = 2 * style.UNIT_HALF_W * k, (style.UNIT_UP + style.UNIT_DOWN) * k
            cands = [*_rings_around(ux, uy, sw, sh), *_grid(g.buffer(-4))]
            make = lambda cx, cy: _token(cx, cy, k)  # noqa: E731
            own = _token(ux, uy, pad=GAP)
            dx, dy = _place(g, cands, make, [own] + labels + discs, -14.0) or (ux + 22, uy + 16)
        a["dislodged"] = [dx, dy]
    for code in codes:
        g, a = geoms[code], out[code]
        for key in ("label", "unit", "dislodged", "sc"):
            if key in a:
                a[key] = [round(v, 1) for v in inside(g, *a[key], margin=2.0 if key == "label" else 5.0)]
        if "coasts" in a:
            a["coasts"] = {ck: [round(cv[0], 1), round(cv[1], 1)] for ck, cv in a["coasts"].items()}
    return out


def rings(g: shapely.Geometry) -> list[list[list[float]]]:
    """[[exterior, hole, ...], ...] with each ring a flat [x0, y0, x1, y1, ...] list."""
    out = []
    for p in polygons(g):
        rs = []
        for r in [p.exterior, *p.interiors]:
            coords = np.round(np.asarray(r.coords)[:-1], 1)
            rs.append([float(v) for v in coords.ravel()])
        out.append(rs)
    return out


def to_json(built: dict) -> dict:
    geoms, proj = built["geoms"], built["proj"]
    provinces = {}
    codes = sorted(c for c in geoms if c not in ("XX", "WATER", "SWI"))
    anchors = layout(geoms, codes, proj)
    for code in codes:
        g = geoms[code]
        if code in SEA_CODES:
            kind = "sea"
        else:
            touches_sea = any(g.buffer(1.0).intersects(geoms[s]) for s in SEA_CODES)
            kind = "coast" if touches_sea else "land"
        provinces[code] = {"kind": kind, "polygons": rings(g), **anchors[code]}
    return {
        "format": FORMAT_VERSION,
        "about": "Standard Diplomacy board geometry in pixels, built by tools/map_build.py from "
        "tools/mapdata/standard.py. Coastlines: Natural Earth 1:50m (public domain) via "
        "the npm package world-atlas (ISC, (c) Michael Bostock). See assets/README.md.",
        "width": built["W"],
        "height": built["H"],
        "provinces": provinces,
        "impassable": rings(shapely.union_all([geoms["XX"], geoms["SWI"]])),
        "water": rings(geoms.get("WATER", Polygon())),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--atlas",
        type=Path,
        default=Path("/tmp/mapbuild/node_modules/world-atlas"),
        help="folder of the world-atlas npm package",
    )
    ap.add_argument("-o", "--output", type=Path, default=OUT)
    args = ap.parse_args(argv)
    data = to_json(build(args.atlas))
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    args.output.write_text(text + "\n", encoding="utf-8")
    print(
        f"wrote {args.output} ({len(text) // 1024} KB, {data['width']}x{data['height']}, "
        f"{len(data['provinces'])} provinces)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
