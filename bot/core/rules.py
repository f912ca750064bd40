"""The rules, as the core asks the engine about them: :mod:`engine.validation` decides
whether an order can be given and why not (a :class:`Reason` and its parameters), what a
power still owes (:func:`orders_due`, ``.after(orders)``) and whose an order is
(:func:`power_of`). What a power owes its player (:func:`orders_due`) is the engine's
:func:`~engine.validation.choices_due`: nothing when the power has no choice at all (issue
15: its orders are forced, :mod:`bot.core.trivial`), so nobody waits for, reminds, or
counts its player. The bot derives no rule of its own: it names these here, turns the
orders stored for a phase into the engine's values (:func:`given_orders`, for the
``given=`` of builds and disbands), and translates a reason into a message (the key and
typed parameters are :func:`bot.core.orders.giving.refusal`'s, the words :mod:`bot.text`'s).
"""

from __future__ import annotations

from collections.abc import Iterable

from engine import Order, Power, parse_order
from engine.validation import (
    AmbiguousOrderError,
    Illegal,
    IllegalOrderError,
    OrdersDue,
    Reason,
    check_order,
    explain,
    power_of,
)
from engine.validation import choices_due as orders_due

__all__ = [
    "AmbiguousOrderError",
    "Illegal",
    "IllegalOrderError",
    "OrdersDue",
    "Reason",
    "check_order",
    "explain",
    "given_orders",
    "orders_due",
    "power_of",
]


def given_orders(stored: Iterable[tuple[str, str]]) -> dict[Power, list[Order]]:
    """The orders stored for a phase, as (power code, canonical text) pairs, by power: what
    the engine counts against the builds and disbands due (``given=``). A text that no
    longer reads as an order (it cannot happen to a text the bot stored) counts as none."""
    out: dict[Power, list[Order]] = {}
    for power, text in stored:
        try:
            out.setdefault(Power(power), []).append(parse_order(text))
        except ValueError:  # OrderParseError too
            continue
    return out
