"""What a press space costs on Discord (issue 14): how many REST calls the bot makes to
set one up, to lock and unlock it, and when nothing changed, and how long the bot's own
work takes (simcord's in-memory Discord answers at once, so the time is the bot's).

Discord limits channel creation and permission edits per route (a few per second per
guild); the call counts say how long a real server takes: 22 creations for a 7-player
full-press game, one edit per press channel plus one per player on the game channel for
a rulebook lock. It runs the bot on simcord, a test dependency: install the ``[test]``
extra first (``.ci/venv test``, or ``pip install -e '.[test]'`` in a virtual environment).
Run by hand:

    python benchmarks/press.py [--games 5]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

try:
    from tests.bot.simcord_support import running, seven  # noqa: E402
except ModuleNotFoundError as missing:  # simcord (or pytest) is not installed: say so in one line
    sys.exit(
        f"benchmarks/press.py runs the bot on simcord, from the [test] extra ({missing.name} is missing): "
        "install it with .ci/venv test, or pip install -e '.[test]' in a virtual environment"
    )

HOURS = 3600
WRITES = ("POST", "PATCH", "PUT", "DELETE")


def discord_calls(env, since: int) -> dict[str, int]:
    """The channel and permission calls since ``since`` (not messages, not interactions)."""
    out: dict[str, int] = {}
    for call in env.http_requests[since:]:
        if call.method not in WRITES or "/messages" in call.path or "/interactions" in call.path:
            continue
        if not call.path.startswith(("/guilds", "/channels")):
            continue
        kind = f"{call.method} {'/guilds/*/channels' if call.path.startswith('/guilds') else call.path.split('/')[-2] if '/permissions/' in call.path else '/channels/*'}"
        out[kind] = out.get(kind, 0) + 1
    return out


async def one_game(db: str, press: str, anonymous: bool) -> dict[str, object]:
    async with running(db) as env:
        table = seven(env)
        ch, alice = table.channel, table.members[0]
        await alice.slash(ch, "game create", name="Bench", players=7, press=press, anonymous=anonymous)
        for m in table.members:
            await m.slash(ch, "game join")
        mark = len(env.http_requests)
        started = time.perf_counter()
        await alice.slash(ch, "game start")
        start_s = time.perf_counter() - started
        result: dict[str, object] = {"start": discord_calls(env, mark), "start_s": start_s}
        mark = len(env.http_requests)
        started = time.perf_counter()
        await alice.slash(ch, "press repair")
        result["idle_pass_s"] = time.perf_counter() - started
        result["idle"] = discord_calls(env, mark)
        if press == "rulebook":
            async with env.bots[-1].core.storage.write() as tx:  # a retreat phase, as a lock
                game = await tx.open_game_in_channel(ch.id)
                await tx.insert_phase(game.id, "S1901R", game.position)
                await tx.restore_game(
                    game.id,
                    expected_phase=game.phase,
                    phase="S1901R",
                    position=game.position,
                    deadline=game.deadline,
                    remind_at=None,
                    tossed=False,
                    toss_winner=None,
                )
            mark = len(env.http_requests)
            started = time.perf_counter()
            await alice.slash(ch, "press repair")
            result["lock_s"] = time.perf_counter() - started
            result["lock"] = discord_calls(env, mark)
        return result


async def main(games: int) -> None:
    for press, anonymous in (("full", False), ("rulebook", False), ("full", True), ("none", False)):
        label = f"{press}{' anonymous' if anonymous else ''}"
        runs = []
        for i in range(games):
            with tempfile.TemporaryDirectory() as tmp:
                runs.append(await one_game(str(Path(tmp) / f"b{i}.sqlite3"), press, anonymous))
        first = runs[0]
        print(f"{label}: start {first['start']}  idle pass {first['idle'] or 'no call'}")
        if "lock" in first:
            print(f"    lock {first['lock']}")
        for key in ("start_s", "idle_pass_s", "lock_s"):
            if key in first:
                values = sorted(float(r[key]) for r in runs)  # type: ignore[arg-type]
                print(f"    {key}: median {values[len(values) // 2] * 1000:.0f} ms, worst {values[-1] * 1000:.0f} ms")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=5)
    asyncio.run(main(parser.parse_args().games))
