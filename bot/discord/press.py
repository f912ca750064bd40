"""Press spaces on Discord: the adapter that applies the core's plan (the
:class:`bot.core.press.space.PressPort`), and the worker that runs the press queue.

**What it makes.** One category per game ("Club — press #12") hidden from everyone but
the bot, and in it one text channel per conversation, each with its permission
overwrites set in full: ``@everyone`` can't see it, the bot reads and writes, each player
of the conversation reads and writes (reads only while press is closed, once their powers
are out, in an anonymous inbox, and at the end), every other player of the game is kept
out by name, and the moderators' role reads when the game allows it. On the game channel
it only adds to what the server set: a player may not write there while press is closed
or the game is anonymous, a spectator may read it; the bot remembers what it added and
takes back only that.

**Permissions.** Making the category and channels needs Manage Channels; changing who
sees an existing channel (a lock, a replacement, the end, the game channel) needs Manage
Roles (Manage Permissions on a channel). Discord lets a bot allow or deny in an overwrite
only what it has itself (on the server, or in the channel's category): the locks' Add
Reactions, thread and attachment permissions too (:data:`EVER_SET`). All are checked
before each call, from discord.py's cache; what is missing is reported as a
:class:`Problem`, naming each permission lacking, and the rest is done. Channels are found
again by the mark in their topic, so a pass that died after making one never makes it
twice.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Iterable, Mapping
from typing import Any, TypeVar

import aiohttp
import discord

from bot.core.app import Core
from bot.core.press import (
    PERMISSION_NAMES,
    Access,
    Applied,
    Grant,
    Permission,
    PressPlan,
    PressUnavailable,
    Problem,
    Remember,
    RoomPlan,
)
from bot.infra.wakeable import WakeableLoop
from bot.text.press import category_name, channel_name, channel_topic

log = logging.getLogger(__name__)

MAX_GUILD_CHANNELS = 500  # Discord's limits
MAX_CATEGORY_CHANNELS = 50
CHANNEL_LIMIT_CODE = 30013  # "Maximum number of guild channels reached"
CLAIMED_RETRY = 5.0  # how soon to look again at jobs this process could not run

_CLOSED = {
    "send_messages": False,
    "send_messages_in_threads": False,
    "add_reactions": False,
    "create_public_threads": False,
    "create_private_threads": False,
}
# (no Embed Links: whether a player's links show previews is the server's choice, and the
# bot, which sends no embeds, could grant it only by holding it itself)
WRITE = discord.PermissionOverwrite(
    view_channel=True,
    read_message_history=True,
    send_messages=True,
    add_reactions=True,
    attach_files=True,
)
READ = discord.PermissionOverwrite(view_channel=True, read_message_history=True, **_CLOSED)
HIDDEN = discord.PermissionOverwrite(view_channel=False)
BOT = discord.PermissionOverwrite(view_channel=True, read_message_history=True, send_messages=True, attach_files=True)
#: What the bot adds for a member on the game channel (and nothing else there).
GAME_CHANNEL_GRANTS: dict[Grant, dict[str, bool]] = {
    Grant.MUTED: dict(_CLOSED),
    Grant.WATCHER: {"view_channel": True, "read_message_history": True, **_CLOSED},
}
ACCESS = {Access.WRITE: WRITE, Access.READ: READ, Access.HIDDEN: HIDDEN}

T = TypeVar("T")
Overwrites = dict[Any, discord.PermissionOverwrite]


def marker(game_id: int, key: str) -> str:
    """The mark in a press channel's topic: how a pass finds the channel it made."""
    return f"[diplomacy:{game_id}:{key}]"


