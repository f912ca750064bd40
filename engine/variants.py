"""Games for fewer players (rules digest section 5), and the two-player duels.

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

The duels (:data:`DUELS`, :func:`duel`): two players, one power each, on the standard
map, as the variant sites play them: webDiplomacy's and vDiplomacy's "Classic - France vs
Austria", "Classic - England* Vs Turkey" and "Classic - Germany vs Italy" (the most
finished variants on vDiplomacy: about 2,140, 1,770 and 1,420 games; research
next-wave.md section 2). What the sources say (``kestasjk/webDiplomacy``
``variants/ClassicFvA``, ``ClassicEvT``, ``ClassicGvI``: ``adjudicatorPreGame.php`` lists
the starting units, ``install.php`` the owner of every province):

=========  ===========================================  =======================================
duel       units at the start                           note
=========  ===========================================  =======================================
``fva``    France: F BRE, A PAR, A MAR;                 the standard units of the two powers
           Austria: F TRI, A VIE, A BUD
``evt``    England: F NTH, F ENG, A LON;                England's fleets start at sea "to
           Turkey: F ANK, A CON, A SMY                  offset the imbalance of England's
                                                        start" (the variant's description)
``gvi``    Germany: F KIE, A MUN, A BER;                the standard units
           Italy: F NAP, A ROM, A VEN
=========  ===========================================  =======================================

* The five other powers are not in the game: no units at all, and their home centres are
  neutral (``install.php`` marks them "Neutral"), empty, taken like any neutral centre.
  Each player builds only in its own power's home centres (the standard rule; the sites
  change nothing there).
* Victory: the sites set no target of their own for these variants, so the map's default
  applies: 18 of the 34 centres, checked after a Fall turn as in the standard game.
* Year limit: none in the variant; as in every game, the game's creator may set a last
  year (``/game create last_year:``) and the scoring system then ends it.
* Where the sources are silent we decided: the year starts in 1901 (the sites' calendar
  starts at 1901); the duel's history records ``"variant"`` so a reader knows the setup.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.map import STANDARD, Location
from engine.phase import Phase, PhaseKind, Season
from engine.position import Position
from engine.power import Power
from engine.rules import Rules
from engine.units import Unit, UnitType

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


STANDARD_VARIANT = "standard"


@dataclass(frozen=True, slots=True)
class Setup:
    """Who plays what in a game of ``players`` players, and the rules that follow.
    ``variant``: ``standard`` (the rulebook's games for 2 to 7 players) or a duel's name;
    ``starting``: the units at the start when they are not the map's (the duels: only
    the two powers', as (power, unit letter, location) triples), and then only those
    powers own their home centres at the start."""

    players: int
    seats: tuple[tuple[Power, ...], ...]  # seat i plays these powers
    neutral: frozenset[Power]
    start_year: int = 1901
    win_centres: int = 18
    win_by_seat: bool = False
    toss_power: Power | None = None  # the neutral power that joins a seat by coin toss
    toss_before: Phase | None = None  # the toss happens before this phase is played
    joins_in: Phase | None = None  # from this phase the toss winner plays it
    variant: str = STANDARD_VARIANT
    starting: tuple[tuple[Power, str, str], ...] | None = None

    @property
    def powers(self) -> frozenset[Power]:
        """Every power someone plays (the duels: the two; otherwise all seven, the neutral
        ones included, since their units stand on the board)."""
        if self.starting is None:
            return frozenset(Power)
        return frozenset(p for seat in self.seats for p in seat)

    def initial_position(self) -> Position:
        """The position the game starts from (Spring of :attr:`start_year`)."""
        if self.starting is None:
            return Position.initial(year=self.start_year)
        units = [Unit(power, UnitType(letter), Location.parse(loc)) for power, letter, loc in self.starting]
        centres = {c: p for p in self.powers for c in STANDARD.home_centres[p]}
        return Position.build(Phase(self.start_year, Season.SPRING, PhaseKind.MOVEMENT), units, centres)

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


def _duel(name: str, first: Power, second: Power, units: str) -> Setup:
    starting = []
    for item in units.split(","):
        power, letter, loc = item.split()
        starting.append((Power(power), letter, loc))
    return Setup(2, ((first,), (second,)), frozenset(), variant=name, starting=tuple(starting))


DUELS: dict[str, Setup] = {
    "fva": _duel("fva", F, A, "FRANCE F BRE,FRANCE A PAR,FRANCE A MAR,AUSTRIA F TRI,AUSTRIA A VIE,AUSTRIA A BUD"),
    "evt": _duel("evt", E, T, "ENGLAND F NTH,ENGLAND F ENG,ENGLAND A LON,TURKEY F ANK,TURKEY A CON,TURKEY A SMY"),
    "gvi": _duel("gvi", G, I, "GERMANY F KIE,GERMANY A MUN,GERMANY A BER,ITALY F NAP,ITALY A ROM,ITALY A VEN"),
}
"""The duels by name (see the module docstring)."""

VARIANTS = (STANDARD_VARIANT, *DUELS)
"""Every variant's name, the standard game first."""


def duel(name: str) -> Setup:
    """The duel called ``name`` (``fva``, ``evt``, ``gvi``); ValueError for another name."""
    try:
        return DUELS[name]
    except KeyError:
        raise ValueError(f"no duel called {name!r} (use one of {', '.join(DUELS)})") from None


def setup_for(players: int, variant: str = STANDARD_VARIANT) -> Setup:
    """The setup for 2 to 7 players (seat order as in the table above; the caller assigns
    seats to people at random), or for a duel (``variant``: its name; two players)."""
    if variant != STANDARD_VARIANT:
        setup = duel(variant)
        if players != setup.players:
            raise ValueError(f"the duel {variant} is played by {setup.players} players, not {players}")
        return setup
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
