"""``/game create|join|leave|start|status|map``: games in server channels."""
from __future__ import annotations

import io
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.common import answering, reply
from bot.text.i18n import t
from bot.languages import NATIVE_NAMES, guild_language, language_choices, language_of
from bot.text.durations import schedule_text
from bot.service import power_name, phase_title, stamp

if TYPE_CHECKING:
    from bot.app import DiplomacyBot


@app_commands.guild_only()
class GameCog(commands.GroupCog, group_name="game", group_description=t("cmd.game")):
    def __init__(self, bot: "DiplomacyBot") -> None:
        self.bot = bot
        super().__init__()

    @property
    def service(self):
        return self.bot.service

    @app_commands.command(name="create", description=t("cmd.game.create"))
    @app_commands.describe(name=t("cmd.game.create.name"), players=t("cmd.game.create.players"),
                           movement=t("cmd.game.create.movement"), retreat=t("cmd.game.create.retreat"),
                           adjustment=t("cmd.game.create.adjustment"),
                           civil_disorder=t("cmd.game.create.civil_disorder"),
                           language=t("cmd.game.create.language"))
    @app_commands.choices(language=language_choices())
    async def create(self, interaction: discord.Interaction, name: str,
                     players: app_commands.Range[int, 2, 7] = 7, movement: str | None = None,
                     retreat: str | None = None, adjustment: str | None = None,
                     civil_disorder: app_commands.Range[int, 0, 10] = 2,
                     language: app_commands.Choice[str] | None = None) -> None:
        async with answering(interaction):
            game = await self.service.create_game(
                guild_id=interaction.guild_id or 0, channel_id=interaction.channel_id or 0,
                user_id=interaction.user.id, name=name, players=players, movement=movement,
                retreat=retreat, adjustment=adjustment,
                language=language.value if language else guild_language(interaction))
            await self.bot.moderation.set_policy(game.id, civil_disorder)   # the civil-disorder policy
            policy = (t("mod.status.policy", game.language, count=civil_disorder) if civil_disorder
                      else t("mod.status.policy_never", game.language))
            await reply(interaction, t("create.done", game.language, game=game.name, players=game.players,
                                       movement=schedule_text(game.movement, game.language),
                                       retreat=schedule_text(game.retreat, game.language),
                                       adjustment=schedule_text(game.adjustment, game.language),
                                       creator=interaction.user.mention)
                        + "\n" + policy + "\n"
                        + t("create.language", game.language, language=NATIVE_NAMES[game.language]),
                        ephemeral=False)

    @app_commands.command(name="join", description=t("cmd.game.join"))
    async def join(self, interaction: discord.Interaction) -> None:
        async with answering(interaction):
            async def can_dm(game) -> bool:
                try:
                    await interaction.user.send(t("join.dm_welcome", language_of(interaction), game=game.name))
                except discord.HTTPException:
                    return False
                return True

            game, joined = await self.service.join(interaction.channel_id or 0, interaction.user.id, can_dm)
            text = t("join.done", game.language, game=game.name, joined=joined, players=game.players)
            if joined == game.players:
                text += "\n" + t("join.full_now", game.language, creator=f"<@{game.creator_id}>")
            await reply(interaction, text, ephemeral=False)

    @app_commands.command(name="leave", description=t("cmd.game.leave"))
    async def leave(self, interaction: discord.Interaction) -> None:
        async with answering(interaction):
            game = await self.service.leave(interaction.channel_id or 0, interaction.user.id)
            await reply(interaction, t("leave.done", game.language, game=game.name), ephemeral=False)

    @app_commands.command(name="start", description=t("cmd.game.start"))
    async def start(self, interaction: discord.Interaction) -> None:
        async with answering(interaction):
            perms = interaction.permissions
            game = await self.service.start(interaction.channel_id or 0, interaction.user.id,
                                            can_manage=bool(perms.manage_guild or perms.administrator))
            await reply(interaction, t("start.done", game.language, game=game.name), ephemeral=False)

    @app_commands.command(name="status", description=t("cmd.game.status"))
    async def status(self, interaction: discord.Interaction) -> None:
        async with answering(interaction):
            status = await self.service.status(interaction.channel_id or 0)
            game, lang = status.game, language_of(interaction)   # a private reply: the player's language
            if game.status == "forming":
                text = t("status.forming", lang, game=game.name, joined=len(status.joined), players=game.players,
                         users=", ".join(f"<@{u}>" for u in status.joined))
            elif game.status == "finished":
                text = t("status.finished", lang, game=game.name,
                         winner=", ".join(power_name(p, lang) for p in (game.winner or "").split(",") if p) or "—")
            else:
                lines = [t("status.title", lang, game=game.name, phase=phase_title(game.phase or "", lang),
                           deadline=stamp(game.deadline) if game.deadline else t("mod.paused_deadline", lang))]
                for p in status.players:
                    if p.ready:
                        mark, state = "✅", t("status.ready", lang)
                    elif p.to_order == 0:
                        mark, state = "➖", t("status.nothing", lang)
                    elif p.ordered >= p.to_order:
                        mark, state = "📝", t("status.complete", lang)
                    elif p.ordered:
                        mark, state = "✏️", t("status.partial", lang)
                    else:
                        mark, state = "⏳", t("status.none", lang)
                    lines.append(t("status.line", lang, mark=mark, user=f"<@{p.user_id}>", state=state,
                                   powers=", ".join(power_name(pw, lang) for pw in p.powers) or "—"))
                text = "\n".join(lines)
            # the civil-disorder policy, pause, draw and reliability record (bot.moderation)
            text = "\n".join([text, *await self.bot.moderation.status_lines(game, status.joined, lang)])[:2000]
            await reply(interaction, text, ephemeral=True)

    @app_commands.command(name="map", description=t("cmd.game.map"))
    @app_commands.describe(phase=t("cmd.game.map.phase"))
    async def map(self, interaction: discord.Interaction, phase: str | None = None) -> None:
        async with answering(interaction):
            await interaction.response.defer(thinking=True)
            picture = await self.service.map_picture(interaction.channel_id or 0, phase)
            lang = picture.game.language
            file = discord.File(io.BytesIO(picture.png), filename=f"{picture.phase}.png")
            await reply(interaction, t("map.caption", lang, game=picture.game.name,
                                       phase=phase_title(picture.phase, lang)), ephemeral=False, file=file)
