"""What a map shows, probed in its pixels (issue 21): every unit's token at its province in
its power's colour, each move's arrow in the mover's colour along its way, the red mark of
each failed order (a bounce, a dislodgement, a cut support) and none on an order that
succeeded; on the whole board in every language and on the players' front crops. The
results drawn are the engine's own adjudication of the orders, not written by hand."""

from __future__ import annotations

import json
from functools import cache

import pytest

from engine.cli import adjudicate_bytes
from renderer import View, render_many
from tests.renderer.probes import (
    Picture,
    anchor,
    arrow_coverage,
    has_token,
    red_around,
    red_of_move,
    token_pixels,
)

POSITION = {
    "phase": "F1901M",
    "units": {
        "FRANCE": ["A PAR", "A MAR", "F BRE"],
        "GERMANY": ["A RUH", "A BOH", "A MUN"],
        "ITALY": ["A TYR", "A VEN", "F NAP"],
        "AUSTRIA": ["A VIE", "A BUD", "F TRI"],
        "RUSSIA": ["A WAR", "A RUM", "F SEV"],
    },
    "centers": {
        "FRANCE": ["PAR", "MAR", "BRE"],
        "GERMANY": ["MUN", "KIE", "BER"],
        "ITALY": ["VEN", "NAP", "ROM"],
        "AUSTRIA": ["VIE", "BUD", "TRI"],
        "RUSSIA": ["WAR", "SEV", "MOS", "STP"],
    },
}
ORDERS = {
    "FRANCE": ["A PAR - BUR", "A MAR S A PAR - BUR", "F BRE - MAO"],
    "GERMANY": ["A RUH - BUR", "A BOH - TYR", "A MUN S A BOH - TYR"],
    "ITALY": ["A TYR H", "A VEN H", "F NAP H"],
    "AUSTRIA": ["A VIE - GAL", "A BUD S A VIE - GAL", "F TRI H"],
    "RUSSIA": ["A WAR - GAL", "A RUM - BUD", "F SEV H"],
}
LANGUAGES = ("en", "es", "ru", "bg")
# Russia's unit colour is near-white, the colour of every token's edge and of its own
# tint: its tokens are not told apart by colour, so the probes leave them out.
PROBED = ("FRANCE", "GERMANY", "ITALY", "AUSTRIA")
FRONTS = (("FRANCE",), ("GERMANY", "ITALY"), ("AUSTRIA", "RUSSIA"))


@cache
def adjudicated() -> dict:
    """The engine's adjudication of ORDERS (the output object the bot draws from)."""
    return json.loads(adjudicate_bytes(json.dumps({**POSITION, "orders": ORDERS}).encode()))


def results() -> dict[str, str]:
    return {o["order"]: o["result"] for o in adjudicated()["orders"]}


@cache
def pictures() -> dict[View, Picture]:
    """The orders map (the position, its orders and results) in each language, and the
    fronts' crops, drawn as the bot draws a phase (one render_many)."""
    views = [View(language, front=f) for language in LANGUAGES for f in ((), *FRONTS)]
    pngs = render_many(POSITION, results=adjudicated(), views=views)
    return {v: Picture.of(png, POSITION, adjudicated()["orders"], v.front) for v, png in pngs.items()}


