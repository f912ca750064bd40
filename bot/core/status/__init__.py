"""Status: what a game looks like to whoever asks, now.

- :mod:`~bot.core.status.report`: how far the orders are (the ONE per-power order state
  that ``/game status``, ``/mod orders`` and reminders share, and what a player still has
  to order), and the status use case (:class:`Status`: ``/game status``, ``/game map``, a
  player's own orders);
- :mod:`~bot.core.status.late`: what ``/game status`` shows of the game's late policy and
  each player's record of phases played late (:class:`LateStanding`);
- :mod:`~bot.core.status.fronts`: a player's own map, privately: the crops around their
  fronts (:class:`Fronts`: the button under a new phase's DM, ``/game map front:me``).
"""

from __future__ import annotations

from bot.core.status.fronts import Fronts, phase_pictures
from bot.core.status.late import LateStanding
from bot.core.status.report import GameStatusReport, OrderSheet, Status

__all__ = ["Fronts", "GameStatusReport", "LateStanding", "OrderSheet", "Status", "phase_pictures"]
