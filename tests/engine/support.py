"""Shared test helpers for the engine tests: positions written compactly, and hypothesis
strategies for arbitrary orders."""

from __future__ import annotations

from hypothesis import strategies as st

from engine import (
    STANDARD,
    Build,
    Convoy,
    Disband,
    Hold,
    Location,
    Move,
    Position,
    Power,
    Retreat,
    SupportHold,
    SupportMove,
    Unit,
    UnitType,
    Waive,
)
from engine.position import Dislodged


def pos(phase: str, *units: str, centres=None, dislodged=()) -> Position:
    """``pos("S1901M", "FRANCE A PAR", "ENGLAND F STP/NC")``; centres absent: 1901 owners.
    ``dislodged``: units written the same way, dislodged (free to retreat anywhere next door)."""

    def unit(item: str) -> Unit:
        power, letter, loc = item.split()
        return Unit(Power.parse(power), UnitType(letter), Location.parse(loc))

    out = [unit(item) for item in units]
    gone = [
        Dislodged(u, tuple(Location(p) for p in sorted(STANDARD.adjacent_provinces(u.province))))
        for u in map(unit, dislodged)
    ]
    return Position.build(phase, out, centres, gone)


def all_locations() -> list[Location]:
    out = []
    for code, p in STANDARD.provinces.items():
        out.append(Location(code))
        out.extend(Location(code, c) for c in p.coasts)
    return out


LOCATIONS = st.sampled_from(all_locations())
UNIT_TYPES = st.sampled_from([UnitType.ARMY, UnitType.FLEET])
ORDERS = st.one_of(
    st.builds(Hold, UNIT_TYPES, LOCATIONS),
    st.builds(Move, UNIT_TYPES, LOCATIONS, LOCATIONS, st.booleans()),
    st.builds(SupportHold, UNIT_TYPES, LOCATIONS, UNIT_TYPES, LOCATIONS),
    st.builds(SupportMove, UNIT_TYPES, LOCATIONS, UNIT_TYPES, LOCATIONS, LOCATIONS),
    st.builds(Convoy, UNIT_TYPES, LOCATIONS, LOCATIONS, LOCATIONS),
    st.builds(Retreat, UNIT_TYPES, LOCATIONS, LOCATIONS),
    st.builds(Disband, UNIT_TYPES, LOCATIONS),
    st.builds(Build, UNIT_TYPES, LOCATIONS),
    st.just(Waive()),
)
"""Any order of any kind on any location (legal or not): for round trips."""
