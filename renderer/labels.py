"""Province labels: which short form each province shows, in which script, and where it goes.

Owns the label sets (``renderer/assets/labels.json``: per language one set a script, each
complete and in one script, so a map never mixes alphabets) and their layout: every label
is placed inside its province, clear of every unit token, supply centre and other label,
moving a few pixels from its anchor or, failing that, shrinking a little. The layout is
computed once per set, label size and drawing scale, and cached by renderer.layers.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from importlib.resources import files

from PIL import Image, ImageChops, ImageFilter, ImageFont

from engine.names import LANGUAGES, table
from renderer import style
from renderer.board import Board

LABELS_FILE = "labels.json"
Box = tuple[float, float, float, float]


class Script(StrEnum):
    """The alphabet of a label set; its value is what `labels=` and `--labels` take."""

    LATIN = "latin"
    CYRILLIC = "cyrillic"


@dataclass(frozen=True, slots=True)
class LabelSet:
    """One language's labels in one script, e.g. Russian in Cyrillic (``ru/cyrillic``)."""

    language: str
    script: Script

    @property
    def key(self) -> str:
        return f"{self.language}/{self.script}"


@cache
def _data() -> dict:
    # The package's own copy, also when DIPLOMACY_ASSETS names another folder: that names a
    # rebuilt board and fonts to try; the labels are keyed by province code, board or not.
    return json.loads((files("renderer") / "assets" / LABELS_FILE).read_text(encoding="utf-8"))


def label_sets() -> tuple[LabelSet, ...]:
    """Every label set there is, e.g. ``ru/cyrillic`` and ``ru/latin``."""
    out = []
    for key in _data()["sets"]:
        language, script = key.split("/")
        out.append(LabelSet(language, Script(script)))
    return tuple(out)


def label_set(language: str, labels: str | None = None) -> LabelSet:
    """The label set of a language: `labels` names its script ("latin", "cyrillic"); None
    takes the language's default. Raises ValueError for an unknown language or a script the
    language has no labels in."""
    if language not in LANGUAGES:
        raise ValueError(f"unknown map language {language!r}: expected one of {', '.join(LANGUAGES)}")
    scripts = [s.script for s in label_sets() if s.language == language]
    if labels is None:
        return LabelSet(language, Script(_data()["default"][language]))
    if labels not in {str(s) for s in scripts}:
        raise ValueError(f"no {labels!r} labels for {language!r}: expected one of {', '.join(str(s) for s in scripts)}")
    return LabelSet(language, Script(labels))


def label_texts(labels: LabelSet, codes: tuple[str, ...]) -> dict[str, str]:
    """The label of each province code: the set's own, or the name table's abbreviation
    for a set built on it (the province code where the table has none)."""
    entry = _data()["sets"][labels.key]
    base: Mapping[str, str] = {}
    if entry.get("from") == "names":
        base = table(labels.language).province_abbr
    own = entry.get("labels", {})
    return {code: own.get(code) or base.get(code) or code for code in codes}


def script_of(text: str) -> Script | None:
    """The script of a text's letters; None when it has none or mixes scripts."""
    found = set()
    for ch in text:
        if ch.isalpha():
            name = unicodedata.name(ch, "")
            found.add(
                Script.CYRILLIC if name.startswith("CYRILLIC") else Script.LATIN if name.startswith("LATIN") else None
            )
    return found.pop() if len(found) == 1 else None


# ---------------------------------------------------------------- layout


@dataclass(frozen=True, slots=True)
class Placement:
    """Where one label goes, in board pixels: its centre, font size and boxes."""

    code: str
    text: str
    centre: tuple[float, float]
    size: float
    box: Box  # the letters with their pale edge: what other labels and tokens keep clear of
    ink: Box  # the letters alone: what must lie inside the province
    fits: bool  # False: no room anywhere near the anchor (drawn there all the same)


