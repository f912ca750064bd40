"""Map pictures for posts and ``/game map``: calls the renderer, always off the event loop.

Which pictures to draw, and in which languages, is decided here: the channel's map in the
game's language, each player's crop in the player's (:class:`MapView`, :class:`MapCache`).

The renderer (``renderer.render``) is imported lazily. When it is missing or fails, a plain
picture listing the units and centres stands in (and the failure is logged), so posting
never depends on it.

Map processes end with the bot: each one asks the kernel to kill it when its parent dies
(Linux) and watches its parent from a thread (everywhere), so a bot killed with SIGKILL
leaves no drawing process behind.
"""

from __future__ import annotations

import asyncio
import ctypes
import functools
import hashlib
import io
import json
import logging
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any, TypeVar

from bot.infra import metrics, settings
from bot.infra.cpus import available_cpus
from engine import Position, Power
from engine.codec import position_from_json, position_to_json
from engine.fog import fogged_position, order_seen, visible_provinces
from engine.parser import parse_order

log = logging.getLogger(__name__)

T = TypeVar("T")


def warm_up() -> None:
    """Load what :func:`front_groups` reads (the renderer, the board's geometry) now, when
    the bot starts, rather than inside the first resolution's transaction."""
    try:
        from renderer import front_groups as groups  # type: ignore[attr-defined]

        groups(position_to_json(Position.initial()), ("ENGLAND", "FRANCE"))
    except Exception:  # the first DM will say what is wrong
        log.exception("warming up the map fronts failed")


Front = str | tuple[str, ...] | None
"""A picture of a phase: the whole board (None), the crop around one power's units, or
around several powers' units (a tuple)."""


@dataclass(frozen=True, slots=True)
class MapView:
    """One picture of a phase: the whole board or a front (:data:`Front`), labelled in a
    language and label set (``labels``: "cyrillic" or "latin" where the language has a
    choice; None: its default). The channel's map is drawn in the game's language, each
    player's front in the player's."""

    front: Front = None
    language: str = "en"
    labels: str | None = None
    fog: str | None = None  # issue 25: drawn as this power sees it under Fog of War


Drawer = Callable[..., "dict[MapView, bytes]"]
"""Draws one phase: ``drawer(position, orders, *, game_name, views)`` -> PNG per view. A
module-level function, so map processes can run it."""


def map_key(game_id: int, game_name: str, position: dict[str, Any], orders: list[dict[str, Any]] | None) -> tuple:
    """How :class:`MapCache` knows one phase of a game: by content, so a phase replayed
    after a rollback never shows a stale map (the language is the view's)."""
    digest = hashlib.sha1(json.dumps([position, orders], sort_keys=True).encode()).hexdigest()
    return (game_id, game_name, digest)


def map_filename(phase: str, group: Sequence[str] = (), *, with_orders: bool = False) -> str:
    """The file name of a picture of ``phase``: the whole board, or the crop of ``group``."""
    return f"{phase}{'-orders' if with_orders else ''}{''.join(f'-{p.lower()}' for p in group)}.png"


def as_front(group: Sequence[str]) -> Front:
    """A group of powers (a DM's crop) as the renderer's front: None for the whole board."""
    return None if not group else group[0] if len(group) == 1 else tuple(group)


def render_sync(
    position: dict[str, Any],
    orders: list[dict[str, Any]] | None = None,
    *,
    game_name: str = "",
    language: str = "en",
    labels: str | None = None,
    front: Front = None,
) -> bytes:
    view = MapView(front, language, labels)
    return render_views_sync(position, orders, game_name=game_name, views=(view,))[view]


async def render(
    position: dict[str, Any],
    orders: list[dict[str, Any]] | None = None,
    *,
    game_name: str = "",
    language: str = "en",
    labels: str | None = None,
    front: Front = None,
) -> bytes:
    """The PNG of a position (with orders and results when given), in a worker thread."""
    return await asyncio.to_thread(
        render_sync, position, orders, game_name=game_name, language=language, labels=labels, front=front
    )


