"""The civil-disorder policy (rulebook §3: "players should decide before the game
starts"), as hooks inside the resolution's one transaction.

A power that gives no orders at all in a movement phase (and whose player is not ready)
plays that phase in civil disorder (its units hold without supporting each other,
dislodged units are disbanded); missing retreats disband; missing disbands follow the
engine's distance rule. After ``cd_after`` such movement phases in a row (default 2; 0 =
never) the power is *declared* in civil disorder: it also does not build, and it stays so
until its player orders again (unless a moderator holds it there) or a replacement takes
it over. Also kept here: what a rollback needs, and each player's reliability record.
"""

from __future__ import annotations

from dataclasses import asdict, replace

from bot.core import posts
from bot.core.context import powers_of, rules_for
from bot.core.posts import PostKind
from bot.core.rules import orders_due
from bot.infra.storage import GameRow, PlayerRow, Tx
from bot.infra.storage.moderation import PowerState
from engine import Position, Power, Rules


def missed(position: Position, power: Power, rules: Rules, ordered: set[Power], ready: bool) -> bool:
    """The power had something to order, gave no order at all and its player is not ready."""
    return not orders_due(position, power, rules).is_empty and power not in ordered and not ready


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


async def after_resolution(
    tx: Tx,
    game: GameRow,
    phase: str,
    position: Position,
    players: list[PlayerRow],
    orders: dict[Power, list[str]],
    now: float,
) -> None:
    """Record who missed the phase and apply the civil-disorder policy."""
    plain = rules_for(game, phase)
    states = await tx.power_states(game.id)
    cd_after = await tx.cd_policy(game.id)
    ordered = set(orders)
    role = await tx.mod_role(game.guild_id)
    for p in players:
        ready = p.ready_phase == phase
        duty = [pw for pw in powers_of(game, p, plain) if not orders_due(position, pw, plain).is_empty]
        if duty:
            missed_any = any(missed(position, pw, plain, ordered, ready) for pw in duty)
            await tx.record_player_phase(game.guild_id, game.id, phase, p.user_id, missed_any)
        if not position.phase.is_movement:
            continue
        for pw in duty:
            state = states.get(pw.value) or PowerState(pw.value)
            if missed(position, pw, plain, ordered, ready):
                state = replace(state, missed_in_row=state.missed_in_row + 1)
                if not state.civil_disorder and cd_after and state.missed_in_row >= cd_after:
                    state = replace(state, civil_disorder=True)
                    await posts.channel(
                        tx,
                        game,
                        phase,
                        now,
                        PostKind.CD_DECLARED,
                        power=pw.value,
                        user=p.user_id,
                        count=state.missed_in_row,
                        creator=game.creator_id,
                        role=role,
                        mentions=(p.user_id, game.creator_id),
                    )
                    await tx.add_audit(
                        game.id, phase, None, "cd_declared", {"power": pw.value, "count": state.missed_in_row}, now
                    )
            else:
                state = replace(state, missed_in_row=0)
                if state.civil_disorder and not state.held and pw in ordered:
                    state = replace(state, civil_disorder=False)
                    await posts.channel(
                        tx, game, phase, now, PostKind.CD_LEFT, power=pw.value, user=p.user_id, mentions=(p.user_id,)
                    )
                    await tx.add_audit(game.id, phase, None, "cd_left", {"power": pw.value}, now)
            await tx.put_power_state(game.id, state)
