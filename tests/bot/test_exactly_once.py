"""Posts exactly once, even after a long outage (issue 10 §6).

The bot is killed right after Discord accepted a post and before it recorded the send;
it stays down; it is started again on the same database. Discord (here simcord, given
the nonce memory real Discord has: a repeated nonce within a few minutes returns the
first message) would drop a repeat only within that window. A message shows nothing but
its text (no mark, issue 21): the bot records the digest of each message's content before
sending it, and the restarted bot finds the post by it in the channel's (or DM's) history,
after the last message it recorded there, records it, and does not send it again: the post
is there once whether the bot was down one minute or a day, and a post whose text repeats
an earlier one is not taken for it."""

from __future__ import annotations

import asyncio
from collections import Counter

import pytest
import simcord.http.router as sim_router

from bot.discord import marks, poster
from bot.infra.storage import Tx
from tests.bot.simcord_support import running

NONCE_WINDOW = 300.0  # seconds Discord remembers a nonce (a few minutes)


class Discord:
    """simcord's REST router, with Discord's nonce memory, and kill switches: when the
    message whose nonce is ``kill_after`` has been accepted, the bot "dies" before it
    can record the send (the request raises, as the process would stop); the message
    whose nonce is ``kill_before`` never reaches Discord (the bot died just before).
    ``created``: the nonce of every message Discord made (a repeat it dropped is not)."""

    def __init__(self, env, monkeypatch) -> None:
        self.env = env
        self.kill_after: str | None = None
        self.kill_before: str | None = None
        self.killed = False
        self.nonces: dict[tuple[str, str], tuple[float, object]] = {}
        self.created: list[str] = []
        self.original = sim_router.dispatch
        monkeypatch.setattr(sim_router, "dispatch", self.dispatch)

    def dispatch(self, backend, method, path, *, json=None, **kwargs):
        body = json if isinstance(json, dict) else {}
        nonce = body.get("nonce")
        if method != "POST" or not path.endswith("/messages") or not nonce or not body.get("enforce_nonce"):
            return self.original(backend, method, path, json=json, **kwargs)
        if nonce == self.kill_before and not self.killed:
            self.killed = True
            raise RuntimeError("the bot was killed before the send")
        now = backend.clock.elapsed
        seen = self.nonces.get((path, nonce))
        if seen is not None and now - seen[0] < NONCE_WINDOW:
            return seen[1]  # what Discord does within its window: the first message again
        result = self.original(backend, method, path, json=json, **kwargs)
        self.nonces[(path, nonce)] = (now, result)
        self.created.append(nonce)
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


def unmarked(messages) -> bool:
    """Nothing but the text: no line of outbox ids (``-# #42 #43``) under it."""
    return not any(marks.read(m.content) or "\n-# #" in m.content for m in messages)


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
        assert started[0].attachments, "the map went with it"
        rows = await stored_posts(env)
        assert all(p["sent_at"] is not None and p["error"] is None for p in rows)
        assert next(p for p in rows if p["id"] == 1)["message_id"] == started[0].id  # found, recorded
        assert all(n == 1 for n in Counter(discord.created).values()), discord.created
        assert unmarked(bot_messages(env, channel.id))
        # and each player's DM of the first phase arrived once
        for player in (alice, bob):
            dms = bot_messages(env, player.user.dm_channel.id)
            assert sum("1914" in m.content for m in dms) == 1, [m.content[:50] for m in dms]
            assert unmarked(dms)


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
        parts = [n for n in discord.created if n.startswith(f"o{results_id}")]
        assert parts == [f"o{results_id}", f"o{results_id}.1"]
        before = len(bot_messages(env, channel.id))

        await kill_and_restart(env, 24 * 3600.0)
        after = bot_messages(env, channel.id)
        parts = [n for n in discord.created if n.startswith(f"o{results_id}")]
        count = len(parts)
        assert count > 2 and parts == [f"o{results_id}"] + [f"o{results_id}.{i}" for i in range(1, count)]
        assert all(n == 1 for n in Counter(discord.created).values()), discord.created
        # in order: the rest of the results right after the two parts sent before the kill,
        # then the game went on: the next phase was posted after them
        story = "\n".join(m.content for m in after[before - 2 : before - 2 + count])
        assert story.startswith("📜") and story.count("📜") == 1
        assert any("Fall 1914" in m.content for m in after[before - 2 + count - 1 :])
        assert unmarked(after)
        assert all(p["sent_at"] is not None for p in await stored_posts(env))


async def test_a_post_repeating_an_earlier_ones_text_is_not_taken_for_it(tmp_path, monkeypatch):
    """Paused, resumed, paused again with the clock still: the two "paused" posts read the
    same. The bot dies just before sending the second, and comes back after Discord forgot
    the nonce: the first "paused" message is not taken for the second, which is sent."""
    async with running(str(tmp_path / "db.sqlite3")) as env:
        discord = Discord(env, monkeypatch)
        channel, alice, bob = await two_player_game(env)
        await alice.slash(channel, "game start")
        await alice.slash(channel, "mod pause")
        await alice.slash(channel, "mod resume")
        paused = [m for m in bot_messages(env, channel.id) if m.content.startswith("⏸️")]
        assert len(paused) == 1
        nxt = max(p["id"] for p in await stored_posts(env)) + 1
        discord.kill_before = f"o{nxt}"
        await alice.slash(channel, "mod pause")
        assert discord.killed
        assert len([m for m in bot_messages(env, channel.id) if m.content.startswith("⏸️")]) == 1

        await kill_and_restart(env, 6 * 3600.0)
        paused = [m.content for m in bot_messages(env, channel.id) if m.content.startswith("⏸️")]
        assert len(paused) == 2 and paused[0] == paused[1], paused
        assert all(p["sent_at"] is not None and p["error"] is None for p in await stored_posts(env))


