"""Moving and keeping the data (issue 24): ``python -m bot db copy`` between SQLite and
PostgreSQL (both ways, verified by per-table counts and checksums, the source untouched, a
non-empty target refused), and ``python -m bot db backup`` of a live database, restored and
started: its deadline resolves.

The commands run as an operator runs them, in a process of their own; the PostgreSQL side
uses a real server (``postgresql_server``). These tests are about SQLite files and the
copy between the two, so they stay in the SQLite pass (:data:`sqlite_only`).
"""

from __future__ import annotations

import asyncio
import hashlib
import random
import shutil
import sqlite3
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import asyncpg

from bot.core.app import Core
from bot.infra.storage import Storage
from bot.infra.storage.copy import copied, database_sums
from tests.bot import databases, test_lease_processes
from tests.bot.botprocess import ROOT, bot_env
from tests.bot.conftest import FakeClock
from tests.bot.databases import sqlite_only
from tests.bot.processes import Bot, launch, new_game, query
from tests.bot.support import PLAYERS, seat_of

pytestmark = sqlite_only
world = test_lease_processes.world  # the loopback Discord and the bots a test started (a fixture)


def cli(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=ROOT,
        env=bot_env(None, **env),
        capture_output=True,
        text=True,
        timeout=120,
    )


def digest(path: Path) -> dict[str, str]:
    """The bytes of a SQLite database and of the files beside it."""
    out = {}
    for suffix in ("", "-wal", "-shm"):
        f = path.with_name(path.name + suffix)
        if f.exists():
            out[suffix] = hashlib.sha256(f.read_bytes()).hexdigest()
    return out


async def played(path: Path | str) -> dict[str, int]:
    """A database with real games: one played a phase (orders, results, posts, the audit),
    one forming; text a player typed in three scripts. Its games' ids by name."""
    clock = FakeClock()
    storage = await Storage.open(str(path))
    core = Core(storage, clock=clock, rng=random.Random(3))
    try:
        await core.lifecycle.create_game(
            guild_id=1, channel_id=10, user_id=PLAYERS[0], name="Öl — «Игра» 'x'", players=2
        )
        for uid in PLAYERS[:2]:
            await core.lifecycle.join(10, uid)
        game = await core.lifecycle.start(10, PLAYERS[0], can_manage=False)
        await core.ordering.submit(await seat_of(core, game, "FRANCE"), "A PAR - BUR; F BRE - MAO")
        await core.ordering.submit(await seat_of(core, game, "GERMANY"), "A MUN - BUR")
        clock.advance(hours=49)
        assert await core.resolution.run_due() == 1
        await core.ordering.submit(await seat_of(core, game, "FRANCE"), "A PAR H")
        await core.lifecycle.create_game(guild_id=1, channel_id=11, user_id=PLAYERS[2], name="Second", players=3)
        await core.lifecycle.join(11, PLAYERS[3])
        async with storage.read() as tx:
            forming = await tx.open_game_in_channel(11)
        return {"played": game.id, "forming": forming.id}
    finally:
        core.close()
        await storage.close()


def table_lines(out: str) -> dict[str, list[str]]:
    return {
        line.split()[0]: line.split()
        for line in out.splitlines()
        if line.split() and line.split()[0] in {t.name for t in copied()}
    }


