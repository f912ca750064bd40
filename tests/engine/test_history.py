"""The game history document: built from stored phases (never re-adjudicated), written,
read back into equal values, every bad value refused with the place it is in, the
documented example readable, and the centre counts per year the chart plots."""

from __future__ import annotations

import json
import os
import random
import re
from fractions import Fraction
from pathlib import Path

import pytest

from engine import Position, Power
from engine.codec import adjudicate_object, position_to_json
from engine.history import FORMAT, GameInfo, History, HistoryError, OrderRecord, PhaseRecord
from engine.results import Result
from engine.scoring import Ending, GameEnd, System, score
from tests.random_game import play

ROOT = Path(__file__).resolve().parents[2]
SHARED = Path(os.environ.get("DIPLOMACY_SHARED", ROOT.parent / "shared"))  # beside the checkout
E, F, G, R = Power.ENGLAND, Power.FRANCE, Power.GERMANY, Power.RUSSIA
START = position_to_json(Position.initial())


@pytest.fixture(scope="module")
def rows():
    return play(years=20, seed=7)  # 78 phases; Germany leads, three powers eliminated


@pytest.fixture(scope="module")
def finished(rows):
    info = GameInfo(
        "Random",
        scoring=System.SUM_OF_SQUARES,
        year_limit=1920,
        settings={"movement": "48h", "cd_after": 2, "press": True, "note": None},
    )
    h = History.from_rows(info, rows)
    end = GameEnd.from_position(h.final, Ending.YEAR_LIMIT, list(Power), eliminated={F: 1918})
    return History(info, h.phases, end, score(end, System.SUM_OF_SQUARES))


def entry(power="FRANCE", order="A PAR - BUR", ok=True, result="ok"):
    return {"power": power, "order": order, "ok": ok, "result": result}


# -- building from stored rows -------------------------------------------------------------------


def test_built_from_rows_as_stored(rows):
    h = History.from_rows(GameInfo("g"), rows)
    assert len(h.phases) == len(rows) == 79
    assert [r.phase for r in h.phases] == sorted(r.phase for r in h.phases)
    assert h.phases[-1].results is None and all(p.played for p in h.phases[:-1])
    assert len(h.played) == 78
    assert str(h.final.phase) == "S1921M"
    # the results are kept as stored, entry for entry
    first = h.phases[0]
    assert [r.to_json() for r in first.results] == rows[0][1]
    assert position_to_json(first.position) == rows[0][0]


def test_rows_in_any_order_are_put_in_the_order_played(rows):
    shuffled = list(rows)
    random.Random(1).shuffle(shuffled)
    assert History.from_rows(GameInfo("g"), shuffled) == History.from_rows(GameInfo("g"), rows)


def test_results_are_never_re_adjudicated():
    # results the engine would never give for this position are kept as they were stored:
    # the history shows what the players were shown
    odd = [entry(order="A PAR - MUN", ok=True, result="ok"), entry("GERMANY", "A KIE H", False, "dislodged")]
    h = History.from_rows(GameInfo("g"), [(START, odd)])
    assert [r.to_json() for r in h.phases[0].results] == odd


def test_only_the_last_phase_may_be_unplayed(rows):
    broken = [rows[0], (rows[1][0], None), rows[2]]
    with pytest.raises(HistoryError, match="F1901M has no results, but the game went on"):
        History.from_rows(GameInfo("g"), broken)


def test_a_game_without_phases_has_no_history():
    with pytest.raises(HistoryError, match="at least one phase"):
        History.from_rows(GameInfo("g"), [])


def test_a_phase_stored_twice_is_refused():
    with pytest.raises(HistoryError, match="S1901M is there twice"):
        History.from_rows(GameInfo("g"), [(START, []), (START, None)])


@pytest.mark.parametrize(
    "results, message",
    [
        ([entry(result="won")], r"row 1 \(S1901M\): unknown result 'won' of 'A PAR - BUR'"),
        ([entry(ok=False)], r"'A PAR - BUR' has ok False but result 'ok'"),
        ([entry(power="PRUSSIA")], "unknown power 'PRUSSIA'"),
        ([entry(order=None)], "'order' must be a string"),
        (["A PAR - BUR"], "a result must be an object"),
        ({"FRANCE": []}, "'results' must be a list or null"),
    ],
)
def test_bad_results_are_refused_naming_the_place(results, message):
    with pytest.raises(HistoryError, match=message):
        History.from_rows(GameInfo("g"), [(START, results)])


def test_a_bad_position_is_refused_naming_the_row():
    bad = dict(START, units={"FRANCE": ["A XYZ"]})
    with pytest.raises(HistoryError, match="row 2: unknown province 'XYZ'"):
        History.from_rows(GameInfo("g"), [(START, []), (bad, None)])


def test_ok_may_be_left_out():
    h = History.from_rows(GameInfo("g"), [(START, [{"power": "FRANCE", "order": "A PAR H", "result": "ok"}])])
    assert h.phases[0].results == (OrderRecord(F, "A PAR H", Result.OK),)


# -- writing and reading back ---------------------------------------------------------------------


