"""The bot's storage: the only package that speaks SQL. SQLite (aiosqlite, the embedded
default: :mod:`bot.infra.storage.sqlite`) or PostgreSQL (asyncpg, for several processes:
:mod:`bot.infra.storage.postgres`), chosen by :meth:`Storage.open` from ``DIPLOMACY_DB``.

The core queries are here; each feature area keeps its queries in a mixin module of this
package (``moderation``, ``sheet``, ``languages``, ``press``, ``standby``) that :class:`Tx` inherits, so every
query still runs inside a transaction and nothing outside ``bot.infra.storage`` writes SQL.

Owns the numbered migrations of :mod:`bot.infra.storage.migrations` (one list for both
databases) and one method per query, in SQL both databases run (:mod:`.dialect` adapts
the little that differs). Every write happens inside :meth:`Storage.write`, one write
transaction at a time across every process on the database (SQLite's ``BEGIN
IMMEDIATE``; PostgreSQL's transaction-scoped advisory lock), so the use cases' reads and
writes inside one transaction are never interleaved with another's; reads happen in
:meth:`Storage.read`, a consistent snapshot that never waits for a writer (a read of one
statement may go without the transaction: :meth:`Storage.read_once`). Changing a
game's phase is a compare-and-set on the phase it had (:meth:`Tx.advance_game`), so a late
write can never land in the wrong phase and a phase never resolves twice.

The due-job queries (due phases, reminders, posts, and when the next is due) see only the
games of the Discord shards this process runs now (:attr:`Storage.shards`, set by the
owner of the process' leases: :mod:`bot.infra.lease`), filtered in SQL on the guild id.
"""

from __future__ import annotations

import json
import logging
import re
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import asyncpg

from bot.infra.shards import EVERYTHING, Shards
from bot.infra.storage.dialect import Connection, Database
from bot.infra.storage.endings import EndingQueries
from bot.infra.storage.languages import LanguageQueries
from bot.infra.storage.leases import LeaseQueries, Replayed
from bot.infra.storage.migrations import migrations
from bot.infra.storage.moderation import ModerationQueries
from bot.infra.storage.operations import OperationsQueries
from bot.infra.storage.postgres import PostgresDatabase
from bot.infra.storage.posting import PostingQueries
from bot.infra.storage.press import PressQueries
from bot.infra.storage.sheet import SheetQueries
from bot.infra.storage.sqlite import SqliteDatabase
from bot.infra.storage.standby import StandbyQueries
from bot.infra.storage.standins import StandinQueries

log = logging.getLogger(__name__)


class StaleWrite(Exception):
    """A compare-and-set failed: the game is no longer in the phase the write was for."""


POSTGRESQL_SCHEMES = ("postgresql://", "postgres://")

# what either database raises when a statement or the connection fails (a bad file, a busy
# database, a server gone, a write in a read transaction)
# (InternalClientError: asyncpg's word for a connection the server ended under a transaction,
# e.g. one left idle in it past idle_in_transaction_session_timeout: a frozen process woken)
DATABASE_ERRORS: tuple[type[Exception], ...] = (
    sqlite3.Error,
    asyncpg.PostgresError,
    asyncpg.InterfaceError,
    asyncpg.exceptions.InternalClientError,
)


def is_postgresql(target: str) -> bool:
    """Whether ``DIPLOMACY_DB`` names a PostgreSQL database (else it is a SQLite file)."""
    return target.strip().lower().startswith(POSTGRESQL_SCHEMES)


@dataclass(frozen=True, slots=True)
class DueJob:
    """A game with something due (its phase's deadline, or a reminder), and its server,
    whose shard owns the job."""

    game_id: int
    phase: str
    guild_id: int


@dataclass(frozen=True, slots=True)
class GameRow:
    id: int
    guild_id: int
    channel_id: int
    name: str
    creator_id: int
    players: int
    status: str
    phase: str | None
    position: dict[str, Any] | None
    deadline: float | None
    due_at: float | None
    remind_at: float | None
    movement: str
    retreat: str
    adjustment: str
    tossed: bool
    toss_winner: int | None
    winner: str | None
    language: str
    created_at: float
    labels: str | None = None  # the maps' script (None: the language's default)
    variant: str = "standard"  # issue 25: "standard" or a duel (engine.variants.DUELS)
    fog: bool = False  # issue 25: played with Fog of War


@dataclass(frozen=True, slots=True)
class PlayerRow:
    game_id: int
    user_id: int
    seat: int | None
    ready_phase: str | None
    joined_at: float


@dataclass(frozen=True, slots=True)
class OrderRow:
    unit: str
    power: str
    text: str
    user_id: int


@dataclass(frozen=True, slots=True)
class PhaseRow:
    game_id: int
    phase: str
    position: dict[str, Any]
    results: list[dict[str, Any]] | None
    resolved_at: float | None


@dataclass(frozen=True, slots=True)
class MessageNeeds:
    """What the poster reads to send one message (:meth:`Tx.message_needs`): its games,
    the phases its maps show, and what its reader (a DM's user) set."""

    games: dict[int, GameRow]  # (a game no longer stored is left out)
    phases: dict[tuple[int, str], PhaseRow]  # by (game id, phase); one not stored is left out
    language: str | None = None  # the reader's (chosen, else their client's); None: not known
    dm_channel: int | None = None  # the reader's DM channel with the bot, if known
    pushed: bool = False  # the reader asked for their map in each new phase's DM


