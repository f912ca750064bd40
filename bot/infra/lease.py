"""Who may act on a database: the lease of one owner, its heartbeat, the fence on every
write, and the claims on jobs (issue 10 §2; the shape of issue 13's shards).

**One owner.** A process takes the lease of a :class:`Scope` at start (a row of the
``leases`` table: holder, host, pid, since, until) and renews it every ``heartbeat``
seconds. A second process finds the lease held and refuses to start (:class:`LeaseHeld`,
one line naming the database and the holder), or, with ``Takeover.WAIT``, waits and takes
the scope over once the lease expires. A holder that is provably dead (same machine,
its pid gone: a crash and a restart) is taken over at once.

**The fence.** Every write transaction first checks, under the database's write lock,
that this process still holds its lease (:meth:`Lease.fence`, installed as
``Storage.fence``). A takeover needs that same write lock, so once another process holds
the lease no write of this one can land: a process frozen past its expiry wakes up,
its first write raises :class:`LeaseLost`, and ``on_lost`` stops it. Sends to Discord
cannot be fenced by the database; the poster asks :meth:`Lease.may_send` (the lease is
still valid by this process' own monotonic clock) right before each send, and Discord's
nonce covers a send already under way.

**Claims.** The scheduler and the poster run only the jobs they claimed
(:meth:`Lease.claim`: one statement per batch in ``job_claims``; a job held by another
holder is skipped, an expired claim is taken over). With one owner per database, claims
matter at a handover: a dead owner's claims expire (at once when it is provably dead), and
two owners that race for a job never both get it.

**Issue 13 (several processes, each owning shards).** A scope is one Discord shard
(``Scope(shard, shards)``, key ``shard:3/16``); the whole database is ``Scope()``, key
``database``, the one shard of one. A process owning shards 0–3 holds four leases (one
:class:`Lease` each, sharing the process' :class:`Holder`), so scopes never overlap and a
dead process's shards are taken over one by one. Jobs carry their game's guild
(:class:`Job`); a lease claims only the jobs its scope covers (:meth:`Scope.covers`); the
due-job queries then filter by shard in SQL (:mod:`bot.infra.owner` holds a process'
leases). On PostgreSQL write transactions take one advisory lock, the same guarantee as
SQLite's single write lock; lease times come from the database server's clock there.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from typing import Protocol

from bot.infra import settings
from bot.infra.shards import shard_of
from bot.infra.storage import DATABASE_ERRORS, Storage, Tx
from bot.infra.storage.leases import LeaseRow

log = logging.getLogger(__name__)

DISCORD_EPOCH_MS = 1420070400000
DEFAULT_DURATION = 30.0  # a lease not renewed for this long may be taken over
ACTIONS_KEPT = 24 * 3600.0  # an interaction can't come back after 15 minutes; keep a day
RETRY_AFTER_ERROR = 1.0  # a heartbeat that failed (database busy) is tried again this soon
RELEASE_PATIENCE = 1.0  # seconds a stop waits for the write lock to give the lease back
OUTAGE_SUMMARY = 60.0  # seconds between the log lines of a heartbeat that keeps failing
BUSY_TRIES = 3  # a database too busy to take the lease from: tries before giving up (refuse)


class Takeover(StrEnum):
    """What a process does when another holds the lease: refuse to start, or wait."""

    REFUSE = "refuse"
    WAIT = "wait"


@dataclass(frozen=True, slots=True)
class Scope:
    """What a lease owns: one Discord shard of ``shards`` (the whole database is the one
    shard of one). A game belongs to the shard of its guild, as Discord computes it."""

    shard: int = 0
    shards: int = 1

    def __post_init__(self) -> None:
        if self.shards < 1 or not 0 <= self.shard < self.shards:
            raise ValueError(f"shard {self.shard} of {self.shards}")

    @property
    def key(self) -> str:
        return "database" if self.shards == 1 else f"shard:{self.shard}/{self.shards}"

    def covers(self, guild_id: int | None) -> bool:
        """Whether a job of this guild is this scope's (a job without a guild: only the
        whole database's)."""
        if self.shards == 1:
            return True
        return guild_id is not None and shard_of(guild_id, self.shards) == self.shard


