"""Queries for the players' chosen languages (issue 7).

A mixin of :class:`bot.infra.storage.Tx`: methods use ``self._one``, ``self._all`` and
``self._run`` and always run inside a transaction. A user's row holds the language they
chose with ``/language`` (``chosen``, NULL when they follow their Discord client) and the
language of their Discord client when they last used the bot (``seen``).
"""

from __future__ import annotations

from collections.abc import Iterable


class LanguageQueries:
    """Queries for the players' chosen languages."""

    async def user_language_row(self, user_id: int) -> tuple[str | None, str | None]:
        """(chosen, seen) for one user; (None, None) when the bot never saw them."""
        row = await self._one(
            "SELECT chosen, seen FROM user_languages WHERE user_id = ?",  # type: ignore[attr-defined]
            (user_id,),
        )
        return (row[0], row[1]) if row else (None, None)

    async def choose_language(self, user_id: int, language: str | None, now: float) -> None:
        """Store the language a user chose (None: follow the Discord client again)."""
        await self._run(  # type: ignore[attr-defined]
            "INSERT INTO user_languages (user_id, chosen, seen, updated_at) VALUES (?, ?, NULL, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET chosen = excluded.chosen, updated_at = excluded.updated_at",
            (user_id, language, now),
        )

    async def saw_language(self, user_id: int, language: str, now: float) -> None:
        """Remember the language of the user's Discord client."""
        await self._run(  # type: ignore[attr-defined]
            "INSERT INTO user_languages (user_id, chosen, seen, updated_at) VALUES (?, NULL, ?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET seen = excluded.seen, updated_at = excluded.updated_at",
            (user_id, language, now),
        )

    async def user_languages(self, user_ids: Iterable[int]) -> dict[int, str]:
        """The language to write to each user outside an interaction: the one they chose,
        else their client's; users the bot knows nothing about are left out."""
        ids = list(dict.fromkeys(user_ids))
        if not ids:
            return {}
        marks = ", ".join("?" for _ in ids)
        rows = await self._all(  # type: ignore[attr-defined]
            f"SELECT user_id, COALESCE(chosen, seen) FROM user_languages "
            f"WHERE user_id IN ({marks}) AND COALESCE(chosen, seen) IS NOT NULL",
            ids,
        )
        return {int(r[0]): r[1] for r in rows}
