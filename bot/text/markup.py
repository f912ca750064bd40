"""Discord's message markup, written in one place: mentions and timestamps. The text layer builds message strings with these helpers
and never imports the discord client; the one thing it borrows is ``discord.utils``
(pure functions: :func:`discord.utils.format_dt`), allowed for this
module only by ``tests/test_architecture.py``."""

from __future__ import annotations

from datetime import UTC, datetime

from discord.utils import format_dt


def mention(user_id: int) -> str:
    return f"<@{int(user_id)}>"


def role_mention(role_id: int) -> str:
    return f"<@&{int(role_id)}>"


def moment(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, UTC)


def stamp(seconds: float) -> str:
    """A deadline: the full date and the time left, each reader in their own time zone."""
    when = moment(seconds)
    return f"{format_dt(when, 'F')} ({format_dt(when, 'R')})"


def short_stamp(seconds: float) -> str:
    """A moment in a log line (date and time, the reader's time zone)."""
    return format_dt(moment(seconds), "f")
