"""Queries for press and game settings (issue 14): a game's settings, its press space and
conversations, the grants set on its game channel, the press work queue, spectators, and
the few settings kept in the games table (deadline schedules, language).

A mixin of :class:`bot.infra.storage.Tx`: methods use ``self._one``, ``self._all`` and
``self._run`` and always run inside a transaction.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class SettingsRow:
    """A game's row of ``game_settings`` (defaults: a game without a row, which the
    migration never leaves, reads as full press)."""

    press: str = "full"
    anonymous: bool = False
    spectators: bool = True
    reveal: bool = True
    moderators_read: bool = True


@dataclass(frozen=True, slots=True)
class SpaceRow:
    category_id: int | None = None
    announced: str = ""
    problem: str = ""


@dataclass(frozen=True, slots=True)
class RoomRow:
    room: str
    kind: str
    seats: tuple[int, ...]
    channel_id: int | None
    announced: str
    opened_by: int | None
    opened_at: float


@dataclass(frozen=True, slots=True)
class PressJobRow:
    id: int
    game_id: int
    guild_id: int
    reason: str
    attempts: int


_SETTINGS = ("press", "anonymous", "spectators", "reveal", "moderators_read")


class PressQueries:
    """Queries for press, spectators and game settings."""

    press_jobs_added: int  # set by Tx: the press jobs stored in this transaction

    # -- settings ----------------------------------------------------------------------
    async def game_settings(self, game_id: int) -> SettingsRow:
        row = await self._one(f"SELECT {', '.join(_SETTINGS)} FROM game_settings WHERE game_id = ?", (game_id,))
        if row is None:
            return SettingsRow()
        return SettingsRow(str(row[0]), bool(row[1]), bool(row[2]), bool(row[3]), bool(row[4]))

    async def put_game_settings(self, game_id: int, settings: SettingsRow) -> None:
        values = (settings.press, int(settings.anonymous), int(settings.spectators), int(settings.reveal))
        await self._run(
            f"INSERT INTO game_settings (game_id, {', '.join(_SETTINGS)}) VALUES (?,?,?,?,?,?) "
            "ON CONFLICT (game_id) DO UPDATE SET " + ", ".join(f"{c} = excluded.{c}" for c in _SETTINGS),
            (game_id, *values, int(settings.moderators_read)),
        )

    async def set_schedules(self, game_id: int, *, movement: str, retreat: str, adjustment: str) -> None:
        """The deadline schedules of the game's phases (the next deadlines follow them)."""
        await self._run(
            "UPDATE games SET movement = ?, retreat = ?, adjustment = ? WHERE id = ?",
            (movement, retreat, adjustment, game_id),
        )

    async def set_game_language(self, game_id: int, language: str) -> None:
        await self._run("UPDATE games SET language = ? WHERE id = ?", (language, game_id))

    # -- the press space ---------------------------------------------------------------
    async def press_space(self, game_id: int) -> SpaceRow:
        row = await self._one("SELECT category_id, announced, problem FROM press_spaces WHERE game_id = ?", (game_id,))
        return SpaceRow(row[0], row[1], row[2]) if row else SpaceRow()

    async def _ensure_space(self, game_id: int) -> None:
        await self._run("INSERT INTO press_spaces (game_id) VALUES (?) ON CONFLICT DO NOTHING", (game_id,))

    async def set_press_category(self, game_id: int, category_id: int | None) -> None:
        await self._ensure_space(game_id)
        await self._run("UPDATE press_spaces SET category_id = ? WHERE game_id = ?", (category_id, game_id))

    async def set_press_announced(self, game_id: int, announced: str) -> None:
        await self._ensure_space(game_id)
        await self._run("UPDATE press_spaces SET announced = ? WHERE game_id = ?", (announced, game_id))

    async def set_press_problem(self, game_id: int, problem: str) -> None:
        await self._ensure_space(game_id)
        await self._run("UPDATE press_spaces SET problem = ? WHERE game_id = ?", (problem, game_id))

    # -- conversations -----------------------------------------------------------------
    async def press_rooms(self, game_id: int) -> list[RoomRow]:
        rows = await self._all(
            "SELECT room, kind, seats, channel_id, announced, opened_by, opened_at FROM press_rooms "
            "WHERE game_id = ? ORDER BY opened_at, room",
            (game_id,),
        )
        return [RoomRow(r[0], r[1], tuple(json.loads(r[2])), r[3], r[4], r[5], r[6]) for r in rows]

    async def add_press_room(
        self, game_id: int, room: str, kind: str, seats: Iterable[int], opened_by: int | None, now: float
    ) -> bool:
        """Store a conversation; False when it exists already."""
        return (
            await self._run(
                "INSERT INTO press_rooms (game_id, room, kind, seats, opened_by, opened_at) "
                "VALUES (?,?,?,?,?,?) ON CONFLICT DO NOTHING",
                (game_id, room, kind, json.dumps(sorted(seats)), opened_by, now),
            )
            == 1
        )

    async def set_room_channel(self, game_id: int, room: str, channel_id: int | None) -> None:
        await self._run(
            "UPDATE press_rooms SET channel_id = ? WHERE game_id = ? AND room = ?", (channel_id, game_id, room)
        )

    async def set_room_announced(self, game_id: int, room: str, announced: str) -> None:
        await self._run(
            "UPDATE press_rooms SET announced = ? WHERE game_id = ? AND room = ?", (announced, game_id, room)
        )

    async def game_of_press_channel(self, channel_id: int) -> tuple[int, str] | None:
        """(game id, room) of a press channel."""
        row = await self._one("SELECT game_id, room FROM press_rooms WHERE channel_id = ?", (channel_id,))
        return (int(row[0]), str(row[1])) if row else None

    # -- what the bot set on the game channel ------------------------------------------
    async def press_grants(self, game_id: int) -> dict[int, str]:
        rows = await self._all("SELECT user_id, grant_kind FROM press_grants WHERE game_id = ?", (game_id,))
        return {int(r[0]): str(r[1]) for r in rows}

    async def put_press_grants(self, game_id: int, grants: Mapping[int, str]) -> None:
        """Replace the record of what is set on the game channel."""
        await self._run("DELETE FROM press_grants WHERE game_id = ?", (game_id,))
        for user_id, kind in sorted(grants.items()):
            await self._run(
                "INSERT INTO press_grants (game_id, user_id, grant_kind) VALUES (?,?,?)", (game_id, user_id, kind)
            )

    # -- the work queue ----------------------------------------------------------------
    async def add_press_job(self, game_id: int, reason: str, now: float) -> int:
        row = await self._one(
            "INSERT INTO press_jobs (game_id, reason, next_attempt, created_at) VALUES (?,?,?,?) RETURNING id",
            (game_id, reason, now, now),
        )
        self.press_jobs_added += 1
        return int(row[0])

    async def press_jobs_due(self, now: float, limit: int = 50) -> list[PressJobRow]:
        """The oldest due job of each game (a job brings the whole game up to date, so one
        per game is enough), with the game's server; only those of the shards this process
        runs (issue 13)."""
        shards, params = self._in_shards("g.guild_id")  # type: ignore[attr-defined]
        rows = await self._all(
            "SELECT j.id, j.game_id, g.guild_id, j.reason, j.attempts FROM press_jobs j "
            "JOIN games g ON g.id = j.game_id "
            "WHERE j.done_at IS NULL AND j.next_attempt <= ? AND j.id = ("
            f"SELECT MIN(k.id) FROM press_jobs k WHERE k.game_id = j.game_id AND k.done_at IS NULL){shards} "
            "ORDER BY j.id LIMIT ?",
            (now, *params, limit),
        )
        return [PressJobRow(*r) for r in rows]

    async def next_press_job_time(self) -> float | None:
        shards, params = self._in_shards("g.guild_id")  # type: ignore[attr-defined]
        row = await self._one(
            "SELECT MIN(j.next_attempt) FROM press_jobs j JOIN games g ON g.id = j.game_id "
            f"WHERE j.done_at IS NULL{shards}",
            params,
        )
        return row[0] if row else None

    async def finish_press_jobs(self, game_id: int, up_to: int, now: float, error: str | None = None) -> int:
        """Mark done every job of the game stored up to ``up_to`` (one sync applied them
        all); ``error`` says why they were set aside."""
        return int(
            await self._run(
                "UPDATE press_jobs SET done_at = ?, error = ? WHERE game_id = ? AND id <= ? AND done_at IS NULL",
                (now, error, game_id, up_to),
            )
        )

    async def retry_press_job(self, job_id: int, next_attempt: float) -> None:
        await self._run(
            "UPDATE press_jobs SET attempts = attempts + 1, next_attempt = ? WHERE id = ?", (next_attempt, job_id)
        )

    async def last_press_job(self, game_id: int) -> int:
        row = await self._one("SELECT MAX(id) FROM press_jobs WHERE game_id = ?", (game_id,))
        return int(row[0] or 0) if row else 0

    async def press_jobs(self, game_id: int) -> list[dict[str, Any]]:
        """Every job of a game (tests and diagnostics)."""
        rows = await self._all(
            "SELECT id, reason, attempts, done_at, error FROM press_jobs WHERE game_id = ? ORDER BY id", (game_id,)
        )
        return [{"id": r[0], "reason": r[1], "attempts": r[2], "done_at": r[3], "error": r[4]} for r in rows]

    # -- spectators --------------------------------------------------------------------
    async def watchable_games(self, guild_id: int) -> list[tuple[int, str]]:
        """(id, name) of the server's games being formed or played that allow spectators."""
        rows = await self._all(
            "SELECT g.id, g.name FROM games g LEFT JOIN game_settings s ON s.game_id = g.id "
            "WHERE g.guild_id = ? AND g.status != 'finished' AND COALESCE(s.spectators, 1) = 1 ORDER BY g.id",
            (guild_id,),
        )
        return [(int(r[0]), str(r[1])) for r in rows]

    async def spectators(self, game_id: int) -> list[int]:
        rows = await self._all("SELECT user_id FROM spectators WHERE game_id = ? ORDER BY since, user_id", (game_id,))
        return [int(r[0]) for r in rows]

    async def add_spectator(self, game_id: int, user_id: int, now: float) -> bool:
        return (
            await self._run(
                "INSERT INTO spectators (game_id, user_id, since) VALUES (?,?,?) ON CONFLICT DO NOTHING",
                (game_id, user_id, now),
            )
            == 1
        )

    async def remove_spectator(self, game_id: int, user_id: int) -> bool:
        return await self._run("DELETE FROM spectators WHERE game_id = ? AND user_id = ?", (game_id, user_id)) == 1
