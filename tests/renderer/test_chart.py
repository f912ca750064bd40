"""The supply-centre chart: a PNG of the documented width, every power's line in its map
colour, the winning line, the legend in the game's language, and bad input refused."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

from engine import Power
from engine.history import GameInfo, History
from renderer import centre_chart, centre_chart_image, style
from renderer.chart import CHART_WIDTH, WIN_LINE, _ticks
from tests.random_game import play


@pytest.fixture(scope="module")
def counts():
    return History.from_rows(GameInfo("g"), play(years=20, seed=7)).centres_by_year()


def pixels_near(img: Image.Image, colour: tuple[int, int, int], tolerance: int = 6) -> int:
    return sum(
        n for n, c in img.getcolors(img.width * img.height) if max(abs(a - b) for a, b in zip(c, colour)) <= tolerance
    )


def test_a_png_sized_for_a_phone(counts):
    data = centre_chart(counts, title="Twenty years")
    img = Image.open(io.BytesIO(data))
    assert img.format == "PNG" and img.width == CHART_WIDTH
    assert 500 < img.height < 800
    assert len(data) < 100_000
    assert centre_chart(counts, title="Twenty years") == data  # the same input, the same bytes


def test_every_power_is_drawn_in_its_map_colour(counts):
    img = centre_chart_image(counts)
    for power in Power:
        assert pixels_near(img, style.unit_colour(power.value)) > 200, power


def test_the_winning_line(counts):
    assert pixels_near(centre_chart_image(counts), WIN_LINE, 10) > 100
    assert pixels_near(centre_chart_image(counts, win_centres=None), WIN_LINE, 10) == 0


def test_the_legend_is_in_the_game_language(counts):
    en, ru = centre_chart_image(counts), centre_chart_image(counts, language="ru")
    assert en.size == ru.size
    box = ImageChops.difference(en, ru).getbbox()
    assert box is not None and box[1] > en.height * 0.7  # only the legend under the plot differs


def test_only_the_powers_given_are_drawn():
    two = [(1901, {"FRANCE": 3, "ENGLAND": 3}), (1902, {"FRANCE": 5, "ENGLAND": 2})]
    img = centre_chart_image(two)
    assert pixels_near(img, style.unit_colour("FRANCE")) > 200
    assert pixels_near(img, style.unit_colour("ITALY")) == 0


def test_one_year_and_an_unknown_power_are_drawn():
    img = centre_chart_image([(1901, {"FRANCE": 3, "ATLANTIS": 2})])
    assert img.width == CHART_WIDTH
    assert pixels_near(img, style.UNKNOWN_POWER, 4) > 20


def test_counts_above_the_winning_line_fit():
    solo = [(1901, {"TURKEY": 3}), (1910, {"TURKEY": 24})]
    img = centre_chart_image(solo, width=400)
    assert img.width == 400
    turkey = Image.eval(img.convert("L"), lambda v: 0)  # a mask of Turkey's yellow
    # (newer Pillow deprecates getdata in favour of get_flattened_data)
    pixels = img.get_flattened_data() if hasattr(img, "get_flattened_data") else img.getdata()
    turkey.putdata(
        [255 if max(abs(a - b) for a, b in zip(c, style.unit_colour("TURKEY"))) <= 20 else 0 for c in pixels]
    )
    top = turkey.getbbox()[1]
    assert 10 < top < img.height * 0.25  # 24 centres: high in the plot, not cut off


@pytest.mark.parametrize(
    "bad, message",
    [
        ([], "at least one year"),
        ([(1902, {"FRANCE": 3}), (1901, {"FRANCE": 3})], "must increase"),
        ([(1901, {"FRANCE": 3}), (1901, {"FRANCE": 4})], "must increase"),
    ],
)
def test_bad_input_is_refused(bad, message):
    with pytest.raises(ValueError, match=message):
        centre_chart(bad)


@pytest.mark.parametrize(
    "low, high, most, ticks",
    [
        (0, 18, 7, [0, 3, 6, 9, 12, 15, 18]),
        (0, 20, 7, [0, 3, 6, 9, 12, 15, 18]),
        (0, 30, 7, [0, 5, 10, 15, 20, 25, 30]),
        (0, 4, 7, [0, 1, 2, 3, 4]),
        (1901, 1921, 6, [1905, 1910, 1915, 1920]),
        (1901, 1903, 6, [1901, 1902, 1903]),
        (1914, 1914, 6, [1914]),
    ],
)
def test_ticks(low, high, most, ticks):
    assert _ticks(low, high, most) == ticks
