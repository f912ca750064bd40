"""Restarts between resolution and posting, Discord errors, and forbidden actions (simcord)."""

from __future__ import annotations

from tests.bot.simcord_support import attachment_png, running, seven
from tests.bot.support import two_player_game

HOURS = 3600


async def test_restart_between_resolution_and_posting(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table = seven(env)
        a, b = table.members[:2]
        await two_player_game(table, table.channel, a, b)
        before = len(table.channel.history())
        # Discord fails every message post: the phase resolves, the posts wait in the outbox
        env.inject_error("POST", "/channels/*/messages", status=503, times=None)
        await env.advance_time(48 * HOURS + 5)
        assert len(table.channel.history()) == before
        service = env.bots[-1].core
        async with service.storage.transaction() as tx:
            pending = [p for p in await tx.posts() if p["sent_at"] is None]
            game = await tx.open_game_in_channel(table.channel.id)
        assert pending and game.phase != "S1914M"
        env.backend.faults.clear()
        await env.restart()
        await env.settle()
        new = table.channel.history()[before:]
        results = [m for m in new if "results of Spring 1914" in m.content]
        assert len(results) == 1
        await attachment_png(results[0])
        assert len([m for m in new if "Fall 1914" in m.content]) == 1
        async with env.bots[-1].core.storage.transaction() as tx:
            assert all(p["sent_at"] is not None for p in await tx.posts())
        # a second restart posts nothing again
        count = len(table.channel.history())
        await env.restart()
        await env.settle()
        assert len(table.channel.history()) == count


async def test_deleted_channel_and_closed_dms_do_not_crash(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table = seven(env)
        a, b, c = table.members[:3]
        await a.slash(table.channel, "game create", name="Duel", players=2)
        # c does not accept DMs: joining says how to allow them, and changes nothing
        env.inject_error(
            "POST", "/channels/*/messages", status=403, code=50007, message="Cannot send messages to this user", times=1
        )
        r = await c.slash(table.channel, "game join")
        assert "Direct Messages" in r.response.content
        r = await c.slash(table.channel, "game status")
        assert "0 of 2" in r.response.content
        await a.slash(table.channel, "game join")
        await b.slash(table.channel, "game join")
        await a.slash(table.channel, "game start")
        env.inject_error("POST", "/channels/*/messages", status=404, code=10003, message="Unknown Channel", times=None)
        await env.advance_time(48 * HOURS + 5)  # posts fail for good: recorded, no crash
        env.backend.faults.clear()
        async with env.bots[-1].core.storage.transaction() as tx:
            posts = await tx.posts()
        assert any(p["error"] and "NotFound" in p["error"] for p in posts)


async def test_forbidden_actions(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table = seven(env)
        a, b, c = table.members[:3]
        other = table.guild.create_text_channel("game-2")
        await two_player_game(table, table.channel, a, b, name="One")
        await two_player_game(table, other, a, c, name="Two")
        service = env.bots[-1].core
        async with service.storage.transaction() as tx:
            one = await tx.open_game_in_channel(table.channel.id)
            two = await tx.open_game_in_channel(other.id)
        # a player in two games must say which
        r = await a.user.slash("order", orders="A PAR H")
        assert "several games" in r.response.content
        # b is not in game Two: no orders there, and no word of it (issue 10 §4)
        r = await b.user.slash("order", orders="A PAR H", game=str(two.id))
        assert "can't find that game" in r.response.content and "Two" not in r.response.content
        r = await b.user.slash("order", orders="A PAR H", game="12345")
        assert "can't find that game" in r.response.content
        # garbage
        r = await b.user.slash("order", orders="hello there")
        assert "❌" in r.response.content
        # someone else's game cannot be started, and a game cannot start twice
        r = await c.slash(table.channel, "game start")
        assert "Only the creator" in r.response.content
        r = await a.slash(table.channel, "game start")
        assert "already started" in r.response.content
        # only a created game can be joined; a started one cannot
        r = await c.slash(table.channel, "game join")
        assert "already started" in r.response.content
        # the status lists who played, not what
        r = await c.slash(table.channel, "game status")
        assert "<t:" in r.response.content
        # orders given in one game never land in the other
        sheet_two = await service.status.my_orders(a.id, game_id=two.id)
        r = await a.user.slash("order", orders="A VIE - GAL", game=str(one.id))
        assert r.response is not None
        sheet_two_after = await service.status.my_orders(a.id, game_id=two.id)
        assert sheet_two.ordered == sheet_two_after.ordered
