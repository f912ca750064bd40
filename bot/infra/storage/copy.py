"""Copying a whole database between SQLite and PostgreSQL (``python -m bot db copy SOURCE
TARGET``), and the per-table counts and checksums that prove a copy or a backup whole.

The path from one process on SQLite to several on PostgreSQL (README, *Moving and keeping
the data*): stop the bot (or back it up while it runs: ``python -m bot db backup``), copy
the file into an empty PostgreSQL database, start the processes on PostgreSQL. It works the
other way too (a PostgreSQL database into a new SQLite file: a portable, consistent backup).

- **The source is never changed.** A SQLite source is first copied by SQLite's online
  backup, through a read-only connection, into a private temporary file, which is all that
  is read afterwards (and migrated, if the source is of an older schema: the copy is of
  today's schema). A PostgreSQL source is read in one ``REPEATABLE READ READ ONLY``
  transaction: one consistent snapshot while its bots run.
- **The target** is created and migrated by the bot's own code (:meth:`Storage.open`), so
  it is exactly what the bot would have made; it must be empty (every table without rows)
  unless ``replace`` is given, and never a database a bot is running on (a live lease).
  Every row is written in ONE transaction: a copy that fails leaves the target as it was.
- Rows are copied in the order they were stored (SQLite's ``rowid``; the ``rowid`` column
  that :mod:`.dialect` gives PostgreSQL's tables), tables parents first (foreign keys), and
  PostgreSQL's identity counters are moved past the copied ids.
- ``leases`` and ``job_claims`` are not copied: they say which process runs the database now
  (the target's bots take their own at start).
- **Verified**: after the commit each table's rows are read back from the target and their
  count and SHA-256 (of every value, as the schema types it, in stored order) compared with
  the source snapshot's.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import tempfile
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import quote

import asyncpg

from bot.infra.storage.migrations import migrations
from bot.infra.storage.postgres import label as pg_label

TRANSIENT = ("leases", "job_claims")  # who runs the database now: not data to move
BATCH = 1000  # rows per insert batch


class CopyError(Exception):
    """A copy that cannot be made; ``str()`` is one line saying why and what to do."""


@dataclass(frozen=True, slots=True)
class Table:
    name: str
    columns: tuple[str, ...]
    types: tuple[str, ...]  # 'INTEGER', 'REAL' or 'TEXT' (the affinity in the migrations)
    order: str  # the column rows are stored in: the integer key, or rowid


@dataclass(frozen=True, slots=True)
class Sum:
    """One table's row count and checksum."""

    rows: int
    checksum: str


@dataclass(frozen=True, slots=True)
class Report:
    source: str
    target: str
    version: int
    tables: tuple[tuple[str, Sum, Sum], ...]  # (table, source, target)

    @property
    def ok(self) -> bool:
        return all(a == b for _, a, b in self.tables)

    @property
    def rows(self) -> int:
        return sum(s.rows for _, s, _ in self.tables)

    def lines(self) -> list[str]:
        """The admin's table: each table's rows and checksum on both sides."""
        width = max(len(name) for name, _, _ in self.tables)
        out = [f"{'table':<{width}}  {'rows':>8}  {'source sha256':<16}  {'target sha256':<16}"]
        for name, a, b in self.tables:
            mark = "ok" if a == b else f"MISMATCH ({b.rows} rows in the target)"
            out.append(f"{name:<{width}}  {a.rows:>8}  {a.checksum[:16]}  {b.checksum[:16]}  {mark}")
        return out


def is_postgresql(target: str) -> bool:
    return target.strip().lower().startswith(("postgresql://", "postgres://"))


def describe(target: str) -> str:
    """How messages name a database: a PostgreSQL URL without its password."""
    return pg_label(target) if is_postgresql(target) else str(Path(target).expanduser().absolute())


def latest() -> int:
    return migrations()[-1][0]


