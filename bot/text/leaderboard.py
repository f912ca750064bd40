"""The leaderboard and seasons in words (issue 15), made for a phone: one short line per
player (rank, name, average score, games, wins, draws, reliability), a legend under it,
ten players a page; and the labels of the ``season`` and ``game`` menus."""

from __future__ import annotations

from bot.core.endgame import ALL_TIME, LeaderboardPage
from bot.infra.storage.endings import ScoredGame, SeasonRow
from bot.text import markup
from bot.text.i18n import plural, t
from bot.text.labels import phase_title
from bot.text.scores import number, percent

MAX_LABEL = 100  # characters in a menu choice


def scope_text(season: SeasonRow | None, language: str) -> str:
    if season is None:
        return t("leaderboard.all_time", language)
    key = "leaderboard.season" if season.open else "leaderboard.season_over"
    return t(key, language, season=markup.escape(season.name))


def leaderboard_text(page: LeaderboardPage, language: str) -> str:
    scope = scope_text(page.season, language)
    if page.variant != "standard":  # issue 25: a duel's own leaderboard says which
        scope = t("leaderboard.scope_variant", language, scope=scope, variant=t(f"variant.{page.variant}", language))
    lines = [t("leaderboard.title", language, scope=scope)]
    if not page.rows:
        return "\n".join([*lines, t("leaderboard.empty", language)])
    for row in page.rows:
        lines.append(
            t(
                "leaderboard.line",
                language,
                rank=row.rank,
                user=markup.mention(row.user_id),
                average=number(row.average, language, 1),
                games=plural("leaderboard.games", row.games, language),
                wins=row.wins,
                draws=row.draws,
                reliability=percent(row.reliability, language) if row.reliability is not None else "—",
            )
        )
    lines.append(f"-# {t('leaderboard.legend', language)}")
    if page.pages > 1:
        lines.append(f"-# {t('leaderboard.page', language, page=page.page + 1, pages=page.pages)}")
    return "\n".join(lines)


def season_choices(seasons: list[SeasonRow], typed: str, language: str) -> list[tuple[str, str]]:
    """(label, value) of the ``season`` menu: every game first, then the seasons, newest first."""
    out = [(t("leaderboard.choice_all", language), ALL_TIME)]
    for s in seasons:
        label = t("leaderboard.choice_open", language, season=s.name) if s.open else s.name
        out.append((label[:MAX_LABEL], str(s.id)))
    typed = typed.strip().casefold()
    return [(label, value) for label, value in out if typed in label.casefold()][:25]


def game_choices(games: list[ScoredGame], typed: str, language: str) -> list[tuple[str, str]]:
    """(label, value) of the moderators' ``game`` menu: a finished game, where it stopped,
    and whether it is left out."""
    typed = typed.strip().casefold()
    out = []
    for g in games:
        parts = [g.name, phase_title(g.phase, language)]
        if g.excluded:
            parts.append(t("leaderboard.excluded_mark", language))
        label = " · ".join(parts)
        if typed in label.casefold():
            out.append((label[:MAX_LABEL], str(g.game_id)))
    return out[:25]
