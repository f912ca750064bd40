"""What a moderator is told about the bot's permissions (issue 24): one line per missing
permission, naming it as Discord does in their language and the channel it is missing in
(:mod:`bot.core.press.permissions` decides what a game needs)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.core.press import Need, Permission, Place, Use, problems_of
from bot.text.i18n import t

#: what the press worker needs: once given, ``/press repair`` sets up what could not be
_PRESS_USES = (Use.PRESS_CHANNELS, Use.PRESS_ACCESS, Use.CHANNEL_ACCESS, Use.LOCKS)


def permission_name(permission: Permission, place: Place, lang: str) -> str:
    """Discord's name of a permission: on a channel, Manage Roles is Manage Permissions."""
    if permission is Permission.MANAGE_ROLES and place is Place.CHANNEL:
        return t("perm.name.manage_roles.channel", lang)
    return t(f"perm.name.{permission.value}", lang)


def need_line(need: Need, channel_id: int, lang: str) -> str:
    name = permission_name(need.permission, need.place, lang)
    use = t(f"perm.use.{need.use.value}", lang)
    if need.place is Place.SERVER:
        return t("perm.line.server", lang, permission=name, use=use)
    return t("perm.line.channel", lang, permission=name, channel=f"<#{channel_id}>", use=use)


def _lines(missing: Sequence[Need], channel_id: int, lang: str) -> list[str]:
    return [need_line(n, channel_id, lang) for n in missing]


def create_warning(game: str, missing: Sequence[Need], channel_id: int, lang: str) -> str:
    """After ``/game create``: what to give before the start (required) or what the game
    will go without (only optional ones missing)."""
    head = "perm.create.required" if any(n.required for n in missing) else "perm.create.optional"
    return "\n".join([t(head, lang, game=game), *_lines(missing, channel_id, lang), t("perm.footer", lang)])


def start_refused(game: str, missing: Sequence[Need], channel_id: int, lang: str) -> str:
    """``/game start`` refused: everything missing, the required first."""
    ordered = sorted(missing, key=lambda n: not n.required)
    return "\n".join(
        [t("start.permissions", lang, game=game), *_lines(ordered, channel_id, lang), t("perm.footer.start", lang)]
    )


def start_warning(game: str, missing: Sequence[Need], channel_id: int, lang: str) -> str:
    """After a start that went ahead without optional permissions."""
    lines = [t("perm.start.optional", lang, game=game), *_lines(missing, channel_id, lang)]
    press = any(n.use in _PRESS_USES for n in missing)
    lines.append(t("perm.footer.press", lang) if press else t("perm.footer", lang))
    return "\n".join(lines)


def settings_warning(game: str, missing: Sequence[Need], channel_id: int, lang: str) -> str:
    """After ``/mod settings``: what the game now needs that the bot lacks (the substitute
    board's invites, the press channels of a press mode turned on)."""
    lines = [t("perm.settings.missing", lang, game=game), *_lines(missing, channel_id, lang)]
    press = any(n.use in _PRESS_USES for n in missing)
    lines.append(t("perm.footer.press", lang) if press else t("perm.footer", lang))
    return "\n".join(lines)


def lost_text(game: str, channel_id: int, permissions: Sequence[Permission], lang: str) -> str:
    """The DM to a game's creator when its channel's posts wait for a permission: one line."""
    names = ", ".join(f"**{permission_name(p, Place.CHANNEL, lang)}**" for p in permissions)
    return t("perm.lost", lang, game=game, channel=f"<#{channel_id}>", permissions=names)


# what each press problem (bot.core.press.space.Problem) lacks, in a few words
_PRESS_PROBLEMS = {
    "manage_channels": (Permission.MANAGE_CHANNELS, Place.SERVER),
    "manage_roles": (Permission.MANAGE_ROLES, Place.SERVER),
    "game_channel": (Permission.MANAGE_ROLES, Place.CHANNEL),
}
# the problems of what the overwrites set (Discord lets a bot set only what it has): where
_LOCK_PLACES = {"locks": Place.SERVER, "game_channel_locks": Place.CHANNEL}
LOCK_PROBLEMS = frozenset(_LOCK_PLACES)


def _lacking(p: Mapping[str, Any], name: str) -> list[Permission]:
    return [Permission(x) for x in p.get("lacking", {}).get(name, ())]


def lock_lines(p: Mapping[str, Any], name: str, lang: str) -> list[str]:
    """The lines of a press problem post for ``locks`` or ``game_channel_locks``: each
    permission the bot lacks, where, and why (as ``/game create`` says them)."""
    place = _LOCK_PLACES[name]
    return [need_line(Need(x, place, Use.LOCKS, False), p["channel"], lang) for x in _lacking(p, name)]


def _missing(name: str, lacking: Sequence[Permission]) -> list[tuple[Permission, Place]] | None:
    """What a press problem lacks, and where; None: no permission (no room for channels)."""
    if name in _LOCK_PLACES:
        return [(x, _LOCK_PLACES[name]) for x in lacking]
    return [_PRESS_PROBLEMS[name]] if name in _PRESS_PROBLEMS else None


def problem_names(key: str, lang: str) -> str:
    """A press problem as stored (:meth:`bot.core.press.space.Applied.key`) in words, for
    ``/mod log``: the permissions missing, as Discord names them in ``lang``."""
    out: list[str] = []
    for problem, lacking in problems_of(key):
        missing = _missing(problem.value, lacking)
        if missing is None:
            out.append(t("perm.press.channel_limit", lang))
        else:
            out += [permission_name(permission, place, lang) for permission, place in missing]
    return ", ".join(out)


def press_problem_dm(p: Mapping[str, Any], lang: str) -> str:
    """The DM to a game's creator when its press space can't be made (in full): one line
    naming each missing permission, and where."""
    channel = f"<#{p['channel']}>"
    parts = []
    for name in p["problems"]:
        missing = _missing(name, _lacking(p, name))
        if missing is None:
            parts.append(t("perm.press.channel_limit", lang))
            continue
        for permission, place in missing:
            key = "perm.press.in_channel" if place is Place.CHANNEL else "perm.press.server"
            parts.append(t(key, lang, permission=permission_name(permission, place, lang), channel=channel))
    return t("perm.press.lost", lang, game=p["game"], missing="; ".join(parts), channel=channel)
