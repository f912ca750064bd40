"""Press and game modes (issue 14): a game's settings, when its players may negotiate, and
the press use cases (``/press open``, ``/press send``, ``/game watch``, ``/mod settings``).

**Modes.** ``full`` (the default): a private conversation for each pair of players, groups
on demand, and the game channel; ``public``: the game channel only; ``none`` (gunboat):
no negotiation at all; ``rulebook``: as full, but closed during retreats and adjustments
(the rulebooks' "no negotiation during retreats and builds", a variant here). Closed press
is enforced by permissions: the press worker takes writing away (:mod:`bot.core.press.space`).

**Anonymous games.** Players are known by their powers only until the end: they get no
shared channel (its member list would name them); each power has an inbox channel only its
player reads, and messages go through the bot (``/press send``), re-posted under the
sender's power. What the bot shows keeps the secret too (:mod:`bot.core.secrecy`). When
the game ends, the reveal names who played whom.

**Spectators** (``/game watch``) read the game channel and its maps, never press or orders.

**Settings** show in ``/game status`` and the start post; moderators change them with
``/mod settings``: anything before the start, the safe ones (:data:`SAFE_MID_GAME`) during
the game; each change is posted in the game channel and written to the audit log.

The hooks the game's life calls (:func:`game_started`, :func:`phase_started`,
:func:`game_over`, :func:`seats_changed`) store what is needed in the caller's
transaction: conversations, the reveal post, and a press job; Discord is changed only after
the commit, by the press worker.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, fields, replace
from enum import StrEnum
from itertools import combinations
from typing import Any

from bot.core import context, posts, secrecy
from bot.core.context import GameContext, powers_of
from bot.core.deps import Deps
from bot.core.errors import UserError
from bot.core.languages import LANGUAGES
from bot.core.posts import Post, PostKind
from bot.core.types import Actor, GameStatus, PhaseKind
from bot.infra.schedule import ScheduleError, parse_schedule
from bot.infra.storage import GameRow, PlayerRow, Tx
from bot.infra.storage.press import RoomRow, SettingsRow
from bot.infra.storage.standins import CIVIL_DISORDER_PLAYERS, StandinPolicy
from engine import Power

MAX_TEXT = 1500  # one relayed message (room for the header within Discord's 2,000 characters)
MAX_ROOMS = 49  # conversations with a channel per game: a category holds 50 channels
EVERYONE = "everyone"  # /press send to: the game channel (public press)


class PressMode(StrEnum):
    FULL = "full"
    PUBLIC = "public"
    NONE = "none"
    RULEBOOK = "rulebook"

    @property
    def private(self) -> bool:
        """Whether players have private conversations (a press space of their own)."""
        return self in (PressMode.FULL, PressMode.RULEBOOK)

    def open_in(self, phase: str | None) -> bool:
        """Whether players may negotiate in ``phase``: never in a gunboat game; with
        rulebook press only in movement phases."""
        if self is PressMode.NONE:
            return False
        if self is PressMode.RULEBOOK:
            return phase is not None and PhaseKind.of(phase) is PhaseKind.MOVEMENT
        return True


@dataclass(frozen=True, slots=True)
class Settings:
    """The press settings of a game (the rest of its settings live in the games table)."""

    press: PressMode = PressMode.FULL
    anonymous: bool = False
    spectators: bool = True
    reveal: bool = True  # at the end every player of the game reads all its press
    moderators_read: bool = True

    @classmethod
    def from_row(cls, row: SettingsRow) -> Settings:
        return cls(PressMode(row.press), row.anonymous, row.spectators, row.reveal, row.moderators_read)

    def row(self) -> SettingsRow:
        return SettingsRow(self.press.value, self.anonymous, self.spectators, self.reveal, self.moderators_read)


async def settings_of(tx: Tx, game_id: int) -> Settings:
    return Settings.from_row(await tx.game_settings(game_id))


@dataclass(frozen=True, slots=True)
class GameSettings:
    """Everything a game's players and moderators see of its settings (``/game status``,
    the start post): press, anonymity, spectators, the reveal, who reads press, the
    deadline schedules, the civil-disorder policy, the language and the draw rule (a draw
    is shared by every surviving power, voted in secret: the only rule the bot has)."""

    settings: Settings
    movement: str
    retreat: str
    adjustment: str
    cd_after: int
    language: str
    standin: StandinPolicy = StandinPolicy()  # issue 23: who plays a power nobody plays

    def to_json(self) -> dict[str, Any]:
        s = self.settings
        return {
            "press": s.press.value,
            "anonymous": s.anonymous,
            "spectators": s.spectators,
            "reveal": s.reveal,
            "moderators_read": s.moderators_read,
            "movement": self.movement,
            "retreat": self.retreat,
            "adjustment": self.adjustment,
            "civil_disorder": self.cd_after,
            "language": self.language,
            # issue 23 (bot.core.seats.standins)
            "civil_disorder_player": self.standin.civil_disorder,
            "bots": self.standin.bots,
            "join_approval": self.standin.join_approval,
            "substitutes": self.standin.substitutes,
            "min_reliability": self.standin.min_reliability,
        }


async def game_settings(tx: Tx, game: GameRow) -> GameSettings:
    return GameSettings(
        await settings_of(tx, game.id),
        game.movement,
        game.retreat,
        game.adjustment,
        await tx.cd_policy(game.id),
        game.language,
        await tx.standin_policy(game.id),
    )


#: What moderators may change while the game is played: nothing that changes what players
#: knew when they joined (the press mode, anonymity).
SAFE_MID_GAME = frozenset(
    {
        "spectators",
        "reveal",
        "moderators_read",
        "movement",
        "retreat",
        "adjustment",
        "civil_disorder",
        "language",
        # issue 23: a stand-in for powers in civil disorder, and how open seats are filled
        "civil_disorder_player",
        "join_approval",
        "substitutes",
        "min_reliability",
    }
)
_PRESS_FIELDS = frozenset({"press", "anonymous", "spectators", "reveal", "moderators_read"})


@dataclass(frozen=True, slots=True)
class SettingsChange:
    """What ``/mod settings`` was given (None: unchanged)."""

    press: PressMode | None = None
    anonymous: bool | None = None
    spectators: bool | None = None
    reveal: bool | None = None
    moderators_read: bool | None = None
    movement: str | None = None
    retreat: str | None = None
    adjustment: str | None = None
    civil_disorder: int | None = None
    language: str | None = None
    civil_disorder_player: str | None = None  # issue 23
    join_approval: bool | None = None
    substitutes: bool | None = None
    min_reliability: int | None = None

    def given(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name) is not None}


# -- conversations ------------------------------------------------------------------------
class RoomKind(StrEnum):
    PAIR = "pair"  # two players, made at the start
    GROUP = "group"  # opened with /press open
    INBOX = "inbox"  # an anonymous game: one power's messages, read by its player only


def pair_key(a: int, b: int) -> str:
    return f"pair:{min(a, b)}:{max(a, b)}"


def group_key(seats: Iterable[int]) -> str:
    return "group:" + ".".join(str(s) for s in sorted(set(seats)))


def inbox_key(seat: int) -> str:
    return f"inbox:{seat}"


def room_key(seats: Iterable[int]) -> str:
    """The conversation of these seats: a pair, or a group."""
    chosen = sorted(set(seats))
    return pair_key(chosen[0], chosen[1]) if len(chosen) == 2 else group_key(chosen)


class RoomState(StrEnum):
    """Whether a game's press is open: what its press channels were last told."""

    OPEN = "open"
    CLOSED = "closed"  # gunboat, or rulebook press outside movement phases
    OVER = "over"  # the game ended: read only (readable by all its players, if the game reveals)


