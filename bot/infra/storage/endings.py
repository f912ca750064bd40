"""Queries for the end of games (issue 15): each game's scoring system and last year, the
result and scores of a finished game, the server's seasons, the leaderboard's sums, and
what the history and the centre chart read (every stored phase).

A mixin of :class:`bot.infra.storage.Tx`: methods use ``self._one``, ``self._all`` and
``self._run`` and always run inside a transaction.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from bot.infra.storage.dialect import upsert


@dataclass(frozen=True, slots=True)
class ResultRow:
    """How a game ended (see migration 0007)."""

    game_id: int
    guild_id: int
    ending: str
    phase: str
    detail: dict[str, Any]
    season_id: int | None
    excluded: bool
    ended_by: int | None
    ended_at: float


@dataclass(frozen=True, slots=True)
class ScoreRow:
    """One player's score in a finished game."""

    user_id: int
    powers: tuple[str, ...]
    centres: int
    points: str  # exact, a fraction's text ("100/3")
    share: float  # percent of the game's points
    result: str


@dataclass(frozen=True, slots=True)
class SeasonRow:
    id: int
    guild_id: int
    name: str
    started_at: float
    ended_at: float | None

    @property
    def open(self) -> bool:
        return self.ended_at is None


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One player's sums over the games a leaderboard counts."""

    user_id: int
    games: int
    wins: int
    draws: int
    average: float  # the mean of their shares, percent
    missed: int  # phases with orders due in which they gave none
    phases: int  # phases with orders due


@dataclass(frozen=True, slots=True)
class ScoredGame:
    """A finished, scored game of a server (the moderators' ``game`` menu)."""

    game_id: int
    name: str
    phase: str
    excluded: bool
    ended_at: float


_RESULT_COLUMNS = "game_id, guild_id, ending, phase, detail, season_id, excluded, ended_by, ended_at"
_SEASON_COLUMNS = "id, guild_id, name, started_at, ended_at"


def _result(r: Any) -> ResultRow:
    return ResultRow(r[0], r[1], r[2], r[3], json.loads(r[4]), r[5], bool(r[6]), r[7], r[8])


