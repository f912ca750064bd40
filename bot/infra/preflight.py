"""What ``python -m bot`` checks before it connects to Discord, and the backup taken before
a migration.

Owns the start-up checks of the database file and of the map assets. Each problem an
operator can meet (random bytes, a truncated file, another program's SQLite database, a
schema newer than this code, a read-only file or folder, a missing folder, missing map
assets) becomes a :class:`PreflightError` whose text is ONE line naming the path, the
problem and what to do; the bot prints it and exits with status 2 instead of a traceback.

A file that is not this bot's is never modified: it is read through a read-only connection
(``immutable`` when no ``-wal`` file exists, so not even a ``-shm`` file appears beside it),
and the write probe runs only on a database known to be ours. The probe is a real write (a
committed transaction that sets ``user_version`` to the value it already has), so a file or
folder that cannot be written is found now, not at the first player's command.

Uses the standard library's ``sqlite3`` (it runs before the event loop exists).
"""

from __future__ import annotations

import os
import sqlite3
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from urllib.parse import quote

from bot.infra.storage.migrations import migrations

DEFAULT_DB = "diplomacy.sqlite3"
"""The database when ``DIPLOMACY_DB`` is not set: this file in the folder the bot starts from."""

_MAGIC = b"SQLite format 3\x00"
_HEADER = 100


class PreflightError(Exception):
    """A problem the operator must fix before the bot can run. ``str()`` is one line."""

    def __init__(self, subject: str, problem: str, remedy: str) -> None:
        super().__init__(f"{subject}: {problem}; {remedy}")


@dataclass(frozen=True, slots=True)
class DatabaseFile:
    """Where the database is, and whether the operator chose it (``DIPLOMACY_DB``)."""

    path: Path  # absolute
    chosen: bool


@dataclass(frozen=True, slots=True)
class DatabaseState:
    """What the checks found in a usable database file."""

    path: Path
    version: int  # the schema version in the file; 0: new or empty
    latest: int  # the newest schema version this code knows
    exists: bool

    @property
    def migrations_due(self) -> int:
        return self.latest - self.version


def database_file(env: Mapping[str, str]) -> DatabaseFile:
    """The database path from ``DIPLOMACY_DB``, made absolute (the default, ``diplomacy.sqlite3``,
    is relative to the folder the bot starts from: logging its absolute path says which one)."""
    value = env.get("DIPLOMACY_DB", "").strip()
    path = Path(value or DEFAULT_DB).expanduser()
    return DatabaseFile(Path(os.path.abspath(path)), bool(value))


def latest_version() -> int:
    return migrations()[-1][0]


@cache
def tables_at(version: int) -> frozenset[str]:
    """The tables a database of this bot holds at schema ``version`` (the migrations up to it,
    played on an in-memory database)."""
    con = sqlite3.connect(":memory:")
    try:
        for number, sql in migrations():
            if number > version:
                break
            con.executescript(sql)
        return _tables(con)
    finally:
        con.close()


#: Schema versions recorded by a database whose migrations were then placeholders: 2-4 first
#: landed as ``SELECT 1`` (reserved for their features) and were filled in later, so a
#: database made meanwhile says version 4 and has the tables of version 1. It is migrated
#: as what it is.
PLACEHOLDERS: dict[int, int] = {4: 1}


def effective_version(recorded: int, tables: frozenset[str]) -> int:
    """The schema version a database really has: ``recorded``, unless it is one of
    :data:`PLACEHOLDERS` and the database has exactly the tables of the earlier version."""
    earlier = PLACEHOLDERS.get(recorded)
    if earlier is not None and tables == tables_at(earlier):
        return earlier
    return recorded


def backup_path(path: Path, version: int) -> Path:
    """Where the copy taken before migrating from schema ``version`` goes: ``<db>.bak-v<N>``."""
    return path.with_name(f"{path.name}.bak-v{version}")


def backup_database(path: Path, version: int) -> Path:
    """Copy the database (SQLite's backup API: a consistent copy, WAL included) to
    :func:`backup_path` before a migration. Written under a temporary name and renamed, so a
    half-written backup never carries the final name."""
    target = backup_path(path, version)
    partial = target.with_name(target.name + ".partial")
    try:
        source = sqlite3.connect(path)
        try:
            copy = sqlite3.connect(partial)
            try:
                source.backup(copy)
            finally:
                copy.close()
        finally:
            source.close()
        os.replace(partial, target)
    except (OSError, sqlite3.Error) as exc:
        partial.unlink(missing_ok=True)
        raise PreflightError(
            f"database {path}",
            f"could not write the backup {target} before migrating from schema version {version} ({exc})",
            "free some space or make the folder writable, then start again (nothing was migrated)",
        ) from exc
    return target


