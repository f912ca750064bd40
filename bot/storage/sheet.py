"""Queries for the order sheet and the reminders each player sets (issue 6).

A mixin of :class:`bot.storage.Tx`: methods use ``self._one``, ``self._all`` and
``self._run`` and always run inside a transaction.
"""
from __future__ import annotations


class SheetQueries:
    """Queries for the order sheet and the reminders each player sets."""
