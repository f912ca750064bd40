"""Placeholder (replaced in the next commit): the DumbBot family plays as ``hold``."""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.orders import Order
from engine.players.basic import hold_orders
from engine.position import Position
from engine.power import Power
from engine.rules import Rules


@dataclass(frozen=True, slots=True)
class Weights:
    name: str


DUMBBOT = Weights("dumbbot")
CARETAKER = Weights("caretaker")


def dumbbot_orders(position: Position, power: Power, rules: Rules, rng: random.Random, weights: Weights) -> list[Order]:
    return hold_orders(position, power, rules, rng)
