"""The outbox's pacing under Discord's rate limits (issue 13), on a fake clock: a sleep
moves the clock, so the times the pacer lets requests go are exact, never measured."""

from __future__ import annotations

import asyncio

import pytest

from bot.infra.pacing import Pacer, PacingSettings, Unpaced


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
    start = fake.now
    times = []
    for _ in range(300):
        await pacer.request()
        times.append(fake.now)
    assert most_in_window(times, 1.0) <= 48  # Discord answers 429 past 50 in any second
    assert fake.now - start <= 300 / PacingSettings().rate + 0.01  # and no slower than its rate
    assert pacer.requests == 300


async def test_one_channel_gets_at_most_5_messages_in_5_seconds_without_holding_up_others():
    fake = FakeTime()
    pacer = Pacer(PacingSettings(rate=1000.0, burst=1000.0), clock=fake.clock, sleep=fake.sleep)
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


async def test_waiters_are_served_in_the_order_they_asked():
    # the clock stands still and nobody sleeps: each request's reservation decides its wait
    waits: list[float] = []

    async def sleep(delay: float) -> None:
        waits.append(delay)

    pacer = Pacer(clock=lambda: 1000.0, sleep=sleep)
    await asyncio.gather(*(pacer.request() for _ in range(10)))
    assert len(waits) == 9  # the first goes at once
    assert all(b - a == pytest.approx(1 / PacingSettings().rate) for a, b in zip(waits, waits[1:], strict=False))


async def test_the_old_strategy_never_waits():
    pacer = Unpaced()
    for _ in range(500):
        await pacer.request(("c", 1))
    assert pacer.requests == 500
