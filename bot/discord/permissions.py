"""The bot's permissions as Discord grants them (issue 24): what a game's needs
(:func:`bot.core.press.permissions.needs`) lack in its channel and server, read from discord.py's
cache (``channel.permissions_for(guild.me)``, the roles and overwrites as the gateway
keeps them), so that a moderator is told before anything fails."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import discord

from bot.core.press import Need, Permission, Place, Use, lacking


def _reader(channel: object) -> Callable[[Need], bool] | None:
    """Whether the bot has a need, in ``channel`` and its server (None: can't tell, e.g.
    a channel or server not in the cache)."""
    guild = getattr(channel, "guild", None)
    me = getattr(guild, "me", None)
    if guild is None or me is None or not hasattr(channel, "permissions_for"):
        return None
    here: discord.Permissions = channel.permissions_for(me)  # type: ignore[attr-defined]
    server = me.guild_permissions
    thread = isinstance(channel, discord.Thread)

    def has(need: Need) -> bool:
        if need.place is Place.SERVER:
            return bool(getattr(server, need.permission.value))
        if thread and need.permission is Permission.SEND_MESSAGES:
            return here.send_messages_in_threads  # a game in a thread: Discord's permission there
        if thread and (need.permission is Permission.MANAGE_ROLES or need.use is Use.LOCKS):
            return True  # a thread has no overwrites: the bot sets none there (bot.discord.press)
        return bool(getattr(here, need.permission.value))

    return has


def missing_in(channel: object, wanted: Sequence[Need]) -> tuple[Need, ...]:
    """The needs the bot lacks in ``channel`` (the game's) and its server; none when the
    cache can't tell (Discord then answers for itself, and the poster reports a refusal).
    What Discord takes away only because another is missing is not named: without View
    Channel nothing else in the channel counts, without Send Messages no file is attached;
    the one to give back is the other."""
    has = _reader(channel)
    missing = lacking(wanted, has) if has is not None else ()
    names = {n.permission for n in missing if n.place is Place.CHANNEL}
    if Permission.VIEW_CHANNEL in names:
        return tuple(n for n in missing if n.place is not Place.CHANNEL or n.permission is Permission.VIEW_CHANNEL)
    if Permission.SEND_MESSAGES in names:
        return tuple(n for n in missing if n.place is not Place.CHANNEL or n.permission is not Permission.ATTACH_FILES)
    return missing


def checker(channel: object) -> Callable[[Sequence[Need]], Sequence[Need]]:
    """``missing_in`` for ``channel``, as the core's start takes it."""
    return lambda wanted: missing_in(channel, wanted)


def missing_to_send(channel: object, permissions: Iterable[Permission]) -> tuple[Permission, ...]:
    """Of ``permissions``, those the bot lacks in ``channel`` now (none when the cache
    can't tell)."""
    wanted = [Need(p, Place.CHANNEL, Use.POSTS, True) for p in permissions]  # (what for: no matter here)
    return tuple(n.permission for n in missing_in(channel, wanted))


def refused(exc: discord.Forbidden, channel: object, permissions: Sequence[Permission]) -> tuple[Permission, ...]:
    """What a 403 of a send to ``channel`` lacked: what the cache says is missing, else
    what Discord's code says (50001 Missing Access: the channel can't be seen)."""
    missing = missing_to_send(channel, permissions)
    if missing:
        return missing
    return (Permission.VIEW_CHANNEL,) if exc.code == 50001 else (Permission.SEND_MESSAGES,)
