"""``engine.codec``: the JSON shapes of the command, as the renderer, the bot and the tools
use them. The text writer is ``json.dumps`` of the data writer, character for character;
what is written reads back; bad values are shown briefly."""

from __future__ import annotations

import json
import random

import pytest

from engine import Position
from engine.codec import (
    SHOWN,
    InputError,
    adjudicate_object,
    brief,
    orders_from_json,
    outcome_to_json,
    outcome_to_text,
    phase_to_json,
    position_from_json,
    position_to_json,
    position_to_text,
    resolve_object,
)
from engine.phase import Phase
from tests.engine.cli_fuzz_support import deep, played_objects, random_orders


@pytest.fixture(scope="module")
def objects() -> list[dict]:
    return played_objects(seed=1066, count=120)


def test_the_text_writer_is_json_dumps_of_the_data_writer(objects):
    kinds = set()
    for obj in objects:
        outcome = resolve_object(obj)
        kinds.add(obj["phase"][-1])
        assert outcome_to_text(outcome) == json.dumps(outcome_to_json(outcome), ensure_ascii=False)
        assert position_to_text(outcome.next) == json.dumps(position_to_json(outcome.next), ensure_ascii=False)
    assert kinds == {"M", "R", "A"}


def test_the_text_writer_escapes_what_players_typed():
    obj = {
        "phase": "S1901M",
        "units": {"FRANCE": ["A PAR"]},
        "orders": {"FRANCE": ['say "hi"\\', "tab\there\n", "\x00\x1f\u2028", "Ω\ud800"]},
    }
    outcome = resolve_object(obj)
    text = outcome_to_text(outcome)
    assert text == json.dumps(outcome_to_json(outcome), ensure_ascii=False)
    assert [e["order"] for e in json.loads(text)["orders"][:4]] == [
        'say "hi"\\',
        "tab\there\n",
        "\x00\x1f\u2028",
        "Ω\ufffd",
    ]


def test_positions_read_back_as_written(objects):
    for obj in objects:
        position = position_from_json(obj)
        assert position_from_json(position_to_json(position)) == position
        assert position_to_json(position_from_json(position_to_json(position))) == position_to_json(position)


def test_a_long_game_chains_through_the_shapes():
    rng = random.Random(5)
    data = position_to_json(Position.initial())
    for _ in range(150):
        position = position_from_json(data)
        out = adjudicate_object(dict(data, orders=random_orders(rng, position)))
        data = out["next"]
    assert position_from_json(data).phase > Phase.parse("S1905M")


@pytest.mark.parametrize("year", [0, 7, 42, 999, 1901, 9999])
def test_phases_keep_four_digit_years(year):
    phase = Phase.parse(f"F{year:04d}M")
    assert phase_to_json(phase) == f"F{year:04d}M"


def test_units_written_any_way_the_spec_allows_read_the_same():
    obj = {"phase": "S1901M", "units": {"france": ["a par", " F  spa(nc) ", "A BUR"], "RUSSIA": ["F STP/SC"]}}
    assert position_to_json(position_from_json(obj))["units"] == {
        "FRANCE": ["A BUR", "A PAR", "F SPA/NC"],
        "RUSSIA": ["F STP/SC"],
    }
    obj = {"phase": "S1901M", "units": {"FRANCE": ["A SPA/NC"]}}  # an army's coast is dropped
    assert position_to_json(position_from_json(obj))["units"] == {"FRANCE": ["A SPA"]}


def test_orders_are_read_as_lists_of_strings():
    assert orders_from_json({"orders": {"FRANCE": None, "germany": ["A MUN H"]}}) == {
        "FRANCE": [],
        "GERMANY": ["A MUN H"],
    }
    with pytest.raises(InputError, match="orders of FRANCE must be strings, not 5"):
        orders_from_json({"orders": {"FRANCE": ["A PAR H", 5]}})
    with pytest.raises(InputError, match="must be a list"):
        orders_from_json({"orders": {"FRANCE": "A PAR H"}})


@pytest.mark.parametrize(
    "value,shown",
    [
        ("FRANKIA", "'FRANKIA'"),
        ("\ud800\n\x00", r"'\ud800\n\x00'"),
        (None, "None"),
        (17, "17"),
        ([1, 2, 3, 4, 5], "[1, 2, 3, ...]"),
    ],
)
def test_brief_shows_a_value_as_a_literal(value, shown):
    assert brief(value) == shown


@pytest.mark.parametrize(
    "value",
    ["x" * 10_000, deep(900), list(range(100_000)), 10**4000, 10**5000, {"k" * 500: "v" * 500}],
    ids=["long-str", "deep", "long-list", "4000-digits", "5000-digits", "long-dict"],
)
def test_brief_is_short_whatever_the_value(value):
    text = brief(value)
    assert len(text) <= SHOWN and "\n" not in text


def test_input_errors_are_value_errors_that_name_the_value():
    with pytest.raises(ValueError, match="unknown power 'PRUSSIA'"):
        position_from_json({"phase": "S1901M", "units": {"PRUSSIA": []}})
