"""discord.py's rate-limit buckets (issue 24): in a storm every DM channel is a new bucket;
the bot's HTTP client looks for inactive buckets now and then, not at each new one, and
still clears them."""

from __future__ import annotations

import asyncio

import discord.http

from bot.discord.buckets import SWEEP_EVERY, sweep_buckets_now_and_then


async def test_a_storm_of_new_buckets_is_not_swept_at_each_one(monkeypatch):
    looks = []
    inactive: set[str] = set()
    keys: dict[int, str] = {}  # a bucket's key, by the bucket's id (Ratelimit has slots)

    def is_inactive(bucket):
        looks.append(bucket)
        return keys.get(id(bucket)) in inactive

    monkeypatch.setattr(discord.http.Ratelimit, "is_inactive", is_inactive)
    clock = [0.0]
    http = discord.http.HTTPClient(asyncio.get_running_loop())
    assert sweep_buckets_now_and_then(http, now=lambda: clock[0])

    def new_bucket(key):
        keys[id(http.get_ratelimit(key))] = key

    for i in range(2000):  # a storm's DM channels, seconds apart at most
        new_bucket(f"dm {i}")
    # discord.py alone looked through every bucket at each new one past 256: ~1.7 million looks
    assert len(looks) <= 256
    assert len(http._buckets) == 2000
    # later, the buckets gone quiet are cleared all the same
    inactive.update(f"dm {i}" for i in range(1500))
    clock[0] += SWEEP_EVERY
    new_bucket("dm 2000")
    assert len(http._buckets) == 501
    await http.close()


async def test_the_bot_sweeps_its_buckets_now_and_then():
    from bot.discord.app import DiplomacyBot

    bot = DiplomacyBot(db_path=":memory:")
    assert bot.http._try_clear_expired_ratelimits.__name__ == "now_and_then"
    await bot.http.close()