WHOLE = Scope()
# the lease row by which a process that starts asks for its shard back from the process
# that took it over meanwhile (bot.infra.owner): "return:shard:3/16"
RETURN_PREFIX = "return:"


@dataclass(frozen=True, slots=True)
class Holder:
    """One start of one process: a random ``instance`` id and where it runs."""

    instance: str
    host: str
    pid: int
    machine: str = ""  # the boot and pid namespace; "" where the pid can't be checked

    @classmethod
    def here(cls) -> Holder:
        return cls(secrets.token_hex(8), socket.gethostname(), os.getpid(), _machine())


def _machine() -> str:
    """This boot of this machine and this pid namespace (a container has its own): two
    processes with the same value can check each other's pid."""
    try:
        with open("/proc/sys/kernel/random/boot_id", encoding="ascii") as f:
            boot = f.read().strip()
        return f"{boot}/{os.stat('/proc/self/ns/pid').st_ino}"
    except OSError:
        return ""


def gone(row: LeaseRow, here: Holder) -> bool:
    """The holder of ``row`` is provably not running: it ran on this machine (same boot,
    same pid namespace) and its pid is gone or is ours (it was a previous process)."""
    if not row.machine or row.machine != here.machine or row.holder == here.instance:
        return False
    if row.pid == here.pid:
        return True
    try:
        os.kill(row.pid, 0)
    except ProcessLookupError:
        return True
    except OSError:  # it exists, under another user
        return False
    return False


def _when(moment: float) -> str:
    return datetime.fromtimestamp(moment, UTC).strftime("%Y-%m-%d %H:%M:%S UTC")


def _who(row: LeaseRow) -> str:
    return f"host {row.host}, pid {row.pid}"


class LeaseHeld(Exception):
    """Another process holds the lease: the one line to print, naming both."""

    def __init__(self, label: str, row: LeaseRow) -> None:
        super().__init__(
            f"the database {label} is in use by another bot process ({_who(row)}, since "
            f"{_when(row.acquired_at)}, lease until {_when(row.expires_at)}); stop that process, "
            f"or set DIPLOMACY_TAKEOVER=wait to take over when its lease expires"
        )
        self.row = row


class LeaseLost(Exception):
    """Another process took the lease over: this one must not act any more."""

    def __init__(self, label: str, row: LeaseRow | None) -> None:
        taker = f"{_who(row)}, since {_when(row.acquired_at)}" if row is not None else "nobody holds it now"
        super().__init__(
            f"lost the database {label} to another bot process ({taker}); stopped so as not to act on a "
            f"database this process no longer owns"
        )
        self.row = row


@dataclass(frozen=True, slots=True)
class Job:
    """A job to claim: ``key`` names it (its kind, game and phase, or outbox row);
    ``guild_id`` says which scope it belongs to (None: known only to the whole database)."""

    key: str
    guild_id: int | None = None

    @classmethod
    def deadline(cls, game_id: int, phase: str, guild_id: int | None = None) -> Job:
        return cls(f"deadline:{game_id}:{phase}", guild_id)

    @classmethod
    def reminder(cls, game_id: int, phase: str, guild_id: int | None = None) -> Job:
        return cls(f"reminder:{game_id}:{phase}", guild_id)

    @classmethod
    def post(cls, post_id: int, guild_id: int | None = None) -> Job:
        return cls(f"post:{post_id}", guild_id)


class Claims(Protocol):
    """What the scheduler and the poster ask before they act (``Deps.jobs``)."""

    async def claim(self, jobs: Sequence[Job]) -> set[str]:
        """The keys of the jobs this process now holds and may run."""
        ...

    def may_send(self) -> bool:
        """Whether this process may do what the database can't fence (send to Discord)."""
        ...


class Unowned:
    """No lease (tests, tools): every job is this process'."""

    async def claim(self, jobs: Sequence[Job]) -> set[str]:
        return {job.key for job in jobs}

    def may_send(self) -> bool:
        return True


