"""The Discord bot: games in server channels, orders by direct message, phases resolved
at their deadlines, maps and results posted. ``python -m bot`` runs it.

Four layers, imports going one way (``tests/test_architecture.py`` checks it):

- :mod:`bot.discord`: discord.py at the edge: the client, thin cogs, the order sheet's
  components, the translator, the poster that sends the outbox;
- :mod:`bot.text`: every text a user reads: the catalogue (:mod:`bot.text.i18n`), game
  words, replies, posts, the order sheet's screens; no discord client;
- :mod:`bot.core`: the use cases on one :class:`~bot.core.context.GameContext`; no
  discord, no message texts, no SQL;
- :mod:`bot.infra`: storage (SQLite), the scheduler and the wakeable loop, maps, schedule
  parsing, the clock, the compute helper; it imports nothing of the other three.
"""
