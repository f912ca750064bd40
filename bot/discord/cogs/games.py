"""``/game create|join|leave|start|status|map`` (and ``history|board``, from
:mod:`bot.discord.cogs.records`): games in server channels. ``status``, ``map``, ``board``
and ``history`` work from a DM with the bot too (``game:`` picks the game): a player of a
gunboat or anonymous game can't write in the game channel, and Discord offers slash
commands only where one can write. The others need the game's server channel."""

from __future__ import annotations

import io

import discord
from discord import app_commands
from discord.ext import commands

from bot.core.app import Core
from bot.core.deadlines import read_policy
from bot.core.endgame import EndRules
from bot.core.errors import UserError
from bot.core.press import PermissionsMissing, PressMode, Settings, needs
from bot.discord import permissions
from bot.discord.cogs.common import answering, game_choices, game_option, in_server, reply, where
from bot.discord.cogs.mod import POWER_CHOICES, PRESS_CHOICES, STANDIN_CHOICES
from bot.discord.cogs.records import GameRecords, scoring_choices
from bot.discord.fronts import MapButton, send_fronts
from bot.discord.locales import NATIVE_NAMES, described, guild_language, label_choices, language_choices, language_of
from bot.infra.storage import GameRow
from bot.text.board import map_description
from bot.text.i18n import t
from bot.text.labels import phase_title
from bot.text.permissions import create_warning, start_refused, start_warning
from bot.text.press import create_lines
from bot.text.replies import create_text, status_text
from bot.text.scores import rules_text
from bot.text.standby import policy_lines
from bot.text.standins import asked_dm, leaving_reply, seat_asked_reply
from bot.text.standins import create_lines as standin_lines
from engine import Power
from engine.variants import STANDARD_VARIANT, VARIANTS


