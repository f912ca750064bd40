"""Lengths of time and deadline schedules for players to read, in their language: numbers
by Babel (``format_decimal``), units in the CLDR plural form the number takes (Russian
``1 день``, ``3 дня``; Spanish ``1 día``, ``2 días``), from the catalogue's
``duration.*`` messages."""

from __future__ import annotations

from collections.abc import Collection

from babel.dates import get_day_names
from babel.numbers import format_decimal

from bot.core.languages import base_language
from bot.infra.schedule import ALL_DAYS, WEEKDAYS, WEEKENDS, Duration, ScheduleError, parse_schedule
from bot.text.i18n import DEFAULT, LANGUAGES, plural_form, t


def _unit(name: str, n: int, language: str) -> str:
    locale = base_language(language)
    number = format_decimal(n, locale=locale if locale in LANGUAGES else DEFAULT)
    return t(f"duration.{name}.{plural_form(n, language)}", language, n=number)


def duration_text(seconds: float, language: str = DEFAULT) -> str:
    """A length in whole minutes: ``1d 14h``, ``1 día 14 h``, ``1 день 14 ч``."""
    seconds = max(0, int(round(seconds)))
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes = rest // 60
    parts = [_unit(name, n, language) for name, n in (("day", days), ("hour", hours), ("minute", minutes)) if n]
    return " ".join(parts) or _unit("minute", 0, language)


def days_words(days: Collection[int], language: str = DEFAULT) -> str:
    """Days of the week in the language: "weekdays", "lun., jue.", "пн, чт"."""
    days = frozenset(days)
    if days == WEEKDAYS:
        return t("schedule.weekdays", language)
    if days == WEEKENDS:
        return t("schedule.weekends", language)
    names = get_day_names("abbreviated", locale=language if language in LANGUAGES else DEFAULT)
    return ", ".join(names[d] for d in sorted(days))


def schedule_text(spec: str, language: str = DEFAULT) -> str:
    """A stored deadline schedule (``48h``, ``20:00 Europe/Madrid``, ``Mon Thu 19:00
    America/New_York``, ``2d except weekends``) for players to read."""
    try:
        schedule = parse_schedule(spec)
    except ScheduleError:
        return spec
    if isinstance(schedule, Duration):
        length = duration_text(schedule.length.total_seconds(), language)
        if not schedule.days_off:
            return length
        days = days_words(schedule.days_off, language) + ("" if schedule.zone == "UTC" else f" ({schedule.zone})")
        return t("schedule.except", language, length=length, days=days)
    at = f"{schedule.at:%H:%M} {schedule.zone}"
    if schedule.days == ALL_DAYS:
        return at
    return t("schedule.at_days", language, days=days_words(schedule.days, language), time=at)
