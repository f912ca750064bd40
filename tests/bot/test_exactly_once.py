"""Posts exactly once, even after a long outage (issue 10 §6).

The bot is killed right after Discord accepted a post and before it recorded the send;
it stays down; it is started again on the same database. Discord (here simcord, given
the nonce memory real Discord has: a repeated nonce within a few minutes returns the
first message) would drop a repeat only within that window. Each message of a post
carries its mark, and the restarted bot finds the post in the channel's (or DM's)
history, records it, and does not send it again: the post is there once whether the bot
was down one minute or a day."""

from __future__ import annotations

from collections import Counter

import pytest
import simcord.http.router as sim_router

from bot.discord import marks, poster
from tests.bot.simcord_support import running

NONCE_WINDOW = 300.0  # seconds Discord remembers a nonce (a few minutes)


class Discord:
    """simcord's REST router, with Discord's nonce memory, and a kill switch: when the
    message whose nonce is ``kill_after`` has been accepted, the bot "dies" before it
    can record the send (the request raises, as the process would stop)."""

    def __init__(self, env, monkeypatch) -> None:
        self.env = env
        self.kill_after: str | None = None
        self.killed = False
        self.nonces: dict[tuple[str, str], tuple[float, object]] = {}
        self.original = sim_router.dispatch
        monkeypatch.setattr(sim_router, "dispatch", self.dispatch)

    def dispatch(self, backend, method, path, *, json=None, **kwargs):
        body = json if isinstance(json, dict) else {}
        nonce = body.get("nonce")
        if method != "POST" or not path.endswith("/messages") or not nonce or not body.get("enforce_nonce"):
            return self.original(backend, method, path, json=json, **kwargs)
        now = backend.clock.elapsed
        seen = self.nonces.get((path, nonce))
        if seen is not None and now - seen[0] < NONCE_WINDOW:
            return seen[1]  # what Discord does within its window: the first message again
        result = self.original(backend, method, path, json=json, **kwargs)
        self.nonces[(path, nonce)] = (now, result)
        if nonce == self.kill_after and not self.killed:
            self.killed = True
            raise RuntimeError("the bot was killed after the send, before recording it")
        return result


async def kill_and_restart(env, down: float):
    """The bot is gone (its loops stopped where they were), stays down ``down`` seconds
    of the simulated clock, then a new process starts on the same database."""
    old = env.bots[-1]
    await old.poster.stop()
    await old.scheduler.stop()
    await env.advance_time(down)
    return await env.restart()


async def stored_posts(env):
    async with env.bots[-1].core.storage.read() as tx:
        return await tx.posts()


def bot_messages(env, channel_id: int) -> list:
    bot_id = env.backend.bot_user.id
    found = env.backend.messages.get(channel_id, {}).values()
    return sorted((m for m in found if m.author_id == bot_id), key=lambda m: m.id)


def marks_in(env, channel_id: int) -> Counter:
    return Counter((m.post, m.part) for m in (marks.read(x.content) for x in bot_messages(env, channel_id)) if m)


async def two_player_game(env, name="Once"):
    guild = env.create_guild("Club")
    channel = guild.create_text_channel("game")
    alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
    await alice.slash(channel, "game create", name=name, players=2)
    for m in (alice, bob):
        await m.slash(channel, "game join")
    return channel, alice, bob


@pytest.mark.parametrize("down", [60.0, 6 * 3600.0], ids=["within-the-nonce-window", "after-it"])
async def test_a_post_sent_just_before_a_kill_appears_once(tmp_path, monkeypatch, down):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        discord = Discord(env, monkeypatch)
        channel, alice, bob = await two_player_game(env)
        discord.kill_after = "o1"  # the first post: the game has started (with its map)
        await alice.slash(channel, "game start")
        assert discord.killed
        [row] = [p for p in await stored_posts(env) if p["id"] == 1]
        assert row["sent_at"] is None and row["attempts"] == 1  # sent, but not recorded
        assert sum("has started!" in m.content for m in bot_messages(env, channel.id)) == 1

        await kill_and_restart(env, down)
        started = [m for m in bot_messages(env, channel.id) if "has started!" in m.content]
        assert len(started) == 1, [m.content[:40] for m in started]
        assert marks.read(started[0].content) == marks.Mark(1, 0, 1)
        assert started[0].attachments, "the map went with it"
        rows = await stored_posts(env)
        assert all(p["sent_at"] is not None and p["error"] is None for p in rows)
        assert next(p for p in rows if p["id"] == 1)["row"].id == 1
        assert all(n == 1 for n in marks_in(env, channel.id).values())
        # and each player's DM of the first phase arrived once
        for player in (alice, bob):
            dms = bot_messages(env, player.user.dm_channel.id)
            assert sum("1914" in m.content for m in dms) == 1, [m.content[:50] for m in dms]


async def test_a_post_of_several_messages_cut_by_a_kill_sends_only_the_rest(tmp_path, monkeypatch):
    # messages of a few hundred characters: the resolution's message is cut in several
    monkeypatch.setattr(poster, "MESSAGE_LIMIT", 300)
    async with running(str(tmp_path / "db.sqlite3")) as env:
        discord = Discord(env, monkeypatch)
        channel, alice, bob = await two_player_game(env)
        await alice.slash(channel, "game start")
        before = {p["id"] for p in await stored_posts(env)}
        results_id = max(before) + 1  # the next post stored: the results of the phase
        discord.kill_after = f"o{results_id}.1"  # killed after the 2nd message of it
        await alice.user.slash("ready")
        await bob.user.slash("ready")
        assert discord.killed
        parts = [m for m in bot_messages(env, channel.id) if (k := marks.read(m.content)) and k.post == results_id]
        assert len(parts) == 2 and marks.read(parts[0].content).parts > 2

        await kill_and_restart(env, 24 * 3600.0)
        found = marks_in(env, channel.id)
        count = marks.read(parts[0].content).parts
        assert [found[(results_id, i)] for i in range(count)] == [1] * count
        assert all(n == 1 for n in found.values())
        # in order, and the game went on: the next phase was posted after them
        ordered = [k for k in (marks.read(m.content) for m in bot_messages(env, channel.id)) if k]
        mine = [k.part for k in ordered if k.post == results_id]
        assert mine == list(range(count))
        assert any("Fall 1914" in m.content for m in bot_messages(env, channel.id))
        assert all(p["sent_at"] is not None for p in await stored_posts(env))


def test_marks_read_back():
    for mark in (marks.Mark(7, 0, 1), marks.Mark(412, 1, 3), marks.Mark(412, 2, 3)):
        assert marks.read(marks.marked("📜 text\nmore", mark)) == mark
    assert marks.read("-# #12") is None  # a mark is a line after the text
    assert marks.read("text\n-# #12 and more") is None
    assert marks.read("text") is None
