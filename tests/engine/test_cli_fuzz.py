"""Fuzzing ``python -m engine adjudicate`` (seeded: the same cases every run, a few seconds).

Valid objects from random play, and hostile variants of them (structural mutations, wrong
types, huge and deep values, bad bytes, lone surrogates), go through ``engine.cli.main``
in-process. Every run keeps the contract: exit 0 with one line of UTF-8 JSON whose ``next``
the command accepts again as input, or exit 2 with exactly one short line on stderr and
nothing on stdout; never a traceback (exit 1 is a bug) and never a hang.
"""

from __future__ import annotations

import json
import random

import pytest

from engine.cli import main
from tests.engine.cli_fuzz_support import (
    SPECIAL_INPUTS,
    encoded,
    hang_guard,
    mangle,
    mutate,
    output_json,
    played_objects,
    refused,
    run,
)

ARGV = ["adjudicate"]


def check_run(data: bytes) -> tuple[int, object]:
    """Run one input, assert the contract, and feed every ``next`` back in."""
    code, out, err = run(main, ARGV, data)
    if code != 0:
        refused(code, out, err)
        return code, None
    value = output_json(code, out, err)
    results = value if isinstance(value, list) else [value]
    for result in results[:3]:
        if "error" in result:
            assert set(result) == {"error"} and 0 < len(result["error"]) <= 300
            continue
        again = run(main, ARGV, json.dumps(result["next"], ensure_ascii=False).encode("utf-8"))
        nxt = output_json(*again)  # the command accepts its own output
        assert nxt["phase"] == result["next"]["phase"]
    return code, value


@pytest.fixture(scope="module")
def objects() -> list[dict]:
    return played_objects(seed=1905, count=60)


def test_valid_objects_all_pass_and_chain(objects):
    with hang_guard():
        for obj in objects:
            code, _ = check_run(json.dumps(obj).encode())
            assert code == 0


def test_structural_mutations_keep_the_contract(objects):
    rng = random.Random(10)
    codes = {0: 0, 2: 0}
    with hang_guard():
        for i in range(900):
            value = mutate(rng, rng.choice(objects))
            if i % 3 == 0:
                value = mutate(rng, value)  # two changes at once
            code, _ = check_run(encoded(rng, value))
            codes[code] += 1
    # the mutations reach both sides of the contract
    assert codes[0] > 100 and codes[2] > 300, codes


def test_byte_level_damage_keeps_the_contract(objects):
    rng = random.Random(11)
    with hang_guard():
        for _ in range(500):
            data = json.dumps(rng.choice(objects)).encode()
            for _ in range(rng.randint(1, 3)):
                data = mangle(rng, data)
            check_run(data)


def test_batches_of_good_and_hostile_items_keep_the_contract(objects):
    rng = random.Random(12)
    with hang_guard():
        for _ in range(40):
            batch = [
                rng.choice(objects) if rng.random() < 0.5 else mutate(rng, rng.choice(objects))
                for _ in range(rng.randint(1, 8))
            ]
            code, value = check_run(encoded(rng, batch))
            if code == 0:
                assert isinstance(value, list) and len(value) == len(batch)


@pytest.mark.parametrize("data", SPECIAL_INPUTS, ids=[repr(d[:12]) + f"..{len(d)}" for d in SPECIAL_INPUTS])
def test_special_inputs_keep_the_contract(data):
    with hang_guard():
        check_run(data)
