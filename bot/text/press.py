"""Press and settings in words: the posts of press (notices in press channels, relayed
messages, the reveal, permission problems, settings changed), the masked posts of an
anonymous game (:mod:`bot.core.secrecy`: the same news without the players), a game's
settings, the replies of ``/press``, and the names and topics of press channels."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.core.languages import NATIVE_NAMES
from bot.core.posts import PostKind
from bot.core.press import Conversation, GameSettings, Sent, Settings, Target
from bot.text import markup, standins
from bot.text.durations import schedule_text
from bot.text.i18n import t
from bot.text.labels import phase_title, power_name, power_names
from bot.text.permissions import LOCK_PROBLEMS, lock_lines, press_problem_dm

MAX_MESSAGE = 1900
#: The most characters of a relayed message's quote in one Discord message: with its
#: header (two powers' names, a game's name) and the post's mark it stays well within
#: Discord's 2,000, so no later cut is needed.
QUOTE_ROOM = 1600


def quoted(text: str) -> str:
    """A message a player wrote, as a quote that shows it as typed: no markup, no mention,
    nothing that reaches outside the quote (:func:`bot.text.markup.escape`, line by line)."""
    return "\n".join(f"{markup.QUOTE}{markup.escape(line, limit=MAX_MESSAGE)}" for line in text.splitlines() or [""])


def quoted_parts(text: str, room: int = QUOTE_ROOM) -> list[str]:
    """A message a player wrote (:func:`quoted`) as quotes of at most ``room`` characters
    each, cut between lines, else at a space, else anywhere, in the text as typed, before
    it is escaped: no escape is ever cut in two, and every line of every part is quoted.
    A relayed message is sent as one Discord message per part, each under its header, so
    no part reads as the bot's own words."""
    pieces: list[str] = []  # quoted lines, each within ``room``
    for line in text.splitlines() or [""]:
        while len(quoted(line)) > room:
            # the longest start of the line whose quote fits, ending at a space if one does
            lo, hi = 1, len(line)
            while lo < hi:
                mid = (lo + hi + 1) // 2
                lo, hi = (mid, hi) if len(quoted(line[:mid])) <= room else (lo, mid - 1)
            space = line.rfind(" ", 0, lo + 1)
            cut = space if space > 0 else lo
            pieces.append(quoted(line[:cut].rstrip()))
            line = line[cut:].lstrip()
        pieces.append(quoted(line))
    parts: list[str] = []
    for piece in pieces:
        if parts and len(parts[-1]) + 1 + len(piece) <= room:
            parts[-1] += "\n" + piece
        else:
            parts.append(piece)
    return parts


# -- settings -------------------------------------------------------------------------------
def setting_line(name: str, value: Any, data: Mapping[str, Any], lang: str) -> str | None:
    """One setting as a line (None: nothing to say, e.g. who reads press in a game without
    private press)."""
    private = data.get("press") in ("full", "rulebook")
    if name == "press":
        return t("settings.press", lang, mode=t(f"press.mode.{value}", lang))
    if name in ("anonymous", "spectators", "reveal", "moderators_read"):
        if name in ("reveal", "moderators_read") and not private:
            return None
        return t(f"settings.{name}.{'yes' if value else 'no'}", lang)
    if name in ("movement", "retreat", "adjustment"):
        return t(f"settings.{name}", lang, schedule=schedule_text(str(value), lang))
    if name == "civil_disorder":
        return t("mod.status.policy", lang, count=value) if value else t("mod.status.policy_never", lang)
    if name == "language":
        return t("settings.language", lang, language=NATIVE_NAMES.get(str(value), str(value)))
    return standins.setting_line(name, value, lang)  # issue 23


_ORDER = ("press", "anonymous", "spectators", "reveal", "moderators_read", "language")


def settings_block(data: Mapping[str, Any], lang: str, *, policy: bool = True) -> str:
    """A game's settings (:meth:`bot.core.press.mode.GameSettings.to_json`) as a short list
    (``policy``: with the civil-disorder policy)."""
    lines = [t("settings.title", lang)]
    for name in _ORDER:
        line = setting_line(name, data[name], data, lang)
        if line:
            lines.append(f"• {line}")
    deadlines = {kind: schedule_text(data[kind], lang) for kind in ("movement", "retreat", "adjustment")}
    lines.append("• " + t("settings.deadlines", lang, **deadlines))
    if policy:
        lines.append("• " + str(setting_line("civil_disorder", data["civil_disorder"], data, lang)))
    lines.extend(f"• {line}" for line in standins.setting_lines(data, lang))  # issue 23: stand-ins, open seats
    lines.append("• " + t("settings.draw", lang))
    return "\n".join(lines)


def create_lines(settings: Settings, lang: str) -> str:
    """Under the answer to ``/game create``: how the game talks, and who may watch it."""
    data = {"press": settings.press.value, "anonymous": settings.anonymous, "spectators": settings.spectators}
    return "".join(f"\n{setting_line(name, value, data, lang)}" for name, value in data.items())