@cache
def tables() -> tuple[Table, ...]:
    """Every table of today's schema, parents before children (foreign keys), as the
    migrations make them (played on an in-memory SQLite database)."""
    con = sqlite3.connect(":memory:")
    try:
        for _, sql in migrations():
            con.executescript(sql)
        names = [
            r[0]
            for r in con.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
            )
        ]
        found: dict[str, Table] = {}
        parents: dict[str, set[str]] = {}
        for name in names:
            info = con.execute(f"PRAGMA table_info({name})").fetchall()  # cid, name, type, notnull, default, pk
            keys = [r for r in info if r[5]]
            integer_key = len(keys) == 1 and keys[0][2].upper() == "INTEGER"
            found[name] = Table(
                name,
                tuple(r[1] for r in info),
                tuple(_affinity(r[2]) for r in info),
                keys[0][1] if integer_key else "rowid",
            )
            parents[name] = {r[2] for r in con.execute(f"PRAGMA foreign_key_list({name})")} - {name}
    finally:
        con.close()
    ordered: list[Table] = []
    done: set[str] = set()

    def visit(name: str) -> None:
        if name in done:
            return
        done.add(name)
        for parent in sorted(parents[name]):
            visit(parent)
        ordered.append(found[name])

    for name in names:
        visit(name)
    return tuple(ordered)


def _affinity(declared: str) -> str:
    kind = declared.upper()
    if "INT" in kind:
        return "INTEGER"
    if "REAL" in kind or "FLOA" in kind or "DOUB" in kind:
        return "REAL"
    return "TEXT"


def copied() -> tuple[Table, ...]:
    return tuple(t for t in tables() if t.name not in TRANSIENT)


# -- checksums ---------------------------------------------------------------------------------
def _value(value: Any, kind: str) -> Any:
    """A value as the schema types it, the same whichever database gave it (SQLite may keep
    an integer in a REAL column; PostgreSQL gives sums as numeric)."""
    if value is None:
        return None
    if kind == "REAL":
        return float(value).hex()
    if kind == "INTEGER":
        if isinstance(value, float) and not value.is_integer():
            return float(value).hex()
        return int(value)
    if isinstance(value, bytes):
        return value.hex()
    return str(value)


class Summer:
    """The running checksum of one table's rows, fed in stored order."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.rows = 0
        self._hash = hashlib.sha256(table.name.encode())

    def add(self, rows: Iterable[Sequence[Any]]) -> None:
        kinds = self.table.types
        for row in rows:
            values = [_value(v, k) for v, k in zip(row, kinds, strict=True)]
            self._hash.update(json.dumps(values, ensure_ascii=False, separators=(",", ":")).encode())
            self._hash.update(b"\n")
            self.rows += 1

    def result(self) -> Sum:
        return Sum(self.rows, self._hash.hexdigest())


def _select(table: Table) -> str:
    return f"SELECT {', '.join(table.columns)} FROM {table.name} ORDER BY {table.order}"


# -- SQLite ------------------------------------------------------------------------------------
def _readonly(path: Path) -> sqlite3.Connection:
    wal = path.with_name(path.name + "-wal")
    # immutable without a -wal file: SQLite then creates nothing beside the source
    uri = f"file:{quote(str(path))}?mode=ro" + ("" if wal.exists() else "&immutable=1")
    return sqlite3.connect(uri, uri=True, timeout=30)


def snapshot_sqlite(path: Path, into: Path) -> None:
    """A consistent copy of the SQLite database ``path`` (live or not) in the file ``into``,
    by SQLite's online backup through a read-only connection: ``path`` is not changed."""
    if not path.is_file():
        raise CopyError(f"{path}: no such database file")
    try:
        source = _readonly(path)
        try:
            target = sqlite3.connect(into)
            try:
                source.backup(target)
            finally:
                target.close()
        finally:
            source.close()
    except sqlite3.Error as exc:
        raise CopyError(f"{path}: cannot be read as a SQLite database ({exc})") from exc


def sqlite_version(con: sqlite3.Connection) -> int:
    return int(con.execute("PRAGMA user_version").fetchone()[0])


def sums_sqlite(con: sqlite3.Connection, which: Sequence[Table]) -> dict[str, Sum]:
    out = {}
    for table in which:
        summer = Summer(table)
        cur = con.execute(_select(table))
        while batch := cur.fetchmany(BATCH):
            summer.add(batch)
        out[table.name] = summer.result()
    return out


def _sqlite_rows(con: sqlite3.Connection, table: Table) -> Iterable[list[tuple[Any, ...]]]:
    cur = con.execute(_select(table))
    while batch := cur.fetchmany(BATCH):
        yield batch


