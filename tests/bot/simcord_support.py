"""Helpers for the simcord tests: build the real bot, a server with seven players."""
from __future__ import annotations

import contextlib
import io
import random
from dataclasses import dataclass

import simcord
from PIL import Image

from bot.app import DiplomacyBot
from bot.clock import discord_clock


def make_bot(db_path: str, seed: int = 1, scheduler: bool = True) -> DiplomacyBot:
    return DiplomacyBot(db_path=db_path, clock=discord_clock, rng=random.Random(seed),
                        run_scheduler=scheduler)


@contextlib.asynccontextmanager
async def running(db_path: str, seed: int = 1):
    bot = make_bot(db_path, seed)
    bots = [bot]
    async with simcord.run(bot) as env:
        async def restart(scheduler: bool = True) -> DiplomacyBot:
            fresh = make_bot(db_path, seed + len(bots), scheduler)
            old = bots[-1]
            await env.restart_bot(fresh)
            if old.storage is not None:   # simcord detaches the old bot without closing it
                await old.storage.close()
                old.storage = None
            bots.append(fresh)
            return fresh
        env.restart = restart   # type: ignore[attr-defined]
        env.bots = bots         # type: ignore[attr-defined]
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
    from bot.service import powers_of
    service = env.bots[-1].service
    async with service.storage.transaction() as tx:
        game = await tx.open_game_in_channel(channel_id)
        players = await tx.players(game.id)
    return game, {powers_of(game, p)[0].value: p.user_id for p in players}
