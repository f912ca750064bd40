"""Press: how a game's players negotiate, and what the bot needs from Discord for it.

- :mod:`~bot.core.press.mode`: a game's settings and press modes (full, public, none,
  rulebook; anonymous games; spectators), the conversations, and the press use cases
  (:class:`Press`: ``/press open``, ``/press send``, ``/game watch``, ``/mod settings``),
  with the hooks the game's life calls in its own transaction (:func:`game_started`,
  :func:`phase_started`, :func:`game_over`, :func:`seats_changed`, :func:`seat_added`);
- :mod:`~bot.core.press.space`: the press space on Discord as the core decides it (who may
  read and write each conversation: :func:`plan_of`) and the queue that applies it
  (:class:`PressJobs`, through a :class:`PressPort` the Discord layer implements);
- :mod:`~bot.core.press.permissions`: what the bot needs from Discord to run a game (its
  channel, and the press category its settings ask for), said before it fails
  (:func:`needs`), and the alerts when a permission is taken away mid-game (:class:`Alerts`).

What an anonymous game keeps secret is :mod:`bot.core.secrecy`: every channel post passes
through it (:mod:`bot.core.posts`), so it stays with the posts in the core's foundation,
below this room.
"""

from __future__ import annotations

from bot.core.press.mode import (
    Conversation,
    GameSettings,
    Press,
    PressMode,
    RoomState,
    Sent,
    Settings,
    SettingsChange,
    Target,
    game_over,
    game_settings,
    game_started,
    phase_started,
    seat_added,
    seats_changed,
    settings_of,
)
from bot.core.press.permissions import (
    PERMISSION_NAMES,
    SENDING,
    Alerts,
    Need,
    Permission,
    PermissionsMissing,
    Place,
    Use,
    lacking,
    needs,
)
from bot.core.press.space import (
    Access,
    Applied,
    Grant,
    PressJobs,
    PressPlan,
    PressPort,
    PressUnavailable,
    Problem,
    Remember,
    RoomPlan,
    plan_of,
    problems_of,
)

__all__ = [
    "PERMISSION_NAMES",
    "SENDING",
    "Access",
    "Alerts",
    "Applied",
    "Conversation",
    "GameSettings",
    "Grant",
    "Need",
    "Permission",
    "PermissionsMissing",
    "Place",
    "Press",
    "PressJobs",
    "PressMode",
    "PressPlan",
    "PressPort",
    "PressUnavailable",
    "Problem",
    "Remember",
    "RoomPlan",
    "RoomState",
    "Sent",
    "Settings",
    "SettingsChange",
    "Target",
    "Use",
    "game_over",
    "game_settings",
    "game_started",
    "lacking",
    "needs",
    "phase_started",
    "plan_of",
    "problems_of",
    "seat_added",
    "seats_changed",
    "settings_of",
]
