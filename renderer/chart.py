"""The supply-centre chart: each power's centre count per year, as a PNG.

Owns :func:`centre_chart` (PNG bytes) and :func:`centre_chart_image`. The input is the
counts per year (:meth:`engine.history.History.centres_by_year`: ``(year, {power: count})``,
the count at the start of each year), the output a line chart drawn with Pillow only:

- one line per power in the colours of the map (:mod:`renderer.style`), each with a dark
  edge (Russia's white and Turkey's yellow stay visible) and its own marker shape at every
  year (circle, square, triangle...), so lines are told apart without colour too; lines
  that run together are drawn a little apart;
- a dashed line at the centres needed to win (18), labelled with the number;
- a legend under the plot: marker, power name in the game's language
  (:func:`engine.wording.power_name`) and final count, most centres first;
- only numbers otherwise (years, counts), so nothing else needs translating; the caller
  may pass a ``title`` in its own words.

Sized for a phone: 800 px wide by default (Discord shows it about 400 px wide, so the 22 px
text reads at about 11 px), drawn at twice the size and reduced for smooth lines. Pure.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence

from PIL import Image, ImageDraw, ImageFont

from engine.power import Power
from engine.wording import power_name
from renderer import style

CHART_WIDTH = 800
SCALE = 2  # drawn this many times larger, then reduced (anti-aliasing)
BACKGROUND = style.LEGEND_BG
PLOT_BACKGROUND = (228, 222, 206)  # darker than white lines, lighter than the darkest
GRID = (205, 197, 178)
AXIS_TEXT = style.LABEL
WIN_LINE = style.FAIL
LINE_WIDTH = 4.0  # px at the output size
EDGE = 1.5  # dark edge on each side of a line
MARKER = 6.0  # marker radius
SPREAD = 2.0  # px between lines with the same count
TEXT_SIZE = 22
TITLE_SIZE = 26
# marker shapes by power, in Power order: (sides, rotation); 0 sides is a circle
MARKERS = ((0, 0), (4, 45), (3, 0), (4, 0), (3, 180), (5, 0), (6, 30))


def _marker(power: str) -> tuple[int, int]:
    try:
        return MARKERS[list(Power).index(Power(power))]
    except ValueError:  # a power this engine does not know: a circle
        return MARKERS[0]


def _ticks(low: int, high: int, most: int) -> list[int]:
    """Round-number ticks from low to high, at most ``most`` of them."""
    for step in (1, 2, 3, 5, 10, 20, 25, 50, 100):
        if (high - low) // step + 1 <= most:
            break
    first = -(-low // step) * step
    return list(range(first, high + 1, step))


def centre_chart_image(
    counts: Sequence[tuple[int, Mapping[str, int]]],
    *,
    language: str = "en",
    title: str = "",
    win_centres: int | None = 18,
    width: int = CHART_WIDTH,
) -> Image.Image:
    """The chart as an RGB image ``width`` pixels wide; see the module docstring.
    ``counts``: ``(year, {power: centres})`` in year order, at least one year.
    ``win_centres``: where to draw the winning line (None: no line)."""
    if not counts:
        raise ValueError("a centre chart needs at least one year")
    years = [year for year, _ in counts]
    if years != sorted(set(years)):
        raise ValueError("the years of a centre chart must increase")
    powers = sorted({p for _, c in counts for p in c}, key=lambda p: (_order(p), p))
    final = counts[-1][1]
    ranked = sorted(powers, key=lambda p: (-final.get(p, 0), _order(p), p))

    s = width / CHART_WIDTH * SCALE  # drawing units per output pixel
    text = style.load_font(style.BOLD_FONT, round(TEXT_SIZE * s))
    head = style.load_font(style.BOLD_FONT, round(TITLE_SIZE * s))
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    margin = 16 * s
    title_h = (TITLE_SIZE + 20) * s if title else 10 * s
    legend_rows, legend_cols, cell_w = _legend_layout(
        probe, ranked, final, language, text, width * SCALE - 2 * margin, s
    )
    row_h = (TEXT_SIZE + 14) * s
    plot_h = 420 * s
    W = width * SCALE
    H = int(title_h + plot_h + 50 * s + legend_rows * row_h + margin)
    img = Image.new("RGB", (W, H), BACKGROUND)
    d = ImageDraw.Draw(img)
    if title:
        d.text((W / 2, margin + TITLE_SIZE * s / 2), title, font=head, fill=AXIS_TEXT, anchor="mm")

    top = int(min(max((n for _, c in counts for n in c.values()), default=0) + 1, 34))
    if win_centres is not None:
        top = max(top, win_centres + 2)
    y_ticks = _ticks(0, top, 7)
    top = max(top, y_ticks[-1])
    label_w = max(probe.textlength(str(t), font=text) for t in y_ticks)
    left, right = margin + label_w + 10 * s, W - margin - 8 * s
    upper, lower = title_h, title_h + plot_h
    span = max(years[-1] - years[0], 1)

    def x_of(year: float) -> float:
        return left + (year - years[0]) / span * (right - left) if len(years) > 1 else (left + right) / 2

    def y_of(n: float) -> float:
        return lower - n / top * (lower - upper)

    d.rectangle((left, upper, right, lower), fill=PLOT_BACKGROUND)
    for t in y_ticks:
        d.line([(left, y_of(t)), (right, y_of(t))], fill=GRID, width=max(1, round(s)))
        d.text((left - 8 * s, y_of(t)), str(t), font=text, fill=AXIS_TEXT, anchor="rm")
    x_ticks = _ticks(years[0], years[-1], 6)
    if len(x_ticks) > 1 and x_ticks[0] - years[0] >= (x_ticks[1] - x_ticks[0]) / 2:
        x_ticks.insert(0, years[0])  # the first year is labelled too when there is room
    for year in x_ticks:
        d.line([(x_of(year), lower), (x_of(year), lower + 6 * s)], fill=AXIS_TEXT, width=max(1, round(s)))
        d.text((x_of(year), lower + 10 * s), str(year), font=text, fill=AXIS_TEXT, anchor="mt")
    if win_centres is not None and win_centres <= top:
        _dashed(d, left, right, y_of(win_centres), WIN_LINE, round(2.5 * s), 14 * s)
        d.text((right - 6 * s, y_of(win_centres) - 4 * s), str(win_centres), font=text, fill=WIN_LINE, anchor="rb")

    # lines with equal counts are spread around their true height, in a fixed power order
    for i, power in enumerate(powers):
        shift = (i - (len(powers) - 1) / 2) * SPREAD * s
        points = [(x_of(year), y_of(c.get(power, 0)) + shift) for year, c in counts]
        colour = style.unit_colour(power)
        if len(points) > 1:
            d.line(points, fill=style.OUTLINE, width=round((LINE_WIDTH + 2 * EDGE) * s), joint="curve")
            d.line(points, fill=colour, width=round(LINE_WIDTH * s), joint="curve")
        for point in points:
            _draw_marker(d, point, power, MARKER * s, colour, s)

    y = lower + 50 * s
    for k, power in enumerate(ranked):
        col, row = k % legend_cols, k // legend_cols
        x0 = margin + col * cell_w
        yc = y + row * row_h + row_h / 2
        d.line([(x0, yc), (x0 + 34 * s, yc)], fill=style.OUTLINE, width=round((LINE_WIDTH + 2 * EDGE) * s))
        d.line([(x0, yc), (x0 + 34 * s, yc)], fill=style.unit_colour(power), width=round(LINE_WIDTH * s))
        _draw_marker(d, (x0 + 17 * s, yc), power, MARKER * s, style.unit_colour(power), s)
        d.text((x0 + 44 * s, yc), _legend_label(power, final, language), font=text, fill=AXIS_TEXT, anchor="lm")
    return img.resize((width, round(H / SCALE)), Image.Resampling.LANCZOS)


def centre_chart(
    counts: Sequence[tuple[int, Mapping[str, int]]],
    *,
    language: str = "en",
    title: str = "",
    win_centres: int | None = 18,
    width: int = CHART_WIDTH,
) -> bytes:
    """:func:`centre_chart_image` as PNG bytes (a palette PNG: a chart has few colours)."""
    img = centre_chart_image(counts, language=language, title=title, win_centres=win_centres, width=width)
    buf = io.BytesIO()
    # the anti-aliased edges need more than a handful of colours, but far fewer than 256
    img.quantize(128, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(buf, format="PNG", optimize=True)
    return buf.getvalue()


def _order(power: str) -> int:
    try:
        return list(Power).index(Power(power))
    except ValueError:
        return len(Power)


def _legend_label(power: str, final: Mapping[str, int], language: str) -> str:
    return f"{power_name(power, language)} {final.get(power, 0)}"


def _legend_layout(
    probe: ImageDraw.ImageDraw,
    powers: list[str],
    final: Mapping[str, int],
    language: str,
    font: ImageFont.FreeTypeFont | ImageFont.ImageFont,
    room: float,
    s: float,
) -> tuple[int, int, float]:
    """Rows, columns and column width of the legend: as many columns as fit, at most 4."""
    widest = max((probe.textlength(_legend_label(p, final, language), font=font) for p in powers), default=0)
    cell = widest + 44 * s + 24 * s
    cols = max(1, min(4, int(room // cell), len(powers) or 1))
    rows = -(-len(powers) // cols)
    return rows, cols, room / cols


def _dashed(
    d: ImageDraw.ImageDraw, x0: float, x1: float, y: float, colour: tuple[int, int, int], width: int, dash: float
) -> None:
    x = x0
    while x < x1:
        d.line([(x, y), (min(x + dash, x1), y)], fill=colour, width=width)
        x += dash * 1.8


def _draw_marker(
    d: ImageDraw.ImageDraw, at: tuple[float, float], power: str, radius: float, colour: tuple[int, int, int], s: float
) -> None:
    sides, rotation = _marker(power)
    edge = max(1, round(EDGE * s))
    if sides == 0:
        d.ellipse(
            (at[0] - radius, at[1] - radius, at[0] + radius, at[1] + radius),
            fill=colour,
            outline=style.OUTLINE,
            width=edge,
        )
    else:
        # polygons look smaller than a circle of the same radius: a little larger
        d.regular_polygon(
            (at[0], at[1], radius * 1.2), sides, rotation=rotation, fill=colour, outline=style.OUTLINE, width=edge
        )
