"""``/mod ...`` (moderators of the game of this channel), ``/draw`` and ``/concede``
(players): thin wrappers around :class:`bot.moderation.Moderation`."""
from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.common import answering, reply
from bot.text.i18n import t
from bot.languages import language_of
from bot.moderation import Actor
from bot.service import phase_title, power_name

if TYPE_CHECKING:
    from bot.app import DiplomacyBot

POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
POWER_CHOICES = [app_commands.Choice(name=power_name(p), value=p) for p in POWERS]
MARKS = {"ready": "✅", "complete": "📝", "partial": "✏️", "none": "⏳", "nothing": "➖"}


def actor_of(interaction: discord.Interaction) -> Actor:
    perms = interaction.permissions
    roles = frozenset(r.id for r in getattr(interaction.user, "roles", ()))
    return Actor(interaction.user.id, bool(perms.manage_guild or perms.administrator), roles)


@app_commands.guild_only()
class ModCog(commands.GroupCog, group_name="mod", group_description=t("cmd.mod")):
    def __init__(self, bot: "DiplomacyBot") -> None:
        self.bot = bot
        super().__init__()

    @property
    def mod(self):
        return self.bot.moderation

    async def _done(self, interaction: discord.Interaction) -> None:
        await reply(interaction, t("mod.reply.done", language_of(interaction)))

    @app_commands.command(name="role", description=t("cmd.mod.role"))
    @app_commands.describe(role=t("cmd.mod.role.role"))
    async def role(self, interaction: discord.Interaction, role: discord.Role | None = None) -> None:
        async with answering(interaction):
            await self.mod.set_role(interaction.guild_id or 0, actor_of(interaction), role.id if role else None)
            lang = language_of(interaction)
            await reply(interaction, t("mod.reply.role_set", lang, role=role.mention) if role
                        else t("mod.reply.role_cleared", lang))

    @app_commands.command(name="pause", description=t("cmd.mod.pause"))
    async def pause(self, interaction: discord.Interaction) -> None:
        async with answering(interaction):
            await self.mod.pause(interaction.channel_id or 0, actor_of(interaction))
            await self._done(interaction)

    @app_commands.command(name="resume", description=t("cmd.mod.resume"))
    async def resume(self, interaction: discord.Interaction) -> None:
        async with answering(interaction):
            await self.mod.resume(interaction.channel_id or 0, actor_of(interaction))
            await self._done(interaction)

    @app_commands.command(name="extend", description=t("cmd.mod.extend"))
    @app_commands.describe(by=t("cmd.mod.extend.by"))
    async def extend(self, interaction: discord.Interaction, by: str) -> None:
        async with answering(interaction):
            await self.mod.extend(interaction.channel_id or 0, actor_of(interaction), by)
            await self._done(interaction)

    @app_commands.command(name="deadline", description=t("cmd.mod.deadline"))
    @app_commands.describe(when=t("cmd.mod.deadline.when"))
    async def deadline(self, interaction: discord.Interaction, when: str) -> None:
        async with answering(interaction):
            await self.mod.set_deadline(interaction.channel_id or 0, actor_of(interaction), when)
            await self._done(interaction)

    @app_commands.command(name="resolve", description=t("cmd.mod.resolve"))
    async def resolve(self, interaction: discord.Interaction) -> None:
        async with answering(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self.mod.resolve_now(interaction.channel_id or 0, actor_of(interaction))
            await self._done(interaction)

    @app_commands.command(name="civil-disorder", description=t("cmd.mod.civil_disorder"))
    @app_commands.describe(power=t("cmd.mod.civil_disorder.power"), state=t("cmd.mod.civil_disorder.state"))
    @app_commands.choices(power=POWER_CHOICES, state=[
        app_commands.Choice(name=t("mod.choice.on"), value="on"),
        app_commands.Choice(name=t("mod.choice.off"), value="off")])
    async def civil_disorder(self, interaction: discord.Interaction, power: str, state: str) -> None:
        async with answering(interaction):
            await self.mod.set_civil_disorder(interaction.channel_id or 0, actor_of(interaction), power,
                                              state == "on")
            await self._done(interaction)

    @app_commands.command(name="replace", description=t("cmd.mod.replace"))
    @app_commands.describe(power=t("cmd.mod.replace.power"), member=t("cmd.mod.replace.member"))
    @app_commands.choices(power=POWER_CHOICES)
    async def replace(self, interaction: discord.Interaction, power: str, member: discord.Member) -> None:
        async with answering(interaction):
            if member.bot:
                from bot.service import UserError
                raise UserError("mod.replace_dm_closed", user=member.mention)
            game, pw, old = await self.mod.replace(interaction.channel_id or 0, actor_of(interaction),
                                                   power, member.id)
            lang = language_of(interaction)
            await reply(interaction, t("mod.reply.replaced", lang, new=member.mention,
                                       power=power_name(pw, lang), old=f"<@{old}>"))

    @app_commands.command(name="kick", description=t("cmd.mod.kick"))
    @app_commands.describe(member=t("cmd.mod.kick.member"))
    async def kick(self, interaction: discord.Interaction, member: discord.Member) -> None:
        async with answering(interaction):
            await self.mod.kick(interaction.channel_id or 0, actor_of(interaction), member.id)
            await self._done(interaction)

    @app_commands.command(name="rollback", description=t("cmd.mod.rollback"))
    async def rollback(self, interaction: discord.Interaction) -> None:
        async with answering(interaction):
            game, undone, back = await self.mod.rollback(interaction.channel_id or 0, actor_of(interaction))
            lang = language_of(interaction)
            await reply(interaction, t("mod.reply.rollback", lang, undone=phase_title(undone, lang),
                                       back=phase_title(back, lang)))

    @app_commands.command(name="orders", description=t("cmd.mod.orders"))
    @app_commands.describe(remind=t("cmd.mod.orders.remind"))
    async def orders(self, interaction: discord.Interaction, remind: bool = False) -> None:
        async with answering(interaction):
            view = await self.mod.orders_overview(interaction.channel_id or 0, actor_of(interaction), remind)
            lang = language_of(interaction)
            lines = [t("mod.reply.orders_title", lang, game=view.game.name,
                       phase=phase_title(view.game.phase or "", lang))]
            for row in view.powers:
                lines.append(t("mod.reply.orders_line", lang, mark=MARKS[row.state],
                               power=power_name(row.power, lang), user=f"<@{row.user_id}>",
                               state=t(f"mod.orders.{row.state}", lang)))
            if view.reminded:
                lines.append(t("mod.reply.reminded", lang, users=", ".join(f"<@{u}>" for u in view.reminded)))
            await reply(interaction, "\n".join(lines)[:2000])

    @app_commands.command(name="log", description=t("cmd.mod.log"))
    async def log(self, interaction: discord.Interaction) -> None:
        async with answering(interaction):
            game, entries = await self.mod.log(interaction.channel_id or 0, actor_of(interaction))
            lang = language_of(interaction)
            lines = [t("mod.reply.log_title", lang, game=game.name)]
            lines.extend(f"<t:{int(e.at)}:f> {e.text}" for e in entries)   # Discord shows the time in the reader's zone
            if not entries:
                lines.append(t("mod.reply.log_empty", lang))
            text = "\n".join(lines)
            while len(text) > 2000 and len(lines) > 2:
                del lines[1]
                text = "\n".join(lines)
            await reply(interaction, text)


class EndgameCog(commands.Cog):
    """``/draw`` and ``/concede``: the players' end of the game."""

    def __init__(self, bot: "DiplomacyBot") -> None:
        self.bot = bot

    @app_commands.command(name="draw", description=t("cmd.draw"))
    @app_commands.describe(vote=t("cmd.draw.vote"))
    @app_commands.choices(vote=[app_commands.Choice(name=t("mod.choice.yes"), value="yes"),
                                app_commands.Choice(name=t("mod.choice.no"), value="no")])
    @app_commands.guild_only()
    async def draw(self, interaction: discord.Interaction, vote: str = "yes") -> None:
        async with answering(interaction):
            report = await self.bot.moderation.vote_draw(interaction.channel_id or 0, interaction.user.id,
                                                         vote == "yes")
            lang = language_of(interaction)
            key = ("mod.reply.draw_passed" if report.passed else "mod.reply.draw_opened" if report.opened
                   else "mod.reply.draw_yes" if report.yes else "mod.reply.draw_no")
            await reply(interaction, t(key, lang))

    @app_commands.command(name="concede", description=t("cmd.concede"))
    @app_commands.guild_only()
    async def concede(self, interaction: discord.Interaction) -> None:
        async with answering(interaction):
            game, leader, ended = await self.bot.moderation.concede(interaction.channel_id or 0,
                                                                    interaction.user.id)
            lang = language_of(interaction)
            await reply(interaction, t("mod.reply.conceded_end" if ended else "mod.reply.conceded", lang,
                                       leader=power_name(leader, lang)))
