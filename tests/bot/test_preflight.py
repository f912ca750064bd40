"""A bad database file or missing map assets stop ``python -m bot`` before any network, with
exit status 2 and ONE line naming the path, the problem and what to do: no traceback, no
process left hanging, and a file that is not the bot's left exactly as it was. Before a
migration the bot copies the database to ``<db>.bak-v<N>`` with SQLite's backup API.

Each case runs the real command in a process of its own (with a dummy token and Discord
pointed at a closed local port); the hang guard of ``subprocess.run`` fails a bot that
never ends.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
import stat
import subprocess
import threading
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

import pytest

from bot.infra import preflight
from bot.infra.storage import Storage
from bot.infra.storage.migrations import migrations
from tests.bot.botprocess import HANG_GUARD, ROOT, BotProcess, bot_command, bot_env, permissions_bind_root
from tests.bot.databases import sqlite_only

pytestmark = sqlite_only  # about SQLite files, whatever the pass

LATEST = migrations()[-1][0]


def make_db(path: Path, version: int = LATEST, *, games: int = 3, wal: bool = True) -> Path:
    """A database of the bot at schema ``version``, with a few games, closed cleanly."""
    con = sqlite3.connect(path, isolation_level=None)
    if wal:
        con.execute("PRAGMA journal_mode = WAL")
    for number, sql in migrations():
        if number <= version:
            con.executescript(f"BEGIN;\n{sql}\nPRAGMA user_version = {number};\nCOMMIT;")
    for i in range(games):
        con.execute(
            "INSERT INTO games (guild_id, channel_id, name, creator_id, players, movement, retreat, "
            "adjustment, created_at) VALUES (1, ?, ?, 1, 7, '48h', '24h', '24h', 0)",
            (100 + i, f"Game {i} " + "x" * 300),
        )
    con.close()
    return path


def foreign_db(path: Path, *, user_version: int = 0, wal: bool = False) -> Path:
    con = sqlite3.connect(path, isolation_level=None)
    if wal:
        con.execute("PRAGMA journal_mode = WAL")
    con.execute("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT)")
    con.executemany("INSERT INTO customers (name) VALUES (?)", [("Ada",), ("Grace",)])
    if user_version:
        con.execute(f"PRAGMA user_version = {user_version}")
    con.close()
    return path


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def run_bot(env: dict[str, str], preexec: Callable[[], None] | None = None, cwd: Path = ROOT):
    return subprocess.run(
        bot_command(), cwd=str(cwd), env=env, capture_output=True, text=True, timeout=HANG_GUARD, preexec_fn=preexec
    )


def assert_refused(result: subprocess.CompletedProcess, db: Path, *phrases: str) -> str:
    """Exit status 2, one line on standard error that names the database and the problem."""
    lines = result.stderr.strip().splitlines()
    assert result.returncode == 2, result.stderr
    assert len(lines) == 1, result.stderr
    line = lines[0]
    assert line.startswith(f"error: database {db}: "), line
    for phrase in phrases:
        assert phrase in line, line
    assert "Traceback" not in result.stderr
    return line


# -- files that are not (or no longer) a database of the bot: refused untouched ----------------


def random_bytes(folder: Path) -> Path:
    path = folder / "db.sqlite3"
    path.write_bytes(os.urandom(20_000))
    return path


def text_file(folder: Path) -> Path:
    path = folder / "db.sqlite3"
    path.write_text("DISCORD_TOKEN=abc\n")
    return path


def truncated_at_page(folder: Path) -> Path:
    path = make_db(folder / "db.sqlite3", games=40)
    path.write_bytes(path.read_bytes()[:8192])
    return path


def truncated_mid_page(folder: Path) -> Path:
    path = make_db(folder / "db.sqlite3", games=40)
    path.write_bytes(path.read_bytes()[:10_000])
    return path


def foreign_plain(folder: Path) -> Path:
    return foreign_db(folder / "db.sqlite3")


def foreign_wal(folder: Path) -> Path:
    return foreign_db(folder / "db.sqlite3", wal=True)


def foreign_versioned(folder: Path) -> Path:
    return foreign_db(folder / "db.sqlite3", user_version=3)


def ours_plus_table(folder: Path) -> Path:
    path = make_db(folder / "db.sqlite3")
    with closing(sqlite3.connect(path, isolation_level=None)) as con:
        con.execute("CREATE TABLE scores (user_id INTEGER, points INTEGER)")
    return path


def ours_minus_table(folder: Path) -> Path:
    path = make_db(folder / "db.sqlite3")
    with closing(sqlite3.connect(path, isolation_level=None)) as con:
        con.execute("DROP TABLE user_languages")
    return path


@pytest.mark.parametrize(
    ("make", "phrases"),
    [
        (random_bytes, ("is not a SQLite database", "DIPLOMACY_DB")),
        (text_file, ("is not a SQLite database",)),
        (truncated_at_page, ("is damaged", "restore it from a backup")),
        (truncated_mid_page, ("is damaged: truncated to 10000 bytes",)),
        (foreign_plain, ("another program's SQLite database", "customers", "left untouched")),
        (foreign_wal, ("another program's SQLite database", "customers")),
        (foreign_versioned, ("another program's SQLite database", "schema version 3", "customers")),
        (ours_plus_table, ("tables this bot never made (scores)", "left untouched")),
        (ours_minus_table, (f"lacks tables of schema version {LATEST} (user_languages)",)),
    ],
)
@pytest.mark.process
def test_a_file_that_is_not_a_sound_database_of_the_bot_is_refused_untouched(tmp_path, make, phrases):
    db = make(tmp_path)
    before = snapshot(tmp_path)
    result = run_bot(bot_env(db))
    assert_refused(result, db, *phrases)
    # byte for byte, and nothing created beside it (no -wal, no -shm, no backup)
    assert snapshot(tmp_path) == before


@pytest.mark.process
def test_a_newer_schema_is_refused_with_both_version_numbers(tmp_path):
    db = make_db(tmp_path / "db.sqlite3")
    with closing(sqlite3.connect(db, isolation_level=None)) as con:
        con.execute(f"PRAGMA user_version = {LATEST + 3}")
        con.execute("CREATE TABLE from_the_future (x)")
    before = snapshot(tmp_path)
    line = assert_refused(
        run_bot(bot_env(db)),
        db,
        f"its schema is version {LATEST + 3}, newer than this bot knows (version {LATEST})",
        "run the newer bot",
    )
    assert "a backup from before it" in line
    assert snapshot(tmp_path) == before


@pytest.mark.process
def test_a_newer_schema_names_the_backup_when_there_is_one(tmp_path):
    db = make_db(tmp_path / "db.sqlite3")
    make_db(tmp_path / f"db.sqlite3.bak-v{LATEST}")
    with closing(sqlite3.connect(db, isolation_level=None)) as con:
        con.execute(f"PRAGMA user_version = {LATEST + 1}")
    assert_refused(run_bot(bot_env(db)), db, f"restore the backup {db}.bak-v{LATEST} taken before that upgrade")


# -- files and folders the bot cannot write ------------------------------------------------------


@pytest.mark.process
def test_a_read_only_file_is_refused_before_any_command_fails(tmp_path):
    db = make_db(tmp_path / "db.sqlite3")
    db.chmod(0o444)
    before = snapshot(tmp_path)
    try:
        result = run_bot(bot_env(db), preexec=permissions_bind_root())
    finally:
        db.chmod(0o644)
    assert_refused(result, db, "is read-only", "writable by the bot's user (uid")
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize("exists", [True, False])
@pytest.mark.process
def test_a_read_only_folder_is_refused_since_sqlite_needs_its_wal_files(tmp_path, exists):
    folder = tmp_path / "data"
    folder.mkdir()
    db = make_db(folder / "db.sqlite3") if exists else folder / "db.sqlite3"
    folder.chmod(stat.S_IRUSR | stat.S_IXUSR | stat.S_IRGRP | stat.S_IXGRP | stat.S_IROTH | stat.S_IXOTH)
    before = snapshot(folder)
    try:
        result = run_bot(bot_env(db), preexec=permissions_bind_root())
    finally:
        folder.chmod(0o755)
    assert_refused(result, db, f"the folder {folder} is not writable", "db.sqlite3-wal")
    assert snapshot(folder) == before


@pytest.mark.process
def test_a_missing_folder_and_a_folder_given_as_the_file_are_refused(tmp_path):
    db = tmp_path / "nowhere" / "db.sqlite3"
    assert_refused(run_bot(bot_env(db)), db, f"the folder {db.parent} does not exist", "create it")
    assert not db.parent.exists()
    assert_refused(run_bot(bot_env(tmp_path)), tmp_path, "is a folder, not a file", str(tmp_path / "diplomacy.sqlite3"))


@pytest.mark.process
def test_missing_map_assets_stop_the_bot_with_one_line(tmp_path):
    db = tmp_path / "db.sqlite3"
    empty = tmp_path / "assets"
    empty.mkdir()
    result = run_bot(bot_env(db, DIPLOMACY_ASSETS=str(empty)))
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"error: map assets in {empty}: missing standard_map.json"), lines
    assert "DIPLOMACY_ASSETS" in lines[0]
    assert not db.exists()


# -- migrations: a backup first -------------------------------------------------------------------


def aiosqlite_threads() -> set[threading.Thread]:
    return {t for t in threading.enumerate() if "_connection_worker_thread" in t.name}


async def new_threads_end(before: set[threading.Thread]) -> set[threading.Thread]:
    """The aiosqlite threads started since ``before`` that are still alive (after a moment
    for them to finish)."""
    for _ in range(600):  # up to 30 s: a busy machine is slow, never red
        if not aiosqlite_threads() - before:
            break
        await asyncio.sleep(0.05)
    return aiosqlite_threads() - before


async def test_a_migration_is_preceded_by_a_backup_of_the_old_schema(tmp_path):
    db = make_db(tmp_path / "db.sqlite3", version=3, games=5)
    storage = await Storage.open(str(db))
    try:
        async with storage.read() as tx:
            assert (await tx.game(1)) is not None
        assert await storage.pragma("user_version") == LATEST
    finally:
        await storage.close()
    backup = tmp_path / "db.sqlite3.bak-v3"
    assert backup.is_file()
    with closing(sqlite3.connect(backup)) as con:
        assert con.execute("PRAGMA user_version").fetchone()[0] == 3
        assert con.execute("PRAGMA quick_check").fetchall() == [("ok",)]
        assert con.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 5
        tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert tables - {"sqlite_sequence"} == preflight.tables_at(3)
    assert not list(tmp_path.glob("*.partial"))
    # a second start has nothing to migrate: no new backup
    storage = await Storage.open(str(db))
    await storage.close()
    assert sorted(p.name for p in tmp_path.glob("*.bak-v*")) == ["db.sqlite3.bak-v3"]


async def test_a_new_database_needs_no_backup(tmp_path):
    storage = await Storage.open(str(tmp_path / "db.sqlite3"))
    await storage.close()
    assert not list(tmp_path.glob("*.bak-v*"))


async def test_a_failed_open_closes_its_connections(tmp_path):
    """An open aiosqlite connection is a thread that keeps the process alive: a database
    that cannot be opened must leave none behind."""
    before = aiosqlite_threads()
    bad = random_bytes(tmp_path)
    with pytest.raises(sqlite3.DatabaseError):
        await Storage.open(str(bad))
    assert not await new_threads_end(before)
    newer = make_db(tmp_path / "newer.sqlite3")
    with closing(sqlite3.connect(newer, isolation_level=None)) as con:
        con.execute(f"PRAGMA user_version = {LATEST + 1}")
    with pytest.raises(preflight.PreflightError, match=f"version {LATEST + 1}, newer than this bot knows"):
        await Storage.open(str(newer))
    assert not await new_threads_end(before)


def test_the_readme_names_the_backup_as_the_code_does():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "`<db>.bak-v<N>`" in readme
    assert preflight.backup_path(Path("/d/db.sqlite3"), 4) == Path("/d/db.sqlite3.bak-v4")


async def offline_bot(env: dict[str, str], cwd: Path = ROOT) -> BotProcess:
    """A bot past its start-up checks, trying to reach a Discord that is not there."""
    bot = BotProcess(env, cwd=cwd)
    if not await bot.until(lambda: bot.has("Discord is unreachable")):
        bot.kill()
        raise AssertionError(bot.stderr)
    return bot


@pytest.mark.process
async def test_python_m_bot_migrates_with_a_backup_before_any_network(tmp_path):
    db = make_db(tmp_path / "db.sqlite3", version=2)
    bot = await offline_bot(bot_env(db, DIPLOMACY_CONNECT_RETRY="0.2"))
    try:
        assert (tmp_path / "db.sqlite3.bak-v2").is_file()
        assert bot.has(f"database {db} (schema version 2, {LATEST - 2} migration(s) to apply)")
        assert bot.has(f"database backed up to {db}.bak-v2 before migrating from schema version 2")
        assert await bot.stopped() == 0, bot.stderr
    finally:
        bot.kill()
    with closing(sqlite3.connect(db)) as con:
        assert con.execute("PRAGMA user_version").fetchone()[0] == LATEST
    with closing(sqlite3.connect(tmp_path / "db.sqlite3.bak-v2")) as con:
        assert con.execute("PRAGMA user_version").fetchone()[0] == 2


@pytest.mark.process
async def test_the_default_database_is_logged_with_its_absolute_path(tmp_path):
    bot = await offline_bot(bot_env(None, DIPLOMACY_CONNECT_RETRY="0.2"), cwd=tmp_path)
    where = tmp_path / "diplomacy.sqlite3"
    try:
        assert bot.has(f"no database at {where}: starting a new one there (DIPLOMACY_DB is not set")
        assert bot.has(f"database {where} (schema version 0")
        assert await bot.stopped() == 0, bot.stderr
    finally:
        bot.kill()
    assert where.is_file()


def test_a_backup_is_advised_only_for_a_damaged_file(tmp_path: Path):
    """A database error met while running: a lock another program holds or a full disk is not
    damage (restoring an older backup would lose the games since); only a damaged file is
    sent to a backup, and only a backup that exists is named."""
    folder = tmp_path / "data"
    folder.mkdir()
    db = folder / "db.sqlite3"
    locked = preflight.remedy(db, sqlite3.OperationalError("database is locked"))
    full = preflight.remedy(db, sqlite3.OperationalError("database or disk is full"))
    for advice in (locked, full):
        assert "restore" not in advice and "bak" not in advice and "not damaged" in advice
    assert "another program holds its write lock" in locked
    assert full.startswith(f"the disk is full: free some space in {folder}")
    damaged = sqlite3.DatabaseError("database disk image is malformed")
    assert preflight.remedy(db, damaged) == "the file is damaged: restore it from your newest backup"
    (folder / "db.sqlite3.bak-v7").write_bytes(b"")
    assert preflight.remedy(db, damaged) == (
        f"the file is damaged: restore it from your newest backup (the newest of the bot's: {db}.bak-v7)"
    )
