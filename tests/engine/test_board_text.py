"""The board as text for screen readers: both forms in the four languages, the numbers'
plural forms, dislodged units and retreats, builds and disbands owed, the alt-text limit."""

from __future__ import annotations

import re

import pytest

from engine import Dislodged, Location, Position, Power, Unit, UnitType
from engine.board_text import ALT_TEXT_LIMIT, _russian, describe_position, place_name
from engine.codec import position_from_json
from tests.engine.support import pos
from tests.random_game import play

LANGUAGES = ("en", "es", "ru", "bg")
START = Position.initial()


@pytest.fixture(scope="module")
def positions():
    return [position_from_json(p) for p, _ in play(years=20, seed=7)]


def test_short_form_of_the_start_in_english():
    assert describe_position(START, short=True) == (
        "Spring 1901 moves. Russia: 4 centres, 4 units. Austria: 3 centres, 3 units. "
        "England: 3 centres, 3 units. France: 3 centres, 3 units. Germany: 3 centres, 3 units. "
        "Italy: 3 centres, 3 units. Turkey: 3 centres, 3 units. 12 neutral centres."
    )


@pytest.mark.parametrize(
    "language, expected",
    [
        ("es", "Primavera de 1901, movimientos. Rusia: 4 centros, 4 unidades. Austria: 3 centros, 3 unidades."),
        ("ru", "Весна 1901, ходы. Россия: 4 центра, 4 войска. Австрия: 3 центра, 3 войска."),
        ("bg", "Пролет 1901 г., ходове. Русия: 4 центъра, 4 единици. Австрия: 3 центъра, 3 единици."),
    ],
)
def test_short_form_of_the_start_in_other_languages(language, expected):
    assert describe_position(START, language, short=True).startswith(expected)


@pytest.mark.parametrize(
    "language, tail",
    [
        ("es", "12 centros neutrales."),
        ("ru", "12 нейтральных центров."),
        ("bg", "12 неутрални центъра."),
    ],
)
def test_the_neutral_centres_are_counted(language, tail):
    assert describe_position(START, language, short=True).endswith(tail)


def test_long_form_of_the_start_in_english():
    lines = describe_position(START).splitlines()
    assert lines[0] == "Spring 1901 moves."
    assert lines[1] == (
        "Russia — 4 supply centres: Moscow, Sevastopol, St Petersburg, Warsaw. "
        "Armies: Moscow, Warsaw. Fleets: Sevastopol, St Petersburg (south coast)."
    )
    assert lines[2] == (
        "Austria — 3 supply centres: Budapest, Trieste, Vienna. Armies: Budapest, Vienna. Fleet: Trieste."
    )
    assert lines[-1].startswith("Neutral supply centres (12): Belgium, Bulgaria, Denmark, Greece,")
    assert len(lines) == 1 + 7 + 1


@pytest.mark.parametrize(
    "language, russia",
    [
        (
            "es",
            "Rusia — 4 centros de suministro: Moscú, San Petersburgo, Sebastopol, Varsovia. "
            "Ejércitos: Moscú, Varsovia. Flotas: San Petersburgo (costa sur), Sebastopol.",
        ),
        (
            "bg",
            "Русия — 4 снабдителни центъра: Варшава, Москва, Санкт Петербург, Севастопол. "
            "Армии: Варшава, Москва. Флоти: Санкт Петербург (южен бряг), Севастопол.",
        ),
    ],
)
def test_long_form_in_other_languages(language, russia):
    assert describe_position(START, language).splitlines()[1] == russia


def test_accents_do_not_move_a_name_in_the_alphabet():
    neutral = describe_position(START, "es").splitlines()[-1]
    assert neutral.startswith("Centros neutrales (12): Bélgica, Bulgaria, Dinamarca, España, Grecia,")


def test_dislodged_units_and_their_retreats():
    p = Position.build(
        "F1905R",
        [Unit(Power.FRANCE, UnitType.ARMY, Location("PAR"))],
        {"PAR": Power.FRANCE, "MUN": Power.GERMANY},
        dislodged=[
            Dislodged(Unit(Power.GERMANY, UnitType.ARMY, Location("BUR")), (Location("MUN"), Location("RUH"))),
            Dislodged(Unit(Power.GERMANY, UnitType.FLEET, Location("SPA", "NC")), ()),
        ],
    )
    text = describe_position(p)
    assert (
        "Germany — 1 supply centre: Munich. No units. Dislodged: army — Burgundy (may retreat to "
        "Munich, Ruhr); fleet — Spain (north coast) (no retreat)."
    ) in text
    assert "Germany: 1 centre, 0 units, dislodged: 2." in describe_position(p, short=True)
    assert "Выбитые войска: армия — Бургундия (может отступить: Мюнхен, Рур)" in describe_position(p, "ru")
    assert "Unidades desalojadas: ejército — Borgoña (puede retirarse a Múnich, Ruhr)" in describe_position(p, "es")
    assert "Прогонени единици: армия — Бургундия (може да отстъпи към Мюнхен, Рур)" in describe_position(p, "bg")


