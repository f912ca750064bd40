"""Queries for stand-ins (issue 23): a game's stand-in policy (who plays a power in civil
disorder, bot-filled seats, how an open seat is taken, the substitute board) and the
players asking for an open seat.

A mixin of :class:`bot.infra.storage.Tx`: methods use ``self._one``, ``self._all`` and
``self._run`` and always run inside a transaction.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.infra.storage.dialect import upsert

CIVIL_DISORDER_PLAYERS = ("hold", "caretaker")


@dataclass(frozen=True, slots=True)
class StandinPolicy:
    """What a game does with a power nobody plays (defaults: a game without a row)."""

    civil_disorder: str = "hold"  # 'hold' (the rulebook) or 'caretaker'
    bots: bool = False  # empty seats are played by the 'dumbbot' preset
    join_approval: bool = True  # a seat asked for with /game join power: needs a moderator
    substitutes: bool = False  # the game's open seats are on the substitute board
    min_reliability: int = 0  # percent of their phases a newcomer must have ordered (0: any)


@dataclass(frozen=True, slots=True)
class SeatRequest:
    id: int
    game_id: int
    power: str
    user_id: int
    state: str  # 'asked', 'accepted', 'refused', 'done', 'void'
    asked_at: float
    decided_by: int | None
    board: bool = False  # asked from the substitute board


_POLICY = ("civil_disorder", "bots", "join_approval", "substitutes", "min_reliability")
_REQUEST = "id, game_id, power, user_id, state, asked_at, decided_by, board"


class StandinQueries:
    """Queries for stand-ins and open seats."""

    async def standin_policy(self, game_id: int) -> StandinPolicy:
        row = await self._one(f"SELECT {', '.join(_POLICY)} FROM standin_policies WHERE game_id = ?", (game_id,))
        if row is None:
            return StandinPolicy()
        return StandinPolicy(str(row[0]), bool(row[1]), bool(row[2]), bool(row[3]), int(row[4]))

    async def put_standin_policy(self, game_id: int, policy: StandinPolicy) -> None:
        await self._run(
            upsert("standin_policies", ("game_id", *_POLICY), ("game_id",)),
            (
                game_id,
                policy.civil_disorder,
                int(policy.bots),
                int(policy.join_approval),
                int(policy.substitutes),
                policy.min_reliability,
            ),
        )

    async def substitute_games(self) -> list[int]:
        """The active games whose open seats are on the substitute board."""
        rows = await self._all(
            "SELECT g.id FROM games g JOIN standin_policies s ON s.game_id = g.id "
            "WHERE s.substitutes = 1 AND g.status = 'active' ORDER BY g.id"
        )
        return [int(r[0]) for r in rows]

    async def reliability_everywhere(self, user_id: int) -> tuple[int, int]:
        """(phases missed, phases with something to order) of a player over every server."""
        row = await self._one(
            "SELECT COALESCE(SUM(missed), 0), COUNT(*) FROM player_phases WHERE user_id = ?", (user_id,)
        )
        return int(row[0]), int(row[1])

    # -- players asking for an open seat ---------------------------------------------------
    async def add_seat_request(self, game_id: int, power: str, user_id: int, now: float, board: bool = False) -> int:
        row = await self._one(
            "INSERT INTO seat_requests (game_id, power, user_id, asked_at, board) VALUES (?,?,?,?,?) RETURNING id",
            (game_id, power, user_id, now, int(board)),
        )
        return int(row[0])

    async def seat_request(self, request_id: int) -> SeatRequest | None:
        row = await self._one(f"SELECT {_REQUEST} FROM seat_requests WHERE id = ?", (request_id,))
        return _request(row) if row else None

    async def seat_requests(self, game_id: int, states: Sequence[str] = ("asked", "accepted")) -> list[SeatRequest]:
        marks = ", ".join("?" for _ in states)
        rows = await self._all(
            f"SELECT {_REQUEST} FROM seat_requests WHERE game_id = ? AND state IN ({marks}) ORDER BY id",
            (game_id, *states),
        )
        return [_request(r) for r in rows]

    async def decide_seat_request(
        self, request_id: int, state: str, user_id: int | None, now: float, *, was: Sequence[str] = ("asked",)
    ) -> bool:
        """Move a request on from one of the states ``was`` (compare-and-set: a request
        decided twice, by two moderators at once, is decided once)."""
        marks = ", ".join("?" for _ in was)
        return (
            await self._run(
                f"UPDATE seat_requests SET state = ?, decided_by = COALESCE(?, decided_by), decided_at = ? "
                f"WHERE id = ? AND state IN ({marks})",
                (state, user_id, now, request_id, *was),
            )
            == 1
        )


def _request(row: Any) -> SeatRequest:
    decided_by = int(row[6]) if row[6] is not None else None
    return SeatRequest(
        int(row[0]), int(row[1]), str(row[2]), int(row[3]), str(row[4]), float(row[5]), decided_by, bool(row[7])
    )
