"""SQLite's checkpoints beside the writer (issue 24): a commit only appends to the WAL; a
connection of its own copies the WAL into the database file after every
``CHECKPOINT_AFTER`` commits, passively, so that no command's commit waits for the fsyncs
of a checkpoint (in a 10,000-game storm such a commit took 300-400 ms, with every command
queued behind it)."""

from __future__ import annotations

import asyncio
import sqlite3
from contextlib import closing

from bot.infra.storage import Storage
from bot.infra.storage import sqlite as sqlite_backend
from tests.bot.databases import sqlite_only

pytestmark = sqlite_only


async def _commit(storage: Storage, user_id: int) -> None:
    async with storage.write() as tx:
        await tx.saw_language(user_id, "es", 0.0)


def _wal_frames(path) -> int:
    """Frames in the WAL file (its 32-byte header, then frames of a 24-byte header and a page)."""
    wal = path.with_name(path.name + "-wal")
    with closing(sqlite3.connect(path)) as con:
        page = con.execute("PRAGMA page_size").fetchone()[0]
    return max(0, (wal.stat().st_size - 32) // (24 + page)) if wal.exists() else 0


async def test_commits_never_checkpoint_and_the_checkpointer_copies_the_wal_after_enough_of_them(tmp_path, monkeypatch):
    monkeypatch.setattr(sqlite_backend, "CHECKPOINT_AFTER", 20)
    path = tmp_path / "db.sqlite3"
    storage = await Storage.open(str(path))
    database = storage._database
    try:
        assert await storage.pragma("wal_autocheckpoint") == 0  # the writer's commits never checkpoint
        for user_id in range(19):
            await _commit(storage, user_id)
        assert database.checkpointed is None  # not yet: nineteen commits
        grown = _wal_frames(path)
        assert grown >= 19  # each commit appended to the WAL, none copied it back and started it over
        await _commit(storage, 19)  # the twentieth: a checkpoint starts beside the writer
        await asyncio.wait_for(asyncio.shield(database._checkpoint), 60)  # (a hang guard)
        busy, frames, copied = database.checkpointed
        assert busy == 0 and frames >= 20 and copied == frames  # the whole WAL is in the file
        # the next write starts the WAL over: it writes at its start, the file does not grow
        size = _wal_frames(path)
        await _commit(storage, 20)
        assert _wal_frames(path) == size
        async with storage.read() as tx:
            assert await tx.user_language_row(20) == (None, "es")  # read back as stored
    finally:
        await storage.close()
    with closing(sqlite3.connect(path)) as con:  # closed: everything is in the database file
        assert con.execute("SELECT COUNT(*) FROM user_languages").fetchone() == (21,)
