"""The database schema as numbered migrations: ``migrations/NNNN_name.sql``, applied in
order by :class:`bot.infra.storage.Storage`.

A migration is never edited once released: a change to the schema is a new file with the
next number. ``PRAGMA user_version`` records the last one applied. Each feature area adds
its own file (0002 moderation, 0003 order sheet and reminders, 0004 languages, ...).
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources

_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


@lru_cache(maxsize=1)
def migrations() -> tuple[tuple[int, str], ...]:
    """(number, SQL) for every migration file, in order. Numbers must run 1, 2, 3, ..."""
    found = []
    for entry in resources.files("bot.infra.storage").joinpath("migrations").iterdir():
        match = _NAME.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.read_text(encoding="utf-8")))
    found.sort()
    numbers = [n for n, _ in found]
    if numbers != list(range(1, len(numbers) + 1)):
        raise RuntimeError(f"migrations must be numbered 1, 2, 3, ... without gaps: {numbers}")
    return tuple(found)
