"""What a running bot tells its operators (issue 24): the health status file each
heartbeat (:mod:`bot.infra.health`, read by ``python -m bot health``) and, when
``DIPLOMACY_METRICS`` is set, the metrics endpoint (:mod:`bot.infra.metrics`).

**Healthy** means: the process holds the lease of each of its own shards (renewed in time:
its database is written), its database answers (a SQLite file is still where it was
opened: a file deleted or moved under a running bot would lose every change at the next
start), and each of its shards' gateway connections is open. The status is written by the
event loop itself, so a loop that stops answering leaves it stale, which the check reports.
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import aiohttp
import discord

from bot.infra import health, metrics, preflight
from bot.infra.lease import LeaseSettings
from bot.infra.owner import ShardOwner
from bot.infra.shards import ShardSettings
from bot.infra.storage import DATABASE_ERRORS, Storage, is_postgresql

log = logging.getLogger(__name__)

PROBE_TIMEOUT = 5.0  # seconds the database has to answer the health probe
KEPT = 60.0  # seconds an interaction's arrival is remembered for its answer


@dataclass(frozen=True, slots=True)
class OperationsSettings:
    health_file: Path | None
    metrics: metrics.MetricsSettings | None = None

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> OperationsSettings:
        """``DIPLOMACY_HEALTH_FILE`` (default in the temporary folder) and
        ``DIPLOMACY_METRICS``; ValueError names a bad setting."""
        return cls(health.status_path(env), metrics.MetricsSettings.from_env(env))


class Watched(Protocol):
    """What the reporter reads of the bot (:class:`bot.discord.app.DiplomacyBot`)."""

    db_path: str
    storage: Storage | None
    lease: ShardOwner | None
    lease_settings: LeaseSettings | None
    shard_settings: ShardSettings

    def get_shard(self, shard_id: int, /) -> discord.ShardInfo | None: ...

    def add_listener(self, func: Any, /, name: str = ...) -> None: ...


class Operations:
    """The health reporter and the metrics of one bot process."""

    def __init__(self, bot: Watched, settings: OperationsSettings) -> None:
        self.bot = bot  # (built before the bot's own attributes: read them from start() on)
        self.settings = settings
        self.interval = 10.0
        self._tasks: list[asyncio.Task[None]] = []
        self._endpoint: metrics.Endpoint | None = None
        self._arrived: dict[int, tuple[float, str]] = {}
        self._file: tuple[int, int] | None = None  # the SQLite file's identity, once opened
        self._writing: asyncio.Future[None] | None = None  # the status being written

    # -- wiring ----------------------------------------------------------------------------
    def trace(self) -> aiohttp.TraceConfig:
        """For discord.py's HTTP session: the 429s and the interactions' answers."""
        trace = aiohttp.TraceConfig()
        trace.on_request_end.append(self._request_end)
        return trace

    def start(self) -> None:
        """Start reporting (once the database is open: a new SQLite file exists from then)."""
        if self._tasks:
            return
        loop = asyncio.get_running_loop()
        if self.bot.lease_settings is not None:
            self.interval = self.bot.lease_settings.heartbeat
        if not is_postgresql(self.bot.db_path):
            try:
                st = os.stat(self.bot.db_path)
                self._file = (st.st_dev, st.st_ino)
            except OSError:
                self._file = None
        chosen = self.settings.metrics
        if chosen is not None:
            try:
                self._endpoint = metrics.Endpoint(chosen)
            except OSError as exc:  # a setting to fix: the bot stops with one line (exit 2)
                raise preflight.PreflightError(
                    f"DIPLOMACY_METRICS={chosen.host}:{chosen.port}",
                    f"cannot serve the metrics there ({exc.strerror or exc})",
                    "choose a free port, or unset DIPLOMACY_METRICS",
                ) from exc
            log.info("metrics at http://%s:%d/metrics", chosen.host, self._endpoint.port)
            self.bot.add_listener(self._interaction, "on_interaction")
            self._tasks.append(loop.create_task(self._figures(), name="metrics"))
        if self.settings.health_file is not None:
            self._tasks.append(loop.create_task(self._report(), name="health"))

    async def stop(self) -> None:
        tasks, self._tasks = self._tasks, []
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self._writing is not None:
            await asyncio.gather(self._writing, return_exceptions=True)
        if self._endpoint is not None:
            self._endpoint.close()
            self._endpoint = None
        if self.settings.health_file is not None:
            health.clear_status(self.settings.health_file, os.getpid())

    # -- health ------------------------------------------------------------------------------
    async def _report(self) -> None:
        path = self.settings.health_file
        assert path is not None
        failing = False
        while True:
            try:
                healthy, reason = await self.status()
            except Exception as exc:  # a bug here must not read as a hung loop
                log.exception("the health check failed")
                healthy, reason = False, f"unhealthy: the health check itself failed ({type(exc).__name__}: {exc})"
            try:
                status = health.Status(healthy, reason, time.time(), self.interval, os.getpid())
                # shielded: a stop waits for a write under way, so that its removal comes after
                self._writing = asyncio.ensure_future(asyncio.to_thread(health.write_status, path, status))
                await asyncio.shield(self._writing)
                failing = False
            except OSError as exc:
                if not failing:  # once, not every heartbeat
                    log.warning("cannot write the health status %s (%s); set DIPLOMACY_HEALTH_FILE", path, exc)
                failing = True
            await asyncio.sleep(self.interval)

    async def status(self) -> tuple[bool, str]:
        """(healthy, one line saying why)."""
        problems = [p for p in (await self._database(), self._lease(), self._gateway()) if p]
        if problems:
            return False, "unhealthy: " + "; ".join(problems)
        shards = self.bot.shard_settings
        what = "the database lease" if shards.count == 1 else f"shards {shards.shards.describe()}"
        return True, f"ok: {what} held, gateway connected, database {self._name()} answers"

    def _name(self) -> str:
        storage = self.bot.storage
        return getattr(storage, "label", None) or self.bot.db_path

    async def _database(self) -> str:
        if self._file is not None:
            try:
                st = os.stat(self.bot.db_path)
                moved = (st.st_dev, st.st_ino) != self._file
            except OSError:
                moved = True
            if moved:
                return f"the database file {self.bot.db_path} is gone (deleted or moved while the bot runs)"
        storage = self.bot.storage
        if storage is None:
            return "the database is not open yet"
        try:
            async with asyncio.timeout(PROBE_TIMEOUT):
                async with storage.read() as tx:
                    await tx.probe()
        except TimeoutError:
            return f"the database {self._name()} does not answer (in {PROBE_TIMEOUT:g} s)"
        except (*DATABASE_ERRORS, OSError) as exc:
            return f"the database {self._name()} fails ({type(exc).__name__}: {str(exc)[:120]})"
        return ""

    def _lease(self) -> str:
        if self.bot.lease_settings is None:  # a bot without leases (tests)
            return ""
        owner = self.bot.lease
        if owner is None:
            return "the lease is not held yet"
        missing = []
        for shard in sorted(self.bot.shard_settings.home):
            lease = owner.leases.get(shard)
            if lease is None or not lease.may_send():
                missing.append(shard)
        if not missing:
            return ""
        if self.bot.shard_settings.count == 1:
            return "the database lease is not renewed (the database cannot be written)"
        return f"the lease of shard(s) {', '.join(map(str, missing))} is not held or not renewed"

    def _gateway(self) -> str:
        down = []
        for shard in sorted(self.bot.shard_settings.home):
            info = self.bot.get_shard(shard)
            if info is None or info.is_closed():
                down.append(shard)
        if not down:
            return ""
        if self.bot.shard_settings.count == 1:
            return "the Discord gateway is not connected"
        return f"the Discord gateway of shard(s) {', '.join(map(str, down))} is not connected"

    # -- metrics -----------------------------------------------------------------------------
    async def _figures(self) -> None:
        while True:
            await self.refresh()
            await asyncio.sleep(self.interval)

    async def refresh(self) -> None:
        """Read the database's figures into the gauges."""
        storage = self.bot.storage
        if storage is None:
            return
        now = time.time()
        try:
            async with storage.read() as tx:
                figures = await tx.figures(now)
        except (*DATABASE_ERRORS, OSError) as exc:
            log.warning("metrics: cannot read the database (%s)", exc)
            return
        for state in ("forming", "active", "finished"):
            metrics.GAMES.labels(state).set(figures.games.get(state, 0))
        metrics.DEADLINES_DUE.set(figures.deadlines_due)
        metrics.OUTBOX_PENDING.set(figures.outbox_pending)
        metrics.OUTBOX_OLDEST.set(max(0.0, now - figures.outbox_oldest) if figures.outbox_oldest else 0.0)
        held = set(self.bot.lease.leases) if self.bot.lease is not None else set()
        metrics.set_leases(held, range(self.bot.shard_settings.count), figures.leases)

    async def _interaction(self, interaction: discord.Interaction) -> None:
        now = time.monotonic()
        kind = {
            discord.InteractionType.application_command: "command",
            discord.InteractionType.component: "component",
            discord.InteractionType.autocomplete: "autocomplete",
            discord.InteractionType.modal_submit: "modal",
        }.get(interaction.type, "other")
        self._arrived[interaction.id] = (now, kind)
        if len(self._arrived) > 1000:
            for key in [k for k, (at, _) in self._arrived.items() if at < now - KEPT]:
                del self._arrived[key]

    async def _request_end(self, session: Any, context: Any, params: aiohttp.TraceRequestEndParams) -> None:
        response = params.response
        parts = params.url.path.split("/")
        if response.status == 429:
            headers = response.headers
            scope = headers.get("X-RateLimit-Scope") or ("global" if headers.get("X-RateLimit-Global") else "user")
            metrics.RATE_LIMITED.labels(scope).inc()
            try:
                metrics.RATE_LIMIT_WAIT.inc(float(headers.get("Retry-After", "0")))
            except ValueError:
                pass
        if len(parts) >= 3 and parts[-1] == "callback" and "interactions" in parts:
            try:
                arrived = self._arrived.pop(int(parts[parts.index("interactions") + 1]), None)
            except (ValueError, IndexError):
                arrived = None
            if arrived is not None:
                metrics.REPLY.labels(arrived[1]).observe(time.monotonic() - arrived[0])
