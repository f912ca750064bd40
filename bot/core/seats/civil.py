"""The civil-disorder policy (rulebook §3: "players should decide before the game
starts"), as hooks inside the resolution's one transaction, and who a phase waits for.

**Per power** (the rulebook's rule, unchanged): a power that gives no orders at all in a
movement phase (and whose player is not ready) plays that phase in civil disorder (its
units hold without supporting each other, dislodged units are disbanded); missing
retreats disband; missing disbands follow the engine's distance rule.

**Per player** (the record): a player is *present* in a phase when they gave at least one
order for any of their powers in it, or said ``/ready``; else *absent*. In games for 2-4
players one player orders several powers: a present player who leaves one power without
orders is still present. The reliability record counts the phases a player was absent.

**Declaring** civil disorder: a power's ``missed_in_row`` counts the movement phases in a
row it had no orders. When it reaches the game's ``cd_after`` (default 2; 0 = never) and
its player is absent, the power is *declared* in civil disorder, publicly, with the
moderators pinged: it also does not build, and it stays so until its player orders for it
again (unless a moderator holds it there) or a replacement takes it over. When the player
is present (they ordered for another power), the power is not declared: the channel gets
one alert that names the power, says its player is active, and pings only that player.

**Readiness**: a phase resolves before its deadline when somebody is ready and every
player with something to order for a power not in civil disorder is ready (a power in
civil disorder holds its player to nothing), unless the game is paused; a retreat or
adjustment phase in which nobody has a choice resolves with nobody ready (issue 15,
:mod:`bot.core.trivial`). It is checked
whenever it can become true: a ``/ready``, a resume, a new deadline that ends a pause, a
power put in civil disorder, a replacement (:func:`resolve_if_ready`).

Also kept here: what a rollback needs.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import asdict, replace
from typing import Any

import bot.core.seats.standins as standins
from bot.core import context, posts, trivial
from bot.core.context import GameContext, powers_of, rules_for
from bot.core.posts import PostKind
from bot.core.rules import orders_due
from bot.core.types import GameStatus
from bot.infra.storage import GameRow, PlayerRow, Tx
from bot.infra.storage.moderation import PowerState
from engine import Position, Power, Rules


def missed(position: Position, power: Power, rules: Rules, ordered: Collection[Power], ready: bool) -> bool:
    """The power had something to order, gave no order at all and its player is not ready."""
    return not orders_due(position, power, rules).is_empty and power not in ordered and not ready


def present(ready: bool, powers: Collection[Power], ordered: Collection[Power]) -> bool:
    """A player is present in a phase when they are ready or gave at least one order for
    any of their ``powers`` (``ordered``: the powers with orders in the phase)."""
    return ready or any(pw in ordered for pw in powers)


async def before_resolution(
    tx: Tx, game: GameRow, position: Position, players: list[PlayerRow], orders: dict[Power, list[str]], plain: Rules
) -> frozenset[Power]:
    """Keep what a rollback needs, and say which powers play this phase in civil disorder."""
    assert game.phase is not None
    states = await tx.power_states(game.id)
    await tx.save_snapshot(
        game.id,
        game.phase,
        {
            "tossed": game.tossed,
            "toss_winner": game.toss_winner,
            "deadline": game.deadline,
            "states": [asdict(s) for s in states.values()],
            # the resolution drops the standby orders of units that move (issue 15)
            "standby": [asdict(r) for r in await tx.standby_orders(game.id)],
        },
    )
    civil: set[Power] = set()
    ordered = set(orders)
    for p in players:
        ready = p.ready_phase == game.phase
        for pw in powers_of(game, p, plain):
            state = states.get(pw.value)
            declared = state is not None and state.civil_disorder
            if position.phase.is_movement:
                if not position.units_of(pw):
                    continue
                if missed(position, pw, plain, ordered, ready) or (state is not None and declared and state.held):
                    civil.add(pw)
            elif declared:
                civil.add(pw)
    return frozenset(civil)


def active_players(game: GameRow, phase: str, players: list[PlayerRow], orders: Mapping[Power, list[str]]) -> set[int]:
    """The players present in ``phase`` (see the module's docstring)."""
    plain = rules_for(game, phase)
    return {p.user_id for p in players if present(p.ready_phase == phase, powers_of(game, p, plain), set(orders))}


async def after_resolution(
    tx: Tx,
    game: GameRow,
    phase: str,
    position: Position,
    players: list[PlayerRow],
    orders: dict[Power, list[str]],
    now: float,
    *,
    covered: Collection[Power] = (),
) -> None:
    """Record who was absent and apply the civil-disorder policy. ``covered``: powers that
    played the phase by their standby orders and do not count as having missed it
    (:mod:`bot.core.orders.standby`); their players are absent all the same."""
    plain = rules_for(game, phase)
    states = await tx.power_states(game.id)
    cd_after = await tx.cd_policy(game.id)
    ordered = set(orders)
    role = await tx.mod_role(game.guild_id)
    for p in players:
        ready = p.ready_phase == phase
        mine = powers_of(game, p, plain)
        duty = [pw for pw in mine if not orders_due(position, pw, plain).is_empty]
        here = present(ready, mine, ordered)
        if duty:
            await tx.record_player_phase(game.guild_id, game.id, phase, p.user_id, not here)
        if not position.phase.is_movement:
            continue
        for pw in duty:
            state = states.get(pw.value) or PowerState(pw.value)
            if missed(position, pw, plain, ordered, ready) and pw not in covered:
                state = replace(state, missed_in_row=state.missed_in_row + 1)
                due = not state.civil_disorder and cd_after and state.missed_in_row >= cd_after
                if due and not here:
                    state = replace(state, civil_disorder=True)
                    extra = {"creator": game.creator_id, "role": role}
                    await _alert(
                        tx, game, phase, now, PostKind.CD_DECLARED, pw, p.user_id, state, game.creator_id, **extra
                    )
                    await standins.taken(tx, game, phase, pw, now)  # issue 23: the caretaker's, from the next phase
                elif due and state.missed_in_row == cd_after:  # present: said once, nobody else pinged
                    others = [o.value for o in mine if o in ordered]
                    await _alert(tx, game, phase, now, PostKind.POWER_IDLE, pw, p.user_id, state, powers=others)
            else:
                state = replace(state, missed_in_row=0)
                if state.civil_disorder and not state.held and pw in ordered:
                    was, state = state, replace(state, civil_disorder=False, standin=0)
                    await posts.channel(
                        tx, game, phase, now, PostKind.CD_LEFT, power=pw.value, user=p.user_id, mentions=(p.user_id,)
                    )
                    await standins.given_back(tx, game, phase, pw, was, now, user=p.user_id)  # issue 23
                    await tx.add_audit(game.id, phase, None, "cd_left", {"power": pw.value}, now)
            await tx.put_power_state(game.id, state)


async def _alert(
    tx: Tx,
    game: GameRow,
    phase: str,
    now: float,
    kind: PostKind,
    power: Power,
    user: int,
    state: PowerState,
    *also: int,
    **params: Any,
) -> None:
    """Post that a power went without orders again (declared, or its player active),
    pinging its player (and ``also``), and write it to the audit log."""
    count = state.missed_in_row
    await posts.channel(
        tx, game, phase, now, kind, power=power.value, user=user, count=count, mentions=(user, *also), **params
    )
    await tx.add_audit(game.id, phase, None, kind.value, {"power": power.value, "count": count}, now)


# -- readiness ----------------------------------------------------------------------------
def waited_for(ctx: GameContext, states: Mapping[str, PowerState]) -> list[PlayerRow]:
    """The players the phase waits for: not ready, with something to order for a power
    that is not in civil disorder."""

    def owes(pw: Power) -> bool:
        state = states.get(pw.value)
        in_disorder = state is not None and state.civil_disorder
        return not in_disorder and not orders_due(ctx.position, pw, ctx.rules).is_empty

    return [p for p in ctx.players if p.ready_phase != ctx.phase and any(owes(pw) for pw in ctx.powers_of(p))]


async def resolve_if_ready(tx: Tx, game: GameRow, now: float) -> bool:
    """When the phase can resolve now (see the module's docstring), make it due now and
    say so; the caller wakes the scheduler after its commit."""
    if game.status != GameStatus.ACTIVE or game.phase is None or await tx.pause_of(game.id) is not None:
        return False
    ctx = await context.load(tx, game)
    if waited_for(ctx, await tx.power_states(game.id)):
        return False
    # nobody ready: only a retreat or adjustment phase in which nobody has a choice (issue 15)
    if not any(p.ready_phase == ctx.phase for p in ctx.players) and not await trivial.settles_at_once(
        tx, game, ctx.position
    ):
        return False
    return await tx.set_due(game.id, ctx.phase, now)
