"""The poster: the outbox worker. It takes the due posts (stored by use cases as post
intents, :mod:`bot.core.posts`), renders each at send time (``bot.text.posts``: channel
posts in the game's language, DMs in the reader's language of that moment) with its map
(``bot.infra.maps``, drawn off the event loop), sends it, and marks it sent.

Posts to one destination go out in the order they were stored; destinations are served
concurrently, except that a DM waits for the posts to its game's channel stored before it
(the storage hands out only the posts whose turn has come: see :mod:`bot.core.posts`). Each post is sent exactly once, even if the bot dies between sending and
recording the send and stays down: every message ends with the post's mark
(:mod:`bot.discord.marks`), and a post that an earlier try may have sent is first looked
for in the destination's history; Discord's nonce (the row id, with ``enforce_nonce``)
also drops a repeat within its few minutes. Discord
errors never escape: 5xx, 429 and network failures are retried with backoff; a missing
permission, a deleted channel or closed DMs are recorded on the row and logged (closed
DMs are also reported in the game channel). Rows stored before post intents carry their
text and are sent as they are. Only rows this process claimed are sent (``Deps.jobs``,
:mod:`bot.infra.lease`), and none while its lease has lapsed.
"""

from __future__ import annotations

import asyncio
import hashlib
import io
import json
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable

import aiohttp
import discord

from bot.core import posts
from bot.core.app import Core
from bot.core.languages import game_writing, map_labels
from bot.core.posts import PostKind
from bot.core.types import MapSpec
from bot.discord import attachments, marks
from bot.infra.lease import Job
from bot.infra.maps import MapCache, MapView
from bot.infra.storage import GameRow, OutboxRow, PhaseRow, Storage
from bot.infra.wakeable import WakeableLoop
from bot.text.board import map_description
from bot.text.markup import MAX_CONTENT, split
from bot.text.posts import render

log = logging.getLogger(__name__)

MAX_ATTEMPTS = 100  # about two days of retries at the longest backoff
LEASE = 20.0  # a send in flight is retried after this long if the bot died meanwhile
CONCURRENCY = 8
CLAIMED_RETRY = 5.0  # how soon to look again at posts another owner has claimed
MARK_ROOM = 40  # "\n-# #<id> (<part>/<parts>)"


def backoff(attempts: int) -> float:
    return min(15.0 * 2**attempts, 1800.0)


async def _read(storage: Storage, row: OutboxRow, spec: MapSpec | None) -> tuple[GameRow | None, PhaseRow | None, str]:
    """What sending a row needs, in one read: its game, the phase its map shows, and the
    language of its reader now (the game's for the channel, the player's for a DM)."""
    async with storage.read() as tx:
        game = await tx.game(row.game_id)
        stored = await tx.phase(row.game_id, spec.phase) if spec is not None else None
        language = game.language if game is not None else "en"
        if row.user_id is not None and row.kind is not None:
            language = (await tx.user_languages([row.user_id])).get(row.user_id, language)
    return game, stored, language


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
    game, _, language = await _read(storage, row, None)
    return texts_of(row, writing_of(game, language))


