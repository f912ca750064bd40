"""Deadlines: one task that sleeps until the earliest deadline or reminder stored in the
database, then has the game service resolve what is due.

Timers live in SQLite, not in memory, so a restart loses none: on start the task runs
whatever fell due while the bot was down. When a nearer timer is stored (a new game, a
phase resolved, everyone ready) :meth:`Scheduler.wake` cuts the sleep short, as
RoboDanny's reminder cog does; it never interrupts a resolution in progress.
"""
from __future__ import annotations

import asyncio
import logging

from bot.service import GameService

log = logging.getLogger(__name__)

MAX_SLEEP = 3600.0   # re-read the database at least this often
ERROR_PAUSE = 30.0


class Scheduler:
    def __init__(self, service: GameService) -> None:
        self.service = service
        self._task: asyncio.Task[None] | None = None
        self._sleeping = False
        self._dirty = False

    def start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._run(), name="deadline-scheduler")

    def wake(self) -> None:
        """A timer changed: look again now."""
        if self._task is None:
            return
        if self._sleeping:
            self._task.cancel()
            self._task = asyncio.get_running_loop().create_task(self._run(), name="deadline-scheduler")
        else:
            self._dirty = True

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None

    async def _run(self) -> None:
        while True:
            self._dirty = False
            try:
                await self.service.run_due()
                nxt = await self.service.next_timer()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the deadline scheduler failed; trying again in %ss", ERROR_PAUSE)
                nxt = self.service.now() + ERROR_PAUSE
            if self._dirty:
                continue
            delay = MAX_SLEEP if nxt is None else max(0.0, min(MAX_SLEEP, nxt - self.service.now()))
            if delay <= 0:
                continue
            self._sleeping = True
            try:
                await asyncio.sleep(delay)
            finally:
                self._sleeping = False
