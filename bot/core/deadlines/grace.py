"""Grace (issue 15): when a player still owes orders at the deadline, the phase waits a
little longer for them, if the game gives grace (``/game create grace:15m``) and the
player asked for it (``/grace``; or every player, ``grace_for:everyone``).

The rules:

- A player *owes orders* at the deadline when they are not ready and some power of
  theirs that is not in civil disorder still has a unit (retreat, build, disband) without
  an order. A power whose orders are forced owes nothing (:mod:`bot.core.trivial`).
- At the deadline (not before: a phase every player is ready for resolves at once), if
  any such player may have grace, the deadline moves to the old deadline plus the grace,
  once per phase: those players get a DM saying what they still owe and until when, and
  the channel is told who the phase waits for. Orders stay open for everyone until then
  (it is the phase's deadline now); the phase resolves at the new deadline, or as soon as
  every player it waits for has all their orders in or is ready.
- A moderator's ``/mod resolve`` gives no grace.
- The grace's end is not moved off the days the game does not play (:mod:`bot.core.deadlines.days`),
  as a deadline computed by a moderator is: it is a short wait for the late players only
  (at most a day), and moving it to the next day the game plays would give everyone days.
- The reliability record marks the phases in which a player was given grace
  (``/game status``); whether they then missed the phase is recorded as always.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bot.core import context, posts
from bot.core.context import GameContext
from bot.core.deps import Deps
from bot.core.errors import UserError
from bot.core.posts import PostKind
from bot.core.status.report import Missing, missing_orders
from bot.core.types import GameStatus
from bot.infra.schedule import ScheduleError, parse_duration
from bot.infra.storage import GameRow, PlayerRow, Tx
from bot.infra.storage.moderation import PowerState
from bot.infra.storage.standby import GRACE_FOR, GraceRow, LatePolicy

MAX_GRACE = 24 * 3600.0  # a grace longer than a day is a longer deadline


def read_policy(grace: str | None, grace_for: str | None, standby_missed: bool | None) -> LatePolicy:
    """A game's late policy from ``/game create``'s options; a refusal when unreadable."""
    seconds = 0.0
    text = (grace or "").strip()
    if text and text not in ("0", "none", "no", "off"):
        try:
            seconds = parse_duration(text).total_seconds()
        except ScheduleError:
            raise UserError("grace.bad_length", text=text) from None
        if not 0 < seconds <= MAX_GRACE:
            raise UserError("grace.bad_length", text=text)
    who = grace_for or "asked"
    if who not in GRACE_FOR:
        raise UserError("grace.bad_length", text=who)
    return LatePolicy(seconds, who, bool(standby_missed))


def still_owed(ctx: GameContext, player: PlayerRow, states: Mapping[str, PowerState]) -> list[Missing]:
    """What the player's powers that are not in civil disorder still have to order (nothing
    when the player is ready)."""
    if player.ready_phase == ctx.phase:
        return []
    powers = [pw for pw in ctx.powers_of(player) if not (pw.value in states and states[pw.value].civil_disorder)]
    return missing_orders(ctx, powers, [o for o in ctx.orders if o.power in {pw.value for pw in powers}])


async def current(tx: Tx, game_id: int, phase: str) -> GraceRow | None:
    """The grace given in this phase, if any (a rollback takes it back)."""
    return await tx.grace_period(game_id, phase)


async def begin(tx: Tx, game: GameRow, now: float) -> bool:
    """At the deadline: give grace to the late players who may have it (see the module's
    docstring); True when the phase now waits (the caller wakes the scheduler and the
    poster after its commit)."""
    if game.phase is None or game.deadline is None or game.due_at is None:
        return False
    if game.due_at < game.deadline:  # resolving early: everyone is ready
        return False
    policy = await tx.late_policy(game.id)
    until = game.deadline + policy.grace
    if policy.grace <= 0 or until <= now or await current(tx, game.id, game.phase) is not None:
        return False
    ctx = await context.load(tx, game)
    states = await tx.power_states(game.id)
    asked = await tx.grace_requests(game.id) if policy.grace_for == "asked" else None
    users = [
        p.user_id
        for p in ctx.players
        if p.seat is not None and (asked is None or p.user_id in asked) and still_owed(ctx, p, states)
    ]
    if not users:
        return False
    phase = game.phase
    await tx.put_grace_period(game.id, GraceRow(phase, game.deadline, until, tuple(users), now))
    await tx.set_timers(game.id, phase, deadline=until, remind_at=None)
    await posts.channel(
        tx, game, phase, now, PostKind.GRACE_STARTED, phase=phase, users=users, deadline=until, by=policy.grace
    )
    for p in ctx.players:
        if p.user_id in users:
            owed = [m.to_json() for m in still_owed(ctx, p, states)]
            several = len(ctx.powers_of(p)) > 1
            await posts.dm(
                tx,
                game,
                phase,
                now,
                p.user_id,
                PostKind.DM_GRACE,
                phase=phase,
                deadline=until,
                missing=owed,
                by_power=several,
            )
    await tx.add_audit(game.id, phase, None, "grace", {"users": users, "deadline": until}, now)
    return True


async def waive(tx: Tx, game: GameRow, now: float) -> None:
    """A moderator resolves the phase now: no grace in it."""
    if game.phase is not None and await current(tx, game.id, game.phase) is None:
        await tx.put_grace_period(game.id, GraceRow(game.phase, now, now, (), now))


async def settle_if_done(tx: Tx, game: GameRow, now: float) -> bool:
    """During a grace: when every player it waits for has all their orders in (or is
    ready), the phase is due now; True when so (the caller wakes the scheduler)."""
    if game.phase is None or game.status != GameStatus.ACTIVE:
        return False
    row = await current(tx, game.id, game.phase)
    if row is None or not row.users or row.until <= now or await tx.pause_of(game.id) is not None:
        return False
    ctx = await context.load(tx, game)
    states = await tx.power_states(game.id)
    if any(still_owed(ctx, p, states) for p in ctx.players if p.user_id in row.users):
        return False
    return await tx.set_due(game.id, game.phase, now)


async def after_resolution(tx: Tx, game: GameRow, phase: str) -> None:
    """Mark in the reliability record the players who were given grace in ``phase``."""
    row = await current(tx, game.id, phase)
    for user in row.users if row is not None else ():
        await tx.mark_player_phase(game.id, phase, user, grace=True)


@dataclass(frozen=True, slots=True)
class GraceChoice:
    game: GameRow
    on: bool
    policy: LatePolicy


class Grace:
    """``/grace``: a player asks for (or gives up) the game's grace period."""

    def __init__(self, deps: Deps) -> None:
        self.deps = deps

    async def ask(
        self,
        user_id: int,
        on: bool | None,
        *,
        game_id: int | None = None,
        channel_id: int | None = None,
        guild_id: int | None = None,
        action: int | None = None,
    ) -> GraceChoice:
        """``on``: True to ask, False to give it up, None to see the choice."""
        async with self.deps.storage.write(action) as tx:
            ctx = await context.player_context(tx, user_id, game_id, channel_id, guild_id)
            policy = await tx.late_policy(ctx.game.id)
            if on is not None:
                await tx.set_grace_request(ctx.game.id, user_id, on, self.deps.now())
            chosen = user_id in await tx.grace_requests(ctx.game.id)
        return GraceChoice(ctx.game, chosen, policy)
