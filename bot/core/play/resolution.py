"""Resolving phases: the scheduler's ``run_due`` (due reminders, then due phases, those
this process claimed: :mod:`bot.infra.lease`; in a deadline storm, in the order that
readies players' DMs soonest, :mod:`bot.core.play.storm`), and :meth:`Resolution.resolve`, which plays
one phase in ONE write transaction: read the orders (and the standby orders that fill what
players left unordered, :mod:`bot.core.orders.standby`, then the orders of the stand-ins that play
what nobody plays, :mod:`bot.core.seats.standins`), decide who plays in civil disorder
(:mod:`bot.core.seats.civil`), adjudicate (off the event loop), store the results, the next
phase, its deadline and reminders, and the post intents of everything to announce; a
compare-and-set on the phase means a phase never resolves twice. At the deadline a phase
may wait a little longer for late players (:mod:`bot.core.deadlines.grace`); a phase in which
nobody has a choice does not wait at all (:mod:`bot.core.trivial`)."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Iterable
from dataclasses import replace

import bot.core.play.storm as storm
from bot.core import context, endgame, posts, press, seats, trivial
from bot.core.context import owners, rules_for, setup_of
from bot.core.deadlines import days, grace
from bot.core.deadlines.reminders import Reminders, plan_reminders
from bot.core.deps import Deps
from bot.core.endgame import scoring
from bot.core.endings import EndingKind
from bot.core.orders import standby
from bot.core.posts import PostKind
from bot.core.rules import orders_due
from bot.core.seats import civil, standins
from bot.core.types import GameStatus, MapSpec
from bot.infra.clock import from_unix, to_unix
from bot.infra.lease import Job, LeaseLost
from bot.infra.storage import GameRow, StaleWrite, Tx
from engine import Build, OrderResult, Position, Power, Rules, Waive, resolve
from engine.codec import position_to_json

log = logging.getLogger(__name__)

# due games read at a time: a whole storm, so that its order (bot.core.play.storm) spans it
# (issue 24: at 5,000 a storm of 10,000 games was two, and every player's DM waited for the second)
DUE_PAGE = 20_000


def unordered_builds(position: Position, rules: Rules, results: Iterable[OrderResult]) -> list[list[object]]:
    """[power, count] of the builds a power had and gave no order for (not even ``WAIVE``)
    in an adjustment phase: they are not made, and the results say so rather than that
    nobody had any to make."""
    if not position.phase.is_adjustment:
        return []
    ordered: dict[Power, int] = {}
    for r in results:
        if isinstance(r.order, (Build, Waive)):
            ordered[r.power] = ordered.get(r.power, 0) + 1
    out: list[list[object]] = []
    for power in sorted(Power, key=lambda p: p.value):
        left = orders_due(position, power, rules).builds - ordered.get(power, 0)
        if left > 0:
            out.append([power.value, left])
    return out


class Resolution:
    def __init__(self, deps: Deps, reminders: Reminders) -> None:
        self.deps = deps
        self.reminders = reminders

    async def next_timer(self) -> float | None:
        async with self.deps.storage.read() as tx:
            return await tx.next_timer()

    async def run_due(self) -> int:
        """Send the reminders that are due, and resolve every phase that is due."""
        now = self.deps.now()
        async with self.deps.storage.read() as tx:
            due = await tx.due_games(now, limit=DUE_PAGE)
            # a reminder of a phase that resolves now tells nothing (the bot was away, or a
            # storm): the next phase plans its own
            due_now = {d.game_id for d in due}
            reminders = [r for r in await tx.reminders_due(now) if r.game_id not in due_now]
            seats = await tx.seats_of([d.game_id for d in due]) if len(due) > 2 else {}
        if seats:  # a storm: the games that finish players' sets first (bot.core.play.storm)
            first = await self.deps.compute.run(storm.order, [d.game_id for d in due], seats)
            rank = {g: i for i, g in enumerate(first)}
            due.sort(key=lambda d: rank[d.game_id])
        # only the jobs this process claimed: another owner (or the owner of another
        # shard) may share the database
        held = await self.deps.jobs.claim(
            [Job.reminder(r.game_id, r.phase, r.guild_id) for r in reminders]
            + [Job.deadline(d.game_id, d.phase, d.guild_id) for d in due]
        )
        done = 0
        for r in reminders:
            if Job.reminder(r.game_id, r.phase).key in held:
                await self.reminders.send_due(r.game_id, r.phase)
        for d in due:
            if Job.deadline(d.game_id, d.phase).key not in held:
                continue
            try:
                if await self.resolve(d.game_id, d.phase):
                    done += 1
            except LeaseLost:
                raise  # this process must stop: not a failure of this game
            except Exception:
                log.exception("resolving game %s phase %s failed", d.game_id, d.phase)
        return done

    async def resolve(self, game_id: int, expected_phase: str) -> bool:
        """Play the phase if the game is still in it and it is due; False when another
        resolution got there first (compare-and-set on the phase)."""
        began = time.monotonic()
        try:
            async with self.deps.storage.write() as tx:
                game = await tx.game(game_id)
                if (
                    game is None
                    or game.status != GameStatus.ACTIVE
                    or game.phase != expected_phase
                    or game.due_at is None
                    or game.due_at > self.deps.now()
                ):
                    return False
                # issue 15: late players who may have grace: the phase waits for them instead
                waiting = await grace.begin(tx, game, self.deps.now())
                if not waiting:
                    await self._resolve_in(tx, game)
        except StaleWrite:
            return False
        log.info("game %s %r: phase %s resolved in %.2fs", game_id, game.name, expected_phase, time.monotonic() - began)
        self.deps.changed(timers=True, posts=True)
        return not waiting

    async def _resolve_in(self, tx: Tx, game: GameRow) -> None:
        ctx = await context.load(tx, game)
        phase, position, players = ctx.phase, ctx.position, list(ctx.players)
        setup = setup_of(game)
        orders: dict[Power, list[str]] = {}
        for o in ctx.orders:
            orders.setdefault(Power(o.power), []).append(o.text)
        # issue 15: standby orders fill what the players left unordered (bot.core.orders.standby)
        backup = await standby.fill(tx, ctx, orders)
        played = backup.with_orders(orders)
        # issue 23: the caretaker and bots play what nobody plays, by the same path (bot.core.seats.standins)
        standin = await standins.fill(tx, ctx, played, self.deps.compute)
        played = standin.with_orders(played)
        # who plays this phase in civil disorder, by the game's policy (not a power a stand-in plays)
        in_disorder = await civil.before_resolution(tx, game, position, players, played, ctx.rules)
        in_disorder -= standin.powers
        rules = rules_for(game, phase, in_disorder)
        outcome = await self.deps.compute.run(resolve, position, played, rules)
        nxt = outcome.next
        nxt_json = position_to_json(nxt)
        next_phase = str(nxt.phase)
        results = [
            {"power": r.power.value, "order": r.text, "ok": r.ok, "result": r.result.value} for r in outcome.results
        ]
        now_dt = self.deps.clock()
        now = to_unix(now_dt)
        tossed, toss_winner = game.tossed, game.toss_winner
        toss = None
        winner_id: int | None = None
        if setup.toss_due(nxt.phase, tossed):
            tossed, toss_winner = True, self.deps.rng.randrange(len(setup.seats))
            winner_id = next((p.user_id for p in players if p.seat == toss_winner), None)
            toss = {"user": winner_id, "power": setup.toss_power.value if setup.toss_power else ""}
        # a solo, or the game's last year played (issue 15: bot.core.endgame.scoring)
        finished = bool(outcome.winners) or (await scoring.rules_of(tx, game)).over_after(nxt.phase)
        deadline = remind = None
        if not finished:
            previous = from_unix(game.deadline) if game.deadline else None
            deadline_dt = await days.next_deadline(tx, game, next_phase, now_dt, previous)  # off the days skipped
            deadline = to_unix(deadline_dt)
            reminder = await plan_reminders(tx, game.id, next_phase, now_dt, deadline_dt)
            remind = to_unix(reminder) if reminder else None
        await tx.set_phase_results(game.id, phase, results, now)
        await tx.insert_phase(game.id, next_phase, nxt_json)
        winner = ",".join(p.value for p in outcome.winners) or None
        await tx.advance_game(
            game.id,
            expected_phase=phase,
            phase=next_phase,
            position=nxt_json,
            deadline=deadline,
            remind_at=remind,
            finished=finished,
            winner=winner,
            tossed=tossed,
            toss_winner=toss_winner,
        )
        # the game as stored now, without reading it again (issue 24: a trip per statement)
        updated = replace(
            game,
            phase=next_phase,
            position=json.loads(json.dumps(nxt_json)),  # (as read back: a copy of its own)
            deadline=deadline,
            due_at=deadline,
            remind_at=remind,
            status=GameStatus.FINISHED.value if finished else GameStatus.ACTIVE.value,
            winner=winner,
            tossed=tossed,
            toss_winner=toss_winner,
        )
        # the posts, in the order they must appear: the channel's, then the DMs they lead to
        owner = {pw.value: uid for pw, uid in owners(updated, players).items()}
        here = civil.active_players(game, phase, players, orders)
        # declared in civil disorder (by the game's policy or a moderator) before this phase:
        # the others in ``in_disorder`` only missed it (their units hold all the same)
        states = await tx.power_states(game.id)
        declared = [p.value for p in sorted(in_disorder) if (s := states.get(p.value)) is not None and s.civil_disorder]
        no_retreat = {  # the units dislodged in this phase (by power and province)
            (r.power, loc.province)
            for r in outcome.results
            if r.dislodged and (loc := getattr(r.order, "location", None)) is not None
        }
        await posts.channel(
            tx,
            game,
            phase,
            now,
            PostKind.PHASE_RESULTS,
            phase=phase,
            results=[
                # the orders from standby, and those of stand-ins (issue 23), marked
                {**r, "implied": x.implied, **backup.mark(x.power, x.text), **standin.mark(x.power, x.text)}
                for r, x in zip(results, outcome.results, strict=True)
            ],
            standins={p.value: preset for p, preset in sorted(standin.players.items())},  # labelled, also anonymous
            destroyed=[[u.power.value, str(u)] for u in outcome.destroyed if (u.power, u.province) not in no_retreat],
            # dislodged with nowhere to retreat: disbanded with the moves, no retreat phase follows
            no_retreat=[[u.power.value, str(u)] for u in outcome.destroyed if (u.power, u.province) in no_retreat],
            unbuilt=unordered_builds(position, rules, outcome.results),
            civil=[p.value for p in sorted(in_disorder)],
            declared=declared,
            active=[p.value for p in sorted(in_disorder) if owner.get(p.value) in here],  # its player ordered
            owners=owner,
            mentions=tuple(sorted(set(owner.values()))),
            map=MapSpec(phase, with_orders=True),
        )
        # a power played by its standby orders missed the phase only if the game says so (issue 15)
        late = await tx.late_policy(game.id)
        covered = frozenset() if late.standby_missed else backup.covered
        await civil.after_resolution(tx, game, phase, position, players, orders, now, covered=covered)
        # issue 15: the record of standby orders and grace; standby orders of units gone dropped
        await standby.after_resolution(tx, game, phase, outcome, backup, players, now)
        await standins.after_resolution(tx, game, phase, standin, now)
        await grace.after_resolution(tx, game, phase)
        await endgame.after_resolution(tx, game, updated, phase, position, nxt, players, now)
        centres = posts.centre_table(nxt)
        if outcome.winners:
            winners = [p.value for p in outcome.winners]
            users = sorted({owner[p] for p in winners if p in owner})
            await posts.channel(
                tx,
                game,
                next_phase,
                now,
                PostKind.GAME_WON,
                powers=winners,
                users=users,
                centres=centres,
                mentions=tuple(users),
                map=MapSpec(next_phase),
            )
            for p in players:
                await posts.dm(tx, game, next_phase, now, p.user_id, PostKind.DM_GAME_OVER, powers=winners)
        if finished:  # scored, with the final post (and the last year's own post)
            ending = EndingKind.SOLO if outcome.winners else EndingKind.YEAR_LIMIT
            await scoring.game_over(tx, updated, ending, now, winners=outcome.winners)
            await press.game_over(tx, game.id, now)  # the reveal; press channels read only
            return
        # issue 23: the newcomers accepted for open seats play from this phase
        players = await seats.take_seats(tx, updated, players, nxt, now)
        # issue 15: a retreat or adjustment phase in which nobody has a choice is played at once
        settled = await trivial.settle(tx, updated, nxt, now)
        await posts.channel(
            tx,
            game,
            next_phase,
            now,
            PostKind.PHASE_STARTED,
            phase=next_phase,
            deadline=deadline,
            centres=centres,
            toss=toss,
            mentions=(winner_id,) if winner_id is not None else (),
            map=MapSpec(next_phase),
            **({"settled": True} if settled else {}),
        )
        if updated.fog:  # issue 25: one DM per player and resolution: what they saw, what they owe, their map
            # a phase played at once (settled) is told with the next one's, in one DM, as
            # a game without fog tells it (no DM for a phase nobody has anything to order in)
            seen = posts.fog_seen(updated, players, outcome, results, await tx.fog_seen(game.id, phase))
            if settled:
                await tx.set_fog_seen(game.id, next_phase, seen)
            else:
                await posts.fog_dms(tx, updated, players, outcome, seen, now)
        elif not settled:  # nobody has anything to order in it
            await posts.phase_dms(tx, updated, players, nxt, now)
        await press.phase_started(tx, updated, now)  # press opens or closes with the phase
