"""Queries for the order sheet and the reminders each player sets (issue 6).

A mixin of :class:`bot.infra.storage.Tx`: methods use ``self._one``, ``self._all`` and
``self._run`` and always run inside a transaction.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bot.infra.storage.dialect import upsert


class SheetQueries:
    """Queries for the order sheet and the reminders each player sets."""

    _one: Any
    _all: Any
    _run: Any
    _defer: Any

    # -- when phases started ----------------------------------------------------------
    async def set_phase_start(self, game_id: int, phase: str, started_at: float) -> None:
        await self._defer(
            upsert("phase_starts", ("game_id", "phase", "started_at"), ("game_id", "phase")),
            (game_id, phase, started_at),
        )

    async def phase_start(self, game_id: int, phase: str) -> float | None:
        """When ``phase`` started: stored at its start, else (older games) when the phase
        before it was resolved; None when unknown."""
        row = await self._one("SELECT started_at FROM phase_starts WHERE game_id = ? AND phase = ?", (game_id, phase))
        if row is not None:
            return float(row[0])
        row = await self._one(
            "SELECT MAX(resolved_at) FROM phases WHERE game_id = ? AND phase != ? AND resolved_at IS NOT NULL",
            (game_id, phase),
        )
        return float(row[0]) if row and row[0] is not None else None

    async def last_resolved_phase(self, game_id: int) -> str | None:
        row = await self._one(
            "SELECT phase FROM phases WHERE game_id = ? AND resolved_at IS NOT NULL "
            "ORDER BY resolved_at DESC, rowid DESC LIMIT 1",
            (game_id,),
        )
        return row[0] if row else None

    # -- drafts -----------------------------------------------------------------------
    async def draft(self, game_id: int, user_id: int, phase: str) -> dict[str, str]:
        rows = await self._all(
            "SELECT slot, text FROM order_drafts WHERE game_id = ? AND user_id = ? AND phase = ?",
            (game_id, user_id, phase),
        )
        return {r[0]: r[1] for r in rows}

    async def replace_draft(self, game_id: int, user_id: int, phase: str, slots: dict[str, str]) -> None:
        await self._run("DELETE FROM order_drafts WHERE game_id = ? AND user_id = ?", (game_id, user_id))
        for slot, text in slots.items():
            await self.put_draft(game_id, user_id, phase, slot, text)

    async def put_draft(self, game_id: int, user_id: int, phase: str, slot: str, text: str | None) -> None:
        if text is None:
            await self._run(
                "DELETE FROM order_drafts WHERE game_id = ? AND user_id = ? AND phase = ? AND slot = ?",
                (game_id, user_id, phase, slot),
            )
            return
        await self._run(
            upsert(
                "order_drafts", ("game_id", "user_id", "phase", "slot", "text"), ("game_id", "user_id", "phase", "slot")
            ),
            (game_id, user_id, phase, slot, text),
        )

    async def drop_draft(self, game_id: int, user_id: int) -> None:
        await self._run("DELETE FROM order_drafts WHERE game_id = ? AND user_id = ?", (game_id, user_id))

    # -- reminders --------------------------------------------------------------------
    async def reminder_settings(self, user_ids: Iterable[int]) -> dict[int, tuple[tuple[int, ...], bool]]:
        """(lead minutes, only when incomplete) of the players who chose their own."""
        ids = list(user_ids)
        if not ids:
            return {}
        marks = ", ".join("?" for _ in ids)
        rows = await self._all(
            f"SELECT user_id, leads, only_incomplete FROM reminder_settings WHERE user_id IN ({marks})", ids
        )
        return {r[0]: (tuple(int(x) for x in r[1].split(",") if x), bool(r[2])) for r in rows}

    async def set_reminder_settings(
        self, user_id: int, leads: tuple[int, ...], only_incomplete: bool, now: float
    ) -> None:
        await self._run(
            upsert("reminder_settings", ("user_id", "leads", "only_incomplete", "updated_at"), ("user_id",)),
            (user_id, ",".join(str(x) for x in leads), int(only_incomplete), now),
        )

    async def reminders_sent(self, game_id: int, phase: str) -> set[tuple[int, int]]:
        rows = await self._all(
            "SELECT user_id, lead FROM reminders_sent WHERE game_id = ? AND phase = ?", (game_id, phase)
        )
        return {(r[0], r[1]) for r in rows}

    async def mark_reminder_sent(self, game_id: int, user_id: int, phase: str, lead: int, now: float) -> None:
        await self._run(
            "INSERT INTO reminders_sent (game_id, user_id, phase, lead, sent_at) VALUES (?,?,?,?,?) "
            "ON CONFLICT DO NOTHING",
            (game_id, user_id, phase, lead, now),
        )

    async def set_remind_at(self, game_id: int, phase: str, remind_at: float | None) -> None:
        await self._run("UPDATE games SET remind_at = ? WHERE id = ? AND phase = ?", (remind_at, game_id, phase))
