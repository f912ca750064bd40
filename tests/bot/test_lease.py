"""The lease of a database (issue 10 §2), in-process on a real SQLite file with a clock the
test moves: a second holder is refused with one line or waits and takes over, a holder
that lost its lease can write nothing more, a provably dead holder is taken over at once,
and claims on jobs go to one owner only (and pass to another when they expire)."""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
import subprocess
import sys
from contextlib import asynccontextmanager

import pytest

from bot.infra.lease import (
    WHOLE,
    Holder,
    Job,
    Lease,
    LeaseHeld,
    LeaseLost,
    LeaseSettings,
    Scope,
    Takeover,
    hold,
    snowflake_at,
)
from bot.infra.storage import Storage
from tests.bot.databases import sqlite_only, target

T0 = 1_772_000_000.0  # 2026-02-25


class Time:
    """The wall clock and the monotonic clock of a lease, moved by the test (and by
    the lease's own sleeps)."""

    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.now += seconds
        await asyncio.sleep(0)


SETTINGS = LeaseSettings(duration=30, heartbeat=10)


def holder(name: str, pid: int = 4242, machine: str = "") -> Holder:
    return Holder(instance=f"id-{name}", host=f"host-{name}", pid=pid, machine=machine)


@pytest.fixture
async def db(tmp_path):
    """Opens the same database file as often as asked (each is one process' storage)."""
    opened: list[Storage] = []

    async def open_one() -> Storage:
        storage = await Storage.open(await target(tmp_path / "shared.sqlite3"))
        opened.append(storage)
        return storage

    yield open_one
    for storage in opened:
        await storage.close()


def lease_of(
    storage: Storage,
    name: str,
    time: Time,
    settings: LeaseSettings = SETTINGS,
    *,
    who: Holder | None = None,
    sleep=None,
) -> Lease:
    return Lease(
        storage,
        label="/srv/diplomacy.sqlite3",
        settings=settings,
        holder=who or holder(name),
        clock=time,
        monotonic=time,
        sleep=sleep or time.sleep,
    )


async def test_second_process_is_refused_with_one_line_naming_the_database_and_holder(db):
    time = Time()
    first = lease_of(await db(), "a", time)
    await first.acquire()
    time.now += 5
    second = lease_of(await db(), "b", time)
    with pytest.raises(LeaseHeld) as refused:
        await second.acquire()
    line = str(refused.value)
    assert "\n" not in line
    assert "/srv/diplomacy.sqlite3" in line
    assert "host host-a, pid 4242" in line
    assert "since 2026-02-25 06:13:20 UTC" in line  # when the first took it
    assert "until 2026-02-25 06:13:50 UTC" in line  # its lease, 30 s later
    assert "DIPLOMACY_TAKEOVER=wait" in line


async def test_a_lease_not_renewed_is_taken_over_and_the_old_holder_can_write_nothing(db):
    time = Time()
    old_storage = await db()
    old = lease_of(old_storage, "a", time)
    lost: list[LeaseLost] = []
    old.on_lost(lost.append)
    await old.acquire()
    time.now += 31  # frozen past its expiry
    new = lease_of(await db(), "b", time)
    await new.acquire()
    # the old holder wakes up: its next write is refused, and nothing of it lands
    with pytest.raises(LeaseLost) as stopped:
        async with old_storage.write() as tx:
            await tx.set_mod_role(1, 99)
    assert "host host-b" in str(stopped.value) and "\n" not in str(stopped.value)
    assert len(lost) == 1 and not old.may_send()
    async with old_storage.read() as tx:
        assert await tx.mod_role(1) is None
    with pytest.raises(LeaseLost):
        await old.renew()
    assert len(lost) == 1  # told once
    assert new.may_send()


async def test_renewing_keeps_the_lease_and_may_send_follows_the_monotonic_clock(db):
    time = Time()
    lease = lease_of(await db(), "a", time)
    await lease.acquire()
    assert lease.may_send()
    time.now += 28  # past the expiry minus the margin (3 s): no send until it is renewed
    assert not lease.may_send()
    await lease.renew()  # nobody took it over meanwhile: still ours
    assert lease.may_send()
    other = lease_of(await db(), "b", time)
    time.now += 29
    with pytest.raises(LeaseHeld):
        await other.acquire()


