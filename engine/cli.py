"""``python -m engine adjudicate [FILE]``: the JSON adjudication command.

The contract (input and output objects, batch lists, exit codes) is documented in the
README ("The adjudication command"). This module owns only the command: arguments, reading
the input, writing the output, exit statuses. The JSON shapes are :mod:`engine.codec`
(:func:`engine.codec.adjudicate_object` is the same thing as a Python call on one decoded
input object).
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from engine.codec import InputError, adjudicate_object
# transitional: bot/ still imports these; removed when bot/ switches
from engine.codec import LANGUAGES, outcome_to_json, position_from_json, position_to_json  # noqa: F401


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description="Diplomacy rules engine.")
    sub = parser.add_subparsers(dest="command", required=True)
    adj = sub.add_parser("adjudicate", help="adjudicate a phase given as JSON (see README)")
    adj.add_argument("file", nargs="?", default="-", help="JSON file; '-' or absent: standard input")
    args = parser.parse_args(argv)
    try:
        if args.file == "-":
            text = sys.stdin.read()
        else:
            with open(args.file, encoding="utf-8") as fh:
                text = fh.read()
    except OSError as exc:
        print(f"error: cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        print(f"error: not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}", file=sys.stderr)
        return 2
    if isinstance(data, list):
        out: list[Any] = []
        for item in data:
            try:
                out.append(adjudicate_object(item))
            except InputError as exc:
                out.append({"error": str(exc)})
        json.dump(out, sys.stdout, ensure_ascii=False)
    else:
        try:
            result = adjudicate_object(data)
        except InputError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        json.dump(result, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0
