"""discord.py's rate-limit buckets (issue 24): in a storm every DM channel is a new bucket;
the bot's HTTP client looks for idle buckets now and then, not at each new one, and clears
those nothing uses without waiting 5 minutes."""

from __future__ import annotations

import asyncio

import discord.http

from bot.discord import buckets
from bot.discord.buckets import SWEEP_EVERY, sweep_buckets_now_and_then


async def test_a_storm_of_new_buckets_is_not_swept_at_each_one(monkeypatch):
    looks = []
    real_idle = buckets.idle

    def idle(bucket):
        looks.append(bucket)
        return real_idle(bucket)

    monkeypatch.setattr(buckets, "idle", idle)
    clock = [0.0]
    http = discord.http.HTTPClient(asyncio.get_running_loop())
    assert sweep_buckets_now_and_then(http, now=lambda: clock[0])
    for i in range(2000):  # a storm's DM channels, seconds apart at most
        http.get_ratelimit(f"dm {i}")
    # discord.py alone looked through every bucket at each new one past 256: ~1.7 million looks
    # (this sweep: once, at the first new bucket)
    assert len(looks) <= 1
    assert len(http._buckets) == 2000
    await http.close()


async def test_idle_buckets_go_at_the_next_sweep_and_busy_ones_stay():
    # a storm's buckets, most of them done with seconds after their one message (not the
    # 5 minutes discord.py waits): each is three objects the collector walks
    loop = asyncio.get_running_loop()
    clock = [0.0]
    http = discord.http.HTTPClient(loop)
    assert sweep_buckets_now_and_then(http, now=lambda: clock[0])
    made = {f"dm {i}": http.get_ratelimit(f"dm {i}") for i in range(1000)}
    for key, bucket in made.items():
        if key != "dm 6":  # used a moment ago (the request that made it may not have begun)
            bucket._last_request -= 60
    made["dm 1"].outgoing = 1  # a request under way
    made["dm 2"]._pending_requests.append(loop.create_future())  # a request waiting for the window
    made["dm 3"].expires = loop.time() + 5  # Discord's window for the channel still runs
    made["dm 4"].expires = loop.time() - 1  # ... and here it is over
    await made["dm 5"]._sleeping.acquire()  # sleeping until the window's end, for those waiting
    clock[0] += SWEEP_EVERY
    http.get_ratelimit("dm 1000")  # a new bucket: the sweep's turn
    assert set(http._buckets) == {"dm 1", "dm 2", "dm 3", "dm 5", "dm 6", "dm 1000"}
    assert http._buckets["dm 1"] is made["dm 1"]  # the very buckets, with what they learnt
    # a key swept gets a new bucket when it is used again
    assert http.get_ratelimit("dm 7") is not made["dm 7"]
    made["dm 2"]._pending_requests[0].cancel()
    made["dm 5"]._sleeping.release()
    await http.close()


async def test_another_discord_py_keeps_its_own_sweep():
    class Other:
        def __init__(self):
            self.swept = 0

        def _try_clear_expired_ratelimits(self):
            self.swept += 1

    other = Other()
    assert sweep_buckets_now_and_then(other, now=lambda: 0.0)
    other._try_clear_expired_ratelimits()
    other._try_clear_expired_ratelimits()  # (not again within SWEEP_EVERY)
    assert other.swept == 1


async def test_the_bot_sweeps_its_buckets_now_and_then():
    from bot.discord.app import DiplomacyBot

    bot = DiplomacyBot(db_path=":memory:")
    assert bot.http._try_clear_expired_ratelimits.__name__ == "now_and_then"
    await bot.http.close()