class EndingQueries:
    """Queries for the end of games: rules, results, scores, seasons, leaderboards."""

    # -- each game's rules ---------------------------------------------------------------
    async def end_rules(self, game_id: int) -> tuple[str, int | None] | None:
        """(scoring system, last year) chosen at creation; None for a game older than them."""
        row = await self._one("SELECT scoring, last_year FROM game_end_rules WHERE game_id = ?", (game_id,))
        return (row[0], row[1]) if row else None

    async def set_end_rules(self, game_id: int, scoring: str, last_year: int | None) -> None:
        await self._run(
            upsert("game_end_rules", ("game_id", "scoring", "last_year"), ("game_id",)),
            (game_id, scoring, last_year),
        )

    # -- results and scores --------------------------------------------------------------
    async def put_result(self, result: ResultRow, scores: Iterable[ScoreRow]) -> None:
        await self._run(
            upsert("game_results", tuple(c.strip() for c in _RESULT_COLUMNS.split(",")), ("game_id",)),
            (
                result.game_id,
                result.guild_id,
                result.ending,
                result.phase,
                json.dumps(result.detail),
                result.season_id,
                int(result.excluded),
                result.ended_by,
                result.ended_at,
            ),
        )
        await self._run("DELETE FROM player_scores WHERE game_id = ?", (result.game_id,))
        for s in scores:
            await self._run(
                "INSERT INTO player_scores (game_id, user_id, powers, centres, points, share, result) "
                "VALUES (?,?,?,?,?,?,?)",
                (result.game_id, s.user_id, ",".join(s.powers), s.centres, s.points, s.share, s.result),
            )

    async def result(self, game_id: int) -> ResultRow | None:
        row = await self._one(f"SELECT {_RESULT_COLUMNS} FROM game_results WHERE game_id = ?", (game_id,))
        return _result(row) if row else None

    async def delete_result(self, game_id: int) -> None:
        """A result and (by cascade) its scores: the game is being played again (rollback)."""
        await self._run("DELETE FROM game_results WHERE game_id = ?", (game_id,))

    async def scores(self, game_id: int) -> list[ScoreRow]:
        rows = await self._all(
            "SELECT user_id, powers, centres, points, share, result FROM player_scores "
            "WHERE game_id = ? ORDER BY share DESC, centres DESC, user_id",
            (game_id,),
        )
        return [ScoreRow(r[0], tuple(p for p in r[1].split(",") if p), r[2], r[3], r[4], r[5]) for r in rows]

    async def set_excluded(self, game_id: int, excluded: bool) -> bool:
        return await self._run("UPDATE game_results SET excluded = ? WHERE game_id = ?", (int(excluded), game_id)) == 1

    async def scored_games(self, guild_id: int, limit: int = 200) -> list[ScoredGame]:
        rows = await self._all(
            "SELECT r.game_id, g.name, r.phase, r.excluded, r.ended_at FROM game_results r "
            "JOIN games g ON g.id = r.game_id WHERE r.guild_id = ? ORDER BY r.ended_at DESC LIMIT ?",
            (guild_id, limit),
        )
        return [ScoredGame(r[0], r[1], r[2], bool(r[3]), r[4]) for r in rows]

    # -- what an ending reads --------------------------------------------------------------
    async def game_reliability(self, game_id: int) -> dict[int, tuple[int, int]]:
        """user -> (phases missed, phases with orders due) in one game."""
        rows = await self._all(
            "SELECT user_id, COALESCE(SUM(missed), 0), COUNT(*) FROM player_phases WHERE game_id = ? GROUP BY user_id",
            (game_id,),
        )
        return {r[0]: (int(r[1]), int(r[2])) for r in rows}

    async def eliminations(self, game_id: int) -> dict[str, str]:
        """power -> the phase whose resolution eliminated it (from the audit log)."""
        rows = await self._all(
            "SELECT detail, phase FROM audit_log WHERE game_id = ? AND action = 'eliminated' ORDER BY id", (game_id,)
        )
        out: dict[str, str] = {}
        for detail, phase in rows:
            power = json.loads(detail).get("power")
            if power and phase:
                out[power] = phase
        return out

    async def phase_records(self, game_id: int) -> list[tuple[dict[str, Any], list[dict[str, Any]] | None]]:
        """Every stored phase of a game: (position, results or None), in the order stored."""
        rows = await self._all("SELECT position, results FROM phases WHERE game_id = ? ORDER BY rowid", (game_id,))
        return [(json.loads(r[0]), json.loads(r[1]) if r[1] is not None else None) for r in rows]

    # -- seasons -----------------------------------------------------------------------------
    async def open_season(self, guild_id: int) -> SeasonRow | None:
        row = await self._one(
            f"SELECT {_SEASON_COLUMNS} FROM seasons WHERE guild_id = ? AND ended_at IS NULL", (guild_id,)
        )
        return SeasonRow(*row) if row else None

    async def season(self, season_id: int) -> SeasonRow | None:
        row = await self._one(f"SELECT {_SEASON_COLUMNS} FROM seasons WHERE id = ?", (season_id,))
        return SeasonRow(*row) if row else None

    async def season_named(self, guild_id: int, name: str) -> SeasonRow | None:
        row = await self._one(
            # lower(): what the index's NOCASE compares (ASCII letters), in SQL PostgreSQL runs too
            f"SELECT {_SEASON_COLUMNS} FROM seasons WHERE guild_id = ? AND lower(name) = lower(?)",
            (guild_id, name),
        )
        return SeasonRow(*row) if row else None

    async def seasons(self, guild_id: int) -> list[SeasonRow]:
        """A server's seasons, the newest first."""
        rows = await self._all(
            f"SELECT {_SEASON_COLUMNS} FROM seasons WHERE guild_id = ? ORDER BY id DESC", (guild_id,)
        )
        return [SeasonRow(*r) for r in rows]

    async def start_season(self, guild_id: int, name: str, now: float) -> int:
        row = await self._one(
            "INSERT INTO seasons (guild_id, name, started_at) VALUES (?,?,?) RETURNING id", (guild_id, name, now)
        )
        return int(row[0])

    async def end_season(self, season_id: int, now: float) -> bool:
        return (
            await self._run("UPDATE seasons SET ended_at = ? WHERE id = ? AND ended_at IS NULL", (now, season_id)) == 1
        )

    # -- the leaderboard -------------------------------------------------------------------------
    async def standings(
        self, guild_id: int, season_id: int | None = None, variant: str = "standard"
    ) -> list[StandingRow]:
        """Every player's sums over the server's scored games that are not excluded (of one
        season, when given); their reliability over the same games. Only the games of one
        variant (issue 25: the duels are ranked apart from the standard game)."""
        scope = "r.guild_id = ? AND r.excluded = 0" + (" AND r.season_id = ?" if season_id is not None else "")
        scope += " AND r.game_id IN (SELECT id FROM games WHERE variant = ?)"
        params: tuple[Any, ...] = (guild_id, season_id, variant) if season_id is not None else (guild_id, variant)
        scores = await self._all(
            "SELECT s.user_id, COUNT(*), SUM(CASE WHEN s.result = 'win' THEN 1 ELSE 0 END), "
            "SUM(CASE WHEN s.result = 'draw' THEN 1 ELSE 0 END), AVG(s.share) "
            f"FROM player_scores s JOIN game_results r ON r.game_id = s.game_id WHERE {scope} GROUP BY s.user_id",
            params,
        )
        record = {
            r[0]: (int(r[1]), int(r[2]))
            for r in await self._all(
                "SELECT p.user_id, COALESCE(SUM(p.missed), 0), COUNT(*) FROM player_phases p "
                f"JOIN game_results r ON r.game_id = p.game_id WHERE {scope} GROUP BY p.user_id",
                params,
            )
        }
        return [
            StandingRow(r[0], int(r[1]), int(r[2]), int(r[3]), float(r[4]), *record.get(r[0], (0, 0))) for r in scores
        ]
