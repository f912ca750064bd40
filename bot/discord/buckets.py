"""discord.py's rate-limit buckets swept now and then, not at each new one (issue 24).

discord.py 2.x keeps one rate-limit bucket per route and channel, and once it holds 256 it
looks through all of them for inactive ones (unused for 5 minutes) every time it makes a
new one. In a deadline storm every DM channel is a new bucket: with thousands of players
that look runs thousands of times over thousands of buckets, on the event loop (15 ms of
CPU per game-phase at 2,000 games, and `/order` replies held up behind it; quadratic in
the storm's size). Sweeping at most every ``SWEEP_EVERY`` seconds clears the same buckets
(they must have been unused for 5 minutes anyway), a little later.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

SWEEP_EVERY = 30.0  # seconds between two sweeps of discord.py's inactive rate-limit buckets
SWEEP = "_try_clear_expired_ratelimits"  # discord.py's sweep (a private method of HTTPClient, 2.x)


def sweep_buckets_now_and_then(
    http: Any, every: float = SWEEP_EVERY, now: Callable[[], float] = time.monotonic
) -> bool:
    """Make ``http`` (a ``discord.http.HTTPClient``) sweep its buckets at most every
    ``every`` seconds. False when this discord.py has no such sweep (nothing changed)."""
    sweep = getattr(http, SWEEP, None)
    if not callable(sweep):
        return False
    last = -math.inf

    def now_and_then() -> None:
        nonlocal last
        moment = now()
        if moment - last < every:
            return
        last = moment
        sweep()

    setattr(http, SWEEP, now_and_then)
    return True
