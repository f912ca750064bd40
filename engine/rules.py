"""Rule settings that change from game to game: who is neutral or in civil disorder,
which provinces are closed, and the victory condition."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.power import Power


@dataclass(frozen=True, slots=True)
class Rules:
    """How one phase is played.

    ``neutral``: powers nobody plays (fewer-player games): their units hold without
    supporting each other, are disbanded when dislodged, never build, and lose units by
    the civil-disorder rule. ``civil_disorder``: powers whose player has given no orders
    this phase: treated the same way for this phase. ``closed``: provinces no unit may be
    ordered into (the neutral Italy of the two-player game). ``win_centres``: centres a
    single power needs after a fall turn; ``win_groups``: in games where one player has
    several powers and the win counts the player's centres together, the groups of powers
    whose centres add up (the two-player game's 24).
    """

    neutral: frozenset[Power] = frozenset()
    civil_disorder: frozenset[Power] = frozenset()
    closed: frozenset[str] = frozenset()
    win_centres: int = 18
    win_groups: tuple[frozenset[Power], ...] = field(default=())

    def passive(self, power: Power) -> bool:
        """Units of this power hold, don't support each other, and disband when dislodged."""
        return power in self.neutral or power in self.civil_disorder


STANDARD_RULES = Rules()
