"""Languages without Discord: locales, stored choices, reading orders in a player's
language with the English fallback, echoes, command descriptions, DMs in each player's
language, refusals in the reader's language."""

from __future__ import annotations

from types import SimpleNamespace

import discord
import pytest
from discord import app_commands

from bot.core.context import powers_of
from bot.core.errors import UserError
from bot.core.languages import reading_order
from bot.core.orders.reading import read_orders_in
from bot.core.params import PhaseCode
from bot.core.types import Actor
from bot.discord.locales import described, from_locale
from bot.discord.poster import rendered
from bot.discord.translator import CatalogueTranslator
from bot.text.i18n import t
from bot.text.labels import echo, order_line, power_name, say, unit_text
from bot.text.replies import refusal, standing_lines
from engine import Position, Power


@pytest.mark.parametrize(
    "locale, language",
    [
        (discord.Locale.spain_spanish, "es"),
        (discord.Locale.latin_american_spanish, "es"),
        (discord.Locale.russian, "ru"),
        (discord.Locale.bulgarian, "bg"),
        (discord.Locale.american_english, "en"),
        (discord.Locale.british_english, "en"),
        (discord.Locale.french, "en"),
        (discord.Locale.ukrainian, "en"),
        ("es-419", "es"),
        (None, "en"),
    ],
)
def test_client_locale_to_language(locale, language):
    assert from_locale(locale) == language


async def test_stored_choices_and_seen_languages(storage):
    async with storage.transaction() as tx:
        assert await tx.user_language_row(1) == (None, None)
        await tx.saw_language(1, "es", 1.0)
        await tx.saw_language(2, "en", 1.0)
        await tx.choose_language(2, "bg", 2.0)
        await tx.choose_language(3, "ru", 2.0)
    async with storage.transaction() as tx:
        assert await tx.user_language_row(1) == (None, "es")
        assert await tx.user_language_row(2) == ("bg", "en")
        assert await tx.user_languages([1, 2, 3, 4]) == {1: "es", 2: "bg", 3: "ru"}
        await tx.choose_language(2, None, 3.0)  # back to the Discord client's language
        await tx.saw_language(3, "en", 3.0)  # a choice outlives the client language
        assert await tx.user_languages([2, 3]) == {2: "en", 3: "ru"}
        assert await tx.user_languages([]) == {}


def test_orders_read_in_the_players_language_then_english():
    position = Position.initial(year=1901)
    lines = read_orders_in("E Par - Bor; F BRE - MAO\nF Bre - AtC", reading_order("es"), position=position)
    assert [str(x.order) for x in lines] == ["A PAR - BUR", "F BRE - MAO", "F BRE - MAO"]
    lines = read_orders_in("А Пар - Бур; A PAR - PIC", reading_order("bg"), position=position)
    assert [str(x.order) for x in lines] == ["A PAR - BUR", "A PAR - PIC"]
    lines = read_orders_in("А Париж - Бургундия", reading_order("ru"), position=position)
    assert str(lines[0].order) == "A PAR - BUR"
    # nobody can read it: the error is the player's language's, with its suggestions
    [line] = read_orders_in("E Par - Borgonia", reading_order("es"), position=position)
    assert line.order is None and line.error.code == "unknown_word"
    assert "BUR (Borgoña)" in line.error.suggestions
    # the game's language is tried before English
    assert reading_order("ru", "bg") == ("ru", "bg", "en")
    assert reading_order("en", "en") == ("en",)


def test_an_ambiguous_word_is_asked_not_guessed_in_another_language():
    # Spanish "Gal" is Gales (Wales) by the rulebook but Galicia in its sample game (§7.3):
    # without a position that settles it, the player is asked; English is not tried
    lines = read_orders_in("F Gal - Lon", reading_order("es"))
    assert lines[0].order is None and lines[0].error.code == "ambiguous"
    error = lines[0].error
    text = t("parse.ambiguous_typed", "es", typed=error.typed, suggestions=", ".join(error.suggestions))
    # the player's own spelling, and forms that read one way only
    assert "«Gal»" in text and "Gli (Galicia)" in text and "Gales" in text and "Escribe una de estas formas" in text
    lines = read_orders_in("Ф Сев - Рум", reading_order("bg"))
    assert lines[0].order is None and lines[0].error.code == "ambiguous"


def test_echoes_in_each_language():
    assert echo("A PAR - BUR", "es") == "E Par - Bor"
    assert echo("A PAR - BUR", "bg") == "А Пар - Бур"
    assert echo("A PAR - BUR", "en") == "A PAR - BUR"
    assert echo("not an order", "es") == "not an order"
    assert order_line("A PAR - BUR", "es") == "`E Par - Bor` (`A PAR - BUR`)"
    assert order_line("A PAR - BUR", "en") == "`A PAR - BUR`"
    assert t("reply.ok_local", "es", local="E Par - Bor", order="A PAR - BUR") == "✅ `E Par - Bor` (`A PAR - BUR`)"
    assert unit_text("A PAR", "es") == "E Par" and unit_text("F STP/SC", "bg").startswith("Ф ")
    assert unit_text("France: 2 build(s)", "es") == "France: 2 build(s)"


