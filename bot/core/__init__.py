"""The bot's use cases (lifecycle, ordering, the order sheet, resolution, reminders,
moderation, the endgame, status, languages) on one :class:`~bot.core.context.GameContext`,
composed by :class:`bot.core.app.Core`. No discord, no message texts, no SQL: refusals and
results are typed values, posts are intents (:mod:`bot.core.posts`)."""
