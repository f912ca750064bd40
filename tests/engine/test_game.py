"""The phase machine: which phase comes next, centre ownership, victory, civil disorder,
neutral powers and the games for fewer players."""

from __future__ import annotations

import pytest

from engine import Position, Power, Result, Rules, resolve
from engine.variants import ITALIAN_PROVINCES, setup_for
from tests.engine.support import pos  # noqa: E402

AUS, ENG, FRA, GER, ITA, RUS, TUR = (
    Power.AUSTRIA,
    Power.ENGLAND,
    Power.FRANCE,
    Power.GERMANY,
    Power.ITALY,
    Power.RUSSIA,
    Power.TURKEY,
)


def units_of(p: Position) -> set[str]:
    return {f"{u.power.value[:3]} {u}" for u in p.units.values()}


def result_of(outcome, text: str) -> Result:
    return next(r.result for r in outcome.results if r.text == text)


def test_spring_without_dislodgement_goes_to_fall_and_keeps_centres():
    out = resolve(Position.initial(), {FRA: ["A PAR - BUR", "F BRE - MAO"], ENG: ["F LON - NTH"]})
    assert str(out.next.phase) == "F1901M"
    assert out.next.centres == Position.initial().centres


def test_fall_moves_change_centres_and_lead_to_builds():
    spring = resolve(Position.initial(), {FRA: ["F BRE - MAO", "A MAR - SPA"], GER: ["F KIE - DEN"]}).next
    fall = resolve(spring, {FRA: ["F MAO - POR"]})
    assert str(fall.next.phase) == "W1901A"
    assert fall.next.centres["POR"] is FRA and fall.next.centres["SPA"] is FRA
    assert fall.next.centres["DEN"] is GER
    assert fall.next.adjustment_delta(FRA) == 2
    winter = resolve(fall.next, {FRA: ["F BRE B", "A PAR B", "A MAR B"]})
    assert str(winter.next.phase) == "S1902M"
    # Paris is occupied; Brest and Marseilles were left vacant
    assert [r.result for r in winter.results[:3]] == [Result.OK, Result.VOID, Result.OK]
    assert {"FRA F BRE", "FRA A MAR"} <= units_of(winter.next)


def test_spring_occupation_alone_does_not_take_a_centre():
    spring = resolve(Position.initial(), {FRA: ["A MAR - SPA"]}).next
    fall = resolve(spring, {FRA: ["A SPA - GAS"]})
    assert "SPA" not in fall.next.centres


def test_no_retreat_phase_when_nobody_can_retreat():
    p = pos("S1901M", "FRANCE F NAF", "ITALY F TUN", "ITALY F WES", "ITALY F TYS", "ITALY F ION")
    # Tunis is surrounded: the French fleet attacked from NAF... make the Italian fleet the victim
    q = pos("S1901M", "ITALY F TUN", "FRANCE F NAF", "FRANCE F WES", "FRANCE F TYS", "FRANCE F ION")
    out = resolve(q, {FRA: ["F NAF - TUN", "F WES S F NAF - TUN"]})
    assert [f"{u.power.value} {u}" for u in out.destroyed] == ["ITALY F TUN"]
    assert str(out.next.phase) == "F1901M"
    assert p.phase == q.phase


def test_retreat_phase_then_fall_centres_after_retreats():
    p = pos("F1901M", "GERMANY A MUN", "FRANCE A BUR", "FRANCE A RUH", centres={})
    out = resolve(p, {FRA: ["A BUR - MUN", "A RUH S A BUR - MUN"]})
    assert str(out.next.phase) == "F1901R"
    assert "MUN" not in out.next.centres  # not before the retreats
    retreat = resolve(out.next, {GER: ["A MUN R KIE"]})
    assert retreat.next.centres["KIE"] is GER and retreat.next.centres["MUN"] is FRA
    assert str(retreat.next.phase) == "W1901A"


def test_winter_skipped_when_nobody_has_anything_to_do():
    p = pos("F1901M", "FRANCE A PAR", "FRANCE A MAR", "FRANCE F BRE", centres={"PAR": FRA, "MAR": FRA, "BRE": FRA})
    out = resolve(p, {})
    assert str(out.next.phase) == "S1902M"


def test_winter_skipped_when_a_power_cannot_build_anywhere():
    p = pos(
        "F1901M",
        "FRANCE A PAR",
        "FRANCE A MAR",
        "FRANCE F BRE",
        "FRANCE F MAO",
        centres={"PAR": FRA, "MAR": FRA, "BRE": FRA, "SPA": FRA, "POR": FRA},
    )
    # four units, five centres, but every home centre is occupied
    assert str(resolve(p, {FRA: ["F MAO - POR"]}).next.phase) == "S1902M"


