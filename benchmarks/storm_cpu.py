"""CPU time per game-phase of a deadline storm, split by step, in one process (issue 24).

Where `benchmarks/deadlines.py` measures a storm from outside (wall time, Discord's
floor), this measures what the storm costs our CPU, per game-phase, step by step, so the
machine's other load does not blur it (CPU time, not wall time):

- ``reading``: loading a due game in its resolution (``bot.core.context.load``);
- ``adjudication``: the engine's ``resolve`` (thread time of the compute thread);
- ``writing``: the rest of the resolution transaction (results, next phase, outbox rows,
  commit);
- per map of the channel's post (the resolved phase with its orders and results, then the
  new phase's board), in the game's language: ``scene`` (positions and orders to a
  scene), ``draw`` (tints, centres, order lines: ``draw_under``), ``finish`` (labels,
  units, legend) and ``encode`` (palette mapping and PNG);
- ``posting``: the text of the posts the storm left in the outbox, rendered as the poster
  renders it (its Discord requests are not counted: `deadlines.py` measures those).

It also counts the trips to the database (statements, a batch of rows written at once
being one: :class:`bot.infra.storage.dialect.Trips`; ``BEGIN`` and ``COMMIT`` not
counted) per game-phase: of the resolution (``reading`` and ``writing``), and of the
posting, as the poster makes them for each message it sends of the storm's posts (what
it reads to send it, then its try and its delivery recorded; the CPU of these is not in
``posting``: it is printed apart, as ``posting's trips``, the CPU time of the process,
SQLite's thread included).

The storm's games are set up first (not counted), all due at one deadline, as in
`deadlines.py`. ``--cpus`` pins the process to that many cores (the steps run on one
thread anyway; the figure is CPU time). ``--profile FILE`` writes a cProfile of the
measured part.

    python benchmarks/storm_cpu.py [--games 50] [--cpus 1] [--profile /tmp/storm.prof]
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import math
import os
import random
import resource
import sys
import tempfile
import time
from collections import defaultdict
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from storms import storm_orders  # noqa: E402  (benchmarks/storms.py)

from bot.core import context, press  # noqa: E402
from bot.core.app import Core  # noqa: E402
from bot.core.context import powers_of  # noqa: E402
from bot.core.play import resolution as resolution_module  # noqa: E402
from bot.infra.clock import to_unix  # noqa: E402
from bot.infra.storage import Storage  # noqa: E402
from bot.infra.storage.dialect import Trips  # noqa: E402
from renderer.layers import geometry  # noqa: E402
from renderer.render import View  # noqa: E402

render_module = sys.modules["renderer.render"]  # the module (the package's `render` is its function)
SAME_OPENING = False  # --same-opening
STEPS = ("reading", "adjudication", "writing", "scene", "draw", "finish", "encode", "posting")


async def prepare(storage: Storage, games: int, per_player: int, deadline: datetime) -> None:
    moment = deadline - timedelta(hours=48)
    core = Core(storage, clock=lambda: moment, rng=random.Random(1))
    pool = max(7, math.ceil(7 * games / per_player))
    for g in range(games):
        seated = [1000 + (7 * g + s) % pool for s in range(7)]
        channel_id = 5000 + g
        await core.lifecycle.create_game(
            guild_id=910000000000000001,
            channel_id=channel_id,
            user_id=seated[0],
            name=f"Bench {g}",
            players=7,
            movement="48h",
            settings=press.Settings(press=press.PressMode.PUBLIC),
        )
        for u in seated:
            await core.lifecycle.join(channel_id, u)
        game = await core.lifecycle.start(channel_id, seated[0], can_manage=False)
        async with storage.read() as tx:
            players = await tx.players(game.id)
        chosen = storm_orders(g, SAME_OPENING)
        for p in players:
            await core.ordering.submit(p.user_id, chosen[powers_of(game, p)[0].value], game_id=game.id)
    async with storage.write() as tx:  # the start's posts are not part of the storm
        for post in await tx.posts():
            await tx.mark_sent(post["id"], None, 0)
    core.close()


class Meter:
    """CPU seconds per step; thread time for what runs in one thread, process time else."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = defaultdict(float)

    def add(self, step: str, started: float, clock=time.thread_time) -> None:
        self.seconds[step] += clock() - started


