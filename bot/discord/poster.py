"""The poster: the outbox worker. It takes the due posts (stored by use cases as post
intents, :mod:`bot.core.posts`), renders them at send time (``bot.text.posts``: channel
posts in the game's language, DMs in the reader's language of that moment) with their
maps (``bot.infra.maps``, drawn off the event loop), sends them, and marks them sent.

**Few requests (issue 13).** The due posts of one destination go out as one message
(:func:`batches_of`): a resolution's channel posts (results, civil-disorder and other
notices, the new phase and its deadline, with both maps attached) make one message, cut
only where Discord's 2,000 characters force it; a player's DMs go out as one message
across all their games, the new phases as one digest (``bot.text.posts.merged``). So that
a player's DMs of one deadline storm meet, the storage holds them while one of the
player's games is still to resolve or still has channel posts to send
(``Tx.posts_due(hold=...)``). A DM carries no map: it offers one with a button
(:mod:`bot.discord.fronts`), unless its reader asked for it attached (``/remind map``);
DMs go straight to the user's DM channel, whose id is kept in the database (no
``GET /users`` per DM). Every request the poster makes first asks the pacer
(:mod:`bot.infra.pacing`): under Discord's global limit of 50 requests per second and 5
messages per 5 seconds per channel; replies to interactions never ask it.
``DIPLOMACY_POSTING=separate`` keeps the strategy from before (one message per post,
maps pushed, a user fetched per DM, no pacing) for the benchmark's comparison.

**Order.** Posts to one destination go out in the order they were stored; destinations
are served concurrently, except that a DM waits for the posts to its game's channel
stored before it (the storage hands out only the posts whose turn has come: see
:mod:`bot.core.posts`); a merged DM waits for those of each of its games. The
destination whose oldest post is oldest goes first. DMs have hands of their own
(``concurrency``): a channel post waits for its maps to be drawn, and a DM in turn
meanwhile goes out between channel posts rather than behind them. Channel posts have as
many, and the DM hands no DM in turn needs (a freed hand goes to a DM first). In a storm the
games are resolved in the order that readies players' DMs soonest
(:mod:`bot.core.play.storm`), so the DMs go out all through the storm, and Discord's requests
per second are not left half used while maps are drawn.

**Exactly once**, even if the bot dies between sending and recording the send and stays
down, and without showing anything in the message: the rows of a tried message are
recorded as one batch before the send (``outbox.batch``), with the digest of each part's
content (``outbox.sent_digests``); a batch that an earlier try may have sent is first looked
for in the destination's history, by those digests, after the destination's last recorded
message (:mod:`bot.discord.marks`), and only the parts not there are sent, with the same
rows (a batch that has nothing to show any more, its phase over, records the message an
earlier try delivered); Discord's nonce (the batch's first row id, with ``enforce_nonce``)
also drops a repeat within its few minutes. The due posts are read leaving out the
destinations with a message under way when the read starts (one sent and recorded while
the read ran would look never tried). Discord errors never
escape: 5xx, 429 and network failures are retried with backoff; a deleted channel or
closed DMs are recorded on the rows and logged (closed DMs are also reported in the game
channel). Rows stored before post intents carry their text and are sent alone, as they
are. Only rows this process claimed are sent (``Deps.jobs``, :mod:`bot.infra.lease`), and
none while its lease has lapsed.

**A permission missing in a game's channel** (issue 24: taken away mid-game) loses no
post: seen in discord.py's cache before the send (no request Discord would refuse, no
attempt counted) or in a 403, the channel's posts wait (tried again every
PERMISSION_RETRY, and at once when the server's roles or channels change), the game's
creator is told by DM once per channel and permission
(:class:`bot.core.press.permissions.Alerts`), and the other destinations go on.
"""

from __future__ import annotations

import asyncio
import io
import logging
import os
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

import aiohttp
import discord

from bot.core import fog, posts
from bot.core.app import Core
from bot.core.languages import game_writing
from bot.core.posts import PostKind
from bot.core.press import SENDING, Permission
from bot.core.status import phase_pictures
from bot.core.types import MapSpec
from bot.discord import attachments, marks, permissions
from bot.discord.fronts import map_view
from bot.infra.group_commit import GroupCommit
from bot.infra.lease import Job
from bot.infra.maps import MapCache, map_filename
from bot.infra.pacing import Pacer, PacingSettings, Unpaced
from bot.infra.settings import posting as posting_setting
from bot.infra.storage import DATABASE_ERRORS, GameRow, OutboxRow, PhaseRow, Storage
from bot.infra.wakeable import WakeableLoop
from bot.text.board import map_description
from bot.text.markup import MAX_CONTENT, split
from bot.text.permissions import lost_text
from bot.text.posts import merged, render

log = logging.getLogger(__name__)

