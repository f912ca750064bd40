"""A player's own map, privately: the crops around their powers' units (their fronts) of
a phase, in the reader's language, on request (the button under the DM of a new phase,
``/game map front:me``), and whether they want it attached to those DMs instead.

Why offered rather than pushed (issue 13): attaching the crops to every DM costs no extra
request (the DM is sent anyway) but about 40 KB per game and player to draw, encode and
upload in every deadline storm, most of it for players who already know the board; a
tap on the button costs one interaction reply, which Discord does not count against the
bot's global rate limit, and only for the players who want it. Players who always want
it turn it on with ``/remind map:True``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.core import context, fog
from bot.core.deps import Deps
from bot.core.errors import UserError
from bot.core.languages import map_labels
from bot.infra.maps import MapCache, MapView, as_front, front_groups, map_filename, map_key
from bot.infra.storage import GameRow, PhaseRow


async def phase_pictures(
    maps: MapCache,
    game: GameRow,
    position: dict[str, Any],
    orders: list[dict[str, Any]] | None,
    groups: Sequence[Sequence[str]],
    language: str,
    *,
    plan: bool = False,
) -> list[bytes]:
    """The PNGs of one phase of a game through the map cache, one per group of powers (an
    empty group: the whole board), in ``language`` and the game's label set where that is
    the game's language: a post's maps, a player's crops."""
    position = context.map_position(game, position)  # a duel's legend lists its two powers
    key = map_key(game.id, game.name, position, orders)
    labels = map_labels(language, game.language, game.labels)
    fogged = fog.active(game)  # issue 25: each picture as its reader's power sees it
    if fogged and any(not g for g in groups):
        raise ValueError(f"the whole board of fog game {game.id} is hidden until the end")
    views = [MapView(as_front(g), language, labels, g[0] if fogged else None) for g in groups]
    return await maps.get_many(key, position, orders, game_name=game.name, views=views, game=game.id, plan=plan)


@dataclass(frozen=True, slots=True)
class FrontRequest:
    """A request that passed its checks: the game, the stored phase, and the groups of
    the player's powers to crop (one picture each)."""

    game: GameRow
    row: PhaseRow
    groups: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class FrontPicture:
    filename: str
    png: bytes


class Fronts:
    def __init__(self, deps: Deps) -> None:
        self.deps = deps

    async def request(
        self,
        user_id: int,
        *,
        game_id: int | None = None,
        channel_id: int | None = None,
        phase: str | None = None,
        guild_id: int | None = None,
    ) -> FrontRequest:
        """The player's fronts in a game (named by id, e.g. in a button, or the game of
        a channel) in ``phase`` (default: the current one). Only a player of the game
        gets them; a game that is not theirs is refused as one that does not exist."""
        async with self.deps.storage.read() as tx:
            if game_id is not None:
                game = await tx.game(game_id)
                if game is None:
                    raise UserError("game.unknown")
            else:
                # the channel's game, or from a DM the player's own (context.viewed_game)
                game = await context.viewed_game(tx, user_id, None, channel_id, guild_id)
            player = next((p for p in await tx.players(game.id) if p.user_id == user_id), None)
            if player is None:
                if game_id is not None:
                    raise UserError("game.unknown")
                raise UserError("order.not_player", game=game.name)
            if game.phase is None:
                raise UserError("map.not_started", game=game.name)
            wanted = (phase or game.phase).strip().upper()
            row = await tx.phase(game.id, wanted)
            if row is None:
                raise UserError("map.unknown_phase", text=wanted, phases=", ".join(await tx.phase_names(game.id)))
        powers = [p.value for p in context.powers_of(game, player)]
        if not powers:  # a seat not given yet
            raise UserError("order.not_player", game=game.name)
        return FrontRequest(game, row, front_groups(row.position, powers))

    async def draw(self, request: FrontRequest, language: str) -> list[FrontPicture]:
        """One picture per group, drawn off the event loop in the reader's language (and
        the game's label set where that is the game's language), at most once per phase and
        language: the map cache keeps them for the next reader."""
        game, row = request.game, request.row
        pngs = await phase_pictures(self.deps.maps, game, row.position, None, request.groups, language)
        return [FrontPicture(map_filename(row.phase, g), png) for g, png in zip(request.groups, pngs, strict=True)]

    async def pushed(self, user_id: int) -> bool:
        """Whether the player's map comes with each new phase's DM."""
        async with self.deps.storage.read() as tx:
            return user_id in await tx.maps_pushed([user_id])

    async def choose(self, user_id: int, pushed: bool) -> None:
        async with self.deps.storage.write() as tx:
            await tx.set_maps_pushed(user_id, pushed, self.deps.now())
