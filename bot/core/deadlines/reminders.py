"""Reminders: each player chooses how long before a deadline to be reminded (several lead
times, or never) and whether only when their orders are incomplete; the game's
``remind_at`` is the earliest reminder due. Planned at each phase start, sent by the
scheduler (:meth:`Reminders.send_due`) as post intents."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from bot.core import context, posts
from bot.core.deps import Deps
from bot.core.errors import UserError
from bot.core.posts import PostKind
from bot.core.rules import orders_due
from bot.core.status.report import missing_orders, silent_powers
from bot.core.types import GameStatus
from bot.infra.clock import from_unix, to_unix
from bot.infra.schedule import ScheduleError, parse_duration
from bot.infra.storage import Tx

DEFAULT_LEADS = (12 * 60, 60)  # minutes before the deadline: games played over days
MAX_LEADS = 5
MIN_LEAD, MAX_LEAD = 5, 7 * 24 * 60
# what a player may type for no reminders / the defaults, in every language the texts show it in
NEVER_WORDS = frozenset({"never", "off", "none", "0", "nunca", "ninguno", "никогда", "нет", "никога"})
DEFAULT_WORDS = frozenset({"default", "por defecto", "predeterminado", "по умолчанию", "по подразбиране"})


@dataclass(frozen=True, slots=True)
class ReminderSettings:
    leads: tuple[int, ...]  # minutes before the deadline, longest first; () = never
    only_incomplete: bool
    chosen: bool  # False: the defaults


def parse_leads(text: str) -> tuple[int, ...]:
    """``"12h 1h"``, ``"1d, 2h30m"``, ``"never"`` (``nunca``, ``никогда``, ``никога``) ->
    minutes, longest first; ``default`` (``por defecto``, ...) -> the defaults."""
    words = [w for w in re.split(r"[\s,;]+", text.strip().lower()) if w]
    if not words:
        raise UserError("remind.bad_lead", text=text)
    said = " ".join(words)
    if said in NEVER_WORDS:
        return ()
    if said in DEFAULT_WORDS:
        return DEFAULT_LEADS
    out = set()
    for word in words:
        try:
            minutes = int(parse_duration(word).total_seconds() // 60)
        except ScheduleError:
            raise UserError("remind.bad_lead", text=word) from None
        if not MIN_LEAD <= minutes <= MAX_LEAD:
            raise UserError("remind.lead_range", text=word)
        out.add(minutes)
    if len(out) > MAX_LEADS:
        raise UserError("remind.too_many", limit=MAX_LEADS)
    return tuple(sorted(out, reverse=True))


async def _next_reminder(
    tx: Tx, game_id: int, phase: str, started: float | None, deadline: float | None
) -> float | None:
    if deadline is None:
        return None
    players = await tx.players(game_id)
    settings = await tx.reminder_settings(p.user_id for p in players)
    sent = await tx.reminders_sent(game_id, phase)
    times = []
    for p in players:
        if p.seat is None:
            continue
        leads = settings.get(p.user_id, (DEFAULT_LEADS, True))[0]
        for lead in leads:
            at = deadline - lead * 60
            if (started is None or at > started) and (p.user_id, lead) not in sent:
                times.append(at)
    return min(times, default=None)


async def plan_reminders(tx: Tx, game_id: int, phase: str, start: datetime, deadline: datetime) -> datetime | None:
    """At the start of a phase: remember when it started, and when the first reminder
    of any of its players is due (the game's ``remind_at``)."""
    started = to_unix(start)
    await tx.set_phase_start(game_id, phase, started)
    at = await _next_reminder(tx, game_id, phase, started, to_unix(deadline))
    return from_unix(at) if at is not None else None


class Reminders:
    def __init__(self, deps: Deps) -> None:
        self.deps = deps

    async def send_due(self, game_id: int, phase: str) -> None:
        """Send every reminder due in this phase (each lead time once per player; only to
        players with something to order, not ready, and, unless they chose otherwise, with
        incomplete orders), then set the game's next reminder time."""
        async with self.deps.storage.write() as tx:
            game = await tx.game(game_id)
            if game is None or game.phase != phase or game.status != GameStatus.ACTIVE:
                return
            ctx = await context.load(tx, game)
            now = self.deps.now()
            deadline = game.deadline or 0.0
            started = await tx.phase_start(game_id, phase)
            settings = await tx.reminder_settings(p.user_id for p in ctx.players)
            sent = await tx.reminders_sent(game_id, phase)
            for p in ctx.players:
                if p.seat is None:
                    continue
                leads, only_incomplete = settings.get(p.user_id, (DEFAULT_LEADS, True))
                due = [
                    lead
                    for lead in leads
                    if deadline - lead * 60 <= now
                    and (started is None or deadline - lead * 60 > started)
                    and (p.user_id, lead) not in sent
                ]
                if not due:
                    continue
                for lead in due:
                    await tx.mark_reminder_sent(game_id, p.user_id, phase, lead, now)
                if p.ready_phase == phase:
                    continue
                powers = ctx.powers_of(p)
                if all(orders_due(ctx.position, pw, ctx.rules).is_empty for pw in powers):
                    continue
                mine = [o for o in ctx.orders if o.power in {x.value for x in powers}]
                missing = missing_orders(ctx, powers, mine)
                if not missing and only_incomplete:
                    continue
                await posts.dm(
                    tx,
                    game,
                    phase,
                    now,
                    p.user_id,
                    PostKind.DM_REMINDER,
                    phase=phase,
                    deadline=deadline,
                    missing=[m.to_json() for m in missing],
                    silent=[pw.value for pw in silent_powers(ctx, powers, mine)],
                    by_power=len(powers) > 1,
                )
            await tx.set_remind_at(game_id, phase, await _next_reminder(tx, game_id, phase, started, deadline))
        self.deps.changed(posts=True)

    async def settings(self, user_id: int) -> ReminderSettings:
        async with self.deps.storage.read() as tx:
            chosen = (await tx.reminder_settings([user_id])).get(user_id)
        if chosen is None:
            return ReminderSettings(DEFAULT_LEADS, True, False)
        return ReminderSettings(chosen[0], chosen[1], True)

    async def choose(self, user_id: int, before: str | None, only_incomplete: bool | None) -> ReminderSettings:
        """Change a player's reminders (for all their games) and re-plan the games' timers."""
        current = await self.settings(user_id)
        leads = parse_leads(before) if before is not None else current.leads
        only = current.only_incomplete if only_incomplete is None else only_incomplete
        async with self.deps.storage.write() as tx:
            await tx.set_reminder_settings(user_id, leads, only, self.deps.now())
            for game in await tx.games_of_user(user_id, (GameStatus.ACTIVE.value,)):
                if game.phase is None:
                    continue
                started = await tx.phase_start(game.id, game.phase)
                await tx.set_remind_at(
                    game.id, game.phase, await _next_reminder(tx, game.id, game.phase, started, game.deadline)
                )
        self.deps.changed(timers=True)
        return ReminderSettings(leads, only, True)
