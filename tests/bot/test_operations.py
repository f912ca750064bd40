"""Health and metrics of a running bot (issue 24), as an operator meets them: ``python -m
bot`` against the loopback Discord, ``python -m bot health`` as a container runtime runs it
(exit 0/1, one line), and the metrics endpoint scraped over HTTP.

The health check fails and recovers: the gateway down (Discord's connections closed and
refused), the database file gone (moved away under the running bot), the event loop frozen
(SIGSTOP); a clean stop leaves no status behind. Waits poll with a hang guard only.
"""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

import discord
import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot.core.press import PressMode, Settings
from bot.core.press.permissions import needs
from bot.discord import press as press_worker
from bot.infra import health
from bot.infra.storage.postgres import label
from bot.ops import invite
from tests import pg
from tests.bot import databases, test_lease_processes
from tests.bot.botprocess import ROOT, bot_env
from tests.bot.databases import sqlite_only
from tests.bot.loopback import Limits
from tests.bot.processes import GUARD, launch, new_game, spawn

world = test_lease_processes.world  # the loopback Discord and the bots a test started (a fixture)


def run_health(path: Path) -> tuple[int, str]:
    done = subprocess.run(
        [sys.executable, "-m", "bot", "health"],
        cwd=ROOT,
        env=bot_env(None, DIPLOMACY_HEALTH_FILE=str(path)),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.stderr == "" and done.stdout.count("\n") == 1, (done.stdout, done.stderr)
    return done.returncode, done.stdout.strip()


async def until_health(path: Path, healthy: bool, words: str) -> str:
    """Poll the status until it says ``healthy`` with ``words``; then ``python -m bot
    health`` must say the same (exit status and line)."""
    line = ""
    for _ in range(int(GUARD / 0.1)):
        ok, line = health.check(path)
        if ok is healthy and words in line:
            code, said = await asyncio.to_thread(run_health, path)
            if (code == 0) is healthy and words in said:
                return said
        await asyncio.sleep(0.1)
    raise AssertionError(f"health never said {healthy} / {words!r}; last: {line!r}")


@sqlite_only
async def test_health_fails_and_recovers_with_the_gateway_the_database_and_the_loop(world, tmp_path):
    emu, channel, users, bots = world
    status = tmp_path / "status" / "bot.health"
    status.parent.mkdir()
    code, line = await asyncio.to_thread(run_health, status)
    assert code == 1 and line.startswith(f"unhealthy: no status at {status}")

    db = tmp_path / "live.sqlite3"
    bot = await launch(emu, db, "live", tmp_path, DIPLOMACY_HEALTH_FILE=str(status))
    bots.append(bot)
    said = await until_health(status, True, "ok: the database lease held, gateway connected")
    assert said == f"ok: the database lease held, gateway connected, database {db} answers"

    # Discord's gateway goes away, and comes back
    await emu.drop_gateway()
    said = await until_health(status, False, "the Discord gateway is not connected")
    assert said == "unhealthy: the Discord gateway is not connected"
    emu.gateway_down = False
    await until_health(status, True, "ok:")

    # the database file is moved away under the running bot, and put back
    moved = tmp_path / "moved.sqlite3"
    db.rename(moved)
    said = await until_health(status, False, "is gone")
    assert said == f"unhealthy: the database file {db} is gone (deleted or moved while the bot runs)"
    moved.rename(db)
    await until_health(status, True, "ok:")

    # the event loop stops answering (the whole process frozen), and runs again
    bot.proc.send_signal(signal.SIGSTOP)
    try:
        said = await until_health(status, False, "the bot's event loop does not answer")
        assert said.startswith("unhealthy: no status for ")
    finally:
        bot.proc.send_signal(signal.SIGCONT)
    await until_health(status, True, "ok:")

    # a clean stop: no status is left to look healthy
    bot.proc.send_signal(signal.SIGTERM)
    assert await bot.exited() == 0
    code, line = await asyncio.to_thread(run_health, status)
    assert code == 1 and line.startswith("unhealthy: no status at")
    assert not any("Traceback" in line for line in bot.lines()), bot.lines()


@sqlite_only  # (its own PostgreSQL server, which it stops and starts: run once, in the first pass)
async def test_health_fails_while_the_postgresql_server_is_down_and_recovers(world, tmp_path):
    emu, channel, users, bots = world
    folder = Path(tempfile.mkdtemp(prefix=pg.PREFIX))  # (not under pytest's 0700 folder: the server's user reads it)
    try:
        try:
            server = await asyncio.to_thread(pg.start, folder, os.getpid())
        except pg.NoServer as exc:
            pytest.skip(f"no PostgreSQL server for this test: {exc}")
        url = await databases.new_database("health-outage", server.url)
        status = tmp_path / "bot.health"
        bot = await launch(emu, url, "pg", tmp_path, DIPLOMACY_HEALTH_FILE=str(status))  # type: ignore[arg-type]
        bots.append(bot)
        await until_health(status, True, "ok: the database lease held, gateway connected")

        await asyncio.to_thread(pg.stop, folder)  # the database server goes away
        said = await until_health(status, False, "the database lease is not renewed")
        assert said.startswith(f"unhealthy: the database {label(url)} fails (") and "secret" not in said
        await asyncio.to_thread(pg.restart, folder)  # and comes back
        await until_health(status, True, "ok:")
        assert bot.proc.returncode is None
        await new_game(emu, channel, users, name="After")  # and the bot works on it again
        assert not any("Traceback" in line for line in bot.lines()), bot.lines()  # one line per failed try
    finally:
        await asyncio.to_thread(pg.stop, folder)
        shutil.rmtree(folder, ignore_errors=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def scrape(port: int) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as answer:
        text = answer.read().decode()
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


@sqlite_only
async def test_the_metrics_endpoint_is_scraped(world, tmp_path):
    emu, channel, users, bots = world
    port = free_port()
    bot = await launch(emu, tmp_path / "m.sqlite3", "metrics", tmp_path, DIPLOMACY_METRICS=f"127.0.0.1:{port}")
    bots.append(bot)
    emu.limits = Limits(per_second=1)  # the start's posts and DMs go over Discord's global limit
    await new_game(emu, channel, users, name="Measured")

    got: dict = {}
    for _ in range(int(GUARD / 0.2)):
        got = await asyncio.to_thread(scrape, port)
        limited = got.get(("diplomacy_discord_429_total", (("scope", "global"),)), 0)
        if (
            got.get(("diplomacy_games", (("state", "active"),))) == 1
            and got.get(("diplomacy_outbox_pending", ())) == 0
            and limited >= 1
            and limited == emu.limited["global"]
        ):
            break
        await asyncio.sleep(0.2)
    assert got[("diplomacy_games", (("state", "active"),))] == 1
    assert got[("diplomacy_games", (("state", "forming"),))] == 0
    assert got[("diplomacy_deadlines_due", ())] == 0
    assert got[("diplomacy_outbox_pending", ())] == 0 and got[("diplomacy_outbox_oldest_seconds", ())] == 0
    # every 429 Discord gave was counted, with the waits it asked for
    assert got[("diplomacy_discord_429_total", (("scope", "global"),))] == emu.limited["global"] >= 1
    assert got[("diplomacy_discord_429_retry_seconds_total", ())] >= emu.limited["global"]
    assert ("diplomacy_pacer_wait_seconds_total", ()) in got
    # create, two joins, start: four commands answered
    assert got[("diplomacy_interaction_reply_seconds_count", (("kind", "command"),))] == 4
    assert got[("diplomacy_lease_held", (("shard", "0"),))] == 1
    holders = [labels for (name, labels) in got if name == "diplomacy_lease_holder"]
    assert [dict(labels)["pid"] for labels in holders] == [str(bot.pid)]
    assert dict(holders[0])["scope"] == "database"
    assert ("diplomacy_render_seconds_count", ()) in got


@sqlite_only
async def test_a_metrics_setting_that_cannot_work_stops_the_bot_with_one_line(world, tmp_path):
    emu, channel, users, bots = world
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        bot = await spawn(emu, tmp_path / "a.sqlite3", "taken", tmp_path, DIPLOMACY_METRICS=f"127.0.0.1:{port}")
        bots.append(bot)
        assert await bot.exited() == 2
    assert bot.lines()[-1] == (
        f"error: DIPLOMACY_METRICS=127.0.0.1:{port}: cannot serve the metrics there (Address already in use); "
        "choose a free port, or unset DIPLOMACY_METRICS"
    )
    bad = await spawn(emu, tmp_path / "b.sqlite3", "bad", tmp_path, DIPLOMACY_METRICS="metrics")
    bots.append(bad)
    assert await bad.exited() == 2
    assert bad.lines() == ["error: DIPLOMACY_METRICS must be a port or HOST:PORT (e.g. 9464), not 'metrics'"]


async def test_invite_prints_the_link_with_exactly_the_permissions_from_the_token_alone():
    bot_id = 1234567890123456789
    token = f"{invite.base64.b64encode(str(bot_id).encode()).decode().rstrip('=')}.GhIjKl.not-a-real-secret"
    done = await asyncio.to_thread(
        subprocess.run,
        [sys.executable, "-m", "bot", "invite"],
        cwd=ROOT,
        env=bot_env(None, DISCORD_TOKEN=token, DISCORD_API_URL="http://127.0.0.1:9/"),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    link = done.stdout.splitlines()[0]
    assert link.startswith("https://discord.com/oauth2/authorize?client_id=1234567890123456789&permissions=")
    assert link.endswith("&scope=bot+applications.commands")
    value = int(link.split("permissions=")[1].split("&")[0])
    # Discord's permission bits: Create Invite 0, Manage Channels 4, Add Reactions 6, View Channels 10,
    # Send Messages 11, Attach Files 15, Read Message History 16, Manage Roles 28, Create Public
    # Threads 35, Create Private Threads 36, Send Messages in Threads 38: nothing more (no Embed
    # Links 14: the bot sends no embeds)
    assert value == sum(1 << bit for bit in (0, 4, 6, 10, 11, 15, 16, 28, 35, 36, 38))
    # each one said with its reason
    for _, shown, why in invite.NEEDED:
        assert f"  {shown}" in done.stdout and why in done.stdout
    assert "not-a-real-secret" not in done.stdout
    # the link asks exactly what the games' checks can name (bot.core.press.permissions.needs)...
    asked = {name for name, _, _ in invite.NEEDED}
    assert value == invite.permissions().value
    assert asked == checked_permissions()
    # ...which covers everything the press worker allows or denies in an overwrite: Discord
    # lets a bot set there only what it has itself
    assert overwritten_permissions() & ~value == 0
    # and the README's table names exactly those
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert readme_permissions(readme) == {shown for _, shown, _ in invite.NEEDED}


def checked_permissions() -> set[str]:
    """Every permission some game's settings make the checks ask for."""
    return {
        need.permission.value
        for press in PressMode
        for anonymous in (False, True)
        for spectators in (False, True)
        for substitutes in (False, True)
        for need in needs(Settings(press, anonymous=anonymous, spectators=spectators), substitutes=substitutes)
    }


def overwritten_permissions() -> int:
    """The bits of every permission the press worker allows or denies in a channel overwrite."""
    overwrites = [press_worker.WRITE, press_worker.READ, press_worker.HIDDEN, press_worker.BOT]
    overwrites += [discord.PermissionOverwrite(**grant) for grant in press_worker.GAME_CHANNEL_GRANTS.values()]
    out = 0
    for overwrite in overwrites:
        allow, deny = overwrite.pair()
        out |= allow.value | deny.value
    return out


def readme_permissions(readme: str) -> set[str]:
    """The permissions the README's table of the invite's permissions names (in bold)."""
    table = readme.split("| permission | why the bot needs it |", 1)[1].split("\n\n", 1)[0]
    rows = [line.split("|")[1] for line in table.splitlines()[2:]]  # (after the header's rule)
    return {name for row in rows for name in re.findall(r"\*\*([^*]+)\*\*", row)}


async def test_invite_without_a_bot_token_says_what_to_give():
    done = await asyncio.to_thread(
        subprocess.run,
        [sys.executable, "-m", "bot", "invite"],
        cwd=ROOT,
        env=bot_env(None, DISCORD_TOKEN="not a token"),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip() == (
        "error: DISCORD_TOKEN does not start with a bot's id (is it a bot token?); give --application-id instead"
    )
    given = await asyncio.to_thread(
        subprocess.run,
        [sys.executable, "-m", "bot", "invite", "--application-id", "42"],
        cwd=ROOT,
        env=bot_env(None),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert given.returncode == 0 and "client_id=42&" in given.stdout.splitlines()[0]
