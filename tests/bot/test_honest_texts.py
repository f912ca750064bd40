"""Texts that said something untrue or unhelpful (issue 21), as players and moderators
read them through Discord (simcord): each test shows what a post or reply says now."""

from __future__ import annotations

import re

import pytest

from bot.text.i18n import LANGUAGES, t
from bot.text.posts import render
from tests.bot.simcord_support import running, seven
from tests.bot.support import (
    STANDARD,
    board_lines,
    current_game,
    dms,
    homes,
    order,
    play_to_the_year_limit,
    press_begin,
    press_channels,
    ready_all,
    set_scene,
    sheet,
    start_seven,
    texts,
)
from tests.bot.support import standby_begin as begin

HOURS = 3600


async def test_the_grace_post_separates_the_players_it_waits_for(tmp_path):
    """Discord shows a mention as a bare name: ``for <@a> <@b>`` read "for Alice Bob"."""
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member, _ = await begin(env, grace="1h", grace_for="everyone")
        ch = table.channel
        await ready_all(member, but=("FRANCE", "ITALY"))
        await env.advance_time(48 * HOURS + 5)
        assert (await current_game(env, ch.id)).phase == "S1901M"
        [post] = [x for x in texts(ch) if x.startswith("⏳ The deadline of")]
        waited = sorted(f"<@{member[p].id}>" for p in ("FRANCE", "ITALY"))
        assert f"for {waited[0]}, {waited[1]}." in post, post
        assert not re.search(r"> <@", post)


