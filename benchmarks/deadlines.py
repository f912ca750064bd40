"""200 games whose deadlines fall at the same moment.

Measures, through the real discord.py network path (the loopback emulator of
tests/bot/loopback.py), the seconds from the shared deadline until every game is resolved
and every post (results, maps, new phase, DMs) has been delivered, and the worst reply
latency of ``/order`` commands sent every 50 ms meanwhile by players of other games.
Targets: all done within 30 s on a 2-core machine; no ``/order`` reply slower than 250 ms.

    python benchmarks/deadlines.py [--games 200] [--lead 8]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import discord.http  # noqa: E402
import yarl  # noqa: E402
from discord.gateway import DiscordWebSocket  # noqa: E402

from bot.core.app import Core  # noqa: E402
from bot.core.context import powers_of  # noqa: E402
from bot.discord.app import DiplomacyBot  # noqa: E402
from bot.infra import maps  # noqa: E402
from bot.infra.storage import Storage  # noqa: E402
from tests.bot.loopback import Emulator  # noqa: E402

OPENING = {
    "AUSTRIA": "A VIE - GAL; A BUD - SER; F TRI - ALB",
    "ENGLAND": "F LON - NTH; F EDI - NWG; A LVP - YOR",
    "FRANCE": "A PAR - BUR; A MAR - SPA; F BRE - MAO",
    "GERMANY": "A MUN - BUR; A BER - KIE; F KIE - DEN",
    "ITALY": "A VEN - TYR; A ROM - APU; F NAP - ION",
    "RUSSIA": "A WAR - GAL; A MOS - UKR; F SEV - BLA; F STP/SC - BOT",
    "TURKEY": "A CON - BUL; A SMY - CON; F ANK - BLA",
}


async def prepare(db: str, emu: Emulator, games: int, probes: int, deadline: datetime):
    """Games created, joined, started and ordered straight through the core."""
    storage = await Storage.open(db)
    moment = deadline - timedelta(hours=48)  # so the 48h deadline lands on `deadline`
    core = Core(storage, clock=lambda: moment, rng=random.Random(1))
    users = [emu.add_user(f"player{i}") for i in range(7 * (games + probes))]
    channels, probe_players = [], []
    for g in range(games + probes):
        channel = emu.add_channel(f"game-{g}")
        channels.append(channel)
        await core.lifecycle.create_game(
            guild_id=int(emu.guild_id),
            channel_id=int(channel["id"]),
            user_id=int(users[7 * g]["id"]),
            name=f"Bench {g}",
            players=7,
            movement="48h" if g < games else "96h",
        )
        for u in users[7 * g : 7 * g + 7]:
            await core.lifecycle.join(int(channel["id"]), int(u["id"]))
        game = await core.lifecycle.start(int(channel["id"]), int(users[7 * g]["id"]), can_manage=False)
        async with storage.transaction() as tx:
            players = await tx.players(game.id)
        for p in players:
            power = powers_of(game, p)[0].value
            await core.ordering.submit(p.user_id, OPENING[power], game_id=game.id)
            if g >= games:
                probe_players.append((emu.users[str(p.user_id)], game.id, power))
    async with storage.transaction() as tx:  # the start posts are not part of the test
        for post in await tx.posts():
            await tx.mark_sent(post["id"], None, 0)
    core.close()
    await storage.close()
    return channels[:games], probe_players


async def main(games: int, lead: float) -> int:
    emu = Emulator()
    await emu.start()
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "bench.sqlite3")
        t0 = time.time()
        deadline = datetime.now(UTC) + timedelta(seconds=lead + 60)
        channels, probes = await prepare(db, emu, games, 10, deadline)
        setup_time = time.time() - t0
        # the shared deadline: `lead` seconds after the bot is up
        discord.http.Route.BASE = emu.api_url
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(emu.gateway_url)
        shift = timedelta(0)

        def clock() -> datetime:
            return datetime.now(UTC) + shift

        bot = DiplomacyBot(db_path=db, clock=clock)
        runner = asyncio.create_task(bot.start("bench"))
        await asyncio.wait_for(emu.identified.wait(), 30)
        await asyncio.wait_for(bot.wait_until_ready(), 30)
        # move the bot's clock so the deadline comes `lead` seconds from now
        shift = (deadline - datetime.now(UTC)) - timedelta(seconds=lead)
        bot.scheduler.wake()
        due_at = time.monotonic() + lead
        latencies: list[float] = []
        stop = asyncio.Event()

        async def probe() -> None:
            i = 0
            while not stop.is_set():
                user, game_id, power = probes[i % len(probes)]
                i += 1
                text = OPENING[power].split(";")[0]
                start = time.monotonic()
                reply = await emu.slash(user, "order", {"orders": text, "game": str(game_id)}, timeout=30)
                latencies.append(time.monotonic() - start)
                assert "✅" in reply["data"]["content"], reply["data"]["content"]
                await asyncio.sleep(0.05)

        prober = asyncio.create_task(probe())
        channel_ids = {c["id"] for c in channels}

        def done() -> bool:
            announced = {p.channel_id for p in emu.posts if p.content.startswith("⏳") and "Fall 1901" in p.content}
            return channel_ids <= announced

        while not done():
            await asyncio.sleep(0.05)
        # and every DM of the new phase (7 per game)
        while (
            sum(
                1
                for p in emu.posts
                if "Fall 1901" in p.content and p.content.startswith("⏳ **Bench") and p.channel_id not in channel_ids
            )
            < 7 * games
        ):
            await asyncio.sleep(0.05)
        finished = time.monotonic() - due_at
        during = list(latencies)
        await asyncio.sleep(1.0)
        stop.set()
        await prober
        await bot.close()
        runner.cancel()
        await asyncio.gather(runner, return_exceptions=True)
        await emu.stop()
    pngs = sum(1 for p in emu.posts if p.files)
    print(f"renderer: {'renderer.render' if maps.renderer_available() else 'stand-in picture (renderer missing)'}")
    print(f"setup: {games} games + 10 probe games in {setup_time:.1f} s")
    print(
        f"all {games} games resolved and posted {finished:.2f} s after the shared deadline "
        f"({len(emu.posts)} messages, {pngs} with a PNG map)"
    )
    if during:
        print(
            f"/order replies meanwhile: {len(during)}, worst {max(during) * 1000:.0f} ms, "
            f"median {statistics.median(during) * 1000:.0f} ms, "
            f"p95 {sorted(during)[int(0.95 * (len(during) - 1))] * 1000:.0f} ms"
        )
    ok = finished <= 30 and (not during or max(during) <= 0.25)
    print("targets (30 s, 250 ms):", "met" if ok else "NOT met")
    return 0 if ok else 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--lead", type=float, default=3.0, help="seconds from bot start to the deadline")
    args = parser.parse_args()
    sys.exit(asyncio.run(main(args.games, args.lead)))
