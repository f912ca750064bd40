"""``python -m bot``: run the bot (``python -m bot demo [FOLDER]``: see it play a short game
without Discord, :mod:`bot.demo`). Settings come from the environment:

- ``DISCORD_TOKEN`` (required): the bot token from the Discord developer portal;
- ``DIPLOMACY_DB``: the SQLite database file (default ``diplomacy.sqlite3`` in the folder the
  bot starts from; its absolute path is logged at start; created and migrated on first start),
  or a PostgreSQL database ``postgresql://user:password@host:port/name`` (several bot
  processes share one; migrated on first start);
- ``DIPLOMACY_SHARD_COUNT`` (default 1) and ``DIPLOMACY_SHARDS`` (default all of them, e.g.
  ``0-3`` or ``0,2``): how many Discord shards the bot runs in all, and those this process
  connects and runs the games of (several processes: each its own shards, one PostgreSQL
  database; a process takes over the shards of one that died once its lease expires);
- ``LOG_LEVEL``: ``DEBUG``, ``INFO`` (default), ``WARNING``...;
- ``DIPLOMACY_TAKEOVER``: ``refuse`` (default: start only if no other bot process holds the
  database) or ``wait`` (wait for the other's lease to expire, then take over);
  ``DIPLOMACY_LEASE_SECONDS`` (30) and ``DIPLOMACY_HEARTBEAT_SECONDS`` (a third of it);
- ``DIPLOMACY_RENDER_PROCESSES``: worker processes that draw maps (default one per CPU the
  bot may use; 0: threads);
- ``DIPLOMACY_CONNECT_RETRY``: seconds before the first new try when Discord cannot be
  reached at start (default 5; doubling up to 5 minutes);
- ``DIPLOMACY_GATEWAY_TIMEOUT``: seconds to wait for the gateway to answer (default 60);
- ``DIPLOMACY_POSTING``: ``merged`` (default), ``pushed`` or ``separate``;
- ``DIPLOMACY_ASSETS``: a folder of map geometry and fonts instead of the installed ones;
- ``PGPASSWORD``: the PostgreSQL password when ``DIPLOMACY_DB`` leaves it out;
- ``DISCORD_API_URL`` / ``DISCORD_GATEWAY_URL``: only for tests against a local emulator.

``python -m bot --help`` prints them (:data:`bot.infra.settings.SETTINGS`). Every setting is
checked first (:func:`bot.infra.settings.check`: the token's form too), before anything is
created or connected; a bad one stops the bot with one line and exit status 2.
Before connecting to Discord it checks the map assets and the database
(:mod:`bot.infra.preflight`); a problem stops it with one line and exit status 2.
SIGTERM or SIGINT stop it cleanly (exit status 0).
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
import warnings
from pathlib import Path
from typing import TYPE_CHECKING

from bot.infra import preflight, settings
from bot.infra.lease import LeaseHeld, LeaseSettings
from bot.infra.shards import ShardSettings
from bot.infra.storage import DATABASE_ERRORS, is_postgresql

if TYPE_CHECKING:
    from bot.discord.operations import OperationsSettings

log = logging.getLogger("bot")


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] in ("db", "health", "invite"):  # the operator's commands (issue 24)
        from bot.ops.cli import run

        return run(args)
    if args and args[0] == "demo":  # a short game on a loopback Discord, no token (issue 24)
        from bot.demo import main as demo

        return demo(args[1:])
    if args and args[0] in ("-h", "--help", "help"):
        print(settings.usage())
        return 0
    if args:
        print(f"error: python -m bot takes no arguments ({args[0][:40]!r}); see python -m bot --help", file=sys.stderr)
        return 2
    # every setting is checked before anything is created or connected
    try:
        chosen = settings.check(os.environ)
        lease = LeaseSettings.from_env(os.environ)
        shards = ShardSettings.from_env(os.environ)
        # discord.py (imported to read the metrics setting) imports audioop for voice, which
        # this bot has none of
        warnings.filterwarnings("ignore", message="'audioop' is deprecated", category=DeprecationWarning)
        operations = _operations()  # health status, metrics (issue 24)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    token = chosen.token
    logging.basicConfig(
        level=getattr(logging, chosen.log_level), format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    target = os.environ.get("DIPLOMACY_DB", "").strip()
    if is_postgresql(target):
        return _run(token, target, lease, shards, chosen, operations)
    database = preflight.database_file(os.environ)
    try:
        preflight.check_renderer()
        state = preflight.check_database(database.path)
    except preflight.PreflightError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if not state.exists and not database.chosen:
        log.warning(
            "no database at %s: starting a new one there (DIPLOMACY_DB is not set, so the bot uses "
            "%s in the folder it starts from; set DIPLOMACY_DB to an absolute path to keep one file)",
            state.path,
            preflight.DEFAULT_DB,
        )
    log.info(
        "database %s (schema version %d%s)",
        state.path,
        state.version,
        f", {state.migrations_due} migration(s) to apply" if state.migrations_due else "",
    )
    return _run(token, str(state.path), lease, shards, chosen, operations)


def _operations() -> OperationsSettings:
    from bot.discord.operations import OperationsSettings

    return OperationsSettings.from_env(os.environ)


def _run(
    token: str,
    target: str,
    lease: LeaseSettings,
    shards: ShardSettings,
    chosen: settings.Settings,
    operations: OperationsSettings,
) -> int:
    """Connect and run until stopped; the exit status. ``target``: the SQLite file (checked
    already) or the PostgreSQL URL."""
    from bot.infra.storage.postgres import label

    postgresql = is_postgresql(target)
    name = label(target) if postgresql else target
    if postgresql:
        try:
            preflight.check_renderer()
        except preflight.PreflightError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        log.info("database %s", name)
    if shards.sharded:
        log.info("running shards %s", shards.shards.describe())
    import discord

    from bot.discord.runner import Backoff, quiet_discord, serve

    quiet_discord()  # before the client exists: it warns about voice when it is built
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

    bot = DiplomacyBot(
        db_path=target,
        lease=lease,
        shards=shards,
        operations=operations,
        freeze_heap=True,
        heartbeat_timeout=chosen.gateway_timeout,
    )
    backoff = Backoff(first=chosen.connect_retry)
    try:
        asyncio.run(serve(bot, token, backoff))
    except discord.LoginFailure:
        print(
            "error: Discord rejected DISCORD_TOKEN; set it to a valid bot token (developer portal → "
            "your application → Bot → Reset Token)",
            file=sys.stderr,
        )
        return 2
    except preflight.PreflightError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except DATABASE_ERRORS as exc:
        remedy = "check the server and DIPLOMACY_DB" if postgresql else preflight.remedy(Path(target), exc)
        print(f"error: database {name}: {' '.join(str(exc).split())[:300]}; {remedy}", file=sys.stderr)
        return 2
    except OSError as exc:
        if not postgresql:
            raise
        print(f"error: cannot reach the database {name}: {exc}; check the server and DIPLOMACY_DB", file=sys.stderr)
        return 2
    except LeaseHeld as exc:  # another bot process owns the database
        print(f"error: {exc}", file=sys.stderr)
        return 3
    except KeyboardInterrupt:  # a Ctrl-C before the signal handlers were in place
        pass
    if bot.lost is not None:  # another process took the database over: this one stopped
        print(f"error: {bot.lost}", file=sys.stderr)
        return 4
    return 0


if __name__ == "__main__":
    sys.exit(main())
