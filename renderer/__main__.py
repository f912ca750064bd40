"""Command line: `python -m renderer POSITION.json -o map.png`.

Owns reading one JSON object of the adjudication command (shared spec engine-cli.md) from
a file or stdin and writing the PNG. An input object is drawn with its orders, adjudicated
first by the engine (so results show); an output object is drawn as the
orders and results of its phase, its units read from the order entries.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from engine.cli import adjudicate_object
from engine.names import LANGUAGES
from engine.orders import Build, Waive
from engine.parser import parse_order
from renderer.labels import Script
from renderer.render import render


def _adjudicate(obj: dict) -> dict | None:
    try:
        return adjudicate_object(obj)
    except Exception:  # a drawing tool still draws the orders when the engine refuses them
        return None


def position_from_output(out: dict) -> dict:
    """The position before an output object's phase: every unit has an order entry."""
    units: dict[str, list[str]] = {}
    for entry in out.get("orders", []):
        try:
            o = parse_order(entry["order"])
        except ValueError:
            continue
        if not isinstance(o, (Build, Waive)):
            listed = units.setdefault(entry["power"].upper(), [])
            if f"{o.unit_type} {o.location}" not in listed:
                listed.append(f"{o.unit_type} {o.location}")
    nxt = out.get("next") or {}
    position = {"phase": out.get("phase", ""), "units": units, "centers": nxt.get("centers", {})}
    if out.get("phase", "").endswith("R"):
        # In a retreat phase the ordered units are the dislodged ones.
        position["dislodged"] = {p: {u: [] for u in us} for p, us in units.items()}
        position["units"] = {}
    return position


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m renderer", description="Draw a Diplomacy position as PNG.")
    ap.add_argument("file", nargs="?", default="-", help="JSON input or output object (default: stdin)")
    ap.add_argument("-o", "--output", type=Path, required=True, help="PNG file to write")
    ap.add_argument("--game", default="", help="game name for the legend")
    ap.add_argument("--front", help="crop around this power's units, e.g. FRANCE")
    ap.add_argument("--language", default="en", choices=LANGUAGES,
                    help="language of labels and legend (default: en)")
    ap.add_argument("--labels", choices=[str(s) for s in Script],
                    help="script of the province labels, where the language has both (ru); default: the language's own")
    ap.add_argument("--next", action="store_true", help="for an output object: draw its `next` position")
    args = ap.parse_args(argv)
    text = sys.stdin.read() if args.file == "-" else Path(args.file).read_text(encoding="utf-8")
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        print(f"not JSON: {exc}", file=sys.stderr)
        return 2
    if not isinstance(obj, dict) or "phase" not in obj:
        print("expected one JSON object with a 'phase'", file=sys.stderr)
        return 2
    look = {"game_name": args.game, "front": args.front, "language": args.language, "labels": args.labels}
    try:
        if "next" in obj and args.next:
            png = render(obj["next"] or {"phase": obj["phase"], "units": {}}, orders=[], **look)
        elif "next" in obj or isinstance(obj.get("orders"), list):
            # an output object (or a position with output-style order entries): when the
            # object carries its own units and centres, those are the position to draw
            position = obj if "units" in obj else position_from_output(obj)
            png = render(position, results=obj, **look)
        else:
            results = _adjudicate(obj) if obj.get("orders") else None
            png = render(obj, results=results, **look)
    except ValueError as exc:  # a position the engine cannot read
        print(f"cannot draw: {exc}", file=sys.stderr)
        return 2
    args.output.write_bytes(png)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