class Poster(WakeableLoop):
    """Sends due posts in order per destination, then sleeps until the next is due."""

    name = "outbox"

    def __init__(
        self,
        client: discord.Client,
        core: Core,
        maps: MapCache,
        pause: Callable[[float], Awaitable[None]] | None = None,
    ) -> None:
        super().__init__(core.now, pause)
        self.client = client
        self.core = core
        self.maps = maps

    async def first(self) -> None:
        # after a restart, whatever was not sent (even mid-lease) goes out now
        async with self.core.storage.write() as tx:
            owed = await tx.retry_unsent_now(self.core.now())
        if owed:
            log.info("%d post(s) left unsent by the previous run: sending them now", owed)

    def kick(self) -> None:
        """New posts were stored: send them now."""
        self.wake()

    async def step(self) -> float | None:
        await self.drain()
        async with self.core.storage.read() as tx:
            nxt = await tx.next_post_time()
        # posts still due are claimed by another owner: look again when claims may lapse
        now = self.core.now()
        return nxt if nxt is None or nxt > now else now + CLAIMED_RETRY

    async def drain(self) -> None:
        """Send every post that is due (and that this process claimed)."""
        while True:
            async with self.core.storage.read() as tx:
                rows = await tx.posts_due(self.core.now(), limit=200)
            held = await self.core.deps.jobs.claim([Job.post(r.id, r.guild_id) for r in rows]) if rows else set()
            rows = [r for r in rows if Job.post(r.id).key in held]
            if not rows:
                return
            groups: OrderedDict[tuple[str, int], list[OutboxRow]] = OrderedDict()
            for row in rows:
                dest = ("c", row.channel_id) if row.channel_id is not None else ("u", row.user_id or 0)
                groups.setdefault(dest, []).append(row)
            limit = asyncio.Semaphore(CONCURRENCY)
            await asyncio.gather(*(self._serve(b, limit) for b in groups.values()))

    async def _serve(self, batch: list[OutboxRow], limit: asyncio.Semaphore) -> None:
        """One destination's posts, in order: the rest waits when one is not sent."""
        async with limit:
            for row in batch:
                if not await self._deliver(row):
                    break

    async def _deliver(self, row: OutboxRow) -> bool:
        """Send one post; True when it is done with (sent or given up)."""
        storage = self.core.storage
        now = self.core.now()
        async with storage.write() as tx:
            await tx.mark_attempt(row.id, now + max(LEASE, backoff(row.attempts)))
        spec = MapSpec.from_json(row.map) if row.map is not None else None
        game, stored, language = await _read(storage, row, spec)
        files: list[discord.File] = []
        if spec is not None and game is not None and stored is not None:
            try:
                files = await self._map_files(game, stored, spec, language)
            except Exception:
                log.exception(
                    "rendering the map of game %s phase %s failed; posting without it", row.game_id, spec.phase
                )
        try:
            # each message leaves room for its mark (a row from before post intents may
            # hold a message of the full 2,000 characters)
            texts = [
                part
                for text in texts_of(row, writing_of(game, language))
                for part in split(text, MAX_CONTENT - MARK_ROOM)
            ]
        except Exception:  # a post that cannot be rendered would block its destination for good
            log.exception("post %s (%s) of game %s can't be rendered", row.id, row.kind, row.game_id)
            async with storage.write() as tx:
                await tx.mark_failed(row.id, f"render failed: {row.kind}")
            return True
        # only the users the post means to ping (a row from before post intents names
        # nobody: its text may quote a hostile game name, so it pings no one)
        allowed = discord.AllowedMentions(
            users=[discord.Object(u) for u in dict.fromkeys(row.mentions)], everyone=False, roles=False
        )
        if not self.core.deps.jobs.may_send():  # the lease lapsed: this process may not send
            return False
        try:
            if row.channel_id is not None:
                target = self.client.get_channel(row.channel_id) or self.client.get_partial_messageable(row.channel_id)
            else:
                assert row.user_id is not None
                target = self.client.get_user(row.user_id) or await self.client.fetch_user(row.user_id)
            sent = await self._sent_before(row, target) if row.attempts > 0 else {}
            message = None
            for i, text in enumerate(texts):
                if i in sent:  # delivered by a try that died before recording it
                    message = sent[i]
                    continue
                last = i == len(texts) - 1
                kwargs = {"files": files} if files and last else {}
                # the mark makes the send findable for good; the nonce makes Discord drop
                # a repeat within its few minutes even where the history can't be read
                message = await target.send(  # type: ignore[union-attr]
                    marks.marked(text, marks.Mark(row.id, i, len(texts))),
                    nonce=f"o{row.id}" if i == 0 else f"o{row.id}.{i}",
                    allowed_mentions=allowed,
                    **kwargs,
                )
        except (discord.Forbidden, discord.NotFound) as exc:
            log.warning("post %s of game %s (phase %s) can't be delivered: %s", row.id, row.game_id, row.phase, exc)
            async with storage.write() as tx:
                await tx.mark_failed(row.id, f"{type(exc).__name__}: {exc}"[:500])
                if row.user_id is not None:
                    game = await tx.game(row.game_id)
                    if game is not None:
                        await posts.channel(
                            tx,
                            game,
                            row.phase,
                            self.core.now(),
                            PostKind.DM_FAILED,
                            user=row.user_id,
                            mentions=(row.user_id,),
                        )
                        self._dirty = True
            return True
        except (TimeoutError, discord.HTTPException, aiohttp.ClientError, OSError) as exc:
            attempts = row.attempts + 1
            if attempts >= MAX_ATTEMPTS:
                log.error("post %s of game %s given up after %d attempts: %s", row.id, row.game_id, attempts, exc)
                async with storage.write() as tx:
                    await tx.mark_failed(row.id, f"gave up: {exc}"[:500])
                return True
            log.warning(
                "post %s of game %s failed (%s); retrying in %.0fs", row.id, row.game_id, exc, backoff(row.attempts)
            )
            async with storage.write() as tx:
                await tx.reschedule(row.id, self.core.now() + backoff(row.attempts))
            return False
        async with storage.write() as tx:
            await tx.mark_sent(row.id, message.id if message is not None else None, self.core.now())
        if row.attempts:
            log.info(
                "post %s of game %s (phase %s) re-sent after %d attempt(s)",
                row.id,
                row.game_id,
                row.phase,
                row.attempts,
            )
        return True

    async def _sent_before(self, row: OutboxRow, target: discord.abc.Messageable) -> dict[int, discord.Message]:
        """The messages of a post that an earlier try sent (it may have died between
        sending and recording): found by their marks in the destination's history."""
        assert self.client.user is not None
        try:
            found = await marks.find_sent(target, self.client.user.id, row.id, row.created_at)
        except discord.Forbidden:  # no Read Message History: only the nonce guards
            log.warning("post %s of game %s: can't read the history to check an earlier try", row.id, row.game_id)
            return {}
        if found:
            log.info(
                "post %s of game %s was sent before the bot stopped: %d message(s)", row.id, row.game_id, len(found)
            )
        return found

    async def _map_files(self, game: GameRow, stored: PhaseRow, spec: MapSpec, language: str) -> list[discord.File]:
        """The pictures of a post: the whole board, or one crop per group of powers, in the
        language of its reader (``language``: the game's for the channel, the player's for a
        DM) and the game's label set where that is the game's language; each with its alt
        text in that language (issue 15: bot.text.board)."""
        if spec.chart:  # the final post's supply-centre chart (issue 15)
            return await attachments.chart_files(self.core, game, language)
        orders = stored.results if spec.with_orders else None
        # keyed by content, so a phase replayed after a rollback never shows a stale map
        key = (
            game.id,
            game.name,
            hashlib.sha1(json.dumps([stored.position, orders], sort_keys=True).encode()).hexdigest(),
        )
        labels = map_labels(language, game.language, game.labels)
        groups = spec.fronts or ((),)
        views = [MapView(None if not g else g[0] if len(g) == 1 else g, language, labels) for g in groups]
        pngs = await self.maps.get_many(key, stored.position, orders, game_name=game.name, views=views, game=game.id)
        files = []
        for group, png in zip(groups, pngs, strict=True):
            suffix = ("-orders" if orders is not None else "") + "".join(f"-{p.lower()}" for p in group)
            alt = map_description(stored.position, language, orders=orders is not None, fronts=group)
            files.append(discord.File(io.BytesIO(png), filename=f"{spec.phase}{suffix}.png", description=alt))
        return files
