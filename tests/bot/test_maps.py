"""Maps for posts: one phase drawn once for the channel and every player's front, each in its
reader's language (one drawing per language needed, not per player), in worker processes,
with a stand-in when drawing fails."""

from __future__ import annotations

import asyncio
import io

from PIL import Image

from bot.infra import maps
from engine import Position
from engine.codec import position_to_json


async def get(cache: maps.MapCache, key, position, orders, *, view, **kwargs) -> bytes:
    """One picture (a post with one map)."""
    [png] = await cache.get_many(key, position, orders, views=(view,), **kwargs)
    return png


def size(png: bytes) -> tuple[int, int]:
    image = Image.open(io.BytesIO(png))
    image.verify()
    return image.size


async def test_one_phase_is_drawn_once_in_a_map_process(monkeypatch):
    cache = maps.MapCache(processes=1)
    position = position_to_json(Position.initial())
    try:
        full, france, italy = await asyncio.gather(
            get(cache, ("k",), position, None, game_name="G", view=maps.MapView(None, "en")),
            get(cache, ("k",), position, None, game_name="G", view=maps.MapView("FRANCE", "en")),
            get(cache, ("k",), position, None, game_name="G", view=maps.MapView("ITALY", "en")),
        )
        assert cache._pool is not None  # drawn in a worker process
        assert size(full)[0] > size(france)[0] and size(france) != (0, 0) and size(italy) != (0, 0)
        # the same phase again: from the cache, the pool is not asked
        monkeypatch.setattr(cache, "_draw", None)
        again = await get(cache, ("k",), position, None, game_name="G", view=maps.MapView("FRANCE", "en"))
        assert again == france
    finally:
        cache.close()


async def test_a_broken_map_process_is_replaced(monkeypatch):
    cache = maps.MapCache(processes=1)
    position = position_to_json(Position.initial())
    try:
        await get(cache, ("a",), position, None, game_name="G", view=maps.MapView())
        for process in cache._pool._processes.values():  # a worker dies (OOM killer, say)
            process.kill()
        png = await get(cache, ("b",), position, None, game_name="G", view=maps.MapView())
        assert size(png)[0] > 0
    finally:
        cache.close()


async def test_old_phases_leave_the_cache():
    cache = maps.MapCache(size=2, processes=0)
    position = position_to_json(Position.initial())
    for key in ("a", "b", "c"):
        await get(cache, (key,), position, None, game_name="G", view=maps.MapView())
    assert list(cache._entries) == [("b",), ("c",)]


class Counting:
    """A drawer that records what each call drew (the plain stand-in: fast)."""

    def __init__(self) -> None:
        self.calls: list[tuple[maps.MapView, ...]] = []

    def __call__(self, position, orders, *, game_name, views):
        self.calls.append(tuple(views))
        return maps.plain_views(position, orders, game_name=game_name, views=views)


async def test_each_front_is_drawn_in_its_readers_language_once_per_language():
    drawer = Counting()
    cache = maps.MapCache(processes=0, drawer=drawer)
    spring = position_to_json(Position.initial())
    board = maps.MapView(None, "es")  # a Spanish game's channel
    await get(cache, ("s",), spring, None, game_name="G", view=board, game=7)
    # the new phase's first drawing: the board and every power's front, in the game's language
    assert len(drawer.calls) == 1 and set(drawer.calls[0]) == {board} | {
        maps.MapView(p, "es") for p in ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
    }
    # Ivan reads Russian: his crop is drawn for him (once, however often it is asked for)
    russia = maps.MapView("RUSSIA", "ru")
    await asyncio.gather(*(get(cache, ("s",), spring, None, game_name="G", view=russia, game=7) for _ in range(3)))
    await get(cache, ("s",), spring, None, game_name="G", view=maps.MapView("FRANCE", "es"), game=7)
    assert drawer.calls[1:] == [(russia,)]
    # the next phase of the game: Russia's front is drawn in Russian in the first pass
    fall = {**spring, "phase": "F1901M"}
    await get(cache, ("f",), fall, None, game_name="G", view=board, game=7)
    assert russia in drawer.calls[2] and maps.MapView("RUSSIA", "es") not in drawer.calls[2]
    await get(cache, ("f",), fall, None, game_name="G", view=russia, game=7)
    assert len(drawer.calls) == 3
    # a Russian game in Latin letters: its own label set
    await get(cache, ("f",), fall, None, game_name="G", view=maps.MapView("RUSSIA", "ru", "latin"), game=7)
    assert drawer.calls[3] == (maps.MapView("RUSSIA", "ru", "latin"),)


async def test_a_failed_drawing_is_tried_again():
    calls = []

    def failing(position, orders, *, game_name, views):
        calls.append(views)
        if len(calls) == 1:
            raise RuntimeError("out of memory")
        return maps.plain_views(position, orders, game_name=game_name, views=views)

    cache = maps.MapCache(processes=0, drawer=failing)
    position = position_to_json(Position.initial())
    view = maps.MapView("FRANCE", "bg")
    try:
        await get(cache, ("k",), position, None, game_name="G", view=view)
    except RuntimeError:
        pass
    else:
        raise AssertionError("the failure reaches the caller")
    assert size(await get(cache, ("k",), position, None, game_name="G", view=view))[0] > 0
    assert len(calls) == 2


def test_views_are_drawn_with_the_renderer_in_their_languages():
    """Real drawings: one call, a crop per language and label set, each a PNG of its own."""
    position = position_to_json(Position.initial())
    views = (
        maps.MapView("RUSSIA", "ru"),
        maps.MapView("RUSSIA", "ru", "latin"),
        maps.MapView("RUSSIA", "bg"),
    )
    pictures = maps.render_views_sync(position, None, game_name="G", views=views)
    assert set(pictures) == set(views) and len(set(pictures.values())) == 3
    assert len({size(p) for p in pictures.values()}) == 1  # the same crop, labelled three ways
