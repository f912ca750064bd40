"""engine.validation: each reason with its parameters, normalisation, the errors raised,
the count of builds and disbands, and what a power still owes."""

from __future__ import annotations

import pytest

from engine import (
    Build,
    Convoy,
    Disband,
    Dislodged,
    Hold,
    Location,
    Move,
    Position,
    Power,
    Result,
    Rules,
    SupportHold,
    SupportMove,
    Unit,
    UnitType,
    Waive,
    parse_order,
    resolve,
)
from engine.validation import (
    AmbiguousOrderError,
    Illegal,
    IllegalOrderError,
    OrdersDue,
    Reason,
    check_order,
    explain,
    orders_due,
    power_of,
)
from tests.engine.support import pos

A, F = UnitType.ARMY, UnitType.FLEET
START = Position.initial()


def retreat_position() -> Position:
    """Spring 1901 retreats: the French army dislodged from Paris (by way of Burgundy),
    free to go to Brest or Picardy; the French fleet dislodged from the Mid-Atlantic,
    free to go to either coast of Spain or the North Atlantic."""
    units = [
        Unit(Power.GERMANY, A, Location("PAR")),
        Unit(Power.GERMANY, A, Location("GAS")),
        Unit(Power.FRANCE, A, Location("MAR")),
        Unit(Power.FRANCE, F, Location("ENG")),
    ]
    dislodged = [
        Dislodged(Unit(Power.FRANCE, A, Location("PAR")), (Location("BRE"), Location("PIC")), "BUR"),
        Dislodged(
            Unit(Power.FRANCE, F, Location("MAO")),
            (Location("SPA", "NC"), Location("SPA", "SC"), Location("NAO")),
            "BRE",
        ),
    ]
    return Position.build("S1901R", units, None, dislodged)


def winter(*units: str, centres: dict[str, str]) -> Position:
    return pos("W1901A", *units, centres={c: Power.parse(p) for c, p in centres.items()})


# France: 4 centres, 2 units (2 builds, Paris occupied); Germany: Berlin lost to Russia,
# 1 build; Russia: 3 units, 2 centres (1 disband)
WINTER = winter(
    "FRANCE A PAR",
    "FRANCE F NAO",
    "GERMANY A MUN",
    "RUSSIA A MOS",
    "RUSSIA A UKR",
    "RUSSIA A WAR",
    centres={
        "PAR": "FRANCE",
        "BRE": "FRANCE",
        "MAR": "FRANCE",
        "SPA": "FRANCE",
        "MUN": "GERMANY",
        "KIE": "GERMANY",
        "BER": "RUSSIA",
        "SEV": "RUSSIA",
    },
)
# nobody has anything to do
QUIET = winter("FRANCE A PAR", centres={"PAR": "FRANCE"})
TWO_POWER = Rules(neutral=frozenset({Power.ITALY}), closed=frozenset({"VEN", "ROM", "NAP", "TUS", "PIE", "APU"}))