def test_digests_find_a_part_whatever_try_rendered_it():
    """A retry that renders a part differently adds its digest to the part's; Discord's
    trimming of a message's ends does not change a digest."""
    first = marks.recorded(None, ["📜 results", "⏳ next phase"])
    again = marks.recorded(first, ["📜 resultados", "⏳ next phase"])
    assert again[0] == [marks.digest("📜 results"), marks.digest("📜 resultados")]
    assert again[1] == [marks.digest("⏳ next phase")]
    assert marks.digest("text\n") == marks.digest("text") != marks.digest("text 2")
    # a message of an earlier version, marked, is still read
    assert marks.read("📜 text\n-# #412 #413 (2/3)") == marks.Mark(412, 1, 3, (413,))
    assert marks.read("text\n-# #12 and more") is None


async def test_a_dm_sent_while_the_due_posts_are_read_is_not_sent_again(tmp_path, monkeypatch):
    """The poster reads the due posts while other destinations' messages are under way. A
    message sent and recorded while that read ran (its thread slow on a busy machine) is
    in the read as never tried, and its destination is free again when the read returns:
    it must not go a second time. Forced here: the game starts, both players' DMs go out
    at once; Bob's, once it has read what it needs, waits for the poster's next read of
    the due posts, which returns only once Bob's DM has been sent and recorded."""
    async with running(str(tmp_path / "db.sqlite3")) as env:
        channel, alice, bob = await two_player_game(env)
        outbox = env.bots[-1].poster
        bobs = ("u", bob.id)
        ready, read, served = asyncio.Event(), asyncio.Event(), asyncio.Event()

        real_read = poster._read

        async def reading(storage, batch, settings):
            out = await real_read(storage, batch, settings)
            if poster.destination(batch.rows[0]) == bobs and not read.is_set():
                ready.set()  # Bob's DM has what it needs to be sent: the next read of the due posts
                await read.wait()  # starts before it is sent
            return out

        real_due = Tx.posts_due

        async def posts_due(tx, now, limit=100, **options):
            rows = await real_due(tx, now, limit, **options)
            if ready.is_set() and not read.is_set() and bobs in outbox._busy:
                read.set()
                await served.wait()  # the read ends after Bob's DM was sent and recorded
            return rows

        real_serve = outbox._serve

        async def serve(dest, batches):
            try:
                await real_serve(dest, batches)
            finally:
                if dest == bobs:
                    served.set()

        monkeypatch.setattr(poster, "_read", reading)
        monkeypatch.setattr(Tx, "posts_due", posts_due)
        monkeypatch.setattr(outbox, "_serve", serve)
        await alice.slash(channel, "game start")
        assert read.is_set() and served.is_set()  # the interleaving happened
        for player in (alice, bob):
            dms = bot_messages(env, player.user.dm_channel.id)
            assert sum("1914" in m.content for m in dms) == 1, [m.content[:50] for m in dms]
        assert all(p["sent_at"] is not None and p["attempts"] == 1 for p in await stored_posts(env))


async def test_a_dm_delivered_before_a_kill_and_out_of_date_at_its_retry_is_recorded_with_its_message(
    tmp_path, monkeypatch
):
    """The bot dies right after Alice's DM of the first phase reached Discord, before it
    recorded the send; the phase resolves before the DM is tried again, so the retry has
    nothing to show (a new phase that is over). It records the message the earlier try
    delivered, found by its digest: the outbox says which message carries the post, as
    for every post that reached Discord, and it is not sent again."""
    async with running(str(tmp_path / "db.sqlite3")) as env:
        discord = Discord(env, monkeypatch)
        channel, alice, bob = await two_player_game(env)
        discord.kill_after = "o2"  # after the channel's "has started!": Alice's DM of Spring 1914
        await alice.slash(channel, "game start")
        assert discord.killed
        [row] = [p for p in await stored_posts(env) if p["id"] == 2]
        assert row["user_id"] == alice.id and row["kind"] == "dm_phase_started"
        assert row["sent_at"] is None and row["attempts"] == 1  # delivered, not recorded
        await alice.user.slash("ready")
        await bob.user.slash("ready")
        assert any("results of Spring 1914" in m.content for m in bot_messages(env, channel.id))

        await env.advance_time(poster.LEASE + 60)  # the send of row 2 is tried again
        dms = bot_messages(env, alice.user.dm_channel.id)
        [spring] = [m for m in dms if "Spring 1914" in m.content]
        [row] = [p for p in await stored_posts(env) if p["id"] == 2]
        assert row["sent_at"] is not None and row["message_id"] == spring.id
        assert all(n == 1 for n in Counter(discord.created).values()), discord.created
