"""Queries for who owns the database (issue 10 §2): the leases of scopes, the claims on
jobs, and the actions already applied.

A mixin of :class:`bot.infra.storage.Tx`: methods use ``self._one``, ``self._all`` and
``self._run`` and always run inside a transaction. The decisions (may this process take a
scope over? is the lease still ours?) are :mod:`bot.infra.lease`'s; here is only SQL.

Every statement is plain SQL that PostgreSQL also runs (``ON CONFLICT``, ``RETURNING``);
there, as on SQLite, write transactions run one at a time (issue 13), so a lease read in
one cannot change before it commits.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

_CLAIM_BATCH = 400  # keys per statement: well under SQLite's limit of bound parameters


class Replayed(Exception):
    """The action of this interaction id was already applied: this write changed nothing."""

    def __init__(self, action_id: int) -> None:
        super().__init__(f"action {action_id} was already applied")
        self.action_id = action_id


@dataclass(frozen=True, slots=True)
class LeaseRow:
    """A lease as stored: ``holder`` owns ``scope`` until ``expires_at``."""

    scope: str
    holder: str
    host: str
    pid: int
    machine: str
    acquired_at: float
    renewed_at: float
    expires_at: float


@dataclass(frozen=True, slots=True)
class ClaimRow:
    job: str
    holder: str
    scope: str
    expires_at: float


class LeaseQueries:
    """Leases, job claims and applied actions."""

    # -- leases ----------------------------------------------------------------------
    async def has_leases(self) -> bool:
        """Whether the database has the lease table yet (a database from before it, or a
        new one, has none until it is migrated)."""
        return bool(await self.has_table("leases"))  # type: ignore[attr-defined]

    async def lease(self, scope: str) -> LeaseRow | None:
        row = await self._one(  # type: ignore[attr-defined]
            "SELECT scope, holder, host, pid, machine, acquired_at, renewed_at, expires_at FROM leases WHERE scope = ?",
            (scope,),
        )
        return LeaseRow(*row) if row else None

    async def leases(self) -> list[LeaseRow]:
        """Every lease (the shards' owners look for dead ones to take over)."""
        rows = await self._all(  # type: ignore[attr-defined]
            "SELECT scope, holder, host, pid, machine, acquired_at, renewed_at, expires_at FROM leases ORDER BY scope"
        )
        return [LeaseRow(*r) for r in rows]

    async def lease_holder(self, scope: str) -> str | None:
        """Who holds ``scope`` now (the fence of every write: one indexed read)."""
        row = await self._one("SELECT holder FROM leases WHERE scope = ?", (scope,))  # type: ignore[attr-defined]
        return row[0] if row else None

    async def put_lease(self, lease: LeaseRow) -> None:
        """Take ``lease.scope`` for ``lease.holder`` (the caller checked, in this
        transaction, that it is free)."""
        await self._run(  # type: ignore[attr-defined]
            "INSERT INTO leases (scope, holder, host, pid, machine, acquired_at, renewed_at, expires_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (scope) DO UPDATE SET holder = excluded.holder, "
            "host = excluded.host, pid = excluded.pid, machine = excluded.machine, "
            "acquired_at = excluded.acquired_at, renewed_at = excluded.renewed_at, expires_at = excluded.expires_at",
            (
                lease.scope,
                lease.holder,
                lease.host,
                lease.pid,
                lease.machine,
                lease.acquired_at,
                lease.renewed_at,
                lease.expires_at,
            ),
        )

    async def renew_lease(self, scope: str, holder: str, now: float, until: float) -> bool:
        """Push the expiry of a lease ``holder`` still holds; False when it is not theirs."""
        changed = await self._run(  # type: ignore[attr-defined]
            "UPDATE leases SET renewed_at = ?, expires_at = ? WHERE scope = ? AND holder = ?",
            (now, until, scope, holder),
        )
        return bool(changed == 1)

    async def drop_lease(self, scope: str, holder: str) -> bool:
        changed = await self._run(  # type: ignore[attr-defined]
            "DELETE FROM leases WHERE scope = ? AND holder = ?", (scope, holder)
        )
        return bool(changed == 1)

    # -- job claims ------------------------------------------------------------------
    async def claim_jobs(self, jobs: Iterable[str], holder: str, scope: str, until: float, now: float) -> set[str]:
        """Claim each job for ``holder`` until ``until``: a job nobody holds, one whose
        claim expired, or one ``holder`` already holds. Returns the jobs now held; a job
        another holder holds is left alone. One statement per batch, so two owners
        claiming at once never both get a job."""
        keys = list(dict.fromkeys(jobs))
        held: set[str] = set()
        for start in range(0, len(keys), _CLAIM_BATCH):
            batch = keys[start : start + _CLAIM_BATCH]
            values = ", ".join("(?, ?, ?, ?)" for _ in batch)
            params: list[object] = []
            for key in batch:
                params += [key, holder, scope, until]
            rows = await self._all(  # type: ignore[attr-defined]
                f"INSERT INTO job_claims (job, holder, scope, expires_at) VALUES {values} "
                "ON CONFLICT (job) DO UPDATE SET holder = excluded.holder, scope = excluded.scope, "
                "expires_at = excluded.expires_at "
                "WHERE job_claims.holder = excluded.holder OR job_claims.expires_at <= ? RETURNING job",
                (*params, now),
            )
            held.update(r[0] for r in rows)
        return held

    async def expire_claims(self, holder: str, now: float, scope: str | None = None) -> int:
        """Give up every claim of ``holder`` (a holder known to be gone), or only those it
        made for ``scope`` (a shard it gives back)."""
        only, params = (" AND scope = ?", (scope,)) if scope is not None else ("", ())
        return int(
            await self._run(  # type: ignore[attr-defined]
                f"UPDATE job_claims SET expires_at = ? WHERE holder = ? AND expires_at > ?{only}",
                (now, holder, now, *params),
            )
        )

    async def claims(self) -> list[ClaimRow]:
        """Every claim (for tests and diagnostics)."""
        rows = await self._all(  # type: ignore[attr-defined]
            "SELECT job, holder, scope, expires_at FROM job_claims ORDER BY job"
        )
        return [ClaimRow(*r) for r in rows]

    async def prune_claims(self, now: float) -> int:
        return int(
            await self._run("DELETE FROM job_claims WHERE expires_at <= ?", (now,))  # type: ignore[attr-defined]
        )

    # -- actions applied once ----------------------------------------------------------
    async def mark_action(self, action_id: int) -> bool:
        """Record that the action of ``action_id`` is applied in this transaction; False
        when it already was (a replay)."""
        changed = await self._run(  # type: ignore[attr-defined]
            "INSERT INTO actions_done (id) VALUES (?) ON CONFLICT (id) DO NOTHING", (action_id,)
        )
        return bool(changed == 1)

    async def prune_actions(self, before_id: int) -> int:
        """Forget actions older than ``before_id`` (ids are snowflakes: ordered by time)."""
        return int(
            await self._run("DELETE FROM actions_done WHERE id < ?", (before_id,))  # type: ignore[attr-defined]
        )
