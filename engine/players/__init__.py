"""Players: the engine's stand-ins, which answer a position with orders for a power.

The bot hands an abandoned power to one of them (the *caretaker*), fills empty seats with
another (*dumbbot*), and measures them against the baselines (*hold*, *random*):

=============  ==========================================================================
``caretaker``  the default stand-in: the DumbBot machinery (:mod:`engine.players.dumbbot`)
               with defence weighted up, its lost home centres and the neutral centres
               worth more, fewer random moves and a one-move check of its fall orders, so
               that it keeps and retakes its centres rather than running off (and handing
               them to a neighbour)
``dumbbot``    the published DumbBot weights: a plausible opponent for empty seats, and
               the yardstick of the benchmarks
``hold``       the rulebook's civil disorder: units hold, dislodged units disband, builds
               are waived, disbands follow the civil-disorder rule
``random``     a uniformly random legal order per unit: the floor of any measurement
=============  ==========================================================================

Every order is taken from the engine's own enumeration of legal orders
(:func:`engine.legal.legal_orders`, :func:`engine.legal.legal_adjustments`), so an illegal
order is impossible by construction, and every unit (or dislodged unit) of a power gets
exactly one order. In an adjustment phase a power with more centres than units gets builds
and waives that together number its surplus (centres minus units; a waive beyond its free
home centres is harmless), and one with fewer exactly as many disbands as it owes.

Deterministic: the same position, power, player, seed and rules give the same orders in any
process on any machine. Each power draws from its own ``random.Random`` seeded from
``(seed, power)`` (:func:`seed_for`, a hash that does not depend on the process), so a
power's orders do not depend on which other powers are played in the same call; nothing
iterates over a set or a dict in hash order.

A power that is passive under ``rules`` (neutral, or in civil disorder this phase) is
answered with no orders, as its orders would not be obeyed: to let a stand-in play a power,
do not mark it passive. The players do take the rules into account (units of passive powers
never move, closed provinces cannot be entered).

>>> from engine import Position, Power
>>> orders = play(Position.initial(), [Power.FRANCE], player="hold")
>>> [str(o) for o in orders[Power.FRANCE]]
['F BRE H', 'A MAR H', 'A PAR H']
>>> seed_for("game-17", "S1901M", "FRANCE") == seed_for("game-17", "S1901M", "FRANCE")
True
"""

from __future__ import annotations

import hashlib
import logging
import random
from collections.abc import Callable, Iterable

from engine.orders import Order, Waive
from engine.players.basic import hold_orders, random_orders
from engine.players.dumbbot import CARETAKER, DUMBBOT, dumbbot_orders
from engine.position import Position
from engine.power import Power
from engine.rules import STANDARD_RULES, Rules

__all__ = ["PLAYERS", "has_orders_to_give", "orders_for", "play", "seed_for"]

log = logging.getLogger(__name__)

PLAYERS: tuple[str, ...] = ("caretaker", "dumbbot", "hold", "random")
"""The players :func:`play` knows, by name (the ``player`` of ``python -m engine play``)."""

Strategy = Callable[[Position, Power, Rules, random.Random], list[Order]]

_STRATEGIES: dict[str, Strategy] = {
    "caretaker": lambda position, power, rules, rng: dumbbot_orders(position, power, rules, rng, CARETAKER),
    "dumbbot": lambda position, power, rules, rng: dumbbot_orders(position, power, rules, rng, DUMBBOT),
    "hold": hold_orders,
    "random": random_orders,
}


def seed_for(*parts: str | int) -> int:
    """A stable seed from parts such as (game id, phase, power): a 64-bit integer that is the
    same on any machine and in any process (SHA-256 of the parts, not :func:`hash`, which
    changes from process to process for strings).

    >>> seed_for("game-17", "S1901M", "FRANCE")
    11709178023919824786
    >>> seed_for(1, 2) != seed_for(12) != seed_for("1", 2)
    True
    """
    digest = hashlib.sha256()
    for part in parts:
        if isinstance(part, bool) or not isinstance(part, (str, int)):
            raise TypeError(f"seed parts are strings or integers, not {type(part).__name__}")
        text = f"i{part}" if isinstance(part, int) else f"s{part}"
        data = text.encode("utf-8", "surrogatepass")
        digest.update(len(data).to_bytes(8, "big") + data)  # length-prefixed: (1, 2) differs from (12,)
    return int.from_bytes(digest.digest()[:8], "big")


def has_orders_to_give(position: Position, power: Power, rules: Rules = STANDARD_RULES) -> bool:
    """``power`` has something to order in this phase: units (movement), dislodged units
    (retreats), or centres that differ in number from its units (adjustments); never when
    it is passive under ``rules``."""
    if rules.passive(power):
        return False
    phase = position.phase
    if phase.is_movement:
        return any(u.power is power for u in position.units.values())
    if phase.is_retreat:
        return any(d.unit.power is power for d in position.dislodged.values())
    return position.adjustment_delta(power) != 0


def orders_for(
    position: Position, power: Power, player: str, rng: random.Random, rules: Rules = STANDARD_RULES
) -> list[Order]:
    """One power's orders from one player, drawing from ``rng``; raises what the player
    raises (:func:`play` falls back to ``hold`` instead). Unit orders come sorted by the
    unit's province, waives last."""
    strategy = _STRATEGIES.get(player)
    if strategy is None:
        raise ValueError(f"unknown player {player!r} (one of {', '.join(PLAYERS)})")
    if not has_orders_to_give(position, power, rules):
        return []
    orders = strategy(position, power, rules, rng)
    return sorted(orders, key=lambda o: (1, "") if isinstance(o, Waive) else (0, o.location.province))


def play(
    position: Position,
    powers: Iterable[Power] | None = None,
    *,
    player: str = "caretaker",
    seed: int = 0,
    rules: Rules = STANDARD_RULES,
) -> dict[Power, list[Order]]:
    """Orders for each power (default: every power with something to do this phase, see
    :func:`has_orders_to_give`), from the named player (one of :data:`PLAYERS`).

    A power asked for that has nothing to do gets an empty list. Should a player fail (a
    bug), the power gets the ``hold`` player's orders and the failure is logged: a stand-in
    must never leave a game without orders."""
    if player not in _STRATEGIES:
        raise ValueError(f"unknown player {player!r} (one of {', '.join(PLAYERS)})")
    if powers is None:
        chosen = [p for p in Power if has_orders_to_give(position, p, rules)]
    else:
        chosen = list(dict.fromkeys(Power(p) for p in powers))
    out: dict[Power, list[Order]] = {}
    for power in chosen:
        rng = random.Random(seed_for(seed, power.value))
        try:
            out[power] = orders_for(position, power, player, rng, rules)
        except Exception:  # a bug in a player: the game still gets orders (the rulebook's)
            log.exception("player %s failed for %s in %s; %s holds", player, power.value, position.phase, power.value)
            out[power] = orders_for(position, power, "hold", rng, rules)
    return out
