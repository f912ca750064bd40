"""Discord locales and the player's language for an interaction: the stored ``/language``
choice (:class:`bot.core.languages.Languages`), else the Discord client's language."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.core.languages import DEFAULT, LANGUAGES, NATIVE_NAMES, SCRIPTS, Languages
from bot.text.i18n import t

LOCALES = {
    discord.Locale.spain_spanish: "es",
    discord.Locale.latin_american_spanish: "es",
    discord.Locale.russian: "ru",
    discord.Locale.bulgarian: "bg",
}


def from_locale(locale: discord.Locale | str | None) -> str:
    """The bot's language for a Discord locale (``es-ES`` → ``es``; unknown → ``en``)."""
    if locale is None:
        return DEFAULT
    value = locale.value if isinstance(locale, discord.Locale) else str(locale)
    value = value.strip().lower()
    if value in LANGUAGES:
        return value
    base = value.split("-")[0].split("_")[0]
    return base if base in LANGUAGES else DEFAULT


async def resolve(interaction: discord.Interaction) -> str:
    """The player's language for this interaction (set before every command), kept in
    ``interaction.extras["language"]`` for :func:`language_of`."""
    languages = getattr(interaction.client, "languages", None)
    client = from_locale(interaction.locale)
    language = await languages.resolve(interaction.user.id, client) if isinstance(languages, Languages) else client
    interaction.extras["language"] = language
    return language


def language_of(interaction: discord.Interaction) -> str:
    """The language to answer this interaction in (the player's language). Outside
    commands (buttons, menus) the stored choice known to the bot is used, else the client
    language."""
    known = interaction.extras.get("language")
    if known in LANGUAGES:
        return str(known)
    languages = getattr(interaction.client, "languages", None)
    if isinstance(languages, Languages):
        chosen = languages.cached_choice(interaction.user.id)
        if chosen:
            return chosen
    return from_locale(interaction.locale)


def guild_language(interaction: discord.Interaction) -> str:
    """The server's preferred language (the default language of its new games)."""
    guild = interaction.guild
    if guild is not None and getattr(guild, "preferred_locale", None):
        return from_locale(guild.preferred_locale)
    return from_locale(interaction.guild_locale)


def described(key: str, /, **params: Any) -> app_commands.locale_str:
    """A command text from the catalogue: English, carrying its key for the translator."""
    return app_commands.locale_str(t(key, DEFAULT, **params), key=key)


def language_choices(*, auto: bool = False) -> list[app_commands.Choice[str]]:
    choices = [app_commands.Choice(name=NATIVE_NAMES[code], value=code) for code in LANGUAGES]
    if auto:
        choices.append(app_commands.Choice(name=described("language.choice.auto"), value="auto"))
    return choices


def label_choices() -> list[app_commands.Choice[str]]:
    """The label sets a game's maps can be drawn with, where its language has a choice
    (Russian: Cyrillic or the rulebook's Latin letters)."""
    scripts = dict.fromkeys(script for choice in SCRIPTS.values() if len(choice) > 1 for script in choice)
    return [app_commands.Choice(name=described(f"cmd.labels.{script}"), value=script) for script in scripts]
