"""Standby orders (engine.standby) and forced orders (engine.validation.forced_orders):
what a power's standby orders add when it misses a deadline, checked in full on the board
of that phase (an order that became illegal is dropped with its reason, never applied
half-way), and when a power has no choice at all."""
from __future__ import annotations

import pytest

from engine import (
    Disband, Location, Position, Power, Reason, Result, Unit, UnitType, check_standby, forced_orders,
    forced_phase, parse_order, resolve, standby_kind, standby_orders,
)
from engine.phase import PhaseKind
from engine.position import Dislodged
from engine.validation import IllegalOrderError

FRANCE, GERMANY, ITALY, ENGLAND = Power.FRANCE, Power.GERMANY, Power.ITALY, Power.ENGLAND


def orders(*texts: str, phase: PhaseKind | None = None):
    return [parse_order(t, phase=phase) for t in texts]


def board(phase: str, units: dict[Power, list[str]], centres=None, dislodged=()) -> Position:
    return Position.build(phase, [Unit.parse(p, u) for p, us in units.items() for u in us], centres,
                          dislodged)


def texts(found) -> list[str]:
    return [str(o) for o in found]


# -- which phase a standby order is for -------------------------------------------------------

@pytest.mark.parametrize("text, kind", [
    ("A PAR H", PhaseKind.MOVEMENT), ("A PAR - BUR", PhaseKind.MOVEMENT),
    ("F BRE S A PAR - PIC", PhaseKind.MOVEMENT), ("F NTH C A LON - NWY", PhaseKind.MOVEMENT),
    ("A MUN R BOH", PhaseKind.RETREAT), ("A PAR B", PhaseKind.ADJUSTMENT), ("A PAR D", PhaseKind.ADJUSTMENT),
])
def test_each_order_is_kept_for_one_kind_of_phase(text, kind):
    assert standby_kind(parse_order(text)) is kind


def test_a_waive_is_no_standby_order():
    assert standby_kind(parse_order("WAIVE")) is None
    with pytest.raises(ValueError):
        check_standby(Position.initial(), parse_order("WAIVE"), powers=FRANCE)


# -- movement ---------------------------------------------------------------------------------

def test_standby_fills_only_the_units_without_an_order():
    start = Position.initial()
    plan = standby_orders(start, FRANCE, orders("F BRE H", "A PAR S A MAR - BUR", "A MAR - BUR"),
                          given=orders("F BRE - MAO"))
    assert texts(plan.used) == ["A PAR S A MAR - BUR", "A MAR - BUR"]  # Brest has its real order
    assert plan.dropped == ()


def test_a_standby_order_that_became_illegal_is_dropped_with_its_reason():
    """Munich's standby support was given when Berlin held an army; Berlin is empty now."""
    now = board("F1901M", {GERMANY: ["A MUN", "F KIE", "A SIL"]})
    plan = standby_orders(now, GERMANY, orders("A MUN S A BER - KIE", "F KIE H", "A SIL - BER"))
    assert texts(plan.used) == ["F KIE H", "A SIL - BER"]
    [(order, why)] = plan.dropped
    assert str(order) == "A MUN S A BER - KIE"
    assert why.reason is Reason.SUPPORT_NOTHING_THERE and why.params["target"] == "BER"


def test_a_dropped_order_is_never_applied_half_way():
    """The unit whose standby order was dropped holds, as a unit without orders does: no
    support is given in any form, so the attack it would have helped bounces."""
    now = board("F1901M", {GERMANY: ["A MUN", "A RUH"], FRANCE: ["A BUR"]})
    standby = orders("A MUN S A BER - BUR", "A RUH - BUR")  # Berlin is empty: the support is void
    plan = standby_orders(now, GERMANY, standby)
    assert texts(plan.used) == ["A RUH - BUR"]
    outcome = resolve(now, {GERMANY: list(plan.used)})
    by_unit = {r.order.location.province: r for r in outcome.results}
    assert by_unit["MUN"].implied and str(by_unit["MUN"].order) == "A MUN H"
    assert by_unit["RUH"].result is Result.BOUNCE
    assert outcome.next.units["BUR"].power is FRANCE


def test_standby_orders_are_normalised_as_the_engine_judges_them():
    start = Position.initial()
    plan = standby_orders(start, Power.RUSSIA, orders("F STP - BOT"))
    assert texts(plan.used) == ["F STP/SC - BOT"]


def test_a_passive_power_uses_no_standby_orders():
    from engine import Rules
    rules = Rules(civil_disorder=frozenset({FRANCE}))
    plan = standby_orders(Position.initial(), FRANCE, orders("A PAR - BUR"), rules=rules)
    assert plan.used == () and plan.dropped == ()


def test_one_order_per_unit_the_first_that_is_legal():
    start = Position.initial()
    plan = standby_orders(start, FRANCE, orders("A PAR - MUN", "A PAR - BUR", "A PAR - PIC"))
    assert texts(plan.used) == ["A PAR - BUR"]
    assert [why.reason for _, why in plan.dropped] == [Reason.NOT_ADJACENT]


