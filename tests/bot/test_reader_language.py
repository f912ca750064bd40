"""Maps and messages wholly in the reader's language (issue 12), through Discord (simcord):
a Russian game, its maps in Cyrillic or in the Latin letters of the Russian rulebook,
played by a Russian, a Bulgarian and a Spanish player. The channel's map and posts are in the game's language
and script; each player's DM map (offered by a button under the DM, issue 13) is drawn in that
player's language, and their replies and DMs name units, places and orders as
their map does. The texts read are printed (``pytest -s``) for a person to look at."""

from __future__ import annotations

import pytest

from bot.infra import maps
from bot.text.i18n import t
from bot.text.labels import echo
from engine import Position
from engine.codec import position_to_json
from tests.bot.simcord_support import running
from tests.bot.support import current_game
from tests.bot.support import seats as _seats

HOURS = 3600


class Recording:
    """The map drawer of the stories (the plain stand-in), recording every view drawn."""

    def __init__(self) -> None:
        self.views: list[maps.MapView] = []
        self.calls = 0
        self.inner = maps.plain_views

    def __call__(self, position, orders, *, game_name, views):
        self.calls += 1
        self.views.extend(views)
        return self.inner(position, orders, game_name=game_name, views=views)


def show(title: str, text: str) -> None:
    print(f"\n----- {title}\n{text}")


@pytest.mark.parametrize("labels", ["latin", None], ids=["latin", "cyrillic"])
async def test_a_russian_game_read_in_three_languages(tmp_path, client_locales, monkeypatch, labels):  # noqa: F811
    drawer = Recording()
    monkeypatch.setattr(maps, "plain_views", drawer)
    async with running(str(tmp_path / "db.sqlite3")) as env:
        guild = env.create_guild("Клуб", preferred_locale="ru")
        ch = guild.create_text_channel("partiya")
        other = guild.create_text_channel("otra")
        ivan, petar, sofia = (guild.add_member(env.create_user(n)) for n in ("ivan", "petar", "sofia"))
        client_locales.update({ivan.id: "ru", petar.id: "bg", sofia.id: "es-ES"})

        # the label set is chosen at /game create, for Russian games only
        r = await sofia.slash(other, "game create", name="Latina", players=3, language="es", labels="cyrillic")
        assert r.ephemeral and "Solo las partidas en ruso pueden elegir los rótulos del mapa" in r.response.content
        chosen = {"labels": labels} if labels else {}
        r = await ivan.slash(ch, "game create", name="Москва", players=3, **chosen)
        show("ivan: /game create", r.response.content)
        assert "Язык партии: Русский." in r.response.content
        named = "Латиница, как в правилах (Par, Bur)" if labels else "Кириллица (Пар, Бур)"
        assert f"Карты и приказы: {named}." in r.response.content
        for m in (ivan, petar, sofia):
            await m.slash(ch, "game join")
        await ivan.slash(ch, "game start")
        game = await current_game(env, ch.id)
        assert game.language == "ru" and game.labels == labels
        tag = "ru-Latn" if labels else "ru"  # how Ivan's texts write orders: as his map does

        # the channel's map in Russian, Latin letters; each DM's crop in its reader's language
        started = [m for m in ch.history() if "**Москва**" in m.content and m.attachments]
        show("channel: the game starts", started[0].content)
        assert maps.MapView(None, "ru", labels) in drawer.views
        _, seats = await _seats(env, ch.id)
        readers = {ivan.id: ("ru", labels), petar.id: ("bg", None), sofia.id: ("es", None)}
        # each DM offers its reader's crop (issue 13): a tap draws it in the reader's language
        for member, reader, lang in ((ivan, tag, "ru"), (petar, "bg", "bg"), (sofia, "es", "es")):
            dm = [m for m in member.user.dm_channel.history() if "Москва" in m.content and m.components][-1]
            show(f"{member.user.name}: the DM of the new phase ({reader})", dm.content)
            assert not dm.attachments
            crop = (await member.user.click(dm, label=t("dm.map_button", lang))).response
            assert crop.attachments
        for uid, powers in seats.items():
            for power in powers:
                assert any(
                    v.front in (power.value, tuple(p.value for p in powers)) and (v.language, v.labels) == readers[uid]
                    for v in drawer.views
                ), (power, readers[uid])
        # one drawing for the channel's map, one per reader who asked for their crop: no
        # crop is drawn that nobody sees
        assert drawer.calls <= 4, drawer.calls
        assert len(drawer.views) == len(set(drawer.views))  # and nothing drawn twice

        # each orders one unit as the rulebook of their language writes it, and reads the echo
        for member, reader, hold in ((ivan, tag, "H" if labels else "стоит"), (petar, "bg", "З"), (sofia, "es", "M")):
            power = seats[member.id][0]
            unit = Position.initial().units_of(power)[0]
            canonical = f"{unit} H"
            typed = f"{echo(str(unit) + ' H', reader).rsplit(' ', 1)[0]} {hold}"  # as the map shows the unit
            r = await member.user.slash("order", orders=typed)
            show(f"{member.user.name}: /order {typed}", r.response.content)
            local = echo(canonical, reader)
            if local.upper() == canonical:  # the rulebook's Latin letters are the codes: said once
                assert f"✅ `{local}`\n" in r.response.content
            else:
                assert f"✅ `{local}` (`{canonical}`)" in r.response.content
            r = await member.user.slash("orders")
            show(f"{member.user.name}: /orders", r.response.content)
            assert local in r.response.content

        # the results in the channel: Russian, orders in the script of the channel's map
        before = len(ch.history())
        await env.advance_time(48 * HOURS + 5)
        posted = [m.content for m in ch.history()[before:]]
        for text in posted:
            show("channel: after the deadline", text)
        results = next(t for t in posted if "итоги" in t.lower() or "результаты" in t.lower())
        if labels:  # the rulebook's Latin letters, once each (a coast is written apart: `F StP SC`)
            assert ("`A " in results or "`F " in results) and "(`A " not in results
            assert "`А " not in results and "`Ф " not in results  # no Cyrillic letter beside a Latin map
        else:  # the map's Cyrillic short forms, then the codes
            assert "`А " in results and "(`A " in results


