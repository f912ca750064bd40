"""Deadline storms at Discord's speed limit (issue 13): many games whose deadlines fall at
the same moment, posted through the real discord.py network path.

The loopback Discord (tests/bot/loopback.py) runs in a process of its own and applies
Discord's rate limits (50 requests per second in all, interaction answers not counted; 5
messages per 5 seconds per channel; 429 with Retry-After), adds a round trip to each
request, and counts requests by route and uploaded bytes. Players play in several games
(``--per-player``), as on a community's server. For each storm size and posting strategy
(``DIPLOMACY_POSTING``: ``separate`` = before issue 13, ``merged`` = now, ``pushed`` = now
but every DM with its map attached) it reports: requests per game-phase (channel and DM
messages, other requests), bytes uploaded per game-phase, the time from the shared
deadline until every post is delivered against the physical floor (requests ÷ 50/s), and
the worst, 99th-percentile and median ``/order`` reply (measured by the emulator, from
the interaction to its answer) of players of other games who order every 50 ms meanwhile.

Targets (issue 13), for the bot's strategy (``merged``; the others are run to compare): at
most 2 channel requests per game-phase plus one DM per player who owes orders; drain
within 10% of the floor; worst reply under 250 ms, with 200 games on 2 cores. The storm's
reminders are taken as sent hours before (the bot starts seconds before the deadline).

Fog of War (issue 25): ``--fog`` is the share of the storm's games played with fog (every
``1/share``-th game). A fog game's channel gets only the news that the phase was resolved
and the public centre counts, and each of its players one DM with what they saw, their
orders due and their map: the same budget as a normal game (one DM per player per
phase). The report counts the fog games' channel messages apart.

    python benchmarks/deadlines.py [--games 200,2000] [--strategies separate,merged,pushed]
        [--per-player 3] [--latency 0.1] [--lead 3] [--fog 0.25] [--cpus 1] [--stalls] [--cache DIR]

``--cpus N`` pins the bot's process and its map processes to N cores (issue 24: a storm
should stay bound by Discord on one core); the report gives the CPU time they spent per
game-phase from the deadline to the drain, and their peak memory
(`benchmarks/storm_cpu.py` splits the CPU time by step). ``--stalls`` reports where the
bot's event loop stood still longest during each storm and the garbage collector's pauses,
and what each of the five slowest ``/order`` replies waited for (its trips to the database,
the write lock, the compute thread, the answer's request; the bot's and the loopback
Discord's loop lags meanwhile), the write lock's holds over 50 ms with who held them, and
every trip to the database over 50 ms (the tracing costs some CPU: compare figures run
without it). ``--cache DIR`` keeps each prepared storm (its database, the loopback
Discord's ids made as at a fixed moment) and reuses it: a 10,000-game setup takes minutes.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import cProfile
import gc
import json
import math
import os
import random
import resource
import sqlite3
import statistics
import sys
import tempfile
import threading
import time
import traceback
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import discord.http  # noqa: E402
import yarl  # noqa: E402
from discord.gateway import DiscordWebSocket  # noqa: E402
from storms import OPENING, storm_orders  # noqa: E402  (benchmarks/storms.py)

from bot.core import press  # noqa: E402
from bot.core.app import Core  # noqa: E402
from bot.core.context import powers_of  # noqa: E402
from bot.discord.app import DiplomacyBot  # noqa: E402
from bot.infra import maps  # noqa: E402
from bot.infra.storage import Storage  # noqa: E402
from tests.bot.loopback import Limits, Remote  # noqa: E402

PROBE_GAMES = 10
PROFILE: cProfile.Profile | None = None  # --profile: the event loop's thread during the storms
SAME_OPENING = False  # --same-opening: every storm game the same orders
STALLS: StallWatch | None = None  # --stalls: the event loop's longest stalls during the storms
TRACE: ReplyTrace | None = None  # --stalls: what each probe's /order waited for
DISCORD_RATE = 50.0  # requests per second: the physical floor
CACHE: str | None = None  # --cache: where prepared storms are kept
SETUP_IDS = 1_750_000_000_000  # with --cache, the loopback Discord's ids of a setup are made as at this moment


@dataclass
class Storm:
    strategy: str
    games: int
    players: int  # distinct players of the storm's games (each owes orders in the new phase)
    requests: dict[str, int]  # by route, the probes' interaction answers left out
    limited: dict[str, int]  # 429 answers
    channel_messages: int
    dm_messages: int
    uploaded: int  # bytes of request bodies
    png: int  # bytes of PNG attachments
    resolved: float  # seconds from the deadline until every game was resolved
    drained: float  # seconds from the deadline until the last post arrived
    replies: list[float]  # /order replies during the storm, seconds
    slowest: list[tuple[float, float]]  # the slowest replies: (seconds, when: seconds after the deadline)
    load: tuple[float, float]  # the machine's 1-minute load average before and after
    failed: int  # outbox rows given up
    channel_done: float  # seconds from the deadline until the last channel message arrived
    first_dm: float  # ... until the first DM arrived
    timeline: list[tuple[int, int]]  # channel messages and DMs that arrived in each second after the deadline
    fog_games: int = 0  # issue 25: storm games played with Fog of War
    fog_channel_messages: int = 0  # the channel messages of those games
    cpus: int = 0  # issue 24: the cores the bot and its map processes were pinned to
    cpu_bot: float = 0.0  # CPU seconds of the bot's process from the deadline to the drain
    cpu_maps: float = 0.0  # ... of its map processes
    memory: float = 0.0  # peak resident MB of the bot's process plus its map processes

    @property
    def accepted(self) -> int:
        return sum(self.requests.values()) - sum(self.limited.values())

    @property
    def floor(self) -> float:
        return self.accepted / DISCORD_RATE


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process so far (Linux /proc)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def peak_mb(pid: int) -> float:
    """The peak resident memory of a process (VmHWM), MB."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def map_processes(emu: Remote) -> list[int]:
    """The bot's map processes: this process's children but the emulator."""
    import multiprocessing

    return [p.pid for p in multiprocessing.active_children() if p.pid != emu._process.pid and p.pid is not None]


