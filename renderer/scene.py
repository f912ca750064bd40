"""What one map shows, as plain values: units, centres, dislodged units, orders and results.

Owns turning the JSON shapes of the adjudication command (shared spec engine-cli.md: the
input object, the output object, its `orders` entries) into frozen values the drawing code
uses. Order strings here are the canonical form the engine writes; anything else is kept
as unreadable and simply not drawn (the renderer never guesses what a player meant).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

SEASONS = {"S": "Spring", "F": "Fall", "W": "Winter"}
PHASE_KINDS = {"M": "movement", "R": "retreats", "A": "adjustments"}


@dataclass(frozen=True, slots=True)
class Unit:
    power: str
    kind: str  # "A" or "F"
    province: str
    coast: str | None = None

    @property
    def location(self) -> str:
        return f"{self.province}/{self.coast}" if self.coast else self.province


@dataclass(frozen=True, slots=True)
class Order:
    """One order as drawn. `kind` is hold, move, support, convoy, retreat, disband, build or waive."""

    power: str
    kind: str
    text: str
    unit: Unit | None = None
    target: str | None = None  # province moved, retreated or (for support/convoy) moved to
    target_coast: str | None = None
    other: Unit | None = None  # the supported or convoyed unit
    via_convoy: bool = False
    ok: bool | None = None  # None: not adjudicated
    result: str | None = None


@dataclass(frozen=True, slots=True)
class Scene:
    phase: str
    units: tuple[Unit, ...]
    centres: Mapping[str, str]  # province -> owning power (neutral centres are absent)
    dislodged: tuple[Unit, ...] = ()
    orders: tuple[Order, ...] = ()
    destroyed: tuple[Unit, ...] = ()
    supply_centre_counts: tuple[tuple[str, int], ...] = field(default=())


def split_location(text: str) -> tuple[str, str | None]:
    text = text.upper()
    if "/" in text:
        province, coast = text.split("/", 1)
        return province, coast
    return text, None


def parse_unit(power: str, text: str) -> Unit:
    """'A PAR' or 'F STP/SC' -> Unit. Raises ValueError on anything else."""
    parts = text.split()
    if len(parts) != 2 or parts[0].upper() not in ("A", "F"):
        raise ValueError(f"not a unit: {text!r}")
    province, coast = split_location(parts[1])
    return Unit(power.upper(), parts[0].upper(), province, coast)


def parse_order(power: str, text: str, ok: bool | None = None, result: str | None = None) -> Order:
    """Read one canonical order string; an unreadable one becomes kind 'unreadable'."""
    tokens = text.upper().replace("->", "-").split()
    base = Order(power.upper(), "unreadable", text, ok=ok, result=result)
    try:
        if tokens == ["WAIVE"]:
            return _replace(base, kind="waive")
        unit = parse_unit(power, " ".join(tokens[:2]))
        rest = tokens[2:]
        if rest == ["H"]:
            return _replace(base, kind="hold", unit=unit)
        if rest in (["D"], ["B"]):
            return _replace(base, kind="disband" if rest == ["D"] else "build", unit=unit)
        if len(rest) in (2, 3) and rest[0] == "-" and rest[2:] in ([], ["VIA"]):
            target, coast = split_location(rest[1])
            return _replace(base, kind="move", unit=unit, target=target, target_coast=coast,
                            via_convoy=rest[2:] == ["VIA"])
        if len(rest) == 2 and rest[0] == "R":
            target, coast = split_location(rest[1])
            return _replace(base, kind="retreat", unit=unit, target=target, target_coast=coast)
        if len(rest) >= 3 and rest[0] in ("S", "C"):
            other = parse_unit(power, " ".join(rest[1:3]))
            target = None
            if rest[3:4] == ["-"] and len(rest) == 5:
                target = split_location(rest[4])[0]
            elif len(rest) != 3:
                return base
            if rest[0] == "C" and target is None:
                return base
            return _replace(base, kind="support" if rest[0] == "S" else "convoy", unit=unit,
                            other=other, target=target)
    except ValueError:
        return base
    return base


def _replace(order: Order, **changes: object) -> Order:
    values = {name: getattr(order, name) for name in Order.__slots__}
    values.update(changes)
    return Order(**values)


def phase_parts(phase: str) -> tuple[str, int, str] | None:
    """'S1901M' -> ('Spring', 1901, 'movement'); None when it is not a phase code."""
    if len(phase) == 6 and phase[0] in SEASONS and phase[1:5].isdigit() and phase[5] in PHASE_KINDS:
        return SEASONS[phase[0]], int(phase[1:5]), PHASE_KINDS[phase[5]]
    return None


def _units(mapping: Mapping[str, Iterable[str]] | None) -> tuple[Unit, ...]:
    return tuple(parse_unit(power, u) for power, units in (mapping or {}).items() for u in units)


def scene_from_objects(position: Mapping, orders: object = None, results: Mapping | None = None) -> Scene:
    """Build a Scene from the spec's shapes.

    position: an input object ({phase, units, centers, dislodged, orders?}).
    orders: {power: [order, ...]} (input shape) or [{power, order, ok, result}, ...]
        (output shape); default: the position's own "orders".
    results: an output object; its order entries supply ok/result and its `destroyed`.
    """
    phase = str(position.get("phase", ""))
    units = _units(position.get("units"))
    centres_raw = position.get("centers")
    if centres_raw is None:
        centres_raw = {}
    centres = {prov.upper(): power.upper() for power, provs in centres_raw.items() for prov in provs}
    dislodged = tuple(
        parse_unit(power, u) for power, entries in (position.get("dislodged") or {}).items() for u in entries
    )
    if orders is None:
        orders = position.get("orders")
    if orders is None and results is not None:
        orders = results.get("orders")
    parsed: list[Order] = []
    if isinstance(orders, Mapping):
        for power, texts in orders.items():
            parsed.extend(parse_order(power, t) for t in texts)
    elif orders:
        for entry in orders:
            parsed.append(parse_order(entry["power"], entry["order"], entry.get("ok"), entry.get("result")))
    if results is not None:
        outcome = {(e["power"].upper(), e["order"]): e for e in results.get("orders", [])}
        merged = []
        for o in parsed:
            e = outcome.get((o.power, o.text))
            merged.append(_replace(o, ok=e.get("ok"), result=e.get("result")) if e else o)
        known = {(o.power, o.text) for o in parsed}
        merged.extend(parse_order(e["power"], e["order"], e.get("ok"), e.get("result"))
                      for e in results.get("orders", []) if (e["power"].upper(), e["order"]) not in known)
        parsed = merged
    destroyed = []
    for entry in (results or {}).get("destroyed", []):
        power, _, unit = entry.partition(" ")
        try:
            destroyed.append(parse_unit(power, unit))
        except ValueError:
            continue
    counts: dict[str, int] = {}
    for power in centres.values():
        counts[power] = counts.get(power, 0) + 1
    return Scene(
        phase=phase,
        units=units,
        centres=centres,
        dislodged=dislodged,
        orders=tuple(parsed),
        destroyed=tuple(destroyed),
        supply_centre_counts=tuple(sorted(counts.items())),
    )
