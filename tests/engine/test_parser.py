"""The order parser: canonical form, what players type, errors, and the round trip."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import (
    Build,
    Convoy,
    Hold,
    Location,
    Move,
    OrderParseError,
    Position,
    Retreat,
    SupportMove,
    UnitType,
    parse_order,
    parse_orders,
)
from engine.parser import read_orders
from engine.phase import PhaseKind
from tests.engine.support import LOCATIONS
from tests.engine.support import ORDERS as ALL_ORDERS

A, F = UnitType.ARMY, UnitType.FLEET
L = Location.parse


@pytest.mark.parametrize(
    "text,expected",
    [
        ("A PAR H", "A PAR H"),
        ("A Paris holds", "A PAR H"),
        ("a par -> bur", "A PAR - BUR"),
        ("A Paris to Burgundy", "A PAR - BUR"),
        ("A PAR BUR", "A PAR - BUR"),
        ("A lon-bel", "A LON - BEL"),
        ("A LON - BEL VIA", "A LON - BEL VIA"),
        ("a lon -> bel via convoy", "A LON - BEL VIA"),
        ("A MUN S F KIE", "A MUN S F KIE"),
        ("A Munich supports F Kiel holds", "A MUN S F KIE"),
        ("A MAR S A PAR - BUR", "A MAR S A PAR - BUR"),
        ("a mar supports a par to bur", "A MAR S A PAR - BUR"),
        ("F NTH C A LON - NWY", "F NTH C A LON - NWY"),
        ("F North Sea convoys A London to Norway", "F NTH C A LON - NWY"),
        ("f nth c lon - nwy", "F NTH C A LON - NWY"),
        ("F LYO - SPA/SC", "F LYO - SPA/SC"),
        ("F GoL - Spa sc", "F LYO - SPA/SC"),
        ("f gulf of lyon -> spa(sc)", "F LYO - SPA/SC"),
        ("F Gulf of Lyons - Spain south coast", "F LYO - SPA/SC"),
        ("F Mid-Atlantic Ocean - Spain (nc)", "F MAO - SPA/NC"),
        ("F mid-atlantic - nc spa", "F MAO - SPA/NC"),
        ("F MAO - north coast Spain", "F MAO - SPA/NC"),
        ("F Con - Bul ec", "F CON - BUL/EC"),
        ("F St. Petersburg (sc) - Gulf of Bothnia", "F STP/SC - BOT"),
        ("F ENG - English Channel", "F ENG - ENG"),
        ("F NWG - Barents Sea", "F NWG - BAR"),
        ("F TYS - Tyn", "F TYS - TYS"),
        ("A VIE R BOH", "A VIE R BOH"),
        ("A Vienna retreats to Bohemia", "A VIE R BOH"),
        ("A BUR D", "A BUR D"),
        ("disband F NTH", "F NTH D"),
        ("remove A Par", "A PAR D"),
        ("A PAR B", "A PAR B"),
        ("build F StP nc", "F STP/NC B"),
        ("F STP/NC B", "F STP/NC B"),
        ("WAIVE", "WAIVE"),
        ("waive", "WAIVE"),
    ],
)
def test_reads_what_players_type(text, expected):
    assert str(parse_order(text)) == expected


def test_values():
    assert parse_order("F NTH C A LON - NWY") == Convoy(F, L("NTH"), L("LON"), L("NWY"))
    assert parse_order("A MAR S A PAR - BUR") == SupportMove(A, L("MAR"), A, L("PAR"), L("BUR"))
    assert parse_order("A LON - BEL VIA") == Move(A, L("LON"), L("BEL"), True)
    assert parse_order("F STP/NC B") == Build(F, L("STP/NC"))


def test_unit_type_from_the_position_or_the_province():
    start = Position.initial()
    assert parse_order("Kie - Hol", position=start) == Move(F, L("KIE"), L("HOL"))
    assert parse_order("Par - Bur") == Move(A, L("PAR"), L("BUR"))  # inland: army
    assert parse_order("NTH - HEL") == Move(F, L("NTH"), L("HEL"))  # sea: fleet
    with pytest.raises(OrderParseError) as err:
        parse_order("Kie - Hol")  # coastal, unknown
    assert err.value.code == "missing_unit_type"


def test_phase_decides_retreats_and_builds():
    assert parse_order("A BUR - PAR", phase=PhaseKind.RETREAT) == Retreat(A, L("BUR"), L("PAR"))
    assert parse_order("F EDI", phase=PhaseKind.ADJUSTMENT) == Build(F, L("EDI"))
    assert parse_order("Mun", phase=PhaseKind.ADJUSTMENT) == Build(A, L("MUN"))
    assert parse_order("F EDI") == Hold(F, L("EDI"))


def test_several_orders_in_one_text():
    text = "A PAR - BUR; A MAR S A PAR - BUR\nF BRE H, F NTH C A LON - NWY"
    assert [str(o) for o in parse_orders(text)] == [
        "A PAR - BUR",
        "A MAR S A PAR - BUR",
        "F BRE H",
        "F NTH C A LON - NWY",
    ]


def test_good_orders_survive_a_bad_one():
    lines = read_orders("A PAR - BUR\nA MAR - Burgandy\nF BRE H")
    assert [line.order is not None for line in lines] == [True, False, True]
    assert lines[1].error.word == "burgandy"


@pytest.mark.parametrize(
    "text,code,word",
    [
        ("A Par - Burgandy", "unknown_word", "burgandy"),
        ("A PAR - XYZ", "unknown_word", "xyz"),
        ("F NTH C A", "incomplete", ""),
        ("F SPA/EC - MAO", "bad_coast", "ec"),
        ("A PAR - BUR BUR", "unexpected_word", "bur"),
        ("hold", "incomplete", ""),  # the client's verb first: "Hold Kiel Kiel"
        ("hold hold", "expected_province", "hold"),
        ("", "empty", ""),
        ("F NTH C F LON - NWY", "convoy_fleet", "f"),
        ("A PAR - nc", "stray_coast", "nc"),
    ],
)
def test_errors_say_which_word(text, code, word):
    with pytest.raises(OrderParseError) as err:
        parse_order(text)
    assert err.value.code == code
    assert err.value.word == word
    assert str(err.value)


def test_errors_offer_the_closest_names():
    with pytest.raises(OrderParseError) as err:
        parse_order("A Par - Burgandy")
    assert "BUR (Burgundy)" in err.value.suggestions
    assert "Did you mean: BUR (Burgundy)?" in str(err.value)
    with pytest.raises(OrderParseError) as err:
        parse_order("F Norwegain Sea - NTH")
    assert "NWG (Norwegian Sea)" in err.value.suggestions


# -- round trip: parse(format(x)) == x for every order -----------------------------------

LOCS, ORDERS = LOCATIONS, ALL_ORDERS


@settings(max_examples=600, deadline=None)
@given(ORDERS)
def test_round_trip(order):
    assert parse_order(str(order)) == order


@settings(max_examples=200, deadline=None)
@given(st.lists(ORDERS, min_size=1, max_size=8))
def test_round_trip_of_several(orders):
    text = "\n".join(str(o) for o in orders)
    assert parse_orders(text) == orders


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_words_as_typed_fold_to_the_words_matched(text):
    # the lexer splits a line once, with its case, and folds each word (engine.parser._lex)
    from engine.names import tokens

    assert [w.casefold() for w in tokens(text, fold=False)] == tokens(text)
