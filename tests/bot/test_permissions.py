"""Permissions, said before they fail (issue 24), on simcord's Discord (real roles and
permission overwrites, permissions computed as Discord does): ``/game create`` tells its
creator what the bot lacks, ``/game start`` refuses without the posting permissions (and
says what press will lack), and a permission taken away mid-game keeps the channel's posts
waiting, tells the creator once by DM, and sends them when it is given back, while another
game goes on."""

from __future__ import annotations

import discord
import pytest
from simcord.backend.models.channel import Overwrite
from simcord.enums import OverwriteType

from bot.core.press import Need, Permission, Place, PressMode, Settings, Use, needs
from bot.discord import poster as poster_module
from tests.bot.simcord_support import running, seven
from tests.bot.support import dms, press_channels, texts

HOURS = 3600
P = discord.Permissions


def deny_bot(env, channel, **denied: bool) -> None:
    """A channel overwrite on the bot itself, as a server admin would set it."""
    env.backend.set_overwrite(channel.id, Overwrite(env.bot.user.id, OverwriteType.MEMBER, deny=P(**denied).value))


def allow_bot_again(env, channel) -> None:
    env.backend.delete_overwrite(channel.id, env.bot.user.id)


def bot_role_without(env, guild, **taken: bool) -> None:
    role = guild.roles[env.bot.user.name]
    perms = P.all()
    perms.administrator = False
    perms.update(**{name: False for name in taken})
    env.backend.edit_role(guild.id, role.id, {"permissions": perms.value})


async def join_all(table) -> None:
    for m in table.members:
        await m.slash(table.channel, "game join")


# -- what a game needs: a pure function of its settings -------------------------------------------
def test_needs_follow_the_settings():
    public = needs(Settings(PressMode.PUBLIC, anonymous=False, spectators=False))
    assert {(n.permission, n.place) for n in public} == {
        (Permission.VIEW_CHANNEL, Place.CHANNEL),
        (Permission.SEND_MESSAGES, Place.CHANNEL),
        (Permission.ATTACH_FILES, Place.CHANNEL),
        (Permission.READ_MESSAGE_HISTORY, Place.CHANNEL),
    }
    assert [n.permission for n in public if n.required] == [
        Permission.VIEW_CHANNEL,
        Permission.SEND_MESSAGES,
        Permission.ATTACH_FILES,
    ]
    full = needs(Settings(PressMode.FULL))
    assert Need(Permission.MANAGE_CHANNELS, Place.SERVER, Use.PRESS_CHANNELS, False) in full
    assert Need(Permission.MANAGE_ROLES, Place.SERVER, Use.PRESS_ACCESS, False) in full
    assert Need(Permission.MANAGE_ROLES, Place.CHANNEL, Use.CHANNEL_ACCESS, False) in full  # spectators
    gunboat = needs(Settings(PressMode.NONE, spectators=False))
    assert Permission.MANAGE_CHANNELS not in {n.permission for n in gunboat}  # no press channels
    assert Need(Permission.MANAGE_ROLES, Place.CHANNEL, Use.CHANNEL_ACCESS, False) in gunboat  # players muted
    anonymous_public = needs(Settings(PressMode.PUBLIC, anonymous=True, spectators=False))
    assert Permission.MANAGE_CHANNELS not in {n.permission for n in anonymous_public}
    # on the substitute board, an accepted substitute from another server gets an invite
    invite = Need(Permission.CREATE_INSTANT_INVITE, Place.CHANNEL, Use.INVITES, False)
    assert invite not in public
    assert invite in needs(Settings(PressMode.PUBLIC), substitutes=True)


