"""``/substitutes list|apply`` (issue 23): the substitute board, the open seats of games of
every server the bot is in that opted in (``/mod settings substitutes:``), read from any
server or the bot's DMs (a user-installable command); and the invite an accepted
substitute gets to the game's server (the bot needs Create Invite there)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.core.app import Core
from bot.core.errors import UserError
from bot.core.seats import SeatDecision
from bot.discord.cogs.common import answering, reply
from bot.discord.locales import described, language_of
from bot.text.i18n import t
from bot.text.labels import power_name
from bot.text.standins import board_text, invite_dm, seat_asked_reply

INVITE_DAYS = 7  # an invite for one person, valid a week


async def send_invite(interaction: discord.Interaction, decision: SeatDecision) -> str:
    """An accepted substitute who is not in the server gets a one-use invite to the game's
    channel by DM; returns the line that tells the moderator what happened."""
    lang = language_of(interaction)
    user = decision.request.user_id
    channel = interaction.channel
    try:
        if not isinstance(channel, discord.abc.GuildChannel):
            raise discord.Forbidden  # type: ignore[call-arg]
        invite = await channel.create_invite(
            max_uses=1, max_age=INVITE_DAYS * 86400, unique=True, reason=f"{decision.game.name}: substitute"
        )
    except (discord.Forbidden, discord.HTTPException, TypeError):
        return t("standin.reply.no_invite", lang, user=f"<@{user}>")
    try:
        member = await interaction.client.fetch_user(user)
        guild = interaction.guild.name if interaction.guild is not None else ""
        await member.send(invite_dm(decision, guild, invite.url, decision.game.language))
    except discord.HTTPException:
        return t("standin.reply.invite_not_sent", lang, user=f"<@{user}>", url=invite.url)
    return t("standin.reply.invited", lang, user=f"<@{user}>")


@app_commands.allowed_installs(guilds=True, users=True)
@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
class SubstitutesCog(commands.GroupCog, group_name="substitutes", group_description=described("cmd.substitutes")):
    def __init__(self, bot: commands.Bot, core: Core) -> None:
        self.bot = bot
        self.core = core
        super().__init__()

    def _server(self, guild_id: int) -> str:
        guild = self.bot.get_guild(guild_id)
        return guild.name if guild is not None else str(guild_id)

    @app_commands.command(name="list", description=described("cmd.substitutes.list"))
    async def list(self, interaction: discord.Interaction) -> None:
        async with answering(interaction):
            seats = await self.core.seats.board()
            servers = {s.guild_id: self._server(s.guild_id) for s in seats}
            await reply(interaction, board_text(seats, servers, language_of(interaction)))

    async def seat_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        lang = language_of(interaction)
        out = []
        for s in await self.core.seats.board():
            name = f"{s.game} — {power_name(s.power.value, lang)} ({self._server(s.guild_id)})"
            if current.lower() in name.lower():
                out.append(app_commands.Choice(name=name[:100], value=s.key))
        return out[:25]

    @app_commands.command(name="apply", description=described("cmd.substitutes.apply"))
    @app_commands.describe(seat=described("cmd.substitutes.apply.seat"))
    async def apply(self, interaction: discord.Interaction, seat: str) -> None:
        async with answering(interaction):
            game_text, _, power = seat.partition(":")
            if not game_text.isdigit() or not power:
                raise UserError("standin.board_gone")
            asked = await self.core.seats.ask(
                interaction.user.id, power, game_id=int(game_text), board=True, action=interaction.id
            )
            await reply(interaction, seat_asked_reply(asked, language_of(interaction)))

    apply.autocomplete("seat")(seat_autocomplete)
