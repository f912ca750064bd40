"""The two baselines: ``hold`` (the rulebook's civil disorder) and ``random``.

``hold`` is what the rulebook does with a power nobody orders: every unit holds, a
dislodged unit disbands, builds are waived and disbands follow the civil-disorder rule
(farthest from its own centres first; :func:`engine.adjudication.adjustments.civil_disorder_disbands`).

``random`` is the floor of any measurement: each unit gets an order drawn uniformly from the
engine's menu of legal orders (:func:`engine.legal.legal_orders`: holds, moves, supports
and convoys alike, so its supports rarely match anything), each dislodged unit a uniformly
random retreat or disband, and each build slot a uniformly random legal build or waive.

Both draw only from the engine's own enumeration of legal orders, and order each unit
exactly once (see :mod:`engine.players`).
"""

from __future__ import annotations

import random

from engine.adjudication.adjustments import civil_disorder_disbands
from engine.legal import legal_adjustments, menus
from engine.names import table
from engine.orders import Build, Disband, Hold, Order, Waive
from engine.position import Position
from engine.power import Power
from engine.rules import Rules


def _english(code: str) -> str:
    return table("en").province_name(code)


def hold_orders(position: Position, power: Power, rules: Rules, rng: random.Random) -> list[Order]:
    """The rulebook's civil disorder, written out as orders (``rng`` is not used)."""
    phase = position.phase
    if phase.is_movement:
        return [Hold(u.type, u.location) for u in position.units_of(power)]
    if phase.is_retreat:
        return [
            Disband(d.unit.type, d.unit.location)
            for _, d in sorted(position.dislodged.items())
            if d.unit.power is power
        ]
    delta = position.adjustment_delta(power)
    if delta > 0:
        return [Waive() for _ in range(delta)]
    if delta < 0:
        owned = set(position.centres_of(power))
        gone = civil_disorder_disbands(position.map, position.units_of(power), owned, -delta, _english)
        return [Disband(u.type, u.location) for u in sorted(gone, key=lambda u: u.province)]
    return []


def random_orders(position: Position, power: Power, rules: Rules, rng: random.Random) -> list[Order]:
    """A uniformly random legal order per unit (or per dislodged unit, or per build slot;
    disbands: a uniformly random choice of units)."""
    phase = position.phase
    if not phase.is_adjustment:
        if phase.is_movement:
            provinces = [u.province for u in position.units_of(power)]
        else:
            provinces = [p for p, d in sorted(position.dislodged.items()) if d.unit.power is power]
        return [rng.choice(menu) for menu in menus(position, provinces, rules).values() if menu]
    delta = position.adjustment_delta(power)
    options = legal_adjustments(position, power, rules)
    if delta < 0:
        disbands = [o for o in options if isinstance(o, Disband)]
        return sorted(rng.sample(disbands, min(-delta, len(disbands))), key=str)
    out: list[Order] = []
    builds = [o for o in options if isinstance(o, Build)]
    for _ in range(delta):
        free = [
            o for o in builds if all(o.location.province != b.location.province for b in out if isinstance(b, Build))
        ]
        choices: list[Order] = [*free, Waive()]
        out.append(rng.choice(choices))
    return out
