"""Two bot processes on ONE PostgreSQL database, each connecting its own Discord shard
(issue 13), each ``python -m bot`` against the loopback Discord emulator (two servers, one
per shard): each runs the games of its shard; one is killed, and once its lease expires the
other takes its shard over and resolves its due game exactly once; started again, the
first asks for its shard back and gets it. The taker also serves the shard's gateway (issue
24): the killed process's servers' commands are answered by it, the hand-back loses none and
answers none twice, and a process frozen past its lease answers nothing when it wakes.

Leases are short here (2 s, heartbeat 0.5 s); every wait polls with a bound that is only a
hang guard, never a speed assumption.
"""

from __future__ import annotations

import asyncio
import signal
import socket
from collections.abc import Callable
from typing import Any

import asyncpg
import pytest

from tests.bot import databases
from tests.bot.loopback import Emulator
from tests.bot.processes import GUARD, Bot, new_game, spawn

pytestmark = pytest.mark.process  # real bot processes

SHARDED = {"DIPLOMACY_SHARD_COUNT": "2"}


async def until(check: Callable[[], Any], what: str) -> Any:
    """Poll ``check`` (sync or async) until it is truthy; fail after the guard."""
    for _ in range(int(GUARD / 0.1)):
        value = check()
        if asyncio.iscoroutine(value):
            value = await value
        if value:
            return value
        await asyncio.sleep(0.1)
    raise AssertionError(f"never happened: {what}")


async def start(emu: Emulator, url: str, name: str, tmp, shard: int) -> Bot:
    bot = await spawn(emu, url, name, tmp, DIPLOMACY_SHARDS=str(shard), **SHARDED)  # type: ignore[arg-type]
    await until(lambda: emu.connected(shard) or bot.proc.returncode is not None, f"{name} connected shard {shard}")
    assert bot.proc.returncode is None, bot.lines()
    return bot


async def test_a_killed_process_s_games_are_resolved_once_by_the_other_after_its_lease(tmp_path, postgresql_server):
    emu = Emulator()
    guilds = [emu.add_guild(0, 2), emu.add_guild(1, 2)]
    channels = [emu.add_channel(f"game-{n}", guild) for n, guild in enumerate(guilds)]
    users = [emu.add_user("alice"), emu.add_user("bob")]
    await emu.start()
    url = await databases.new_database(str(tmp_path / "shards"), postgresql_server)
    db = await asyncpg.connect(url)
    bots: list[Bot] = []
    try:
        first = await start(emu, url, "first", tmp_path, 0)
        bots.append(first)
        second = await start(emu, url, "second", tmp_path, 1)
        bots.append(second)
        for n, channel in enumerate(channels):  # each server's commands reach its shard's process
            await new_game(emu, channel, users, name=f"Shard{n}")
        leases = dict(await db.fetch("SELECT scope, pid FROM leases WHERE scope LIKE 'shard:%'"))
        assert leases == {"shard:0/2": first.pid, "shard:1/2": second.pid}
        games = {r["guild_id"]: r["id"] for r in await db.fetch("SELECT id, guild_id FROM games")}
        ours = games[int(guilds[1])]
        phase = await db.fetchval("SELECT phase FROM games WHERE id = $1", ours)  # spring of the first year

        # the second process freezes, its game becomes due (nothing wakes anybody: only a
        # process that takes the shard over looks), then it dies without a word
        second.proc.send_signal(signal.SIGSTOP)
        await db.execute("UPDATE games SET due_at = 0 WHERE id = $1", ours)
        await second.kill()
        assert await db.fetchval("SELECT phase FROM games WHERE id = $1", ours) == phase

        await until(lambda: any("took over shard 1 of 2" in line for line in first.lines()), "the takeover")
        await until(
            lambda: _phase_is(db, ours, "F" + phase[1:]),
            "the second process' game resolved by the first",
        )
        await until(lambda: _drained(db, ours), "the resolution's posts sent")
        results = [p for p in emu.posts if p.channel_id == channels[1]["id"] and "results of" in p.content]
        assert len(results) == 1, [p.content for p in results]
        assert await db.fetchval("SELECT COUNT(*) FROM phases WHERE game_id = $1", ours) == 2  # spring, fall
        assert (
            await db.fetchval("SELECT COUNT(*) FROM job_claims WHERE job LIKE $1", f"deadline:{ours}:%") <= 1
        )  # claimed by one holder only
        # the first process' own game did not move: only the due one resolved
        assert await db.fetchval("SELECT phase FROM games WHERE id = $1", games[int(guilds[0])]) == phase
        leases = dict(await db.fetch("SELECT scope, pid FROM leases WHERE scope LIKE 'shard:%'"))
        assert leases == {"shard:0/2": first.pid, "shard:1/2": first.pid}

        # the second process starts again: it asks for its shard back, and gets it
        again = await spawn(emu, url, "again", tmp_path, DIPLOMACY_SHARDS="1", **SHARDED)  # type: ignore[arg-type]
        bots.append(again)
        await until(lambda: emu.connected(1) or again.proc.returncode is not None, "the second's return")
        assert again.proc.returncode is None, again.lines()
        await until(lambda: any("gave shard 1 of 2 back" in line for line in first.lines()), "the give-back")
        leases = dict(await db.fetch("SELECT scope, pid FROM leases WHERE scope LIKE 'shard:%'"))
        assert leases == {"shard:0/2": first.pid, "shard:1/2": again.pid}
        assert not any("Traceback" in line for bot in bots for line in bot.lines())
    finally:
        for bot in bots:
            await bot.kill()
        await db.close()
        await emu.stop()
        if not databases.ON_POSTGRESQL:  # (the PostgreSQL suite drops what each test made)
            await databases.drop_made()


