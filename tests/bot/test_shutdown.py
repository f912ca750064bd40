"""SIGTERM (``docker stop``, ``systemctl stop``) and SIGINT (Ctrl-C) stop the bot cleanly: it
exits by itself with status 0, says so in its log, leaves its database consistent with the
WAL checkpointed and no lock held, and leaves no map process behind. A stop in the middle of
a resolution commits it or rolls it back, and the next start carries on.

The bot runs as ``python -m bot`` against the loopback emulator (the real network path).
Time limits are hang guards only.
"""

from __future__ import annotations

import signal
import sqlite3
import time
from contextlib import closing
from pathlib import Path

import pytest

from tests.bot.botprocess import HANG_GUARD, a_unit_of, alive, children, start_bot, start_game, wait_until
from tests.bot.databases import sqlite_only
from tests.bot.loopback import Emulator

# real bot processes, each on a SQLite file whatever the pass: left out of the PostgreSQL pass
pytestmark = [pytest.mark.process, sqlite_only]


def assert_consistent(db: Path) -> None:
    """quick_check is ok, the WAL was checkpointed and removed, and nobody holds a lock."""
    wal = db.with_name(db.name + "-wal")
    assert not wal.exists() or wal.stat().st_size == 0
    with closing(sqlite3.connect(db, timeout=0, isolation_level=None)) as con:
        assert con.execute("PRAGMA quick_check").fetchall() == [("ok",)]
        con.execute("BEGIN IMMEDIATE")  # raises "database is locked" if a lock was left
        con.execute("ROLLBACK")


def phase_state(db: Path) -> tuple[str, bool]:
    """The game's phase, and whether the phase before it has its results stored."""
    with closing(sqlite3.connect(db)) as con:
        (phase,) = con.execute("SELECT phase FROM games ORDER BY id DESC LIMIT 1").fetchone()
        resolved = con.execute("SELECT COUNT(*) FROM phases WHERE results IS NOT NULL").fetchone()[0]
    return phase, resolved > 0


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
async def test_a_signal_stops_the_bot_cleanly(tmp_path, sig):
    emu = Emulator()
    channel = emu.add_channel("game-1")
    users = [emu.add_user("alice"), emu.add_user("bob")]
    db = tmp_path / "db.sqlite3"
    await emu.start()
    # PYTHONWARNINGS=default: the warnings an operator who turns them on would see
    bot = await start_bot(emu, db, DIPLOMACY_RENDER_PROCESSES="1", PYTHONWARNINGS="default")
    try:
        await start_game(emu, channel, users)
        await emu.wait_posts(lambda p: p.channel_id == channel["id"] and p.files, timeout=HANG_GUARD)
        workers = [pid for pid in children(bot.pid) if alive(pid)]
        assert workers, "the map was drawn in a worker process"
        began = time.monotonic()
        status = await bot.stopped(sig)
        took = time.monotonic() - began
    finally:
        bot.kill()
        await emu.stop()
    print(f"{sig.name}: the bot stopped in {took:.2f}s")
    assert status == 0, bot.stderr  # by itself: exit_status kills (and says None) only past the guard
    assert bot.has(f"{sig.name} received: stopping"), bot.stderr
    assert bot.lines[-1].endswith("bot.discord.runner: stopped"), bot.stderr
    assert "Traceback" not in bot.stderr, bot.stderr[-3000:]
    # the bot has no voice: no warning about it
    assert "voice will NOT be supported" not in bot.stderr and "audioop" not in bot.stderr
    assert wait_until(lambda: not any(alive(pid) for pid in workers)), workers
    assert_consistent(db)


async def test_a_stop_during_a_resolution_commits_or_rolls_it_back(tmp_path):
    emu = Emulator()
    channel = emu.add_channel("game-1")
    users = [emu.add_user("alice"), emu.add_user("bob")]
    db = tmp_path / "db.sqlite3"
    await emu.start()
    bot = await start_bot(emu, db)
    try:
        await start_game(emu, channel, users)
        await emu.wait_posts(lambda p: "has started!" in p.content, timeout=HANG_GUARD)
        first, _ = phase_state(db)
        await emu.slash(users[0], "ready")
        await emu.slash(users[1], "ready")  # everyone is ready: the phase resolves now...
        assert await bot.stopped() == 0, bot.stderr  # ...and the bot is told to stop
        assert "Traceback" not in bot.stderr, bot.stderr[-3000:]
        assert_consistent(db)
        phase, resolved = phase_state(db)
        assert (phase != first) == resolved  # all of the resolution, or none of it
        # the next start finishes what is owed: the phase resolves (if it had not) and posts
        bot = await start_bot(emu, db)
        await emu.wait_posts(lambda p: p.content.startswith("📜") and p.channel_id == channel["id"], timeout=HANG_GUARD)
        assert wait_until(lambda: phase_state(db)[0] != first)
        assert await bot.stopped() == 0, bot.stderr
    finally:
        bot.kill()
        await emu.stop()
    assert_consistent(db)
    results = [p for p in emu.posts if p.content.startswith("📜") and p.channel_id == channel["id"]]
    assert len(results) == 1


