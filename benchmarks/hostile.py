"""One player sends hostile orders as fast as the bot answers; another gives ordinary
orders meanwhile (issue 10 §1). How slow do the ordinary player's replies get?

Through the real network path: the loopback emulator of tests/bot/loopback.py runs in
this process, the bot in its own (``python -m bot``, as in production), the two talking
over aiohttp REST and the gateway websocket on 127.0.0.1. One 7-player game in
Bulgarian; player A (France) reads in Spanish (so every line is tried in Spanish,
Bulgarian and English) and sends, in turn, each as soon as the previous reply came:

- ``Gal`` × 1,000 on one line (Spanish ``Gal``: Gales or Galicia);
- 20 lines of 300 characters of ``Gal``;
- 20 lines of 300 characters of ambiguous Bulgarian words (``сев``, ``СЕА``, ``Сев``, ``СеА``);
- 20 lines of 300 characters of ``E Gal A E Gal - Gal``;
- 50 orders of unreadable words (each with its "did you mean");
- 1,000 orders of ``Gal`` (refused whole: more than 50 orders).

Every message stays within Discord's 6,000 characters for an option. Player B
(Germany, English) sends ordinary ``/order`` commands, one every 50 ms after each reply.
Reported: B's reply times (worst, p99, median) from the interaction sent to the reply
received, A's, and the machine's load. Target: B's worst reply under 250 ms.

    python benchmarks/hostile.py [--seconds 30] [--hostile 1]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.core.app import Core  # noqa: E402
from bot.core.context import powers_of  # noqa: E402
from bot.infra.storage import Storage  # noqa: E402
from tests.bot.loopback import Emulator  # noqa: E402
from tests.bot.test_sigkill import launch  # noqa: E402  (python -m bot against the emulator)

BULGARIAN = " ".join(["сев", "СЕА", "Сев", "СеА"] * 19)[:300]
HOSTILE = {
    "Gal x1000, one line": " ".join(["Gal"] * 1000),
    "20 lines of Gal": "\n".join([" ".join(["Gal"] * 75)] * 20),
    "20 lines of Bulgarian": "\n".join([BULGARIAN] * 20),
    "20 lines of E Gal A": "\n".join([("E Gal A E Gal - Gal " * 16)[:300]] * 20),
    "50 unreadable orders": "\n".join(f"Xqzt{i} Wvbnq - Plmkz{i} Qrtyu Zxcvb Mnbvq Lkjhg Poiuy" for i in range(50)),
    "1,000 orders of Gal": "; ".join(["Gal"] * 1000),
}
ORDINARY = ["A MUN - RUH", "A BER - KIE; F KIE - DEN", "A MUN - BUR", "A MUN H; A BER H; F KIE H"]


async def prepare(db: str, emu: Emulator, hostile: int):
    """One started game (language Bulgarian), straight through the core: player B and
    the ``hostile`` players A (each reading in Spanish)."""
    storage = await Storage.open(db)
    core = Core(storage, rng=random.Random(1))
    users = [emu.add_user(f"player{i}") for i in range(7)]
    channel = emu.add_channel("game")
    await core.lifecycle.create_game(
        guild_id=int(emu.guild_id),
        channel_id=int(channel["id"]),
        user_id=int(users[0]["id"]),
        name="Hostile",
        players=7,
        language="bg",
    )
    for u in users:
        await core.lifecycle.join(int(channel["id"]), int(u["id"]))
    game = await core.lifecycle.start(int(channel["id"]), int(users[0]["id"]), can_manage=False)
    async with storage.transaction() as tx:
        by_power = {powers_of(game, p)[0].value: emu.users[str(p.user_id)] for p in await tx.players(game.id)}
        for post in await tx.posts():  # the start posts are not part of the test
            await tx.mark_sent(post["id"], None, 0)
    attackers = [by_power[p] for p in ("FRANCE", "ITALY", "TURKEY", "AUSTRIA", "ENGLAND", "RUSSIA")[:hostile]]
    for a in attackers:
        await core.languages.choose(int(a["id"]), "es")
    core.close()
    await storage.close()
    return attackers, by_power["GERMANY"]


def figures(times: list[float]) -> str:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return (
        f"{len(times)} replies, worst {max(times) * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms, "
        f"median {statistics.median(times) * 1000:.0f} ms"
    )


async def main(seconds: float, hostile: int) -> int:
    load_before = os.getloadavg()
    emu = Emulator()
    await emu.start()
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "hostile.sqlite3")
        attackers, player_b = await prepare(db, emu, hostile)
        proc = await launch(emu, Path(db))
        try:
            # warm up: a running bot has read every language's tables already
            for text in HOSTILE.values():
                await emu.slash(attackers[0], "order", {"orders": text}, timeout=60)
            await emu.slash(player_b, "order", {"orders": ORDINARY[0]}, timeout=60)

            stop = asyncio.Event()
            b_times: list[float] = []
            a_times: dict[str, list[float]] = {name: [] for name in HOSTILE}

            async def attacker(user) -> None:
                while not stop.is_set():
                    for name, text in HOSTILE.items():
                        start = time.monotonic()
                        reply = await emu.slash(user, "order", {"orders": text}, timeout=60)
                        a_times[name].append(time.monotonic() - start)
                        content = reply["data"].get("content") or ""
                        assert "❌" in content or "50" in content, content[:200]
                        if stop.is_set():
                            return

            async def ordinary() -> None:
                i = 0
                while not stop.is_set():
                    start = time.monotonic()
                    reply = await emu.slash(player_b, "order", {"orders": ORDINARY[i % len(ORDINARY)]}, timeout=60)
                    b_times.append(time.monotonic() - start)
                    assert "✅" in reply["data"]["content"], reply["data"]["content"][:200]
                    i += 1
                    await asyncio.sleep(0.05)

            tasks = [asyncio.create_task(attacker(a)) for a in attackers] + [asyncio.create_task(ordinary())]
            await asyncio.sleep(seconds)
            stop.set()
            await asyncio.gather(*tasks)
        finally:
            if proc.returncode is None:
                proc.terminate()
            await proc.wait()
            await emu.stop()
    load_after = os.getloadavg()
    print(f"machine: {os.cpu_count()} CPUs; load average before {load_before[0]:.2f}, after {load_after[0]:.2f}")
    print(f"{hostile} hostile player(s) for {seconds:.0f} s, sending as fast as the replies come")
    for name, times in a_times.items():
        if times:
            print(f"  A {name:<22} {figures(times)}")
    print(f"B (ordinary /order):       {figures(b_times)}")
    ok = max(b_times) < 0.25
    print("target (B's worst reply under 250 ms):", "met" if ok else "NOT met")
    return 0 if ok else 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0, help="how long player A keeps sending")
    parser.add_argument("--hostile", type=int, default=1, help="hostile players sending at once (1-6)")
    args = parser.parse_args()
    sys.exit(asyncio.run(main(args.seconds, max(1, min(6, args.hostile)))))