class StallWatch:
    """Where the event loop stood still (``--stalls``): a task beats every few
    milliseconds; a thread that sees no beat for ``threshold`` seconds takes the loop
    thread's stack then, and the stall's length once the beat comes back. Also the
    collector's pauses by generation (``gc.callbacks``): a full collection over a large
    heap is a stall no stack shows."""

    def __init__(self, threshold: float = 0.05) -> None:
        self.threshold = threshold
        self.beat = time.monotonic()
        self.stalls: list[tuple[float, list[str]]] = []
        self.lags: list[tuple[float, float]] = []  # (wall time it ended, seconds the loop lagged)
        self.gc: dict[int, list[float]] = {}
        self._gc_start = 0.0
        self._running = False
        self._thread: threading.Thread | None = None
        self._task: asyncio.Task[None] | None = None
        self._loop_thread = threading.get_ident()

    def _collect(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._gc_start = time.perf_counter()
        else:
            self.gc.setdefault(info["generation"], []).append(time.perf_counter() - self._gc_start)

    async def _beat(self) -> None:
        while self._running:
            now = time.monotonic()
            if now - self.beat > 0.012:  # a lag of the loop: 10 ms more than the sleep asked
                self.lags.append((time.time(), now - self.beat - 0.002))
            self.beat = now
            await asyncio.sleep(0.002)

    def lag_within(self, start: float, end: float) -> tuple[float, int]:
        """The loop's lags over 10 ms that ended between two wall times: their sum, their count."""
        inside = [lag for at, lag in self.lags if start <= at <= end + 0.05]
        return sum(inside), len(inside)

    def _watch(self) -> None:
        stack: list[str] | None = None
        began = 0.0
        while self._running:
            time.sleep(0.002)
            since = time.monotonic() - self.beat
            if since >= self.threshold and stack is None:
                frame = sys._current_frames().get(self._loop_thread)
                stack = (
                    [f"{Path(f.filename).name}:{f.lineno} {f.name}" for f in traceback.extract_stack(frame)[-7:]]
                    if frame
                    else []
                )
                began = self.beat
            elif since < self.threshold and stack is not None:
                self.stalls.append((self.beat - began, stack))
                stack = None

    def start(self) -> None:
        self._running = True
        self._loop_thread = threading.get_ident()
        gc.callbacks.append(self._collect)
        self._task = asyncio.get_running_loop().create_task(self._beat())
        self._thread = threading.Thread(target=self._watch, name="stall-watch", daemon=True)
        self._thread.start()

    async def stop(self) -> None:
        self._running = False
        gc.callbacks.remove(self._collect)
        if self._task is not None:
            await self._task
        if self._thread is not None:
            self._thread.join()

    def report(self) -> list[str]:
        lines = [f"          event-loop stalls over {self.threshold * 1000:.0f} ms: {len(self.stalls)}"]
        for length, stack in sorted(self.stalls, reverse=True)[:8]:
            lines.append(f"            {length * 1000:.0f} ms at " + " < ".join(reversed(stack)))
        for generation, pauses in sorted(self.gc.items()):
            lines.append(
                f"          gc generation {generation}: {len(pauses)} collections, "
                f"longest {max(pauses) * 1000:.1f} ms, {sum(pauses) * 1000:.0f} ms in all"
            )
        self.stalls.clear()
        self.gc.clear()
        self.lags.clear()
        return lines


def chain() -> str:
    """The bot's own functions the running task is in, outermost first (from its frames:
    a running coroutine's callers are its frames' parents)."""
    names = []
    frame = sys._getframe(1)
    while frame is not None and len(names) < 12:
        if "/bot/" in frame.f_code.co_filename:
            names.append(frame.f_code.co_qualname)
        frame = frame.f_back
    return " > ".join(reversed(names)) or "?"


class ReplyTrace:
    """What each ``/order`` of the probes waited for (``--stalls``): in the bot's
    ``Ordering.submit``, the time spent in database trips (reads and writes), waiting for
    the write lock, in the compute thread, and the rest (turns of the event loop between
    them); matched to the emulator's slowest replies by player and time, so a slow reply
    says where its time went (issue 24)."""

    STEPS = ("trips", "lock", "compute")

    def __init__(self) -> None:
        import contextvars

        self.current: contextvars.ContextVar[dict | None] = contextvars.ContextVar("reply_trace", default=None)
        self.calls: list[dict] = []
        self.holds: list[tuple[float, str, float]] = []  # (seconds held, by whom, wall time let go)
        self.sends: list[tuple[str, float, float]] = []  # answers sent: (user, began, ended), wall times
        self.emulator_lags: list[tuple[float, float]] = []  # the loopback Discord's own loop lags
        self.trips: list[tuple[float, str, float]] = []  # (seconds, statement, wall time it ended)
        self._saved: list[tuple[object, str, object]] = []

    def _patch(self, owner: object, name: str, step: str) -> None:
        original = getattr(owner, name)
        trace = self

        async def timed(*args, **kwargs):
            record = trace.current.get()
            if record is None:
                return await original(*args, **kwargs)
            began = time.perf_counter()
            try:
                return await original(*args, **kwargs)
            finally:
                record[step] += time.perf_counter() - began
                record[step + "#"] += 1

        self._saved.append((owner, name, original))
        setattr(owner, name, timed)

    def start(self) -> None:
        from bot.core.orders.giving import Ordering
        from bot.infra.compute import Compute
        from bot.infra.storage.sqlite import SqliteConnection, SqliteDatabase
        from bot.infra.turns import PlayersFirst

        for name in ("one", "all", "run", "many"):
            self._patch(SqliteConnection, name, "trips")
        self._patch(SqliteDatabase, "_exec", "trips")  # BEGIN, COMMIT, ROLLBACK
        for name in ("one", "all", "run", "many"):
            self._watch_trips(SqliteConnection, name)
        self._watch_trips(SqliteDatabase, "_exec")
        self._watch_trips(SqliteDatabase, "_checkpoint_now", every=True)
        self._patch(PlayersFirst, "acquire", "lock")
        self._patch(Compute, "run", "compute")
        submit = Ordering.submit
        trace = self

        async def traced(ordering, user_id, *args, **kwargs):
            record = {"user": user_id, "wall": time.time(), **{k: 0.0 for k in trace.STEPS}}
            record.update({k + "#": 0 for k in trace.STEPS})
            token = trace.current.set(record)
            began = time.perf_counter()
            try:
                return await submit(ordering, user_id, *args, **kwargs)
            finally:
                record["total"] = time.perf_counter() - began
                trace.current.reset(token)
                trace.calls.append(record)

        self._saved.append((Ordering, "submit", submit))
        Ordering.submit = traced
        self._watch_holds(PlayersFirst)
        send = discord.InteractionResponse.send_message

        async def timed_send(response, *args, **kwargs):
            began = time.time()
            try:
                return await send(response, *args, **kwargs)
            finally:
                user = response._parent.user.id
                trace.sends.append((str(user), began, time.time()))

        self._saved.append((discord.InteractionResponse, "send_message", send))
        discord.InteractionResponse.send_message = timed_send

    def _watch_trips(self, owner: type, name: str, every: bool = False) -> None:
        """Any trip to the database (anyone's) over 50 ms, with its statement and when it
        ended; ``every``: all of them (the checkpoints)."""
        original = getattr(owner, name)
        trace = self

        async def timed(this, sql, *args, **kwargs):
            began = time.perf_counter()
            try:
                return await original(this, sql, *args, **kwargs)
            finally:
                took = time.perf_counter() - began
                if every or took > 0.05:
                    what = name if every else " ".join(str(sql).split())[:70]
                    trace.trips.append((took, what, time.time()))

        self._saved.append((owner, name, original))
        setattr(owner, name, timed)

    def report_trips(self, due_wall: float) -> list[str]:
        checkpoints = [t for t in self.trips if t[1] == "_checkpoint_now"]
        slow = [t for t in self.trips if t[1] != "_checkpoint_now"]
        lines = [
            f"          checkpoints: {len(checkpoints)}, longest {1000 * max((t for t, _, _ in checkpoints), default=0):.0f} ms; "
            f"trips over 50 ms: {len(slow)}"
        ]
        for took, what, at in sorted(slow, reverse=True)[:8]:
            near = [c for c in checkpoints if c[2] - c[0] - 0.01 <= at <= c[2] + 0.01 + took]
            during = f" (a checkpoint of {1000 * near[0][0]:.0f} ms under way)" if near else ""
            lines.append(f"            {1000 * took:.0f} ms at {at - took - due_wall:.1f} s: {what}{during}")
        self.trips.clear()
        return lines

    def _watch_holds(self, lock_type: type) -> None:
        """Who held the write lock, and how long (from taking it to letting go): the holds
        over 50 ms are kept, with the chain of coroutines that held it."""
        acquire, release = lock_type.acquire, lock_type.release
        trace = self

        async def held_acquire(lock, *args, **kwargs):
            await acquire(lock, *args, **kwargs)
            lock._bench_since = time.perf_counter()
            lock._bench_who = chain()

        def held_release(lock):
            since = getattr(lock, "_bench_since", None)
            if since is not None:
                held = time.perf_counter() - since
                if held > 0.05:
                    trace.holds.append((held, lock._bench_who, time.time()))
            release(lock)

        self._saved += [(lock_type, "acquire", acquire), (lock_type, "release", release)]
        lock_type.acquire, lock_type.release = held_acquire, held_release

    def report_holds(self, due_wall: float) -> list[str]:
        lines = [f"          write-lock holds over 50 ms: {len(self.holds)}"]
        for held, who, at in sorted(self.holds, reverse=True)[:8]:
            lines.append(f"            {1000 * held:.0f} ms at {at - held - due_wall:.1f} s: {who}")
        self.holds.clear()
        return lines

    def stop(self) -> None:
        for owner, name, original in reversed(self._saved):
            setattr(owner, name, original)
        self._saved.clear()

    def explain(self, user: str, sent: float, elapsed: float) -> str:
        """The breakdown of the reply the emulator timed (sent at wall time ``sent``)."""
        match = [c for c in self.calls if str(c["user"]) == user and sent - 0.01 <= c["wall"] <= sent + elapsed]
        if not match:
            return "not traced"
        c = match[0]
        parts = ", ".join(f"{k} {1000 * c[k]:.0f} ms/{c[k + '#']}" for k in self.STEPS)
        rest = c["total"] - sum(c[k] for k in self.STEPS)
        done = c["wall"] + c["total"]
        answer = next((x for x in self.sends if x[0] == user and x[1] >= done - 0.001), None)
        answered = (
            f" (text {1000 * (answer[1] - done):.0f} ms, the answer's request {1000 * (answer[2] - answer[1]):.0f} ms)"
            if answer
            else ""
        )
        lag = ""
        if STALLS is not None:
            total, count = STALLS.lag_within(sent, sent + elapsed)
            lag = f"; the bot's loop lagged {1000 * total:.0f} ms meanwhile ({count} lags over 10 ms)"
        inside = [x for at, x in self.emulator_lags if sent <= at <= sent + elapsed + 0.05]
        lag += f", the emulator's {1000 * sum(inside):.0f} ms ({len(inside)})"
        return (
            f"before the core {1000 * (c['wall'] - sent):.0f} ms, in it {1000 * c['total']:.0f} ms ({parts}, "
            f"between {1000 * rest:.0f} ms), after {1000 * (sent + elapsed - done):.0f} ms{answered}{lag}"
        )


def pin(cpus: int) -> set[int]:
    """Pin this process (and the processes it starts from now on: the bot's map processes)
    to its first ``cpus`` allowed cores (issue 24); returns the cores it had."""
    had = os.sched_getaffinity(0)
    if cpus:
        os.sched_setaffinity(0, sorted(had)[:cpus])
    return had


def fogged(g: int, games: int, fog: float) -> bool:
    """Storm game ``g`` is played with Fog of War: every ``1/fog``-th one (issue 25)."""
    return fog > 0 and g < games and g % max(1, round(1 / fog)) == 0


async def discord_side(emu: Remote, games: int, per_player: int) -> tuple[int, list[dict], list[dict]]:
    """The storm's users and game channels on the loopback Discord (its ids are a counter:
    the same calls give the same ids, which ``--cache`` relies on)."""
    pool = max(7, math.ceil(7 * games / per_player))
    users = []
    for start in range(0, pool + 7 * PROBE_GAMES, 1000):
        names = [f"player{i}" for i in range(start, min(start + 1000, pool + 7 * PROBE_GAMES))]
        users += await emu.add_users(names)
    channels = await emu.add_channels([f"game-{g}" for g in range(games + PROBE_GAMES)])
    return pool, users, channels


def copy_database(source: str | Path, target: str | Path) -> None:
    with contextlib.closing(sqlite3.connect(source)) as a, contextlib.closing(sqlite3.connect(target)) as b:
        a.backup(b)


async def prepared(
    db: str, emu: Remote, games: int, per_player: int, merged: bool, fog: float
) -> tuple[datetime, list[dict], list, list]:
    """:func:`prepare`, or with ``--cache`` its database and what it returned, saved by an
    earlier run of the same storm (a 10,000-game setup takes minutes): the loopback
    Discord is given the same users and channels (the same ids) and the database copied."""
    deadline = datetime.now(UTC) + timedelta(hours=1)
    if CACHE is None:
        return deadline, *await prepare(db, emu, games, per_player, deadline, merged, fog)
    await emu.id_time(SETUP_IDS)  # the same ids in every run
    try:
        return await _prepared(db, emu, games, per_player, merged, fog, deadline)
    finally:
        await emu.id_time(None)


async def _prepared(
    db: str, emu: Remote, games: int, per_player: int, merged: bool, fog: float, deadline: datetime
) -> tuple[datetime, list[dict], list, list]:
    saved = Path(CACHE) / f"storm-{games}-{per_player}-{fog}-{'merged' if merged else 'separate'}"
    meta = saved.with_suffix(".json")
    if not meta.exists():
        result = await prepare(db, emu, games, per_player, deadline, merged, fog)
        saved.parent.mkdir(parents=True, exist_ok=True)
        copy_database(db, saved.with_suffix(".sqlite3"))
        channels, probes, players = result
        meta.write_text(
            json.dumps({"deadline": deadline.isoformat(), "channels": channels, "probes": probes, "players": players})
        )
        return deadline, *result
    kept = json.loads(meta.read_text())
    _, _, channels = await discord_side(emu, games, per_player)
    assert [c["id"] for c in channels[:games]] == [c["id"] for c in kept["channels"]], "the emulator's ids changed"
    if merged:
        await emu.open_dms(kept["players"])
    copy_database(saved.with_suffix(".sqlite3"), db)
    probes = [tuple(p) for p in kept["probes"]]
    return datetime.fromisoformat(kept["deadline"]), kept["channels"], probes, kept["players"]


async def prepare(
    db: str, emu: Remote, games: int, per_player: int, deadline: datetime, merged: bool, fog: float = 0.0
):
    """Games created, joined, started and ordered straight through the core; the storm's
    players play in about ``per_player`` games each. Returns the game channels, the probe
    players (user id, game id, power) and the storm's players."""
    storage = await Storage.open(db)
    moment = deadline - timedelta(hours=48)  # so the 48h deadline lands on `deadline`
    core = Core(storage, clock=lambda: moment, rng=random.Random(1))
    pool, users, channels = await discord_side(emu, games, per_player)
    probe_players = []
    for g in range(games + PROBE_GAMES):
        # seats of a storm game: 7 consecutive players of the pool (so each plays ~per_player games)
        seated = [users[(7 * g + s) % pool] for s in range(7)] if g < games else users[pool + 7 * (g - games) :][:7]
        channel_id = int(channels[g]["id"])
        await core.lifecycle.create_game(
            guild_id=910000000000000001,
            channel_id=channel_id,
            user_id=int(seated[0]["id"]),
            name=f"Bench {g}",
            players=7,
            movement="48h" if g < games else "96h",
            # no private press: the emulator has no guild to make press channels in, and a
            # game's press space is made once at its start, not at each phase
            settings=press.Settings(press=press.PressMode.PUBLIC),
            fog=fogged(g, games, fog),  # issue 25
        )
        for u in seated:
            await core.lifecycle.join(channel_id, int(u["id"]))
        game = await core.lifecycle.start(channel_id, int(seated[0]["id"]), can_manage=False)
        async with storage.read() as tx:
            players = await tx.players(game.id)
        chosen = storm_orders(g, SAME_OPENING)
        for p in players:
            power = powers_of(game, p)[0].value
            await core.ordering.submit(p.user_id, OPENING[power] if g >= games else chosen[power], game_id=game.id)
            if g >= games:
                probe_players.append((str(p.user_id), game.id, power))
    storm_players = sorted({u["id"] for u in users[:pool]})
    async with storage.write() as tx:  # the start posts are not part of the storm
        for post in await tx.posts():
            await tx.mark_sent(post["id"], None, 0)
        # nor the reminders, which went out hours before the deadline (the bot starts
        # seconds before it: it would send them all as it starts)
        for game_id in range(1, games + 1):
            game = await tx.game(game_id)
            await tx.set_timers(game_id, game.phase, deadline=game.deadline, remind_at=None)
        if merged:  # the steady state: each player's DM channel is known since their first DM
            opened = await emu.open_dms(storm_players)
            for uid, cid in opened.items():
                await tx.store_dm_channel(int(uid), int(cid), 0)
    core.close()
    await storage.close()
    return channels[:games], probe_players, storm_players


def progress(db: str, games: int) -> tuple[int, int, int]:
    """(storm games resolved, outbox rows still to send, rows given up)."""
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as con:
        resolved = con.execute("SELECT COUNT(*) FROM games WHERE id <= ? AND phase = 'F1901M'", (games,)).fetchone()
        unsent = con.execute("SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL AND error IS NULL").fetchone()
        failed = con.execute("SELECT COUNT(*) FROM outbox WHERE error IS NOT NULL").fetchone()
    return resolved[0], unsent[0], failed[0]


async def storm(
    strategy: str,
    games: int,
    per_player: int,
    latency: float,
    lead: float,
    plain: bool = False,
    fog: float = 0.0,
    cpus: int = 0,
) -> Storm:
    emu = Remote(Limits(latency=latency, watch_lags=STALLS is not None))
    await emu.start()  # Discord's stand-in is not pinned: it plays Discord's servers
    had = pin(cpus)
    os.environ["DIPLOMACY_POSTING"] = strategy
    saved = discord.http.Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "bench.sqlite3")
        t0 = time.time()
        deadline, channels, probes, players = await prepared(db, emu, games, per_player, strategy != "separate", fog)
        print(f"  setup: {games} games + {PROBE_GAMES} probe games, {len(players)} players, {time.time() - t0:.0f} s")
        discord.http.Route.BASE = emu.api_url
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(emu.gateway_url)
        # the bot starts as long before the deadline as the setup ended (an hour): a storm
        # kept by --cache has its deadline of the day it was made, long past by the
        # wall clock, and a bot starting on the wall clock would resolve every game at
        # once and store its posts at times that lie hours ahead of the storm's clock
        shift = deadline - timedelta(hours=1) - datetime.now(UTC)

        def clock() -> datetime:
            return datetime.now(UTC) + shift

        bot = DiplomacyBot(
            db_path=db, clock=clock, map_drawer=maps.plain_views if plain else None, freeze_heap=True
        )  # as python -m bot
        runner = asyncio.create_task(bot.start("bench"))
        try:
            for _ in range(300):
                if (await emu.stats(10**9))["identified"]:
                    break
                await asyncio.sleep(0.1)
            await asyncio.wait_for(bot.wait_until_ready(), 30)
            if plain:  # the bot starts its map processes at once for the renderer only (tests draw stand-ins)
                bot.maps.start()
                await asyncio.gather(*(bot.maps.run(os.getpid) for _ in range(bot.maps.processes)))
            await asyncio.sleep(1.0)  # command sync and the first look at the outbox are over
            await emu.reset()
            before = (await emu.stats(10**9))["count"]
            load_before = os.getloadavg()[0]
            # the shared deadline comes `lead` seconds from now
            shift = (deadline - datetime.now(UTC)) - timedelta(seconds=lead)
            due_wall = time.time() + lead
            cpu_before = time.process_time(), {pid: cpu_seconds(pid) for pid in map_processes(emu)}
            if PROFILE:
                PROFILE.enable()
            if STALLS:
                STALLS.start()
            if TRACE:
                TRACE.start()
            bot.scheduler.wake()
            replies: list[float] = []
            slowest: list[tuple[float, float, str, float]] = []  # (seconds, when after the deadline, user, sent at)
            stop = asyncio.Event()

            async def probe() -> None:
                i = 0
                while not stop.is_set():
                    user, game_id, power = probes[i % len(probes)]
                    i += 1
                    text = OPENING[power].split(";")[0]
                    answer = await emu.slash(user, "order", {"orders": text, "game": str(game_id)}, timeout=30)
                    assert "✅" in answer["result"]["data"]["content"], answer["result"]["data"]["content"]
                    if time.time() >= due_wall:
                        replies.append(answer["elapsed"])
                        sent = time.time() - answer["elapsed"]
                        slowest.append((answer["elapsed"], sent - due_wall, user, sent))
                        slowest.sort(reverse=True)
                        del slowest[5:]
                    await asyncio.sleep(0.05)

            prober = asyncio.create_task(probe())
            resolved_at = None
            while True:
                await asyncio.sleep(0.25)
                resolved, unsent, failed = await asyncio.to_thread(progress, db, games)
                if resolved == games and resolved_at is None:
                    resolved_at = time.time()
                if resolved == games and unsent == 0:
                    break
            stop.set()
            await prober
            cpu_bot = time.process_time() - cpu_before[0]
            if PROFILE:
                PROFILE.disable()
            if TRACE:
                TRACE.stop()
                TRACE.emulator_lags = await emu.lags()
                for elapsed, _, user, sent in slowest:
                    print(f"          reply of {1000 * elapsed:.0f} ms: {TRACE.explain(user, sent, elapsed)}")
                TRACE.calls.clear()
                TRACE.sends.clear()
                print("\n".join(TRACE.report_holds(due_wall)))
                print("\n".join(TRACE.report_trips(due_wall)))
            if STALLS:
                await STALLS.stop()
                print("\n".join(STALLS.report()))
                # what the collector's full collections walk (the oldest generation, the
                # frozen heap of the start left out): the types most of it is made of
                census = collections.Counter(type(o).__qualname__ for o in gc.get_objects(2))
                print(
                    f"          oldest generation after the storm: {sum(census.values())} objects; most: "
                    + ", ".join(f"{name} {n}" for name, n in census.most_common(12))
                )
            workers = map_processes(emu)
            cpu_maps = sum(cpu_seconds(pid) - cpu_before[1].get(pid, 0.0) for pid in workers)
            memory = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024 + sum(map(peak_mb, workers))
            stats = await emu.stats(before)
        finally:
            os.sched_setaffinity(0, had)
            await bot.close()
            runner.cancel()
            await asyncio.gather(runner, return_exceptions=True)
            await emu.stop()
            discord.http.Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = saved
    posts = stats["posts"]
    requests = {k: v for k, v in stats["requests"].items() if "/interactions/" not in k and "/webhooks/" not in k}
    # the probes' DMs hold no posts; their interaction answers are not in `posts`
    game_channels = {c["id"] for c in channels}
    fog_channels = {c["id"] for g, c in enumerate(channels) if fogged(g, games, fog)}
    return Storm(
        strategy=strategy,
        games=games,
        players=len(players),
        requests=requests,
        limited=stats["limited"],
        channel_messages=sum(1 for p in posts if p["channel_id"] in game_channels),
        dm_messages=sum(1 for p in posts if p["dm"]),
        uploaded=stats["uploaded"],
        png=sum(size for p in posts for _, size in p["files"]),
        resolved=(resolved_at or time.time()) - due_wall,
        drained=max((p["at"] for p in posts), default=due_wall) - due_wall,
        replies=replies,
        slowest=[(r, at) for r, at, _, _ in slowest],
        load=(load_before, os.getloadavg()[0]),
        failed=failed,
        channel_done=max((p["at"] for p in posts if not p["dm"]), default=due_wall) - due_wall,
        first_dm=min((p["at"] for p in posts if p["dm"]), default=due_wall) - due_wall,
        timeline=timeline(posts, due_wall),
        fog_games=len(fog_channels),
        fog_channel_messages=sum(1 for p in posts if p["channel_id"] in fog_channels),
        cpus=cpus or len(had),
        cpu_bot=cpu_bot,
        cpu_maps=cpu_maps,
        memory=memory,
    )


