"""The Discord bot: games in server channels, orders by direct message, phases resolved
at their deadlines, maps and results posted. ``python -m bot`` runs it.

Layers inside: :mod:`bot.cogs` (application commands, thin) → :mod:`bot.service` (the game
service) → :mod:`bot.infra.storage` (SQLite); :mod:`bot.infra.scheduler` (deadlines) and
:mod:`bot.outbox` (posting, with :mod:`bot.infra.maps`) run beside them; every text a user reads
comes from :mod:`bot.text.i18n`.
"""
