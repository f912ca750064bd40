"""Refusals: what a player or moderator did that the bot will not do. A refusal is a
message key and its typed parameters (a Phase, a Power, a Unit, :mod:`bot.core.params`
values, plain numbers and names), never text: the text layer says it in the reader's
language."""

from __future__ import annotations

from typing import Any


class UserError(Exception):
    """Something a user did that the bot refuses; ``key`` names the message."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params
