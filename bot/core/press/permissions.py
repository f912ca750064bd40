"""What the bot needs from Discord to run a game: said before it fails (issue 24).

**Needs** (:func:`needs`): a pure function of a game's settings. Every game needs, in its
channel, View Channel, Send Messages and Attach Files (its results, new phases and maps
are posted there); Read Message History lets the poster find what it sent before an
outage (without it a post may show twice after a crash, nothing worse). A game with
private press (full or rulebook) or an anonymous game gets a press category with channels
of its own: Manage Channels (to make them) and Manage Roles (to let each player in and
out) on the server. A game that keeps players from writing in its channel (gunboat,
rulebook press while closed, anonymous) or lets spectators read it changes the channel's
permission overwrites: Manage Permissions there (Manage Roles, as Discord names it on a
channel). Discord lets a bot allow or deny in an overwrite only what it has itself, so the
permissions a lock closes (Add Reactions, Create Public Threads, Create Private Threads,
Send Messages in Threads: :data:`LOCKED`) are needed too, on the server for press channels
and in the game channel for its own overwrites. A game on the substitute board makes
invites: Create Invite in its channel. Nothing else: the bot sends no embeds (its maps are
attachments; an invite goes by DM or in the moderator's private reply), so it asks no
Embed Links. ``python -m bot invite`` asks exactly :data:`Permission`'s members (a test
compares them with the README's table and with the overwrites the press worker sets).

**Required or not.** Without the posting permissions the game can't be played: ``/game
start`` refuses until they are given (``/game create`` already says what is missing). The
others only cost part of the game (press by direct message, a rare repeat after an
outage): the start goes ahead and the moderator is told what is missing.

**Later.** A permission taken away mid-game is found by the poster (a 403, or the
channel's permissions as discord.py keeps them): its posts wait, and the game's creator is
told by direct message, once per channel and permission (:class:`Alerts`), until the posts
go out again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from bot.core.deps import Deps
from bot.core.errors import UserError
from bot.core.press.mode import PressMode, Settings


class Permission(StrEnum):
    """A Discord permission, by discord.py's name for it (``Permissions.<name>``)."""

    VIEW_CHANNEL = "view_channel"
    SEND_MESSAGES = "send_messages"
    ATTACH_FILES = "attach_files"
    READ_MESSAGE_HISTORY = "read_message_history"
    MANAGE_CHANNELS = "manage_channels"
    MANAGE_ROLES = "manage_roles"
    CREATE_INSTANT_INVITE = "create_instant_invite"
    # what a locked channel's overwrites deny (bot.discord.press): a bot may deny only what it has
    ADD_REACTIONS = "add_reactions"
    CREATE_PUBLIC_THREADS = "create_public_threads"
    CREATE_PRIVATE_THREADS = "create_private_threads"
    SEND_MESSAGES_IN_THREADS = "send_messages_in_threads"


# discord.py's names of the permissions the bot knows (and can name to a moderator)
PERMISSION_NAMES = frozenset(p.value for p in Permission)


class Place(StrEnum):
    """Where the bot needs a permission."""

    CHANNEL = "channel"  # the game's channel (its own overwrites count)
    SERVER = "server"  # the server: the bot's roles (what the press category is made with)


class Use(StrEnum):
    """What the bot needs a permission for: what a moderator is told."""

    POSTS = "posts"  # results, new phases, deadlines
    MAPS = "maps"  # the maps attached to them
    HISTORY = "history"  # finding what was sent before an outage
    PRESS_CHANNELS = "press_channels"  # making the press category and its channels
    PRESS_ACCESS = "press_access"  # letting each player in and out of them
    CHANNEL_ACCESS = "channel_access"  # muting players / letting spectators read the game channel
    INVITES = "invites"  # inviting a substitute from another server (the substitute board)
    LOCKS = "locks"  # what a locked channel closes: Discord lets a bot deny only what it has


@dataclass(frozen=True, slots=True)
class Need:
    permission: Permission
    place: Place
    use: Use
    required: bool  # the game can't start without it