def test_round_trip(finished):
    data = finished.to_json()
    assert data["format"] == FORMAT and data["version"] == 1
    assert History.from_json(data) == finished
    assert History.from_json(json.loads(json.dumps(data))) == finished
    assert History.from_text(finished.to_text()) == finished
    assert History.from_text(finished.to_text(indent=2).encode()) == finished


def test_a_game_in_progress_has_no_end(rows):
    h = History.from_rows(GameInfo("g"), rows[:10] + [(rows[10][0], None)])
    data = h.to_json()
    assert data["end"] is None
    assert History.from_json(data) == h and History.from_json(data).end is None


def test_the_document_shape(finished):
    data = finished.to_json()
    assert set(data) == {"format", "version", "game", "phases", "end"}
    assert set(data["game"]) == {
        "name",
        "map",
        "players",
        "variant",
        "fog",
        "powers",
        "language",
        "seats",
        "neutral",
        "start_year",
        "victory",
        "toss_winner",
        "year_limit",
        "scoring",
        "settings",
    }
    phase = data["phases"][0]
    assert set(phase) == {"phase", "units", "centers", "dislodged", "results"}
    assert set(phase["results"][0]) == {"power", "order", "ok", "result"}
    assert data["end"]["scores"]["points"]["GERMANY"] == str(finished.scores[G])
    assert data["end"]["eliminated"] == {"FRANCE": 1918}
    # exact fractions survive, and the rounded figures are there for display
    scores = History.from_json(data).scores
    assert scores.points == finished.scores.points
    assert data["end"]["scores"]["rounded"]["GERMANY"] == float(finished.scores.rounded(G))


def test_the_game_metadata_of_a_two_player_game():
    info = GameInfo("Duel", players=2, toss_winner=1, language="bg", scoring="draw_size")
    data = info.to_json()
    assert data["seats"] == [["ENGLAND", "FRANCE", "RUSSIA"], ["AUSTRIA", "GERMANY", "TURKEY", "ITALY"]]
    assert data["neutral"] == ["ITALY"] and data["start_year"] == 1914
    assert data["victory"] == {"centres": 24, "by_seat": True}
    assert info.scoring is System.DRAW_SIZE
    four = GameInfo("Four", players=4).to_json()
    assert four["seats"] == [["ENGLAND"], ["AUSTRIA", "FRANCE"], ["GERMANY", "TURKEY"], ["RUSSIA", "ITALY"]]


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(players=8), "2 to 7 players"),
        (dict(players=7, toss_winner=0), "no seat 0 can win a coin toss"),
        (dict(players=2, toss_winner=2), "no seat 2"),
        (dict(language="de"), "unknown language 'de'"),
        (dict(scoring="tribute"), "tribute"),
    ],
)
def test_game_info_refuses_what_cannot_be(kwargs, message):
    with pytest.raises(ValueError, match=message):
        GameInfo("g", **kwargs)


def test_values_are_read_only(finished):
    with pytest.raises(AttributeError):
        finished.phases = ()  # type: ignore[misc]
    with pytest.raises(TypeError):
        finished.game.settings["movement"] = "1h"  # type: ignore[index]
    assert hash(finished) == hash(History.from_json(finished.to_json()))


def _mutated(doc: dict, path: str, value) -> dict:
    out = json.loads(json.dumps(doc))
    node = out
    keys = path.split(".")
    for key in keys[:-1]:
        node = node[int(key)] if isinstance(node, list) else node[key]
    last = keys[-1]
    if value is KeyError:
        del node[last]
    elif isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value
    return out


@pytest.mark.parametrize(
    "path, value, message",
    [
        ("format", "mila", "not a history: 'format' is 'mila'"),
        ("version", 2, "history version 2 is not one this reader knows"),
        ("version", True, "history version True"),
        ("game", [], "'game' must be an object"),
        ("game.name", 7, "game 'name' must be a string"),
        ("game.players", "7", "game 'players' must be a whole number"),
        ("game.players", 9, "game: Diplomacy is played by 2 to 7 players"),
        ("game.settings", {"deadline": [1, 2]}, "game 'settings' must map names to plain values"),
        ("phases", [], "'phases' must be a list of at least one phase"),
        ("phases.1", "F1901M", "phase 2 must be an object"),
        ("phases.1.phase", "X1901M", r"phase 2: malformed phase 'X1901M'"),
        ("phases.1.phase", "S1901M", "S1901M is there twice"),
        ("phases.2.phase", "S1901R", "phases out of order: S1901R after F1901M"),
        ("phases.0.results.0.result", "ko", r"phase 1 \(S1901M\): unknown result 'ko'"),
        ("end", [], "'end' must be an object or null"),
        ("end.ending", "victory", "end: 'victory' is not a valid Ending"),
        ("end.centres", {"FRANCE": 2.5}, "the centres of 'FRANCE' must be a whole number"),
        ("end.winners", ["GERMANY"], "end: a year_limit has no winner"),
        ("end.drawn", "GERMANY", "end 'drawn' must be a list of powers"),
        ("end.scores", {"system": "carnage"}, "end 'scores' must be an object with 'points'"),
        ("end.scores.points.GERMANY", "13/0", "a score must be a fraction's text"),
        ("end.scores.points.GERMANY", 51.2, "a score must be a fraction's text"),
        ("end.scores.system", "elo", "end: 'elo' is not a valid System"),
    ],
)
def test_bad_documents_are_refused_saying_where(finished, path, value, message):
    with pytest.raises(HistoryError, match=message):
        History.from_json(_mutated(finished.to_json(), path, value))


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "not JSON"),
        ("[", "not JSON"),
        ("[]", "a history must be a JSON object"),
        ("[" * 100_000, "not JSON"),
    ],
)
def test_text_that_is_not_a_history(text, message):
    with pytest.raises(HistoryError, match=message):
        History.from_text(text)


