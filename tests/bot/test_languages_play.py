"""A Spanish, a Russian and a Bulgarian player play through Discord (simcord), each in
their own language: by their Discord client's language (``interaction.locale``) or by
``/language``. Their replies and DMs are in their language; the game channel's posts
and map in the game's language; command descriptions localized, names English."""

from __future__ import annotations

from tests.bot.simcord_support import attachment_png, running
from tests.bot.support import seats as _seats

HOURS = 3600


# one order per power, as each rulebook writes it (Spanish E = ejército; Russian names with
# the Cyrillic А; Bulgarian abbreviations)
ORDERS = {
    "es": {
        "ENGLAND": ("F Lon - MNt", "F LON - NTH"),
        "RUSSIA": ("E Mos - Ucr", "A MOS - UKR"),
        "FRANCE": ("E Par - Bor", "A PAR - BUR"),
    },
    "ru": {
        "ENGLAND": ("Ф Лондон - Северное море", "F LON - NTH"),
        "RUSSIA": ("А Москва - Украина", "A MOS - UKR"),
        "FRANCE": ("А Париж - Бургундия", "A PAR - BUR"),
    },
    "bg": {
        "ENGLAND": ("Ф Лон - СеМ", "F LON - NTH"),
        "RUSSIA": ("А Мос - Укр", "A MOS - UKR"),
        "FRANCE": ("А Пар - Бур", "A PAR - BUR"),
    },
}
ECHO = {
    "es": {"A PAR - BUR": "E Par - Bor", "A MOS - UKR": "E Mos - Ucr", "F LON - NTH": "F Lon - MNt"},
    # Russian beside the default Cyrillic map: the map's short forms (Latin games: the rulebook's A Par - Bur)
    "ru": {"A PAR - BUR": "А Пар - Бур", "A MOS - UKR": "А Мос - Укр", "F LON - NTH": "Ф Лон - СвМ"},
    "bg": {"A PAR - BUR": "А Пар - Бур", "A MOS - UKR": "А Мос - Укр", "F LON - NTH": "Ф Лон - СеМ"},
}


async def test_three_players_each_in_their_language(tmp_path, client_locales):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        guild = env.create_guild("Club de Diplomacia", preferred_locale="es-ES")
        ch = guild.create_text_channel("partida")
        sofia, ivan, petar = (guild.add_member(env.create_user(n)) for n in ("sofia", "ivan", "petar"))
        client_locales[sofia.id] = "es-ES"  # Spanish Discord client
        client_locales[petar.id] = "bg"  # Bulgarian Discord client
        # Ivan's client is English: he chooses Russian with /language
        r = await ivan.slash(ch, "language")
        assert r.ephemeral and "English" in r.response.content
        r = await ivan.slash(ch, "language", language="ru")
        assert r.ephemeral and "по-русски" in r.response.content
        r = await ivan.slash(ch, "language")
        assert "Русский" in r.response.content and "это твой выбор" in r.response.content

        # the game takes the server's language (Spanish) when none is given
        r = await sofia.slash(ch, "game create", name="Babel", players=3)
        assert not r.ephemeral and "está abierta para 3 jugadores" in r.response.content
        assert "Idioma de la partida: Español" in r.response.content
        # a public reply in the channel: the game's language; a private one: the player's
        r = await petar.slash(ch, "game join")
        assert "Te has unido a **Babel**" in r.response.content
        welcome = [m.content for m in petar.user.dm_channel.history()]
        assert any("Записа се за **Babel**" in d for d in welcome), welcome
        r = await petar.slash(ch, "game join")  # a refusal: Bulgarian
        assert r.ephemeral and "Вече участваш в **Babel**" in r.response.content
        r = await ivan.slash(ch, "game start")  # a refusal: Russian (his choice)
        assert r.ephemeral and "Начать партию **Babel** может только её создатель" in r.response.content
        await ivan.slash(ch, "game join")
        await sofia.slash(ch, "game join")
        r = await sofia.slash(ch, "game start")
        assert "ha empezado" in r.response.content

        # the channel post: Spanish, with the map
        started = [m for m in ch.history() if "¡**Babel** ha empezado!" in m.content]
        assert len(started) == 1 and "Primavera de 1901, movimientos" in started[0].content
        await attachment_png(started[0])
        # the DMs: each player's language
        assert any("Primavera de 1901" in m.content and "Plazo" in m.content for m in sofia.user.dm_channel.history())
        assert any("Весна 1901, ходы" in m.content and "Срок" in m.content for m in ivan.user.dm_channel.history())
        assert any(
            "Пролет 1901 г., ходове" in m.content and "Краен срок" in m.content for m in petar.user.dm_channel.history()
        )

        game, seats = await _seats(env, ch.id)
        people = {sofia.id: (sofia, "es"), ivan.id: (ivan, "ru"), petar.id: (petar, "bg")}
        for uid, powers in seats.items():
            member, lang = people[uid]
            mine = [p.value for p in powers if p.value in ORDERS[lang]]
            assert len(mine) == 1
            typed, canonical = ORDERS[lang][mine[0]]
            result = await member.user.slash("order", orders=typed)  # from the DM with the bot
            reply = result.response.content
            assert result.ephemeral
            # echoed in the player's language and in canonical English
            assert f"✅ `{ECHO[lang][canonical]}` (`{canonical}`)" in reply, (lang, reply)
            # the rest of the reply in the player's language
            word = {"es": "Plazo", "ru": "Срок", "bg": "Краен срок"}[lang]
            assert word in reply, (lang, reply)
            # a misspelt province: the player's language, suggestions from its table
            result = await member.user.slash(
                "order", orders={"es": "E Par - Borgonia", "ru": "А Париж - Бургундиа", "bg": "А Пар - Бургундиа"}[lang]
            )
            expect = {"es": "¿Querías decir", "ru": "Может, имелось в виду", "bg": "Може би имаше предвид"}
            assert "❌" in result.response.content and expect[lang] in result.response.content
            # the canonical English form is understood from every player
            result = await member.user.slash("order", orders=canonical)
            assert "✅" in result.response.content
            # autocomplete: shown in the player's language, inserting the canonical order
            choices = await member.user.autocomplete("order", "orders", canonical[:5])
            assert canonical in [c["value"] for c in choices]
            shown = next(c["name"] for c in choices if c["value"] == canonical)
            assert shown == ECHO[lang][canonical], (lang, shown)
            # ... and matching what the player types in their own language
            choices = await member.user.autocomplete("order", "orders", typed[:-2])
            assert canonical in [c["value"] for c in choices], (lang, typed, choices)
            # /orders lists them in the player's language
            result = await member.user.slash("orders")
            assert ECHO[lang][canonical] in result.response.content

        # an impossible order, explained in Bulgarian with the units and provinces written in Bulgarian
        bg_power = next(p.value for p in seats[petar.id] if p.value in ORDERS["bg"])
        impossible = {"ENGLAND": "Ф Лон - Мюн", "RUSSIA": "А Мос - Пар", "FRANCE": "А Пар - Мос"}[bg_power]
        result = await petar.user.slash("order", orders=impossible)
        assert f"{impossible.split(' - ')[0]} не може да" in result.response.content

        # the results and the next phase: posted in Spanish, orders in both forms
        before = len(ch.history())
        await env.advance_time(48 * HOURS + 5)
        new = ch.history()[before:]
        results = [m for m in new if "resultados de «Primavera de 1901, movimientos»" in m.content]
        assert len(results) == 1, [m.content for m in new]
        assert "`E Par - Bor` (`A PAR - BUR`)" in results[0].content
        assert "desorden civil" in results[0].content or "*(sin orden)*" in results[0].content
        await attachment_png(results[0])
        assert any("Otoño de 1901, movimientos" in m.content and "Plazo" in m.content for m in new)
        assert any("Осень 1901, ходы" in m.content for m in ivan.user.dm_channel.history())

        # /language back to the Discord client's language: Ivan reads English again
        r = await ivan.user.slash("language", language="auto")
        assert "language of your Discord app (English)" in r.response.content
        r = await ivan.user.slash("orders")
        assert "Fall 1901 moves" in r.response.content and "Осень" not in r.response.content


