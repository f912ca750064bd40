"""What the storm benchmarks (`deadlines.py`, `storm_cpu.py`) have the storm's games order."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.orders import format_order  # noqa: E402
from engine.players import play  # noqa: E402
from engine.position import Position  # noqa: E402

OPENING = {
    "AUSTRIA": "A VIE - GAL; A BUD - SER; F TRI - ALB",
    "ENGLAND": "F LON - NTH; F EDI - NWG; A LVP - YOR",
    "FRANCE": "A PAR - BUR; A MAR - SPA; F BRE - MAO",
    "GERMANY": "A MUN - BUR; A BER - KIE; F KIE - DEN",
    "ITALY": "A VEN - TYR; A ROM - APU; F NAP - ION",
    "RUSSIA": "A WAR - GAL; A MOS - UKR; F SEV - BLA; F STP/SC - BOT",
    "TURKEY": "A CON - BUL; A SMY - CON; F ANK - BLA",
}


def storm_orders(g: int, same: bool) -> dict[str, str]:
    """Each power's orders in storm game ``g``: legal orders drawn at random (the engine's
    ``random`` player, seeded by the game), so that the storm's maps differ from game to
    game as a real storm's do (the same opening everywhere would let each map reuse most
    of the last one's drawing and encoding); ``same``: :data:`OPENING` in every game."""
    if same:
        return OPENING
    orders = play(Position.initial(), player="random", seed=g)
    return {power.value: "; ".join(format_order(o) for o in units) for power, units in orders.items()}