def test_unordered_retreat_disbands_and_two_retreats_to_one_place_both_fail():
    p = pos("S1901M", "GERMANY A MUN", "GERMANY A BER", "FRANCE A BUR", "FRANCE A RUH", "RUSSIA A PRU", "RUSSIA A SIL")
    out = resolve(p, {FRA: ["A BUR - MUN", "A RUH S A BUR - MUN"], RUS: ["A PRU - BER", "A SIL S A PRU - BER"]})
    assert set(out.next.dislodged) == {"MUN", "BER"}
    r = resolve(out.next, {GER: ["A MUN R KIE", "A BER R KIE"]})
    assert [x.result for x in r.results] == [Result.BOUNCE, Result.BOUNCE]
    assert {str(u) for u in r.destroyed} == {"A MUN", "A BER"}
    r2 = resolve(out.next, {GER: ["A MUN R KIE"]})
    assert any(x.implied and x.text == "A BER D" for x in r2.results)
    assert "KIE" in r2.next.units and "BER" in r2.next.units  # Russia's army moved into Berlin


def test_winner_with_18_centres():
    centres = {
        c: ENG
        for c in [
            "EDI",
            "LON",
            "LVP",
            "BRE",
            "PAR",
            "MAR",
            "BEL",
            "HOL",
            "DEN",
            "NWY",
            "SWE",
            "KIE",
            "BER",
            "MUN",
            "POR",
            "SPA",
            "STP",
        ]
    }
    p = pos("F1905M", "ENGLAND A RUH", "ENGLAND A BUR", "ENGLAND F BAL", centres=centres)
    out = resolve(p, {ENG: ["A RUH - HOL", "A BUR - MAR"]})
    assert out.winner is None  # 17
    p2 = pos("F1905M", "ENGLAND A PRU", "ENGLAND F BAL", centres=centres)
    out2 = resolve(p2, {ENG: ["A PRU - WAR"]})
    assert out2.winner is ENG and len(out2.next.centres_of(ENG)) == 18
    spring = pos("S1906M", "ENGLAND A PRU", centres=centres)
    assert resolve(spring, {ENG: ["A PRU - WAR"]}).winner is None  # only after a fall turn


def test_orders_for_missing_or_foreign_units_and_duplicates():
    out = resolve(Position.initial(), {FRA: ["A PAR - BUR", "A PAR - PIC", "F LON - NTH", "A XYZ H"]})
    got = [(r.text, r.result) for r in out.results[:4]]
    assert got == [
        ("A PAR - BUR", Result.OK),
        ("A PAR - PIC", Result.DUPLICATE),
        ("F LON - NTH", Result.NO_UNIT),
        ("A XYZ H", Result.UNPARSED),
    ]
    assert "BUR" in out.next.units


def test_wrong_unit_letter_is_ignored():
    out = resolve(Position.initial(), {FRA: ["F PAR - BUR"]})
    assert out.results[0].text == "A PAR - BUR" and out.results[0].ok


# -- civil disorder and neutral powers ----------------------------------------------------


def test_civil_disorder_units_hold_without_supporting_each_other():
    p = pos("S1901M", "GERMANY A MUN", "GERMANY A BOH", "FRANCE A BUR", "FRANCE A RUH")
    orders = {FRA: ["A BUR - MUN", "A RUH S A BUR - MUN"], GER: ["A BOH S A MUN"]}
    assert resolve(p, orders).next.units["MUN"].power is GER  # supported: holds
    cd = Rules(civil_disorder=frozenset({GER}))
    out = resolve(p, orders, cd)
    assert out.next.units["MUN"].power is FRA
    assert [str(u) for u in out.destroyed] == ["A MUN"]  # disbanded, no retreat
    assert not out.next.dislodged


def test_others_may_support_a_civil_disorder_unit():
    p = pos("S1901M", "GERMANY A MUN", "AUSTRIA A BOH", "FRANCE A BUR", "FRANCE A RUH")
    out = resolve(
        p, {FRA: ["A BUR - MUN", "A RUH S A BUR - MUN"], AUS: ["A BOH S A MUN"]}, Rules(civil_disorder=frozenset({GER}))
    )
    assert out.next.units["MUN"].power is GER


