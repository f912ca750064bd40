"""Scoring a finished game by the system the game chose.

Owns how a game ended (:class:`GameEnd`: the kind of ending, the final supply-centre count
of every power that took part, who won or shared the draw, who conceded or was eliminated),
the scoring systems (:class:`System`), and the scores (:class:`Scores`: exact fractions per
power, rounded only for display). Pure: no I/O.

The systems (scores are per power; "the pot" is 100 points except in Carnage):

``draw_size`` (DIAS, "draws include all survivors"; also called draw-size scoring)
    Only the result counts, never the size of the empire. A solo takes the whole pot; a
    draw splits it equally between the powers in the draw, whatever their centres; every
    other power scores 0. Its idea: a player's aim is to win, and failing that to share
    the smallest possible draw.

``sum_of_squares``
    A solo takes the pot. Otherwise each power gets the pot in proportion to the *square*
    of its centres: 100 × c² / Σc². Squaring rewards the board leader far more than a
    straight share would (10 centres against 5 is four times the score, not twice), so a
    big lead is worth fighting for even when nobody can solo. A draw vote does not change
    it: the board decides.

``centre_count`` (points per supply centre)
    A solo takes the pot. Otherwise the pot is shared in proportion to the centres each
    power holds: 100 × c / Σc, every centre being worth the same.

``carnage`` (after the Carnage tournament system)
    A solo scores the sum of every rank's points plus every centre on the map (28,034 in
    a seven-power game); the others 0. Otherwise each power scores points for its rank
    plus one point per centre. The board leader's rank is worth 7,000, the second 6,000,
    down to 1,000 for the seventh (with *n* powers: *n* × 1,000 down to 1,000). Powers
    tied on centres share the points of the ranks they cover. Eliminated powers rank below
    every survivor, the later eliminated above the earlier. Rank, not the margin, is what
    counts: the centre points are small change beside a rank's thousand.

Rules that hold in every system:

- an eliminated power scores 0 (except its rank points in Carnage);
- a power that conceded scores 0 and is left out of the shares and ranks, so the others
  still share the whole pot;
- a concession is a solo for the power the others conceded to (by default the board
  leader, who must be unique);
- a game stopped at its year limit or by a moderator is unfinished: ``sum_of_squares``,
  ``centre_count`` and ``carnage`` apply to it as they stand (they need no winner);
  ``draw_size`` treats it as a draw of every survivor (DIAS).

Games for fewer players (:mod:`engine.variants`), where a player holds several powers:
scores are per power, and :meth:`Scores.by_seat` adds them up per seat. Where the win
counts a seat's powers together (the two-player game: 24 centres between them), score the
seats as *sides* (``score(end, system, sides=...)``, :func:`sides_of`): the system is then
applied to each side's combined centres (one side, one share of a draw, one rank) and a
side's score is split between its powers in proportion to their centres, so that
``by_seat`` gives the side's score back exactly.

A seven-power game stopped at its year limit, worked by hand (Austria eliminated):

>>> end = GameEnd(Ending.YEAR_LIMIT, {Power.FRANCE: 10, Power.ENGLAND: 8, Power.GERMANY: 6,
...     Power.RUSSIA: 5, Power.TURKEY: 4, Power.ITALY: 1, Power.AUSTRIA: 0})
>>> sos = score(end, System.SUM_OF_SQUARES)
>>> sos[Power.FRANCE], sos.rounded(Power.FRANCE)       # 100 x 10² / 242
(Fraction(5000, 121), Decimal('41.32'))
>>> score(end, System.DRAW_SIZE).rounded(Power.ITALY)  # six survivors share the draw
Decimal('16.67')
>>> score(end, System.CARNAGE)[Power.ENGLAND]          # second: 6,000 + 8 centres
Fraction(6008, 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction
from types import MappingProxyType
from typing import TYPE_CHECKING

from engine.map import STANDARD
from engine.power import Power

if TYPE_CHECKING:
    from engine.position import Position
    from engine.variants import Setup

POT = 100  # what a solo takes in every system but Carnage
RANK_STEP = 1000  # Carnage: the last rank's points, and the step between ranks


class Ending(StrEnum):
    """How a game ended (the value is the word stored and written in the history)."""

    SOLO = "solo"  # a power (or a side) reached the winning centre count
    DRAW = "draw"  # the survivors agreed a draw
    CONCESSION = "concession"  # the others conceded to one power
    YEAR_LIMIT = "year_limit"  # the game's last year was played
    MODERATOR = "moderator"  # a moderator ended the game


class System(StrEnum):
    """A scoring system; see the module docstring for each one's rules."""

    DRAW_SIZE = "draw_size"
    SUM_OF_SQUARES = "sum_of_squares"
    CENTRE_COUNT = "centre_count"
    CARNAGE = "carnage"