# -- retreats ---------------------------------------------------------------------------------

def retreat_board() -> Position:
    """Munich was dislodged from Bohemia; it may retreat to Kiel or Ruhr."""
    unit = Unit.parse(GERMANY, "A MUN")
    d = Dislodged(unit, (Location("KIE"), Location("RUH")), "BOH")
    return board("S1901R", {Power.AUSTRIA: ["A MUN"], GERMANY: ["A BER"]}, dislodged=[d])


def test_retreat_preferences_the_first_legal_one_is_used():
    plan = standby_orders(retreat_board(), GERMANY, orders("A MUN R BOH", "A MUN R RUH", "A MUN R KIE"))
    assert texts(plan.used) == ["A MUN R RUH"]
    [(order, why)] = plan.dropped
    assert str(order) == "A MUN R BOH" and why.reason is Reason.RETREAT_NOT_ALLOWED
    assert why.params["places"] == ("KIE", "RUH")


def test_a_retreat_standby_plays_the_retreat_phase():
    position = retreat_board()
    plan = standby_orders(position, GERMANY, orders("A MUN R RUH", "A BER H"))  # a hold is for movement
    outcome = resolve(position, {GERMANY: list(plan.used)})
    assert "RUH" in outcome.next.units and outcome.next.units["RUH"].power is GERMANY


def test_no_retreat_standby_left_means_the_unit_disbands():
    plan = standby_orders(retreat_board(), GERMANY, orders("A MUN R BOH"))
    assert plan.used == ()
    outcome = resolve(retreat_board(), {GERMANY: list(plan.used)})
    assert any(r.implied and isinstance(r.order, Disband) for r in outcome.results)


# -- adjustments ------------------------------------------------------------------------------

def test_builds_by_preference_up_to_what_is_due():
    """France owns Belgium and Spain (two builds) and its army still sits in Paris."""
    centres = dict(Position.initial().centres) | {"BEL": FRANCE, "SPA": FRANCE}
    now = board("W1901A", {FRANCE: ["A PAR", "A BUR", "F MAO"]}, centres)
    plan = standby_orders(now, FRANCE, orders("A PAR B", "F BRE B", "A MAR B", "F BRE B"))
    assert texts(plan.used) == ["F BRE B", "A MAR B"]
    [(order, why)] = plan.dropped
    assert str(order) == "A PAR B" and why.reason is Reason.BUILD_OCCUPIED


def test_builds_count_the_orders_given():
    centres = dict(Position.initial().centres) | {"BEL": FRANCE, "SPA": FRANCE}
    now = board("W1901A", {FRANCE: ["A BUR", "F MAO"]}, centres)
    plan = standby_orders(now, FRANCE, orders("A PAR B", "A MAR B", "F BRE B"), given=orders("A MAR B"))
    assert texts(plan.used) == ["A PAR B", "F BRE B"]  # two builds left; Marseilles has its order


def test_disbands_by_preference_skipping_units_gone():
    centres = {c: p for c, p in Position.initial().centres.items() if c != "MAR"}
    now = board("W1901A", {FRANCE: ["A PAR", "A MAR", "F BRE"]}, centres)
    plan = standby_orders(now, FRANCE, orders("A GAS D", "F BRE D", "A PAR D"))
    assert texts(plan.used) == ["F BRE D"]
    [(order, why)] = plan.dropped
    assert str(order) == "A GAS D" and why.reason is Reason.NO_UNIT


# -- checks when a standby order is given -------------------------------------------------------

def test_given_standby_orders_are_checked_against_the_board_as_it_stands():
    start = Position.initial()
    assert str(check_standby(start, parse_order("A MAR S A PAR - BUR"), powers=FRANCE)) == "A MAR S A PAR - BUR"
    with pytest.raises(IllegalOrderError) as exc:
        check_standby(start, parse_order("A PAR - MUN"), powers=FRANCE)
    assert exc.value.illegal.reason is Reason.NOT_ADJACENT
    with pytest.raises(IllegalOrderError) as exc:
        check_standby(start, parse_order("A MUN H"), powers=FRANCE)
    assert exc.value.illegal.reason is Reason.NOT_YOUR_UNIT


def test_movement_standby_in_a_retreat_phase_is_checked_on_the_units_that_stand():
    position = retreat_board()
    assert str(check_standby(position, parse_order("A BER - KIE"), powers=GERMANY)) == "A BER - KIE"
    with pytest.raises(IllegalOrderError):  # the dislodged army will not be in Munich
        check_standby(position, parse_order("A MUN H"), powers=GERMANY)


