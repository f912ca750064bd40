"""The JSON shapes of the adjudication command (shared spec engine-cli.md), as values.

Owns reading an input object into a :class:`~engine.position.Position` and the orders
(:func:`position_from_json`, :func:`orders_from_json`), writing a position and a phase's
outcome back as JSON data (:func:`position_to_json`, :func:`outcome_to_json`), and
:func:`adjudicate_object`: one decoded input object in, one output object out.

Bad input raises :class:`InputError`, whose message is one short line naming the bad value
(:func:`brief`: quoted, escaped, cut to a few dozen characters), whatever the input holds.
What is read is checked as far as the board allows, so that a position the engine plays is
one it could have produced: no two units (or two dislodged units) in a province, no centre
owned twice, dislodged units only in a retreat phase, and every retreat option one the unit
could take (next to it, land for an army and water for a fleet, not occupied); and at most
:data:`MAX_ORDERS` order texts per power, so that the output stays bounded. Whatever is
written reads back: phases keep four-digit years (``S0000M``), and an order text is echoed
with any lone surrogate (possible in JSON's ``\\ud800`` escapes, impossible in UTF-8)
replaced by U+FFFD.

:func:`outcome_to_text` writes the output object straight as JSON text (the command's main
path). Pure: no I/O. The command line (:mod:`engine.cli`), the renderer, the bot's storage
and the tools all read and write positions through this module.
"""

from __future__ import annotations

import re
import reprlib
from collections.abc import Callable, Mapping
from json.encoder import encode_basestring as _escape  # the C escaper of json.dumps
from typing import Any

from engine.game import resolve
from engine.map import STANDARD, Location, ProvinceKind
from engine.names import table
from engine.phase import Phase, PhaseKind, Season
from engine.position import Dislodged, Position
from engine.power import Power
from engine.results import PhaseOutcome, Result
from engine.units import Unit, UnitType

LANGUAGES = ("en", "es", "ru", "bg")
LAST_YEAR = 9999  # phases are written with four-digit years
SHOWN = 60  # at most this many characters of a bad value in a message
MAX_ORDERS = 1000  # order texts of one power: more is bad input (the output echoes each one)


class InputError(ValueError):
    """Bad input: not a position the engine can play. The message names the bad value."""


def _short_repr() -> reprlib.Repr:
    r = reprlib.Repr()
    r.maxlevel, r.maxdict, r.maxlist, r.maxtuple = 2, 3, 3, 3
    r.maxstring = r.maxother = r.maxlong = SHOWN
    return r


_REPR = _short_repr()


def brief(value: Any, limit: int = SHOWN) -> str:
    """A bad value as a message shows it: its Python literal (quoted; control characters
    and lone surrogates escaped, so the message is one printable line), at most ``limit``
    characters, cut with an ellipsis. Never slow or deep on a huge or deeply nested value."""
    if isinstance(value, str):
        text = repr(value[: limit + 1])
    elif isinstance(value, int) and value.bit_length() > 1000:  # repr of a huge int is slow, or fails
        text = f"<an integer of about {value.bit_length() * 3 // 10} digits>"
    elif value is None or isinstance(value, (bool, int, float)):
        text = repr(value)
    else:
        text = _REPR.repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


_POWERS = {p.value: p for p in Power}
_OK = Result.OK
_UNIT_TYPES = {"A": UnitType.ARMY, "F": UnitType.FLEET}
_PHASE = re.compile(r"([SFW])([0-9]{4})([MRA])")
_SURROGATE = re.compile("[\ud800-\udfff]")


def _phase(value: Any) -> Phase:
    match = _PHASE.fullmatch(value.strip().upper()) if isinstance(value, str) else None
    if match is None:
        raise InputError(f"malformed phase {brief(value)} (expected e.g. 'S1901M', 'F1901R', 'W1901A')")
    try:
        return Phase(int(match[2]), Season(match[1]), PhaseKind(match[3]))
    except ValueError:  # e.g. a spring adjustment phase
        raise InputError(f"no such phase {brief(value)} (spring and fall have M and R phases, winter has A)") from None