CASES = [
    # (reason, position, order, powers, rules, params)
    (Reason.NO_SUCH_PROVINCE, START, Move(A, Location("PAR"), Location("XYZ")), None, Rules(), {"place": "XYZ"}),
    (Reason.NO_UNIT, START, "A BUR - PAR", None, Rules(), {"place": "BUR"}),
    (Reason.NOT_YOUR_UNIT, START, "A VEN - TRI", Power.FRANCE, Rules(), {"unit": "A VEN", "power": "ITALY"}),
    (Reason.NOT_DISLODGED, retreat_position(), "A MAR R BUR", None, Rules(), {"place": "MAR"}),
    (Reason.WRONG_PHASE, START, "A PAR B", None, Rules(), {"phase": "movement", "kind": "build"}),
    (Reason.PASSIVE_POWER, START, "A VEN H", None, TWO_POWER, {"power": "ITALY"}),
    (
        Reason.NOT_ADJACENT,
        START,
        "A PAR - MUN",
        None,
        Rules(),
        {"unit": "A PAR", "dest": "MUN", "places": ("BRE", "BUR", "GAS", "PIC")},
    ),
    (
        Reason.CLOSED_PROVINCE,
        START,
        "A VIE - TYR",
        None,
        Rules(closed=frozenset({"TYR"})),
        {"unit": "A VIE", "dest": "TYR"},
    ),
    (
        Reason.NO_SUCH_COAST,
        pos("S1901M", "FRANCE F GAS"),
        "F GAS - SPA/SC",
        None,
        Rules(),
        {"unit": "F GAS", "dest": "SPA/SC", "coasts": ("SPA/NC",)},
    ),
    (
        Reason.NEEDS_COAST,
        pos("S1901M", "FRANCE F MAO"),
        "F MAO - SPA",
        None,
        Rules(),
        {"unit": "F MAO", "dest": "SPA", "coasts": ("SPA/NC", "SPA/SC")},
    ),
    (Reason.CONVOY_NEEDS_FLEET_AT_SEA, START, "F KIE C A BER - DEN", None, Rules(), {"unit": "F KIE"}),
    (
        Reason.ONLY_ARMIES_CONVOYED,
        START,
        Move(F, Location("LON"), Location("BEL"), True),
        None,
        Rules(),
        {"unit": "F LON"},
    ),
    (
        Reason.NO_CONVOY_ROUTE,
        pos("S1901M", "ENGLAND A YOR"),
        "A YOR - HOL",
        None,
        Rules(),
        {"unit": "A YOR", "army": "YOR", "dest": "HOL"},
    ),
    (
        Reason.CONVOY_NOTHING_THERE,
        pos("S1901M", "ENGLAND F NTH"),
        "F NTH C A YOR - NWY",
        None,
        Rules(),
        {"unit": "F NTH", "army": "YOR"},
    ),
    (Reason.SUPPORT_SELF, START, SupportHold(A, Location("PAR"), A, Location("PAR")), None, Rules(), {"unit": "A PAR"}),
    (Reason.SUPPORT_NOTHING_THERE, START, "A PAR S A BUR", None, Rules(), {"unit": "A PAR", "target": "BUR"}),
    (Reason.SUPPORT_CANNOT_REACH, START, "A MUN S A BER - PRU", None, Rules(), {"unit": "A MUN", "dest": "PRU"}),
    (
        Reason.SUPPORT_MOVE_IMPOSSIBLE,
        START,
        "A MUN S F KIE - RUH",
        None,
        Rules(),
        {"unit": "A MUN", "target": "F KIE", "dest": "RUH"},
    ),
    (
        Reason.RETREAT_NOT_ALLOWED,
        retreat_position(),
        "A PAR R GAS",
        None,
        Rules(),
        {"unit": "A PAR", "dest": "GAS", "places": ("BRE", "PIC")},
    ),
    (
        Reason.BUILD_NOT_HOME_CENTRE,
        WINTER,
        "A SPA B",
        Power.FRANCE,
        Rules(),
        {"place": "SPA", "homes": ("BRE", "MAR", "PAR")},
    ),
    (
        Reason.BUILD_NOT_OWNED,
        WINTER,
        "A BER B",
        Power.GERMANY,
        Rules(),
        {"place": "BER", "power": "GERMANY", "places": ("KIE",)},  # where it can build instead
    ),
    (
        Reason.BUILD_OCCUPIED,
        WINTER,
        "A PAR B",
        Power.FRANCE,
        Rules(),
        {"place": "PAR", "unit": "A PAR", "places": ("BRE", "MAR")},
    ),
    (Reason.BUILD_FLEET_INLAND, WINTER, Build(F, Location("PAR")), None, Rules(), {"place": "PAR"}),
    (Reason.NO_BUILDS_DUE, QUIET, "A MAR B", Power.FRANCE, Rules(), {"power": "FRANCE"}),
    (Reason.NO_DISBANDS_DUE, WINTER, "A PAR D", Power.FRANCE, Rules(), {"power": "FRANCE"}),
]


@pytest.mark.parametrize("reason,position,order,powers,rules,params", CASES, ids=[c[0].value for c in CASES])
def test_each_reason_with_its_parameters(reason, position, order, powers, rules, params):
    if isinstance(order, str):
        order = parse_order(order, position=position)
    assert explain(position, order, rules, powers) == Illegal(reason, params)
    with pytest.raises(IllegalOrderError) as raised:
        check_order(position, order, rules, powers)
    assert raised.value.illegal == Illegal(reason, params) and raised.value.order == order
    assert isinstance(raised.value, ValueError)
    assert isinstance(raised.value, AmbiguousOrderError) == (reason is Reason.NEEDS_COAST)


def test_every_reason_is_tested():
    tested = {c[0] for c in CASES} | {Reason.TOO_MANY_ADJUSTMENTS}  # see test_count_due
    assert tested == set(Reason)