async def resolve_storm(storage: Storage, games: int, deadline: datetime, meter: Meter) -> None:
    after = deadline + timedelta(seconds=1)
    core = Core(storage, clock=lambda: after, rng=random.Random(2))
    engine_resolve = resolution_module.resolve
    load = context.load

    def timed_resolve(*args, **kwargs):
        started = time.thread_time()
        try:
            return engine_resolve(*args, **kwargs)
        finally:
            meter.add("adjudication", started)

    async def timed_load(*args, **kwargs):
        started = time.process_time()
        try:
            return await load(*args, **kwargs)
        finally:
            meter.add("reading", started, time.process_time)

    resolution_module.resolve = timed_resolve
    context.load = timed_load
    try:
        started = time.process_time()
        done = 0
        while done < games:
            n = await core.resolution.run_due()
            if n == 0:
                raise RuntimeError(f"only {done} of {games} games resolved")
            done += n
        total = time.process_time() - started
    finally:
        resolution_module.resolve = engine_resolve
        context.load = load
        core.close()
    meter.seconds["writing"] += total - meter.seconds["reading"] - meter.seconds["adjudication"]


async def draw_storm(storage: Storage, games: int, meter: Meter, alone: bool = False) -> int:
    """The channel's two maps of each game, step by step as renderer.render_many draws them.
    ``alone``: each game's maps start from no board drawn or encoded before (the benchmark's
    games all play the same opening, so a board of another game is as near as it gets)."""
    from renderer import draw

    bases = getattr(draw, "BASES", None)  # (absent before issue 24: to compare with older code)
    encoded = getattr(sys.modules.get("renderer.png"), "RECENT", None)  # (absent before its bands)
    # a finished map as render_many encodes it (before: one image, encode_png)
    encode = getattr(render_module, "_encode", render_module.encode_png)

    png_bytes = 0
    for game_id in range(1, games + 1):
        if alone and bases is not None:
            bases.clear()
        if alone and encoded is not None:
            encoded.clear()
        async with storage.read() as tx:
            game = await tx.game(game_id)
            played = await tx.phase(game_id, "S1901M")
            new = await tx.phase(game_id, game.phase)
        for row, orders in ((played, played.results), (new, None)):
            view = View(game.language, game.labels, ())
            started = time.thread_time()
            scene = render_module.make_scene(row.position, orders)
            meter.add("scene", started)
            started = time.thread_time()
            region = render_module._region(scene, view.front)
            under = render_module.draw_under(geometry(region.scale), scene, region.frame, region.size)
            meter.add("draw", started)
            started = time.thread_time()
            image = render_module._finish(under, region, scene, view, game.name)
            meter.add("finish", started)
            started = time.thread_time()
            png_bytes += len(encode(image))
            meter.add("encode", started)
    return png_bytes


async def post_storm(storage: Storage, deadline: datetime, meter: Meter) -> int:
    """The storm's outbox read once, and the text of each of its posts rendered as the
    poster renders it (in English; its Discord requests are not counted here)."""
    from bot.discord.poster import texts_of  # (imported before the storm: see main)

    started = time.process_time()
    async with storage.read() as tx:
        rows = await tx.posts_due(to_unix(deadline + timedelta(seconds=2)), limit=10**6, hold=0.0)
    for row in rows:
        texts_of(row, "en")
    meter.add("posting", started, time.process_time)
    return len(rows)


