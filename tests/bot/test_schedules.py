"""Deadline schedules (bot.infra.schedule): one parser for lengths, times of day, days of
the week (in the bot's four languages) and days off; the next deadline in the schedule's
time zone, daylight saving included; dates skipped."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

import pytest

from bot.infra.schedule import (
    ALL_DAYS,
    WEEKDAYS,
    Duration,
    ScheduleError,
    TimeOfDay,
    parse_schedule,
)


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)


@pytest.mark.parametrize(
    "text, canonical",
    [
        ("36h", "1d12h"),
        ("20:00 Europe/Madrid", "20:00 Europe/Madrid"),
        ("20:00", "20:00 UTC"),
        ("Mon Thu 19:00 America/New_York", "Mon Thu 19:00 America/New_York"),
        ("mon, thursday 19:00 America/New_York", "Mon Thu 19:00 America/New_York"),
        ("weekdays 21:00 Europe/Sofia", "weekdays 21:00 Europe/Sofia"),
        ("Mon-Fri 21:00 Europe/Sofia", "weekdays 21:00 Europe/Sofia"),
        ("Fri-Mon 12:00", "Mon Fri Sat Sun 12:00 UTC"),
        ("daily 20:00 except Sun", "Mon Tue Wed Thu Fri Sat 20:00 UTC"),
        ("lun jue 19:00 America/New_York", "Mon Thu 19:00 America/New_York"),
        ("Sáb 10:00 Europe/Madrid", "Sat 10:00 Europe/Madrid"),
        ("пн, чт 19:00 Europe/Moscow", "Mon Thu 19:00 Europe/Moscow"),
        ("будни 21:00 Europe/Moscow", "weekdays 21:00 Europe/Moscow"),
        ("делнични 21:00 Europe/Sofia", "weekdays 21:00 Europe/Sofia"),
        ("пн-пт 21:00 Europe/Sofia", "weekdays 21:00 Europe/Sofia"),
        ("48h except Sat Sun", "2d except weekends"),
        ("2d except sun Europe/Madrid", "2d except Sun Europe/Madrid"),
        ("1d 12h кроме выходные", "1d12h except weekends"),
    ],
)
def test_one_parser_and_one_canonical_form(text, canonical):
    schedule = parse_schedule(text)
    assert str(schedule) == canonical
    assert str(parse_schedule(str(schedule))) == canonical  # what is stored reads back the same


@pytest.mark.parametrize(
    "text, code",
    [
        ("Mon Blursday 19:00", "schedule.bad_day"),
        ("48h except", "schedule.bad_day"),
        ("48h except Mon-Sun", "schedule.no_days"),
        ("Sun 20:00 except Sun", "schedule.no_days"),
        ("Mon 25:00", "schedule.bad_time"),
        ("Mon 19:00 Mars/Olympus", "schedule.bad_zone"),
        ("3m", "schedule.out_of_range"),
        ("soon", "schedule.unreadable"),
    ],
)
def test_schedules_that_cannot_be_read_say_why(text, code):
    with pytest.raises(ScheduleError) as err:
        parse_schedule(text)
    assert err.value.code == code


def test_fixed_days_keep_to_the_local_time_across_daylight_saving():
    """New York moves its clocks on Sunday 8 March 2026: 19:00 is 00:00 UTC before, 23:00
    UTC after."""
    schedule = parse_schedule("Mon Thu 19:00 America/New_York")
    assert isinstance(schedule, TimeOfDay) and schedule.days == frozenset({0, 3})
    thursday = utc(2026, 3, 6, 0, 0)  # Thu 5 March 19:00 EST
    assert schedule.next_deadline(utc(2026, 3, 5, 12, 0)) == thursday
    monday = schedule.next_deadline(thursday + timedelta(minutes=1), previous=thursday)
    assert monday == utc(2026, 3, 9, 23, 0)  # Mon 9 March 19:00 EDT
    # resolved early (everyone ready) on the Friday: still the Monday, off the weekend
    assert schedule.next_deadline(utc(2026, 3, 6, 12, 0), previous=thursday) == monday


def test_days_skipped_are_jumped_over():
    schedule = parse_schedule("Mon Thu 19:00 America/New_York")
    thursday = utc(2026, 3, 6, 0, 0)
    skip = {date(2026, 3, 9)}
    assert schedule.next_deadline(thursday, previous=thursday, skip=skip) == utc(2026, 3, 12, 23, 0)


def test_a_length_never_ends_on_a_day_off():
    schedule = parse_schedule("48h except Sat Sun Europe/Madrid")
    assert isinstance(schedule, Duration) and schedule.days == WEEKDAYS
    friday_evening = utc(2026, 3, 27, 17, 0)  # Fri 18:00 in Madrid (winter time)
    # + 48 hours = Sunday 19:00 local (the clocks went forward that night): moved to Monday
    # at the same local time, 19:00 summer time
    assert schedule.next_deadline(friday_evening) == utc(2026, 3, 30, 17, 0)
    tuesday = utc(2026, 3, 31, 10, 0)
    assert schedule.next_deadline(tuesday) == tuesday + timedelta(hours=48)  # Thursday: a working day
    # a holiday skipped on the Thursday moves it to Friday, same local time
    assert schedule.next_deadline(tuesday, skip={date(2026, 4, 2)}) == utc(2026, 4, 3, 10, 0)


def test_the_days_off_of_a_length_are_read_in_its_time_zone():
    """Friday 23:30 UTC is already Saturday in Sofia."""
    plain = parse_schedule("1d except Sat")
    sofia = parse_schedule("1d except Sat Europe/Sofia")
    thursday = utc(2026, 3, 5, 23, 30)
    assert plain.next_deadline(thursday) == utc(2026, 3, 6, 23, 30)  # Friday in UTC: fine
    assert sofia.next_deadline(thursday) == utc(2026, 3, 7, 23, 30)  # Saturday in Sofia: Sunday


def test_a_daily_time_is_as_before():
    schedule = parse_schedule("20:00 Europe/Madrid")
    assert schedule == TimeOfDay(time(20, 0), "Europe/Madrid", ALL_DAYS)
    assert schedule.next_deadline(utc(2026, 3, 2, 12, 0)) == utc(2026, 3, 2, 19, 0)
