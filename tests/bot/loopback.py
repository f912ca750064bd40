"""The loopback Discord of the tests and benchmarks: it lives in the package
(:mod:`bot.demo.loopback`), since ``python -m bot demo`` plays a game on it."""

from __future__ import annotations

from bot.demo.loopback import APP_ID, BOT, Emulator, Limits, Posted, Remote, serve

__all__ = ["APP_ID", "BOT", "Emulator", "Limits", "Posted", "Remote", "serve"]