# Where a label may go around its anchor, nearest first (board px): a few pixels away reads
# as the same place and keeps a label clear of a token or a coast nearby. Level moves first.
SHIFT_REACH = 24
_SHIFTS = sorted(
    (
        (float(dx), float(dy))
        for dx in range(-SHIFT_REACH, SHIFT_REACH + 1, 2)
        for dy in range(-SHIFT_REACH, SHIFT_REACH + 1, 2)
        if dx * dx + dy * dy <= SHIFT_REACH**2
    ),
    key=lambda d: (d[0] ** 2 + 2 * d[1] ** 2, d),
)
NOWHERE = 255  # raster value of no province (province values are far below)
INSIDE_TOLERANCE = 1.0  # the letters may touch a border by this much (antialiasing, not ink)
LABEL_GAP = 1.0  # px of air between two labels


@cache
def font(name: str, px: float) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """A bundled font at a pixel size, loaded once per process."""
    return style.load_font(name, px)


def font_name(sea: bool) -> str:
    return style.ITALIC_FONT if sea else style.BOLD_FONT


def font_px(sea: bool, size: float, scale: float = 1.0) -> float:
    """The font size a label of `size` (board px, land) is drawn at: seas keep their ratio."""
    return size * scale * (style.SEA_LABEL_SIZE / style.LABEL_SIZE if sea else 1.0)


def measure(text: str, sea: bool, size: float, scale: float = 1.0) -> tuple[Box, Box]:
    """(box with the pale edge, ink box) of a label centred on (0, 0), in board px, as it is
    drawn at `scale` (fonts are hinted per pixel size, so the scale matters a little)."""
    face = font(font_name(sea), font_px(sea, size, scale))
    stroke = style.LABEL_STROKE * scale
    outer = face.getbbox(text, anchor="mm", stroke_width=stroke)
    ink = face.getbbox(text, anchor="mm")
    return tuple(v / scale for v in outer), tuple(v / scale for v in ink)  # type: ignore[return-value]


def overlaps(a: Box, b: Box, gap: float = 0.0) -> bool:
    """Whether two boxes overlap, or come closer than `gap`."""
    return a[0] < b[2] + gap and b[0] < a[2] + gap and a[1] < b[3] + gap and b[1] < a[3] + gap


class Room:
    """What a label must keep clear of and stay inside: the province raster (board scale)
    and the obstacles (tokens and centres), indexed by province for speed."""

    def __init__(
        self,
        board: Board,
        index: Image.Image,
        province_index: Mapping[str, int],
        obstacles: list[tuple[str, str, Box]],
        islands: frozenset[int] = frozenset(),
    ) -> None:
        self.board = board
        # Raster values a sea's label may cover besides the sea: small islands that belong to
        # no province (impassable ones, the holes of a sea), which italic names cross on maps.
        self.islands = islands
        # A pixel counts as inside only when its 3x3 neighbourhood is all one province: the
        # raster's border pixels are half one province, half the other.
        uniform = ImageChops.difference(index.filter(ImageFilter.MinFilter(3)), index.filter(ImageFilter.MaxFilter(3)))
        interior = Image.new("L", index.size, NOWHERE)
        interior.paste(index, (0, 0), uniform.point(lambda v: 255 if v == 0 else 0))
        self.px = interior.load()
        self.size = index.size
        self.province_index = province_index
        self.obstacles = obstacles
        counts = index.histogram()
        self.area = {code: counts[v] for code, v in province_index.items()}

    def inside(self, code: str, ink: Box) -> bool:
        value = self.province_index[code]
        ok = {value} | self.islands if self.board.provinces[code].kind == "sea" else {value}
        t = INSIDE_TOLERANCE
        x0, y0, x1, y1 = ink[0] + t, ink[1] + t, ink[2] - t, ink[3] - t
        if x1 <= x0 or y1 <= y0:
            return True
        nx, ny = max(2, int((x1 - x0) / 3) + 1), max(2, int((y1 - y0) / 3) + 1)
        xs = [x0 + (x1 - x0) * i / nx for i in range(nx + 1)]
        ys = [y0 + (y1 - y0) * j / ny for j in range(ny + 1)]
        w, h = self.size
        for x in xs:  # the outline of the box, and its middle row
            for y in (y0, (y0 + y1) / 2, y1):
                if not (0 <= x < w and 0 <= y < h) or self.px[int(x), int(y)] not in ok:
                    return False
        for y in ys:
            for x in (x0, x1):
                if not (0 <= x < w and 0 <= y < h) or self.px[int(x), int(y)] not in ok:
                    return False
        return True

    def near(self, code: str, reach: float, spare_own_dislodged: bool = False) -> list[Box]:
        """The obstacles within reach of a province's label anchor. With spare_own_dislodged,
        without the province's own dislodged-unit spot: a unit is dislodged there in retreat
        phases only, and then the token itself tells the province."""
        x, y = self.board.provinces[code].label
        near = (x - reach, y - reach, x + reach, y + reach)
        return [
            b
            for c, what, b in self.obstacles
            if overlaps(b, near) and not (spare_own_dislodged and c == code and what == "dislodged")
        ]


