"""Stand-ins (issue 23: no abandoned games): the engine's players (:mod:`engine.players`)
playing a power nobody orders, inside the resolution, by the path standby orders take.

Who a stand-in plays (the decisions; what a stand-in orders is the engine's):

- **The caretaker**, in a game whose civil-disorder player is ``caretaker`` (``/game create
  civil_disorder_player:``, ``/mod settings``; the default ``hold`` is the rulebook's: the
  units hold): a power declared in civil disorder (by the game's missed-phase policy, or
  by ``/mod civil-disorder``) is played by the caretaker from its next phase. Its player's
  own standby orders still come first; the caretaker fills what they leave. The channel is
  told when the caretaker takes a power and when it gives it back; once it has played a
  power, the player who left it may not order it again (the seat is open for someone else,
  ``/game join power:``) unless a moderator gives it back (``/mod civil-disorder state:off``).
- **A bot** (the ``dumbbot`` preset) plays a seat no human plays: a game created with
  ``bots:True`` (or started with ``/game start bots:True``) may start with 1 to 6 players,
  and the empty seats of its seven powers are the bot's (:attr:`PowerState.bot`); a duel
  with bots starts with one player, who practises against the bot. A bot seat has no
  player row: it is in no press, nobody waits for it, reminds it or records it, and it
  earns nothing on the leaderboard (its power is scored with the others, credited to nobody:
  :func:`bot.core.endgame.scoring.score_game`).

How: at the deadline, the orders given and the standby orders used are read first; for
each power a stand-in plays, the engine's player answers the position (off the event loop,
bounded by :data:`STANDIN_TIMEOUT`, seeded by (game, phase, power):
:func:`engine.players.seed_for`), and :func:`engine.standby_orders` takes from its answer
what the power still owes, checked in full as any standby order. So the audit, the results'
marks (🤖) and a rollback treat them as they treat standby orders. When the engine's player
fails or runs out of time the power's units do what units without orders do (they hold):
a stand-in never stops a game.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from bot.core import posts
from bot.core.context import GameContext
from bot.core.errors import UserError
from bot.core.posts import PostKind
from bot.infra.compute import Compute
from bot.infra.storage import GameRow, Tx
from bot.infra.storage.moderation import PowerState
from bot.infra.storage.standins import StandinPolicy
from engine import Order, Position, Power, Rules, parse_order, standby_orders
from engine.players import play, seed_for

log = logging.getLogger(__name__)

HOLD = "hold"
CARETAKER = "caretaker"
BOT = "dumbbot"  # the preset that fills empty seats
STANDIN_TIMEOUT = 20.0  # seconds: a stand-in that takes longer plays nothing (its units hold)


def caretaker_plays(policy: StandinPolicy, state: PowerState | None) -> bool:
    """The caretaker plays this power (declared in civil disorder, the game's policy)."""
    return policy.civil_disorder == CARETAKER and state is not None and state.civil_disorder and state.bot is None


def standin_of(policy: StandinPolicy, state: PowerState | None) -> str | None:
    """The preset that plays a power this phase, or None (its player does)."""
    if state is not None and state.bot is not None:
        return state.bot
    return CARETAKER if caretaker_plays(policy, state) else None


def bot_powers(states: Mapping[str, PowerState]) -> frozenset[Power]:
    """The powers played by a bot (seats no human plays)."""
    return frozenset(Power(p) for p, s in states.items() if s.bot is not None)


def locked(policy: StandinPolicy, state: PowerState | None) -> bool:
    """Its player may not order the power: the caretaker has played it since they left."""
    return caretaker_plays(policy, state) and state is not None and state.standin > 0


async def check_reclaim(tx: Tx, game: GameRow, powers: Collection[Power]) -> None:
    """Refuse orders for a power the caretaker has played since its player left it (the
    seat is open; a moderator may give it back)."""
    policy = await tx.standin_policy(game.id)
    if policy.civil_disorder != CARETAKER:
        return
    states = await tx.power_states(game.id)
    for power in sorted(powers, key=lambda p: p.value):
        if locked(policy, states.get(power.value)):
            raise UserError("standin.reclaim", game=game.name, power=power)


async def standing(tx: Tx, game: GameRow, states: Mapping[str, PowerState]) -> tuple[tuple[str, str], ...]:
    """The powers stand-ins play now, with their preset (``/game status``)."""
    policy = await tx.standin_policy(game.id)
    found = ((code, standin_of(policy, state)) for code, state in sorted(states.items()) if not state.eliminated)
    return tuple((code, preset) for code, preset in found if preset is not None)


# -- the hooks in the resolution ---------------------------------------------------------
@dataclass(frozen=True, slots=True)
class StandinUse:
    """What stand-ins did in one resolution: the orders each used (canonical text), and
    which preset played each power."""

    used: Mapping[Power, tuple[str, ...]] = field(default_factory=dict)
    players: Mapping[Power, str] = field(default_factory=dict)

    @property
    def powers(self) -> frozenset[Power]:
        """The powers a stand-in played (even when it owed nothing to order)."""
        return frozenset(self.players)

    def with_orders(self, orders: Mapping[Power, list[str]]) -> dict[Power, list[str]]:
        out = {p: list(texts) for p, texts in orders.items()}
        for power, texts in self.used.items():
            if texts:
                out.setdefault(power, []).extend(texts)
        return out

    def mark(self, power: Power, text: str) -> dict[str, Any]:
        """The results post's mark of an order a stand-in gave (its preset)."""
        return {"bot": self.players[power]} if text in self.used.get(power, ()) else {}


def standin_orders(
    position: Position, rules: Rules, wanted: Mapping[Power, str], given: Mapping[Power, list[str]], seed: int
) -> dict[Power, tuple[str, ...]]:
    """CPU work (run off the event loop): each power's stand-in answers the position, and
    what the power still owes after ``given`` is taken from the answer, checked as
    standby orders are."""
    by_preset: dict[str, list[Power]] = {}
    for power, preset in sorted(wanted.items(), key=lambda kv: kv[0].value):
        by_preset.setdefault(preset, []).append(power)
    out: dict[Power, tuple[str, ...]] = {}
    for preset, powers in by_preset.items():
        answer: Mapping[Power, list[Order]] = play(position, powers, player=preset, seed=seed, rules=rules)
        for power in powers:
            done = [parse_order(t, phase=position.phase) for t in given.get(power, ())]
            plan = standby_orders(position, power, answer.get(power, []), done, rules)
            out[power] = tuple(str(o) for o in plan.used)
    return out


async def fill(tx: Tx, ctx: GameContext, played: Mapping[Power, list[str]], compute: Compute) -> StandinUse:
    """Before a phase resolves (after the standby orders): the orders of the powers
    stand-ins play (see the module's docstring)."""
    policy = await tx.standin_policy(ctx.game.id)
    states = await tx.power_states(ctx.game.id)
    own = {o.power for o in ctx.orders}  # a player back at the board plays their power themselves
    wanted: dict[Power, str] = {}
    for code, state in states.items():
        preset = standin_of(policy, state)
        if preset == CARETAKER and code in own and not locked(policy, state):
            continue
        if preset is not None and not state.eliminated:
            power = Power(code)
            if ctx.position.units_of(power) or ctx.position.centres_of(power):
                wanted[power] = preset
    if not wanted:
        return StandinUse()
    seed = seed_for(ctx.game.id, ctx.phase)  # the engine draws each power from (seed, power)
    try:
        used = await asyncio.wait_for(
            compute.run(standin_orders, ctx.position, ctx.rules, wanted, played, seed), STANDIN_TIMEOUT
        )
    except Exception:  # a stand-in never stops a game: its units do what units without orders do
        log.exception("game %s phase %s: the stand-ins of %s gave no orders", ctx.game.id, ctx.phase, sorted(wanted))
        used = {}
    return StandinUse(used, wanted)


async def after_resolution(tx: Tx, game: GameRow, phase: str, use: StandinUse, now: float) -> None:
    """After a phase resolved: count the phases the caretaker played each power (its
    player may not take it back now) and write what it gave to the audit log (a bot's
    seat is labelled in every result instead: an entry per bot and phase would push the
    moderators' actions out of ``/mod log``)."""
    if not use.players:
        return
    states = await tx.power_states(game.id)
    for power, preset in sorted(use.players.items(), key=lambda kv: kv[0].value):
        state = states.get(power.value) or PowerState(power.value)
        if preset != CARETAKER:
            continue
        await tx.put_power_state(game.id, replace(state, standin=state.standin + 1))
        texts = list(use.used.get(power, ()))
        await tx.add_audit(
            game.id, phase, None, "standin", {"power": power.value, "player": preset, "orders": texts}, now
        )


async def caretaker_policy(tx: Tx, game: GameRow) -> bool:
    return (await tx.standin_policy(game.id)).civil_disorder == CARETAKER


async def taken(tx: Tx, game: GameRow, phase: str | None, power: Power, now: float) -> None:
    """A power went into civil disorder: in a caretaker game the channel is told that the
    caretaker plays it from the next phase, and how a player may take the seat."""
    if await caretaker_policy(tx, game):
        await posts.channel(tx, game, phase, now, PostKind.STANDIN_TAKES, power=power.value)


async def given_back(
    tx: Tx, game: GameRow, phase: str | None, power: Power, state: PowerState, now: float, *, user: int | None = None
) -> None:
    """The caretaker stops playing a power (its player ordered again, a moderator took it
    out of civil disorder, or a new player took the seat; ``user``: who plays it now):
    the channel is told, when the caretaker had it."""
    if not state.civil_disorder or not await caretaker_policy(tx, game):
        return
    mentions = (user,) if user is not None else ()
    await posts.channel(tx, game, phase, now, PostKind.STANDIN_LEFT, power=power.value, user=user, mentions=mentions)
