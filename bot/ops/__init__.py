"""The operator's commands of ``python -m bot`` (issue 24), beside running the bot:
``db copy``, ``db backup``, ``health`` and ``invite`` (:mod:`bot.ops.cli`)."""
