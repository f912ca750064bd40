"""The game as an animated GIF: every stored phase with its orders, then the final board.

Owns :func:`history_gif`: a :class:`~engine.history.History` in, an :class:`Animation` out
(the GIF's bytes, its frame count, size and length, and the phase each frame shows). One
frame per stored phase, in the order played: a played phase is drawn as the channel saw it
after the deadline (the position with every order and its result, :func:`renderer.render_image`),
the last stored phase (where the game stopped) without orders; so ``frames`` is
``len(history.phases)``, the phases played plus the final board. Above each map a caption
strip names the phase in the game's language, large enough to read on a phone, with the
frame's number.

Why a GIF: Discord animates GIF attachments in every client; it shows an APNG as a still
PNG (APNG attachments are not animated, by Discord's choice), and animated WebP only in some
clients. Sizes: Discord's default upload limit is 10 MiB per file (since January 2025, for
bots and webhooks too; boosted servers allow more, and each interaction says its own limit
in ``attachment_size_limit``). At the default width (800 px: the board at half size, exactly)
a 20-year game of 70-80 phases takes about 1.6 MB, some 21 KB a frame, and about 3.3 MB at the
board's full width (``benchmarks/history.py``), because every frame shares one palette of
255 colours and stores only the pixels that changed since the frame before (the rest
transparent). A GIF over ``max_bytes`` is made again smaller, down to
:data:`MIN_WIDTH`, and ValueError is raised if even that does not fit.

Pure and thread-safe like :func:`renderer.render`: no I/O; the frames are drawn one at a time
and kept only as palette images (about 0.7 MB each at 800 px).
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFont

from engine.history import History, PhaseRecord
from engine.variants import STANDARD_VARIANT
from engine.wording import phase_title
from renderer import style
from renderer.render import render_image

DISCORD_LIMIT = 10 * 1024 * 1024  # bytes: Discord's default attachment limit (10 MiB)
DEFAULT_WIDTH = 800  # px: the board at half size
MIN_WIDTH = 320  # px: below this a map is unreadable even zoomed
COLOURS = 255  # the GIF palette; one index stays free for transparency
MOVEMENT_MS = 1400  # how long each frame shows
OTHER_MS = 800  # retreats and adjustments: less to look at
FINAL_MS = 4000  # the final board
CAPTION_HEIGHT = 44  # px at 800 wide (scaled with the width)
CAPTION_TEXT = 26


@dataclass(frozen=True, slots=True)
class Animation:
    """A game's animated GIF and what it holds."""

    data: bytes
    frames: int
    width: int
    height: int
    duration_ms: int  # one loop
    phases: tuple[str, ...]  # the phase each frame shows (``S1901M``...)

    @property
    def size(self) -> int:
        return len(self.data)


def history_gif(
    history: History,
    *,
    language: str | None = None,
    game_name: str | None = None,
    width: int = DEFAULT_WIDTH,
    max_bytes: int = DISCORD_LIMIT,
    movement_ms: int = MOVEMENT_MS,
    other_ms: int = OTHER_MS,
    final_ms: int = FINAL_MS,
) -> Animation:
    """The game's animated GIF; see the module docstring. ``language`` and ``game_name``
    default to the game's own. ``width``: the frame width to try first (px; at most the
    board's). ValueError when the GIF cannot be made to fit ``max_bytes``."""
    language = language or history.game.language
    name = history.game.name if game_name is None else game_name
    records = history.phases
    durations = [_duration(r, i == len(records) - 1, movement_ms, other_ms, final_ms) for i, r in enumerate(records)]
    captions = [f"{phase_title(r.phase, language)}" for r in records]
    setup = history.game.setup  # a duel's frames list its two powers in the legend (issue 25)
    powers = sorted(p.value for p in setup.powers) if setup.variant != STANDARD_VARIANT else None
    frames = _frames(records, captions, name, language, width, powers)
    width = frames[0].width
    while True:
        data = _encode(frames, durations)
        if len(data) <= max_bytes:
            return Animation(
                data,
                len(frames),
                frames[0].width,
                frames[0].height,
                sum(durations),
                tuple(str(r.phase) for r in records),
            )
        if width <= MIN_WIDTH:
            raise ValueError(
                f"the game's GIF takes {len(data):,} bytes even {width} px wide; at most {max_bytes:,} are allowed"
            )
        # bytes grow with the area: aim a little under the limit
        width = max(MIN_WIDTH, int(width * math.sqrt(max_bytes / len(data)) * 0.92))
        frames = _smaller(frames, width)


