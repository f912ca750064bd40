"""The endgame: how a game ends, what it scores, and what is kept of it afterwards.

- :mod:`~bot.core.endgame.agreement`: eliminations (announced after the resolution that
  causes them: :func:`after_resolution`), the secret draw ballot and conceding to the
  leader (:class:`Endgame`: ``/draw``, ``/concede``);
- :mod:`~bot.core.endgame.scoring`: each game's scoring system and last year, and what
  happens when a game ends however it ends (:func:`~bot.core.endgame.scoring.game_over`),
  with the moderator's ``/mod end`` (:class:`Endings`);
- :mod:`~bot.core.endgame.leaderboard`: the server's leaderboard and its seasons
  (:class:`Leaderboard`: ``/leaderboard``, ``/mod season``, ``/mod exclude``);
- :mod:`~bot.core.endgame.history`: ``/game history`` (the document and the animated GIF)
  and the final post's centre chart (:class:`GameHistory`).

How a finished game ended, as every view says it, is :mod:`bot.core.endings`: the game
context refuses an action on a finished game with it, so it stays in the core's
foundation, below this room.
"""

from __future__ import annotations

from bot.core.endgame.agreement import BallotReport, Endgame, after_resolution
from bot.core.endgame.history import Chart, GameHistory, HistoryFiles
from bot.core.endgame.leaderboard import ALL_TIME, Leaderboard, LeaderboardPage
from bot.core.endgame.scoring import Endings, EndRules, PlayerResult

__all__ = [
    "ALL_TIME",
    "BallotReport",
    "Chart",
    "EndRules",
    "Endgame",
    "Endings",
    "GameHistory",
    "HistoryFiles",
    "Leaderboard",
    "LeaderboardPage",
    "PlayerResult",
    "after_resolution",
]
