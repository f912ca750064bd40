"""Application commands, one cog per concern. Cogs are thin: read the interaction, call
one game-service function, format its answer through the message catalogue."""
