"""The end of a game: eliminations (announced after the resolution that causes them), the
secret draw ballot (it passes when every surviving power votes yes and lapses at the next
resolution), conceding to the leader, and how a game ended by agreement."""

from __future__ import annotations

from dataclasses import dataclass, replace

import bot.core.endgame.scoring as scoring
from bot.core import context, posts, press
from bot.core.context import GameContext, owners
from bot.core.deps import Deps
from bot.core.endings import EndingKind
from bot.core.errors import UserError
from bot.core.posts import PostKind
from bot.core.types import GameStatus, MapSpec
from bot.infra.storage import GameRow, PlayerRow, Tx
from bot.infra.storage.moderation import PowerState
from engine import Position, Power


def alive(position: Position, power: Power) -> bool:
    return bool(position.units_of(power) or position.centres_of(power))


async def after_resolution(
    tx: Tx,
    game: GameRow,
    updated: GameRow,
    phase: str,
    position: Position,
    nxt: Position,
    players: list[PlayerRow],
    now: float,
) -> None:
    """Announce eliminations, close the draw proposal, and log the resolution."""
    owner = owners(game, players)
    states = await tx.power_states(game.id)
    for pw in Power:
        if alive(position, pw) and not alive(nxt, pw):
            state = states.get(pw.value) or PowerState(pw.value)
            await tx.put_power_state(game.id, replace(state, eliminated=True, civil_disorder=False))
            user = owner.get(pw)
            await posts.channel(
                tx,
                game,
                phase,
                now,
                PostKind.ELIMINATED,
                power=pw.value,
                user=user,
                mentions=(user,) if user is not None else (),
            )
            if user is not None:
                await posts.dm(tx, game, phase, now, user, PostKind.DM_ELIMINATED, power=pw.value)
            await tx.add_audit(game.id, phase, None, "eliminated", {"power": pw.value}, now)
    # a draw proposal stays open until the next resolution
    if await tx.draw_proposal(game.id) is not None:
        await tx.close_draw(game.id)
        if updated.status != GameStatus.FINISHED:
            await posts.channel(tx, game, phase, now, PostKind.DRAW_LAPSED)
    await tx.add_audit(game.id, phase, None, "resolved", {"phase": phase, "next": updated.phase or ""}, now)


@dataclass(frozen=True, slots=True)
class BallotReport:
    game: GameRow
    opened: bool  # this vote opened the proposal
    passed: bool  # everyone voted yes: the game ended in a draw
    yes: bool


async def _playing(
    tx: Tx, user_id: int, game_id: int | None, channel_id: int | None, guild_id: int | None
) -> GameContext:
    """The caller's game being played: the one named, the one of this channel, or their
    only one (:func:`bot.core.context.player_game`): a player who can't write in the game
    channel (gunboat, anonymous) votes and concedes from a DM with the bot."""
    return await context.player_context(tx, user_id, game_id, channel_id, guild_id)


def survivors(ctx: GameContext) -> dict[Power, int]:
    """Surviving powers that somebody plays -> their player."""
    return {pw: p.user_id for p in ctx.players for pw in ctx.powers_of(p) if alive(ctx.position, pw)}


