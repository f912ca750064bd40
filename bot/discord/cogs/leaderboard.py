"""``/leaderboard`` (issue 15), paged with buttons that work after a restart, and the
moderators' commands of the end of games, which :class:`bot.discord.cogs.mod.ModCog`
takes in (:class:`ModEndings`): ``/mod end``, ``/mod season start|end``, ``/mod exclude``.
Thin: each calls one use case and sends what the text layer wrote."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.core.app import Core
from bot.core.endgame import LeaderboardPage
from bot.core.errors import UserError
from bot.discord import busy
from bot.discord.cogs.common import actor_of, answering, game_option, reply
from bot.discord.locales import described, language_of
from bot.text import markup
from bot.text.i18n import t
from bot.text.leaderboard import game_choices, leaderboard_text, season_choices
from bot.text.replies import refusal
from engine.variants import STANDARD_VARIANT, VARIANTS


def choices(pairs: list[tuple[str, str]]) -> list[app_commands.Choice[str]]:
    """An autocomplete's answer from the text layer's (label, value) pairs."""
    return [app_commands.Choice(name=label, value=value) for label, value in pairs]


def pager(page: LeaderboardPage) -> discord.ui.View | None:
    """◀ ▶ under a leaderboard of several pages (none for one page)."""
    if page.pages <= 1:
        return None
    view = discord.ui.View(timeout=None)
    for target, label, enabled in (
        (page.page - 1, "◀", page.page > 0),
        (page.page + 1, "▶", page.page + 1 < page.pages),
    ):
        button = discord.ui.Button(
            label=label,
            style=discord.ButtonStyle.secondary,
            custom_id=f"lb:{page.scope}:{max(target, 0)}:{label == '▶':d}:{page.variant}",
            disabled=not enabled,
        )
        view.add_item(PageButton(button))
    return view


class PageButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"lb:(?P<scope>[0-9a-z]+):(?P<page>\d+):[01](?::(?P<variant>[a-z]+))?",
):
    """A tap on ◀ or ▶: the same message shows the other page (the id says which)."""

    def __init__(self, item: discord.ui.Button) -> None:
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any, /
    ) -> PageButton:
        assert isinstance(item, discord.ui.Button)
        return cls(item)

    async def callback(self, interaction: discord.Interaction) -> None:
        # issue 25: the variant's leaderboard (buttons sent before it have none: the standard one)
        _, scope, page, _, *variant = (self.item.custom_id or "").split(":")
        core: Core = interaction.client.core  # type: ignore[attr-defined]
        lang = language_of(interaction)
        try:
            board = await core.leaderboard.page(interaction.guild_id or 0, scope, int(page), *variant[:1])
        except UserError as exc:  # the season is gone
            await busy.private(interaction, refusal(exc, lang))
            return
        await busy.update(interaction, content=leaderboard_text(board, lang), view=pager(board))


class LeaderboardCog(commands.Cog):
    def __init__(self, bot: commands.Bot, core: Core) -> None:
        self.bot = bot
        self.core = core

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(PageButton)

    @app_commands.command(name="leaderboard", description=described("cmd.leaderboard"))
    @app_commands.describe(
        season=described("cmd.leaderboard.season"),
        page=described("cmd.leaderboard.page"),
        variant=described("cmd.leaderboard.variant"),
    )
    @app_commands.choices(variant=[app_commands.Choice(name=described(f"variant.{v}"), value=v) for v in VARIANTS])
    @app_commands.guild_only()
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        season: str | None = None,
        page: app_commands.Range[int, 1] = 1,
        variant: app_commands.Choice[str] | None = None,
    ) -> None:
        async with answering(interaction):
            chosen = variant.value if variant else STANDARD_VARIANT  # issue 25: each variant ranked apart
            board = await self.core.leaderboard.page(interaction.guild_id or 0, season, page - 1, chosen)
            view = pager(board)
            await interaction.response.send_message(
                leaderboard_text(board, language_of(interaction)), ephemeral=True, **({"view": view} if view else {})
            )

    @leaderboard.autocomplete("season")
    async def _season_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        seasons = await self.core.leaderboard.seasons(interaction.guild_id or 0)
        return choices(season_choices(seasons, current, language_of(interaction)))


class ModEndings:
    """The moderators' commands of the end of games, inside the ``/mod`` group."""

    core: Core

    season = app_commands.Group(name="season", description=described("cmd.mod.season"))

    @app_commands.command(name="end", description=described("cmd.mod.end"))
    async def end(self, interaction: discord.Interaction) -> None:
        async with answering(interaction):
            await self.core.endings.end(interaction.channel_id or 0, actor_of(interaction), action=interaction.id)
            await reply(interaction, t("mod.reply.ended", language_of(interaction)))

    @season.command(name="start", description=described("cmd.mod.season.start"))
    @app_commands.describe(name=described("cmd.mod.season.start.name"))
    async def season_start(self, interaction: discord.Interaction, name: str) -> None:
        async with answering(interaction):
            season = await self.core.leaderboard.start_season(
                interaction.guild_id or 0, actor_of(interaction), name, action=interaction.id
            )
            text = t("season.started", language_of(interaction), season=markup.escape(season.name))
            await reply(interaction, text, ephemeral=False)

    @season.command(name="end", description=described("cmd.mod.season.end"))
    async def season_end(self, interaction: discord.Interaction) -> None:
        async with answering(interaction):
            season = await self.core.leaderboard.end_season(
                interaction.guild_id or 0, actor_of(interaction), action=interaction.id
            )
            text = t("season.ended", language_of(interaction), season=markup.escape(season.name))
            await reply(interaction, text, ephemeral=False)

    @app_commands.command(name="exclude", description=described("cmd.mod.exclude"))
    @app_commands.describe(game=described("cmd.mod.exclude.game"), undo=described("cmd.mod.exclude.undo"))
    async def exclude(self, interaction: discord.Interaction, game: str, undo: bool = False) -> None:
        async with answering(interaction):
            name, changed = await self.core.leaderboard.exclude(
                interaction.guild_id or 0, actor_of(interaction), game_option(game), not undo, action=interaction.id
            )
            if changed:
                key = "season.included" if undo else "season.excluded"
            else:
                key = "season.already_included" if undo else "season.already_excluded"
            await reply(interaction, t(key, language_of(interaction), game=name))

    @exclude.autocomplete("game")
    async def _game_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        games = await self.core.leaderboard.scored_games(interaction.guild_id or 0)
        return choices(game_choices(games, current, language_of(interaction)))
