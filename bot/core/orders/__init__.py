"""Orders: what a player gives for their powers, before the deadline.

- :mod:`~bot.core.orders.giving`: giving orders (:class:`Ordering`: ``/order``, ``/clear``,
  ``/ready``, ``/unready``, the autocomplete of legal orders), read in the player's
  language, checked by the engine, stored with a compare-and-set on the phase; a refused
  order is a typed refusal (:func:`refusal`);
- :mod:`~bot.core.orders.reading`: reading what players type (orders in their language,
  and matching what they are typing against the legal orders), pure functions;
- :mod:`~bot.core.orders.sheet`: the order sheet's data and steps (:class:`Sheets`): the
  slots to order, the draft built from the menus, submitting it;
- :mod:`~bot.core.orders.preview`: a player's own orders drawn on the map, privately,
  before the deadline (:class:`Previews`: ``/orders map:True``);
- :mod:`~bot.core.orders.standby`: standby orders (:class:`StandbyOrders`: ``/standby``),
  used only for what a player left unordered when the phase resolves.
"""

from __future__ import annotations

from bot.core.orders.giving import LineReport, Ordering, OrderReport, ReadyReport, refusal
from bot.core.orders.preview import Preview, Previews
from bot.core.orders.sheet import SheetData, Sheets
from bot.core.orders.standby import StandbyOrders, StandbyReport, StandbySheet

__all__ = [
    "LineReport",
    "OrderReport",
    "Ordering",
    "Preview",
    "Previews",
    "ReadyReport",
    "SheetData",
    "Sheets",
    "StandbyOrders",
    "StandbyReport",
    "StandbySheet",
    "refusal",
]
