"""``/remind`` and the order sheet's buttons and menus (the sheet itself opens with
``/orders``, in :mod:`bot.discord.cogs.orders`): thin, the screens are
:mod:`bot.text.sheet`."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.core.app import Core
from bot.discord.cogs.common import answering, reply
from bot.discord.locales import described, language_of
from bot.discord.views import SheetButton, SheetSelect
from bot.text.i18n import t
from bot.text.replies import reminders_text


class SheetCog(commands.Cog):
    def __init__(self, bot: commands.Bot, core: Core) -> None:
        self.bot = bot
        self.core = core

    async def cog_load(self) -> None:
        # taps on sheet components are routed by their custom_id, even after a restart
        self.bot.add_dynamic_items(SheetButton, SheetSelect)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(SheetButton, SheetSelect)

    @app_commands.command(name="remind", description=described("cmd.remind"))
    @app_commands.describe(
        before=described("cmd.remind.before"),
        only_incomplete=described("cmd.remind.only_incomplete"),
        map=described("cmd.remind.map"),
    )
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.allowed_installs(guilds=True, users=False)
    async def remind(
        self,
        interaction: discord.Interaction,
        before: str | None = None,
        only_incomplete: bool | None = None,
        map: bool | None = None,
    ) -> None:
        async with answering(interaction):
            reminders = self.core.reminders
            lang = language_of(interaction)
            uid = interaction.user.id
            if map is not None:  # the map attached to each new phase's DM, or offered (issue 13)
                await self.core.fronts.choose(uid, map)

            async def maps() -> str:
                pushed = map if map is not None else await self.core.fronts.pushed(uid)
                return t("remind.maps_pushed" if pushed else "remind.maps_offered", lang)

            if before is None and only_incomplete is None:
                settings = await reminders.settings(uid)
                await reply(interaction, reminders_text(settings, lang) + "\n" + await maps())
                return
            settings = await reminders.choose(uid, before, only_incomplete)
            text = t("remind.done", lang, summary=reminders_text(settings, lang))
            await reply(interaction, text + ("\n" + await maps() if map is not None else ""))