def test_illegal_is_an_immutable_value():
    one = Illegal(Reason.NOT_ADJACENT, {"unit": "A PAR", "places": ("BRE",)})
    assert one == Illegal(Reason.NOT_ADJACENT, {"unit": "A PAR", "places": ("BRE",)})
    assert hash(one) == hash(Illegal(Reason.NOT_ADJACENT, {"places": ("BRE",), "unit": "A PAR"}))
    assert one != Illegal(Reason.NOT_ADJACENT, {"unit": "A MAR", "places": ("BRE",)})
    with pytest.raises(TypeError):
        one.params["unit"] = "A MAR"  # type: ignore[index]
    assert str(one) == "not_adjacent (unit=A PAR, places=BRE)"
    assert str(Illegal(Reason.NO_BUILDS_DUE)) == "no_builds_due"


@pytest.mark.parametrize(
    "position,given,expected",
    [
        # DATC 4.C.2 and 4.B.5: the unit's real type and coast
        (START, "A KIE - HOL", "F KIE - HOL"),
        (START, "F STP/NC - BOT", "F STP/SC - BOT"),
        # DATC 4.B.2: the only coast; 4.B.6: an army ignores coasts
        (pos("S1901M", "FRANCE F GAS"), "F GAS - SPA", "F GAS - SPA/NC"),
        (pos("S1901M", "FRANCE A GAS"), "A GAS - SPA/NC", "A GAS - SPA"),
        # VIA is kept where the army could also walk, dropped where only a convoy can take it
        (pos("S1901M", "ENGLAND A YOR", "ENGLAND F NTH"), "A YOR - LON VIA", "A YOR - LON VIA"),
        (pos("S1901M", "ENGLAND A YOR", "ENGLAND F NTH"), "A YOR - NWY VIA", "A YOR - NWY"),
        # the supported unit named as it stands; a supported move to the only possible coast
        (START, "A MUN S F BER", "A MUN S A BER"),
        (pos("S1901M", "FRANCE F GAS", "ITALY F WES"), "F GAS S F WES - SPA", "F GAS S F WES - SPA/SC"),
        (pos("S1901M", "FRANCE A GAS", "FRANCE A MAR"), "A GAS S A MAR - SPA/SC", "A GAS S A MAR - SPA"),
        (pos("S1901M", "ENGLAND F NTH", "ENGLAND F LON"), "F NTH C A LON - NWY", None),
        # a move in a retreat phase is a retreat; a coast named when only one is allowed
        (retreat_position(), "A PAR - BRE", "A PAR R BRE"),
        (retreat_position(), "F MAO R NAO", "F MAO R NAO"),
        (retreat_position(), "F MAO D", "F MAO D"),
        # builds: an army's coast dropped; a disband names the unit as it stands
        (winter("RUSSIA A MOS", centres={"MOS": "RUSSIA", "STP": "RUSSIA"}), "A STP/NC B", "A STP B"),
        (winter("RUSSIA F STP/SC", "RUSSIA A MOS", centres={"MOS": "RUSSIA"}), "A STP D", "F STP/SC D"),
    ],
)
def test_normalisation(position, given, expected):
    order = parse_order(given, position=position)
    if expected is None:  # the convoyed unit is a fleet: nothing to normalise, it is refused
        assert explain(position, order).reason is Reason.ONLY_ARMIES_CONVOYED
        return
    judged = check_order(position, order)
    assert str(judged) == expected
    assert check_order(position, judged) == judged  # a normal form stays as it is


def test_support_of_a_fleet_move_to_a_split_coast_must_name_the_coast():
    # DATC 4.B.4, 6.B.7: checked on submission, the coast must be named (the adjudicator
    # carries out the support without one)
    p = pos("S1901M", "FRANCE F POR", "FRANCE F MAO")
    with pytest.raises(AmbiguousOrderError) as raised:
        check_order(p, parse_order("F POR S F MAO - SPA"))
    assert raised.value.illegal == Illegal(
        Reason.NEEDS_COAST, {"unit": "F POR", "target": "F MAO", "dest": "SPA", "coasts": ("SPA/NC", "SPA/SC")}
    )
    assert str(check_order(p, parse_order("F POR S F MAO - SPA/NC"))) == "F POR S F MAO - SPA/NC"
    outcome = resolve(p, {Power.FRANCE: ["F POR S F MAO - SPA", "F MAO - SPA/NC"]})
    assert [r.result for r in outcome.results] == [Result.OK, Result.OK]


