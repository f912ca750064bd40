"""What issue 15's first half costs per use: the engine's standby checks and fill, the
forced-orders check every "what does this power owe" now makes in retreat and adjustment
phases, the autocomplete list of standby orders, and drawing the private map of a
player's orders (one front crop, real renderer).

Targets: a resolution's standby fill for seven powers well under 10 ms; the forced check
under 0.1 ms per call; the autocomplete list under 50 ms (it is cached per phase); a
private map under 2 s on a 2-core machine.

    python benchmarks/standby.py [--repeat 200]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.core.orders.preview import drawn_orders  # noqa: E402
from bot.core.orders.standby import standby_options  # noqa: E402
from engine import Position, Power, Rules, Unit, choices_due, forced_phase, parse_order, standby_orders  # noqa: E402
from engine.codec import position_to_json  # noqa: E402

STANDBY = {
    "AUSTRIA": "A VIE - GAL; A BUD - SER; F TRI - ALB",
    "ENGLAND": "F LON - NTH; F EDI - NWG; A LVP - YOR",
    "FRANCE": "A PAR - BUR; A MAR S A PAR - BUR; F BRE - MAO",
    "GERMANY": "A BER - KIE; A MUN - RUH; F KIE - DEN",
    "ITALY": "A VEN H; A ROM - APU; F NAP - ION",
    "RUSSIA": "A MOS - UKR; A WAR - GAL; F SEV - BLA; F STP/SC - BOT",
    "TURKEY": "A CON - BUL; A SMY - CON; F ANK - BLA",
}


def timed(job: Callable[[], object], repeat: int) -> float:
    """The median seconds of ``job``."""
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        job()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    start = Position.initial()
    rules = Rules()
    standby = {Power(p): [parse_order(t.strip()) for t in text.split(";")] for p, text in STANDBY.items()}

    def fill() -> None:
        for power, orders in standby.items():
            standby_orders(start, power, orders, (), rules)

    winter = Position.build("W1901A", [Unit.parse(Power.ITALY, "A PIE"), Unit.parse(Power.FRANCE, "A PAR")])

    def forced() -> None:
        forced_phase(winter, rules)

    def owed() -> None:
        choices_due(winter, Power.ITALY, rules)

    def options() -> None:
        standby_options(start, rules, (Power.RUSSIA,))

    print(f"standby fill, 7 powers, 22 orders:  {timed(fill, args.repeat) * 1000:8.3f} ms")
    print(f"forced_phase (a winter):            {timed(forced, args.repeat) * 1000:8.3f} ms")
    print(f"choices_due (one power, a winter):  {timed(owed, args.repeat) * 1000:8.3f} ms")
    print(f"standby autocomplete list (Russia): {timed(options, max(5, args.repeat // 20)) * 1000:8.3f} ms")
    try:
        from renderer import render_views
    except ImportError:
        print("private map: the renderer is not installed")
        return
    board = position_to_json(start)
    mine = drawn_orders([("FRANCE", str(o)) for o in standby[Power.FRANCE]])
    render_views(board, mine, game_name="Bench", language="en", fronts=(("FRANCE",),))  # warm the layers

    def picture() -> None:
        render_views(board, mine, game_name="Bench", language="en", fronts=(("FRANCE",),))

    print(f"private map of France's orders:     {timed(picture, 5) * 1000:8.1f} ms")


if __name__ == "__main__":
    main()
