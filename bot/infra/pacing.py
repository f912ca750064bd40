"""Pacing of the outbox's requests to Discord, below Discord's rate limits (issue 13).

Discord allows a bot about 50 requests per second in all (the *global* limit; interaction
responses and follow-ups are not counted) and each channel 5 messages per 5 seconds. A
bot that goes over gets 429 answers; discord.py then waits, but a global 429 makes it
hold **every** request, the replies to players' commands included, and many 429s in a
row get a bot's address banned for an hour. So the poster asks :class:`Pacer` before each
request it makes: a token bucket for the global rate (a little under 50/s, the rest left
for requests made elsewhere) and, per destination, at most ``per_channel`` messages in
any ``channel_window`` seconds. Replies to interactions never ask the pacer: they never
wait behind the outbox.

The clock and the sleep are injected (tests hold a pacer shut to show that replies still
go out while the outbox waits).
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass

GLOBAL_RATE = 47.0  # requests per second: Discord's 50, less room for requests made elsewhere
GLOBAL_BURST = 1.0  # so that no second-long window ever sees more than 48
PER_CHANNEL = 5  # messages ...
CHANNEL_WINDOW = 5.0  # ... per this many seconds, to one channel (Discord's limit)


@dataclass(frozen=True, slots=True)
class PacingSettings:
    rate: float = GLOBAL_RATE
    burst: float = GLOBAL_BURST
    per_channel: int = PER_CHANNEL
    channel_window: float = CHANNEL_WINDOW


class Pacer:
    """Hands out the right to make one request: :meth:`request` waits until the global
    bucket and the destination's window allow it. Fair: waiters are served in the order
    they asked (each takes a reservation, then sleeps until it comes)."""

    def __init__(
        self,
        settings: PacingSettings | None = None,
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.settings = settings or PacingSettings()
        self._clock = clock
        self._sleep = sleep
        self._tokens = self.settings.burst
        self._stamp = clock()
        self._sent: dict[Hashable, deque[float]] = {}
        self.requests = 0  # how many requests were let through (tests, diagnostics)

    def _reserve_global(self) -> float:
        """Take a token (the balance may go below zero: a reservation); the wait until it is ours."""
        now = self._clock()
        s = self.settings
        self._tokens = min(s.burst, self._tokens + (now - self._stamp) * s.rate)
        self._stamp = now
        self._tokens -= 1.0
        return 0.0 if self._tokens >= 0 else -self._tokens / s.rate

    def _reserve_channel(self, destination: Hashable) -> float:
        """The wait until ``destination`` has had fewer than ``per_channel`` messages in the
        last ``channel_window`` seconds; the message's time is recorded at once."""
        s = self.settings
        now = self._clock()
        sent = self._sent.setdefault(destination, deque(maxlen=s.per_channel))
        at = now
        if len(sent) == s.per_channel:
            at = max(now, sent[0] + s.channel_window)
        sent.append(at)
        # forget destinations idle for a whole window (most are written to once per phase)
        if len(self._sent) > 4096:
            for key in [k for k, q in self._sent.items() if q and q[-1] + s.channel_window < now]:
                del self._sent[key]
        return at - now

    async def request(self, destination: Hashable | None = None) -> None:
        """Wait for the right to make one request (to ``destination``, when it is a
        message to a channel or a DM)."""
        if destination is not None:
            wait = self._reserve_channel(destination)
            if wait > 0:
                await self._sleep(wait)
        wait = self._reserve_global()
        if wait > 0:
            await self._sleep(wait)
        self.requests += 1


class Unpaced(Pacer):
    """No pacing (the old strategy, kept for the benchmark's comparison): every request
    goes at once and only discord.py's handling of 429 answers slows them."""

    async def request(self, destination: Hashable | None = None) -> None:
        self.requests += 1
