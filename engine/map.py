"""The board: provinces, coasts, supply centres and who may move where.

The standard map is package data (``data/standard.json``), loaded once into the
immutable :data:`STANDARD`. Provinces are named by their upper-case three-letter
code; a :class:`Location` is a province plus, for a fleet on a split coast, the
coast (``STP/NC``).
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from importlib import resources

from engine.power import Power


class ProvinceKind(StrEnum):
    INLAND = "land"
    COAST = "coast"
    SEA = "sea"


@dataclass(frozen=True, slots=True)
class Location:
    """Where a unit stands: a province, and for fleets on split coasts, the coast."""

    province: str
    coast: str | None = None
    _text: str = field(init=False, repr=False, compare=False, default="")

    def __post_init__(self) -> None:
        # the canonical text is asked for constantly (results, JSON): compute it once
        object.__setattr__(self, "_text", f"{self.province}/{self.coast}" if self.coast else self.province)

    def __str__(self) -> str:
        return self._text

    @classmethod
    def parse(cls, text: str) -> Location:
        """Read ``PAR``, ``stp/nc`` or ``spa(sc)`` (codes only; see the parser for names)."""
        t = text.strip().upper().replace("(", "/").replace(")", "")
        if "/" in t:
            province, coast = t.split("/", 1)
            return cls(province, coast or None)
        return cls(t)

    def without_coast(self) -> Location:
        return Location(self.province) if self.coast else self


@dataclass(frozen=True, slots=True)
class Province:
    code: str
    kind: ProvinceKind
    supply_centre: bool
    home_of: Power | None
    coasts: tuple[str, ...]  # the split coasts, e.g. ("NC", "SC"); empty otherwise

    @property
    def is_sea(self) -> bool:
        return self.kind is ProvinceKind.SEA

    @property
    def is_land(self) -> bool:
        """Armies may stand here (inland or coastal)."""
        return self.kind is not ProvinceKind.SEA

    @property
    def is_coastal(self) -> bool:
        return self.kind is ProvinceKind.COAST


class Map:
    """An immutable board. Build it with :meth:`from_json`; the standard one is :data:`STANDARD`."""

    def __init__(
        self,
        name: str,
        provinces: dict[str, Province],
        army_edges: Iterable[tuple[str, str]],
        fleet_edges: Iterable[tuple[Location, Location]],
        starting_units: dict[Power, tuple[tuple[str, Location], ...]],
    ) -> None:
        self.name = name
        self.provinces: dict[str, Province] = provinces
        army: dict[str, set[str]] = {code: set() for code in provinces}
        for a, b in army_edges:
            army[a].add(b)
            army[b].add(a)
        fleet: dict[Location, set[Location]] = {loc: set() for loc in self._fleet_locations()}
        for x, y in fleet_edges:
            fleet[x].add(y)
            fleet[y].add(x)
        self._army: dict[str, frozenset[str]] = {k: frozenset(v) for k, v in army.items()}
        self._fleet: dict[Location, frozenset[Location]] = {k: frozenset(v) for k, v in fleet.items()}
        self._fleet_provinces: dict[Location, frozenset[str]] = {
            k: frozenset(loc.province for loc in v) for k, v in self._fleet.items()
        }
        any_adj: dict[str, set[str]] = {code: set(army[code]) for code in provinces}
        for loc, neighbours in self._fleet.items():
            any_adj[loc.province].update(n.province for n in neighbours)
        self._any: dict[str, frozenset[str]] = {k: frozenset(v) for k, v in any_adj.items()}
        self.starting_units = starting_units
        self.supply_centres: frozenset[str] = frozenset(code for code, p in provinces.items() if p.supply_centre)
        self.home_centres: dict[Power, frozenset[str]] = {
            power: frozenset(code for code, p in provinces.items() if p.home_of is power) for power in Power
        }
        self.seas: frozenset[str] = frozenset(c for c, p in provinces.items() if p.is_sea)
        self.coastal: frozenset[str] = frozenset(c for c, p in provinces.items() if p.is_coastal)
        # every valid location by its canonical text ("PAR", "STP/NC"), one shared value each
        self._locations: dict[str, Location] = {}
        for code, p in provinces.items():
            self._locations[code] = Location(code)
            for c in p.coasts:
                self._locations[f"{code}/{c}"] = Location(code, c)

    def _fleet_locations(self) -> list[Location]:
        out: list[Location] = []
        for code, p in self.provinces.items():
            if p.kind is ProvinceKind.INLAND:
                continue
            if p.coasts:
                out.extend(Location(code, c) for c in p.coasts)
            else:
                out.append(Location(code))
        return out

    @classmethod
    def from_json(cls, data: dict) -> Map:
        homes: dict[str, Power] = {}
        neutral: set[str] = set()
        for owner, codes in data["supply_centres"].items():
            for code in codes.split():
                if owner == "neutral":
                    neutral.add(code)
                else:
                    homes[code] = Power(owner)
        provinces: dict[str, Province] = {}
        for kind, codes in data["provinces"].items():
            for code in codes.split():
                provinces[code] = Province(
                    code,
                    ProvinceKind("land" if kind == "inland" else kind),
                    code in homes or code in neutral,
                    homes.get(code),
                    tuple(data["split_coasts"].get(code, ())),
                )
        provinces = dict(sorted(provinces.items()))
        army_edges = [tuple(e.split("-")) for line in data["army_edges"] for e in line.split()]
        fleet_edges = [
            tuple(Location.parse(x) for x in e.split("-")) for line in data["fleet_edges"] for e in line.split()
        ]
        starting: dict[Power, tuple[tuple[str, Location], ...]] = {}
        for power, text in data["starting_units"].items():
            units = []
            for item in text.split(","):
                letter, loc = item.split()
                units.append((letter, Location.parse(loc)))
            starting[Power(power)] = tuple(units)
        return cls(data["name"], provinces, army_edges, fleet_edges, starting)  # type: ignore[arg-type]

    # -- queries ---------------------------------------------------------------------------

    def location(self, text: str) -> Location | None:
        """The location written canonically (``PAR``, ``STP/NC``; any case), or None."""
        loc = self._locations.get(text)
        if loc is None:
            loc = self._locations.get(text.strip().upper().replace("(", "/").replace(")", ""))
        return loc

    def province(self, code: str) -> Province:
        return self.provinces[code]

    def is_valid_location(self, loc: Location) -> bool:
        p = self.provinces.get(loc.province)
        if p is None:
            return False
        return loc.coast is None or loc.coast in p.coasts

    def army_neighbours(self, province: str) -> frozenset[str]:
        return self._army[province]

    def fleet_neighbours(self, loc: Location) -> frozenset[Location]:
        return self._fleet.get(loc, frozenset())

    def adjacent_provinces(self, province: str) -> frozenset[str]:
        """Provinces next to this one by land or along a coast (any unit type)."""
        return self._any[province]

    def army_can_move(self, src: str, dst: str) -> bool:
        return dst in self._army.get(src, ())

    def fleet_can_reach(self, src: Location, dst_province: str) -> bool:
        """A fleet at ``src`` can move to some coast of ``dst_province``."""
        return dst_province in self._fleet_provinces.get(src, ())

    def fleet_coasts_reachable(self, src: Location, dst_province: str) -> tuple[Location, ...]:
        return self._fleet_by_province.get(src, {}).get(dst_province, ())

    @cached_property
    def _fleet_by_province(self) -> dict[Location, dict[str, tuple[Location, ...]]]:
        out: dict[Location, dict[str, tuple[Location, ...]]] = {}
        for src, neighbours in self._fleet.items():
            grouped: dict[str, list[Location]] = {}
            for n in sorted(neighbours, key=str):
                grouped.setdefault(n.province, []).append(n)
            out[src] = {p: tuple(v) for p, v in grouped.items()}
        return out

    def can_reach(self, is_fleet: bool, src: Location, dst_province: str) -> bool:
        """A unit of this type at ``src`` could move into ``dst_province`` (coasts ignored)."""
        if is_fleet:
            return self.fleet_can_reach(src, dst_province)
        return self.army_can_move(src.province, dst_province)

    def sea_route_exists(self, src: str, dst: str) -> bool:
        """An army in coastal ``src`` could be convoyed to coastal ``dst`` through seas
        (whatever fleets are on the board): the geometric possibility only."""
        if src == dst:
            return False
        p, q = self.provinces[src], self.provinces[dst]
        if not (p.is_coastal and q.is_coastal):
            return False
        return dst in self._convoy_reach[src]

    @cached_property
    def _convoy_reach(self) -> dict[str, frozenset[str]]:
        reach: dict[str, frozenset[str]] = {}
        for code, p in self.provinces.items():
            if not p.is_coastal:
                continue
            seen: set[str] = set()
            coasts: set[str] = set()
            queue = deque(s for s in self._any[code] if self.provinces[s].is_sea)
            seen.update(queue)
            while queue:
                sea = queue.popleft()
                for n in self._any[sea]:
                    if self.provinces[n].is_sea:
                        if n not in seen:
                            seen.add(n)
                            queue.append(n)
                    elif self.provinces[n].is_coastal:
                        coasts.add(n)
            coasts.discard(code)
            reach[code] = frozenset(coasts)
        return reach

    def distance(self, src: str, targets: frozenset[str] | set[str]) -> int | None:
        """Fewest moves from ``src`` to any of ``targets``, crossing land and sea alike
        (the 2023 civil-disorder metric). ``None`` if no target is reachable."""
        if not targets:
            return None
        if src in targets:
            return 0
        seen = {src}
        frontier = [src]
        steps = 0
        while frontier:
            steps += 1
            nxt = []
            for p in frontier:
                for n in self._any[p]:
                    if n in targets:
                        return steps
                    if n not in seen:
                        seen.add(n)
                        nxt.append(n)
            frontier = nxt
        return None


def _load_standard() -> Map:
    text = resources.files("engine").joinpath("data/standard.json").read_text(encoding="utf-8")
    return Map.from_json(json.loads(text))


STANDARD: Map = _load_standard()
"""The standard board, loaded once from package data."""
