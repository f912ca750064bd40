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

**Serving a taken-over shard's gateway (issue 24).** Discord sends a server's slash commands
and button presses only to a connection of that server's shard, so a shard taken over is
served whole: the bot (:mod:`bot.discord.app`) opens its gateway connection in this same
process, beside its own shards (:meth:`ShardOwner.gateways`), and answers its interactions
with the same command tree. A process answers an interaction of a shard only while it holds
that shard's lease (:meth:`ShardOwner.serves`); one whose lease was not renewed in time (a
process frozen past its lease that wakes with interactions queued) first claims each in
the database, and the fence refuses that claim once the taker holds the shard: the taker's
connection got the same interaction, and it answers. The give-back is a hand-over without a
gap and without an interaction answered twice, although for a moment both processes have a
connection for the shard (Discord lets several sessions identify the same shard and sends
each event to all of them):

1. the owner, started again, asks for its shard back (``return:shard:1/2``);
2. the taker gives the lease back (the jobs move at once) but keeps the shard's connection
   open, and goes on answering its interactions, each claimed first in the database (a job
   claim ``interaction:<id>``: of two processes that receive it, one answers);
3. the owner takes the lease, connects, and once its connection is READY says so
   (``handover:shard:1/2``, renewed every heartbeat); it claims each interaction too;
4. the taker, at its next heartbeat, sees it, closes its connection for the shard, waits for
   the claims under way, and drops that row;
5. the owner sees the row gone and answers without claiming, one lease duration later (an
   interaction the taker received just before closing is claimed by both sides, never
   answered by both). If the taker dies meanwhile, the owner ends the hand-over as soon as
   the taker holds no lease; if the owner dies before it is up, the taker takes the shard over
   again when its lease expires (its connection is still open).

So the gap is only the kill: from a process's death until its lease expires and the taker's
connection is READY (the lease, 30 s, plus the connect time); a planned give-back drops
nothing.
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

