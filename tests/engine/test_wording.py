"""engine.wording: game words in the four languages."""

from __future__ import annotations

import pytest

from engine import Location, Phase, Power, Unit, UnitType, format_order, parse_order
from engine.names import LANGUAGES
from engine.orders import Waive
from engine.wording import (
    order_text,
    phase_title,
    place_name,
    place_text,
    power_name,
    province_name,
    unit_letter,
    unit_text,
    unit_type_name,
)


@pytest.mark.parametrize(
    "language,spring,fall_retreats,winter",
    [
        ("en", "Spring 1901 moves", "Fall 1902 retreats", "Winter 1903 adjustments"),
        ("es", "Primavera de 1901, movimientos", "Otoño de 1902, retiradas", "Invierno de 1903, ajustes"),
        ("ru", "Весна 1901, ходы", "Осень 1902, отступления", "Зима 1903, строительство и расформирование"),
        ("bg", "Пролет 1901 г., ходове", "Есен 1902 г., отстъпления", "Зима 1903 г., изграждане и разформироване"),
    ],
)
def test_phase_titles(language, spring, fall_retreats, winter):
    assert phase_title("S1901M", language) == spring
    assert phase_title(Phase.parse("F1902R"), language) == fall_retreats
    assert phase_title("w1903a", language) == winter


def test_a_malformed_phase_is_a_value_error():
    with pytest.raises(ValueError):
        phase_title("Spring 1901")


@pytest.mark.parametrize(
    "language,expected",
    [
        ("en", ("England", "Paris", "SPA/NC", "F STP/SC", "A PAR")),
        ("es", ("Inglaterra", "París", "CN Esp", "F CS SPt", "E Par")),
        ("ru", ("Англия", "Париж", "Spa NC", "F StP SC", "A Par")),
        ("bg", ("Англия", "Париж", "Исп СБ", "Ф СтП ЮБ", "А Пар")),
    ],
)
def test_names_places_and_units(language, expected):
    got = (
        power_name(Power.ENGLAND, language),
        province_name("PAR", language),
        place_text(Location("SPA", "NC"), language),
        unit_text(Unit(Power.RUSSIA, UnitType.FLEET, Location("STP", "SC")), language),
        unit_text("A PAR", language),
    )
    assert got == expected


def test_texts_and_unknown_codes():
    assert place_text("spa/nc", "es") == "CN Esp"  # the canonical text, any case
    assert power_name("NEUTRAL", "es") == "Neutral"
    assert province_name("XYZ", "ru") == "XYZ"
    assert unit_text("not a unit", "es") == "not a unit"
    assert unit_letter(UnitType.ARMY, "es") == "E" and unit_letter(UnitType.FLEET, "bg") == "Ф"


ORDERS = [
    "A PAR H",
    "A PAR - BUR",
    "A LON - BEL VIA",
    "A MUN S F KIE",
    "A MAR S A PAR - BUR",
    "F NTH C A LON - NWY",
    "A BUR R PAR",
    "A BUR D",
    "F STP/NC B",
    "F MAO - SPA/SC",
]


@pytest.mark.parametrize("language", LANGUAGES)
def test_orders_read_back_in_their_language(language):
    for text in ORDERS:
        order = parse_order(text)
        written = order_text(order, language)
        assert written == format_order(order, language)
        assert parse_order(written, language=language) == order, (language, written)
    assert order_text(Waive(), "es") == "RENUNCIA" and order_text(Waive()) == "WAIVE"


def test_english_is_canonical():
    assert all(order_text(parse_order(t)) == t for t in ORDERS)


@pytest.mark.parametrize(
    "language,place,fleet",
    [
        ("en", "St Petersburg (south coast)", "fleet"),
        ("es", "San Petersburgo (costa sur)", "flota"),
        ("ru", "Санкт-Петербург (южный берег)", "флот"),
        ("bg", "Санкт Петербург (южен бряг)", "флота"),
    ],
)
def test_place_names_with_their_coast_and_unit_type_names(language, place, fleet):
    assert place_name(Location("STP", "SC"), language) == place
    assert place_name("PAR", language) == province_name("PAR", language)
    assert unit_type_name(UnitType.FLEET, language) == fleet