def timeline(posts: list[dict], due_wall: float) -> list[tuple[int, int]]:
    seconds = [(max(0, int(p["at"] - due_wall)), p["dm"]) for p in posts]
    last = max((s for s, _ in seconds), default=0)
    return [
        (sum(1 for t, dm in seconds if t == s and not dm), sum(1 for t, dm in seconds if t == s and dm))
        for s in range(last + 1)
    ]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def report(s: Storm) -> list[str]:
    g = s.games
    routes = ", ".join(f"{k.split('/api/v10')[-1]} {v}" for k, v in sorted(s.requests.items(), key=lambda kv: -kv[1]))
    replies = s.replies or [0.0]
    return [
        f"{s.strategy:>9} {g:>5} games, {s.players} players: {s.accepted} requests ({s.accepted / g:.2f} per game-phase: "
        f"{s.channel_messages / g:.2f} channel messages, {s.dm_messages / g:.2f} DMs = {s.dm_messages / s.players:.2f} "
        f"per player; 429s: {dict(s.limited) or 0}; failed rows: {s.failed})",
        f"          uploaded {s.uploaded / g / 1024:.0f} KB per game-phase ({s.png / g / 1024:.0f} KB of PNG)",
        f"          resolved {s.resolved:.1f} s, channel messages by {s.channel_done:.1f} s, DMs from "
        f"{s.first_dm:.1f} s, drained {s.drained:.1f} s after the deadline; floor {s.floor:.1f} s "
        f"(x{s.drained / s.floor if s.floor else 0:.2f})",
        f"          /order replies: {len(s.replies)}, worst {max(replies) * 1000:.0f} ms, "
        f"p99 {percentile(replies, 0.99) * 1000:.0f} ms, median {statistics.median(replies) * 1000:.0f} ms; "
        f"load {s.load[0]:.2f} -> {s.load[1]:.2f}",
        "          slowest replies (ms, sent at seconds after the deadline): "
        + ", ".join(f"{1000 * r:.0f} at {at:.1f}" for r, at in s.slowest),
        f"          by route: {routes}",
        f"          CPU from the deadline to the drain, {s.cpus} cores: {1000 * (s.cpu_bot + s.cpu_maps) / g:.0f} ms "
        f"per game-phase (bot process {1000 * s.cpu_bot / g:.0f}, map processes {1000 * s.cpu_maps / g:.0f}); "
        f"peak memory {s.memory:.0f} MB",
        f"          fog games: {s.fog_games}, {s.fog_channel_messages / max(1, s.fog_games):.2f} channel messages each",
        "          per second (channel+DM): " + " ".join(f"{c}+{d}" for c, d in s.timeline),
    ]


