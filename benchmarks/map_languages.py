"""Benchmark of one phase's maps when its players read several languages (issue 12).

A new phase of a Spanish game with seven players, three of whom read Russian and two
Bulgarian: the channel's map in Spanish and each player's phone crop in that player's
language. Measured through the bot's map cache (``bot.infra.maps.MapCache``, drawing in
this process's threads), no target:

- ``one language``: every crop in the game's language (what the bot drew before issue 12);
- ``learnt``: the crops in their readers' languages, drawn in the phase's first pass
  (the cache has learnt the readers' languages at an earlier phase);
- ``first phase``: the same views at a game's first phase: the crops in the game's language
  first, then each other reader's crop when asked for (the crops drawn in Spanish for them
  are wasted);
- ``per view``: every picture drawn by a call of its own.

    python benchmarks/map_languages.py [--runs 5]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.infra.maps import MapCache, MapView, render_views_sync  # noqa: E402
from engine import Position  # noqa: E402
from engine.codec import position_to_json  # noqa: E402

READERS = {
    "AUSTRIA": "bg",
    "ENGLAND": "es",
    "FRANCE": "es",
    "GERMANY": "ru",
    "ITALY": "bg",
    "RUSSIA": "ru",
    "TURKEY": "ru",
}


async def phase(cache: MapCache, position: dict, key: str) -> None:
    """The channel's post, then every DM (as the poster asks for them)."""
    await cache.get_many((key,), position, None, game_name="Babel", views=(MapView(None, "es"),), game=1)
    for power, language in READERS.items():
        await cache.get_many((key,), position, None, game_name="Babel", views=(MapView(power, language),), game=1)


def timed(run) -> float:
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    position = position_to_json(Position.initial())
    render_views_sync(position, None, game_name="Babel", views=(MapView(None, "es"),))  # warm the layers

    def one_language() -> None:
        views = (MapView(None, "es"), *(MapView(p, "es") for p in READERS))
        render_views_sync(position, None, game_name="Babel", views=views)

    def learnt() -> None:
        cache = MapCache(processes=0)
        for power, language in READERS.items():  # learnt at an earlier phase
            cache._remember(1, MapView(power, language))
        asyncio.run(phase(cache, position, "s"))

    def first_phase() -> None:
        asyncio.run(phase(MapCache(processes=0), position, "s"))

    def per_view() -> None:
        for view in (MapView(None, "es"), *(MapView(p, lang) for p, lang in READERS.items())):
            render_views_sync(position, None, game_name="Babel", views=(view,))

    for name, run in (
        ("one language", one_language),
        ("learnt", learnt),
        ("first phase", first_phase),
        ("per view", per_view),
    ):
        times = [timed(run) for _ in range(args.runs)]
        print(f"{name:>13}: median {statistics.median(times) * 1000:7.0f} ms  (min {min(times) * 1000:.0f} ms)")


if __name__ == "__main__":
    main()
