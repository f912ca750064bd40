"""The supply-centre counts of the legend are drawn once and pasted on later maps (issue 24:
renderer.draw.legend): a map's legend is the same picture whether its counts were drawn
for it or taken from an earlier map, and a map never shows another map's counts (other
numbers, powers, language, label letters, or a phone crop's size)."""

from __future__ import annotations

import pytest
from PIL import ImageChops

from renderer import draw as draw_module
from renderer import render_image
from tests.renderer.scenes import POSITION, START

LATER = {**START, "centers": {**START["centers"], "FRANCE": ["BRE", "MAR", "PAR", "SPA"]}}  # France 4
DUEL = {**START, "powers": ["FRANCE", "AUSTRIA"]}


def strip(position, **view):
    img = render_image(position, game_name="Counts", **view)
    return img.crop((0, img.height - 130, img.width, img.height))


VIEWS = [
    {},
    {"language": "ru"},
    {"language": "ru", "labels": "latin"},
    {"language": "bg", "front": "FRANCE"},
    {"front": ("ENGLAND", "FRANCE")},
]


@pytest.mark.parametrize("view", VIEWS, ids=["en", "ru", "ru-latin", "bg-front", "front"])
def test_a_legend_is_the_same_whether_its_counts_were_drawn_for_it_or_before(view):
    draw_module._LEGEND_COUNTS.clear()
    expected = {name: strip(p, **view) for name, p in (("start", START), ("later", LATER), ("duel", DUEL))}
    # every other map drawn first (their counts kept), then each again
    draw_module._LEGEND_COUNTS.clear()
    for other in (POSITION, LATER, DUEL, START):
        for v in VIEWS:
            strip(other, **v)
    for name, p in (("later", LATER), ("start", START), ("duel", DUEL)):
        assert ImageChops.difference(strip(p, **view), expected[name]).getbbox() is None, name
    # and the counts do show: France's 4 differs from France's 3
    assert ImageChops.difference(expected["start"], expected["later"]).getbbox() is not None