class WriteLockHolder:
    """Another program on the database (an admin's ``sqlite3`` shell, a database browser)
    holding SQLite's write lock: ``BEGIN IMMEDIATE`` on a connection of this test."""

    def __init__(self, db: Path) -> None:
        self.con = sqlite3.connect(db, timeout=HANG_GUARD, isolation_level=None, check_same_thread=False)
        self.con.execute("BEGIN IMMEDIATE")

    def release(self) -> None:
        self.con.execute("ROLLBACK")
        self.con.close()


async def test_a_stop_while_another_program_holds_the_write_lock_is_clean(tmp_path):
    emu = Emulator()
    channel = emu.add_channel("game-1")
    users = [emu.add_user("alice"), emu.add_user("bob")]
    db = tmp_path / "db.sqlite3"
    await emu.start()
    bot = await start_bot(emu, db, DIPLOMACY_RENDER_PROCESSES="0")
    holder = None
    try:
        await start_game(emu, channel, users)
        await emu.wait_posts(lambda p: "has started!" in p.content, timeout=HANG_GUARD)
        holder = WriteLockHolder(db)
        # the lease's heartbeat (every 10 s) finds the database locked and waits, then the stop comes
        assert await bot.until(lambda: bot.has("is locked by another program"))
        status = await bot.stopped()
    finally:
        bot.kill()
        if holder is not None:
            holder.release()
        await emu.stop()
    assert status == 0, bot.stderr  # by itself, not ended by the guard (SIGKILL: -9)
    assert not bot.has("stopping took longer"), bot.stderr
    assert "Traceback" not in bot.stderr, bot.stderr[-3000:]
    assert not [line for line in bot.lines if line.startswith("error:")], bot.stderr
    assert not bot.has("restore"), bot.stderr  # the file is sound: no advice to restore anything
    assert bot.has("could not give the lease on"), bot.stderr
    assert bot.lines[-1].endswith("bot.discord.runner: stopped"), bot.stderr
    assert_consistent(db)


async def test_an_order_sent_while_another_program_holds_the_write_lock_is_answered_and_kept(tmp_path):
    """The order is answered at once (deferred, then "the database is busy, nothing saved
    yet"), kept trying, and stored and confirmed once the other program lets go."""
    from bot.text.i18n import t

    emu = Emulator()
    channel = emu.add_channel("game-1")
    users = [emu.add_user("alice"), emu.add_user("bob")]
    db = tmp_path / "db.sqlite3"
    await emu.start()
    bot = await start_bot(emu, db, DIPLOMACY_RENDER_PROCESSES="0")
    holder = None
    try:
        await start_game(emu, channel, users)
        await emu.wait_posts(lambda p: "has started!" in p.content, timeout=HANG_GUARD)
        unit = a_unit_of(db, users[0]["id"])
        holder = WriteLockHolder(db)
        answer = await emu.slash(users[0], "order", {"orders": f"{unit} H"})
        assert answer["type"] == "followup", answer  # deferred first, within Discord's 3 s
        assert answer["data"]["content"] == t("error.database_busy", "en")
        assert answer["data"]["flags"] & 64  # private
        with closing(sqlite3.connect(db)) as con:
            assert con.execute("SELECT COUNT(*) FROM orders").fetchone() == (0,)  # not stored yet
        token = next(tok for tok, payload in emu.followups if payload is answer["data"])
        # while the writes wait: a read is answered as usual, another order is told the same
        status = await emu.slash(users[1], "game", channel=channel, sub="status")
        assert status["type"] == 4 and "Stop" in status["data"]["content"], status
        other = a_unit_of(db, users[1]["id"])
        second = await emu.slash(users[1], "order", {"orders": f"{other} H"})
        assert second["type"] == "followup" and second["data"]["content"] == t("error.database_busy", "en")
        second_token = next(tok for tok, payload in emu.followups if payload is second["data"])
        holder.release()
        holder = None

        def confirmed(token: str) -> list[str]:
            return [p.get("content") or "" for tok, p in emu.followups if tok == token][1:]

        assert await bot.until(lambda: bool(confirmed(token)) and bool(confirmed(second_token))), bot.stderr
        assert unit.split()[1] in confirmed(token)[0], confirmed(token)
        assert other.split()[1] in confirmed(second_token)[0], confirmed(second_token)
        with closing(sqlite3.connect(db)) as con:
            assert con.execute("SELECT COUNT(*) FROM orders").fetchone() == (2,)
        assert await bot.stopped() == 0, bot.stderr
    finally:
        bot.kill()
        if holder is not None:
            holder.release()
        await emu.stop()
    assert "Traceback" not in bot.stderr, bot.stderr[-3000:]
