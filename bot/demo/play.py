"""``python -m bot demo``: the real bot plays the demo's game (:mod:`bot.demo.script`) on the
loopback Discord (:mod:`bot.demo.loopback`), in this process, with a database in a
temporary folder; players send slash commands as they would on Discord. What Discord would
show is then written out (:mod:`bot.demo.transcript`).

Deterministic where it matters: the powers are drawn with a fixed seed, and each phase
resolves as soon as every player is ``/ready`` (no deadline is waited for). Bounded: the
whole game has a time limit, and every step a hang guard.
"""

from __future__ import annotations

import asyncio
import logging
import os
import random
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from bot.core.languages import NATIVE_NAMES
from bot.demo.loopback import Emulator, Posted
from bot.demo.script import NEXT, PLAYERS, SCRIPT
from bot.demo.transcript import Said, Transcript

SEED = 1901  # the draw of the powers
LOCALES = {"en": "en-US", "es": "es-ES", "ru": "ru", "bg": "bg"}  # Discord's locale of each language
STEP = 60.0  # seconds a step may take before the demo gives up (a hang guard)
TOTAL = 300.0  # seconds the whole demo may take
GAME = "Demo"


def progress(line: str) -> None:
    print(line, flush=True)


class DemoFailed(RuntimeError):
    """The game did not go as scripted (a bot that answered otherwise, or not in time)."""


class Demo:
    """A running demo: the emulator, the bot, the players and what they were shown."""

    def __init__(self, emu: Emulator, language: str) -> None:
        self.emu = emu
        self.bot: Any = None  # the DiplomacyBot, once started
        self.language = language
        self.start = time.time()
        self.users = {name: emu.add_user(name) for name in PLAYERS}
        self.channel = emu.add_channel("diplomacy")
        self.transcript = Transcript(
            self.start, self.channel["id"], {u["id"]: n for n, u in self.users.items()}, language
        )
        self.powers = self.transcript.powers  # power -> the player who orders it

    async def command(
        self, who: str, name: str, options: dict[str, Any] | None = None, *, sub: str | None = None, here: bool = False
    ) -> dict[str, Any]:
        """``/name sub options`` as player ``who``, in the game channel (``here``) or in their
        DM with the bot; the answer is recorded as the player saw it."""
        # as the player picked them: a language by its name in the list Discord offers
        picked = {k: NATIVE_NAMES.get(v, v) if k == "language" else v for k, v in (options or {}).items()}
        shown = " ".join([f"/{name}", *([sub] if sub else []), *(f"{k}:{v}" for k, v in picked.items())])
        at = time.time()
        result = await self.emu.slash(
            self.users[who], name, options, sub=sub, channel=self.channel if here else None, timeout=STEP
        )
        data = result.get("data") or {}
        private = bool((data.get("flags") or 0) & 64)
        files = list(result.get("files") or [])
        controls = list(data.get("components") or [])
        self.transcript.add(Said(at, who, shown, data.get("content") or "", files, here, private, controls))
        return data

    async def look(self, who: str) -> None:
        """``who`` taps the map button under the bot's last DM to them: their map, for them alone."""
        dm = self.emu.dm_of[self.users[who]["id"]]
        posts = [p for p in self.emu.posts if p.channel_id == dm and p.components]
        if not posts:
            raise DemoFailed(f"no DM to {who} offers a map")
        post = posts[-1]
        button = next(
            (b for row in post.components for b in row.get("components", []) if b.get("type") == 2),
            None,
        )
        if button is None:
            raise DemoFailed(f"the last DM to {who} has no button")
        at = time.time()
        result = await self.emu.press(self.users[who], post, button["custom_id"], timeout=STEP)
        data = result.get("data") or {}
        files = list(result.get("files") or [])
        if not files:
            raise DemoFailed(f"the map button answered {who} without a map: {data.get('content')!r}")
        label = button.get("label") or ""
        emoji = (button.get("emoji") or {}).get("name")
        shown = f"{emoji} {label}" if emoji else label
        private = bool((data.get("flags") or 0) & 64)
        self.transcript.add(
            Said(
                at,
                who,
                shown,
                data.get("content") or "",
                files,
                False,
                private,
                list(data.get("components") or []),
                pressed=True,
            )
        )

    async def wait_for(self, predicate: Callable[[Posted], bool], what: str) -> Posted:
        try:
            return (await self.emu.wait_posts(predicate, timeout=STEP))[-1]
        except TimeoutError:
            raise DemoFailed(f"the bot did not post {what} within {STEP:.0f} s") from None

    def map_post(self, phase: str) -> Callable[[Posted], bool]:
        channel = self.channel["id"]
        return lambda p: p.channel_id == channel and any(name.startswith(phase) for name, _ in p.files)

    async def settled(self) -> None:
        """Wait until the bot has sent everything that is due (its outbox empty and the
        emulator quiet for a moment)."""
        storage = self.bot.storage
        end = time.monotonic() + STEP
        count = -1
        while time.monotonic() < end:
            async with storage.read() as tx:
                due = await tx.posts_due(time.time(), 1)
            if not due and count == len(self.emu.posts):
                return
            count = len(self.emu.posts)
            await asyncio.sleep(0.5)
        raise DemoFailed(f"the bot still had messages to send after {STEP:.0f} s")

    async def seats(self) -> None:
        """Who plays which power, as the bot drew them."""
        from bot.core.context import powers_of

        async with self.bot.storage.read() as tx:
            games = await tx.games_of_user(int(self.users[PLAYERS[0]]["id"]))
            game = next(g for g in games if g.name == GAME)
            for player in await tx.players(game.id):
                name = self.transcript.names[str(player.user_id)]
                for power in powers_of(game, player):
                    self.powers[power.value.upper()] = name

    async def play(self) -> None:
        from bot.text.labels import localized_orders

        first = PLAYERS[0]
        await self.command(
            first,
            "game",
            {"name": GAME, "players": len(PLAYERS), "language": self.language, "press": "public"},
            sub="create",
            here=True,
        )
        for name in PLAYERS:
            await self.command(name, "game", sub="join", here=True)
        await self.command(first, "game", sub="start", here=True)
        await self.wait_for(self.map_post(SCRIPT[0].phase), "the start of the game")
        await self.seats()
        await self.settled()
        progress(f"  the game has started: {SCRIPT[0].phase}")
        for step, after in zip(SCRIPT, [*(s.phase for s in SCRIPT[1:]), NEXT], strict=True):
            by_player: dict[str, list[str]] = {}
            for power, orders in step.orders.items():
                by_player.setdefault(self.powers[power], []).extend(orders)
            if step.looks is not None:
                await self.look(self.powers[step.looks])
            if step.mistake is not None:
                power, wrong = step.mistake
                await self.command(self.powers[power], "order", {"orders": localized_orders(wrong, self.language)})
            for name in PLAYERS:
                if name in by_player:
                    text = localized_orders("; ".join(by_player[name]), self.language)
                    await self.command(name, "order", {"orders": text})
            for name in PLAYERS:
                if name in by_player or step.phase.endswith("M"):
                    await self.command(name, "ready")
            await self.wait_for(self.map_post(after), f"the map of {after}")
            await self.settled()
            progress(f"  {step.phase} resolved: {after}")