class Steps:
    """The sleeps of a waiting process, one at a time when the test says so."""

    def __init__(self, time: Time) -> None:
        self.time = time
        self.asked: asyncio.Queue[float] = asyncio.Queue()
        self.go: asyncio.Queue[None] = asyncio.Queue()

    async def sleep(self, seconds: float) -> None:
        await self.asked.put(seconds)
        await self.go.get()
        self.time.now += seconds

    async def next(self) -> float:
        return await asyncio.wait_for(self.asked.get(), 30)  # hang guard only


async def test_waiting_process_takes_over_when_the_lease_expires(db, caplog):
    time = Time()
    first = lease_of(await db(), "a", time)
    await first.acquire()
    steps = Steps(time)
    waiting = lease_of(await db(), "b", time, LeaseSettings(30, 10, Takeover.WAIT), sleep=steps.sleep)
    caplog.set_level(logging.WARNING, logger="bot.infra.lease")
    task = asyncio.create_task(waiting.acquire())
    # while the first renews, the second keeps waiting (looking again every heartbeat)
    for _ in range(4):
        assert await steps.next() == 10
        await first.renew()
        steps.go.put_nowait(None)
    async with first.storage.read() as tx:
        expiry = (await tx.lease(WHOLE.key)).expires_at
    while not task.done():  # the first is gone: nobody renews any more
        # the next sleep, or the take-over (its write may take long on a busy machine)
        asked = asyncio.ensure_future(steps.asked.get())
        done, _ = await asyncio.wait({task, asked}, timeout=30, return_when=asyncio.FIRST_COMPLETED)
        assert done, "hang guard"
        if asked in done:
            steps.go.put_nowait(None)
        else:
            asked.cancel()
    await task
    assert time.now >= expiry  # taken over once the lease had expired, not before
    async with waiting.storage.read() as tx:
        row = await tx.lease(WHOLE.key)
    assert row is not None and row.holder == "id-b" and row.expires_at == time.now + 30
    messages = [r.getMessage() for r in caplog.records]
    assert sum("waiting to take over" in m for m in messages) == 1, messages
    assert any("took over the database /srv/diplomacy.sqlite3 from host host-a" in m for m in messages)


async def test_a_provably_dead_holder_is_taken_over_at_once_with_its_claims(db):
    time = Time()
    dead_pid = _dead_pid()
    here = Holder.here()
    assert here.machine, "this test needs /proc (Linux)"
    dead = lease_of(await db(), "dead", time, who=holder("dead", dead_pid, here.machine))
    await dead.acquire()
    assert await dead.claim([Job.post(1), Job.deadline(1, "S1901M")]) == {"post:1", "deadline:1:S1901M"}
    restarted = lease_of(await db(), "new", time, who=holder("new", os.getpid(), here.machine))
    await restarted.acquire()  # no wait: the old pid is gone on this very machine
    assert await restarted.claim([Job.post(1), Job.deadline(1, "S1901M")]) == {"post:1", "deadline:1:S1901M"}


async def test_a_live_holder_on_another_machine_is_never_taken_for_dead(db):
    time = Time()
    here = Holder.here()
    other = lease_of(await db(), "a", time, who=holder("a", 999_999_999, "another-boot/1"))
    await other.acquire()
    with pytest.raises(LeaseHeld):
        await lease_of(await db(), "b", time, who=holder("b", os.getpid(), here.machine)).acquire()


async def test_release_lets_a_successor_start_at_once(db):
    time = Time()
    storage = await db()
    first = lease_of(storage, "a", time)
    await first.acquire()
    await first.claim([Job.post(7)])
    await first.release()
    assert first.lost is None  # given back, not lost
    with pytest.raises(LeaseLost):  # and nothing more of it is written
        async with storage.write() as tx:
            await tx.set_mod_role(1, 5)
    second = lease_of(await db(), "b", time)
    await second.acquire()
    assert await second.claim([Job.post(7)]) == {"post:7"}