def phase_to_json(phase: Phase) -> str:
    """``S1901M``; the year always in four digits, as it is read (``S0000M``)."""
    return f"{phase.season.value}{phase.year:04d}{phase.kind.value}"


def _power(name: Any) -> Power:
    if not isinstance(name, str):
        raise InputError(f"power must be a string, not {brief(name)}")
    power = _POWERS.get(name) or _POWERS.get(name.strip().upper())
    if power is None:
        raise InputError(f"unknown power {brief(name)}")
    return power


def _location(text: Any, what: str) -> Location:
    if not isinstance(text, str):
        raise InputError(f"malformed place {brief(text)} in {what} (expected e.g. 'PAR' or 'STP/NC')")
    loc = STANDARD.location(text)
    if loc is None:
        parsed = Location.parse(text)
        if parsed.province not in STANDARD.provinces:
            raise InputError(f"unknown province {brief(text)} in {what}")
        raise InputError(f"unknown coast {brief(text)} in {what}")
    return loc


def _canonical_units() -> dict[Power, dict[str, Unit]]:
    """Every unit the standard board can hold, per power, by its canonical text (``A PAR``,
    ``F STP/NC``): the units of a position are looked up, not parsed (the hot path of every
    phase read), and shared, as units are values. Built once at import; never changed."""
    out: dict[Power, dict[str, Unit]] = {}
    for power in Power:
        units = out[power] = {}
        for code, province in STANDARD.provinces.items():
            if province.is_land:
                units[f"A {code}"] = Unit(power, UnitType.ARMY, STANDARD.location(code))  # type: ignore[arg-type]
            if province.kind is not ProvinceKind.INLAND:
                for text in [f"{code}/{c}" for c in province.coasts] or [code]:
                    units[f"F {text}"] = Unit(power, UnitType.FLEET, STANDARD.location(text))  # type: ignore[arg-type]
    return out


_UNITS = _canonical_units()


def _unit(power: Power, text: Any) -> Unit:
    """One unit of the input: canonical (``A PAR``) or any case and spacing, ``F SPA(NC)``;
    an army's coast is dropped. Anything else is bad input, saying why."""
    if not isinstance(text, str):
        raise InputError(f"malformed unit {brief(text)} of {power.value}")
    unit = _UNITS[power].get(text)
    if unit is not None:
        return unit
    parts = text.split()
    utype = _UNIT_TYPES.get(parts[0].upper()) if len(parts) == 2 else None
    shown = brief(text)
    if utype is None:
        raise InputError(f"malformed unit {shown} of {power.value} (expected e.g. 'A PAR' or 'F STP/SC')")
    loc = _location(parts[1], f"unit {shown}")
    province = STANDARD.provinces[loc.province]
    if utype is UnitType.ARMY:
        if province.is_sea:
            raise InputError(f"malformed unit {shown}: an army cannot stand at sea")
        loc = loc.without_coast()
    else:
        if province.kind is ProvinceKind.INLAND:
            raise InputError(f"malformed unit {shown}: a fleet cannot stand inland")
        if province.coasts and loc.coast is None:
            raise InputError(f"malformed unit {shown}: say which coast of {loc.province}")
    return _UNITS[power][f"{utype.value} {loc}"]


def _mapping(obj: Any, what: str) -> Mapping:
    if obj is None:
        return {}
    if not isinstance(obj, dict):
        raise InputError(f"{what} must be an object keyed by power, not {brief(obj)}")
    return obj


def _list(obj: Any, what: str) -> list:
    if not isinstance(obj, list):
        raise InputError(f"{what} must be a list, not {brief(obj)}")
    return obj