async def test_rollback_reply_names_the_phase_undone_after_a_winter_settled_at_once(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await start_seven(env)
        ch, alice = table.channel, table.members[0]
        italy = member["ITALY"]
        units = {**STANDARD, "ITALY": ["A PIE"]}
        centres = {c: p for c, p in homes().items() if p != "ITALY"}
        await set_scene(env, ch.id, "F1901M", units, centres, homes=False)
        await order(italy, "A PIE H")
        await ready_all(member)
        assert (await current_game(env, ch.id)).phase == "S1902M"
        r = await alice.slash(ch, "mod rollback")
        assert r.ephemeral
        reply = r.response.content
        assert reply.startswith("⏪ The last resolution is undone: Spring 1902 moves is withdrawn"), reply
        assert "Spring 1902 moves undone" not in reply and "Winter 1901 adjustments undone" not in reply
        # the Winter, settled at once, is undone with it, and said so: the game is back in the Fall
        assert "and with it Winter 1901 adjustments, played at once as nobody had a choice in it" in reply
        assert "the game is back in Fall 1901 moves" in reply
        [post] = [x for x in texts(ch) if x.startswith("⏪") and "Spring 1902 moves is withdrawn" in x]
        assert "and with it Winter 1901 adjustments" in post and "back in **Fall 1901 moves**" in post


async def test_the_private_map_of_my_orders_has_alt_text(tmp_path):
    """``/orders map:True`` and the sheet's "My orders on the map": the picture says in
    words what it shows (the position, the reader's orders one by one, the crop), in the
    reader's language, as every other map does."""
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await start_seven(env)
        ch = table.channel
        france, germany = member["FRANCE"], member["GERMANY"]
        await order(france, "A PAR - BUR; F BRE - MAO")
        r = await france.slash(ch, "orders", map=True)
        [picture] = r.response.attachments
        alt = picture.description or ""
        assert alt.startswith("Spring 1901 moves. "), alt
        assert "Your orders, not resolved yet, are drawn: " in alt
        assert "A PAR - BUR" in alt and "F BRE - MAO" in alt and "Shown around the units of France." in alt
        assert len(alt) <= 1024
        # the sheet's button, in Spanish, for a player with no orders yet
        await germany.user.slash("language", language="es")
        msg = await sheet(germany)
        answer = await germany.user.click(msg, label="🗺️ Mis órdenes en el mapa")
        [picture] = answer.response.attachments
        alt = picture.description or ""
        assert alt.startswith("Primavera de 1901"), alt
        assert "Aún no has dado órdenes: solo se dibujan las unidades." in alt


async def test_press_in_a_game_where_a_player_plays_several_powers(tmp_path):
    """Three players (one plays several powers): the inbox channels are named as Discord
    names channels (no commas), and opening a group names the powers opened with, never
    the opener's own."""
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table = seven(env)
        game, member = await press_begin(env, table, players=3, anonymous=True)
        rooms = press_channels(env, table)
        assert sorted(rooms) == ["inbox-england-germany-austria", "inbox-france-turkey", "inbox-russia-italy"]
        england = member["ENGLAND"]  # plays England, Germany and Austria
        r = await england.slash(table.channel, "press open", **{"with": "FRANCE", "with2": "RUSSIA"})
        reply = r.response.content
        assert "Group opened with Russia, Italy, France, Turkey" in reply, reply
        assert not any(name in reply for name in ("England", "Germany", "Austria"))


async def test_a_dias_game_stopped_at_its_last_year_is_no_draw_in_its_rule_nor_on_the_leaderboard(tmp_path):
    """Draw size (DIAS) scores a game stopped at its last year as an equal share of every
    survivor; it is no agreed draw, and the leaderboard counts no draw for it. The rule
    under the final post said it "counts as a draw": it says what the leaderboard does."""
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await play_to_the_year_limit(env, "draw_size")
        ch, alice = table.channel, table.members[0]
        post = next(x for x in texts(ch) if "final scores by" in x)
        assert "counts as a draw" not in post and "🤝" not in post.split("\n-#")[0]
        assert "100 shared equally by every survivor, but it is no draw" in post
        assert "the leaderboard counts it as survived" in post
        lines = board_lines((await alice.slash(ch, "leaderboard")).response.content)
        assert "**16.7** · 1 game · 🏆 0 · 🤝 0" in lines[member["FRANCE"].id]


def _results_post(lang: str, *, declared: bool, active: bool = False) -> str:
    params = {
        "game": "Club",
        "phase": "S1902M",
        "results": [{"power": "ITALY", "order": "A VEN H", "ok": True, "result": "ok", "implied": True}],
        "destroyed": [],
        "civil": ["ITALY"],
        "declared": ["ITALY"] if declared else [],
        "active": ["ITALY"] if active else [],
        "owners": {"ITALY": 7},
    }
    return "\n".join(render("phase_results", params, lang))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_civil_disorder_is_said_only_of_a_declared_power_in_every_language(lang):
    """A power without orders in one phase "has no orders"; "civil disorder" is the state
    the game's policy (or a moderator) declares, and only it is called so."""
    civil_disorder = t("post.civil_disorder", lang).strip(" —*")
    assert civil_disorder == {"en": "civil disorder", "es": "desorden civil", "ru": "гражданские беспорядки"}.get(
        lang, civil_disorder
    )
    word = civil_disorder.split()[0].lower()[:5]  # "civil", "desor", "гражд", "разми"
    missed, idle = _results_post(lang, declared=False), _results_post(lang, declared=True)
    assert t("post.missed", lang) in missed and word not in missed.lower()
    assert word not in _results_post(lang, declared=False, active=True).lower()
    assert t("post.civil_disorder", lang) in idle and t("post.missed", lang) not in idle
    assert word not in t("orders.silent", lang, powers="Italia").lower()


async def test_a_missed_phase_is_no_orders_and_civil_disorder_once_declared(tmp_path):
    """Civil disorder after one missed phase: Spring's results say Italy had no orders,
    then it is declared; in Fall its line says civil disorder."""
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await start_seven(env, policy=1)
        ch = table.channel
        await ready_all(member, but=("ITALY",))
        await env.advance_time(48 * HOURS + 5)
        spring = next(x for x in texts(ch) if "results of Spring 1901" in x).split("**Italy**")[1].split("\n")[0]
        assert spring.endswith(" — *no orders*"), spring
        assert any("is now in **civil disorder**" in x for x in texts(ch))
        await ready_all(member, but=("ITALY",))
        await env.advance_time(48 * HOURS + 5)
        fall = next(x for x in texts(ch) if "results of Fall 1901" in x).split("**Italy**")[1].split("\n")[0]
        assert fall.endswith(" — *civil disorder*"), fall


async def test_a_winter_nobody_ordered_says_which_builds_were_not_made(tmp_path):
    """France (2) and England (1, with Saint Petersburg) have builds; nobody orders in the
    Winter. The results said "no power had any to make"; they name the builds waived."""
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await start_seven(env)
        ch = table.channel
        units = {**STANDARD, "FRANCE": ["A MAR"], "ENGLAND": ["F LON", "F EDI"], "RUSSIA": ["A MOS", "A WAR", "F SEV"]}
        await set_scene(env, ch.id, "W1901A", units, {"STP": "ENGLAND"})
        await env.advance_time(48 * HOURS + 5)
        assert (await current_game(env, ch.id)).phase == "S1902M"
        post = next(x for x in texts(ch) if "results of Winter 1901" in x)
        assert "no power had any to make" not in post
        assert "Builds not ordered, so not made: England (1), France (2)." in post, post
        # a Winter with nothing to build or disband at all says so (the engine skips it, a
        # moderator's scene does not): unchanged
        await set_scene(env, ch.id, "W1902A", STANDARD, {})
        await env.advance_time(48 * HOURS + 5)
        post = next(x for x in texts(ch) if "results of Winter 1902" in x)
        assert "No builds or disbands this winter: no power had any to make." in post


async def test_a_standby_order_dropped_as_illegal_is_told_once_and_removed(tmp_path):
    """It stayed in ``/standby show`` and was dropped (and reported) again every phase."""
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await start_seven(env)
        ch = table.channel
        france = member["FRANCE"]
        await france.user.slash("standby set", orders="A MAR S A PAR - BUR; F BRE - MAO")
        await order(france, "A PAR - PIC; A MAR H; F BRE H")
        await ready_all(member)
        # Fall: France misses; Paris is empty, so the support is dropped (Brest's move is used)
        await ready_all(member, but=("FRANCE",))
        await env.advance_time(48 * HOURS + 5)
        [dm] = [d for d in dms(france) if d.startswith("🛟")]
        assert "❌ `A MAR S A PAR - BUR` — not used:" in dm
        assert "The orders not used are removed from your standby orders" in dm
        r = await france.user.slash("standby show")
        assert "A MAR S A PAR - BUR" not in r.response.content, r.response.content
        # the next phases: nothing is dropped or reported again
        for _ in range(2):
            game = await current_game(env, ch.id)
            await ready_all(member, but=("FRANCE",))
            await env.advance_time(48 * HOURS + 5)
            assert (await current_game(env, ch.id)).phase != game.phase
        assert len([d for d in dms(france) if d.startswith("🛟")]) == 1