def _try(
    room: Room, code: str, text: str, size: float, scale: float, others: list[Box], near: list[Box]
) -> Placement | None:
    sea = room.board.provinces[code].kind == "sea"
    outer, ink = measure(text, sea, size, scale)
    ax, ay = room.board.provinces[code].label
    for dx, dy in _SHIFTS:
        x, y = ax + dx, ay + dy
        box = (x + outer[0], y + outer[1], x + outer[2], y + outer[3])
        inkb = (x + ink[0], y + ink[1], x + ink[2], y + ink[3])
        if (
            room.inside(code, inkb)
            and not any(overlaps(box, b) for b in near)
            and not any(overlaps(box, b, LABEL_GAP) for b in others)
        ):
            return Placement(code, text, (x, y), size, box, inkb, True)
    return None


def _sizes(top: float, bottom: float) -> list[float]:
    out, s = [], top
    while s >= bottom - 1e-9:
        out.append(round(s, 2))
        s -= 1.0
    return out


def layout(
    room: Room, texts: Mapping[str, str], size: float, min_size: float, scale: float = 1.0
) -> dict[str, Placement]:
    """Place every label at `size` where it fits near its anchor, else smaller, down to
    `min_size`; one that fits nowhere is drawn at its anchor at `min_size` (fits=False).
    Small provinces are placed first, so the big ones make way for them."""
    order = sorted(texts, key=lambda c: (room.area[c], c))
    placed: dict[str, Placement] = {}
    for code in order:
        others = [p.box for p in placed.values()]
        found = None
        for spare in (False, True):  # only where nothing else fits: under its own dislodged spot
            near = room.near(code, 90 + size * 4, spare)
            found = next(
                filter(None, (_try(room, code, texts[code], s, scale, others, near) for s in _sizes(size, min_size))),
                None,
            )
            if found:
                break
        if found is None:
            ax, ay = room.board.provinces[code].label
            sea = room.board.provinces[code].kind == "sea"
            outer, ink = measure(texts[code], sea, min_size, scale)
            found = Placement(
                code,
                texts[code],
                (ax, ay),
                min_size,
                (ax + outer[0], ay + outer[1], ax + outer[2], ay + outer[3]),
                (ax + ink[0], ay + ink[1], ax + ink[2], ay + ink[3]),
                False,
            )
        placed[code] = found
    return {code: placed[code] for code in texts}


def enlarge(room: Room, base: Mapping[str, Placement], size: float, scale: float = 1.0) -> dict[str, Placement]:
    """A layout with labels as large as `size` where there is room, from a layout that fits
    (`base`): each label grows only where it stays clear of the others as they are, so the
    result fits wherever the base did."""
    current = dict(base)
    for code in sorted(base, key=lambda c: (-room.area[c], c)):  # big provinces have the room
        p = current[code]
        if size <= p.size:
            continue
        near = room.near(code, 90 + size * 4)
        if any(overlaps(p.box, b) for b in near):  # placed under its own dislodged spot: may stay so
            near = room.near(code, 90 + size * 4, spare_own_dislodged=True)
        others = [q.box for c, q in current.items() if c != code]
        for s in _sizes(size, p.size + 1):
            found = _try(room, code, p.text, s, scale, others, near)
            if found:
                current[code] = found
                break
    return current
