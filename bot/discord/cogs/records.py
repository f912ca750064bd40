"""``/game history`` and ``/game board`` (issue 15), commands of the ``/game`` group that
:class:`bot.discord.cogs.games.GameCog` takes in (:class:`GameRecords`): the game's
history as an animated GIF and a JSON file (made off the event loop, within the size this
interaction may send), and the board in words for screen readers; and the menu of
scoring systems of ``/game create``."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.core.app import Core
from bot.discord.attachments import history_files
from bot.discord.cogs.common import answering, reply
from bot.discord.locales import described, language_of
from bot.text.board import board_text, history_caption
from engine.scoring import System


def scoring_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=described(f"scoring.choice.{s.value}"), value=s.value) for s in System]


class GameRecords:
    core: Core

    @app_commands.command(name="history", description=described("cmd.game.history"))
    async def history(self, interaction: discord.Interaction) -> None:
        async with answering(interaction):
            # checked first: a refusal is private; then the (long) drawing behind "thinking..."
            request = await self.core.history.request(interaction.channel_id or 0)
            await interaction.response.defer(thinking=True)
            files = await self.core.history.files(request, interaction.filesize_limit)
            lang = request.game.language  # posted for everyone: the game's language, as its maps
            await interaction.followup.send(history_caption(files, lang), files=history_files(files, lang))

    @app_commands.command(name="board", description=described("cmd.game.board"))
    @app_commands.describe(phase=described("cmd.game.board.phase"))
    async def board(self, interaction: discord.Interaction, phase: str | None = None) -> None:
        async with answering(interaction):
            request = await self.core.status.map_phase(interaction.channel_id or 0, phase)
            lang = language_of(interaction)  # a private reply: the reader's language
            await reply(interaction, board_text(request.game.name, request.row.position, lang))
