"""Queries for the players' chosen languages (issue 7).

A mixin of :class:`bot.storage.Tx`: methods use ``self._one``, ``self._all`` and
``self._run`` and always run inside a transaction.
"""
from __future__ import annotations


class LanguageQueries:
    """Queries for the players' chosen languages."""