@dataclass(frozen=True, slots=True)
class OutboxRow:
    """A post to send: an intent (``kind`` + ``params``, rendered at send time) or, for
    rows stored before post intents, the ready ``content``.

    ``map``, ``params`` and ``mentions`` are stored as JSON and parsed when first read
    (issue 24: the outbox is read many times a second in a storm, and most rows read are
    not sent by that read: another destination's turn, a page read again)."""

    id: int
    game_id: int
    phase: str | None
    channel_id: int | None
    user_id: int | None
    content: str
    map_json: str | None
    attempts: int
    kind: str | None = None
    params_json: str | None = None
    mentions_json: str | None = None
    created_at: float = 0.0  # no message of the post can be older (the poster's history search)
    batch: int | None = None  # the first row of the message a tried send carries (migration 0011)
    guild_id: int | None = None  # the game's server (its shard owns the post); read by posts_due
    _parsed: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def _json(self, name: str, text: str | None) -> Any:
        if name not in self._parsed:
            self._parsed[name] = json.loads(text) if text is not None else None
        return self._parsed[name]

    @property
    def map(self) -> dict[str, Any] | None:
        return self._json("map", self.map_json)

    @property
    def params(self) -> dict[str, Any] | None:
        return self._json("params", self.params_json)

    @property
    def mentions(self) -> tuple[int, ...]:
        if "mentions" not in self._parsed:
            self._parsed["mentions"] = tuple(json.loads(self.mentions_json)) if self.mentions_json else ()
        return self._parsed["mentions"]


_OUTBOX_COLUMNS = (
    "id, game_id, phase, channel_id, user_id, content, map, attempts, kind, params, mentions, created_at, batch"
)


# The order of posts (see bot.core.posts): a direct message waits until every post to its
# game's channel stored before it is sent or given up, so players read a phase's results in
# the channel before the DMs of the phase that follows. ``blocking`` is, per game, the first
# channel post still to send; a DM stored after it is not in turn. Pending rows are few
# and read through the partial index ``outbox_pending``, so this stays cheap however long
# the outbox grows (one pass over the pending rows, not one per row).
_BLOCKING = (
    "blocking (game, first) AS (SELECT game_id, MIN(id) FROM outbox INDEXED BY outbox_pending "
    "WHERE sent_at IS NULL AND error IS NULL AND channel_id IS NOT NULL GROUP BY game_id)"
)
_IN_TURN = (
    "FROM outbox INDEXED BY outbox_pending LEFT JOIN blocking ON blocking.game = outbox.game_id "
    "JOIN games ON games.id = outbox.game_id "
    "WHERE outbox.sent_at IS NULL AND outbox.error IS NULL "
    "AND (outbox.user_id IS NULL OR blocking.first IS NULL OR outbox.id < blocking.first)"
)
_IN_TURN_FROM = "WITH " + _BLOCKING + " {select} " + _IN_TURN

# Merged DMs (``posts_due(hold=...)``): the users whose DMs wait to go out together. Each
# cause counts for ``hold`` seconds at most (the parameters: since, now + soon, since, now,
# since); a deadline ``soon`` seconds away counts as due (issue 24: the DMs of deadlines a
# few seconds apart go out as one).
_HELD = (
    "held (uid) AS ("
    # another DM of theirs waits for its game's channel posts
    "SELECT p.user_id FROM outbox p INDEXED BY outbox_pending JOIN blocking b ON b.game = p.game_id "
    "WHERE p.sent_at IS NULL AND p.error IS NULL AND p.user_id IS NOT NULL AND p.id > b.first "
    "AND p.created_at > ? "
    # a game of theirs has its deadline due (or coming in a few seconds): its DMs are on the way
    "UNION SELECT pl.user_id FROM games g INDEXED BY games_due JOIN players pl ON pl.game_id = g.id "
    "WHERE g.status = 'active' AND g.due_at <= ? AND g.due_at > ? "
    # or a reminder due
    "UNION SELECT pl.user_id FROM games g INDEXED BY games_remind JOIN players pl ON pl.game_id = g.id "
    "WHERE g.status = 'active' AND g.remind_at <= ? AND g.remind_at > ?)"
)


def _outbox(r: Any, guild_id: int | None = None) -> OutboxRow:
    return OutboxRow(
        r[0],
        r[1],
        r[2],
        r[3],
        r[4],
        r[5],
        r[6],
        r[7],
        r[8],
        r[9],
        r[10] or None,
        r[11],
        r[12],
        guild_id,
    )


_ADD_INTENT = (
    "INSERT INTO outbox (game_id, phase, channel_id, user_id, content, kind, params, mentions, "
    "map, next_attempt, created_at) VALUES (?,?,?,?,'',?,?,?,?,?,?)"
)


def _intent_row(
    game_id: int,
    phase: str | None,
    kind: str,
    params: dict[str, Any],
    channel_id: int | None,
    user_id: int | None,
    mentions: list[int] | None,
    map_spec: dict[str, Any] | None,
    now: float,
) -> tuple[Any, ...]:
    return (
        game_id,
        phase,
        channel_id,
        user_id,
        kind,
        json.dumps(params),
        json.dumps(mentions or []),
        json.dumps(map_spec) if map_spec is not None else None,
        now,
        now,
    )


_GAME_COLUMNS = (
    "id, guild_id, channel_id, name, creator_id, players, status, phase, position, "
    "deadline, due_at, remind_at, movement, retreat, adjustment, tossed, toss_winner, "
    "winner, language, created_at, labels, variant, fog"
)


def _game(row: Any) -> GameRow:
    values = list(row)
    values[8] = json.loads(values[8]) if values[8] is not None else None
    values[15] = bool(values[15])
    values[22] = bool(values[22])
    return GameRow(*values)


_READ = re.compile(r"\s*(?:SELECT|WITH)\b", re.IGNORECASE)
_WRITES = re.compile(r"\b(?:INSERT|UPDATE|DELETE)\b", re.IGNORECASE)
_WRITTEN = re.compile(r"\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+(\w+)", re.IGNORECASE)


@lru_cache(maxsize=1024)
def _is_read(sql: str) -> bool:
    """A query that only reads (what a write transaction may answer again unread)."""
    return _READ.match(sql) is not None and _WRITES.search(sql) is None


@lru_cache(maxsize=1024)
def _written(sql: str) -> str | None:
    """The table a write changes (None: not a write of one table the query starts with)."""
    match = _WRITTEN.match(sql)
    return match.group(1).lower() if match else None