def state_of(game: GameRow, settings: Settings) -> RoomState | None:
    """The state of the game's press now (None before the start)."""
    if game.status == GameStatus.FORMING:
        return None
    if game.status == GameStatus.FINISHED:
        return RoomState.OVER
    return RoomState.OPEN if settings.press.open_in(game.phase) else RoomState.CLOSED


def seat_powers(game: GameRow, players: Iterable[PlayerRow]) -> dict[int, tuple[Power, ...]]:
    """Each taken seat -> the powers it plays now."""
    rules = context.rules_for(game, game.phase) if game.phase else None
    return {p.seat: powers_of(game, p, rules) for p in players if p.seat is not None}


async def eliminated_seats(tx: Tx, game: GameRow, seats: dict[int, tuple[Power, ...]]) -> set[int]:
    """The seats all of whose powers are out of the game."""
    states = await tx.power_states(game.id)
    out = set()
    for seat, powers in seats.items():
        if powers and all((s := states.get(pw.value)) is not None and s.eliminated for pw in powers):
            out.add(seat)
    return out


# -- hooks of the game's life -------------------------------------------------------------
async def game_started(tx: Tx, game: GameRow, players: Sequence[PlayerRow], now: float) -> None:
    """At the start: the conversations of the game (a pair per two seats, or an inbox per
    seat in an anonymous game) and the job that makes them on Discord."""
    settings = await settings_of(tx, game.id)
    await _conversations(tx, game, players, settings, now)
    if settings.press is not PressMode.PUBLIC or settings.anonymous or await tx.spectators(game.id):
        await tx.add_press_job(game.id, "start", now)


