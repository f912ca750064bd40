"""How far the orders are: the ONE per-power order-state function that ``/game status``,
``/mod orders`` and reminders share, what a player still has to order, and the status
use case (``/game status``, ``/game map``, a player's own orders)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import bot.core.status.late as late
from bot.core import context, fog, press, seats, secrecy
from bot.core.context import GameContext
from bot.core.deps import Deps
from bot.core.endgame.scoring import EndRules, rules_of
from bot.core.endings import Ending, ending_of
from bot.core.errors import UserError
from bot.core.rules import orders_due
from bot.core.seats import standins
from bot.core.status.late import LateStanding
from bot.core.types import GameStatus, OrderState
from bot.infra.storage import GameRow, OrderRow, PhaseRow, PlayerRow
from engine import Power


def order_state(due: int, given: int, ready: bool) -> OrderState:
    """The state of ``given`` orders out of ``due`` (counts of one power, or of a player's
    powers together)."""
    if due == 0:
        return OrderState.NOTHING
    if ready:
        return OrderState.READY
    if min(given, due) >= due:
        return OrderState.COMPLETE
    return OrderState.PARTIAL if given else OrderState.NONE


def counts(ctx: GameContext, power: Power) -> tuple[int, int]:
    """(orders due, orders given, at most the due) of one power in the current phase."""
    due = orders_due(ctx.position, power, ctx.rules).count
    given = sum(1 for o in ctx.orders if o.power == power.value)
    return due, min(given, due)


def power_state(ctx: GameContext, player: PlayerRow, power: Power) -> OrderState:
    due, given = counts(ctx, power)
    return order_state(due, given, player.ready_phase == ctx.game.phase)


@dataclass(frozen=True, slots=True)
class Owed:
    """Builds or disbands a power has still to order in an adjustment phase."""

    power: str
    builds: int = 0
    disbands: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"power": self.power, **({"builds": self.builds} if self.builds else {"disbands": self.disbands})}


@dataclass(frozen=True, slots=True)
class Unordered:
    """A unit still without an order, and its power (a player may order several)."""

    power: str
    unit: str

    def to_json(self) -> dict[str, Any]:
        return {"power": self.power, "unit": self.unit}


Missing = Unordered | Owed
"""A unit still without an order, or builds/disbands still owed."""


def missing_orders(ctx: GameContext, powers: Sequence[Power], mine: Iterable[OrderRow]) -> list[Missing]:
    """What ``powers`` still have to order: each unit without an order, or in an
    adjustment phase the builds or disbands not ordered yet."""
    mine = list(mine)
    ordered = {o.unit for o in mine}
    out: list[Missing] = []
    for power in powers:
        due = orders_due(ctx.position, power, ctx.rules)
        if ctx.position.phase.is_adjustment:
            left = due.count - sum(1 for o in mine if o.power == power.value)
            if left > 0:
                out.append(Owed(power.value, builds=left) if due.builds else Owed(power.value, disbands=left))
        else:
            out.extend(Unordered(power.value, str(u)) for u in due.units if u.province not in ordered)
    return out


def silent_powers(ctx: GameContext, powers: Sequence[Power], mine: Iterable[OrderRow]) -> tuple[Power, ...]:
    """For a player of several powers with something to order: those of ``powers`` with
    orders due and no order at all. Without orders (and without ``/ready``) such a power
    plays the phase in civil disorder (:mod:`bot.core.seats.civil`), though its player is
    present: the player is warned by name. () for a player of one power."""
    given = {o.power for o in mine}
    owing = [pw for pw in powers if not orders_due(ctx.position, pw, ctx.rules).is_empty]
    if len(owing) < 2:
        return ()
    return tuple(pw for pw in owing if pw.value not in given)


@dataclass(frozen=True, slots=True)
class OrderSheet:
    """A player's orders in the current phase of one game."""

    game: GameRow
    phase: str
    powers: tuple[Power, ...]
    ordered: tuple[str, ...]  # canonical orders stored
    missing: tuple[Missing, ...]  # see :func:`missing_orders`
    ready: bool
    silent: tuple[Power, ...] = ()  # see :func:`silent_powers`
    nothing_due: bool = False  # none of the player's powers has anything to order in the phase


def sheet_of(ctx: GameContext) -> OrderSheet:
    mine = ctx.my_orders()
    return OrderSheet(
        ctx.game,
        ctx.phase,
        ctx.powers,
        tuple(o.text for o in mine),
        tuple(missing_orders(ctx, ctx.powers, mine)),
        ctx.ready,
        silent_powers(ctx, ctx.powers, mine),
        all(orders_due(ctx.position, pw, ctx.rules).is_empty for pw in ctx.powers),
    )


@dataclass(frozen=True, slots=True)
class PlayerStatus:
    user_id: int
    powers: tuple[Power, ...]
    state: OrderState