def _frozen(mapping: Mapping) -> Mapping:
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True, slots=True)
class GameEnd:
    """How a game ended, as the scoring systems need it.

    ``centres``: the final centre count of every power that took part (neutral powers,
    which nobody played, are left out); a power with 0 is eliminated unless ``alive``
    says otherwise. ``winners``: for a solo, the winning power (or the powers of the
    winning side); for a concession, the power conceded to (empty: the board leader).
    ``drawn``: for a draw, the powers sharing it (empty: every survivor that did not
    concede, as DIAS has it). ``conceded``: powers whose player conceded. ``alive``: the
    survivors when it is not simply "has centres" (a power with units but no centres is
    still in the game before the winter adjustments); None (the default) becomes the
    powers with centres. ``eliminated``: the year each
    eliminated power lost its last unit, for Carnage's ranking of the eliminated (a power
    missing here ranks as eliminated last).

    Mappings are copied and read-only; sets are frozen. Contradictions (a winner in a
    draw ending, a drawn power that is not alive, a power unknown to ``centres``) raise
    ValueError.
    """

    ending: Ending
    centres: Mapping[Power, int]
    winners: frozenset[Power] = frozenset()
    drawn: frozenset[Power] = frozenset()
    conceded: frozenset[Power] = frozenset()
    alive: frozenset[Power] | None = None
    eliminated: Mapping[Power, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        put = object.__setattr__
        put(self, "ending", Ending(self.ending))
        put(self, "centres", _frozen({Power(p): int(n) for p, n in self.centres.items()}))
        put(self, "eliminated", _frozen({Power(p): int(y) for p, y in self.eliminated.items()}))
        for name in ("winners", "drawn", "conceded"):
            put(self, name, frozenset(Power(p) for p in getattr(self, name)))
        if self.alive is None:  # the usual case: the survivors are the powers with centres
            put(self, "alive", frozenset(p for p, n in self.centres.items() if n > 0))
        else:
            put(self, "alive", frozenset(Power(p) for p in self.alive))
        self._check()

    def _check(self) -> None:
        known = set(self.centres)
        if any(n < 0 for n in self.centres.values()):
            raise ValueError("a centre count cannot be negative")
        for name in ("winners", "drawn", "conceded", "alive", "eliminated"):
            unknown = set(getattr(self, name) or ()) - known
            if unknown:
                raise ValueError(f"{name} names powers without a centre count: {', '.join(sorted(unknown))}")
        survivors = self.survivors
        if self.ending in (Ending.SOLO, Ending.CONCESSION):
            if self.drawn:
                raise ValueError(f"a {self.ending} has no draw")
            if self.ending is Ending.SOLO and not self.winners:
                raise ValueError("a solo needs its winner")
        elif self.winners:
            raise ValueError(f"a {self.ending} has no winner")
        if self.drawn and self.ending is not Ending.DRAW:
            raise ValueError(f"a {self.ending} has no draw")
        for name, powers in (("winners", self.winners), ("drawn", self.drawn)):
            if powers - survivors:
                raise ValueError(f"{name} must be survivors: {', '.join(sorted(powers - survivors))} is not")
            if powers & self.conceded:
                raise ValueError(f"{name} cannot have conceded: {', '.join(sorted(powers & self.conceded))}")

    def __hash__(self) -> int:
        return hash(
            (
                self.ending,
                tuple(sorted(self.centres.items())),
                self.winners,
                self.drawn,
                self.conceded,
                self.alive,
                tuple(sorted(self.eliminated.items())),
            )
        )

    @property
    def survivors(self) -> frozenset[Power]:
        """The powers still in the game: ``alive`` as given, or those with centres."""
        assert self.alive is not None  # set by __post_init__
        return self.alive

    @classmethod
    def from_position(
        cls, position: Position, ending: Ending | str, powers: Iterable[Power], **choices: object
    ) -> GameEnd:
        """The end of a game whose final position is ``position``: the centre counts of
        ``powers`` (those that took part) and, as survivors, those with centres or units.
        ``choices``: the other fields (``winners``, ``drawn``, ``conceded``, ``eliminated``).

        >>> from engine.position import Position
        >>> end = GameEnd.from_position(Position.initial(), "moderator", list(Power))
        >>> end.centres[Power.RUSSIA], len(end.survivors)
        (4, 7)
        """
        powers = list(powers)
        counts = {p: 0 for p in powers}
        for owner in position.centres.values():
            if owner in counts:
                counts[owner] += 1
        on_board = position.powers_on_board()
        alive = frozenset(p for p in powers if counts[p] or p in on_board)
        return cls(Ending(ending), counts, alive=alive, **choices)  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class Scores:
    """The scores of one game by one system: exact per power (:class:`~fractions.Fraction`),
    rounded only when shown (:meth:`rounded`). Read-only.

    >>> s = Scores(System.DRAW_SIZE, Ending.DRAW, {Power.FRANCE: Fraction(100, 3),
    ...            Power.ENGLAND: Fraction(100, 3), Power.ITALY: Fraction(100, 3), Power.TURKEY: 0})
    >>> s.rounded(Power.FRANCE), str(s.rounded(Power.TURKEY)), s.total
    (Decimal('33.33'), '0.00', Fraction(100, 1))
    >>> s.by_seat([(Power.ENGLAND,), (Power.FRANCE, Power.TURKEY), (Power.ITALY,)])
    (Fraction(100, 3), Fraction(100, 3), Fraction(100, 3))
    """

    system: System
    ending: Ending
    points: Mapping[Power, Fraction]

    def __post_init__(self) -> None:
        points = {Power(p): Fraction(v) for p, v in self.points.items()}
        object.__setattr__(self, "system", System(self.system))
        object.__setattr__(self, "ending", Ending(self.ending))
        object.__setattr__(self, "points", _frozen(dict(sorted(points.items(), key=_power_order))))

    def __hash__(self) -> int:
        return hash((self.system, self.ending, tuple(self.points.items())))

    def __getitem__(self, power: Power) -> Fraction:
        return self.points[power]

    def __iter__(self) -> Iterator[Power]:
        return iter(self.points)

    def __len__(self) -> int:
        return len(self.points)

    @property
    def total(self) -> Fraction:
        return sum(self.points.values(), Fraction(0))

    def rounded(self, power: Power, places: int = 2) -> Decimal:
        """The score to ``places`` decimals, halves rounded up (``33.335`` → ``33.34``),
        computed from the exact value (never from a float)."""
        return round_half_up(self.points[power], places)

    def ranking(self) -> tuple[tuple[Power, Fraction], ...]:
        """The powers from the highest score down (ties in the order of the powers)."""
        return tuple(sorted(self.points.items(), key=lambda item: (-item[1], _power_order(item))))

    def by_seat(self, seats: Sequence[Iterable[Power]]) -> tuple[Fraction, ...]:
        """Each seat's score: the sum of its powers' (a power not scored counts 0)."""
        return tuple(sum((self.points.get(p, Fraction(0)) for p in seat), Fraction(0)) for seat in seats)


def _power_order(item: tuple[Power, object]) -> int:
    return list(Power).index(item[0])


def round_half_up(value: Fraction, places: int = 2) -> Decimal:
    """An exact fraction as a decimal of ``places`` places, halves away from zero.

    >>> round_half_up(Fraction(100, 3)), round_half_up(Fraction(-1, 8)), round_half_up(Fraction(7), 0)
    (Decimal('33.33'), Decimal('-0.13'), Decimal('7'))
    """
    scaled = abs(value) * 10**places
    units = int(scaled + Fraction(1, 2))  # floor of |x| + 1/2: halves go up
    return Decimal((0 if value >= 0 else 1, tuple(int(d) for d in str(units)), -places))


# -- the sides of a game ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Side:
    powers: tuple[Power, ...]
    centres: int
    alive: bool
    conceded: bool
    eliminated: float  # the year the side lost its last power (inf: not known, ranks last out)


def sides_of(setup: Setup, toss_winner: int | None = None) -> tuple[frozenset[Power], ...] | None:
    """The sides to score by for a game of this setup: the seats when the win counts a
    seat's powers together (the two-player game; Italy joins the toss winner's seat),
    None otherwise (score each power alone).

    >>> from engine.variants import setup_for
    >>> sides_of(setup_for(4)) is None
    True
    >>> [sorted(p.value for p in s) for s in sides_of(setup_for(2), toss_winner=1)]
    [['ENGLAND', 'FRANCE', 'RUSSIA'], ['AUSTRIA', 'GERMANY', 'ITALY', 'TURKEY']]
    """
    if not setup.win_by_seat:
        return None
    return tuple(frozenset(setup.seat_powers(i, toss_winner)) for i in range(len(setup.seats)))


def _sides(end: GameEnd, sides: Sequence[Iterable[Power]] | None) -> list[_Side]:
    groups = (
        [tuple(sorted(set(map(Power, s)), key=list(Power).index)) for s in sides]
        if sides is not None
        else [(p,) for p in end.centres]
    )
    seen: list[Power] = [p for g in groups for p in g]
    if len(seen) != len(set(seen)):
        raise ValueError("a power is in two sides")
    if set(seen) != set(end.centres):
        missing = sorted(set(end.centres) ^ set(seen))
        raise ValueError(f"the sides must hold exactly the powers scored: {', '.join(missing)}")
    survivors = end.survivors
    out = []
    for group in groups:
        if not group:
            raise ValueError("a side without powers")
        years = [end.eliminated.get(p) for p in group]
        last_out = max(float("inf") if y is None else float(y) for y in years)
        out.append(
            _Side(
                group,
                sum(end.centres[p] for p in group),
                any(p in survivors for p in group),
                any(p in end.conceded for p in group),
                last_out,
            )
        )
    return out


def _side_with(sides: list[_Side], winners: frozenset[Power]) -> _Side:
    chosen = [s for s in sides if winners & set(s.powers)]
    if len(chosen) != 1:
        raise ValueError("the winners must be one side")
    return chosen[0]


def score(end: GameEnd, system: System | str, sides: Sequence[Iterable[Power]] | None = None) -> Scores:
    """Score the game ``end`` by ``system``; ``sides``: score groups of powers together
    (see the module docstring; None: each power alone).

    >>> end = GameEnd(Ending.SOLO, {Power.TURKEY: 18, Power.RUSSIA: 9, Power.ENGLAND: 7,
    ...     Power.FRANCE: 0, Power.GERMANY: 0, Power.AUSTRIA: 0, Power.ITALY: 0},
    ...     winners={Power.TURKEY})
    >>> [str(score(end, s)[Power.TURKEY]) for s in System]
    ['100', '100', '100', '28034']
    >>> sorted(set(score(end, System.CARNAGE).points.values()))
    [Fraction(0, 1), Fraction(28034, 1)]
    """
    system = System(system)
    all_sides = _sides(end, sides)
    winners = _winning_side(end, all_sides)
    if winners is not None:
        whole = Fraction(POT) if system is not System.CARNAGE else _carnage_solo(len(all_sides))
        side_points = {winners.powers: whole}
    else:
        playing = [s for s in all_sides if not s.conceded]
        side_points = {
            System.DRAW_SIZE: _draw_size,
            System.SUM_OF_SQUARES: _sum_of_squares,
            System.CENTRE_COUNT: _centre_count,
            System.CARNAGE: lambda ss, e: _carnage(ss, len(all_sides)),
        }[system](playing, end)
    points: dict[Power, Fraction] = {}
    for side in all_sides:
        points.update(_split(side, side_points.get(side.powers, Fraction(0)), end))
    return Scores(system, end.ending, points)


def _winning_side(end: GameEnd, sides: list[_Side]) -> _Side | None:
    if end.ending is not Ending.SOLO and end.ending is not Ending.CONCESSION:
        return None
    if end.winners:
        return _side_with(sides, end.winners)
    standing = sorted((s for s in sides if s.alive and not s.conceded), key=lambda s: -s.centres)
    if not standing or (len(standing) > 1 and standing[0].centres == standing[1].centres):
        raise ValueError("a concession needs a single leader: name the power conceded to")
    return standing[0]


def _split(side: _Side, points: Fraction, end: GameEnd) -> dict[Power, Fraction]:
    """A side's points shared between its powers by their centres (equally without any)."""
    if len(side.powers) == 1:
        return {side.powers[0]: points}
    if side.centres == 0:
        return {p: points / len(side.powers) for p in side.powers}
    return {p: points * end.centres[p] / side.centres for p in side.powers}


def _draw_size(sides: list[_Side], end: GameEnd) -> dict[tuple[Power, ...], Fraction]:
    if end.ending is Ending.DRAW and end.drawn:
        drawn = [s for s in sides if set(s.powers) & end.drawn]
    else:  # a draw of all survivors; an unfinished game counts as one (DIAS)
        drawn = [s for s in sides if s.alive]
    return {s.powers: Fraction(POT, len(drawn)) for s in drawn}


def _shares(sides: list[_Side], weight: int) -> dict[tuple[Power, ...], Fraction]:
    total = sum(s.centres**weight for s in sides)
    if total == 0:
        return {}
    return {s.powers: Fraction(POT * s.centres**weight, total) for s in sides}


def _sum_of_squares(sides: list[_Side], end: GameEnd) -> dict[tuple[Power, ...], Fraction]:
    return _shares(sides, 2)


def _centre_count(sides: list[_Side], end: GameEnd) -> dict[tuple[Power, ...], Fraction]:
    return _shares(sides, 1)


def _carnage_solo(count: int) -> Fraction:
    return Fraction(RANK_STEP * count * (count + 1) // 2 + len(STANDARD.supply_centres))


def _carnage(sides: list[_Side], count: int) -> dict[tuple[Power, ...], Fraction]:
    # survivors by centres, then the eliminated by how late they went out; equal keys tie
    def key(s: _Side) -> tuple[int, float]:
        return (1, s.centres) if s.alive else (0, s.eliminated)

    ordered = sorted(sides, key=key, reverse=True)
    out: dict[tuple[Power, ...], Fraction] = {}
    rank = 0
    while rank < len(ordered):
        tied = [s for s in ordered[rank:] if key(s) == key(ordered[rank])]
        covered = [RANK_STEP * (count - r) for r in range(rank, rank + len(tied))]
        share = Fraction(sum(covered), len(tied))
        for s in tied:
            out[s.powers] = share + s.centres
        rank += len(tied)
    return out