def status_settings(settings: GameSettings | None, lang: str) -> list[str]:
    """The settings under ``/game status`` (the civil-disorder policy is said above them)."""
    if settings is None:
        return []
    return [settings_block(settings.to_json(), lang, policy=False)]


def settings_reply(game_name: str, settings: GameSettings, lang: str) -> str:
    return t("settings.reply.view", lang, game=game_name) + "\n" + settings_block(settings.to_json(), lang)


# -- posts ------------------------------------------------------------------------------------
def _mods(p: Mapping[str, Any], lang: str) -> str:
    return t("press.notice.with_moderators", lang) if p.get("moderators") else ""


def _state_line(p: Mapping[str, Any], lang: str) -> str:
    state = p["state"]
    if state == "closed":
        return t("press.notice.closed", lang, phase=phase_title(p.get("phase") or "", lang))
    if state == "over":
        return t("press.notice.over_reveal" if p.get("reveal") else "press.notice.over", lang, game=p["game"])
    return t("press.notice.open", lang, phase=phase_title(p.get("phase") or "", lang))


def _notice(p: Mapping[str, Any], lang: str) -> str:
    if p.get("kind") == "game":  # the game channel, in rulebook press
        key = {"closed": "press.notice.game_closed", "open": "press.notice.game_open"}.get(p["state"])
        if key is None:
            return t("press.notice.game_over", lang, game=p["game"])
        return t(key, lang, game=p["game"], phase=phase_title(p.get("phase") or "", lang))
    groups = [power_names(group, lang) for group in p.get("powers", [])]
    if not p.get("welcome"):
        return _state_line(p, lang)
    kind = p["kind"]
    if kind == "inbox":
        text = t("press.notice.inbox", lang, game=p["game"], power=groups[0] if groups else "—", mods=_mods(p, lang))
    elif kind == "pair" and len(groups) == 2:
        text = t("press.notice.pair", lang, game=p["game"], a=groups[0], b=groups[1], mods=_mods(p, lang))
    else:
        text = t("press.notice.group", lang, game=p["game"], powers=", ".join(groups), mods=_mods(p, lang))
    if p["state"] != "open":
        text += "\n" + _state_line(p, lang)
    return text


def _relay(key: str) -> Callable[[Mapping[str, Any], str], list[str]]:
    """A relayed message: one block per part of its quote, each under the header that
    says who sent it to whom (each block is one Discord message)."""

    def render(p: Mapping[str, Any], lang: str) -> list[str]:
        copy = p.get("copy")
        return [
            t(
                f"{key}_copy" if copy else key,
                lang,
                game=p["game"],
                sender=power_names(p["sender"], lang),
                to=power_names(p["to"], lang),
                message=part,
            )
            for part in quoted_parts(p["text"])
        ]

    return render


def _public(p: Mapping[str, Any], lang: str) -> list[str]:
    sender = power_names(p["sender"], lang)
    return [t("press.post.public", lang, sender=sender, message=part) for part in quoted_parts(p["text"])]


def _reveal(p: Mapping[str, Any], lang: str) -> str:
    lines = [
        t("post.assignment", lang, user=markup.mention(uid), powers=power_names(powers, lang))
        for uid, powers in p["assignments"]
    ]
    return t("press.post.reveal", lang, game=p["game"], lines="\n".join(lines))


def _problem(p: Mapping[str, Any], lang: str) -> str:
    lines = [t("press.problem.title", lang, game=p["game"], mods=moderators(p["creator"], p.get("role"), lang))]
    for name in p["problems"]:
        lines += lock_lines(p, name, lang) if name in LOCK_PROBLEMS else [t(f"press.problem.{name}", lang)]
    lines.append(t("press.problem.footer", lang))
    if p.get("anonymous_game"):
        lines.append(t("press.problem.anonymous", lang))
    return "\n".join(lines)


def _settings_changed(p: Mapping[str, Any], lang: str) -> str:
    changes: Mapping[str, Any] = p["changes"]
    data = {"press": changes.get("press", "full"), **changes}
    lines = [line for name, value in changes.items() if (line := setting_line(name, value, data, lang))]
    return t(
        "settings.post.changed",
        lang,
        game=p["game"],
        mod=markup.mention(p["mod"]) if isinstance(p["mod"], int) else p["mod"],
        lines="\n".join(f"• {x}" for x in lines),
    )


RENDER: dict[PostKind, Callable[[Mapping[str, Any], str], str | list[str]]] = {
    PostKind.PRESS_NOTICE: _notice,
    PostKind.PRESS_RELAY: _relay("press.post.relay"),
    PostKind.DM_PRESS_RELAY: _relay("press.dm.relay"),
    PostKind.PRESS_PUBLIC: _public,
    PostKind.PRESS_REVEAL: _reveal,
    PostKind.PRESS_PROBLEM: _problem,
    PostKind.DM_PRESS_PROBLEM: press_problem_dm,  # issue 24
    PostKind.SETTINGS_CHANGED: _settings_changed,
}


