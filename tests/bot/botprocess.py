"""Helpers for tests that run the bot as an operator does, ``python -m bot`` in a process of
its own: its environment, its child processes, and file permissions that hold even for root.

Hang guards only: every wait has a generous time limit so that a bot that never exits fails
the test instead of freezing the suite; no test asserts how fast anything is.
"""

from __future__ import annotations

import asyncio
import ctypes
import json
import os
import signal
import sqlite3
import sys
import time
from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
HANG_GUARD = 60.0
# a token of the form Discord gives (the bot's id in base64, a time, a signature): the bot
# refuses one that is not, before anything else; the emulator accepts any
TEST_TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GtEsT0.test-signature-of-the-loopback-bot_0123456"


def bot_env(db: Path | None, **extra: str) -> dict[str, str]:
    """The environment of a bot under test: a dummy token, its database, no real network."""
    env = dict(os.environ, DISCORD_TOKEN=TEST_TOKEN, LOG_LEVEL="INFO", PYTHONPATH=str(ROOT))
    env.pop("DIPLOMACY_DB", None)
    env.pop("DIPLOMACY_ASSETS", None)
    # nothing listens on port 9 (discard): a bot that got past its checks fails to connect, never
    # reaches the real Discord
    env.setdefault("DISCORD_API_URL", "http://127.0.0.1:9/api/v10")
    env.setdefault("DISCORD_GATEWAY_URL", "ws://127.0.0.1:9/")
    if db is not None:
        env["DIPLOMACY_DB"] = str(db)
    env.update(extra)
    return env


def bot_command() -> list[str]:
    return [sys.executable, "-m", "bot"]


def permissions_bind_root() -> Callable[[], None] | None:
    """For ``preexec_fn``: root ignores file modes (CAP_DAC_OVERRIDE), so a test of a
    read-only file run as root drops that capability from the bot's process first. None when
    not root (the modes already bind)."""
    if os.geteuid() != 0:
        return None

    def drop() -> None:
        libc = ctypes.CDLL(None, use_errno=True)
        for capability in (1, 2):  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH
            if libc.prctl(24, capability, 0, 0, 0) != 0:  # PR_CAPBSET_DROP: gone after exec
                raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP)")

    return drop


def children(pid: int) -> list[int]:
    """The live processes whose parent is ``pid``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and _parent_and_state(int(entry.name))[0] == pid:
            found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    """True while ``pid`` runs (a zombie waiting for its new parent to reap it has ended)."""
    return _parent_and_state(pid)[1] not in ("", "Z", "X")


def wait_until(predicate: Callable[[], bool], timeout: float = HANG_GUARD, step: float = 0.1) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(step)
    return predicate()


def _parent_and_state(pid: int) -> tuple[int, str]:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0, ""
    # the command name is in parentheses and may hold spaces: the fields follow the last ')'
    fields = stat[stat.rindex(")") + 2 :].split()
    return int(fields[1]), fields[0]


class BotProcess:
    """``python -m bot`` running in the background, its standard error collected line by
    line (a thread reads it, so the pipe never fills)."""

    def __init__(self, env: dict[str, str], *, cwd: Path = ROOT, preexec: Callable[[], None] | None = None) -> None:
        import subprocess
        import threading

        self.lines: list[str] = []
        self.proc = subprocess.Popen(
            bot_command(), cwd=str(cwd), env=env, stderr=subprocess.PIPE, text=True, preexec_fn=preexec
        )
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self.lines.append(line.rstrip("\n"))

    @property
    def pid(self) -> int:
        return self.proc.pid

    @property
    def stderr(self) -> str:
        return "\n".join(self.lines)

    def has(self, text: str) -> bool:
        return any(text in line for line in self.lines)

    async def until(self, predicate: Callable[[], bool], timeout: float = HANG_GUARD) -> bool:
        """Wait (without blocking the event loop) until ``predicate()`` or the process ends."""
        import asyncio

        end = time.monotonic() + timeout
        while time.monotonic() < end and not predicate():
            if self.proc.poll() is not None:
                self._reader.join(5)
                return predicate()
            await asyncio.sleep(0.05)
        return predicate()

    async def exit_status(self, timeout: float = HANG_GUARD) -> int | None:
        """The exit status once the process ended by itself; None if it still runs after
        ``timeout`` (it is then killed, so that no test leaves a bot behind)."""
        import asyncio

        end = time.monotonic() + timeout
        while self.proc.poll() is None and time.monotonic() < end:
            await asyncio.sleep(0.05)
        if self.proc.poll() is None:
            self.kill()
            return None
        self._reader.join(5)
        return self.proc.returncode

    async def stopped(self, sig: int = signal.SIGTERM) -> int | None:
        """Send ``sig`` (SIGTERM: what ``docker stop`` sends), then :meth:`exit_status`."""
        self.proc.send_signal(sig)
        return await self.exit_status()

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


# -- a bot on the loopback Discord, and a game on it -----------------------------------------


async def start_bot(emu: Any, db: Path, **env: str) -> BotProcess:
    emu.identified.clear()
    emu.synced.clear()
    bot = BotProcess(
        bot_env(db, DISCORD_API_URL=emu.api_url, DISCORD_GATEWAY_URL=emu.gateway_url, **env),
    )
    try:
        await asyncio.wait_for(emu.synced.wait(), HANG_GUARD)
        await asyncio.wait_for(emu.identified.wait(), HANG_GUARD)
    except BaseException:
        bot.kill()
        raise
    return bot


async def start_game(emu: Any, channel: dict, users: list[dict]) -> None:
    await emu.slash(users[0], "game", {"name": "Stop", "players": 2}, channel=channel, sub="create")
    for user in users:
        await emu.slash(user, "game", channel=channel, sub="join")
    await emu.slash(users[0], "game", channel=channel, sub="start")


def a_unit_of(db: Path, user_id: str) -> str:
    """One unit of the powers ``user_id`` plays in the game (read from the database)."""
    from bot.core.context import setup_of

    with closing(sqlite3.connect(db)) as con:
        players, variant, toss, position = con.execute(
            "SELECT players, variant, toss_winner, position FROM games"
        ).fetchone()
        (seat,) = con.execute("SELECT seat FROM players WHERE user_id = ?", (int(user_id),)).fetchone()
    game = type("Game", (), {"players": players, "variant": variant})()
    power = setup_of(game).seat_powers(seat, toss)[0]
    return json.loads(position)["units"][power.name][0]
