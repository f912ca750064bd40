"""Benchmark of the order parser: hostile lines, unreadable lines, ordinary orders.

Run by hand (not part of the tests). Prints one line per case: what was read, what came
out (the order or the error code) and the time. ``--root`` reads another checkout's
engine (e.g. an export of ``main``) to compare before and after; ``--max-words`` skips the
hostile lines with more ambiguous words than that (the old parser doubles its time with
each one: 30 words would take hours), ``--cli-timeout`` is a hang guard for the command.

    python benchmarks/parse.py
    git archive main | tar -x -C /tmp/main && python benchmarks/parse.py --root /tmp/main --max-words 20
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

# (language, label, the repeated words, how many of them name several provinces)
HOSTILE = [
    ("es", "Gal", ["Gal"], 1),
    ("es", "Gal a", ["Gal", "a"], 1),  # "a": army, support or "to"
    ("es", "E Gal A E Gal - Gal", ["E", "Gal", "A", "E", "Gal", "-", "Gal"], 3),
    ("bg", "сев", ["сев"], 1),
    ("bg", "СЕА", ["СЕА"], 1),
    ("bg", "Сев СеА СеАО", ["Сев", "СеА", "СеАО"], 3),
    ("bg", "Ф Сев П Ф СЕА - Сев", ["Ф", "Сев", "П", "Ф", "СЕА", "-", "Сев"], 3),
    ("ru", "Пaриж (Latin a)", ["Пaриж"], 0),  # look-alike letters: the variant search
    ("ru", "A Par - Bur", ["A", "Par", "-", "Bur"], 0),
    ("en", "Pаr (Cyrillic а)", ["Pаr"], 0),
    ("en", "North Sea", ["North", "Sea"], 0),
    # issue 12: nationality words, phrases, the client's verbs first, the new clashing spellings
    ("ru", "A Mun S English A Kie-Ber", ["A", "Mun", "S", "English", "A", "Kie-Ber"], 0),
    ("bg", "А Мюн П английската А Кил-Бер", ["А", "Мюн", "П", "английската", "А", "Кил-Бер"], 0),
    (
        "ru",
        "армия в Париже поддерживает…",
        ["армия", "в", "Париже", "поддерживает", "английскую", "армию", "из", "Ливонии", "в", "Москву"],
        0,
    ),
    ("bg", "Ф АнК П Ф Пи - Лив", ["Ф", "АнК", "П", "Ф", "Пи", "-", "Лив"], 3),
    ("bg", "Supp hold Ф Пи А Лив Лив", ["Supp", "hold", "Ф", "Пи", "А", "Лив", "Лив"], 3),
]
SIZES = (6, 18, 20, 30, 1000)


def timed(fn: Callable[[], object], rounds: int = 1) -> tuple[float, object]:
    """The best of ``rounds`` runs, in seconds, and what the last run returned."""
    best, out = float("inf"), None
    for _ in range(rounds):
        start = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - start)
    return best, out


def outcome(read_orders, text: str, **kwargs) -> Callable[[], str]:
    def run() -> str:
        lines = read_orders(text, **kwargs)
        if not lines:
            return "nothing"
        line = lines[0]
        return str(line.order) if line.error is None else f"error {line.error.code}"

    return run


def fmt(seconds: float) -> str:
    return f"{seconds * 1000:9.2f} ms" if seconds < 10 else f"{seconds:9.1f} s "


def hostile(read_orders, max_words: int) -> None:
    print("Hostile lines (one line, N repetitions of the words):")
    for language, label, words, ambiguous in HOSTILE:
        for n in SIZES:
            count = ambiguous * n
            line = " ".join(words * n)
            tag = f"  {language} {label!r:28} x{n:<5} ({count:4} ambiguous, {len(line):5} chars)"
            if count > max_words:
                print(f"{tag}: skipped (more than --max-words {max_words})")
                continue
            seconds, got = timed(outcome(read_orders, line, language=language), rounds=3 if count < 16 else 1)
            print(f"{tag}: {fmt(seconds)}  {got}")


def unreadable(read_orders, rng: random.Random) -> None:
    letters = "abcdefghijklmnopqrstuvwxyz"
    lines = [f"A {''.join(rng.choice(letters) for _ in range(rng.randint(4, 9)))} - Bur" for _ in range(10_000)]
    text = "\n".join(lines)
    seconds, out = timed(lambda: read_orders(text), rounds=3)
    errors = sum(1 for line in out if line.error is not None)
    print(f"10,000 unreadable lines (unknown words), read:            {fmt(seconds)}  ({errors} errors)")
    seconds, _ = timed(lambda: [line.error.suggestions for line in read_orders(text)])
    print(f"  the same, then every error's suggestions asked for:      {fmt(seconds)}")


def ordinary(read_orders, rng: random.Random) -> None:
    import engine

    start = engine.Position.initial()
    menu = [o for province in sorted(start.units) for o in engine.legal_orders(start, province)]
    for language in ("en", "es", "ru", "bg"):
        orders = [rng.choice(menu) for _ in range(10_000)]
        written = [engine.format_order(o, language) if language != "en" else str(o).lower() for o in orders]
        text = "\n".join(written)
        seconds, out = timed(
            lambda text=text, language=language: read_orders(text, language=language, position=start), rounds=3
        )
        good = sum(1 for line in out if line.order is not None)
        print(f"10,000 ordinary orders ({language}, typed forms, with the position): {fmt(seconds)}  ({good} read)")
    text = "\n".join(str(rng.choice(menu)) for _ in range(10_000))
    seconds, out = timed(lambda: read_orders(text, position=start), rounds=3)
    print(f"10,000 canonical orders (en, the fast path):                 {fmt(seconds)}")


def cli(root: Path, max_words: int, timeout: float) -> None:
    print(f"python -m engine adjudicate, one hostile order in the phase (hang guard {timeout:.0f} s):")
    for n in (18, 20, 30, 1000):
        if n > max_words:
            print(f"  es 'Gal' x{n}: skipped (more than --max-words {max_words})")
            continue
        data = {
            "phase": "S1901M",
            "language": "es",
            "units": {"ENGLAND": ["F LON", "A WAL"], "RUSSIA": ["A WAR"]},
            "orders": {"ENGLAND": ["F Lon M", " ".join(["Gal"] * n)], "RUSSIA": ["E Var - Gal"]},
        }
        start = time.perf_counter()
        try:
            done = subprocess.run(
                [sys.executable, "-m", "engine", "adjudicate"],
                input=json.dumps(data),
                capture_output=True,
                text=True,
                cwd=root,
                timeout=timeout,
            )
            status = f"exit {done.returncode}"
        except subprocess.TimeoutExpired:
            status = "stopped by the hang guard"
        print(f"  es 'Gal' x{n}: {fmt(time.perf_counter() - start)}  {status}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=HERE, help="the checkout whose engine is timed")
    parser.add_argument(
        "--max-words", type=int, default=10**9, help="skip hostile lines with more ambiguous words than this"
    )
    parser.add_argument("--cli-timeout", type=float, default=60.0)
    parser.add_argument("--no-cli", action="store_true", help="skip the command-line runs")
    args = parser.parse_args()
    sys.path.insert(0, str(args.root.resolve()))
    from engine.parser import read_orders

    print(f"engine from {args.root.resolve()}")
    read_orders("A PAR - BUR")  # load the name tables before timing
    for language in ("es", "ru", "bg"):
        read_orders("A PAR - BUR", language=language)
    hostile(read_orders, args.max_words)
    rng = random.Random(1901)
    unreadable(read_orders, rng)
    ordinary(read_orders, rng)
    if not args.no_cli:
        cli(args.root.resolve(), args.max_words, args.cli_timeout)


if __name__ == "__main__":
    main()