async def _conversations(tx: Tx, game: GameRow, players: Sequence[PlayerRow], settings: Settings, now: float) -> None:
    """The conversations of the players' seats (those stored already are kept)."""
    seats = sorted(seat for seat, powers in seat_powers(game, players).items() if powers)
    if settings.press.private:
        if settings.anonymous:
            for seat in seats:
                await tx.add_press_room(game.id, inbox_key(seat), RoomKind.INBOX.value, [seat], None, now)
            await inboxes_read(tx, game, settings, {p.user_id for p in players}, now)
        else:
            for a, b in combinations(seats, 2):
                await tx.add_press_room(game.id, pair_key(a, b), RoomKind.PAIR.value, [a, b], None, now)


async def seat_added(tx: Tx, game: GameRow, now: float) -> None:
    """A newcomer took a bot's seat (issue 23): the conversations of that seat (a bot had
    none), and the job that makes them on Discord."""
    await _conversations(tx, game, await tx.players(game.id), await settings_of(tx, game.id), now)
    await tx.add_press_job(game.id, "replace", now)


async def inboxes_read(tx: Tx, game: GameRow, settings: Settings, playing: set[int], now: float) -> None:
    """The audit entry of moderators who read an anonymous game's press: they read every
    inbox, and an inbox's member list names its player, so they can see who plays which
    power for as long as they read them (the bot can't see when they look: the entry is
    made when the reading is given, at the start or when ``moderators_read`` is turned on)."""
    if not (settings.anonymous and settings.press.private and settings.moderators_read):
        return
    if await tx.mod_role(game.guild_id) is None and game.creator_id in playing:
        return  # nobody reads the inboxes: no role, and a creator who plays reads only their own
    await tx.add_audit(game.id, game.phase, None, "inboxes_read", {}, now)


async def phase_started(tx: Tx, after: GameRow, now: float) -> None:
    """A new phase: the press space follows (rulebook press opens or closes, a power out of
    the game only reads). A pass that finds nothing to change makes no Discord call."""
    settings = await settings_of(tx, after.id)
    if settings.press is not PressMode.PUBLIC or settings.anonymous:
        await tx.add_press_job(after.id, "phase", now)


async def game_over(tx: Tx, game_id: int, now: float) -> None:
    """The end: an anonymous game reveals who played whom, and press channels become read
    only (readable by every player of the game when it reveals)."""
    game = await tx.game(game_id)
    if game is None:
        return
    settings = await settings_of(tx, game.id)
    players = sorted(await tx.players(game.id), key=lambda p: p.seat or 0)
    if settings.anonymous:
        assignments = [[p.user_id, [pw.value for pw in powers_of(game, p)]] for p in players if p.seat is not None]
        await posts.channel(
            tx,
            game,
            game.phase,
            now,
            PostKind.PRESS_REVEAL,
            assignments=assignments,
            mentions=tuple(p.user_id for p in players),
        )
    await tx.add_press_job(game.id, "end", now)


async def seats_changed(tx: Tx, game: GameRow, reason: str, now: float) -> None:
    """A player was replaced, or the game went back a phase: who may read what follows."""
    await tx.add_press_job(game.id, reason, now)


# -- use cases ----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Conversation:
    """A conversation a player opened (or found already open)."""

    game: GameRow
    key: str
    powers: tuple[Power, ...]  # every power in it, the opener's first
    channel_id: int | None  # None: being made, or an anonymous game's group (no channel)
    created: bool
    anonymous: bool
    own: tuple[Power, ...]  # the opener's powers (a player of a 2-4 player game has several)

    @property
    def others(self) -> tuple[Power, ...]:
        """The powers the opener talks with: every power in it but the opener's own."""
        return tuple(p for p in self.powers if p not in self.own)


