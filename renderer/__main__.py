"""Command line: `python -m renderer POSITION.json -o map.png`.

Owns reading one JSON object of the adjudication command (shared spec engine-cli.md) from
a file or stdin and writing the PNG. An input object is drawn with its orders, adjudicated
first by the engine (so results show); an output object is drawn as the
orders and results of its phase, its units read from the order entries.

Like `python -m engine adjudicate` (and with its reading and writing, `engine.cli`): exit
0 when the PNG is written; 2 with one line on stderr for a file that cannot be read (missing,
a folder, not UTF-8, not JSON, too large), an object that is not a position or whose fields
have the wrong types, or an output that cannot be written; 1, one line too, for a bug.

Drawing time is bounded whatever the input holds: at most MAX_ORDERS order texts of an
object are read (a board holds 34 units; the rest are left out, with a note on stderr), and
of those at most one order per province is drawn (the first, as the engine judges the first
of two orders to one unit) and one destroyed mark per province.
"""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import replace
from pathlib import Path
from typing import IO, Any

from engine.cli import (
    OneLineArgumentParser,
    Refused,
    decode,
    read_input,
    run_command,
    say,
    shown_path,
    standard_input,
    write_output,
)
from engine.codec import InputError, adjudicate_object, brief, orders_from_json
from engine.names import LANGUAGES
from engine.orders import Build, Waive
from engine.parser import parse_order
from engine.power import Power
from renderer.labels import Script, label_set
from renderer.render import make_scene, render
from renderer.scene import Order, Scene

MAX_ORDERS = 500  # order texts read from one object


def _adjudicate(obj: dict) -> dict | None:
    try:
        return adjudicate_object(obj)
    except Exception:  # a drawing tool still draws the orders when the engine refuses them
        return None


def position_from_output(out: dict) -> dict:
    """The position before an output object's phase: every unit has an order entry (entries
    for no unit, or that could not be read, stand for none; the first unit in a province
    stands)."""
    units: dict[str, list[str]] = {}
    taken: set[str] = set()
    for entry in out.get("orders") or []:
        if entry.get("result") in ("no_unit", "unparsed"):
            continue
        try:
            o = parse_order(entry["order"])
        except ValueError:
            continue
        if isinstance(o, (Build, Waive)) or o.location.province in taken:
            continue
        taken.add(o.location.province)
        units.setdefault(entry["power"].upper(), []).append(f"{o.unit_type} {o.location}")
    nxt = out.get("next") or {}
    position = {"phase": out.get("phase", ""), "units": units, "centers": nxt.get("centers", {})}
    if out.get("phase", "").upper().endswith("R"):
        # In a retreat phase the ordered units are the dislodged ones.
        position["dislodged"] = {p: {u: [] for u in us} for p, us in units.items()}
        position["units"] = {}
    return position


# ------------------------------------------------------------------ checking the object
def _field(obj: dict, key: str, types: tuple[type, ...], where: str) -> Any:
    value = obj.get(key)
    if value is not None and not isinstance(value, types):
        names = " or ".join(
            "an object" if t is dict else "a list" if t is list else "true or false" if t is bool else "a string"
            for t in types
        )
        raise Refused(f"{where}'{key}' must be {names}, not {brief(value)}")
    return value


def check_object(obj: Any) -> dict:
    """The object as drawn: the fields the drawing reads have the types of the spec (the
    position itself is checked by the engine when it is read), and at most MAX_ORDERS order
    texts and destroyed units are kept."""
    if not isinstance(obj, dict) or "phase" not in obj:
        raise Refused(f"expected one JSON object with a 'phase', not {brief(obj)}")
    if not isinstance(obj["phase"], str):
        raise Refused(f"'phase' must be a string, not {brief(obj['phase'])}")
    # null stands for absent (the drawing code reads absent lists as empty)
    obj = {k: v for k, v in obj.items() if v is not None or k not in ("orders", "destroyed")}
    _field(obj, "orders", (dict, list), "")
    obj = _capped(obj)
    orders = obj.get("orders")
    _field(obj, "next", (dict,), "")
    if isinstance(obj.get("next"), dict):
        _field(obj["next"], "centers", (dict,), "next: ")
    for text in _field(obj, "destroyed", (list,), "") or []:
        if not isinstance(text, str):
            raise Refused(f"'destroyed' must list units as strings, not {brief(text)}")
    if isinstance(orders, dict):
        try:
            orders_from_json(obj)  # each power's order texts: a list of strings
        except InputError as exc:
            raise Refused(str(exc)) from None
    if isinstance(orders, list):
        for entry in orders:
            if not isinstance(entry, dict):
                raise Refused(f"an entry of 'orders' must be an object, not {brief(entry)}")
            for key, types in (("power", (str,)), ("order", (str,)), ("ok", (bool,)), ("result", (str,))):
                _field(entry, key, types, "an order entry's ")
            if not isinstance(entry.get("power"), str) or not isinstance(entry.get("order"), str):
                raise Refused(f"an order entry needs a 'power' and an 'order': {brief(entry)}")
    return obj


def order_count(obj: dict) -> int:
    """How many order texts (or entries) an object holds."""
    orders = obj.get("orders")
    if isinstance(orders, dict):
        return sum(len(texts) for texts in orders.values() if isinstance(texts, list))
    return len(orders) if isinstance(orders, list) else 0


