"""See my own orders before the deadline (issue 15): ``/orders map:True`` and the order
sheet's map button draw the current position with the caller's own orders (arrows,
supports, convoys), cropped to their front (one picture per group of their powers:
:func:`bot.infra.maps.front_groups`), in the caller's language.

Privacy is the point: the picture is drawn from the caller's orders only (the orders
stored for their powers in this phase, never another player's), and the Discord layer
sends it only to them (an ephemeral reply, or in their DMs). It is drawn now and never
kept in the map cache, which posts read from.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.core import context, fog
from bot.core.deps import Deps
from bot.core.languages import map_labels
from bot.infra.maps import front_groups
from bot.infra.storage import GameRow
from engine.codec import position_to_json


@dataclass(frozen=True, slots=True)
class Preview:
    """The caller's pictures: one per group of their powers (its power codes and PNG)."""

    game: GameRow
    phase: str
    orders: tuple[str, ...]  # the orders drawn
    pictures: tuple[tuple[tuple[str, ...], bytes], ...]
    board: dict[str, Any]  # the position drawn (for the pictures' alt text)


def drawn_orders(powers_orders: list[tuple[str, str]]) -> list[dict[str, Any]]:
    """Orders not adjudicated yet, as the renderer takes them (no result)."""
    return [{"power": power, "order": text, "ok": None, "result": None} for power, text in powers_orders]


@dataclass(frozen=True, slots=True)
class PreviewRequest:
    """A map of one's orders that passed its checks: what to draw."""

    game: GameRow
    phase: str
    board: dict[str, Any]
    orders: tuple[tuple[str, str], ...]  # (power, canonical order): the caller's only
    groups: tuple[tuple[str, ...], ...]
    language: str


class Previews:
    def __init__(self, deps: Deps) -> None:
        self.deps = deps

    async def request(
        self,
        user_id: int,
        *,
        game_id: int | None = None,
        channel_id: int | None = None,
        guild_id: int | None = None,
        language: str | None = None,
    ) -> PreviewRequest:
        """The checks (a quick read: a refusal is known before anything is shown)."""
        async with self.deps.storage.read() as tx:
            ctx = await context.player_context(tx, user_id, game_id, channel_id, guild_id)
        mine = tuple((o.power, o.text) for o in ctx.my_orders())  # the caller's orders, nobody else's
        board = ctx.game.position or position_to_json(ctx.position)
        groups = front_groups(board, [p.value for p in ctx.powers]) or ((),)
        return PreviewRequest(ctx.game, ctx.phase, board, mine, groups, language or ctx.language)

    async def draw(self, request: PreviewRequest) -> Preview:
        """One picture per group of the caller's powers, drawn now (off the event loop)."""
        pictures = []
        for group in request.groups:
            png = await self.deps.maps.picture(
                context.map_position(request.game, request.board),  # a duel's legend lists its two powers
                drawn_orders(list(request.orders)),
                game_name=request.game.name,
                language=request.language,
                labels=map_labels(request.language, request.game.language, request.game.labels),
                front=group or None,
                fog=group[0] if fog.active(request.game) and group else None,  # issue 25: the caller's sight
            )
            pictures.append((group, png))
        orders = tuple(t for _, t in request.orders)
        return Preview(request.game, request.phase, orders, tuple(pictures), request.board)