@dataclass(frozen=True, slots=True)
class LeaseSettings:
    """How long a lease lasts without a heartbeat, how often it is renewed, and what a
    second process does. Read from the environment by :meth:`from_env`."""

    duration: float = DEFAULT_DURATION
    heartbeat: float = DEFAULT_DURATION / 3
    takeover: Takeover = Takeover.REFUSE

    def __post_init__(self) -> None:
        if not 0 < self.heartbeat < self.duration:
            raise ValueError(
                f"the lease heartbeat ({self.heartbeat:g}s) must be shorter than the lease ({self.duration:g}s)"
            )

    @property
    def margin(self) -> float:
        """Sends stop this long before the lease would expire unrenewed."""
        return self.duration / 10

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> LeaseSettings:
        """``DIPLOMACY_TAKEOVER`` (``refuse``, the default, or ``wait``),
        ``DIPLOMACY_LEASE_SECONDS`` (30) and ``DIPLOMACY_HEARTBEAT_SECONDS`` (a third of
        the lease). A bad value raises ValueError with the one line to print."""
        takeover = env.get("DIPLOMACY_TAKEOVER", "").strip().lower() or Takeover.REFUSE.value
        if takeover not in {t.value for t in Takeover}:
            raise ValueError(f"DIPLOMACY_TAKEOVER must be 'refuse' or 'wait', not {takeover[:40]!r}")
        duration = settings.seconds(env, "DIPLOMACY_LEASE_SECONDS", DEFAULT_DURATION)
        heartbeat = settings.seconds(env, "DIPLOMACY_HEARTBEAT_SECONDS", duration / 3)
        return cls(duration, heartbeat, Takeover(takeover))


@dataclass(slots=True)
class _State:
    lost: LeaseLost | None = None
    valid_until: float = float("-inf")  # by the monotonic clock
    released: bool = False
    waited_on: str | None = None
    callbacks: list[Callable[[LeaseLost], None]] = field(default_factory=list)


