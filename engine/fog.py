"""Fog of War: what each power may see of a position and of a phase's results.

The rule (issue 25). References: Phil Reynolds' "Fog-of-War Diplomacy" (1989; the
Diplomatic Pouch and diplomacyzines.co.uk variant bank: a player sees a foreign unit only
where one of its units could move, and sees no one's orders) and Diplomaticcorp's "Fog of
War" (2005, dipwiki.com: a unit sees its province and the provinces next to it, a centre
sees itself, each player gets an adjudication of their own). vDiplomacy's Fog of War is the
most played (about 600 finished games, research next-wave.md section 2); its sources were
not found, beyond a fix of order-status and centre-count leaks in anonymous fog games
(Sleepcap/vDiplomacy PR #35). Our rule:

* A power sees the provinces of its own units (a dislodged unit waiting to retreat
  included) and of its own supply centres, and every province next to one of those, by
  land or along any coast (:meth:`engine.map.Map.adjacent_provinces`). A province is seen
  whole: seeing St Petersburg is seeing both its coasts. (The sites differ on details:
  Diplomaticcorp lets a fleet see only where it could move and a centre only itself; we
  take the wider, simpler rule the issue states, the same for armies and fleets.)
* In a seen province it sees the unit there (or that there is none), its owner, and who
  owns the centre there. Elsewhere it sees nothing: no unit, no centre owner.
* Of a phase's orders it sees its own, and those given by units standing in provinces it
  saw when the phase began (an adjustment: builds and disbands in provinces it sees). It
  does not see orders given elsewhere nor their results, even when a unit moves from the
  dark into its sight (it sees the unit arrive, not where from).
* Public, for every power (our choice; Reynolds' game master tells each player only their
  own centres): how many supply centres each power owns (:func:`centre_counts`; they
  change only after a Fall turn, so this is the count at the end of each year), which
  powers are still in the game (eliminations, civil disorder), the phase, the deadlines,
  and the end of the game (the winner, the draw). Not public: units, their number, orders,
  results, who owns which centre out of sight. At the end everything is revealed.

Everything here is computed from the position's own data, so a test can recompute what a
power may see independently of how the bot draws or words it.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.map import Location
from engine.orders import Order, Waive
from engine.position import Position
from engine.power import Power
from engine.results import OrderResult, PhaseOutcome


def sight_sources(position: Position, power: Power) -> frozenset[str]:
    """The provinces ``power`` sees from: those of its units (dislodged ones included) and
    of its supply centres."""
    own = {u.province for u in position.units.values() if u.power is power}
    own.update(d.unit.province for d in position.dislodged.values() if d.unit.power is power)
    own.update(c for c, p in position.centres.items() if p is power)
    return frozenset(own)


def visible_provinces(position: Position, power: Power) -> frozenset[str]:
    """Every province ``power`` sees in ``position``: its units' and centres' provinces and
    their neighbours (see the module docstring)."""
    sources = sight_sources(position, power)
    seen = set(sources)
    for province in sources:
        seen.update(position.map.adjacent_provinces(province))
    return frozenset(seen)


def sees(visible: frozenset[str], location: Location | str) -> bool:
    """A location (``STP/NC``) or province is in sight: its province is."""
    province = location.province if isinstance(location, Location) else location.split("/", 1)[0].upper()
    return province in visible


def fogged_position(position: Position, power: Power) -> Position:
    """The position as ``power`` sees it: only the units, dislodged units and centre owners
    of the provinces it sees (an unseen centre is left out: its owner is unknown)."""
    visible = visible_provinces(position, power)
    return Position(
        position.phase,
        {p: u for p, u in position.units.items() if p in visible},
        {c: o for c, o in position.centres.items() if c in visible},
        {p: d for p, d in position.dislodged.items() if p in visible},
        position.map,
    )


def order_seen(order: Order | None, owner: Power, viewer: Power, visible: frozenset[str]) -> bool:
    """``viewer`` may see this order given by ``owner``'s unit: its own, or given in a
    province it saw when the phase began. An unreadable order is its author's alone; a
    waived build says nothing about a place, so only its author sees it."""
    if owner is viewer:
        return True
    if order is None or isinstance(order, Waive):
        return False
    return order.location.province in visible


def visible_results(outcome: PhaseOutcome, power: Power) -> tuple[OrderResult, ...]:
    """The results of the phase ``power`` may see (see :func:`order_seen`)."""
    visible = visible_provinces(outcome.phase_position, power)
    return tuple(r for r in outcome.results if order_seen(r.order, r.power, power, visible))


def fogged_outcome(outcome: PhaseOutcome, power: Power) -> PhaseOutcome:
    """The outcome as ``power`` sees it: the phase's position and the next one fogged, the
    orders it may see, and the units destroyed where it saw them (before or after). The
    winner stays: the end of the game is public."""
    before = visible_provinces(outcome.phase_position, power)
    after = visible_provinces(outcome.next, power)
    return PhaseOutcome(
        fogged_position(outcome.phase_position, power),
        visible_results(outcome, power),
        tuple(u for u in outcome.destroyed if u.province in before or u.province in after),
        fogged_position(outcome.next, power),
        outcome.winner,
        outcome.winners,
    )


def centre_counts(position: Position, powers: Iterable[Power] = tuple(Power)) -> dict[Power, int]:
    """How many supply centres each power owns: public in a fog game."""
    counts = dict.fromkeys(powers, 0)
    for owner in position.centres.values():
        if owner in counts:
            counts[owner] += 1
    return counts