def plain_views(
    position: dict[str, Any],
    orders: list[dict[str, Any]] | None,
    *,
    game_name: str,
    views: tuple[MapView, ...],
) -> dict[MapView, bytes]:
    """The plain stand-in picture for every view (a list of units and centres): what the
    bot posts when the renderer fails, and the fast drawer of tests that are not about maps."""
    return {v: _stand_in(position, orders, game_name) for v in views}


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


def fogged_inputs(
    position: dict[str, Any], orders: list[dict[str, Any]] | None, power: str
) -> tuple[dict[str, Any], list[dict[str, Any]] | None]:
    """What ``power`` may see of a phase under Fog of War (issue 25, :mod:`engine.fog`): the
    position with only the units and dislodged units in its sight (and the centres, whose
    counts are public: a picture hides the owners out of sight), and only the orders it may
    see (its own, and those given by units in its sight). Whatever draws a fog map is given
    only these, so even the plain stand-in picture shows no more than the counts."""
    pos = position_from_json(position)
    viewer = Power(power)
    visible = visible_provinces(pos, viewer)
    # the centre owners stay: how many centres each power has is public (the legend, the alt
    # text count them); the renderer's fog hides who owns a centre out of sight
    seen = fogged_position(pos, viewer)
    shown = position_to_json(Position(seen.phase, seen.units, pos.centres, seen.dislodged, pos.map))
    if "powers" in position:  # a duel's powers (the legend's): public
        shown["powers"] = position["powers"]
    if orders is None:
        return shown, None
    kept = []
    for o in orders:
        try:
            order = parse_order(o["order"], phase=pos.phase.kind)
        except ValueError:
            order = None
        if order_seen(order, Power(o["power"]), viewer, visible):
            kept.append(o)
    return shown, kept


def render_views_sync(
    position: dict[str, Any],
    orders: list[dict[str, Any]] | None,
    *,
    game_name: str,
    views: tuple[MapView, ...],
) -> dict[MapView, bytes]:
    """Every view of one phase in one pass (``renderer.render_many``: each part of the
    board drawn once, then labelled per language). Fog views (issue 25) are drawn per
    viewer, from what the viewer may see only (:func:`fogged_inputs`)."""
    clear = tuple(v for v in views if v.fog is None)
    out = _render_views(position, orders, game_name=game_name, views=clear) if clear else {}
    for viewer in dict.fromkeys(v.fog for v in views if v.fog is not None):
        assert viewer is not None
        seen, seen_orders = fogged_inputs(position, orders, viewer)
        group = tuple(v for v in views if v.fog == viewer)
        out.update(_render_views(seen, seen_orders, game_name=game_name, views=group, fog=viewer))
    return out


def _render_views(
    position: dict[str, Any],
    orders: list[dict[str, Any]] | None,
    *,
    game_name: str,
    views: tuple[MapView, ...],
    fog: str | None = None,
) -> dict[MapView, bytes]:
    try:
        from renderer import View, render_many  # type: ignore[attr-defined]
        from renderer.render import powers_of
    except ImportError:
        return plain_views(position, orders, game_name=game_name, views=views)
    try:
        wanted = {v: View(v.language, v.labels, powers_of(v.front)) for v in views}
        chosen = tuple(dict.fromkeys(wanted.values()))
        pictures = render_many(position, orders, game_name=game_name, views=chosen, **({"fog": fog} if fog else {}))
        return {v: pictures[w] for v, w in wanted.items()}
    except Exception:
        log.exception("the renderer failed on %s; posting the plain picture", position.get("phase"))
        return plain_views(position, orders, game_name=game_name, views=views)


def render_processes() -> int:
    """How many processes draw maps: ``DIPLOMACY_RENDER_PROCESSES`` (0 = threads of the bot's
    own process), by default one per CPU the bot may use (a container's CPU limit counts).
    A value that is not a whole number raises :class:`bot.infra.settings.SettingError`
    (``python -m bot`` checks it before it starts)."""
    chosen = settings.render_processes(os.environ)
    return available_cpus() if chosen is None else chosen


PARENT_CHECK = 1.0  # seconds between a map process's looks at its parent


