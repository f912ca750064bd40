"""Games for fewer players (rules digest section 5).

=======  =================================================================================
players  powers
=======  =================================================================================
7        one power each, assigned at random
6        Italy neutral
5        Italy and Germany neutral
4        England; Austria+France; Germany+Turkey; Russia+Italy
3        England+Germany+Austria; Russia+Italy; France+Turkey
2        England+France+Russia against Austria+Germany+Turkey, from 1914; Italy neutral and
         closed (no unit may enter its six provinces) until a coin toss before the Fall 1914
         adjustments; from Spring 1915 Italy is played by the winner of the toss; the first
         player to control 24 supply centres (all their powers together) wins.
=======  =================================================================================

Choices where the rulebook is silent (documented in the README): neutral powers' units
hold, may be supported by others, are disbanded when dislodged, never build, and lose
units by the civil-disorder rule; their centres can be taken. In the 3-, 4-, 5- and
6-player games a single power with 18 centres wins (centres are counted per power, as the
rulebook says for adjustments). In the 2-player game only the player's combined 24 wins.
Italy's closed provinces are its own: Venice, Piedmont, Tuscany, Rome, Naples, Apulia.
The coin itself is the caller's (the engine has no randomness): see :meth:`Setup.rules`.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.phase import Phase, PhaseKind, Season
from engine.power import Power
from engine.rules import Rules

A, E, F, G, I, R, T = (
    Power.AUSTRIA,
    Power.ENGLAND,
    Power.FRANCE,
    Power.GERMANY,
    Power.ITALY,
    Power.RUSSIA,
    Power.TURKEY,
)
ITALIAN_PROVINCES = frozenset({"VEN", "PIE", "TUS", "ROM", "NAP", "APU"})


@dataclass(frozen=True, slots=True)
class Setup:
    """Who plays what in a game of ``players`` players, and the rules that follow."""

    players: int
    seats: tuple[tuple[Power, ...], ...]  # seat i plays these powers
    neutral: frozenset[Power]
    start_year: int = 1901
    win_centres: int = 18
    win_by_seat: bool = False
    toss_power: Power | None = None  # the neutral power that joins a seat by coin toss
    toss_before: Phase | None = None  # the toss happens before this phase is played
    joins_in: Phase | None = None  # from this phase the toss winner plays it

    def toss_due(self, next_phase: Phase, tossed: bool) -> bool:
        """The coin must be tossed before ``next_phase`` is played."""
        return self.toss_before is not None and not tossed and not next_phase < self.toss_before

    def seat_powers(self, seat: int, toss_winner: int | None = None) -> tuple[Power, ...]:
        powers = self.seats[seat]
        if self.toss_power is not None and toss_winner == seat:
            powers = powers + (self.toss_power,)
        return powers

    def rules(
        self, phase: Phase, toss_winner: int | None = None, civil_disorder: frozenset[Power] = frozenset()
    ) -> Rules:
        """The rules for playing ``phase``; ``toss_winner`` is the seat that won the coin
        toss (None before it)."""
        joined = (
            self.toss_power is not None
            and toss_winner is not None
            and self.joins_in is not None
            and not phase < self.joins_in
        )
        neutral = self.neutral - {self.toss_power} if joined else self.neutral
        closed = ITALIAN_PROVINCES if (self.toss_power is not None and not joined) else frozenset()
        groups: tuple[frozenset[Power], ...] = ()
        if self.win_by_seat:
            groups = tuple(
                frozenset(self.seat_powers(i, toss_winner if joined else None)) for i in range(len(self.seats))
            )
        return Rules(
            neutral=frozenset(neutral),
            civil_disorder=civil_disorder,
            closed=frozenset(closed),
            win_centres=self.win_centres,
            win_groups=groups,
        )


def setup_for(players: int) -> Setup:
    """The setup for 2 to 7 players (seat order as in the table above; the caller assigns
    seats to people at random)."""
    if players == 7:
        return Setup(7, tuple((p,) for p in Power), frozenset())
    if players == 6:
        return Setup(6, ((A,), (E,), (F,), (G,), (R,), (T,)), frozenset({I}))
    if players == 5:
        return Setup(5, ((A,), (E,), (F,), (R,), (T,)), frozenset({I, G}))
    if players == 4:
        return Setup(4, ((E,), (A, F), (G, T), (R, I)), frozenset())
    if players == 3:
        return Setup(3, ((E, G, A), (R, I), (F, T)), frozenset())
    if players == 2:
        return Setup(
            2,
            ((E, F, R), (A, G, T)),
            frozenset({I}),
            start_year=1914,
            win_centres=24,
            win_by_seat=True,
            toss_power=I,
            toss_before=Phase(1914, Season.WINTER, PhaseKind.ADJUSTMENT),
            joins_in=Phase(1915, Season.SPRING, PhaseKind.MOVEMENT),
        )
    raise ValueError(f"Diplomacy is played by 2 to 7 players, not {players}")
