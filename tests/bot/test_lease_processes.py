"""Two bot processes on ONE database file (issue 10 §2), each ``python -m bot`` against the
loopback Discord emulator: the second refuses to start with one line naming the database
and the holder; with ``DIPLOMACY_TAKEOVER=wait`` it waits, and takes over once the first
is killed; a first process frozen past its lease finds, when it wakes, that it lost the
database, and stops with one line. And one process that receives the same interaction
twice (as two processes would have) applies it once and answers once.

Leases are short here (8 s, heartbeat 0.5 s: a process starved by a busy machine for a
few seconds still keeps its lease); every wait is a hang guard, never a speed limit.
"""

from __future__ import annotations

import asyncio
import signal
import socket
from collections import Counter
from typing import Any

import pytest

from tests.bot.databases import sqlite_only
from tests.bot.loopback import Emulator
from tests.bot.processes import GUARD, Bot, connected, launch, new_game, query, spawn


@pytest.fixture
async def world():
    emu = Emulator()
    channel = emu.add_channel("game-1")
    users = [emu.add_user("alice"), emu.add_user("bob")]
    await emu.start()
    bots: list[Bot] = []
    yield emu, channel, users, bots
    for bot in bots:
        await bot.kill()
    await emu.stop()


@pytest.mark.process
@sqlite_only
async def test_a_second_process_refuses_to_start_with_one_line(world, tmp_path):
    emu, channel, users, bots = world
    db = tmp_path / "db.sqlite3"
    first = await launch(emu, db, "first", tmp_path)
    bots.append(first)
    emu.synced.clear()
    second = await spawn(emu, db, "second", tmp_path)
    bots.append(second)
    assert await second.exited() == 3
    (line,) = second.lines()
    assert line.startswith(f"error: the database {db} is in use by another bot process")
    assert f"host {socket.gethostname()}, pid {first.pid}, since " in line
    assert "lease until " in line and "DIPLOMACY_TAKEOVER=wait" in line
    assert not emu.synced.is_set()  # it never got as far as registering its commands
    # the first carries on alone
    await new_game(emu, channel, users)
    assert query(db, "SELECT holder IS NOT NULL, pid FROM leases") == [(1, first.pid)]


@pytest.mark.process
@sqlite_only
async def test_with_takeover_wait_the_second_takes_over_when_the_first_is_killed(world, tmp_path):
    emu, channel, users, bots = world
    db = tmp_path / "db.sqlite3"
    first = await launch(emu, db, "first", tmp_path)
    bots.append(first)
    await new_game(emu, channel, users)
    deadline = query(db, "SELECT deadline FROM games")[0][0]
    emu.synced.clear()
    emu.identified.clear()
    second = await spawn(emu, db, "second", tmp_path, DIPLOMACY_TAKEOVER="wait")
    bots.append(second)
    await second.said("waiting to take over")
    await asyncio.sleep(1.5)  # several of the first's heartbeats: the second still waits
    assert second.proc.returncode is None and not emu.synced.is_set()
    assert query(db, "SELECT pid FROM leases") == [(first.pid,)]
    await first.kill()  # SIGKILL: no goodbye, the lease is left behind
    await connected(emu)
    await second.said("took over the database")
    assert query(db, "SELECT pid FROM leases") == [(second.pid,)]
    assert sum("waiting to take over" in line for line in second.lines()) == 1
    # the game goes on under the second process
    reply = await emu.slash(users[0], "mod", {"by": "24h"}, channel=channel, sub="extend")
    assert reply["type"] == 4
    assert query(db, "SELECT deadline FROM games")[0][0] == pytest.approx(deadline + 24 * 3600)


