"""The PostgreSQL backend of :class:`bot.infra.storage.Storage` (asyncpg), for several bot
processes on one database (issue 13). ``DIPLOMACY_DB=postgresql://user:password@host/db``.

The same queries as SQLite (:class:`PostgresConnection` only swaps what runs them:
``$n`` placeholders, asyncpg's records made plain tuples, numbers as SQLite gives them),
the same migrations (:mod:`bot.infra.storage.dialect` reads them for PostgreSQL; the
version is kept in the ``schema_version`` table), and the same guarantees:

- **one write transaction at a time** across every process, as SQLite's ``BEGIN
  IMMEDIATE`` gives: each write transaction first takes a transaction-scoped advisory lock
  (``pg_advisory_xact_lock``), so the use cases, written as read-then-write inside one
  transaction, never interleave with another process' (a write lasts milliseconds; maps
  are drawn and posts sent outside). So the lease's fence, the first read of every write
  transaction, sees the lease as no takeover can change it before the commit, as on SQLite;
- **reads never wait**: a read is a ``REPEATABLE READ READ ONLY`` transaction on a
  connection of the pool, a snapshot like SQLite's WAL reader;
- migrations run under an advisory lock of their own, each in one transaction (DDL is
  transactional in PostgreSQL), so a failed one leaves the schema as it was.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from decimal import Decimal
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from bot.infra.storage.dialect import Dialect, Trips, postgresql_query
from bot.infra.storage.migrations import migrations
from bot.infra.turns import PlayersFirst

log = logging.getLogger(__name__)

# advisory lock keys (any two 64-bit numbers no other program on the database uses)
WRITE_LOCK = 0x0D1_9A3E
MIGRATION_LOCK = 0x0D1_9A3F
POOL_SIZE = 5  # one writer at a time, the rest for reads (autocomplete, status, the poster)
CONNECT_TIMEOUT = 10.0  # seconds: an unreachable server is reported, not waited for
LEASE_DEFAULT = 30.0  # seconds: bot.infra.lease's default lease (a test checks they agree)

DATABASE_ERRORS: tuple[type[BaseException], ...] = (asyncpg.PostgresError, asyncpg.InterfaceError)


class _OneLine(logging.Filter):
    """asyncpg's pool logs a traceback each time it fails to reconnect while the server is
    away (every second or so): one line with the reason is enough, and the lease's own
    warnings already say what the bot does about it."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and record.exc_info[1] is not None:
            exc = record.exc_info[1]
            record.msg = f"{record.getMessage()} ({type(exc).__name__}: {' '.join(str(exc).split())[:200]})"
            record.args = ()
            record.exc_info = None
            record.exc_text = None
        return True


logging.getLogger("asyncpg.pool").addFilter(_OneLine())


