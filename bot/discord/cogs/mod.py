"""``/mod ...`` (moderators of the game of this channel), ``/draw`` and ``/concede``
(players): thin wrappers around :class:`bot.core.play.moderation.Moderation` and
:class:`bot.core.endgame.agreement.Endgame`. Each passes the interaction's id as the ``action``, so
an interaction delivered twice is applied once."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.core.app import Core
from bot.core.errors import UserError
from bot.core.params import User
from bot.core.press import PressMode, SettingsChange
from bot.discord import permissions
from bot.discord.cogs.common import actor_of, answering, game_choices, reply, where
from bot.discord.cogs.leaderboard import ModEndings
from bot.discord.cogs.substitutes import send_invite
from bot.discord.locales import described, language_choices, language_of
from bot.infra.storage.standins import CIVIL_DISORDER_PLAYERS
from bot.text.i18n import t
from bot.text.labels import power_name, power_names
from bot.text.permissions import settings_warning
from bot.text.press import settings_reply
from bot.text.replies import deadline_reply, log_text, overview_text, rollback_reply
from bot.text.standins import seat_decided_reply

POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
# each power named in the reader's language (the translator asks engine.wording)
POWER_CHOICES = [app_commands.Choice(name=app_commands.locale_str(power_name(p), power=p), value=p) for p in POWERS]
#: How players negotiate (issue 14): ``/game create press:`` and ``/mod settings press:``.
PRESS_CHOICES = [app_commands.Choice(name=described(f"press.choice.{m.value}"), value=m.value) for m in PressMode]
#: Who plays a power in civil disorder (issue 23): ``/game create`` and ``/mod settings civil_disorder_player:``.
STANDIN_CHOICES = [
    app_commands.Choice(name=described(f"standin.choice.{name}"), value=name) for name in CIVIL_DISORDER_PLAYERS
]


@app_commands.guild_only()
class ModCog(ModEndings, commands.GroupCog, group_name="mod", group_description=described("cmd.mod")):
    # ModEndings: /mod end, /mod season start|end, /mod exclude (issue 15)
    def __init__(self, bot: commands.Bot, core: Core) -> None:
        self.bot = bot
        self.core = core
        self.mod = core.moderation
        self.press = core.press
        self.days_off = core.days_off
        super().__init__()

    async def _done(self, interaction: discord.Interaction) -> None:
        await reply(interaction, t("mod.reply.done", language_of(interaction)))

    @app_commands.command(name="role", description=described("cmd.mod.role"))
    @app_commands.describe(role=described("cmd.mod.role.role"))
    async def role(self, interaction: discord.Interaction, role: discord.Role | None = None) -> None:
        async with answering(interaction):
            await self.mod.set_role(
                interaction.guild_id or 0, actor_of(interaction), role.id if role else None, action=interaction.id
            )
            lang = language_of(interaction)
            await reply(
                interaction,
                t("mod.reply.role_set", lang, role=role.mention) if role else t("mod.reply.role_cleared", lang),
            )

    @app_commands.command(name="pause", description=described("cmd.mod.pause"))
    async def pause(self, interaction: discord.Interaction) -> None:
        async with answering(interaction):
            await self.mod.pause(interaction.channel_id or 0, actor_of(interaction), action=interaction.id)
            await self._done(interaction)

    @app_commands.command(name="resume", description=described("cmd.mod.resume"))
    async def resume(self, interaction: discord.Interaction) -> None:
        async with answering(interaction):
            result = await self.mod.resume(interaction.channel_id or 0, actor_of(interaction), action=interaction.id)
            await reply(interaction, deadline_reply(result, language_of(interaction)))

    @app_commands.command(name="extend", description=described("cmd.mod.extend"))
    @app_commands.describe(by=described("cmd.mod.extend.by"))
    async def extend(self, interaction: discord.Interaction, by: str) -> None:
        async with answering(interaction):
            result = await self.mod.extend(
                interaction.channel_id or 0, actor_of(interaction), by, action=interaction.id
            )
            await reply(interaction, deadline_reply(result, language_of(interaction)))

    @app_commands.command(name="deadline", description=described("cmd.mod.deadline"))
    @app_commands.describe(when=described("cmd.mod.deadline.when"))
    async def deadline(self, interaction: discord.Interaction, when: str) -> None:
        async with answering(interaction):
            result = await self.mod.set_deadline(
                interaction.channel_id or 0, actor_of(interaction), when, action=interaction.id
            )
            await reply(interaction, deadline_reply(result, language_of(interaction)))

    @app_commands.command(name="resolve", description=described("cmd.mod.resolve"))
    async def resolve(self, interaction: discord.Interaction) -> None:
        async with answering(interaction):
            # checked first, then the (longer) resolution behind a private "thinking..."
            game = await self.mod.call_resolution(
                interaction.channel_id or 0, actor_of(interaction), action=interaction.id
            )
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self.mod.resolve_called(game)
            await self._done(interaction)

    @app_commands.command(name="civil-disorder", description=described("cmd.mod.civil_disorder"))
    @app_commands.describe(
        power=described("cmd.mod.civil_disorder.power"), state=described("cmd.mod.civil_disorder.state")
    )
    @app_commands.choices(
        power=POWER_CHOICES,
        state=[
            app_commands.Choice(name=described("mod.choice.on"), value="on"),
            app_commands.Choice(name=described("mod.choice.off"), value="off"),
        ],
    )
    async def civil_disorder(self, interaction: discord.Interaction, power: str, state: str) -> None:
        async with answering(interaction):
            await self.mod.set_civil_disorder(
                interaction.channel_id or 0, actor_of(interaction), power, state == "on", action=interaction.id
            )
            await self._done(interaction)

    @app_commands.command(name="replace", description=described("cmd.mod.replace"))
    @app_commands.describe(power=described("cmd.mod.replace.power"), member=described("cmd.mod.replace.member"))
    @app_commands.choices(power=POWER_CHOICES)
    async def replace(self, interaction: discord.Interaction, power: str, member: discord.Member) -> None:
        async with answering(interaction):
            if member.bot:
                raise UserError("mod.replace_dm_closed", user=User(member.id))
            game, powers, old = await self.mod.replace(
                interaction.channel_id or 0, actor_of(interaction), power, member.id, action=interaction.id
            )
            lang = language_of(interaction)
            # an anonymous game: a moderator who plays in it doesn't learn who played the powers
            shown = await self.press.sees_players(interaction.channel_id or 0, actor_of(interaction))
            before = f"<@{old}>" if shown else t("anon.previous_player", lang)
            key = "mod.reply.replaced" if old is not None else "standin.reply.replaced_bot"  # issue 23: a bot's seat
            await reply(interaction, t(key, lang, new=member.mention, powers=power_names(powers, lang), old=before))

    # issue 23: a player asked for an open seat (/game join power:, /substitutes apply)
    async def seat_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        lang = language_of(interaction)
        pending = await self.core.seats.pending(interaction.channel_id or 0)
        return [
            app_commands.Choice(name=f"{r.id} — {power_name(r.power, lang)}"[:100], value=r.id)
            for r in pending
            if current.strip() in str(r.id)
        ][:25]

    @app_commands.command(name="seat", description=described("cmd.mod.seat"))
    @app_commands.describe(request=described("cmd.mod.seat.request"), accept=described("cmd.mod.seat.accept"))
    async def seat(self, interaction: discord.Interaction, request: int, accept: bool) -> None:
        async with answering(interaction):
            decision = await self.core.seats.decide(
                interaction.channel_id or 0, actor_of(interaction), request, accept, action=interaction.id
            )
            lang = language_of(interaction)
            text = seat_decided_reply(decision, lang)
            guild = interaction.guild
            if accept and guild is not None and guild.get_member(decision.request.user_id) is None:
                # from the substitute board: the newcomer gets an invite to the game's channel
                text += "\n" + await send_invite(interaction, decision)
            await reply(interaction, text)

    seat.autocomplete("request")(seat_autocomplete)

    @app_commands.command(name="kick", description=described("cmd.mod.kick"))
    @app_commands.describe(member=described("cmd.mod.kick.member"))
    async def kick(self, interaction: discord.Interaction, member: discord.Member) -> None:
        async with answering(interaction):
            await self.mod.kick(interaction.channel_id or 0, actor_of(interaction), member.id, action=interaction.id)
            await self._done(interaction)

    @app_commands.command(name="rollback", description=described("cmd.mod.rollback"))
    async def rollback(self, interaction: discord.Interaction) -> None:
        async with answering(interaction):
            done = await self.mod.rollback(interaction.channel_id or 0, actor_of(interaction), action=interaction.id)
            await reply(interaction, rollback_reply(done, language_of(interaction)))

    @app_commands.command(name="skip-day", description=described("cmd.mod.skip_day"))
    @app_commands.describe(date=described("cmd.mod.skip_day.date"), undo=described("cmd.mod.skip_day.undo"))
    async def skip_day(self, interaction: discord.Interaction, date: str, undo: bool = False) -> None:
        # issue 15: a holiday, no deadline on it (bot.core.deadlines.days)
        async with answering(interaction):
            await self.days_off.skip(
                interaction.channel_id or 0, actor_of(interaction), date, undo=undo, action=interaction.id
            )
            await self._done(interaction)

    @app_commands.command(name="orders", description=described("cmd.mod.orders"))
    @app_commands.describe(remind=described("cmd.mod.orders.remind"))
    async def orders(self, interaction: discord.Interaction, remind: bool = False) -> None:
        async with answering(interaction):
            view = await self.mod.orders_overview(
                interaction.channel_id or 0, actor_of(interaction), remind, action=interaction.id
            )
            await reply(interaction, overview_text(view, language_of(interaction)))

    @app_commands.command(name="settings", description=described("cmd.mod.settings"))
    @app_commands.describe(
        **{
            name: described(f"cmd.mod.settings.{name}")
            for name in (
                "press",
                "anonymous",
                "spectators",
                "reveal",
                "moderators_read",
                "movement",
                "retreat",
                "adjustment",
                "civil_disorder",
                "language",
                "civil_disorder_player",
                "join_approval",
                "substitutes",
                "min_reliability",
            )
        }
    )
    @app_commands.choices(
        press=PRESS_CHOICES,
        language=language_choices(),
        civil_disorder_player=STANDIN_CHOICES,
    )
    async def settings(
        self,
        interaction: discord.Interaction,
        press: str | None = None,
        anonymous: bool | None = None,
        spectators: bool | None = None,
        reveal: bool | None = None,
        moderators_read: bool | None = None,
        movement: str | None = None,
        retreat: str | None = None,
        adjustment: str | None = None,
        civil_disorder: app_commands.Range[int, 0, 10] | None = None,
        language: str | None = None,
        civil_disorder_player: str | None = None,
        join_approval: bool | None = None,
        substitutes: bool | None = None,
        min_reliability: app_commands.Range[int, 0, 100] | None = None,
    ) -> None:
        """Without options: the game's settings; with some: they change (issue 14; the
        stand-in settings: issue 23)."""
        async with answering(interaction):
            lang = language_of(interaction)
            change = SettingsChange(
                PressMode(press) if press else None,
                anonymous,
                spectators,
                reveal,
                moderators_read,
                movement,
                retreat,
                adjustment,
                civil_disorder,
                language,
                civil_disorder_player,
                join_approval,
                substitutes,
                min_reliability,
            )
            if not change.given():
                game, view = await self.press.settings_view(interaction.channel_id or 0)
                await reply(interaction, settings_reply(game.name, view, lang))
                return
            report = await self.press.change_settings(
                interaction.channel_id or 0, actor_of(interaction), change, action=interaction.id
            )
            await reply(interaction, t("settings.reply.changed", lang, game=report.game.name))
            # issue 24: what the new settings need that the bot lacks, said now (the
            # substitute board's invites, a press mode's channels), not when it fails
            missing = permissions.missing_in(interaction.channel, await self.core.lifecycle.needs_of(report.game.id))
            if missing:
                channel_id = interaction.channel_id or 0
                await reply(interaction, settings_warning(report.game.name, missing, channel_id, lang), ephemeral=True)

    @app_commands.command(name="log", description=described("cmd.mod.log"))
    async def log(self, interaction: discord.Interaction) -> None:
        async with answering(interaction):
            game, rows = await self.mod.log(interaction.channel_id or 0, actor_of(interaction))
            await reply(interaction, log_text(game, rows, language_of(interaction)))


class EndgameCog(commands.Cog):
    """``/draw`` and ``/concede``: the players' end of the game, in the game channel or from
    a DM with the bot (``game:`` picks the game): in a gunboat or anonymous game players
    can't write in the game channel, and Discord shows no slash commands where one can't
    write."""

    def __init__(self, bot: commands.Bot, core: Core) -> None:
        self.bot = bot
        self.core = core
        self.endgame = core.endgame

    async def game_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await game_choices(self.core, interaction, current)

    @app_commands.command(name="draw", description=described("cmd.draw"))
    @app_commands.describe(vote=described("cmd.draw.vote"), game=described("cmd.option.game"))
    @app_commands.choices(
        vote=[
            app_commands.Choice(name=described("mod.choice.yes"), value="yes"),
            app_commands.Choice(name=described("mod.choice.no"), value="no"),
        ]
    )
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.allowed_installs(guilds=True, users=False)
    async def draw(self, interaction: discord.Interaction, vote: str = "yes", game: str | None = None) -> None:
        async with answering(interaction):
            w = where(interaction, game)
            report = await self.endgame.vote_draw(
                w["channel_id"],
                interaction.user.id,
                vote == "yes",
                game_id=w["game_id"],
                guild_id=w["guild_id"],
                action=interaction.id,
            )
            key = (
                "mod.reply.draw_passed"
                if report.passed
                else "mod.reply.draw_opened"
                if report.opened
                else "mod.reply.draw_yes"
                if report.yes
                else "mod.reply.draw_no"
            )
            lang = language_of(interaction)
            await reply(interaction, t("mod.reply.in_game", lang, game=report.game.name, reply=t(key, lang)))

    @app_commands.command(name="concede", description=described("cmd.concede"))
    @app_commands.describe(game=described("cmd.option.game"))
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.allowed_installs(guilds=True, users=False)
    async def concede(self, interaction: discord.Interaction, game: str | None = None) -> None:
        async with answering(interaction):
            w = where(interaction, game)
            found, leader, ended = await self.endgame.concede(
                w["channel_id"],
                interaction.user.id,
                game_id=w["game_id"],
                guild_id=w["guild_id"],
                action=interaction.id,
            )
            lang = language_of(interaction)
            text = t("mod.reply.conceded_end" if ended else "mod.reply.conceded", lang, leader=power_name(leader, lang))
            await reply(interaction, t("mod.reply.in_game", lang, game=found.name, reply=text))

    draw.autocomplete("game")(game_autocomplete)
    concede.autocomplete("game")(game_autocomplete)
