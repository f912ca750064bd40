"""A player's own map, privately (issue 13): the "my map" button the poster puts under
the DM of a new phase, and the reply that sends the crops around the player's units in
their language (:class:`bot.core.status.fronts.Fronts`), also used by ``/game map front:me``.

The button is a :class:`discord.ui.DynamicItem` matched by its custom id
``dipmap:<game id>:<phase>``, so a tap is understood from the id alone, after a restart
too, and an old DM shows the map of its own phase. The reply is an interaction reply:
Discord does not count it against the bot's global rate limit, and it never waits
behind the outbox.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Sequence
from typing import Any

import discord

from bot.core import fog
from bot.core.errors import UserError
from bot.discord import busy
from bot.discord.locales import language_of
from bot.text.board import map_description
from bot.text.i18n import t
from bot.text.labels import phase_title
from bot.text.replies import refusal

log = logging.getLogger(__name__)

LABEL_MAX = 80  # Discord's limit for a button's label


def custom_id(game_id: int, phase: str) -> str:
    return f"dipmap:{game_id}:{phase}"


async def send_fronts(
    interaction: discord.Interaction,
    *,
    game_id: int | None = None,
    channel_id: int | None = None,
    phase: str | None = None,
) -> None:
    """Answer privately with the player's crops of a phase, in their language."""
    core = interaction.client.core  # type: ignore[attr-defined]
    lang = language_of(interaction)
    try:
        request = await core.fronts.request(
            interaction.user.id, game_id=game_id, channel_id=channel_id, phase=phase, guild_id=interaction.guild_id
        )
    except UserError as exc:
        await busy.private(interaction, refusal(exc, lang))
        return
    await busy.defer_thinking(interaction)  # drawing may take a moment (unless a busy notice answered)
    try:
        pictures = await core.fronts.draw(request, lang)
    except Exception:
        log.exception("drawing the fronts of %s in game %s failed", interaction.user.id, request.game.id)
        await interaction.followup.send(t("error.internal", lang), ephemeral=True)
        return
    caption = t("map.front_caption", lang, game=request.game.name, phase=phase_title(request.row.phase, lang))
    files = [
        discord.File(
            io.BytesIO(p.png),
            filename=p.filename,
            # alt text for screen readers, in the reader's language
            # issue 25: in a fog game, the reader's sight only
            description=map_description(
                fog.shown_position(request.game, request.row.position, group), lang, orders=False, fronts=group
            ),
        )
        for p, group in zip(pictures, request.groups, strict=True)
    ]
    await interaction.followup.send(caption, files=files, ephemeral=True)
    await busy.remove_notice(interaction)  # a busy notice (if the tap came while writes waited): stale now


class MapButton(discord.ui.DynamicItem[discord.ui.Button], template=r"dipmap:(?P<game>\d+):(?P<phase>[A-Z0-9]+)"):
    def __init__(self, item: discord.ui.Button, game_id: int, phase: str) -> None:
        super().__init__(item)
        self.game_id = game_id
        self.phase = phase

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any, /
    ) -> MapButton:
        assert isinstance(item, discord.ui.Button)
        return cls(item, int(match["game"]), match["phase"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await send_fronts(interaction, game_id=self.game_id, phase=self.phase)


def map_view(offers: Sequence[tuple[int, str, str]], language: str) -> discord.ui.View | None:
    """The buttons under a DM: one per (game id, game name, phase) whose map it offers
    (named by the game when there are several)."""
    if not offers:
        return None
    view = discord.ui.View(timeout=None)
    for game_id, name, phase in list(dict.fromkeys(offers))[:25]:  # 5 rows of 5: Discord's most
        label = t("dm.map_button", language) if len(offers) == 1 else t("dm.map_button_game", language, name=name)
        button = discord.ui.Button(
            label=label[:LABEL_MAX], custom_id=custom_id(game_id, phase), style=discord.ButtonStyle.secondary
        )
        view.add_item(MapButton(button, game_id, phase))
    return view