def test_the_example_in_the_documentation_reads_and_adds_up():
    doc = (ROOT / "docs" / "history-format.md").read_text(encoding="utf-8")
    example = re.search(r"```json\n(.*?)```", doc, re.S).group(1)
    h = History.from_text(example)
    assert [str(p.phase) for p in h.phases] == ["F1910M", "W1910A", "S1911M"]
    assert h.end.ending is Ending.YEAR_LIMIT and h.game.year_limit == 1910
    # the example's scores are what the scoring module gives for its end
    assert h.scores == score(h.end, System.SUM_OF_SQUARES)
    assert h.scores[E] == Fraction(800, 17)
    # and its positions follow from its orders, by the adjudication command
    for before, after in zip(h.phases, h.phases[1:]):
        assert _replayed(before) == (before.to_json()["results"], position_to_json(after.position))


def _replayed(record: PhaseRecord) -> tuple[list, dict]:
    """Play a recorded phase again through the command, with every recorded order given."""
    obj = position_to_json(record.position)
    obj["orders"] = {}
    for r in record.results:
        obj["orders"].setdefault(r.power.value, []).append(r.order)
    out = adjudicate_object(obj)
    return out["orders"], out["next"]


def test_a_history_is_what_the_command_says_phase_by_phase(finished):
    # the claim of the format: every phase is the command's input, every result its output
    for before, after in zip(finished.phases, finished.phases[1:]):
        results, nxt = _replayed(before)
        assert results == before.to_json()["results"], before.phase
        assert nxt == position_to_json(after.position), before.phase


# -- centre counts per year ----------------------------------------------------------------------


def test_centres_by_year(finished):
    years = finished.centres_by_year()
    assert [y for y, _ in years] == list(range(1901, 1922))
    first, last = dict(years[0][1]), dict(years[-1][1])
    assert first == {Power.AUSTRIA: 3, E: 3, F: 3, G: 3, Power.ITALY: 3, R: 4, Power.TURKEY: 3}
    assert last == {Power.AUSTRIA: 5, E: 6, F: 0, G: 13, Power.ITALY: 10, R: 0, Power.TURKEY: 0}
    assert all(sum(c.values()) <= 34 for _, c in years)
    # every year counts the same powers, eliminated ones as 0
    assert all(set(c) == set(Power) for _, c in years)


def test_centres_change_with_the_fall_not_before():
    # F1901M -> W1901A: the count of 1902 is the winter's; spring and fall of 1901 agree
    spring = dict(START, phase="S1901M")
    fall = dict(START, phase="F1901M")
    winter = dict(START, phase="W1901A", centers={**START["centers"], "FRANCE": ["BRE", "MAR", "PAR", "SPA"]})
    h = History.from_rows(GameInfo("g"), [(spring, []), (fall, []), (winter, None)])
    years = dict(h.centres_by_year())
    assert years[1901][F] == 3 and years[1902][F] == 4


@pytest.mark.skipif(not (SHARED / "testdata" / "mila_games").is_dir(), reason="shared test data absent")
def test_centres_by_year_of_a_real_game():
    # a real game stored as the bot stores it; its yearly counts against the saved game's own
    from engine import resolve

    game = json.loads((SHARED / "testdata" / "mila_games" / "game_1.json").read_text())
    position = Position.initial()
    rows = []
    for phase in game["phases"]:
        if phase["name"] != str(position.phase):
            continue  # a phase MILA kept although nobody had anything to do in it
        outcome = resolve(position, {Power(p): o or [] for p, o in phase["orders"].items()})
        rows.append(
            (
                position_to_json(position),
                [
                    {"power": r.power.value, "order": r.text, "ok": r.ok, "result": r.result.value}
                    for r in outcome.results
                ],
            )
        )
        position = outcome.next
    rows.append((position_to_json(position), None))
    h = History.from_rows(GameInfo("MILA game 1"), rows)
    expected = {}
    for phase in game["phases"]:
        name = phase["name"]
        year = int(name[1:5]) + (1 if name[0] == "W" else 0)
        expected.setdefault(year, {Power(p): len(c) for p, c in phase["state"]["centers"].items()})
    for year, counts in h.centres_by_year():
        if year in expected:
            assert {p: n for p, n in counts.items() if n} == {p: n for p, n in expected[year].items() if n}, year
    assert len(h.centres_by_year()) >= 12