@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
@app_commands.allowed_installs(guilds=True, users=False)
class GameCog(GameRecords, commands.GroupCog, group_name="game", group_description=described("cmd.game")):
    # GameRecords: /game history and /game board (issue 15)
    def __init__(self, bot: commands.Bot, core: Core) -> None:
        self.bot = bot
        self.core = core
        super().__init__()

    async def cog_load(self) -> None:
        # taps on the "my map" button of a DM are routed by their custom_id, even after a restart
        self.bot.add_dynamic_items(MapButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(MapButton)

    @app_commands.command(name="create", description=described("cmd.game.create"))
    @app_commands.describe(
        name=described("cmd.game.create.name"),
        players=described("cmd.game.create.players"),
        movement=described("cmd.game.create.movement"),
        retreat=described("cmd.game.create.retreat"),
        adjustment=described("cmd.game.create.adjustment"),
        civil_disorder=described("cmd.game.create.civil_disorder"),
        language=described("cmd.game.create.language"),
        end=described("cmd.game.create.end"),
        scoring=described("cmd.game.create.scoring"),
        press=described("cmd.game.create.press"),
        anonymous=described("cmd.game.create.anonymous"),
        spectators=described("cmd.game.create.spectators"),
        grace=described("cmd.game.create.grace"),
        grace_for=described("cmd.game.create.grace_for"),
        standby_missed=described("cmd.game.create.standby_missed"),
        labels=described("cmd.game.create.labels"),
        civil_disorder_player=described("cmd.game.create.civil_disorder_player"),
        bots=described("cmd.game.create.bots"),
        variant=described("cmd.game.create.variant"),
        fog=described("cmd.game.create.fog"),
    )
    @app_commands.choices(
        civil_disorder_player=STANDIN_CHOICES,
        variant=[app_commands.Choice(name=described(f"variant.{v}"), value=v) for v in VARIANTS],
        language=language_choices(),
        labels=label_choices(),
        scoring=scoring_choices(),
        press=PRESS_CHOICES,
        grace_for=[
            app_commands.Choice(name=described("grace.choice.asked"), value="asked"),
            app_commands.Choice(name=described("grace.choice.everyone"), value="everyone"),
        ],
    )
    async def create(
        self,
        interaction: discord.Interaction,
        name: str,
        players: app_commands.Range[int, 2, 7] = 7,
        movement: str | None = None,
        retreat: str | None = None,
        adjustment: str | None = None,
        civil_disorder: app_commands.Range[int, 0, 10] = 2,
        language: app_commands.Choice[str] | None = None,
        end: app_commands.Range[int, 1901, 2100] | None = None,
        scoring: app_commands.Choice[str] | None = None,
        press: str = PressMode.FULL.value,
        anonymous: bool = False,
        spectators: bool = True,
        grace: str | None = None,
        grace_for: app_commands.Choice[str] | None = None,
        standby_missed: bool = False,
        labels: app_commands.Choice[str] | None = None,
        civil_disorder_player: str | None = None,
        bots: bool = False,
        variant: app_commands.Choice[str] | None = None,
        fog: bool = False,
    ) -> None:
        async with answering(interaction):
            in_server(interaction)
            settings = Settings(PressMode(press), anonymous=anonymous, spectators=spectators)
            game = await self.core.lifecycle.create_game(
                guild_id=interaction.guild_id or 0,
                channel_id=interaction.channel_id or 0,
                user_id=interaction.user.id,
                name=name,
                players=players,
                movement=movement,
                retreat=retreat,
                adjustment=adjustment,
                cd_after=civil_disorder,
                grace=grace,  # issue 15: grace, and what standby orders count for
                grace_for=grace_for.value if grace_for else None,
                standby_missed=standby_missed,
                language=language.value if language else guild_language(interaction),
                scoring_system=scoring.value if scoring else None,
                last_year=end,
                settings=settings,
                labels=labels.value if labels else None,
                civil_disorder_player=civil_disorder_player,  # issue 23: the caretaker, bots
                bots=bots,
                variant=variant.value if variant else STANDARD_VARIANT,  # issue 25
                fog=fog,
                action=interaction.id,
            )
            rules = EndRules.chosen(scoring.value if scoring else None, end)  # as create_game stored them
            text = create_text(game, civil_disorder, interaction.user.id, NATIVE_NAMES[game.language])
            text += "\n" + rules_text(rules, game.language) + create_lines(settings, game.language)
            late = read_policy(grace, grace_for.value if grace_for else None, standby_missed)
            text += "\n" + "\n".join(policy_lines(late, game.language))  # issue 15: grace, standby orders
            text += "".join(f"\n{line}" for line in standin_lines(civil_disorder_player, bots, game.language))
            await reply(interaction, text, ephemeral=False)
            # issue 24: what the bot lacks for this game, told to its creator now, privately
            missing = permissions.missing_in(interaction.channel, needs(settings))
            if missing:
                lang = language_of(interaction)
                await reply(interaction, create_warning(game.name, missing, game.channel_id, lang), ephemeral=True)

    @app_commands.command(name="join", description=described("cmd.game.join"))
    @app_commands.describe(power=described("cmd.game.join.power"))
    @app_commands.choices(power=POWER_CHOICES)
    async def join(self, interaction: discord.Interaction, power: str | None = None) -> None:
        async with answering(interaction):
            in_server(interaction)

            async def can_dm(game: GameRow) -> bool:
                try:
                    await interaction.user.send(t("join.dm_welcome", language_of(interaction), game=game.name))
                except discord.HTTPException:
                    return False
                return True

            if power is not None:  # issue 23: an open seat of a game being played

                async def can_dm_seat(game: GameRow, seat: Power) -> bool:
                    lang = language_of(interaction)
                    try:
                        await interaction.user.send(asked_dm(game.name, seat, lang))
                    except discord.HTTPException:
                        return False
                    return True

                asked = await self.core.seats.ask(
                    interaction.user.id,
                    power,
                    channel_id=interaction.channel_id,
                    can_dm=can_dm_seat,
                    action=interaction.id,
                )
                await reply(interaction, seat_asked_reply(asked, language_of(interaction)))
                return

            game, joined = await self.core.lifecycle.join(
                interaction.channel_id or 0, interaction.user.id, can_dm, action=interaction.id
            )
            text = t("join.done", game.language, game=game.name, joined=joined, players=game.players)
            if joined == game.players:
                text += "\n" + t("join.full_now", game.language, creator=f"<@{game.creator_id}>")
            await reply(interaction, text, ephemeral=False)

    @app_commands.command(name="leave", description=described("cmd.game.leave"))
    async def leave(self, interaction: discord.Interaction) -> None:
        async with answering(interaction):
            in_server(interaction)
            try:
                game = await self.core.lifecycle.leave(
                    interaction.channel_id or 0, interaction.user.id, action=interaction.id
                )
            except UserError as exc:
                if exc.key != "leave.started":
                    raise
                # issue 23: a game being played: the player's seat is open until somebody takes it
                game, powers = await self.core.seats.leave(
                    interaction.channel_id or 0, interaction.user.id, action=interaction.id
                )
                await reply(interaction, leaving_reply(game.name, powers, language_of(interaction)))
                return
            await reply(interaction, t("leave.done", game.language, game=game.name), ephemeral=False)

    @app_commands.command(name="start", description=described("cmd.game.start"))
    @app_commands.describe(bots=described("cmd.game.start.bots"))
    async def start(self, interaction: discord.Interaction, bots: bool | None = None) -> None:
        async with answering(interaction):
            in_server(interaction)
            perms = interaction.permissions
            lang, channel_id = language_of(interaction), interaction.channel_id or 0
            try:
                game = await self.core.lifecycle.start(
                    channel_id,
                    interaction.user.id,
                    can_manage=bool(perms.manage_guild or perms.administrator),
                    bots=bots,  # issue 23: bots play the seats nobody took
                    action=interaction.id,
                    lacking=permissions.checker(interaction.channel),  # issue 24: refused before it fails
                )
            except PermissionsMissing as exc:
                await reply(interaction, start_refused(exc.game_name, exc.missing, channel_id, lang), ephemeral=True)
                return
            await reply(interaction, t("start.done", game.language, game=game.name), ephemeral=False)
            missing = permissions.missing_in(interaction.channel, await self.core.lifecycle.needs_of(game.id))
            if missing:  # only what the game can go without: said to whoever started it
                await reply(interaction, start_warning(game.name, missing, channel_id, lang), ephemeral=True)

    async def game_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await game_choices(self.core, interaction, current)

    @app_commands.command(name="status", description=described("cmd.game.status"))
    @app_commands.describe(game=described("cmd.option.game"))
    async def status(self, interaction: discord.Interaction, game: str | None = None) -> None:
        async with answering(interaction):
            w = where(interaction, game)
            report = await self.core.status.game_status(
                w["channel_id"], interaction.user.id, game_id=w["game_id"], guild_id=w["guild_id"]
            )
            # a private reply: the player's language
            await reply(interaction, status_text(report, language_of(interaction)), ephemeral=True)

    @app_commands.command(name="map", description=described("cmd.game.map"))
    @app_commands.describe(
        phase=described("cmd.game.map.phase"), front=described("cmd.game.map.front"), game=described("cmd.option.game")
    )
    @app_commands.choices(front=[app_commands.Choice(name=described("cmd.game.map.front.me"), value="me")])
    async def map(
        self,
        interaction: discord.Interaction,
        phase: str | None = None,
        front: app_commands.Choice[str] | None = None,
        game: str | None = None,
    ) -> None:
        if front is not None:  # the player's own crops, in their language, only to them
            await send_fronts(interaction, game_id=game_option(game), channel_id=interaction.channel_id, phase=phase)
            return
        async with answering(interaction):
            # checked first: a refusal is private; only the map itself is posted for all
            w = where(interaction, game)
            request = await self.core.status.map_phase(
                w["channel_id"], phase, interaction.user.id, game_id=w["game_id"], guild_id=w["guild_id"]
            )
            await interaction.response.defer(thinking=True)
            picture = await self.core.status.draw(request)
            lang = picture.game.language
            alt = map_description(request.row.position, lang, orders=picture.with_orders)  # for screen readers
            file = discord.File(io.BytesIO(picture.png), filename=f"{picture.phase}.png", description=alt)
            await reply(
                interaction,
                t("map.caption", lang, game=picture.game.name, phase=phase_title(picture.phase, lang)),
                ephemeral=False,
                file=file,
            )

    # spectators (issue 14): read access to the game channel and its maps, never press or orders
    async def watch_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        games = await self.core.press.watchable(interaction.guild_id or 0)
        return [
            app_commands.Choice(name=name[:100], value=str(gid))
            for gid, name in games
            if current.lower() in name.lower()
        ][:25]

    async def _watch(self, interaction: discord.Interaction, game: str | None, on: bool) -> None:
        async with answering(interaction):
            in_server(interaction)
            watching = await self.core.press.watch(
                interaction.channel_id or 0,
                interaction.user.id,
                on,
                game_id=game_option(game),
                guild_id=interaction.guild_id,
                action=interaction.id,
            )
            key = "press.reply.watching" if on else "press.reply.unwatched"
            await reply(interaction, t(key, language_of(interaction), game=watching.game.name))

    @app_commands.command(name="watch", description=described("cmd.game.watch"))
    @app_commands.describe(game=described("cmd.game.watch.game"))
    async def watch(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await self._watch(interaction, game, True)

    @app_commands.command(name="unwatch", description=described("cmd.game.unwatch"))
    @app_commands.describe(game=described("cmd.game.watch.game"))
    async def unwatch(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await self._watch(interaction, game, False)

    watch.autocomplete("game")(watch_autocomplete)
    unwatch.autocomplete("game")(watch_autocomplete)
    status.autocomplete("game")(game_autocomplete)
    map.autocomplete("game")(game_autocomplete)