def die_with(parent: int, *, interval: float = PARENT_CHECK, kernel: bool = True) -> None:
    """End this process when ``parent`` (the process that started it) ends, however it ends.

    On Linux the kernel does it (``prctl(PR_SET_PDEATHSIG, SIGKILL)``, the moment the parent
    dies; ``kernel=False`` skips it, for tests of the fallback). Everywhere, a daemon thread
    looks every ``interval`` seconds whether the parent is still this process's parent
    (when it dies, the process is handed to another one)."""
    if kernel and sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # 1 = PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:  # the parent died before the kernel was told
        _end()
    threading.Thread(target=_watch_parent, args=(parent, interval), name="parent-watch", daemon=True).start()


def _watch_parent(parent: int, interval: float) -> None:
    while os.getppid() == parent:
        time.sleep(interval)
    _end()


def _end() -> None:
    # at once, from any thread, whatever the process is doing (a drawing in C code)
    os.kill(os.getpid(), getattr(signal, "SIGKILL", signal.SIGTERM))


def _ready() -> None:
    """A map process' first job: it has started (and warmed up: :func:`_worker_start`)."""


def worker_niceness(cpus: int) -> int:
    """How much lower than the bot's own process the map processes run. With several cores,
    maps are batch work: the bot's process (replies to players) goes first. With one, a
    storm's maps are its critical path: niced, they waited while the storm's games were
    resolved, and the channel posts (and the DMs that follow them) went out late (issue
    24: the drain took 1.12-1.15 times Discord's floor at 200 games, 1.07 not niced, the
    slowest reply 31 ms niced, 61 ms not)."""
    return 5 if cpus > 1 else 0


def _worker_start(parent: int, niceness: int = 5) -> None:
    # PR_SET_PDEATHSIG fires when the *thread* that started the process ends: the pool starts
    # its processes from the event loop's thread, which lives as long as the bot.
    die_with(parent)
    # then build the static layers now rather than on the first map
    if niceness:
        try:
            os.nice(niceness)
        except OSError:
            pass
    try:
        from renderer.layers import static_layers
        from renderer.render import warm_up as warm_renderer

        static_layers()
        warm_renderer()  # the crops' geometry and the PNG palette: the first storm's first map is not slower
    except Exception:  # the first map will say what is wrong
        log.exception("warming up the renderer failed")


