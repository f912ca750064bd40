"""The bot: a discord.py client wired to the database, the game service, the deadline
scheduler and the outbox. ``DiplomacyBot(...)`` takes test options (clock, random
generator, whether to sync commands) so tests build the real thing."""
from __future__ import annotations

import asyncio
import logging
import random
from typing import Awaitable, Callable

import discord
from discord import app_commands
from discord.ext import commands

from bot.infra import maps
from bot.infra.clock import Clock, system_clock
from bot.text.i18n import t
from bot.languages import CatalogueTranslator, Languages, language_of
from bot.outbox import Outbox
from bot.infra.scheduler import Scheduler
from bot.service import GameService, UserError
from bot.infra.storage import Storage

log = logging.getLogger(__name__)


class DiplomacyTree(app_commands.CommandTree):
    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        # the player's language, for everything this command answers (bot.languages)
        languages = getattr(self.client, "languages", None)
        if languages is not None:
            await languages.resolve(interaction)
        return True

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        original = getattr(error, "original", error)
        lang = language_of(interaction)
        if isinstance(original, UserError):
            text = original.text(lang)
        elif isinstance(error, app_commands.NoPrivateMessage):
            text = t("error.guild_only", lang)
        else:
            command = interaction.command.qualified_name if interaction.command else "?"
            log.error("command /%s by %s failed", command, interaction.user.id, exc_info=original)
            text = t("error.internal", lang)
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException:
            log.warning("could not tell user %s about an error", interaction.user.id)


class DiplomacyBot(commands.Bot):
    def __init__(self, *, db_path: str, clock: Clock = system_clock, rng: random.Random | None = None,
                 sync_commands: bool = True, run_scheduler: bool = True,
                 map_drawer: maps.Drawer | None = None, **options) -> None:
        intents = discord.Intents.none()
        intents.guilds = True            # channels and permissions; no privileged intent is needed
        super().__init__(command_prefix=commands.when_mentioned, intents=intents,
                         tree_cls=DiplomacyTree, help_command=None, **options)
        self.db_path = db_path
        self.clock = clock
        self.rng = rng
        self.sync_commands = sync_commands
        self.run_scheduler = run_scheduler     # tests: a bot that is up but lets deadlines pass
        self.storage: Storage | None = None
        # one cache of drawn maps for posts and /game map; tests not about maps pass a
        # fast drawer (bot.infra.maps.plain_views)
        self.maps = maps.MapCache(drawer=map_drawer)
        # how the background loops sleep until their next timer (tests: simcord's virtual wait)
        self.pause: Callable[[float], Awaitable[None]] = asyncio.sleep

    async def setup_hook(self) -> None:
        from bot.cogs.games import GameCog
        from bot.cogs.language import LanguageCog
        from bot.cogs.mod import EndgameCog, ModCog
        from bot.moderation import Moderation
        from bot.cogs.orders import OrderCog
        from bot.cogs.sheet import SheetCog

        self.storage = await Storage.open(self.db_path)
        self.service = GameService(self.storage, clock=self.clock, rng=self.rng or random.Random(),
                                   map_cache=self.maps)
        self.scheduler = Scheduler(self.service.run_due, self.service.next_timer, self.service.now,
                                   lambda delay: self.pause(delay))
        self.outbox = Outbox(self)
        self.service.on_timer_change = self.scheduler.wake
        self.service.on_posts = self.outbox.kick
        self.moderation = Moderation(self.service)
        self.languages = Languages(self.service)
        await self.tree.set_translator(CatalogueTranslator())
        await self.add_cog(GameCog(self))
        await self.add_cog(OrderCog(self))
        await self.add_cog(SheetCog(self))
        await self.add_cog(ModCog(self))
        await self.add_cog(EndgameCog(self))
        await self.add_cog(LanguageCog(self))
        if self.sync_commands:
            await self.tree.sync()
        if self.run_scheduler:
            self.scheduler.start()
        self.outbox.start()

    async def close(self) -> None:
        for part in (getattr(self, "scheduler", None), getattr(self, "outbox", None)):
            if part is not None:
                await part.stop()
        self.maps.close()
        if self.storage is not None:
            await self.storage.close()
            self.storage = None
        await super().close()
