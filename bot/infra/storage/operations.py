"""Queries for operators (issue 24): the figures of the metrics endpoint
(:mod:`bot.infra.metrics`) and the health check's probe of the database.

A mixin of :class:`bot.infra.storage.Tx`: methods use ``self._one`` and ``self._all`` and
always run inside a (read) transaction.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Figures:
    games: dict[str, int]  # state -> games (the whole database)
    deadlines_due: int  # active games of the shards whose deadline has passed
    outbox_pending: int  # posts of the shards not sent yet (nor given up)
    outbox_oldest: float | None  # when the oldest of them was stored
    leases: list[tuple[str, str, int]]  # (scope, host, pid) of each lease held now


class OperationsQueries:
    """What the metrics show, and a probe that the database answers."""

    async def probe(self) -> None:
        """One cheap statement: raises when the database does not answer."""
        await self._one("SELECT COUNT(*) FROM leases")  # type: ignore[attr-defined]

    async def figures(self, now: float) -> Figures:
        games = {
            str(state): int(n)
            for state, n in await self._all("SELECT status, COUNT(*) FROM games GROUP BY status")  # type: ignore[attr-defined]
        }
        shards, params = self._in_shards("guild_id")  # type: ignore[attr-defined]
        due = await self._one(  # type: ignore[attr-defined]
            f"SELECT COUNT(*) FROM games WHERE status = 'active' AND due_at IS NOT NULL AND due_at <= ?{shards}",
            (now, *params),
        )
        shards, params = self._in_shards("games.guild_id")  # type: ignore[attr-defined]
        outbox = await self._one(  # type: ignore[attr-defined]
            "SELECT COUNT(*), MIN(outbox.created_at) FROM outbox JOIN games ON games.id = outbox.game_id "
            f"WHERE outbox.sent_at IS NULL AND outbox.error IS NULL{shards}",
            params,
        )
        leases = await self._all(  # type: ignore[attr-defined]
            "SELECT scope, host, pid FROM leases WHERE scope NOT LIKE 'return:%' AND scope NOT LIKE 'handover:%' "
            "AND expires_at > ? ORDER BY scope",
            (now,),
        )
        return Figures(
            games,
            int(due[0]),
            int(outbox[0]),
            float(outbox[1]) if outbox[1] is not None else None,
            [(str(s), str(h), int(p)) for s, h, p in leases],
        )
