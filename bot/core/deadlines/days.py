"""Days off (issue 15): the next deadline of a phase from the game's schedules and the
dates its moderators skipped (holidays, ``/mod skip-day``).

A schedule may already keep deadlines off some days of the week (``48h except Sat Sun``,
``Mon Thu 19:00 America/New_York``: :mod:`bot.infra.schedule`); a date a moderator skips
is off for every schedule of the game, read in each schedule's time zone. Skipping a date
moves the current deadline when it falls on it (to the same time on the next day that is
not off); the skip is posted in the channel and written to the audit log, like every
moderator action. Taking a skip back (``undo``) moves no deadline.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from bot.core import context, posts
from bot.core.deadlines.reminders import plan_reminders
from bot.core.deps import Deps
from bot.core.errors import UserError
from bot.core.posts import PostKind
from bot.core.types import Actor, GameStatus, PhaseKind
from bot.infra.clock import from_unix, to_unix
from bot.infra.schedule import Schedule, parse_schedule
from bot.infra.storage import GameRow, Tx

MAX_AHEAD = timedelta(days=366)  # dates skipped at most a year ahead


async def skipped(tx: Tx, game_id: int) -> frozenset[date]:
    return frozenset(date.fromisoformat(d) for d in await tx.days_off(game_id))


def schedule_of(game: GameRow, phase: str) -> Schedule:
    return parse_schedule(PhaseKind.of(phase).schedule(game))


async def next_deadline(tx: Tx, game: GameRow, phase: str, now: datetime, previous: datetime | None = None) -> datetime:
    """The deadline of ``phase`` starting ``now`` (``previous``: the deadline of the phase
    before, which a fixed schedule keeps to), off the days the game skips."""
    return schedule_of(game, phase).next_deadline(now, previous, await skipped(tx, game.id))


async def avoiding(tx: Tx, game: GameRow, phase: str, moment: datetime) -> datetime:
    """A deadline computed from a length (``/mod extend``, ``/mod resume``'s time left) moved
    off the days the game does not play, as the ordinary deadline of ``phase`` is: to the
    same time on the next day that is not off."""
    return schedule_of(game, phase).avoiding(moment, await skipped(tx, game.id))


async def day_off(tx: Tx, game: GameRow, phase: str, moment: datetime) -> date | None:
    """The date (in the time zone of ``phase``'s schedule) when ``moment`` falls on a day
    the game does not play, else None: a deadline a moderator sets is kept there, and they
    are told (``/mod deadline``)."""
    schedule = schedule_of(game, phase)
    if schedule.avoiding(moment, await skipped(tx, game.id)) == moment:
        return None
    return moment.astimezone(ZoneInfo(schedule.zone)).date()


def read_day(text: str, today: date) -> date:
    """A date a moderator types (``2026-12-25``): not past, at most a year ahead."""
    try:
        day = date.fromisoformat(text.strip())
    except ValueError:
        raise UserError("days.bad_date", text=text.strip()) from None
    if day < today - timedelta(days=1):
        raise UserError("days.past", text=text.strip())
    if day > today + MAX_AHEAD:
        raise UserError("days.too_far", text=text.strip())
    return day


@dataclass(frozen=True, slots=True)
class SkipReport:
    game: GameRow
    day: str
    undone: bool
    deadline: float | None  # the deadline moved to, when it fell on the day


class DaysOff:
    """``/mod skip-day``: moderators skip a date (or take a skip back)."""

    def __init__(self, deps: Deps, is_moderator: Any) -> None:
        self.deps = deps
        self.is_moderator = is_moderator  # Moderation.is_moderator(tx, game, actor)

    async def skip(
        self, channel_id: int, actor: Actor, text: str, *, undo: bool = False, action: int | None = None
    ) -> SkipReport:
        now_dt = self.deps.clock()
        day = read_day(text, now_dt.date())
        async with self.deps.storage.write(action) as tx:
            game = await context.channel_game(tx, channel_id)
            if not await self.is_moderator(tx, game, actor):
                raise UserError("mod.not_allowed", game=game.name)
            if game.status == GameStatus.FINISHED:
                raise UserError("mod.status_active", game=game.name)
            iso = day.isoformat()
            moved = None
            if undo:
                if not await tx.remove_day_off(game.id, iso):
                    raise UserError("days.not_skipped", text=iso)
                kind = "unskip_day"
            else:
                if not await tx.add_day_off(game.id, iso, actor.user_id, self.deps.now()):
                    raise UserError("days.already", text=iso)
                moved = await self._move_deadline(tx, game)
                kind = "skip_day_moved" if moved is not None else "skip_day"
            detail: dict[str, Any] = {"day": iso, **({"deadline": moved} if moved is not None else {})}
            now = self.deps.now()
            await posts.channel(
                tx, game, game.phase, now, PostKind.MOD_ACTION, action=kind, mod=actor.user_id, mentions=(), **detail
            )
            await tx.add_audit(game.id, game.phase, actor.user_id, kind, detail, now)
        self.deps.changed(timers=moved is not None, posts=True)
        return SkipReport(game, iso, undo, moved)

    async def _move_deadline(self, tx: Tx, game: GameRow) -> float | None:
        """The current deadline, off the dates skipped now; the new one when it moved."""
        if game.status != GameStatus.ACTIVE or game.phase is None or game.deadline is None:
            return None
        deadline = from_unix(game.deadline)
        moved = schedule_of(game, game.phase).avoiding(deadline, await skipped(tx, game.id))
        if moved == deadline:
            return None
        remind = await plan_reminders(tx, game.id, game.phase, self.deps.clock(), moved)
        await tx.set_timers(game.id, game.phase, deadline=to_unix(moved), remind_at=to_unix(remind) if remind else None)
        return to_unix(moved)
