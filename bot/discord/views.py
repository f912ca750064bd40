"""discord.py components of the order sheet, and of the menus of readings under an
``/order`` reply: a :class:`bot.text.sheet.Screen` as a View.

Every button and select menu is a :class:`discord.ui.DynamicItem` matched by its custom
id (documented in :mod:`bot.text.sheet` and :mod:`bot.text.asking`), so a tap is
understood from the id alone: it works after a restart, and a tap on a menu of a phase
that is over is answered with the new sheet (or, for a reading, refused like a late
order). A tap on the sheet is answered by editing the message into the next screen; a
reading picked, by editing the reply into the report of the order stored, the other
questions' menus left in place.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.core.errors import UserError
from bot.core.languages import DEFAULT
from bot.discord import busy
from bot.discord.cogs.standby import send_preview
from bot.discord.locales import language_of
from bot.infra.storage import DATABASE_ERRORS
from bot.text import asking, markup
from bot.text.i18n import t
from bot.text.replies import order_report, refusal
from bot.text.sheet import Button, Menu, Option, OrderSheets, Screen, Verb, parse_custom_id
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


async def _answer_tap(
    interaction: discord.Interaction, custom_id: str, next_screen: Callable[[str], Awaitable[Screen | None]]
) -> None:
    """Answer a tap by editing its message into ``next_screen(language)`` (None: the tap was
    answered otherwise); a refusal (or a failure) is said privately instead, in the
    player's language."""
    lang = language_of(interaction)  # the player's language
    try:
        screen = await next_screen(lang)
    except UserError as exc:
        await busy.private(interaction, refusal(exc, lang))
        return
    except DATABASE_ERRORS as exc:  # a full disk, a write given up at a stop: no bug, nothing saved
        log.warning("tap %s by %s: the database failed (%s)", custom_id, interaction.user.id, exc)
        await busy.private(interaction, t("error.database", lang))
        return
    except Exception:
        log.exception("tap %s by %s failed", custom_id, interaction.user.id)
        await busy.private(interaction, t("error.internal", lang))
        return
    if screen is not None:  # None: answered already (the private map)
        # at once, or once stored when the write waited for another program's lock
        await busy.update(interaction, content=screen.content, view=to_view(screen))


async def answer(interaction: discord.Interaction, custom_id: str, values: list[str]) -> None:
    """A tap on the order sheet (or the standby screen): its next screen; the map button
    answers with a new private message instead."""
    core = interaction.client.core  # type: ignore[attr-defined]
    tap = parse_custom_id(custom_id)

    async def sheet(lang: str) -> Screen | None:
        if tap is not None and tap.verb is Verb.MAP:  # issue 15: a new private message with the map
            await send_preview(interaction, core, str(tap.game_id))
            return None
        if tap is not None and tap.verb in STANDBY_VERBS:  # issue 15: the standby screen
            return await StandbyScreens(core, lang).handle(interaction.user.id, custom_id)
        return await OrderSheets(core, lang).handle(
            interaction.user.id, custom_id, values, created_at=interaction.created_at
        )

    await _answer_tap(interaction, custom_id, sheet)


async def answer_reading(interaction: discord.Interaction, custom_id: str, values: list[str]) -> None:
    """A reading picked from the menu under an ``/order`` reply: stored by the ordering use
    case like a typed order (the engine checks it) for the phase the question was asked in;
    the reply becomes the report of the order stored, the other lines' menus kept."""
    core = interaction.client.core  # type: ignore[attr-defined]
    tap = asking.parse_reading_id(custom_id)

    async def stored(lang: str) -> Screen:
        if tap is None or not values:
            raise UserError("sheet.unknown_button")
        report = await core.ordering.submit(
            interaction.user.id,
            values[0],
            game_id=tap.game_id,
            expected_phase=tap.phase,
            language=DEFAULT,  # the canonical order, read in English first
            sent_at=interaction.created_at,
            action=interaction.id,
        )
        others = [m for m in menus_of(interaction.message) if m.custom_id != custom_id]
        content = markup.reply_messages(order_report(report, lang), "…")[0]
        return Screen(content, tuple((m,) for m in others))

    await _answer_tap(interaction, custom_id, stored)


def menus_of(message: discord.Message | None) -> list[Menu]:
    """The menus of readings of a message, as the text layer's values."""
    out = []
    for row in message.components if message is not None else ():
        for item in getattr(row, "children", ()):
            if isinstance(item, discord.SelectMenu) and item.custom_id and asking.parse_reading_id(item.custom_id):
                options = tuple(Option(o.label, o.value, o.description) for o in item.options)
                out.append(Menu(item.custom_id, item.placeholder or "", options))
    return out


class SheetButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"dip:(?!(?:unit|choice|pk|v|reading):)[^:]+:\d+:.*"
):
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


class ReadingSelect(SheetSelect, template=r"dip:reading:\d+:.*"):
    """A menu of readings under an ``/order`` reply (:mod:`bot.text.asking`)."""

    async def callback(self, interaction: discord.Interaction) -> None:
        await answer_reading(interaction, self.item.custom_id or "", list(self.item.values))


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
                select = ReadingSelect if asking.parse_reading_id(item.custom_id) else SheetSelect
                view.add_item(
                    select(
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
