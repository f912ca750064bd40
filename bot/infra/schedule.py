"""Reading times players type: the ONE duration parser (``24h``, ``90m``, ``2d``,
``1d 2h30m``), deadline schedules and the next deadline from them, and moments
(``2026-03-05 18:00 Europe/Madrid``). Errors are typed: :class:`ScheduleError` carries a
code the core turns into a message.

A schedule is one of:

- a length (``36h``): the deadline is that long after the phase starts. With days off
  (``48h except Sat Sun``, ``2d except Sun Europe/Madrid``: the days in that time zone,
  UTC without one) a deadline never falls on a day off: it moves to the same time of day
  on the next day that is not off.
- a time of day (``20:00 Europe/Madrid``), on some days of the week only (``Mon Thu 19:00
  America/New_York``, ``weekdays 21:00 Europe/Sofia``, ``Mon-Fri 20:00``, ``daily 20:00
  except Sun``): a fixed schedule. The deadline is the next such time (in that time zone,
  daylight saving included: 19:00 in New York stays 19:00 when the clocks change) after
  the deadline the previous phase had, so resolving early (everyone ready) keeps the game
  on its rhythm instead of pulling every later deadline earlier.

Days may be written in the bot's four languages (``Mon``, ``lun``, ``пн``, ``monday``,
``lunes``...; ``weekdays``, ``laborables``, ``будни``, ``делнични``...); a schedule is
stored in one canonical English form (``str``). Dates a moderator skips (holidays:
``skip``) are days off too, for every schedule of the game.

>>> str(parse_schedule("36h"))
'1d12h'
>>> str(parse_schedule("20:00 Europe/Madrid"))
'20:00 Europe/Madrid'
>>> str(parse_schedule("lun, jue 19:00 America/New_York"))
'Mon Thu 19:00 America/New_York'
>>> str(parse_schedule("пн-пт 21:00 Europe/Sofia"))
'weekdays 21:00 Europe/Sofia'
>>> str(parse_schedule("2d except sat sun"))
'2d except weekends'
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

MIN_DURATION = timedelta(minutes=5)
MAX_DURATION = timedelta(days=14)
MIN_LEAD = timedelta(hours=1)  # a fixed-time first deadline is at least this far away
LOOK_AHEAD = 400  # days searched for a day that is not off (skipped dates can be many)

_DURATION = re.compile(r"^\s*(?:(\d+)\s*d)?\s*(?:(\d+)\s*h)?\s*(?:(\d+)\s*m(?:in)?)?\s*$", re.I)
_TIME = re.compile(r"^(\d{1,2}):(\d{2})$")
_MOMENT = re.compile(r"^\s*(\d{4}-\d{2}-\d{2}[ T]\d{1,2}:\d{2})\s*(\S+)?\s*$")

ALL_DAYS = frozenset(range(7))  # Monday is 0, as date.weekday() counts
WEEKDAYS = frozenset(range(5))
WEEKENDS = frozenset({5, 6})
DAY_CODES = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")

# day names players may type (lower case, accents dropped): English, Spanish, Russian, Bulgarian
_DAYS: dict[str, int] = {}
for _n, _words in enumerate(
    (
        ("mon", "monday", "lun", "lunes", "пн", "пон", "понедельник", "понеделник"),
        ("tue", "tues", "tuesday", "mar", "martes", "вт", "вто", "вторник"),
        ("wed", "wednesday", "mie", "miercoles", "ср", "сре", "среда", "сряда"),
        ("thu", "thur", "thurs", "thursday", "jue", "jueves", "чт", "чет", "четверг", "четвъртък"),
        ("fri", "friday", "vie", "viernes", "пт", "пет", "пятница", "петък"),
        ("sat", "saturday", "sab", "sabado", "сб", "суб", "съб", "суббота", "събота"),
        ("sun", "sunday", "dom", "domingo", "вс", "вск", "воскресенье", "нд", "нед", "неделя"),
    )
):
    _DAYS.update(dict.fromkeys(_words, _n))
_DAY_SETS: dict[str, frozenset[int]] = {
    **dict.fromkeys(("daily", "everyday", "diario", "diariamente", "ежедневно", "всеки"), ALL_DAYS),
    **dict.fromkeys(("weekdays", "laborables", "будни", "делнични", "делник"), WEEKDAYS),
    **dict.fromkeys(("weekends", "weekend", "findes", "выходные", "уикенд", "уикенди", "почивни"), WEEKENDS),
}
_EXCEPT = frozenset({"except", "excepto", "salvo", "menos", "кроме", "освен"})


class ScheduleError(ValueError):
    """A schedule that cannot be read; ``code`` names the message to show."""

    def __init__(self, code: str, text: str) -> None:
        super().__init__(f"{code}: {text!r}")
        self.code = code
        self.text = text


def days_text(days: Collection[int]) -> str:
    """Days of the week in the canonical form: ``weekdays``, ``weekends``, ``Mon Thu``."""
    days = frozenset(days)
    if days == WEEKDAYS:
        return "weekdays"
    if days == WEEKENDS:
        return "weekends"
    return " ".join(DAY_CODES[d] for d in sorted(days))


def _fold(word: str) -> str:
    """A word as the day tables hold it: lower case, accents dropped (``Sáb`` -> ``sab``)."""
    plain = unicodedata.normalize("NFD", word.lower())
    return "".join(c for c in plain if not unicodedata.combining(c) or c == "\u0306").replace("и\u0306", "й")


def _day_set(word: str) -> frozenset[int] | None:
    """The days one word names (``Mon``, ``weekdays``, ``Mon-Fri``), or None."""
    word = _fold(word).rstrip(".")
    if word in _DAY_SETS:
        return _DAY_SETS[word]
    if word in _DAYS:
        return frozenset({_DAYS[word]})
    first, dash, last = word.partition("-")
    if dash and first in _DAYS and last in _DAYS:
        a, b = _DAYS[first], _DAYS[last]
        return frozenset(range(a, b + 1)) if a <= b else frozenset([*range(a, 7), *range(0, b + 1)])
    return None


def _allowed(moment: datetime, zone: ZoneInfo, days: frozenset[int], skip: Collection[date]) -> bool:
    local = moment.astimezone(zone).date()
    return local.weekday() in days and local not in skip


def _avoiding(moment: datetime, zone: ZoneInfo, days: frozenset[int], skip: Collection[date]) -> datetime:
    """``moment``, or when its day (in ``zone``) is off, the same local time on the next day
    that is not (``days``: the days allowed; ``skip``: dates off)."""
    if _allowed(moment, zone, days, skip):
        return moment
    local = moment.astimezone(zone)
    day = local.date()
    for _ in range(LOOK_AHEAD):
        day += timedelta(days=1)
        if day.weekday() in days and day not in skip:
            return datetime.combine(day, local.time(), tzinfo=zone).astimezone(UTC)
    raise ScheduleError("schedule.no_days", str(moment))


@dataclass(frozen=True, slots=True)
class Duration:
    """A deadline ``length`` after the phase starts, never on ``days_off`` (in ``zone``)."""

    length: timedelta
    days_off: frozenset[int] = frozenset()
    zone: str = "UTC"

    def __str__(self) -> str:
        minutes = int(self.length.total_seconds() // 60)
        days, rest = divmod(minutes, 24 * 60)
        hours, mins = divmod(rest, 60)
        parts = [f"{days}d" if days else "", f"{hours}h" if hours else "", f"{mins}m" if mins else ""]
        text = "".join(parts) or "0m"
        if self.days_off:
            text += f" except {days_text(self.days_off)}" + (f" {self.zone}" if self.zone != "UTC" else "")
        return text

    @property
    def days(self) -> frozenset[int]:
        """The days a deadline may fall on."""
        return ALL_DAYS - self.days_off

    def next_deadline(self, now: datetime, previous: datetime | None = None, skip: Collection[date] = ()) -> datetime:
        return self.avoiding(now + self.length, skip)

    def avoiding(self, moment: datetime, skip: Collection[date] = ()) -> datetime:
        """A deadline moved off the days off and ``skip`` (to the same time, the next day)."""
        return _avoiding(moment, ZoneInfo(self.zone), self.days, skip)


@dataclass(frozen=True, slots=True)
class TimeOfDay:
    """A deadline at ``at`` (in ``zone``) on ``days`` of the week."""

    at: time
    zone: str
    days: frozenset[int] = ALL_DAYS

    def __str__(self) -> str:
        prefix = "" if self.days == ALL_DAYS else days_text(self.days) + " "
        return f"{prefix}{self.at:%H:%M} {self.zone}"

    def next_deadline(self, now: datetime, previous: datetime | None = None, skip: Collection[date] = ()) -> datetime:
        tz = ZoneInfo(self.zone)
        anchor = max(now + MIN_LEAD, previous) if previous is not None else now + MIN_LEAD
        local = anchor.astimezone(tz)
        day = local.date()
        for _ in range(LOOK_AHEAD):
            # combine() in the zone: the UTC offset of THAT day (daylight saving or not)
            candidate = datetime.combine(day, self.at, tzinfo=tz)
            if candidate > local and day.weekday() in self.days and day not in skip:
                return candidate.astimezone(UTC)
            day += timedelta(days=1)
        raise ScheduleError("schedule.no_days", str(self))

    def avoiding(self, moment: datetime, skip: Collection[date] = ()) -> datetime:
        """A deadline moved off the days it may not fall on (to the same time, the next day)."""
        return _avoiding(moment, ZoneInfo(self.zone), self.days, skip)


Schedule = Duration | TimeOfDay


def _split_days(words: Iterable[str], text: str) -> tuple[frozenset[int], str | None]:
    """Day words, with at most one time zone among them: (the days, the zone)."""
    days: set[int] = set()
    zone = None
    for word in words:
        found = _day_set(word)
        if found is not None:
            days |= found
        elif zone is None and ("/" in word or word.upper() == "UTC"):
            _zone(word)
            zone = word
        else:
            raise ScheduleError("schedule.bad_day", word)
    return frozenset(days), zone


def parse_schedule(text: str) -> Schedule:
    """Read a schedule (see the module's docstring); raise :class:`ScheduleError` with a
    message code."""
    raw = text.strip()
    words = [w for w in re.split(r"[\s,;]+", raw) if w]
    cut = next((i for i, w in enumerate(words) if _fold(w) in _EXCEPT), len(words))
    main, off_words = words[:cut], words[cut + 1 :]
    if cut < len(words) and not off_words:
        raise ScheduleError("schedule.bad_day", words[cut])
    off, off_zone = _split_days(off_words, raw)
    at = next((i for i, w in enumerate(main) if _TIME.match(w)), None)
    if at is None:
        length = parse_duration(" ".join(main))
        if length < MIN_DURATION or length > MAX_DURATION:
            raise ScheduleError("schedule.out_of_range", raw)
        if off == ALL_DAYS:
            raise ScheduleError("schedule.no_days", raw)
        return Duration(length, off, off_zone or "UTC")
    match = _TIME.match(main[at])
    assert match is not None
    hour, minute = int(match.group(1)), int(match.group(2))
    if hour > 23 or minute > 59:
        raise ScheduleError("schedule.bad_time", raw)
    days, zone = _split_days(main[:at] + main[at + 1 :], raw)
    if off_zone is not None and zone is not None and off_zone != zone:
        raise ScheduleError("schedule.bad_day", off_zone)
    zone = zone or off_zone or "UTC"
    chosen = (days or ALL_DAYS) - off
    if not chosen:
        raise ScheduleError("schedule.no_days", raw)
    return TimeOfDay(time(hour, minute), zone, chosen)


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