async def test_bulgarian_game_chosen_at_create_and_localized_descriptions(tmp_path, client_locales):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        guild = env.create_guild("Club")
        ch = guild.create_text_channel("igra")
        ana = guild.add_member(env.create_user("ana"))
        client_locales[ana.id] = "es-419"
        r = await ana.slash(ch, "game create", name="Sofia", players=2, language="bg")
        assert "Играта **Sofia** е отворена за 2 играчи" in r.response.content
        assert "Език на играта: Български" in r.response.content
        r = await ana.slash(ch, "game status")  # a private reply: her language
        assert r.ephemeral and "**Sofia** espera jugadores" in r.response.content
        r = await ana.slash(ch, "order", orders="E Par - Bor")
        # the channel's game decides (she created it, but has not joined it)
        assert r.ephemeral and "Este canal es de la partida **Sofia** y no juegas en ella" in r.response.content

        # command names stay English; descriptions are localized for each client language
        from discord import Locale

        from bot.text.i18n import t

        commands = {c.name: c for c in await env.bots[-1].tree.fetch_commands()}
        assert {"game", "order", "orders", "clear", "ready", "unready", "language"} <= set(commands)
        order = commands["order"]
        assert order.description == t("cmd.order")
        loc = order.description_localizations
        assert loc[Locale.spain_spanish] == loc[Locale.latin_american_spanish] == t("cmd.order", "es")
        assert loc[Locale.russian] == t("cmd.order", "ru") and loc[Locale.bulgarian] == t("cmd.order", "bg")
        assert not order.name_localizations
        wanted = {Locale.spain_spanish, Locale.latin_american_spanish, Locale.russian, Locale.bulgarian}

        def check(item):
            assert set(item.description_localizations) == wanted, (item.name, item.description_localizations)
            assert not item.name_localizations, item.name
            for option in getattr(item, "options", []):
                check(option)

        for name in ("game", "order", "orders", "clear", "ready", "unready", "language"):
            check(commands[name])
        create = next(o for o in commands["game"].options if o.name == "create")
        language = next(o for o in create.options if o.name == "language")
        assert [c.value for c in language.choices] == ["en", "es", "ru", "bg"]
        assert language.description_localizations[Locale.russian] == t("cmd.game.create.language", "ru")