async def test_a_taken_over_shard_s_commands_are_answered_and_the_shard_moves_back_without_one_lost_or_twice(
    tmp_path, postgresql_server
):
    """Issue 24: the process that takes a dead process's shard over opens that shard's gateway
    and answers its servers' commands; started again, the owner gets the shard back through a
    hand-over in which both processes hold a connection of the shard for a moment (Discord
    sends each interaction to both): every command of that moment is answered, by one of
    them only (the loopback refuses a second answer with 40060, as Discord does)."""
    emu = Emulator()
    guilds = [emu.add_guild(0, 2), emu.add_guild(1, 2)]
    channel = emu.add_channel("game-1", guilds[1])  # a server of shard 1
    users = [emu.add_user("alice"), emu.add_user("bob")]
    await emu.start()
    url = await databases.new_database(str(tmp_path / "served"), postgresql_server)
    db = await asyncpg.connect(url)
    bots: list[Bot] = []

    async def status() -> dict[str, Any]:
        reply = await emu.slash(users[0], "game", channel=channel, sub="status")
        assert "Served" in reply["data"]["content"], reply
        return reply

    try:
        first = await start(emu, url, "first", tmp_path, 0)
        bots.append(first)
        second = await start(emu, url, "second", tmp_path, 1)
        bots.append(second)
        await new_game(emu, channel, users, name="Served")
        await status()

        # killed: the first takes shard 1 over and connects it (the only connection of it now)
        await second.kill()
        await first.said("took over shard 1 of 2")
        await first.said("opened the gateway of shard 1 of 2")
        await until(lambda: emu.connections(1) == 1, "one connection of shard 1: the first's")
        reply = await status()  # answered by the first: the only process alive
        assert emu.delivered[reply["interaction"]] == 1

        # started again: while it connects, commands keep coming (each must be answered)
        stop = asyncio.Event()
        answered: list[dict[str, Any]] = []

        async def players() -> None:
            while not stop.is_set():
                answered.append(await status())

        # a command sent the moment the owner's connection is READY reaches both processes:
        # the taker closes its connection only once it learns (through the database) that
        # the owner's is up, which the owner can say only after this READY
        overlap: list[asyncio.Task[dict[str, Any]]] = []

        def on_ready(shard: int, count: int) -> None:
            if shard == 1 and emu.connections(1) == 2 and not overlap:
                overlap.append(asyncio.create_task(status()))

        emu.on_ready = on_ready
        playing = asyncio.create_task(players())
        again = await spawn(emu, url, "again", tmp_path, DIPLOMACY_SHARDS="1", **SHARDED)  # type: ignore[arg-type]
        bots.append(again)
        await until(lambda: overlap or again.proc.returncode is not None, "the owner's connection")
        assert again.proc.returncode is None, again.lines()
        reply = await asyncio.wait_for(overlap[0], GUARD)
        assert emu.delivered[reply["interaction"]] == 2  # both had it; one answered (refused: none)
        await first.said("gave shard 1 of 2 back")
        await first.said("closed the gateway of shard 1 of 2")
        await until(lambda: emu.connections(1) == 1, "one connection of shard 1")
        stop.set()
        await asyncio.wait_for(playing, GUARD)
        assert answered, "commands were played during the hand-over"
        leases = dict(await db.fetch("SELECT scope, pid FROM leases WHERE scope LIKE 'shard:%'"))
        assert leases == {"shard:0/2": first.pid, "shard:1/2": again.pid}

        # the shard is the owner's again: with the first gone, its commands are still answered
        await first.kill()
        reply = await status()
        assert emu.delivered[reply["interaction"]] == 1
        assert emu.refused == []  # no interaction was answered twice
        assert not any("Traceback" in line for bot in bots for line in bot.lines())
    finally:
        for bot in bots:
            await bot.kill()
        await db.close()
        await emu.stop()
        if not databases.ON_POSTGRESQL:
            await databases.drop_made()