@dataclass(frozen=True, slots=True)
class Standing:
    """What ``/game status`` shows besides the players: the civil-disorder policy, a
    pause, powers in civil disorder, an open draw, how the game ended, and each player's
    record of missed phases in the server's games."""

    cd_after: int
    paused_left: float | None
    civil_disorder: tuple[str, ...]
    draw_open: bool
    ending: Ending | None  # how the game ended, once it is over
    records: tuple[tuple[int, int, int], ...]  # (user, missed, phases to order)
    rules: EndRules | None = None  # its scoring system and last year (issue 15)
    late: LateStanding | None = None  # grace, standby orders, days off (issue 15)
    standins: tuple[tuple[str, str], ...] = ()  # issue 23: (power, preset) of the powers stand-ins play
    open_seats: tuple[str, ...] = ()  # issue 23: powers a newcomer may take (/game join power:)


@dataclass(frozen=True, slots=True)
class GameStatusReport:
    game: GameRow
    players: tuple[PlayerStatus, ...]
    joined: tuple[int, ...]
    standing: Standing
    settings: press.GameSettings | None = None
    secret: bool = False  # an anonymous game being played: players are not named (bot.core.secrecy)


@dataclass(frozen=True, slots=True)
class MapRequest:
    """A ``/game map`` that passed its checks: the game and the stored phase to draw."""

    game: GameRow
    row: PhaseRow


@dataclass(frozen=True, slots=True)
class MapPicture:
    game: GameRow
    phase: str
    png: bytes
    with_orders: bool


class Status:
    def __init__(self, deps: Deps) -> None:
        self.deps = deps

    async def game_status(
        self,
        channel_id: int | None,
        user_id: int | None = None,
        *,
        game_id: int | None = None,
        guild_id: int | None = None,
    ) -> GameStatusReport:
        """``/game status``: the channel's game, or (from a DM, or with ``game:``) the
        caller's (:func:`bot.core.context.viewed_game`)."""
        async with self.deps.storage.read() as tx:
            game = await context.viewed_game(tx, user_id, game_id, channel_id, guild_id)
            ctx = await context.load(tx, game)
            joined = tuple(p.user_id for p in ctx.players)
            states = await tx.power_states(game.id)
            pause = await tx.pause_of(game.id)
            standing = Standing(
                await tx.cd_policy(game.id),
                pause.deadline_left if pause is not None else None,
                tuple(s.power for s in states.values() if s.civil_disorder),
                await tx.draw_proposal(game.id) is not None and game.status == GameStatus.ACTIVE,
                await ending_of(tx, game),
                tuple((uid, m, n) for uid, (m, n) in (await tx.reliability(game.guild_id, joined)).items()),
                await rules_of(tx, game),
                await late.standing(tx, game, joined),
                await standins.standing(tx, game, states),
                await seats.open_seats(tx, game, ctx.position) if game.status == GameStatus.ACTIVE else (),
            )
            settings = await press.game_settings(tx, game)
            secret = await secrecy.is_secret(tx, game)
        if game.status == GameStatus.FORMING or game.phase is None:
            return GameStatusReport(game, (), joined, standing, settings, secret)
        out = []
        for p in ctx.players:
            powers = ctx.powers_of(p)
            due = given = 0
            for pw in powers:
                d, g = counts(ctx, pw)
                due, given = due + d, given + g
            out.append(PlayerStatus(p.user_id, powers, order_state(due, given, p.ready_phase == game.phase)))
        return GameStatusReport(game, tuple(out), joined, standing, settings, secret)

    async def map_phase(
        self,
        channel_id: int | None,
        phase: str | None = None,
        user_id: int | None = None,
        *,
        game_id: int | None = None,
        guild_id: int | None = None,
    ) -> MapRequest:
        """``/game map`` and ``/game board``, checked: the game of the channel (or the
        caller's: :func:`bot.core.context.viewed_game`) and the phase asked for (a quick
        read, so a refusal is known before the command shows anything)."""
        async with self.deps.storage.read() as tx:
            game = await context.viewed_game(tx, user_id, game_id, channel_id, guild_id)
            fog.refuse_board(game)  # issue 25: hidden until the end
            if game.phase is None:
                raise UserError("map.not_started", game=game.name)
            wanted = (phase or game.phase).strip().upper()
            row = await tx.phase(game.id, wanted)
            if row is None:
                names = await tx.phase_names(game.id)
                raise UserError("map.unknown_phase", text=wanted, phases=", ".join(names))
        return MapRequest(game, row)

    async def draw(self, request: MapRequest) -> MapPicture:
        """The map of a checked request (drawn now, off the event loop)."""
        game, row = request.game, request.row
        png = await self.deps.maps.picture(
            context.map_position(game, row.position),  # a duel's legend lists its two powers
            row.results,
            game_name=game.name,
            language=game.language,
            labels=game.labels,
        )
        return MapPicture(game, row.phase, png, row.results is not None)

    async def games_of(self, user_id: int) -> list[GameRow]:
        async with self.deps.storage.read() as tx:
            return await tx.games_of_user(user_id)

    async def my_orders(self, user_id: int, *, game_id: int | None = None, channel_id: int | None = None) -> OrderSheet:
        async with self.deps.storage.read() as tx:
            ctx = await context.player_context(tx, user_id, game_id, channel_id)
        return sheet_of(ctx)
