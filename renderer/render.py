"""The renderer's entry point: a position (+ orders + results) in, PNG bytes out.

Owns the order of work for one map (scene -> the part of the board and its scale -> base,
centres and order lines -> labels of a language -> units and marks -> legend -> encode),
which pictures of one scene share work, the front crops (around one or several powers) and
the PNG encoding. Pure: no I/O, no shared mutable state beyond the static layer cache, so
it is safe to call from worker threads.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from PIL import Image

from renderer import png, style
from renderer.draw import Frame, draw_over, draw_under, legend
from renderer.labels import Script, label_set
from renderer.layers import CACHE, geometry, label_layer, names, token_box
from renderer.scene import Scene, scene_from_objects

Front = str | tuple[str, ...] | None  # a power, several powers (one crop around them all), or the whole board


@dataclass(frozen=True, slots=True)
class View:
    """One picture of a scene: the whole board (no powers) or the crop around some powers'
    units, in a language and label set ("latin", "cyrillic"; None: the language's default)."""

    language: str = "en"
    labels: str | None = None
    front: tuple[str, ...] = ()


def powers_of(front: Front) -> tuple[str, ...]:
    """A front as given (a power name, several, or None) as a tuple of upper-case powers."""
    if front is None:
        return ()
    if isinstance(front, str):
        return (front.upper(),)
    return tuple(dict.fromkeys(p.upper() for p in front))


def make_scene(
    position: Mapping | Scene, orders: object = None, results: Mapping | None = None, fog: str | None = None
) -> Scene:
    if isinstance(position, Scene):
        return position
    return scene_from_objects(position, orders, results, fog=fog)


def front_box(scene: Scene, powers: Front, board_size: tuple[int, int] | None = None) -> tuple[int, int, int, int]:
    """The part of the board (board px) around the units of one or several powers (dislodged
    ones too: a retreat phase is about them), or their centres if they have none: every
    token whole, with FRONT_MARGIN around, at least FRONT_MIN_SIZE, at least as tall as wide
    and at most FRONT_MAX_TALL times taller, slid inside the board."""
    board = geometry().board
    W, H = board_size or (board.width, board.height)
    wanted = set(powers_of(powers))
    boxes = [
        token_box(board.provinces[u.province].unit_anchor(u.coast))
        for u in scene.units
        if u.power in wanted and u.province in board.provinces
    ]
    boxes += [
        token_box(board.provinces[u.province].dislodged, style.DISLODGED_SCALE)
        for u in scene.dislodged
        if u.power in wanted and u.province in board.provinces
    ]
    if not boxes:
        boxes = [
            token_box(board.provinces[p].unit)
            for p, owner in scene.centres.items()
            if owner in wanted and p in board.provinces
        ]
    if not boxes:
        return (0, 0, W, H)
    m = style.FRONT_MARGIN
    x0, y0 = min(b[0] for b in boxes) - m, min(b[1] for b in boxes) - m
    x1, y1 = max(b[2] for b in boxes) + m, max(b[3] for b in boxes) + m
    min_w = max(style.FRONT_MIN_SIZE[0], (y1 - y0) / style.FRONT_MAX_TALL)
    min_h = max(style.FRONT_MIN_SIZE[1], x1 - x0, min_w)
    out = []
    for lo, hi, minimum, limit in ((x0, x1, min_w, W), (y0, y1, min_h, H)):
        # Grow to the minimum size around the centre, then slide inside the board.
        if hi - lo < minimum:
            c = (lo + hi) / 2
            lo, hi = c - minimum / 2, c + minimum / 2
        if lo < 0:
            lo, hi = 0, hi - lo
        if hi > limit:
            lo, hi = max(0, lo - (hi - limit)), limit
        out += [lo, hi]
    return (math.floor(out[0]), math.floor(out[2]), math.ceil(out[1]), math.ceil(out[3]))


def front_groups(position: Mapping | Scene, powers: Iterable[str]) -> tuple[tuple[str, ...], ...]:
    """How to show a player several powers: one crop for powers whose units lie close
    together (their shared front reads best in one picture), one crop each for those far
    apart (a crop around all would be the whole board, its labels unreadable on a phone).
    Neighbours are merged, nearest first, while their crop stays FRONT_LEGIBLE_WIDTH wide
    and FRONT_MAX_TALL times that tall; each group is in the order the powers were given."""
    scene = make_scene(position)
    order = powers_of(tuple(powers))
    groups = [(p,) for p in order]

    def fits(group: tuple[str, ...]) -> tuple[bool, int]:
        x0, y0, x1, y1 = front_box(scene, group)
        w, h = x1 - x0, y1 - y0
        return w <= style.FRONT_LEGIBLE_WIDTH and h <= style.FRONT_LEGIBLE_WIDTH * style.FRONT_MAX_TALL, w * h

    while True:
        pairs = []
        for i in range(len(groups)):
            for j in range(i + 1, len(groups)):
                merged = tuple(p for p in order if p in groups[i] + groups[j])
                ok, area = fits(merged)
                if ok:
                    pairs.append((area, i, j, merged))
        if not pairs:
            return tuple(groups)
        _, i, j, merged = min(pairs)
        groups = [g for k, g in enumerate(groups) if k not in (i, j)]
        groups.insert(i, merged)


def front_label_size(width: float) -> float:
    """The label size (board px) that keeps labels PHONE_LABEL_PX tall when a crop `width`
    board px wide is shown PHONE_WIDTH wide; whole pixels, so few layouts are cached."""
    wanted = math.ceil(style.PHONE_LABEL_PX * width / style.PHONE_WIDTH)
    return float(min(style.FRONT_LABEL_MAX, max(style.LABEL_SIZE, wanted)))


@dataclass(frozen=True, slots=True)
class _Region:
    """The part of the board a picture shows and how it is drawn."""

    box: tuple[int, int, int, int]  # board px
    scale: float
    label_size: float
    phone: bool  # a front, read on a phone: the legend is sized for phone width

    @property
    def frame(self) -> Frame:
        return Frame(self.scale, round(self.box[0] * self.scale), round(self.box[1] * self.scale))

    @property
    def legend_scale(self) -> float:
        """The full map's legend as it is; a front's, LEGEND_PHONE_PX tall at phone width."""
        if not self.phone:
            return 1.0
        width = self.size[0]
        return width * style.LEGEND_PHONE_PX / (style.PHONE_WIDTH * style.LEGEND_TEXT_SIZE)

    @property
    def size(self) -> tuple[int, int]:
        return (round((self.box[2] - self.box[0]) * self.scale), round((self.box[3] - self.box[1]) * self.scale))


def _region(scene: Scene, powers: tuple[str, ...]) -> _Region:
    board = geometry().board
    if not powers:
        return _Region((0, 0, board.width, board.height), 1.0, float(style.LABEL_SIZE), False)
    box = front_box(scene, powers)
    return _Region(box, style.FRONT_SCALE, front_label_size(box[2] - box[0]), True)


@dataclass(frozen=True, slots=True)
class _Picture:
    """A finished map as its two parts: the board and the legend strip under it. Encoded as
    they are (renderer.png maps and compresses parts one under the other), so the map is
    not copied whole into one image first; image() is that image."""

    board: Image.Image
    strip: Image.Image

    @property
    def parts(self) -> tuple[Image.Image, Image.Image]:
        return (self.board, self.strip)

    def image(self) -> Image.Image:
        out = Image.new("RGB", (self.board.width, self.board.height + self.strip.height))
        out.paste(self.board, (0, 0))
        out.paste(self.strip, (0, self.board.height))
        return out


def _finish(board: Image.Image, region: _Region, scene: Scene, view: View, game_name: str) -> _Picture:
    """A drawing of draw_under (drawn on) with one language's labels, the units and marks, and the legend."""
    chosen = label_set(view.language, view.labels)
    labels = label_layer(chosen, region.label_size, region.scale)
    draw_over(board, labels, scene, region.frame)
    # the game's powers (a duel's two: issue 25), with any that has a unit or a centre on the board
    known = set(scene.powers) if scene.powers else set(style.UNIT_COLOURS)
    powers = sorted(known | {u.power for u in scene.units} | set(scene.centres.values()))
    in_latin = chosen.script == Script.LATIN and view.language in ("ru", "bg")  # the labels' letters
    strip = legend(names(view.language), scene, board.width, game_name, powers, region.legend_scale, in_latin)
    return _Picture(board, strip)


def _images(scene: Scene, views: Iterable[View], game_name: str) -> Iterable[tuple[View, _Picture]]:
    """Each view's picture; views of the same part of the board share its drawing."""
    by_front: dict[tuple[str, ...], list[View]] = {}
    for view in dict.fromkeys(views):
        label_set(view.language, view.labels)  # an unknown language or label set fails before any drawing
        by_front.setdefault(view.front, []).append(view)
    for front, group in by_front.items():
        region = _region(scene, front)
        under = draw_under(geometry(region.scale), scene, region.frame, region.size)
        for i, view in enumerate(group):
            # the last view may draw on the shared drawing itself; the others on copies
            yield view, _finish(under if i == len(group) - 1 else under.copy(), region, scene, view, game_name)


def render_image(
    position: Mapping | Scene,
    orders: object = None,
    results: Mapping | None = None,
    *,
    game_name: str = "",
    front: Front = None,
    language: str = "en",
    labels: str | None = None,
    fog: str | None = None,
) -> Image.Image:
    """Like render(), but returns the RGB image (for tests and tools)."""
    scene = make_scene(position, orders, results, fog)
    view = View(language, labels, powers_of(front))
    return next(iter(_images(scene, [view], game_name)))[1].image()


def render_many(
    position: Mapping | Scene,
    orders: object = None,
    results: Mapping | None = None,
    *,
    game_name: str = "",
    views: Iterable[View] = (View(),),
    fog: str | None = None,
) -> dict[View, bytes]:
    """PNGs of one scene in several languages and crops, each part drawn once: tints,
    centres and order lines once per part of the board, then per view only its labels,
    the units and marks, the legend and the encoding. ``fog``: as render()."""
    scene = make_scene(position, orders, results, fog)
    return {view: _encode(picture) for view, picture in _images(scene, views, game_name)}


def render_views(
    position: Mapping | Scene,
    orders: object = None,
    results: Mapping | None = None,
    *,
    game_name: str = "",
    language: str = "en",
    labels: str | None = None,
    fronts: Sequence[Front] = (None,),
    fog: str | None = None,
) -> dict[Front, bytes]:
    """Several PNGs of one position in one language at the cost of drawing it about once:
    the whole board (``None``) and/or the fronts of the named powers, e.g. the channel's map
    and every player's phone-sized crop of the same phase. A front may name several powers
    (a tuple): one crop around all their units. Keys are the fronts as given."""
    views = {front: View(language, labels, powers_of(front)) for front in dict.fromkeys(fronts)}
    pictures = render_many(position, orders, results, game_name=game_name, views=views.values(), fog=fog)
    return {front: pictures[view] for front, view in views.items()}


def _sample_scene() -> Scene:
    """A busy scene with every power's colours and every kind of mark, to learn a palette."""
    powers = sorted(style.UNIT_COLOURS)
    board = geometry().board
    centres = [p.code for p in board.provinces.values() if p.sc is not None]
    land = sorted(p.code for p in board.provinces.values() if p.kind != "sea")
    units = {pw: [f"A {land[i]}" for i in range(k, len(land), len(powers))] for k, pw in enumerate(powers)}
    owners = {pw: centres[k :: len(powers)] for k, pw in enumerate(powers)}
    orders = []
    for pw, us in units.items():
        orders += [
            {"power": pw, "order": f"{us[0]} H", "ok": False, "result": "dislodged"},
            {"power": pw, "order": f"{us[1]} - {land[0]}", "ok": False, "result": "bounce"},
            {"power": pw, "order": f"{us[2]} S {us[1]} - {land[0]}", "ok": True, "result": "ok"},
            {"power": pw, "order": f"{us[3]} R {land[1]}", "ok": True, "result": "ok"},
            {"power": pw, "order": f"{us[4]} B", "ok": True, "result": "ok"},
        ]
    return scene_from_objects({"phase": "S1901M", "units": units, "centers": owners}, orders)


def _palette() -> Image.Image:
    # Learnt once from a busy sample: mapping each render onto a fixed palette is about four
    # times faster than quantizing it afresh, and colours stay the same from map to map.
    sample = render_image(_sample_scene(), game_name="Palette")
    return sample.quantize(style.PNG_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def encode_png(img: Image.Image) -> bytes:
    """The picture as a PNG on the fixed palette; an RGB one in bands, those it shares with a
    map encoded lately taken from it (renderer.png)."""
    palette = CACHE.get_or_build("palette", "png", _palette)
    if img.mode == "RGB":
        return png.encode([img], palette)
    pal = img.quantize(palette=palette, dither=Image.Dither.NONE)  # type: ignore[arg-type]
    buf = io.BytesIO()
    pal.save(buf, format="PNG", compress_level=style.PNG_COMPRESS_LEVEL, compress_type=style.PNG_COMPRESS_STRATEGY)
    return buf.getvalue()


def _encode(picture: _Picture) -> bytes:
    """A finished map as encode_png(picture.image()) encodes it: the same bytes."""
    return png.encode(picture.parts, CACHE.get_or_build("palette", "png", _palette))  # type: ignore[arg-type]


def warm_up(languages: Iterable[str] = ("en",)) -> None:
    """Build the static layers now rather than at the first map (a worker process at start):
    the full map's and the front crops' geometry, the languages' default labels, the palette."""
    geometry(style.FRONT_SCALE)
    for language in languages:
        label_layer(label_set(language))
    CACHE.get_or_build("palette", "png", _palette)


def render(
    position: Mapping | Scene,
    orders: object = None,
    results: Mapping | None = None,
    *,
    game_name: str = "",
    front: Front = None,
    language: str = "en",
    labels: str | None = None,
    fog: str | None = None,
) -> bytes:
    """Draw a position as a PNG.

    position: the spec's input object (phase, units, centers, dislodged[, orders]) or a Scene.
    orders: {power: [order, ...]} or the output object's order entries [{power, order, ok,
        result}, ...]; default: position["orders"] or results["orders"].
    results: the output object of the adjudication command (ok/result per order, destroyed).
    front: a power name, or several (a tuple): crop to the part of the board around their
        units, drawn larger and with larger labels, for phones.
    language: the language of labels and legend ("en", "es", "ru", "bg").
    labels: the label set's script, "latin" or "cyrillic" (Russian has both; default: the
        language's own, Cyrillic for Russian and Bulgarian). Unknown values raise ValueError.
    fog: a power: draw the map as that power sees it under Fog of War (the provinces out of
        its sight greyed, with no unit, owner or arrow in them: renderer.scene.fogged).
    """
    return encode_png(
        render_image(
            position, orders, results, game_name=game_name, front=front, language=language, labels=labels, fog=fog
        )
    )