async def test_claims_go_to_one_owner_even_when_two_race(db):
    time = Time()
    a = lease_of(await db(), "a", time)
    b = lease_of(await db(), "b", time)
    jobs = [Job.post(i) for i in range(300)] + [Job.deadline(i, "F1901M") for i in range(300)]
    got_a, got_b = await asyncio.gather(
        a.claim(jobs[::2] + jobs[1::2]), b.claim(jobs[1::2] + jobs[::2])
    )  # each asks for every job, in a different order
    assert got_a.isdisjoint(got_b)
    assert got_a | got_b == {j.key for j in jobs}
    # claiming again: each keeps its own, gets none of the other's
    assert await a.claim(jobs) == got_a and await b.claim(jobs) == got_b
    # a claim lasts one lease duration: then the other may take it over
    time.now += 31
    assert await b.claim(jobs) == {j.key for j in jobs}
    assert await a.claim(jobs) == set()


async def test_heartbeat_renews_then_notices_a_takeover(db):
    """With real time, short durations: only hang guards, no speed limit."""
    storage = await db()
    lease = Lease(storage, label="db", settings=LeaseSettings(duration=2.0, heartbeat=0.05), holder=holder("a"))
    lost = asyncio.Event()
    lease.on_lost(lambda _: lost.set())
    await lease.acquire()
    async with storage.read() as tx:
        first = await tx.lease(WHOLE.key)
    lease.start()
    try:
        for _ in range(500):
            async with storage.read() as tx:
                row = await tx.lease(WHOLE.key)
            if row.renewed_at > first.renewed_at:
                break
            await asyncio.sleep(0.02)
        assert row.renewed_at > first.renewed_at
        # another process takes it over (as if this one's lease had expired)
        other = await db()
        async with other.write() as tx:
            await tx.put_lease(type(row)(WHOLE.key, "id-b", "host-b", 1, "", 0, 0, row.expires_at + 60))
        await asyncio.wait_for(lost.wait(), 30)
        assert "host host-b" in str(lease.lost)
    finally:
        await lease.stop()


async def test_a_replayed_action_changes_nothing_and_a_failed_one_can_be_retried(db):
    storage = await db()
    async with storage.write(action=1234) as tx:
        await tx.set_mod_role(1, 10)
    with pytest.raises(Exception) as replay:
        async with storage.write(action=1234) as tx:
            await tx.set_mod_role(1, 20)
    assert type(replay.value).__name__ == "Replayed"
    # the id is recorded in the action's own transaction: when the action fails, so does
    # the record, and the same interaction can still be applied
    with pytest.raises(RuntimeError):
        async with storage.write(action=5678) as tx:
            await tx.set_mod_role(1, 30)
            raise RuntimeError("crash before commit")
    async with storage.write(action=5678) as tx:
        await tx.set_mod_role(1, 40)
    async with storage.read() as tx:
        assert await tx.mod_role(1) == 40


@sqlite_only
async def test_old_action_ids_are_pruned_by_their_time(db, tmp_path):
    time = Time()
    storage = await db()
    lease = lease_of(storage, "a", time)
    await lease.acquire()
    old, recent = snowflake_at(T0 - 2 * 86400), snowflake_at(T0 - 60)
    for action in (old, recent):
        async with storage.write(action=action):
            pass
    await lease.renew()
    with sqlite3.connect(tmp_path / "shared.sqlite3") as con:
        kept = {r[0] for r in con.execute("SELECT id FROM actions_done")}
    assert kept == {recent}


def test_settings_from_the_environment():
    assert LeaseSettings.from_env({}) == LeaseSettings(30.0, 10.0, Takeover.REFUSE)
    assert LeaseSettings.from_env({"DIPLOMACY_TAKEOVER": "Wait", "DIPLOMACY_LEASE_SECONDS": "3"}) == LeaseSettings(
        3.0, 1.0, Takeover.WAIT
    )
    for env, word in (
        ({"DIPLOMACY_TAKEOVER": "force"}, "DIPLOMACY_TAKEOVER"),
        ({"DIPLOMACY_LEASE_SECONDS": "soon"}, "DIPLOMACY_LEASE_SECONDS"),
        ({"DIPLOMACY_LEASE_SECONDS": "5", "DIPLOMACY_HEARTBEAT_SECONDS": "9"}, "heartbeat"),
    ):
        with pytest.raises(ValueError, match=word) as bad:
            LeaseSettings.from_env(env)
        assert "\n" not in str(bad.value)


