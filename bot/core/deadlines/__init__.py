"""Deadlines: when a phase is due, and how the bot treats players who are late.

- :mod:`~bot.core.deadlines.days`: the next deadline from the game's schedules and the
  dates its moderators skipped (:class:`DaysOff`: ``/mod skip-day``);
- :mod:`~bot.core.deadlines.reminders`: the reminders each player asked for before a
  deadline, planned at each phase start and sent by the scheduler (:class:`Reminders`:
  ``/remind``);
- :mod:`~bot.core.deadlines.grace`: the grace a phase gives players who still owe orders
  at the deadline (:class:`Grace`: ``/grace``; the game's late policy:
  :func:`read_policy`).

The other answers to lateness live with what they are about: standby orders with the
orders (:mod:`bot.core.orders.standby`), the stand-ins and civil disorder with the seats
(:mod:`bot.core.seats`), the late record ``/game status`` shows with the status
(:mod:`bot.core.status.late`).
"""

from __future__ import annotations

from bot.core.deadlines.days import DaysOff
from bot.core.deadlines.grace import Grace, GraceChoice, read_policy
from bot.core.deadlines.reminders import Reminders, ReminderSettings

__all__ = ["DaysOff", "Grace", "GraceChoice", "ReminderSettings", "Reminders", "read_policy"]
