"""Helpers for the tests that run real bot processes (``python -m bot``) against the
loopback Discord (tests/bot/loopback.py): start one with a short lease, read what it
said, kill it; start a game through the loopback's slash commands.

Hang guards only: every wait has a generous limit (GUARD) so that a broken bot fails the
test instead of freezing the suite; no test asserts how fast anything is.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import sys
from pathlib import Path
from typing import Any

from tests.bot.botprocess import TEST_TOKEN
from tests.bot.loopback import Emulator

ROOT = Path(__file__).resolve().parents[2]


SHORT_LEASE = {"DIPLOMACY_LEASE_SECONDS": "8", "DIPLOMACY_HEARTBEAT_SECONDS": "0.5"}


GUARD = 60.0  # seconds: only so that a broken bot can't hang the suite


class Bot:
    """One ``python -m bot`` process; its standard error goes to a file."""

    def __init__(self, proc: asyncio.subprocess.Process, stderr: Path) -> None:
        self.proc = proc
        self.stderr = stderr

    @property
    def pid(self) -> int:
        return self.proc.pid

    def lines(self) -> list[str]:
        """What it wrote, but discord.py's warnings that it has no voice (issue 10 §8
        removes them at start; they are not about the database)."""
        text = self.stderr.read_text(errors="replace")
        return [line for line in text.splitlines() if line.strip() and "voice will NOT be supported" not in line]

    async def said(self, text: str) -> None:
        for _ in range(int(GUARD / 0.05)):
            if any(text in line for line in self.lines()):
                return
            if self.proc.returncode is not None:
                break
            await asyncio.sleep(0.05)
        raise AssertionError(f"the bot never said {text!r}: {self.lines()}")

    async def exited(self) -> int:
        return await asyncio.wait_for(self.proc.wait(), GUARD)

    async def kill(self) -> None:
        if self.proc.returncode is None:
            self.proc.send_signal(signal.SIGKILL)
        await self.proc.wait()


async def spawn(emu: Emulator, db: Path, name: str, tmp: Path, **env: str) -> Bot:
    stderr = tmp / f"{name}.stderr"
    environment = dict(
        os.environ,
        DISCORD_TOKEN=TEST_TOKEN,
        DIPLOMACY_DB=str(db),
        LOG_LEVEL="WARNING",
        DISCORD_API_URL=emu.api_url,
        DISCORD_GATEWAY_URL=emu.gateway_url,
        PYTHONPATH=str(ROOT),
        DIPLOMACY_RENDER_PROCESSES="0",
        **SHORT_LEASE,
        **env,
    )
    with stderr.open("wb") as err:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", cwd=str(ROOT), env=environment, stderr=err
        )
    return Bot(proc, stderr)


async def new_game(emu: Emulator, channel: dict, users: list[dict], name: str = "Lease") -> None:
    reply = await emu.slash(users[0], "game", {"name": name, "players": 2}, channel=channel, sub="create")
    assert name in reply["data"]["content"]
    for user in users:
        await emu.slash(user, "game", channel=channel, sub="join")
    reply = await emu.slash(users[0], "game", channel=channel, sub="start")
    assert "has started" in reply["data"]["content"]


async def connected(emu: Emulator) -> None:
    """Wait for a bot to sync its commands and open the gateway (both cleared first)."""
    await asyncio.wait_for(emu.synced.wait(), GUARD)
    await asyncio.wait_for(emu.identified.wait(), GUARD)
    await asyncio.sleep(0.2)


async def launch(emu: Emulator, db: Path, name: str, tmp: Path, **env: str) -> Bot:
    emu.synced.clear()
    emu.identified.clear()
    bot = await spawn(emu, db, name, tmp, **env)
    await connected(emu)
    return bot


def query(db: Path, sql: str, *params: Any) -> list[tuple]:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5) as con:
        return con.execute(sql, params).fetchall()
