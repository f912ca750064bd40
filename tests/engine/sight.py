"""What a power may see in Fog of War, recomputed for the tests from the map's army and
fleet edges, coast by coast, independently of engine.fog (shared by the engine's and the
bot's fog tests)."""

from __future__ import annotations

from engine import STANDARD, Location, Position, Power
from engine.map import ProvinceKind


def neighbours_by_edges(province: str) -> set[str]:
    """Every province one step away from ``province`` for an army or a fleet on any of
    its coasts (recomputed from the edges, independently of Map.adjacent_provinces)."""
    p = STANDARD.provinces[province]
    out = set(STANDARD.army_neighbours(province)) if p.kind is not ProvinceKind.SEA else set()
    if p.kind is not ProvinceKind.INLAND:
        coasts = [Location(province, c) for c in p.coasts] or [Location(province)]
        for loc in coasts:
            out.update(n.province for n in STANDARD.fleet_neighbours(loc))
    return out


def expected_sight(position: Position, power: Power) -> set[str]:
    sources = {u.province for u in position.units.values() if u.power is power}
    sources |= {c for c, o in position.centres.items() if o is power}
    sources |= {d.unit.province for d in position.dislodged.values() if d.unit.power is power}
    seen = set(sources)
    for s in sources:
        seen |= neighbours_by_edges(s)
    return seen