def _units(obj: Any) -> dict[str, Unit]:
    """The units of the input by province (two in one province are bad input)."""
    by_province: dict[str, Unit] = {}
    for name, items in _mapping(obj, "'units'").items():
        power = _power(name)
        canonical = _UNITS[power]  # the hot loop of every phase read: kept lean
        for text in _list(items, f"units of {power.value}"):
            unit = (type(text) is str and canonical.get(text)) or _unit(power, text)
            province = unit.location.province
            if province in by_province:
                other = by_province[province]
                raise InputError(f"two units in {province} ({other.power.value} {other} and {power.value} {unit})")
            by_province[province] = unit
    return by_province


def _centres(obj: Any) -> dict[str, Power] | None:
    if obj is None:
        return None  # the 1901 ownership
    centres: dict[str, Power] = {}
    for name, items in _mapping(obj, "'centers'").items():
        power = _power(name)
        for code in _list(items, f"centers of {power.value}"):
            if not isinstance(code, str) or code not in STANDARD.supply_centres:
                loc = _location(code, f"centers of {power.value}")
                if loc.province not in STANDARD.supply_centres:
                    raise InputError(f"{brief(code)} in centers of {power.value} is not a supply centre")
                code = loc.province
            owner = centres.setdefault(code, power)
            if owner is not power:
                raise InputError(f"centre {code} is listed for two powers ({owner.value} and {power.value})")
    return centres


def _retreat_option(unit: Unit, text: Any, occupied: Mapping[str, Unit]) -> Location:
    """One retreat option of the input, checked against the board: a place next to the unit
    that a unit of its type can stand on, and not occupied. (What the input cannot show, such
    as where the attacker came from or a standoff, is taken on trust.)"""
    what = f"retreats of {unit}"
    loc = _location(text, what)
    if unit.type is UnitType.ARMY:
        if loc.province not in STANDARD.army_neighbours(unit.province):
            why = "is at sea" if STANDARD.provinces[loc.province].is_sea else "is not next to it"
            raise InputError(f"{unit} cannot retreat to {brief(text)}: it {why}")
        loc = loc.without_coast()
    else:
        reachable = STANDARD.fleet_coasts_reachable(unit.location, loc.province)
        if not reachable:
            raise InputError(f"{unit} cannot retreat to {brief(text)}: a fleet cannot get there")
        if loc.coast is None and len(reachable) == 1:
            loc = reachable[0]  # the one coast the fleet can reach
        elif loc not in reachable:
            raise InputError(
                f"{unit} cannot retreat to {brief(text)}: say which coast it reaches "
                f"({' or '.join(map(str, reachable))})"
            )
    if loc.province in occupied:
        raise InputError(
            f"{unit} cannot retreat to {brief(text)}: {occupied[loc.province]} "
            f"of {occupied[loc.province].power.value} is there"
        )
    return loc


def _dislodged(obj: Any, phase: Phase, occupied: Mapping[str, Unit]) -> dict[str, Dislodged]:
    """The dislodged units by province, their retreat options checked against the board."""
    out: dict[str, Dislodged] = {}
    for name, items in _mapping(obj, "'dislodged'").items():
        power = _power(name)
        if not isinstance(items, dict):
            raise InputError(f"dislodged units of {power.value} must be an object, not {brief(items)}")
        for text, options in items.items():
            unit = _unit(power, text)
            if not phase.is_retreat:
                raise InputError(
                    f"dislodged unit {brief(text)} of {power.value} in {phase_to_json(phase)}: "
                    f"only a retreat phase has dislodged units"
                )
            if unit.province in out:
                other = out[unit.province].unit
                raise InputError(
                    f"two dislodged units in {unit.province} ({other.power.value} {other} and {power.value} {unit})"
                )
            retreats = tuple(
                dict.fromkeys(  # each place once, in the order given
                    _retreat_option(unit, o, occupied) for o in _list(options, f"retreat options of {unit}")
                )
            )
            out[unit.province] = Dislodged(unit, retreats)
    return out


