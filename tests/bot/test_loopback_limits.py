"""The loopback Discord's rate limits and counts (what benchmarks/deadlines.py measures
with), on a fake clock: 50 requests per second in all, answers to interactions not
counted, 5 messages per 5 seconds per channel, 429s shaped as discord.py reads them."""

from __future__ import annotations

import aiohttp

from tests.bot.loopback import Emulator, Limits


class FakeClock:
    def __init__(self) -> None:
        self.now = 500.0

    def __call__(self) -> float:
        return self.now


async def test_the_global_limit_and_the_channel_limit_answer_429_and_count(tmp_path):
    clock = FakeClock()
    emu = Emulator(limits=Limits(per_second=50, per_channel=5, channel_window=5.0), clock=clock)
    channel = emu.add_channel("game")["id"]
    await emu.start()
    try:
        async with aiohttp.ClientSession(emu.api_url + "/") as http:

            async def message(where: str = channel) -> aiohttp.ClientResponse:
                async with http.post(f"channels/{where}/messages", json={"content": "hi"}) as r:
                    await r.read()
                    return r

            statuses = [(await message()).status for _ in range(6)]
            assert statuses == [200] * 5 + [429]  # the channel's sixth message within 5 s
            r = await message()
            assert r.status == 429 and r.headers["X-RateLimit-Bucket"] == "channel-messages"
            assert "X-RateLimit-Global" not in r.headers
            for _ in range(45):  # 5 messages + 45 = 50 requests this second (refused ones don't count)
                async with http.get("users/@me") as got:
                    assert got.status == 200
            async with http.get("users/@me") as got:
                assert got.status == 429 and got.headers["X-RateLimit-Global"] == "true"
                assert (await got.json())["global"] is True
            clock.now += 1.0  # a second later the global window has room again, the channel not yet
            async with http.get("users/@me") as got:
                assert got.status == 200
            assert (await message()).status == 429
            clock.now += 4.0
            assert (await message()).status == 200
        assert emu.limited == {"channel": 3, "global": 1}
        assert emu.requests["POST /api/v10/channels/{channel}/messages"] == 9
        assert emu.requests["GET /api/v10/users/@me"] == 47
        assert len([p for p in emu.posts if p.channel_id == channel]) == 6
        assert emu.uploaded > 0
    finally:
        await emu.stop()


async def test_an_interaction_answered_twice_is_refused_as_discord_refuses_it():
    emu = Emulator()
    await emu.start()
    try:
        async with aiohttp.ClientSession(emu.api_url + "/") as http:

            async def answer(interaction: str) -> tuple[int, dict]:
                body = {"type": 4, "data": {"content": "ok"}}
                async with http.post(f"interactions/{interaction}/tok{interaction}/callback", json=body) as r:
                    return r.status, await r.json()

            assert (await answer("11"))[0] == 200
            status, body = await answer("11")
            assert (status, body["code"]) == (400, 40060)
            assert body["message"] == "Interaction has already been acknowledged."
            assert (await answer("12"))[0] == 200  # another interaction: its own first answer
            assert emu.refused == ["11"]
    finally:
        await emu.stop()
