"""Helpers for the stand-in player tests: what every set of orders a player gives must be
(legal by the engine's own checks, each unit ordered exactly once, the adjustment counts of
engine-play.md, and for the thinking players no self-bounce and no support of a move nobody
makes), and positions reached by playing real games."""

from __future__ import annotations

from collections import Counter

from engine import (
    Build,
    Convoy,
    Disband,
    Move,
    Order,
    Position,
    Power,
    Result,
    Retreat,
    Rules,
    SupportHold,
    SupportMove,
    Waive,
    legal_adjustments,
    legal_orders,
    play,
    resolve,
)
from engine.codec import position_from_json
from engine.rules import STANDARD_RULES
from engine.variants import setup_for
from tests import random_game

BAD = {Result.ILLEGAL, Result.UNPARSED, Result.NO_UNIT, Result.DUPLICATE}


def check_orders(
    position: Position, power: Power, orders: list[Order], rules: Rules = STANDARD_RULES, *, coherent: bool = True
) -> None:
    """Assert the orders are what engine-play.md promises for ``power`` (``coherent``: also
    what a thinking player owes: no two units of ours ending in one province, every support
    or convoy for an order we give)."""
    phase = position.phase
    if rules.passive(power):
        assert orders == []
        return
    if phase.is_movement or phase.is_retreat:
        if phase.is_movement:
            mine = sorted(u.province for u in position.units_of(power))
        else:
            mine = sorted(p for p, d in position.dislodged.items() if d.unit.power is power)
        ordered = [o.location.province for o in orders]
        assert sorted(ordered) == mine, f"{power}: units ordered {ordered}, units {mine}"
        for order in orders:
            menu = legal_orders(position, order.location.province, rules)
            assert order in menu, f"{order} is not in the engine's menu"
        if coherent:
            _coherent(position, power, orders)
    else:
        delta = position.adjustment_delta(power)
        menu = legal_adjustments(position, power, rules)
        if delta > 0:
            assert len(orders) == delta
            assert all(isinstance(o, (Build, Waive)) for o in orders)
            builds = [o for o in orders if isinstance(o, Build)]
            assert all(o in menu for o in builds)
            assert len({o.location.province for o in builds}) == len(builds)
        elif delta < 0:
            assert len(orders) == -delta
            assert all(isinstance(o, Disband) and o in menu for o in orders)
            assert len({o.location.province for o in orders}) == len(orders)
        else:
            assert orders == []
    outcome = resolve(position, {power: orders}, rules)
    for r in outcome.results:
        if r.power is power and not r.implied:
            assert r.result not in BAD, f"{r.text}: {r.result}"
        if phase.is_movement:
            assert not (r.power is power and r.implied), f"{power} left {r.text} unordered"


def _coherent(position: Position, power: Power, orders: list[Order]) -> None:
    by_unit = {o.location.province: o for o in orders}
    ends = []
    for order in orders:
        if isinstance(order, (Move, Retreat)):
            ends.append(order.destination.province)
        elif not isinstance(order, Disband):
            ends.append(order.location.province)
    twice = [p for p, n in Counter(ends).items() if n > 1]
    assert not twice, f"{power}: two units of ours end in {twice}: {[str(o) for o in orders]}"
    moves = {o.location.province: o.destination.province for o in orders if isinstance(o, Move)}
    swaps = [(a, b) for a, b in moves.items() if moves.get(b) == a]
    assert not swaps, f"{power}: two units of ours swap places (they would bounce): {swaps}"
    for order in orders:
        if isinstance(order, (SupportHold, SupportMove, Convoy)):
            target = order.supported if not isinstance(order, Convoy) else order.army
            theirs = by_unit.get(target.province)
            assert theirs is not None, f"{order} helps a unit that is not ours"
            if isinstance(order, SupportHold):
                assert not isinstance(theirs, Move), f"{order}, but it moves: {theirs}"
            else:
                assert isinstance(theirs, Move) and theirs.destination.province == order.destination.province, (
                    f"{order}, but it is ordered {theirs}"
                )


def reached_positions(seed: int, years: int = 4, players: int = 7) -> list[tuple[Position, Rules]]:
    """Every position of a seeded game of ``players`` players played with random (but
    coherent) orders (tests/random_game.py), with the rules it is played under."""
    setup = setup_for(players)
    out = []
    for row, _ in random_game.play(years=years, seed=seed, players=players):
        position = position_from_json(row)
        out.append((position, setup.rules(position.phase)))
    return out


def played_game(player: str, seed: int, phases: int) -> list[Position]:
    """The positions of a game where every power is played by ``player``."""
    position = Position.initial()
    out = [position]
    for i in range(phases):
        orders = play(position, player=player, seed=seed * 1000 + i)
        position = resolve(position, orders).next
        out.append(position)
    return out
