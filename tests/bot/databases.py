"""The databases the bot's tests run on (issue 13: the same suite on both backends).

By default a test's database is the SQLite file it names. With ``DIPLOMACY_TEST_DB=postgresql``
the tests that open their database through :func:`target` (the ``storage`` fixture, the
stories' ``running``, the two-owner tests...) run on PostgreSQL instead: each file path a
test names becomes a PostgreSQL database of its own (the same path, the same database, so
a restart finds its data), on the server of ``DIPLOMACY_TEST_PG_URL`` (``.ci/run`` starts
one; without it the session starts a private one: :mod:`tests.pg`). Tests that are about
SQLite files themselves stay on SQLite (:data:`sqlite_only`).
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

_CHOSEN = os.environ.get("DIPLOMACY_TEST_DB", "").strip().lower() or "sqlite"
if _CHOSEN not in {"sqlite", "postgresql", "postgres"}:
    raise RuntimeError(f"DIPLOMACY_TEST_DB must be sqlite or postgresql, not {_CHOSEN[:40]!r}")
ON_POSTGRESQL = _CHOSEN != "sqlite"
URL_VARIABLE = "DIPLOMACY_TEST_PG_URL"

#: A test about SQLite itself (its files, its locks), or one that always opens SQLite files
#: whatever the pass (a ``python -m bot`` process given a file: the process tests): it runs
#: in the SQLite pass and is left out of the PostgreSQL pass, where it would only run again
#: the same (deselected by tests/bot/conftest.py, not skipped).
sqlite_only = pytest.mark.sqlite_only

_made: list[str] = []  # the PostgreSQL databases made for the test running now


def server_url() -> str:
    url = os.environ.get(URL_VARIABLE, "")
    if not url:
        raise RuntimeError(f"no PostgreSQL server for the tests: {URL_VARIABLE} is not set")
    return url


def database_url(name: str, server: str | None = None) -> str:
    parts = urlsplit(server or server_url())
    return urlunsplit((parts.scheme, parts.netloc, f"/{name}", parts.query, ""))


async def new_database(key: str, server: str | None = None) -> str:
    """The URL of the PostgreSQL database for ``key`` (made, empty, on first use)."""
    import asyncpg

    name = "t_" + hashlib.sha1(key.encode()).hexdigest()[:24]
    admin = await asyncpg.connect(server or server_url())
    try:
        if not await admin.fetchval("SELECT 1 FROM pg_database WHERE datname = $1", name):
            await admin.execute(f'CREATE DATABASE "{name}"')  # a name made here, not a value
            _made.append(name)
    finally:
        await admin.close()
    return database_url(name, server)


async def drop_made() -> None:
    """Drop the databases made for the test that ended (the server is shared by the run)."""
    import asyncpg

    if not _made:
        return
    admin = await asyncpg.connect(server_url())
    try:
        while _made:
            await admin.execute(f'DROP DATABASE IF EXISTS "{_made.pop()}" WITH (FORCE)')
    finally:
        await admin.close()


async def target(path: str | Path) -> str:
    """What a test opens as its database ``path``: that SQLite file, or its PostgreSQL
    database when the suite runs on PostgreSQL."""
    if not ON_POSTGRESQL:
        return str(path)
    return await new_database(str(path))
