"""``/mod ...`` (moderators of the game of this channel), ``/draw`` and ``/concede``
(players): thin wrappers around :class:`bot.core.moderation.Moderation` and
:class:`bot.core.endgame.Endgame`. Each passes the interaction's id as the ``action``, so
an interaction delivered twice is applied once."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.core.app import Core
from bot.core.errors import UserError
from bot.core.params import User
from bot.core.types import Actor
from bot.discord.cogs.common import answering, reply
from bot.discord.locales import described, language_of
from bot.text.i18n import t
from bot.text.labels import phase_title, power_name, power_names
from bot.text.replies import log_text, overview_text

POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
# each power named in the reader's language (the translator asks engine.wording)
POWER_CHOICES = [app_commands.Choice(name=app_commands.locale_str(power_name(p), power=p), value=p) for p in POWERS]


def actor_of(interaction: discord.Interaction) -> Actor:
    perms = interaction.permissions
    roles = frozenset(r.id for r in getattr(interaction.user, "roles", ()))
    return Actor(interaction.user.id, bool(perms.manage_guild or perms.administrator), roles)


@app_commands.guild_only()
class ModCog(commands.GroupCog, group_name="mod", group_description=described("cmd.mod")):
    def __init__(self, bot: commands.Bot, core: Core) -> None:
        self.bot = bot
        self.mod = core.moderation
        super().__init__()

    async def _done(self, interaction: discord.Interaction) -> None:
        await reply(interaction, t("mod.reply.done", language_of(interaction)))

    @app_commands.command(name="role", description=described("cmd.mod.role"))
    @app_commands.describe(role=described("cmd.mod.role.role"))
    async def role(self, interaction: discord.Interaction, role: discord.Role | None = None) -> None:
        async with answering(interaction):
            await self.mod.set_role(
                interaction.guild_id or 0, actor_of(interaction), role.id if role else None, action=interaction.id
            )
            lang = language_of(interaction)
            await reply(
                interaction,
                t("mod.reply.role_set", lang, role=role.mention) if role else t("mod.reply.role_cleared", lang),
            )

    @app_commands.command(name="pause", description=described("cmd.mod.pause"))
    async def pause(self, interaction: discord.Interaction) -> None:
        async with answering(interaction):
            await self.mod.pause(interaction.channel_id or 0, actor_of(interaction), action=interaction.id)
            await self._done(interaction)

    @app_commands.command(name="resume", description=described("cmd.mod.resume"))
    async def resume(self, interaction: discord.Interaction) -> None:
        async with answering(interaction):
            await self.mod.resume(interaction.channel_id or 0, actor_of(interaction), action=interaction.id)
            await self._done(interaction)

    @app_commands.command(name="extend", description=described("cmd.mod.extend"))
    @app_commands.describe(by=described("cmd.mod.extend.by"))
    async def extend(self, interaction: discord.Interaction, by: str) -> None:
        async with answering(interaction):
            await self.mod.extend(interaction.channel_id or 0, actor_of(interaction), by, action=interaction.id)
            await self._done(interaction)

    @app_commands.command(name="deadline", description=described("cmd.mod.deadline"))
    @app_commands.describe(when=described("cmd.mod.deadline.when"))
    async def deadline(self, interaction: discord.Interaction, when: str) -> None:
        async with answering(interaction):
            await self.mod.set_deadline(interaction.channel_id or 0, actor_of(interaction), when, action=interaction.id)
            await self._done(interaction)

    @app_commands.command(name="resolve", description=described("cmd.mod.resolve"))
    async def resolve(self, interaction: discord.Interaction) -> None:
        async with answering(interaction):
            # checked first, then the (longer) resolution behind a private "thinking..."
            game = await self.mod.call_resolution(
                interaction.channel_id or 0, actor_of(interaction), action=interaction.id
            )
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self.mod.resolve_called(game)
            await self._done(interaction)

    @app_commands.command(name="civil-disorder", description=described("cmd.mod.civil_disorder"))
    @app_commands.describe(
        power=described("cmd.mod.civil_disorder.power"), state=described("cmd.mod.civil_disorder.state")
    )
    @app_commands.choices(
        power=POWER_CHOICES,
        state=[
            app_commands.Choice(name=described("mod.choice.on"), value="on"),
            app_commands.Choice(name=described("mod.choice.off"), value="off"),
        ],
    )
    async def civil_disorder(self, interaction: discord.Interaction, power: str, state: str) -> None:
        async with answering(interaction):
            await self.mod.set_civil_disorder(
                interaction.channel_id or 0, actor_of(interaction), power, state == "on", action=interaction.id
            )
            await self._done(interaction)

    @app_commands.command(name="replace", description=described("cmd.mod.replace"))
    @app_commands.describe(power=described("cmd.mod.replace.power"), member=described("cmd.mod.replace.member"))
    @app_commands.choices(power=POWER_CHOICES)
    async def replace(self, interaction: discord.Interaction, power: str, member: discord.Member) -> None:
        async with answering(interaction):
            if member.bot:
                raise UserError("mod.replace_dm_closed", user=User(member.id))
            game, powers, old = await self.mod.replace(
                interaction.channel_id or 0, actor_of(interaction), power, member.id, action=interaction.id
            )
            lang = language_of(interaction)
            await reply(
                interaction,
                t("mod.reply.replaced", lang, new=member.mention, powers=power_names(powers, lang), old=f"<@{old}>"),
            )

    @app_commands.command(name="kick", description=described("cmd.mod.kick"))
    @app_commands.describe(member=described("cmd.mod.kick.member"))
    async def kick(self, interaction: discord.Interaction, member: discord.Member) -> None:
        async with answering(interaction):
            await self.mod.kick(interaction.channel_id or 0, actor_of(interaction), member.id, action=interaction.id)
            await self._done(interaction)

    @app_commands.command(name="rollback", description=described("cmd.mod.rollback"))
    async def rollback(self, interaction: discord.Interaction) -> None:
        async with answering(interaction):
            game, undone, back = await self.mod.rollback(
                interaction.channel_id or 0, actor_of(interaction), action=interaction.id
            )
            lang = language_of(interaction)
            await reply(
                interaction,
                t("mod.reply.rollback", lang, undone=phase_title(undone, lang), back=phase_title(back, lang)),
            )

    @app_commands.command(name="orders", description=described("cmd.mod.orders"))
    @app_commands.describe(remind=described("cmd.mod.orders.remind"))
    async def orders(self, interaction: discord.Interaction, remind: bool = False) -> None:
        async with answering(interaction):
            view = await self.mod.orders_overview(
                interaction.channel_id or 0, actor_of(interaction), remind, action=interaction.id
            )
            await reply(interaction, overview_text(view, language_of(interaction)))

    @app_commands.command(name="log", description=described("cmd.mod.log"))
    async def log(self, interaction: discord.Interaction) -> None:
        async with answering(interaction):
            game, rows = await self.mod.log(interaction.channel_id or 0, actor_of(interaction))
            await reply(interaction, log_text(game, rows, language_of(interaction)))


class EndgameCog(commands.Cog):
    """``/draw`` and ``/concede``: the players' end of the game."""

    def __init__(self, bot: commands.Bot, core: Core) -> None:
        self.bot = bot
        self.endgame = core.endgame

    @app_commands.command(name="draw", description=described("cmd.draw"))
    @app_commands.describe(vote=described("cmd.draw.vote"))
    @app_commands.choices(
        vote=[
            app_commands.Choice(name=described("mod.choice.yes"), value="yes"),
            app_commands.Choice(name=described("mod.choice.no"), value="no"),
        ]
    )
    @app_commands.guild_only()
    async def draw(self, interaction: discord.Interaction, vote: str = "yes") -> None:
        async with answering(interaction):
            report = await self.endgame.vote_draw(
                interaction.channel_id or 0, interaction.user.id, vote == "yes", action=interaction.id
            )
            key = (
                "mod.reply.draw_passed"
                if report.passed
                else "mod.reply.draw_opened"
                if report.opened
                else "mod.reply.draw_yes"
                if report.yes
                else "mod.reply.draw_no"
            )
            await reply(interaction, t(key, language_of(interaction)))

    @app_commands.command(name="concede", description=described("cmd.concede"))
    @app_commands.guild_only()
    async def concede(self, interaction: discord.Interaction) -> None:
        async with answering(interaction):
            game, leader, ended = await self.endgame.concede(
                interaction.channel_id or 0, interaction.user.id, action=interaction.id
            )
            lang = language_of(interaction)
            await reply(
                interaction,
                t("mod.reply.conceded_end" if ended else "mod.reply.conceded", lang, leader=power_name(leader, lang)),
            )
