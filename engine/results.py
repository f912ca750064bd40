"""What happened to each order in a phase, and the phase's outcome."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, NamedTuple

from engine.orders import Order
from engine.position import Position
from engine.power import Power
from engine.units import Unit

if TYPE_CHECKING:
    from engine.validation import Illegal


class Result(StrEnum):
    """Why an order did or did not take effect (the words of the JSON contract)."""

    OK = "ok"
    BOUNCE = "bounce"
    CUT = "cut"
    DISLODGED = "dislodged"
    NO_CONVOY = "no_convoy"
    VOID = "void"
    ILLEGAL = "illegal"
    UNPARSED = "unparsed"
    NO_UNIT = "no_unit"
    DUPLICATE = "duplicate"
    DISBAND = "disband"
    PARADOX = "paradox"  # a convoy broken by the paradox rule (Szykman)


class OrderResult(NamedTuple):
    """One order's fate. ``order`` is None only when the text could not be read; ``text``
    is the canonical text, or the text as given when unreadable. ``implied`` marks the
    order the rules gave a unit that had none (hold, disband, civil-disorder disband).
    ``illegal``: why the order could not be given (:mod:`engine.validation`), for the
    results ``illegal`` and ``no_unit``, and for ``void`` when the order could never have
    matched anything (a support of an empty province, a build on an occupied centre, an
    order of a neutral power...); None otherwise.
    (An immutable named tuple rather than a dataclass: a phase makes dozens of these and
    the adjudication command's speed matters.)"""

    power: Power
    order: Order | None
    text: str
    result: Result
    implied: bool = False
    dislodged: bool = False  # the ordered unit was dislodged (movement)
    illegal: Illegal | None = None

    @property
    def ok(self) -> bool:
        return self.result is Result.OK


@dataclass(frozen=True, slots=True)
class PhaseOutcome:
    """The result of playing one phase: every order's result, the units destroyed, the
    position of the next phase to play, and the winner if the game is over."""

    phase_position: Position
    results: tuple[OrderResult, ...]
    destroyed: tuple[Unit, ...]
    next: Position
    winner: Power | None = None
    winners: tuple[Power, ...] = field(default=())  # the winning group (several powers, one player)