@pytest.mark.process
@sqlite_only
async def test_a_frozen_process_that_lost_its_lease_stops_with_one_line(world, tmp_path):
    emu, channel, users, bots = world
    db = tmp_path / "db.sqlite3"
    first = await launch(emu, db, "first", tmp_path)
    bots.append(first)
    first.proc.send_signal(signal.SIGSTOP)  # frozen (a paused container, a stuck VM)
    try:
        second = await launch(emu, db, "second", tmp_path, DIPLOMACY_TAKEOVER="wait")
        bots.append(second)
        await second.said("took over the database")  # once the frozen one's lease expired
    finally:
        first.proc.send_signal(signal.SIGCONT)
    assert await first.exited() == 4
    lines = first.lines()
    assert [line for line in lines if line.startswith("error:")] == [lines[-1]]
    assert lines[-1].startswith(f"error: lost the database {db} to another bot process (host ")
    assert f"pid {second.pid}" in lines[-1]
    assert not any("Traceback" in line for line in lines), lines
    # the second process owns the database and answers
    await new_game(emu, channel, users)
    assert query(db, "SELECT pid FROM leases") == [(second.pid,)]


class Replaying(Emulator):
    """Delivers chosen commands twice, with the same interaction id and token, as a
    second process on the same bot token would have received them; counts the answers."""

    def __post_init__(self) -> None:
        super().__post_init__()
        self.replay: set[str] = set()
        self.answers: Counter[str] = Counter()
        self.last_id = ""

    async def _send(self, op: int, data: Any, event: str | None = None, ws: Any = None) -> None:
        await super()._send(op, data, event, ws)
        if event == "INTERACTION_CREATE":
            self.last_id = data["id"]
            options = data["data"].get("options") or []
            name = " ".join([data["data"]["name"], *(o["name"] for o in options if o.get("type") == 1)])
            if name in self.replay:
                await super()._send(op, data, event)

    async def _callback(self, request):  # type: ignore[no-untyped-def]
        self.answers[request.match_info["id"]] += 1
        return await super()._callback(request)


@pytest.mark.process
@sqlite_only
async def test_an_interaction_delivered_twice_is_applied_and_answered_once(tmp_path):
    emu = Replaying()
    channel = emu.add_channel("game-1")
    alice, bob = emu.add_user("alice"), emu.add_user("bob")
    await emu.start()
    db = tmp_path / "db.sqlite3"
    bot = await launch(emu, db, "bot", tmp_path)
    try:
        await new_game(emu, channel, [alice, bob])
        deadline = query(db, "SELECT deadline FROM games")[0][0]

        emu.replay = {"mod extend"}
        reply = await emu.slash(alice, "mod", {"by": "24h"}, channel=channel, sub="extend")
        extended = emu.last_id
        assert reply["type"] == 4
        emu.replay = set()
        # a later write: the replayed copy, dispatched before it, has been handled by then
        await emu.slash(alice, "mod", {"by": "1h"}, channel=channel, sub="extend")
        assert query(db, "SELECT deadline FROM games")[0][0] == pytest.approx(deadline + 25 * 3600)
        assert emu.answers[extended] == 1
        assert len(query(db, "SELECT id FROM audit_log WHERE action = 'extend'")) == 2

        for _ in range(2):  # two phases resolve: everyone is ready
            before = query(db, "SELECT phase FROM games")[0][0]
            for user in (alice, bob):
                await emu.slash(user, "ready")
            for _ in range(int(GUARD / 0.05)):
                if query(db, "SELECT phase FROM games")[0][0] != before:
                    break
                await asyncio.sleep(0.05)
        phases = [p for (p,) in query(db, "SELECT phase FROM phases ORDER BY rowid")]
        assert len(phases) == 3

        emu.replay = {"mod rollback"}
        reply = await emu.slash(alice, "mod", channel=channel, sub="rollback")
        rolled = emu.last_id
        emu.replay = set()
        await emu.slash(alice, "mod", {"by": "1h"}, channel=channel, sub="extend")
        assert emu.answers[rolled] == 1
        assert [p for (p,) in query(db, "SELECT phase FROM phases ORDER BY rowid")] == phases[:2]
        assert query(db, "SELECT phase FROM games")[0][0] == phases[1]
        assert phases[2][1:5] in reply["data"]["content"] and phases[1][1:5] in reply["data"]["content"]
    finally:
        await bot.kill()
        await emu.stop()


