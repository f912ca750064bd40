"""The operator's commands (issue 24), dispatched by ``python -m bot``:

- ``python -m bot db copy SOURCE TARGET [--replace]``: copy a whole database between
  SQLite and PostgreSQL, verified by per-table counts and checksums
  (:mod:`bot.infra.storage.copy`); exit 0 when every table matches, 1 when one does not,
  2 when the copy cannot be made (one line says why);
- ``python -m bot db backup PATH [--replace]``: a consistent backup of the SQLite database
  (``DIPLOMACY_DB``) while the bot runs; for PostgreSQL, what to run instead;
- ``python -m bot health``: exit 0 when the running bot is healthy, 1 when not, with one
  line saying why (:mod:`bot.infra.health`);
- ``python -m bot invite [--application-id ID]``: the link that adds the bot to a server.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import Sequence
from pathlib import Path

COMMANDS = ("db", "health", "invite")


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="python -m bot", description="Operator commands of the Diplomacy bot.")
    sub = top.add_subparsers(dest="command", required=True)
    db = sub.add_parser("db", help="copy or back up the database")
    dbs = db.add_subparsers(dest="action", required=True)
    copy = dbs.add_parser(
        "copy",
        help="copy a whole database (SQLite file or postgresql:// URL) into another, verified",
        description="Copy every table and row of SOURCE into TARGET (each a SQLite file or a "
        "postgresql://user:password@host:port/name URL), then compare each table's row count and "
        "checksum. SOURCE is never changed; TARGET must be empty.",
    )
    copy.add_argument("source")
    copy.add_argument("target")
    copy.add_argument("--replace", action="store_true", help="delete the rows the target has first")
    backup = dbs.add_parser(
        "backup",
        help="back up the SQLite database while the bot runs",
        description="Write a consistent copy of the database (DIPLOMACY_DB) to PATH, by SQLite's "
        "online backup: the bot may keep running.",
    )
    backup.add_argument("path")
    backup.add_argument("--replace", action="store_true", help="overwrite PATH if it exists")
    sub.add_parser("health", help="exit 0 when the running bot is healthy, 1 when not, saying why")
    invite = sub.add_parser("invite", help="print the link that adds the bot to a server")
    invite.add_argument("--application-id", help="the application id (default: read from DISCORD_TOKEN)")
    return top


def run(argv: Sequence[str]) -> int:
    args = parser().parse_args(list(argv))
    if args.command == "health":
        return _health()
    if args.command == "invite":
        return _invite(args.application_id)
    if args.action == "copy":
        return _copy(args.source, args.target, args.replace)
    return _backup(args.path, args.replace)


def _health() -> int:
    from bot.infra import health

    healthy, line = health.check(health.status_path(os.environ))
    print(line)
    return 0 if healthy else 1


def _invite(given: str | None) -> int:
    from bot.ops import invite

    try:
        app_id = invite.application_id(os.environ, given)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print("\n".join(invite.lines(app_id)))
    return 0


def _copy(source: str, target: str, replace: bool) -> int:
    from bot.infra.storage.copy import CopyError, copy_database

    try:
        report = asyncio.run(copy_database(source, target, replace=replace))
    except CopyError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"copied {report.source} (schema version {report.version}) into {report.target}")
    print("\n".join(report.lines()))
    if report.ok:
        print(
            f"every table matches: {report.rows} rows in {len(report.tables)} tables (leases and job claims are not copied)"
        )
        return 0
    print("error: the copy does not match its source (see MISMATCH above); do not use the target", file=sys.stderr)
    return 1


def _backup(path: str, replace: bool) -> int:
    from bot.infra import preflight
    from bot.infra.storage import is_postgresql
    from bot.infra.storage.copy import CopyError, backup_sqlite, describe

    database = os.environ.get("DIPLOMACY_DB", "").strip()
    if is_postgresql(database):
        name = describe(database)
        print(
            f"error: {name} is PostgreSQL: back it up with its own tools while the bots run, e.g.\n"
            f"  pg_dump --format=custom --file {path} '{name}'\n"
            f"  (restore into an empty database: pg_restore --no-owner --dbname '<url>' {path})\n"
            f"or as a SQLite file the bot can run on: python -m bot db copy '<url>' {path}",
            file=sys.stderr,
        )
        return 2
    source = preflight.database_file(os.environ).path
    try:
        version, sums = backup_sqlite(source, Path(path).expanduser(), replace=replace)
    except CopyError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    rows = sum(s.rows for s in sums.values())
    print(f"backed up {source} (schema version {version}) to {Path(path).expanduser().absolute()}")
    if sums:
        width = max(len(name) for name in sums)
        for name, s in sums.items():
            print(f"{name:<{width}}  {s.rows:>8}  {s.checksum[:16]}")
        print(f"{rows} rows in {len(sums)} tables; to restore, see the README (Moving and keeping the data)")
    return 0