MAX_ATTEMPTS = 100  # about two days of retries at the longest backoff
PERMISSION_RETRY = 600.0  # a channel's posts waiting for a permission look again this often (and when it changes)
LEASE = 20.0  # a send in flight is retried after this long if the bot died meanwhile
CLAIMED_RETRY = 5.0  # how soon to look again at posts another owner has claimed (or held back)
# the ranks of the poster's records in a group commit (the rows of a message tried and of
# one sent in the same group are different rows: a message's send is recorded only after
# its try was committed), each rank's rows in one trip
TRIED, SENT = 0, 1
DIGEST_HOLD = 300.0  # a DM waits at most this long for the rest of its reader's storm
DIGEST_SOON = 10.0  # deadlines this many seconds apart are one storm for a reader: one DM (issue 24)
PAGE = (
    200  # due posts read at a time (in a storm, many a second: busy destinations are left out, JSON parsed when sent)
)
MAX_ROWS = 10  # posts one message carries at most
MAX_FILES = 10  # Discord: attachments per message
REVEAL_BYTES = 8 * 1024 * 1024  # issue 25: a fog game's history GIF at most this big (Discord: 10 MiB per message)
MESSAGE_LIMIT = MAX_CONTENT  # characters per message (a test lowers it)

Destination = tuple[str, int]  # ("c", channel id) or ("u", user id)


def backoff(attempts: int) -> float:
    return min(15.0 * 2**attempts, 1800.0)


class PushedMaps(StrEnum):
    """Which DMs carry their reader's map attached (the others offer it with a button)."""

    ASKED = "asked"  # those of readers who asked for it (``/remind map:True``)
    ALL = "all"  # every one (the strategy before issue 13)


@dataclass(frozen=True, slots=True)
class PostingSettings:
    """How the poster spends Discord's requests (see the module's docstring)."""

    merge: bool = True  # one message per destination's due posts; one DM per reader's storm
    hold: float = DIGEST_HOLD  # how long a DM may wait for the rest of its reader's storm (0: never)
    soon: float = DIGEST_SOON  # a deadline this many seconds away is part of the storm: its DMs are awaited
    dm_channels: bool = True  # send DMs to the stored DM channel (no GET /users per DM)
    pushed_maps: PushedMaps = PushedMaps.ASKED
    pacing: PacingSettings | None = field(default_factory=PacingSettings)  # None: only discord.py's 429s
    concurrency: int = 24  # users' DMs served at once, and channels as many plus the DMs' idle hands (~50/s at 0.5 s)

    @classmethod
    def separate(cls) -> PostingSettings:
        """The strategy before issue 13, for the benchmark's comparison: one message per
        post, the user fetched before each DM, every DM with its crops, no pacing."""
        return cls(merge=False, hold=0.0, dm_channels=False, pushed_maps=PushedMaps.ALL, pacing=None, concurrency=8)

    @classmethod
    def from_env(cls) -> PostingSettings:
        """``DIPLOMACY_POSTING``: ``separate`` (the old strategy), ``pushed`` (merged, but
        every DM with its map attached: the benchmark's other measure), ``merged`` or unset the
        default; anything else raises :class:`bot.infra.settings.SettingError`."""
        chosen = posting_setting(os.environ)
        if chosen == "separate":
            return cls.separate()
        if chosen == "pushed":
            return cls(pushed_maps=PushedMaps.ALL)
        return cls()


@dataclass(frozen=True, slots=True)
class Batch:
    """The posts one message carries (usually one destination's due posts)."""

    rows: tuple[OutboxRow, ...]

    @property
    def ids(self) -> tuple[int, ...]:
        return tuple(r.id for r in self.rows)

    @property
    def leader(self) -> int:
        """The first row: the batch's id (its parts' digests are recorded on it) and its nonce."""
        return self.rows[0].id

    @property
    def tried(self) -> bool:
        return any(r.attempts > 0 for r in self.rows)

    @property
    def attempts(self) -> int:
        return max(r.attempts for r in self.rows)

    @property
    def user_id(self) -> int | None:
        return self.rows[0].user_id


def destination(row: OutboxRow) -> Destination:
    return ("c", row.channel_id) if row.channel_id is not None else ("u", row.user_id or 0)


def _files_of(row: OutboxRow) -> int:
    """The pictures a channel post carries (a DM's are decided at send time)."""
    if row.map is None or row.user_id is not None:
        return 0
    return max(1, len(MapSpec.from_json(row.map).fronts))


def batches_of(rows: Sequence[OutboxRow], merge: bool) -> list[Batch]:
    """One destination's due rows (in order) as the messages that carry them: rows tried
    before go again as the batch they were tried in; without ``merge``, or for a row from
    before post intents, one message per row; else as few messages as Discord allows
    (at most MAX_ROWS posts and MAX_FILES pictures, one game's channel posts at a time)."""
    out: list[Batch] = []
    current: list[OutboxRow] = []
    files = 0  # the pictures of ``current`` (counted as rows join: issue 24, not summed again per row)
    tried: int | None = None  # the batch ``current`` repeats, if any

    def flush() -> None:
        nonlocal files
        if current:
            out.append(Batch(tuple(current)))
            current.clear()
        files = 0

    for row in rows:
        if row.batch is not None or row.attempts > 0:  # the message an earlier try carried
            again = row.batch if row.batch is not None else row.id  # (tried alone before batches)
            if tried != again:
                flush()
                tried = again
            current.append(row)
            continue
        if tried is not None:
            flush()
            tried = None
        if not merge or row.kind is None:
            flush()
            out.append(Batch((row,)))
            continue
        row_files = _files_of(row)
        if current and (
            len(current) >= MAX_ROWS
            or files + row_files > MAX_FILES
            or (row.channel_id is not None and current[0].game_id != row.game_id)  # one game's language
            or (row.kind == PostKind.PHASE_RESULTS and any(r.kind in _ANNOUNCING for r in current))
        ):
            flush()
        current.append(row)
        files += row_files
    flush()
    return out


