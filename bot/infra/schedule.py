"""Reading times players type: the ONE duration parser (``24h``, ``90m``, ``2d``,
``1d 2h30m``), deadline schedules (a duration or ``20:00 Europe/Madrid``) and the next
deadline from them, and moments (``2026-03-05 18:00 Europe/Madrid``). Errors are typed:
:class:`ScheduleError` carries a code the core turns into a message.

A duration counts from the moment a phase starts. A time of day is a fixed schedule: the
deadline is the next such time (in that time zone, daylight saving included) after the
deadline the previous phase had, so resolving early (everyone ready) keeps the game on its
daily rhythm instead of pulling every later deadline earlier.

>>> str(parse_schedule("36h"))
'36h'
>>> str(parse_schedule("20:00 Europe/Madrid"))
'20:00 Europe/Madrid'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

MIN_DURATION = timedelta(minutes=5)
MAX_DURATION = timedelta(days=14)
MIN_LEAD = timedelta(hours=1)  # a fixed-time first deadline is at least this far away

_DURATION = re.compile(r"^\s*(?:(\d+)\s*d)?\s*(?:(\d+)\s*h)?\s*(?:(\d+)\s*m(?:in)?)?\s*$", re.I)
_TIME = re.compile(r"^\s*(\d{1,2}):(\d{2})\s*(\S+)?\s*$")
_MOMENT = re.compile(r"^\s*(\d{4}-\d{2}-\d{2}[ T]\d{1,2}:\d{2})\s*(\S+)?\s*$")


class ScheduleError(ValueError):
    """A schedule that cannot be read; ``code`` names the message to show."""

    def __init__(self, code: str, text: str) -> None:
        super().__init__(f"{code}: {text!r}")
        self.code = code
        self.text = text


@dataclass(frozen=True, slots=True)
class Duration:
    length: timedelta

    def __str__(self) -> str:
        minutes = int(self.length.total_seconds() // 60)
        days, rest = divmod(minutes, 24 * 60)
        hours, mins = divmod(rest, 60)
        parts = [f"{days}d" if days else "", f"{hours}h" if hours else "", f"{mins}m" if mins else ""]
        return "".join(parts) or "0m"

    def next_deadline(self, now: datetime, previous: datetime | None = None) -> datetime:
        return now + self.length


@dataclass(frozen=True, slots=True)
class TimeOfDay:
    at: time
    zone: str

    def __str__(self) -> str:
        return f"{self.at:%H:%M} {self.zone}"

    def next_deadline(self, now: datetime, previous: datetime | None = None) -> datetime:
        tz = ZoneInfo(self.zone)
        anchor = max(now + MIN_LEAD, previous) if previous is not None else now + MIN_LEAD
        local = anchor.astimezone(tz)
        day = local.date()
        for _ in range(3):
            candidate = datetime.combine(day, self.at, tzinfo=tz)
            if candidate > local:
                return candidate.astimezone(UTC)
            day += timedelta(days=1)
        raise AssertionError("unreachable")


Schedule = Duration | TimeOfDay


def parse_schedule(text: str) -> Schedule:
    """Read a schedule; raise :class:`ScheduleError` with a message code."""
    raw = text.strip()
    match = _TIME.match(raw)
    if match:
        hour, minute, zone = int(match.group(1)), int(match.group(2)), match.group(3) or "UTC"
        if hour > 23 or minute > 59:
            raise ScheduleError("schedule.bad_time", raw)
        _zone(zone)
        return TimeOfDay(time(hour, minute), zone)
    length = parse_duration(raw)
    if length < MIN_DURATION or length > MAX_DURATION:
        raise ScheduleError("schedule.out_of_range", raw)
    return Duration(length)


def parse_duration(text: str) -> timedelta:
    """``2d``, ``36h``, ``90m``, ``1d 2h30m`` -> a length; :class:`ScheduleError`
    (``schedule.unreadable``) when it is not one."""
    match = _DURATION.match(text)
    if not match or not any(match.groups()):
        raise ScheduleError("schedule.unreadable", text.strip())
    days, hours, mins = (int(g) if g else 0 for g in match.groups())
    return timedelta(days=days, hours=hours, minutes=mins)


def _zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise ScheduleError("schedule.bad_zone", name) from None


def parse_moment(text: str, now: datetime) -> datetime:
    """A moment: ``2026-03-05 18:00 [Europe/Madrid]`` (UTC without a zone), or a duration
    from ``now`` (``36h``). Codes: ``schedule.bad_zone``, ``schedule.bad_moment``."""
    match = _MOMENT.match(text)
    if match:
        zone = _zone(match.group(2) or "UTC")
        try:
            local = datetime.fromisoformat(match.group(1).replace(" ", "T"))
        except ValueError:
            raise ScheduleError("schedule.bad_moment", text.strip()) from None
        return local.replace(tzinfo=zone).astimezone(UTC)
    try:
        return now + parse_duration(text)
    except ScheduleError:
        raise ScheduleError("schedule.bad_moment", text.strip()) from None
