"""discord.py components of the order sheet: a :class:`bot.text.sheet.Screen` as a View.

Every button and select menu is a :class:`discord.ui.DynamicItem` matched by its custom
id (documented in :mod:`bot.text.sheet`), so a tap is understood from the id alone: it
works after a restart, and a tap on a menu of a phase that is over is answered with the
new sheet. The tap is answered by editing the message into the next screen.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.core.errors import UserError
from bot.discord.cogs.standby import send_preview
from bot.discord.locales import language_of
from bot.text.i18n import t
from bot.text.replies import refusal
from bot.text.sheet import Button, Menu, OrderSheets, Screen, Verb, parse_custom_id
from bot.text.standby import StandbyScreens

STANDBY_VERBS = (Verb.STANDBY, Verb.KEEP, Verb.DROP)

log = logging.getLogger(__name__)

_STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}

# select menus: the unit menu and the menus of orders (and their names before the upgrade)
_SELECT = r"dip:(?:unit|choice|pk|v):\d+:.*"


async def answer(interaction: discord.Interaction, custom_id: str, values: list[str]) -> None:
    core = interaction.client.core  # type: ignore[attr-defined]
    lang = language_of(interaction)  # the player's language
    tap = parse_custom_id(custom_id)
    try:
        if tap is not None and tap.verb is Verb.MAP:  # issue 15: a new private message with the map
            await send_preview(interaction, core, str(tap.game_id))
            return
        if tap is not None and tap.verb in STANDBY_VERBS:  # issue 15: the standby screen
            screen = await StandbyScreens(core, lang).handle(interaction.user.id, custom_id)
        else:
            screen = await OrderSheets(core, lang).handle(
                interaction.user.id, custom_id, values, created_at=interaction.created_at
            )
    except UserError as exc:
        await _private(interaction, refusal(exc, lang))
        return
    except Exception:
        log.exception("order sheet tap %s by %s failed", custom_id, interaction.user.id)
        await _private(interaction, t("error.internal", lang))
        return
    await interaction.response.edit_message(content=screen.content, view=to_view(screen))


async def _private(interaction: discord.Interaction, text: str) -> None:
    """A private answer, also after the tap was deferred (the map is drawn after a defer)."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


class SheetButton(discord.ui.DynamicItem[discord.ui.Button], template=r"dip:(?!(?:unit|choice|pk|v):)[^:]+:\d+:.*"):
    def __init__(self, item: discord.ui.Button) -> None:
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any, /
    ) -> SheetButton:
        assert isinstance(item, discord.ui.Button)
        return cls(item)

    async def callback(self, interaction: discord.Interaction) -> None:
        await answer(interaction, self.item.custom_id or "", [])


class SheetSelect(discord.ui.DynamicItem[discord.ui.Select], template=_SELECT):
    def __init__(self, item: discord.ui.Select) -> None:
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any, /
    ) -> SheetSelect:
        assert isinstance(item, discord.ui.Select)
        return cls(item)

    async def callback(self, interaction: discord.Interaction) -> None:
        await answer(interaction, self.item.custom_id or "", list(self.item.values))


def to_view(screen: Screen) -> discord.ui.View | None:
    if not screen.rows:
        return None
    view = discord.ui.View(timeout=None)
    for row, items in enumerate(screen.rows):
        for item in items:
            if isinstance(item, Button):
                view.add_item(
                    SheetButton(
                        discord.ui.Button(
                            label=item.label,
                            custom_id=item.custom_id,
                            style=_STYLES[item.style],
                            disabled=item.disabled,
                            row=row,
                        )
                    )
                )
            else:
                assert isinstance(item, Menu)
                view.add_item(
                    SheetSelect(
                        discord.ui.Select(
                            custom_id=item.custom_id,
                            placeholder=item.placeholder,
                            row=row,
                            options=[
                                discord.SelectOption(label=o.label, value=o.value, description=o.description)
                                for o in item.options
                            ],
                        )
                    )
                )
    return view


async def send_screen(interaction: discord.Interaction, screen: Screen, *, ephemeral: bool = True) -> None:
    view = to_view(screen)
    kwargs: dict[str, Any] = {"view": view} if view is not None else {}
    if interaction.response.is_done():
        await interaction.followup.send(screen.content, ephemeral=ephemeral, **kwargs)
    else:
        await interaction.response.send_message(screen.content, ephemeral=ephemeral, **kwargs)
