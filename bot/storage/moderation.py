"""Queries for moderation: missed phases, civil disorder, audit log, draws, pauses (issue 5).

A mixin of :class:`bot.storage.Tx`: methods use ``self._one``, ``self._all`` and
``self._run`` and always run inside a transaction.
"""
from __future__ import annotations


class ModerationQueries:
    """Queries for moderation: missed phases, civil disorder, audit log, draws, pauses."""
