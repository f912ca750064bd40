"""``python -m engine play``: the contract of ../shared/spec/engine-play.md (also in the
README). A few tests run the real command in a subprocess; the rest call
``engine.cli.main`` with its streams."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine import PLAYERS, Power
from engine.cli import main
from engine.codec import adjudicate_object, position_from_json, position_to_json
from tests.engine.players_support import BAD, check_orders, reached_positions

ROOT = Path(__file__).resolve().parents[2]

EXAMPLE = {
    "phase": "F1903M",
    "units": {"FRANCE": ["A BUR", "F MAO"], "GERMANY": ["A MUN"]},
    "centers": {"FRANCE": ["BRE", "MAR", "PAR", "SPA"]},
    "dislodged": {},
    "powers": ["FRANCE"],
    "player": "caretaker",
    "seed": 7,
}


def run_command(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "engine", "play", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


def run_main(monkeypatch, capsys, data, *args: str) -> tuple[int, str, str]:
    text = data if isinstance(data, str) else json.dumps(data)
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    code = main(["play", *args])
    out, err = capsys.readouterr()
    return code, out, err


def accepted(obj: dict, orders: dict[str, list[str]]) -> None:
    """``adjudicate`` takes every order as given (none illegal, unparsed, of no unit or a duplicate)."""
    out = adjudicate_object({**obj, "orders": orders})
    given = [e for e in out["orders"] if e["order"] in {o for v in orders.values() for o in v}]
    assert len(given) == sum(map(len, orders.values()))
    assert all(e["result"] not in {r.value for r in BAD} for e in given), given


# ----------------------------------------------------------------- the real command
def test_the_command_answers_the_contract_example(tmp_path):
    path = tmp_path / "position.json"
    path.write_text(json.dumps(EXAMPLE))
    proc = run_command(str(path))
    assert proc.returncode == 0 and proc.stderr == ""
    out = json.loads(proc.stdout)
    assert out["phase"] == "F1903M" and list(out["orders"]) == ["FRANCE"]
    assert sorted(o.split()[1] for o in out["orders"]["FRANCE"]) == ["BUR", "MAO"]
    accepted(EXAMPLE, out["orders"])
    # the same from standard input, and again: deterministic
    again = run_command(stdin=json.dumps(EXAMPLE))
    assert again.returncode == 0 and json.loads(again.stdout) == out


def test_the_command_refuses_bad_input_with_one_line_and_exit_2():
    proc = run_command(stdin="{not json")
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and proc.stderr.startswith("error: not JSON")


# ----------------------------------------------------------------- the contract
def test_absent_powers_means_every_power_with_something_to_do(monkeypatch, capsys):
    start = {"phase": "S1901M", "units": {"FRANCE": ["A PAR", "A MAR", "F BRE"], "GERMANY": ["A MUN"]}}
    code, out, _ = run_main(monkeypatch, capsys, start)
    assert code == 0
    orders = json.loads(out)["orders"]
    assert list(orders) == ["FRANCE", "GERMANY"]
    accepted(start, orders)


def test_defaults_player_caretaker_and_seed_0(monkeypatch, capsys):
    base = {k: v for k, v in EXAMPLE.items() if k not in ("player", "seed")}
    _, plain, _ = run_main(monkeypatch, capsys, base)
    _, spelled, _ = run_main(monkeypatch, capsys, {**base, "player": "caretaker", "seed": 0})
    assert json.loads(plain) == json.loads(spelled)


def test_hold_player_over_the_command(monkeypatch, capsys):
    obj = {
        "phase": "W1901A",
        "units": {"RUSSIA": ["A MOS", "A ARM", "F NAO"], "FRANCE": ["A PAR"]},
        "centers": {"RUSSIA": ["MOS", "SEV"], "FRANCE": ["PAR", "MAR", "BRE"]},
        "player": "hold",
    }
    code, out, _ = run_main(monkeypatch, capsys, obj)
    assert code == 0
    assert json.loads(out) == {"phase": "W1901A", "orders": {"FRANCE": ["WAIVE", "WAIVE"], "RUSSIA": ["F NAO D"]}}


def test_a_power_with_nothing_to_do_gets_an_empty_list(monkeypatch, capsys):
    obj = {"phase": "S1901M", "units": {"FRANCE": ["A PAR"]}, "powers": ["ITALY", "FRANCE", "italy"], "player": "hold"}
    code, out, _ = run_main(monkeypatch, capsys, obj)
    assert code == 0
    assert json.loads(out)["orders"] == {"ITALY": [], "FRANCE": ["A PAR H"]}


def test_retreats_over_the_command(monkeypatch, capsys):
    obj = {
        "phase": "F1901R",
        "units": {"FRANCE": ["A BUR"], "GERMANY": ["A MUN"]},
        "dislodged": {"GERMANY": {"A RUH": ["BEL", "HOL", "KIE"]}},
    }
    for player in PLAYERS:
        code, out, _ = run_main(monkeypatch, capsys, {**obj, "player": player, "seed": 3})
        assert code == 0
        orders = json.loads(out)["orders"]
        assert list(orders) == ["GERMANY"] and len(orders["GERMANY"]) == 1
        assert orders["GERMANY"][0] in {"A RUH R BEL", "A RUH R HOL", "A RUH R KIE", "A RUH D"}


def test_a_batch_answers_each_item_and_a_bad_one_with_an_error(monkeypatch, capsys):
    good = {"phase": "S1901M", "units": {"ITALY": ["A ROM"]}, "player": "hold"}
    batch = [good, {**good, "player": "genius"}, {**good, "powers": ["PRUSSIA"]}, {**good, "seed": "7"}, good]
    code, out, err = run_main(monkeypatch, capsys, batch)
    assert code == 0 and err == ""
    answers = json.loads(out)
    assert answers[0] == answers[4] == {"phase": "S1901M", "orders": {"ITALY": ["A ROM H"]}}
    assert answers[1] == {"error": "unknown player 'genius' (use one of caretaker, dumbbot, hold, random)"}
    assert answers[2] == {"error": "unknown power 'PRUSSIA'"}
    assert answers[3] == {"error": "seed must be an integer, not '7'"}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("[1, 2", "error: not JSON"),
        ({"units": {}}, "error: missing 'phase'"),
        ({"phase": "S1901M", "units": {"PRUSSIA": ["A BER"]}}, "error: unknown power 'PRUSSIA'"),
        ({"phase": "S1901M", "units": {}, "player": "clever"}, "error: unknown player 'clever'"),
        ({"phase": "S1901M", "units": {}, "seed": 1.5}, "error: seed must be an integer, not 1.5"),
        ({"phase": "S1901M", "units": {}, "seed": True}, "error: seed must be an integer, not True"),
        ({"phase": "S1901M", "units": {}, "powers": "FRANCE"}, "error: 'powers' must be a list, not 'FRANCE'"),
        ({"phase": "S1901M", "units": {"FRANCE": ["A XYZ"]}}, "error: unknown province 'XYZ'"),
    ],
)
def test_bad_input_exits_2_with_one_line_naming_it(monkeypatch, capsys, data, message):
    code, out, err = run_main(monkeypatch, capsys, data)
    assert code == 2 and out == ""
    assert err.startswith(message) and err.count("\n") == 1


def test_bad_arguments_exit_2(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO("{}"))
    assert main(["play", "a", "b"]) == 2
    assert main(["play", "/nonexistent/file.json"]) == 2
    err = capsys.readouterr().err
    assert "unrecognized arguments" in err and "cannot read '/nonexistent/file.json'" in err


@pytest.mark.parametrize("player", PLAYERS)
def test_answers_for_reached_positions_are_accepted_by_adjudicate(monkeypatch, capsys, player):
    positions = [p for p, _ in reached_positions(2024, years=3)]
    batch = [{**position_to_json(p), "player": player, "seed": i} for i, p in enumerate(positions)]
    code, out, _ = run_main(monkeypatch, capsys, batch)
    assert code == 0
    for obj, answer in zip(batch, json.loads(out)):
        position = position_from_json(obj)
        assert answer["phase"] == obj["phase"]
        accepted(obj, answer["orders"])
        for name, texts in answer["orders"].items():
            from engine import parse_order

            orders = [parse_order(t, position=position) for t in texts]
            check_orders(position, Power(name), orders, coherent=player != "random")
