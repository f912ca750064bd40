"""The database schema as numbered migrations: ``migrations/NNNN_name.sql``, applied in
order by :class:`bot.infra.storage.Storage`, on SQLite and on PostgreSQL alike.

A migration is never edited once released: a change to the schema is a new file with the
next number. SQLite's ``PRAGMA user_version`` (PostgreSQL: the ``schema_version`` table)
records the last one applied. Each feature area adds its own file (0002 moderation, 0003
order sheet and reminders, 0004 languages, ...).

There is one list, numbered the same for both databases. PostgreSQL runs each file as
:func:`bot.infra.storage.dialect.postgresql_migration` reads it, or, where that is not
enough, the file ``NNNN_name.postgresql.sql`` beside it (write portable SQL first).
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources

from bot.infra.storage.dialect import Dialect, postgresql_migration

_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")


@lru_cache(maxsize=2)
def migrations(dialect: Dialect = Dialect.SQLITE) -> tuple[tuple[int, str], ...]:
    """(number, SQL) for every migration file, in order, as ``dialect`` runs it. Numbers
    must run 1, 2, 3, ..."""
    folder = resources.files("bot.infra.storage").joinpath("migrations")
    found = []
    for entry in folder.iterdir():
        match = _NAME.match(entry.name)
        if not match:
            continue
        sql = entry.read_text(encoding="utf-8")
        if dialect is Dialect.POSTGRESQL:
            own = folder.joinpath(f"{match.group(1)}_{match.group(2)}.postgresql.sql")
            sql = own.read_text(encoding="utf-8") if own.is_file() else postgresql_migration(sql)
        found.append((int(match.group(1)), sql))
    found.sort()
    numbers = [n for n, _ in found]
    if numbers != list(range(1, len(numbers) + 1)):
        raise RuntimeError(f"migrations must be numbered 1, 2, 3, ... without gaps: {numbers}")
    return tuple(found)
