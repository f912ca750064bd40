"""Open seats (issue 23): a human takes a power over from a stand-in, in the game's server
(``/game join power:``) or from the substitute board that every server the bot is in, and
its DMs, can read (``/substitutes``).

- **Open**: a power played by a bot (a seat nobody took), one in civil disorder (whoever
  plays it: the caretaker, or nobody, its units holding), or one whose player asked to leave
  (``/game leave`` in a game being played: they play on until somebody takes the seat). Not
  a power that is out.
- **Asked**: a player who does not play in the game asks for one open seat at a time. Where
  the game needs a moderator's approval (the default; ``/mod settings join_approval:``) the
  channel is told and its moderators decide (``/mod seat``); otherwise the request is
  accepted at once. A request from the substitute board always waits for a moderator.
- **Taken** at the next phase boundary (the resolution, :func:`take_seats`): the newcomer
  plays the seat's powers from the phase that begins; the bot (or the caretaker) stops,
  the channel is told and the newcomer gets the seat by DM. The previous player's record
  stays theirs, and the newcomer's reliability counts from the takeover (the record is
  kept per player and phase). A seat taken, every other request for it is void.
- **The board** lists the open seats of the games that opted in (``/mod settings
  substitutes:``): game, server, power, centres, year, next deadline, language, press mode
  and the minimum reliability asked (none: the bot keeps no cross-server record).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, replace

import bot.core.seats.standins as standins
from bot.core import context, posts, press
from bot.core.context import powers_of, setup_of
from bot.core.deps import Deps
from bot.core.errors import UserError
from bot.core.posts import PostKind
from bot.core.rules import orders_due
from bot.core.types import Actor, GameStatus, MapSpec
from bot.infra.storage import GameRow, PlayerRow, Tx
from bot.infra.storage.moderation import PowerState
from bot.infra.storage.standins import SeatRequest, StandinPolicy
from engine import Position, Power, Rules
from engine.codec import position_from_json

IsModerator = Callable[[Tx, GameRow, Actor], Awaitable[bool]]


def is_open(state: PowerState | None, position: Position, power: Power) -> bool:
    """A seat a newcomer may take: a bot's power, one in civil disorder, or one whose player
    asked to leave, still on the board."""
    if state is None or state.eliminated or not (position.units_of(power) or position.centres_of(power)):
        return False
    return state.bot is not None or state.civil_disorder or state.leaving


async def open_seats(tx: Tx, game: GameRow, position: Position) -> tuple[str, ...]:
    """The game's open seats nobody is taking yet (``/game status``)."""
    taken = {r.power for r in await tx.seat_requests(game.id, ("accepted",))}
    states = await tx.power_states(game.id)
    return tuple(
        code for code, state in sorted(states.items()) if code not in taken and is_open(state, position, Power(code))
    )


def parse_power(text: str) -> Power:
    try:
        return Power(text.strip().upper())
    except ValueError:
        raise UserError("mod.unknown_power", power=text.strip()) from None


@dataclass(frozen=True, slots=True)
class SeatAsked:
    game: GameRow
    power: Power
    request: SeatRequest
    approved: bool  # taken at the next phase without a moderator


@dataclass(frozen=True, slots=True)
class SeatDecision:
    game: GameRow
    request: SeatRequest
    accepted: bool
    remote: bool  # asked from the substitute board: the player may not be in the server yet


@dataclass(frozen=True, slots=True)
class OpenSeat:
    """One line of the substitute board."""

    game_id: int
    game: str
    guild_id: int
    power: Power
    centres: int
    year: int
    deadline: float | None
    language: str
    press: str
    min_reliability: int = 0  # percent of phases ordered asked of a newcomer (0: any)

    @property
    def key(self) -> str:
        """How ``/substitutes apply`` names the seat."""
        return f"{self.game_id}:{self.power.value}"


