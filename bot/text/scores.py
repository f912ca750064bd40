"""The end of a game in words (issue 15): the posts of an ending nobody else announces (the
last year played, a moderator's end) and their DMs, the final post (each player's score,
result and reliability, best first, under the scoring system's rule), the scoring rules as
``/game create`` repeats them, the centre chart's alt text, and numbers written each
language's way (``41.32``, ``41,32``; ``7,010``, ``7 010``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from babel.numbers import format_decimal, format_percent

from bot.core.endgame import Chart, EndRules
from bot.text import markup
from bot.text.i18n import plural, t
from bot.text.labels import power_name, power_names
from engine.board_text import ALT_TEXT_LIMIT

MEDALS = ("🥇", "🥈", "🥉")
#: after a player's score: how the game ended for them (a survivor's needs no mark)
RESULT_MARKS = {"win": " 🏆", "draw": " 🤝", "conceded": " 🏳️", "eliminated": " ☠️", "survived": ""}


def number(value: str | float | Decimal, language: str, places: int = 2) -> str:
    """A number as the language writes it, with ``places`` decimals, halves up (as the
    scores are rounded: 41.25 → 41.3)."""
    pattern = "#,##0" + ("." + "0" * places if places else "")
    rounded = Decimal(str(value)).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    return format_decimal(rounded, format=pattern, locale=language)


def percent(value: float, language: str) -> str:
    """A share in percent (``96%``, ``96 %``), whole."""
    return format_percent(value / 100, locale=language)


def system_name(system: str, language: str) -> str:
    return t(f"scoring.name.{system}", language)


def rules_text(rules: EndRules, language: str) -> str:
    """The game's scoring system and last year, as ``/game create`` confirms them."""
    lines = [t("scores.rules", language, system=system_name(rules.system, language))]
    if rules.last_year is not None:
        lines.append(t("scores.last_year", language, year=rules.last_year))
    return "\n".join(lines)


def year_limit_post(p: Mapping[str, Any], lang: str) -> str:
    return t("scores.post_year_limit", lang, game=p["game"], year=p["year"])


def ended_post(p: Mapping[str, Any], lang: str) -> str:
    return t("scores.post_ended", lang, game=p["game"], mod=markup.mention(p["mod"]) if p.get("mod") else "—")


def dm_ended(p: Mapping[str, Any], lang: str) -> str:
    return t(f"scores.dm_{p['ending']}", lang, game=p["game"])


def _places(rows: Sequence[Mapping[str, Any]]) -> list[str]:
    """A medal for the first three places (equal scores share one), then ``4.``..."""
    out: list[str] = []
    rank = 0
    for i, row in enumerate(rows):
        if i == 0 or row["score"] != rows[i - 1]["score"]:
            rank = i + 1
        out.append(MEDALS[rank - 1] if rank <= len(MEDALS) else f"{rank}.")
    return out


def scores_post(p: Mapping[str, Any], lang: str) -> str:
    """The final post: the title, one line per player, the system's rule, what ✅ counts."""
    system = p["system"]
    places = 0 if system == "carnage" else 2
    lines = [t("scores.title", lang, game=p["game"], system=system_name(system, lang))]
    for place, row in zip(_places(p["rows"]), p["rows"], strict=True):
        if row.get("bot"):  # issue 23: a bot's power, scored with the others, nobody's on the leaderboard
            lines.append(
                t(
                    "scores.line_bot",
                    lang,
                    place=place,
                    powers=power_names(row["powers"], lang),
                    centres=plural("scores.centres", row["centres"], lang),
                    score=number(row["score"], lang, places),
                    result=RESULT_MARKS.get(row["result"], ""),
                )
            )
            continue
        lines.append(
            t(
                "scores.line",
                lang,
                place=place,
                powers=power_names(row["powers"], lang),
                user=markup.mention(row["user"]),
                centres=plural("scores.centres", row["centres"], lang),
                score=number(row["score"], lang, places),
                result=RESULT_MARKS.get(row["result"], ""),
                ordered=row["ordered"],
                phases=row["phases"],
            )
        )
    lines += ["", f"-# {t(f'scoring.rule.{system}', lang)}", f"-# {t('scores.legend', lang)}"]
    return "\n".join(lines)


def chart_description(chart: Chart, language: str) -> str:
    """The centre chart's alt text: each power's centres year by year, most first."""
    counts = chart.counts
    final = counts[-1][1]
    powers = sorted(final, key=lambda pw: -final[pw])
    series = "; ".join(
        f"{power_name(pw, language)}: {', '.join(str(c.get(pw, 0)) for _, c in counts)}" for pw in powers
    )
    text = t("alt.chart", language, name=chart.game.name, first=counts[0][0], last=counts[-1][0], series=series)
    return text if len(text) <= ALT_TEXT_LIMIT else text[: ALT_TEXT_LIMIT - 1].rstrip() + "…"