class Endgame:
    def __init__(self, deps: Deps) -> None:
        self.deps = deps

    async def vote_draw(
        self,
        channel_id: int | None,
        user_id: int,
        yes: bool,
        *,
        game_id: int | None = None,
        guild_id: int | None = None,
        action: int | None = None,
    ) -> BallotReport:
        async with self.deps.storage.write(action) as tx:
            ctx = await _playing(tx, user_id, game_id, channel_id, guild_id)
            game, phase = ctx.game, ctx.phase
            alive_now = survivors(ctx)
            mine = [pw for pw, uid in alive_now.items() if uid == user_id]
            if not mine:
                raise UserError("mod.draw_not_survivor", game=game.name)
            now = self.deps.now()
            opened = False
            powers = [pw.value for pw in sorted(alive_now)]
            if await tx.draw_proposal(game.id) is None:
                if not yes:
                    raise UserError("mod.draw_none_open", game=game.name)
                await tx.open_draw(game.id, phase, now)
                opened = True
                await posts.channel(tx, game, phase, now, PostKind.DRAW_PROPOSED, powers=powers)
                for uid in sorted(set(alive_now.values()) - {user_id}):
                    await posts.dm(tx, game, phase, now, uid, PostKind.DM_DRAW_PROPOSED, powers=powers)
            for pw in mine:
                await tx.set_draw_vote(game.id, pw.value, yes)
            votes = await tx.draw_votes(game.id)
            passed = all(votes.get(pw.value) for pw in alive_now)
            if passed:
                codes = ",".join(powers)
                users = sorted(set(alive_now.values()))
                await tx.close_draw(game.id)
                await tx.finish_by_agreement(game.id, codes)
                await tx.set_ending(game.id, EndingKind.DRAW.value, codes, now)
                await posts.channel(
                    tx,
                    game,
                    phase,
                    now,
                    PostKind.DRAW_AGREED,
                    powers=powers,
                    users=users,
                    mentions=tuple(users),
                    map=MapSpec(phase),
                )
                await tx.add_audit(game.id, phase, None, "draw", {"powers": powers}, now)
                await scoring.game_over(tx, game, EndingKind.DRAW, now, drawn=alive_now)  # issue 15
                await press.game_over(tx, game.id, now)  # the reveal; press channels read only
        self.deps.changed(timers=passed, posts=True)
        return BallotReport(game, opened, passed, yes)

    async def concede(
        self,
        channel_id: int | None,
        user_id: int,
        *,
        game_id: int | None = None,
        guild_id: int | None = None,
        action: int | None = None,
    ) -> tuple[GameRow, Power, bool]:
        """Concede to the leader; returns the game, the leader and whether the game ended."""
        async with self.deps.storage.write(action) as tx:
            ctx = await _playing(tx, user_id, game_id, channel_id, guild_id)
            game, phase, position = ctx.game, ctx.phase, ctx.position
            alive_now = survivors(ctx)
            mine = [pw for pw, uid in alive_now.items() if uid == user_id]
            if not mine:
                raise UserError("mod.draw_not_survivor", game=game.name)
            most = max(len(position.centres_of(pw)) for pw in alive_now)
            tied = sorted(pw for pw in alive_now if len(position.centres_of(pw)) == most)
            if len({alive_now[pw] for pw in tied}) > 1:  # two players lead: nobody to concede to
                raise UserError("mod.concede_no_leader", game=game.name)
            leader = tied[0]
            if alive_now[leader] == user_id:
                raise UserError("mod.concede_leader", game=game.name, power=leader)
            states = await tx.power_states(game.id)
            for pw in mine:
                state = states.get(pw.value) or PowerState(pw.value)
                states[pw.value] = replace(state, conceded=True)
                await tx.put_power_state(game.id, states[pw.value])
            now = self.deps.now()
            await posts.channel(
                tx,
                game,
                phase,
                now,
                PostKind.CONCEDED,
                powers=[pw.value for pw in mine],
                user=user_id,
                leader=leader.value,
                mentions=(user_id,),
            )
            await tx.add_audit(
                game.id, phase, user_id, "concede", {"power": mine[0].value, "powers": [pw.value for pw in mine]}, now
            )
            # concession is per player: the game ends when every other player has conceded;
            # the leader's player concedes none of their powers (in a game for 2-4 players
            # they play several)
            champion = alive_now[leader]
            others = [pw for pw, uid in alive_now.items() if uid != champion]
            ended = all(states.get(pw.value) is not None and states[pw.value].conceded for pw in others)
            if ended:
                await tx.finish_by_agreement(game.id, leader.value)
                await tx.set_ending(game.id, EndingKind.CONCESSION.value, leader.value, now)
                await tx.close_draw(game.id)
                await posts.channel(
                    tx,
                    game,
                    phase,
                    now,
                    PostKind.CONCESSION_WIN,
                    power=leader.value,
                    user=champion,
                    mentions=(champion,),
                    map=MapSpec(phase),
                )
                await scoring.game_over(tx, game, EndingKind.CONCESSION, now, winners=(leader,))  # issue 15
                await press.game_over(tx, game.id, now)  # the reveal; press channels read only
        self.deps.changed(timers=ended, posts=True)
        return game, leader, ended