class Seats:
    """``/game join power:``, ``/mod seat`` and ``/substitutes``."""

    def __init__(self, deps: Deps, is_moderator: IsModerator) -> None:
        self.deps = deps
        self.is_moderator = is_moderator

    async def ask(
        self,
        user_id: int,
        power_text: str,
        *,
        channel_id: int | None = None,
        game_id: int | None = None,
        can_dm: Callable[[GameRow, Power], Awaitable[bool]] | None = None,
        board: bool = False,
        action: int | None = None,
    ) -> SeatAsked:
        """A player asks for an open seat: of the channel's game, or (``board``) of a game
        on the substitute board."""
        power = parse_power(power_text)
        async with self.deps.storage.read() as tx:  # refused before any DM is tried
            game = await self._game(tx, channel_id, game_id, board)
            await self._check(tx, game, user_id, power)
        if can_dm is not None and not await can_dm(game, power):
            raise UserError("join.dm_closed")
        async with self.deps.storage.write(action) as tx:
            game = await self._game(tx, channel_id, game_id, board)
            policy = await self._check(tx, game, user_id, power)
            now = self.deps.now()
            request_id = await tx.add_seat_request(game.id, power.value, user_id, now, board)
            approved = not policy.join_approval and not board
            if approved:
                await tx.decide_seat_request(request_id, "accepted", None, now)
            else:  # the moderators decide; the channel is told
                role = await tx.mod_role(game.guild_id)
                await posts.channel(
                    tx,
                    game,
                    game.phase,
                    now,
                    PostKind.SEAT_ASKED,
                    power=power.value,
                    user=user_id,
                    request=request_id,
                    creator=game.creator_id,
                    role=role,
                    mentions=(game.creator_id,),
                )
            await tx.add_audit(game.id, game.phase, user_id, "seat_asked", {"power": power.value}, now)
            request = await tx.seat_request(request_id)
            assert request is not None
        self.deps.changed(posts=True)
        return SeatAsked(game, power, request, approved)

    @staticmethod
    async def _check(tx: Tx, game: GameRow, user_id: int, power: Power) -> StandinPolicy:
        """Why a player may not ask for this seat (a refusal), else the game's policy."""
        if any(p.user_id == user_id for p in await tx.players(game.id)):
            raise UserError("standin.already_playing", game=game.name)
        position = position_from_json(game.position or {})
        if not is_open((await tx.power_states(game.id)).get(power.value), position, power):
            raise UserError("standin.not_open", game=game.name, power=power)
        pending = await tx.seat_requests(game.id)
        if any(r.user_id == user_id for r in pending):
            raise UserError("standin.already_asked", game=game.name)
        if any(r.power == power.value and r.state == "accepted" for r in pending):
            raise UserError("standin.seat_taken", game=game.name, power=power)
        policy = await tx.standin_policy(game.id)
        missed, phases = await tx.reliability_everywhere(user_id)
        yours = round(100 * (phases - missed) / phases) if phases else 100  # no record yet: welcome
        if yours < policy.min_reliability:
            raise UserError("standin.board.unreliable", game=game.name, percent=policy.min_reliability, yours=yours)
        return policy

    async def _game(self, tx: Tx, channel_id: int | None, game_id: int | None, board: bool) -> GameRow:
        if board:
            found = await tx.game(game_id) if game_id is not None else None
            if (
                found is None
                or found.status != GameStatus.ACTIVE
                or not (await tx.standin_policy(found.id)).substitutes
            ):
                raise UserError("standin.board_gone")
            return found
        game = await context.channel_game(tx, channel_id or 0)
        if game.status == GameStatus.FORMING:
            raise UserError("standin.join_forming", game=game.name)
        return game

    async def decide(
        self, channel_id: int, actor: Actor, request_id: int, accept: bool, *, action: int | None = None
    ) -> SeatDecision:
        """``/mod seat``: a moderator accepts or refuses a request (the newcomer takes the
        seat at the next phase)."""
        async with self.deps.storage.write(action) as tx:
            game = await context.channel_game(tx, channel_id)
            if not await self.is_moderator(tx, game, actor):
                raise UserError("mod.not_allowed", game=game.name)
            request = await tx.seat_request(request_id)
            if request is None or request.game_id != game.id or request.state != "asked":
                raise UserError("standin.no_request", game=game.name, number=request_id)
            power = Power(request.power)
            pending = await tx.seat_requests(game.id, ("accepted",))
            if accept and any(r.power == request.power for r in pending):
                raise UserError("standin.seat_taken", game=game.name, power=power)
            now = self.deps.now()
            state = "accepted" if accept else "refused"
            if not await tx.decide_seat_request(request_id, state, actor.user_id, now):
                raise UserError("standin.no_request", game=game.name, number=request_id)
            kind = "seat_accepted" if accept else "seat_refused"
            await tx.add_audit(
                game.id, game.phase, actor.user_id, kind, {"power": power.value, "user": request.user_id}, now
            )
            key = PostKind.DM_SEAT_ACCEPTED if accept else PostKind.DM_SEAT_REFUSED
            await posts.dm(tx, game, game.phase, now, request.user_id, key, power=power.value)
            decided = await tx.seat_request(request_id)
            assert decided is not None
        self.deps.changed(posts=True)
        return SeatDecision(game, decided, accept, decided.board)

    async def leave(
        self, channel_id: int, user_id: int, *, action: int | None = None
    ) -> tuple[GameRow, tuple[Power, ...]]:
        """``/game leave`` in a game being played: the player's seat is open (they play on
        until somebody takes it over, or a moderator replaces them); the channel is told."""
        async with self.deps.storage.write(action) as tx:
            game = await context.channel_game(tx, channel_id)
            player = next((p for p in await tx.players(game.id) if p.user_id == user_id), None)
            if player is None:
                raise UserError("leave.not_in", game=game.name)
            mine = powers_of(game, player)
            states = await tx.power_states(game.id)
            if all((states.get(pw.value) or PowerState(pw.value)).leaving for pw in mine):
                raise UserError("standin.already_leaving", game=game.name)
            for pw in mine:
                await tx.put_power_state(game.id, replace(states.get(pw.value) or PowerState(pw.value), leaving=True))
            codes = [pw.value for pw in mine]
            now = self.deps.now()
            await posts.channel(
                tx, game, game.phase, now, PostKind.SEAT_OFFERED, powers=codes, user=user_id, mentions=(user_id,)
            )
            await tx.add_audit(game.id, game.phase, user_id, "seat_left", {"powers": codes}, now)
        self.deps.changed(posts=True)
        return game, mine

    async def pending(self, channel_id: int) -> list[SeatRequest]:
        """The requests of the channel's game waiting for a moderator (autocomplete)."""
        async with self.deps.storage.read() as tx:
            game = await tx.open_game_in_channel(channel_id)
            return await tx.seat_requests(game.id, ("asked",)) if game is not None else []

    # -- the substitute board --------------------------------------------------------------
    async def board(self) -> list[OpenSeat]:
        """The open seats of every game on the substitute board, the soonest deadline first."""
        out: list[OpenSeat] = []
        async with self.deps.storage.read() as tx:
            for game_id in await tx.substitute_games():
                game = await tx.game(game_id)
                if game is None or game.phase is None:
                    continue
                position = position_from_json(game.position or {})
                states = await tx.power_states(game.id)
                taken = {r.power for r in await tx.seat_requests(game.id, ("accepted",))}
                mode = (await tx.game_settings(game.id)).press
                for code, state in sorted(states.items()):
                    power = Power(code)
                    if code not in taken and is_open(state, position, power):
                        centres = len(position.centres_of(power))
                        out.append(
                            OpenSeat(
                                game.id,
                                game.name,
                                game.guild_id,
                                power,
                                centres,
                                position.phase.year,
                                game.deadline,
                                game.language,
                                mode,
                                (await tx.standin_policy(game.id)).min_reliability,
                            )
                        )
        out.sort(key=lambda s: (s.deadline or float("inf"), s.game_id, s.power.value))
        return out


