"""Checks on one power's orders before the deadline, for the order sheet's warnings.

Nothing here changes how orders are judged; it points out what a player probably did
not mean: units left without orders, a support or convoy that does not match the order
of the player's own unit it names, an army sent overseas with no convoy ordered, and a
number of builds or disbands that differs from what the power may or must make.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.orders import Convoy, Move, Order, SupportHold, SupportMove, Waive
from engine.position import Position
from engine.power import Power
from engine.rules import STANDARD_RULES, Rules
from engine.units import UnitType
from engine.validation import adjustments_given, orders_due


@dataclass(frozen=True, slots=True)
class OrderWarning:
    """``code``: unordered, support_mismatch, convoy_mismatch, needs_convoy, builds_left,
    too_many_builds, disbands_left, too_many_disbands. ``province``: the unit concerned, if
    any. ``params`` fill the message in the bot's catalogue."""

    code: str
    province: str | None = None
    params: dict[str, str | int] = field(default_factory=dict)


def order_warnings(
    position: Position, power: Power, orders: Sequence[Order], rules: Rules = STANDARD_RULES
) -> list[OrderWarning]:
    """Warnings for ``power``'s current orders in ``position``'s phase (what it still
    owes comes from :func:`engine.validation.orders_due`)."""
    phase = position.phase
    due = orders_due(position, power, rules)
    out: list[OrderWarning] = [OrderWarning("unordered", u.province, {"unit": str(u)}) for u in due.after(orders).units]
    if phase.is_adjustment:
        builds, disbands = adjustments_given(orders)
        delta = position.adjustment_delta(power)
        if delta > 0:
            if builds < due.builds:
                out.append(OrderWarning("builds_left", None, {"count": due.builds - builds}))
            elif builds > due.builds:
                out.append(OrderWarning("too_many_builds", None, {"count": builds - due.builds}))
        elif delta < 0:
            if disbands < due.disbands:
                out.append(OrderWarning("disbands_left", None, {"count": due.disbands - disbands}))
            elif disbands > due.disbands:
                out.append(OrderWarning("too_many_disbands", None, {"count": disbands - due.disbands}))
        return out
    if phase.is_retreat:
        return out
    by_unit: dict[str, Order] = {}
    for o in orders:
        if not isinstance(o, Waive):
            by_unit.setdefault(o.location.province, o)
    mine = {p: u for p, u in position.units.items() if u.power is power}
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
                convoyed = any(
                    isinstance(c, Convoy) and c.army.province == prov and c.destination.province == dest
                    for c in by_unit.values()
                )
                if not convoyed:
                    out.append(OrderWarning("needs_convoy", prov, {"order": str(o)}))
    return sorted(out, key=lambda w: (w.province or "", w.code))