# A channel message tells of one resolution: posts that come after the bot was away
# (several phases resolved at once, everybody ready) are not merged into one story.
_ANNOUNCING = frozenset({PostKind.GAME_STARTED, PostKind.PHASE_RESULTS, PostKind.PHASE_STARTED})


@dataclass(frozen=True, slots=True)
class _Sending:
    """What sending a batch needs, read in one transaction."""

    games: dict[int, GameRow]
    phases: dict[tuple[int, str], PhaseRow]
    language: str  # of the reader: the game's for the channel, the player's for a DM
    dm_channel: int | None = None
    pushed: bool = False  # the reader wants their map attached
    # a batch tried before: what its tries recorded (their parts' digests) and the last
    # message recorded as sent to its destination before it (Tx.sent_before)
    earlier: tuple[marks.Digests | None, int | None] = (None, None)


async def _read(storage: Storage, batch: Batch, settings: PostingSettings) -> _Sending:
    """What ``batch`` needs, in one query however many games and maps a merged DM tells
    of (issue 24: one trip for the games, the phases of the maps and the reader's
    settings, not one each), read outside a transaction (a statement is its own
    snapshot); for a batch tried before, also what its earlier tries recorded, in the
    same read transaction (before this try adds to it)."""
    rows = batch.rows
    shows = [(r.game_id, MapSpec.from_json(r.map).phase) for r in rows if r.map is not None]
    uid = batch.user_id
    reader = uid if uid is not None and rows[0].kind is not None else None
    before: tuple[marks.Digests | None, int | None] = (None, None)
    if not batch.tried:  # one statement: no transaction around it (two trips fewer)
        async with storage.read_once() as tx:
            needs = await tx.message_needs((r.game_id for r in rows), shows, reader)
    else:
        async with storage.read() as tx:
            needs = await tx.message_needs((r.game_id for r in rows), shows, reader)
            before = await tx.sent_before(batch.leader, rows[0].channel_id, rows[0].user_id)
    first = needs.games.get(rows[0].game_id)
    language = first.language if first is not None else "en"
    if reader is None:
        return _Sending(needs.games, needs.phases, language, earlier=before)
    channel = needs.dm_channel if settings.dm_channels else None
    pushed = settings.pushed_maps is PushedMaps.ALL or needs.pushed
    return _Sending(needs.games, needs.phases, needs.language or language, channel, pushed, before)


def texts_of(row: OutboxRow, language: str) -> list[str]:
    """The messages of one outbox row in ``language`` (a row from before post intents
    keeps its text)."""
    if row.kind is None:
        return [row.content]
    return render(row.kind, row.params or {}, language)


def writing_of(game: GameRow | None, language: str) -> str:
    """The language tag a post is written in: orders in the script of the map beside it."""
    return game_writing(language, game.language, game.labels) if game is not None else language


async def rendered(storage: Storage, row: OutboxRow) -> list[str]:
    """The messages of one outbox row, in the language of its reader now."""
    sending = await _read(storage, Batch((row,)), PostingSettings(dm_channels=False))
    return texts_of(row, writing_of(sending.games.get(row.game_id), sending.language))


# DMs about one phase: worth nothing once the game has moved on (its newer phase is in the
# same message or on its way)
_OF_A_PHASE = frozenset({PostKind.DM_PHASE_STARTED, PostKind.DM_REMINDER, PostKind.DM_MOD_REMINDER})


def shown(batch: Batch, games: dict[int, GameRow], merge: bool) -> list[OutboxRow]:
    """The rows whose text a message shows. A merged DM leaves out a new phase or a
    reminder of a phase that is over when it is sent (held for a digest, or a game that
    resolved at once when everybody was ready): the row is recorded as sent with the
    message that carries the rest of the batch, so it is never sent later either."""
    if not merge or batch.user_id is None:
        return list(batch.rows)
    out = []
    for row in batch.rows:
        game = games.get(row.game_id)
        phase = (row.params or {}).get("phase")
        if row.kind in _OF_A_PHASE and game is not None and phase is not None and phase != game.phase:
            continue
        out.append(row)
    return out


def batch_texts(batch: Batch, sending: _Sending, merge: bool) -> list[str]:
    """The messages of a batch, as they are shown: nothing added (none: nothing to show)."""
    language = writing_of(sending.games.get(batch.rows[0].game_id), sending.language)
    if not merge or batch.rows[0].kind is None:
        # (a row from before post intents may hold a message of the full 2,000 characters)
        return [part for r in batch.rows for text in texts_of(r, language) for part in split(text, MAX_CONTENT)]
    rows = shown(batch, sending.games, merge)
    return merged([(r.kind or "", r.params or {}) for r in rows], language, MESSAGE_LIMIT)


