"""Labels in the map's language; supply centres clear of unit tokens; legend in the map's
language; arrows into seas stay short. (Label sets, their scripts and fit:
test_label_sets.py.)"""

from __future__ import annotations

import math

import pytest

from engine.names import table
from renderer import render_image, style
from renderer.draw import _Where, draw_scene, phase_title, power_name
from renderer.labels import overlaps
from renderer.layers import obstacles, static_layers
from renderer.render import make_scene


def test_centre_discs_clear_of_unit_tokens():
    blocked = obstacles(static_layers().board)
    discs = [(c, b) for c, w, b in blocked if w == "sc"]
    tokens = [(c, w, b) for c, w, b in blocked if w not in ("sc", "dislodged")]
    hits = {(c, o, w) for c, d in discs for o, w, b in tokens if overlaps(d, b)}
    assert not hits, sorted(hits)


@pytest.mark.parametrize("language,code", [("es", "BUR"), ("bg", "BUR"), ("ru", "BUR"), ("en", "BUR")])
def test_labels_follow_the_language(language, code):
    layers = static_layers(language, "latin" if language == "ru" else None)
    assert layers.label_texts[code] == table(language).province_abbr[code]


def test_a_long_abbreviation_shows_the_map_short_form_in_the_same_script():
    # Bulgarian writes Sevastopol out in full: the map shows the rulebook's own Сев, not SEV.
    assert len(table("bg").province_abbr["SEV"]) > 5
    assert static_layers("bg").label_texts["SEV"] == "Сев"


def test_legend_is_translated():
    names = static_layers("es").names
    assert power_name(names, "ENGLAND") == table("es").power_names["ENGLAND"]
    assert phase_title(names, "S1901M") == table("es").phase_name("S1901M")
    img = render_image({"phase": "S1901M", "units": {"FRANCE": ["A PAR"]}}, language="bg")
    assert img.width == static_layers("bg").board.width


def _legend_swatches(img) -> dict[str, int]:
    """Pixels of each power's colour in the legend strip (its swatch, under the board)."""
    strip = img.convert("RGB").crop((0, static_layers().board.height, img.width, img.height))
    colours = strip.getcolors(strip.width * strip.height)
    found = {colour: n for n, colour in colours}
    return {p: found.get(style.unit_colour(p), 0) for p in style.UNIT_COLOURS}


def test_a_duels_legend_lists_its_two_powers_only():
    """Issue 25: France vs Austria names its powers; the legend lists them, not the five
    absent powers at 0 (the standard game lists all seven, an eliminated one at 0)."""
    duel = {
        "phase": "S1901M",
        "units": {"FRANCE": ["A PAR", "A MAR", "F BRE"], "AUSTRIA": ["A VIE", "A BUD", "F TRI"]},
        "centers": {"FRANCE": ["PAR", "MAR", "BRE"], "AUSTRIA": ["VIE", "BUD", "TRI"]},
        "powers": ["FRANCE", "AUSTRIA"],
    }
    swatches = _legend_swatches(render_image(duel))
    assert swatches["FRANCE"] > 100 and swatches["AUSTRIA"] > 100
    assert {p for p, n in swatches.items() if n} == {"FRANCE", "AUSTRIA"}, swatches
    standard = {k: v for k, v in duel.items() if k != "powers"}
    assert all(n > 100 for n in _legend_swatches(render_image(standard)).values())
    with pytest.raises(ValueError, match="unknown power"):
        render_image({**duel, "powers": ["FRANCE", "PRUSSIA"]})


def test_unknown_language_raises_a_clear_value_error():
    with pytest.raises(ValueError, match="unknown map language 'xx'"):
        render_image({"phase": "S1901M", "units": {}}, language="xx")


def test_language_without_a_table_falls_back_to_english(monkeypatch):
    import renderer.layers as layers_mod

    def missing(language):
        if language != "en":
            raise ValueError(f"language {language!r} is not available")
        return table("en")

    monkeypatch.setattr(layers_mod, "table", missing)
    assert layers_mod.name_table("ru").language == "en"


@pytest.mark.parametrize("unit,sea", [("EDI", "NWG"), ("LON", "NTH"), ("BRE", "MAO")])
def test_arrows_into_seas_stay_short(unit, sea):
    layers = static_layers()
    scene = make_scene({"phase": "S1901M", "units": {"ENGLAND": [f"F {unit}"]}})
    where = _Where(scene)
    a = layers.board.provinces[unit].unit
    end = where.move_end(a, sea)
    # it ends inside the sea, no farther than ARROW_INTO (+ the end gap) past the coast
    px = layers.index.load()
    assert px[int(end[0]), int(end[1])] == layers.province_index[sea]
    assert math.dist(a, end) <= math.dist(a, layers.board.provinces[sea].unit)
    draw_scene(layers, scene)
