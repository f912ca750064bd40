"""``/remind`` and the order sheet's buttons and menus (the sheet itself opens with
``/orders``, in :mod:`bot.cogs.orders`): thin, the work is in :mod:`bot.sheet`."""
from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.common import answering, reply
from bot.text.i18n import t
from bot.languages import language_of
from bot.sheet import describe_reminders, reminder_settings, set_reminders
from bot.views import SheetButton, SheetSelect

if TYPE_CHECKING:
    from bot.app import DiplomacyBot


class SheetCog(commands.Cog):
    def __init__(self, bot: "DiplomacyBot") -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        # taps on sheet components are routed by their custom_id, even after a restart
        self.bot.add_dynamic_items(SheetButton, SheetSelect)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(SheetButton, SheetSelect)

    @app_commands.command(name="remind", description=t("cmd.remind"))
    @app_commands.describe(before=t("cmd.remind.before"), only_incomplete=t("cmd.remind.only_incomplete"))
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.allowed_installs(guilds=True, users=False)
    async def remind(self, interaction: discord.Interaction, before: str | None = None,
                     only_incomplete: bool | None = None) -> None:
        async with answering(interaction):
            service = self.bot.service
            lang = language_of(interaction)
            if before is None and only_incomplete is None:
                settings = await reminder_settings(service, interaction.user.id)
                await reply(interaction, describe_reminders(settings, lang))
                return
            settings = await set_reminders(service, interaction.user.id, before, only_incomplete)
            await reply(interaction, t("remind.done", lang, summary=describe_reminders(settings, lang)))