class Poster(WakeableLoop):
    """Sends due posts in order per destination, then sleeps until the next is due."""

    name = "outbox"

    def __init__(
        self,
        client: discord.Client,
        core: Core,
        maps: MapCache,
        pause: Callable[[float], Awaitable[None]] | None = None,
        *,
        settings: PostingSettings | None = None,
        pacer: Pacer | None = None,
    ) -> None:
        super().__init__(core.now, pause)
        self.client = client
        self.core = core
        self.maps = maps
        self.settings = settings or PostingSettings.from_env()
        pacing = self.settings.pacing
        self.pacer = pacer or (Pacer(pacing) if pacing is not None else Unpaced())
        self._busy: set[Destination] = set()  # destinations with a message under way
        self._alerted: set[int] = set()  # channels whose posts wait for a permission (issue 24)
        self._records = GroupCommit(core.storage)  # what sends record, a few transactions a second
        self._news = asyncio.Event()  # posts were stored since the drain last looked
        # the due posts read but not started yet for want of hands, by kind of destination
        # ("c" channels, "u" DMs), in order: taken before the database is read again
        self._queued: dict[str, OrderedDict[Destination, list[OutboxRow]]] = {"c": OrderedDict(), "u": OrderedDict()}
        # destinations whose messages were done with, by kind; and for a kind whose last read found all that
        # was due of it, those counts then: not read again before one of them moves
        self._finished = {"c": 0, "u": 0}
        self._exhausted: dict[str, tuple[int, ...] | None] = {"c": None, "u": None}

    async def stop(self, grace: float = 0.0) -> None:
        await super().stop(grace)
        await self._records.close()  # what the sends under way recorded is committed

    async def first(self) -> None:
        # after a restart, whatever was not sent (even mid-lease) goes out now
        async with self.core.storage.write() as tx:
            owed = await tx.retry_unsent_now(self.core.now())
            self._alerted = await tx.alerted_channels()  # told before the restart, not resolved yet
        if owed:
            log.info("%d post(s) left unsent by the previous run: sending them now", owed)

    def kick(self) -> None:
        """New posts were stored: send them now (a drain under way takes them at once)."""
        self._news.set()
        self.wake()

    async def step(self) -> float | None:
        await self.drain()
        async with self.core.storage.read() as tx:
            nxt = await tx.next_post_time()
        # posts still due are claimed by another owner or held for a digest: look again soon
        now = self.core.now()
        return nxt if nxt is None or nxt > now else now + CLAIMED_RETRY

    async def drain(self) -> None:
        """Send every post that is due (and that this process claimed): up to
        ``2 × concurrency`` destinations at once, each destination's messages in order.
        DMs have ``concurrency`` hands of their own: channel posts wait for their maps to
        be drawn, and the DMs that are in turn meanwhile go out between them rather than
        behind them. Channel posts have as many, and also the DM hands no DM is in turn for
        (issue 24: in a storm every player's one DM waits until all of their games are
        resolved, and the DM hands idled while the channel posts went at half of Discord's
        pace); a hand freed goes to a DM in turn first."""
        c = self.settings.concurrency
        running: set[asyncio.Task[None]] = set()
        self._forget_queued()
        try:
            while True:
                if self._news.is_set():  # posts stored since the last read: what was read is stale
                    self._news.clear()
                    self._forget_queued()
                served = sum(self._finished.values())
                dms = sum(1 for d in self._busy if d[0] == "u")
                spare = 2 * c - len(self._busy)
                free = {"u": min(c - dms, spare), "c": spare}
                jobs, full = await self._take(free) if spare > 0 else ([], True)
                for dest, batches in jobs:
                    self._busy.add(dest)
                    task = asyncio.create_task(self._serve(dest, batches), name=f"outbox {dest}")
                    running.add(task)
                    task.add_done_callback(running.discard)
                if jobs and not full:
                    continue
                if not running:
                    if sum(self._finished.values()) != served:
                        # the last send finished while the read ran: its snapshot may be older
                        # than that send's record, and posts waiting for it (a phase's DMs
                        # after its channel post) may be due now
                        continue
                    return
                # nothing else to start yet: look again when posts are stored (a storm's
                # next resolutions), or once a send is over (a DM may be in turn then)
                # while few are under way, once a quarter of them are when many are, so
                # that a long storm doesn't keep the database busy with reads
                wanted = len(running) - (max(1, c // 4) if len(running) > c // 2 else 1)
                news = asyncio.ensure_future(self._news.wait())
                try:
                    while len(running) > wanted and not news.done():
                        await asyncio.wait({*running, news}, return_when=asyncio.FIRST_COMPLETED)
                finally:
                    news.cancel()
        finally:
            if running:  # the loop was stopped: let the sends under way finish or stop with it
                for task in running:
                    task.cancel()
                await asyncio.gather(*running, return_exceptions=True)

    def _forget_queued(self) -> None:
        for queue in self._queued.values():
            queue.clear()
        self._exhausted = {"c": None, "u": None}

    def _moved(self, kind: str) -> tuple[int, ...]:
        """What may make more of a kind due without posts being stored: a channel post is
        due once the channel's message under way is done; a DM also once its game's
        channel post is sent."""
        return (self._finished["c"],) if kind == "c" else (self._finished["c"], self._finished["u"])

    async def _take(self, free: dict[str, int]) -> tuple[list[tuple[Destination, list[Batch]]], bool]:
        """The due posts of destinations not already being served, claimed, as messages:
        no more destinations than ``free`` hands: ``free["u"]`` for DMs, and ``free["c"]``
        for DMs and channel posts together (the DMs taken first, channel posts in the hands
        they leave). Also whether destinations were left for later for want of hands.

        What a read finds beyond the free hands is queued, and the next destinations of a
        kind come from its queue before the database is read again for that kind (issue
        24: the read of the due posts costs in proportion to everything pending; in a storm
        of 10,000 games, read at each free hand, it was most of the bot's CPU). The queues
        are forgotten when posts are stored (a fresh read puts the new ones in order). A
        kind whose last read found all that was due of it is not read again until a
        message it may wait for is done (:meth:`_moved`) or posts are stored."""
        merge = self.settings.merge
        # The destinations with a message under way are left out of the read itself (issue
        # 24: not read only to be dropped), as they are when the read starts: one whose
        # message is sent and recorded while the read runs (its thread slow on a busy
        # machine) would otherwise come back from a snapshot older than the record, its
        # destination free again, and go a second time. Nothing becomes busy during the
        # read: only the drain, waiting for it, starts messages. A kind whose hands are all
        # busy is not read (in a storm, channel posts wait for their maps while the drain
        # looks for DMs in turn many times a second), nor one with destinations queued.
        # A queued destination is never busy: each read replaces its kinds' queues whole,
        # and a destination leaves its queue as it is started.
        kinds = "".join(
            kind
            for kind in "cu"
            if free.get(kind, 0) > 0 and not self._queued[kind] and self._exhausted[kind] != self._moved(kind)
        )
        if kinds:
            moved = {kind: self._moved(kind) for kind in kinds}  # before the read: a send done during it counts
            async with self.core.storage.read() as tx:
                rows = await tx.posts_due(
                    self.core.now(),
                    limit=PAGE,
                    hold=self.settings.hold if merge else 0.0,
                    skip=tuple(self._busy),
                    soon=self.settings.soon,
                    kinds=kinds,
                )
            groups: OrderedDict[Destination, list[OutboxRow]] = OrderedDict()
            for row in rows:
                groups.setdefault(destination(row), []).append(row)
            if merge and len(rows) == PAGE and len(groups) > 1:
                groups.popitem()  # the last destination may go on in the next page: it waits for it whole
            for kind in kinds:
                self._queued[kind] = OrderedDict((d, rs) for d, rs in groups.items() if d[0] == kind)
                # all that was due of it found: not read again until something moves
                self._exhausted[kind] = moved[kind] if len(rows) < PAGE else None
        chosen: list[tuple[Destination, list[OutboxRow]]] = []
        full = False
        # DMs first: the hands they leave are the channel posts' (free["c"] counts them too)
        left = free.get("c", 0)
        for kind in "uc":
            queue = self._queued[kind]
            for _ in range(min(free.get(kind, 0), left)):
                if not queue:
                    break
                chosen.append(queue.popitem(last=False))
                left -= 1
            full = full or bool(queue)  # no hand for them now: neither claimed nor parsed
        if not chosen:
            return [], full
        chosen.sort(key=lambda item: item[1][0].id)  # in the order of their oldest posts, as read
        wanted = [r for _, rs in chosen for r in rs]
        held = await self.core.deps.jobs.claim([Job.post(r.id, r.guild_id) for r in wanted])
        return [
            (dest, batches_of(rs, merge)) for dest, rs in chosen if all(Job.post(r.id).key in held for r in rs)
        ], full

    async def _serve(self, dest: Destination, batches: list[Batch]) -> None:
        """One destination's messages, in order: the rest waits when one is not sent."""
        try:
            for batch in batches:
                if not await self._deliver(batch):
                    break
        except DATABASE_ERRORS as exc:  # a write given up at a stop, a full disk: no bug, no traceback
            if not self._stopping:
                log.warning("posting to %s failed: the database failed (%s)", dest, " ".join(str(exc).split())[:200])
        except Exception:  # a bug must not stop the other destinations
            log.exception("posting to %s failed", dest)
        finally:
            self._busy.discard(dest)
            self._finished[dest[0]] += 1

    async def _deliver(self, batch: Batch) -> bool:
        """Send one message; True when its posts are done with (sent or given up)."""
        storage = self.core.storage
        first = batch.rows[0]
        sending = await _read(storage, batch, self.settings)
        try:
            texts = batch_texts(batch, sending, self.settings.merge)
        except Exception:  # a post that cannot be rendered would block its destination for good
            log.exception("posts %s (%s) of game %s can't be rendered", batch.ids, first.kind, first.game_id)
            async with storage.write() as tx:
                await tx.mark_batch_failed(batch.ids, f"render failed: {first.kind}")
            return True
        if not texts:  # only DMs of phases that are over: done with, carried by no new message
            carried = await self._delivered_before(batch, sending) if batch.tried else None
            async with storage.write() as tx:
                await tx.mark_batch_sent(batch.ids, carried, self.core.now())
            self._log_retried(batch, sending)
            return True
        if first.channel_id is not None and self.core.deps.jobs.may_send():
            # a permission known to be missing in the channel: no request Discord would refuse
            # (nor maps drawn, nor an attempt counted: the posts wait however long it takes)
            pictures = any(_files_of(r) for r in batch.rows)
            lacks = permissions.missing_to_send(
                self.client.get_channel(first.channel_id), (*SENDING, Permission.ATTACH_FILES) if pictures else SENDING
            )
            if lacks:
                return await self._waiting(batch, lacks)
        # what an earlier try recorded, to find what it sent (read before this try adds to it)
        earlier, last = sending.earlier
        digests = marks.recorded(earlier, texts)
        lease = self.core.now() + max(LEASE, backoff(batch.attempts))
        # committed before anything is sent: a try that dies after sending is found by them
        await self._records.write(lambda tx: tx.mark_tried(batch.ids, batch.leader, lease, digests), TRIED)
        files, view = await self._attachments(batch, sending)
        # only the users the posts mean to ping (a row from before post intents names
        # nobody: its text may quote a hostile game name, so it pings no one)
        users = dict.fromkeys(u for r in batch.rows for u in r.mentions)
        allowed = discord.AllowedMentions(users=[discord.Object(u) for u in users], everyone=False, roles=False)
        if not self.core.deps.jobs.may_send():  # the lease lapsed: this process may not send
            return False
        dest = destination(first)
        needed = (*SENDING, Permission.ATTACH_FILES) if files else SENDING
        target: discord.abc.Messageable | None = None
        try:
            target = await self._target(batch, sending)
            sent = await self._sent_before(batch, target, earlier, last) if batch.tried else {}
            message = None
            for i, text in enumerate(texts):
                if i in sent:  # delivered by a try that died before recording it
                    message = sent[i]
                    continue
                kwargs: dict = {}
                if i == len(texts) - 1:  # the pictures and buttons go with the last message
                    if files:
                        kwargs["files"] = files
                    if view is not None:
                        kwargs["view"] = view
                await self.pacer.request(dest)
                # the recorded digests make the send findable for good; the nonce makes
                # Discord drop a repeat within its few minutes even where the history can't be read
                message = await target.send(  # type: ignore[union-attr]
                    text,
                    nonce=f"o{batch.leader}" if i == 0 else f"o{batch.leader}.{i}",
                    allowed_mentions=allowed,
                    **kwargs,
                )
        except discord.Forbidden as exc:
            if first.channel_id is not None:  # the game's channel: its posts wait for the permission
                return await self._waiting(batch, permissions.refused(exc, target, needed))
            return await self._undeliverable(batch, sending, exc)
        except discord.NotFound as exc:
            return await self._undeliverable(batch, sending, exc)
        except (TimeoutError, discord.HTTPException, aiohttp.ClientError, OSError) as exc:
            attempts = batch.attempts + 1
            if attempts >= MAX_ATTEMPTS:
                log.error("posts %s of game %s given up after %d attempts: %s", batch.ids, first.game_id, attempts, exc)
                async with storage.write() as tx:
                    await tx.mark_batch_failed(batch.ids, f"gave up: {exc}"[:500])
                return True
            log.warning(
                "posts %s of game %s failed (%s); retrying in %.0fs",
                batch.ids,
                first.game_id,
                exc,
                backoff(batch.attempts),
            )
            async with storage.write() as tx:
                await tx.reschedule_batch(batch.ids, self.core.now() + backoff(batch.attempts))
            return False
        sent_id, now = (message.id if message is not None else None), self.core.now()
        await self._records.write(lambda tx: tx.mark_batch_sent(batch.ids, sent_id, now), SENT)
        self._log_retried(batch, sending)
        if first.channel_id in self._alerted:  # it waited for a permission: one taken away later is told again
            self._alerted.discard(first.channel_id)
            await self.core.alerts.resolved(first.channel_id)
        return True

    async def _waiting(self, batch: Batch, lacks: tuple[Permission, ...]) -> bool:
        """The game's channel lacks ``lacks``: its posts wait (not lost, not given up), and
        the game's creator is told by DM, once per channel and permission."""
        first = batch.rows[0]
        assert first.channel_id is not None
        names = ", ".join(p.value for p in lacks)
        log.warning("posts %s of game %s wait: no %s in channel %s", batch.ids, first.game_id, names, first.channel_id)
        async with self.core.storage.write() as tx:
            await tx.reschedule_batch(batch.ids, self.core.now() + PERMISSION_RETRY)
        self._alerted.add(first.channel_id)
        if await self.core.alerts.first(first.game_id, first.guild_id or 0, first.channel_id, lacks):
            await self._tell_creator(first.game_id, first.channel_id, lacks)
        return False

    async def _tell_creator(self, game_id: int, channel_id: int, lacks: tuple[Permission, ...]) -> None:
        """One line to the game's creator, in their language: which permission, which channel."""
        async with self.core.storage.read() as tx:
            game = await tx.game(game_id)
            if game is None:
                return
            language = (await tx.user_languages([game.creator_id])).get(game.creator_id, game.language)
        text = lost_text(game.name, channel_id, lacks, language)
        try:
            await self.pacer.request()
            user = self.client.get_user(game.creator_id) or await self.client.fetch_user(game.creator_id)
            await user.send(text, allowed_mentions=discord.AllowedMentions.none())
        except (discord.HTTPException, aiohttp.ClientError, OSError, TimeoutError) as exc:
            log.warning("the creator of game %s could not be told of the missing %s: %s", game_id, lacks, exc)

    async def permissions_changed(self, before: object, after: object) -> None:
        """A server's roles, channels or the bot's roles changed: the posts waiting there
        for a permission are tried now (a listener of the client's update events)."""
        user = self.client.user
        if isinstance(after, discord.Member) and (user is None or after.id != user.id):
            return  # another member's roles: not the bot's permissions
        guild = getattr(after, "guild", None)
        if guild is not None and await self.core.alerts.waiting_in(guild.id):
            self.kick()

    def _log_retried(self, batch: Batch, sending: _Sending) -> None:
        """Say which posts tried before are done with now: sent, or left out (a DM of a
        phase that was over when its turn came)."""
        shown_ids = {r.id for r in shown(batch, sending.games, self.settings.merge)}
        for row in batch.rows:
            if row.attempts:
                how = "re-sent" if row.id in shown_ids else "left out (its phase is over)"
                log.info(
                    "post %s of game %s (phase %s) %s after %d attempt(s)",
                    row.id,
                    row.game_id,
                    row.phase,
                    how,
                    row.attempts,
                )

    async def _undeliverable(self, batch: Batch, sending: _Sending, exc: discord.HTTPException) -> bool:
        """Discord refused for good (no permission, no channel, closed DMs): record it on
        the rows, and tell each game's channel when a player's DMs are closed. A DM
        channel kept from before that is gone is forgotten and opened afresh instead."""
        first = batch.rows[0]
        storage = self.core.storage
        uid = batch.user_id
        if uid is not None and isinstance(exc, discord.NotFound) and sending.dm_channel is not None:
            log.warning("the DM channel %s of user %s is gone; opening it again", sending.dm_channel, uid)
            async with storage.write() as tx:
                await tx.forget_dm_channel(uid)
                await tx.reschedule_batch(batch.ids, self.core.now())
            self._dirty = True
            return False
        log.warning("posts %s of game %s (phase %s) can't be delivered: %s", batch.ids, first.game_id, first.phase, exc)
        async with storage.write() as tx:
            await tx.mark_batch_failed(batch.ids, f"{type(exc).__name__}: {exc}"[:500])
            if uid is not None:
                for row in {r.game_id: r for r in batch.rows}.values():  # once per game
                    game = await tx.game(row.game_id)
                    if game is not None:
                        await posts.channel(
                            tx, game, row.phase, self.core.now(), PostKind.DM_FAILED, user=uid, mentions=(uid,)
                        )
                        self._dirty = True
        return True

    async def _target(self, batch: Batch, sending: _Sending) -> discord.abc.Messageable:
        """Where the batch goes: the channel, or the user's DM channel (opened once and
        kept: a DM channel's id never changes)."""
        first = batch.rows[0]
        if first.channel_id is not None:
            cid = first.channel_id
            return self.client.get_channel(cid) or self.client.get_partial_messageable(cid)  # type: ignore[return-value]
        uid = batch.user_id
        assert uid is not None
        if not self.settings.dm_channels:  # the old strategy: the user first, every time
            await self.pacer.request()
            return self.client.get_user(uid) or await self.client.fetch_user(uid)
        cid = sending.dm_channel
        if cid is None:
            await self.pacer.request()
            data = await self.client.http.start_private_message(uid)
            cid = int(data["id"])
            now = self.core.now()
            await self._records.write(lambda tx: tx.store_dm_channel(uid, cid, now))
        return self.client.get_partial_messageable(cid, type=discord.ChannelType.private)

    async def _sent_before(
        self, batch: Batch, target: discord.abc.Messageable, earlier: marks.Digests | None, last: int | None
    ) -> dict[int, discord.Message]:
        """The messages of a batch that an earlier try sent (it may have died between
        sending and recording): found in the destination's history by the digests the
        tries recorded, after the destination's last recorded message (by their marks,
        for a batch tried by a version that marked its messages)."""
        assert self.client.user is not None
        first = batch.rows[0]
        await self.pacer.request()
        bot_id = self.client.user.id
        try:
            if earlier is None:
                found = await marks.find_marked(target, bot_id, batch.leader, first.created_at)
            else:
                found = await marks.find_sent(target, bot_id, earlier, first.created_at, last)
        except discord.Forbidden:  # no Read Message History: only the nonce guards
            log.warning("posts %s of game %s: can't read the history to check an earlier try", batch.ids, first.game_id)
            return {}
        if found:
            log.info(
                "posts %s of game %s were sent before the bot stopped: %d message(s)",
                batch.ids,
                first.game_id,
                len(found),
            )
        return found

    async def _delivered_before(self, batch: Batch, sending: _Sending) -> int | None:
        """The message that carries a batch an earlier try delivered before the bot stopped,
        if any (its last part): recorded even when the retry has nothing to show any more
        (its phase is over), so that the outbox says which message carries every post that
        reached Discord, and the destination's last recorded message is the last one sent
        there (what the next retry looks after). None when nothing is found or the history
        can't be read: the post is done with either way."""
        earlier, last = sending.earlier
        try:
            target = await self._target(batch, sending)
            found = await self._sent_before(batch, target, earlier, last)
        except (TimeoutError, discord.HTTPException, aiohttp.ClientError, OSError) as exc:
            log.warning(
                "posts %s of game %s: can't look for an earlier try (%s)", batch.ids, batch.rows[0].game_id, exc
            )
            return None
        return max(m.id for m in found.values()) if found else None

    async def _attachments(self, batch: Batch, sending: _Sending) -> tuple[list[discord.File], discord.ui.View | None]:
        """The pictures of a message, and its buttons: a channel post's maps (or the final
        post's chart); a DM's crops when its reader wants them attached (at most
        MAX_FILES), else a button per game that offers them. Each picture in its reader's
        language, with its alt text in that language."""
        offers: list[tuple[int, str, str]] = []
        drawings: list[Awaitable[list[discord.File]]] = []  # drawn at the same time, attached in order
        count = 0  # pictures planned
        planned: set[tuple[int, MapSpec]] = set()  # the same pictures asked twice go once
        for row in shown(batch, sending.games, self.settings.merge):
            if row.map is None:
                continue
            spec = MapSpec.from_json(row.map)
            game = sending.games.get(row.game_id)
            if game is None or (row.game_id, spec) in planned:
                # (a merged DM: a new player's welcome and the phase's private results of a
                # Fog of War game both ask for the reader's own map of the phase)
                continue
            planned.add((row.game_id, spec))
            language = sending.language if row.user_id else game.language
            stored = sending.phases.get((row.game_id, spec.phase))
            if stored is None and not (spec.chart or spec.history):
                continue
            if row.user_id is not None and spec.fronts and not sending.pushed:
                offers.append((game.id, game.name, spec.phase))
                continue
            if count + max(1, len(spec.fronts)) > MAX_FILES:
                offers.append((game.id, game.name, spec.phase))
                continue
            count += max(1, len(spec.fronts))
            if spec.history:  # a Fog of War game's reveal (issue 25): its whole history
                reveal = attachments.reveal_files(self.core, game, language, REVEAL_BYTES)
                drawings.append(self._drawn(reveal, game, spec))
            elif spec.chart:  # the final post's supply-centre chart (issue 15)
                drawings.append(self._drawn(attachments.chart_files(self.core, game, language), game, spec))
            elif stored is not None:
                drawings.append(self._drawn(self._pictures(game, stored, spec, language), game, spec))
        files = [f for drawn in await asyncio.gather(*drawings) for f in drawn]
        return files, map_view(offers, sending.language)

    @staticmethod
    async def _drawn(drawing: Awaitable[list[discord.File]], game: GameRow, spec: MapSpec) -> list[discord.File]:
        """A post's pictures, or none when drawing them failed (the post goes without)."""
        try:
            return await drawing
        except Exception:
            log.exception("rendering the map of game %s phase %s failed; posting without it", game.id, spec.phase)
            return []

    async def _pictures(self, game: GameRow, stored: PhaseRow, spec: MapSpec, language: str) -> list[discord.File]:
        """The pictures of a post: the whole board, or one crop per group of powers, in the
        language of its reader (the game's for the channel, the player's for a DM) and the
        game's label set where that is the game's language, each with its alt text. A new
        phase's board is drawn with every power's front only when every DM carries its
        crops (the old strategy); else a crop is drawn when a reader asks for it."""
        orders = stored.results if spec.with_orders else None
        groups = spec.fronts or ((),)
        pngs = await phase_pictures(
            self.maps, game, stored.position, orders, groups, language, plan=self.settings.pushed_maps is PushedMaps.ALL
        )
        out = []
        for group, png in zip(groups, pngs, strict=True):
            shown = fog.shown_position(game, stored.position, group)  # issue 25: the reader's sight only
            alt = map_description(shown, language, orders=orders is not None, fronts=group)
            name = map_filename(spec.phase, group, with_orders=orders is not None)
            out.append(discord.File(io.BytesIO(png), filename=name, description=alt))
        return out