# -- the masked posts of an anonymous game ----------------------------------------------------
def moderators(creator: int | None, role: int | None, lang: str) -> str:
    """Who moderates a game, to ping them: its creator and the moderators' role (in an
    anonymous game a creator who plays is not named: "the moderators")."""
    names = [markup.mention(creator)] if creator else []
    names += [markup.role_mention(role)] if role else []
    return " ".join(names) or t("anon.moderators", lang)


def unnamed(params: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """A masked post's moderator who plays in the game, said without a name."""
    out = dict(params)
    if "mod" in out and out["mod"] is None:
        out["mod"] = t("anon.moderator", lang)
    return out


def _words(p: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """The parameters of a masked post in words (it names powers and moderators only)."""
    out: dict[str, Any] = {"game": p["game"]}
    for key, value in p.items():
        if key in ("power", "leader"):
            out[key] = power_name(value, lang)
        elif key == "powers":
            out[key] = power_names(value, lang)
        elif key == "mod":
            out[key] = markup.mention(value) if isinstance(value, int) else value
        elif key == "count":
            out[key] = value
    if "creator" in p:
        out["mods"] = moderators(p["creator"], p.get("role"), lang)
    return out


_ANON_MOD = {
    "cd_on": "anon.mod.cd_on",
    "cd_off": "anon.mod.cd_off",
    "replace": "anon.mod.replaced",
    "remind": "anon.mod.reminded",
}
_ANON_POST = {
    PostKind.CD_DECLARED: "anon.post.cd_declared",
    PostKind.CD_LEFT: "anon.post.cd_left",
    PostKind.POWER_IDLE: "anon.post.power_idle",
    PostKind.CONCEDED: "anon.post.conceded",
    PostKind.DM_FAILED: "anon.post.dm_failed",
}


def render_masked(kind: PostKind, params: Mapping[str, Any], lang: str) -> str | None:
    """A masked post of an anonymous game that names players elsewhere, in words without
    them; None for the posts that read as in any game once masked (the start post and a
    coin toss say it themselves: :mod:`bot.text.posts`)."""
    key = _ANON_MOD.get(params.get("action", "")) if kind is PostKind.MOD_ACTION else _ANON_POST.get(kind)
    return t(key, lang, **_words(params, lang)) if key else None


def anonymous_assignments(assignments: Sequence[Sequence[Any]], lang: str) -> str:
    """The start post's line about the players of an anonymous game: the powers only."""
    return t("anon.post.assignments", lang, powers=power_names([pw for _, group in assignments for pw in group], lang))


def anonymous_toss(power: str, lang: str) -> str:
    return t("anon.post.toss", lang, power=power_name(power, lang))


# -- replies ----------------------------------------------------------------------------------
def conversation_reply(conv: Conversation, lang: str) -> str:
    powers = power_names(conv.others or conv.powers, lang)  # never the opener's own powers
    if conv.anonymous:
        return t("press.reply.group_opened" if conv.created else "press.reply.group_open", lang, powers=powers)
    if conv.channel_id is not None:
        return t("press.reply.open", lang, powers=powers, channel=f"<#{conv.channel_id}>")
    return t("press.reply.opening", lang, powers=powers)


def sent_reply(sent: Sent, lang: str) -> str:
    sender = power_names(sent.sender, lang)
    if not sent.to:
        return t("press.reply.sent_everyone", lang, sender=sender)
    text = t("press.reply.sent", lang, sender=sender, powers=power_names(sent.to, lang))
    if sent.by_dm:
        text += "\n" + t("press.reply.by_dm", lang, powers=power_names(sent.by_dm, lang))
    return text


def target_label(target: Target, lang: str) -> str:
    """A choice of ``/press send to:`` (powers only: never a player)."""
    if not target.powers:
        return t("press.choice.everyone", lang)
    return power_names(target.powers, lang)[:100]


# -- names of channels ------------------------------------------------------------------------
def _slug(text: str) -> str:
    """A channel name as Discord writes one: lower case, words joined by single hyphens, no
    punctuation (``inbox England, Germany`` -> ``inbox-england-germany``)."""
    return "-".join(re.findall(r"\w+", text.lower()))


def category_name(game_name: str, game_id: int, lang: str) -> str:
    return t("press.category", lang, name=game_name, id=game_id)[:100]


def channel_name(kind: str, powers: Sequence[Sequence[str]], lang: str) -> str:
    if kind == "inbox":
        return _slug(t("press.channel.inbox", lang, power=power_names(powers[0], lang)))[:100]
    return _slug(" ".join(power_names(group, lang) for group in powers))[:100]


def channel_topic(kind: str, powers: Sequence[Sequence[str]], game_name: str, lang: str) -> str:
    names = [power_names(group, lang) for group in powers]
    if kind == "inbox":
        return t("press.topic.inbox", lang, name=game_name, power=names[0] if names else "—")
    return t("press.topic.conversation", lang, name=game_name, powers=", ".join(names))