def table(storms: list[Storm]) -> list[str]:
    out = [
        "| strategy | games | requests / game-phase | channel msgs / game-phase | DMs / player | KB / game-phase "
        "| drain (s) | floor (s) | drain / floor | worst /order (ms) | p99 (ms) | 429s | load "
        "| cores | CPU ms / game-phase | peak MB |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: |",
    ]
    for s in storms:
        replies = s.replies or [0.0]
        out.append(
            f"| {s.strategy} | {s.games} | {s.accepted / s.games:.2f} | {s.channel_messages / s.games:.2f} | "
            f"{s.dm_messages / s.players:.2f} | {s.uploaded / s.games / 1024:.0f} | {s.drained:.1f} | {s.floor:.1f} | "
            f"{s.drained / s.floor if s.floor else 0:.2f} | {max(replies) * 1000:.0f} | "
            f"{percentile(replies, 0.99) * 1000:.0f} | {sum(s.limited.values())} | {s.load[0]:.1f}→{s.load[1]:.1f} | "
            f"{s.cpus} | {1000 * (s.cpu_bot + s.cpu_maps) / s.games:.0f} | {s.memory:.0f} |"
        )
    return out


async def main(
    sizes: list[int],
    strategies: list[str],
    per_player: int,
    latency: float,
    lead: float,
    plain: bool,
    fog: float,
    cpus: int = 0,
) -> int:
    drawn = (
        "stand-in picture (--plain-maps)" if plain else "renderer.render" if maps.renderer_available() else "stand-in"
    )
    print(f"maps: {drawn}")
    print(
        f"round trip {latency * 1000:.0f} ms per request; players in about {per_player} games each; {os.cpu_count()} cores"
    )
    storms = []
    for games in sizes:
        for strategy in strategies:
            print(f"storm of {games} games, strategy {strategy}:")
            s = await storm(strategy, games, per_player, latency, lead, plain, fog, cpus)
            storms.append(s)
            print("\n".join(report(s)), flush=True)
    print()
    print("\n".join(table(storms)))
    ok = True
    for s in storms:
        if s.strategy != "merged":  # the bot's own strategy; the others are there to compare
            continue
        ok &= s.channel_messages <= 2 * s.games and s.dm_messages <= s.players
        ok &= s.drained <= 1.1 * s.floor
        ok &= max(s.replies or [0.0]) <= 0.25
    print(
        "targets of the merged strategy (≤ 2 channel messages per game-phase, one DM per player, drain within "
        "10% of the floor, worst reply ≤ 250 ms):",
        "met" if ok else "NOT met",
    )
    return 0 if ok else 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="200,2000", help="storm sizes, comma-separated")
    parser.add_argument("--strategies", default="separate,merged,pushed", help="posting strategies, comma-separated")
    parser.add_argument("--per-player", type=int, default=3, help="games each player plays in")
    parser.add_argument("--latency", type=float, default=0.1, help="seconds of round trip per request")
    parser.add_argument("--lead", type=float, default=3.0, help="seconds from the bot's start to the deadline")
    parser.add_argument("--plain-maps", action="store_true", help="the stand-in picture instead of the renderer")
    parser.add_argument("--fog", type=float, default=0.25, help="share of the games played with Fog of War")
    parser.add_argument(
        "--cpus", type=int, default=0, help="pin the bot and its map processes to this many cores (0: all)"
    )
    parser.add_argument("--profile", default=None, help="write a cProfile of the bot's event loop in the storms here")
    parser.add_argument(
        "--same-opening", action="store_true", help="every game the same opening (the maps alike: reuse flatters)"
    )
    parser.add_argument(
        "--cache", default=None, help="keep each prepared storm's database here and reuse it (setup takes minutes)"
    )
    parser.add_argument(
        "--stalls", action="store_true", help="report where the event loop stood still longest, and the gc's pauses"
    )
    args = parser.parse_args()
    SAME_OPENING = args.same_opening
    CACHE = args.cache
    if args.profile:
        PROFILE = cProfile.Profile()
    if args.stalls:
        STALLS = StallWatch()
        TRACE = ReplyTrace()
    try:
        code = asyncio.run(
            main(
                [int(x) for x in args.games.split(",")],
                [x.strip() for x in args.strategies.split(",")],
                args.per_player,
                args.latency,
                args.lead,
                args.plain_maps,
                args.fog,
                args.cpus,
            )
        )
    finally:
        if PROFILE and args.profile:
            PROFILE.dump_stats(args.profile)
    sys.exit(code)
