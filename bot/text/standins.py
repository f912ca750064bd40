"""Stand-ins in words (issue 23): the caretaker taking a power and handing it back, a
player asking for an open seat and taking it, the marks of a stand-in's orders and
powers, the stand-in settings, and the substitute board."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.core.languages import NATIVE_NAMES
from bot.core.seats import OpenSeat, SeatAsked, SeatDecision
from bot.text import markup
from bot.text.i18n import plural, t
from bot.text.labels import power_name, power_names
from engine import Power


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
    params = {"game": p["game"], "user": _user(p, lang), "power": power_name(p["power"], lang), "number": p["request"]}
    if not mods:  # an anonymous game whose creator plays: nobody named
        return t("standin.post.seat_asked_unnamed", lang, **params)
    return t("standin.post.seat_asked", lang, mods=mods.strip(), **params)


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
    """The stand-in settings of a game (:meth:`bot.core.press.mode.GameSettings.to_json`)."""
    if "civil_disorder_player" not in data:
        return []
    lines = [t(f"settings.civil_disorder_player.{data['civil_disorder_player']}", lang)]
    if data.get("bots"):
        lines.append(t("settings.bots.yes", lang))
    lines.append(t(f"settings.join_approval.{'yes' if data.get('join_approval', True) else 'no'}", lang))
    if data.get("substitutes"):
        lines.append(t("settings.substitutes.yes", lang))
    if data.get("min_reliability"):
        lines.append(t("settings.min_reliability", lang, percent=data["min_reliability"]))
    return lines


def setting_line(name: str, value: Any, lang: str) -> str | None:
    """One stand-in setting as a line (a settings change), None when not one of them."""
    if name == "civil_disorder_player":
        return t(f"settings.civil_disorder_player.{value}", lang)
    if name in ("join_approval", "substitutes"):
        return t(f"settings.{name}.{'yes' if value else 'no'}", lang)
    if name == "min_reliability":
        return t("settings.min_reliability", lang, percent=value) if value else t("settings.min_reliability_any", lang)
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


def asked_dm(game: str, power: Power, lang: str) -> str:
    """The first DM to a player asking for an open seat (it checks the bot can DM them)."""
    return t("standin.dm.asked", lang, game=game, power=power_name(power.value, lang))


def seat_asked_reply(asked: SeatAsked, lang: str) -> str:
    """The answer to ``/game join power:`` (or ``/substitutes apply``)."""
    key = "standin.reply.queued" if asked.approved else "standin.reply.asked"
    return t(key, lang, game=asked.game.name, power=power_name(asked.power.value, lang))


def leaving_reply(game: str, powers: Sequence[Power], lang: str) -> str:
    """The answer to ``/game leave`` in a game being played."""
    return t("standin.reply.leaving", lang, game=game, powers=power_names([p.value for p in powers], lang))


def offered_post(p: Mapping[str, Any], lang: str) -> str:
    return t("standin.post.offered", lang, game=p["game"], user=_user(p, lang), powers=power_names(p["powers"], lang))


def seat_decided_reply(decision: SeatDecision, lang: str) -> str:
    """The answer to ``/mod seat``."""
    power = power_name(decision.request.power, lang)
    if decision.accepted:
        return t("standin.reply.accepted", lang, user=markup.mention(decision.request.user_id), power=power)
    return t("standin.reply.refused", lang, power=power)


# -- the substitute board --------------------------------------------------------------------
def board_text(seats: Sequence[OpenSeat], servers: Mapping[int, str], lang: str) -> str:
    """``/substitutes list``: one line per open seat (server names are typed by people:
    escaped)."""
    if not seats:
        return t("standin.board.empty", lang)
    lines = [t("standin.board.title", lang)]
    for s in seats:
        lines.append(
            t(
                "standin.board.line",
                lang,
                game=s.game,
                server=markup.escape(servers.get(s.guild_id, "")),
                power=power_name(s.power.value, lang),
                centres=plural("scores.centres", s.centres, lang),  # "1 centre", "5 центров"
                year=s.year,
                deadline=markup.stamp(s.deadline) if s.deadline else t("mod.paused_deadline", lang),
                language=NATIVE_NAMES.get(s.language, s.language),
                press=t(f"press.mode.{s.press}", lang),
                reliability=t("standin.board.any", lang)
                if not s.min_reliability
                else t("standin.board.min", lang, percent=s.min_reliability),
            )
        )
    lines.append(t("standin.board.how", lang))
    return "\n".join(lines)


def invite_dm(decision: SeatDecision, server: str, url: str, lang: str) -> str:
    return t(
        "standin.dm.invite",
        lang,
        game=decision.game.name,
        server=markup.escape(server),
        power=power_name(decision.request.power, lang),
        url=url,
    )
