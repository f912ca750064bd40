"""No message of the bot pings anyone it did not mean to (issue 10 §4).

A game whose name is ``@everyone <@&role> <@user>`` and orders typed as mentions go
through a whole story (create, join, start, map, status, orders and errors by DM and in
the channel, the sheet, /clear, a resolution with its posts and DMs). Every request the
bot makes to (simulated) Discord is checked: each message carries ``allowed_mentions``
that allow nobody but the players a post means to ping; and simcord's own account of
each message (who it pinged) agrees."""

from __future__ import annotations

import re

from tests.bot.simcord_support import running

CONTENT_ROUTES = re.compile(r"/channels/\d+/messages|/interactions/\d+/[^/]+/callback|/webhooks/\d+/")


def bot_messages(env):
    bot_id = env.backend.bot_user.id
    for channel in env.backend.messages.values():
        for message in channel.values():
            if message.author_id == bot_id:
                yield message


def payloads(env):
    """(path, message payload) of every request that writes a message."""
    for request in env.http_requests:
        if request.method not in ("POST", "PATCH") or not CONTENT_ROUTES.search(request.path):
            continue
        body = request.json if isinstance(request.json, dict) else {}
        if "/callback" in request.path:
            body = body.get("data") or {}
        if "content" in body or "embeds" in body:
            yield request.path, body


def check_no_stray_pings(env, players: set[int], victim: int, role: int) -> int:
    checked = 0
    for path, body in payloads(env):
        allowed = body.get("allowed_mentions")
        assert allowed is not None, f"{path}: no allowed_mentions in {body.get('content', '')[:80]!r}"
        assert allowed.get("parse") == [], (path, allowed)
        assert set(int(u) for u in allowed.get("users", [])) <= players, (path, allowed)
        assert not allowed.get("roles"), (path, allowed)
        checked += 1
    for message in bot_messages(env):
        assert not message.mention_everyone, message.content
        assert message.ping_role_ids == [], message.content
        assert set(message.ping_user_ids) <= players, (message.ping_user_ids, message.content)
        # the hostile texts are shown as text, not as mentions (a code span shows its
        # content as it is)
        prose = re.sub(r"`[^`]*`", "", message.content)
        assert f"<@{victim}>" not in prose, message.content
        assert f"<@&{role}>" not in prose, message.content
        assert not re.search(r"(?<!\\)@(everyone|here)", prose), message.content
    return checked


async def test_a_hostile_game_name_and_hostile_orders_ping_nobody(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        guild = env.create_guild("Club")
        channel = guild.create_text_channel("game")
        role = guild.create_role("Everybody", mentionable=True)
        alice, bob, victim = (guild.add_member(env.create_user(n)) for n in ("alice", "bob", "victim"))
        hostile = f"@everyone <@&{role.id}> <@{victim.id}>"
        r = await alice.slash(channel, "game create", name=hostile, players=2)
        assert not r.ephemeral and "@everyone" in r.response.content
        for m in (alice, bob):
            await m.slash(channel, "game join")
        await alice.slash(channel, "game status")
        await alice.slash(channel, "game start")
        await bob.slash(channel, "game map")
        # orders that are mentions, markdown and a backtick, by DM and in the channel
        lines = f"<@{victim.id}> @everyone\n<@&{role.id}> **x** `y`\n@here A PAR - BUR"
        r = await alice.user.slash("order", orders=lines)
        assert r.ephemeral and r.response.content.count("❌") == 3
        await bob.slash(channel, "order", orders=f"A PAR - <@{victim.id}>")
        await alice.user.slash("clear", unit=f"<@{victim.id}>")
        sheet = await alice.user.slash("orders")
        # a tap on the sheet: the message is edited into the next screen (named by the game)
        step = await alice.user.click(sheet.response.message, label="Order all units")
        assert "\\@everyone" in step.response.content
        await alice.user.slash("ready")
        await bob.user.slash("ready")  # everyone ready: the phase resolves and posts
        posts = [m for m in channel.history() if m.content.startswith("📜")]
        assert posts, "the results were posted"
        players = {alice.id, bob.id}
        checked = check_no_stray_pings(env, players, victim.id, role.id)
        assert checked >= 15
        # the posts that mean to ping players still do
        started = [m for m in bot_messages(env) if "has started!" in m.content]
        assert started and set(started[0].ping_user_ids) == players