def test_the_scenario_is_what_the_engine_says():
    # what the probes below look for: one success, a bounce, a dislodgement, a cut support
    assert results() == {
        "A PAR - BUR": "ok",
        "A MAR S A PAR - BUR": "ok",
        "F BRE - MAO": "ok",
        "A RUH - BUR": "bounce",
        "A BOH - TYR": "ok",
        "A MUN S A BOH - TYR": "ok",
        "A TYR H": "dislodged",
        "A VEN H": "ok",
        "F NAP H": "ok",
        "A VIE - GAL": "bounce",
        "A BUD S A VIE - GAL": "cut",
        "F TRI H": "ok",
        "A WAR - GAL": "bounce",
        "A RUM - BUD": "bounce",
        "F SEV H": "ok",
    }


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_unit_stands_at_its_province_in_its_colour(language):
    picture = pictures()[View(language)]
    for power in PROBED:
        for unit in POSITION["units"][power]:
            province = unit.split()[1]
            assert has_token(picture, power, province), (power, province, token_pixels(picture, power, province))
    # and nowhere else: Burgundy is empty before the moves, Paris holds no German unit
    assert not has_token(picture, "FRANCE", "GAS") and not has_token(picture, "GERMANY", "PAR")


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_move_is_an_arrow_in_the_movers_colour(language):
    picture = pictures()[View(language)]
    for power, source, target in (
        ("FRANCE", "PAR", "BUR"),
        ("GERMANY", "RUH", "BUR"),
        ("GERMANY", "BOH", "TYR"),
        ("AUSTRIA", "VIE", "GAL"),
    ):
        assert arrow_coverage(picture, power, source, target) >= 0.75, (power, source, target)
    # no arrow where no unit moved: Marseilles and Munich support
    assert arrow_coverage(picture, "FRANCE", "MAR", "GAS") == 0
    assert arrow_coverage(picture, "GERMANY", "MUN", "BUR") == 0


@pytest.mark.parametrize("language", LANGUAGES)
def test_failed_orders_carry_the_red_mark_and_successful_ones_do_not(language):
    picture = pictures()[View(language)]
    assert red_of_move(picture, "RUH", "BUR") >= 20  # bounced: a cross where its arrow ends
    assert red_of_move(picture, "VIE", "GAL") >= 20
    assert red_around(picture, "TYR") >= 40  # dislodged: a red ring on the unit
    # the cut support: a cross on its line from Budapest towards Vienna's move to Galicia
    assert red_of_move(picture, "BUD", "GAL") >= 20
    # the moves that succeeded and the units that held carry no red
    assert red_of_move(picture, "PAR", "BUR") == 0
    assert red_of_move(picture, "BRE", "MAO") == 0
    assert red_around(picture, "VEN") == 0 and red_around(picture, "NAP") == 0


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("front", FRONTS, ids="+".join)
def test_a_crop_shows_its_powers_units_arrows_and_marks(front, language):
    picture = pictures()[View(language, front=front)]
    assert picture.scale > 1  # a crop, drawn larger
    probed = [p for p in front if p in PROBED]
    assert probed
    for power in probed:
        for unit in POSITION["units"][power]:
            province = unit.split()[1]
            assert picture.shows(anchor(province), margin=20), (power, province)
            assert has_token(picture, power, province), (power, province, token_pixels(picture, power, province))
    if "FRANCE" in front:
        assert arrow_coverage(picture, "FRANCE", "PAR", "BUR") >= 0.75
        assert red_of_move(picture, "PAR", "BUR") == 0
    if "GERMANY" in front:
        assert arrow_coverage(picture, "GERMANY", "BOH", "TYR") >= 0.75
        assert red_around(picture, "TYR") >= 40
    if "AUSTRIA" in front:
        assert arrow_coverage(picture, "AUSTRIA", "VIE", "GAL") >= 0.75
        assert red_of_move(picture, "VIE", "GAL") >= 20 and red_of_move(picture, "BUD", "GAL") >= 20


def test_the_next_phase_shows_the_units_where_they_went():
    """The map of the new position: France's army has left Paris for Burgundy."""
    after = adjudicated()["next"]
    [png] = render_many(after, views=[View("en")]).values()
    picture = Picture.of(png)
    assert has_token(picture, "FRANCE", "BUR") and not has_token(picture, "FRANCE", "PAR")
    assert has_token(picture, "GERMANY", "TYR") and not has_token(picture, "GERMANY", "BOH")
    assert has_token(picture, "GERMANY", "RUH")  # bounced: still home
