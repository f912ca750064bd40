"""A game's press space on Discord, as the core decides it, and the queue that applies it.

**The plan** (:func:`plan_of`): who may read and write each conversation of a game now,
and what its players and spectators may do in the game channel. Every player of the game
is in each conversation's plan: the players in it may write (read only when press is
closed, when their powers are out, and in an anonymous inbox, which only receives), every
other player is kept out explicitly (a role of theirs that sees the category changes
nothing), the moderators read when the game says so, and spectators never see press. In
the game channel, players may not write while press is closed (gunboat, rulebook press
outside movement) nor in an anonymous game (public press goes through the bot, under the
power's name); spectators read it. When the game ends, conversations are read only, and
readable by all its players if the game reveals them.

**The port** (:class:`PressPort`): what applies a plan to Discord. The core never calls
Discord; ``bot.discord.press`` implements the port (channels, permission overwrites).

**The queue** (:class:`PressJobs`): a change that needs Discord stores a press job in its
own transaction (:mod:`bot.core.press.mode`); after the commit the press worker applies the
game's plan as it is *then*, so one pass brings the game up to date however many jobs
wait. Applying is idempotent (what exists is found again and only differences are
changed), so a crash halfway is finished by the next pass and nothing is made twice.
Discord failing (5xx, network) is retried with backoff, like posts; a missing permission
is reported to the game's moderators once, and the game goes on without it.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Protocol

from bot.core import posts
from bot.core.deps import Deps
from bot.core.posts import Post, PostKind
from bot.core.press.mode import (
    PressMode,
    RoomKind,
    RoomState,
    Settings,
    eliminated_seats,
    seat_powers,
    settings_of,
    state_of,
)
from bot.core.press.permissions import PERMISSION_NAMES, Permission
from bot.infra.lease import Job
from bot.infra.storage import GameRow, Tx
from bot.infra.storage.press import PressJobRow
from engine import Power

log = logging.getLogger(__name__)

MAX_ATTEMPTS = 100  # about two days of retries at the longest backoff


def backoff(attempts: int) -> float:
    return min(15.0 * 2**attempts, 1800.0)


class Access(StrEnum):
    """What one member may do in one conversation."""

    WRITE = "write"
    READ = "read"
    HIDDEN = "hidden"  # another player of the game: kept out explicitly


class Grant(StrEnum):
    """What the bot sets for one member on the game channel."""

    MUTED = "muted"  # a player while press is closed or the game anonymous: reads, doesn't write
    WATCHER = "watcher"  # a spectator: reads


class Problem(StrEnum):
    """Why part of a press space could not be made: said to the moderators."""

    MANAGE_CHANNELS = "manage_channels"  # needed to make the category and its channels
    MANAGE_ROLES = "manage_roles"  # needed to change who sees a channel (locks, replacements, the end)
    GAME_CHANNEL = "game_channel"  # Manage Permissions on the game channel (closed press, spectators)
    CHANNEL_LIMIT = "channel_limit"  # the server (500) or the category (50) is full
    # what a press channel's overwrites allow or deny and the bot's role lacks on the server
    # (Discord lets a bot set in an overwrite only what it has itself): Applied.lacking says which
    LOCKS = "locks"
    GAME_CHANNEL_LOCKS = "game_channel_locks"  # the same on the game channel (its mutes, spectators)


@dataclass(frozen=True, slots=True)
class RoomPlan:
    key: str
    kind: RoomKind
    powers: tuple[tuple[Power, ...], ...]  # per seat in it, its powers (for names)
    channel_id: int | None
    state: RoomState
    members: Mapping[int, Access]  # every player of the game, and a moderator reading
    moderator_role: int | None  # reads it, when set


@dataclass(frozen=True, slots=True)
class PressPlan:
    game_id: int
    guild_id: int
    channel_id: int  # the game channel
    game_name: str
    language: str
    category_id: int | None
    create: bool  # make what is missing (not once the game is over)
    rooms: tuple[RoomPlan, ...]  # the conversations with a channel
    game_channel: Mapping[int, Grant]  # what each member should have on the game channel
    granted: Mapping[int, Grant]  # what the bot set there last time


@dataclass(frozen=True, slots=True)
class Applied:
    """What a pass left on Discord: the channel of each conversation made, what is set on
    the game channel, and what could not be done."""

    rooms: Mapping[str, int]
    grants: Mapping[int, Grant]
    problems: frozenset[Problem] = frozenset()
    # for LOCKS and GAME_CHANNEL_LOCKS: the permissions the bot lacks there
    lacking: Mapping[Problem, frozenset[Permission]] = field(default_factory=dict)

    def key(self) -> str:
        """The problems as stored (``press_spaces.problem``, the audit log): a new key is a
        new report to the moderators. ``locks:add_reactions+create_public_threads``."""
        return ",".join(
            sorted(
                p.value + (":" + "+".join(sorted(x.value for x in self.lacking[p])) if self.lacking.get(p) else "")
                for p in self.problems
            )
        )


_PROBLEMS = frozenset(p.value for p in Problem)


def problems_of(key: str) -> list[tuple[Problem, tuple[Permission, ...]]]:
    """:meth:`Applied.key` read back: each problem with the permissions it lacks (names
    this code no longer knows are left out: a report stored by another version)."""
    out = []
    for part in filter(None, key.split(",")):
        name, _, lacking = part.partition(":")
        if name in _PROBLEMS:
            perms = tuple(Permission(x) for x in lacking.split("+") if x in PERMISSION_NAMES)
            out.append((Problem(name), perms))
    return out


class PressUnavailable(Exception):
    """Discord failed for a while (5xx, network, the server not loaded yet): try again later."""


class Remember(Protocol):
    """Records each channel as soon as it is made (a crash right after loses nothing)."""

    async def category(self, category_id: int) -> None: ...

    async def room(self, key: str, channel_id: int) -> None: ...


class PressPort(Protocol):
    """Applies a plan to Discord (``bot.discord.press``)."""

    async def apply(self, plan: PressPlan, remember: Remember) -> Applied: ...


def _room_access(state: RoomState, kind: RoomKind, in_room: bool, out: bool, reveal: bool) -> Access:
    if in_room:
        if state is RoomState.OPEN and not out and kind is not RoomKind.INBOX:
            return Access.WRITE
        return Access.READ
    if state is RoomState.OVER and reveal:
        return Access.READ
    return Access.HIDDEN


async def plan_of(tx: Tx, game_id: int) -> PressPlan | None:
    """The game's press space as it should be now (None: the game is gone)."""
    game = await tx.game(game_id)
    if game is None:
        return None
    settings = await settings_of(tx, game.id)
    players = await tx.players(game.id)
    state = state_of(game, settings)
    seats = seat_powers(game, players)
    user_of = {p.seat: p.user_id for p in players if p.seat is not None}
    out = await eliminated_seats(tx, game, seats) if game.phase else set()
    space = await tx.press_space(game.id)
    role = await tx.mod_role(game.guild_id) if settings.moderators_read else None
    playing = {p.user_id for p in players}
    rooms: list[RoomPlan] = []
    if state is not None:
        for room in await tx.press_rooms(game.id):
            kind = RoomKind(room.kind)
            if settings.anonymous and kind is not RoomKind.INBOX:
                continue  # no shared channel in an anonymous game: its member list would name them
            members = {
                uid: _room_access(state, kind, seat in room.seats, seat in out, settings.reveal)
                for seat, uid in user_of.items()
            }
            if settings.moderators_read and game.creator_id not in playing:
                members[game.creator_id] = Access.READ
            powers = tuple(seats.get(s, ()) for s in room.seats)
            rooms.append(RoomPlan(room.room, kind, powers, room.channel_id, state, members, role))
    return PressPlan(
        game.id,
        game.guild_id,
        game.channel_id,
        game.name,
        game.language,
        space.category_id,
        state is not None and state is not RoomState.OVER,
        tuple(rooms),
        _game_channel(game, settings, state, playing, await tx.spectators(game.id)),
        {uid: Grant(kind) for uid, kind in (await tx.press_grants(game.id)).items()},
    )