async def test_command_descriptions_are_translated_names_are_not():
    tr = CatalogueTranslator()
    desc = app_commands.TranslationContext(app_commands.TranslationContextLocation.command_description, None)
    name = app_commands.TranslationContext(app_commands.TranslationContextLocation.command_name, None)
    english = described("cmd.order")
    assert await tr.translate(english, discord.Locale.spain_spanish, desc) == t("cmd.order", "es")
    assert await tr.translate(english, discord.Locale.latin_american_spanish, desc) == t("cmd.order", "es")
    assert await tr.translate(english, discord.Locale.russian, desc) == t("cmd.order", "ru")
    assert await tr.translate(english, discord.Locale.bulgarian, desc) == t("cmd.order", "bg")
    assert await tr.translate(english, discord.Locale.french, desc) is None
    assert await tr.translate(english, discord.Locale.american_english, desc) is None
    assert await tr.translate(app_commands.locale_str("order"), discord.Locale.russian, name) is None
    keyed = app_commands.locale_str("whatever", key="cmd.ready")
    assert await tr.translate(keyed, discord.Locale.bulgarian, desc) == t("cmd.ready", "bg")


def test_refusals_are_said_in_the_readers_language():
    err = UserError("order.deadline_passed", game="Club", phase=PhaseCode("F1901M"))
    assert "Otoño de 1901, movimientos" in refusal(err, "es")
    assert "Осень 1901, ходы" in refusal(err, "ru")
    assert "Fall 1901 moves" in refusal(err, "en")
    err = UserError("illegal.too_many_adjustments", count=1, power=Power.FRANCE)
    assert refusal(err, "bg").startswith("Франция")


async def _started_game(service, languages: dict[int, str | None], game_language: str = "en"):
    game = await service.lifecycle.create_game(
        guild_id=1, channel_id=10, user_id=1, name="Babel", players=3, language=game_language
    )
    async with service.storage.transaction() as tx:
        for uid, lang in languages.items():
            if lang is not None:
                await tx.saw_language(uid, lang, 0.0)
    for uid in languages:
        await service.lifecycle.join(10, uid)
    await service.lifecycle.start(10, 1, can_manage=False)
    async with service.storage.transaction() as tx:
        game = await tx.game(game.id)
        players = await tx.players(game.id)
    return game, players


async def _posts(service):
    async with service.storage.transaction() as tx:
        rows = [p["row"] for p in await tx.posts()]  # every post stored, whatever its turn
    # each post as its reader gets it: rendered in the language of that reader now
    return [
        SimpleNamespace(
            channel_id=r.channel_id, user_id=r.user_id, content="\n\n".join(await rendered(service.storage, r))
        )
        for r in rows
    ]


async def test_dms_in_each_players_language_and_posts_in_the_games(service):
    game, players = await _started_game(service, {1: "es", 2: "ru", 3: None}, game_language="bg")
    rows = await _posts(service)
    channel = [r.content for r in rows if r.channel_id is not None]
    dms = {r.user_id: r.content for r in rows if r.user_id is not None}
    assert any("Babel" in c and "започна" in c and "Пролет 1901 г., ходове" in c for c in channel)
    assert "Primavera de 1901, movimientos" in dms[1] and "Plazo" in dms[1]
    assert "Весна 1901, ходы" in dms[2] and "Срок" in dms[2]
    assert "Пролет 1901 г." in dms[3]  # unknown language: the game's
    # units in the Spanish DM are written the Spanish way
    spanish_seat = next(p for p in players if p.user_id == 1)
    if any(pw.value == "FRANCE" for pw in powers_of(game, spanish_seat)):
        assert "E Par" in dms[1]