def test_civil_disorder_power_does_not_build_and_loses_farthest_units():
    p = pos("W1901A", "GERMANY A MUN", "GERMANY F NAO", "GERMANY A UKR", centres={"MUN": GER, "BER": GER})
    out = resolve(p, {}, Rules(civil_disorder=frozenset({GER})))
    assert [r.text for r in out.results if r.implied] == ["F NAO D"]
    build = pos("W1901A", "GERMANY A MUN", centres={"MUN": GER, "BER": GER, "KIE": GER})
    out = resolve(build, {GER: ["A BER B"]}, Rules(civil_disorder=frozenset({GER})))
    assert "BER" not in out.next.units


@pytest.mark.parametrize(
    "units,expected",
    [
        (["F NAO", "A WAL"], "F NAO"),  # farther first
        (["A NAF", "F TUN"], "F TUN"),  # same distance: fleets first
        (["A GRE", "A ARM"], "A ARM"),  # same distance, same type: alphabetical English name
    ],
)
def test_civil_disorder_disband_order(units, expected):
    p = pos("W1901A", *(f"ENGLAND {u}" for u in units), centres={"LON": ENG})
    out = resolve(p, {})
    assert [r.text for r in out.results if r.implied] == [f"{expected} D"]


def test_neutral_powers_in_the_six_player_game():
    setup = setup_for(6)
    assert setup.neutral == {ITA}
    rules = setup.rules(Position.initial().phase)
    out = resolve(Position.initial(), {ITA: ["A VEN - TRI"], AUS: ["F TRI - VEN", "A VIE - TRI"]}, rules)
    assert out.next.units["VEN"].power is ITA  # Italian orders are not obeyed
    assert [r.result for r in out.results if r.power is ITA and not r.implied] == [Result.VOID]


def test_two_player_game():
    setup = setup_for(2)
    assert setup.start_year == 1914 and setup.neutral == {ITA}
    start = Position.initial(year=setup.start_year)
    rules = setup.rules(start.phase)
    assert rules.closed == ITALIAN_PROVINCES
    out = resolve(start, {AUS: ["F TRI - VEN", "A VIE - TYR"]}, rules)
    assert [r.result for r in out.results[:2]] == [Result.ILLEGAL, Result.OK]
    assert not setup.toss_due(out.next.phase, tossed=False)  # F1914M
    from engine.phase import Phase

    assert setup.toss_due(Phase.parse("W1914A"), tossed=False)
    assert setup.toss_due(Phase.parse("S1915M"), tossed=False)
    assert not setup.toss_due(Phase.parse("S1915M"), tossed=True)
    joined = setup.rules(Phase.parse("S1915M"), toss_winner=1)
    assert joined.closed == frozenset() and ITA not in joined.neutral
    assert frozenset({AUS, GER, TUR, ITA}) in joined.win_groups
    still = setup.rules(Phase.parse("W1914A"), toss_winner=1)
    assert ITA in still.neutral  # joins in Spring 1915


def test_two_player_victory_counts_the_players_powers_together():
    setup = setup_for(2)
    from engine.phase import Phase

    rules = setup.rules(Phase.parse("F1916M"), toss_winner=0)
    owners = {}
    for i, c in enumerate(
        [
            "EDI",
            "LON",
            "LVP",
            "BRE",
            "PAR",
            "MAR",
            "MOS",
            "SEV",
            "STP",
            "WAR",
            "BEL",
            "HOL",
            "NWY",
            "SWE",
            "DEN",
            "POR",
            "SPA",
            "NAP",
            "ROM",
            "VEN",
            "TUN",
            "RUM",
            "BUL",
        ]
    ):
        owners[c] = [ENG, FRA, RUS, ITA][i % 4]
    p = pos("F1916M", "RUSSIA A UKR", centres=owners)
    assert resolve(p, {}, rules).winner is None  # 23
    out = resolve(p, {RUS: ["A UKR - GAL"]}, rules)
    assert resolve(pos("F1916M", "RUSSIA A SER", centres=owners), {}, rules).winners == tuple(
        sorted({ENG, FRA, RUS, ITA})
    )
    assert out.winner is None


@pytest.mark.parametrize("players,seats", [(7, 7), (6, 6), (5, 5), (4, 4), (3, 3), (2, 2)])
def test_every_power_is_played_or_neutral(players, seats):
    setup = setup_for(players)
    assert len(setup.seats) == seats
    played = [p for seat in setup.seats for p in seat]
    assert len(played) == len(set(played))
    assert set(played) | setup.neutral == set(Power)


def test_there_is_no_game_for_one_or_eight():
    for n in (1, 8):
        with pytest.raises(ValueError):
            setup_for(n)