class MapCache:
    """The maps of recent phases, each picture drawn once however many posts show it, kept
    per phase (newest last, at most ``size`` phases).

    A picture is a :class:`MapView`: the channel's map in the game's language, each
    player's front in that player's (a Russian player of a Spanish game gets a Russian
    crop). The first request of a new phase (the channel's post comes first) draws, with
    the picture asked for, every power's front in the language its player read it in at
    the last phase of the game (at first, in the language of the picture asked for): the
    DMs that follow find their crops drawn, one drawing per language needed, not per
    player (``renderer.render_many`` draws each part of the board once and labels it per
    language). A picture not drawn that way (several powers in one crop, a reader who
    changed language) is drawn when first asked for, once; concurrent requests for the
    same picture wait for the one drawing. Drawing happens in worker processes (see
    :func:`render_processes`), so that a burst of deadlines uses every core and never
    holds up the event loop; with 0 processes, in worker threads."""

    def __init__(self, size: int = 48, processes: int | None = None, drawer: Drawer | None = None) -> None:
        self.size = size
        self.drawer: Drawer = drawer or render_views_sync
        self.processes = render_processes() if processes is None else processes
        self._pool: ProcessPoolExecutor | None = None
        self._entries: OrderedDict[tuple, dict[MapView, asyncio.Future[bytes]]] = OrderedDict()
        # per game: the language and labels each front was last read in
        self._readers: OrderedDict[object, dict[Front, tuple[str, str | None]]] = OrderedDict()

    async def _draw(
        self,
        position: dict[str, Any],
        orders: list[dict[str, Any]] | None,
        game_name: str,
        views: tuple[MapView, ...],
    ) -> dict[MapView, bytes]:
        started = time.monotonic()
        clear = tuple(v for v in views if v.fog is None)
        out = await self.run(self.drawer, position, orders, game_name=game_name, views=clear) if clear else {}
        # issue 25: a fog view's drawer is given only what its viewer may see, whatever it is
        for viewer in dict.fromkeys(v.fog for v in views if v.fog is not None):
            assert viewer is not None
            seen, seen_orders = fogged_inputs(position, orders, viewer)
            group = tuple(v for v in views if v.fog == viewer)
            out.update(await self.run(self.drawer, seen, seen_orders, game_name=game_name, views=group))
        metrics.RENDER.observe(time.monotonic() - started)
        return out

    async def run(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> T:
        """``fn(*args, **kwargs)`` in the map workers: drawing besides the maps (the centre
        chart, a game's animated GIF) shares them, never the event loop. ``fn`` is a
        module-level function and its arguments plain values, so a process can run it."""
        job = functools.partial(fn, *args, **kwargs)
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
                self.processes,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_worker_start,
                initargs=(os.getpid(), worker_niceness(available_cpus())),
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

    def _remember(self, game: object, view: MapView) -> None:
        fronts = self._readers.setdefault(game, {})
        self._readers.move_to_end(game)
        fronts[view.front] = (view.language, view.labels)
        while len(self._readers) > 4 * self.size:
            self._readers.popitem(last=False)

    def _planned(self, game: object, position: dict[str, Any], board: MapView) -> list[MapView]:
        """Each power's front, in the language its player last read it in (else the board's)."""
        known = self._readers.get(game, {}) if game is not None else {}
        powers = sorted(p for p, units in position.get("units", {}).items() if units)
        return [MapView(p, *known.get(p, (board.language, board.labels))) for p in powers]

    async def get_many(
        self,
        key: tuple,
        position: dict[str, Any],
        orders: list[dict[str, Any]] | None,
        *,
        game_name: str,
        views: Sequence[MapView],
        game: object = None,
        plan: bool = True,
    ) -> list[bytes]:
        """The pictures of one post (a DM's crops), those not drawn yet in one drawing.
        ``key`` names the phase by its content (a phase replayed after a rollback is another
        key); ``game``: the game's identity, to learn in which language its players read
        their fronts. ``plan=False``: draw only what is asked for, not every power's front
        with a new phase's board (the DMs that follow offer their maps rather than carry
        them: issue 13)."""
        pictures = self._entries.get(key)
        new = pictures is None
        if pictures is None:
            pictures = self._entries[key] = {}
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)
        else:
            self._entries.move_to_end(key)
        for view in views:
            if view.front is not None and game is not None:
                self._remember(game, view)
        missing = [v for v in dict.fromkeys(views) if v not in pictures]
        if plan and new and orders is None and any(v.front is None for v in views):
            # a new phase: the DMs that follow the channel's post will ask for the fronts
            board = next(v for v in views if v.front is None)
            missing += [v for v in self._planned(game, position, board) if v not in missing]
        if missing:
            loop = asyncio.get_running_loop()
            futures = {v: loop.create_future() for v in missing}
            pictures.update(futures)
            try:
                drawn = await self._draw(position, orders, game_name, tuple(missing))
            except BaseException as exc:
                for v, future in futures.items():
                    pictures.pop(v, None)  # the next request draws it afresh
                    future.set_exception(exc)
                    future.exception()  # retrieved: any waiter gets it too
                raise
            for v, future in futures.items():
                future.set_result(drawn[v])
        return [await asyncio.shield(pictures[v]) for v in views]

    async def picture(
        self,
        position: dict[str, Any],
        orders: list[dict[str, Any]] | None = None,
        *,
        game_name: str = "",
        language: str = "en",
        labels: str | None = None,
        front: Front = None,
        fog: str | None = None,
    ) -> bytes:
        """One map, drawn now (not kept): ``/game map`` of any phase, a player's own orders."""
        view = MapView(front, language, labels, fog)
        return (await self._draw(position, orders, game_name, (view,)))[view]


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
        lines.extend(f"{o['power'][:3]} {o['order']} ({o.get('result') or '—'})" for o in orders[:60])
    height = 16 * len(lines) + 20
    image = Image.new("RGB", (900, height), (245, 240, 225))
    draw = ImageDraw.Draw(image)
    for i, line in enumerate(lines):
        draw.text((10, 10 + 16 * i), line, fill=(20, 20, 20))
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()