def position_from_json(obj: Mapping[str, Any]) -> Position:
    """Read the position part of an input object (phase, units, centers, dislodged)."""
    if not isinstance(obj, dict):
        raise InputError(f"the input must be a JSON object, not {brief(obj)}")
    if "phase" not in obj:
        raise InputError("missing 'phase'")
    if "units" not in obj:
        raise InputError("missing 'units'")
    phase = _phase(obj["phase"])
    units = _units(obj["units"])
    centres = _centres(obj.get("centers"))
    if centres is None:
        centres = {c: p for p, homes in STANDARD.home_centres.items() for c in homes}
    dislodged = _dislodged(obj.get("dislodged"), phase, units)
    return Position(phase, units, centres, dislodged, STANDARD)


def orders_from_json(obj: Mapping[str, Any]) -> dict[Power, list[str]]:
    """The ``orders`` of an input object: each power's order texts."""
    out: dict[Power, list[str]] = {}
    for name, items in _mapping(obj.get("orders"), "'orders'").items():
        power = _power(name)
        if items is None:
            items = []  # a power that sent no orders
        texts = []
        if isinstance(items, list) and len(items) > MAX_ORDERS:
            raise InputError(
                f"{len(items):,} orders of {power.value}: at most {MAX_ORDERS:,} are read "
                f"(a power has at most 34 units)"
            )
        for item in _list(items, f"orders of {power.value}"):
            if not isinstance(item, str):
                raise InputError(f"orders of {power.value} must be strings, not {brief(item)}")
            # a lone surrogate cannot be written as UTF-8: the echo shows U+FFFD in its place
            texts.append(item if item.isascii() else _SURROGATE.sub("\ufffd", item))
        out[power] = texts
    return out


def _language(obj: Mapping[str, Any]) -> str:
    language = obj.get("language")
    if language is None or language == "":
        return "en"
    if language not in LANGUAGES:
        raise InputError(f"unknown language {brief(language)} (use one of {', '.join(LANGUAGES)})")
    try:
        table(language)
    except ValueError:
        raise InputError(f"language {brief(language)} is not available yet") from None
    return language


def position_to_json(position: Position) -> dict[str, Any]:
    """A position as the ``next`` of an output object (also a valid input object)."""
    # Power is a str enum: it serialises as its name without going through .value
    units: dict[str, list[str]] = {}
    for unit in position.units.values():
        units.setdefault(unit.power, []).append(str(unit))
    centres: dict[str, list[str]] = {}
    for code, power in position.centres.items():
        centres.setdefault(power, []).append(code)
    dislodged: dict[str, dict[str, list[str]]] = {}
    for d in position.dislodged.values():
        dislodged.setdefault(d.unit.power, {})[str(d.unit)] = [str(o) for o in d.retreats]
    return {
        "phase": phase_to_json(position.phase),
        "units": {p: sorted(v) for p, v in sorted(units.items())},
        "centers": {p: sorted(v) for p, v in sorted(centres.items())},
        "dislodged": {p: dict(sorted(v.items())) for p, v in sorted(dislodged.items())},
    }


def outcome_to_json(outcome: PhaseOutcome) -> dict[str, Any]:
    """A phase's outcome as an output object."""
    return {
        "phase": phase_to_json(outcome.phase_position.phase),
        "orders": [
            {"power": r.power, "order": r.text, "ok": r.result is _OK, "result": r.result} for r in outcome.results
        ],
        "destroyed": [f"{u.power} {u}" for u in outcome.destroyed],
        "next": position_to_json(outcome.next),
        "winner": outcome.winner.value if outcome.winner else None,
    }


def _strings(texts: list[str]) -> str:
    # texts the engine made (codes, units, phases): nothing in them needs escaping
    return '["' + '", "'.join(texts) + '"]' if texts else "[]"


def _objects(items: Mapping[str, Any], value: Callable[[Any], str]) -> str:
    return "{" + ", ".join([f'"{key}": {value(v)}' for key, v in items.items()]) + "}"