class Lease:
    """The lease of one scope of one database, held by this process.

    ``await lease.acquire()`` takes it (or raises :class:`LeaseHeld`, or waits),
    ``lease.start()`` runs the heartbeat, ``await lease.release()`` gives it back.
    ``clock`` is the wall clock of the lease times shared with other processes (by
    default the database server's where it has one, PostgreSQL: several machines then
    compare times on one clock; else this machine's); ``monotonic`` this process' own
    (both injectable for tests, with ``sleep``)."""

    def __init__(
        self,
        storage: Storage,
        *,
        label: str,
        scope: Scope = WHOLE,
        settings: LeaseSettings | None = None,
        holder: Holder | None = None,
        clock: Callable[[], float] | None = None,
        monotonic: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.storage = storage
        self.label = label
        self.scope = scope
        self.settings = settings or LeaseSettings()
        self.holder = holder or Holder.here()
        self._clock = clock
        self._monotonic = monotonic
        self._sleep = sleep
        self._state = _State()
        self._task: asyncio.Task[None] | None = None

    async def _now(self, tx: Tx) -> float:
        """The time of the lease's clock, read inside ``tx``."""
        if self._clock is not None:
            return self._clock()
        server = await tx.server_time()
        return server if server is not None else time.time()

    def _wall(self) -> float:
        """The lease's clock outside a transaction (only to choose how long to wait)."""
        return self._clock() if self._clock is not None else time.time()

    # -- state ---------------------------------------------------------------------------
    @property
    def lost(self) -> LeaseLost | None:
        return self._state.lost

    def on_lost(self, callback: Callable[[LeaseLost], None]) -> None:
        """Call ``callback`` once, when the lease is found lost."""
        self._state.callbacks.append(callback)

    def may_send(self) -> bool:
        return self._state.lost is None and self._monotonic() < self._state.valid_until

    def _lose(self, row: LeaseRow | None) -> LeaseLost:
        state = self._state
        if state.lost is None:
            state.lost = LeaseLost(self.label, row)
            state.valid_until = float("-inf")
            for callback in state.callbacks:
                try:
                    callback(state.lost)
                except Exception:
                    log.exception("a lease-lost callback failed")
        return state.lost

    # -- taking, renewing, giving back -----------------------------------------------------
    async def acquire(self) -> None:
        """Take the lease; raise :class:`LeaseHeld` when another process holds it (or, with
        ``Takeover.WAIT``, wait until its lease expires and take it over)."""
        busy = 0
        while True:
            try:
                held_by = await self._try_take()
            except DATABASE_ERRORS as exc:  # another process is writing: busy
                busy += 1
                if self.settings.takeover is Takeover.REFUSE and busy >= BUSY_TRIES:
                    raise
                log.warning("taking the lease on %s failed (%s); trying again", self.label, exc)
                await self._sleep(RETRY_AFTER_ERROR)
                continue
            if held_by is None:
                self.storage.fence = self.fence
                return
            if self.settings.takeover is Takeover.REFUSE:
                raise LeaseHeld(self.label, held_by)
            if self._state.waited_on != held_by.holder:
                self._state.waited_on = held_by.holder
                log.warning(
                    "the database %s is in use by another bot process (%s, lease until %s); waiting to take over",
                    self.label,
                    _who(held_by),
                    _when(held_by.expires_at),
                )
            # look again at the expiry, or sooner: a holder that stops gives the lease back
            wait = min(max(held_by.expires_at - self._wall(), 0.0), self.settings.heartbeat)
            await self._sleep(max(wait, 0.01))

    async def _try_take(self) -> LeaseRow | None:
        """One try; the holder that keeps us out, or None when the lease is ours."""
        start = self._monotonic()
        async with self.storage.write() as tx:
            row = await tx.lease(self.scope.key)
            now = await self._now(tx)
            me = self.holder
            if row is not None and row.holder != me.instance:
                dead = gone(row, me)
                if row.expires_at > now and not dead:
                    return row
                # a holder proven dead gives its claims up at once; an expired one's
                # claims lapse on their own (it may be frozen in the middle of a send)
                if dead:
                    await tx.expire_claims(row.holder, now)
                log.warning("took over the database %s from %s", self.label, _who(row))
            await tx.drop_lease(RETURN_PREFIX + self.scope.key, me.instance)  # asked back: done
            await tx.put_lease(
                LeaseRow(
                    self.scope.key,
                    me.instance,
                    me.host,
                    me.pid,
                    me.machine,
                    now,
                    now,
                    now + self.settings.duration,
                )
            )
        self._state.valid_until = start + self.settings.duration - self.settings.margin
        return None

    async def renew(self) -> None:
        """Push the lease's expiry (the heartbeat); :class:`LeaseLost` when another
        process took it over. Also prunes expired claims and old action ids."""
        start = self._monotonic()
        async with self.storage.write() as tx:  # the fence checks the lease is still ours
            now = await self._now(tx)
            if not await tx.renew_lease(self.scope.key, self.holder.instance, now, now + self.settings.duration):
                raise self._lose(await tx.lease(self.scope.key))
            await tx.prune_claims(now)
            await tx.prune_actions(snowflake_at(now - ACTIONS_KEPT))
        self._state.valid_until = start + self.settings.duration - self.settings.margin

    async def fence(self, tx: Tx) -> None:
        """First statement of every write transaction: refuse it unless this process
        still holds the lease (under the write lock, so no takeover can come between)."""
        if self._state.lost is not None:
            raise self._state.lost
        if self._state.released:
            raise LeaseLost(self.label, None)
        row = await tx.lease(self.scope.key)
        if row is None or row.holder != self.holder.instance:
            raise self._lose(row)

    async def release(self) -> None:
        """Stop the heartbeat and give the lease back (with this process' claims), so a
        successor starts at once."""
        await self.stop()
        if self._state.lost is not None or self._state.released:
            return
        try:
            # a short wait: a stop must not hang on a database another program holds locked
            async with self.storage.write(patience=RELEASE_PATIENCE) as tx:
                await tx.expire_claims(self.holder.instance, await self._now(tx), self.scope.key)
                await tx.drop_lease(self.scope.key, self.holder.instance)
        except LeaseLost:
            return
        except (*DATABASE_ERRORS, OSError) as exc:  # locked by another program, a full disk, a server gone
            log.warning(
                "could not give the lease on %s back (%s); another bot process may take over once it "
                "expires, within %gs",
                self.label,
                " ".join(str(exc).split())[:200] or type(exc).__name__,
                self.settings.duration,
            )
        finally:
            # given back (or lost meanwhile): no write of this process may follow
            self._state.released = True
            self._state.valid_until = float("-inf")

    # -- the heartbeat -----------------------------------------------------------------------
    def start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._beat(), name="lease-heartbeat")

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None and task is not asyncio.current_task():
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    async def _beat(self) -> None:
        delay = self.settings.heartbeat
        outage = _Outage(self.label, self._monotonic)
        while self._state.lost is None:
            await self._sleep(delay)
            try:
                await self.renew()
                delay = self.settings.heartbeat
                outage.ended()
            except LeaseLost:
                return
            except (*DATABASE_ERRORS, OSError) as exc:
                # busy or briefly unwritable: try again soon; writes stay fenced meanwhile
                outage.failed(exc)
                delay = RETRY_AFTER_ERROR

    # -- jobs ----------------------------------------------------------------------------------
    async def claim(self, jobs: Sequence[Job]) -> set[str]:
        """Claim the jobs of this scope for this process (until one lease duration from
        now, renewed by claiming again); the keys of those it now holds."""
        mine = [job.key for job in jobs if self.scope.covers(job.guild_id)]
        if not mine:
            return set()
        async with self.storage.write() as tx:
            now = await self._now(tx)
            return await tx.claim_jobs(mine, self.holder.instance, self.scope.key, now + self.settings.duration, now)


