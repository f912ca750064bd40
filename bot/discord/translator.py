"""Command descriptions in each player's Discord language: discord.py hands the
translator every ``locale_str`` the commands carry; each carries its catalogue key
(:func:`bot.discord.locales.described`), and the translator answers with that message in
the locale's language; a choice that names a power carries the power (``power=``), and
is named as the locale's language names it (``Россия``). Names (commands, options) are
never translated: they stay English."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.discord.locales import LOCALES
from bot.text.i18n import catalogue
from bot.text.labels import power_name


class CatalogueTranslator(app_commands.Translator):
    _NAMES = {
        app_commands.TranslationContextLocation.command_name,
        app_commands.TranslationContextLocation.group_name,
        app_commands.TranslationContextLocation.parameter_name,
    }

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContext
    ) -> str | None:
        if context.location in self._NAMES:
            return None
        language = LOCALES.get(locale)
        if language is not None and "power" in string.extras:  # a game word: the engine's name
            return power_name(string.extras["power"], language)
        key = string.extras.get("key")
        if language is None or key is None:
            return None
        text = catalogue(language).get(key)
        return text if text and text != string.message else None