def bot_seat(states: Mapping[str, PowerState], text: str) -> Power | None:
    """The power named, when a bot plays it (``/mod replace`` gives it at once)."""
    try:
        power = Power(text.strip().upper())
    except ValueError:
        return None
    state = states.get(power.value)
    return power if state is not None and state.bot is not None else None


async def give_bot_seat(
    tx: Tx, game: GameRow, power: Power, user_id: int, mod_id: int, now: float
) -> tuple[Power, ...]:
    """``/mod replace`` of a bot's power: the member takes the seat now, as an accepted
    request would at a phase boundary; returns the seat's powers."""
    request_id = await tx.add_seat_request(game.id, power.value, user_id, now)
    await tx.decide_seat_request(request_id, "accepted", mod_id, now)
    await tx.add_audit(game.id, game.phase, mod_id, "seat_accepted", {"power": power.value, "user": user_id}, now)
    position = position_from_json(game.position or {})
    await take_seats(tx, game, await tx.players(game.id), position, now, only=request_id)
    player = next(p for p in await tx.players(game.id) if p.user_id == user_id)
    return powers_of(game, player)


async def seats_kept(tx: Tx, game: GameRow) -> None:
    """After a rollback restored the powers' states: a seat a newcomer took in the phase
    undone stays theirs (as a ``/mod replace`` does), so no bot plays a player's power."""
    states = await tx.power_states(game.id)
    for player in await tx.players(game.id):
        for pw in powers_of(game, player):
            state = states.get(pw.value)
            if state is not None and state.bot is not None:
                await tx.put_power_state(game.id, replace(state, bot=None, civil_disorder=False, standin=0))


