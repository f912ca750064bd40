"""Legal orders: what the order menus offer."""

from __future__ import annotations

from engine import Position, Power, Rules, UnitType, legal_adjustments, legal_orders, resolve
from tests.engine.support import pos  # noqa: E402

A, F = UnitType.ARMY, UnitType.FLEET


def texts(orders) -> set[str]:
    return {str(o) for o in orders}


def test_start_position_fleet_on_split_coast():
    assert texts(legal_orders(Position.initial(), "STP")) == {
        "F STP/SC H",
        "F STP/SC - BOT",
        "F STP/SC - FIN",
        "F STP/SC - LVN",
        "F STP/SC S A MOS - LVN",
        "F STP/SC S A WAR - LVN",
    }


def test_moves_to_split_coasts_name_the_coast():
    orders = texts(legal_orders(pos("S1901M", "FRANCE F MAO"), "MAO"))
    assert {"F MAO - SPA/NC", "F MAO - SPA/SC"} <= orders
    assert "F MAO - SPA" not in orders


def test_convoys_need_a_chain_of_fleets_through_the_convoying_fleet():
    p = pos("S1901M", "ENGLAND F NTH", "ENGLAND A YOR", "ENGLAND F NWG", "FRANCE A BRE")
    nth = texts(legal_orders(p, "NTH"))
    assert "F NTH C A YOR - NWY" in nth and "F NTH C A YOR - CLY" in nth
    assert not any(" C A BRE" in o for o in nth)  # Brest is not on the North Sea
    yor = texts(legal_orders(p, "YOR"))
    assert "A YOR - NWY" in yor and "A YOR - LON VIA" in yor and "A YOR - LON" in yor
    assert "A YOR - BRE" not in yor  # no fleet in the Channel


def test_no_support_that_only_the_supporter_could_convoy():
    # DATC 6.D.31: the only route from Rumania to Armenia is through the Black Sea
    p = pos("S1901M", "AUSTRIA A RUM", "TURKEY F BLA")
    assert "F BLA S A RUM - ARM" not in texts(legal_orders(p, "BLA"))
    assert "F BLA C A RUM - ARM" in texts(legal_orders(p, "BLA"))


def test_coastal_fleets_do_not_convoy():
    p = pos("S1901M", "GERMANY F KIE", "GERMANY A HOL")
    assert not any(" C " in o for o in texts(legal_orders(p, "KIE")))


def test_every_legal_order_is_judged_legal():
    start = Position.initial()
    for prov in start.units:
        for order in legal_orders(start, prov):
            outcome = resolve(start, {start.units[prov].power: [order]})
            first = outcome.results[0]
            assert first.result.value != "illegal", order


def test_retreat_options():
    p = pos("S1901M", "FRANCE A PAR", "FRANCE A PIC", "GERMANY A BUR", "GERMANY A GAS")
    outcome = resolve(p, {Power.GERMANY: ["A BUR - PAR", "A GAS S A BUR - PAR"], Power.FRANCE: ["A PIC - BEL"]})
    retreat = outcome.next
    assert str(retreat.phase) == "S1901R"
    assert texts(legal_orders(retreat, "PAR")) == {"A PAR R BRE", "A PAR R PIC", "A PAR D"}


def test_adjustments():
    p = pos("W1901A", "RUSSIA A MOS", centres={c: Power.RUSSIA for c in ("MOS", "STP", "SEV", "WAR", "RUM")})
    orders = texts(legal_adjustments(p, Power.RUSSIA))
    assert orders == {"A STP B", "F STP/NC B", "F STP/SC B", "A SEV B", "F SEV B", "A WAR B", "WAIVE"}
    assert legal_adjustments(p, Power.RUSSIA, Rules(civil_disorder=frozenset({Power.RUSSIA}))) == []
    q = pos("W1901A", "ENGLAND F NTH", "ENGLAND A LVP", centres={"LON": Power.ENGLAND})
    assert texts(legal_adjustments(q, Power.ENGLAND)) == {"F NTH D", "A LVP D"}


def test_closed_provinces_are_not_offered():
    p = pos("S1914M", "AUSTRIA A TRI", "ITALY A VEN")
    rules = Rules(neutral=frozenset({Power.ITALY}), closed=frozenset({"VEN", "PIE", "TUS", "ROM", "NAP", "APU"}))
    offered = texts(legal_orders(p, "TRI", rules))
    assert "A TRI - VEN" not in offered and "A TRI S A VEN" not in offered
    assert "A TRI - TYR" in offered
