"""What every cog shares: the reply helper and turning refusals into private replies."""

from __future__ import annotations

from types import TracebackType
from typing import Any, TypedDict

import discord
from discord import app_commands

from bot.core.app import Core
from bot.core.errors import UserError
from bot.core.types import Actor
from bot.discord import busy
from bot.discord.locales import language_of
from bot.text import markup
from bot.text.i18n import t
from bot.text.replies import game_label, refusal


async def reply(
    interaction: discord.Interaction,
    text: str,
    *,
    ephemeral: bool = True,
    file: discord.File | None = None,
    view: discord.ui.View | None = None,
) -> None:
    """Answer a command: ``text`` as one message or, when longer than Discord allows, as
    the answer and follow-ups in order (each within the limit, cut between lines, code
    spans whole), at most :data:`~bot.text.markup.MAX_REPLY_MESSAGES` (the text layer
    keeps its replies within that; a longer text ends with a note that it was cut).
    ``view``: components under the last message (a menu under the text it answers)."""
    messages = markup.reply_messages(text, t("reply.cut", language_of(interaction)))
    await busy.settled(interaction)  # a busy notice being sent acknowledges it: then a follow-up
    for i, content in enumerate(messages):
        kwargs: dict[str, Any] = {"file": file} if file is not None and i == 0 else {}
        if view is not None and i == len(messages) - 1:
            kwargs["view"] = view
        if interaction.response.is_done():
            await interaction.followup.send(content, ephemeral=ephemeral, **kwargs)
        else:
            await interaction.response.send_message(content, ephemeral=ephemeral, **kwargs)


def actor_of(interaction: discord.Interaction) -> Actor:
    """Who runs a moderator command: their id, Manage Server (or Administrator), roles."""
    perms = interaction.permissions
    roles = frozenset(r.id for r in getattr(interaction.user, "roles", ()))
    return Actor(interaction.user.id, bool(perms.manage_guild or perms.administrator), roles)


class answering:  # noqa: N801 - used as ``async with answering(interaction):``
    """Around a command's body: a refusal the player caused (:class:`UserError`) becomes a
    private reply in their language instead of an error."""

    def __init__(self, interaction: discord.Interaction) -> None:
        self.interaction = interaction

    async def __aenter__(self) -> answering:
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None
    ) -> bool:
        if isinstance(error, UserError):
            try:
                await reply(self.interaction, refusal(error, language_of(self.interaction)), ephemeral=True)
            except discord.HTTPException:
                pass
            return True
        return False


def in_server(interaction: discord.Interaction) -> None:
    """Refuse a command that needs a server channel (making or joining a game, a
    moderator's command) when it is used in a DM."""
    if interaction.guild_id is None:
        raise UserError("error.guild_only")


class Where(TypedDict):
    """Which game a command is about, as the core's finders take it: the ``game``
    option, the channel, and the server (None in DMs; in a server, only its games)."""

    game_id: int | None
    channel_id: int | None
    guild_id: int | None


def where(interaction: discord.Interaction, game: str | None) -> Where:
    return Where(game_id=game_option(game), channel_id=interaction.channel_id, guild_id=interaction.guild_id)


async def game_choices(core: Core, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The ``game`` option's autocomplete: the caller's games (in a server, only its games)."""
    lang = language_of(interaction)
    out = []
    for g in await core.status.games_of(interaction.user.id):
        if interaction.guild_id is not None and g.guild_id != interaction.guild_id:
            continue  # in a server, only its games are found
        label = game_label(g, lang)
        if current.lower() in label.lower():
            out.append(app_commands.Choice(name=label[:100], value=str(g.id)))
    return out[:25]


def game_option(value: str | None) -> int | None:
    """The ``game`` option: a game id from the autocomplete."""
    if value is None or not value.strip():
        return None
    try:
        return int(value.strip())
    except ValueError:
        return -1  # not one of the offered games: the core says "unknown game"
