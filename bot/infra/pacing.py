"""Pacing of the outbox's requests to Discord, below Discord's rate limits (issue 13).

Discord allows a bot about 50 requests per second in all (the *global* limit; interaction
responses and follow-ups are not counted) and each channel 5 messages per 5 seconds. A
bot that goes over gets 429 answers; discord.py then waits, but a global 429 makes it
hold **every** request, the replies to players' commands included, and many 429s in a
row get a bot's address banned for an hour. So the poster asks :class:`Pacer` before each
request it makes: at most ``per_second`` requests in any one-second window (48: two left
for requests made elsewhere and for the network's jitter), never two closer than
``min_gap``, and, per destination, at most ``per_channel`` messages in any
``channel_window`` seconds. Replies to interactions never ask the pacer: they never wait
behind the outbox.

The window counts the moments requests were *let go*, not the moments they were planned
for: when the event loop is late (a busy moment in a storm), the requests that fell due
meanwhile do not all leave together at once, which Discord would count as a burst; they
catch up at most one per ``min_gap``, inside the window's budget.

The clock and the sleep are injected (tests hold a pacer shut to show that replies still
go out while the outbox waits, and make the loop late on purpose).
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass

from bot.infra import metrics

PER_SECOND = 48  # requests in any one-second window: Discord's 50, less two for jitter and requests made elsewhere
WINDOW = 1.0  # seconds
MIN_GAP = 1 / 80  # seconds between two requests at least: catching up after a late loop is no burst
PER_CHANNEL = 5  # messages ...
CHANNEL_WINDOW = 5.0  # ... per this many seconds, to one channel (Discord's limit)
SWEEP_AT = 4096  # destinations remembered before the idle ones are forgotten
_EPSILON = 1e-9


@dataclass(frozen=True, slots=True)
class PacingSettings:
    per_second: int = PER_SECOND
    window: float = WINDOW
    min_gap: float = MIN_GAP
    per_channel: int = PER_CHANNEL
    channel_window: float = CHANNEL_WINDOW


class Pacer:
    """Hands out the right to make one request: :meth:`request` waits until the global
    window and the destination's window allow it. Fair: waiters are let go in the order
    they asked (one at a time, in turn)."""

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
        self._granted: deque[float] = deque()  # when the requests of the last window went
        self._turn = asyncio.Lock()  # FIFO: the first to ask is the first let go
        self._sent: dict[Hashable, deque[float]] = {}
        self._sweep_at = SWEEP_AT
        self.requests = 0  # how many requests were let through (tests, diagnostics)

    async def _global(self) -> None:
        """Wait until the window has room and the last request is ``min_gap`` behind;
        the request's moment is recorded when it is let go."""
        s = self.settings
        granted = self._granted
        async with self._turn:
            while True:
                now = self._clock()
                while granted and granted[0] <= now - s.window:
                    granted.popleft()
                wait = granted[0] + s.window - now if len(granted) >= s.per_second else 0.0
                if granted:
                    wait = max(wait, granted[-1] + s.min_gap - now)
                if wait <= _EPSILON:
                    break
                await self._sleep(wait)  # and look again: a late or early wake changes nothing
            granted.append(now)

    async def _channel(self, destination: Hashable) -> deque[float]:
        """Wait until ``destination`` has had fewer than ``per_channel`` messages in the
        last ``channel_window`` seconds (the poster sends to one destination at a time);
        its record, to which the request's moment is added once it goes."""
        s = self.settings
        sent = self._sent.get(destination)
        if sent is None:
            # forget destinations idle for a whole window (most are written to once per
            # phase), each time the record has doubled: a storm's thousands of
            # destinations cost a pass now and then, not one per request
            if len(self._sent) >= self._sweep_at:
                now = self._clock()
                for key in [k for k, q in self._sent.items() if not q or q[-1] + s.channel_window < now]:
                    del self._sent[key]
                self._sweep_at = max(SWEEP_AT, 2 * len(self._sent))
            sent = self._sent[destination] = deque(maxlen=s.per_channel)
        if len(sent) == s.per_channel:
            wait = sent[0] + s.channel_window - self._clock()
            if wait > 0:
                await self._sleep(wait)
        return sent

    async def request(self, destination: Hashable | None = None) -> None:
        """Wait for the right to make one request (to ``destination``, when it is a
        message to a channel or a DM)."""
        asked = self._clock()
        sent = await self._channel(destination) if destination is not None else None
        await self._global()
        if sent is not None:
            sent.append(self._granted[-1])
        self.requests += 1
        metrics.PACER_WAIT.inc(max(0.0, self._granted[-1] - asked))


class Unpaced(Pacer):
    """No pacing (the old strategy, kept for the benchmark's comparison): every request
    goes at once and only discord.py's handling of 429 answers slows them."""

    async def request(self, destination: Hashable | None = None) -> None:
        self.requests += 1