async def test_a_sqlite_database_copied_into_postgresql_and_back_is_the_same_row_for_row(tmp_path, postgresql_server):
    source = tmp_path / "bot.sqlite3"
    ids = await played(source)
    before = digest(source)
    _, sums = await database_sums(str(source))
    assert sums["games"].rows == 2 and sums["orders"].rows >= 3 and sums["outbox"].rows > 0

    url = await databases.new_database(str(tmp_path / "copy-target"), postgresql_server)
    # with a password in the URL (the test server trusts local connections and ignores it)
    url = url.replace("postgresql://postgres@", "postgresql://postgres:secret@")
    assert ":secret@" in url
    done = await asyncio.to_thread(cli, "db", "copy", str(source), url)
    assert done.returncode == 0, done.stderr
    shown = table_lines(done.stdout)
    # the admin's table: every table with its rows and both checksums, each marked ok
    assert set(shown) == {t.name for t in copied()}
    for name, line in shown.items():
        assert int(line[1]) == sums[name].rows and line[2] == line[3] == sums[name].checksum[:16] and line[4] == "ok"
    assert "every table matches" in done.stdout
    assert "secret" not in done.stdout + done.stderr  # the password is never echoed
    assert f"into {url.replace(':secret', '').split('?')[0]}" in done.stdout
    assert digest(source) == before  # the source never changes

    version, on_pg = await database_sums(url)
    assert on_pg == sums and version == (await database_sums(str(source)))[0]

    # the bot reads the copy as it read the original, and numbers new rows after the copied ones
    pg = await Storage.open(url)
    sq = await Storage.open(str(source))
    try:
        async with pg.read() as a, sq.read() as b:
            assert await a.game(ids["played"]) == await b.game(ids["played"])
            assert await a.orders(ids["played"], "F1901M") == await b.orders(ids["played"], "F1901M")
            assert await a.players(ids["forming"]) == await b.players(ids["forming"])
        async with pg.write() as tx:
            new = await tx.insert_game(
                guild_id=1,
                channel_id=12,
                name="New",
                creator_id=1,
                players=2,
                movement="2d",
                retreat="1d",
                adjustment="1d",
                language="en",
                now=0.0,
            )
        assert new > max(ids.values())
    finally:
        await pg.close()
        await sq.close()
    db = await asyncpg.connect(url)
    try:
        await db.execute("DELETE FROM games WHERE name = 'New'")
    finally:
        await db.close()

    # and back: PostgreSQL into a new SQLite file, the same rows again
    back = tmp_path / "back.sqlite3"
    done = await asyncio.to_thread(cli, "db", "copy", url, str(back))
    assert done.returncode == 0, done.stderr
    assert (await database_sums(str(back)))[1] == sums


async def test_a_target_that_is_not_empty_is_refused_unless_told_to_replace(tmp_path):
    source = tmp_path / "bot.sqlite3"
    await played(source)
    target = tmp_path / "target.sqlite3"
    assert (await asyncio.to_thread(cli, "db", "copy", str(source), str(target))).returncode == 0
    kept = digest(target)

    again = await asyncio.to_thread(cli, "db", "copy", str(source), str(target))
    assert again.returncode == 2 and again.stdout == ""
    line = again.stderr.strip()
    assert "\n" not in line and line.startswith(f"error: {target}: is not empty (") and "--replace" in line
    assert digest(target) == kept

    replaced = await asyncio.to_thread(cli, "db", "copy", str(source), str(target), "--replace")
    assert replaced.returncode == 0, replaced.stderr
    assert (await database_sums(str(target)))[1] == (await database_sums(str(source)))[1]


async def test_a_file_that_is_not_the_bots_database_is_refused_and_left_untouched(tmp_path):
    other = tmp_path / "other.sqlite3"
    with sqlite3.connect(other) as con:
        con.execute("CREATE TABLE notes (x TEXT)")
    before = digest(other)
    done = await asyncio.to_thread(cli, "db", "copy", str(other), str(tmp_path / "t.sqlite3"))
    assert done.returncode == 2 and "another program's SQLite database" in done.stderr
    assert digest(other) == before and not (tmp_path / "t.sqlite3").exists()


