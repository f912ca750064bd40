"""Scoring a finished game: every system on hand-worked positions, the endings, the edge
cases (eliminated, conceded, ties, games for fewer players) and the exact arithmetic."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import Position
from engine.power import Power
from engine.scoring import Ending, GameEnd, Scores, System, round_half_up, score, sides_of
from engine.variants import setup_for
from tests.engine.support import pos

A, E, F, G, I, R, T = (
    Power.AUSTRIA,
    Power.ENGLAND,
    Power.FRANCE,
    Power.GERMANY,
    Power.ITALY,
    Power.RUSSIA,
    Power.TURKEY,
)

# A seven-power game after Fall 1910: France 10, England 8, Germany 6, Russia 5, Turkey 4,
# Italy 1, Austria eliminated. 10 + 8 + 6 + 5 + 4 + 1 = 34 centres.
FINAL = {F: 10, E: 8, G: 6, R: 5, T: 4, I: 1, A: 0}


def year_limit(**choices) -> GameEnd:
    return GameEnd(Ending.YEAR_LIMIT, FINAL, **choices)


# -- the worked seven-power example -----------------------------------------------------------


def test_sum_of_squares_worked_example():
    # squares 100, 64, 36, 25, 16, 1, 0: their sum is 242, and 100 x c² / 242 = 50 c² / 121
    s = score(year_limit(), System.SUM_OF_SQUARES)
    assert dict(s.points) == {
        F: Fraction(5000, 121),
        E: Fraction(3200, 121),
        G: Fraction(1800, 121),
        R: Fraction(1250, 121),
        T: Fraction(800, 121),
        I: Fraction(50, 121),
        A: 0,
    }
    # 41.322.., 26.446.., 14.876.., 10.330.., 6.611.., 0.413..
    assert [str(s.rounded(p)) for p in (F, E, G, R, T, I, A)] == [
        "41.32",
        "26.45",
        "14.88",
        "10.33",
        "6.61",
        "0.41",
        "0.00",
    ]
    assert s.total == 100


def test_centre_count_worked_example():
    # 100 x c / 34 = 50 c / 17
    s = score(year_limit(), System.CENTRE_COUNT)
    assert dict(s.points) == {
        F: Fraction(500, 17),
        E: Fraction(400, 17),
        G: Fraction(300, 17),
        R: Fraction(250, 17),
        T: Fraction(200, 17),
        I: Fraction(50, 17),
        A: 0,
    }
    assert [str(s.rounded(p)) for p in (F, E, G, R, T, I)] == ["29.41", "23.53", "17.65", "14.71", "11.76", "2.94"]
    assert s.total == 100


def test_draw_size_year_limit_is_a_draw_of_all_survivors():
    s = score(year_limit(), System.DRAW_SIZE)
    assert {p: s[p] for p in (F, E, G, R, T, I)} == dict.fromkeys((F, E, G, R, T, I), Fraction(50, 3))
    assert s[A] == 0
    assert s.rounded(I) == Decimal("16.67")


def test_carnage_worked_example():
    # ranks 1-7: 7,000 ... 1,000 (Austria, eliminated, is seventh), plus one point per centre
    s = score(year_limit(), System.CARNAGE)
    assert dict(s.points) == {F: 7010, E: 6008, G: 5006, R: 4005, T: 3004, I: 2001, A: 1000}


def test_moderator_end_scores_like_a_year_limit():
    stopped = GameEnd(Ending.MODERATOR, FINAL)
    for system in System:
        assert score(stopped, system).points == score(year_limit(), system).points


# -- draws ------------------------------------------------------------------------------------


def test_draw_vote_by_all_survivors():
    end = GameEnd(Ending.DRAW, FINAL)  # no list: DIAS, every survivor
    assert score(end, System.DRAW_SIZE)[T] == Fraction(100, 6)


def test_draw_shared_by_some_powers_only():
    end = GameEnd(Ending.DRAW, FINAL, drawn={F, E, G})
    s = score(end, System.DRAW_SIZE)
    assert [s[p] for p in (F, E, G)] == [Fraction(100, 3)] * 3
    assert [s[p] for p in (R, T, I, A)] == [0] * 4
    assert str(s.rounded(F)) == "33.33"


def test_a_draw_does_not_change_the_board_systems():
    # sum of squares, centre count and carnage read the board, not the vote
    end = GameEnd(Ending.DRAW, FINAL, drawn={F, E})
    for system in (System.SUM_OF_SQUARES, System.CENTRE_COUNT, System.CARNAGE):
        assert score(end, system).points == score(year_limit(), system).points


# -- solos and concessions ----------------------------------------------------------------------

SOLO = {T: 18, R: 9, E: 7, F: 0, G: 0, A: 0, I: 0}


@pytest.mark.parametrize(
    "system, whole",
    [(System.DRAW_SIZE, 100), (System.SUM_OF_SQUARES, 100), (System.CENTRE_COUNT, 100), (System.CARNAGE, 28034)],
)
def test_a_solo_takes_everything(system, whole):
    # Carnage's solo: every rank's points (7,000 + ... + 1,000 = 28,000) and all 34 centres
    s = score(GameEnd(Ending.SOLO, SOLO, winners={T}), system)
    assert s[T] == whole
    assert all(s[p] == 0 for p in s if p is not T)


def test_a_concession_is_a_solo_for_the_leader():
    end = GameEnd(Ending.CONCESSION, FINAL)
    for system in System:
        s = score(end, system)
        assert s[F] == (100 if system is not System.CARNAGE else 28034)
        assert s.total == s[F]


def test_a_concession_to_a_named_power():
    s = score(GameEnd(Ending.CONCESSION, FINAL, winners={E}), System.SUM_OF_SQUARES)
    assert s[E] == 100 and s[F] == 0


def test_a_concession_with_tied_leaders_needs_a_name():
    tied = {F: 9, E: 9, G: 8, R: 8}
    with pytest.raises(ValueError, match="single leader"):
        score(GameEnd(Ending.CONCESSION, tied), System.DRAW_SIZE)
    assert score(GameEnd(Ending.CONCESSION, tied, winners={E}), System.DRAW_SIZE)[E] == 100


# -- eliminated, conceded, ties -------------------------------------------------------------------


def test_a_conceded_power_scores_nothing_and_the_others_share_the_pot():
    end = year_limit(conceded={R})
    sos = score(end, System.SUM_OF_SQUARES)
    # squares without Russia: 242 - 25 = 217
    assert sos[R] == 0 and sos[F] == Fraction(10000, 217) and sos.total == 100
    dias = score(end, System.DRAW_SIZE)
    assert dias[R] == 0 and dias[F] == 20  # five survivors left in the draw
    assert score(end, System.CENTRE_COUNT)[F] == Fraction(1000, 29)  # 34 - 5 centres shared
    # Carnage: Russia leaves the ranks; Turkey moves up to fourth (4,000 + 4)
    carnage = score(end, System.CARNAGE)
    assert carnage[R] == 0 and carnage[T] == 4004 and carnage[A] == 2000


def test_carnage_ties_share_the_ranks_they_cover():
    end = GameEnd(Ending.YEAR_LIMIT, {F: 10, E: 7, G: 7, R: 5, T: 5, I: 0, A: 0})
    s = score(end, System.CARNAGE)
    assert s[F] == 7010
    assert s[E] == s[G] == Fraction(6000 + 5000, 2) + 7  # 5,507
    assert s[R] == s[T] == Fraction(4000 + 3000, 2) + 5  # 3,505
    assert s[I] == s[A] == Fraction(2000 + 1000, 2)  # both out, when unknown: a tie


def test_carnage_ranks_the_later_eliminated_higher():
    end = GameEnd(
        Ending.YEAR_LIMIT,
        {F: 12, E: 12, G: 10, R: 0, T: 0, I: 0, A: 0},
        eliminated={R: 1905, T: 1908, I: 1905, A: 1903},
    )
    s = score(end, System.CARNAGE)
    assert s[F] == s[E] == 6500 + 12
    assert s[G] == 5010
    assert s[T] == 4000  # out last
    assert s[R] == s[I] == 2500  # out together in 1905: they share fifth and sixth
    assert s[A] == 1000  # out first


def test_a_power_with_units_but_no_centres_is_a_survivor():
    end = GameEnd(Ending.YEAR_LIMIT, {F: 20 - 3, E: 17, I: 0}, alive={F, E, I})
    assert score(end, System.DRAW_SIZE)[I] == Fraction(100, 3)
    assert score(end, System.SUM_OF_SQUARES)[I] == 0


def test_no_centres_anywhere_scores_nothing():
    end = GameEnd(Ending.MODERATOR, {F: 0, E: 0}, alive={F, E})
    assert score(end, System.SUM_OF_SQUARES).total == 0
    assert score(end, System.DRAW_SIZE).total == 100


# -- the value --------------------------------------------------------------------------------------


def test_scores_are_read_only_values():
    s = score(year_limit(), System.DRAW_SIZE)
    with pytest.raises(TypeError):
        s.points[F] = Fraction(1)  # type: ignore[index]
    with pytest.raises(AttributeError):
        s.system = System.CARNAGE  # type: ignore[misc]
    assert s == score(year_limit(), System.DRAW_SIZE) and hash(s) == hash(score(year_limit(), "draw_size"))
    assert list(s) == [A, E, F, G, I, R, T] and len(s) == 7


def test_ranking_highest_first_ties_in_power_order():
    s = score(year_limit(), System.DRAW_SIZE)
    assert [p for p, _ in s.ranking()] == [E, F, G, I, R, T, A]
    assert [p for p, _ in score(year_limit(), System.CENTRE_COUNT).ranking()] == [F, E, G, R, T, I, A]


def test_game_end_is_a_read_only_value():
    end = year_limit()
    with pytest.raises(TypeError):
        end.centres[F] = 3  # type: ignore[index]
    assert hash(end) == hash(year_limit()) and end == year_limit()
    assert end.survivors == frozenset({F, E, G, R, T, I})


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(ending=Ending.DRAW, winners={F}), "has no winner"),
        (dict(ending=Ending.YEAR_LIMIT, drawn={F}), "has no draw"),
        (dict(ending=Ending.SOLO, drawn={F}, winners={F}), "has no draw"),
        (dict(ending=Ending.SOLO), "needs its winner"),
        (dict(ending=Ending.DRAW, drawn={A, F}), "must be survivors"),
        (dict(ending=Ending.DRAW, drawn={F}, conceded={F}), "cannot have conceded"),
        (dict(ending=Ending.SOLO, winners={F}, conceded={F}), "cannot have conceded"),
        (dict(ending=Ending.DRAW, centres={F: 3}, drawn={E}), "without a centre count"),
        (dict(ending=Ending.DRAW, centres={F: -1}), "negative"),
    ],
)
def test_contradictions_are_refused(kwargs, message):
    kwargs.setdefault("centres", FINAL)
    with pytest.raises(ValueError, match=message):
        GameEnd(**kwargs)


def test_words_are_read_as_the_enums():
    end = GameEnd("draw", {"FRANCE": 5, "ENGLAND": 4}, drawn=["FRANCE", "ENGLAND"])  # type: ignore[arg-type]
    assert end.ending is Ending.DRAW and end.drawn == {F, E}
    assert score(end, "draw_size").system is System.DRAW_SIZE
    with pytest.raises(ValueError):
        score(end, "tribute")


# -- rounding -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "value, places, shown",
    [
        (Fraction(1, 8), 2, "0.13"),  # a half goes up, not to the even digit
        (Fraction(2675, 1000), 2, "2.68"),  # the float 2.675 would round to 2.67
        (Fraction(100, 3), 2, "33.33"),
        (Fraction(200, 3), 2, "66.67"),
        (Fraction(200, 3), 0, "67"),
        (Fraction(0), 2, "0.00"),
        (Fraction(100), 2, "100.00"),
        (Fraction(28034), 0, "28034"),
        (Fraction(-5, 1000), 2, "-0.01"),
    ],
)
def test_round_half_up(value, places, shown):
    assert str(round_half_up(value, places)) == shown


# -- games for fewer players -----------------------------------------------------------------------


def test_four_players_score_per_power_and_add_up_per_seat():
    setup = setup_for(4)  # England; Austria+France; Germany+Turkey; Russia+Italy
    assert sides_of(setup) is None
    end = GameEnd(Ending.YEAR_LIMIT, FINAL)
    s = score(end, System.DRAW_SIZE)
    # six surviving powers share the draw; the Austria+France seat has one of them
    assert s.by_seat(setup.seats) == (Fraction(50, 3), Fraction(50, 3), Fraction(100, 3), Fraction(100, 3))
    assert sum(s.by_seat(setup.seats)) == 100


# Two players, stopped at the year limit: England 6 + France 5 + Russia 4 = 15 against
# Austria 3 + Germany 5 + Turkey 8 = 16; neutral Italy keeps its 3 home centres (34 in all).
TWO = {E: 6, F: 5, R: 4, A: 3, G: 5, T: 8}


def test_two_players_are_scored_as_sides():
    sides = sides_of(setup_for(2))
    end = GameEnd(Ending.YEAR_LIMIT, TWO)
    dias = score(end, System.DRAW_SIZE, sides)
    # one draw share per side (50 each), split between its powers by centres
    assert dias.by_seat(sides) == (50, 50)
    assert (dias[E], dias[F], dias[R]) == (20, Fraction(50, 3), Fraction(40, 3))  # 50 x 6/15 ...
    assert (dias[A], dias[G], dias[T]) == (Fraction(75, 8), Fraction(125, 8), 25)  # 50 x 3/16 ...
    sos = score(end, System.SUM_OF_SQUARES, sides)
    # 15² = 225 and 16² = 256: 100 x 225 / 481 and 100 x 256 / 481
    assert sos.by_seat(sides) == (Fraction(22500, 481), Fraction(25600, 481))
    assert str(round_half_up(sos.by_seat(sides)[0])) == "46.78"  # 46.7775..
    assert sos[E] == Fraction(22500, 481) * 6 / 15
    cc = score(end, System.CENTRE_COUNT, sides)
    assert cc.by_seat(sides) == (Fraction(1500, 31), Fraction(1600, 31))
    carnage = score(end, System.CARNAGE, sides)
    # two sides: the leader's rank is worth 2,000, the other's 1,000
    assert carnage.by_seat(sides) == (1015, 2016)


def test_two_players_solo_goes_to_the_winning_side():
    sides = sides_of(setup_for(2), toss_winner=0)
    end = GameEnd(Ending.SOLO, {E: 10, F: 8, R: 6, I: 1, A: 3, G: 2, T: 4}, winners={E, F, R, I})
    s = score(end, System.SUM_OF_SQUARES, sides)
    assert s.by_seat(sides) == (100, 0)
    assert s[E] == Fraction(1000, 25) and s[I] == 4  # 100 x 10/25 and 100 x 1/25
    carnage = score(end, System.CARNAGE, sides)
    assert carnage.by_seat(sides) == (2000 + 1000 + 34, 0)


def test_sides_must_hold_exactly_the_powers_scored():
    end = GameEnd(Ending.YEAR_LIMIT, TWO)
    with pytest.raises(ValueError, match="two sides"):
        score(end, System.DRAW_SIZE, [{E, F}, {F, R, A, G, T}])
    with pytest.raises(ValueError, match="exactly the powers"):
        score(end, System.DRAW_SIZE, [{E, F}, {A, G, T}])
    with pytest.raises(ValueError, match="one side"):
        score(GameEnd(Ending.SOLO, TWO, winners={E, A}), System.DRAW_SIZE, sides_of(setup_for(2)))


def test_a_side_without_centres_shares_its_draw_equally():
    end = GameEnd(Ending.YEAR_LIMIT, {E: 0, F: 0, A: 12, G: 10}, alive={E, A, G})
    s = score(end, System.DRAW_SIZE, [{E, F}, {A, G}])
    assert s[E] == s[F] == 25 and s.by_seat([{E, F}, {A, G}]) == (50, 50)


# -- from a position --------------------------------------------------------------------------------


def test_from_position_counts_centres_and_survivors():
    p = pos("S1905M", "FRANCE A PAR", "ENGLAND F NTH", "ITALY A ROM", centres={"PAR": F, "BRE": F, "LON": E, "VEN": G})
    end = GameEnd.from_position(p, Ending.YEAR_LIMIT, [F, E, G, I, A])
    assert dict(end.centres) == {F: 2, E: 1, G: 1, I: 0, A: 0}
    assert end.survivors == {F, E, G, I}  # Italy has a unit, Germany a centre; Austria nothing
    assert GameEnd.from_position(Position.initial(), "solo", [F], winners={F}).winners == {F}


# -- properties ---------------------------------------------------------------------------------------

COUNTS = st.dictionaries(st.sampled_from(list(Power)), st.integers(0, 18), min_size=1)


@given(COUNTS)
def test_the_pot_is_shared_out_whole(counts):
    end = GameEnd(Ending.YEAR_LIMIT, counts)
    for system in (System.DRAW_SIZE, System.SUM_OF_SQUARES, System.CENTRE_COUNT):
        s = score(end, system)
        assert all(v >= 0 for v in s.points.values())
        assert s.total == (100 if any(counts.values()) else 0)
        assert all(s[p] == 0 for p, n in counts.items() if n == 0)


@given(COUNTS)
def test_more_centres_never_score_less(counts):
    end = GameEnd(Ending.YEAR_LIMIT, counts)
    for system in (System.SUM_OF_SQUARES, System.CENTRE_COUNT, System.CARNAGE):
        s = score(end, system)
        for p in counts:
            for q in counts:
                if counts[p] > counts[q]:
                    assert s[p] > s[q]


@given(COUNTS, st.data())
def test_sides_of_single_powers_score_as_powers(counts, data):
    end = GameEnd(Ending.YEAR_LIMIT, counts)
    system = data.draw(st.sampled_from(list(System)))
    assert score(end, system, [[p] for p in counts]) == score(end, system)


def test_scores_value_from_plain_numbers():
    s = Scores("centre_count", "draw", {"FRANCE": 50, "ENGLAND": Fraction(1, 2)})  # type: ignore[arg-type]
    assert s[F] == 50 and s[E] == Fraction(1, 2) and s.system is System.CENTRE_COUNT
