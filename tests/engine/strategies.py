"""Hypothesis strategies and settings shared by the engine's property tests: random
positions of the standard map (any units, any owners, any phase of a kind), and the
settings profiles (``ENGINE_PROPS_PROFILE``: engine-props, 100 examples; engine-props-long)."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings
from hypothesis import Phase as HPhase
from hypothesis import strategies as st

from engine import STANDARD, Location, Position, Power, Unit, UnitType
from engine.map import ProvinceKind
from engine.phase import Phase, PhaseKind, Season

POWERS = list(Power)
PROVINCES = sorted(STANDARD.provinces)
CENTRES = sorted(STANDARD.supply_centres)

# No shrinking: an example is a whole board drawn from one random seed, so shrinking makes
# slow progress (minutes); the failing example is printed as drawn. Set
# ENGINE_PROPS_SHRINK=1 to shrink anyway.
_PHASES = [HPhase.explicit, HPhase.reuse, HPhase.generate, HPhase.target]
if os.environ.get("ENGINE_PROPS_SHRINK"):
    _PHASES.append(HPhase.shrink)
_COMMON = dict(
    deadline=None,
    database=None,
    derandomize=settings.default.derandomize,
    print_blob=True,
    phases=_PHASES,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile("engine-props", max_examples=100, **_COMMON)
settings.register_profile("engine-props-long", max_examples=1000, **_COMMON)
_PROFILE = settings.get_profile(os.environ.get("ENGINE_PROPS_PROFILE", "engine-props"))


def props(n: int):
    """Settings for one test: ``n`` examples in the default profile (scaled in the long one)."""
    scale = _PROFILE.max_examples / 100
    return settings(_PROFILE, max_examples=max(10, int(n * scale)))


# --------------------------------------------------------------------------- positions
@st.composite
def unit_at(draw, province: str) -> tuple[UnitType, Location]:
    p = STANDARD.provinces[province]
    if p.kind is ProvinceKind.SEA:
        utype = UnitType.FLEET
    elif p.kind is ProvinceKind.INLAND:
        utype = UnitType.ARMY
    else:
        utype = draw(st.sampled_from([UnitType.ARMY, UnitType.FLEET]))
    coast = draw(st.sampled_from(p.coasts)) if utype is UnitType.FLEET and p.coasts else None
    return utype, Location(province, coast)


@st.composite
def centres_st(draw) -> dict[str, Power]:
    owners = draw(st.lists(st.sampled_from([None, *POWERS]), min_size=len(CENTRES), max_size=len(CENTRES)))
    return {c: o for c, o in zip(CENTRES, owners) if o is not None}


@st.composite
def positions(
    draw, kind: PhaseKind = PhaseKind.MOVEMENT, min_units: int = 2, max_units: int = 34, powers=None
) -> Position:
    n = draw(st.integers(min_units, max_units))
    provinces = draw(st.lists(st.sampled_from(PROVINCES), min_size=n, max_size=n, unique=True))
    powers = powers or POWERS
    units = []
    for province in provinces:
        utype, loc = draw(unit_at(province))
        units.append(Unit(draw(st.sampled_from(powers)), utype, loc))
    year = draw(st.integers(1901, 1910))
    if kind is PhaseKind.ADJUSTMENT:
        phase = Phase(year, Season.WINTER, kind)
    else:
        phase = Phase(year, draw(st.sampled_from([Season.SPRING, Season.FALL])), kind)
    return Position.build(phase, units, draw(centres_st()))
