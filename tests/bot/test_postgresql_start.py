"""``python -m bot`` on a PostgreSQL database it cannot run: a schema newer than this code
is refused with one line naming both versions (as on SQLite), and the lease the refused
process took to check it is given back, so another process may start at once."""

from __future__ import annotations

import subprocess
from pathlib import Path

import asyncpg

from bot.infra.storage.dialect import Dialect
from bot.infra.storage.migrations import migrations
from bot.infra.storage.postgres import label
from tests.bot import databases
from tests.bot.botprocess import HANG_GUARD, bot_command, bot_env

LATEST = migrations()[-1][0]


async def test_a_newer_schema_is_refused_naming_both_versions_and_leaves_no_lease(tmp_path: Path, postgresql_server):
    url = await databases.new_database(str(tmp_path / "newer"), postgresql_server)
    db = await asyncpg.connect(url)
    try:
        # this version's tables, then a newer bot's upgrade on top
        for _, sql in migrations(Dialect.POSTGRESQL):
            await db.execute(sql)
        await db.execute("CREATE TABLE schema_version (version BIGINT NOT NULL)")
        await db.execute("INSERT INTO schema_version (version) VALUES ($1)", LATEST + 2)
        done = subprocess.run(
            bot_command(),
            cwd=str(tmp_path),
            env=bot_env(None, DIPLOMACY_DB=url),
            capture_output=True,
            text=True,
            timeout=HANG_GUARD,
            stdin=subprocess.DEVNULL,
        )
        assert done.returncode == 2, done.stderr
        errors = [line for line in done.stderr.splitlines() if line.startswith("error:")]
        assert errors == [
            f"error: database {label(url)}: its schema is version {LATEST + 2}, newer than this bot knows "
            f"(version {LATEST}); run the newer bot that upgraded it, or restore a backup from before it"
        ], done.stderr
        assert "Traceback" not in done.stderr, done.stderr
        assert await db.fetch("SELECT scope FROM leases") == []  # given back: nobody is held off
    finally:
        await db.close()
