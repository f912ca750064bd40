"""A position: the phase, the units on the board, supply-centre owners and, in a retreat
phase, the dislodged units with the places each may retreat to."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from engine.map import STANDARD, Location, Map
from engine.phase import Phase, PhaseKind, Season
from engine.power import Power
from engine.units import Unit, UnitType


@dataclass(frozen=True, slots=True)
class Dislodged:
    """A unit dislodged in the movement phase before, and its legal retreats."""

    unit: Unit
    retreats: tuple[Location, ...]
    attacker_from: str | None = None  # province the dislodging unit came from


@dataclass(frozen=True, slots=True)
class Position:
    """Everything the rules need to play the next phase. Treat the mappings as read-only:
    every change makes a new position."""

    phase: Phase
    units: Mapping[str, Unit]  # province -> unit
    centres: Mapping[str, Power]  # supply centre -> owner
    dislodged: Mapping[str, Dislodged] = field(default_factory=dict)  # province -> dislodged
    map: Map = field(default=STANDARD, compare=False, repr=False)

    @classmethod
    def initial(cls, year: int = 1901, game_map: Map = STANDARD) -> Position:
        units: dict[str, Unit] = {}
        for power, placements in game_map.starting_units.items():
            for letter, loc in placements:
                units[loc.province] = Unit(power, UnitType(letter), loc)
        centres = {c: p for p, homes in game_map.home_centres.items() for c in homes}
        return cls(Phase(year, Season.SPRING, PhaseKind.MOVEMENT), units, centres, {}, game_map)

    @classmethod
    def build(
        cls,
        phase: Phase | str,
        units: Iterable[Unit],
        centres: Mapping[str, Power] | None = None,
        dislodged: Iterable[Dislodged] = (),
        game_map: Map = STANDARD,
    ) -> Position:
        """Make a position from units; ``centres`` absent means the standard home ownership."""
        if isinstance(phase, str):
            phase = Phase.parse(phase)
        if centres is None:
            centres = {c: p for p, homes in game_map.home_centres.items() for c in homes}
        by_province: dict[str, Unit] = {}
        for unit in units:
            if unit.province in by_province:
                raise ValueError(f"two units in {unit.province}")
            by_province[unit.province] = unit
        return cls(phase, by_province, dict(centres), {d.unit.province: d for d in dislodged}, game_map)

    def units_of(self, power: Power) -> list[Unit]:
        return sorted((u for u in self.units.values() if u.power is power), key=lambda u: u.province)

    def centres_of(self, power: Power) -> list[str]:
        return sorted(c for c, p in self.centres.items() if p is power)

    def unit_in(self, province: str) -> Unit | None:
        return self.units.get(province)

    def powers_on_board(self) -> set[Power]:
        return {u.power for u in self.units.values()} | {d.unit.power for d in self.dislodged.values()}

    def adjustment_delta(self, power: Power) -> int:
        """Centres minus units: builds (positive) or disbands (negative) due."""
        return len(self.centres_of(power)) - len(self.units_of(power))