def test_scopes_today_and_for_shards():
    assert WHOLE.key == "database" and WHOLE.covers(None) and WHOLE.covers(123 << 22)
    shard = Scope(3, 16)
    assert shard.key == "shard:3/16"
    assert shard.covers(3 << 22) and shard.covers(19 << 22) and not shard.covers(4 << 22)
    assert not shard.covers(None)
    with pytest.raises(ValueError):
        Scope(16, 16)


def _dead_pid() -> int:
    """A pid that no process has now: a child that has exited and been reaped."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


@sqlite_only
async def test_a_refused_process_does_not_migrate_the_database_first(db, tmp_path):
    """A newer version started beside a running bot must not change the schema under it:
    the lease is taken before migrations (when the database has its lease table)."""
    first = Lease(await db(), label="db", settings=SETTINGS, holder=holder("a"))  # on the real clock
    await first.acquire()
    path = tmp_path / "shared.sqlite3"
    with sqlite3.connect(path) as con:  # as if this version brought one more migration
        latest = con.execute("PRAGMA user_version").fetchone()[0]
        con.execute(f"PRAGMA user_version = {latest - 1}")

    async def take(storage: Storage) -> None:
        await hold(storage, str(path), SETTINGS, lambda lost: None)

    with pytest.raises(LeaseHeld):
        await Storage.open(str(path), before_migrate=take)
    with sqlite3.connect(path) as con:
        assert con.execute("PRAGMA user_version").fetchone()[0] == latest - 1


async def test_a_new_database_is_held_once_migrated(tmp_path):
    storage = await Storage.open(await target(tmp_path / "new.sqlite3"), before_migrate=_no_lease_table_yet)
    try:
        lease = await hold(storage, "new", SETTINGS, lambda lost: None)
        assert lease is not None and lease.may_send()
        await lease.release()
    finally:
        await storage.close()


async def _no_lease_table_yet(storage: Storage) -> None:
    assert await hold(storage, "new", SETTINGS, lambda lost: None) is None


async def test_an_outage_of_the_heartbeat_is_logged_once_then_summed_up(db, caplog):
    """Five minutes in which every renewal fails (another program holds the write lock, a
    full disk): one line when it starts, one a minute, one when it ends; not one a second."""
    caplog.set_level(logging.INFO, logger="bot.infra.lease")
    storage = await db()
    time = Time()
    lease = lease_of(storage, "a", time)
    await lease.acquire()
    real_write = storage.write
    down = True

    @asynccontextmanager
    async def write():
        if down:
            raise sqlite3.OperationalError("database is locked")
        async with real_write() as tx:
            yield tx

    storage.write = write
    lease.start()
    try:
        while time.now < T0 + 300:
            await asyncio.sleep(0)
        down = False
        renewed = time.now
        while time.now < renewed + 2 * SETTINGS.heartbeat:
            await asyncio.sleep(0)
    finally:
        await lease.stop()
    lines = [r.getMessage() for r in caplog.records if r.name == "bot.infra.lease"]
    assert lines[0] == (
        "renewing the lease on /srv/diplomacy.sqlite3 failed (database is locked); trying again every 1s "
        "(a summary each minute until it works)"
    )
    summaries = [line for line in lines[1:-1] if line.startswith("renewing the lease on /srv/diplomacy.sqlite3 still")]
    assert summaries == lines[1:-1] and len(summaries) == 4, lines
    assert summaries[0].endswith("tries in 60s (last: database is locked)"), summaries
    assert lines[-1].startswith("renewed the lease on /srv/diplomacy.sqlite3 again, after "), lines
    assert lease.lost is None
