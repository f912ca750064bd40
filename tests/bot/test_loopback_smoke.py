"""The real discord.py network path (aiohttp REST, websocket gateway, multipart uploads)
against the loopback emulator: login, command sync, slash commands, a PNG post."""

from __future__ import annotations

import asyncio

import discord
import discord.http
import yarl
from discord.gateway import DiscordWebSocket

from bot.discord.app import DiplomacyBot
from tests.bot.loopback import Emulator
from tests.bot.simcord_support import png_ok


async def test_login_sync_command_and_png_post(tmp_path):
    emu = Emulator()
    channel = emu.add_channel("game-1")
    alice, bob = emu.add_user("alice"), emu.add_user("bob")
    await emu.start()
    saved = discord.http.Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    discord.http.Route.BASE = emu.api_url
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(emu.gateway_url)
    bot = DiplomacyBot(db_path=str(tmp_path / "db.sqlite3"))
    runner = asyncio.create_task(bot.start("loopback-token"))
    try:
        await asyncio.wait_for(emu.synced.wait(), 60)
        await asyncio.wait_for(emu.identified.wait(), 60)
        assert {c["name"] for c in emu.commands} >= {"game", "order", "orders", "clear", "ready", "unready"}
        await asyncio.wait_for(bot.wait_until_ready(), 60)
        reply = await emu.slash(alice, "game", {"name": "Loop", "players": 2}, channel=channel, sub="create")
        assert reply["type"] == 4 and "Loop" in reply["data"]["content"]
        for user in (alice, bob):
            reply = await emu.slash(user, "game", channel=channel, sub="join")
            assert "You joined" in reply["data"]["content"]
        reply = await emu.slash(alice, "game", channel=channel, sub="start")
        assert "has started" in reply["data"]["content"]
        posts = await emu.wait_posts(lambda p: p.channel_id == channel["id"] and p.files)
        name, data = posts[0].files[0]
        assert name == "S1914M.png"
        png_ok(data)
        # an order by DM, ephemeral, echoed
        reply = await emu.slash(alice, "order", {"orders": "A PAR - BUR"})
        assert reply["data"]["flags"] & 64
        assert "A PAR - BUR" in reply["data"]["content"]
        choices = await emu.slash(alice, "order", {"orders": "A PAR - B"}, autocomplete="orders")
        assert choices["type"] == 8
    finally:
        await bot.close()
        runner.cancel()
        await asyncio.gather(runner, return_exceptions=True)
        discord.http.Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = saved
        await emu.stop()
