"""Trivial phases never wait (issue 15): a retreat or adjustment phase in which no power
has a choice is played at once, not at its deadline.

The rule is the engine's (:func:`engine.validation.forced_phase`): a power's orders are
forced when exactly one set of legal orders settles what it owes. That is so when it owes
nothing (nothing to order, or it is passive: neutral, or in civil disorder, whose
dislodged units are disbanded), when none of its dislodged units has anywhere to retreat
(each disbands), and when it must disband every unit it has (it lost its last centre).
A dislodged unit with a retreat always has a choice (retreat, or disband), and so does a
power with builds (build, or waive) or with fewer disbands than units. The engine
already skips the phases where nobody owes anything at all; these are the ones where
somebody owes orders that are forced: a winter in which the only adjustment is the
disband of a power's last units, a retreat phase in which the only dislodged units
belong to a power a moderator put in civil disorder after the moves were played.

A power whose orders are forced owes its player nothing (:func:`bot.core.rules.orders_due`):
nobody waits for them, reminds them, or records the phase as one they missed (a forced
disband is never a missed phase). Movement phases always wait: every unit may hold or move.
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.core.context import rules_for
from bot.infra.storage import GameRow, Tx
from bot.infra.storage.moderation import PowerState
from engine import Position, Power, forced_phase


async def declared(tx: Tx, game: GameRow, states: Iterable[PowerState] | None = None) -> frozenset[Power]:
    """The powers nobody waits for: declared in civil disorder (passive in a retreat or
    adjustment phase, or played by the caretaker), and seats played by a bot (issue 23:
    a stand-in's orders are computed at once, :mod:`bot.core.seats.standins`). ``states``: the
    power states to read (a rollback's, as a resolution kept them); the game's now by default."""
    rows = (await tx.power_states(game.id)).values() if states is None else states
    return frozenset(Power(s.power) for s in rows if s.civil_disorder or s.bot is not None)


async def settles_at_once(
    tx: Tx, game: GameRow, position: Position, states: Iterable[PowerState] | None = None
) -> bool:
    """Whether the game's current phase (``position``) has nothing to wait for (with
    ``states``: as the powers stood then, see :func:`declared`)."""
    phase = str(position.phase)
    if position.phase.is_movement:
        return False
    rules = rules_for(game, phase, await declared(tx, game, states))
    return forced_phase(position, rules) is not None


async def settle(tx: Tx, game: GameRow, position: Position, now: float) -> bool:
    """At the start of a phase (or when a moderator's action made it trivial): when nobody
    has a choice, make it due now and drop its reminders; True when so (the caller wakes
    the scheduler after its commit)."""
    if game.phase is None or not await settles_at_once(tx, game, position):
        return False
    await tx.clear_reminder(game.id, game.phase)
    return await tx.set_due(game.id, game.phase, now)
