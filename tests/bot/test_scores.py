"""The end of games without Discord (issue 15): when the last year is over, the rules a
game is created with, scores per player in games for fewer players, results, the
leaderboard's ranks, and the words: numbers the reader's way, the final post, the
leaderboard's lines short enough for a phone, and alt texts within Discord's 1,024
characters in every language for every phase of a 20-year game."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from bot.core.endgame import Chart
from bot.core.endgame.leaderboard import LeaderboardPage, Standing, ranked
from bot.core.endgame.scoring import EndRules, PlayerResult, choose_rules, score_game, shown
from bot.core.endings import EndingKind
from bot.core.errors import UserError
from bot.infra.storage.endings import StandingRow
from bot.text.board import map_description
from bot.text.i18n import LANGUAGES
from bot.text.leaderboard import leaderboard_text
from bot.text.scores import chart_description, number, scores_post
from engine import Phase, Position, Power
from engine.history import GameInfo, History
from engine.scoring import System
from engine.units import Unit
from tests.bot.support import game_row
from tests.random_game import play


@pytest.mark.parametrize(
    ("phase", "over"),
    [("F1910M", False), ("F1910R", False), ("W1910A", False), ("S1911M", True), ("S1912M", True)],
)
def test_the_last_year_is_over_when_the_next_phase_is_in_a_later_year(phase, over):
    assert EndRules(System.CARNAGE, 1910).over_after(Phase.parse(phase)) is over
    assert EndRules().over_after(Phase.parse(phase)) is False  # no limit


def test_the_rules_a_game_is_created_with():
    assert choose_rules(None, None, 1901) == EndRules(System.SUM_OF_SQUARES, None)
    assert choose_rules("carnage", 1901, 1901) == EndRules(System.CARNAGE, 1901)
    with pytest.raises(UserError) as err:
        choose_rules(None, 1910, 1914)  # the game for two starts in 1914
    assert err.value.key == "create.bad_last_year" and err.value.params == {
        "year": 1910,
        "first": 1914,
        "latest": 2013,
    }
    with pytest.raises(UserError):
        choose_rules(None, 2001, 1901)  # a hundred years at most
    with pytest.raises(UserError) as err:
        choose_rules("tribute", None, 1901)
    assert err.value.key == "create.bad_scoring"


def board(centres: dict[str, list[str]], units: dict[str, list[str]], phase: str = "S1911M") -> Position:
    owned = {c: Power(p) for p, cs in centres.items() for c in cs}
    return Position.build(phase, [Unit.parse(Power(p), u) for p, us in units.items() for u in us], owned)


def test_a_player_of_several_powers_scores_their_sum():
    """Three players: England, Germany and Austria; Russia and Italy; France and Turkey.
    Sum of squares per power, then per player: centres 6, 5, 0 | 8, 4 | 9, 2 (34 held),
    Σc² = 36 + 25 + 64 + 16 + 81 + 4 = 226; the first player 100 × 61 / 226 = 26.99."""
    position = board(
        {
            "ENGLAND": ["LON", "EDI", "LVP", "NWY", "SWE", "DEN"],
            "GERMANY": ["BER", "MUN", "KIE", "HOL", "BEL"],
            "RUSSIA": ["MOS", "WAR", "SEV", "STP", "RUM", "VIE", "BUD", "TRI"],
            "ITALY": ["ROM", "VEN", "NAP", "TUN"],
            "FRANCE": ["PAR", "MAR", "BRE", "SPA", "POR", "SER", "GRE", "BUL", "CON"],
            "TURKEY": ["ANK", "SMY"],
        },
        {"ENGLAND": ["F LON"], "GERMANY": ["A BER"], "RUSSIA": ["A MOS"], "ITALY": ["A ROM"]}
        | {"FRANCE": ["A PAR"], "TURKEY": ["A SMY"]},
    )
    game = replace(game_row(position), players=3)
    seats = {
        1: (Power.ENGLAND, Power.GERMANY, Power.AUSTRIA),
        2: (Power.RUSSIA, Power.ITALY),
        3: (Power.FRANCE, Power.TURKEY),
    }
    end, scores, players = score_game(game, position, EndingKind.YEAR_LIMIT, System.SUM_OF_SQUARES, seats)
    by_user = {p.user_id: p for p in players}
    assert by_user[1].points == Fraction(100 * 61, 226) and shown(by_user[1].points, System.SUM_OF_SQUARES) == "26.99"
    assert by_user[2].points == Fraction(100 * 80, 226) and by_user[2].centres == 12
    assert sum(p.share for p in players) == 100 and sum(p.points for p in players) == 100
    assert [p.user_id for p in players] == [3, 2, 1]  # best first: 81 + 4, 64 + 16, 36 + 25
    assert {p.result for p in players} == {PlayerResult.SURVIVED}
    assert Power.AUSTRIA not in end.survivors


def test_the_game_for_two_is_scored_by_sides():
    """England+France+Russia against Austria+Germany+Turkey: the seats' centres together
    (Italy neutral, not scored). Centre count: 17 against 12 of 29 held: 58.62 and 41.38."""
    position = board(
        {
            "ENGLAND": ["LON", "EDI", "LVP", "NWY", "SWE"],
            "FRANCE": ["PAR", "MAR", "BRE", "SPA", "POR", "BEL"],
            "RUSSIA": ["MOS", "WAR", "SEV", "STP", "RUM", "DEN"],
            "AUSTRIA": ["VIE", "BUD", "TRI", "SER"],
            "GERMANY": ["BER", "MUN", "KIE", "HOL"],
            "TURKEY": ["CON", "ANK", "SMY", "BUL"],
        },
        {"ENGLAND": ["F LON"], "AUSTRIA": ["A VIE"]},
        phase="S1920M",
    )
    game = replace(game_row(position), players=2)
    seats = {1: (Power.ENGLAND, Power.FRANCE, Power.RUSSIA), 2: (Power.AUSTRIA, Power.GERMANY, Power.TURKEY)}
    _, scores, players = score_game(game, position, EndingKind.MODERATOR, System.CENTRE_COUNT, seats)
    assert [shown(p.points, System.CENTRE_COUNT) for p in players] == ["58.62", "41.38"]
    assert set(scores.points) == {p for seat in seats.values() for p in seat}  # Italy is nobody's
    # a draw of both sides by draw size: 50 each
    _, _, drawn = score_game(game, position, EndingKind.DRAW, System.DRAW_SIZE, seats, drawn=list(Power))
    assert [p.points for p in drawn] == [50, 50] and {p.result for p in drawn} == {PlayerResult.DRAW}


def test_results_and_conceded_powers_out_of_a_draw():
    position = Position.initial()
    game = game_row(position)
    seats = {i: (p,) for i, p in enumerate(Power)}
    # England conceded earlier, then the others drew: England is out of the draw
    _, scores, players = score_game(
        game,
        position,
        EndingKind.DRAW,
        System.DRAW_SIZE,
        seats,
        drawn=list(Power),
        conceded=[Power.ENGLAND],
    )
    result = {p.powers[0]: p for p in players}
    assert result[Power.ENGLAND].result is PlayerResult.CONCEDED and result[Power.ENGLAND].points == 0
    assert result[Power.FRANCE].result is PlayerResult.DRAW and result[Power.FRANCE].points == Fraction(100, 6)
    _, _, solo = score_game(game, position, EndingKind.SOLO, System.CARNAGE, seats, winners=[Power.TURKEY])
    assert solo[0].powers == (Power.TURKEY,) and solo[0].result is PlayerResult.WIN
    assert shown(solo[0].points, System.CARNAGE) == "28034"


def test_ranks_are_shared_by_equal_players_and_reliability_needs_phases():
    rows = [
        StandingRow(1, 2, 0, 1, 20.0, 1, 10),
        StandingRow(2, 2, 0, 1, 20.0, 0, 10),
        StandingRow(3, 3, 1, 0, 20.0, 0, 0),
        StandingRow(4, 1, 0, 0, 35.5, 0, 4),
    ]
    standings = ranked(rows)
    assert [(s.user_id, s.rank) for s in standings] == [(4, 1), (3, 2), (1, 3), (2, 3)]
    assert standings[2].reliability == 90.0 and standings[1].reliability is None


def test_numbers_the_readers_way():
    assert [number("7010", lang, 0) for lang in LANGUAGES] == ["7,010", "7.010", "7\xa0010", "7\xa0010"]
    assert number("41.32", "es") == "41,32" and number("0.4", "ru", 1) == "0,4"
    assert number(41.25, "en", 1) == "41.3" and number(0.125, "en") == "0.13"  # halves up


def test_the_final_post_in_russian():
    post = {
        "game": "Club",
        "system": "sum_of_squares",
        "ending": "year_limit",
        "rows": [
            {
                "user": 1,
                "powers": ["FRANCE"],
                "centres": 21,
                "score": "41.32",
                "result": "win",
                "ordered": 9,
                "phases": 10,
            },
            {
                "user": 2,
                "powers": ["ENGLAND"],
                "centres": 2,
                "score": "26.45",
                "result": "draw",
                "ordered": 1,
                "phases": 1,
            },
            {
                "user": 3,
                "powers": ["AUSTRIA"],
                "centres": 0,
                "score": "0.00",
                "result": "eliminated",
                "ordered": 0,
                "phases": 3,
            },
        ],
    }
    lines = scores_post(post, "ru").splitlines()
    assert lines[0] == "📊 **Club** — итоговые очки по сумме квадратов"
    assert lines[1] == "🥇 **Франция** (<@1>) — 21 центр · **41,32** 🏆 · ✅ 9/10"
    assert lines[2] == "🥈 **Англия** (<@2>) — 2 центра · **26,45** 🤝 · ✅ 1/1"
    assert lines[3] == "🥉 **Австрия** (<@3>) — 0 центров · **0,00** ☠️ · ✅ 0/3"
    assert lines[-2].startswith("-# За единоличную победу — 100 очков.")


def test_the_leaderboard_fits_a_phone():
    """A line per player, short enough to read on a phone: at most 60 characters besides
    the mention (which Discord shows as the member's name)."""
    rows = tuple(Standing(i + 1, 10**17 + i, 12, 3, 4, 41.25, 95.5) for i in range(10))
    page = LeaderboardPage(1, None, rows, 0, 3, 27)
    for language in LANGUAGES:
        text = leaderboard_text(page, language)
        lines = text.splitlines()
        assert len(lines) == 1 + 10 + 2  # title, players, legend, page
        for line in lines[1:11]:
            assert len(line.replace(f"<@{10**17}", "").split(">", 1)[-1]) <= 60, line
        assert len(text) < 2000


def test_alt_texts_fit_discord_for_a_20_year_game_in_every_language():
    rows = play(years=20, seed=7)
    history = History.from_rows(GameInfo("A game with a rather long name, 60 characters at most!"), rows)
    assert len(history.phases) > 60
    for record in history.phases:
        data = record.to_json()
        data.pop("results")
        for language in LANGUAGES:
            alt = map_description(data, language, orders=record.played, fronts=("AUSTRIA", "ENGLAND", "FRANCE"))
            assert 0 < len(alt) <= 1024
            assert alt.endswith(("Austria, England, France.", "Austria, Inglaterra, Francia.", "Франция.", "Франция."))
    counts = tuple((y, {p.value: n for p, n in c.items()}) for y, c in history.centres_by_year())
    chart = Chart(game_row(Position.initial()), b"", counts)
    for language in LANGUAGES:
        alt = chart_description(chart, language)
        assert len(alt) <= 1024 and str(counts[0][0]) in alt
