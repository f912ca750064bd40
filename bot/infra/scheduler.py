"""Deadlines: one task that sleeps until the earliest deadline or reminder stored in the
database, then has the core resolve what is due.

Timers live in the database, not in memory, so a restart loses none: on start the task
runs whatever fell due while the bot was down. When a nearer timer is stored (a new game,
a phase resolved, everyone ready) :meth:`Scheduler.wake` cuts the sleep short, as
RoboDanny's reminder cog does; it never interrupts a resolution in progress.

The scheduler knows nothing of games: it is handed ``run_due`` (do what is due) and
``next_timer`` (when to look next), so infra never imports the core.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.infra.wakeable import WakeableLoop


class Scheduler(WakeableLoop):
    """Runs what is due, then sleeps until the next timer."""

    name = "deadline-scheduler"

    def __init__(
        self,
        run_due: Callable[[], Awaitable[object]],
        next_timer: Callable[[], Awaitable[float | None]],
        now: Callable[[], float],
        pause: Callable[[float], Awaitable[None]] | None = None,
    ) -> None:
        super().__init__(now, pause)
        self._run_due = run_due
        self._next_timer = next_timer

    async def step(self) -> float | None:
        await self._run_due()
        return await self._next_timer()
