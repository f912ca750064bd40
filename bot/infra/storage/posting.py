"""Queries for posting with few requests (issue 13): the outbox rows one message carries
(a batch), each user's DM channel with the bot, and who wants maps pushed in their DMs.

A mixin of :class:`bot.infra.storage.Tx`: methods use ``self._one``, ``self._all`` and
``self._run`` and always run inside a transaction. The query of which posts are due
stays with the other outbox queries (``Tx.posts_due``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence

# a row of a message being tried (its digests on its first row only), and of a message sent
_TRIED = (
    "UPDATE outbox SET attempts = attempts + 1, next_attempt = ?, batch = ?, "
    "sent_digests = COALESCE(?, sent_digests) WHERE id = ?"
)
_SENT = "UPDATE outbox SET sent_at = ?, message_id = ? WHERE id = ?"


def _marks(ids: Sequence[int]) -> str:
    return ", ".join("?" for _ in ids)


class PostingQueries:
    """Batches of outbox rows, DM channels, pushed maps."""

    # -- a message of several outbox rows --------------------------------------------
    async def mark_tried(
        self, ids: Sequence[int], batch: int, next_attempt: float, digests: list[list[str]] | None = None
    ) -> None:
        """A send of the rows ``ids`` as one message (``batch``: its first row) is being
        tried: count the attempt, keep them from being taken again before ``next_attempt``,
        remember which rows the message carries (a retry sends the same ones) and, on the
        first row, the digests of its parts' contents (a retry finds by them what was sent:
        bot.discord.marks)."""
        if digests is not None and batch not in ids:  # (a batch always leads with its first row)
            await self._run(  # type: ignore[attr-defined]
                f"UPDATE outbox SET attempts = attempts + 1, next_attempt = ?, batch = ? WHERE id IN ({_marks(ids)})",
                (next_attempt, batch, *ids),
            )
            await self._run(  # type: ignore[attr-defined]
                "UPDATE outbox SET sent_digests = ? WHERE id = ?", (json.dumps(digests), batch)
            )
            return
        # a row each, deferred (Tx._defer): the records of the many messages a group commit
        # carries go in one trip, not one each (issue 24: a group of fifty messages held the
        # write lock for fifty trips, and players' /order waited behind it)
        carried = json.dumps(digests) if digests is not None else None
        for i in ids:
            await self._defer(_TRIED, (next_attempt, batch, carried if i == batch else None, i))  # type: ignore[attr-defined]

    async def sent_before(
        self, batch: int, channel_id: int | None, user_id: int | None
    ) -> tuple[list[list[str]] | None, int | None]:
        """What a retry of ``batch`` looks for: the digests its earlier tries recorded (None:
        none recorded), and the last message recorded as sent to the same destination (a
        channel, or a user's DMs) by an earlier post."""
        row = await self._one("SELECT sent_digests FROM outbox WHERE id = ?", (batch,))  # type: ignore[attr-defined]
        digests = json.loads(row[0]) if row is not None and row[0] else None
        if channel_id is not None:
            where, key = "channel_id = ?", channel_id
        else:
            where, key = "channel_id IS NULL AND user_id = ?", user_id
        last = await self._one(  # type: ignore[attr-defined]
            f"SELECT MAX(message_id) FROM outbox WHERE {where} AND id < ? AND sent_at IS NOT NULL", (key, batch)
        )
        return digests, (int(last[0]) if last is not None and last[0] is not None else None)

    async def mark_batch_sent(self, ids: Sequence[int], message_id: int | None, now: float) -> None:
        """The rows ``ids`` went as the message ``message_id``: a row each, deferred (see
        :meth:`mark_tried`)."""
        for i in ids:
            await self._defer(_SENT, (now, message_id, i))  # type: ignore[attr-defined]

    async def mark_batch_failed(self, ids: Sequence[int], error: str) -> None:
        await self._run(  # type: ignore[attr-defined]
            f"UPDATE outbox SET error = ? WHERE id IN ({_marks(ids)})", (error, *ids)
        )

    async def reschedule_batch(self, ids: Sequence[int], next_attempt: float) -> None:
        await self._run(  # type: ignore[attr-defined]
            f"UPDATE outbox SET next_attempt = ? WHERE id IN ({_marks(ids)})", (next_attempt, *ids)
        )

    # -- posts waiting for a permission (issue 24) ------------------------------------
    async def permission_alerts(self, channel_id: int) -> set[str]:
        """The permissions the creator of the game in ``channel_id`` was told it lacks."""
        rows = await self._all(  # type: ignore[attr-defined]
            "SELECT permission FROM permission_alerts WHERE channel_id = ?", (channel_id,)
        )
        return {str(r[0]) for r in rows}

    async def add_permission_alerts(
        self, game_id: int, guild_id: int, channel_id: int, permissions: Iterable[str], now: float
    ) -> None:
        for permission in permissions:
            await self._run(  # type: ignore[attr-defined]
                "INSERT INTO permission_alerts (channel_id, permission, game_id, guild_id, told_at) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (channel_id, permission) DO NOTHING",
                (channel_id, permission, game_id, guild_id, now),
            )

    async def alerted_channels(self) -> set[int]:
        """The channels whose posts wait for a permission their creator was told of."""
        rows = await self._all("SELECT DISTINCT channel_id FROM permission_alerts")  # type: ignore[attr-defined]
        return {int(r[0]) for r in rows}

    async def clear_permission_alerts(self, channel_id: int) -> None:
        await self._run("DELETE FROM permission_alerts WHERE channel_id = ?", (channel_id,))  # type: ignore[attr-defined]

    async def retry_alerted_posts(self, guild_id: int, now: float) -> int:
        """The unsent posts of the server's channels that wait for a permission are due now.
        How many."""
        where = (
            "sent_at IS NULL AND error IS NULL AND next_attempt > ? AND channel_id IN "
            "(SELECT channel_id FROM permission_alerts WHERE guild_id = ?)"
        )
        row = await self._one(f"SELECT COUNT(*) FROM outbox WHERE {where}", (now, guild_id))  # type: ignore[attr-defined]
        if row is not None and row[0]:
            await self._run(f"UPDATE outbox SET next_attempt = ? WHERE {where}", (now, now, guild_id))  # type: ignore[attr-defined]
        return int(row[0]) if row is not None else 0

    # -- DM channels -----------------------------------------------------------------
    async def dm_channels(self, user_ids: Iterable[int]) -> dict[int, int]:
        """The known DM channel of each user (users without one are left out)."""
        ids = list(dict.fromkeys(user_ids))
        if not ids:
            return {}
        rows = await self._all(  # type: ignore[attr-defined]
            f"SELECT user_id, channel_id FROM dm_channels WHERE user_id IN ({_marks(ids)})", ids
        )
        return {int(r[0]): int(r[1]) for r in rows}

    async def store_dm_channel(self, user_id: int, channel_id: int, now: float) -> None:
        await self._run(  # type: ignore[attr-defined]
            "INSERT INTO dm_channels (user_id, channel_id, stored_at) VALUES (?, ?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET channel_id = excluded.channel_id, stored_at = excluded.stored_at",
            (user_id, channel_id, now),
        )

    async def forget_dm_channel(self, user_id: int) -> None:
        await self._run("DELETE FROM dm_channels WHERE user_id = ?", (user_id,))  # type: ignore[attr-defined]

    # -- maps pushed in DMs ----------------------------------------------------------
    async def maps_pushed(self, user_ids: Iterable[int]) -> set[int]:
        """Those of ``user_ids`` who asked for their map in each new phase's DM."""
        ids = list(dict.fromkeys(user_ids))
        if not ids:
            return set()
        rows = await self._all(  # type: ignore[attr-defined]
            f"SELECT user_id FROM dm_maps WHERE pushed = 1 AND user_id IN ({_marks(ids)})", ids
        )
        return {int(r[0]) for r in rows}

    async def set_maps_pushed(self, user_id: int, pushed: bool, now: float) -> None:
        await self._run(  # type: ignore[attr-defined]
            "INSERT INTO dm_maps (user_id, pushed, updated_at) VALUES (?, ?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET pushed = excluded.pushed, updated_at = excluded.updated_at",
            (user_id, int(pushed), now),
        )
