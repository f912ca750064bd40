"""The one clock the bot reads time from. Tests inject their own (simcord's virtual time)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

Clock = Callable[[], datetime]
"""A function returning the current time as an aware UTC datetime."""


def system_clock() -> datetime:
    return datetime.now(UTC)


def to_unix(moment: datetime) -> float:
    return moment.timestamp()


def from_unix(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, UTC)
