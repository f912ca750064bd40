"""Checks on one power's orders before the deadline, for the order sheet's warnings.

Nothing here changes how orders are judged; it points out what a player probably did
not mean: units left without orders, a support or convoy that does not match the order
of the player's own unit it names, an army sent overseas with no convoy ordered, and a
number of builds or disbands that differs from what the power may or must make.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from engine.orders import Build, Convoy, Disband, Move, Order, Retreat, SupportHold, SupportMove, Waive
from engine.position import Position
from engine.power import Power
from engine.game import buildable_centres
from engine.units import UnitType


@dataclass(frozen=True, slots=True)
class OrderWarning:
    """``code``: unordered, support_mismatch, convoy_mismatch, needs_convoy, builds_left,
    too_many_builds, disbands_left, too_many_disbands. ``province``: the unit concerned, if
    any. ``params`` fill the message in the bot's catalogue."""

    code: str
    province: str | None = None
    params: dict[str, str | int] = field(default_factory=dict)


def order_warnings(position: Position, power: Power, orders: Sequence[Order]) -> list[OrderWarning]:
    """Warnings for ``power``'s current orders in ``position``'s phase."""
    phase = position.phase
    out: list[OrderWarning] = []
    if phase.is_adjustment:
        delta = position.adjustment_delta(power)
        builds = sum(1 for o in orders if isinstance(o, (Build, Waive)))
        disbands = sum(1 for o in orders if isinstance(o, Disband))
        if delta > 0:
            possible = min(delta, len(buildable_centres(position, power)))
            if builds < possible:
                out.append(OrderWarning("builds_left", None, {"count": possible - builds}))
            elif builds > possible:
                out.append(OrderWarning("too_many_builds", None, {"count": builds - possible}))
        elif delta < 0:
            if disbands < -delta:
                out.append(OrderWarning("disbands_left", None, {"count": -delta - disbands}))
            elif disbands > -delta:
                out.append(OrderWarning("too_many_disbands", None, {"count": disbands + delta}))
        return out
    if phase.is_retreat:
        ordered = {o.location.province for o in orders if isinstance(o, (Retreat, Disband))}
        for prov, d in sorted(position.dislodged.items()):
            if d.unit.power is power and prov not in ordered:
                out.append(OrderWarning("unordered", prov, {"unit": str(d.unit)}))
        return out
    by_unit: dict[str, Order] = {}
    for o in orders:
        if not isinstance(o, Waive):
            by_unit.setdefault(o.location.province, o)
    mine = {p: u for p, u in position.units.items() if u.power is power}
    for prov, unit in sorted(mine.items()):
        if prov not in by_unit:
            out.append(OrderWarning("unordered", prov, {"unit": str(unit)}))
    m = position.map
    for prov, o in by_unit.items():
        if prov not in mine:
            continue
        if isinstance(o, (SupportHold, SupportMove, Convoy)):
            target = o.army.province if isinstance(o, Convoy) else o.supported.province
            if target not in mine:
                continue  # another power's unit: its orders are not ours to see
            their = by_unit.get(target)
            if isinstance(o, SupportHold):
                bad = isinstance(their, Move)
                code = "support_mismatch"
            elif isinstance(o, SupportMove):
                bad = not (isinstance(their, Move) and their.destination.province == o.destination.province)
                code = "support_mismatch"
            else:
                bad = not (isinstance(their, Move) and their.destination.province == o.destination.province)
                code = "convoy_mismatch"
            if bad:
                out.append(OrderWarning(code, prov, {"order": str(o), "other": str(their) if their else ""}))
        elif isinstance(o, Move) and mine[prov].type is UnitType.ARMY:
            dest = o.destination.province
            overseas = not m.army_can_move(prov, dest) or o.via_convoy
            if overseas and m.sea_route_exists(prov, dest):
                convoyed = any(isinstance(c, Convoy) and c.army.province == prov
                               and c.destination.province == dest for c in by_unit.values())
                if not convoyed:
                    out.append(OrderWarning("needs_convoy", prov, {"order": str(o)}))
    return sorted(out, key=lambda w: (w.province or "", w.code))
