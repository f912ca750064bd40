"""``python -m bot``: run the bot. Settings come from the environment:

- ``DISCORD_TOKEN`` (required): the bot token from the Discord developer portal;
- ``DIPLOMACY_DB``: the SQLite database file (default ``./diplomacy.sqlite3``; created and
  migrated on first start);
- ``LOG_LEVEL``: ``DEBUG``, ``INFO`` (default), ``WARNING``...;
- ``DIPLOMACY_RENDER_PROCESSES``: worker processes that draw maps (default one per core; 0: threads);
- ``DISCORD_API_URL`` / ``DISCORD_GATEWAY_URL``: only for tests against a local emulator.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys


def main() -> int:
    token = os.environ.get("DISCORD_TOKEN", "").strip()
    if not token:
        print(
            "error: set DISCORD_TOKEN to your bot's token (Discord developer portal → your "
            "application → Bot → Reset Token)",
            file=sys.stderr,
        )
        return 2
    level = os.environ.get("LOG_LEVEL", "INFO").upper()
    logging.basicConfig(
        level=getattr(logging, level, logging.INFO), format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    import discord

    api = os.environ.get("DISCORD_API_URL")
    gateway = os.environ.get("DISCORD_GATEWAY_URL")
    if api:
        import discord.http

        discord.http.Route.BASE = api.rstrip("/")
    if gateway:
        import yarl
        from discord.gateway import DiscordWebSocket

        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)

    from bot.discord.app import DiplomacyBot

    db_path = os.environ.get("DIPLOMACY_DB", "./diplomacy.sqlite3")
    bot = DiplomacyBot(db_path=db_path)

    async def run() -> None:
        async with bot:
            await bot.start(token)

    try:
        asyncio.run(run())
    except discord.LoginFailure:
        print(
            "error: Discord rejected DISCORD_TOKEN; set it to a valid bot token (developer portal → "
            "your application → Bot → Reset Token)",
            file=sys.stderr,
        )
        return 2
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
