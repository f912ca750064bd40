"""Play: a game's life, from its creation to each phase resolved, and the moderators who
steer it.

- :mod:`~bot.core.play.lifecycle`: a game's life before its first phase (:class:`Lifecycle`:
  ``/game create``, ``join``, ``leave``, ``start``: seats drawn, the first deadline, the
  start post and each player's first DM);
- :mod:`~bot.core.play.resolution`: resolving phases (:class:`Resolution`): the
  scheduler's due reminders and due phases, and each phase played in ONE write
  transaction (standby orders, stand-ins, civil disorder, the adjudication, the results,
  the next phase and its deadline, the posts);
- :mod:`~bot.core.play.storm`: the order in which a deadline storm's games are resolved,
  so that players' DMs are ready soonest;
- :mod:`~bot.core.play.moderation`: moderators' actions (:class:`Moderation`: pause,
  resume, extend, deadline, resolve now, civil disorder, replace, kick, rollback, who has
  ordered, the audit log, the server's moderator role).
"""

from __future__ import annotations

from bot.core.play.lifecycle import Lifecycle
from bot.core.play.moderation import Moderation, NewDeadline, OrdersOverview, RolledBack
from bot.core.play.resolution import Resolution

__all__ = ["Lifecycle", "Moderation", "NewDeadline", "OrdersOverview", "Resolution", "RolledBack"]
