"""The rules of Diplomacy: the standard map, orders and their parser, the adjudicator
(movement, retreats, adjustments), order legality with its reasons, what each power
owes (and when its orders are forced), standby orders, the phase machine, the games for
2-7 players, and game words in four languages.

Standard library only, no I/O beyond reading its own package data. Everything the
renderer and the bot know about the game comes from this package's public API:

>>> from engine import STANDARD, Position, parse_orders, resolve
>>> start = Position.initial()
>>> str(start.phase)
'S1901M'
>>> orders = parse_orders("A PAR - BUR; A MAR S A PAR - BUR", position=start)
>>> [str(o) for o in orders]
['A PAR - BUR', 'A MAR S A PAR - BUR']
>>> explain(start, parse_orders("A PAR - MUN")[0]).reason
<Reason.NOT_ADJACENT: 'not_adjacent'>
"""

from __future__ import annotations

from engine.game import resolve
from engine.legal import legal_adjustments, legal_orders
from engine.map import STANDARD, Location, Map, Province, ProvinceKind
from engine.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Retreat,
    SupportHold,
    SupportMove,
    Waive,
    format_order,
)
from engine.parser import OrderParseError, parse_order, parse_orders
from engine.phase import Phase, PhaseKind, Season
from engine.players import PLAYERS, play, seed_for
from engine.position import Dislodged, Position
from engine.power import Power
from engine.results import OrderResult, PhaseOutcome, Result
from engine.review import OrderWarning, order_warnings
from engine.rules import Rules
from engine.standby import StandbyPlan, check_standby, standby_kind, standby_orders
from engine.units import Unit, UnitType
from engine.validation import (
    AmbiguousOrderError,
    Illegal,
    IllegalOrderError,
    OrdersDue,
    Reason,
    check_order,
    choices_due,
    explain,
    forced_orders,
    forced_phase,
    orders_due,
    power_of,
)
from engine.wording import order_text, phase_title, place_text, power_name, province_name, unit_text

__all__ = [
    "AmbiguousOrderError",
    "Build",
    "Convoy",
    "Disband",
    "Dislodged",
    "Hold",
    "Illegal",
    "IllegalOrderError",
    "Location",
    "Map",
    "Move",
    "Order",
    "OrderParseError",
    "OrderResult",
    "OrderWarning",
    "OrdersDue",
    "PLAYERS",
    "Phase",
    "PhaseKind",
    "PhaseOutcome",
    "Position",
    "Power",
    "Province",
    "ProvinceKind",
    "Reason",
    "Result",
    "Retreat",
    "Rules",
    "STANDARD",
    "Season",
    "StandbyPlan",
    "SupportHold",
    "SupportMove",
    "Unit",
    "UnitType",
    "Waive",
    "check_order",
    "check_standby",
    "choices_due",
    "explain",
    "forced_orders",
    "forced_phase",
    "format_order",
    "legal_adjustments",
    "legal_orders",
    "order_text",
    "order_warnings",
    "orders_due",
    "parse_order",
    "parse_orders",
    "phase_title",
    "place_text",
    "play",
    "power_name",
    "power_of",
    "province_name",
    "resolve",
    "seed_for",
    "standby_kind",
    "standby_orders",
    "unit_text",
]
