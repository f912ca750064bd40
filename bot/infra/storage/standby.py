"""Queries for fewer missed orders (issue 15): standby orders, a game's late policy (grace,
standby and the civil-disorder count), players asking for grace, grace periods, dates
skipped, and their marks in the reliability record.

A mixin of :class:`bot.infra.storage.Tx`: methods use ``self._one``, ``self._all`` and
``self._run`` and always run inside a transaction.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.infra.storage.dialect import upsert

GRACE_FOR = ("asked", "everyone")


@dataclass(frozen=True, slots=True)
class StandbyRow:
    power: str
    kind: str  # 'M' movement, 'R' retreat, 'A' adjustment
    slot: str  # the unit's province, or '+' builds / '-' disbands
    rank: int
    text: str
    user_id: int


@dataclass(frozen=True, slots=True)
class LatePolicy:
    """What a game does with a player who owes orders at the deadline."""

    grace: float = 0.0  # seconds; 0: no grace
    grace_for: str = "asked"  # 'asked': the players who asked for it; 'everyone'
    standby_missed: bool = False  # a power played by standby orders counts as missing the phase


@dataclass(frozen=True, slots=True)
class GraceRow:
    phase: str
    deadline: float  # the deadline the grace followed
    until: float
    users: tuple[int, ...]
    at: float  # when it began


class StandbyQueries:
    """Queries for standby orders, grace and days off."""

    _one: Any
    _all: Any
    _run: Any
    _many: Any

    # -- standby orders ----------------------------------------------------------------
    async def standby_orders(self, game_id: int, powers: Iterable[str] | None = None) -> list[StandbyRow]:
        """The game's standby orders (of ``powers``), by power, kind, slot and preference."""
        rows = await self._all(
            "SELECT power, kind, slot, rank, text, user_id FROM standby_orders WHERE game_id = ? "
            "ORDER BY power, kind, slot, rank",
            (game_id,),
        )
        wanted = set(powers) if powers is not None else None
        return [StandbyRow(*r) for r in rows if wanted is None or r[0] in wanted]

    async def put_standby(
        self, game_id: int, power: str, kind: str, slot: str, texts: Sequence[str], user_id: int, now: float
    ) -> None:
        """The standby orders of one slot (a unit, the builds or the disbands), replacing it."""
        await self._run(
            "DELETE FROM standby_orders WHERE game_id = ? AND power = ? AND kind = ? AND slot = ?",
            (game_id, power, kind, slot),
        )
        await self._many(  # (one trip for the slot's orders)
            "INSERT INTO standby_orders (game_id, power, kind, slot, rank, text, user_id, set_at) "
            "VALUES (?,?,?,?,?,?,?,?)",
            [(game_id, power, kind, slot, rank, text, user_id, now) for rank, text in enumerate(texts)],
        )

    async def replace_standby(self, game_id: int, rows: Iterable[StandbyRow], now: float) -> None:
        """Every standby order of the game, replaced by ``rows`` (a rollback puts back the
        ones that stood before the resolution it undoes)."""
        await self._run("DELETE FROM standby_orders WHERE game_id = ?", (game_id,))
        await self._many(
            "INSERT INTO standby_orders (game_id, power, kind, slot, rank, text, user_id, set_at) "
            "VALUES (?,?,?,?,?,?,?,?)",
            [(game_id, r.power, r.kind, r.slot, r.rank, r.text, r.user_id, now) for r in rows],
        )

    async def drop_standby(self, game_id: int, rows: Iterable[StandbyRow]) -> None:
        """:meth:`delete_standby` in one trip, when the count is not needed (a resolution
        drops the standby orders of the units that moved or are gone)."""
        await self._many(
            "DELETE FROM standby_orders WHERE game_id = ? AND power = ? AND kind = ? AND slot = ? AND rank = ?",
            [(game_id, r.power, r.kind, r.slot, r.rank) for r in rows],
        )

    async def delete_standby(self, game_id: int, rows: Iterable[StandbyRow]) -> int:
        count = 0
        for r in rows:
            count += await self._run(
                "DELETE FROM standby_orders WHERE game_id = ? AND power = ? AND kind = ? AND slot = ? AND rank = ?",
                (game_id, r.power, r.kind, r.slot, r.rank),
            )
        return count

    # -- the late policy and grace -------------------------------------------------------
    async def late_policy(self, game_id: int) -> LatePolicy:
        row = await self._one(
            "SELECT grace, grace_for, standby_missed FROM late_policies WHERE game_id = ?", (game_id,)
        )
        return LatePolicy(float(row[0]), str(row[1]), bool(row[2])) if row else LatePolicy()

    async def set_late_policy(self, game_id: int, policy: LatePolicy) -> None:
        await self._run(
            upsert("late_policies", ("game_id", "grace", "grace_for", "standby_missed"), ("game_id",)),
            (game_id, policy.grace, policy.grace_for, int(policy.standby_missed)),
        )

    async def grace_requests(self, game_id: int) -> set[int]:
        rows = await self._all("SELECT user_id FROM grace_requests WHERE game_id = ?", (game_id,))
        return {int(r[0]) for r in rows}

    async def set_grace_request(self, game_id: int, user_id: int, on: bool, now: float) -> None:
        if on:
            await self._run(
                upsert("grace_requests", ("game_id", "user_id", "at"), ("game_id", "user_id")), (game_id, user_id, now)
            )
        else:
            await self._run("DELETE FROM grace_requests WHERE game_id = ? AND user_id = ?", (game_id, user_id))

    async def grace_period(self, game_id: int, phase: str) -> GraceRow | None:
        row = await self._one(
            "SELECT phase, deadline, until, users, at FROM grace_periods WHERE game_id = ? AND phase = ?",
            (game_id, phase),
        )
        if row is None:
            return None
        return GraceRow(row[0], float(row[1]), float(row[2]), tuple(json.loads(row[3])), float(row[4]))

    async def put_grace_period(self, game_id: int, grace: GraceRow) -> None:
        await self._run(
            upsert("grace_periods", ("game_id", "phase", "deadline", "until", "users", "at"), ("game_id", "phase")),
            (game_id, grace.phase, grace.deadline, grace.until, json.dumps(list(grace.users)), grace.at),
        )

    async def delete_grace_period(self, game_id: int, phase: str) -> None:
        await self._run("DELETE FROM grace_periods WHERE game_id = ? AND phase = ?", (game_id, phase))

    # -- days off ----------------------------------------------------------------------
    async def days_off(self, game_id: int) -> list[str]:
        """The dates skipped ('YYYY-MM-DD'), in order."""
        rows = await self._all("SELECT day FROM days_off WHERE game_id = ? ORDER BY day", (game_id,))
        return [str(r[0]) for r in rows]

    async def add_day_off(self, game_id: int, day: str, user_id: int, now: float) -> bool:
        return (
            await self._run(
                "INSERT INTO days_off (game_id, day, user_id, at) VALUES (?,?,?,?) ON CONFLICT DO NOTHING",
                (game_id, day, user_id, now),
            )
            == 1
        )

    async def remove_day_off(self, game_id: int, day: str) -> bool:
        return await self._run("DELETE FROM days_off WHERE game_id = ? AND day = ?", (game_id, day)) == 1

    # -- the reliability record ------------------------------------------------------------
    async def mark_player_phase(
        self, game_id: int, phase: str, user_id: int, *, standby: bool = False, grace: bool = False
    ) -> None:
        """Mark a player's recorded phase: their standby orders were used, they had grace."""
        if standby:
            await self._run(
                "UPDATE player_phases SET standby = 1 WHERE game_id = ? AND phase = ? AND user_id = ?",
                (game_id, phase, user_id),
            )
        if grace:
            await self._run(
                "UPDATE player_phases SET grace = 1 WHERE game_id = ? AND phase = ? AND user_id = ?",
                (game_id, phase, user_id),
            )

    async def late_record(self, guild_id: int, user_ids: Iterable[int]) -> dict[int, tuple[int, int]]:
        """user -> (phases played by standby orders, phases with grace), over the server's games."""
        out: dict[int, tuple[int, int]] = {}
        for uid in user_ids:
            row = await self._one(
                "SELECT COALESCE(SUM(standby), 0), COALESCE(SUM(grace), 0) FROM player_phases "
                "WHERE guild_id = ? AND user_id = ?",
                (guild_id, uid),
            )
            out[uid] = (int(row[0]), int(row[1]))
        return out
