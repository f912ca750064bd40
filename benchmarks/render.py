"""Benchmark of the map renderer: median time per full map and PNG size.

A mid-game position with 34 units and 34 orders of every kind, with results.
Targets on the project's 2-core machines: <= 60 ms median, <= 250 KB per map.
Also measured (no target): a front crop of one power and of two, and one phase in the
four languages, drawn once and finished per language (render_many) against four renders.

    python benchmarks/render.py [--runs 30] [--out /tmp/bench.png]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from renderer import View, render, render_many  # noqa: E402

UNITS = {
    "AUSTRIA": ["A BUD", "A GAL", "A SER", "F TRI", "A VIE"],
    "ENGLAND": ["F EDI", "A LVP", "F NTH", "F NWG", "F ENG"],
    "FRANCE": ["A BUR", "F MAO", "A MAR", "A PAR", "A SPA"],
    "GERMANY": ["A BER", "F DEN", "A HOL", "F KIE", "A MUN"],
    "ITALY": ["F ION", "A PIE", "F TUN", "A VEN"],
    "RUSSIA": ["F BOT", "A MOS", "F SEV", "A UKR", "A WAR"],
    "TURKEY": ["F ANK", "A ARM", "A BUL", "F BLA", "A CON"],
}
ORDERS = [
    ("AUSTRIA", "A BUD S A SER - RUM", True, "ok"),
    ("AUSTRIA", "A GAL - UKR", False, "bounce"),
    ("AUSTRIA", "A SER - RUM", True, "ok"),
    ("AUSTRIA", "F TRI - ADR", True, "ok"),
    ("AUSTRIA", "A VIE S A GAL", True, "ok"),
    ("ENGLAND", "F EDI H", True, "ok"),
    ("ENGLAND", "A LVP - NWY VIA", True, "ok"),
    ("ENGLAND", "F NTH C A LVP - NWY", True, "ok"),
    ("ENGLAND", "F NWG C A LVP - NWY", True, "ok"),
    ("ENGLAND", "F ENG - BRE", False, "bounce"),
    ("FRANCE", "A BUR - MUN", False, "bounce"),
    ("FRANCE", "F MAO - BRE", False, "bounce"),
    ("FRANCE", "A MAR S A BUR", True, "ok"),
    ("FRANCE", "A PAR S A BUR - MUN", False, "cut"),
    ("FRANCE", "A SPA - POR", True, "ok"),
    ("GERMANY", "A BER - SIL", True, "ok"),
    ("GERMANY", "F DEN - SWE", True, "ok"),
    ("GERMANY", "A HOL - BEL", True, "ok"),
    ("GERMANY", "F KIE - HOL", True, "ok"),
    ("GERMANY", "A MUN H", True, "ok"),
    ("ITALY", "F ION - AEG", True, "ok"),
    ("ITALY", "A PIE - MAR", False, "bounce"),
    ("ITALY", "F TUN - WES", True, "ok"),
    ("ITALY", "A VEN S A PIE - MAR", True, "ok"),
    ("RUSSIA", "F BOT - SWE", False, "bounce"),
    ("RUSSIA", "A MOS S A UKR", True, "ok"),
    ("RUSSIA", "F SEV S A UKR - RUM", True, "ok"),
    ("RUSSIA", "A UKR - RUM", False, "bounce"),
    ("RUSSIA", "A WAR - PRU", True, "ok"),
    ("TURKEY", "F ANK H", True, "ok"),
    ("TURKEY", "A ARM - SEV", False, "bounce"),
    ("TURKEY", "A BUL S A SER - RUM", True, "ok"),
    ("TURKEY", "F BLA S A ARM - SEV", True, "ok"),
    ("TURKEY", "A CON - BUL", False, "bounce"),
]
CENTRES = {
    "AUSTRIA": ["BUD", "SER", "TRI", "VIE"],
    "ENGLAND": ["EDI", "LON", "LVP", "NWY"],
    "FRANCE": ["BRE", "MAR", "PAR", "POR", "SPA"],
    "GERMANY": ["BER", "DEN", "HOL", "KIE", "MUN"],
    "ITALY": ["NAP", "ROM", "TUN", "VEN"],
    "RUSSIA": ["MOS", "SEV", "STP", "SWE", "WAR"],
    "TURKEY": ["ANK", "BUL", "CON", "SMY"],
}
POSITION = {"phase": "F1903M", "units": UNITS, "centers": CENTRES}
RESULTS = {"phase": "F1903M", "orders": [{"power": p, "order": o, "ok": ok, "result": r} for p, o, ok, r in ORDERS]}


def _median_ms(job, runs: int) -> tuple[float, object]:
    out = job()  # warm the static caches (layers of a scale, label layouts, token patches)
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        out = job()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times), out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    assert sum(len(v) for v in UNITS.values()) == 34 and len(ORDERS) == 34
    png = render(POSITION, results=RESULTS, game_name="Benchmark")  # warm the static cache
    times = []
    for _ in range(args.runs):
        t = time.perf_counter()
        png = render(POSITION, results=RESULTS, game_name="Benchmark")
        times.append((time.perf_counter() - t) * 1000)
    if args.out:
        args.out.write_bytes(png)
    print(
        f"median {statistics.median(times):.1f} ms, min {min(times):.1f} ms, "
        f"PNG {len(png) / 1024:.0f} KB ({args.runs} runs)"
    )
    for front in ("FRANCE", ("ENGLAND", "FRANCE")):
        ms, crop = _median_ms(
            lambda front=front: render(POSITION, results=RESULTS, game_name="Benchmark", front=front), args.runs
        )
        print(f"front {front}: median {ms:.1f} ms, PNG {len(crop) / 1024:.0f} KB")  # type: ignore[arg-type]
    views = [View(language) for language in ("en", "es", "ru", "bg")]
    many, _ = _median_ms(
        lambda: render_many(POSITION, results=RESULTS, game_name="Benchmark", views=views), max(3, args.runs // 3)
    )
    apart, _ = _median_ms(
        lambda: [render(POSITION, results=RESULTS, game_name="Benchmark", language=v.language) for v in views],
        max(3, args.runs // 3),
    )
    print(f"4 languages, full map: render_many {many:.1f} ms, 4 renders {apart:.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
