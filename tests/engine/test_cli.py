"""``python -m engine adjudicate``: the JSON contract of ../shared/spec/engine-cli.md
(also in the README). A few tests run the real command in a subprocess; the rest call
``engine.cli.main`` (argv, stdin, exit status, stdout/stderr) or ``engine.codec.adjudicate_object``."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cli import main
from engine.codec import InputError, adjudicate_object

ROOT = Path(__file__).resolve().parents[2]

CONTRACT_EXAMPLE = {
    "phase": "S1901M",
    "units": {"FRANCE": ["A PAR", "A MAR", "F BRE"], "GERMANY": ["A MUN"]},
    "centers": {"FRANCE": ["PAR", "MAR", "BRE"]},
    "orders": {"FRANCE": ["A PAR - BUR", "A MAR S A PAR - BUR"]},
}


def run_command(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "engine", "adjudicate", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )


def run_main(monkeypatch, capsys, data, *args: str) -> tuple[int, str, str]:
    text = data if isinstance(data, str) else json.dumps(data)
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    code = main(["adjudicate", *args])
    out, err = capsys.readouterr()
    return code, out, err


def results(out: dict) -> list[tuple[str, str, str]]:
    return [(e["power"], e["order"], e["result"]) for e in out["orders"]]


# ----------------------------------------------------------------- the real command
def test_command_reads_a_file(tmp_path):
    path = tmp_path / "position.json"
    path.write_text(json.dumps(CONTRACT_EXAMPLE))
    proc = run_command(str(path))
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    out = json.loads(proc.stdout)
    assert out["phase"] == "S1901M"
    assert out["orders"] == [
        {"power": "FRANCE", "order": "A PAR - BUR", "ok": True, "result": "ok"},
        {"power": "FRANCE", "order": "A MAR S A PAR - BUR", "ok": True, "result": "ok"},
        {"power": "FRANCE", "order": "F BRE H", "ok": True, "result": "ok"},
        {"power": "GERMANY", "order": "A MUN H", "ok": True, "result": "ok"},
    ]
    assert out["destroyed"] == []
    assert out["next"] == {
        "phase": "F1901M",
        "units": {"FRANCE": ["A BUR", "A MAR", "F BRE"], "GERMANY": ["A MUN"]},
        "centers": {"FRANCE": ["BRE", "MAR", "PAR"]},
        "dislodged": {},
    }
    assert out["winner"] is None


@pytest.mark.parametrize("args", [(), ("-",)], ids=["no-file", "dash"])
def test_command_reads_standard_input(args):
    proc = run_command(*args, stdin=json.dumps(CONTRACT_EXAMPLE))
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["next"]["units"]["FRANCE"] == ["A BUR", "A MAR", "F BRE"]


def test_command_batch_one_bad_item_does_not_stop_the_others():
    batch = [
        CONTRACT_EXAMPLE,
        {"phase": "S1901M", "units": {"FRANKIA": ["A PAR"]}},
        42,
        dict(CONTRACT_EXAMPLE, orders={"GERMANY": ["A MUN - BUR"]}),
    ]
    proc = run_command(stdin=json.dumps(batch))
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert isinstance(out, list) and len(out) == 4
    assert out[0]["next"]["units"]["FRANCE"] == ["A BUR", "A MAR", "F BRE"]
    assert set(out[1]) == {"error"} and "FRANKIA" in out[1]["error"]
    assert set(out[2]) == {"error"}
    assert out[3]["orders"][0] == {"power": "GERMANY", "order": "A MUN - BUR", "ok": True, "result": "ok"}


def test_command_not_json_exits_2_with_one_line():
    proc = run_command(stdin="{this is not json")
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "not JSON" in lines[0]


def test_command_missing_file_exits_2(tmp_path):
    proc = run_command(str(tmp_path / "nope.json"))
    assert proc.returncode == 2
    assert len(proc.stderr.strip().splitlines()) == 1 and "nope.json" in proc.stderr


# ------------------------------------------------------------------- bad input: exit 2
BAD_INPUTS = [
    # (input, the offending value the message must name)
    ({"phase": "S1901M", "units": {"FRANKIA": ["A PAR"]}}, "FRANKIA"),
    ({"phase": "S1901M", "units": {"FRANCE": ["A PAR"]}, "centers": {"PRUSSIA": ["PAR"]}}, "PRUSSIA"),
    ({"phase": "S1901M", "units": {"FRANCE": ["A PAR"]}, "orders": {"SPAIN": ["A PAR H"]}}, "SPAIN"),
    ({"phase": "S1901M", "units": {"FRANCE": ["A XYZ"]}}, "XYZ"),
    ({"phase": "S1901M", "units": {"FRANCE": ["A PAR"]}, "centers": {"FRANCE": ["QQQ"]}}, "QQQ"),
    ({"phase": "S1901R", "units": {}, "dislodged": {"FRANCE": {"A PAR": ["ZZZ"]}}}, "ZZZ"),
    ({"phase": "S1901M", "units": {"FRANCE": ["F SPA/XC"]}}, "SPA/XC"),
    ({"phase": "S1901M", "units": {"FRANCE": ["PAR"]}}, "PAR"),
    ({"phase": "S1901M", "units": {"FRANCE": ["Q PAR"]}}, "Q PAR"),
    ({"phase": "S1901M", "units": {"FRANCE": ["A PAR BUR"]}}, "A PAR BUR"),
    ({"phase": "S1901M", "units": {"FRANCE": [17]}}, "17"),
    ({"phase": "S1901M", "units": {"FRANCE": ["A NTH"]}}, "A NTH"),
    ({"phase": "S1901M", "units": {"FRANCE": ["F PAR"]}}, "F PAR"),
    ({"phase": "S1901M", "units": {"FRANCE": ["F STP"]}}, "F STP"),
    ({"phase": "S1901M", "units": {"FRANCE": ["A PAR"], "GERMANY": ["A PAR"]}}, "PAR"),
    ({"phase": "X1901M", "units": {}}, "X1901M"),
    ({"phase": "S1901M", "units": {"FRANCE": ["A PAR"]}, "centers": {"FRANCE": ["BUR"]}}, "BUR"),
    ({"units": {}}, "phase"),
    ({"phase": "S1901M"}, "units"),
]


@pytest.mark.parametrize("data,named", BAD_INPUTS, ids=[n for _, n in BAD_INPUTS])
def test_bad_input_exits_2_naming_the_value(monkeypatch, capsys, data, named):
    code, out, err = run_main(monkeypatch, capsys, data)
    assert code == 2
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert named in lines[0], lines[0]
    with pytest.raises(InputError, match=None):
        adjudicate_object(data)


def test_bad_input_through_the_real_command_names_the_unknown_province():
    proc = run_command(stdin=json.dumps({"phase": "S1901M", "units": {"FRANCE": ["A XYZ"]}}))
    assert proc.returncode == 2 and proc.stdout == ""
    assert len(proc.stderr.strip().splitlines()) == 1 and "XYZ" in proc.stderr


def test_not_json_through_main(monkeypatch, capsys):
    code, out, err = run_main(monkeypatch, capsys, "[1, 2")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1


def test_batch_through_main_keeps_order_and_reports_errors(monkeypatch, capsys):
    batch = [
        {"phase": "S1901M", "units": {"FRANCE": ["A XYZ"]}},
        CONTRACT_EXAMPLE,
        {"phase": "S1901M", "units": {"FRANCE": ["F PAR"]}},
    ]
    code, out, err = run_main(monkeypatch, capsys, batch)
    assert code == 0 and err == ""
    out = json.loads(out)
    assert "XYZ" in out[0]["error"]
    assert out[1]["phase"] == "S1901M" and "error" not in out[1]
    assert "F PAR" in out[2]["error"]


def test_file_argument_through_main(tmp_path, capsys):
    path = tmp_path / "in.json"
    path.write_text(json.dumps(CONTRACT_EXAMPLE), encoding="utf-8")
    assert main(["adjudicate", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["next"]["phase"] == "F1901M"


# ------------------------------------------------------------------ per-order results
def test_unreadable_orders_are_reported_per_order_with_the_text_kept():
    out = adjudicate_object(
        {
            "phase": "S1901M",
            "units": {"FRANCE": ["A PAR", "F BRE"]},
            "orders": {"FRANCE": ["A Par - Burgandy", "march on berlin", "F BRE - MAO"]},
        }
    )
    assert out["orders"][:3] == [
        {"power": "FRANCE", "order": "A Par - Burgandy", "ok": False, "result": "unparsed"},
        {"power": "FRANCE", "order": "march on berlin", "ok": False, "result": "unparsed"},
        {"power": "FRANCE", "order": "F BRE - MAO", "ok": True, "result": "ok"},
    ]
    # the unit whose order could not be read holds
    assert out["orders"][3] == {"power": "FRANCE", "order": "A PAR H", "ok": True, "result": "ok"}


def test_player_spellings_come_back_canonical():
    out = adjudicate_object(
        {
            "phase": "S1901M",
            "units": {"ENGLAND": ["A LON", "F NTH"], "FRANCE": ["F MAO"]},
            "orders": {
                "ENGLAND": ["army london -> belgium via convoy", "f north sea convoys a lon to bel"],
                "FRANCE": ["F mid-atlantic ocean - spa(nc)"],
            },
        }
    )
    assert [e["order"] for e in out["orders"]] == ["A LON - BEL VIA", "F NTH C A LON - BEL", "F MAO - SPA/NC"]
    assert all(e["ok"] for e in out["orders"])


def test_implied_orders_come_after_the_given_ones():
    out = adjudicate_object(
        {
            "phase": "S1901M",
            "units": {"AUSTRIA": ["A VIE"], "FRANCE": ["A PAR", "A MAR", "F BRE"], "TURKEY": ["F ANK"]},
            "orders": {"TURKEY": ["F ANK - BLA"], "FRANCE": ["A MAR - SPA"]},
        }
    )
    given = [("TURKEY", "F ANK - BLA", "ok"), ("FRANCE", "A MAR - SPA", "ok")]
    assert results(out)[:2] == given
    implied = results(out)[2:]
    assert sorted(implied) == [("AUSTRIA", "A VIE H", "ok"), ("FRANCE", "A PAR H", "ok"), ("FRANCE", "F BRE H", "ok")]


def test_no_unit_duplicate_and_illegal():
    out = adjudicate_object(
        {
            "phase": "S1901M",
            "units": {"FRANCE": ["A PAR"], "GERMANY": ["A MUN"]},
            "orders": {"FRANCE": ["A PAR - BUR", "A PAR H", "A MUN - BUR", "A GAS - BUR"], "GERMANY": ["A MUN - NTH"]},
        }
    )
    assert results(out) == [
        ("FRANCE", "A PAR - BUR", "ok"),
        ("FRANCE", "A PAR H", "duplicate"),
        ("FRANCE", "A MUN - BUR", "no_unit"),
        ("FRANCE", "A GAS - BUR", "no_unit"),
        ("GERMANY", "A MUN - NTH", "illegal"),
    ]
    assert [e["ok"] for e in out["orders"]] == [True, False, False, False, False]


def test_a_second_disband_of_one_unit_is_a_duplicate_as_in_the_other_phases():
    # the contract's word for a second order for one unit, in an adjustment phase too
    out = adjudicate_object(
        {
            "phase": "W1901A",
            "units": {"FRANCE": ["A PAR", "A PIC"]},
            "centers": {"FRANCE": ["PAR"]},
            "orders": {"FRANCE": ["A PIC D", "A PIC D"]},
        }
    )
    assert results(out) == [("FRANCE", "A PIC D", "ok"), ("FRANCE", "A PIC D", "duplicate")]
    assert out["next"]["units"] == {"FRANCE": ["A PAR"]}
    # a disband not due, given twice: the first is void (nothing due), the second a duplicate
    out = adjudicate_object(
        {
            "phase": "W1901A",
            "units": {"FRANCE": ["A PAR"]},
            "centers": {"FRANCE": ["PAR"]},
            "orders": {"FRANCE": ["A PAR D", "A PAR D"]},
        }
    )
    assert results(out) == [("FRANCE", "A PAR D", "void"), ("FRANCE", "A PAR D", "duplicate")]


def test_units_and_centres_are_sorted_in_the_output():
    out = adjudicate_object(
        {
            "phase": "S1901M",
            "units": {"RUSSIA": ["F STP/SC", "A WAR", "F SEV", "A MOS"], "AUSTRIA": ["F TRI", "A BUD", "A VIE"]},
            "centers": {"RUSSIA": ["WAR", "STP", "MOS", "SEV"], "AUSTRIA": ["VIE", "TRI", "BUD"]},
            "orders": {},
        }
    )
    nxt = out["next"]
    assert list(nxt["units"]) == sorted(nxt["units"])
    assert nxt["units"]["RUSSIA"] == ["A MOS", "A WAR", "F SEV", "F STP/SC"]
    assert nxt["units"]["AUSTRIA"] == ["A BUD", "A VIE", "F TRI"]
    assert list(nxt["centers"]) == sorted(nxt["centers"])
    assert nxt["centers"]["RUSSIA"] == ["MOS", "SEV", "STP", "WAR"]


# ----------------------------------------------------------- centres, winner, phases
def test_centres_change_after_the_fall_only():
    spring = adjudicate_object(
        {
            "phase": "S1901M",
            "units": {"FRANCE": ["A PAR", "A MAR"]},
            "orders": {"FRANCE": ["A MAR - SPA"]},
        }
    )
    assert spring["next"]["phase"] == "F1901M"
    assert "SPA" not in spring["next"]["centers"]["FRANCE"]
    fall = adjudicate_object(dict(spring["next"], orders={"FRANCE": ["A PAR - BUR"]}))
    assert "SPA" in fall["next"]["centers"]["FRANCE"]
    assert fall["next"]["phase"] == "W1901A"  # France builds one
    # a centre left empty keeps its owner
    assert "PAR" in fall["next"]["centers"]["FRANCE"]


def test_centres_change_after_the_fall_retreats_when_there_are_any():
    fall = adjudicate_object(
        {
            "phase": "F1901M",
            "units": {"GERMANY": ["A MUN", "A RUH"], "FRANCE": ["A BUR"], "ITALY": ["A TYR"]},
            "centers": {"GERMANY": ["MUN", "BER", "KIE"], "FRANCE": ["PAR", "MAR", "BRE"]},
            "orders": {"GERMANY": ["A MUN - BUR", "A RUH S A MUN - BUR"], "ITALY": ["A TYR - MUN"]},
        }
    )
    nxt = fall["next"]
    assert nxt["phase"] == "F1901R"
    assert nxt["dislodged"] == {"FRANCE": {"A BUR": ["BEL", "GAS", "MAR", "PAR", "PIC"]}}
    assert "MUN" in nxt["centers"]["GERMANY"]  # not yet: Italy is in Munich
    after = adjudicate_object(dict(nxt, orders={"FRANCE": ["A BUR R PAR"]}))
    assert "MUN" in after["next"]["centers"]["ITALY"]
    assert "MUN" not in after["next"]["centers"].get("GERMANY", [])
    assert after["next"]["units"]["FRANCE"] == ["A PAR"]


def test_winner_after_a_fall_turn_with_18_centres():
    eighteen = [
        "BRE",
        "MAR",
        "PAR",
        "SPA",
        "POR",
        "BEL",
        "HOL",
        "MUN",
        "KIE",
        "BER",
        "DEN",
        "LON",
        "LVP",
        "EDI",
        "NWY",
        "SWE",
        "TUN",
        "ROM",
    ]
    position = {
        "phase": "F1905M",
        "units": {"FRANCE": ["A BUR"]},
        "centers": {"FRANCE": eighteen[:-1], "ITALY": ["VEN"]},
        "orders": {"FRANCE": ["A BUR - MUN"]},
    }
    assert adjudicate_object(position)["winner"] is None  # 17 (MUN was already French)
    position["centers"] = {"FRANCE": [c for c in eighteen if c != "MUN"], "GERMANY": ["MUN"]}
    out = adjudicate_object(position)
    assert len(out["next"]["centers"]["FRANCE"]) == 18
    assert out["winner"] == "FRANCE"
    spring = dict(position, phase="S1905M")
    assert adjudicate_object(spring)["winner"] is None  # spring: no winner


def test_retreat_phase_input():
    out = adjudicate_object(
        {
            "phase": "S1902R",
            "units": {"GERMANY": ["A BUR", "A RUH"], "ITALY": ["F ION"]},
            "centers": {"FRANCE": ["PAR"]},
            "dislodged": {
                "FRANCE": {"A BUR": ["GAS", "PAR", "PIC"]},
                "AUSTRIA": {"F TYS": ["LYO", "TUS"]},
                "TURKEY": {"F ADR": ["TRI", "VEN"]},
                "ENGLAND": {"F WES": ["LYO", "NAF"]},
            },
            "orders": {
                "FRANCE": ["A BUR R PAR"],
                "AUSTRIA": ["F TYS R LYO"],
                "ENGLAND": ["F WES - LYO"],
                "ITALY": ["F ION H"],
            },
        }
    )
    assert results(out) == [
        ("FRANCE", "A BUR R PAR", "ok"),
        ("AUSTRIA", "F TYS R LYO", "bounce"),
        ("ENGLAND", "F WES R LYO", "bounce"),  # "-" reads as a retreat in a retreat phase
        ("ITALY", "F ION H", "no_unit"),  # not a dislodged unit: nothing to order
        ("TURKEY", "F ADR D", "ok"),  # implied: disbanded
    ]
    assert sorted(out["destroyed"]) == ["AUSTRIA F TYS", "ENGLAND F WES", "TURKEY F ADR"]
    assert out["next"]["phase"] == "F1902M"
    assert out["next"]["dislodged"] == {}
    assert out["next"]["units"] == {"FRANCE": ["A PAR"], "GERMANY": ["A BUR", "A RUH"], "ITALY": ["F ION"]}


def test_retreat_to_a_place_not_in_the_options_is_illegal():
    out = adjudicate_object(
        {
            "phase": "F1902R",
            "units": {"GERMANY": ["A BUR"]},
            "dislodged": {"FRANCE": {"A BUR": ["GAS"]}},
            "orders": {"FRANCE": ["A BUR R MUN"]},
        }
    )
    assert results(out) == [("FRANCE", "A BUR R MUN", "illegal")]
    assert out["destroyed"] == ["FRANCE A BUR"]


def test_adjustment_input_with_builds_waives_and_civil_disorder():
    out = adjudicate_object(
        {
            "phase": "W1901A",
            "units": {
                "FRANCE": ["A PAR"],
                "RUSSIA": ["A WAR", "A UKR", "F BOT", "A FIN", "A BOH"],
                "ENGLAND": ["F NTH"],
            },
            "centers": {
                "FRANCE": ["PAR", "BRE", "MAR", "SPA"],
                "RUSSIA": ["WAR", "MOS", "STP"],
                "ENGLAND": ["LON", "EDI", "LVP"],
            },
            "orders": {"FRANCE": ["F BRE B", "A PAR B", "WAIVE", "A SPA B"], "ENGLAND": ["F EDI B"]},
        }
    )
    assert results(out)[:5] == [
        ("FRANCE", "F BRE B", "ok"),
        ("FRANCE", "A PAR B", "void"),  # occupied
        ("FRANCE", "WAIVE", "ok"),
        ("FRANCE", "A SPA B", "illegal"),  # not a home centre
        ("ENGLAND", "F EDI B", "ok"),  # the second English build is waived
    ]
    # Russia: 5 units, 3 centres: two civil-disorder disbands (2023 rule): farthest from its
    # own centres first (BOH: 2 moves), then at equal distance (1) fleets before armies
    implied = results(out)[5:]
    assert len(implied) == 2 and all(p == "RUSSIA" and o.endswith(" D") and r == "ok" for p, o, r in implied)
    assert sorted(o for _, o, _ in implied) == ["A BOH D", "F BOT D"]
    assert sorted(out["destroyed"]) == ["RUSSIA A BOH", "RUSSIA F BOT"]
    nxt = out["next"]
    assert nxt["phase"] == "S1902M"
    assert nxt["units"]["FRANCE"] == ["A PAR", "F BRE"]
    assert nxt["units"]["ENGLAND"] == ["F EDI", "F NTH"]
    assert nxt["units"]["RUSSIA"] == ["A FIN", "A UKR", "A WAR"]


def test_adjustment_phase_skipped_when_nobody_has_anything_to_do():
    out = adjudicate_object(
        {
            "phase": "F1901M",
            "units": {"FRANCE": ["A PAR", "A MAR", "F BRE"]},
            "centers": {"FRANCE": ["PAR", "MAR", "BRE"]},
            "orders": {},
        }
    )
    assert out["next"]["phase"] == "S1902M"


def test_unknown_language_is_bad_input(monkeypatch, capsys):
    code, out, err = run_main(monkeypatch, capsys, dict(CONTRACT_EXAMPLE, language="xx"))
    assert code == 2 and "xx" in err and len(err.strip().splitlines()) == 1


def test_the_readmes_example_output_is_what_the_command_prints_for_its_input():
    """The README's *Input* and *Output* blocks: the command run on the one prints the other,
    every entry of it (an example that leaves entries out tells a reader they are not there)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## The adjudication command", 1)[1].split("\n## ", 1)[0]
    blocks = [b.split("```", 1)[0] for b in section.split("```json\n")[1:]]
    given, shown = (json.loads(b) for b in blocks[:2])
    done = subprocess.run(
        [sys.executable, "-m", "engine", "adjudicate"],
        input=json.dumps(given),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == shown
