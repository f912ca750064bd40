"""The two-player duels (engine.variants.DUELS): their setup as the variant sites play
them, the neutral centres of the five absent powers, and the 18-centre victory."""

from __future__ import annotations

import pytest

from engine import STANDARD, Position, Power, resolve
from engine.codec import position_to_json
from engine.history import GameInfo, History
from engine.map import Location
from engine.phase import Phase
from engine.units import Unit, UnitType
from engine.variants import DUELS, VARIANTS, duel, setup_for

A, E, F, G, I, T = Power.AUSTRIA, Power.ENGLAND, Power.FRANCE, Power.GERMANY, Power.ITALY, Power.TURKEY  # noqa: E741 (the powers' initials)


def units(position: Position) -> set[str]:
    return {f"{u.power.value} {u}" for u in position.units.values()}


@pytest.mark.parametrize(
    ("name", "first", "second", "expected"),
    [
        (
            "fva",
            F,
            A,
            {"FRANCE F BRE", "FRANCE A PAR", "FRANCE A MAR", "AUSTRIA F TRI", "AUSTRIA A VIE", "AUSTRIA A BUD"},
        ),
        (
            "evt",
            E,
            T,
            {"ENGLAND F NTH", "ENGLAND F ENG", "ENGLAND A LON", "TURKEY F ANK", "TURKEY A CON", "TURKEY A SMY"},
        ),
        ("gvi", G, I, {"GERMANY F KIE", "GERMANY A MUN", "GERMANY A BER", "ITALY F NAP", "ITALY A ROM", "ITALY A VEN"}),
    ],
)
def test_duel_setup(name, first, second, expected):
    setup = setup_for(2, name)
    assert setup.seats == ((first,), (second,)) and setup.powers == {first, second}
    start = setup.initial_position()
    assert str(start.phase) == "S1901M"
    assert units(start) == expected
    # the two powers own their home centres, nobody else owns anything: 28 neutral centres
    assert set(start.centres) == STANDARD.home_centres[first] | STANDARD.home_centres[second]
    assert len(STANDARD.supply_centres - set(start.centres)) == 28
    assert setup.rules(start.phase).win_centres == 18
    assert not setup.rules(start.phase).neutral


def test_unknown_duel_and_wrong_number_of_players():
    with pytest.raises(ValueError, match="no duel called 'fvx'"):
        duel("fvx")
    with pytest.raises(ValueError, match="2 players, not 3"):
        setup_for(3, "fva")
    assert VARIANTS == ("standard", "fva", "evt", "gvi")


def test_absent_powers_centres_are_empty_neutral_centres_taken_like_any_other():
    setup = DUELS["fva"]
    start = setup.initial_position()
    assert start.unit_in("MUN") is None and "MUN" not in start.centres
    spring = resolve(start, {A: ["A VIE - TYR"], F: ["A MAR - SPA", "A PAR - BUR"]}, setup.rules(start.phase))
    fall = spring.next
    assert str(fall.phase) == "F1901M"
    out = resolve(fall, {A: ["A TYR - MUN"], F: ["A BUR - BEL", "A SPA - POR"]}, setup.rules(fall.phase))
    after = out.next
    assert after.centres["MUN"] is A and after.centres["BEL"] is F and after.centres["POR"] is F
    # builds only in the power's own free home centres (Brest still holds its fleet)
    assert str(after.phase) == "W1901A" and after.adjustment_delta(F) == 2
    built = resolve(after, {F: ["A PAR B", "F MAR B"], A: ["A MUN B"]}, setup.rules(after.phase))
    assert any(r.text == "A MUN B" and not r.ok for r in built.results)  # Munich is no home of Austria's
    assert {str(u) for u in built.next.units_of(F)} == {"A PAR", "F MAR", "F BRE", "A BEL", "A POR"}
    assert {str(u) for u in built.next.units_of(A)} == {"A MUN", "F TRI", "A BUD"}


def test_a_duel_is_won_with_18_centres():
    setup = DUELS["gvi"]
    others = sorted(STANDARD.supply_centres - {"WAR"})
    owners = {c: G for c in others[:17]} | {c: I for c in others[17:20]}
    target, neighbour = "WAR", "UKR"
    fall = Position.build(
        Phase.parse("F1905M"),
        [Unit(G, UnitType.ARMY, Location("UKR")), Unit(I, UnitType.ARMY, Location(others[17]))],
        owners,
    )
    out = resolve(fall, {G: [f"A {neighbour} - {target}"]}, setup.rules(fall.phase))
    assert out.next.centres[target] is G and len(out.next.centres_of(G)) == 18
    assert out.winner is G
    short = resolve(fall, {G: [f"A {neighbour} H"]}, setup.rules(fall.phase))
    assert short.winner is None  # 17 are not enough


def test_a_duels_history_records_its_variant():
    info = GameInfo("duel", players=2, variant="evt")
    doc = History.from_rows(info, [(position_to_json(DUELS["evt"].initial_position()), None)]).to_json()
    data = doc
    assert data["game"]["variant"] == "evt" and data["game"]["seats"] == [["ENGLAND"], ["TURKEY"]]
    assert History.from_json(doc).game.variant == "evt"
    with pytest.raises(ValueError):
        GameInfo("x", players=7, variant="evt")


@pytest.mark.parametrize("name", list(DUELS))
def test_the_stand_in_players_play_a_duel_to_its_end(name):
    """Practice against the stand-in (engine.players): a DumbBot plays each side of the duel
    from its start until one side has 18 centres or 1920 is over; every order is legal and
    the absent powers never get a unit."""
    from engine.players import play

    setup = DUELS[name]
    position = setup.initial_position()
    outcome = None
    while position.phase.year <= 1920:
        rules = setup.rules(position.phase)
        orders = play(position, sorted(setup.powers), player="dumbbot", seed=7, rules=rules)
        outcome = resolve(position, orders, rules)
        assert not [r for r in outcome.results if r.result.value in ("illegal", "unparsed", "no_unit", "duplicate")]
        position = outcome.next
        assert {u.power for u in position.units.values()} <= setup.powers
        if outcome.winner is not None:
            break
    assert outcome is not None
    owned = {p: len(position.centres_of(p)) for p in setup.powers}
    assert sum(owned.values()) > 6  # the neutral centres were taken
    if outcome.winner is not None:
        assert owned[outcome.winner] >= 18
