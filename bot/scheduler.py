"""Deadlines: one task that sleeps until the earliest deadline or reminder stored in the
database, then has the game service resolve what is due.

Timers live in SQLite, not in memory, so a restart loses none: on start the task runs
whatever fell due while the bot was down. When a nearer timer is stored (a new game, a
phase resolved, everyone ready) :meth:`Scheduler.wake` cuts the sleep short, as
RoboDanny's reminder cog does; it never interrupts a resolution in progress.
"""
from __future__ import annotations

from bot.service import GameService
from bot.wakeable import WakeableLoop


class Scheduler(WakeableLoop):
    """Resolves due phases and sends due reminders, then sleeps until the next timer."""

    name = "deadline-scheduler"

    def __init__(self, service: GameService, pause=None) -> None:
        super().__init__(service.now, pause)
        self.service = service

    async def step(self) -> float | None:
        await self.service.run_due()
        return await self.service.next_timer()
