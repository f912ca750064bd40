"""Map pictures for posts and ``/game map``: calls the renderer, always off the event loop.

The renderer (``renderer.render``) is imported lazily. When it is missing or fails, a plain
picture listing the units and centres stands in (and the failure is logged), so posting
never depends on it.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import io
import json
import logging
import multiprocessing
import os
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from engine import Position
from engine.codec import position_to_json

log = logging.getLogger(__name__)


def warm_up() -> None:
    """Load what :func:`front_groups` reads (the renderer, the board's geometry) now, when
    the bot starts, rather than inside the first resolution's transaction."""
    try:
        from renderer import front_groups as groups  # type: ignore[attr-defined]

        groups(position_to_json(Position.initial()), ("ENGLAND", "FRANCE"))
    except Exception:  # the first DM will say what is wrong
        log.exception("warming up the map fronts failed")


def render_sync(
    position: dict[str, Any],
    orders: list[dict[str, Any]] | None = None,
    *,
    game_name: str = "",
    language: str = "en",
    front: str | None = None,
) -> bytes:
    return render_views_sync(position, orders, game_name=game_name, language=language, fronts=(front,))[front]


async def render(
    position: dict[str, Any],
    orders: list[dict[str, Any]] | None = None,
    *,
    game_name: str = "",
    language: str = "en",
    front: str | None = None,
) -> bytes:
    """The PNG of a position (with orders and results when given), in a worker thread."""
    return await asyncio.to_thread(render_sync, position, orders, game_name=game_name, language=language, front=front)


def plain_views(
    position: dict[str, Any],
    orders: list[dict[str, Any]] | None,
    *,
    game_name: str,
    language: str,
    fronts: tuple[Front, ...],
) -> dict[Front, bytes]:
    """The plain stand-in picture for every view (a list of units and centres): what the
    bot posts when the renderer fails, and the fast drawer of tests that are not about maps."""
    return {f: _stand_in(position, orders, game_name) for f in fronts}


Front = str | tuple[str, ...] | None
"""A picture of a phase: the whole board (None), the crop around one power's units, or
around several powers' units (a tuple)."""

Drawer = Callable[..., "dict[Front, bytes]"]
"""Draws one phase: ``drawer(position, orders, *, game_name, language, fronts)`` -> PNG per
front (None: the whole board). A module-level function, so map processes can run it."""


def map_key(game_name: str, language: str, position: dict[str, Any], orders: list[dict[str, Any]] | None) -> tuple:
    """How :class:`MapCache` knows one drawing of a phase in a language: by content, so a
    phase replayed after a rollback never shows a stale map."""
    digest = hashlib.sha1(json.dumps([position, orders], sort_keys=True).encode()).hexdigest()
    return (game_name, language, digest)


def map_filename(phase: str, group: Sequence[str] = (), *, with_orders: bool = False) -> str:
    """The file name of a picture of ``phase``: the whole board, or the crop of ``group``."""
    return f"{phase}{'-orders' if with_orders else ''}{''.join(f'-{p.lower()}' for p in group)}.png"


def as_front(group: Sequence[str]) -> Front:
    """A group of powers (a DM's crop) as the renderer's front: None for the whole board."""
    return None if not group else group[0] if len(group) == 1 else tuple(group)


def front_groups(position: dict[str, Any], powers: Sequence[str]) -> tuple[tuple[str, ...], ...]:
    """How to show a player their powers on a phone: one crop per group, neighbours
    together, far-apart powers apart (``renderer.front_groups``: it merges powers while
    their crop stays legible). One power: one group. Without the renderer: one crop
    around all of them."""
    powers = tuple(powers)
    if len(powers) < 2:
        return (powers,) if powers else ()
    try:
        from renderer import front_groups as groups  # type: ignore[attr-defined]

        return tuple(tuple(g) for g in groups(position, powers))
    except Exception:  # the renderer is missing or fails: the DM still gets a crop
        log.exception("grouping the fronts of %s failed; one crop around them all", ", ".join(powers))
        return (powers,)


def render_views_sync(
    position: dict[str, Any],
    orders: list[dict[str, Any]] | None,
    *,
    game_name: str,
    language: str,
    fronts: tuple[Front, ...],
) -> dict[Front, bytes]:
    try:
        from renderer import render_views  # type: ignore[attr-defined]
    except ImportError:
        return {f: _stand_in(position, orders, game_name) for f in fronts}
    try:
        return render_views(position, orders, game_name=game_name, language=language, fronts=fronts)
    except Exception:
        log.exception("the renderer failed on %s; posting the plain picture", position.get("phase"))
        return {f: _stand_in(position, orders, game_name) for f in fronts}


def render_processes() -> int:
    """How many processes draw maps: ``DIPLOMACY_RENDER_PROCESSES`` (0 = threads of the bot's
    own process), by default one per core."""
    value = os.environ.get("DIPLOMACY_RENDER_PROCESSES", "").strip()
    if value.isdigit():
        return int(value)
    return max(1, os.cpu_count() or 1)


def _ready() -> None:
    """A map process' first job: it has started (and warmed up: :func:`_worker_start`)."""


def _worker_start() -> None:
    # Maps are batch work: let the bot's own process (replies to players) go first, and
    # build the static layers now rather than on the first map.
    try:
        os.nice(5)
    except OSError:
        pass
    try:
        from renderer.layers import static_layers

        static_layers()
    except Exception:  # the first map will say what is wrong
        log.exception("warming up the renderer failed")


class MapCache:
    """The maps of recent phases, so that one phase is drawn once however many posts show
    it: the channel's map and each player's phone-sized front are rendered together
    (:func:`renderer.render_views`) and kept here, newest last, at most ``size`` phases.
    Concurrent requests for the same phase wait for the one rendering. Drawing happens in
    worker processes (see :func:`render_processes`), so that a burst of deadlines uses every
    core and never holds up the event loop; with 0 processes, in worker threads."""

    def __init__(self, size: int = 48, processes: int | None = None, drawer: Drawer | None = None) -> None:
        self.size = size
        self.drawer: Drawer = drawer or render_views_sync
        self.processes = render_processes() if processes is None else processes
        self._pool: ProcessPoolExecutor | None = None
        self._entries: OrderedDict[tuple, asyncio.Future[dict[Front, bytes]]] = OrderedDict()

    async def _draw(
        self,
        position: dict[str, Any],
        orders: list[dict[str, Any]] | None,
        game_name: str,
        language: str,
        fronts: tuple[Front, ...],
    ) -> dict[Front, bytes]:
        job = functools.partial(self.drawer, position, orders, game_name=game_name, language=language, fronts=fronts)
        if self.processes <= 0:
            return await asyncio.to_thread(job)
        try:
            return await asyncio.get_running_loop().run_in_executor(self._processes(), job)
        except BrokenProcessPool:
            # a worker died (killed, out of memory): start afresh next time, draw this one here
            log.exception("a map process died; restarting the map processes")
            self.close()
            return await asyncio.to_thread(job)

    def _processes(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                self.processes, mp_context=multiprocessing.get_context("spawn"), initializer=_worker_start
            )
        return self._pool

    def start(self) -> None:
        """Start the map processes now, in the background (each builds the renderer's static
        layers as it starts), so that the first deadline storm after the bot starts does not
        wait seconds for them (issue 13)."""
        if self.processes > 0:
            pool = self._processes()
            for _ in range(self.processes):  # one job per process: each is started for it
                pool.submit(_ready)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    async def get(
        self,
        key: tuple,
        position: dict[str, Any],
        orders: list[dict[str, Any]] | None,
        *,
        game_name: str,
        language: str,
        front: Front,
        also: tuple[Front, ...] = (),
    ) -> bytes:
        """The picture ``front`` of a phase in a language (``key``: :func:`map_key`). When
        the phase is not drawn yet, the pictures ``also`` are drawn with it, sharing the
        drawing: the caller names what it will ask for next (the poster: the crops of the
        DMs that carry them), so that nothing is drawn or encoded that nobody sends."""
        entry = self._entries.get(key)
        if entry is None:
            fronts = tuple(dict.fromkeys((front, *also)))
            entry = asyncio.get_running_loop().create_future()
            self._entries[key] = entry
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)
            try:
                views = await self._draw(position, orders, game_name, language, fronts)
            except BaseException as exc:
                self._entries.pop(key, None)
                entry.set_exception(exc)
                entry.exception()  # retrieved: the waiters below get it too
                raise
            entry.set_result(views)
        else:
            self._entries.move_to_end(key)
        views = await asyncio.shield(entry)
        png = views.get(front)
        if png is None:  # a front not drawn with the phase: several powers, or one with no units
            png = (await self._draw(position, orders, game_name, language, (front,)))[front]
            views[front] = png  # the next reader of the same crop finds it
        return png

    async def picture(
        self,
        position: dict[str, Any],
        orders: list[dict[str, Any]] | None = None,
        *,
        game_name: str = "",
        language: str = "en",
        front: str | None = None,
    ) -> bytes:
        """One map, drawn now (not kept): ``/game map`` of any phase."""
        return (await self._draw(position, orders, game_name, language, (front,)))[front]


def renderer_available() -> bool:
    try:
        from renderer import render  # type: ignore[attr-defined]  # noqa: F401
    except ImportError:
        return False
    return True


def _stand_in(position: dict[str, Any], orders: list[dict[str, Any]] | None, game_name: str) -> bytes:
    from PIL import Image, ImageDraw

    lines = [f"{game_name}  {position.get('phase', '')}".strip(), ""]
    for power, units in sorted(position.get("units", {}).items()):
        centres = position.get("centers", {}).get(power, [])
        lines.append(f"{power.title()} ({len(centres)}): {', '.join(units)}")
    if orders:
        lines.append("")
        lines.extend(f"{o['power'][:3]} {o['order']} ({o['result']})" for o in orders[:60])
    height = 16 * len(lines) + 20
    image = Image.new("RGB", (900, height), (245, 240, 225))
    draw = ImageDraw.Draw(image)
    for i, line in enumerate(lines):
        draw.text((10, 10 + 16 * i), line, fill=(20, 20, 20))
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()
