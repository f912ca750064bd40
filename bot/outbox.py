"""The outbox: delivering the posts that resolutions and game starts stored in SQLite.

A post is one Discord message (to the game channel or a player's DM), with the map of a
phase when it has one: the map is rendered here, in a worker thread, just before sending.
Posts to one destination go out in the order they were stored; destinations are served
concurrently. Each send carries the row id as its nonce with ``enforce_nonce`` so that if
the bot dies between sending and recording the send, Discord drops the repeat. Discord
errors never escape: 5xx, 429 and network failures are retried with backoff; a missing
permission, a deleted channel or closed DMs are recorded on the row and logged (closed
DMs are also reported in the game channel).
"""
from __future__ import annotations

import asyncio
import hashlib
import io
import json
import logging
from collections import OrderedDict
from typing import TYPE_CHECKING

import aiohttp
import discord

from bot.text.i18n import t
from bot.infra.storage import OutboxRow
from bot.infra.wakeable import WakeableLoop

if TYPE_CHECKING:
    from bot.app import DiplomacyBot

log = logging.getLogger(__name__)

MAX_ATTEMPTS = 100      # about two days of retries at the longest backoff
LEASE = 20.0            # a send in flight is retried after this long if the bot died meanwhile
CONCURRENCY = 8


def backoff(attempts: int) -> float:
    return min(15.0 * 2 ** attempts, 1800.0)


class Outbox(WakeableLoop):
    """Sends due posts in order per destination, then sleeps until the next is due."""

    name = "outbox"

    def __init__(self, bot: "DiplomacyBot") -> None:
        super().__init__(lambda: bot.service.now(), lambda delay: bot.pause(delay))
        self.bot = bot
        self.maps = bot.maps

    @property
    def service(self):
        return self.bot.service

    async def first(self) -> None:
        # after a restart, whatever was not sent (even mid-lease) goes out now
        async with self.service.storage.transaction() as tx:
            await tx.retry_unsent_now(self.service.now())

    def kick(self) -> None:
        """New posts were stored: send them now."""
        self.wake()

    async def step(self) -> float | None:
        await self.drain()
        async with self.service.storage.transaction() as tx:
            return await tx.next_post_time()


    async def drain(self) -> None:
        """Send every post that is due."""
        while True:
            async with self.service.storage.transaction() as tx:
                rows = await tx.posts_due(self.service.now(), limit=200)
            if not rows:
                return
            groups: OrderedDict[tuple[str, int], list[OutboxRow]] = OrderedDict()
            for row in rows:
                dest = ("c", row.channel_id) if row.channel_id is not None else ("u", row.user_id)
                groups.setdefault(dest, []).append(row)  # type: ignore[arg-type]
            limit = asyncio.Semaphore(CONCURRENCY)

            async def serve(batch: list[OutboxRow]) -> None:
                async with limit:
                    for row in batch:
                        if not await self._deliver(row):
                            break   # keep the order: the rest waits for this one

            await asyncio.gather(*(serve(b) for b in groups.values()))

    async def _deliver(self, row: OutboxRow) -> bool:
        """Send one post; True when it is done with (sent or given up)."""
        storage = self.service.storage
        now = self.service.now()
        async with storage.transaction() as tx:
            await tx.mark_attempt(row.id, now + max(LEASE, backoff(row.attempts)))
        file = None
        if row.map is not None:
            try:
                file = await self._map_file(row)
            except Exception:
                log.exception("rendering the map of game %s phase %s failed; posting without it",
                              row.game_id, row.map.get("phase"))
        try:
            if row.channel_id is not None:
                target = self.bot.get_channel(row.channel_id) or self.bot.get_partial_messageable(row.channel_id)
            else:
                assert row.user_id is not None
                target = self.bot.get_user(row.user_id) or await self.bot.fetch_user(row.user_id)
            kwargs = {"file": file} if file is not None else {}
            message = await target.send(row.content, nonce=f"o{row.id}",
                                        allowed_mentions=discord.AllowedMentions(users=True, everyone=False, roles=False),
                                        **kwargs)
        except (discord.Forbidden, discord.NotFound) as exc:
            log.warning("post %s of game %s (phase %s) can't be delivered: %s", row.id, row.game_id,
                        row.phase, exc)
            async with storage.transaction() as tx:
                await tx.mark_failed(row.id, f"{type(exc).__name__}: {exc}"[:500])
                if row.user_id is not None:
                    game = await tx.game(row.game_id)
                    if game is not None:
                        await tx.add_post(row.game_id, row.phase, t("post.dm_failed", game.language,
                                                                     user=f"<@{row.user_id}>"),
                                          channel_id=game.channel_id, now=self.service.now())
                        self._dirty = True
            return True
        except (discord.HTTPException, aiohttp.ClientError, asyncio.TimeoutError, OSError) as exc:
            attempts = row.attempts + 1
            if attempts >= MAX_ATTEMPTS:
                log.error("post %s of game %s given up after %d attempts: %s", row.id, row.game_id,
                          attempts, exc)
                async with storage.transaction() as tx:
                    await tx.mark_failed(row.id, f"gave up: {exc}"[:500])
                return True
            log.warning("post %s of game %s failed (%s); retrying in %.0fs", row.id, row.game_id, exc,
                        backoff(row.attempts))
            async with storage.transaction() as tx:
                await tx.reschedule(row.id, self.service.now() + backoff(row.attempts))
            return False
        async with storage.transaction() as tx:
            await tx.mark_sent(row.id, message.id, self.service.now())
        return True

    async def _map_file(self, row: OutboxRow) -> discord.File | None:
        assert row.map is not None
        phase = row.map["phase"]
        async with self.service.storage.transaction() as tx:
            stored = await tx.phase(row.game_id, phase)
            game = await tx.game(row.game_id)
        if stored is None or game is None:
            return None
        orders = stored.results if row.map.get("orders") else None
        front = row.map.get("front")     # a player's DM: cropped around their units
        # keyed by content, so a phase replayed after a rollback never shows a stale map
        key = (game.name, game.language, hashlib.sha1(
            json.dumps([stored.position, orders], sort_keys=True).encode()).hexdigest())
        png = await self.maps.get(key, stored.position, orders, game_name=game.name,
                                  language=game.language, front=front)
        suffix = ("-orders" if orders is not None else "") + (f"-{front.lower()}" if front else "")
        return discord.File(io.BytesIO(png), filename=f"{phase}{suffix}.png")
