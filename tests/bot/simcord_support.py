"""Helpers for the simcord tests: build the real bot, a server with seven players."""

from __future__ import annotations

import asyncio
import contextlib
import io
import random
from dataclasses import dataclass, replace

import simcord
from PIL import Image

from bot.discord.app import DiplomacyBot
from bot.discord.poster import PostingSettings
from bot.infra import maps
from tests.bot import databases


def discord_clock():
    """discord.py's ``utcnow``: simcord moves it with its virtual clock."""
    import discord.utils

    return discord.utils.utcnow()


# simcord's wait for the bot to finish its work: only a guard against a hung test, never
# a speed limit (a busy machine may take long to draw real maps).
SETTLE_TIMEOUT = 300.0


def make_bot(db_path: str, seed: int = 1, scheduler: bool = True, real_maps: bool = False) -> DiplomacyBot:
    """The real bot; stories that are not about maps draw the plain stand-in picture (fast
    and deterministic under load); ``real_maps`` draws with the renderer."""
    return DiplomacyBot(
        db_path=db_path,
        clock=discord_clock,
        rng=random.Random(seed),
        run_scheduler=scheduler,
        map_drawer=None if real_maps else maps.plain_views,
        # simcord has no rate limits, and the outbox's pacing sleeps on the wall clock, which
        # simcord's virtual time does not move; the pacing is tested on a fake clock
        # (test_pacing.py) and against the loopback Discord's limits
        posting=replace(PostingSettings.from_env(), pacing=None),
    )


def virtual_pauses(env, bot: DiplomacyBot) -> None:
    """The bot's loops sleep on simcord's virtual clock only: a sleep until the next timer
    ends when the test moves time (or the bot wakes the loop), never by the wall clock, so
    a long settle timeout costs nothing."""

    async def pause(delay: float) -> None:
        await env.external_wait(asyncio.sleep(delay), reason="the bot's loop sleeps until its next timer")

    bot.pause = pause


@contextlib.asynccontextmanager
async def running(db_path: str, seed: int = 1, *, real_maps: bool = False):
    db_path = await databases.target(db_path)  # the file, or its PostgreSQL database
    bot = make_bot(db_path, seed, real_maps=real_maps)
    bots = [bot]
    async with simcord.run(bot, settle_timeout=SETTLE_TIMEOUT) as env:
        virtual_pauses(env, bot)

        async def restart(scheduler: bool = True) -> DiplomacyBot:
            fresh = make_bot(db_path, seed + len(bots), scheduler, real_maps)
            old = bots[-1]
            virtual_pauses(env, fresh)
            await env.restart_bot(fresh)
            if old.storage is not None:  # simcord detaches the old bot without closing it
                await old.storage.close()
                old.storage = None
            bots.append(fresh)
            return fresh

        env.restart = restart  # type: ignore[attr-defined]
        env.bots = bots  # type: ignore[attr-defined]
        try:
            yield env
        finally:
            for b in bots:
                if b.storage is not None:
                    await b.storage.close()
                    b.storage = None


@dataclass
class Table:
    guild: object
    channel: object
    members: list


def seven(env, names=("alice", "bob", "carol", "dave", "erin", "frank", "gina")) -> Table:
    guild = env.create_guild("Diplomacy Club")
    channel = guild.create_text_channel("game-1")
    members = [guild.add_member(env.create_user(n)) for n in names]
    return Table(guild, channel, members)


def png_ok(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(io.BytesIO(data))
    image.verify()
    return image.size


async def attachment_png(message) -> bytes:
    assert message.attachments, f"no attachment on {message.content!r}"
    data = await message.attachments[0].read()
    png_ok(data)
    return data


async def powers_by_user(env, channel_id):
    """The open game in a channel and, per power name, the id of the user who plays it."""
    from bot.core.context import powers_of

    core = env.bots[-1].core
    async with core.storage.transaction() as tx:
        game = await tx.open_game_in_channel(channel_id)
        players = await tx.players(game.id)
    return game, {powers_of(game, p)[0].value: p.user_id for p in players}