def test_builds_and_disbands_owed_in_an_adjustment_phase():
    p = pos(
        "W1901A",
        "FRANCE A PAR",
        "GERMANY A MUN",
        "GERMANY A BER",
        "GERMANY F KIE",
        centres={"PAR": Power.FRANCE, "BRE": Power.FRANCE, "MAR": Power.FRANCE, "MUN": Power.GERMANY},
    )
    assert "France — 3 supply centres: Brest, Marseilles, Paris. Army: Paris. To build: 2." in describe_position(p)
    assert "Germany: 1 centre, 3 units, to disband: 2." in describe_position(p, short=True)
    assert "Германия: 1 центр, 3 войска, к расформированию: 2." in describe_position(p, "ru", short=True)
    assert "Франция: 3 центъра, 1 единица, за изграждане: 2." in describe_position(p, "bg", short=True)
    # the same units in a movement phase owe nothing
    assert "build" not in describe_position(
        pos("F1901M", "FRANCE A PAR", centres={"PAR": Power.FRANCE, "BRE": Power.FRANCE})
    )


def test_a_power_without_centres_but_with_units():
    p = pos("S1910M", "ITALY A ROM", centres={"PAR": Power.FRANCE})
    assert "Italy — no supply centres. Army: Rome." in describe_position(p)
    assert "Италия — нет центров снабжения." in describe_position(p, "ru")
    assert "Italy: 0 centres, 1 unit." in describe_position(p, short=True)


@pytest.mark.parametrize(
    "n, form",
    [
        (0, "many"),
        (1, "one"),
        (2, "few"),
        (4, "few"),
        (5, "many"),
        (11, "many"),
        (12, "many"),
        (14, "many"),
        (21, "one"),
        (22, "few"),
        (25, "many"),
        (34, "few"),
        (111, "many"),
        (101, "one"),
    ],
)
def test_russian_plural_forms(n, form):
    assert _russian(n, "one", "few", "many") == form


@pytest.mark.parametrize(
    "language, one, many",
    [
        ("en", "1 centre", "2 centres"),
        ("es", "1 centro,", "2 centros"),
        ("ru", "1 центр,", "21 центр"),
        ("bg", "1 център", "2 центъра"),
    ],
)
def test_counts_agree_with_their_nouns(language, one, many):
    lone = pos("S1902M", "FRANCE A PAR", centres={"PAR": Power.FRANCE})
    assert f" {one}" in describe_position(lone, language, short=True)
    big = {c: Power.RUSSIA for c in sorted(START.map.supply_centres)[: 21 if language == "ru" else 2]}
    assert f" {many}" in describe_position(Position.build("S1902M", [], big), language, short=True)


def test_the_short_form_fits_an_alt_text_in_every_language(positions):
    longest = max(len(describe_position(p, lang, short=True)) for p in positions for lang in LANGUAGES)
    assert longest <= ALT_TEXT_LIMIT
    assert longest < ALT_TEXT_LIMIT // 2  # with room to spare: it never needs cutting


def test_a_limit_cuts_with_an_ellipsis():
    text = describe_position(START, limit=60)
    assert len(text) == 60 and text.endswith("…")
    assert describe_position(START, short=True, limit=5000) == describe_position(START, short=True)
    assert len(describe_position(START, short=True, limit=40)) == 40


def test_no_codes_reach_the_reader(positions):
    # a screen reader spells "STP/SC" letter by letter: only full names are written
    for p in positions[::5]:
        for lang in LANGUAGES:
            text = describe_position(p, lang)
            assert not re.search(r"\b[A-Z]{3}\b|/[NSE]C\b", text), (lang, text)


def test_every_unit_and_centre_is_named(positions):
    p = positions[40]
    text = describe_position(p, "en")
    for unit in p.units.values():
        assert place_name(unit.location) in text
    for centre in p.centres:
        assert place_name(Location(centre)) in text


def test_place_names():
    assert place_name(Location("STP", "NC")) == "St Petersburg (north coast)"
    assert place_name(Location("BUL", "EC"), "ru") == "Болгария (восточный берег)"
    assert place_name(Location("MAO"), "es") == "Atlántico Central"


def test_an_unknown_language_is_refused():
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        describe_position(START, "fr")
