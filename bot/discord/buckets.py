"""discord.py's rate-limit buckets swept now and then, not at each new one (issue 24).

discord.py 2.x keeps one rate-limit bucket per route and channel, and once it holds 256 it
looks through all of them for inactive ones (unused for 5 minutes) every time it makes a
new one. In a deadline storm every DM channel is a new bucket: with thousands of players
that look runs thousands of times over thousands of buckets, on the event loop (15 ms of
CPU per game-phase at 2,000 games, and `/order` replies held up behind it; quadratic in
the storm's size). Sweeping at most every ``SWEEP_EVERY`` seconds clears the same buckets, a little later.

It also clears buckets sooner than discord.py would (5 minutes unused): a bucket nothing is
sent through or waits on, whose rate-limit window is over, acts just as a new one for its
key would, so it goes. A storm of 10,000 games sends a message to 33,000 channels in ten
minutes: kept 5 minutes each, their buckets (three objects the collector walks each) made
most of what its full collections walked, and those pauses grew with the storm (97 ms at
10,000 games), holding up every reply meanwhile.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

SWEEP_EVERY = 10.0  # seconds between two sweeps of discord.py's idle rate-limit buckets
IDLE_AFTER = 5.0  # a bucket used more recently stays (one just made, for the request that made it)
SWEEP = "_try_clear_expired_ratelimits"  # discord.py's sweep (a private method of HTTPClient, 2.x)
BUCKETS = "_buckets"  # ... and its buckets by key (a private dict of HTTPClient, 2.x)


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
        buckets = getattr(http, BUCKETS, None)
        if not isinstance(buckets, dict):  # another discord.py: its own sweep
            sweep()
            return
        for key in [key for key, bucket in buckets.items() if idle(bucket)]:
            del buckets[key]

    setattr(http, SWEEP, now_and_then)
    return True


def idle(bucket: Any) -> bool:
    """Nothing is sent through ``bucket`` (a ``discord.http.Ratelimit``) or waits on it,
    it was not used for ``IDLE_AFTER`` seconds, and its window is over (or it never learnt
    one): a new bucket for its key would act the same (it learns the limit from its first
    answer's headers). The bucket's private state (discord.py 2.x, pinned) is read by name;
    where it is not there, discord.py's own test (unused for 5 minutes)."""
    pending, sleeping, loop, last = (getattr(bucket, name, None) for name in _PRIVATE)
    if pending is None or sleeping is None or loop is None or last is None:
        return bool(bucket.is_inactive())
    if bucket.outgoing or pending or sleeping.locked():
        return False
    now = loop.time()
    return now - last >= IDLE_AFTER and (bucket.expires is None or bucket.expires <= now)


# a bucket's requests waiting for its window, its lock while one sleeps until the window's
# end, its event loop, and when it was last used
_PRIVATE = ("_pending_requests", "_sleeping", "_loop", "_last_request")
