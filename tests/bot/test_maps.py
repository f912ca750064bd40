"""Maps for posts: one phase drawn once for the channel and every player's front, in worker
processes, with a stand-in when drawing fails."""

from __future__ import annotations

import asyncio
import io

from PIL import Image

from bot.infra import maps
from engine import Position
from engine.codec import position_to_json


def size(png: bytes) -> tuple[int, int]:
    image = Image.open(io.BytesIO(png))
    image.verify()
    return image.size


async def test_one_phase_is_drawn_once_in_a_map_process(monkeypatch):
    cache = maps.MapCache(processes=1)
    position = position_to_json(Position.initial())
    try:
        full, france, italy = await asyncio.gather(
            cache.get(("k",), position, None, game_name="G", language="en", front=None),
            cache.get(("k",), position, None, game_name="G", language="en", front="FRANCE"),
            cache.get(("k",), position, None, game_name="G", language="en", front="ITALY"),
        )
        assert cache._pool is not None  # drawn in a worker process
        assert size(full)[0] > size(france)[0] and size(france) != (0, 0) and size(italy) != (0, 0)
        # the same phase again: from the cache, the pool is not asked
        monkeypatch.setattr(cache, "_draw", None)
        again = await cache.get(("k",), position, None, game_name="G", language="en", front="FRANCE")
        assert again == france
    finally:
        cache.close()


async def test_a_broken_map_process_is_replaced(monkeypatch):
    cache = maps.MapCache(processes=1)
    position = position_to_json(Position.initial())
    try:
        await cache.get(("a",), position, None, game_name="G", language="en", front=None)
        for process in cache._pool._processes.values():  # a worker dies (OOM killer, say)
            process.kill()
        png = await cache.get(("b",), position, None, game_name="G", language="en", front=None)
        assert size(png)[0] > 0
    finally:
        cache.close()


async def test_old_phases_leave_the_cache():
    cache = maps.MapCache(size=2, processes=0)
    position = position_to_json(Position.initial())
    for key in ("a", "b", "c"):
        await cache.get((key,), position, None, game_name="G", language="en", front=None)
    assert list(cache._entries) == [("b",), ("c",)]
