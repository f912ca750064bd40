"""Discord unreachable at start (a name that does not resolve, a refused connection, a TLS
error, a gateway that accepts and never answers): the bot tries again with a growing pause,
ONE log line per try and no traceback, and connects once Discord answers. discord.py's crash
when its first gateway connection never opened (``'NoneType' object has no attribute
'sequence'``) is one more try. A rejected token still stops the bot with one line.

``python -m bot`` against the loopback emulator, with a short first pause
(``DIPLOMACY_CONNECT_RETRY``) and gateway timeout (``DIPLOMACY_GATEWAY_TIMEOUT``).
"""

from __future__ import annotations

import asyncio
import re
import socket
from pathlib import Path

import pytest

from tests.bot.botprocess import HANG_GUARD, BotProcess, bot_env
from tests.bot.databases import sqlite_only
from tests.bot.loopback import Emulator

# real bot processes, each on a SQLite file whatever the pass: left out of the PostgreSQL pass
pytestmark = [pytest.mark.process, sqlite_only]

RETRY = re.compile(r"^\S+ \S+ WARNING bot\.discord\.runner: (.+?) \((.+)\); trying again in (\d+\.\d)s \(try (\d+)\)$")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def retries(bot: BotProcess) -> list[re.Match[str]]:
    return [m for m in map(RETRY.match, bot.lines) if m]


def assert_one_line_per_try(bot: BotProcess, what: str) -> None:
    """Every try is one line saying what failed, why, and when the next one comes; the pause
    grows; nothing else is logged above INFO, and no traceback."""
    tries = retries(bot)
    assert len(tries) >= 2, bot.stderr
    assert all(m.group(1).startswith(what) for m in tries), bot.stderr
    assert [int(m.group(4)) for m in tries] == list(range(1, len(tries) + 1))
    assert float(tries[1].group(3)) > float(tries[0].group(3))
    noisy = [line for line in bot.lines if " WARNING " in line or " ERROR " in line]
    assert len(noisy) == len(tries), bot.stderr
    assert "Traceback" not in bot.stderr
    assert "object has no attribute 'sequence'" not in bot.stderr
    assert "Attempting a reconnect" not in bot.stderr


@pytest.mark.parametrize(
    ("api", "reason"),
    [
        ("http://127.0.0.1:{port}/api/v10", "Cannot connect to host 127.0.0.1"),  # nothing listens
        ("http://discord.invalid/api/v10", "discord.invalid"),  # the name does not resolve
        ("https://127.0.0.1:{port}/api/v10", "SSL"),  # TLS to a server that speaks plain HTTP
    ],
)
async def test_an_unreachable_discord_is_tried_again_one_line_per_try(tmp_path, api, reason):
    port = free_port()
    plain = Emulator(bind_port=port)
    if api.startswith("https"):
        await plain.start()
    bot = BotProcess(
        bot_env(tmp_path / "db.sqlite3", DISCORD_API_URL=api.format(port=port), DIPLOMACY_CONNECT_RETRY="0.1")
    )
    try:
        assert await bot.until(lambda: len(retries(bot)) >= 3), bot.stderr
        assert bot.proc.poll() is None, bot.stderr  # still trying, not exited
        assert_one_line_per_try(bot, f"Discord is unreachable at {api.format(port=port)}")
        assert all(reason in m.group(2) for m in retries(bot)), bot.stderr
        assert await bot.stopped() == 0, bot.stderr
    finally:
        bot.kill()
        await plain.stop()


async def test_the_bot_connects_once_discord_answers(tmp_path):
    port = free_port()
    emu = Emulator(bind_port=port)
    channel = emu.add_channel("game-1")
    alice = emu.add_user("alice")
    env = bot_env(
        tmp_path / "db.sqlite3",
        DISCORD_API_URL=f"http://127.0.0.1:{port}/api/v10",
        DISCORD_GATEWAY_URL=f"ws://127.0.0.1:{port}/",
        DIPLOMACY_CONNECT_RETRY="0.1",
    )
    bot = BotProcess(env)
    try:
        assert await bot.until(lambda: len(retries(bot)) >= 2), bot.stderr
        await emu.start()  # Discord is back
        await asyncio.wait_for(emu.synced.wait(), HANG_GUARD)
        await asyncio.wait_for(emu.identified.wait(), HANG_GUARD)
        reply = await emu.slash(alice, "game", {"name": "Back", "players": 2}, channel=channel, sub="create")
        assert "Back" in reply["data"]["content"]
        assert_one_line_per_try(bot, "Discord is unreachable")
        assert await bot.stopped() == 0, bot.stderr
    finally:
        bot.kill()
        await emu.stop()


async def test_a_gateway_that_never_answers_is_tried_again(tmp_path):
    emu = Emulator(gateway_silent=True)
    channel = emu.add_channel("game-1")
    alice = emu.add_user("alice")
    await emu.start()
    env = bot_env(
        tmp_path / "db.sqlite3",
        DISCORD_API_URL=emu.api_url,
        DISCORD_GATEWAY_URL=emu.gateway_url,
        DIPLOMACY_CONNECT_RETRY="0.1",
        DIPLOMACY_GATEWAY_TIMEOUT="1",
    )
    bot = BotProcess(env)
    try:
        assert await bot.until(lambda: len(retries(bot)) >= 2), bot.stderr
        assert emu.silent_connections >= 2
        assert bot.proc.poll() is None, bot.stderr
        assert_one_line_per_try(bot, f"Discord's gateway at {emu.gateway_url} did not answer")
        assert all(m.group(2) == "TimeoutError: no answer in time" for m in retries(bot)), bot.stderr
        emu.gateway_silent = False  # the gateway answers again
        await asyncio.wait_for(emu.identified.wait(), HANG_GUARD)
        reply = await emu.slash(alice, "game", {"name": "Late", "players": 2}, channel=channel, sub="create")
        assert "Late" in reply["data"]["content"]
        assert await bot.stopped() == 0, bot.stderr
    finally:
        bot.kill()
        await emu.stop()


async def test_a_rejected_token_stops_the_bot_with_one_line(tmp_path: Path):
    emu = Emulator(reject_token=True)
    await emu.start()
    bot = BotProcess(bot_env(tmp_path / "db.sqlite3", DISCORD_API_URL=emu.api_url, DIPLOMACY_CONNECT_RETRY="0.1"))
    try:
        assert await bot.exit_status(HANG_GUARD) == 2, bot.stderr
    finally:
        bot.kill()
        await emu.stop()
    errors = [line for line in bot.lines if line.startswith("error:")]
    assert errors == [
        "error: Discord rejected DISCORD_TOKEN; set it to a valid bot token (developer portal → "
        "your application → Bot → Reset Token)"
    ]
    assert not retries(bot)
    assert "Traceback" not in bot.stderr
