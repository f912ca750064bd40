"""``python -m engine adjudicate`` keeps its contract on any input (issue 10, section 5):
one named test per reproduction. Bad input exits 2 with one short line on stderr and nothing
on stdout, never a traceback; the output is always valid UTF-8 JSON, written once, and the
command accepts it back as input.

Most tests call ``engine.cli.main`` in-process on bytes; the ones about the process's own
streams (a closed, broken or full standard output) run the real command."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine import cli
from engine.cli import MAX_INPUT, MAX_MESSAGE, main
from tests.engine.cli_fuzz_support import deep, output_json, refused, run

ROOT = Path(__file__).resolve().parents[2]
ARGV = ["adjudicate"]
GOOD = {
    "phase": "S1901M",
    "units": {"FRANCE": ["A PAR", "A MAR"], "GERMANY": ["A MUN"]},
    "orders": {"FRANCE": ["A PAR - BUR", "A MAR S A PAR - BUR"]},
}


def adjudicate(obj: object) -> tuple[int, bytes, str]:
    data = obj if isinstance(obj, bytes) else json.dumps(obj).encode()
    return run(main, ARGV, data)


def command(*args: str, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "engine", "adjudicate", *args], cwd=ROOT, capture_output=True, timeout=60, **kwargs
    )


# ------------------------------------------------------------- what cannot be decoded
def test_json_nested_1000_deep_is_refused_not_a_recursion_error():
    line = refused(*adjudicate(b"[" * 1000 + b"]" * 1000))
    assert "nested too deeply" in line


def test_json_nested_100000_deep_unclosed_is_refused():
    refused(*adjudicate(b"[" * 100_000))


def test_integer_past_4300_digits_is_refused_not_a_value_error():
    data = b'{"phase": "S1901M", "units": {}, "n": ' + b"7" * 4301 + b"}"
    assert "4301 digits" in refused(*adjudicate(data))


def test_nan_is_not_json():
    refused(*adjudicate(b'{"phase": "S1901M", "units": {}, "n": NaN}'), named="NaN")


def test_file_that_is_not_utf8_is_refused(tmp_path):
    path = tmp_path / "latin1.json"
    path.write_bytes('{"phase": "S1901M", "units": {}, "orders": {"FRANCE": ["caf\xe9"]}}'.encode("latin-1"))
    line = refused(*run(main, ARGV + [str(path)]))
    assert "not UTF-8" in line and "0xe9" in line


def test_utf8_encoded_surrogate_bytes_are_not_utf8():
    data = b'{"phase": "S1901M", "units": {}, "orders": {"FRANCE": ["\xed\xa0\x80"]}}'
    refused(*adjudicate(data), named="not UTF-8")


def test_a_byte_order_mark_is_accepted():
    output_json(*adjudicate(b"\xef\xbb\xbf" + json.dumps(GOOD).encode()))


def test_endless_input_is_cut_at_the_documented_maximum():
    assert MAX_INPUT == 64 * 2**20
    line = refused(*run(main, ARGV + ["/dev/zero"]))
    assert "larger than 64 MiB" in line


def test_endless_standard_input_through_the_real_command():
    with open("/dev/zero", "rb") as zero:
        proc = command(stdin=zero)
    refused(proc.returncode, proc.stdout, proc.stderr.decode(), named="larger than 64 MiB")


def test_input_just_over_the_maximum_is_refused_and_the_maximum_read(monkeypatch):
    monkeypatch.setattr(cli, "MAX_INPUT", 100)
    refused(*adjudicate(b" " * 101), named="larger than")
    refused(*adjudicate(b" " * 99 + b"0"), named="must be a JSON object, not 0")  # 100 bytes are read


def test_folder_as_input(tmp_path):
    refused(*run(main, ARGV + [str(tmp_path)]), named="Is a directory")


def test_missing_file_is_named_even_when_its_path_is_long(tmp_path):
    path = tmp_path / ("d" * 200) / "missing-position.json"
    line = refused(*run(main, ARGV + [str(path)]))
    assert "missing-position.json" in line and "..." in line


def test_closed_standard_input(monkeypatch):
    monkeypatch.setattr(sys, "stdin", None)
    code = main(ARGV, stdout=io.BytesIO(), stderr=(err := io.StringIO()))
    refused(code, b"", err.getvalue(), named="closed")


def test_bad_arguments_are_one_line():
    refused(*run(main, ["adjudicate", "a.json", "b.json"]), named="b.json")
    refused(*run(main, ["judge"]), named="judge")


# ------------------------------------------------------------- what is not a position
def test_centre_list_that_is_a_number_is_refused_not_a_type_error():
    refused(*adjudicate(dict(GOOD, centers={"FRANCE": 5})), named="centers of FRANCE must be a list")


def test_centre_list_holding_lists_is_refused_not_a_type_error():
    refused(*adjudicate(dict(GOOD, centers={"FRANCE": [["PAR"]]})), named="['PAR']")


def test_centre_owned_by_two_powers_is_refused():
    line = refused(*adjudicate(dict(GOOD, centers={"FRANCE": ["PAR"], "GERMANY": ["par"]})))
    assert "PAR" in line and "FRANCE" in line and "GERMANY" in line


def test_two_dislodged_units_in_one_province_are_refused_not_one_dropped():
    obj = {
        "phase": "S1901R",
        "units": {"ITALY": ["A BUR"]},
        "dislodged": {"FRANCE": {"A BUR": ["PAR"]}, "GERMANY": {"A BUR": ["MUN"]}},
    }
    line = refused(*adjudicate(obj))
    assert "two dislodged units in BUR" in line and "FRANCE" in line and "GERMANY" in line


@pytest.mark.parametrize("phase", ["S1901M", "F1901M", "W1901A"])
def test_dislodged_units_outside_a_retreat_phase_are_refused(phase):
    obj = dict(GOOD, phase=phase, dislodged={"ITALY": {"A BUR": ["GAS"]}})
    line = refused(*adjudicate(obj))
    assert phase in line and "retreat phase" in line


def test_an_empty_dislodged_object_is_fine_in_any_phase():
    output_json(*adjudicate(dict(GOOD, dislodged={"FRANCE": {}})))


RETREATS = {
    "phase": "F1901R",
    "units": {"GERMANY": ["A BUR", "A PAR"], "ENGLAND": ["F ENG"]},
    "dislodged": {"FRANCE": {"A BUR": ["GAS"]}},
}


@pytest.mark.parametrize(
    "unit,options,named",
    [
        ("A BUR", ["ENG"], "it is at sea"),  # an army cannot retreat to sea
        ("A BUR", ["MAO"], "it is at sea"),
        ("A BUR", ["PAR"], "A PAR of GERMANY is there"),  # occupied
        ("A BUR", ["SPA"], "is not next to it"),
        ("A BUR", ["BUR"], "is not next to it"),  # where it stands
        ("F BRE", ["PAR"], "a fleet cannot get there"),  # inland... and not a coast of it
        ("F BRE", ["ENG"], "F ENG of ENGLAND is there"),
        ("F MAO", ["SPA"], "say which coast"),  # two coasts reachable
        ("F MAO", ["STP/NC"], "a fleet cannot get there"),
        ("A BUR", ["XYZ"], "unknown province"),
        ("A BUR", [5], "malformed place 5"),
        ("A BUR", "GAS", "must be a list"),
    ],
)
def test_retreat_options_are_checked_against_the_board(unit, options, named):
    obj = {**RETREATS, "dislodged": {"FRANCE": {unit: options}}}
    line = refused(*adjudicate(obj))
    assert named in line, line


def test_an_occupied_retreat_option_no_longer_makes_a_unit_vanish():
    """The reproduction: France's dislodged army was offered Paris, where a German army
    stands; retreating there put it on top of the German army, and one of them vanished."""
    obj = {**RETREATS, "dislodged": {"FRANCE": {"A BUR": ["GAS", "PAR"]}}, "orders": {"FRANCE": ["A BUR R PAR"]}}
    refused(*adjudicate(obj), named="A PAR of GERMANY is there")


def test_retreat_options_that_are_good_are_normalised():
    obj = {
        "phase": "F1901R",
        "units": {"GERMANY": ["A BUR"]},
        "dislodged": {"FRANCE": {"F GAS": ["spa", "MAO", "mao"], "A MAR": ["SPA/SC", "PIE"]}},
        "orders": {"FRANCE": ["F GAS R SPA", "A MAR R PIE"]},
    }
    out = output_json(*adjudicate(obj))
    assert [(e["order"], e["result"]) for e in out["orders"]] == [("F GAS R SPA/NC", "ok"), ("A MAR R PIE", "ok")]
    assert out["next"]["units"]["FRANCE"] == ["A PIE", "F SPA/NC"]


def test_a_retreat_phase_the_command_wrote_is_read_back():
    fall = output_json(
        *adjudicate(
            {
                "phase": "F1901M",
                "units": {"GERMANY": ["A MUN", "A RUH"], "FRANCE": ["A BUR", "F MAO"], "ITALY": ["A TYR"]},
                "orders": {"GERMANY": ["A MUN - BUR", "A RUH S A MUN - BUR"]},
            }
        )
    )
    assert fall["next"]["phase"] == "F1901R" and fall["next"]["dislodged"]
    output_json(*adjudicate(fall["next"]))


# ------------------------------------------------------------- years
@pytest.mark.parametrize(
    "phase,following", [("S0000M", "F0000M"), ("S0042M", "F0042M"), ("s1901m", "F1901M"), ("F0999M", "S1000M")]
)
def test_years_are_printed_as_read_and_read_back(phase, following):
    out = output_json(*adjudicate({"phase": phase, "units": {"FRANCE": ["A PAR"]}, "centers": {"FRANCE": ["PAR"]}}))
    assert out["phase"] == phase.strip().upper()
    assert out["next"]["phase"] == following
    assert output_json(*adjudicate(out["next"]))["phase"] == following


@pytest.mark.parametrize("phase", ["S1M", "S01901M", "S١٩٠١M", "S19O1M", "A1901M", "S1901A", ""])
def test_phases_outside_the_notation_are_refused(phase):
    refused(*adjudicate({"phase": phase, "units": {}}), named="phase")


def test_the_calendar_ends_with_the_year_9999():
    """F9999M would be followed by S10000M, which the notation (four digits) cannot write:
    refused, so the command never writes a position it would refuse."""
    unit = {"units": {"FRANCE": ["A PAR"]}, "centers": {"FRANCE": ["PAR"]}}
    out = output_json(*adjudicate({"phase": "S9999M", **unit}))
    assert out["next"]["phase"] == "F9999M"
    refused(*adjudicate(out["next"]), named="9999")


# ------------------------------------------------------------- what is written
def test_lone_surrogates_in_orders_never_reach_the_output():
    data = json.dumps({**GOOD, "orders": {"FRANCE": ["\ud800 march", "A PAR - BUR \udfff"]}}).encode()
    assert b"\\ud800" in data  # JSON escapes: valid JSON text holding lone surrogates
    out = output_json(*adjudicate(data))
    assert out["orders"][0] == {"power": "FRANCE", "order": "\ufffd march", "ok": False, "result": "unparsed"}
    assert out["orders"][1]["order"] == "A PAR - BUR \ufffd"


def test_lone_surrogate_through_the_real_command_writes_nothing_half():
    obj = {**GOOD, "orders": {"FRANCE": ["\ud800"]}}
    proc = command(input=json.dumps(obj).encode())
    out = output_json(proc.returncode, proc.stdout, proc.stderr.decode())
    assert out["orders"][0]["order"] == "\ufffd"


def test_non_ascii_orders_are_written_as_utf8_once():
    class Recorder(io.BytesIO):
        writes: list[bytes] = []

        def write(self, data):  # type: ignore[override]
            self.writes.append(bytes(data))
            return super().write(data)

    sink = Recorder()
    obj = {**GOOD, "language": "es", "orders": {"FRANCE": ["E Par - Bor", "Ω?"]}}
    code = main(ARGV, stdin=io.BytesIO(json.dumps(obj).encode()), stdout=sink, stderr=io.StringIO())
    assert code == 0 and len(sink.writes) == 1
    text = sink.writes[0].decode("utf-8")
    assert '"Ω?"' in text and json.loads(text)["orders"][0]["order"] == "A PAR - BUR"


def test_broken_pipe_exits_2_with_one_line():
    proc = subprocess.Popen(
        [sys.executable, "-m", "engine", "adjudicate"],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    proc.stdout.close()  # nobody reads: the command's one write meets a broken pipe
    _, err = proc.communicate(json.dumps([GOOD] * 200).encode(), timeout=60)
    refused(proc.returncode, b"", err.decode(), named="Broken pipe")


def test_full_standard_output_exits_2_with_one_line():
    with open("/dev/full", "wb") as full:
        proc = subprocess.run(
            [sys.executable, "-m", "engine", "adjudicate"],
            input=json.dumps(GOOD).encode(),
            stdout=full,
            stderr=subprocess.PIPE,
            cwd=ROOT,
            timeout=60,
        )
    refused(proc.returncode, b"", proc.stderr.decode(), named="No space left on device")


def test_closed_standard_output_exits_2_with_one_line():
    proc = subprocess.run(
        ["sh", "-c", 'exec "$0" -m engine adjudicate >&-', sys.executable],
        input=json.dumps(GOOD).encode(),
        capture_output=False,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        timeout=60,
    )
    refused(proc.returncode, b"", proc.stderr.decode(), named="closed")


def test_closed_standard_error_too_still_exits_2_quietly():
    proc = subprocess.run(
        ["sh", "-c", 'exec "$0" -m engine adjudicate >&- 2>&-', sys.executable],
        input=json.dumps(GOOD).encode(),
        cwd=ROOT,
        timeout=60,
    )
    assert proc.returncode == 2


# ------------------------------------------------------------- messages and batches
def test_a_huge_bad_value_is_shortened_in_the_message():
    line = refused(*adjudicate({"phase": "S1901M", "units": {"FRANCE": ["A " + "X" * 1_000_000]}}))
    assert "..." in line and len(line) < 200


def test_control_characters_in_a_bad_value_stay_on_one_line():
    line = refused(*adjudicate({"phase": "S1901M", "units": {"FRAN\nCE\r\u2028": ["A PAR"]}}))
    assert "\\n" in line


@pytest.mark.parametrize("value", [deep(400), list(range(10_000)), {str(i): i for i in range(10_000)}])
def test_a_deep_or_long_bad_value_is_shown_briefly(value):
    line = refused(*adjudicate({"phase": "S1901M", "units": {"FRANCE": value}}))
    assert len(line) <= MAX_MESSAGE


def test_inside_a_batch_bad_items_get_an_error_and_the_others_go_on():
    batch = [
        GOOD,
        dict(GOOD, centers={"FRANCE": [["PAR"]]}),
        deep(200),
        {"phase": "S1901R", "units": {}, "dislodged": {"FRANCE": {"A BUR": ["ENG"]}}},
        dict(GOOD, orders={"FRANCE": ["\udc80"]}),
        GOOD,
    ]
    out = output_json(*adjudicate(batch))
    assert len(out) == len(batch)
    assert [("error" in item) for item in out] == [False, True, True, True, False, False]
    assert all(len(item["error"]) <= MAX_MESSAGE for item in out if "error" in item)
    assert out[4]["orders"][0]["order"] == "\ufffd"
    assert out[0] == out[5]


def test_orders_per_power_are_bounded():
    many = {**GOOD, "orders": {"FRANCE": ["A PAR H"] * 1000}}
    assert output_json(*adjudicate(many))["orders"][1]["result"] == "duplicate"
    line = refused(*adjudicate({**GOOD, "orders": {"FRANCE": [""] * 1001}}))
    assert "1,001 orders of FRANCE" in line and "at most 1,000" in line


def test_a_batch_whose_output_would_be_too_large_is_refused(monkeypatch):
    monkeypatch.setattr(cli, "MAX_OUTPUT", 10_000)
    output_json(*adjudicate([GOOD]))
    refused(*adjudicate([GOOD] * 100), named="split it")


def test_a_bug_is_one_line_with_exit_1(monkeypatch):
    def broken(obj):
        raise KeyError("something the engine did not expect")

    monkeypatch.setattr(cli, "resolve_object", broken)
    code, out, err = adjudicate(GOOD)
    assert code == 1 and out == b"" and len(err.splitlines()) == 1
    assert "internal error" in err and "KeyError" in err


def test_the_real_command_reads_a_file_and_writes_json_once(tmp_path):
    path = tmp_path / "in.json"
    path.write_text(json.dumps([GOOD, GOOD]))
    proc = command(str(path))
    out = output_json(proc.returncode, proc.stdout, proc.stderr.decode())
    assert len(out) == 2 and os.path.exists(path)