# -- PostgreSQL --------------------------------------------------------------------------------
async def _pg_connect(url: str) -> asyncpg.Connection:
    try:
        return await asyncpg.connect(url.strip(), timeout=10, server_settings={"application_name": "diplomacy-copy"})
    except (OSError, asyncpg.PostgresError, TimeoutError) as exc:
        raise CopyError(f"{pg_label(url)}: cannot connect ({exc})") from exc


async def pg_version(con: asyncpg.Connection) -> int:
    if not await con.fetchval("SELECT to_regclass('schema_version') IS NOT NULL"):
        return 0
    return int(await con.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version"))


async def sums_pg(con: asyncpg.Connection, which: Sequence[Table]) -> dict[str, Sum]:
    out = {}
    for table in which:
        summer = Summer(table)
        async for record in _pg_cursor(con, table):
            summer.add([record])
        out[table.name] = summer.result()
    return out


async def _pg_cursor(con: asyncpg.Connection, table: Table) -> Any:
    # a cursor needs a transaction; the callers read inside one
    async for record in con.cursor(_select(table), prefetch=BATCH):
        yield tuple(record)


# -- the copy ----------------------------------------------------------------------------------
async def copy_database(source: str, target: str, *, replace: bool = False) -> Report:
    """Copy every table and row of ``source`` into ``target`` (each a SQLite file or a
    PostgreSQL URL), then verify both sides' counts and checksums (see the module)."""
    if source.strip() == target.strip():
        raise CopyError("the source and the target are the same database")
    with tempfile.TemporaryDirectory(prefix="diplomacy-copy-") as scratch:
        if is_postgresql(source):
            con = await _pg_connect(source)
            try:
                async with con.transaction(isolation="repeatable_read", readonly=True):
                    version = await pg_version(con)
                    _check_version(source, version, migrate_hint=True)
                    before = await sums_pg(con, copied())
                    await _into(target, replace, before, _pg_batches(con))
            finally:
                await con.close()
        else:
            path = Path(source).expanduser()
            snap = Path(scratch) / "source.sqlite3"
            snapshot_sqlite(path, snap)
            version = await _upgrade_snapshot(path, snap)
            con_s = sqlite3.connect(snap)
            try:
                before = sums_sqlite(con_s, copied())
                await _into(target, replace, before, _sqlite_batches(con_s))
            finally:
                con_s.close()
        after = await _target_sums(target)
    return Report(
        describe(source),
        describe(target),
        version if version else latest(),
        tuple((t.name, before[t.name], after[t.name]) for t in copied()),
    )


def _check_version(source: str, version: int, *, migrate_hint: bool) -> None:
    if version == 0:
        raise CopyError(f"{describe(source)}: not a database of this bot (no schema version)")
    if version > latest():
        raise CopyError(
            f"{describe(source)}: its schema is version {version}, newer than this bot knows "
            f"(version {latest()}); copy it with the newer bot"
        )
    if version < latest() and migrate_hint:
        raise CopyError(
            f"{describe(source)}: its schema is version {version}, older than this bot's ({latest()}); "
            "start the bot of this version on it once (it upgrades it), then copy"
        )


async def _upgrade_snapshot(path: Path, snap: Path) -> int:
    """The snapshot's schema version, after bringing an older one to today's (the source
    itself stays as it is)."""
    from bot.infra import preflight
    from bot.infra.storage.sqlite import SqliteDatabase

    try:
        state = preflight.check_database(snap)
    except preflight.PreflightError as exc:
        raise CopyError(str(exc).replace(str(snap), str(path))) from exc
    _check_version(str(path), state.version, migrate_hint=False)
    if state.version < latest():
        db = await SqliteDatabase.connect(str(snap))
        try:
            await db.migrate()
        finally:
            await db.close()
    return state.version


def _sqlite_batches(con: sqlite3.Connection) -> Any:
    async def batches(table: Table) -> Any:
        for batch in _sqlite_rows(con, table):
            yield batch

    return batches


def _pg_batches(con: asyncpg.Connection) -> Any:
    async def batches(table: Table) -> Any:
        batch: list[tuple[Any, ...]] = []
        async for row in _pg_cursor(con, table):
            batch.append(row)
            if len(batch) >= BATCH:
                yield batch
                batch = []
        if batch:
            yield batch

    return batches


async def _prepare_target(target: str) -> None:
    """Create the target's schema with the bot's own code (migrations)."""
    from bot.infra import preflight
    from bot.infra.storage import DATABASE_ERRORS, Storage

    if not is_postgresql(target):
        path = Path(target).expanduser()
        try:
            preflight.check_database(path.absolute())
        except preflight.PreflightError as exc:
            raise CopyError(str(exc)) from exc
    try:
        storage = await Storage.open(target.strip())
    except (*DATABASE_ERRORS, OSError, TimeoutError) as exc:
        raise CopyError(f"{describe(target)}: cannot be opened ({exc})") from exc
    except preflight.PreflightError as exc:
        raise CopyError(str(exc)) from exc
    await storage.close()


async def _look_first(target: str, replace: bool) -> None:
    """Refuse a target that is not empty, or that a bot runs on, before anything touches it
    (the same check runs again inside the copy's transaction)."""
    if is_postgresql(target):
        con = await _pg_connect(target)
        try:
            present = {t.name for t in tables() if await con.fetchval("SELECT to_regclass($1) IS NOT NULL", t.name)}
            counts = {n: int(await con.fetchval(f"SELECT COUNT(*) FROM {n}")) for n in sorted(present)}
            live = await _pg_live_lease(con) if "leases" in present else None
        finally:
            await con.close()
    else:
        path = Path(target).expanduser()
        if not path.is_file() or path.stat().st_size == 0:
            return
        try:
            con_t = _readonly(path)
            try:
                present = {
                    r[0] for r in con_t.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
                } & {t.name for t in tables()}
                counts = {n: con_t.execute(f"SELECT COUNT(*) FROM {n}").fetchone()[0] for n in sorted(present)}
                live = (
                    con_t.execute(
                        "SELECT holder, host, pid FROM leases WHERE expires_at > ? AND scope NOT LIKE 'return:%'",
                        (time.time(),),
                    ).fetchone()
                    if "leases" in present
                    else None
                )
            finally:
                con_t.close()
        except sqlite3.Error:
            return  # not a database: the checks of _prepare_target say what it is
    await _guard(target, counts, live, replace)


async def _into(target: str, replace: bool, expected: dict[str, Sum], batches: Any) -> None:
    await _look_first(target, replace)
    await _prepare_target(target)
    if is_postgresql(target):
        con = await _pg_connect(target)
        try:
            async with con.transaction():
                await _guard(target, await _pg_counts(con), await _pg_live_lease(con), replace)
                for table in reversed(tables()):
                    await con.execute(f"DELETE FROM {table.name}")  # (empty but for a replaced copy)
                kinds = await _pg_types(con)
                for table in copied():
                    sql = _insert(table, postgresql=True)
                    async for batch in batches(table):
                        await con.executemany(sql, [_for_pg(table, kinds, row) for row in batch])
                    if table.order == "id":  # identity: new rows numbered after the copied ones
                        await con.execute(
                            f"SELECT setval(pg_get_serial_sequence('{table.name}', 'id'), "
                            f"COALESCE((SELECT MAX(id) FROM {table.name}), 0) + 1, false)"
                        )
        finally:
            await con.close()
        return
    con_t = sqlite3.connect(Path(target).expanduser(), isolation_level=None, timeout=30)
    try:
        con_t.execute("PRAGMA foreign_keys = ON")
        con_t.execute("BEGIN IMMEDIATE")
        try:
            counts = {t.name: con_t.execute(f"SELECT COUNT(*) FROM {t.name}").fetchone()[0] for t in tables()}
            live = con_t.execute(
                "SELECT holder, host, pid FROM leases WHERE expires_at > ? AND scope NOT LIKE 'return:%'",
                (time.time(),),
            ).fetchone()
            await _guard(target, counts, live, replace)
            for table in reversed(tables()):
                con_t.execute(f"DELETE FROM {table.name}")
            for table in copied():
                sql = _insert(table, postgresql=False)
                async for batch in batches(table):
                    con_t.executemany(sql, batch)
            con_t.execute("COMMIT")
        except BaseException:
            con_t.execute("ROLLBACK")
            raise
    finally:
        con_t.close()


async def _guard(target: str, counts: dict[str, int], live: Any, replace: bool) -> None:
    if live is not None:
        raise CopyError(
            f"{describe(target)}: a bot is running on it (process {live[2]} on {live[1]}); stop it before copying into it"
        )
    full = {name: n for name, n in counts.items() if n and name not in TRANSIENT}
    if full and not replace:
        shown = ", ".join(f"{name} {n}" for name, n in sorted(full.items())[:6])
        raise CopyError(
            f"{describe(target)}: is not empty ({shown} rows); copy into an empty database, "
            "or give --replace to delete its rows first"
        )


async def _pg_counts(con: asyncpg.Connection) -> dict[str, int]:
    return {t.name: int(await con.fetchval(f"SELECT COUNT(*) FROM {t.name}")) for t in tables()}


async def _pg_live_lease(con: asyncpg.Connection) -> Any:
    return await con.fetchrow(
        "SELECT holder, host, pid FROM leases WHERE expires_at > EXTRACT(EPOCH FROM clock_timestamp()) "
        "AND scope NOT LIKE 'return:%'"
    )


async def _pg_types(con: asyncpg.Connection) -> dict[tuple[str, str], str]:
    rows = await con.fetch(
        "SELECT table_name, column_name, data_type FROM information_schema.columns WHERE table_schema = current_schema()"
    )
    return {(r["table_name"], r["column_name"]): r["data_type"] for r in rows}


def _insert(table: Table, *, postgresql: bool) -> str:
    marks = ", ".join(f"${n}" if postgresql else "?" for n in range(1, len(table.columns) + 1))
    return f"INSERT INTO {table.name} ({', '.join(table.columns)}) VALUES ({marks})"


def _for_pg(table: Table, kinds: dict[tuple[str, str], str], row: Sequence[Any]) -> tuple[Any, ...]:
    """A SQLite row as PostgreSQL's typed columns take it (SQLite keeps what it is given)."""
    out = []
    for column, value in zip(table.columns, row, strict=True):
        kind = kinds.get((table.name, column), "")
        if value is not None:
            if kind == "double precision":
                value = float(value)
            elif kind == "bigint":
                if isinstance(value, float) and not value.is_integer():
                    raise CopyError(f"{table.name}.{column}: {value!r} is not an integer")
                value = int(value)
            elif kind == "text" and not isinstance(value, str):
                value = str(value)
        out.append(value)
    return tuple(out)


async def _target_sums(target: str) -> dict[str, Sum]:
    if is_postgresql(target):
        con = await _pg_connect(target)
        try:
            async with con.transaction(isolation="repeatable_read", readonly=True):
                return await sums_pg(con, copied())
        finally:
            await con.close()
    con = _readonly(Path(target).expanduser())
    try:
        return sums_sqlite(con, copied())
    finally:
        con.close()


async def database_sums(target: str) -> tuple[int, dict[str, Sum]]:
    """The schema version and every copied table's count and checksum of a database (the
    tests compare a backup or a copy with it)."""
    if is_postgresql(target):
        con = await _pg_connect(target)
        try:
            async with con.transaction(isolation="repeatable_read", readonly=True):
                return await pg_version(con), await sums_pg(con, copied())
        finally:
            await con.close()
    con = _readonly(Path(target).expanduser())
    try:
        return sqlite_version(con), sums_sqlite(con, copied())
    finally:
        con.close()


def backup_sqlite(source: Path, target: Path, *, replace: bool = False) -> tuple[int, dict[str, Sum]]:
    """``python -m bot db backup``: a consistent copy of the SQLite database ``source`` (the
    bot may be running on it) in the new file ``target``, by SQLite's online backup;
    written under a temporary name and renamed once whole and checked. Its schema version
    and each table's count and checksum."""
    if not source.is_file():
        raise CopyError(f"{source}: no such database file")
    if target.exists() and not replace:
        raise CopyError(f"{target}: already exists; choose a new file, or give --replace")
    if target.resolve() == source.resolve():
        raise CopyError("the backup must be another file than the database")
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    try:
        snapshot_sqlite(source, partial)
        con = sqlite3.connect(partial)
        try:
            if con.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                raise CopyError(f"{target}: the backup fails SQLite's quick_check; is {source} damaged?")
            # a backup is one file: out of WAL mode, nothing needed beside it
            con.execute("PRAGMA journal_mode = DELETE")
            version = sqlite_version(con)
            sums = sums_sqlite(con, copied()) if version == latest() else {}
        finally:
            con.close()
        os.replace(partial, target)
    except OSError as exc:
        raise CopyError(f"{target}: cannot be written ({exc.strerror or exc})") from exc
    finally:
        partial.unlink(missing_ok=True)
    return version, sums
