"""The GameContext: everything an action needs to know about one game, loaded once, in
one read transaction (the game row, its Position, Setup and Rules, the players, the
current phase's orders, and the caller's player row and powers), and the finders that
say which game an action is about: the one the player named, the one of this channel, or
their only game."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from bot.core import endings, fog
from bot.core.errors import UserError
from bot.core.types import GameStatus
from bot.infra.storage import GameRow, OrderRow, PlayerRow, Tx
from engine import Phase, Position, Power, Rules
from engine.codec import position_from_json
from engine.fog import fogged_position
from engine.variants import STANDARD_VARIANT, Setup, setup_for


def setup_of(game: GameRow) -> Setup:
    return setup_for(game.players, game.variant)  # issue 25: a duel's setup


def map_position(game: GameRow, position: dict[str, Any]) -> dict[str, Any]:
    """A position as the game's maps are drawn from it: a duel's names its two powers (the
    renderer's ``powers``: issue 25, the legend lists them, not the five absent at 0)."""
    setup = setup_of(game)
    if setup.variant == STANDARD_VARIANT:
        return position
    return {**position, "powers": sorted(p.value for p in setup.powers)}


def rules_for(game: GameRow, phase: str, civil_disorder: frozenset[Power] = frozenset()) -> Rules:
    return setup_of(game).rules(Phase.parse(phase), game.toss_winner, civil_disorder)


def powers_of(game: GameRow, player: PlayerRow, rules: Rules | None = None) -> tuple[Power, ...]:
    """The powers this player orders now (a neutral power is nobody's)."""
    if player.seat is None:
        return ()
    powers = setup_of(game).seat_powers(player.seat, game.toss_winner)
    if rules is not None:
        powers = tuple(p for p in powers if p not in rules.neutral)
    return powers


def owners(game: GameRow, players: list[PlayerRow] | tuple[PlayerRow, ...]) -> dict[Power, int]:
    """Each played power -> the user who plays it."""
    return {pw: p.user_id for p in players for pw in powers_of(game, p)}


@dataclass(frozen=True)
class GameContext:
    """One game as an action sees it; ``player`` is the caller's row (None for actions
    not made by a player of the game)."""

    game: GameRow
    players: tuple[PlayerRow, ...]
    orders: tuple[OrderRow, ...]
    player: PlayerRow | None = None

    @property
    def phase(self) -> str:
        assert self.game.phase is not None
        return self.game.phase

    @property
    def status(self) -> GameStatus:
        return GameStatus(self.game.status)

    @property
    def language(self) -> str:
        return self.game.language

    @cached_property
    def position(self) -> Position:
        return position_from_json(self.game.position or {})

    @cached_property
    def view(self) -> Position:
        """The position as the caller may see it: all of it, or in a Fog of War game being
        played, their power's sight only (issue 25): what their menus offer."""
        if not self.powers or not fog.active(self.game):
            return self.position
        return fogged_position(self.position, self.powers[0])

    @cached_property
    def rules(self) -> Rules:
        return rules_for(self.game, self.phase)

    @cached_property
    def powers(self) -> tuple[Power, ...]:
        """The caller's powers in this phase."""
        return powers_of(self.game, self.player, self.rules) if self.player is not None else ()

    def powers_of(self, player: PlayerRow) -> tuple[Power, ...]:
        return powers_of(self.game, player, self.rules)

    @property
    def ready(self) -> bool:
        return self.player is not None and self.player.ready_phase == self.game.phase

    def my_orders(self) -> list[OrderRow]:
        mine = {p.value for p in self.powers}
        return [o for o in self.orders if o.power in mine]


async def load(tx: Tx, game: GameRow, user_id: int | None = None) -> GameContext:
    players = tuple(await tx.players(game.id))
    orders = tuple(await tx.orders(game.id, game.phase)) if game.phase else ()
    player = next((p for p in players if p.user_id == user_id), None) if user_id is not None else None
    return GameContext(game, players, orders, player)


async def game_of_channel(tx: Tx, channel_id: int) -> GameRow | None:
    """The game a channel belongs to, ended or not: the game played in it (the open one, or
    else the last one), or the game of a press channel (a pair's channel, a group, an
    anonymous game's inbox)."""
    game = await tx.last_game_in_channel(channel_id)
    if game is None and (found := await tx.game_of_press_channel(channel_id)) is not None:
        game = await tx.game(found[0])
    return game


async def player_game(
    tx: Tx, user_id: int, game_id: int | None, channel_id: int | None, guild_id: int | None = None
) -> GameRow:
    """The game a player means: the one named, else the one of this channel, else their
    only active game; a refusal says why there is none. ``guild_id``: the server the
    command was used in (None in DMs): only its games are found there.

    A channel's game always decides, ended or not, and whether or not the caller plays in
    it: a command in the channel of an ended game is about that game (the caller is told it
    ended), never taken to the caller's other game, where an order would be stored for a
    board they were not looking at. Only a channel without a game (a DM, a lobby channel)
    falls back to the caller's only game.

    A game named by its id is found only by its players, and only in its own server:
    ids are sequential, so anyone could try them; a game that exists but is not theirs
    is refused exactly as one that does not exist, and its name never shows."""
    if game_id is not None:
        game = await tx.game(game_id)
        if (
            game is None
            or (guild_id is not None and game.guild_id != guild_id)
            or not any(p.user_id == user_id for p in await tx.players(game.id))
        ):
            raise UserError("game.unknown")
        return game
    here_game = await game_of_channel(tx, channel_id) if channel_id is not None else None
    if here_game is not None:
        if not any(p.user_id == user_id for p in await tx.players(here_game.id)):
            raise UserError("order.not_player_here", game=here_game.name)
        return here_game

    def here(g: GameRow) -> bool:
        return guild_id is None or g.guild_id == guild_id

    active = [g for g in await tx.games_of_user(user_id) if g.status == GameStatus.ACTIVE]
    mine = [g for g in active if here(g)]
    if not mine:
        if active:  # their games are on another server
            raise UserError("lookup.game_elsewhere")
        forming = [g for g in await tx.games_of_user(user_id, (GameStatus.FORMING.value,)) if here(g)]
        if forming:
            raise UserError("order.not_started")
        raise await endings.no_game(tx, user_id)
    if len(mine) > 1:
        raise UserError("order.which_game", games=tuple(g.name for g in mine))
    return mine[0]


async def viewed_game(
    tx: Tx, user_id: int | None, game_id: int | None, channel_id: int | None, guild_id: int | None = None
) -> GameRow:
    """The game a command that shows something (``/game status``, ``map``, ``board``,
    ``history``) is about: the one of this channel for anyone who reads it (spectators,
    moderators), else the one the player named or plays (:func:`player_game`: from a DM,
    where a player of a gunboat or anonymous game uses commands, since Discord offers none
    in a channel they can't write in). ``guild_id`` None: a DM (or a core caller)."""
    if game_id is None and channel_id is not None:
        game = await game_of_channel(tx, channel_id)
        if game is not None:
            return game
        if guild_id is not None or user_id is None:  # a server channel without a game
            raise UserError("game.none_here")
    if user_id is None:
        raise UserError("game.unknown")
    return await player_game(tx, user_id, game_id, channel_id, guild_id)


async def player_context(
    tx: Tx, user_id: int, game_id: int | None = None, channel_id: int | None = None, guild_id: int | None = None
) -> GameContext:
    """The caller's game, checked: they play in it and it is being played."""
    game = await player_game(tx, user_id, game_id, channel_id, guild_id)
    ctx = await load(tx, game, user_id)
    if ctx.player is None:
        raise UserError("order.not_player", game=game.name)
    if game.status == GameStatus.FORMING:
        raise UserError("order.not_started_game", game=game.name)
    if game.status == GameStatus.FINISHED:
        raise await endings.ended(tx, game)
    return ctx


async def channel_game(tx: Tx, channel_id: int, *, last: bool = False) -> GameRow:
    """The open game of a channel (``last``: or the last one, finished or not)."""
    game = await (tx.last_game_in_channel(channel_id) if last else tx.open_game_in_channel(channel_id))
    if game is None:
        raise UserError("game.none_here")
    return game