async def test_a_frozen_process_s_shard_is_served_by_the_taker_and_the_frozen_one_answers_nothing_when_it_wakes(
    tmp_path, postgresql_server
):
    """A process frozen past its lease keeps its connection open at Discord: the taker's
    connection of that shard gets each command too, and answers it; woken, the frozen one
    finds the shard taken (its claim is fenced off) and stops without answering."""
    emu = Emulator()
    guilds = [emu.add_guild(0, 2), emu.add_guild(1, 2)]
    channel = emu.add_channel("game-1", guilds[1])
    users = [emu.add_user("alice"), emu.add_user("bob")]
    await emu.start()
    url = await databases.new_database(str(tmp_path / "frozen"), postgresql_server)
    bots: list[Bot] = []
    try:
        first = await start(emu, url, "first", tmp_path, 0)
        bots.append(first)
        second = await start(emu, url, "second", tmp_path, 1)
        bots.append(second)
        await new_game(emu, channel, users, name="Frozen")
        # frozen once its start posts are out and recorded, not inside the write of a record:
        # a process frozen inside a SQLite write transaction keeps the lock from every other
        # process (SQLite has no server to end it, as PostgreSQL does: see the note of issue 24)
        await emu.wait_posts(lambda p: p.channel_id == channel["id"], timeout=GUARD)
        await emu.wait_posts(lambda p: p.channel_id != channel["id"], count=2, timeout=GUARD)
        await asyncio.sleep(1.0)
        second.proc.send_signal(signal.SIGSTOP)
        await first.said("took over shard 1 of 2")  # once the lease expired
        await first.said("opened the gateway of shard 1 of 2")
        reply = await emu.slash(users[0], "game", channel=channel, sub="status")
        assert "Frozen" in reply["data"]["content"]
        assert emu.delivered[reply["interaction"]] == 2  # the frozen one's connection had it too
        second.proc.send_signal(signal.SIGCONT)
        assert await second.exited() == 4  # it lost its shard: stopped
        assert emu.refused == []  # and it did not answer that command as well
    finally:
        for bot in bots:
            if bot.proc.returncode is None:
                bot.proc.send_signal(signal.SIGCONT)
            await bot.kill()
        await emu.stop()
        if not databases.ON_POSTGRESQL:
            await databases.drop_made()


async def _phase_is(db: asyncpg.Connection, game_id: int, phase: str) -> bool:
    return await db.fetchval("SELECT phase FROM games WHERE id = $1", game_id) == phase


async def _drained(db: asyncpg.Connection, game_id: int) -> bool:
    unsent = await db.fetchval(
        "SELECT COUNT(*) FROM outbox WHERE game_id = $1 AND sent_at IS NULL AND error IS NULL", game_id
    )
    return unsent == 0


async def test_an_unreachable_postgresql_database_stops_the_bot_with_one_line(tmp_path):
    with socket.socket() as s:  # a port nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    url = f"postgresql://diplomacy:secret@127.0.0.1:{port}/diplomacy"
    emu = Emulator()
    await emu.start()
    try:
        bot = await spawn(emu, url, "bot", tmp_path)  # type: ignore[arg-type]
        assert await bot.exited() == 2
        (line,) = bot.lines()
        assert line.startswith(f"error: cannot reach the database postgresql://diplomacy@127.0.0.1:{port}/diplomacy: ")
        assert line.endswith("; check the server and DIPLOMACY_DB") and "secret" not in line
        assert not emu.synced.is_set()  # it stopped before Discord
    finally:
        await emu.stop()
