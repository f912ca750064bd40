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
from bot.discord.cogs.common import answering, game_choices, reply, where
from bot.discord.locales import described, language_of
from bot.text.board import board_text, history_caption
from engine.scoring import System


def scoring_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=described(f"scoring.choice.{s.value}"), value=s.value) for s in System]


class GameRecords:
    core: Core

    @app_commands.command(name="history", description=described("cmd.game.history"))
    @app_commands.describe(game=described("cmd.option.game"))
    async def history(self, interaction: discord.Interaction, game: str | None = None) -> None:
        async with answering(interaction):
            # checked first: a refusal is private; then the (long) drawing behind "thinking..."
            w = where(interaction, game)
            request = await self.core.history.request(
                w["channel_id"], interaction.user.id, game_id=w["game_id"], guild_id=w["guild_id"]
            )
            await interaction.response.defer(thinking=True)
            files = await self.core.history.files(request, interaction.filesize_limit)
            lang = request.game.language  # posted for everyone: the game's language, as its maps
            await interaction.followup.send(history_caption(files, lang), files=history_files(files, lang))

    @app_commands.command(name="board", description=described("cmd.game.board"))
    @app_commands.describe(phase=described("cmd.game.board.phase"), game=described("cmd.option.game"))
    async def board(self, interaction: discord.Interaction, phase: str | None = None, game: str | None = None) -> None:
        async with answering(interaction):
            w = where(interaction, game)
            request = await self.core.status.map_phase(
                w["channel_id"], phase, interaction.user.id, game_id=w["game_id"], guild_id=w["guild_id"]
            )
            lang = language_of(interaction)  # a private reply: the reader's language
            await reply(interaction, board_text(request.game.name, request.row.position, lang))

    async def _records_game(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await game_choices(self.core, interaction, current)

    history.autocomplete("game")(_records_game)
    board.autocomplete("game")(_records_game)
