"""``/order``, ``/orders``, ``/clear``, ``/ready``, ``/unready``: a player's orders, from
anywhere (a DM with the bot or a server channel); replies only the player sees."""
from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.common import answering, reply, sheet_text
from bot.text.i18n import t
from bot.languages import echo, language_of, localized_orders, unit_text
from bot.service import phase_title
from bot.sheet import OrderSheets, phase_for_action, unit_choices
from bot.views import send_screen

if TYPE_CHECKING:
    from bot.app import DiplomacyBot


def _game_id(value: str | None) -> int | None:
    if value is None or not value.strip():
        return None
    try:
        return int(value.strip())
    except ValueError:
        return -1      # not one of the offered games: the service says "unknown game"


_ANYWHERE = dict(guilds=True, dms=True, private_channels=True)


class OrderCog(commands.Cog):
    def __init__(self, bot: "DiplomacyBot") -> None:
        self.bot = bot

    @property
    def service(self):
        return self.bot.service

    async def game_autocomplete(self, interaction: discord.Interaction, current: str
                                ) -> list[app_commands.Choice[str]]:
        games = await self.service.games_of(interaction.user.id)
        out = []
        for g in games:
            lang = language_of(interaction)
            label = f"{g.name} — {phase_title(g.phase, lang) if g.phase else t('status.forming_short', lang)}"
            if current.lower() in label.lower():
                out.append(app_commands.Choice(name=label[:100], value=str(g.id)))
        return out[:25]

    async def orders_autocomplete(self, interaction: discord.Interaction, current: str
                                  ) -> list[app_commands.Choice[str]]:
        # matched in the player's language too; shown in it; the text inserted is canonical
        lang = language_of(interaction)
        choices = await self.service.order_choices(
            interaction.user.id, current, game_id=_game_id(getattr(interaction.namespace, "game", None)),
            channel_id=interaction.channel_id, language=lang)
        return [app_commands.Choice(name=localized_orders(c, lang)[:100], value=c) for c in choices]

    @app_commands.command(name="order", description=t("cmd.order"))
    @app_commands.describe(orders=t("cmd.order.orders"), game=t("cmd.option.game"))
    @app_commands.allowed_contexts(**_ANYWHERE)
    @app_commands.allowed_installs(guilds=True, users=False)
    async def order(self, interaction: discord.Interaction, orders: str, game: str | None = None) -> None:
        async with answering(interaction):
            lang = language_of(interaction)   # orders are read, and echoed, in the player's language
            # an /order sent before the phase it was meant for resolved is refused (bot.sheet)
            expected = await phase_for_action(self.service, interaction.user.id, interaction.created_at,
                                              game_id=_game_id(game), channel_id=interaction.channel_id,
                                              language=lang)
            report = await self.service.submit_orders(interaction.user.id, orders, game_id=_game_id(game),
                                                      channel_id=interaction.channel_id, language=lang,
                                                      expected_phase=expected)
            lines = [t("reply.header", lang, game=report.sheet.game.name, phase=phase_title(report.sheet.phase, lang))]
            for line in report.lines:
                if line.order is not None:
                    local = echo(line.order, lang)
                    lines.append(t("reply.ok", lang, order=line.order) if local == line.order
                                 else t("reply.ok_local", lang, local=local, order=line.order))
                else:
                    lines.append(t("reply.error", lang, text=line.text,
                                   reason=t(line.error or "illegal.generic", lang, **line.params)))
            lines.append(sheet_text(report.sheet, lang))
            await reply(interaction, "\n".join(lines)[:2000])

    order.autocomplete("game")(game_autocomplete)
    order.autocomplete("orders")(orders_autocomplete)

    @app_commands.command(name="orders", description=t("cmd.orders"))
    @app_commands.describe(game=t("cmd.option.game"))
    @app_commands.allowed_contexts(**_ANYWHERE)
    @app_commands.allowed_installs(guilds=True, users=False)
    async def orders(self, interaction: discord.Interaction, game: str | None = None) -> None:
        async with answering(interaction):
            lang = language_of(interaction)
            # the order sheet: orders, deadline, warnings, and buttons to order by menus
            screen = await OrderSheets(self.service, lang).open(interaction.user.id, game_id=_game_id(game),
                                                                channel_id=interaction.channel_id)
            await send_screen(interaction, screen)

    orders.autocomplete("game")(game_autocomplete)

    @app_commands.command(name="clear", description=t("cmd.clear"))
    @app_commands.describe(unit=t("cmd.clear.unit"), game=t("cmd.option.game"))
    @app_commands.allowed_contexts(**_ANYWHERE)
    @app_commands.allowed_installs(guilds=True, users=False)
    async def clear(self, interaction: discord.Interaction, unit: str | None = None,
                    game: str | None = None) -> None:
        async with answering(interaction):
            lang = language_of(interaction)
            count, sheet = await self.service.clear(interaction.user.id, unit, game_id=_game_id(game),
                                                    channel_id=interaction.channel_id, language=lang)
            await reply(interaction, t("clear.done", lang, count=count) + "\n" + sheet_text(sheet, lang))

    clear.autocomplete("game")(game_autocomplete)

    @clear.autocomplete("unit")
    async def clear_unit_autocomplete(self, interaction: discord.Interaction, current: str
                                      ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=name, value=value) for name, value in await unit_choices(
            self.service, interaction.user.id, current, game_id=_game_id(getattr(interaction.namespace, "game", None)),
            channel_id=interaction.channel_id, language=language_of(interaction))]

    @app_commands.command(name="ready", description=t("cmd.ready"))
    @app_commands.describe(game=t("cmd.option.game"))
    @app_commands.allowed_contexts(**_ANYWHERE)
    @app_commands.allowed_installs(guilds=True, users=False)
    async def ready(self, interaction: discord.Interaction, game: str | None = None) -> None:
        async with answering(interaction):
            lang = language_of(interaction)
            report = await self.service.set_ready(interaction.user.id, True, game_id=_game_id(game),
                                                  channel_id=interaction.channel_id, language=lang)
            text = t("ready.resolving" if report.resolving else "ready.done", lang)
            if report.sheet.missing:
                text += "\n" + t("ready.warning", lang, units=", ".join(unit_text(m, lang) for m in report.sheet.missing))
            await reply(interaction, text)

    ready.autocomplete("game")(game_autocomplete)

    @app_commands.command(name="unready", description=t("cmd.unready"))
    @app_commands.describe(game=t("cmd.option.game"))
    @app_commands.allowed_contexts(**_ANYWHERE)
    @app_commands.allowed_installs(guilds=True, users=False)
    async def unready(self, interaction: discord.Interaction, game: str | None = None) -> None:
        async with answering(interaction):
            lang = language_of(interaction)
            await self.service.set_ready(interaction.user.id, False, game_id=_game_id(game),
                                         channel_id=interaction.channel_id, language=lang)
            await reply(interaction, t("unready.done", lang))

    unready.autocomplete("game")(game_autocomplete)