def test_retreat_standby_names_a_neighbour_or_a_retreat_allowed_now():
    start = Position.initial()
    assert str(check_standby(start, parse_order("F STP R BOT"), powers=Power.RUSSIA)) == "F STP/SC R BOT"
    with pytest.raises(IllegalOrderError) as exc:
        check_standby(start, parse_order("A PAR R MUN"), powers=FRANCE)
    assert exc.value.illegal.reason is Reason.RETREAT_NOT_ALLOWED
    # in the retreat phase, for the dislodged unit: its real retreats
    assert str(check_standby(retreat_board(), parse_order("A MUN R KIE"), powers=GERMANY)) == "A MUN R KIE"
    with pytest.raises(IllegalOrderError):
        check_standby(retreat_board(), parse_order("A MUN R BOH"), powers=GERMANY)


def test_build_standby_names_a_home_centre_whoever_holds_it_now():
    centres = dict(Position.initial().centres) | {"MAR": ITALY}
    now = board("S1902M", {FRANCE: ["A PAR"], ITALY: ["A MAR"]}, centres)
    assert str(check_standby(now, parse_order("A MAR B"), powers=FRANCE)) == "A MAR B"  # lost, and occupied
    assert str(check_standby(now, parse_order("A PAR B"), powers=FRANCE)) == "A PAR B"  # a unit stands there now
    for text, reason in (("A MUN B", Reason.BUILD_NOT_HOME_CENTRE), ("F PAR B", Reason.BUILD_FLEET_INLAND),
                         ("A BEL B", Reason.BUILD_NOT_HOME_CENTRE)):
        with pytest.raises(IllegalOrderError) as exc:
            check_standby(now, parse_order(text), powers=FRANCE)
        assert exc.value.illegal.reason is reason, text
    with pytest.raises(IllegalOrderError) as exc:
        check_standby(Position.initial(), parse_order("F STP B"), powers=Power.RUSSIA)
    assert exc.value.illegal.reason is Reason.NEEDS_COAST


def test_disband_standby_names_a_unit_of_the_power():
    start = Position.initial()
    assert str(check_standby(start, parse_order("F BRE D"), powers=FRANCE)) == "F BRE D"
    with pytest.raises(IllegalOrderError):
        check_standby(start, parse_order("A BER D"), powers=FRANCE)


# -- forced orders ----------------------------------------------------------------------------

def test_movement_is_never_forced():
    assert forced_orders(Position.initial(), FRANCE) is None
    assert forced_phase(Position.initial()) is None


def test_a_power_with_nothing_to_order_is_forced_to_nothing():
    assert forced_orders(retreat_board(), FRANCE) == ()


def test_a_retreat_with_somewhere_to_go_is_a_choice():
    assert forced_orders(retreat_board(), GERMANY) is None
    assert forced_phase(retreat_board()) is None


def test_a_dislodged_unit_with_nowhere_to_go_is_forced_to_disband():
    unit = Unit.parse(GERMANY, "A MUN")
    position = board("S1901R", {Power.AUSTRIA: ["A MUN"]}, dislodged=[Dislodged(unit, (), "BOH")])
    assert texts(forced_orders(position, GERMANY)) == ["A MUN D"]
    assert {p: texts(o) for p, o in forced_phase(position).items()} == {GERMANY: ["A MUN D"]}


def test_a_retreat_phase_where_only_a_passive_power_is_dislodged_is_forced():
    """Germany was put in civil disorder after its army was dislodged: nobody has a choice."""
    from engine import Rules
    rules = Rules(civil_disorder=frozenset({GERMANY}))
    assert forced_phase(retreat_board(), rules) == {}
    outcome = resolve(retreat_board(), {}, rules)
    assert "MUN" not in {u.province for u in outcome.next.units.values() if u.power is GERMANY}


def test_losing_the_last_centre_forces_every_unit_to_disband():
    centres = {c: p for c, p in Position.initial().centres.items() if p is FRANCE}
    now = board("W1901A", {ITALY: ["A PIE", "F TYS"], FRANCE: ["A PAR", "A MAR", "F BRE"]}, centres)
    assert texts(forced_orders(now, ITALY)) == ["A PIE D", "F TYS D"]
    assert {p: texts(o) for p, o in forced_phase(now).items()} == {ITALY: ["A PIE D", "F TYS D"]}
    # what the adjudicator does when Italy orders nothing: the same
    outcome = resolve(now, {})
    assert not outcome.next.units_of(ITALY)


def test_some_disbands_among_more_units_or_builds_are_a_choice():
    centres = {c: p for c, p in Position.initial().centres.items() if c != "ROM"}
    now = board("W1901A", {ITALY: ["A PIE", "F TYS", "A VEN"]}, centres)
    assert forced_orders(now, ITALY) is None  # two centres, three units: which one goes?
    centres = dict(Position.initial().centres) | {"TUN": ITALY}
    now = board("W1901A", {ITALY: ["A VEN", "F TUN"]}, centres)
    assert forced_orders(now, ITALY) is None  # two builds: where, or waive
