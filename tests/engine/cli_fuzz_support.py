"""Helpers for the command-line tests: running a command's ``main`` in-process on bytes,
the contract every run must keep (exit 0 with UTF-8 JSON, or exit 2 with one short line),
valid input objects from seeded random play, and hostile variants of them (structural
mutations, wrong types, huge and deep values, bad encodings, lone surrogates).

Everything is drawn from ``random.Random(seed)``: the same cases every run.
"""

from __future__ import annotations

import io
import json
import random
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from engine import (
    Move,
    Position,
    Power,
    Retreat,
    SupportMove,
    legal_adjustments,
    legal_orders,
    resolve,
)
from engine.cli import MAX_MESSAGE
from engine.codec import position_to_json

Main = Callable[..., int]


class Hang(BaseException):
    """Raised by :func:`hang_guard` (a BaseException: the commands catch Exception)."""


@contextmanager
def hang_guard(seconds: int = 60) -> Iterator[None]:
    """A hang guard only (never a speed test): fail instead of blocking CI forever."""

    def expire(signum: int, frame: Any) -> None:
        raise Hang(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def run(main: Main, argv: list[str], data: bytes = b"") -> tuple[int, bytes, str]:
    """``main(argv)`` with ``data`` on standard input: (exit status, stdout bytes, stderr)."""
    out, err = io.BytesIO(), io.StringIO()
    code = main(argv, stdin=io.BytesIO(data), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def refused(code: int, out: bytes, err: str, *, named: str | None = None) -> str:
    """Assert a refusal (exit 2, nothing on stdout, one short line on stderr); the line."""
    lines = err.splitlines()
    assert code == 2, (code, err)
    assert out == b"", out[:200]
    assert len(lines) == 1 and err.endswith("\n"), err
    assert len(lines[0]) <= MAX_MESSAGE, lines[0]
    assert "Traceback" not in err
    if named is not None:
        assert named in lines[0], lines[0]
    return lines[0]


def output_json(code: int, out: bytes, err: str) -> Any:
    """Assert success (exit 0, nothing on stderr, UTF-8 JSON on stdout); the JSON value."""
    assert code == 0, err
    assert err == ""
    text = out.decode("utf-8")  # strict: the output is always valid UTF-8
    assert text.endswith("\n") and text.count("\n") == 1
    value = json.loads(text)
    # no lone surrogate hides in a JSON escape either: the value is writable as UTF-8
    json.dumps(value, ensure_ascii=False).encode("utf-8")
    return value


# -------------------------------------------------------------- valid objects
def random_orders(rng: random.Random, position: Position) -> dict[str, list[str]]:
    """Legal orders for most units (some left out: implied orders), as texts."""
    orders: dict[str, list[str]] = {}
    if position.phase.is_adjustment:
        for power in sorted({u.power for u in position.units.values()} | set(position.centres.values())):
            menu = legal_adjustments(position, power)
            if menu and rng.random() < 0.8:
                orders[power.value] = [str(o) for o in rng.sample(menu, min(len(menu), 2))]
        return orders
    pool = position.dislodged if position.phase.is_retreat else position.units
    chosen: dict[str, tuple[Power, Any]] = {}
    for province in sorted(pool):
        menu = legal_orders(position, province)
        if not menu or rng.random() < 0.15:
            continue
        moves = [o for o in menu if isinstance(o, (Move, Retreat))]
        supports = [o for o in menu if isinstance(o, SupportMove)]
        power = pool[province].unit.power if position.phase.is_retreat else pool[province].power
        pick = rng.random()
        chosen[province] = (
            power,
            rng.choice(moves if moves and pick < 0.5 else supports if supports and pick < 0.9 else menu),
        )
    for power, order in list(chosen.values()):
        # a supported unit of the same power makes the supported move: units meet, dislodge
        # each other (retreat phases) and take centres (adjustments)
        supported = pool.get(order.supported.province) if isinstance(order, SupportMove) else None
        if supported is not None and supported.power is power:
            move = Move(order.supported_type, order.supported, order.destination)
            if move in legal_orders(position, order.supported.province):
                chosen[order.supported.province] = (power, move)
    for power, order in chosen.values():
        orders.setdefault(power.value, []).append(str(order))
    return orders


def played_objects(seed: int, count: int) -> list[dict]:
    """Input objects of every kind of phase from seeded random play (new games from 1901
    every ten years)."""
    rng = random.Random(seed)
    position = Position.initial()
    out: list[dict] = []
    while len(out) < count:
        orders = random_orders(rng, position)
        obj = position_to_json(position)
        obj["orders"] = orders
        out.append(obj)
        position = resolve(position, {Power(p): texts for p, texts in orders.items()}).next
        if position.phase.year > 1910:
            position = Position.initial()
    return out


# -------------------------------------------------------------- hostile variants
def deep(depth: int, leaf: Any = None) -> Any:
    value = leaf
    for i in range(depth):
        value = [value] if i % 2 else {"k": value}
    return value


HOSTILE: list[Any] = [
    None,
    True,
    False,
    0,
    -7,
    3.5,
    1e308,
    10**40,
    "",
    " ",
    "A",
    "PAR",
    "A PAR",
    "F STP",
    "A NTH",
    "F PAR",
    "A XYZ",
    "F SPA/XC",
    "XYZ",
    "S1901M",
    "W1901M",
    "S0000M",
    "F9999M",
    "s1901m ",
    "FRANCE",
    "france",
    "FRANKIA",
    "\ud800",
    "A P\udcffAR",
    "\x00",
    "A\x00PAR",
    "\u202eA PAR",
    "A PAR - BUR",
    "A" * 3000,
    "Ω" * 200,
    [],
    {},
    [[]],
    [["PAR"]],
    [None],
    [1, 2],
    {"A PAR": ["BUR"]},
    {"FRANCE": 5},
    {"FRANCE": [["A PAR"]]},
    {"FRANCE": {"A PAR": 5}},
    deep(60),
    ["A PAR", "A PAR"],
    ["PAR", "PAR"],
]


def _paths(value: Any, prefix: tuple = ()) -> Iterator[tuple]:
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, prefix + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _paths(item, prefix + (i,))


def _at(value: Any, path: tuple) -> Any:
    for step in path:
        value = value[step]
    return value


def mutate(rng: random.Random, obj: Any) -> Any:
    """One structural mutation of a copy of ``obj`` at a random place: a hostile value in
    place of a value, a key or an item deleted, renamed, duplicated, or added."""
    obj = json.loads(json.dumps(obj))
    paths = list(_paths(obj))
    path = rng.choice(paths)
    hostile = rng.choice(HOSTILE)
    if not path:
        return rng.choice([hostile, [obj, hostile], [obj, obj]])
    parent, last = _at(obj, path[:-1]), path[-1]
    how = rng.randrange(6)
    if how == 0:
        parent[last] = hostile
    elif how == 1:
        del parent[last]
    elif how == 2 and isinstance(parent, dict):
        parent[rng.choice(["FRANCE", "france", "PRUSSIA", "", "\ud800", "phase", "units", "dislodged"])] = parent.pop(
            last
        )
    elif how == 3 and isinstance(parent, list):
        parent.insert(rng.randrange(len(parent) + 1), parent[last])
    elif how == 4 and isinstance(parent, list):
        parent.append(hostile)
    else:
        parent[last] = [parent[last]] if rng.random() < 0.5 else {"x": parent[last]}
    return obj


BAD_BYTES = [
    b"\xff",
    b"\xc3",
    b"\xed\xa0\x80",
    b"\xc0\xaf",
    b"\x00",
    b"\xef\xbb\xbf",
    b"\x80",
    b"\\ud800",
    b"\\udfff",
    b'"',
    b"\\",
    b"]",
    b"}",
    b"{",
    b"[",
    b",",
    b"9" * 5000,
]


def mangle(rng: random.Random, data: bytes) -> bytes:
    """One byte-level change: truncated, a byte changed, or hostile bytes inserted."""
    how = rng.randrange(3)
    at = rng.randrange(len(data) + 1)
    if how == 0:
        return data[:at]
    if how == 1 and data:
        at = min(at, len(data) - 1)
        return data[:at] + bytes([rng.randrange(256)]) + data[at + 1 :]
    return data[:at] + rng.choice(BAD_BYTES) + data[at:]


def encoded(rng: random.Random, value: Any) -> bytes:
    """JSON text of ``value`` (lone surrogates as JSON escapes, as another program writes them)."""
    return json.dumps(value, ensure_ascii=rng.random() < 0.5 or _has_surrogate(value)).encode("utf-8")


def _has_surrogate(value: Any) -> bool:
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


SPECIAL_INPUTS: list[bytes] = [
    b"",
    b" ",
    b"\n",
    b"null",
    b"0",
    b'"x"',
    b"[]",
    b"[null]",
    b"{}",
    b"[[]]",
    b"NaN",
    b'{"phase": Infinity, "units": {}}',
    b"[" * 1000 + b"]" * 1000,
    b"[" * 100_000,
    b'{"a":' * 5000,
    b"9" * 5000,
    b'{"phase": "S1901M", "units": {}, "n": ' + b"1" * 4301 + b"}",
    b"\xef\xbb\xbf{}",
    b"\xff\xfe{\x00}\x00",
    '{"phase": "S1901M"}'.encode("utf-16"),
    b'{"phase": "S1901M", "units": {}} trailing',
    b'{"phase": "S1901M", "units": {}}{"x": 1}',
]