def label(url: str) -> str:
    """The URL without its password: how logs and messages name the database. A URL a raw
    password broke (:func:`bot.infra.settings.check_postgresql_url` refuses those first) is
    named by its scheme alone: any other part of it may be the password."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return "postgresql://(a malformed URL)"
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    netloc = (f"{parts.username}@" if parts.username else "") + host + (f":{port}" if port else "")
    return urlunsplit((parts.scheme, netloc, parts.path, "", ""))


def _plain(value: Any) -> Any:
    """A value as SQLite would give it: sums and averages of integers come back from
    PostgreSQL as ``numeric`` (Decimal); the rest of the bot reads ints and floats."""
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    return value


def _row(record: Any) -> tuple[Any, ...] | None:
    return None if record is None else tuple(_plain(v) for v in record)


class PostgresConnection:
    """A :class:`~bot.infra.storage.dialect.Connection` on one asyncpg connection."""

    def __init__(self, con: asyncpg.Connection) -> None:
        self._con = con

    async def one(self, sql: str, params: Sequence[Any]) -> Any:
        Trips.count += 1
        return _row(await self._con.fetchrow(postgresql_query(sql), *params))

    async def all(self, sql: str, params: Sequence[Any]) -> list[Any]:
        Trips.count += 1
        return [_row(r) for r in await self._con.fetch(postgresql_query(sql), *params)]

    async def run(self, sql: str, params: Sequence[Any]) -> int:
        Trips.count += 1
        status = await self._con.execute(postgresql_query(sql), *params)
        count = status.rsplit(" ", 1)[-1]  # "UPDATE 3", "INSERT 0 1", "DELETE 0"
        return int(count) if count.isdigit() else 0

    async def many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        if not rows:
            return
        Trips.count += 1
        await self._con.executemany(postgresql_query(sql), [tuple(r) for r in rows])  # (one pipelined trip)

    async def has_table(self, name: str) -> bool:
        return bool(await self._con.fetchval("SELECT to_regclass($1) IS NOT NULL", name))

    async def server_time(self) -> float | None:
        return float(await self._con.fetchval("SELECT EXTRACT(EPOCH FROM clock_timestamp())::float8"))


def idle_transaction_limit(env: Mapping[str, str]) -> float:
    """How long a session may sit idle inside a transaction: the lease's duration
    (``DIPLOMACY_LEASE_SECONDS``, 30 by default; a bad value is refused where the lease
    reads it)."""
    try:
        value = float(env.get("DIPLOMACY_LEASE_SECONDS", "") or LEASE_DEFAULT)
    except ValueError:
        return LEASE_DEFAULT
    return value if value > 0 else LEASE_DEFAULT


class PostgresDatabase:
    """A PostgreSQL database, through a small pool of connections."""

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self._pool = pool
        self.label = label(url)
        self._lock = PlayersFirst()  # this process' writers queue here, not in the pool; players' commands first

    @classmethod
    async def connect(cls, url: str, *, idle_limit: float | None = None) -> PostgresDatabase:
        """``idle_limit``: seconds after which the server ends a session that sits inside a
        transaction without a word from us (default: the lease, ``DIPLOMACY_LEASE_SECONDS``).
        A process frozen in the middle of a write transaction (a paused VM, a stopped
        container) holds the write lock every process's writes wait for; its lease
        expires, but without this no other process could take over, or write at all,
        until it woke. Ended, its transaction rolls back; woken, it finds its connection
        gone and its lease taken."""
        if idle_limit is None:
            idle_limit = idle_transaction_limit(os.environ)
        pool = await asyncpg.create_pool(
            url.strip(),
            min_size=1,
            max_size=POOL_SIZE,
            timeout=CONNECT_TIMEOUT,
            # idle connections stay open (at most POOL_SIZE) and prepared statements stay
            # cached (a few dozen queries): no timer per released connection or per
            # statement, which would also keep a test's simulated Discord from settling
            max_inactive_connection_lifetime=0,
            max_cached_statement_lifetime=0,
            server_settings={
                "application_name": "diplomacy-bot",
                "timezone": "UTC",
                "idle_in_transaction_session_timeout": str(max(1, int(idle_limit * 1000))),
            },
        )
        return cls(pool, url)

    on_waiting: Callable[[], None] | None = None  # (never called: see waiting_since)
    waiting_since: float | None = None  # (SQLite's: no other program takes PostgreSQL's advisory lock)

    def stop_waiting(self) -> None:
        """(SQLite's: a write here waits for the advisory lock of another bot process only.)"""

    async def close(self) -> None:
        try:
            await asyncio.wait_for(self._pool.close(), CONNECT_TIMEOUT)
        except (TimeoutError, *DATABASE_ERRORS, OSError):
            self._pool.terminate()

    async def version(self) -> int:
        """The schema version of the database (0: none yet)."""
        async with self._pool.acquire() as con:
            if not await con.fetchval("SELECT to_regclass('schema_version') IS NOT NULL"):
                return 0
            return int(await con.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version"))

    async def migrate(self, backup_of: str | None = None) -> int:
        """Apply the migrations the database has not had, each in its own transaction under
        the migration lock (two processes starting at once migrate once). A schema newer
        than this code is refused. (No backup is taken here: back PostgreSQL up with
        ``pg_dump``, see the README.)"""
        from bot.infra import preflight

        found = migrations(Dialect.POSTGRESQL)
        latest = found[-1][0]
        version = 0
        async with self._pool.acquire() as con:
            for number, sql in found:
                async with con.transaction():
                    await con.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
                    await con.execute("CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)")
                    version = int(await con.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version"))
                    if version > latest:
                        raise preflight.PreflightError(
                            f"database {self.label}",
                            f"its schema is version {version}, newer than this bot knows (version {latest})",
                            "run the newer bot that upgraded it, or restore a backup from before it",
                        )
                    if number <= version:
                        continue
                    log.info("applying database migration %d", number)
                    await con.execute(sql)
                    await con.execute("DELETE FROM schema_version")
                    await con.execute("INSERT INTO schema_version (version) VALUES ($1)", number)
                    version = number
        return version

    @asynccontextmanager
    async def write(self, patience: float | None = None) -> AsyncIterator[PostgresConnection]:
        async with self._lock, self._pool.acquire() as con:
            transaction = con.transaction()
            await transaction.start()
            try:
                if patience is not None:  # lock_timeout bounds the wait for the advisory lock too
                    await con.execute(f"SET LOCAL lock_timeout = {max(1, int(patience * 1000))}")
                await con.execute("SELECT pg_advisory_xact_lock($1)", WRITE_LOCK)
                yield PostgresConnection(con)
            except BaseException:
                await _rollback(transaction)
                raise
            else:
                await transaction.commit()

    @asynccontextmanager
    async def read(self) -> AsyncIterator[PostgresConnection]:
        async with self._pool.acquire() as con:
            transaction = con.transaction(isolation="repeatable_read", readonly=True)
            await transaction.start()
            try:
                yield PostgresConnection(con)
            finally:
                await _rollback(transaction)

    @asynccontextmanager
    async def read_once(self) -> AsyncIterator[PostgresConnection]:
        """A connection for one statement, in autocommit (the statement its own snapshot):
        the round trips of ``BEGIN`` and ``ROLLBACK`` saved."""
        async with self._pool.acquire() as con:
            yield PostgresConnection(con)


async def _rollback(transaction: Any) -> None:
    """Roll back; a connection that broke (the reason we are here, often) has nothing to
    roll back, and the pool replaces it."""
    try:
        await transaction.rollback()
    except (*DATABASE_ERRORS, OSError) as exc:
        log.warning("rolling back on PostgreSQL failed (%s); the connection is dropped", exc)
