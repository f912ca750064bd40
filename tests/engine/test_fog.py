"""Fog of War (engine.fog): what a power sees, as a property over random positions, and
the fogged position and results; the expected sight is recomputed here from the map's
army and fleet edges, coast by coast, not with the function under test."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from engine import STANDARD, Location, Position, Power, Unit, UnitType, legal_orders, resolve
from engine.fog import centre_counts, fogged_outcome, fogged_position, sees, visible_provinces, visible_results
from tests.engine.sight import expected_sight
from tests.engine.strategies import positions, props

E, F, G, R = Power.ENGLAND, Power.FRANCE, Power.GERMANY, Power.RUSSIA


@props(150)
@given(positions(), st.sampled_from(list(Power)))
def test_a_power_sees_exactly_its_units_and_centres_and_their_neighbours(position, power):
    visible = visible_provinces(position, power)
    assert visible == expected_sight(position, power)
    # coasts included: a seen province is seen on every coast, an unseen one on none
    for code, province in STANDARD.provinces.items():
        for coast in province.coasts:
            assert sees(visible, Location(code, coast)) == (code in visible)
            assert sees(visible, f"{code.lower()}/{coast.lower()}") == (code in visible)
    fog = fogged_position(position, power)
    assert set(fog.units) == {p for p in position.units if p in visible}
    assert all(fog.units[p] == position.units[p] for p in fog.units)
    assert set(fog.centres) == {c for c in position.centres if c in visible}
    assert set(fog.units_of(power)) == set(position.units_of(power))  # its own units, always
    assert fog.centres_of(power) == position.centres_of(power)
    # nothing of a province out of sight
    assert not (set(fog.units) | set(fog.centres)) - visible


@props(60)
@given(positions(), st.randoms(use_true_random=False))
def test_a_power_sees_its_own_orders_and_those_given_in_sight_only(position, rng):
    orders: dict[Power, list[str]] = {}
    for province, unit in sorted(position.units.items()):
        menu = legal_orders(position, province)
        if menu:
            orders.setdefault(unit.power, []).append(str(rng.choice(menu)))
    outcome = resolve(position, orders)
    for power in Power:
        visible = expected_sight(position, power)
        seen = visible_results(outcome, power)
        expected = [
            r
            for r in outcome.results
            if r.power is power or (r.order is not None and r.order.location.province in visible)
        ]
        assert list(seen) == expected
        fogged = fogged_outcome(outcome, power)
        assert fogged.results == seen
        after = expected_sight(outcome.next, power)
        assert set(fogged.next.units) == {p for p in outcome.next.units if p in after}
        assert all(u.province in visible or u.province in after for u in fogged.destroyed)
        assert fogged.winner == outcome.winner


def test_the_opening_sight_of_england():
    start = Position.initial()
    visible = visible_provinces(start, E)
    # home provinces and their neighbours, the seas around included
    assert {"LON", "EDI", "LVP", "NTH", "ENG", "NWG", "IRI", "NAO", "CLY", "YOR", "WAL"} <= visible
    # Norway is two steps from Edinburgh; France's home centres are beyond the Channel
    assert "NWY" not in visible and "PAR" not in visible and "BRE" not in visible
    fog = fogged_position(start, E)
    assert {str(u) for u in fog.units.values()} == {"F LON", "F EDI", "A LVP"}
    assert set(fog.centres) == {"LON", "EDI", "LVP"}


def test_a_split_coast_province_is_seen_whole_from_either_side():
    # a fleet in the Barents Sea sees St Petersburg (north coast), and with it the south coast
    pos = Position.build("S1902M", [Unit(E, UnitType.FLEET, Location("BAR"))], {})
    visible = visible_provinces(pos, E)
    assert "STP" in visible and sees(visible, "STP/SC") and sees(visible, Location("STP", "NC"))
    assert "GOB" not in visible  # only reachable from the south coast, one step further


def test_a_move_from_the_dark_shows_the_unit_not_its_order():
    start = Position.initial()
    spring = resolve(start, {G: ["A MUN - RUH"], F: ["A PAR - PIC"], E: ["F LON - ENG"]}).next
    out = resolve(spring, {G: ["A RUH - BEL"], F: ["A PIC H"]})
    fogged = fogged_outcome(out, E)
    texts = {r.text for r in fogged.results}
    assert "A RUH - BEL" not in texts  # Ruhr was out of England's sight
    assert "A PIC H" in texts  # Picardy is next to the Channel
    assert fogged.next.units["BEL"].power is G  # the German army is seen arriving in Belgium


def test_centre_counts_are_public():
    counts = centre_counts(Position.initial())
    assert counts[R] == 4 and counts[E] == 3 and sum(counts.values()) == 22