def test_needs_coast_for_a_build_and_a_retreat():
    p = winter("RUSSIA A MOS", centres={"MOS": "RUSSIA", "STP": "RUSSIA"})
    assert explain(p, parse_order("F STP B", position=p)) == Illegal(
        Reason.NEEDS_COAST, {"place": "STP", "dest": "STP", "coasts": ("STP/NC", "STP/SC")}
    )
    r = retreat_position()
    assert explain(r, parse_order("F MAO R SPA", position=r)) == Illegal(
        Reason.NEEDS_COAST, {"unit": "F MAO", "dest": "SPA", "coasts": ("SPA/NC", "SPA/SC")}
    )


@pytest.mark.parametrize(
    "position,order,params",
    [
        (START, "A PAR R BUR", {"phase": "movement", "kind": "retreat"}),
        (START, "WAIVE", {"phase": "movement", "kind": "waive"}),
        (retreat_position(), "A PAR S A MAR", {"phase": "retreat", "kind": "support"}),
        (WINTER, "A PAR - BUR", {"phase": "adjustment", "kind": "move"}),
    ],
)
def test_wrong_phase_names_the_phase_and_the_order(position, order, params):
    assert explain(position, parse_order(order, position=position)) == Illegal(Reason.WRONG_PHASE, params)


def test_count_due():
    france = {Power.FRANCE: [parse_order("A MAR B")]}
    assert orders_due(WINTER, Power.FRANCE) == OrdersDue(builds=2)  # BRE and MAR are free
    # the second build fits, a third does not; a waive counts as a build
    assert str(check_order(WINTER, parse_order("F BRE B"), powers=Power.FRANCE, given=france)) == "F BRE B"
    two = {Power.FRANCE: [parse_order("A MAR B"), Waive()]}
    assert explain(WINTER, parse_order("F BRE B"), powers=Power.FRANCE, given=two) == Illegal(
        Reason.TOO_MANY_ADJUSTMENTS, {"power": "FRANCE", "count": 2}
    )
    assert explain(WINTER, Waive(), powers=Power.FRANCE, given=two) == Illegal(
        Reason.TOO_MANY_ADJUSTMENTS, {"power": "FRANCE", "count": 2}
    )
    # an order for a province already ordered replaces that order
    assert str(check_order(WINTER, parse_order("F MAR B"), powers=Power.FRANCE, given=two)) == "F MAR B"
    russia = {Power.RUSSIA: [parse_order("A UKR D")]}
    assert explain(WINTER, parse_order("A MOS D"), powers=Power.RUSSIA, given=russia) == Illegal(
        Reason.TOO_MANY_ADJUSTMENTS, {"power": "RUSSIA", "count": 1}
    )
    assert explain(WINTER, parse_order("A UKR D"), powers=Power.RUSSIA, given=russia) is None
    # the adjudicator counts the same way and says so
    outcome = resolve(WINTER, {Power.RUSSIA: ["A UKR D", "A MOS D"]})
    assert outcome.results[1].result is Result.VOID
    assert outcome.results[1].illegal == Illegal(Reason.TOO_MANY_ADJUSTMENTS, {"power": "RUSSIA", "count": 1})


def test_waive_needs_a_build_to_waive():
    assert explain(WINTER, Waive(), powers=Power.FRANCE) is None
    assert explain(WINTER, Waive(), powers=Power.RUSSIA) == Illegal(Reason.NO_BUILDS_DUE, {"power": "RUSSIA"})
    assert explain(WINTER, Waive(), powers=[Power.RUSSIA, Power.FRANCE]) is None
    assert explain(QUIET, Waive()) == Illegal(Reason.NO_BUILDS_DUE)  # nobody has one
    assert explain(WINTER, Waive(), Rules(civil_disorder=frozenset({Power.FRANCE})), Power.FRANCE) == Illegal(
        Reason.PASSIVE_POWER, {"power": "FRANCE"}
    )


def test_power_of():
    assert power_of(START, parse_order("A PAR H")) is Power.FRANCE
    assert power_of(WINTER, parse_order("A BRE B")) is Power.FRANCE
    assert power_of(WINTER, parse_order("A MOS D")) is Power.RUSSIA
    assert power_of(WINTER, Waive(), powers=[Power.RUSSIA, Power.GERMANY, Power.FRANCE]) is Power.GERMANY
    germany_done = {Power.GERMANY: [parse_order("A KIE B")]}
    assert power_of(WINTER, Waive(), powers=[Power.GERMANY, Power.FRANCE], given=germany_done) is Power.FRANCE
    assert power_of(retreat_position(), parse_order("A PAR R BRE")) is Power.FRANCE
    assert power_of(START, parse_order("A BUR H")) is None


