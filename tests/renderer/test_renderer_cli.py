"""``python -m renderer``: every bad file, object or output path exits 2 with one line (never
a traceback), good objects give a PNG, and 10,000 orders draw in bounded time.

Most tests call ``renderer.__main__.main`` in-process on bytes; a few run the real command.
The fuzz at the end is seeded: the same cases every run.
"""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from engine import Position, legal_orders, resolve
from engine.cli import MAX_MESSAGE
from engine.codec import adjudicate_object, position_to_json
from renderer.__main__ import MAX_ORDERS, check_object, drawn_scene, main

ROOT = Path(__file__).resolve().parents[2]
PNG = b"\x89PNG\r\n\x1a\n"
START = {
    "phase": "S1901M",
    "units": {"FRANCE": ["A PAR", "A MAR"], "GERMANY": ["A MUN"]},
    "orders": {"FRANCE": ["A PAR - BUR", "A MAR S A PAR - BUR"], "GERMANY": ["A MUN - BUR"]},
}


def run(argv: list[str], data: bytes = b"") -> tuple[int, bytes, str]:
    out, err = io.BytesIO(), io.StringIO()
    code = main(argv, stdin=io.BytesIO(data), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def one_line(code: int, err: str, named: str | None = None) -> str:
    lines = err.splitlines()
    assert code == 2, (code, err)
    assert len(lines) == 1 and len(lines[0]) <= MAX_MESSAGE and "Traceback" not in err, err
    if named is not None:
        assert named in lines[0], lines[0]
    return lines[0]


def drawn(data: bytes, *args: str) -> bytes:
    code, out, err = run(["-o", "-", *args], data)
    assert code == 0, err
    assert out.startswith(PNG)
    return out


# ------------------------------------------------------------------ files and paths
def test_missing_file(tmp_path):
    code, _, err = run([str(tmp_path / "nope.json"), "-o", str(tmp_path / "map.png")])
    one_line(code, err, "nope.json")


def test_folder_as_input(tmp_path):
    code, _, err = run([str(tmp_path), "-o", str(tmp_path / "map.png")])
    one_line(code, err, "Is a directory")


def test_file_that_is_not_utf8(tmp_path):
    path = tmp_path / "latin1.json"
    path.write_bytes('{"phase": "S1901M", "units": {}, "game": "caf\xe9"}'.encode("latin-1"))
    code, _, err = run([str(path), "-o", str(tmp_path / "map.png")])
    one_line(code, err, "not UTF-8")


def test_invalid_json():
    code, _, err = run(["-o", "-"], b'{"phase": "S1901M", "units": ')
    one_line(code, err, "not JSON")


@pytest.mark.parametrize("target", ["folder", "no-folder", "under-a-file"])
def test_unwritable_output_is_refused_before_drawing(tmp_path, target):
    (tmp_path / "file").write_text("x")
    output = {
        "folder": tmp_path,
        "no-folder": tmp_path / "nope" / "map.png",
        "under-a-file": tmp_path / "file" / "map.png",
    }[target]
    code, _, err = run(["-o", str(output)], json.dumps(START).encode())
    one_line(code, err, "cannot write" if target != "folder" else "is a folder")


def test_full_disk_through_the_real_command():
    proc = subprocess.run(
        [sys.executable, "-m", "renderer", "-o", "/dev/full"],
        input=json.dumps(START).encode(),
        capture_output=True,
        cwd=ROOT,
        timeout=60,
    )
    one_line(proc.returncode, proc.stderr.decode(), "No space left on device")


def test_output_file_is_written(tmp_path):
    code, _, err = run(["-o", str(tmp_path / "map.png")], json.dumps(START).encode())
    assert code == 0 and err == ""
    assert (tmp_path / "map.png").read_bytes().startswith(PNG)


@pytest.mark.parametrize(
    "argv,named",
    [
        (["-o", "-", "--front", "PRUSSIA"], "PRUSSIA"),
        (["-o", "-", "--language", "xx"], "xx"),
        ([], "-o/--output"),
        (["-o", "-", "a.json", "b.json"], "b.json"),
    ],
)
def test_bad_arguments_are_one_line(argv, named):
    code, _, err = run(argv, json.dumps(START).encode())
    one_line(code, err, named)


# ------------------------------------------------------------------ objects
OUTPUT = adjudicate_object(START)
BAD_OBJECTS = [
    ([], "expected one JSON object"),
    ({"units": {}}, "expected one JSON object"),
    ({"phase": 1901, "units": {}}, "'phase' must be a string"),
    ({**OUTPUT, "orders": "A PAR - BUR"}, "'orders' must be"),
    ({**OUTPUT, "orders": [["FRANCE", "A PAR - BUR"]]}, "an entry of 'orders'"),
    ({**OUTPUT, "orders": [{"power": 5, "order": "A PAR H"}]}, "'power' must be a string"),
    ({**OUTPUT, "orders": [{"power": "FRANCE", "order": None}]}, "needs a 'power' and an 'order'"),
    ({**OUTPUT, "orders": [{"power": "FRANCE", "order": "A PAR H", "ok": "yes"}]}, "'ok' must be true or false"),
    ({**OUTPUT, "orders": [{"power": "FRANCE", "order": "A PAR H", "result": 3}]}, "'result' must be"),
    ({**OUTPUT, "destroyed": "GERMANY A MUN"}, "'destroyed' must be a list"),
    ({**OUTPUT, "destroyed": [["GERMANY", "A MUN"]]}, "'destroyed' must list units"),
    ({**OUTPUT, "next": []}, "'next' must be an object"),
    ({**OUTPUT, "next": {"centers": ["PAR"]}}, "'centers' must be an object"),
    ({"phase": "S1901M", "units": {"FRANCE": ["A PAR"], "GERMANY": ["A PAR"]}}, "two units in PAR"),
    ({"phase": "S1901M", "units": {"FRANCE": "A PAR"}}, "units of FRANCE must be a list"),
    ({"phase": "S1901M", "units": {}, "centers": {"FRANCE": [["PAR"]]}}, "['PAR']"),
]


@pytest.mark.parametrize("obj,named", BAD_OBJECTS, ids=[n for _, n in BAD_OBJECTS])
def test_objects_of_the_wrong_shape_exit_2_with_one_line(obj, named):
    code, out, err = run(["-o", "-"], json.dumps(obj).encode())
    assert out == b""
    one_line(code, err, named)


def test_an_input_object_an_output_object_and_its_next_are_drawn():
    drawn(json.dumps(START).encode())
    drawn(json.dumps(OUTPUT).encode())
    drawn(json.dumps(OUTPUT).encode(), "--next", "--front", "france", "--language", "es")


def test_an_output_object_with_orders_for_no_unit_is_still_drawn():
    out = dict(
        OUTPUT,
        orders=[{"power": "FRANCE", "order": "A MUN - BUR", "ok": False, "result": "no_unit"}, *OUTPUT["orders"]],
    )
    scene = drawn_scene(check_object(out))
    # the German army in Munich is drawn with its own order, not France's phantom one
    assert [(o.power, o.text) for o in scene.orders if o.unit.province == "MUN"] == [("GERMANY", "A MUN - BUR")]
    drawn(json.dumps(out).encode())


def test_ten_thousand_orders_draw_one_order_per_province():
    position = Position.initial()
    menu = [(u.power.value, str(o)) for p, u in position.units.items() for o in legal_orders(position, p)]
    rng = random.Random(3)
    orders: dict[str, list[str]] = {}
    for _ in range(10_000):
        power, text = rng.choice(menu)
        orders.setdefault(power, []).append(text)
    obj = dict(position_to_json(position), orders=orders)
    code, out, err = run(["-o", "-"], json.dumps(obj).encode())
    assert code == 0 and out.startswith(PNG)
    assert err == f"note: {10_000 - MAX_ORDERS} order texts past the first {MAX_ORDERS} were not drawn\n"
    judged = adjudicate_object(dict(obj, orders={p: texts[:900] for p, texts in orders.items()}))
    entries = (judged["orders"] * 10_000)[:10_000]
    as_output = dict(judged, orders=entries, destroyed=["GERMANY A MUN"] * 10_000)
    code, out, err = run(["-o", "-"], json.dumps(as_output).encode())
    assert code == 0 and out.startswith(PNG) and "were not drawn" in err
    scene = drawn_scene(check_object(as_output))
    assert len(scene.orders) <= len(position.units) and len(scene.destroyed) == 1
    provinces = [o.unit.province for o in scene.orders]
    assert len(provinces) == len(set(provinces))


# ------------------------------------------------------------------ fuzz
def _valid_objects(rng: random.Random) -> list[dict]:
    """Input objects, output objects and retreat-phase outputs from a seeded game."""
    objects, position = [], Position.initial()
    while len(objects) < 12:
        orders: dict[str, list[str]] = {}
        pool = position.dislodged if position.phase.is_retreat else position.units
        if not position.phase.is_adjustment:
            for province in sorted(pool):
                unit = pool[province].unit if position.phase.is_retreat else pool[province]
                orders.setdefault(unit.power.value, []).append(str(rng.choice(legal_orders(position, province))))
        obj = dict(position_to_json(position), orders=orders)
        objects += [obj, adjudicate_object(obj)]
        position = resolve(position, orders).next
    return objects


HOSTILE = [
    None,
    True,
    0,
    -1,
    1e308,
    "",
    "A PAR",
    "XYZ",
    "\ud800",
    "A" * 2000,
    [],
    {},
    [None],
    [[]],
    {"power": "FRANCE"},
    {"power": "FRANCE", "order": "A PAR H", "ok": True},
    ["GERMANY A MUN"],
]


def _mutated(rng: random.Random, obj: object) -> object:
    obj = json.loads(json.dumps(obj))
    parent, key = None, None
    node = obj
    for _ in range(rng.randint(1, 4)):  # walk down a random path
        if isinstance(node, dict) and node:
            parent, key = node, rng.choice(list(node))
        elif isinstance(node, list) and node:
            parent, key = node, rng.randrange(len(node))
        else:
            break
        node = parent[key]
    if parent is None:
        return rng.choice(HOSTILE)
    if rng.random() < 0.25:
        del parent[key]
    else:
        parent[key] = rng.choice(HOSTILE)
    return obj


def test_fuzz_keeps_the_contract():
    rng = random.Random(1901)
    objects = _valid_objects(rng)
    seen = {0: 0, 2: 0}
    for i in range(160):
        obj = _mutated(rng, rng.choice(objects)) if i % 8 else rng.choice(objects)
        data = json.dumps(obj, ensure_ascii=True).encode()
        if i % 10 == 5:
            data = data[: rng.randrange(len(data))] + rng.choice([b"\xff", b"\xed\xa0\x80", b"[" * 2000, b""])
        code, out, err = run(["-o", "-"] + (["--next"] if i % 3 == 0 else []), data)
        seen[code] = seen.get(code, 0) + 1
        if code == 0:
            assert out.startswith(PNG) and "Traceback" not in err
        else:
            assert out == b""
            one_line(code, err)
    assert seen[0] > 20 and seen[2] > 20, seen
