"""``/language``: the language the bot speaks to a player (replies, DMs, reading orders)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.core.app import Core
from bot.discord.cogs.common import answering, reply
from bot.discord.locales import NATIVE_NAMES, described, from_locale, language_choices, language_of
from bot.text.i18n import t


class LanguageCog(commands.Cog):
    def __init__(self, bot: commands.Bot, core: Core) -> None:
        self.bot = bot
        self.core = core

    @app_commands.command(name="language", description=described("cmd.language"))
    @app_commands.describe(language=described("cmd.language.language"))
    @app_commands.choices(language=language_choices(auto=True))
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.allowed_installs(guilds=True, users=False)
    async def language(
        self, interaction: discord.Interaction, language: app_commands.Choice[str] | None = None
    ) -> None:
        async with answering(interaction):
            languages = self.core.languages
            user_id = interaction.user.id
            if language is None:
                chosen = await languages.chosen(user_id)
                lang = language_of(interaction)
                key = "language.current_chosen" if chosen else "language.current_auto"
                await reply(interaction, t(key, lang, language=NATIVE_NAMES[lang]))
                return
            if language.value == "auto":
                await languages.choose(user_id, None)
                lang = from_locale(interaction.locale)
                interaction.extras["language"] = lang
                await reply(interaction, t("language.auto", lang, language=NATIVE_NAMES[lang]))
                return
            await languages.choose(user_id, language.value)
            interaction.extras["language"] = language.value
            await reply(interaction, t("language.set", language.value))