# the row by which the owner that got its shard back says its own gateway connection for it is
# READY, so the taker may close its one: "handover:shard:3/16" (its holder: the owner)
HANDOVER_PREFIX = "handover:"
INTERACTION_KEPT = 900.0  # an interaction's token lives 15 minutes: its claim needs to live no longer


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
        # the gateway hand-over of a shard given back (see the module's docstring):
        self._handing: set[int] = set()  # given back: this process serves its gateway until the owner's is up
        self._takers: dict[int, str] = {}  # home shards got back: the instance that held each
        self._claiming_until: dict[int, float] = {}  # home shards got back: claim until then (monotonic)
        self._up: set[int] = set()  # shards whose gateway connection here is READY (the bot says)
        self._announced: set[int] = set()  # home shards whose handover row this process wrote
        self._claims_under_way: dict[int, int] = {}  # shard -> interaction claims not yet committed
        self._settled = asyncio.Condition()
        # closes this process' gateway connection of a shard (the bot sets it)
        self.close_gateway: Callable[[int], Awaitable[None]] = _nothing

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

    def gateways(self) -> frozenset[int]:
        """The shards whose gateway connection this process should have open: those it holds,
        and those it gave back whose owner's connection is not up yet."""
        return frozenset(self._leases) | frozenset(self._handing)

    def serves(self, shard: int) -> bool | None:
        """Whether this process answers an interaction of ``shard`` now: True, yes; False, no
        (another process does: this one does not hold that shard); None, only if it claims
        it first (:meth:`claim_interaction`: a hand-over is under way, and both processes
        may have received it)."""
        if shard in self._handing:
            return None
        lease = self._leases.get(shard)
        if lease is None or lease.lost is not None:
            return False
        if not lease.may_send() or shard in self._takers:
            # not renewed in time (this process was frozen, or the database is unreachable):
            # the claim's write goes through the fence, which refuses it if another process
            # took the shard over meanwhile (and answers the interaction on its connection)
            return None
        until = self._claiming_until.get(shard)
        if until is not None:
            if time.monotonic() < until:
                return None
            del self._claiming_until[shard]
        return True

    def holds(self, shard: int) -> bool:
        """Whether this process holds the lease of ``shard`` (not known lost)."""
        lease = self._leases.get(shard)
        return lease is not None and lease.lost is None

    def gateway_up(self, shard: int) -> None:
        """The bot's connection of ``shard`` is READY (it receives that shard's events)."""
        self._up.add(shard)

    def gateway_down(self, shard: int) -> None:
        self._up.discard(shard)

    async def claim_interaction(self, interaction_id: int, shard: int) -> bool:
        """Claim the interaction for this process (during a hand-over both processes may
        receive it): whether this process answers it. One write, on the job claims."""
        key = f"interaction:{interaction_id}"
        self._claims_under_way[shard] = self._claims_under_way.get(shard, 0) + 1
        try:
            async with self.storage.write() as tx:
                now = await tx.server_time() or time.time()
                scope = "gateway:" + self._scope(shard).key  # not the lease's: giving it back expires those
                held = await tx.claim_jobs([key], self.holder.instance, scope, now + INTERACTION_KEPT, now)
            return key in held
        finally:
            async with self._settled:
                self._claims_under_way[shard] -= 1
                self._settled.notify_all()

    async def _claims_settled(self, shard: int) -> None:
        async with self._settled:
            await self._settled.wait_for(lambda: not self._claims_under_way.get(shard))

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
                self._takers[shard] = held.row.holder  # its gateway connection may be open: hand-over
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
                self._handing.add(shard)  # its gateway stays open until the owner's is up
                await lease.release()
                log.warning("gave shard %d of %d back to %s, pid %d", shard, count, asked.host, asked.pid)
                changed = True
        changed |= await self._hand_over(rows, now)
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
            self._handing.discard(shard)  # given back, but its owner died before it was up: ours again
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

    async def _hand_over(self, rows: Mapping[str, LeaseRow], now: float) -> bool:
        """The gateway hand-over of the shards given back or got back (the module's
        docstring): whether a shard's connection closed here."""
        count = self.shard_settings.count
        me = self.holder.instance
        closed = False
        for shard in sorted(self._handing):  # the taker's side
            key = self._scope(shard).key
            up = rows.get(HANDOVER_PREFIX + key)
            holder = rows.get(key)
            if up is None or holder is None or up.holder != holder.holder or up.holder == me:
                continue  # the owner's connection is not up yet: this one goes on serving
            await self.close_gateway(shard)
            await self._claims_settled(shard)  # an interaction claimed here is committed first
            async with self.storage.write() as tx:
                await tx.drop_lease(up.scope, up.holder)
            self._handing.discard(shard)
            self._up.discard(shard)
            log.warning(
                "closed the gateway of shard %d of %d: %s, pid %d, answers its commands now",
                shard,
                count,
                up.host,
                up.pid,
            )
            closed = True
        for shard in sorted(self._takers):  # the owner's side
            key = HANDOVER_PREFIX + self._scope(shard).key
            row = rows.get(key)
            taker = self._takers[shard]
            taker_alive = any(
                r.holder == taker and r.expires_at > now and not r.scope.startswith((RETURN_PREFIX, HANDOVER_PREFIX))
                for r in rows.values()
            )
            if shard in self._announced:
                still = row is not None and taker_alive and await self._renew(key, now)  # (said again)
                if still:
                    continue
                # the taker closed its connection (it dropped the row), or is gone: answer
                # without claiming, a lease later (what it received before it closed is
                # claimed by both sides)
                if row is not None:
                    async with self.storage.write() as tx:
                        await tx.drop_lease(key, me)
                del self._takers[shard]
                self._announced.discard(shard)
                self._claiming_until[shard] = time.monotonic() + self.settings.duration
            elif shard in self._up and shard in self._leases:
                await self._put(key, now)  # say it, once; renewed then, never written again
                self._announced.add(shard)
        return closed

    async def _renew(self, scope: str, now: float) -> bool:
        """Renew this process' row ``scope``; False when it is gone (never written back: the
        taker drops it when it closed its connection)."""
        async with self.storage.write() as tx:
            return await tx.renew_lease(scope, self.holder.instance, now, now + self.settings.duration)

    async def _put(self, scope: str, now: float) -> None:
        me = self.holder
        async with self.storage.write() as tx:
            await tx.put_lease(
                LeaseRow(scope, me.instance, me.host, me.pid, me.machine, now, now, now + self.settings.duration)
            )


async def _nothing(shard: int) -> None:
    return None


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
