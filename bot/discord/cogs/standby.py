"""``/standby set|show|clear`` (standby orders) and ``/grace`` (ask for the game's grace
period), from anywhere, answered privately; and sending a player the private map of
their own orders (``/orders map:True`` and the order sheet's map button). Thin: the use
cases are :mod:`bot.core.orders.standby`, :mod:`bot.core.deadlines.grace`, :mod:`bot.core.orders.preview`."""

from __future__ import annotations

import io

import discord
from discord import app_commands
from discord.ext import commands

from bot.core.app import Core
from bot.discord import busy
from bot.discord.cogs.common import answering, game_choices, reply, where
from bot.discord.locales import described, language_of
from bot.text.labels import localized_orders
from bot.text.standby import (
    cleared_text,
    grace_text,
    preview_caption,
    preview_description,
    standby_report,
    standby_text,
)

_ANYWHERE = dict(guilds=True, dms=True, private_channels=True)


async def send_preview(interaction: discord.Interaction, core: Core, game: str | None = None) -> None:
    """Draw the caller's own orders and send them only to the caller: an ephemeral answer
    (in a DM, the DM itself). Deferred first: drawing takes a moment."""
    lang = language_of(interaction)
    request = await core.previews.request(
        interaction.user.id, **where(interaction, game), language=lang
    )  # refusals first
    await busy.defer_thinking(interaction)  # (unless a busy notice answered it)
    preview = await core.previews.draw(request)
    files = [
        discord.File(
            io.BytesIO(png),
            filename=f"{preview.phase}{''.join('-' + p.lower() for p in group)}.png",
            description=preview_description(preview, group, lang),  # alt text, as on every map
        )
        for group, png in preview.pictures
    ]
    await interaction.followup.send(preview_caption(preview, lang), files=files, ephemeral=True)
    await busy.remove_notice(interaction)  # a busy notice (if it came while writes waited): stale now


@app_commands.allowed_contexts(**_ANYWHERE)
@app_commands.allowed_installs(guilds=True, users=False)
class StandbyCog(commands.GroupCog, group_name="standby", group_description=described("cmd.standby")):
    def __init__(self, bot: commands.Bot, core: Core) -> None:
        self.bot = bot
        self.core = core
        super().__init__()

    async def game_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await game_choices(self.core, interaction, current)

    @app_commands.command(name="set", description=described("cmd.standby.set"))
    @app_commands.describe(orders=described("cmd.standby.set.orders"), game=described("cmd.option.game"))
    async def set_(self, interaction: discord.Interaction, orders: str, game: str | None = None) -> None:
        async with answering(interaction):
            lang = language_of(interaction)
            report = await self.core.standby.set(
                interaction.user.id, orders, **where(interaction, game), language=lang, action=interaction.id
            )
            await reply(interaction, standby_report(report, lang))

    @set_.autocomplete("orders")
    async def orders_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        lang = language_of(interaction)
        game = getattr(interaction.namespace, "game", None)
        found = await self.core.standby.choices(interaction.user.id, current, **where(interaction, game), language=lang)
        return [app_commands.Choice(name=localized_orders(c, lang)[:100], value=c) for c in found]

    @app_commands.command(name="show", description=described("cmd.standby.show"))
    @app_commands.describe(game=described("cmd.option.game"))
    async def show(self, interaction: discord.Interaction, game: str | None = None) -> None:
        async with answering(interaction):
            sheet = await self.core.standby.show(interaction.user.id, **where(interaction, game))
            await reply(interaction, standby_text(sheet, language_of(interaction)))

    @app_commands.command(name="clear", description=described("cmd.standby.clear"))
    @app_commands.describe(unit=described("cmd.standby.clear.unit"), game=described("cmd.option.game"))
    async def clear(self, interaction: discord.Interaction, unit: str | None = None, game: str | None = None) -> None:
        async with answering(interaction):
            lang = language_of(interaction)
            count, sheet = await self.core.standby.clear(
                interaction.user.id, unit, **where(interaction, game), language=lang, action=interaction.id
            )
            await reply(interaction, cleared_text(count, sheet, lang))

    set_.autocomplete("game")(game_autocomplete)
    show.autocomplete("game")(game_autocomplete)
    clear.autocomplete("game")(game_autocomplete)


class GraceCog(commands.Cog):
    def __init__(self, bot: commands.Bot, core: Core) -> None:
        self.bot = bot
        self.core = core

    @app_commands.command(name="grace", description=described("cmd.grace"))
    @app_commands.describe(want=described("cmd.grace.want"), game=described("cmd.option.game"))
    @app_commands.allowed_contexts(**_ANYWHERE)
    @app_commands.allowed_installs(guilds=True, users=False)
    async def grace(self, interaction: discord.Interaction, want: bool | None = None, game: str | None = None) -> None:
        async with answering(interaction):
            choice = await self.core.grace.ask(
                interaction.user.id, want, **where(interaction, game), action=interaction.id
            )
            await reply(interaction, grace_text(choice, language_of(interaction)))

    @grace.autocomplete("game")
    async def game_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await game_choices(self.core, interaction, current)
