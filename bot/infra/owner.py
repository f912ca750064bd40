"""What one bot process owns of a database shared by several (issue 13): the leases of its
Discord shards, the shards of dead processes it takes over, and giving those back.

A process runs shards ``home`` of ``count`` (:class:`bot.infra.shards.ShardSettings`) and
holds one :class:`bot.infra.lease.Lease` per shard (scope ``shard:3/16``; with one shard of
one, the single lease ``database`` of one process per database, as before). Every job
(deadline, reminder, post) carries its game's server, and only the lease of that server's
shard claims it, so no job runs in two processes. All the leases share this process'
:class:`~bot.infra.lease.Holder`.

**Taking over.** Every heartbeat the owner reads the lease table; a shard whose lease
expired (its process died, or froze) is taken over: this process now runs its jobs too
(its posts go through Discord's REST API, which needs no gateway connection). The
storage's due-job queries follow (:attr:`ShardOwner.shards`), and ``on_change`` wakes the
scheduler and the poster.

**Giving back.** A process that starts and finds its home shard held by another asks for
it back (a ``return:shard:3/16`` row in the lease table); the holder gives back at its next
heartbeat a shard that is not its own home. Only a shard that is not given back within a
lease (a second process configured with the same shards) makes the starting process
refuse (:class:`~bot.infra.lease.LeaseHeld`), or wait with ``DIPLOMACY_TAKEOVER=wait``.

**The fence.** A write transaction first checks every lease this process holds (one
indexed read each); losing any of them stops the process (``on_lost``), as losing the one
database lease did.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from types import MappingProxyType

from bot.infra.lease import (
    RETURN_PREFIX,
    Holder,
    Job,
    Lease,
    LeaseHeld,
    LeaseLost,
    LeaseSettings,
    Scope,
    Takeover,
    gone,
)
from bot.infra.shards import Shards, ShardSettings, ranges
from bot.infra.storage import DATABASE_ERRORS, Storage, Tx
from bot.infra.storage.leases import LeaseRow

log = logging.getLogger(__name__)


class ShardOwner:
    """The leases of one process (``await owner.start()``, ``await owner.release()``);
    the :class:`~bot.infra.lease.Claims` of its scheduler and poster."""

    def __init__(
        self,
        storage: Storage,
        *,
        label: str,
        shards: ShardSettings,
        settings: LeaseSettings,
        on_lost: Callable[[LeaseLost], None],
        holder: Holder | None = None,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.storage = storage
        self.label = label
        self.shard_settings = shards
        self.settings = settings
        self.holder = holder or Holder.here()
        self._on_lost = on_lost
        self._sleep = sleep
        self._leases: dict[int, Lease] = {}  # shard -> its lease, home and taken over
        self._task: asyncio.Task[None] | None = None
        self._released = False
        self.on_change: Callable[[], None] = lambda: None  # the shards held changed

    # -- what this process runs ----------------------------------------------------------
    def shards(self) -> Shards:
        """The shards whose jobs this process runs now."""
        return Shards(self.shard_settings.count, frozenset(self._leases))

    @property
    def leases(self) -> Mapping[int, Lease]:
        """The lease of each shard held now."""
        return MappingProxyType(self._leases)

    @property
    def home(self) -> frozenset[int]:
        return self.shard_settings.home

    def _scope(self, shard: int) -> Scope:
        return Scope(shard, self.shard_settings.count)

    def _label(self, shard: int) -> str:
        if self.shard_settings.count == 1:
            return self.label
        return f"{self.label} (shard {shard} of {self.shard_settings.count})"

    def _lease(self, shard: int) -> Lease:
        # the inner lease never waits: waiting and asking back are this owner's business
        settings = LeaseSettings(self.settings.duration, self.settings.heartbeat, Takeover.REFUSE)
        return Lease(
            self.storage,
            label=self._label(shard),
            scope=self._scope(shard),
            settings=settings,
            holder=self.holder,
            sleep=self._sleep,
        )

    def _installed(self, shard: int, lease: Lease) -> None:
        self._leases[shard] = lease
        self.storage.fence = self.fence  # Lease.acquire installs its own: all of them, here
        self.storage.shards = self.shards
        lease.on_lost(self._lost)
        lease.start()

    # -- start and stop ------------------------------------------------------------------
    async def start(self) -> None:
        """Take the lease of every home shard (asking back one another process took over
        while this one was away), then start watching for shards to take over."""
        for shard in sorted(self.home):
            await self._take_home(shard)
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._watch(), name="shard-owner")

    async def _take_home(self, shard: int) -> None:
        if self.shard_settings.count == 1:  # one process per database: nobody to ask back
            lease = Lease(self.storage, label=self.label, settings=self.settings, holder=self.holder, sleep=self._sleep)
            await lease.acquire()
            self._installed(shard, lease)
            return
        lease = self._lease(shard)
        asked_until: float | None = None
        while True:
            try:
                await lease.acquire()
            except LeaseHeld as held:
                now = time.monotonic()
                if asked_until is None:
                    asked_until = now + self.settings.duration + self.settings.heartbeat
                    log.warning("%s; asking for it back", str(held).split("; ")[0])
                elif now >= asked_until and self.settings.takeover is Takeover.REFUSE:
                    raise  # not given back: a process that runs this shard as its own
                await self._ask_back(held.row)
                await self._sleep(min(self.settings.heartbeat, max(held.row.expires_at - time.time(), 0.05)))
                continue
            self._installed(shard, lease)
            return

    async def _ask_back(self, row: LeaseRow) -> None:
        async with self.storage.write() as tx:
            now = await tx.server_time() or time.time()
            await tx.put_lease(
                LeaseRow(
                    RETURN_PREFIX + row.scope,
                    self.holder.instance,
                    self.holder.host,
                    self.holder.pid,
                    self.holder.machine,
                    now,
                    now,
                    now + self.settings.duration,
                )
            )

    async def release(self) -> None:
        """Stop watching and give every lease back (a successor starts at once)."""
        task, self._task = self._task, None
        if task is not None and task is not asyncio.current_task():
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
        for shard in sorted(self._leases, reverse=True):
            lease = self._leases.pop(shard)  # its own fence is not asked while it goes
            await lease.release()
        self._released = True

    def _lost(self, lost: LeaseLost) -> None:
        self._on_lost(lost)

    # -- the claims of the jobs ------------------------------------------------------------
    async def claim(self, jobs: Sequence[Job]) -> set[str]:
        held: set[str] = set()
        for lease in list(self._leases.values()):
            held |= await lease.claim(jobs)  # each claims those of its own shard
        return held

    def may_send(self) -> bool:
        leases = list(self._leases.values())
        return bool(leases) and all(lease.may_send() for lease in leases)

    async def fence(self, tx: Tx) -> None:
        if self._released:  # given back: no write of this process may follow
            raise LeaseLost(self.label, None)
        for lease in list(self._leases.values()):
            await lease.fence(tx)

    # -- taking over, giving back ------------------------------------------------------------
    async def _watch(self) -> None:
        while True:
            await self._sleep(self.settings.heartbeat)
            try:
                if await self.step():
                    self.on_change()
            except LeaseLost:
                return
            except (*DATABASE_ERRORS, OSError) as exc:
                log.warning("looking for shards to take over on %s failed (%s)", self.label, exc)

    async def step(self) -> bool:
        """One look at the lease table: give back the shards asked for, take over those
        whose process is gone. Whether the shards held changed."""
        count = self.shard_settings.count
        if count == 1:
            return False
        async with self.storage.read() as tx:
            rows = {row.scope: row for row in await tx.leases()}
            now = await tx.server_time() or time.time()
        changed = False
        for shard in sorted(set(self._leases) - self.home):
            asked = rows.get(RETURN_PREFIX + self._scope(shard).key)
            if asked is not None and asked.holder != self.holder.instance and asked.expires_at > now:
                lease = self._leases.pop(shard)
                await lease.release()
                log.warning("gave shard %d of %d back to %s, pid %d", shard, count, asked.host, asked.pid)
                changed = True
        for shard in range(count):
            row = rows.get(self._scope(shard).key)
            if shard in self._leases or row is None:
                continue  # a shard nobody ever ran, or one given back cleanly, waits for its process
            if row.expires_at > now and not gone(row, self.holder):
                continue
            lease = self._lease(shard)
            try:
                await lease.acquire()
            except LeaseHeld:  # another process was quicker
                continue
            self._installed(shard, lease)
            log.warning(
                "took over shard %d of %d from %s, pid %d: this process runs shards %s now",
                shard,
                count,
                row.host,
                row.pid,
                ranges(self._leases),
            )
            changed = True
        return changed


async def own(
    storage: Storage,
    label: str,
    shards: ShardSettings,
    settings: LeaseSettings,
    on_lost: Callable[[LeaseLost], None],
) -> ShardOwner | None:
    """Take the leases of this process' shards and start watching (see :class:`ShardOwner`).
    None when the database has no lease table yet: call it before migrating (a second
    process must not migrate a database another one runs on), and again after for a new
    or older database."""
    async with storage.read() as tx:
        if not await tx.has_leases():
            return None
    owner = ShardOwner(storage, label=label, shards=shards, settings=settings, on_lost=on_lost)
    await owner.start()
    return owner