@dataclass(frozen=True, slots=True)
class Sent:
    """A message relayed in an anonymous game."""

    game: GameRow
    sender: tuple[Power, ...]
    to: tuple[Power, ...]  # () for the game channel
    by_dm: tuple[Power, ...]  # recipients reached by direct message (their inbox isn't made)


@dataclass(frozen=True, slots=True)
class Target:
    """Somewhere ``/press send`` can write to: a power (its seat), a group, or everyone."""

    value: str
    powers: tuple[Power, ...]  # () for everyone


@dataclass(frozen=True, slots=True)
class Watching:
    game: GameRow
    watching: bool


@dataclass(frozen=True, slots=True)
class SettingsReport:
    game: GameRow
    changed: tuple[str, ...]
    settings: GameSettings


IsModerator = Callable[[Tx, GameRow, Actor], Awaitable[bool]]


class Press:
    def __init__(self, deps: Deps, is_moderator: IsModerator) -> None:
        self.deps = deps
        self.is_moderator = is_moderator

    # -- finding the player's game ---------------------------------------------------------
    async def _player(
        self, tx: Tx, user_id: int, game_id: int | None, channel_id: int | None, guild_id: int | None
    ) -> GameContext:
        """The caller's game: the one named, the one of this channel (a game channel or one
        of its press channels), or their only game."""
        return await context.player_context(tx, user_id, game_id, channel_id, guild_id)

    async def _talking(self, tx: Tx, ctx: GameContext) -> tuple[Settings, dict[int, tuple[Power, ...]], set[int]]:
        """The checks every message passes: press is open now, and the caller's powers are
        still in the game. Returns the settings, the seats' powers and the eliminated seats."""
        game = ctx.game
        settings = await settings_of(tx, game.id)
        if settings.press is PressMode.NONE:
            raise UserError("press.gunboat", game=game.name)
        if not settings.press.open_in(game.phase):
            raise UserError("press.closed_now", game=game.name)
        seats = seat_powers(game, ctx.players)
        out = await eliminated_seats(tx, game, seats)
        assert ctx.player is not None and ctx.player.seat is not None
        if ctx.player.seat in out:
            raise UserError("press.eliminated_self", game=game.name)
        return settings, seats, out

    @staticmethod
    def _seat_of(game: GameRow, seats: dict[int, tuple[Power, ...]], text: str) -> tuple[int, Power]:
        try:
            power = Power(text.strip().upper())
        except ValueError:
            raise UserError("mod.unknown_power", power=text.strip()) from None
        for seat, powers in seats.items():
            if power in powers:
                return seat, power
        raise UserError("mod.power_not_played", power=power, game=game.name)

    async def open(
        self,
        user_id: int,
        with_powers: Sequence[str],
        *,
        game_id: int | None = None,
        channel_id: int | None = None,
        guild_id: int | None = None,
        action: int | None = None,
    ) -> Conversation:
        """``/press open``: a conversation of the caller with these powers (their pair's
        when it is one power), made now or found open already."""
        async with self.deps.storage.write(action) as tx:
            ctx = await self._player(tx, user_id, game_id, channel_id, guild_id)
            game = ctx.game
            settings, seats, out = await self._talking(tx, ctx)
            if not settings.press.private:
                raise UserError("press.public_only", game=game.name)
            mine = ctx.player.seat if ctx.player is not None else None
            assert mine is not None
            chosen = {mine}
            for text in with_powers:
                seat, power = self._seat_of(game, seats, text)
                if seat == mine:
                    raise UserError("press.open_self", power=power)
                if seat in out:
                    raise UserError("press.eliminated", power=power, game=game.name)
                chosen.add(seat)
            if len(chosen) < 2:
                raise UserError("press.open_nobody")
            others = sorted(chosen - {mine})
            powers = tuple(dict.fromkeys([*seats[mine], *(pw for s in others for pw in seats[s])]))
            if settings.anonymous and len(others) == 1:  # one power: /press send to it, no group needed
                return Conversation(game, seats[others[0]][0].value, powers, None, False, True, seats[mine])
            key = room_key(chosen)
            rooms = {r.room: r for r in await tx.press_rooms(game.id)}
            if key in rooms:
                found = rooms[key]
                return Conversation(game, key, powers, found.channel_id, False, settings.anonymous, seats[mine])
            if not settings.anonymous and len(rooms) >= MAX_ROOMS:
                raise UserError("press.too_many", game=game.name, count=MAX_ROOMS)
            # an anonymous game's conversations are all groups: they live in their members' inboxes
            kind = RoomKind.PAIR if len(chosen) == 2 and not settings.anonymous else RoomKind.GROUP
            now = self.deps.now()
            await tx.add_press_room(game.id, key, kind.value, chosen, user_id, now)
            if not settings.anonymous:  # an anonymous group lives in its members' inboxes
                await tx.add_press_job(game.id, "open", now)
        self.deps.changed(posts=True)
        return Conversation(game, key, powers, None, True, settings.anonymous, seats[mine])

    async def targets(
        self, user_id: int, *, game_id: int | None = None, channel_id: int | None = None, guild_id: int | None = None
    ) -> list[Target]:
        """Where the caller may send in an anonymous game (``/press send`` autocomplete):
        every other power, the groups they are in, and everyone (the game channel). Empty
        outside such a game."""
        async with self.deps.storage.read() as tx:
            try:
                ctx = await self._player(tx, user_id, game_id, channel_id, guild_id)
            except UserError:
                return []
            settings = await settings_of(tx, ctx.game.id)
            if not settings.anonymous or ctx.player is None or ctx.player.seat is None:
                return []
            seats = seat_powers(ctx.game, ctx.players)
            rooms = await tx.press_rooms(ctx.game.id)
        mine = ctx.player.seat
        out = [Target(EVERYONE, ())] if settings.press is not PressMode.NONE else []
        if settings.press.private:
            for seat, powers in sorted(seats.items()):
                if seat != mine and powers:
                    out.append(Target(powers[0].value, powers))
            for room in rooms:
                if room.kind == RoomKind.GROUP and mine in room.seats:
                    others = [pw for s in room.seats if s != mine for pw in seats.get(s, ())]
                    out.append(Target(room.room, tuple(others)))
        return out

    async def send(
        self,
        user_id: int,
        to: str,
        text: str,
        *,
        game_id: int | None = None,
        channel_id: int | None = None,
        guild_id: int | None = None,
        action: int | None = None,
    ) -> Sent:
        """``/press send`` in an anonymous game: the message is posted under the sender's
        power in each recipient's inbox (their DMs while it is being made) and a copy in
        the sender's, or in the game channel for ``everyone``."""
        text = text.strip()
        if not text:
            raise UserError("press.empty")
        if len(text) > MAX_TEXT:
            raise UserError("press.too_long", count=MAX_TEXT)
        async with self.deps.storage.write(action) as tx:
            ctx = await self._player(tx, user_id, game_id, channel_id, guild_id)
            game = ctx.game
            settings = await settings_of(tx, game.id)
            if not settings.anonymous:
                raise UserError("press.not_anonymous", game=game.name)
            settings, seats, out = await self._talking(tx, ctx)
            assert ctx.player is not None and ctx.player.seat is not None
            mine = ctx.player.seat
            sender = seats[mine]
            now = self.deps.now()
            if to.strip().lower() == EVERYONE:
                await posts.channel(
                    tx, game, game.phase, now, PostKind.PRESS_PUBLIC, sender=[pw.value for pw in sender], text=text
                )
                sent = Sent(game, sender, (), ())
            else:
                if not settings.press.private:
                    raise UserError("press.public_only", game=game.name)
                rooms = {r.room: r for r in await tx.press_rooms(game.id)}
                if to.strip() in rooms and rooms[to.strip()].kind == RoomKind.GROUP:
                    group = rooms[to.strip()]
                    if mine not in group.seats:
                        raise UserError("press.not_in_group", game=game.name)
                    recipients = [s for s in group.seats if s != mine and s not in out]
                else:
                    seat, power = self._seat_of(game, seats, to)
                    if seat == mine:
                        raise UserError("press.open_self", power=power)
                    if seat in out:
                        raise UserError("press.eliminated", power=power, game=game.name)
                    recipients = [seat]
                if not recipients:
                    raise UserError("press.open_nobody")
                sent = await self._relay(tx, ctx, rooms, seats, mine, recipients, text, now)
        self.deps.changed(posts=True)
        return sent

    async def _relay(
        self,
        tx: Tx,
        ctx: GameContext,
        rooms: dict[str, RoomRow],
        seats: dict[int, tuple[Power, ...]],
        mine: int,
        recipients: list[int],
        text: str,
        now: float,
    ) -> Sent:
        game = ctx.game
        sender = [pw.value for pw in seats[mine]]
        to = [pw.value for s in recipients for pw in seats[s]]
        user_of = {p.seat: p.user_id for p in ctx.players if p.seat is not None}
        by_dm: list[Power] = []
        params: dict[str, Any] = {"game": game.name, "sender": sender, "to": to, "text": text}
        for seat in recipients:
            inbox = rooms.get(inbox_key(seat))
            if inbox is not None and inbox.channel_id is not None:
                post = Post(PostKind.PRESS_RELAY, params, channel_id=inbox.channel_id)
                await posts.add(tx, game, game.phase, post, now)
            else:  # the inbox is not made yet (or can't be): the player's DMs
                await posts.dm(tx, game, game.phase, now, user_of[seat], PostKind.DM_PRESS_RELAY, **params)
                by_dm.extend(seats[seat])
        own = rooms.get(inbox_key(mine))
        if own is not None and own.channel_id is not None:  # the sender keeps what they said
            await posts.add(
                tx,
                game,
                game.phase,
                Post(PostKind.PRESS_RELAY, {**params, "copy": True}, channel_id=own.channel_id),
                now,
            )
        return Sent(game, seats[mine], tuple(Power(p) for p in to), tuple(by_dm))

    # -- spectators ------------------------------------------------------------------------
    async def watchable(self, guild_id: int) -> list[tuple[int, str]]:
        """The server's games a member may watch (``/game watch game:``)."""
        async with self.deps.storage.read() as tx:
            return await tx.watchable_games(guild_id)

    async def watch(
        self,
        channel_id: int,
        user_id: int,
        on: bool = True,
        *,
        game_id: int | None = None,
        guild_id: int | None = None,
        action: int | None = None,
    ) -> Watching:
        """``/game watch`` (``on``) and ``/game unwatch``: read access to the game channel.
        The game of this channel, or the one named (its channel may be hidden from the
        member: watching is how they get to read it)."""
        async with self.deps.storage.write(action) as tx:
            if game_id is not None:
                named = await tx.game(game_id)
                if named is None or named.guild_id != guild_id or named.status == GameStatus.FINISHED:
                    raise UserError("game.unknown")
                game = named
            else:
                game = await context.channel_game(tx, channel_id)
            settings = await settings_of(tx, game.id)
            if on:
                if not settings.spectators:
                    raise UserError("press.watch_off", game=game.name)
                if any(p.user_id == user_id for p in await tx.players(game.id)):
                    raise UserError("press.watch_player", game=game.name)
                if not await tx.add_spectator(game.id, user_id, self.deps.now()):
                    raise UserError("press.watch_already", game=game.name)
            elif not await tx.remove_spectator(game.id, user_id):
                raise UserError("press.watch_not", game=game.name)
            await tx.add_press_job(game.id, "watch", self.deps.now())
        self.deps.changed(posts=True)
        return Watching(game, on)

    # -- settings --------------------------------------------------------------------------
    async def settings_view(self, channel_id: int) -> tuple[GameRow, GameSettings]:
        async with self.deps.storage.read() as tx:
            game = await context.channel_game(tx, channel_id, last=True)
            return game, await game_settings(tx, game)

    async def change_settings(
        self, channel_id: int, actor: Actor, change: SettingsChange, *, action: int | None = None
    ) -> SettingsReport:
        """``/mod settings``: any setting before the start, the safe ones during the game."""
        given = change.given()
        async with self.deps.storage.write(action) as tx:
            game = await context.channel_game(tx, channel_id)
            if not await self.is_moderator(tx, game, actor):
                raise UserError("mod.not_allowed", game=game.name)
            if not given:
                raise UserError("settings.nothing", game=game.name)
            if game.status == GameStatus.ACTIVE and (fixed := sorted(set(given) - SAFE_MID_GAME)):
                raise UserError("settings.fixed", game=game.name, names=", ".join(fixed))
            schedules = {}
            for kind in PhaseKind:
                text = given.get(kind.name.lower())
                if text is not None:
                    try:
                        schedules[kind.name.lower()] = str(parse_schedule(text))
                    except ScheduleError as exc:
                        raise UserError(exc.code, text=exc.text, kind=kind) from None
            cd = given.get("civil_disorder")
            if cd is not None and not 0 <= cd <= 10:
                raise UserError("mod.bad_policy")
            language = given.get("language")
            if language is not None and language not in LANGUAGES:
                raise UserError("settings.bad_language", text=language)
            player = given.get("civil_disorder_player")
            if player is not None and player not in CIVIL_DISORDER_PLAYERS:
                raise UserError("standin.bad_player", text=player)
            before = await settings_of(tx, game.id)
            after = Settings(
                PressMode(given.get("press", before.press)),
                given.get("anonymous", before.anonymous),
                given.get("spectators", before.spectators),
                given.get("reveal", before.reveal),
                given.get("moderators_read", before.moderators_read),
            )
            await tx.put_game_settings(game.id, after.row())
            if schedules:
                await tx.set_schedules(
                    game.id,
                    movement=schedules.get("movement", game.movement),
                    retreat=schedules.get("retreat", game.retreat),
                    adjustment=schedules.get("adjustment", game.adjustment),
                )
            if cd is not None:
                await tx.set_cd_policy(game.id, cd)
            if language is not None:
                await tx.set_game_language(game.id, language)
            if set(given) & {"civil_disorder_player", "join_approval", "substitutes", "min_reliability"}:  # issue 23
                standin = await tx.standin_policy(game.id)
                await tx.put_standin_policy(
                    game.id,
                    replace(
                        standin,
                        civil_disorder=given.get("civil_disorder_player", standin.civil_disorder),
                        join_approval=given.get("join_approval", standin.join_approval),
                        substitutes=given.get("substitutes", standin.substitutes),
                        min_reliability=given.get("min_reliability", standin.min_reliability),
                    ),
                )
            updated = await tx.game(game.id)
            assert updated is not None
            view = await game_settings(tx, updated)
            names = tuple(sorted(given))
            now = self.deps.now()
            shown = {name: view.to_json()[name] for name in names}
            await posts.channel(
                tx, updated, updated.phase, now, PostKind.SETTINGS_CHANGED, mod=actor.user_id, changes=shown
            )
            await tx.add_audit(game.id, game.phase, actor.user_id, "settings", {"settings": ", ".join(names)}, now)
            if game.status == GameStatus.ACTIVE and set(given) & _PRESS_FIELDS:
                await tx.add_press_job(game.id, "settings", now)
                if after.moderators_read and not before.moderators_read:
                    playing = {p.user_id for p in await tx.players(game.id)}
                    await inboxes_read(tx, updated, after, playing, now)
        self.deps.changed(posts=True)
        return SettingsReport(updated, names, view)

    # -- moderators ------------------------------------------------------------------------
    async def repair(self, channel_id: int, actor: Actor, *, action: int | None = None) -> GameRow:
        """``/press repair``: try the game's press space again (after the bot was given the
        permissions it lacked); a problem left is posted again."""
        async with self.deps.storage.write(action) as tx:
            game = await context.channel_game(tx, channel_id, last=True)
            if not await self.is_moderator(tx, game, actor):
                raise UserError("mod.not_allowed", game=game.name)
            if game.status == GameStatus.FORMING:
                raise UserError("mod.status_active", game=game.name)
            await tx.set_press_problem(game.id, "")
            await tx.add_press_job(game.id, "repair", self.deps.now())
        self.deps.changed(posts=True)
        return game

    async def sees_players(self, channel_id: int, actor: Actor) -> bool:
        """Whether this moderator may see who plays which power in the channel's game (not
        when it is anonymous and they play in it)."""
        async with self.deps.storage.read() as tx:
            game = await context.channel_game(tx, channel_id, last=True)
            secret = await secrecy.is_secret(tx, game)
            plays = any(p.user_id == actor.user_id for p in await tx.players(game.id))
            return secrecy.sees_players(
                secret=secret, is_moderator=await self.is_moderator(tx, game, actor), plays=plays
            )
