"""Fixtures for the bot's tests: a movable clock, a fresh database (SQLite, or PostgreSQL
under ``DIPLOMACY_TEST_DB=postgresql``: :mod:`tests.bot.databases`), the core (the use
cases), and the PostgreSQL server of the tests that need one."""

from __future__ import annotations

import os
import random
import shutil
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import simcord.interactions as sim_interactions

from bot.core.app import Core
from bot.infra.storage import Storage
from tests import pg
from tests.bot import databases

# Bots in tests draw their maps in threads: starting map processes for each of the many
# short-lived test bots would only add seconds (tests/bot/test_maps.py covers the processes).
os.environ.setdefault("DIPLOMACY_RENDER_PROCESSES", "0")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """On PostgreSQL, the tests about SQLite itself are not part of the pass (they ran in
    the SQLite pass): deselected, so that no test is reported skipped."""
    if not databases.ON_POSTGRESQL:
        return
    left_out = [item for item in items if item.get_closest_marker("sqlite_only")]
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = [item for item in items if not item.get_closest_marker("sqlite_only")]


class FakeClock:
    def __init__(self) -> None:
        self.moment = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.moment

    def advance(self, **kwargs: float) -> None:
        self.moment += timedelta(**kwargs)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def client_locales(monkeypatch):
    """``client_locales[user_id] = "es-ES"``: that user's Discord client language (simcord
    always says en-US)."""
    locales: dict[int, str] = {}
    original = sim_interactions.base_payload

    def base_payload(backend, **kwargs):
        record, payload = original(backend, **kwargs)
        locale = locales.get(kwargs["user_id"])
        if locale is not None:
            payload["locale"] = locale
        return record, payload

    monkeypatch.setattr(sim_interactions, "base_payload", base_payload)
    return locales


@pytest.fixture(scope="session")
def postgresql_server():
    """The URL of a PostgreSQL server for the tests: ``DIPLOMACY_TEST_PG_URL`` (``.ci/run``
    starts one), else a private one started for the session; skipped, saying why, where
    none can start."""
    url = os.environ.get(databases.URL_VARIABLE)
    if url:
        yield url
        return
    pg.sweep(Path(tempfile.gettempdir()))  # servers left by sessions that were killed
    folder = Path(tempfile.mkdtemp(prefix=pg.PREFIX))  # not under pytest's 0700 folder: the server's user reads it
    try:
        server = pg.start(folder, owner=os.getpid())
    except pg.NoServer as exc:
        shutil.rmtree(folder, ignore_errors=True)
        pytest.skip(f"no PostgreSQL server for these tests: {exc}")
    os.environ[databases.URL_VARIABLE] = server.url  # bots started by the tests find it too
    try:
        yield server.url
    finally:
        os.environ.pop(databases.URL_VARIABLE, None)
        pg.stop(folder)
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(autouse=databases.ON_POSTGRESQL)
async def postgresql_databases(request):
    """Under DIPLOMACY_TEST_DB=postgresql: a server for every test, and the databases a
    test made dropped after it."""
    request.getfixturevalue("postgresql_server")
    yield
    await databases.drop_made()


@pytest.fixture
async def storage(tmp_path):
    db = await Storage.open(await databases.target(tmp_path / "test.sqlite3"))
    yield db
    await db.close()


@pytest.fixture
async def service(storage, clock):
    core = Core(storage, clock=clock, rng=random.Random(7))
    yield core
    core.close()