async def test_a_backup_of_a_running_bot_restored_starts_and_resolves_its_deadline(tmp_path, world):
    emu, channel, users, bots = world
    live = tmp_path / "live.sqlite3"
    bot: Bot = await launch(emu, live, "live", tmp_path)
    bots.append(bot)
    await new_game(emu, channel, users, name="Kept")
    [(spring,)] = query(live, "SELECT phase FROM games")  # the first spring of the game for two
    fall = "F" + spring[1:]

    backup = tmp_path / "backups" / "b.sqlite3"
    backup.parent.mkdir()
    done = await asyncio.to_thread(cli, "db", "backup", str(backup), DIPLOMACY_DB=str(live))  # the bot still runs
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"backed up {live} (schema version ")
    version, sums = await database_sums(str(backup))
    assert sums["games"].rows == 1 and sums["players"].rows == 2
    assert [p.name for p in backup.parent.iterdir()] == ["b.sqlite3"]  # one file, nothing beside it
    shown = {line.split()[0]: line.split() for line in done.stdout.splitlines()[1:-1]}
    assert {name: (int(v[1]), v[2]) for name, v in shown.items()} == {
        name: (s.rows, s.checksum[:16]) for name, s in sums.items()
    }
    again = await asyncio.to_thread(cli, "db", "backup", str(backup), DIPLOMACY_DB=str(live))
    assert again.returncode == 2 and "already exists" in again.stderr

    # the machine is lost; the backup is put in place under a new name and the bot started on it
    await bot.kill()
    restored = tmp_path / "restored" / "diplomacy.sqlite3"
    restored.parent.mkdir()
    shutil.copy(backup, restored)
    with sqlite3.connect(restored) as con:  # its deadline has passed meanwhile
        con.execute("UPDATE games SET due_at = 0")
    emu.posts.clear()
    again_bot = await launch(emu, restored, "restored", tmp_path, DIPLOMACY_TAKEOVER="wait")
    bots.append(again_bot)
    for _ in range(600):
        if query(restored, "SELECT phase FROM games") == [(fall,)]:
            break
        await asyncio.sleep(0.1)
    assert query(restored, "SELECT phase FROM games") == [(fall,)], again_bot.lines()
    posts = await emu.wait_posts(lambda p: "results of" in p.content.lower(), timeout=60)
    assert posts and posts[0].channel_id == channel["id"]
    assert query(restored, "SELECT COUNT(*) FROM phases WHERE resolved_at IS NOT NULL") == [(1,)]


async def test_backup_of_postgresql_says_what_to_run_instead(tmp_path):
    done = await asyncio.to_thread(
        cli, "db", "backup", str(tmp_path / "b.dump"), DIPLOMACY_DB="postgresql://diplomacy:secret@db:5432/diplomacy"
    )
    assert done.returncode == 2
    assert "pg_dump --format=custom" in done.stderr and "python -m bot db copy" in done.stderr
    assert "secret" not in done.stderr
    assert not (tmp_path / "b.dump").exists()


async def test_postgresql_backed_up_with_pg_dump_as_the_readme_says_restores_and_resolves(tmp_path, postgresql_server):
    from tests import pg

    source = await databases.new_database(str(tmp_path / "pg-live"), postgresql_server)
    ids = await played(source)  # the same story, on PostgreSQL
    dump = tmp_path / "backup.dump"
    bin_dir = pg.binaries()
    subprocess.run([str(bin_dir / "pg_dump"), "--format=custom", "--file", str(dump), source], check=True, timeout=120)
    target = await databases.new_database(str(tmp_path / "pg-restored"), postgresql_server)
    subprocess.run([str(bin_dir / "pg_restore"), "--no-owner", "--dbname", target, str(dump)], check=True, timeout=120)
    assert await database_sums(target) == await database_sums(source)

    # the restored database starts, and its pending deadline resolves
    storage = await Storage.open(target)
    try:
        async with storage.read() as tx:
            game = await tx.game(ids["played"])
        clock = FakeClock()
        clock.moment = datetime.fromtimestamp(game.due_at, UTC) + timedelta(minutes=1)
        core = Core(storage, clock=clock, rng=random.Random(5))
        try:
            assert await core.resolution.run_due() == 1
        finally:
            core.close()
        async with storage.read() as tx:
            assert (await tx.game(ids["played"])).phase != game.phase
            assert (await tx.phase(ids["played"], game.phase)).results
    finally:
        await storage.close()
