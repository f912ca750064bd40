"""The two SQL dialects the storage speaks, and the little that differs between them.

The queries of :mod:`bot.infra.storage` are written once, in SQL that SQLite and
PostgreSQL both run (``ON CONFLICT ... DO UPDATE``, ``RETURNING``, ``COALESCE``, ``CASE``);
the migrations are one list, numbered the same for both. What cannot be written once is
adapted here, mechanically, and only for PostgreSQL:

- a query's ``?`` placeholders become ``$1, $2, ...`` (asyncpg's), and SQLite's index hints
  (``INDEXED BY name``) are dropped: PostgreSQL's planner picks the index itself;
- a migration's types become PostgreSQL's: ``INTEGER`` is 64-bit there too (``BIGINT``:
  Discord ids need the 64 bits SQLite's INTEGER has), ``REAL`` is ``DOUBLE PRECISION``,
  an ``id INTEGER PRIMARY KEY`` is an identity column (SQLite numbers such a column by
  itself), ``name COLLATE NOCASE`` in an index is ``lower(name)``, and every table that has
  no integer key of SQLite's kind gets a ``rowid`` identity column, so that ``ORDER BY
  rowid`` (the order rows were stored in, which SQLite keeps) means the same on both.

A migration may also ship a PostgreSQL file of its own (``NNNN_name.postgresql.sql``)
where the mechanical reading is not enough; none needs one so far.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from contextlib import AbstractAsyncContextManager
from enum import StrEnum
from functools import lru_cache
from typing import Any, Protocol


class Dialect(StrEnum):
    SQLITE = "sqlite"
    POSTGRESQL = "postgresql"


class Connection(Protocol):
    """One backend's connection inside one transaction: what :class:`bot.infra.storage.Tx`
    runs its queries through (written with ``?`` placeholders; rows as tuples)."""

    async def one(self, sql: str, params: Sequence[Any]) -> Any: ...

    async def all(self, sql: str, params: Sequence[Any]) -> list[Any]: ...

    async def run(self, sql: str, params: Sequence[Any]) -> int:
        """The number of rows changed."""
        ...

    async def many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """One statement run for each of ``rows`` (a write of many rows of one table),
        in one trip to the database (issue 24)."""
        ...

    async def has_table(self, name: str) -> bool: ...

    async def server_time(self) -> float | None: ...


class Trips:
    """How many trips to the database the transactions' statements took (issue 24:
    ``benchmarks/storm_cpu.py`` and the tests count a resolution's; one integer added to
    per trip, nothing else). A :meth:`Connection.many` is one trip, whatever its rows;
    the ``BEGIN`` and ``COMMIT`` of a transaction are not counted."""

    count = 0


class Database(Protocol):
    """One backend (:mod:`bot.infra.storage.sqlite`, :mod:`bot.infra.storage.postgres`):
    its connections, transactions and migrations."""

    label: str
    on_waiting: Callable[[], None] | None  # called when writes start waiting for another program's lock

    def write(self, patience: float | None = None) -> AbstractAsyncContextManager[Connection]:
        """One write transaction; ``patience``: seconds to wait for the write lock (another
        process' or program's) instead of the usual wait, for a write that must not hold
        anything up (the lease given back at a stop)."""
        ...

    def read(self) -> AbstractAsyncContextManager[Connection]: ...

    def read_once(self) -> AbstractAsyncContextManager[Connection]:
        """A connection for one read statement outside a transaction (a statement is a
        consistent snapshot by itself): no ``BEGIN`` and no rollback around it."""
        ...

    @property
    def waiting_since(self) -> float | None:
        """Since when (monotonic) writes wait for a lock another program holds, or None."""
        ...

    def stop_waiting(self) -> None:
        """The bot is stopping: writes waiting for such a lock give up."""
        ...

    async def migrate(self, backup_of: str | None) -> int: ...

    async def close(self) -> None: ...


_TOKENS = re.compile(r"'(?:[^']|'')*'|\"[^\"]*\"|--[^\n]*|\?|\bINDEXED\s+BY\s+\w+\s*", re.IGNORECASE)


@lru_cache(maxsize=1024)
def postgresql_query(sql: str) -> str:
    """A query as asyncpg takes it: ``$n`` placeholders, no SQLite index hints. Quoted
    text and comments are left as they are."""
    count = 0

    def swap(match: re.Match[str]) -> str:
        nonlocal count
        token = match.group(0)
        if token == "?":
            count += 1
            return f"${count}"
        if token[:1] in "'\"-":
            return token
        return ""  # INDEXED BY name

    return _TOKENS.sub(swap, sql)


_INTEGER_KEY = re.compile(r"\b(\w+)(\s+)INTEGER\s+PRIMARY\s+KEY(?:\s+AUTOINCREMENT)?\b", re.IGNORECASE)
_CREATE_TABLE = re.compile(r"\bCREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?(\w+)\s*\(", re.IGNORECASE)
_NOCASE = re.compile(r"\b(\w+)\s+COLLATE\s+NOCASE\b", re.IGNORECASE)


def postgresql_migration(sql: str) -> str:
    """A migration written for SQLite, as PostgreSQL runs it (see the module's docstring)."""
    out = _add_rowids(_strip_comments(sql))

    def key(match: re.Match[str]) -> str:
        column, space = match.group(1), match.group(2)
        if column.lower() == "id":  # numbered by the database when not given
            return f"{column}{space}BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"
        return f"{column}{space}BIGINT PRIMARY KEY"

    out = _INTEGER_KEY.sub(key, out)
    out = re.sub(r"\bINTEGER\b", "BIGINT", out, flags=re.IGNORECASE)
    out = re.sub(r"\bREAL\b", "DOUBLE PRECISION", out, flags=re.IGNORECASE)
    return _NOCASE.sub(r"lower(\1)", out)


def _strip_comments(sql: str) -> str:
    """Comments out (a comment may hold any word, e.g. "INTEGER"); quoted text kept."""
    return re.sub(r"'(?:[^']|'')*'|--[^\n]*", lambda m: m.group(0) if m.group(0)[0] == "'" else "", sql)


def _add_rowids(sql: str) -> str:
    """Give every new table without SQLite's integer key a ``rowid`` identity column."""
    parts: list[str] = []
    at = 0
    for match in _CREATE_TABLE.finditer(sql):
        if match.start() < at:
            continue
        close = _closing(sql, match.end() - 1)
        body = sql[match.end() : close]
        parts.append(sql[at:close])
        if not _INTEGER_KEY.search(body):
            parts.append(",\n    rowid BIGINT GENERATED ALWAYS AS IDENTITY")
        at = close
    parts.append(sql[at:])
    return "".join(parts)


def _closing(sql: str, opening: int) -> int:
    """The index of the parenthesis that closes the one at ``opening``."""
    depth = 0
    quoted = False
    for i in range(opening, len(sql)):
        char = sql[i]
        if char == "'":
            quoted = not quoted
        elif quoted:
            continue
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth == 0:
                return i
    raise ValueError("a CREATE TABLE without its closing parenthesis")


def upsert(table: str, columns: tuple[str, ...], key: tuple[str, ...]) -> str:
    """``INSERT`` of one row that replaces the row with the same ``key`` (SQLite's ``INSERT
    OR REPLACE``, written the way both databases run it). ``columns`` are all the row's
    columns, ``key`` first; their values are bound in that order."""
    if columns[: len(key)] != key:
        raise ValueError(f"the key {key} must come first in {columns}")
    marks = ", ".join("?" for _ in columns)
    rest = columns[len(key) :]
    action = "DO UPDATE SET " + ", ".join(f"{c} = excluded.{c}" for c in rest) if rest else "DO NOTHING"
    return f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks}) ON CONFLICT ({', '.join(key)}) {action}"
