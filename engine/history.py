"""A game's history as a documented JSON document (``docs/history-format.md``), as values.

Owns :class:`History` (the game's metadata, :class:`GameInfo`; one :class:`PhaseRecord`
per stored phase: the position at the start of the phase and every order's result; and,
once the game is over, how it ended and its scores), building it from the phases as the
bot stores them (:meth:`History.from_rows`: never re-adjudicated), writing it
(:meth:`History.to_json`, :meth:`History.to_text`), reading it back with every value
checked (:meth:`History.from_json`: bad input raises :class:`HistoryError` naming the
phase and the value), and the centre counts per year that the supply-centre chart plots
(:meth:`History.centres_by_year`).

Positions use the shapes of the adjudication command's input (``phase``, ``units``,
``centers``, ``dislodged``: :mod:`engine.codec`), and results the entries of its output
(``power``, ``order``, ``ok``, ``result``), so a tool that speaks the command speaks this.
Pure: no I/O.

>>> from engine.codec import position_to_json
>>> start = position_to_json(Position.initial())
>>> rows = [(start, [{"power": "FRANCE", "order": "A PAR - BUR", "ok": True, "result": "ok"}])]
>>> h = History.from_rows(GameInfo("Friday game"), rows)
>>> [str(p.phase) for p in h.phases], h.phases[0].results[0].order
(['S1901M'], 'A PAR - BUR')
>>> History.from_json(h.to_json()) == h
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from engine.codec import LANGUAGES, InputError, brief, phase_to_json, position_from_json, position_to_json
from engine.phase import Phase, Season
from engine.position import Position
from engine.power import Power
from engine.results import Result
from engine.scoring import Ending, GameEnd, Scores, System
from engine.variants import STANDARD_VARIANT, Setup, setup_for

FORMAT = "diplomacy-history"  # the document's "format": what it is
VERSION = 1  # its "version": a reader refuses a newer one

Scalar = str | int | float | bool | None


class HistoryError(InputError):
    """Not a history this module can read; the message names the phase and the value."""


@dataclass(frozen=True, slots=True)
class OrderRecord:
    """One order of a phase and what became of it: the entry of the adjudication command's
    output (``ok`` is ``result is Result.OK``). ``order`` is the canonical text, or the
    text as given when it could not be read."""

    power: Power
    order: str
    result: Result

    @property
    def ok(self) -> bool:
        return self.result is Result.OK

    def to_json(self) -> dict[str, Any]:
        return {"power": self.power.value, "order": self.order, "ok": self.ok, "result": self.result.value}


@dataclass(frozen=True, slots=True)
class PhaseRecord:
    """A phase: the position at its start and its orders' results (None when it was not
    played: the phase the game stopped at)."""

    position: Position
    results: tuple[OrderRecord, ...] | None = None

    @property
    def phase(self) -> Phase:
        return self.position.phase

    @property
    def played(self) -> bool:
        return self.results is not None

    def to_json(self) -> dict[str, Any]:
        """The position's input object with ``results`` added."""
        out = position_to_json(self.position)
        out["results"] = None if self.results is None else [r.to_json() for r in self.results]
        return out

    def __hash__(self) -> int:  # a Position holds dicts: hash what identifies the record
        return hash((self.position.phase, self.results))


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What the game was: its name, the number of players (which fixes the powers each
    seat plays, the neutral powers and the victory condition: :mod:`engine.variants`), the
    language of its posts, the seat that won the two-player game's coin toss, its last
    year, its scoring system, and ``settings``: any other choice the caller wants kept
    (deadlines, civil-disorder policy...), as names to plain JSON values."""

    name: str
    players: int = 7
    language: str = "en"
    toss_winner: int | None = None
    year_limit: int | None = None
    scoring: System | None = None
    settings: Mapping[str, Scalar] = field(default_factory=dict)
    variant: str = STANDARD_VARIANT  # "standard" or a duel's name (engine.variants.DUELS)
    fog: bool = False  # played with Fog of War (engine.fog)

    def __post_init__(self) -> None:
        setup = setup_for(self.players, self.variant)  # ValueError for a number of players the game does not have
        if self.toss_winner is not None and (setup.toss_power is None or not 0 <= self.toss_winner < len(setup.seats)):
            raise ValueError(f"no seat {self.toss_winner} can win a coin toss in a game of {self.players} players")
        if self.language not in LANGUAGES:
            raise ValueError(f"unknown language {brief(self.language)} (use one of {', '.join(LANGUAGES)})")
        if self.scoring is not None:
            object.__setattr__(self, "scoring", System(self.scoring))
        object.__setattr__(self, "settings", MappingProxyType(dict(self.settings)))

    def __hash__(self) -> int:
        return hash(
            (
                self.name,
                self.players,
                self.language,
                self.toss_winner,
                self.year_limit,
                self.scoring,
                tuple(sorted(self.settings.items())),
                self.variant,
                self.fog,
            )
        )

    @property
    def setup(self) -> Setup:
        return setup_for(self.players, self.variant)

    def to_json(self) -> dict[str, Any]:
        setup = self.setup
        return {
            "name": self.name,
            "map": "standard",
            "players": self.players,
            "variant": self.variant,
            "fog": self.fog,
            "language": self.language,
            # what the number of players means, written out for tools that do not know
            # engine.variants (a reader takes them from "players")
            "seats": [[p.value for p in setup.seat_powers(i, self.toss_winner)] for i in range(len(setup.seats))],
            "neutral": sorted(p.value for p in setup.neutral),
            "powers": sorted(p.value for p in setup.powers),
            "start_year": setup.start_year,
            "victory": {"centres": setup.win_centres, "by_seat": setup.win_by_seat},
            "toss_winner": self.toss_winner,
            "year_limit": self.year_limit,
            "scoring": self.scoring.value if self.scoring else None,
            "settings": dict(self.settings),
        }


@dataclass(frozen=True, slots=True)
class History:
    """A game's history; see the module docstring. ``phases`` are in the order played;
    only the last may be unplayed. ``end`` and ``scores``: how a finished game ended and
    its scores (None while it goes on)."""

    game: GameInfo
    phases: tuple[PhaseRecord, ...]
    end: GameEnd | None = None
    scores: Scores | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "phases", tuple(self.phases))
        if not self.phases:
            raise HistoryError("a history needs at least one phase")
        _check_order(self.phases)

    @property
    def played(self) -> tuple[PhaseRecord, ...]:
        """The phases that were played (each with its results)."""
        return tuple(p for p in self.phases if p.played)

    @property
    def final(self) -> Position:
        """The last position stored: where the game stands (or stopped)."""
        return self.phases[-1].position

    # -- building and writing -------------------------------------------------------------------
    @classmethod
    def from_rows(
        cls,
        game: GameInfo,
        rows: Iterable[tuple[Mapping[str, Any], Sequence[Mapping[str, Any]] | None]],
        end: GameEnd | None = None,
        scores: Scores | None = None,
    ) -> History:
        """The history of the phases as the bot stores them: (position JSON, results JSON
        or None) per phase, decoded, in any order (they are put in the order played).
        Nothing is re-adjudicated. HistoryError for a row that cannot be read."""
        records = [_phase_record(position, results, f"row {i + 1}") for i, (position, results) in enumerate(rows)]
        records.sort(key=lambda r: r.phase)
        return cls(game, tuple(records), end, scores)

    def to_json(self) -> dict[str, Any]:
        """The document as JSON data (see ``docs/history-format.md``)."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game.to_json(),
            "phases": [p.to_json() for p in self.phases],
            "end": end_to_json(self.end, self.scores),
        }

    def to_text(self, indent: int | None = None) -> str:
        """The document as JSON text (UTF-8 safe: names are written as they are)."""
        return json.dumps(self.to_json(), ensure_ascii=False, indent=indent)

    # -- reading -----------------------------------------------------------------------------------
    @classmethod
    def from_json(cls, obj: Any) -> History:
        """Read a document back into values, checking every value; HistoryError says what
        is wrong and where."""
        if not isinstance(obj, dict):
            raise HistoryError(f"a history must be a JSON object, not {brief(obj)}")
        if obj.get("format") != FORMAT:
            raise HistoryError(f"not a history: 'format' is {brief(obj.get('format'))}, not {FORMAT!r}")
        version = obj.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or not 1 <= version <= VERSION:
            raise HistoryError(f"history version {brief(version)} is not one this reader knows (1 to {VERSION})")
        game = _game_from_json(obj.get("game"))
        phases = obj.get("phases")
        if not isinstance(phases, list) or not phases:
            raise HistoryError(f"'phases' must be a list of at least one phase, not {brief(phases)}")
        records = []
        for i, item in enumerate(phases):
            if not isinstance(item, dict):
                raise HistoryError(f"phase {i + 1} must be an object, not {brief(item)}")
            records.append(_phase_record(item, item.get("results"), f"phase {i + 1}"))
        end, scores = end_from_json(obj.get("end"))
        return cls(game, tuple(records), end, scores)

    @classmethod
    def from_text(cls, text: str | bytes) -> History:
        try:
            obj = json.loads(text)
        except (ValueError, RecursionError) as e:
            raise HistoryError(f"not JSON: {brief(str(e))}") from None
        return cls.from_json(obj)

    # -- what the chart plots ------------------------------------------------------------------------
    def centres_by_year(self) -> tuple[tuple[int, Mapping[Power, int]], ...]:
        """Each power's centre count at the start of each year, from the first year to the
        year after the last played fall (the final count): ``(1901, {...}), (1902, {...})``.
        Every power that ever held a centre is in every count (0 once it has none).

        Centres change hands only at the end of a fall turn, so the count at the start of
        a year is that of any phase of the year before its fall, or of the winter before.

        >>> from engine.codec import position_to_json
        >>> h = History.from_rows(GameInfo("g"), [(position_to_json(Position.initial()), None)])
        >>> year, counts = h.centres_by_year()[0]
        >>> year, counts[Power.RUSSIA], counts[Power.FRANCE]
        (1901, 4, 3)
        """
        by_year: dict[int, dict[Power, int]] = {}
        for record in self.phases:
            phase = record.phase
            year = phase.year + 1 if phase.season is Season.WINTER else phase.year
            if year not in by_year:
                counts: dict[Power, int] = {}
                for owner in record.position.centres.values():
                    counts[owner] = counts.get(owner, 0) + 1
                by_year[year] = counts
        powers = [p for p in Power if any(p in c for c in by_year.values())]
        return tuple(
            (year, MappingProxyType({p: counts.get(p, 0) for p in powers})) for year, counts in sorted(by_year.items())
        )


