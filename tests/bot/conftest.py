"""Fixtures for the bot's tests: a movable clock, a fresh database, the core (the use cases)."""

from __future__ import annotations

import os
import random
from datetime import UTC, datetime, timedelta

import pytest

from bot.core.app import Core
from bot.infra.storage import Storage

# Bots in tests draw their maps in threads: starting map processes for each of the many
# short-lived test bots would only add seconds (tests/bot/test_maps.py covers the processes).
os.environ.setdefault("DIPLOMACY_RENDER_PROCESSES", "0")


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
async def storage(tmp_path):
    db = await Storage.open(str(tmp_path / "test.sqlite3"))
    yield db
    await db.close()


@pytest.fixture
async def service(storage, clock):
    core = Core(storage, clock=clock, rng=random.Random(7))
    yield core
    core.close()
