"""The outbox's pacing under Discord's rate limits (issue 13), on a fake clock: a sleep
moves the clock, so the times the pacer lets requests go are exact, never measured."""

from __future__ import annotations

import asyncio

from bot.infra.pacing import SWEEP_AT, Pacer, PacingSettings, Unpaced


class FakeTime:
    def __init__(self) -> None:
        self.now = 1000.0
        self.slept: list[float] = []

    def clock(self) -> float:
        return self.now

    async def sleep(self, delay: float) -> None:
        self.slept.append(delay)
        self.now += delay


def most_in_window(times: list[float], window: float) -> int:
    """The most requests any ``window``-long span of time (closed at its start) holds."""
    return max(sum(1 for u in times if t <= u < t + window - 1e-9) for t in times)


async def test_the_global_rate_stays_under_discords_50_per_second_and_wastes_little():
    fake = FakeTime()
    pacer = Pacer(clock=fake.clock, sleep=fake.sleep)
    settings = PacingSettings()
    start = fake.now
    times = []
    for _ in range(300):
        await pacer.request()
        times.append(fake.now)
    assert most_in_window(times, 1.0) == settings.per_second == 48  # Discord answers 429 past 50 in any second
    assert min(b - a for a, b in zip(times, times[1:], strict=False)) >= settings.min_gap - 1e-9  # never a burst
    assert fake.now - start <= 300 / settings.per_second  # and no slower than the window allows
    assert pacer.requests == 300


async def test_a_late_event_loop_makes_no_burst_and_the_requests_catch_up():
    # every twentieth sleep ends 60 ms late, as on a loop busy with a storm: the requests
    # that fell due meanwhile leave one per min_gap, never more than 48 in a second, and
    # the lost time is made up inside the window's budget
    fake = FakeTime()
    count = 0

    async def late_sleep(delay: float) -> None:
        nonlocal count
        count += 1
        fake.now += delay + (0.06 if count % 20 == 0 else 0.0)

    pacer = Pacer(clock=fake.clock, sleep=late_sleep)
    settings = PacingSettings()
    start = fake.now
    times = []
    for _ in range(480):
        await pacer.request()
        times.append(fake.now)
    assert count // 20 >= 20  # the loop was late 20 times and more
    assert most_in_window(times, 1.0) <= settings.per_second
    assert min(b - a for a, b in zip(times, times[1:], strict=False)) >= settings.min_gap - 1e-9
    # 480 requests are ten full windows: all that lateness costs at most one late wake
    assert fake.now - start <= 480 / settings.per_second + 0.06


async def test_one_channel_gets_at_most_5_messages_in_5_seconds_without_holding_up_others():
    fake = FakeTime()
    pacer = Pacer(PacingSettings(per_second=1000, min_gap=0.0), clock=fake.clock, sleep=fake.sleep)
    busy, other = [], []
    for i in range(12):
        await pacer.request(("c", 1))
        busy.append(fake.now)
        if i == 2:  # another channel in the middle: it does not wait for the busy one
            before = fake.now
            await pacer.request(("c", 2))
            other.append(fake.now - before)
    assert most_in_window(busy, 5.0) == 5
    assert busy[4] == busy[0] and busy[5] == busy[0] + 5.0  # the sixth waits out the window
    assert other == [0.0]


async def test_a_channels_window_counts_when_its_messages_went_not_when_they_were_asked_for():
    # the global window is full when the channel's first message asks: it leaves a second
    # later, so the channel's sixth message may only go five seconds after *that*
    fake = FakeTime()
    pacer = Pacer(PacingSettings(per_second=2, min_gap=0.0), clock=fake.clock, sleep=fake.sleep)
    await pacer.request()
    await pacer.request()  # the window is full until 1001.0
    busy = []
    for _ in range(6):
        await pacer.request(("c", 1))
        busy.append(fake.now)
    assert busy[0] == 1001.0
    assert most_in_window(busy, 5.0) == 5
    assert busy[5] >= busy[0] + 5.0


async def test_waiters_are_served_in_the_order_they_asked():
    fake = FakeTime()
    pacer = Pacer(clock=fake.clock, sleep=fake.sleep)
    served: list[int] = []

    async def ask(i: int) -> None:
        await pacer.request()
        served.append(i)

    await asyncio.gather(*(ask(i) for i in range(60)))
    assert served == list(range(60))
    assert fake.slept and all(d > 0 for d in fake.slept)


async def test_the_old_strategy_never_waits():
    pacer = Unpaced()
    for _ in range(500):
        await pacer.request(("c", 1))
    assert pacer.requests == 500


async def test_idle_destinations_are_forgotten_and_busy_ones_kept():
    fake = FakeTime()
    pacer = Pacer(PacingSettings(per_second=10**6, min_gap=0.0), clock=fake.clock, sleep=fake.sleep)
    for i in range(SWEEP_AT):  # a storm's DMs, one each
        await pacer.request(("u", i))
    fake.now += 10.0  # a whole channel window later
    for _ in range(5):
        await pacer.request(("c", 1))  # a busy channel
    assert len(pacer._sent) == 1  # the idle ones went at the first new destination
    before = fake.now
    await pacer.request(("c", 1))  # and the busy one still waits out its window
    assert fake.now == before + 5.0