def check_database(path: Path) -> DatabaseState:
    """Check the database file before anything opens it for writing: a file of this bot (or
    none yet), sound (``PRAGMA quick_check``), of a schema this code knows, in a folder and a
    file the bot can write. Raises :class:`PreflightError` naming the problem."""
    subject = f"database {path}"
    latest = latest_version()
    if path.is_dir():
        raise PreflightError(
            subject, "is a folder, not a file", f"set DIPLOMACY_DB to a file in it, e.g. {path / DEFAULT_DB}"
        )
    folder = path.parent
    if not folder.is_dir():
        raise PreflightError(
            subject, f"the folder {folder} does not exist", f"create it and make it writable by {_user()}"
        )
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        size = -1
    except OSError as exc:
        raise PreflightError(subject, f"cannot be read ({exc.strerror})", f"make it readable by {_user()}") from exc
    if size > 0:
        _check_header(path, size, subject)
    _probe_folder(folder, path.name, subject)
    if size < 0:
        return DatabaseState(path, 0, latest, exists=False)
    version = _check_contents(path, subject, latest)
    _probe_write(path, version, subject)
    return DatabaseState(path, version, latest, exists=True)


def remedy(path: Path, exc: BaseException) -> str:
    """What to do about a SQLite error met while the bot ran (after the checks passed): a
    damaged file is restored from a backup (the bot's own ``.bak-v<N>`` copies that exist are
    named); a lock another program holds, a full disk or a read-only file are not damage,
    and restoring an older backup would lose the games played since."""
    text = str(exc).lower()
    if "malformed" in text or "not a database" in text or "corrupt" in text:
        backups = sorted(path.parent.glob(f"{path.name}.bak-v*"), key=lambda p: p.stat().st_mtime)
        found = f" (the newest of the bot's: {backups[-1]})" if backups else ""
        return f"the file is damaged: restore it from your newest backup{found}"
    if "locked" in text or "busy" in text:
        return (
            "another program holds its write lock (an sqlite3 shell, a database browser): close it, "
            "then start the bot again; the file is not damaged"
        )
    if "full" in text:
        return f"the disk is full: free some space in {path.parent}, then start the bot again; the file is not damaged"
    if "readonly" in text or "read-only" in text:
        return f"make it (and any -wal/-shm file beside it) writable by {_user()}"
    return f"check the file and its folder ({exc.__class__.__name__}), then start the bot again"


def check_renderer() -> None:
    """The renderer's map geometry and fonts are where it looks for them."""
    from renderer import missing_assets
    from renderer.board import assets_dir

    missing = missing_assets()
    if missing:
        raise PreflightError(
            f"map assets in {assets_dir()}",
            f"missing {', '.join(missing)}",
            "reinstall the bot (pip install .), or set DIPLOMACY_ASSETS to a folder that holds them",
        )


# -- the steps of check_database -------------------------------------------------------------


def _check_header(path: Path, size: int, subject: str) -> None:
    """The first 100 bytes say whether this is SQLite at all, and how long the file must be."""
    try:
        with path.open("rb") as f:
            header = f.read(_HEADER)
    except OSError as exc:
        raise PreflightError(subject, f"cannot be read ({exc.strerror})", f"make it readable by {_user()}") from exc
    if len(header) < _HEADER or not header.startswith(_MAGIC):
        raise PreflightError(
            subject,
            "is not a SQLite database",
            "set DIPLOMACY_DB to the bot's database, or move this file away to start a new one",
        )
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(header[28:32], "big")
    # SQLite trusts the page count only when the change counter matches "version valid for"
    if header[24:28] == header[92:96] and pages and size < pages * page_size:
        raise PreflightError(
            subject,
            f"is damaged: truncated to {size} bytes of {pages * page_size}",
            f"restore it from a backup (e.g. {path.name}.bak-v<N> or your own)",
        )


def _probe_folder(folder: Path, name: str, subject: str) -> None:
    """SQLite creates ``-wal`` and ``-shm`` files beside the database: the folder must take a
    new file. The probe file is removed at once."""
    try:
        fd, probe = tempfile.mkstemp(prefix=f".{name}.probe-", dir=folder)
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        raise PreflightError(
            subject,
            f"the folder {folder} is not writable ({exc.strerror})",
            f"SQLite keeps {name}-wal and {name}-shm beside the database: make the folder writable by {_user()}",
        ) from exc


