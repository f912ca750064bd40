"""Orders in the script of the reader's map (issue 12): Russian beside a Cyrillic map
writes the map's own short forms and Russian order words, and every order so written is
read back as the same order; the label sets the bot offers are the renderer's."""

from __future__ import annotations

import pytest

from bot.core import languages
from bot.core.languages import SCRIPTS, game_writing, map_labels, writing
from bot.text import scripts
from bot.text.labels import echo, order_line, place_text, unit_text
from engine import Position, Power, legal_adjustments, legal_orders, parse_order
from engine.map import STANDARD
from engine.rules import Rules
from renderer.labels import label_set, label_sets, label_texts


def test_the_scripts_offered_are_the_renderers_label_sets():
    for language, scripts_of in SCRIPTS.items():
        assert {str(s.script) for s in label_sets() if s.language == language} == set(scripts_of), language
        assert str(label_set(language).script) == scripts_of[0]  # the default first


def test_language_tags():
    assert writing("ru") == writing("ru", "cyrillic") == "ru" and writing("ru", "latin") == "ru-Latn"
    assert writing("es", "latin") == "es"
    assert languages.base_language("ru-Latn") == "ru" and languages.script_of("ru-Latn") == "latin"
    assert languages.script_of("ru") == "cyrillic" and languages.script_of("es") == "latin"
    # the game's label set is the map of readers of its language; others see their own default
    assert map_labels("ru", "ru", "latin") == "latin" and map_labels("bg", "ru", "latin") is None
    assert game_writing("ru", "ru", "latin") == "ru-Latn" and game_writing("ru", "es", None) == "ru"


def test_every_short_form_of_the_cyrillic_map_is_read_as_its_province():
    short = label_texts(label_set("ru", "cyrillic"), tuple(sorted(STANDARD.provinces)))
    assert scripts.short_forms() == short and len(set(short.values())) == len(short)
    for code, text in short.items():
        fleet_or_army = "Ф" if STANDARD.provinces[code].kind.value == "sea" else "А"
        assert parse_order(f"{fleet_or_army} {text} стоит", language="ru").location.province == code, text


def _positions() -> list[Position]:
    spring = Position.initial()
    winter = Position.build("W1901A", [], spring.centres)  # every home centre free: builds everywhere
    return [spring, winter]


@pytest.mark.parametrize("position", _positions(), ids=lambda p: str(p.phase))
def test_every_order_written_in_cyrillic_reads_back(position):
    orders = []
    for power in Power:
        if position.phase.is_adjustment:
            orders += legal_adjustments(position, power, Rules())
        else:
            for unit in position.units_of(power):
                orders += legal_orders(position, unit.province, Rules())
    assert len(orders) > 40
    for order in orders:
        written = echo(str(order), "ru")
        assert all(not ("a" <= ch.lower() <= "z") for ch in written), written  # one script
        assert parse_order(written, language="ru") == order, written


def test_every_place_written_in_cyrillic_reads_back():
    from engine import Hold, Location, Move, UnitType

    for code, province in STANDARD.provinces.items():
        for coast in province.coasts or (None,):
            loc = Location(code, coast)
            for order in (Hold(UnitType.FLEET, loc), Move(UnitType.ARMY, Location("PAR"), loc)):
                assert parse_order(echo(str(order), "ru"), language="ru") == order, echo(str(order), "ru")


def test_russian_readers_see_the_script_of_their_map():
    assert echo("A MUN S A KIE - BER", "ru") == "А Мюн поддерживает А Кил - Бер"
    assert echo("A MUN S A KIE - BER", "ru-Latn") == "A Mun S A Kie - Ber"  # the rulebook's notation
    assert echo("F NTH C A LON - NWY", "ru") == "Ф СвМ конвоирует А Лон - Нор"
    assert echo("A LON - NWY VIA", "ru") == "А Лон - Нор конвоем"
    assert echo("F STP/NC B", "ru") == "Ф СПб СБ постройка" and echo("A PAR D", "ru") == "А Пар расформирование"
    assert echo("A PAR R BUR", "ru") == "А Пар отступает в Бур" and echo("WAIVE", "ru") == "ОТКАЗ"
    assert place_text("SPA/SC", "ru") == "Исп ЮБ" and place_text("SPA/SC", "ru-Latn") == "Spa SC"
    assert unit_text("F ENG", "ru") == "Ф ЛаМ" and unit_text("not a unit", "ru") == "not a unit"
    # a post shows the Cyrillic order with its code; the rulebook's Latin once (it is the code)
    assert order_line("A PAR - BUR", "ru") == "`А Пар - Бур` (`A PAR - BUR`)"
    assert order_line("A PAR - BUR", "ru-Latn") == "`A Par - Bur`"


def test_spanish_support_is_the_rulebooks_letter():
    assert echo("A PAR S A MAR - BUR", "es") == "E Par A E Mar - Bor"
    assert echo("F BRE S A PAR", "es") == "F Bre A E Par"
    assert parse_order("E Par A E Mar - Bor", language="es") == parse_order("A PAR S A MAR - BUR")
