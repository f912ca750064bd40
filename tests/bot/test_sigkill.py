"""SIGKILL the bot process at random moments of a resolution, restart it on the same
database, and check that every phase resolved once and every post arrived once.

The bot runs as ``python -m bot`` against the loopback emulator (the real network path).
Posts carry their outbox row as nonce with ``enforce_nonce``; the emulator, like Discord,
drops a repeated nonce, which is what makes "sent, then killed before recording it" safe.
A message carries several posts (a resolution's: results and new phase), shows nothing but
its text (no mark), and is found again after a restart by the digests of its parts'
contents that the bot recorded before sending it.

The moments of the kills come from a fixed seed (``HYPOTHESIS_RANDOM=1``: a new one each
run, for exploring by hand). Every wait is for an event, bounded by a limit far above what
a busy machine needs (:data:`PATIENCE`): a slow machine makes the test slower, never red.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sqlite3
import sys
from collections import Counter
from pathlib import Path

import pytest

from tests.bot.botprocess import TEST_TOKEN
from tests.bot.databases import sqlite_only
from tests.bot.loopback import Emulator

# real bot processes, each on a SQLite file whatever the pass: left out of the PostgreSQL pass
pytestmark = [pytest.mark.process, sqlite_only]

ROOT = Path(__file__).resolve().parents[2]
PHASES = 5
PATIENCE = 180.0  # seconds: the bound of every wait (a start-up, a resolution, the last posts)
SEED = random.randrange(1 << 30) if os.environ.get("HYPOTHESIS_RANDOM") else 1914


async def until(check, what: str) -> None:
    """Poll ``check()`` until it is true; fail naming ``what`` after :data:`PATIENCE`."""
    for _ in range(int(PATIENCE / 0.1)):
        if check():
            return
        await asyncio.sleep(0.1)
    raise AssertionError(f"still waiting after {PATIENCE:.0f} s: {what}")


def pending(db: Path) -> int:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5) as con:
        return con.execute("SELECT count(*) FROM outbox WHERE sent_at IS NULL AND error IS NULL").fetchone()[0]


def game_phase(db: Path) -> str | None:
    if not db.exists():
        return None
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5) as con:
        row = con.execute("SELECT phase FROM games ORDER BY id DESC LIMIT 1").fetchone()
    return row[0] if row else None


async def launch(emu: Emulator, db: Path) -> asyncio.subprocess.Process:
    emu.identified.clear()
    emu.synced.clear()
    env = dict(
        os.environ,
        DISCORD_TOKEN=TEST_TOKEN,
        DIPLOMACY_DB=str(db),
        LOG_LEVEL="WARNING",
        DISCORD_API_URL=emu.api_url,
        DISCORD_GATEWAY_URL=emu.gateway_url,
        PYTHONPATH=str(ROOT),
    )
    proc = await asyncio.create_subprocess_exec(sys.executable, "-m", "bot", cwd=str(ROOT), env=env)
    await asyncio.wait_for(emu.synced.wait(), PATIENCE)
    await asyncio.wait_for(emu.identified.wait(), PATIENCE)
    await asyncio.sleep(0.2)
    return proc


def kill(proc: asyncio.subprocess.Process) -> None:
    if proc.returncode is None:
        proc.send_signal(signal.SIGKILL)


async def test_sigkill_during_resolutions(tmp_path):
    seed = SEED
    rng = random.Random(seed)
    emu = Emulator()
    channel = emu.add_channel("game-1")
    users = [emu.add_user("alice"), emu.add_user("bob")]
    db = tmp_path / "db.sqlite3"
    await emu.start()
    proc = await launch(emu, db)
    try:
        await emu.slash(users[0], "game", {"name": "Crash", "players": 2}, channel=channel, sub="create")
        for u in users:
            await emu.slash(u, "game", channel=channel, sub="join")
        await emu.slash(users[0], "game", channel=channel, sub="start")
        await emu.wait_posts(lambda p: "has started!" in p.content, timeout=PATIENCE)
        seen = ["S1914M"]
        kills = []
        while len(seen) <= PHASES:
            phase = game_phase(db)
            assert phase == seen[-1], (seed, seen, phase)
            await emu.slash(users[0], "ready")
            last = asyncio.ensure_future(emu.slash(users[1], "ready"))
            delay = rng.uniform(0.0, 0.5)
            await asyncio.sleep(delay)
            kill(proc)
            await proc.wait()
            last.cancel()
            kills.append(round(delay, 3))
            proc = await launch(emu, db)
            if game_phase(db) == phase:  # killed before "ready" was stored: say it again
                for u in users:
                    await emu.slash(u, "ready")
            await until(lambda phase=phase: game_phase(db) != phase, f"{phase} to resolve (seed {seed}, kills {kills})")
            new = game_phase(db)
            seen.append(new)
        # let the last posts go out, then stop cleanly
        await emu.wait_posts(
            lambda p: "\n\n⏳" in p.content and seen[-1][1:5] in p.content and p.channel_id == channel["id"],
            timeout=PATIENCE,
        )
        await until(lambda: pending(db) == 0, f"the outbox to drain (seed {seed}, kills {kills})")
    finally:
        kill(proc)
        await proc.wait()
        await emu.stop()
    with sqlite3.connect(db) as con:
        resolved = con.execute("SELECT phase FROM phases WHERE results IS NOT NULL").fetchall()
        rows = con.execute(
            "SELECT id, channel_id, user_id, content, sent_at, message_id, kind, batch FROM outbox"
        ).fetchall()
    assert sorted(p for (p,) in resolved) == sorted(seen[:-1]), (seed, kills)
    channel_posts = Counter(p.content for p in emu.posts if p.channel_id == channel["id"])
    results = [c for c in channel_posts if "📜" in c]  # (after the start post, when it waited for a restart)
    assert len(results) == PHASES, (seed, kills, results)
    assert all(n == 1 for n in channel_posts.values()), (seed, kills, channel_posts)
    # every message was delivered exactly once: its nonce is its batch's first row, and its
    # part after a dot (``o412``, ``o412.1``); nothing but the text is shown
    posted = [p for p in emu.posts if p.nonce and p.nonce.startswith("o")]
    delivered = Counter(p.nonce for p in posted)
    assert all(n == 1 for n in delivered.values()), (seed, kills, delivered)
    assert not any("\n-# #" in p.content for p in emu.posts), (seed, kills)
    parts: dict[int, list] = {}
    for p in posted:
        leader, _, part = p.nonce[1:].partition(".")
        parts.setdefault(int(leader), []).append((int(part or 0), p))
    for leader, sent in parts.items():  # each batch's parts, once each, in order
        assert [i for i, _ in sent] == list(range(len(sent))), (seed, kills, leader, sent)
    # every outbox row was carried by the message of its batch, once; a DM of a phase that
    # was over when its turn came is recorded without a message
    carried = {r[0] for r in rows if r[7] in parts}
    unsent = {r[0] for r in rows if r[5] is None}
    assert all(r[2] is not None and r[6] == "dm_phase_started" for r in rows if r[0] in unsent)
    assert {r[0] for r in rows} == carried | unsent and not unsent & carried, (seed, kills)
    assert all(r[4] is not None for r in rows)
    for sent in parts.values():  # a resolution's maps go with its last message
        if any("📜" in p.content for _, p in sent):
            last = sent[-1][1]
            assert last.files and last.files[0][1][:8] == b"\x89PNG\r\n\x1a\n"