def _check_contents(path: Path, subject: str, latest: int) -> int:
    """Sound, ours, and not newer than this code: the schema version found."""
    # immutable: without a -wal file the main file is the whole database, and SQLite then
    # creates nothing beside it (no -shm), so another program's file stays untouched
    wal = path.with_name(path.name + "-wal")
    uri = f"file:{quote(str(path))}?mode=ro" + ("" if wal.exists() else "&immutable=1")
    try:
        con = sqlite3.connect(uri, uri=True, timeout=5)
    except sqlite3.Error as exc:
        raise PreflightError(subject, f"cannot be opened ({exc})", f"make it readable by {_user()}") from exc
    try:
        rows = con.execute("PRAGMA quick_check").fetchall()
        tables = _tables(con)
        version = effective_version(con.execute("PRAGMA user_version").fetchone()[0], tables)
    except sqlite3.DatabaseError as exc:
        raise PreflightError(
            subject, f"is damaged ({exc})", f"restore it from a backup (e.g. {path.name}.bak-v<N> or your own)"
        ) from exc
    finally:
        con.close()
    if rows != [("ok",)]:
        found = "; ".join(str(r[0]) for r in rows[:3])
        raise PreflightError(
            subject,
            f"is damaged (quick_check: {found[:200]})",
            f"restore it from a backup (e.g. {path.name}.bak-v<N> or your own)",
        )
    if version > latest and tables_at(latest) <= tables:
        backup = backup_path(path, latest)
        raise PreflightError(
            subject,
            f"its schema is version {version}, newer than this bot knows (version {latest})",
            "run the newer bot that upgraded it, or restore "
            + (f"the backup {backup} taken before that upgrade" if backup.exists() else "a backup from before it"),
        )
    expected = tables_at(version) if 0 <= version <= latest else frozenset()
    foreign = sorted(tables - expected)
    if foreign and version > 0 and expected <= tables:
        raise PreflightError(
            subject,
            f"holds tables this bot never made ({', '.join(foreign)[:200]}); left untouched",
            "move them to another database file, or set DIPLOMACY_DB to the bot's own database",
        )
    if foreign or not 0 <= version <= latest:
        raise PreflightError(
            subject,
            f"is another program's SQLite database (schema version {version}, tables "
            f"{', '.join(foreign or sorted(tables))[:200] or 'none'}); left untouched",
            "set DIPLOMACY_DB to the bot's own database, or to a new file",
        )
    missing = sorted(expected - tables)
    if missing:
        raise PreflightError(
            subject,
            f"lacks tables of schema version {version} ({', '.join(missing)[:200]})",
            f"restore it from a backup (e.g. {path.name}.bak-v<N> or your own)",
        )
    return version


def _probe_write(path: Path, version: int, subject: str) -> None:
    """A real write, committed, that changes nothing: set user_version to what it is
    (read again here: ``version`` may be the effective one, :func:`effective_version`)."""
    read_only = PreflightError(
        subject, "is read-only", f"make it (and any -wal/-shm file beside it) writable by {_user()}"
    )
    try:  # opening for writing writes nothing; SQLite would silently fall back to reading
        with path.open("r+b"):
            pass
    except PermissionError as exc:
        raise read_only from exc
    except OSError as exc:
        raise PreflightError(subject, f"cannot be written ({exc.strerror})", f"make it writable by {_user()}") from exc
    beside = [path.with_name(path.name + suffix) for suffix in ("-wal", "-shm")]
    existed = [p.exists() for p in beside]
    try:
        con = sqlite3.connect(path, timeout=5, isolation_level=None)
    except sqlite3.Error as exc:
        raise PreflightError(
            subject, f"cannot be opened for writing ({exc})", f"make it writable by {_user()}"
        ) from exc
    try:
        con.execute("BEGIN IMMEDIATE")
        recorded = int(con.execute("PRAGMA user_version").fetchone()[0])
        con.execute(f"PRAGMA user_version = {recorded}")
        con.execute("COMMIT")
    except sqlite3.OperationalError as exc:
        con.close()
        _remove_new_empty_wal(beside, existed)
        text = str(exc)
        if "readonly" in text or "read-only" in text:
            raise read_only from exc
        if "locked" in text or "busy" in text:
            raise PreflightError(
                subject, "is locked by another process", "stop the other process (another bot?) and start again"
            ) from exc
        raise PreflightError(subject, f"cannot be written ({text})", f"make it writable by {_user()}") from exc
    con.close()


def _remove_new_empty_wal(beside: list[Path], existed: list[bool]) -> None:
    """A failed probe may leave the -wal and -shm files SQLite made for it: with an empty
    -wal they hold nothing (the -shm is only an index of the -wal)."""
    wal, shm = beside
    if existed[0] or not wal.exists() or wal.stat().st_size > 0:
        return
    wal.unlink(missing_ok=True)
    if not existed[1]:
        shm.unlink(missing_ok=True)


def _tables(con: sqlite3.Connection) -> frozenset[str]:
    rows = con.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")
    return frozenset(r[0] for r in rows)


def _user() -> str:
    """Who the bot runs as, the way chown wants it."""
    if not hasattr(os, "getuid"):
        return "the bot's user"
    return f"the bot's user (uid {os.getuid()}, gid {os.getgid()})"
