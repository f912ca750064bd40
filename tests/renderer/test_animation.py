"""The history GIF: one frame per stored phase, each showing what it should (checked against
the renderer's own map of that phase), the frame lengths, the caption, Discord's size limit
for a 20-year game, and the fall-back to smaller frames."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops, ImageSequence, ImageStat

from engine.history import GameInfo, History
from renderer import Animation, history_gif, render_image
from renderer.animation import CAPTION_HEIGHT, DEFAULT_WIDTH, DISCORD_LIMIT, FINAL_MS, MIN_WIDTH, MOVEMENT_MS, OTHER_MS
from tests.random_game import play


@pytest.fixture(scope="module")
def short():
    # two years with a retreat phase in them: seed 7 dislodges a unit in Fall 1901
    return History.from_rows(GameInfo("Short", language="es"), play(years=2, seed=7))


@pytest.fixture(scope="module")
def short_gif(short):
    return history_gif(short)


def frames_of(data: bytes) -> list[Image.Image]:
    img = Image.open(io.BytesIO(data))
    assert img.format == "GIF"
    return [f.convert("RGB") for f in ImageSequence.Iterator(img)]


def test_one_frame_per_stored_phase(short, short_gif):
    kinds = [str(r.phase)[-1] for r in short.phases]
    assert "R" in kinds and "A" in kinds  # the fixture has every kind of phase
    assert short_gif.frames == len(short.phases) == len(frames_of(short_gif.data))
    assert short_gif.frames == len(short.played) + 1  # the phases played, then the final board
    assert short_gif.phases == tuple(str(r.phase) for r in short.phases)
    assert (short_gif.width, short_gif.height) == frames_of(short_gif.data)[0].size
    assert short_gif.width == DEFAULT_WIDTH and short_gif.size == len(short_gif.data)


def test_frame_lengths_and_looping(short, short_gif):
    img = Image.open(io.BytesIO(short_gif.data))
    assert img.info["loop"] == 0
    shown = [f.info["duration"] for f in ImageSequence.Iterator(img)]
    expected = [MOVEMENT_MS if r.phase.is_movement else OTHER_MS for r in short.phases[:-1]] + [FINAL_MS]
    assert shown == expected and short_gif.duration_ms == sum(expected)


def _board_of(frame: Image.Image) -> Image.Image:
    return frame.crop((0, CAPTION_HEIGHT, frame.width, frame.height))


def _expected(history: History, i: int) -> Image.Image:
    data = history.phases[i].to_json()
    results = data.pop("results")
    full = render_image(data, results, game_name=history.game.name, language=history.game.language)
    return full.reduce(full.width // DEFAULT_WIDTH)


@pytest.mark.parametrize("which", ["first", "retreat", "last"])
def test_each_frame_is_the_map_of_its_phase(short, short_gif, which):
    # frames store only what changed since the frame before: decoded in order, each must still
    # be the whole map of its phase (up to the shared palette's rounding)
    frames = frames_of(short_gif.data)
    i = {
        "first": 0,
        "last": len(frames) - 1,
        "retreat": next(k for k, r in enumerate(short.phases) if r.phase.is_retreat),
    }[which]
    diff = ImageChops.difference(_board_of(frames[i]), _expected(short, i))
    assert max(ImageStat.Stat(diff).mean) < 3.0
    # and it is not the map of the phase before
    if i:
        other = ImageChops.difference(_board_of(frames[i]), _expected(short, i - 1))
        assert max(ImageStat.Stat(other).mean) > max(ImageStat.Stat(diff).mean)


def test_the_caption_strip(short_gif):
    frames = frames_of(short_gif.data)
    strip = [f.crop((0, 0, f.width, CAPTION_HEIGHT)) for f in frames]
    assert ImageChops.difference(strip[0], strip[1]).getbbox() is not None  # phase and number change
    colours = strip[0].getcolors(strip[0].width * CAPTION_HEIGHT)
    background = max(colours)[1]
    assert max(abs(a - b) for a, b in zip(background, (245, 240, 228))) <= 4  # the legend's paper
    dark = sum(n for n, c in colours if sum(c) < 150)
    assert dark > 300  # letters


def test_too_big_a_gif_is_made_smaller(short):
    limit = 150_000
    small = history_gif(short, max_bytes=limit)
    assert small.size <= limit < history_gif(short).size
    assert MIN_WIDTH <= small.width < DEFAULT_WIDTH
    assert len(frames_of(small.data)) == small.frames == len(short.phases)


def test_a_gif_that_cannot_fit_is_refused(short):
    with pytest.raises(ValueError, match="at most 1,000 are allowed"):
        history_gif(short, max_bytes=1000)


@pytest.mark.parametrize("width", [400, 500, 5000])
def test_other_widths(short, width):
    gif = history_gif(short, width=width)
    assert gif.width == min(width, 1600)
    assert frames_of(gif.data)[0].width == gif.width


def test_language_and_name_can_be_chosen(short, short_gif):
    other = history_gif(short, language="ru", game_name="Другая")
    assert other.frames == short_gif.frames and other.data != short_gif.data


def test_a_game_that_has_just_started():
    just = History.from_rows(GameInfo("New"), [(play(years=1, seed=7)[0][0], None)])
    gif = history_gif(just)
    assert gif.frames == 1 and gif.phases == ("S1901M",) and gif.duration_ms == FINAL_MS
    assert len(frames_of(gif.data)) == 1


def test_a_20_year_game_fits_discord():
    history = History.from_rows(GameInfo("Twenty years"), play(years=20, seed=7))
    gif = history_gif(history)
    assert isinstance(gif, Animation)
    assert gif.frames == len(history.phases) == 79
    assert gif.width == DEFAULT_WIDTH
    # the default limit, with room to spare (a 20-year game has at most 100 phases)
    assert gif.size <= DISCORD_LIMIT / 3
    assert len(frames_of(gif.data)) == 79
