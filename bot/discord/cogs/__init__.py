"""Application commands, one cog per concern. Cogs are thin: read the interaction, call
one use case of :class:`bot.core.app.Core`, send what :mod:`bot.text` built."""
