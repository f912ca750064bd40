"""What the README promises about who reads press, kept (issue 21): the moderators who read a
game's press are the moderators' role (``/mod role``) and the game's creator when they don't
play, never a member only because they have Manage Server (the bot has no Members intent to
find them; Discord's permissions are checked on simcord's real overwrites); and moderators
who read an anonymous game's inboxes, whose member lists name each power's player, are
recorded in the audit log as able to see who plays which power."""

from __future__ import annotations

import discord

from tests.bot.simcord_support import running, seven
from tests.bot.support import can, press_channels, set_mod_role
from tests.bot.support import press_begin as begin


async def test_manage_server_alone_does_not_read_press_the_moderators_role_does(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table = seven(env)
        guild = table.guild
        mods = await set_mod_role(env, table)
        mona = guild.add_member(env.create_user("mona"), roles=[mods])
        managers = guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
        boss = guild.add_member(env.create_user("boss"), roles=[managers])
        await begin(env, table)
        rooms = press_channels(env, table)
        assert len(rooms) == 21
        for room in rooms.values():
            assert can(env, guild, mona.id, room.id).view_channel  # the role: reads
            assert not can(env, guild, mona.id, room.id).send_messages  # never writes
            assert not can(env, guild, boss.id, room.id).view_channel  # Manage Server alone: nothing
        # /mod commands are theirs all the same (Manage Server makes a moderator of the game)
        r = await boss.slash(table.channel, "mod orders")
        assert r.ephemeral and "Manage Server" not in r.response.content


async def test_moderators_reading_the_inboxes_of_an_anonymous_game_is_in_the_audit_log(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table = seven(env)
        guild = table.guild
        mods = await set_mod_role(env, table)
        mona = guild.add_member(env.create_user("mona"), roles=[mods])
        _, member = await begin(env, table, anonymous=True)
        rooms = press_channels(env, table)
        inbox = rooms["inbox-france"]
        # the role reads every inbox, whose member list names its player
        assert can(env, guild, mona.id, inbox.id).view_channel
        names = {o.target_id for o in env.backend.channels[inbox.id].overwrites}
        assert member["FRANCE"].id in names
        seen = "the bot: the moderators read every inbox, and an inbox's member list names its player"
        r = await mona.slash(table.channel, "mod log")
        assert r.response.content.count(seen) == 1, r.response.content
        # turned off, then on again mid-game: the second reading is recorded too
        alice = table.members[0]
        await alice.slash(table.channel, "mod settings", moderators_read=False)
        assert not can(env, guild, mona.id, inbox.id).view_channel
        await alice.slash(table.channel, "mod settings", moderators_read=True)
        assert can(env, guild, mona.id, inbox.id).view_channel
        r = await mona.slash(table.channel, "mod log")
        assert r.response.content.count(seen) == 2, r.response.content


async def test_no_audit_entry_when_nobody_reads_the_inboxes(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table = seven(env)  # no moderators' role; the creator plays
        await begin(env, table, anonymous=True)
        r = await table.members[0].slash(table.channel, "mod log")
        assert r.ephemeral and "member list" not in r.response.content and "inbox" not in r.response.content


async def test_a_unit_with_nowhere_to_retreat_is_destroyed_in_the_moves_results(tmp_path):
    """The README's account of phases nobody has a choice in: a dislodged unit with nowhere
    to retreat is disbanded in the moves' own results (a line that says so) and no
    retreat phase follows (nothing is posted for it: not a "⏩ played at once" notice,
    which is kept for a phase somebody owes forced orders in)."""
    from tests.bot.support import STANDARD, current_game, order, ready_all, set_scene, start_seven, texts

    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await start_seven(env)
        ch = table.channel
        # France's army in Portugal, attacked from Spain with the support of the fleet in
        # the Mid-Atlantic: its only places are the attacker's and an occupied sea
        units = {**STANDARD, "FRANCE": ["A POR", "A PAR", "F BRE"], "ITALY": ["A SPA", "F MAO", "A VEN"]}
        await set_scene(env, ch.id, "S1901M", units, {})
        before = len(ch.history())
        await order(member["ITALY"], "A SPA - POR; F MAO S A SPA - POR")
        await ready_all(member)
        assert (await current_game(env, ch.id)).phase == "F1901M"  # no retreat phase
        posted = "\n".join(texts(ch, before))
        [destroyed] = [line for line in posted.split("\n") if line.startswith("Dislodged and disbanded")]
        assert destroyed == "Dislodged and disbanded (no retreat possible): France A POR"
        assert "Spring 1901 retreats" not in posted and "⏩" not in posted