async def test_a_game_on_the_substitute_board_says_create_invite_is_missing_at_start(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table = seven(env)
        ch, alice = table.channel, table.members[0]
        deny_bot(env, ch, create_instant_invite=True)
        r = await alice.slash(ch, "game create", name="Club", players=7, press="public", spectators=False)
        assert not r.followups  # nothing it needs yet is missing
        r = await alice.slash(ch, "mod settings", substitutes=True)
        invite = (
            f"• **Create Invite** in <#{ch.id}>: to invite a substitute from another server when one takes a "
            "seat in this game."
        )
        (warning,) = r.followups  # said when the board is turned on, to the moderator alone
        assert warning.ephemeral and warning.content.splitlines() == [
            "⚠️ With these settings, **Club** needs permissions I lack:",
            invite,
            "Give them to my role (Server Settings → Roles) or on the channel (Edit Channel → Permissions).",
        ]
        r = await alice.slash(ch, "mod settings", join_approval=True)
        assert len(r.followups) == 1  # still missing: still said
        allow_bot_again(env, ch)
        r = await alice.slash(ch, "mod settings", join_approval=False)
        assert not r.followups
        deny_bot(env, ch, create_instant_invite=True)
        await join_all(table)
        r = await alice.slash(ch, "game start")
        assert "has started" in r.response.content
        (warning,) = r.followups
        assert warning.ephemeral and warning.content.splitlines() == [
            "⚠️ **Club** has started, but I lack these permissions:",
            invite,
            "Give them to my role (Server Settings → Roles) or on the channel (Edit Channel → Permissions).",
        ]


# -- before: /game create and /game start ---------------------------------------------------------
async def test_create_says_what_is_missing_and_start_refuses_until_it_is_given(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table = seven(env)
        ch, alice = table.channel, table.members[0]
        deny_bot(env, ch, attach_files=True)
        r = await alice.slash(ch, "game create", name="Club", players=7, press="public", spectators=False)
        assert not r.ephemeral and "Club" in r.response.content  # the game is made, for all to see
        (warning,) = r.followups
        assert warning.ephemeral  # only its creator is told
        assert warning.content.splitlines() == [
            "⚠️ **Club** can't start until I have these permissions:",
            f"• **Attach Files** in <#{ch.id}>: the maps go with those posts.",
            "Give them to my role (Server Settings → Roles) or on the channel (Edit Channel → Permissions).",
        ]
        await join_all(table)
        r = await alice.slash(ch, "game start")
        assert r.ephemeral and r.response.content.splitlines() == [
            "⛔ **Club** can't start: I lack permissions it needs.",
            f"• **Attach Files** in <#{ch.id}>: the maps go with those posts.",
            "Give them to my role (Server Settings → Roles) or on the channel (Edit Channel → Permissions), "
            "then use `/game start` again.",
        ]
        async with env.bots[-1].core.storage.read() as tx:
            assert (await tx.open_game_in_channel(ch.id)).status == "forming"
        assert not any("has started" in t for t in texts(ch))
        # given, the game starts; nothing is missing, so nothing more is said
        allow_bot_again(env, ch)
        r = await alice.slash(ch, "game start")
        assert "has started" in r.response.content and not r.followups
        await env.advance_time(60)
        assert any(m.attachments for m in ch.history())  # the first map is posted


async def test_create_names_what_a_locked_channel_closes_when_the_bot_lacks_it(tmp_path):
    """Discord lets a bot allow or deny in a channel's overwrites only what it has itself: a
    gunboat game keeps its players from writing in the game channel (reactions and threads
    too), and a full-press game locks its press channels so. Without Add Reactions the bot
    could set neither lock: the creator is told when the game is made, in the game channel
    for the one, on the server for the other."""
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table = seven(env)
        ch, alice = table.channel, table.members[0]
        why = "Discord lets me close this in a locked channel (and open it again) only if I have it myself."
        deny_bot(env, ch, add_reactions=True)  # on the game channel
        r = await alice.slash(ch, "game create", name="Club", players=7, press="none", spectators=False)
        (warning,) = r.followups
        assert warning.ephemeral and warning.content.splitlines() == [
            "⚠️ **Club** can start, but part of it won't work without these permissions:",
            f"• **Add Reactions** in <#{ch.id}>: {why}",
            "Give them to my role (Server Settings → Roles) or on the channel (Edit Channel → Permissions).",
        ]
        # a server whose members may not react: neither @everyone nor the bot's role has it
        everyone = env.backend.get_role(table.guild.id, table.guild.id).permissions
        env.backend.edit_role(table.guild.id, table.guild.id, {"permissions": everyone & ~P(add_reactions=True).value})
        bot_role_without(env, table.guild, add_reactions=True)
        other = table.guild.create_text_channel("game-2")
        r = await alice.slash(other, "game create", name="Talks", players=7, press="full", spectators=False)
        (warning,) = r.followups
        assert f"• **Add Reactions** (a server permission of my role): {why}" in warning.content.splitlines()
        # given to the bot's role: nothing more to say
        bot_role_without(env, table.guild)
        third = table.guild.create_text_channel("game-3")
        r = await alice.slash(third, "game create", name="Quiet", players=7, press="none", spectators=False)
        assert not r.followups


async def test_start_goes_ahead_without_press_permissions_and_says_so_in_the_starters_language(
    tmp_path, client_locales
):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table = seven(env)
        ch, alice = table.channel, table.members[0]
        client_locales[alice.id] = "es-ES"
        bot_role_without(env, table.guild, manage_channels=True, manage_roles=True)
        r = await alice.slash(ch, "game create", name="Club", players=7, language="en")
        (warning,) = r.followups
        assert warning.content.splitlines()[0] == (
            "⚠️ **Club** puede empezar, pero sin estos permisos una parte no funcionará:"
        )
        await join_all(table)
        r = await alice.slash(ch, "game start")
        assert "has started" in r.response.content  # the public reply: the game's language
        (warning,) = r.followups
        assert warning.ephemeral and warning.content.splitlines() == [
            "⚠️ **Club** ha empezado, pero me faltan estos permisos:",
            "• **Gestionar canales** (un permiso de servidor de mi rol): para crear la categoría de negociación "
            "de la partida y sus canales privados.",
            "• **Gestionar roles** (un permiso de servidor de mi rol): para dar y quitar a cada jugador el acceso "
            "a sus canales de negociación.",
            f"• **Gestionar permisos** en <#{ch.id}>: para que los jugadores no escriban ahí mientras la "
            "negociación está cerrada o la partida es anónima, y para que los espectadores puedan leerlo.",
            "Cuando los tenga, usa `/press repair` en el canal de la partida.",
        ]
        # the press space can't be made: besides the post in the channel, its creator gets one DM
        await env.advance_time(60)
        # (in the reader's language, merged with their DM of the new phase)
        told = [line for text in dms(alice) for line in text.splitlines() if line.startswith("⚠️ **Club**")]
        assert told == [
            "⚠️ **Club**: no puedo preparar todo lo que necesita su negociación. Falta: **Gestionar canales** (un "
            f"permiso de servidor de mi rol). La partida sigue; cuando esté resuelto, usa `/press repair` en <#{ch.id}>."
        ]
        await env.advance_time(48 * HOURS + 5)  # a new phase, a new pass: not told again
        assert sum(line.startswith("⚠️ **Club**") for text in dms(alice) for line in text.splitlines()) == 1


# -- later: a permission taken away mid-game -----------------------------------------------------------
@pytest.mark.parametrize("stale_cache", [False, True], ids=["seen-in-cache", "refused-by-discord"])
async def test_a_permission_lost_mid_game_keeps_the_posts_and_tells_the_creator_once(
    tmp_path, monkeypatch, stale_cache
):
    if stale_cache:  # the cache does not know: Discord's 403 is what tells
        monkeypatch.setattr(poster_module.permissions, "missing_to_send", lambda channel, wanted: ())
    # the waiting posts are tried again every few hours rather than every ten minutes: the
    # same story, without hundreds of retries to step through over two days
    monkeypatch.setattr(poster_module, "PERMISSION_RETRY", 6 * HOURS)
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table = seven(env)
        ch, alice = table.channel, table.members[0]
        other_ch = table.guild.create_text_channel("game-2")  # another game, untouched
        for channel, name in ((ch, "Club"), (other_ch, "Other")):
            await alice.slash(channel, "game create", name=name, players=7, press="public", spectators=False)
            for m in table.members:
                await m.slash(channel, "game join")
            r = await alice.slash(channel, "game start")
            assert "has started" in r.response.content
        await env.advance_time(60)
        before, before_other = len(ch.history()), len(other_ch.history())
        deny_bot(env, ch, send_messages=True)
        await env.advance_time(48 * HOURS + 5)  # Spring 1901 resolves in both games
        assert len(ch.history()) == before  # nothing could be posted there
        assert any("results of Spring 1901" in t for t in texts(other_ch, before_other))  # the other game goes on
        told = [t for t in dms(alice) if "can't post" in t]
        assert told == [
            f"⚠️ **Club**: I can't post in <#{ch.id}>. Missing there: **Send Messages**. The game's posts are "
            "kept and go out as soon as I can post there again."
        ]
        await env.advance_time(48 * HOURS + 5)  # Fall 1901: more posts wait; told once
        assert len(ch.history()) == before
        assert sum("can't post" in t for t in dms(alice)) == 1
        # given back: the posts go out, in order, without waiting for the next retry
        allow_bot_again(env, ch)
        await env.advance_time(1)
        posted = texts(ch, before)
        assert any("results of Spring 1901" in t for t in posted) and any("results of Fall 1901" in t for t in posted)
        spring = next(i for i, t in enumerate(posted) if "results of Spring 1901" in t)
        fall = next(i for i, t in enumerate(posted) if "results of Fall 1901" in t)
        assert spring < fall
        # taken away again later: told again
        deny_bot(env, ch, send_messages=True)
        await env.advance_time(48 * HOURS + 5)
        assert sum("can't post" in t for t in dms(alice)) == 2


async def test_a_waiting_channel_survives_a_restart_and_is_told_again_after_it_was_fixed(tmp_path, monkeypatch):
    monkeypatch.setattr(poster_module, "PERMISSION_RETRY", 6 * HOURS)  # fewer retries to step through
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table = seven(env)
        ch, alice = table.channel, table.members[0]
        await alice.slash(ch, "game create", name="Club", players=7, press="public", spectators=False)
        await join_all(table)
        await alice.slash(ch, "game start")
        await env.advance_time(60)
        before = len(ch.history())
        deny_bot(env, ch, view_channel=True)
        await env.advance_time(48 * HOURS + 5)
        told = [t for t in dms(alice) if "can't post" in t]
        assert len(told) == 1 and "Missing there: **View Channel**." in told[0]  # not the rest it implies
        await env.restart()  # the posts still wait, and the creator was told already
        await env.advance_time(60)
        assert len(ch.history()) == before
        assert sum("can't post" in t for t in dms(alice)) == 1
        allow_bot_again(env, ch)
        await env.advance_time(1)
        assert any("results of Spring 1901" in t for t in texts(ch, before))
        deny_bot(env, ch, view_channel=True)  # taken away again later: told again
        await env.advance_time(48 * HOURS + 5)
        told = [t for t in dms(alice) if "can't post" in t]
        assert len(told) == 2 and "Missing there: **View Channel**." in told[1]


async def test_the_press_worker_names_the_lock_permissions_it_lacks_not_manage_roles(tmp_path):
    """The bot has Manage Channels and Manage Roles but its role lacks Add Reactions and
    Create Public Threads, which a press channel's overwrites allow or deny (Discord would
    refuse the whole call with a 403 that names nothing): the moderators, the creator's DM
    and ``/mod log`` name exactly those two, in the reader's language, and nothing is
    made until they are given; then ``/press repair`` makes the press channels. A gunboat
    game's mutes on its own channel are named the same way."""
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table = seven(env)
        guild, ch, alice = table.guild, table.channel, table.members[0]
        everyone = env.backend.get_role(guild.id, guild.id).permissions
        lock_bits = P(add_reactions=True, create_public_threads=True).value
        env.backend.edit_role(guild.id, guild.id, {"permissions": everyone & ~lock_bits})
        bot_role_without(env, guild, add_reactions=True, create_public_threads=True)
        await alice.slash(ch, "game create", name="Club", players=7, press="full", spectators=False)
        await join_all(table)
        r = await alice.slash(ch, "game start")
        assert "has started" in r.response.content
        await env.advance_time(60)  # the press worker's pass
        problem = next(m.content for m in ch.history() if m.content.startswith("⚠️ **Club** —"))
        why = "Discord lets me close this in a locked channel (and open it again) only if I have it myself."
        assert f"• **Add Reactions** (a server permission of my role): {why}" in problem.splitlines()
        assert f"• **Create Public Threads** (a server permission of my role): {why}" in problem.splitlines()
        assert "Manage Roles" not in problem and "Manage Permissions" not in problem
        assert press_channels(env, table) == {}  # no channel made that could not be locked later
        # (one DM with the new phase's: a paragraph of its own)
        told = [part for t in dms(alice) for part in t.split("\n\n") if "press needs" in part]
        assert told == [
            "⚠️ **Club**: I can't set up everything its press needs. Missing: **Add Reactions** (a server "
            "permission of my role); **Create Public Threads** (a server permission of my role). The game goes "
            f"on; once that is fixed, use `/press repair` in <#{ch.id}>."
        ]
        r = await alice.slash(ch, "mod log")
        assert "press space incomplete (Add Reactions, Create Public Threads)" in r.response.content
        # given: a moderator repairs, and every pair has its channel
        bot_role_without(env, guild)
        r = await alice.slash(ch, "press repair")
        assert "Setting up the press" in r.response.content
        await env.advance_time(60)
        assert len(press_channels(env, table)) == 21  # a channel per pair of the seven

        # a gunboat game: its players are kept from writing in its own channel
        bot_role_without(env, guild, create_public_threads=True)
        quiet = guild.create_text_channel("game-2")
        await alice.slash(quiet, "game create", name="Quiet", players=7, press="none", spectators=False)
        for m in table.members:
            await m.slash(quiet, "game join")
        await alice.slash(quiet, "game start")
        await env.advance_time(60)
        problem = next(m.content for m in quiet.history() if m.content.startswith("⚠️ **Quiet** —"))
        assert f"• **Create Public Threads** in <#{quiet.id}>: {why}" in problem.splitlines()
        assert "Manage Permissions" not in problem and "Add Reactions" not in problem
