"""Game words come from one place, ``engine.wording``: a post and its map's legend call a
phase the same in every language, and the order sheet writes units and places as the
engine does (menus: the full name with its coast, then how orders write it)."""

from __future__ import annotations

import pytest

from bot.discord.poster import rendered
from bot.text import labels
from bot.text.i18n import LANGUAGES
from bot.text.sheet import Menu, SheetScreens
from engine import Location, Position, Power, Unit, UnitType, wording
from engine.names import table
from renderer.draw import phase_title as legend_title
from tests.bot.support import context

TITLES = {
    "en": "Spring 1901 moves",
    "es": "Primavera de 1901, movimientos",
    "ru": "Весна 1901, ходы",
    "bg": "Пролет 1901 г., ходове",
}


@pytest.mark.parametrize("language", LANGUAGES)
async def test_a_post_and_its_map_name_the_phase_alike(service, language):
    game = await service.lifecycle.create_game(
        guild_id=1, channel_id=10, user_id=1, name="Words", players=3, language=language
    )
    for uid in (1, 2, 3):
        await service.lifecycle.join(10, uid)
    await service.lifecycle.start(10, 1, can_manage=False)
    async with service.storage.read() as tx:
        posts = await tx.posts(game.id)
    [started] = [p["row"] for p in posts if p["channel_id"] == 10]  # the game has started: the post with its map
    assert started.kind == "game_started" and started.map is not None and started.map["phase"] == "S1901M"
    text = "\n".join(await rendered(service.storage, started))
    title = TITLES[language]
    assert title in text
    # the map's legend (the renderer) and the posts (the text layer) ask the same function
    assert legend_title(table(language), "S1901M") == labels.phase_title("S1901M", language) == title
    for phase in ("F1902R", "W1903A"):
        assert legend_title(table(language), phase) == labels.phase_title(phase, language)
    assert labels.phase_title("not a phase", language) == "not a phase"


def test_the_sheet_writes_units_and_places_as_the_engine_does():
    """... and as the reader's map does where that is another script: Russian beside a
    Cyrillic map (the default) writes the map's short forms, ``ru-Latn`` the rulebook's."""
    data = context(Position.initial(), Power.RUSSIA)
    fleet = Unit(Power.RUSSIA, UnitType.FLEET, Location("STP", "SC"))
    for tag in (*LANGUAGES, "ru-Latn"):
        language = tag.split("-")[0]
        pick = SheetScreens(data, tag).pick()
        labels_shown = {o.label for c in pick.components() if isinstance(c, Menu) for o in c.options}
        short = labels.place_text("STP", tag)
        expected = (
            f"{wording.unit_type_name(UnitType.FLEET, language).capitalize()} · "
            f"{wording.place_name(fleet.location, language)} · {short}"
        )
        assert expected in labels_shown, (tag, labels_shown)
        sheet = SheetScreens(data, tag).sheet().content
        assert wording.phase_title("S1901M", language) in sheet
        assert f"**{labels.unit_text(fleet, tag)}**" in sheet
        if tag != "ru":
            assert short == wording.place_text("STP", language)
    assert "Flota · San Petersburgo (costa sur) · SPt" in {
        o.label for c in SheetScreens(data, "es").pick().components() if isinstance(c, Menu) for o in c.options
    }
    assert labels.unit_text(fleet, "ru") == "Ф СПб ЮБ" and labels.unit_text(fleet, "ru-Latn") == "F StP SC"


def test_labels_are_the_engines_words():
    assert labels.place_text("SPA/NC", "es") == wording.place_text("SPA/NC", "es") == "CN Esp"
    assert labels.unit_text("F STP/SC", "bg") == "Ф СтП ЮБ"
    assert labels.echo("F BLA C A ANK - SEV", "es") == "F MNe T E Ank - Seb"
    assert labels.power_name(Power.GERMANY, "ru") == "Германия"
    # English messages keep province codes; other languages name the place and its coast
    assert labels.place_name("STP/SC", "en") == "STP/SC"
    assert labels.place_name("STP/SC", "ru") == "Санкт-Петербург (южный берег)"
    assert labels.province_name("MUN", "en") == "MUN" and labels.province_name("MUN", "es") == "Múnich"