def _game_channel(
    game: GameRow, settings: Settings, state: RoomState | None, players: set[int], spectators: list[int]
) -> dict[int, Grant]:
    out: dict[int, Grant] = {}
    if settings.spectators:
        out.update({uid: Grant.WATCHER for uid in spectators if uid not in players})
    if state in (RoomState.OPEN, RoomState.CLOSED):
        if state is RoomState.CLOSED or settings.anonymous:
            out.update({uid: Grant.MUTED for uid in players})
    return out


class _Remembered:
    """:class:`Remember` on the database: one short write per channel made."""

    def __init__(self, deps: Deps, game_id: int) -> None:
        self.deps = deps
        self.game_id = game_id

    async def category(self, category_id: int) -> None:
        async with self.deps.storage.write() as tx:
            await tx.set_press_category(self.game_id, category_id)

    async def room(self, key: str, channel_id: int) -> None:
        async with self.deps.storage.write() as tx:
            await tx.set_room_channel(self.game_id, key, channel_id)


class PressJobs:
    """Runs due press jobs: one pass per game brings its press space up to date."""

    def __init__(self, deps: Deps) -> None:
        self.deps = deps

    async def next_time(self) -> float | None:
        async with self.deps.storage.read() as tx:
            return await tx.next_press_job_time()

    async def run_due(self, port: PressPort) -> int:
        """Apply the press space of every game with a due job (those this process claimed)."""
        async with self.deps.storage.read() as tx:
            jobs = await tx.press_jobs_due(self.deps.now())
        if not jobs:
            return 0
        held = await self.deps.jobs.claim([Job(f"press:{j.game_id}", j.guild_id) for j in jobs])
        done = 0
        for job in jobs:
            if f"press:{job.game_id}" in held and await self.sync(job, port):
                done += 1
        return done

    async def sync(self, job: PressJobRow, port: PressPort) -> bool:
        """One pass for the game of ``job``; True when it was applied (or set aside)."""
        async with self.deps.storage.read() as tx:
            up_to = await tx.last_press_job(job.game_id)
            plan = await plan_of(tx, job.game_id)
        now = self.deps.now()
        if plan is None:
            async with self.deps.storage.write() as tx:
                await tx.finish_press_jobs(job.game_id, up_to, now, "no game")
            return True
        try:
            applied = await port.apply(plan, _Remembered(self.deps, job.game_id))
        except Exception as exc:
            # Discord is away, or an error of ours: never a fast loop; given up in the end
            if not isinstance(exc, PressUnavailable):
                log.exception("press space of game %s: applying failed", job.game_id)
            attempts = job.attempts + 1
            async with self.deps.storage.write() as tx:
                if attempts >= MAX_ATTEMPTS:
                    log.error("press space of game %s given up after %d attempts: %s", job.game_id, attempts, exc)
                    await tx.finish_press_jobs(job.game_id, up_to, self.deps.now(), f"gave up: {exc}"[:500])
                else:
                    log.warning("press space of game %s: %s; trying again later", job.game_id, exc)
                    await tx.retry_press_job(job.id, self.deps.now() + backoff(job.attempts))
            return False
        async with self.deps.storage.write() as tx:
            await self._record(tx, plan, applied, up_to)
        self.deps.changed(posts=True)
        return True

    async def _record(self, tx: Tx, plan: PressPlan, applied: Applied, up_to: int) -> None:
        """After a pass: what is set on the game channel, each channel told what changed
        (a new conversation is welcomed; closed, open again, over), and a new problem said
        to the moderators once."""
        now = self.deps.now()
        game = await tx.game(plan.game_id)
        assert game is not None
        await tx.put_press_grants(plan.game_id, {uid: g.value for uid, g in applied.grants.items()})
        announced = {r.room: r.announced for r in await tx.press_rooms(plan.game_id)}
        settings = await settings_of(tx, plan.game_id)
        for room in plan.rooms:
            channel_id = applied.rooms.get(room.key)
            before = announced.get(room.key)
            if channel_id is None or before is None or before == room.state.value:
                continue
            params = {
                "game": plan.game_name,
                "state": room.state.value,
                "kind": room.kind.value,
                "powers": [[pw.value for pw in group] for group in room.powers],
                "welcome": before == "",
                "moderators": settings.moderators_read,
                "reveal": settings.reveal,
                "mode": settings.press.value,
                "phase": game.phase,
            }
            await posts.add(tx, game, game.phase, Post(PostKind.PRESS_NOTICE, params, channel_id=channel_id), now)
            await tx.set_room_announced(plan.game_id, room.key, room.state.value)
        await self._announce_game_channel(tx, game, settings, now)
        problem = applied.key()
        space = await tx.press_space(plan.game_id)
        if problem and problem != space.problem:
            role = await tx.mod_role(game.guild_id)
            await posts.channel(
                tx,
                game,
                game.phase,
                now,
                PostKind.PRESS_PROBLEM,
                problems=sorted(p.value for p in applied.problems),
                lacking={p.value: sorted(x.value for x in perms) for p, perms in applied.lacking.items()},
                creator=game.creator_id,
                channel=game.channel_id,
                role=role,
                anonymous_game=settings.anonymous,
                mentions=(game.creator_id,),
            )
            # and to the creator by DM (issue 24): one line, whatever the channel shows (an
            # anonymous game's post names no player, and a creator may not read the channel)
            await posts.dm(
                tx,
                game,
                game.phase,
                now,
                game.creator_id,
                PostKind.DM_PRESS_PROBLEM,
                problems=sorted(p.value for p in applied.problems),
                lacking={p.value: sorted(x.value for x in perms) for p, perms in applied.lacking.items()},
                channel=game.channel_id,
            )
            await tx.add_audit(game.id, game.phase, None, "press_problem", {"problems": problem}, now)
        if problem != space.problem:
            await tx.set_press_problem(plan.game_id, problem)
        await tx.finish_press_jobs(plan.game_id, up_to, now, problem or None)

    @staticmethod
    async def _announce_game_channel(tx: Tx, game: GameRow, settings: Settings, now: float) -> None:
        """Rulebook press opening and closing is said in the game channel too (gunboat and
        anonymous games say how they talk in their start post)."""
        if settings.press is not PressMode.RULEBOOK:
            return
        state = state_of(game, settings)
        space = await tx.press_space(game.id)
        if state is None or state.value == space.announced:
            return
        if space.announced or state is not RoomState.OPEN:  # the start post says press is open
            await posts.channel(
                tx,
                game,
                game.phase,
                now,
                PostKind.PRESS_NOTICE,
                state=state.value,
                kind="game",
                phase=game.phase,
                mode=settings.press.value,
                reveal=settings.reveal,
            )
        await tx.set_press_announced(game.id, state.value)
