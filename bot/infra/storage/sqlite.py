"""The SQLite backend of :class:`bot.infra.storage.Storage` (aiosqlite): the embedded
default, one file, one process writing at a time.

Four connections: one writer, used by :meth:`SqliteDatabase.write` (``BEGIN IMMEDIATE``
under an asyncio lock, so coroutines never interleave their statements, and SQLite's
write lock keeps other processes out until the commit), a reader for players, used by
:meth:`SqliteDatabase.read` (a deferred ``BEGIN`` on a ``query_only`` connection: in WAL
mode it reads the last committed state without taking the write lock, so an autocomplete
keystroke or ``/game status`` never waits behind a resolution), a reader for the bot's
loops (players first: :mod:`bot.infra.turns`), and the checkpointer.

Checkpoints: the writer's commits never copy the WAL into the database file (SQLite's
automatic checkpoint is off on it); a fourth connection does, in ``PASSIVE`` mode (it
never waits for, nor blocks, a reader or the writer), after every :data:`CHECKPOINT_AFTER`
commits. A commit only appends to the WAL, without an fsync (``synchronous = NORMAL``).
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from bot.infra.storage.dialect import Trips
from bot.infra.storage.migrations import migrations
from bot.infra.turns import PlayersFirst, is_background

log = logging.getLogger(__name__)

# how long a statement waits for another process' write lock before it fails; a write then
# tries again (SqliteDatabase._begin): short, so that a command can say in Discord's 3 s why
# it waits (within one process the asyncio lock orders the writes: this is for other programs)
BUSY_TIMEOUT_MS = 1000
# the WAL is copied into the database file (a checkpoint) after this many commits, by a
# connection of its own, never by a commit (issue 24): SQLite's own automatic checkpoint
# runs inside the commit that crosses its 1,000 pages, and with the fsyncs of a large
# database that commit took 300-400 ms in a 10,000-game storm, with every command behind it
CHECKPOINT_AFTER = 100


def _locked(exc: sqlite3.OperationalError) -> bool:
    text = str(exc)
    return "database is locked" in text or "database is busy" in text


def _full(exc: sqlite3.Error) -> bool:
    """SQLITE_FULL: the disk (or the file system's quota) has no room for the write."""
    return getattr(exc, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL or "disk is full" in str(exc)


async def _pragmas(db: aiosqlite.Connection, *statements: str, pragma: bool = True) -> None:
    for sql in statements:
        async with db.execute(f"PRAGMA {sql}" if pragma else sql) as cur:
            await cur.fetchall()


class SqliteConnection:
    """A :class:`~bot.infra.storage.dialect.Connection` on an aiosqlite connection.

    A read is one trip to the connection's thread (aiosqlite's cursor API takes three:
    execute, fetch, close), a write two: a resolution runs dozens of statements while it
    holds the write lock, and in a deadline storm every trip also waits for its turn on a
    busy event loop."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def one(self, sql: str, params: Sequence[Any]) -> Any:
        Trips.count += 1
        rows = await self._db.execute_fetchall(sql, tuple(params))
        return next(iter(rows), None)

    async def all(self, sql: str, params: Sequence[Any]) -> list[Any]:
        Trips.count += 1
        return list(await self._db.execute_fetchall(sql, tuple(params)))

    async def run(self, sql: str, params: Sequence[Any]) -> int:
        Trips.count += 1
        async with self._db.execute(sql, tuple(params)) as cur:  # (its row count needs the cursor)
            return cur.rowcount

    async def many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        if not rows:
            return
        Trips.count += 1
        # closed here, in the connection's thread: a cursor of executemany keeps its cached
        # statement, and one left to the event loop's thread to free resets that statement
        # there, racing the connection's thread when it runs the same query again (SQLite
        # then refused a bind with "bad parameter or other API misuse" under load)
        async with self._db.executemany(sql, [tuple(r) for r in rows]):
            pass

    async def has_table(self, name: str) -> bool:
        return await self.one("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,)) is not None

    async def server_time(self) -> float | None:
        return None  # one machine: the caller's clock is the database's


class SqliteDatabase:
    """A SQLite database file (WAL, foreign keys on)."""

    def __init__(
        self,
        db: aiosqlite.Connection,
        reader: aiosqlite.Connection | None = None,
        label: str = "",
        loops_reader: aiosqlite.Connection | None = None,
        checkpointer: aiosqlite.Connection | None = None,
    ) -> None:
        self._db = db
        self._checkpointer = checkpointer  # None: the writer checkpoints as SQLite does by default
        self._commits = 0  # since the last checkpoint began
        self._checkpoint: asyncio.Task[None] | None = None
        self.checkpointed: tuple[int, int, int] | None = None  # the last: (busy, WAL frames, frames copied)
        # one writer, players' commands first (bot.infra.turns); reads on connections of
        # their own (WAL: they never wait for the writer), the bot's loops on one and
        # players' commands on the other, so that a command's read never waits behind a
        # storm's reads of the due posts (issue 24)
        self._lock = PlayersFirst()
        own = (reader, asyncio.Lock()) if reader is not None else None
        self._readers: dict[bool, tuple[aiosqlite.Connection, asyncio.Lock] | None] = {
            False: own,
            True: (loops_reader, asyncio.Lock()) if loops_reader is not None else own,  # one reader: one lock
        }
        self.label = label
        self._waiting_since: float | None = None
        self._stopping = False
        self._full_since: float | None = None  # since when (monotonic) writes fail on a full disk
        # called when writes start waiting for another program's lock (the bot tells the
        # commands under way)
        self.on_waiting: Callable[[], None] | None = None

    @classmethod
    async def connect(cls, path: str) -> SqliteDatabase:
        """Open the database's two connections. On any failure the connections opened so
        far are closed: an open aiosqlite connection is a thread that would keep the
        process alive."""
        db = await aiosqlite.connect(path, isolation_level=None)
        others: list[aiosqlite.Connection] = []
        try:
            await _pragmas(
                db,
                "journal_mode = WAL",
                "foreign_keys = ON",
                "synchronous = NORMAL",
                f"busy_timeout = {BUSY_TIMEOUT_MS}",
                "wal_autocheckpoint = 0",  # the checkpointer's work, not a commit's
            )
            for _ in range(2):  # players' commands, and the bot's loops
                others.append(await aiosqlite.connect(path, isolation_level=None))
                await _pragmas(others[-1], "query_only = ON", f"busy_timeout = {BUSY_TIMEOUT_MS}")
            others.append(await aiosqlite.connect(path, isolation_level=None))  # the checkpointer
            await _pragmas(others[-1], f"busy_timeout = {BUSY_TIMEOUT_MS}")
        except BaseException:
            for other in others:
                await other.close()
            await db.close()
            raise
        return cls(db, others[0], path, loops_reader=others[1], checkpointer=others[2])

    async def _exec(self, sql: str, db: aiosqlite.Connection | None = None) -> None:
        await (db or self._db).execute_fetchall(sql, ())

    async def close(self) -> None:
        checkpointer, self._checkpointer = self._checkpointer, None  # no checkpoint starts from now on
        if self._checkpoint is not None:
            await asyncio.gather(self._checkpoint, return_exceptions=True)
        readers = {id(r[0]): r[0] for r in self._readers.values() if r is not None}
        self._readers = {False: None, True: None}
        for reader in readers.values():
            await reader.close()
        if checkpointer is not None:
            await checkpointer.close()
        await self._db.close()  # the last connection: SQLite checkpoints the whole WAL

    def _committed(self) -> None:
        """A write was committed: after :data:`CHECKPOINT_AFTER` of them, a checkpoint
        starts beside the writer (one at a time)."""
        self._commits += 1
        if self._checkpointer is None or self._commits < CHECKPOINT_AFTER:
            return
        if self._checkpoint is not None and not self._checkpoint.done():
            return
        self._commits = 0
        self._checkpoint = asyncio.get_running_loop().create_task(self._checkpoint_now(self._checkpointer))

    async def _checkpoint_now(self, con: aiosqlite.Connection) -> None:
        """``PRAGMA wal_checkpoint(PASSIVE)``: copies the WAL's frames no reader still
        needs into the database file, while the writer goes on appending; the WAL starts
        over at the next write once all of it is copied."""
        try:
            rows = await con.execute_fetchall("PRAGMA wal_checkpoint(PASSIVE)")
            busy, frames, copied = next(iter(rows))
            self.checkpointed = (int(busy), int(frames), int(copied))
        except sqlite3.Error as exc:  # another process checkpointing, a full disk: the next one
            log.info("checkpoint of %s not done (%s): tried again after more writes", self.label, exc)

    async def migrate(self, backup_of: str | None = None) -> int:
        """Apply the migrations the database has not had. A schema newer than this code is
        refused; with ``backup_of`` (the database's path), a database that has a schema
        already is first copied to ``<db>.bak-v<N>`` (N: its version before migrating)."""
        # imported here: preflight reads the migrations of this package
        from bot.infra import preflight

        async with self._lock:
            async with self._db.execute("PRAGMA user_version") as cur:
                version = (await cur.fetchone())[0]
            if version in preflight.PLACEHOLDERS:
                rows = await self._db.execute_fetchall(
                    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
                )
                really = preflight.effective_version(version, frozenset(r[0] for r in rows))
                if really != version:
                    log.warning(
                        "the database records schema version %d but has the tables of version %d (made while "
                        "migrations %d-%d were placeholders): migrating it from version %d",
                        version,
                        really,
                        really + 1,
                        version,
                        really,
                    )
                    version = really
            due = [(number, sql) for number, sql in migrations() if number > version]
            latest = migrations()[-1][0]
            if version > latest:
                raise preflight.PreflightError(
                    f"database {backup_of or ''}".strip(),
                    f"its schema is version {version}, newer than this bot knows (version {latest})",
                    "run the newer bot that upgraded it, or restore a backup from before it",
                )
            if due and version > 0 and backup_of is not None:
                target = await asyncio.to_thread(preflight.backup_database, Path(backup_of), version)
                log.info("database backed up to %s before migrating from schema version %d", target, version)
            for number, sql in due:
                log.info("applying database migration %d", number)
                # executescript commits first; the version bump rides in the same script
                await self._db.executescript(f"BEGIN;\n{sql}\nPRAGMA user_version = {number};\nCOMMIT;")
                version = number
            return version

    @property
    def waiting_since(self) -> float | None:
        """Since when (monotonic) writes wait for a write lock another program holds; None
        when they don't."""
        return self._waiting_since

    def stop_waiting(self) -> None:
        """The bot is stopping: a write that waits for another program's lock gives up (it
        raises the lock error) instead of trying again."""
        self._stopping = True

    async def _begin(self, patience: float | None) -> None:
        """``BEGIN IMMEDIATE``. While another program (an admin's ``sqlite3`` shell, a
        database browser) holds the write lock, the write keeps trying, a second at a time,
        until the lock is free: a deadline resolves, an order is stored, as soon as it lets
        go (:attr:`waiting_since` tells the commands to say so). ``patience``: one try only,
        waiting that long."""
        if patience is not None:  # a shorter wait for the lock, this once (the statements run in order)
            await self._exec(f"PRAGMA busy_timeout = {max(0, int(patience * 1000))}")
            try:
                await self._exec("BEGIN IMMEDIATE")
            finally:
                await self._exec(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            return
        tries = 0
        while True:
            try:
                await self._exec("BEGIN IMMEDIATE")
                break
            except sqlite3.OperationalError as exc:
                if not _locked(exc) or self._stopping:
                    raise
                tries += 1
                if self._waiting_since is None:
                    self._waiting_since = time.monotonic()
                    if self.on_waiting is not None:
                        self.on_waiting()
                    log.warning(
                        "the database %s is locked by another program (an sqlite3 shell, a database browser?): "
                        "writes wait until it lets go",
                        self.label,
                    )
        if self._waiting_since is not None:
            log.warning(
                "the database %s is free again after %.0fs: the waiting writes go on",
                self.label,
                time.monotonic() - self._waiting_since,
            )
            self._waiting_since = None

    @asynccontextmanager
    async def write(self, patience: float | None = None) -> AsyncIterator[SqliteConnection]:
        async with self._lock:
            await self._begin(patience)
            try:
                yield SqliteConnection(self._db)
                await self._exec("COMMIT")  # (with a full disk, this is where the WAL cannot grow)
                self._committed()
            except BaseException as exc:
                await self._rollback()
                if isinstance(exc, sqlite3.Error) and _full(exc):
                    self._disk_full(exc)
                raise
            if self._full_since is not None:
                log.warning("the database %s stores again (the disk has space now)", self.label)
                self._full_since = None

    async def _rollback(self) -> None:
        """Undo the transaction under way; a COMMIT that failed on a full disk may have
        ended it already (SQLite rolls back by itself then): nothing left to undo."""
        try:
            await self._exec("ROLLBACK")
        except sqlite3.OperationalError as exc:
            if "no transaction is active" not in str(exc):
                raise

    def _disk_full(self, exc: sqlite3.Error) -> None:
        """One line for the admin when writes start failing on a full disk (the next stored
        write says when it is over): every write fails meanwhile, each told to its player or
        retried by its loop, and the file is not damaged (restoring a backup would lose games)."""
        if self._full_since is not None:
            return
        self._full_since = time.monotonic()
        log.warning(
            "the disk of the database %s is full (%s): nothing can be stored until you free some space in %s; "
            "the bot keeps running (players are told their commands were not saved, its loops try again) "
            "and the file is not damaged",
            self.label,
            " ".join(str(exc).split()),
            Path(self.label).resolve().parent,
        )

    @asynccontextmanager
    async def read(self) -> AsyncIterator[SqliteConnection]:
        chosen = self._readers[is_background()]
        if chosen is None:  # a database opened on one connection: read on the writer
            async with self.write() as con:
                yield con
            return
        reader, lock = chosen
        async with lock:
            await self._exec("BEGIN", reader)
            try:
                yield SqliteConnection(reader)
            finally:
                await self._exec("ROLLBACK", reader)

    @asynccontextmanager
    async def read_once(self) -> AsyncIterator[SqliteConnection]:
        """A reader connection for one statement, in SQLite's autocommit (the statement
        its own snapshot): the two trips of ``BEGIN`` and ``ROLLBACK`` saved. Held as a
        read is: another read's ``BEGIN`` must not take the statement into its transaction."""
        chosen = self._readers[is_background()]
        if chosen is None:
            async with self.read() as con:
                yield con
            return
        reader, lock = chosen
        async with lock:
            yield SqliteConnection(reader)

    async def pragma(self, name: str) -> Any:
        """Read a pragma (tests check WAL and foreign keys)."""
        if not name.replace("_", "").isalpha():
            raise ValueError(name)
        async with self._lock:
            async with self._db.execute(f"PRAGMA {name}") as cur:
                return (await cur.fetchone())[0]