async def post_trips(storage: Storage, deadline: datetime, meter: Meter) -> int:
    """The trips to the database the poster makes to send the storm's posts, message by
    message (as ``Poster._deliver`` does on a first try: its reads, ``mark_tried``,
    ``mark_batch_sent``; the reads of the due posts are not counted: how often the
    poster reads them depends on Discord's pace)."""
    from bot.discord import marks
    from bot.discord.poster import PostingSettings, _read, batches_of, destination

    settings = PostingSettings()
    now = to_unix(deadline + timedelta(seconds=3))
    trips = 0
    while True:  # the channel posts, then the DMs that waited for them
        async with storage.read() as tx:
            rows = await tx.posts_due(now, limit=10**6, hold=0.0)
        if not rows:
            return trips
        started = time.process_time()  # (the reads of the due posts not counted, as their trips)
        groups: dict[tuple[str, int], list] = {}
        for row in rows:
            groups.setdefault(destination(row), []).append(row)
        before = Trips.count
        for group in groups.values():
            for batch in batches_of(group, settings.merge):
                sending = await _read(storage, batch, settings)
                texts = [t for r in batch.rows for t in texts_of_row(r, sending)]
                digests = marks.recorded(None, texts)
                async with storage.write() as tx:
                    await tx.mark_tried(batch.ids, batch.leader, now + 60, digests)
                async with storage.write() as tx:
                    await tx.mark_batch_sent(batch.ids, None, now)
        trips += Trips.count - before
        meter.add("posting's trips", started, time.process_time)


def texts_of_row(row, sending) -> list[str]:
    from bot.discord.poster import texts_of

    return texts_of(row, sending.language)


async def main(games: int, per_player: int, profile: str | None, alone: bool) -> None:
    import bot.discord.poster  # noqa: F401  (imported before the measured part, as in the bot)
    from renderer.render import warm_up

    warm_up()  # the static layers and palette are built once per process, before a storm
    with tempfile.TemporaryDirectory() as tmp:
        storage = await Storage.open(str(Path(tmp) / "storm.sqlite3"))
        deadline = datetime.now(UTC) + timedelta(hours=1)
        t0 = time.time()
        await prepare(storage, games, per_player, deadline)
        print(f"setup: {games} games, {time.time() - t0:.0f} s")
        meter = Meter()
        profiler = cProfile.Profile() if profile else None
        load = os.getloadavg()[0]
        if profiler:
            profiler.enable()
        trips = Trips.count
        await resolve_storm(storage, games, deadline, meter)
        trips = Trips.count - trips
        png = await draw_storm(storage, games, meter, alone)
        posts = await post_storm(storage, deadline, meter)
        if profiler:
            profiler.disable()
            profiler.dump_stats(profile)
        posting_trips = await post_trips(storage, deadline, meter)
        await storage.close()
    total = sum(meter.seconds[step] for step in STEPS)
    print(
        f"CPU ms per game-phase ({games} games, load {load:.1f} -> {os.getloadavg()[0]:.1f}, "
        f"{len(os.sched_getaffinity(0))} cores allowed):"
    )
    for step in STEPS:
        print(f"  {step:<13} {meter.seconds[step] * 1000 / games:7.1f}")
    print(f"  {'total':<13} {total * 1000 / games:7.1f}   (PNG {png / games / 1024:.0f} KB per game-phase)")
    print(f"  ({posts / games:.1f} outbox rows per game-phase)")
    print(
        f"trips to the database per game-phase: resolution {trips / games:.1f}, "
        f"posting {posting_trips / games:.1f} (BEGIN and COMMIT not counted)"
    )
    spent = meter.seconds["posting's trips"] * 1000 / games
    print(f"CPU ms per game-phase of the posting's trips (what the poster reads and records): {spent:.1f}")
    print(f"peak memory {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--per-player", type=int, default=3)
    parser.add_argument("--cpus", type=int, default=0, help="pin the process to this many cores (0: all)")
    parser.add_argument("--profile", default=None, help="write a cProfile of the measured part here")
    parser.add_argument(
        "--same-opening", action="store_true", help="every game the same opening (the maps alike: reuse flatters)"
    )
    parser.add_argument(
        "--alone", action="store_true", help="each game's maps drawn without the boards of other games drawn before"
    )
    args = parser.parse_args()
    SAME_OPENING = args.same_opening
    if args.cpus:
        os.sched_setaffinity(0, sorted(os.sched_getaffinity(0))[: args.cpus])
    asyncio.run(main(args.games, args.per_player, args.profile, args.alone))
