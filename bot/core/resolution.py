"""Resolving phases: the scheduler's ``run_due`` (due reminders, then due phases, those
this process claimed: :mod:`bot.infra.lease`), and
:meth:`Resolution.resolve`, which plays one phase in ONE write transaction: read the
orders, decide who plays in civil disorder (:mod:`bot.core.civil`), adjudicate (off the
event loop), store the results, the next phase, its deadline and reminders, and the post
intents of everything to announce; a compare-and-set on the phase means a phase never
resolves twice."""

from __future__ import annotations

import logging
import time

from bot.core import civil, context, endgame, posts, press, scoring
from bot.core.context import owners, rules_for, setup_of
from bot.core.deps import Deps
from bot.core.endings import EndingKind
from bot.core.posts import PostKind
from bot.core.reminders import Reminders, plan_reminders
from bot.core.types import GameStatus, MapSpec, PhaseKind
from bot.infra.clock import from_unix, to_unix
from bot.infra.lease import Job, LeaseLost
from bot.infra.schedule import parse_schedule
from bot.infra.storage import GameRow, StaleWrite, Tx
from engine import Power, resolve
from engine.codec import position_to_json

log = logging.getLogger(__name__)


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
            due = await tx.due_games(now, limit=1000)
            reminders = await tx.reminders_due(now)
        # only the jobs this process claimed: another owner may share the database
        held = await self.deps.jobs.claim(
            [Job.reminder(g, p) for g, p in reminders] + [Job.deadline(g, p) for g, p in due]
        )
        done = 0
        for game_id, phase in reminders:
            if Job.reminder(game_id, phase).key in held:
                await self.reminders.send_due(game_id, phase)
        for game_id, phase in due:
            if Job.deadline(game_id, phase).key not in held:
                continue
            try:
                if await self.resolve(game_id, phase):
                    done += 1
            except LeaseLost:
                raise  # this process must stop: not a failure of this game
            except Exception:
                log.exception("resolving game %s phase %s failed", game_id, phase)
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
                await self._resolve_in(tx, game)
        except StaleWrite:
            return False
        log.info("game %s %r: phase %s resolved in %.2fs", game_id, game.name, expected_phase, time.monotonic() - began)
        self.deps.changed(timers=True, posts=True)
        return True

    async def _resolve_in(self, tx: Tx, game: GameRow) -> None:
        ctx = await context.load(tx, game)
        phase, position, players = ctx.phase, ctx.position, list(ctx.players)
        setup = setup_of(game)
        orders: dict[Power, list[str]] = {}
        for o in ctx.orders:
            orders.setdefault(Power(o.power), []).append(o.text)
        # who plays this phase in civil disorder, by the game's policy
        in_disorder = await civil.before_resolution(tx, game, position, players, orders, ctx.rules)
        rules = rules_for(game, phase, in_disorder)
        outcome = await self.deps.compute.run(resolve, position, orders, rules)
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
        # a solo, or the game's last year played (issue 15: bot.core.scoring)
        finished = bool(outcome.winners) or (await scoring.rules_of(tx, game)).over_after(nxt.phase)
        deadline = remind = None
        if not finished:
            previous = from_unix(game.deadline) if game.deadline else None
            deadline_dt = parse_schedule(PhaseKind.of(next_phase).schedule(game)).next_deadline(now_dt, previous)
            deadline = to_unix(deadline_dt)
            reminder = await plan_reminders(tx, game.id, next_phase, now_dt, deadline_dt)
            remind = to_unix(reminder) if reminder else None
        await tx.set_phase_results(game.id, phase, results, now)
        await tx.insert_phase(game.id, next_phase, nxt_json)
        await tx.advance_game(
            game.id,
            expected_phase=phase,
            phase=next_phase,
            position=nxt_json,
            deadline=deadline,
            remind_at=remind,
            finished=finished,
            winner=",".join(p.value for p in outcome.winners) or None,
            tossed=tossed,
            toss_winner=toss_winner,
        )
        updated = await tx.game(game.id)
        assert updated is not None
        # the posts, in the order they must appear: the channel's, then the DMs they lead to
        owner = {pw.value: uid for pw, uid in owners(updated, players).items()}
        here = civil.active_players(game, phase, players, orders)
        await posts.channel(
            tx,
            game,
            phase,
            now,
            PostKind.PHASE_RESULTS,
            phase=phase,
            results=[{**r, "implied": x.implied} for r, x in zip(results, outcome.results, strict=True)],
            destroyed=[[u.power.value, str(u)] for u in outcome.destroyed],
            civil=[p.value for p in sorted(in_disorder)],
            active=[p.value for p in sorted(in_disorder) if owner.get(p.value) in here],  # its player ordered
            owners=owner,
            mentions=tuple(sorted(set(owner.values()))),
            map=MapSpec(phase, with_orders=True),
        )
        await civil.after_resolution(tx, game, phase, position, players, orders, now)
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
        )
        await posts.phase_dms(tx, updated, players, nxt, now)
        await press.phase_started(tx, updated, now)  # press opens or closes with the phase
