"""``/press open|send|repair``: negotiation (thin wrappers around :class:`bot.core.press.mode.Press`).
Replies are private; they name powers, never the players behind them. ``open`` and ``send``
work from a DM with the bot too (``game:`` picks the game): an anonymous game's players
can't write in the game channel or in their inbox, and Discord offers slash commands only
where one can write; ``repair`` is for a server channel."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.core.app import Core
from bot.core.errors import UserError
from bot.discord.cogs.common import answering, game_choices, reply, where
from bot.discord.cogs.mod import POWER_CHOICES, actor_of
from bot.discord.locales import described, language_of
from bot.text.i18n import t
from bot.text.press import conversation_reply, sent_reply, target_label


@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
@app_commands.allowed_installs(guilds=True, users=False)
class PressCog(commands.GroupCog, group_name="press", group_description=described("cmd.press")):
    def __init__(self, bot: commands.Bot, core: Core) -> None:
        self.bot = bot
        self.core = core
        self.press = core.press
        super().__init__()

    async def game_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await game_choices(self.core, interaction, current)

    @app_commands.command(name="open", description=described("cmd.press.open"))
    @app_commands.describe(
        with_=described("cmd.press.open.with"),
        with2=described("cmd.press.open.more"),
        with3=described("cmd.press.open.more"),
        with4=described("cmd.press.open.more"),
        with5=described("cmd.press.open.more"),
        game=described("cmd.option.game"),
    )
    @app_commands.rename(with_="with")
    @app_commands.choices(
        with_=POWER_CHOICES, with2=POWER_CHOICES, with3=POWER_CHOICES, with4=POWER_CHOICES, with5=POWER_CHOICES
    )
    async def open(
        self,
        interaction: discord.Interaction,
        with_: str,
        with2: str | None = None,
        with3: str | None = None,
        with4: str | None = None,
        with5: str | None = None,
        game: str | None = None,
    ) -> None:
        async with answering(interaction):
            powers = [p for p in (with_, with2, with3, with4, with5) if p]
            conversation = await self.press.open(
                interaction.user.id, powers, **where(interaction, game), action=interaction.id
            )
            await reply(interaction, conversation_reply(conversation, language_of(interaction)))

    async def to_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        lang = language_of(interaction)
        out = []
        chosen = getattr(interaction.namespace, "game", None)
        for target in await self.press.targets(interaction.user.id, **where(interaction, chosen)):
            label = target_label(target, lang)
            if current.lower() in label.lower():
                out.append(app_commands.Choice(name=label, value=target.value))
        return out[:25]

    @app_commands.command(name="send", description=described("cmd.press.send"))
    @app_commands.describe(
        to=described("cmd.press.send.to"), text=described("cmd.press.send.text"), game=described("cmd.option.game")
    )
    async def send(
        self, interaction: discord.Interaction, to: str, text: app_commands.Range[str, 1, 1500], game: str | None = None
    ) -> None:
        async with answering(interaction):
            sent = await self.press.send(
                interaction.user.id, to, text, **where(interaction, game), action=interaction.id
            )
            await reply(interaction, sent_reply(sent, language_of(interaction)))

    send.autocomplete("to")(to_autocomplete)
    send.autocomplete("game")(game_autocomplete)
    open.autocomplete("game")(game_autocomplete)

    @app_commands.command(name="repair", description=described("cmd.press.repair"))
    async def repair(self, interaction: discord.Interaction) -> None:
        async with answering(interaction):
            if interaction.guild_id is None:
                raise UserError("error.guild_only")
            game = await self.press.repair(interaction.channel_id or 0, actor_of(interaction), action=interaction.id)
            await reply(interaction, t("press.reply.repair", language_of(interaction), game=game.name))
