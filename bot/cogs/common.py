"""What every cog shares: the reply helper and formatting of order sheets."""
from __future__ import annotations

import discord

from bot.text.i18n import t
from bot.languages import language_of, order_line, unit_text
from bot.service import OrderSheet, phase_title, stamp


async def reply(interaction: discord.Interaction, text: str, *, ephemeral: bool = True,
                file: discord.File | None = None) -> None:
    kwargs = {"file": file} if file is not None else {}
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=ephemeral, **kwargs)
    else:
        await interaction.response.send_message(text, ephemeral=ephemeral, **kwargs)


def sheet_text(sheet: OrderSheet, lang: str = "en", *, list_orders: bool = False) -> str:
    game = sheet.game
    lines = []
    if list_orders:
        lines.append(t("orders.title", lang, game=game.name, phase=phase_title(sheet.phase, lang)))
        lines.extend(f"• {order_line(o, lang)}" for o in sheet.ordered)
        if not sheet.ordered:
            lines.append(t("orders.none", lang))
    if sheet.missing:
        lines.append(t("reply.missing", lang, units=", ".join(unit_text(m, lang) for m in sheet.missing)))
    else:
        lines.append(t("reply.all_ordered", lang))
    if sheet.ready:
        lines.append(t("reply.ready", lang))
    if game.deadline:
        lines.append(t("reply.deadline", lang, deadline=stamp(game.deadline)))
    return "\n".join(lines)


class answering:
    """``async with answering(interaction):`` around a command's body: a refusal the player
    caused (:class:`UserError`) becomes a private reply instead of an error."""

    def __init__(self, interaction: discord.Interaction) -> None:
        self.interaction = interaction

    async def __aenter__(self) -> "answering":
        return self

    async def __aexit__(self, kind, error, tb) -> bool:
        from bot.service import UserError
        if isinstance(error, UserError):
            try:
                await reply(self.interaction, error.text(language_of(self.interaction)), ephemeral=True)
            except discord.HTTPException:
                pass
            return True
        return False