async def _within(step: Awaitable[Any], seconds: float, failure: str) -> None:
    try:
        await asyncio.wait_for(step, seconds)
    except TimeoutError:
        raise DemoFailed(f"{failure} within {seconds:.0f} s") from None


async def run(language: str) -> Transcript:
    """Play the demo and return what was shown (written by the caller)."""
    import discord.http
    import yarl
    from discord.gateway import DiscordWebSocket

    from bot.discord.app import DiplomacyBot
    from bot.discord.runner import quiet_discord

    quiet_discord()
    # maps drawn in threads of this process: no worker processes to start or leave behind
    os.environ.setdefault("DIPLOMACY_RENDER_PROCESSES", "0")
    emu = Emulator(locale=LOCALES[language])
    demo = Demo(emu, language)  # its users and channel exist before the bot connects, as on Discord
    await emu.start()
    discord.http.Route.BASE = emu.api_url
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(emu.gateway_url)
    with tempfile.TemporaryDirectory(prefix="diplomacy-demo-") as scratch:
        bot = demo.bot = DiplomacyBot(db_path=str(Path(scratch) / "demo.sqlite3"), rng=random.Random(SEED))
        runner = asyncio.create_task(bot.start("demo-token"))
        try:
            await _within(emu.synced.wait(), STEP, "the bot did not connect to the loopback Discord")
            await _within(bot.wait_until_ready(), STEP, "the bot did not get ready")
            await _within(demo.play(), TOTAL, "the game did not end")
            demo.transcript.collect(emu)
            return demo.transcript
        except BaseException:
            # interrupted (Ctrl-C) or failed: the commands the stopping bot drops on the way out
            # are no news to the user, who is told in one line
            logging.disable(logging.CRITICAL)
            raise
        finally:
            await bot.close()
            runner.cancel()
            await asyncio.gather(runner, return_exceptions=True)
            await emu.stop()