def _duration(record: PhaseRecord, last: bool, movement_ms: int, other_ms: int, final_ms: int) -> int:
    if last:
        return final_ms
    return movement_ms if record.phase.is_movement else other_ms


def _map_args(record: PhaseRecord, powers: list[str] | None = None) -> tuple[dict, list | None]:
    data = record.to_json()
    results = data.pop("results")
    if powers is not None:
        data["powers"] = powers
    return data, results


def _frames(
    records: tuple[PhaseRecord, ...],
    captions: list[str],
    name: str,
    language: str,
    width: int,
    powers: list[str] | None = None,
) -> list[Image.Image]:
    """Every frame (at most the board's width) as a palette image sharing one palette, learnt
    from the first, a middle and the last frame (between them every power's colours, arrows
    of every kind, the final board)."""

    def board(i: int) -> Image.Image:
        return render_image(*_map_args(records[i], powers), game_name=name, language=language)

    picks = sorted({0, len(records) // 2, len(records) - 1})
    boards = {i: board(i) for i in picks}
    width = max(MIN_WIDTH, min(width, boards[0].width))
    s = width / DEFAULT_WIDTH
    fonts = (
        style.load_font(style.BOLD_FONT, max(12, round(CAPTION_TEXT * s))),
        style.load_font(style.BOLD_FONT, max(10, round(CAPTION_TEXT * 0.75 * s))),
    )

    def frame(i: int, img: Image.Image) -> Image.Image:
        return _captioned(_scaled(img, width), captions[i], i + 1, len(records), fonts)

    drawn = {i: frame(i, b) for i, b in boards.items()}
    palette = _palette(list(drawn.values()))
    return [_quantized(drawn.pop(i) if i in drawn else frame(i, board(i)), palette) for i in range(len(records))]


def _scaled(img: Image.Image, width: int) -> Image.Image:
    if img.width == width:
        return img
    if img.width % width == 0:
        return img.reduce(img.width // width)  # an exact fraction: a plain average, fastest
    return img.resize((width, round(img.height * width / img.width)), Image.Resampling.BOX)


def _captioned(
    board: Image.Image,
    caption: str,
    number: int,
    count: int,
    fonts: tuple[ImageFont.FreeTypeFont | ImageFont.ImageFont, ...],
) -> Image.Image:
    s = board.width / DEFAULT_WIDTH
    strip_h = max(24, round(CAPTION_HEIGHT * s))
    out = Image.new("RGB", (board.width, board.height + strip_h), style.LEGEND_BG)
    out.paste(board, (0, strip_h))
    d = ImageDraw.Draw(out)
    font, small = fonts
    pad = round(12 * s)
    d.text((pad, strip_h / 2), caption, font=font, fill=style.LABEL, anchor="lm")
    d.text((board.width - pad, strip_h / 2), f"{number}/{count}", font=small, fill=style.LABEL, anchor="rm")
    d.line([(0, strip_h - 1), (board.width, strip_h - 1)], fill=style.LAND_BORDER, width=max(1, round(s)))
    return out


def _palette(samples: list[Image.Image]) -> Image.Image:
    sheet = Image.new("RGB", (samples[0].width, sum(s.height for s in samples)))
    y = 0
    for s in samples:
        sheet.paste(s, (0, y))
        y += s.height
    return sheet.quantize(COLOURS, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


def _quantized(img: Image.Image, palette: Image.Image) -> Image.Image:
    # no dithering: flat map colours stay flat, so unchanged areas match the frame before
    return img.quantize(palette=palette, dither=Image.Dither.NONE)


def _smaller(frames: list[Image.Image], width: int) -> list[Image.Image]:
    """The frames again at a smaller width, with a palette learnt afresh."""
    scaled = [_scaled(f.convert("RGB"), width) for f in frames]
    palette = _palette([scaled[0], scaled[len(scaled) // 2], scaled[-1]])
    return [_quantized(f, palette) for f in scaled]


def _encode(frames: list[Image.Image], durations: list[int]) -> bytes:
    buf = io.BytesIO()
    # optimize: each frame after the first keeps only the pixels that changed, the rest
    # transparent (this needs the free palette index); disposal 1 leaves the frame before
    # in place under them
    frames[0].save(
        buf,
        format="GIF",
        save_all=True,
        append_images=frames[1:],
        duration=durations,
        loop=0,
        optimize=True,
        disposal=1,
    )
    return buf.getvalue()
