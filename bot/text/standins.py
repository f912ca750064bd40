"""Stand-ins in words (issue 23): the caretaker taking a power and handing it back, a
player asking for an open seat and taking it, the marks of a stand-in's orders and
powers, the stand-in settings, and the substitute board."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.text import markup
from bot.text.i18n import t
from bot.text.labels import power_name, power_names


def _user(p: Mapping[str, Any], lang: str) -> str:
    """The player a post is about, or "a player" (an anonymous game names nobody)."""
    return markup.mention(p["user"]) if p.get("user") else t("standin.someone", lang)


def takes_post(p: Mapping[str, Any], lang: str) -> str:
    return t("standin.post.takes", lang, game=p["game"], power=power_name(p["power"], lang))


def left_post(p: Mapping[str, Any], lang: str) -> str:
    power = power_name(p["power"], lang)
    if not p.get("user"):
        return t("standin.post.left_anon", lang, game=p["game"], power=power)
    return t("standin.post.left", lang, game=p["game"], power=power, user=markup.mention(p["user"]))


def seat_asked_post(p: Mapping[str, Any], lang: str) -> str:
    mods = markup.mention(p["creator"]) if p.get("creator") else ""
    mods += f" {markup.role_mention(p['role'])}" if p.get("role") else ""
    return t(
        "standin.post.seat_asked",
        lang,
        game=p["game"],
        user=_user(p, lang),
        power=power_name(p["power"], lang),
        number=p["request"],
        mods=mods.strip() or t("mod.log.bot", lang),
    )


def seat_taken_post(p: Mapping[str, Any], lang: str) -> str:
    return t("standin.post.seat_taken", lang, game=p["game"], user=_user(p, lang), power=power_name(p["power"], lang))


def played_by(preset: str | None, lang: str) -> str:
    """The label after a power a stand-in played (results), empty for a human's."""
    return t(f"post.played_by.{preset}", lang) if preset else ""


def bot_mark(result: Mapping[str, Any], lang: str) -> str:
    """The mark of an order a stand-in gave."""
    return t("post.bot_mark", lang) if result.get("bot") else ""


def bots_line(powers: list[str], lang: str) -> str:
    return t("post.bots", lang, powers=power_names(powers, lang))


def setting_lines(data: Mapping[str, Any], lang: str) -> list[str]:
    """The stand-in settings of a game (:meth:`bot.core.press.GameSettings.to_json`)."""
    if "civil_disorder_player" not in data:
        return []
    lines = [t(f"settings.civil_disorder_player.{data['civil_disorder_player']}", lang)]
    if data.get("bots"):
        lines.append(t("settings.bots.yes", lang))
    lines.append(t(f"settings.join_approval.{'yes' if data.get('join_approval', True) else 'no'}", lang))
    if data.get("substitutes"):
        lines.append(t("settings.substitutes.yes", lang))
    return lines


def setting_line(name: str, value: Any, lang: str) -> str | None:
    """One stand-in setting as a line (a settings change), None when not one of them."""
    if name == "civil_disorder_player":
        return t(f"settings.civil_disorder_player.{value}", lang)
    if name in ("join_approval", "substitutes"):
        return t(f"settings.{name}.{'yes' if value else 'no'}", lang)
    return None


def create_lines(civil_disorder_player: str | None, bots: bool, lang: str) -> list[str]:
    """Under the answer to ``/game create``: the stand-in choices made."""
    lines = [t(f"settings.civil_disorder_player.{civil_disorder_player}", lang)] if civil_disorder_player else []
    return lines + ([t("settings.bots.yes", lang)] if bots else [])


def status_lines(played: Sequence[Sequence[str]], lang: str) -> list[str]:
    """``/game status``: the powers the caretaker and bots play now."""
    lines = []
    for preset in ("caretaker", "dumbbot"):
        powers = [code for code, who in played if who == preset]
        if powers:
            lines.append(t(f"status.played_by.{preset}", lang, powers=power_names(powers, lang)))
    return lines