async def test_a_bot_that_lost_its_database_refuses_commands_with_a_clear_message(tmp_path):
    """Between the loss and the exit, and when the fence stops a command's write."""
    from bot.infra.lease import LeaseLost
    from tests.bot.simcord_support import running, seven

    async with running(str(tmp_path / "db.sqlite3")) as env:
        table = seven(env)
        alice = table.members[0]
        r = await alice.slash(table.channel, "game create", name="Club", players=7)
        assert "Club" in r.response.content
        bot = env.bots[-1]

        async def taken(tx) -> None:  # as Lease.fence does once another process took over
            raise LeaseLost(str(tmp_path), None)

        bot.storage.fence = taken
        r = await alice.slash(table.channel, "game join")
        assert "another one now runs the games on this database" in r.response.content
        assert [type(getattr(e, "original", e)) for e in env.errors] == [LeaseLost]  # seen, expected
        bot.storage.fence = None
        bot.lost = LeaseLost(str(tmp_path), None)
        r = await alice.slash(table.channel, "game join")
        assert "another one now runs the games on this database" in r.response.content
        bot.lost = None
        async with bot.storage.read() as tx:
            game = await tx.open_game_in_channel(table.channel.id)
            assert await tx.players(game.id) == []  # neither command changed anything


async def test_commands_queued_while_frozen_are_refused_without_a_traceback(world, tmp_path):
    """Commands that reached a frozen process (they wait in its socket) are read when it
    wakes, after another process took the database over: it stops with its one line, no
    traceback for them."""
    emu, channel, users, bots = world
    db = tmp_path / "db.sqlite3"
    first = await launch(emu, db, "first", tmp_path)
    bots.append(first)
    first.proc.send_signal(signal.SIGSTOP)
    queued = [
        asyncio.ensure_future(
            emu.slash(users[0], "game", {"name": "Queued", "players": 2}, channel=channel, sub="create", timeout=GUARD)
        ),
        asyncio.ensure_future(emu.slash(users[1], "leaderboard", timeout=GUARD)),
    ]
    try:
        await asyncio.sleep(0.5)  # delivered to the frozen process' connection
        second = await spawn(emu, db, "second", tmp_path, DIPLOMACY_TAKEOVER="wait")
        bots.append(second)
        await second.said("took over the database")
    finally:
        first.proc.send_signal(signal.SIGCONT)
    assert await first.exited() == 4
    for task in queued:
        task.cancel()
    await asyncio.gather(*queued, return_exceptions=True)
    lines = first.lines()
    assert not any("Traceback" in line for line in lines), lines
    assert [line for line in lines if line.startswith("error:")] == [lines[-1]], lines
    assert lines[-1].startswith(f"error: lost the database {db} to another bot process (host ")


async def test_a_frozen_process_that_wakes_while_discord_is_unreachable_stops_with_one_line(tmp_path):
    """A process still trying to reach Discord (it holds the database meanwhile) is frozen,
    another takes the database over; woken, it stops with its one line and status 4 instead
    of trying to log in forever without a word."""
    from types import SimpleNamespace

    nowhere = SimpleNamespace(api_url="http://127.0.0.1:9/api/v10", gateway_url="ws://127.0.0.1:9/")
    db = tmp_path / "db.sqlite3"
    bots: list[Bot] = []
    try:
        first = await spawn(nowhere, db, "first", tmp_path, DIPLOMACY_CONNECT_RETRY="0.2")  # type: ignore[arg-type]
        bots.append(first)
        await first.said("Discord is unreachable")  # it holds the lease and keeps trying
        first.proc.send_signal(signal.SIGSTOP)
        try:
            second = await spawn(
                nowhere, db, "second", tmp_path, DIPLOMACY_TAKEOVER="wait", DIPLOMACY_CONNECT_RETRY="0.2"
            )  # type: ignore[arg-type]
            bots.append(second)
            await second.said("took over the database")
        finally:
            first.proc.send_signal(signal.SIGCONT)
        assert await first.exited() == 4
        lines = first.lines()
        assert [line for line in lines if line.startswith("error:")] == [lines[-1]], lines
        assert lines[-1].startswith(f"error: lost the database {db} to another bot process (host ")
        assert not any("Traceback" in line for line in lines), lines
    finally:
        for bot in bots:
            await bot.kill()
