"""The bot's use cases on one :class:`~bot.core.context.GameContext`, composed by
:class:`bot.core.app.Core`. No discord, no message texts, no SQL: refusals and results are
typed values, posts are intents (:mod:`bot.core.posts`).

A folder per concern (a room); each room's ``__init__`` says what it owns and names its
public use cases. A room imports the foundation and only the rooms listed before it here
(``tests/test_bot_imports.py`` checks that no two rooms import each other, even through
other rooms):

- :mod:`bot.core.press`: press modes and settings, the press space on Discord, the
  permissions a game needs;
- :mod:`bot.core.endgame`: draws, concessions and eliminations, scoring, the leaderboard,
  a game's history;
- :mod:`bot.core.seats`: open seats and substitutes, the stand-ins, civil disorder;
- :mod:`bot.core.status`: ``/game status`` and ``/game map``, the late record, a player's
  fronts;
- :mod:`bot.core.deadlines`: days off, reminders, grace;
- :mod:`bot.core.orders`: giving orders, reading them, the order sheet, the preview,
  standby orders;
- :mod:`bot.core.play`: a game's life (create, join, start), resolving phases and
  deadline storms, moderation.

The foundation, used by every room, stays here: :mod:`~bot.core.app` (the composition),
:mod:`~bot.core.deps`, :mod:`~bot.core.context` (the GameContext and finding a game),
:mod:`~bot.core.posts` (post intents), :mod:`~bot.core.errors` (refusals),
:mod:`~bot.core.params`, :mod:`~bot.core.types`, :mod:`~bot.core.rules` (the engine's
rules as the core asks them) and :mod:`~bot.core.trivial` (phases nobody has a choice in),
:mod:`~bot.core.languages`, :mod:`~bot.core.naming`, and three policies every post or
context applies: :mod:`~bot.core.fog` (Fog of War), :mod:`~bot.core.secrecy` (anonymous
games) and :mod:`~bot.core.endings` (how a finished game ended).
"""
