"""One background task that does its work, sleeps until its next piece of work is due, and
can be woken early: the shape of both the deadline scheduler and the outbox.

Waking never interrupts work in progress: while the task works, a wake only marks it to
look again before sleeping; while it sleeps, the sleep is cut short.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from bot.infra.lease import LeaseLost
from bot.infra.storage import DATABASE_ERRORS
from bot.infra.turns import mark_background

log = logging.getLogger(__name__)

MAX_SLEEP = 3600.0  # look at the database at least this often
ERROR_PAUSE = 30.0  # after an unexpected error, try again this much later
DATABASE_PAUSE = 5.0  # after a database error (a full disk, a server gone): sooner, it may pass


class WakeableLoop:
    """Subclasses implement :meth:`step` (do what is due; return when to look next, or
    None for "nothing planned"), and may implement :meth:`first` (run once at start)."""

    name = "loop"

    def __init__(self, now: Callable[[], float], pause: Callable[[float], Awaitable[None]] | None = None) -> None:
        self._now = now
        # how to sleep until the next timer: asyncio.sleep; tests hand in simcord's virtual wait
        self._pause = pause or asyncio.sleep
        self._task: asyncio.Task[None] | None = None
        self._sleeping = False
        self._dirty = False
        self._stopping = False

    async def step(self) -> float | None:
        raise NotImplementedError

    async def first(self) -> None:
        """Run once before the first step."""

    def start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._begin(), name=self.name)

    def wake(self) -> None:
        """Something new is due sooner: look again now."""
        if self._task is None or self._stopping:
            return
        if self._sleeping:
            self._task.cancel()
            self._task = asyncio.get_running_loop().create_task(self._run(), name=self.name)
        else:
            self._dirty = True

    async def stop(self, grace: float = 0.0) -> None:
        """Stop the task: at once while it sleeps; while it works, when its current step ends
        or after ``grace`` seconds, whichever comes first (then it is cancelled, and a write
        transaction in progress rolls back)."""
        task = self._task
        if task is None:
            return
        self._stopping = True
        if grace > 0 and not self._sleeping:
            await asyncio.wait({task}, timeout=grace)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        self._task = None
        self._stopping = False

    async def _begin(self) -> None:
        mark_background()  # its database work waits behind players' commands (bot.infra.turns)
        try:
            await self.first()
        except Exception:
            log.exception("%s: starting up failed; going on", self.name)
        await self._run()

    async def _run(self) -> None:
        mark_background()  # (a task of its own when woken from a sleep)
        while True:
            self._dirty = False
            try:
                nxt = await self.step()
            except asyncio.CancelledError:
                raise
            except LeaseLost:
                return  # another process owns the database now: this loop is done
            except Exception as exc:
                if self._stopping:  # a write given up because the bot stops: nothing to report
                    return
                if isinstance(exc, DATABASE_ERRORS):  # a full disk, a server gone: no bug, no traceback
                    log.warning(
                        "%s: the database failed (%s); trying again in %ss",
                        self.name,
                        " ".join(str(exc).split())[:200] or type(exc).__name__,
                        DATABASE_PAUSE,
                    )
                    nxt = self._now() + DATABASE_PAUSE
                else:
                    log.exception("%s failed; trying again in %ss", self.name, ERROR_PAUSE)
                    nxt = self._now() + ERROR_PAUSE
            if self._stopping:
                return
            if self._dirty:
                continue
            delay = MAX_SLEEP if nxt is None else max(0.0, min(MAX_SLEEP, nxt - self._now()))
            if delay <= 0:
                continue
            self._sleeping = True
            try:
                await self._pause(delay)
            finally:
                self._sleeping = False
