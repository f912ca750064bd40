"""``/order``, ``/orders``, ``/clear``, ``/ready``, ``/unready``: a player's orders, from
anywhere (a DM with the bot or a server channel); replies only the player sees."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.core.app import Core
from bot.core.languages import game_writing
from bot.discord.cogs.common import answering, game_choices, reply, where
from bot.discord.cogs.standby import send_preview
from bot.discord.locales import described, language_of
from bot.discord.views import ReadingSelect, send_screen, to_view
from bot.text import asking
from bot.text.i18n import t
from bot.text.labels import localized_orders
from bot.text.replies import clear_choices, order_report, ready_text, sheet_text
from bot.text.sheet import OrderSheets, Screen

_ANYWHERE = dict(guilds=True, dms=True, private_channels=True)


def _namespace_game(interaction: discord.Interaction) -> str | None:
    return getattr(interaction.namespace, "game", None)


class OrderCog(commands.Cog):
    def __init__(self, bot: commands.Bot, core: Core) -> None:
        self.bot = bot
        self.core = core

    async def cog_load(self) -> None:
        # a reading picked from the menu under an /order reply, routed by its custom id
        self.bot.add_dynamic_items(ReadingSelect)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(ReadingSelect)

    async def game_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await game_choices(self.core, interaction, current)

    async def orders_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        # matched in the player's language too; shown in it; the text inserted is canonical
        lang = language_of(interaction)
        choices, game = await self.core.ordering.choices(
            interaction.user.id,
            current,
            **where(interaction, _namespace_game(interaction)),
            language=lang,
        )
        shown = game_writing(lang, game.language, game.labels) if game is not None else lang  # as the map writes them
        return [app_commands.Choice(name=localized_orders(c, shown)[:100], value=c) for c in choices]

    @app_commands.command(name="order", description=described("cmd.order"))
    @app_commands.describe(orders=described("cmd.order.orders"), game=described("cmd.option.game"))
    @app_commands.allowed_contexts(**_ANYWHERE)
    @app_commands.allowed_installs(guilds=True, users=False)
    async def order(self, interaction: discord.Interaction, orders: str, game: str | None = None) -> None:
        async with answering(interaction):
            lang = language_of(interaction)  # orders are read, and echoed, in the player's language
            # an /order sent before the phase it was meant for resolved is refused
            report = await self.core.ordering.submit(
                interaction.user.id,
                orders,
                **where(interaction, game),
                language=lang,
                sent_at=interaction.created_at,
                action=interaction.id,
            )
            # a line the board leaves two readings of: a menu of them under the reply
            menus = asking.menus(report, lang)
            await reply(interaction, order_report(report, lang), view=to_view(Screen("", tuple((m,) for m in menus))))

    order.autocomplete("game")(game_autocomplete)
    order.autocomplete("orders")(orders_autocomplete)

    @app_commands.command(name="orders", description=described("cmd.orders"))
    @app_commands.describe(game=described("cmd.option.game"), map=described("cmd.orders.map"))
    @app_commands.allowed_contexts(**_ANYWHERE)
    @app_commands.allowed_installs(guilds=True, users=False)
    async def orders(self, interaction: discord.Interaction, game: str | None = None, map: bool = False) -> None:
        async with answering(interaction):
            if map:  # issue 15: my own orders on the map, only for me
                await send_preview(interaction, self.core, game)
                return
            lang = language_of(interaction)
            # the order sheet: orders, deadline, warnings, and buttons to order by menus
            screen = await OrderSheets(self.core, lang).open(
                interaction.user.id,
                **where(interaction, game),
            )
            await send_screen(interaction, screen)

    orders.autocomplete("game")(game_autocomplete)

    @app_commands.command(name="clear", description=described("cmd.clear"))
    @app_commands.describe(unit=described("cmd.clear.unit"), game=described("cmd.option.game"))
    @app_commands.allowed_contexts(**_ANYWHERE)
    @app_commands.allowed_installs(guilds=True, users=False)
    async def clear(self, interaction: discord.Interaction, unit: str | None = None, game: str | None = None) -> None:
        async with answering(interaction):
            lang = language_of(interaction)
            count, sheet = await self.core.ordering.clear(
                interaction.user.id,
                unit,
                **where(interaction, game),
                language=lang,
                action=interaction.id,
            )
            await reply(interaction, t("clear.done", lang, count=count) + "\n" + sheet_text(sheet, lang))

    clear.autocomplete("game")(game_autocomplete)

    @clear.autocomplete("unit")
    async def clear_unit_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        found = await self.core.ordering.clear_choices(
            interaction.user.id,
            **where(interaction, _namespace_game(interaction)),
        )
        if found is None:
            return []
        choices = clear_choices(found, current, language_of(interaction))
        return [app_commands.Choice(name=name, value=value) for name, value in choices]

    @app_commands.command(name="ready", description=described("cmd.ready"))
    @app_commands.describe(game=described("cmd.option.game"))
    @app_commands.allowed_contexts(**_ANYWHERE)
    @app_commands.allowed_installs(guilds=True, users=False)
    async def ready(self, interaction: discord.Interaction, game: str | None = None) -> None:
        async with answering(interaction):
            lang = language_of(interaction)
            report = await self.core.ordering.set_ready(
                interaction.user.id,
                True,
                **where(interaction, game),
                action=interaction.id,
            )
            await reply(interaction, ready_text(report, lang))

    ready.autocomplete("game")(game_autocomplete)

    @app_commands.command(name="unready", description=described("cmd.unready"))
    @app_commands.describe(game=described("cmd.option.game"))
    @app_commands.allowed_contexts(**_ANYWHERE)
    @app_commands.allowed_installs(guilds=True, users=False)
    async def unready(self, interaction: discord.Interaction, game: str | None = None) -> None:
        async with answering(interaction):
            lang = language_of(interaction)
            await self.core.ordering.set_ready(
                interaction.user.id,
                False,
                **where(interaction, game),
                action=interaction.id,
            )
            await reply(interaction, t("unready.done", lang))

    unready.autocomplete("game")(game_autocomplete)
