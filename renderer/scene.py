"""What one map shows, as plain values: units, centres, dislodged units, orders and results.

Owns turning the JSON shapes of the adjudication command (shared spec engine-cli.md: the
input object, the output object, its `orders` entries) into frozen values the drawing code
uses. Reading is the engine's: the position through `engine.codec.position_from_json` (so a
malformed position raises the engine's `InputError`, a ValueError), each order through
`engine.parser.parse_order`. An order the engine cannot read is kept as "unreadable" and
simply not drawn (the renderer never guesses what a player meant).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from engine import orders as eo
from engine.codec import position_from_json
from engine.fog import visible_provinces
from engine.parser import parse_order
from engine.phase import PhaseKind
from engine.position import Position
from engine.power import Power
from engine.units import Unit as EngineUnit


@dataclass(frozen=True, slots=True)
class Unit:
    power: str
    kind: str  # "A" or "F"
    province: str
    coast: str | None = None

    @property
    def location(self) -> str:
        return f"{self.province}/{self.coast}" if self.coast else self.province

    @classmethod
    def of(cls, unit: EngineUnit) -> Unit:
        return cls(str(unit.power), str(unit.type), unit.location.province, unit.location.coast)


@dataclass(frozen=True, slots=True)
class Order:
    """One order as drawn. `kind` is hold, move, support, convoy, retreat, disband, build,
    waive or unreadable."""

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
    # Fog of War: the provinces the viewer does not see (drawn greyed, nothing in them)
    hidden: frozenset[str] = frozenset()
    # the powers in the game, as the legend lists them (a duel's two); empty: all seven
    powers: tuple[str, ...] = ()


_KINDS = {
    eo.Hold: "hold",
    eo.Move: "move",
    eo.SupportHold: "support",
    eo.SupportMove: "support",
    eo.Convoy: "convoy",
    eo.Retreat: "retreat",
    eo.Disband: "disband",
    eo.Build: "build",
}


def drawn_order(
    power: str, text: str, ok: bool | None = None, result: str | None = None, phase: PhaseKind | None = None
) -> Order:
    """One order text (read by the engine's parser) as the renderer draws it."""
    power = power.upper()
    base = Order(power, "unreadable", text, ok=ok, result=result)
    try:
        order = parse_order(text, phase=phase)
    except ValueError:
        return base
    if isinstance(order, eo.Waive):
        return replace(base, kind="waive")
    unit = Unit(power, str(order.unit_type), order.location.province, order.location.coast)
    out = replace(base, kind=_KINDS[type(order)], unit=unit)
    if isinstance(order, (eo.Move, eo.Retreat)):
        return replace(
            out,
            target=order.destination.province,
            target_coast=order.destination.coast,
            via_convoy=isinstance(order, eo.Move) and order.via_convoy,
        )
    if isinstance(order, (eo.SupportHold, eo.SupportMove)):
        other = Unit(power, str(order.supported_type), order.supported.province, order.supported.coast)
        target = order.destination.province if isinstance(order, eo.SupportMove) else None
        return replace(out, other=other, target=target)
    if isinstance(order, eo.Convoy):
        return replace(out, other=Unit(power, "A", order.army.province), target=order.destination.province)
    return out


def _destroyed(entry: str) -> Unit | None:
    """'GERMANY F KIE' (the output object's `destroyed`) -> Unit; None when unreadable."""
    power, _, text = entry.partition(" ")
    try:
        unit = EngineUnit.parse(power.upper(), text)  # type: ignore[arg-type]
    except ValueError:
        return None
    return Unit(power.upper(), str(unit.type), unit.location.province, unit.location.coast)


def scene_from_objects(
    position: Mapping, orders: object = None, results: Mapping | None = None, *, fog: str | None = None
) -> Scene:
    """Build a Scene from the spec's shapes.

    position: an input object ({phase, units, centers, dislodged, orders?, powers?}); without
        "centers" the 1901 ownership applies (the spec's default); "powers": the powers in
        the game (a duel's two), the only ones the legend lists. Read by the engine: a
        malformed one raises engine.codec.InputError (a ValueError).
    orders: {power: [order, ...]} (input shape) or [{power, order, ok, result}, ...]
        (output shape); default: the position's own "orders".
    results: an output object; its order entries supply ok/result and its `destroyed`.
    fog: a power: the scene as that power sees it under Fog of War (:func:`fogged`).
    """
    pos = position_from_json(position if isinstance(position, dict) else dict(position))
    kind = pos.phase.kind
    units = tuple(Unit.of(u) for u in pos.units.values())
    centres = {prov: str(power) for prov, power in pos.centres.items()}
    dislodged = tuple(Unit.of(d.unit) for d in pos.dislodged.values())
    if orders is None:
        orders = position.get("orders")
    if orders is None and results is not None:
        orders = results.get("orders")
    parsed: list[Order] = []
    if isinstance(orders, Mapping):
        for power, texts in orders.items():
            parsed.extend(drawn_order(power, t, phase=kind) for t in texts or ())
    elif orders:
        for entry in orders:
            parsed.append(drawn_order(entry["power"], entry["order"], entry.get("ok"), entry.get("result"), kind))
    if results is not None:
        outcome = {(e["power"].upper(), e["order"]): e for e in results.get("orders", [])}
        merged = []
        for o in parsed:
            e = outcome.get((o.power, o.text))
            merged.append(replace(o, ok=e.get("ok"), result=e.get("result")) if e else o)
        known = {(o.power, o.text) for o in parsed}
        merged.extend(
            drawn_order(e["power"], e["order"], e.get("ok"), e.get("result"), kind)
            for e in results.get("orders", [])
            if (e["power"].upper(), e["order"]) not in known
        )
        parsed = merged
    destroyed = [u for u in map(_destroyed, (results or {}).get("destroyed", [])) if u is not None]
    counts: dict[str, int] = {}
    for power in centres.values():
        counts[power] = counts.get(power, 0) + 1
    scene = Scene(
        phase=str(pos.phase),
        units=units,
        centres=centres,
        dislodged=dislodged,
        orders=tuple(parsed),
        destroyed=tuple(destroyed),
        supply_centre_counts=tuple(sorted(counts.items())),
        powers=_game_powers(position.get("powers")),
    )
    return scene if fog is None else fogged(scene, pos, fog)


def _game_powers(value: object) -> tuple[str, ...]:
    """The input's optional ``powers``: the powers in the game (a duel names its two), so
    the legend lists only them; absent: every power. Anything but a list of power names is
    refused (a ValueError, as a malformed position is)."""
    if value is None:
        return ()
    if not isinstance(value, list | tuple) or not all(isinstance(p, str) for p in value):
        raise ValueError(f"'powers' must be a list of power names, not {value!r}")
    try:
        return tuple(sorted({Power(p.upper()).value for p in value}))
    except ValueError:
        raise ValueError(f"'powers' names an unknown power: {value!r}") from None


def fogged(scene: Scene, position: Position, viewer: str) -> Scene:
    """The scene as ``viewer`` sees it under Fog of War, from the position's own data
    (:func:`engine.fog.visible_provinces`): the provinces out of sight hidden (drawn greyed),
    with no unit, dislodged unit, centre owner, order or destroyed unit in them; another
    power's order drawn only when its unit, its target and the unit it supports or convoys
    are all in sight (no arrow reaches into the dark); the viewer's own orders always. The
    centre counts of the legend stay: they are public."""
    power = Power(viewer.upper())
    visible = visible_provinces(position, power)
    hidden = frozenset(position.map.provinces) - visible

    def seen(o: Order) -> bool:
        if o.power == power.value:
            return True
        places = [o.unit.province if o.unit else None, o.target, o.other.province if o.other else None]
        return o.unit is not None and all(p is None or p in visible for p in places)

    return replace(
        scene,
        units=tuple(u for u in scene.units if u.province in visible),
        centres={c: o for c, o in scene.centres.items() if c in visible},
        dislodged=tuple(u for u in scene.dislodged if u.province in visible),
        orders=tuple(o for o in scene.orders if seen(o)),
        destroyed=tuple(u for u in scene.destroyed if u.province in visible),
        hidden=hidden,
    )
