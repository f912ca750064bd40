"""Phases: Spring/Fall movement and retreats, Winter adjustments (``S1901M`` notation)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from functools import total_ordering


class Season(StrEnum):
    SPRING = "S"
    FALL = "F"
    WINTER = "W"


class PhaseKind(StrEnum):
    MOVEMENT = "M"
    RETREAT = "R"
    ADJUSTMENT = "A"


_PHASE = re.compile(r"^([SFW])(\d{4})([MRA])$")
# the phases of a year, in the order they are played
_ORDER = {
    (Season.SPRING, PhaseKind.MOVEMENT): 0,
    (Season.SPRING, PhaseKind.RETREAT): 1,
    (Season.FALL, PhaseKind.MOVEMENT): 2,
    (Season.FALL, PhaseKind.RETREAT): 3,
    (Season.WINTER, PhaseKind.ADJUSTMENT): 4,
}


@total_ordering
@dataclass(frozen=True, slots=True)
class Phase:
    """A phase of the game. Phases order chronologically."""

    year: int
    season: Season
    kind: PhaseKind

    def __post_init__(self) -> None:
        if (self.season, self.kind) not in _ORDER:
            raise ValueError(f"no {self.kind.name.lower()} phase in {self.season.name.lower()}")

    def __lt__(self, other: Phase) -> bool:  # chronological, not alphabetical
        return self._key() < other._key()

    def _key(self) -> tuple[int, int]:
        return (self.year, _ORDER[(self.season, self.kind)])

    @classmethod
    def parse(cls, text: str) -> Phase:
        match = _PHASE.match(text.strip().upper())
        if not match:
            raise ValueError(f"malformed phase {text!r} (expected e.g. 'S1901M', 'F1901R', 'W1901A')")
        return cls(int(match.group(2)), Season(match.group(1)), PhaseKind(match.group(3)))

    def __str__(self) -> str:
        return f"{self.season.value}{self.year}{self.kind.value}"

    @property
    def is_movement(self) -> bool:
        return self.kind is PhaseKind.MOVEMENT

    @property
    def is_retreat(self) -> bool:
        return self.kind is PhaseKind.RETREAT

    @property
    def is_adjustment(self) -> bool:
        return self.kind is PhaseKind.ADJUSTMENT

    def next_movement(self) -> Phase:
        """The next movement phase after this one."""
        if self.season is Season.SPRING:
            return Phase(self.year, Season.FALL, PhaseKind.MOVEMENT)
        return Phase(self.year + 1, Season.SPRING, PhaseKind.MOVEMENT)

    def retreat(self) -> Phase:
        return Phase(self.year, self.season, PhaseKind.RETREAT)

    def adjustment(self) -> Phase:
        return Phase(self.year, Season.WINTER, PhaseKind.ADJUSTMENT)