_POSTING = (
    Need(Permission.VIEW_CHANNEL, Place.CHANNEL, Use.POSTS, True),
    Need(Permission.SEND_MESSAGES, Place.CHANNEL, Use.POSTS, True),
    Need(Permission.ATTACH_FILES, Place.CHANNEL, Use.MAPS, True),
    Need(Permission.READ_MESSAGE_HISTORY, Place.CHANNEL, Use.HISTORY, False),
)


#: What a locked channel's overwrites deny besides Send Messages (bot.discord.press): the
#: bot must have each of them where it sets them.
LOCKED = (
    Permission.ADD_REACTIONS,
    Permission.CREATE_PUBLIC_THREADS,
    Permission.CREATE_PRIVATE_THREADS,
    Permission.SEND_MESSAGES_IN_THREADS,
)


def needs(settings: Settings, *, substitutes: bool = False) -> tuple[Need, ...]:
    """What a game with ``settings`` needs from Discord, required first; ``substitutes``:
    the game is on the substitute board (issue 23)."""
    out = list(_POSTING)
    if settings.press.private:  # pair channels, or an inbox per power when anonymous
        out.append(Need(Permission.MANAGE_CHANNELS, Place.SERVER, Use.PRESS_CHANNELS, False))
        out.append(Need(Permission.MANAGE_ROLES, Place.SERVER, Use.PRESS_ACCESS, False))
        out += [Need(p, Place.SERVER, Use.LOCKS, False) for p in LOCKED]
    if settings.press in (PressMode.NONE, PressMode.RULEBOOK) or settings.anonymous or settings.spectators:
        out.append(Need(Permission.MANAGE_ROLES, Place.CHANNEL, Use.CHANNEL_ACCESS, False))
        out += [Need(p, Place.CHANNEL, Use.LOCKS, False) for p in LOCKED]
    if substitutes:  # on the substitute board: an accepted stranger gets an invite
        out.append(Need(Permission.CREATE_INSTANT_INVITE, Place.CHANNEL, Use.INVITES, False))
    return tuple(sorted(out, key=lambda n: not n.required))


def lacking(wanted: Iterable[Need], has: Callable[[Need], bool]) -> tuple[Need, ...]:
    """The needs ``has`` says the bot lacks (``has``: the Discord side's reading)."""
    return tuple(n for n in wanted if not has(n))


def required(missing: Sequence[Need]) -> tuple[Need, ...]:
    return tuple(n for n in missing if n.required)


#: what a message to a channel needs, for naming what a refusal lacks
SENDING = (Permission.VIEW_CHANNEL, Permission.SEND_MESSAGES)


class PermissionsMissing(UserError):
    """``/game start`` refused: the bot lacks a permission the game can't do without
    (``missing``: all it lacks, required or not; bot.text.permissions says them)."""

    def __init__(self, game_name: str, missing: Sequence[Need]) -> None:
        super().__init__("start.permissions", game=game_name)
        self.game_name = game_name
        self.missing = tuple(missing)


class Alerts:
    """Who has been told of a permission missing mid-game: the game's creator, once per
    channel and permission, until the channel's posts go out again."""

    def __init__(self, deps: Deps) -> None:
        self.deps = deps

    async def first(self, game_id: int, guild_id: int, channel_id: int, permissions: Sequence[Permission]) -> bool:
        """Record that posts to ``channel_id`` wait for ``permissions``; True when one of
        them is new (the creator is to be told), False when all were told already."""
        async with self.deps.storage.write() as tx:
            told = await tx.permission_alerts(channel_id)
            new = [p.value for p in permissions if p.value not in told]
            if new:
                await tx.add_permission_alerts(game_id, guild_id, channel_id, new, self.deps.now())
        return bool(new)

    async def resolved(self, channel_id: int) -> None:
        """The channel's posts go out again: a permission taken away later is told again."""
        async with self.deps.storage.write() as tx:
            await tx.clear_permission_alerts(channel_id)

    async def waiting_in(self, guild_id: int) -> int:
        """The server's permissions changed: the posts waiting for one of its channels are
        tried now. How many."""
        async with self.deps.storage.write() as tx:
            return await tx.retry_alerted_posts(guild_id, self.deps.now())
