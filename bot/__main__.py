"""``python -m bot``: run the bot. Settings come from the environment:

- ``DISCORD_TOKEN`` (required): the bot token from the Discord developer portal;
- ``DIPLOMACY_DB``: the SQLite database file (default ``./diplomacy.sqlite3``; created and
  migrated on first start);
- ``LOG_LEVEL``: ``DEBUG``, ``INFO`` (default), ``WARNING``...;
- ``DIPLOMACY_TAKEOVER``: ``refuse`` (default: start only if no other bot process holds the
  database) or ``wait`` (wait for the other's lease to expire, then take over);
  ``DIPLOMACY_LEASE_SECONDS`` (30) and ``DIPLOMACY_HEARTBEAT_SECONDS`` (a third of it);
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
    from bot.infra.lease import LeaseHeld, LeaseSettings

    db_path = os.environ.get("DIPLOMACY_DB", "./diplomacy.sqlite3")
    try:
        lease = LeaseSettings.from_env(os.environ)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    bot = DiplomacyBot(db_path=db_path, lease=lease)

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
    except LeaseHeld as exc:  # another bot process owns the database
        print(f"error: {exc}", file=sys.stderr)
        return 3
    except KeyboardInterrupt:
        pass
    if bot.lost is not None:  # another process took the database over: this one stopped
        print(f"error: {bot.lost}", file=sys.stderr)
        return 4
    return 0


if __name__ == "__main__":
    sys.exit(main())
