"""The rules of Diplomacy: the standard map, orders and their parser, the adjudicator
(movement, retreats, adjustments), the phase machine and the games for 2-7 players.

Standard library only, no I/O beyond reading its own package data. Everything the
renderer and the bot know about the game comes from this package's public API:

>>> from engine import STANDARD, Position, parse_orders, resolve
>>> start = Position.initial()
>>> str(start.phase)
'S1901M'
>>> orders = parse_orders("A PAR - BUR; A MAR S A PAR - BUR", position=start)
>>> [str(o) for o in orders]
['A PAR - BUR', 'A MAR S A PAR - BUR']
"""
from __future__ import annotations

from engine.power import Power
from engine.map import STANDARD, Location, Map, Province, ProvinceKind
from engine.units import Unit, UnitType
from engine.phase import Phase, PhaseKind, Season
from engine.orders import (
    Build, Convoy, Disband, Hold, Move, Order, Retreat, SupportHold, SupportMove, Waive,
    format_order,
)
from engine.position import Dislodged, Position
from engine.parser import OrderParseError, parse_order, parse_orders
from engine.results import OrderResult, PhaseOutcome, Result
from engine.rules import Rules
from engine.game import resolve
from engine.legal import legal_adjustments, legal_orders

__all__ = [
    "Build", "Convoy", "Disband", "Dislodged", "Hold", "Location", "Map", "Move", "Order",
    "OrderParseError", "OrderResult", "Phase", "PhaseKind", "PhaseOutcome", "Position", "Power",
    "Province", "ProvinceKind", "Result", "Retreat", "Rules", "STANDARD", "Season",
    "SupportHold", "SupportMove", "Unit", "UnitType", "Waive", "format_order", "legal_adjustments", "legal_orders",
    "parse_order", "parse_orders", "resolve",
]

from engine.review import OrderWarning, order_warnings  # noqa: E402

__all__ += ["OrderWarning", "order_warnings"]