@lru_cache(maxsize=1024)
def _names(sql: str) -> frozenset[str]:
    """The words of a query, lower case: the tables it names are among them."""
    return frozenset(w.lower() for w in re.findall(r"\w+", sql))


@lru_cache(maxsize=1024)
def _deletes(sql: str) -> bool:
    return re.match(r"\s*DELETE\b", sql, re.IGNORECASE) is not None


_TABLE = re.compile(r"\bCREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?(\w+)|\bALTER\s+TABLE\s+(\w+)", re.IGNORECASE)


@lru_cache(maxsize=1)
def _children() -> dict[str, frozenset[str]]:
    """Each table that another table's foreign key references (a DELETE there may cascade,
    or be refused), with every table that references it, directly or through others, read
    from the migrations (each ``REFERENCES`` belongs to the last table created or altered
    before it)."""
    direct: dict[str, set[str]] = {}
    for _, sql in migrations():
        table = ""
        for match in re.finditer(_TABLE.pattern + r"|\bREFERENCES\s+(\w+)", sql, re.IGNORECASE):
            if match.group(1) or match.group(2):
                table = (match.group(1) or match.group(2)).lower()
            elif table:
                direct.setdefault(match.group(3).lower(), set()).add(table)
    out: dict[str, frozenset[str]] = {}
    for parent in direct:
        seen: set[str] = set()
        todo = [parent]
        while todo:
            for child in direct.get(todo.pop(), ()):
                if child not in seen:
                    seen.add(child)
                    todo.append(child)
        out[parent] = frozenset(seen)
    return out


def _referenced() -> frozenset[str]:
    """The tables another table's foreign key references."""
    return frozenset(_children())