# -- the hook in the resolution ----------------------------------------------------------
async def take_seats(
    tx: Tx, game: GameRow, players: Sequence[PlayerRow], position: Position, now: float, *, only: int | None = None
) -> list[PlayerRow]:
    """At a phase boundary (``game``: the game in its new phase, ``position``): the accepted
    requests take their seats (see the module's docstring); returns the players now.
    ``only``: that request alone (a moderator's ``/mod replace``)."""
    accepted = [r for r in await tx.seat_requests(game.id, ("accepted",)) if only is None or r.id == only]
    if not accepted:
        return list(players)
    assert game.phase is not None
    setup = setup_of(game)
    rules = context.rules_for(game, game.phase)
    for request in accepted:
        power = Power(request.power)
        states = await tx.power_states(game.id)
        current = await tx.players(game.id)
        if any(p.user_id == request.user_id for p in current) or not is_open(states.get(power.value), position, power):
            await tx.decide_seat_request(request.id, "void", None, now, was=("accepted",))
            continue
        old = next((p for p in current if power in powers_of(game, p)), None)
        if old is None:  # a bot's seat: the newcomer gets a seat of their own
            seat = next(i for i in range(len(setup.seats)) if power in setup.seat_powers(i, game.toss_winner))
            await tx.add_player(game.id, request.user_id, now)
            await tx.set_seat(game.id, request.user_id, seat)
            seat_powers: tuple[Power, ...] = setup.seat_powers(seat, game.toss_winner)
        else:  # in civil disorder: the newcomer replaces its player (every power of the seat)
            await tx.replace_player(game.id, old.user_id, request.user_id)
            seat_powers = powers_of(game, old)
            codes_out = [pw.value for pw in seat_powers]
            await posts.dm(tx, game, game.phase, now, old.user_id, PostKind.DM_SEAT_TAKEN_OVER, powers=codes_out)
        for pw in seat_powers:
            state = states.get(pw.value) or PowerState(pw.value)
            fresh = replace(
                state, civil_disorder=False, held=False, missed_in_row=0, bot=None, standin=0, leaving=False
            )
            await tx.put_power_state(game.id, fresh)
            await standins.given_back(tx, game, game.phase, pw, state, now, user=request.user_id)  # the caretaker's
        await tx.decide_seat_request(request.id, "done", None, now, was=("accepted",))
        for other in await tx.seat_requests(game.id, ("asked", "accepted")):
            if other.power in {pw.value for pw in seat_powers}:
                await tx.decide_seat_request(other.id, "void", None, now, was=("asked", "accepted"))
        await posts.channel(
            tx, game, game.phase, now, PostKind.SEAT_TAKEN, power=power.value, user=request.user_id,
            mentions=(request.user_id,),
        )  # fmt: skip
        await tx.add_audit(
            game.id, game.phase, None, "seat_taken", {"power": power.value, "user": request.user_id}, now
        )
        await brief_newcomer(tx, game, position, rules, request.user_id, seat_powers, now)
        if old is None:  # a bot's seat: its conversations made now
            await press.seat_added(tx, game, now)
        else:
            await press.seats_changed(tx, game, "replace", now)  # the newcomer in its press
    return list(await tx.players(game.id))


async def brief_newcomer(
    tx: Tx,
    game: GameRow,
    position: Position,
    rules: Rules,
    user_id: int,
    seat_powers: Sequence[Power],
    now: float,
) -> None:
    """The DM that hands a seat to its new player (a takeover, a moderator's replacement):
    the powers, their units, centres and orders owed, the deadline and the map (in a Fog of
    War game the new player's own, the fog drawn: issue 25)."""
    assert game.phase is not None  # a seat is handed over in a game being played
    codes = [pw.value for pw in seat_powers]
    paused = await tx.pause_of(game.id) is not None or not game.deadline
    seats = [
        {
            "power": pw.value,
            "units": [str(u) for u in position.units_of(pw)],
            "centres": sorted(position.centres_of(pw)),
            "todo": orders_due(position, pw, rules).count,
        }
        for pw in seat_powers
    ]
    await posts.dm(
        tx,
        game,
        game.phase,
        now,
        user_id,
        PostKind.DM_REPLACEMENT,
        powers=codes,
        seats=seats,
        phase=game.phase,
        deadline=None if paused else game.deadline,
        map=MapSpec(game.phase, fronts=(tuple(codes),) if game.fog else ()),
    )