def test_orders_due_by_phase():
    assert [str(u) for u in orders_due(START, Power.FRANCE).units] == ["F BRE", "A MAR", "A PAR"]
    assert orders_due(START, Power.ITALY, TWO_POWER) == OrdersDue()  # neutral: nothing to order
    r = retreat_position()
    assert [str(u) for u in orders_due(r, Power.FRANCE).units] == ["F MAO", "A PAR"]
    assert orders_due(r, Power.GERMANY).is_empty
    assert orders_due(WINTER, Power.RUSSIA) == OrdersDue(disbands=1)
    assert orders_due(WINTER, Power.GERMANY) == OrdersDue(builds=1)
    # no vacant home centre: nothing to build, whatever the count of centres
    crowded = winter(
        "FRANCE A PAR",
        "FRANCE A BRE",
        "FRANCE A MAR",
        centres={"PAR": "FRANCE", "BRE": "FRANCE", "MAR": "FRANCE", "SPA": "FRANCE"},
    )
    assert orders_due(crowded, Power.FRANCE) == OrdersDue()
    due = orders_due(START, Power.FRANCE)
    assert due.count == 3 and not due.is_empty
    left = due.after([parse_order("A PAR - BUR"), parse_order("F BRE - MAO")])
    assert [str(u) for u in left.units] == ["A MAR"] and left.count == 1
    assert orders_due(WINTER, Power.FRANCE).after([Waive(), Waive(), Waive()]) == OrdersDue()


def test_adjudicator_results_carry_the_reason():
    rules = Rules(neutral=frozenset({Power.ITALY}))
    outcome = resolve(
        START,
        {
            Power.FRANCE: ["A PAR - MUN", "A MAR S A BUR", "F BRE - MAO"],
            Power.ITALY: ["A VEN - TRI"],
            Power.GERMANY: ["A PAR H"],
        },
        rules,
    )
    by_text = {r.text: r for r in outcome.results}
    assert by_text["A PAR - MUN"].result is Result.ILLEGAL
    assert by_text["A PAR - MUN"].illegal == explain(START, parse_order("A PAR - MUN"))
    assert by_text["A MAR S A BUR"].result is Result.VOID
    assert by_text["A MAR S A BUR"].illegal.reason is Reason.SUPPORT_NOTHING_THERE
    assert by_text["F BRE - MAO"].illegal is None
    assert by_text["A VEN - TRI"].result is Result.VOID
    assert by_text["A VEN - TRI"].illegal == Illegal(Reason.PASSIVE_POWER, {"power": "ITALY"})
    assert by_text["A PAR H"].result is Result.NO_UNIT
    assert by_text["A PAR H"].illegal == Illegal(Reason.NOT_YOUR_UNIT, {"unit": "A PAR", "power": "FRANCE"})
    assert all(r.illegal is None for r in outcome.results if r.implied)


def test_legal_orders_agree_with_check_order_on_the_start():
    from engine import legal_orders

    for province, unit in START.units.items():
        menu = legal_orders(START, province)
        assert menu and all(check_order(START, o, powers=unit.power) == o for o in menu)
        assert isinstance(menu[0], Hold)
    assert any(isinstance(o, SupportMove) for o in legal_orders(START, "MAR"))
    assert not any(isinstance(o, (Convoy, Disband)) for o in legal_orders(START, "MAR"))


def test_a_dislodged_fleet_convoying_a_fleet_keeps_the_reason():
    # found by the property test: the reason of a convoy that could never match (it names a
    # fleet) was lost when the convoying fleet was dislodged
    from engine import Convoy, Location, Power, Reason, Result, UnitType, explain, resolve
    from engine.codec import position_from_json

    position = position_from_json(
        {"phase": "S1901M", "units": {"ENGLAND": ["F ENG", "F LVP", "F IRI"], "FRANCE": ["F BRE", "A PIC", "F MAO"]}}
    )
    convoy = Convoy(UnitType.FLEET, Location("ENG"), Location("LVP"), Location("PIC"))
    outcome = resolve(position, {Power.ENGLAND: [convoy], Power.FRANCE: ["F BRE - ENG", "F MAO S F BRE - ENG"]})
    result = outcome.results[0]
    assert result.result is Result.DISLODGED
    assert result.illegal is not None and result.illegal.reason is Reason.ONLY_ARMIES_CONVOYED
    assert result.illegal == explain(position, convoy)