class Tx(
    ModerationQueries,
    SheetQueries,
    LanguageQueries,
    LeaseQueries,
    EndingQueries,
    PressQueries,
    StandbyQueries,
    StandinQueries,
    PostingQueries,
    OperationsQueries,
):
    """Queries inside one transaction (see :meth:`Storage.write`), on either database: the
    statements run through the backend's :class:`~bot.infra.storage.dialect.Connection`.

    In a write transaction (``batching``, issue 24: each statement is a trip to SQLite's
    thread or to the PostgreSQL server, and a storm's resolutions made a hundred each):

    - a write nobody reads the outcome of, to a table no other table references (post
      intents, power states, the record of who missed a phase, ...: :meth:`_defer`), is
      kept and written with the others of its query in one trip, just before a statement
      that names its table, a DELETE that may cascade to it, or the commit; so what the
      transaction reads still sees it, and it is stored in order;
    - a read made again answers what it read, unless a write that names one of its
      tables (or a DELETE that may cascade to them) came in between: the same rows as
      the database would give (nothing else writes while the transaction holds the write
      lock)."""

    def __init__(self, db: Connection, shards: Shards = EVERYTHING, *, batching: bool = False) -> None:
        self._db = db
        self.shards = shards  # whose due jobs the due-job queries return
        self.press_jobs_added = 0  # press jobs stored in this transaction (Storage.press_jobs_stored)
        # issue 24 (a write transaction, see the class' docstring): the reads made so far,
        # by (method, query, parameters), and the deferred writes, by query
        self._batching = batching
        self._read: dict[tuple[str, str, tuple[Any, ...]], Any] = {}
        self._deferred: dict[str, list[tuple[Any, ...]]] = {}
        self._deferred_tables: dict[str, str] = {}  # table -> the query of its deferred rows

    async def _one(self, sql: str, params: Iterable[Any] = ()) -> Any:
        params = tuple(params)
        if not self._batching:
            return await self._db.one(sql, params)
        key = ("one", sql, params)
        if key in self._read:
            return self._read[key]
        await self._before(sql)
        row = await self._db.one(sql, params)
        if _is_read(sql):
            self._read[key] = row
        return row

    async def _all(self, sql: str, params: Iterable[Any] = ()) -> list[Any]:
        params = tuple(params)
        if not self._batching:
            return await self._db.all(sql, params)
        key = ("all", sql, params)
        if key in self._read:
            return list(self._read[key])  # (a copy: the caller may change its list)
        await self._before(sql)
        rows = await self._db.all(sql, params)
        if _is_read(sql):
            self._read[key] = tuple(rows)
        return rows

    async def _run(self, sql: str, params: Iterable[Any] = ()) -> int:
        if self._batching:
            await self._before(sql)
        return await self._db.run(sql, tuple(params))

    async def _many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        """``sql`` once per row of ``rows``, in one trip (issue 24: a resolution writes a
        row per power or player in a few tables; nothing is run when there are none)."""
        rows = [tuple(r) for r in rows]
        if not rows:
            return
        if self._batching:
            await self._before(sql)
        await self._db.many(sql, rows)

    async def _defer(self, sql: str, params: Iterable[Any]) -> None:
        """A write whose outcome nobody reads (no row count, nothing returned), to a table
        no other table references: in a write transaction it is kept, with the others of
        its query, and they all go in one trip (:meth:`flush`) when a statement that names
        the table comes, or at the commit. Issue 24: a resolution writes a row per player
        or power in several tables (the outbox, power states, the reliability record),
        interleaved; each row a statement made a storm's game-phase a hundred trips."""
        params = tuple(params)
        if not self._batching:
            await self._db.run(sql, params)
            return
        table = _written(sql)
        if table is None or table in _referenced():
            raise ValueError(f"not a write to one table that no other table references: {sql}")
        if self._deferred_tables.get(table, sql) != sql:  # another write to the table: in order
            await self.flush([table])
        self._forget_reads(table)
        self._deferred_tables[table] = sql
        self._deferred.setdefault(sql, []).append(params)

    async def flush(self, tables: Iterable[str] | None = None) -> None:
        """Run the deferred writes (:meth:`_defer`) to ``tables`` (None: all), a trip per
        query: before a statement that names their table, and before the commit
        (:meth:`Storage.write`). (No table of theirs references another: any order will do.)"""
        for table in list(self._deferred_tables) if tables is None else tables:
            sql = self._deferred_tables.pop(table, None)
            if sql is None:
                continue
            rows = self._deferred.pop(sql)
            if len(rows) == 1:
                await self._db.run(sql, rows[0])
            else:
                await self._db.many(sql, rows)

    async def _before(self, sql: str) -> None:
        """Before ``sql`` runs in a write transaction: the deferred writes it may see go
        first, and the reads it may change are forgotten."""
        if _is_read(sql):
            if self._deferred:
                names = _names(sql)
                await self.flush([t for t in self._deferred_tables if t in names])
            return
        table = _written(sql)
        if table is None:  # a write of unknown reach
            await self.flush()
            self._read.clear()
            return
        # a DELETE from a table others reference reaches theirs too (a cascade, or a refusal
        # for the rows deferred)
        reach = {table, *_children().get(table, ())} if _deletes(sql) else {table}
        if self._deferred:
            names = _names(sql)
            await self.flush([t for t in self._deferred_tables if t in names or t in reach])
        for name in reach:
            self._forget_reads(name)

    def _forget_reads(self, table: str) -> None:
        for key in [k for k in self._read if table in _names(k[1])]:
            del self._read[key]

    async def has_table(self, name: str) -> bool:
        return await self._db.has_table(name)

    async def server_time(self) -> float | None:
        """The database server's clock (PostgreSQL), for times several machines compare
        (leases, claims); None for SQLite: one machine, whose clock the caller has."""
        return await self._db.server_time()

    def _in_shards(self, guild_column: str) -> tuple[str, tuple[int, ...]]:
        """The SQL condition (`` AND ...``) and its parameters that keep the games of
        :attr:`shards` only; nothing when they are every shard."""
        if self.shards.everything:
            return "", ()
        ids = sorted(self.shards.ids)
        marks = ", ".join("?" for _ in ids)
        return f" AND ({guild_column} >> 22) % ? IN ({marks})", (self.shards.count, *ids)

    # -- games -----------------------------------------------------------------------
    async def game(self, game_id: int) -> GameRow | None:
        row = await self._one(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        return _game(row) if row else None

    async def open_game_in_channel(self, channel_id: int) -> GameRow | None:
        row = await self._one(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = ? AND status != 'finished'", (channel_id,)
        )
        return _game(row) if row else None

    async def last_game_in_channel(self, channel_id: int) -> GameRow | None:
        row = await self._one(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = ? "
            "ORDER BY (status != 'finished') DESC, id DESC LIMIT 1",
            (channel_id,),
        )
        return _game(row) if row else None

    async def finished_games_unscored(self) -> list[GameRow]:
        """Finished games without a result (they ended before scores were kept)."""
        rows = await self._all(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE status = 'finished' "
            "AND NOT EXISTS (SELECT 1 FROM game_results r WHERE r.game_id = games.id) ORDER BY id"
        )
        return [_game(r) for r in rows]

    async def games_of_user(self, user_id: int, statuses: tuple[str, ...] = ("forming", "active")) -> list[GameRow]:
        marks = ", ".join("?" for _ in statuses)
        rows = await self._all(
            f"SELECT {', '.join('g.' + c.strip() for c in _GAME_COLUMNS.split(','))} "
            f"FROM games g JOIN players p ON p.game_id = g.id "
            f"WHERE p.user_id = ? AND g.status IN ({marks}) ORDER BY g.id",
            (user_id, *statuses),
        )
        return [_game(r) for r in rows]

    async def insert_game(
        self,
        *,
        guild_id: int,
        channel_id: int,
        name: str,
        creator_id: int,
        players: int,
        movement: str,
        retreat: str,
        adjustment: str,
        language: str,
        now: float,
        labels: str | None = None,
        variant: str = "standard",
        fog: bool = False,
    ) -> int:
        row = await self._one(
            "INSERT INTO games (guild_id, channel_id, name, creator_id, players, movement, retreat, "
            "adjustment, language, created_at, labels, variant, fog) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?) RETURNING id",
            (
                guild_id,
                channel_id,
                name,
                creator_id,
                players,
                movement,
                retreat,
                adjustment,
                language,
                now,
                labels,
                variant,
                int(fog),
            ),
        )
        return int(row[0])

    async def start_game(
        self, game_id: int, *, phase: str, position: dict[str, Any], deadline: float, remind_at: float | None
    ) -> None:
        changed = await self._run(
            "UPDATE games SET status = 'active', phase = ?, position = ?, deadline = ?, "
            "due_at = ?, remind_at = ? WHERE id = ? AND status = 'forming'",
            (phase, json.dumps(position), deadline, deadline, remind_at, game_id),
        )
        if changed != 1:
            raise StaleWrite(f"game {game_id} is not forming")

    async def advance_game(
        self,
        game_id: int,
        *,
        expected_phase: str,
        phase: str,
        position: dict[str, Any],
        deadline: float | None,
        remind_at: float | None,
        finished: bool,
        winner: str | None,
        tossed: bool,
        toss_winner: int | None,
    ) -> None:
        """Move the game from ``expected_phase`` to ``phase`` (compare-and-set)."""
        changed = await self._run(
            "UPDATE games SET phase = ?, position = ?, deadline = ?, due_at = ?, remind_at = ?, "
            "status = ?, winner = ?, tossed = ?, toss_winner = ? "
            "WHERE id = ? AND phase = ? AND status = 'active'",
            (
                phase,
                json.dumps(position),
                deadline,
                deadline,
                remind_at,
                "finished" if finished else "active",
                winner,
                int(tossed),
                toss_winner,
                game_id,
                expected_phase,
            ),
        )
        if changed != 1:
            raise StaleWrite(f"game {game_id} is no longer in {expected_phase}")

    async def set_due(self, game_id: int, phase: str, due_at: float) -> bool:
        return (
            await self._run(
                "UPDATE games SET due_at = ? WHERE id = ? AND phase = ? AND status = 'active'", (due_at, game_id, phase)
            )
            == 1
        )

    async def clear_reminder(self, game_id: int, phase: str) -> None:
        await self._run("UPDATE games SET remind_at = NULL WHERE id = ? AND phase = ?", (game_id, phase))

    async def due_games(self, now: float, limit: int = 50) -> list[DueJob]:
        """Games of :attr:`shards` whose phase is due by ``now``, the earliest first."""
        shards, params = self._in_shards("guild_id")
        rows = await self._all(
            f"SELECT id, phase, guild_id FROM games WHERE status = 'active' AND due_at <= ?{shards} "
            "ORDER BY due_at, id LIMIT ?",
            (now, *params, limit),
        )
        return [DueJob(*r) for r in rows]

    async def reminders_due(self, now: float) -> list[DueJob]:
        shards, params = self._in_shards("guild_id")
        rows = await self._all(
            f"SELECT id, phase, guild_id FROM games WHERE status = 'active' AND remind_at <= ?{shards} "
            "ORDER BY remind_at, id",
            (now, *params),
        )
        return [DueJob(*r) for r in rows]

    async def next_timer(self) -> float | None:
        shards, params = self._in_shards("guild_id")
        row = await self._one(
            "SELECT MIN(t) FROM (SELECT MIN(due_at) AS t FROM games WHERE status = 'active'"
            f"{shards} UNION ALL SELECT MIN(remind_at) FROM games WHERE status = 'active'{shards}) AS timers",
            params * 2,
        )
        return row[0] if row else None

    # -- players ---------------------------------------------------------------------
    async def players(self, game_id: int) -> list[PlayerRow]:
        rows = await self._all(
            "SELECT game_id, user_id, seat, ready_phase, joined_at FROM players "
            "WHERE game_id = ? ORDER BY joined_at, user_id",
            (game_id,),
        )
        return [PlayerRow(*r) for r in rows]

    async def seats_of(self, game_ids: Sequence[int]) -> dict[int, list[int]]:
        """The users of each of ``game_ids`` (a storm's order, bot.core.play.storm), read in
        chunks of a few hundred games."""
        out: dict[int, list[int]] = {}
        ids = list(dict.fromkeys(game_ids))
        for start in range(0, len(ids), 500):
            chunk = ids[start : start + 500]
            rows = await self._all(
                f"SELECT game_id, user_id FROM players WHERE game_id IN ({','.join('?' * len(chunk))}) "
                "ORDER BY game_id, user_id",
                chunk,
            )
            for game_id, user_id in rows:
                out.setdefault(game_id, []).append(user_id)
        return out

    async def add_player(self, game_id: int, user_id: int, now: float) -> bool:
        return (
            await self._run(
                "INSERT INTO players (game_id, user_id, joined_at) VALUES (?,?,?) ON CONFLICT DO NOTHING",
                (game_id, user_id, now),
            )
            == 1
        )

    async def remove_player(self, game_id: int, user_id: int) -> bool:
        return await self._run("DELETE FROM players WHERE game_id = ? AND user_id = ?", (game_id, user_id)) == 1

    async def set_seat(self, game_id: int, user_id: int, seat: int) -> None:
        await self._run("UPDATE players SET seat = ? WHERE game_id = ? AND user_id = ?", (seat, game_id, user_id))

    async def set_ready(self, game_id: int, user_id: int, phase: str | None) -> None:
        await self._run(
            "UPDATE players SET ready_phase = ? WHERE game_id = ? AND user_id = ?", (phase, game_id, user_id)
        )

    # -- phases and orders -----------------------------------------------------------
    async def insert_phase(self, game_id: int, phase: str, position: dict[str, Any]) -> None:
        """Store a new phase; one stored before under that name is replaced, with its
        orders and results."""
        await self._run("DELETE FROM phases WHERE game_id = ? AND phase = ?", (game_id, phase))
        await self._run(
            "INSERT INTO phases (game_id, phase, position) VALUES (?,?,?)", (game_id, phase, json.dumps(position))
        )

    async def set_phase_results(self, game_id: int, phase: str, results: list[dict[str, Any]], now: float) -> None:
        await self._run(
            "UPDATE phases SET results = ?, resolved_at = ? WHERE game_id = ? AND phase = ?",
            (json.dumps(results), now, game_id, phase),
        )

    async def set_fog_seen(self, game_id: int, phase: str, seen: dict[str, list[dict[str, Any]]]) -> None:
        """Issue 25: what each power saw of the phases played at once before ``phase``, told
        with ``phase``'s own results (:func:`bot.core.posts.fog_dms`)."""
        await self._run(
            "UPDATE phases SET fog_seen = ? WHERE game_id = ? AND phase = ?", (json.dumps(seen), game_id, phase)
        )

    async def fog_seen(self, game_id: int, phase: str) -> dict[str, list[dict[str, Any]]]:
        row = await self._one("SELECT fog_seen FROM phases WHERE game_id = ? AND phase = ?", (game_id, phase))
        return json.loads(row[0]) if row is not None and row[0] is not None else {}

    async def phase(self, game_id: int, phase: str) -> PhaseRow | None:
        row = await self._one(
            "SELECT game_id, phase, position, results, resolved_at FROM phases WHERE game_id = ? AND phase = ?",
            (game_id, phase),
        )
        if row is None:
            return None
        return PhaseRow(row[0], row[1], json.loads(row[2]), json.loads(row[3]) if row[3] is not None else None, row[4])

    async def message_needs(
        self, game_ids: Iterable[int], phases: Iterable[tuple[int, str]] = (), reader: int | None = None
    ) -> MessageNeeds:
        """The games ``game_ids``, their ``phases`` (pairs of game id and phase) and, with
        ``reader``, that user's language, DM channel and whether they want their maps
        pushed: what one message needs, in one query (issue 24: a merged DM of a reader in
        several games read them one statement at a time, each a trip to SQLite's thread or
        to the PostgreSQL server, a dozen per DM in a storm). The one row of ``(SELECT 1)``
        leads, so that the reader's settings come even when none of the games is stored;
        a game joined to several phases comes once per phase (parsed once)."""
        ids = list(dict.fromkeys(game_ids))
        pairs = list(dict.fromkeys(phases))
        names = list(dict.fromkeys(phase for _, phase in pairs))
        columns = [f"g.{c.strip()}" for c in _GAME_COLUMNS.split(",")]
        params: list[Any] = []
        if pairs:
            columns += ["p.phase", "p.position", "p.results", "p.resolved_at"]
        if reader is not None:
            columns += [
                "(SELECT COALESCE(chosen, seen) FROM user_languages WHERE user_id = ?)",
                "(SELECT channel_id FROM dm_channels WHERE user_id = ?)",
                "(SELECT 1 FROM dm_maps WHERE pushed = 1 AND user_id = ?)",
            ]
            params += [reader] * 3
        if ids:
            games = f"g.id IN ({', '.join('?' for _ in ids)})"
            params += ids
        else:
            games = "1 = 0"
        sql = f"SELECT {', '.join(columns)} FROM (SELECT 1) AS one LEFT JOIN games g ON {games}"
        if pairs:
            sql += (
                # (the phase's name in a list too: the primary key's index is searched by
                # game and phase, not every phase of a long game read to be filtered)
                " LEFT JOIN phases p ON p.game_id = g.id AND p.phase IN ("
                + ", ".join("?" for _ in names)
                + ") AND ("
                + " OR ".join("(p.game_id = ? AND p.phase = ?)" for _ in pairs)
                + ")"
            )
            params += [*names, *(v for pair in pairs for v in pair)]
        rows = await self._all(sql, params)
        width = len(_GAME_COLUMNS.split(","))
        found: dict[int, GameRow] = {}
        stored: dict[tuple[int, str], PhaseRow] = {}
        for row in map(tuple, rows):
            if row[0] is None:  # no game stored (the one row of (SELECT 1))
                continue
            if row[0] not in found:
                found[row[0]] = _game(row[:width])
            if pairs and row[width] is not None:
                p = row[width : width + 4]
                stored[(row[0], p[0])] = PhaseRow(
                    row[0], p[0], json.loads(p[1]), json.loads(p[2]) if p[2] is not None else None, p[3]
                )
        games_found = {gid: found[gid] for gid in ids if gid in found}  # in the order asked
        phases_found = {pair: stored[pair] for pair in pairs if pair in stored}
        if reader is None:
            return MessageNeeds(games_found, phases_found)
        language, channel, pushed = rows[0][-3:]
        return MessageNeeds(
            games_found,
            phases_found,
            language,
            int(channel) if channel is not None else None,
            pushed is not None,
        )

    async def phase_names(self, game_id: int) -> list[str]:
        rows = await self._all("SELECT phase FROM phases WHERE game_id = ? ORDER BY rowid", (game_id,))
        return [r[0] for r in rows]

    async def orders(self, game_id: int, phase: str) -> list[OrderRow]:
        rows = await self._all(
            "SELECT unit, power, text, user_id FROM orders WHERE game_id = ? AND phase = ? ORDER BY rowid",
            (game_id, phase),
        )
        return [OrderRow(*r) for r in rows]

    async def put_order(
        self, game_id: int, phase: str, unit: str, power: str, text: str, user_id: int, now: float
    ) -> None:
        await self._run(
            "INSERT INTO orders (game_id, phase, unit, power, text, user_id, updated_at) "
            "VALUES (?,?,?,?,?,?,?) ON CONFLICT (game_id, phase, unit) DO UPDATE SET "
            "power = excluded.power, text = excluded.text, user_id = excluded.user_id, "
            "updated_at = excluded.updated_at",
            (game_id, phase, unit, power, text, user_id, now),
        )

    async def delete_orders(self, game_id: int, phase: str, units: Iterable[str]) -> int:
        count = 0
        for unit in units:
            count += await self._run(
                "DELETE FROM orders WHERE game_id = ? AND phase = ? AND unit = ?", (game_id, phase, unit)
            )
        return count

    # -- outbox ----------------------------------------------------------------------
    async def add_intent(
        self,
        game_id: int,
        phase: str | None,
        *,
        kind: str,
        params: dict[str, Any],
        channel_id: int | None = None,
        user_id: int | None = None,
        mentions: list[int] | None = None,
        map_spec: dict[str, Any] | None = None,
        now: float,
    ) -> int:
        """Store a post intent (see :mod:`bot.core.posts`); its id."""
        row = await self._one(
            _ADD_INTENT + " RETURNING id",
            _intent_row(game_id, phase, kind, params, channel_id, user_id, mentions, map_spec, now),
        )
        return int(row[0])

    async def post_intent(
        self,
        game_id: int,
        phase: str | None,
        *,
        kind: str,
        params: dict[str, Any],
        channel_id: int | None = None,
        user_id: int | None = None,
        mentions: list[int] | None = None,
        map_spec: dict[str, Any] | None = None,
        now: float,
    ) -> None:
        """:meth:`add_intent` when its id is not needed: deferred (:meth:`_defer`), so the
        posts of a resolution are stored in one trip, in the order they were added."""
        await self._defer(
            _ADD_INTENT, _intent_row(game_id, phase, kind, params, channel_id, user_id, mentions, map_spec, now)
        )

    async def posts_due(
        self,
        now: float,
        limit: int = 100,
        *,
        hold: float = 0.0,
        skip: Iterable[tuple[str, int]] = (),
        soon: float = 0.0,
        kinds: str = "cu",
    ) -> list[OutboxRow]:
        """Unsent posts of :attr:`shards` due by ``now`` whose turn has come
        (``_IN_TURN_FROM``), in order.

        ``hold`` > 0 (merged posting, bot.discord.poster): a user's DMs also wait while
        another of their DMs waits for its game's channel posts, or while one of their
        games has a deadline or a reminder due (its DMs are on the way), so that they go
        out together as one message; no cause holds them longer than ``hold`` seconds
        (a channel that keeps failing, a game that can't resolve). The rows then come
        grouped by destination, each destination's in order, the destination whose
        oldest post is oldest first (channel posts and DMs alike: in a storm, channel
        posts in the order their games were resolved, bot.core.play.storm, and each DM as soon
        as it is in turn).

        ``soon``: with ``hold``, a user's DMs also wait for a deadline of theirs that
        comes within ``soon`` seconds (issue 24: deadlines a few seconds apart, one DM).

        ``skip``: destinations (``("c", channel_id)`` or ``("u", user_id)``) whose rows are
        left out: the poster's destinations being served (issue 24: their rows would only
        be read and dropped, many times a second in a storm).

        ``kinds``: ``"c"`` only channel posts, ``"u"`` only DMs (the poster's hands of the
        other kind are all busy: their rows would wait anyway)."""
        columns = ", ".join(f"outbox.{c.strip()}" for c in _OUTBOX_COLUMNS.split(","))
        shards, params = self._in_shards("games.guild_id")
        channels = [i for kind, i in skip if kind == "c"]
        users = [i for kind, i in skip if kind == "u"]
        if channels:
            shards += f" AND (outbox.channel_id IS NULL OR outbox.channel_id NOT IN ({', '.join('?' * len(channels))}))"
        if users:
            shards += f" AND (outbox.channel_id IS NOT NULL OR outbox.user_id NOT IN ({', '.join('?' * len(users))}))"
        params = (*params, *channels, *users)
        if kinds == "c":
            shards += " AND outbox.channel_id IS NOT NULL"
        elif kinds == "u":
            shards += " AND outbox.channel_id IS NULL"
        elif kinds != "cu":
            raise ValueError(f"kinds: {kinds!r}")
        if hold <= 0:
            rows = await self._all(
                _IN_TURN_FROM.format(select=f"SELECT {columns}, games.guild_id")
                + f" AND outbox.next_attempt <= ?{shards} ORDER BY outbox.id LIMIT ?",
                (now, *params, limit),
            )
        else:
            since = now - hold
            rows = await self._all(
                f"WITH {_BLOCKING}, {_HELD} SELECT {columns}, games.guild_id {_IN_TURN} "
                f"AND outbox.next_attempt <= ?{shards} "
                "AND (outbox.user_id IS NULL OR outbox.user_id NOT IN (SELECT uid FROM held)) "
                "ORDER BY MIN(outbox.id) OVER (PARTITION BY outbox.channel_id, outbox.user_id), outbox.id "
                "LIMIT ?",
                (since, now + soon, since, now, since, now, *params, limit),
            )
        return [_outbox(r, r[13]) for r in rows]

    async def next_post_time(self) -> float | None:
        # posts waiting for their turn are not counted: they are due when what they wait for is sent
        shards, params = self._in_shards("games.guild_id")
        row = await self._one(_IN_TURN_FROM.format(select="SELECT MIN(outbox.next_attempt)") + shards, params)
        return row[0] if row else None

    async def mark_attempt(self, post_id: int, next_attempt: float) -> None:
        """Record that a send is being tried (so a crash during it counts as an attempt)."""
        await self._run(
            "UPDATE outbox SET attempts = attempts + 1, next_attempt = ? WHERE id = ?", (next_attempt, post_id)
        )

    async def reschedule(self, post_id: int, next_attempt: float) -> None:
        await self._run("UPDATE outbox SET next_attempt = ? WHERE id = ?", (next_attempt, post_id))

    async def retry_unsent_now(self, now: float) -> int:
        """On start: whatever the previous process left unsent is due now. How many posts that is."""
        await self._run(
            "UPDATE outbox SET next_attempt = ? WHERE sent_at IS NULL AND error IS NULL AND next_attempt > ?",
            (now, now),
        )
        row = await self._one("SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL AND error IS NULL")
        return int(row[0])

    async def mark_sent(self, post_id: int, message_id: int | None, now: float) -> None:
        await self._run("UPDATE outbox SET sent_at = ?, message_id = ? WHERE id = ?", (now, message_id, post_id))

    async def mark_failed(self, post_id: int, error: str) -> None:
        await self._run("UPDATE outbox SET error = ? WHERE id = ?", (error, post_id))

    async def posts(self, game_id: int | None = None) -> list[dict[str, Any]]:
        """Every outbox row as a dict, with its delivery state (for tests and diagnostics)."""
        where, params = ("WHERE game_id = ?", (game_id,)) if game_id is not None else ("", ())
        rows = await self._all(
            f"SELECT {_OUTBOX_COLUMNS}, sent_at, error, message_id FROM outbox {where} ORDER BY id", params
        )
        out = []
        for r in rows:
            row = _outbox(r)
            out.append(
                {
                    "id": row.id,
                    "game_id": row.game_id,
                    "phase": row.phase,
                    "channel_id": row.channel_id,
                    "user_id": row.user_id,
                    "content": row.content,
                    "map": row.map,
                    "kind": row.kind,
                    "params": row.params,
                    "mentions": row.mentions,
                    "attempts": row.attempts,
                    "sent_at": r[13],
                    "error": r[14],
                    "message_id": r[15],
                    "row": row,
                }
            )
        return out


class _OneRead:
    """A backend's connection outside a transaction, for :meth:`Storage.read_once`: it
    runs one statement, a read (a second one would see another snapshot; a write would
    commit at once where PostgreSQL is concerned)."""

    def __init__(self, con: Connection) -> None:
        self._con = con
        self._used = False

    def _check(self, sql: str) -> None:
        if self._used:
            raise RuntimeError("Storage.read_once runs one statement: use Storage.read() for more")
        if not _is_read(sql):
            raise RuntimeError(f"Storage.read_once only reads: {sql[:60]}")
        self._used = True

    async def one(self, sql: str, params: Sequence[Any]) -> Any:
        self._check(sql)
        return await self._con.one(sql, params)

    async def all(self, sql: str, params: Sequence[Any]) -> list[Any]:
        self._check(sql)
        return await self._con.all(sql, params)

    async def run(self, sql: str, params: Sequence[Any]) -> int:
        raise RuntimeError(f"Storage.read_once only reads: {sql[:60]}")

    async def many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        raise RuntimeError(f"Storage.read_once only reads: {sql[:60]}")

    async def has_table(self, name: str) -> bool:
        return await self._con.has_table(name)

    async def server_time(self) -> float | None:
        return await self._con.server_time()


class Storage:
    """The database: ``await Storage.open(target)``, where ``target`` is a SQLite file
    (the default) or a ``postgresql://`` URL. ``async with storage.write() as tx`` (one
    write transaction) and ``async with storage.read() as tx`` (one consistent read) yield
    a :class:`Tx`; nothing outside ``bot.infra.storage`` writes SQL.

    The backend (:class:`bot.infra.storage.sqlite.SqliteDatabase` or
    :class:`bot.infra.storage.postgres.PostgresDatabase`) owns the connections, the
    transactions and the migrations; this class adds what both share: the fence that runs
    first in every write transaction, the interaction id a write applies once, and the
    shards whose due jobs the process sees.
    """

    def __init__(self, database: Database) -> None:
        self._database = database
        self.label = database.label  # how logs and messages name it (no password)
        # run first in every write transaction: the owner's lease check (bot.infra.lease)
        self.fence: Callable[[Tx], Awaitable[None]] | None = None
        # whose due jobs the due-job queries return: the shards this process runs now (the
        # owner of its leases sets it; everything when one process owns the database)
        self.shards: Callable[[], Shards] = lambda: EVERYTHING
        self.closed = False  # close() was called: the bot is stopping
        # press jobs committed by this process since it opened the database: the press
        # worker is woken after a commit only when this changed (issue 24: not after every
        # stored post of a storm)
        self.press_jobs_stored = 0

    @classmethod
    async def open(
        cls,
        target: str,
        before_migrate: Callable[[Storage], Awaitable[None]] | None = None,
        undo: Callable[[Storage], Awaitable[None]] | None = None,
    ) -> Storage:
        """Open the database and migrate it (a SQLite file that has a schema already is
        backed up first: :meth:`SqliteDatabase.migrate`); ``before_migrate`` runs first (the
        lease: a second process must not migrate a database another one runs on). On any
        failure ``undo`` runs (the lease given back: a refused start must not hold other
        processes off until it expires), then what was opened is closed again."""
        postgresql = is_postgresql(target)
        database: Database = await (PostgresDatabase.connect(target) if postgresql else SqliteDatabase.connect(target))
        storage = cls(database)
        try:
            if before_migrate is not None:
                await before_migrate(storage)
            await storage.migrate(backup_of=None if postgresql else target)
        except BaseException:
            try:
                if undo is not None:
                    await undo(storage)
            finally:
                await storage.close()
            raise
        return storage

    @asynccontextmanager
    async def write(self, action: int | None = None, *, patience: float | None = None) -> AsyncIterator[Tx]:
        """One write transaction: everything in it commits together or not at all, one at a
        time across every process. ``action``: the id of the interaction this write
        applies; a second write with the same id raises :class:`Replayed` and changes
        nothing. ``patience``: seconds to wait for another process' write lock, when not
        the usual (5 s on SQLite)."""
        async with self._database.write(patience) as con:
            tx = Tx(con, self.shards(), batching=True)
            if self.fence is not None:
                await self.fence(tx)
            if action is not None and not await tx.mark_action(action):
                raise Replayed(action)
            yield tx
            await tx.flush()  # the deferred writes (Tx._defer), in the transaction
        self.press_jobs_stored += tx.press_jobs_added  # committed (a failed commit raised)

    transaction = write  # the older name, kept for tests and tools

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Tx]:
        """One read transaction: a consistent snapshot, no write lock (writes raise)."""
        async with self._database.read() as con:
            yield Tx(con, self.shards())

    @asynccontextmanager
    async def read_once(self) -> AsyncIterator[Tx]:
        """A read of one statement (a :class:`Tx` method that runs one query, such as
        :meth:`Tx.message_needs`), outside a transaction: a statement is a consistent
        snapshot by itself, and the ``BEGIN`` and rollback around it would be two more
        trips to SQLite's thread or the PostgreSQL server (issue 24: the poster reads what
        each message needs, dozens a second in a storm). A write, or a second statement,
        raises: they need :meth:`read` or :meth:`write`."""
        async with self._database.read_once() as con:
            yield Tx(_OneRead(con), self.shards())

    async def migrate(self, backup_of: str | None = None) -> int:
        """Apply the migrations the database has not had; the schema version it is at."""
        return await self._database.migrate(backup_of)

    @property
    def waiting_since(self) -> float | None:
        """Since when (monotonic) writes wait for a write lock another program holds (an
        admin's ``sqlite3`` shell): they go on as soon as it lets go. None: they don't."""
        return self._database.waiting_since

    @property
    def on_waiting(self) -> Callable[[], None] | None:
        """Called when writes start waiting for another program's lock."""
        return self._database.on_waiting

    @on_waiting.setter
    def on_waiting(self, callback: Callable[[], None] | None) -> None:
        self._database.on_waiting = callback

    def stop_waiting(self) -> None:
        """The bot is stopping: a write waiting for another program's lock gives up."""
        self._database.stop_waiting()

    async def close(self) -> None:
        self.closed = True  # (set first: what runs meanwhile knows why the database fails)
        await self._database.close()

    async def pragma(self, name: str) -> Any:
        """Read a SQLite pragma (tests check WAL and foreign keys)."""
        if not isinstance(self._database, SqliteDatabase):
            raise TypeError("pragmas are SQLite's")
        return await self._database.pragma(name)
