"""Warnings on a power's orders before the deadline."""

from __future__ import annotations

from engine import Location, Position, Power, Unit, UnitType, order_warnings, parse_orders


def codes(position, power, text):
    orders = parse_orders(text, position=position) if text else []
    return [(w.code, w.province) for w in order_warnings(position, power, orders)]


def test_unordered_units():
    start = Position.initial()
    assert codes(start, Power.FRANCE, "A PAR - BUR") == [("unordered", "BRE"), ("unordered", "MAR")]
    assert codes(start, Power.FRANCE, "A PAR - BUR; A MAR H; F BRE - MAO") == []


def test_support_and_convoy_that_do_not_match_own_units():
    start = Position.initial()
    assert ("support_mismatch", "MAR") in codes(start, Power.FRANCE, "A PAR - GAS; A MAR S A PAR - BUR; F BRE H")
    assert ("support_mismatch", "MAR") in codes(start, Power.FRANCE, "A PAR - GAS; A MAR S A PAR; F BRE H")
    assert codes(start, Power.FRANCE, "A PAR - BUR; A MAR S A PAR - BUR; F BRE H") == []
    # another power's unit: nothing to say
    assert codes(start, Power.ITALY, "A VEN S A MAR - PIE; A ROM H; F NAP H") == []


def test_army_sent_overseas_without_a_convoy():
    p = Position.build(
        "S1901M",
        [Unit(Power.ENGLAND, UnitType.ARMY, Location("LON")), Unit(Power.ENGLAND, UnitType.FLEET, Location("NTH"))],
    )
    assert codes(p, Power.ENGLAND, "A LON - NWY; F NTH H") == [
        ("needs_convoy", "LON"),
    ]
    assert codes(p, Power.ENGLAND, "A LON - NWY; F NTH C A LON - NWY") == []
    assert codes(p, Power.ENGLAND, "A LON - NWY; F NTH C A LON - HOL") == [
        ("needs_convoy", "LON"),
        ("convoy_mismatch", "NTH"),
    ]


def test_adjustment_counts():
    p = Position.build(
        "W1901A",
        [Unit(Power.RUSSIA, UnitType.ARMY, Location("MOS"))],
        {c: Power.RUSSIA for c in ("MOS", "STP", "WAR", "SEV")},
    )
    assert [(w.code, w.params) for w in order_warnings(p, Power.RUSSIA, [])] == [("builds_left", {"count": 3})]
    two = parse_orders("A WAR B; F SEV B", position=p)
    assert [(w.code, w.params) for w in order_warnings(p, Power.RUSSIA, two)] == [("builds_left", {"count": 1})]
    q = Position.build(
        "W1901A", [Unit(Power.RUSSIA, UnitType.ARMY, Location(c)) for c in ("MOS", "UKR", "WAR")], {"MOS": Power.RUSSIA}
    )
    assert [w.code for w in order_warnings(q, Power.RUSSIA, parse_orders("A UKR D", position=q))] == ["disbands_left"]