# -- reading the parts ------------------------------------------------------------------------------


def _check_order(phases: tuple[PhaseRecord, ...]) -> None:
    for before, after in zip(phases, phases[1:]):
        if before.phase == after.phase:
            raise HistoryError(f"{phase_to_json(after.phase)} is there twice")
        if not before.phase < after.phase:
            raise HistoryError(f"phases out of order: {phase_to_json(after.phase)} after {phase_to_json(before.phase)}")
        if not before.played:
            raise HistoryError(
                f"{phase_to_json(before.phase)} has no results, but the game went on "
                f"(only the last phase may be unplayed)"
            )


def _phase_record(position: Any, results: Any, where: str) -> PhaseRecord:
    try:
        pos = position_from_json(position)
    except InputError as e:
        raise HistoryError(f"{where}: {e}") from None
    where = f"{where} ({phase_to_json(pos.phase)})"
    if results is None:
        return PhaseRecord(pos, None)
    if not isinstance(results, list):
        raise HistoryError(f"{where}: 'results' must be a list or null, not {brief(results)}")
    return PhaseRecord(pos, tuple(_order_record(r, where) for r in results))


_RESULTS = {r.value: r for r in Result}


def _order_record(obj: Any, where: str) -> OrderRecord:
    if not isinstance(obj, dict):
        raise HistoryError(f"{where}: a result must be an object, not {brief(obj)}")
    power = _power(obj.get("power"), where)
    order = obj.get("order")
    if not isinstance(order, str):
        raise HistoryError(f"{where}: 'order' must be a string, not {brief(order)}")
    result = _RESULTS.get(obj.get("result"))  # type: ignore[arg-type]
    if result is None:
        raise HistoryError(f"{where}: unknown result {brief(obj.get('result'))} of {brief(order)}")
    ok = obj.get("ok")
    if ok is not None and ok is not (result is Result.OK):
        raise HistoryError(f"{where}: {brief(order)} has ok {brief(ok)} but result {result.value!r}")
    return OrderRecord(power, order, result)