def _dislodged_text(units: Mapping[str, list[str]]) -> str:
    return _objects(units, _strings)


def position_to_text(position: Position) -> str:
    """:func:`position_to_json` as JSON text: the same as ``json.dumps`` of it (with
    ``ensure_ascii=False``), character for character, written directly because the
    adjudication command writes one position per phase (a test holds the two together)."""
    d = position_to_json(position)
    return (
        f'{{"phase": "{d["phase"]}", "units": {_objects(d["units"], _strings)}, '
        f'"centers": {_objects(d["centers"], _strings)}, '
        f'"dislodged": {_objects(d["dislodged"], _dislodged_text)}}}'
    )


def outcome_to_text(outcome: PhaseOutcome) -> str:
    """:func:`outcome_to_json` as JSON text, character for character what ``json.dumps``
    (``ensure_ascii=False``) would write, about twice as fast: the main path of the command.
    Order texts (an unreadable one is echoed as given) are escaped; the rest is the engine's."""
    esc, ok = _escape, _OK
    orders = ", ".join(
        [
            f'{{"power": "{r.power}", "order": {esc(r.text)}, '
            f'"ok": {"true" if r.result is ok else "false"}, "result": "{r.result}"}}'
            for r in outcome.results
        ]
    )
    destroyed = _strings([f"{u.power} {u}" for u in outcome.destroyed])
    winner = f'"{outcome.winner.value}"' if outcome.winner else "null"
    return (
        f'{{"phase": "{phase_to_json(outcome.phase_position.phase)}", "orders": [{orders}], '
        f'"destroyed": {destroyed}, "next": {position_to_text(outcome.next)}, "winner": {winner}}}'
    )


def resolve_object(obj: Mapping[str, Any]) -> PhaseOutcome:
    """Play one input object of the contract; raise :class:`InputError` on bad input."""
    position = position_from_json(obj)
    orders = orders_from_json(obj)
    outcome = resolve(position, orders, language=_language(obj))
    if outcome.next.phase.year > LAST_YEAR:
        # the next phase could not be written in the notation, so it could not be read back
        raise InputError(
            f"{phase_to_json(position.phase)} is too late: the game cannot go on past the year {LAST_YEAR}"
        )
    return outcome


def adjudicate_object(obj: Mapping[str, Any]) -> dict[str, Any]:
    """Adjudicate one input object of the contract: the output object, as JSON data.
    Raises :class:`InputError` on bad input."""
    return outcome_to_json(resolve_object(obj))


# -- the player command (shared spec engine-play.md) ------------------------------------------


def _play_powers(obj: Mapping[str, Any]) -> list[Power] | None:
    value = obj.get("powers")
    if value is None:
        return None
    return list(dict.fromkeys(_power(name) for name in _list(value, "'powers'")))


def _player(obj: Mapping[str, Any]) -> str:
    from engine.players import PLAYERS

    value = obj.get("player")
    if value is None:
        return "caretaker"
    if not isinstance(value, str) or value not in PLAYERS:
        raise InputError(f"unknown player {brief(value)} (use one of {', '.join(PLAYERS)})")
    return value


def _seed(obj: Mapping[str, Any]) -> int:
    value = obj.get("seed")
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(f"seed must be an integer, not {brief(value)}")
    return value


def play_object(obj: Mapping[str, Any]) -> dict[str, Any]:
    """Answer one input object of ``python -m engine play`` (engine-play.md): the output
    object, as JSON data. Raises :class:`InputError` on bad input."""
    from engine.players import play  # here: the players import the game, which codec also does

    position = position_from_json(obj)
    powers = _play_powers(obj)
    player, seed = _player(obj), _seed(obj)
    orders = play(position, powers, player=player, seed=seed)
    return {
        "phase": phase_to_json(position.phase),
        "orders": {power.value: [str(o) for o in items] for power, items in orders.items()},
    }
