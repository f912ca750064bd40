"""The JSON shapes of the adjudication command (shared spec engine-cli.md), as values.

Owns reading an input object into a :class:`~engine.position.Position` and the orders
(:func:`position_from_json`, :func:`orders_from_json`), writing a position and a phase's
outcome back as JSON data (:func:`position_to_json`, :func:`outcome_to_json`), and
:func:`adjudicate_object`: one decoded input object in, one output object out. Bad input
raises :class:`InputError`, whose message names the bad value.

Pure: no I/O. The command line (:mod:`engine.cli`), the renderer, the bot's storage and the
tools all read and write positions through this module.
"""
from __future__ import annotations

import functools
from typing import Any, Mapping

from engine.game import resolve
from engine.map import STANDARD, Location, ProvinceKind
from engine.names import table
from engine.phase import Phase
from engine.position import Dislodged, Position
from engine.power import Power
from engine.results import PhaseOutcome, Result
from engine.units import Unit, UnitType

LANGUAGES = ("en", "es", "ru", "bg")


class InputError(ValueError):
    """Bad input: not a position the engine can play. The message names the bad value."""


_POWERS = {p.value: p for p in Power}
_OK = Result.OK
_UNIT_TYPES = {"A": UnitType.ARMY, "F": UnitType.FLEET}


def _power(name: Any) -> Power:
    if not isinstance(name, str):
        raise InputError(f"power must be a string, not {name!r}")
    power = _POWERS.get(name) or _POWERS.get(name.strip().upper())
    if power is None:
        raise InputError(f"unknown power {name!r}")
    return power


def _location(text: str, what: str) -> Location:
    loc = STANDARD.location(text)
    if loc is None:
        parsed = Location.parse(text)
        if parsed.province not in STANDARD.provinces:
            raise InputError(f"unknown province {text!r} in {what}")
        raise InputError(f"unknown coast {text!r} in {what}")
    return loc


def _unit(power: Power, text: Any) -> Unit:
    if not isinstance(text, str):
        raise InputError(f"malformed unit {text!r} of {power.value}")
    return _read_unit(power, text)


@functools.lru_cache(maxsize=4096)
def _read_unit(power: Power, text: str) -> Unit:
    """One unit of the input (cached: units are values, and the same few hundred texts
    come back in every position)."""
    parts = text.split()
    utype = _UNIT_TYPES.get(parts[0].upper()) if len(parts) == 2 else None
    if utype is None:
        raise InputError(f"malformed unit {text!r} of {power.value} (expected e.g. 'A PAR' or 'F STP/SC')")
    loc = _location(parts[1], f"unit {text!r}")
    province = STANDARD.provinces[loc.province]
    if utype is UnitType.ARMY:
        if province.is_sea:
            raise InputError(f"malformed unit {text!r}: an army cannot stand at sea")
        if loc.coast is not None:
            loc = STANDARD.location(loc.province)  # type: ignore[assignment]
    else:
        if province.kind is ProvinceKind.INLAND:
            raise InputError(f"malformed unit {text!r}: a fleet cannot stand inland")
        if province.coasts and loc.coast is None:
            raise InputError(f"malformed unit {text!r}: say which coast of {loc.province}")
    return Unit(power, utype, loc)


def _mapping(obj: Any, what: str) -> Mapping:
    if obj is None:
        return {}
    if not isinstance(obj, dict):
        raise InputError(f"{what} must be an object keyed by power")
    return obj


def position_from_json(obj: Mapping[str, Any]) -> Position:
    """Read the position part of an input object (phase, units, centers, dislodged)."""
    if not isinstance(obj, dict):
        raise InputError("the input must be a JSON object")
    if "phase" not in obj:
        raise InputError("missing 'phase'")
    if "units" not in obj:
        raise InputError("missing 'units'")
    try:
        phase = Phase.parse(str(obj["phase"]))
    except ValueError:
        raise InputError(f"malformed phase {obj['phase']!r}") from None
    units: list[Unit] = []
    seen: dict[str, str] = {}
    for name, items in _mapping(obj["units"], "'units'").items():
        power = _power(name)
        if not isinstance(items, list):
            raise InputError(f"units of {power.value} must be a list")
        for text in items:
            unit = _unit(power, text)
            if unit.province in seen:
                raise InputError(f"two units in {unit.province} ({seen[unit.province]!r} and {text!r})")
            seen[unit.province] = text
            units.append(unit)
    centres: dict[str, Power] | None = None
    if obj.get("centers") is not None:
        centres = {}
        for name, items in _mapping(obj["centers"], "'centers'").items():
            power = _power(name)
            for code in items:
                if code not in STANDARD.supply_centres:
                    loc = _location(str(code), f"centers of {power.value}")
                    if loc.province not in STANDARD.supply_centres:
                        raise InputError(f"{code!r} in centers of {power.value} is not a supply centre")
                    code = loc.province
                centres[code] = power
    dislodged: list[Dislodged] = []
    for name, items in _mapping(obj.get("dislodged"), "'dislodged'").items():
        power = _power(name)
        if not isinstance(items, dict):
            raise InputError(f"dislodged units of {power.value} must be an object")
        for text, options in items.items():
            unit = _unit(power, text)
            if not isinstance(options, list):
                raise InputError(f"retreat options of {text!r} must be a list")
            dislodged.append(Dislodged(unit, tuple(_location(str(o), f"retreats of {text!r}")
                                                   for o in options)))
    try:
        return Position.build(phase, units, centres, dislodged)
    except ValueError as exc:
        raise InputError(str(exc)) from None


def orders_from_json(obj: Mapping[str, Any]) -> dict[Power, list[str]]:
    """The ``orders`` of an input object: each power's order texts."""
    out: dict[Power, list[str]] = {}
    for name, items in _mapping(obj.get("orders"), "'orders'").items():
        power = _power(name)
        if items is None:
            items = []  # a power that sent no orders
        if not isinstance(items, list) or not all(isinstance(i, str) for i in items):
            raise InputError(f"orders of {power.value} must be a list of strings")
        out[power] = list(items)
    return out


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
        "phase": str(position.phase),
        "units": {p: sorted(v) for p, v in sorted(units.items())},
        "centers": {p: sorted(v) for p, v in sorted(centres.items())},
        "dislodged": {p: dict(sorted(v.items())) for p, v in sorted(dislodged.items())},
    }


def outcome_to_json(outcome: PhaseOutcome) -> dict[str, Any]:
    """A phase's outcome as an output object."""
    return {
        "phase": str(outcome.phase_position.phase),
        "orders": [{"power": r.power, "order": r.text, "ok": r.result is _OK, "result": r.result}
                   for r in outcome.results],
        "destroyed": [f"{u.power} {u}" for u in outcome.destroyed],
        "next": position_to_json(outcome.next),
        "winner": outcome.winner.value if outcome.winner else None,
    }


def adjudicate_object(obj: Mapping[str, Any]) -> dict[str, Any]:
    """Adjudicate one input object of the contract; raise :class:`InputError` on bad input."""
    position = position_from_json(obj)
    orders = orders_from_json(obj)
    language = obj.get("language", "en") or "en"
    if language not in LANGUAGES:
        raise InputError(f"unknown language {language!r} (use one of {', '.join(LANGUAGES)})")
    try:
        table(language)
    except ValueError:
        raise InputError(f"language {language!r} is not available yet") from None
    return outcome_to_json(resolve(position, orders, language=language))