def _power(value: Any, where: str) -> Power:
    try:
        return Power(value)
    except ValueError:
        raise HistoryError(f"{where}: unknown power {brief(value)}") from None


def _powers(values: Any, where: str) -> frozenset[Power]:
    if not isinstance(values, list):
        raise HistoryError(f"{where} must be a list of powers, not {brief(values)}")
    return frozenset(_power(v, where) for v in values)


def _counts(obj: Any, where: str, what: str) -> dict[Power, int]:
    if not isinstance(obj, dict):
        raise HistoryError(f"{where} must be an object keyed by power, not {brief(obj)}")
    out = {}
    for name, value in obj.items():
        if not isinstance(value, int) or isinstance(value, bool):
            raise HistoryError(f"{where}: {what} of {brief(name)} must be a whole number, not {brief(value)}")
        out[_power(name, where)] = value
    return out


def _optional_int(obj: Mapping[str, Any], key: str) -> int | None:
    value = obj.get(key)
    if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
        raise HistoryError(f"game {key!r} must be a whole number or null, not {brief(value)}")
    return value


def _game_from_json(obj: Any) -> GameInfo:
    if not isinstance(obj, dict):
        raise HistoryError(f"'game' must be an object, not {brief(obj)}")
    name, language = obj.get("name"), obj.get("language", "en")
    if not isinstance(name, str):
        raise HistoryError(f"game 'name' must be a string, not {brief(name)}")
    if not isinstance(language, str):
        raise HistoryError(f"game 'language' must be a string, not {brief(language)}")
    players = _optional_int(obj, "players")
    settings = obj.get("settings") or {}
    if not isinstance(settings, dict) or not all(
        isinstance(v, (str, int, float, bool)) or v is None for v in settings.values()
    ):
        raise HistoryError(f"game 'settings' must map names to plain values, not {brief(settings)}")
    toss_winner = _optional_int(obj, "toss_winner")
    variant, fog = obj.get("variant", STANDARD_VARIANT), obj.get("fog", False)
    if not isinstance(variant, str):
        raise HistoryError(f"game 'variant' must be a string, not {brief(variant)}")
    if not isinstance(fog, bool):
        raise HistoryError(f"game 'fog' must be true or false, not {brief(fog)}")
    try:
        return GameInfo(
            name,
            7 if players is None else players,
            language,
            toss_winner,
            _optional_int(obj, "year_limit"),
            obj.get("scoring"),
            settings,
            variant,
            fog,
        )
    except ValueError as e:
        raise HistoryError(f"game: {e}") from None