class _Outage:
    """The log of a heartbeat that keeps failing (a database locked by another program, a
    server gone, a full disk): one line when it starts, one a minute while it lasts, one
    when it ends; not a line per try (one a second)."""

    def __init__(self, label: str, monotonic: Callable[[], float]) -> None:
        self.label = label
        self._monotonic = monotonic
        self.since: float | None = None
        self.tries = 0
        self._said = 0.0

    def failed(self, exc: BaseException) -> None:
        now = self._monotonic()
        self.tries += 1
        reason = " ".join(str(exc).split())[:200] or type(exc).__name__
        if self.since is None:
            self.since = self._said = now
            log.warning(
                "renewing the lease on %s failed (%s); trying again every %gs (a summary each minute until it works)",
                self.label,
                reason,
                RETRY_AFTER_ERROR,
            )
        elif now - self._said >= OUTAGE_SUMMARY:
            self._said = now
            log.warning(
                "renewing the lease on %s still fails: %d tries in %.0fs (last: %s)",
                self.label,
                self.tries,
                now - self.since,
                reason,
            )

    def ended(self) -> None:
        if self.since is not None:
            log.warning(
                "renewed the lease on %s again, after %d failed tries in %.0fs",
                self.label,
                self.tries,
                self._monotonic() - self.since,
            )
        self.since = None
        self.tries = 0


def snowflake_at(moment: float) -> int:
    """The smallest Discord snowflake made at ``moment`` (ids made before are smaller)."""
    return max(0, int(moment * 1000) - DISCORD_EPOCH_MS) << 22


async def hold(
    storage: Storage,
    label: str,
    settings: LeaseSettings,
    on_lost: Callable[[LeaseLost], None],
    *,
    scope: Scope = WHOLE,
) -> Lease | None:
    """Acquire the lease of the database (or of one shard: issue 13 holds one per shard),
    start its heartbeat, and call ``on_lost`` if it is ever lost. Raises
    :class:`LeaseHeld` (or waits, with ``Takeover.WAIT``). None when the database has no
    lease table yet: call it before migrating (a second process must not migrate a
    database another one runs on), and again after for a new or older database."""
    async with storage.read() as tx:
        if not await tx.has_leases():
            return None
    lease = Lease(storage, label=label, scope=scope, settings=settings)
    await lease.acquire()
    lease.on_lost(on_lost)
    lease.start()
    return lease