def normalized(overwrites: Mapping[Any, discord.PermissionOverwrite]) -> dict[tuple[int, bool], tuple[int, int]]:
    """Overwrites as (target id, is a role) -> (allow, deny), to compare what is set with
    what should be (targets may be roles, members or bare ids)."""
    out = {}
    for target, overwrite in overwrites.items():
        is_role = isinstance(target, discord.Role) or (
            isinstance(target, discord.Object) and target.type is discord.Role
        )
        allow, deny = overwrite.pair()
        out[(target.id, is_role)] = (allow.value, deny.value)
    return out


def _bits(overwrites: Iterable[discord.PermissionOverwrite]) -> int:
    """Every permission the overwrites allow or deny."""
    bits = 0
    for overwrite in overwrites:
        allow, deny = overwrite.pair()
        bits |= allow.value | deny.value
    return bits


#: What a press category and its channels (LOCKS), and the game channel (GAME_CHANNEL_LOCKS),
#: may ever be set to: what the bot must have for every pass of the game.
EVER_SET = {
    Problem.LOCKS: _bits([HIDDEN, BOT, *ACCESS.values()]),
    Problem.GAME_CHANNEL_LOCKS: _bits(discord.PermissionOverwrite(**grant) for grant in GAME_CHANNEL_GRANTS.values()),
}


class Problems(set[Problem]):
    """What a pass could not do, and for the locks (:attr:`Problem.LOCKS`,
    :attr:`Problem.GAME_CHANNEL_LOCKS`) the permissions the bot lacks."""

    def __init__(self) -> None:
        super().__init__()
        self.lacking: dict[Problem, set[Permission]] = {}

    def settable(
        self,
        problem: Problem,
        has: discord.Permissions,
        overwrites: Iterable[discord.PermissionOverwrite],
        free_hand: bool = False,
    ) -> bool:
        """Discord lets a bot allow or deny in a channel's overwrites only what it has
        itself on the server or in the category the channel is in (``has``), unless it is
        an administrator or the channel gives it Manage Permissions by an overwrite
        (``free_hand``); else the call is refused with a 403 that names nothing. False
        when the bot lacks part of ``overwrites``. What it lacks of everything such
        channels may ever be set to (:data:`EVER_SET`: a lock comes later) is noted under
        ``problem``, so that one fix covers the game."""
        if has.administrator or free_hand:
            return True
        lacking = EVER_SET[problem] & ~has.value
        if lacking:
            self.add(problem)
            self.lacking.setdefault(problem, set()).update(
                Permission(name) for name, on in discord.Permissions(lacking) if on and name in PERMISSION_NAMES
            )
        return not _bits(overwrites) & ~has.value

    def applied(self, rooms: Mapping[str, int], grants: Mapping[int, Grant]) -> Applied:
        lacking = {p: frozenset(perms) for p, perms in self.lacking.items()}
        return Applied(rooms, grants, frozenset(self), lacking)


def where_set(channel: discord.abc.GuildChannel, me: discord.Member) -> tuple[discord.Permissions, bool]:
    """:meth:`Problems.settable`'s reading for overwrites set on ``channel``: the bot's
    permissions in the category the channel is in (on the server when in none), and
    whether the channel itself gives it Manage Permissions by an overwrite."""
    category = channel.category
    has = category.permissions_for(me) if category is not None else me.guild_permissions
    mine = {me.id, *(r.id for r in me.roles)}
    return has, any(target.id in mine and o.manage_roles for target, o in channel.overwrites.items())


