"""Files sent besides the maps (issue 15), each with its alt text (a Discord attachment
description, for screen readers): the supply-centre chart of the final post, and the
animated GIF and JSON document of ``/game history``."""

from __future__ import annotations

import io
import re

import discord

from bot.core.app import Core
from bot.core.endgame import HistoryFiles
from bot.infra.storage import GameRow
from bot.text.board import history_description
from bot.text.scores import chart_description


def file_stem(name: str) -> str:
    """A game's name as a file name: letters, digits and dashes (``game`` if none)."""
    stem = re.sub(r"[^\w]+", "-", name, flags=re.UNICODE).strip("-_").lower()
    return stem[:40] or "game"


async def chart_files(core: Core, game: GameRow, language: str) -> list[discord.File]:
    """The game's supply-centre chart (none for a game that is gone)."""
    chart = await core.history.chart(game.id)
    if chart is None:
        return []
    return [
        discord.File(
            io.BytesIO(chart.png),
            filename=f"{file_stem(game.name)}-centres.png",
            description=chart_description(chart, language),
        )
    ]


async def reveal_files(core: Core, game: GameRow, language: str, max_bytes: int) -> list[discord.File]:
    """Issue 25: the whole history of a Fog of War game that is over (GIF and JSON)."""
    request = await core.history.request_of(game.id)
    if request is None:
        return []
    return history_files(await core.history.files(request, max_bytes), language)


def history_files(files: HistoryFiles, language: str) -> list[discord.File]:
    """The GIF (when it fits) and the JSON document of ``/game history``."""
    stem = file_stem(files.game.name)
    out = []
    if files.gif is not None:
        out.append(
            discord.File(
                io.BytesIO(files.gif.data),
                filename=f"{stem}-history.gif",
                description=history_description(files, language),
            )
        )
    out.append(discord.File(io.BytesIO(files.document.encode()), filename=f"{stem}-history.json"))
    return out