def end_to_json(end: GameEnd | None, scores: Scores | None) -> dict[str, Any] | None:
    """The document's ``end`` object: how a game ended and its scores (None for neither).
    The bot keeps it with each finished game, so the history it writes later is the same."""
    if end is None and scores is None:
        return None
    out: dict[str, Any] = {}
    if end is not None:
        out.update(
            {
                "ending": end.ending.value,
                "centres": {p.value: n for p, n in end.centres.items()},
                "survivors": sorted(p.value for p in end.survivors),
                "winners": sorted(p.value for p in end.winners),
                "drawn": sorted(p.value for p in end.drawn),
                "conceded": sorted(p.value for p in end.conceded),
                "eliminated": {p.value: y for p, y in end.eliminated.items()},
            }
        )
    if scores is not None:
        out["scores"] = {
            "system": scores.system.value,
            "ending": scores.ending.value,
            # exact as a fraction's text ("100/3"): a JSON number could not hold it
            "points": {p.value: str(v) for p, v in scores.points.items()},
            "rounded": {p.value: float(scores.rounded(p)) for p in scores},
        }
    return out


def end_from_json(obj: Any) -> tuple[GameEnd | None, Scores | None]:
    """The ``end`` object read back (HistoryError says what is wrong)."""
    if obj is None:
        return None, None
    if not isinstance(obj, dict):
        raise HistoryError(f"'end' must be an object or null, not {brief(obj)}")
    end = scores = None
    try:
        if "ending" in obj:
            end = GameEnd(
                Ending(obj["ending"]),
                _counts(obj.get("centres"), "end 'centres'", "the centres"),
                winners=_powers(obj.get("winners", []), "end 'winners'"),
                drawn=_powers(obj.get("drawn", []), "end 'drawn'"),
                conceded=_powers(obj.get("conceded", []), "end 'conceded'"),
                alive=_powers(obj["survivors"], "end 'survivors'") if "survivors" in obj else None,
                eliminated=_counts(obj.get("eliminated", {}), "end 'eliminated'", "the year"),
            )
        if obj.get("scores") is not None:
            s = obj["scores"]
            if not isinstance(s, dict) or not isinstance(s.get("points"), dict):
                raise HistoryError(f"end 'scores' must be an object with 'points', not {brief(s)}")
            points = {_power(p, "end 'scores'"): _fraction(v) for p, v in s["points"].items()}
            scores = Scores(System(str(s.get("system"))), Ending(str(s.get("ending"))), points)
    except HistoryError:
        raise
    except ValueError as e:
        raise HistoryError(f"end: {e}") from None
    return end, scores


def _fraction(value: Any) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise HistoryError(f"a score must be a fraction's text such as '100/3', not {brief(value)}")
    try:
        return Fraction(value)
    except (ValueError, ZeroDivisionError):
        raise HistoryError(f"a score must be a fraction's text such as '100/3', not {brief(value)}") from None