class DiscordPress:
    """Applies press plans with discord.py (:class:`bot.core.press.space.PressPort`)."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client

    async def apply(self, plan: PressPlan, remember: Remember) -> Applied:
        guild = self.client.get_guild(plan.guild_id)
        if guild is None or guild.me is None:
            raise PressUnavailable(f"server {plan.guild_id} is not available")
        problems = Problems()
        rooms: dict[str, int] = {}
        category = await self._category(guild, plan, remember, problems) if plan.rooms else None
        for room in plan.rooms:
            channel = await self._room(guild, category, plan, room, remember, problems)
            if channel is not None:
                rooms[room.key] = channel.id
        grants = await self._game_channel(guild, plan, problems)
        return problems.applied(rooms, grants)

    async def _call(self, call: Awaitable[T], problems: Problems, problem: Problem) -> tuple[bool, T | None]:
        """One Discord call: (done, its result). A refusal adds ``problem`` (not done);
        Discord away (5xx, 429, network) raises :class:`PressUnavailable`: tried later."""
        try:
            return True, await call
        except discord.Forbidden:
            problems.add(problem)
        except discord.HTTPException as exc:
            if exc.code != CHANNEL_LIMIT_CODE:
                # Discord away (5xx, 429) or refusing this request (a channel or category
                # deleted meanwhile, 404): one warning, tried again later, given up in the end
                raise PressUnavailable(str(exc)) from exc
            problems.add(Problem.CHANNEL_LIMIT)
        except (TimeoutError, aiohttp.ClientError, OSError) as exc:
            raise PressUnavailable(str(exc)) from exc
        return False, None

    # -- the category and its channels ------------------------------------------------------
    async def _category(
        self, guild: discord.Guild, plan: PressPlan, remember: Remember, problems: Problems
    ) -> discord.CategoryChannel | None:
        found = guild.get_channel(plan.category_id) if plan.category_id else None
        if isinstance(found, discord.CategoryChannel):
            return found
        name = category_name(plan.game_name, plan.game_id, plan.language)
        category = discord.utils.get(guild.categories, name=name)
        if category is None and plan.create:
            me = guild.me
            if not me.guild_permissions.manage_channels:
                problems.add(Problem.MANAGE_CHANNELS)
                return None
            if len(guild.channels) >= MAX_GUILD_CHANNELS:
                problems.add(Problem.CHANNEL_LIMIT)
                return None
            overwrites: Overwrites = {guild.default_role: HIDDEN, me: BOT}
            if not problems.settable(Problem.LOCKS, me.guild_permissions, overwrites.values()):
                return None
            _, category = await self._call(
                guild.create_category(name, overwrites=overwrites, reason="Diplomacy: press of a game"),
                problems,
                Problem.MANAGE_CHANNELS,
            )
        if category is not None:
            await remember.category(category.id)
        return category

    def _overwrites(self, guild: discord.Guild, room: RoomPlan) -> Overwrites:
        out: Overwrites = {guild.default_role: HIDDEN, guild.me: BOT}
        role = guild.get_role(room.moderator_role) if room.moderator_role else None
        if role is not None and not role.is_default():
            out[role] = READ
        for user_id, access in sorted(room.members.items()):
            out[discord.Object(user_id, type=discord.Member)] = ACCESS[access]
        return out

    async def _room(
        self,
        guild: discord.Guild,
        category: discord.CategoryChannel | None,
        plan: PressPlan,
        room: RoomPlan,
        remember: Remember,
        problems: Problems,
    ) -> discord.TextChannel | None:
        me = guild.me
        mark = marker(plan.game_id, room.key)
        channel = guild.get_channel(room.channel_id) if room.channel_id else None
        if not isinstance(channel, discord.TextChannel):
            # made by a pass that died before recording it, or by one before a restore
            channel = next((c for c in guild.text_channels if mark in (c.topic or "")), None)
        wanted = self._overwrites(guild, room)
        powers = [[pw.value for pw in group] for group in room.powers]
        if channel is None:
            if not plan.create or category is None:
                return None
            if len(category.channels) >= MAX_CATEGORY_CHANNELS or len(guild.channels) >= MAX_GUILD_CHANNELS:
                problems.add(Problem.CHANNEL_LIMIT)
                return None
            if not category.permissions_for(me).manage_channels:
                problems.add(Problem.MANAGE_CHANNELS)
                return None
            if not problems.settable(Problem.LOCKS, category.permissions_for(me), wanted.values()):
                return None
            topic = f"{channel_topic(room.kind.value, powers, plan.game_name, plan.language)} {mark}"
            _, made = await self._call(
                guild.create_text_channel(
                    channel_name(room.kind.value, powers, plan.language),
                    category=category,
                    overwrites=wanted,
                    topic=topic[:1024],
                    reason="Diplomacy: a press conversation",
                ),
                problems,
                Problem.MANAGE_CHANNELS,
            )
            if made is not None:
                await remember.room(room.key, made.id)
            return made
        if channel.id != room.channel_id:
            await remember.room(room.key, channel.id)
        if normalized(channel.overwrites) != normalized(wanted):
            has, free_hand = where_set(channel, me)
            if not channel.permissions_for(me).manage_roles:
                problems.add(Problem.MANAGE_ROLES)
            elif problems.settable(Problem.LOCKS, has, wanted.values(), free_hand):
                await self._call(
                    channel.edit(overwrites=wanted, reason="Diplomacy: who may read and write press"),
                    problems,
                    Problem.MANAGE_ROLES,
                )
        return channel

    # -- the game channel ---------------------------------------------------------------------
    async def _game_channel(self, guild: discord.Guild, plan: PressPlan, problems: Problems) -> dict[int, Grant]:
        """Add what each member should have on the game channel, take back what they no
        longer should (only what the bot added); returns what is set now."""
        wanted, had = plan.game_channel, plan.granted
        if not wanted and not had:
            return {}
        channel = guild.get_channel(plan.channel_id)
        if not isinstance(channel, discord.TextChannel):  # gone, or a thread: nothing to set
            return {}
        if not channel.permissions_for(guild.me).manage_roles:
            problems.add(Problem.GAME_CHANNEL)
            return dict(had)
        grants = [discord.PermissionOverwrite(**GAME_CHANNEL_GRANTS[g]) for g in {*wanted.values(), *had.values()}]
        has, free_hand = where_set(channel, guild.me)
        if not problems.settable(Problem.GAME_CHANNEL_LOCKS, has, grants, free_hand):
            return dict(had)
        now: dict[int, Grant] = dict(had)
        for user_id in sorted(set(wanted) | set(had)):
            current = channel.overwrites_for(discord.Object(user_id))
            changed = discord.PermissionOverwrite.from_pair(*current.pair())
            if user_id in had:
                changed.update(**dict.fromkeys(GAME_CHANNEL_GRANTS[had[user_id]], None))
            if user_id in wanted:
                changed.update(**GAME_CHANNEL_GRANTS[wanted[user_id]])
            if changed != current:
                user = self.client.get_user(user_id)
                if user is None:
                    _, user = await self._call(self.client.fetch_user(user_id), problems, Problem.GAME_CHANNEL)
                if user is None:
                    continue
                overwrite = None if changed.is_empty() else changed
                done, _ = await self._call(
                    channel.set_permissions(user, overwrite=overwrite, reason="Diplomacy: press"),
                    problems,
                    Problem.GAME_CHANNEL,
                )
                if not done:
                    continue
            if user_id in wanted:
                now[user_id] = wanted[user_id]
            else:
                now.pop(user_id, None)
        return now


class PressWorker(WakeableLoop):
    """Runs the press queue (:class:`bot.core.press.space.PressJobs`) through the
    adapter, then sleeps until the next job is due; woken when new work is stored."""

    name = "press"

    def __init__(self, client: discord.Client, core: Core, pause: Callable[[float], Awaitable[None]] | None = None):
        super().__init__(core.now, pause)
        self.core = core
        self.port = DiscordPress(client)

    async def step(self) -> float | None:
        if self.core.deps.jobs.may_send():  # like posts: nothing while the lease has lapsed
            await self.core.press_jobs.run_due(self.port)
        nxt = await self.core.press_jobs.next_time()
        # jobs still due are another owner's (or wait for the lease): look again a bit later
        now = self.core.now()
        return nxt if nxt is None or nxt > now else now + CLAIMED_RETRY
