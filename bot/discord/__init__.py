"""The Discord edge of the bot (discord.py): the client and command tree
(:mod:`~bot.discord.app`), thin cogs, the order sheet's components, the translator of
command descriptions, and the poster that sends the outbox. Absolute imports keep
``import discord`` meaning the library inside this package."""
