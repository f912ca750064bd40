"""``/game create|join|leave|start|status|map``: games in server channels."""

from __future__ import annotations

import io

import discord
from discord import app_commands
from discord.ext import commands

from bot.core.app import Core
from bot.discord.cogs.common import answering, reply
from bot.discord.fronts import MapButton, send_fronts
from bot.discord.locales import NATIVE_NAMES, described, guild_language, language_choices, language_of
from bot.infra.storage import GameRow
from bot.text.i18n import t
from bot.text.labels import phase_title
from bot.text.replies import create_text, status_text


@app_commands.guild_only()
class GameCog(commands.GroupCog, group_name="game", group_description=described("cmd.game")):
    def __init__(self, bot: commands.Bot, core: Core) -> None:
        self.bot = bot
        self.core = core
        super().__init__()

    async def cog_load(self) -> None:
        # taps on the "my map" button of a DM are routed by their custom_id, even after a restart
        self.bot.add_dynamic_items(MapButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(MapButton)

    @app_commands.command(name="create", description=described("cmd.game.create"))
    @app_commands.describe(
        name=described("cmd.game.create.name"),
        players=described("cmd.game.create.players"),
        movement=described("cmd.game.create.movement"),
        retreat=described("cmd.game.create.retreat"),
        adjustment=described("cmd.game.create.adjustment"),
        civil_disorder=described("cmd.game.create.civil_disorder"),
        language=described("cmd.game.create.language"),
    )
    @app_commands.choices(language=language_choices())
    async def create(
        self,
        interaction: discord.Interaction,
        name: str,
        players: app_commands.Range[int, 2, 7] = 7,
        movement: str | None = None,
        retreat: str | None = None,
        adjustment: str | None = None,
        civil_disorder: app_commands.Range[int, 0, 10] = 2,
        language: app_commands.Choice[str] | None = None,
    ) -> None:
        async with answering(interaction):
            game = await self.core.lifecycle.create_game(
                guild_id=interaction.guild_id or 0,
                channel_id=interaction.channel_id or 0,
                user_id=interaction.user.id,
                name=name,
                players=players,
                movement=movement,
                retreat=retreat,
                adjustment=adjustment,
                cd_after=civil_disorder,
                language=language.value if language else guild_language(interaction),
                action=interaction.id,
            )
            await reply(
                interaction,
                create_text(game, civil_disorder, interaction.user.id, NATIVE_NAMES[game.language]),
                ephemeral=False,
            )

    @app_commands.command(name="join", description=described("cmd.game.join"))
    async def join(self, interaction: discord.Interaction) -> None:
        async with answering(interaction):

            async def can_dm(game: GameRow) -> bool:
                try:
                    await interaction.user.send(t("join.dm_welcome", language_of(interaction), game=game.name))
                except discord.HTTPException:
                    return False
                return True

            game, joined = await self.core.lifecycle.join(
                interaction.channel_id or 0, interaction.user.id, can_dm, action=interaction.id
            )
            text = t("join.done", game.language, game=game.name, joined=joined, players=game.players)
            if joined == game.players:
                text += "\n" + t("join.full_now", game.language, creator=f"<@{game.creator_id}>")
            await reply(interaction, text, ephemeral=False)

    @app_commands.command(name="leave", description=described("cmd.game.leave"))
    async def leave(self, interaction: discord.Interaction) -> None:
        async with answering(interaction):
            game = await self.core.lifecycle.leave(
                interaction.channel_id or 0, interaction.user.id, action=interaction.id
            )
            await reply(interaction, t("leave.done", game.language, game=game.name), ephemeral=False)

    @app_commands.command(name="start", description=described("cmd.game.start"))
    async def start(self, interaction: discord.Interaction) -> None:
        async with answering(interaction):
            perms = interaction.permissions
            game = await self.core.lifecycle.start(
                interaction.channel_id or 0,
                interaction.user.id,
                can_manage=bool(perms.manage_guild or perms.administrator),
                action=interaction.id,
            )
            await reply(interaction, t("start.done", game.language, game=game.name), ephemeral=False)

    @app_commands.command(name="status", description=described("cmd.game.status"))
    async def status(self, interaction: discord.Interaction) -> None:
        async with answering(interaction):
            report = await self.core.status.game_status(interaction.channel_id or 0)
            # a private reply: the player's language
            await reply(interaction, status_text(report, language_of(interaction)), ephemeral=True)

    @app_commands.command(name="map", description=described("cmd.game.map"))
    @app_commands.describe(phase=described("cmd.game.map.phase"), front=described("cmd.game.map.front"))
    @app_commands.choices(front=[app_commands.Choice(name=described("cmd.game.map.front.me"), value="me")])
    async def map(
        self, interaction: discord.Interaction, phase: str | None = None, front: app_commands.Choice[str] | None = None
    ) -> None:
        if front is not None:  # the player's own crops, in their language, only to them
            await send_fronts(interaction, channel_id=interaction.channel_id, phase=phase)
            return
        async with answering(interaction):
            # checked first: a refusal is private; only the map itself is posted for all
            request = await self.core.status.map_phase(interaction.channel_id or 0, phase)
            await interaction.response.defer(thinking=True)
            picture = await self.core.status.draw(request)
            lang = picture.game.language
            file = discord.File(io.BytesIO(picture.png), filename=f"{picture.phase}.png")
            await reply(
                interaction,
                t("map.caption", lang, game=picture.game.name, phase=phase_title(picture.phase, lang)),
                ephemeral=False,
                file=file,
            )
