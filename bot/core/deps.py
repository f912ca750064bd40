"""What every use case stands on: the storage, the clock, the random generator, the
compute helper for CPU work, the map cache, the claims on jobs (which due jobs this
process runs, :mod:`bot.infra.lease`), and the two wake-ups (the scheduler's, when a
timer changed; the poster's, when posts were stored)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from bot.infra.clock import Clock, to_unix
from bot.infra.compute import Compute
from bot.infra.lease import Claims, Unowned
from bot.infra.maps import MapCache
from bot.infra.storage import Storage


@dataclass(slots=True)
class Deps:
    storage: Storage
    clock: Clock
    rng: random.Random
    compute: Compute
    maps: MapCache
    jobs: Claims = field(default_factory=Unowned)
    on_timer_change: Callable[[], None] = field(default=lambda: None)
    on_posts: Callable[[], None] = field(default=lambda: None)

    def now(self) -> float:
        return to_unix(self.clock())

    def changed(self, *, timers: bool = False, posts: bool = False) -> None:
        """Wake the loops that have new work after a commit."""
        if timers:
            self.on_timer_change()
        if posts:
            self.on_posts()
