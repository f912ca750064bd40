"""A whole game played at random with the engine's legal orders (seeded, so the same every
run), kept as the bot keeps it: one (position JSON, results JSON) row per phase, the last
row's results None (the phase the game stopped at). For the history, chart and animation
tests and benchmarks/history.py."""

from __future__ import annotations

import random
from typing import Any

from engine import Position, Power, legal_adjustments, legal_orders, resolve
from engine.codec import position_to_json
from engine.orders import Hold, Move, SupportHold, SupportMove
from engine.variants import setup_for

Row = tuple[dict[str, Any], list[dict[str, Any]] | None]

MOVING = 0.65  # the share of units that move (or hold); the others support one of those


def play(years: int = 20, seed: int = 1901, players: int = 7) -> list[Row]:
    """Play from Spring 1901 until ``years`` years are over (or somebody wins)."""
    rng = random.Random(seed)
    setup = setup_for(players)
    position = Position.initial()
    last_year = position.phase.year + years - 1
    rows: list[Row] = []
    while True:
        rules = setup.rules(position.phase)
        orders = _orders(rng, position, rules)
        outcome = resolve(position, orders, rules)
        results = [
            {"power": r.power.value, "order": r.text, "ok": r.ok, "result": r.result.value} for r in outcome.results
        ]
        rows.append((position_to_json(position), results))
        position = outcome.next
        if outcome.winners or position.phase.year > last_year:
            rows.append((position_to_json(position), None))
            return rows


def _orders(rng: random.Random, position: Position, rules) -> dict[Power, list[str]]:
    orders: dict[Power, list[str]] = {}
    phase = position.phase
    if phase.is_movement:
        # first the moves, then supports that match them (random supports rarely do, and a
        # game needs dislodgements and retreats to look like one)
        menus = {prov: legal_orders(position, prov, rules) for prov in sorted(position.units)}
        chosen: dict[str, object] = {}
        supporters = []
        for prov, menu in menus.items():
            if not menu:
                continue
            if rng.random() < MOVING:
                moves = [o for o in menu if type(o) is Move]
                chosen[prov] = rng.choice(moves) if moves and rng.random() < 0.85 else menu[0]
            else:
                supporters.append(prov)
        for prov in supporters:
            helpful = [o for o in menus[prov] if _matches(o, chosen)]
            chosen[prov] = rng.choice(helpful or menus[prov])
        for prov, order in chosen.items():
            orders.setdefault(position.units[prov].power, []).append(str(order))
    elif phase.is_retreat:
        for prov, d in sorted(position.dislodged.items()):
            menu = legal_orders(position, prov, rules)
            if menu:
                orders.setdefault(d.unit.power, []).append(str(rng.choice(menu)))
    else:
        for power in Power:
            delta = position.adjustment_delta(power)
            menu = [o for o in legal_adjustments(position, power, rules) if str(o) != "WAIVE"]
            if delta and menu:
                picked: list[str] = []
                for order in rng.sample(menu, len(menu)):
                    # one build per centre (an army and a fleet in the same place clash)
                    if len(picked) < abs(delta) and all(order.location.province not in p for p in picked):
                        picked.append(str(order))
                orders[power] = picked
    return orders


def _matches(support: object, chosen: dict[str, object]) -> bool:
    """A support of an order chosen this phase."""
    if type(support) is SupportMove:
        order = chosen.get(support.supported.province)
        return type(order) is Move and order.destination.province == support.destination.province
    if type(support) is SupportHold:
        return type(chosen.get(support.supported.province)) is Hold
    return False
