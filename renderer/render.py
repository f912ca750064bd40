"""The renderer's entry point: a position (+ orders + results) in, PNG bytes out.

Owns the order of work for one map (scene -> base -> units and orders -> legend -> crop ->
encode) and the PNG encoding. Pure: no I/O, no shared mutable state beyond the static
layer cache, so it is safe to call from worker threads.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence

from PIL import Image

from renderer import style
from renderer.draw import draw_scene, legend
from renderer.layers import CACHE, static_layers
from renderer.scene import Scene, scene_from_objects

FRONT_MARGIN = 110  # board pixels kept around a power's units in a front crop
FRONT_MIN_SIZE = (760, 560)


def make_scene(position: Mapping | Scene, orders: object = None, results: Mapping | None = None) -> Scene:
    if isinstance(position, Scene):
        return position
    return scene_from_objects(position, orders, results)


def front_box(scene: Scene, power: str, board_size: tuple[int, int]) -> tuple[int, int, int, int]:
    """The part of the board around one power's units (or its centres if it has none)."""
    layers = static_layers()
    pts = [layers.board.provinces[u.province].unit for u in scene.units
           if u.power == power.upper() and u.province in layers.board.provinces]
    if not pts:
        pts = [layers.board.provinces[p].unit for p, owner in scene.centres.items()
               if owner == power.upper() and p in layers.board.provinces]
    W, H = board_size
    if not pts:
        return (0, 0, W, H)
    x0 = min(p[0] for p in pts) - FRONT_MARGIN
    x1 = max(p[0] for p in pts) + FRONT_MARGIN
    y0 = min(p[1] for p in pts) - FRONT_MARGIN
    y1 = max(p[1] for p in pts) + FRONT_MARGIN
    # Grow to the minimum size around the centre, then slide inside the board.
    for lo, hi, minimum, limit, axis in ((x0, x1, FRONT_MIN_SIZE[0], W, 0), (y0, y1, FRONT_MIN_SIZE[1], H, 1)):
        if hi - lo < minimum:
            c = (lo + hi) / 2
            lo, hi = c - minimum / 2, c + minimum / 2
        if lo < 0:
            lo, hi = 0, hi - lo
        if hi > limit:
            lo, hi = max(0, lo - (hi - limit)), limit
        if axis == 0:
            x0, x1 = lo, hi
        else:
            y0, y1 = lo, hi
    return (int(x0), int(y0), int(x1), int(y1))


def render_image(position: Mapping | Scene, orders: object = None, results: Mapping | None = None, *,
                 game_name: str = "", front: str | None = None, language: str = "en") -> Image.Image:
    """Like render(), but returns the RGB image (for tests and tools)."""
    scene = make_scene(position, orders, results)
    layers = static_layers(language)
    board = draw_scene(layers, scene)
    return _framed(layers, scene, board, front, game_name)


def _framed(layers, scene: Scene, board: Image.Image, front: str | None, game_name: str) -> Image.Image:
    """The board (cropped to a power's front when asked) with the legend strip below."""
    if front:
        board = board.crop(front_box(scene, front, board.size))
    powers = sorted(set(style.UNIT_COLOURS) | {u.power for u in scene.units} | set(scene.centres.values()))
    strip = legend(layers, scene, board.width, game_name, powers)
    out = Image.new("RGB", (board.width, board.height + strip.height))
    out.paste(board, (0, 0))
    out.paste(strip, (0, board.height))
    return out


def render_views(position: Mapping | Scene, orders: object = None, results: Mapping | None = None, *,
                 game_name: str = "", language: str = "en",
                 fronts: Sequence[str | None] = (None,)) -> dict[str | None, bytes]:
    """Several PNGs of one position at the cost of drawing it once: the whole board
    (``None``) and/or the fronts of the named powers, e.g. the channel's map and every
    player's phone-sized crop of the same phase."""
    scene = make_scene(position, orders, results)
    layers = static_layers(language)
    board = draw_scene(layers, scene)
    return {front: encode_png(_framed(layers, scene, board, front, game_name))
            for front in dict.fromkeys(fronts)}


def _sample_scene() -> Scene:
    """A busy scene with every power's colours and every kind of mark, to learn a palette."""
    powers = sorted(style.UNIT_COLOURS)
    layers = static_layers()
    centres = [p.code for p in layers.board.provinces.values() if p.sc is not None]
    land = sorted(p.code for p in layers.board.provinces.values() if p.kind != "sea")
    units = {pw: [f"A {land[i]}" for i in range(k, len(land), len(powers))] for k, pw in enumerate(powers)}
    owners = {pw: centres[k::len(powers)] for k, pw in enumerate(powers)}
    orders = []
    for pw, us in units.items():
        orders += [{"power": pw, "order": f"{us[0]} H", "ok": False, "result": "dislodged"},
                   {"power": pw, "order": f"{us[1]} - {land[0]}", "ok": False, "result": "bounce"},
                   {"power": pw, "order": f"{us[2]} S {us[1]} - {land[0]}", "ok": True, "result": "ok"},
                   {"power": pw, "order": f"{us[3]} R {land[1]}", "ok": True, "result": "ok"},
                   {"power": pw, "order": f"{us[4]} B", "ok": True, "result": "ok"}]
    return scene_from_objects({"phase": "S1901M", "units": units, "centers": owners}, orders)


def _palette() -> Image.Image:
    # Learnt once from a busy sample: mapping each render onto a fixed palette is about four
    # times faster than quantizing it afresh, and colours stay the same from map to map.
    sample = render_image(_sample_scene(), game_name="Palette")
    return sample.quantize(style.PNG_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def encode_png(img: Image.Image) -> bytes:
    palette = CACHE.get_or_build("palette", "png", _palette)
    pal = img.quantize(palette=palette, dither=Image.Dither.NONE)  # type: ignore[arg-type]
    buf = io.BytesIO()
    pal.save(buf, format="PNG", compress_level=style.PNG_COMPRESS_LEVEL,
             compress_type=style.PNG_COMPRESS_STRATEGY)
    return buf.getvalue()


def render(position: Mapping | Scene, orders: object = None, results: Mapping | None = None, *,
           game_name: str = "", front: str | None = None, language: str = "en") -> bytes:
    """Draw a position as a PNG.

    position: the spec's input object (phase, units, centers, dislodged[, orders]) or a Scene.
    orders: {power: [order, ...]} or the output object's order entries [{power, order, ok,
        result}, ...]; default: position["orders"] or results["orders"].
    results: the output object of the adjudication command (ok/result per order, destroyed).
    front: a power name: crop to the part of the board around that power's units.
    """
    return encode_png(render_image(position, orders, results, game_name=game_name, front=front,
                                   language=language))