def _capped(obj: dict) -> dict:
    """The object with at most MAX_ORDERS order texts (the first ones) and destroyed units."""
    orders = obj.get("orders")
    if isinstance(orders, list) and len(orders) > MAX_ORDERS:
        obj = {**obj, "orders": orders[:MAX_ORDERS]}
    elif isinstance(orders, dict) and order_count(obj) > MAX_ORDERS:
        room, kept = MAX_ORDERS, {}
        for power, texts in orders.items():
            if isinstance(texts, list):
                texts = texts[:room]
                room -= len(texts)
            kept[power] = texts
        obj = {**obj, "orders": kept}
    if isinstance(obj.get("destroyed"), list) and len(obj["destroyed"]) > MAX_ORDERS:
        obj = {**obj, "destroyed": obj["destroyed"][:MAX_ORDERS]}
    return obj


def _one_per_province(scene: Scene) -> Scene:
    """At most one drawn order and one destroyed mark per province: the first order judged
    for a unit there, else the first one given."""
    chosen: dict[str, Order] = {}
    for pass_ in (0, 1):
        for o in scene.orders:
            if o.unit is None or o.unit.province in chosen:
                continue
            if pass_ == 1 or o.result not in ("no_unit", "duplicate"):
                chosen[o.unit.province] = o
    order_of = {id(o): i for i, o in enumerate(scene.orders)}
    orders = sorted(chosen.values(), key=lambda o: order_of[id(o)])  # drawn in the order given
    destroyed = {u.province: u for u in reversed(scene.destroyed)}  # the first one stays
    return replace(scene, orders=tuple(orders), destroyed=tuple(reversed(destroyed.values())))


def drawn_scene(obj: dict, draw_next: bool = False) -> Scene:
    """What the command draws for one checked (and capped) object: its scene with at most
    one order and one destroyed mark per province."""
    return _one_per_province(_scene(obj, draw_next))


def _scene(obj: dict, draw_next: bool) -> Scene:
    if "next" in obj and draw_next:
        return make_scene(obj["next"] or {"phase": obj["phase"], "units": {}}, orders=[])
    if "next" in obj or isinstance(obj.get("orders"), list):
        # an output object (or a position with output-style order entries): when the
        # object carries its own units and centres, those are the position to draw
        position = obj if "units" in obj else position_from_output(obj)
        return make_scene(position, results=obj)
    results = _adjudicate(obj) if obj.get("orders") else None
    return make_scene(obj, results=results)


# ------------------------------------------------------------------ the command
def _power(text: str) -> str:
    if text.upper() not in Power.__members__:
        raise argparse.ArgumentTypeError(f"unknown power {brief(text)}")
    return text.upper()


def _writable(path: str) -> str:
    """Refuse an output that cannot be written before drawing (``-``: standard output)."""
    if path == "-":
        return path
    target = Path(path)
    if target.is_dir():
        raise argparse.ArgumentTypeError(f"{shown_path(path)} is a folder")
    folder = target.parent
    if not folder.is_dir():
        raise argparse.ArgumentTypeError(f"cannot write {shown_path(path)}: no such folder")
    if not os.access(folder, os.W_OK) or (target.exists() and not os.access(target, os.W_OK)):
        raise argparse.ArgumentTypeError(f"cannot write {shown_path(path)}: permission denied")
    return path


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    ap = OneLineArgumentParser(prog="python -m renderer", description="Draw a Diplomacy position as PNG.")
    ap.add_argument("file", nargs="?", default="-", help="JSON input or output object (default: stdin)")
    ap.add_argument("-o", "--output", type=_writable, required=True, help="PNG file to write ('-': stdout)")
    ap.add_argument("--game", default="", help="game name for the legend")
    ap.add_argument("--front", type=_power, help="crop around this power's units, e.g. FRANCE")
    ap.add_argument("--language", default="en", choices=LANGUAGES, help="language of labels and legend (default: en)")
    ap.add_argument(
        "--labels",
        choices=[str(s) for s in Script],
        help="script of the province labels, where the language has both (ru); default: the language's own",
    )
    ap.add_argument("--next", action="store_true", help="for an output object: draw its `next` position")
    return ap.parse_args(argv)


def main(
    argv: list[str] | None = None,
    *,
    stdin: IO[Any] | None = None,
    stdout: IO[Any] | None = None,
    stderr: IO[str] | None = None,
) -> int:
    """Run the command; the streams default to the process's. Returns the exit status."""

    def body() -> None:
        args = _arguments(argv)
        try:
            label_set(args.language, args.labels)  # e.g. Latin labels asked of a Cyrillic-only language
        except ValueError as exc:
            raise Refused(f"--labels: {exc}") from None
        given = decode(read_input(args.file, standard_input(stdin)))
        obj = check_object(given)
        left_out = order_count(given) - order_count(obj)
        try:
            scene = drawn_scene(obj, args.next)
        except InputError as exc:  # a position the engine cannot read
            raise Refused(f"cannot draw: {exc}") from None
        png = render(scene, game_name=args.game, front=args.front, language=args.language, labels=args.labels)
        if args.output == "-":
            write_output(stdout if stdout is not None else sys.stdout, png)
        else:
            try:
                Path(args.output).write_bytes(png)
            except OSError as exc:
                raise Refused(f"cannot write {shown_path(args.output)}: {exc.strerror or exc}") from None
        if left_out:
            say(
                stderr if stderr is not None else sys.stderr,
                f"note: {left_out} order texts past the first {MAX_ORDERS} were not drawn",
            )

    return run_command(body, stderr, "renderer")


if __name__ == "__main__":
    raise SystemExit(main())
