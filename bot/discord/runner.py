"""Running the bot process: open the database, connect to Discord (trying again while it
cannot be reached), serve until SIGTERM or SIGINT, stop cleanly.

Owns the process's life around :class:`bot.discord.app.DiplomacyBot`, for ``python -m bot``:

- Discord unreachable at start (DNS, refused, TLS, a gateway that never answers) is retried
  with a growing pause, one log line per try. discord.py's own reconnect loop crashes with
  ``'NoneType' object has no attribute 'sequence'`` when its first gateway connection never
  opened; that crash is one more try here. A rejected token (:class:`discord.LoginFailure`)
  is not retried: it propagates, for ``__main__`` to say what to set.
- SIGTERM and SIGINT close the bot (its ``close`` stops the loops, the gateway, the map
  processes and the database in that order). A second signal ends the process at once (as
  that signal ends a process without a handler), and a stop that takes longer than
  :data:`STOP_LIMIT` with SIGKILL: every change is one SQLite transaction, so even then
  nothing is lost.
- discord.py's log lines for reconnects become one line each (no traceback), and the voice
  warning of a bot without voice is dropped.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import threading
from collections.abc import Callable
from dataclasses import dataclass

import aiohttp
import discord
import discord.http
from discord.gateway import DiscordWebSocket, ReconnectWebSocket
from discord.utils import MISSING

from bot.discord.app import DiplomacyBot

log = logging.getLogger(__name__)

STOP_LIMIT = 8.0  # seconds a clean stop may take before the process ends anyway (Docker kills at 10)

RETRYABLE = (
    OSError,  # DNS failure, connection refused or reset (aiohttp's connector errors are OSErrors too)
    aiohttp.ClientError,  # TLS errors, bad answers
    TimeoutError,
    discord.GatewayNotFound,
    discord.DiscordServerError,  # Discord's 5xx
)


@dataclass(frozen=True, slots=True)
class Backoff:
    """Pauses between tries: ``first`` seconds, doubling up to ``longest``."""

    first: float = 5.0
    longest: float = 300.0

    def delay(self, tries: int) -> float:
        return min(self.longest, self.first * 2 ** max(0, tries - 1))


def describe(exc: BaseException) -> str:
    """An exception as a short phrase for a log line."""
    text = " ".join(str(exc).split())
    name = type(exc).__name__
    if not text and isinstance(exc, TimeoutError):
        text = "no answer in time"
    return f"{name}: {text[:200]}" if text else name


class DiscordLogFilter(logging.Filter):
    """discord.py's lines that do not belong in this bot's log:

    - the voice warnings ("PyNaCl is not installed, voice will NOT be supported", the same
      for davey): the bot has no voice;
    - "logging in using static token", once per try: :func:`connect` says it instead;
    - "Attempting a reconnect in ...s" comes with a traceback each time: kept as one line
      with the reason; while the first connection never opened, dropped, since
      :func:`connect` writes the line for that try.
    """

    def __init__(self, first_connection_pending: Callable[[], bool] = lambda: False) -> None:
        super().__init__()
        self.first_connection_pending = first_connection_pending

    def filter(self, record: logging.LogRecord) -> bool:
        message = str(record.msg)
        if message.endswith("voice will NOT be supported") or message == "logging in using static token":
            return False
        if message.startswith("Attempting a reconnect"):
            if self.first_connection_pending():
                return False
            if record.exc_info and record.exc_info[1] is not None:
                record.msg = f"{record.getMessage()} ({describe(record.exc_info[1])})"
                record.args = ()
                record.exc_info = None
                record.exc_text = None
        return True


def quiet_discord(bot: DiplomacyBot | None = None) -> DiscordLogFilter:
    """Install :class:`DiscordLogFilter` on discord.py's client logger, and on its shards'
    (the sharded bot's reconnects after a gateway outage are logged there)."""
    pending = (lambda: bot.ws is None) if bot is not None else (lambda: False)
    found = DiscordLogFilter(pending)
    for name in ("discord.client", "discord.shard"):
        logger = logging.getLogger(name)
        for old in [f for f in logger.filters if isinstance(f, DiscordLogFilter)]:
            logger.removeFilter(old)
        logger.addFilter(found)
    return found


async def connect(bot: DiplomacyBot, token: str, backoff: Backoff) -> None:
    """Log in, then hold the gateway connection until the bot is closed; while Discord
    cannot be reached, try again after :class:`Backoff` pauses, one log line per try."""
    tries = 0
    log.info("logging in to Discord at %s", discord.http.Route.BASE)
    while True:
        try:
            await bot.login(token)
            break
        except discord.LoginFailure:
            raise
        except RETRYABLE as exc:
            tries += 1
            await _pause(f"Discord is unreachable at {discord.http.Route.BASE}", exc, backoff, tries)
            # discord.py makes a new HTTP session at each login: close the failed one (its
            # connector with it, so the next login makes a new connector too)
            await bot.http.close()
            bot.http.connector = MISSING
    tries = 0
    while not bot.is_closed():
        try:
            await bot.connect(reconnect=True)
            return
        except discord.ConnectionClosed as exc:
            if exc.code == 4004:  # the gateway rejected the token
                raise discord.LoginFailure("Improper token has been passed.") from exc
            raise
        except AttributeError as exc:
            # discord.py's reconnect reads the sequence of a connection that never opened:
            # the real failure is the one it was handling
            if bot.ws is not None or "sequence" not in str(exc) or exc.__context__ is None:
                raise
            reason: BaseException = exc.__context__
            if isinstance(reason, ReconnectWebSocket):  # how discord.py says "no HELLO in time"
                reason = TimeoutError()
        except ReconnectWebSocket:  # a shard's gateway sent no HELLO in time
            reason = TimeoutError()
        except RETRYABLE as exc:
            reason = exc
        if bot.is_closed():
            return
        tries += 1
        await _pause(f"Discord's gateway at {DiscordWebSocket.DEFAULT_GATEWAY} did not answer", reason, backoff, tries)


async def _pause(what: str, exc: BaseException, backoff: Backoff, tries: int) -> None:
    delay = backoff.delay(tries)
    log.warning("%s (%s); trying again in %.1fs (try %d)", what, describe(exc), delay, tries)
    await asyncio.sleep(delay)


async def serve(bot: DiplomacyBot, token: str, backoff: Backoff) -> None:
    """Open the database, connect, and run until the bot closes or a signal stops it.
    Database problems (:class:`bot.infra.preflight.PreflightError`, ``sqlite3.Error``) and
    a rejected token propagate, after everything opened was closed."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    received: list[signal.Signals] = []

    def on_signal(sig: signal.Signals) -> None:
        if received:  # asked twice: end now, the way the signal ends a process that has no handler
            log.warning("%s again: stopping now", sig.name)
            logging.shutdown()
            signal.signal(sig, signal.SIG_DFL)
            os.kill(os.getpid(), sig)
            return
        received.append(sig)
        stop.set()
        # the last resort if a clean stop hangs (the process must end for Docker or systemd)
        guard = threading.Timer(STOP_LIMIT, _stop_hard)
        guard.daemon = True
        guard.start()

    signals: list[signal.Signals] = []
    for sig in (signal.SIGTERM, signal.SIGINT):
        try:
            loop.add_signal_handler(sig, on_signal, sig)
        except NotImplementedError:  # Windows: Ctrl-C still ends asyncio.run with KeyboardInterrupt
            continue
        signals.append(sig)
    quiet_discord(bot)

    async def run() -> None:
        await bot.open_storage()
        await connect(bot, token, backoff)

    try:
        async with bot:
            running = asyncio.create_task(run(), name="discord")
            stopping = asyncio.create_task(stop.wait(), name="signals")
            # the bot closing itself (its lease lost) ends the wait too, even while Discord
            # cannot be reached and the login is still being tried
            closing = asyncio.create_task(bot.closing.wait(), name="closing")
            await asyncio.wait({running, stopping, closing}, return_when=asyncio.FIRST_COMPLETED)
            closing.cancel()
            if received:
                log.info("%s received: stopping", received[0].name)
            # a stop, a failure, or the bot closed itself: end the start-up or the gateway
            # first (so nothing opens after the close), then close everything (this joins a
            # close already under way)
            running.cancel()
            stopping.cancel()
            failure = (await asyncio.gather(running, stopping, return_exceptions=True))[0]
            await bot.close()
            if isinstance(failure, BaseException) and not isinstance(failure, asyncio.CancelledError):
                raise failure
    finally:
        for sig in signals:
            loop.remove_signal_handler(sig)
    log.info("stopped")


def _stop_hard() -> None:
    log.error("stopping took longer than %.0fs: ending the process", STOP_LIMIT)
    logging.shutdown()
    os.kill(os.getpid(), signal.SIGKILL)