async def test_nothing_to_order_and_an_empty_winter_say_so(tmp_path, client_locales):  # noqa: F811
    async with running(str(tmp_path / "db.sqlite3")) as env:
        guild = env.create_guild("Клуб", preferred_locale="ru")
        ch = guild.create_text_channel("partiya")
        ivan, olga = (guild.add_member(env.create_user(n)) for n in ("ivan", "olga"))
        client_locales.update({ivan.id: "ru", olga.id: "ru"})
        await ivan.slash(ch, "game create", name="Зима", players=2)
        for m in (ivan, olga):
            await m.slash(ch, "game join")
        await ivan.slash(ch, "game start")
        game = await current_game(env, ch.id)
        # a winter where every power has as many units as centres: nothing to build or disband
        initial = Position.initial(year=int(game.phase[1:5]))
        winter = Position.build(f"W{initial.phase.year}A", list(initial.units.values()), initial.centres)
        data = position_to_json(winter)
        async with env.bots[-1].core.storage.transaction() as tx:
            await tx.insert_phase(game.id, str(winter.phase), data)
            assert await tx.restore_game(
                game.id,
                expected_phase=game.phase,
                phase=str(winter.phase),
                position=data,
                deadline=game.deadline,
                remind_at=game.remind_at,
                tossed=game.tossed,
                toss_winner=game.toss_winner,
            )
        r = await ivan.user.slash("order", orders="ОТКАЗ")
        show("ivan: /order ОТКАЗ with nothing to order", r.response.content)
        assert "В этой фазе тебе нечего приказывать." in r.response.content
        assert "У всех твоих войск есть приказы" not in r.response.content
        before = len(ch.history())
        await env.advance_time(48 * HOURS + 5)
        posted = [m.content for m in ch.history()[before:]]
        for text in posted:
            show("channel: the winter resolved", text)
        assert any("Этой зимой ни построек, ни расформирований" in t for t in posted), posted


async def test_power_choices_are_named_in_each_clients_language(tmp_path):
    from discord import Locale

    async with running(str(tmp_path / "db.sqlite3")) as env:
        commands = {c.name: c for c in await env.bots[-1].tree.fetch_commands()}
        replace = next(o for o in commands["mod"].options if o.name == "replace")
        power = next(o for o in replace.options if o.name == "power")
        russia = next(c for c in power.choices if c.value == "RUSSIA")
        assert russia.name == "Russia"
        assert russia.name_localizations[Locale.russian] == "Россия"
        assert russia.name_localizations[Locale.spain_spanish] == "Rusia"
        assert russia.name_localizations[Locale.bulgarian] == "Русия"