async def test_orders_in_the_players_language_with_the_canonical_form(service):
    game, players = await _started_game(service, {1: "es", 2: "ru", 3: "bg"})
    france = next(p.user_id for p in players if any(pw.value == "FRANCE" for pw in powers_of(game, p)))
    report = await service.ordering.submit(france, "E Par - Bor; A MAR - SPA; F Bre - Pic", language="es")
    assert [line.order for line in report.lines] == ["A PAR - BUR", "A MAR - SPA", "F BRE - PIC"]
    report = await service.ordering.submit(france, "E Par - Borgonia", language="es")
    [line] = report.lines
    assert line.error == "parse.unknown_word"
    assert "Borgoña" in say(line.error, "es", line.params)
    assert "¿Querías decir: Bor (Borgoña)" in say(line.error, "es", line.params)  # typeable as shown
    report = await service.ordering.submit(france, "А Пар - Мюн", language="bg")
    [line] = report.lines
    assert line.error == "illegal.not_adjacent"
    # the refusal names the unit and the provinces as the player writes them, not as codes
    said = say(line.error, "bg", line.params)
    assert "А Пар не може да стигне до Мюн" in said and "Бре, Бур, Гас, Пик" in said, said
    assert "A PAR can't reach MUN" in say(line.error, "en", line.params)
    report = await service.ordering.submit(france, "E Par - Ber; F Bre apoya E Mar - Bor", language="es")
    said = [say(x.error, "es", x.params) for x in report.lines]
    assert "E Par no puede llegar a Ber" in said[0] and "Bre, Bor, Gas, Pic" in said[0], said
    assert said[1].startswith("F Bre no puede dar apoyo en Bor"), said
    # a word nobody knows and nothing like it: no "did you mean: —?"
    report = await service.ordering.submit(france, "E Par - Xyz", language="es")
    [line] = report.lines
    assert line.error == "parse.unknown_word_alone"
    assert "—" not in say(line.error, "es", line.params) and "«xyz»" in say(line.error, "es", line.params)
    # /clear takes the unit as the player writes it
    count, sheet = await service.ordering.clear(france, "E Mar", language="es")
    assert count == 1 and "A MAR" in [m.unit for m in sheet.missing]
    count, sheet = await service.ordering.clear(france, "F Bre", language="es")
    assert count == 1


async def test_moderation_dms_in_each_players_language_posts_in_the_games(service):
    mod = service.moderation
    game, players = await _started_game(service, {1: "es", 2: "ru", 3: None}, game_language="bg")
    seen = len(await _posts(service))

    def new(rows):
        return (
            {r.user_id: r.content for r in rows[seen:] if r.user_id is not None},
            [r.content for r in rows[seen:] if r.channel_id is not None],
        )

    # /mod orders remind:True — each reminder in its reader's language, the post in the game's
    await mod.orders_overview(10, Actor(1), remind=True)
    rows = await _posts(service)
    dms, channel = new(rows)
    assert "te recuerda" in dms[1] and "Primavera de 1901, movimientos" in dms[1]
    assert "напоминает" in dms[2] and "Весна 1901, ходы" in dms[2]
    assert "Пролет 1901 г., ходове" in dms[3]  # nothing known of player 3: the game's
    assert len(channel) == 1 and "изпрати напомняне" in channel[0]
    seen = len(rows)

    # a draw proposal: the other survivors are told in their language
    await service.endgame.vote_draw(10, 3, True)
    rows = await _posts(service)
    dms, channel = new(rows)
    assert set(dms) == {1, 2}
    assert "se ha propuesto un empate" in dms[1] and "предложена ничья" in dms[2]
    seen = len(rows)

    # a replacement: the new player (Spanish) and the old one (the game's language)
    async with service.storage.transaction() as tx:
        await tx.saw_language(4, "es", 0.0)
    power = powers_of(game, next(p for p in players if p.user_id == 2))[0]
    await mod.replace(10, Actor(1), power.value, 4)
    rows = await _posts(service)
    dms, channel = new(rows)
    assert dms[4].startswith("🔄 Ahora juegas con") and power_name(power, "es") in dms[4]
    assert "unidades E " in dms[4] or "unidades F " in dms[4]  # units the Spanish way
    assert "Модератор передал" in dms[2] and power_name(power, "ru") in dms[2]
    assert len(channel) == 1 and power_name(power, "bg") in channel[0]

    # /game status: the lines moderation adds, in the reader's language
    lines = standing_lines(await service.status.game_status(10), "es")
    assert any("Desorden civil tras 2 fases de movimiento seguidas sin órdenes" in x for x in lines)
    assert any("propuesta de empate abierta" in x for x in lines)
    assert any(
        "Размирици след 2 поредни хода" in x
        for x in standing_lines(await service.status.game_status(10), game.language)
    )


@pytest.mark.parametrize(
    "language, typed",
    [
        ("en", "A PAR - B"),
        ("es", "E Par - Bo"),
        ("es", "e par"),
        ("bg", "А Пар - Бур"),
        ("bg", "А Пар"),
        ("ru", "А Париж - Бург"),
        ("ru", "А Пар"),
    ],
)
async def test_autocomplete_matches_what_a_player_types_in_their_language(service, language, typed):
    game, players = await _started_game(service, {1: language, 2: None, 3: None})
    france = next(p.user_id for p in players if any(pw.value == "FRANCE" for pw in powers_of(game, p)))
    choices, _ = await service.ordering.choices(france, typed, language=language)
    assert "A PAR - BUR" in choices, choices
    assert all(" PAR" in c for c in choices), choices
    # after a first order, the last one is completed and the first kept as typed
    choices, _ = await service.ordering.choices(france, f"{typed}; F Bre - M", language=language)
    assert f"{typed}; F BRE - MAO" in choices, choices
    # nothing legal matches: nothing offered
    assert (await service.ordering.choices(france, "А Мос - Пар", language=language))[0] == []
