"""Few requests per phase (issue 13), counted in simcord's log of the bot's requests.

Two games whose deadlines fall at the same moment, with the same two players: the
resolution of each game is one message in its channel, each player gets one DM summing
up both games (none to a player who owes nothing), the map is offered by a button (or
attached for a player who asked with ``/remind map:True``), and no DM fetches the user
or opens the DM channel again."""

from __future__ import annotations

import re

from tests.bot.simcord_support import attachment_png, png_ok, running

HOURS = 3600


def bot_requests(env, since: int) -> list[tuple[str, str]]:
    """The requests the bot made since entry ``since`` of the log, but its answers to
    interactions (Discord does not count those against the bot's rate limit)."""
    return [
        (e.method, e.path)
        for e in env.backend.http_requests[since:]
        if "/interactions/" not in e.path and "/webhooks/" not in e.path
    ]


async def same_deadline(env, channels) -> None:
    """The games' deadlines at one moment (a deadline storm), 48 hours from now, and no
    reminders before it (they are DMs of their own, at the times players chose)."""
    storage = env.bots[-1].core.storage
    async with storage.write() as tx:
        games = [await tx.open_game_in_channel(c.id) for c in channels]
        moment = max(g.deadline for g in games)
        for g in games:
            assert await tx.set_timers(g.id, g.phase, deadline=moment, remind_at=None)


def dm_texts(member) -> list[str]:
    channel = member.user.dm_channel
    return [m.content for m in channel.history()] if channel is not None else []


async def two_games(env):
    """Games Alpha and Beta (2 players each: alice and bob), started at the same moment."""
    guild = env.create_guild("Club")
    alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
    channels = []
    for name in ("Alpha", "Beta"):
        channel = guild.create_text_channel(name.lower())
        await alice.slash(channel, "game create", name=name, players=2, movement="48h")
        for m in (alice, bob):
            await m.slash(channel, "game join")
        channels.append(channel)
    for channel in channels:
        await alice.slash(channel, "game start")
    return channels, alice, bob


async def test_a_storm_of_two_games_costs_one_message_per_channel_and_one_dm_per_player(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        channels, alice, bob = await two_games(env)
        r = await bob.user.slash("remind", map=True)  # bob wants his map with each DM
        assert "comes with the DM" in r.response.content
        await same_deadline(env, channels)
        before = {m: len(dm_texts(m)) for m in (alice, bob)}
        mark = len(env.backend.http_requests)

        await env.advance_time(48 * HOURS + 5)

        requests = bot_requests(env, mark)
        posts = [path for method, path in requests if method == "POST" and path.endswith("/messages")]
        for channel in channels:  # one message per resolution: results, map, new phase
            assert posts.count(f"/channels/{channel.id}/messages") == 1, requests
            [message] = [m for m in channel.history() if "results of Spring" in m.content]
            assert "Fall" in message.content and "Deadline: <t:" in message.content
            names = [a.filename for a in message.attachments]
            assert len(names) == 2 and re.fullmatch(r"S\d{4}M-orders\.png", names[0]), names
            assert re.fullmatch(r"F\d{4}M\.png", names[1]), names
        dms = {m: dm_texts(m)[before[m] :] for m in (alice, bob)}
        for texts in dms.values():  # one DM each, both games in it
            assert len(texts) == 1, [t[:60] for t in texts]
            assert "Alpha" in texts[0] and "Beta" in texts[0] and len(re.findall(r"Fall \d{4}", texts[0])) == 2
        # two channel messages and two DMs: nothing else (no user fetched, no DM channel opened)
        assert len(requests) == 4, requests
        assert not any(re.fullmatch(r"/users/\d+", path) for _, path in requests)

        # alice is offered her maps, one button per game; bob has his attached
        alice_dm = alice.user.dm_channel.history()[-1]
        assert not alice_dm.attachments
        shown = (await alice.user.click(alice_dm, label="🗺️ Beta")).response
        assert shown.attachments and all(re.match(r"F\d{4}M-", a.filename) for a in shown.attachments)
        png_ok(await attachment_png(shown))
        bob_dm = bob.user.dm_channel.history()[-1]
        # his crops of both games (one per group of neighbouring powers)
        assert len(bob_dm.attachments) >= 2 and all(re.match(r"F\d{4}M-", a.filename) for a in bob_dm.attachments)
        assert not bob.user.dm_channel.history()[-1].components  # nothing to offer: it is there

        # the next storm: still no DM channel opened again
        await same_deadline(env, channels)
        mark = len(env.backend.http_requests)
        await env.advance_time(48 * HOURS + 5)
        requests = bot_requests(env, mark)
        assert not any(path == "/users/@me/channels" for _, path in requests), requests
        posts = [path for _, path in requests if path.endswith("/messages")]
        for channel in channels:  # a long story (everyone in civil disorder) may need a second message
            assert 1 <= posts.count(f"/channels/{channel.id}/messages") <= 2, requests
        for member in (alice, bob):
            assert posts.count(f"/channels/{member.user.dm_channel.id}/messages") == 1, requests
        assert len(requests) == len(posts)
