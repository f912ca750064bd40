"""The core of the bot: every use case, on one set of dependencies. ``Core(storage, ...)``
is what the Discord layer (and the tests) call: ``core.ordering.submit(...)``,
``core.lifecycle.start(...)``, ``core.resolution.run_due()``..."""

from __future__ import annotations

import random

from bot.core.deadlines import DaysOff, Grace, Reminders
from bot.core.deps import Deps
from bot.core.endgame import Endgame, Endings, GameHistory, Leaderboard
from bot.core.languages import Languages
from bot.core.orders import Ordering, Previews, Sheets, StandbyOrders
from bot.core.play import Lifecycle, Moderation, Resolution
from bot.core.press import Alerts, Press, PressJobs
from bot.core.seats import Seats
from bot.core.status import Fronts, Status
from bot.infra.clock import Clock, system_clock
from bot.infra.compute import Compute
from bot.infra.lease import Claims, Unowned
from bot.infra.maps import MapCache
from bot.infra.storage import Storage


class Core:
    def __init__(
        self,
        storage: Storage,
        *,
        clock: Clock = system_clock,
        rng: random.Random | None = None,
        map_cache: MapCache | None = None,
        compute: Compute | None = None,
        jobs: Claims | None = None,
    ) -> None:
        self.deps = Deps(
            storage,
            clock,
            rng or random.Random(),
            compute or Compute(),
            map_cache if map_cache is not None else MapCache(processes=0),
            jobs or Unowned(),  # the process' lease, when it holds one
        )
        self.lifecycle = Lifecycle(self.deps)
        self.alerts = Alerts(self.deps)  # issue 24: a permission lost mid-game, told once
        self.ordering = Ordering(self.deps)
        self.sheets = Sheets(self.deps)
        self.reminders = Reminders(self.deps)
        self.resolution = Resolution(self.deps, self.reminders)
        self.moderation = Moderation(self.deps, self.resolution)
        self.endgame = Endgame(self.deps)
        self.status = Status(self.deps)
        self.languages = Languages(self.deps)
        # the end of games (issue 15): /mod end, the leaderboard and seasons, a game's history
        self.endings = Endings(self.deps, self.moderation.is_moderator)
        self.leaderboard = Leaderboard(self.deps)
        self.history = GameHistory(self.deps)
        self.press = Press(self.deps, self.moderation.is_moderator)  # press, spectators, settings
        self.press_jobs = PressJobs(self.deps)  # the press space on Discord, after each commit
        # issue 15: standby orders, the private map of one's orders, grace, days off
        self.standby = StandbyOrders(self.deps)
        self.previews = Previews(self.deps)
        self.grace = Grace(self.deps)
        self.days_off = DaysOff(self.deps, self.moderation.is_moderator)
        self.fronts = Fronts(self.deps)  # a player's own map, privately (issue 13)
        self.seats = Seats(self.deps, self.moderation.is_moderator)  # open seats, the substitute board (issue 23)

    @property
    def storage(self) -> Storage:
        return self.deps.storage

    def now(self) -> float:
        return self.deps.now()

    def close(self) -> None:
        self.deps.compute.close()
