"""The core's closed sets and values: game statuses, per-power order states, map
specifications, sheet slots, and what use cases hand back to the text layer."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from bot.infra.storage import GameRow
from engine import Power, Unit


class GameStatus(StrEnum):
    FORMING = "forming"
    ACTIVE = "active"
    FINISHED = "finished"


class OrderState(StrEnum):
    """How far a power's orders are in the current phase (``/game status``, ``/mod orders``)."""

    READY = "ready"  # its player said /ready
    COMPLETE = "complete"  # every unit (build, disband) has an order
    PARTIAL = "partial"
    NONE = "none"
    NOTHING = "nothing"  # nothing to order in this phase

    @property
    def late(self) -> bool:
        return self in (OrderState.PARTIAL, OrderState.NONE)


class PhaseKind(StrEnum):
    """The three kinds of phase, by the letter that ends a phase code (``S1901M``)."""

    MOVEMENT = "M"
    RETREAT = "R"
    ADJUSTMENT = "A"

    @classmethod
    def of(cls, phase: str) -> PhaseKind:
        return cls(phase[-1])

    def schedule(self, game: GameRow) -> str:
        """The game's deadline schedule for phases of this kind."""
        return {
            PhaseKind.MOVEMENT: game.movement,
            PhaseKind.RETREAT: game.retreat,
            PhaseKind.ADJUSTMENT: game.adjustment,
        }[self]


@dataclass(frozen=True, slots=True)
class MapSpec:
    """Which maps a post carries: the whole board of ``phase`` (with its orders and
    results when ``with_orders``), or, for a player's phone, one crop per group of their
    powers (``fronts``: each group a tuple of power codes, one picture around all their
    units; see :func:`bot.infra.maps.front_groups`). ``chart``: instead of the board, the
    supply-centre chart of the game's stored phases up to ``phase`` (the final post)."""

    phase: str
    with_orders: bool = False
    fronts: tuple[tuple[str, ...], ...] = ()
    chart: bool = False
    history: bool = False  # issue 25: the game's whole history (a Fog of War game's reveal)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"phase": self.phase, "orders": self.with_orders}
        if self.fronts:
            out["fronts"] = [list(group) for group in self.fronts]
        if self.chart:
            out["chart"] = True
        if self.history:
            out["history"] = True
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MapSpec:
        fronts = tuple(tuple(str(p) for p in group) for group in data.get("fronts") or ())
        if not fronts and data.get("front"):  # a post stored when a map showed one power
            fronts = ((str(data["front"]),),)
        return cls(
            str(data["phase"]), bool(data.get("orders")), fronts, bool(data.get("chart")), bool(data.get("history"))
        )


class SlotKind(StrEnum):
    UNIT = "unit"  # a unit to order in a movement phase
    RETREAT = "retreat"  # a dislodged unit
    BUILD = "build"
    DISBAND = "disband"


@dataclass(frozen=True, slots=True)
class Slot:
    """One order a player has to give: a unit's, or the ``index``-th build or disband."""

    kind: SlotKind
    power: Power
    unit: Unit | None = None  # None for builds and disbands
    index: int = 0

    @property
    def key(self) -> str:
        """The slot's name in drafts and custom ids: the unit's province, or ``+N`` / ``-N``
        for the Nth build / disband (a name, never parsed back: see :meth:`find`)."""
        if self.unit is not None:
            return self.unit.province
        return f"{'+' if self.kind is SlotKind.BUILD else '-'}{self.index}"

    @property
    def is_adjustment(self) -> bool:
        return self.kind in (SlotKind.BUILD, SlotKind.DISBAND)


@dataclass(frozen=True, slots=True)
class Actor:
    """Who runs a moderator command, as Discord sees them."""

    user_id: int
    can_manage: bool = False  # Manage Server or Administrator
    role_ids: frozenset[int] = frozenset()
