"""Press through Discord (simcord, whose fake Discord keeps channels, roles, permission
overwrites and threads and computes permissions as Discord does): a full-press game's pair
channels and their overwrites, rulebook press locked in retreats and adjustments, an
anonymous game that names nobody, a gunboat game, a replaced player, spectators, missing
permissions, a crash halfway, settings, and the reveal."""

from __future__ import annotations

import re

import discord
import pytest
import simcord

from tests.bot.simcord_support import running, seven
from tests.bot.support import STANDARD, can, order, press_channels, set_mod_role, set_position, texts
from tests.bot.support import press_begin as begin

HOURS = 3600
P = discord.Permissions
VIEW, SEND, HISTORY = P.view_channel.flag, P.send_messages.flag, P.read_message_history.flag
MISSING_ACCESS, MISSING_PERMISSIONS = 50001, 50013  # Discord's error codes, as the fake Discord answers


def overwrites(env, channel_id) -> dict[int, tuple[int, int]]:
    """A channel's permission overwrites, as the fake Discord keeps them: target -> (allow, deny)."""
    return {o.target_id: (o.allow, o.deny) for o in env.backend.channels[channel_id].overwrites}


def category_of(table, name_part="press #"):
    return next(c for name, c in table.guild.channels.items() if name_part in name)


# -- full press: a channel per pair, exactly the right overwrites --------------------------------
async def test_full_press_seven_players_get_a_private_channel_per_pair(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table = seven(env)
        mods = await set_mod_role(env, table)
        mona = table.guild.add_member(env.create_user("mona"), roles=[mods])  # a moderator, not a player
        game, member = await begin(env, table)
        ch, guild = table.channel, table.guild
        bot_id = env.bot.user.id
        rooms = press_channels(env, table)
        assert len(rooms) == 21 and "austria-england" in rooms and "france-germany" in rooms
        category = category_of(table)
        assert category.name == f"Club — press #{game.id}"
        assert overwrites(env, category.id) == {guild.id: (0, VIEW), bot_id: overwrites(env, category.id)[bot_id]}
        players = {m.id for m in member.values()}
        for name, room in rooms.items():
            a, b = (member[p.upper()] for p in name.split("-"))
            ow = overwrites(env, room.id)
            # exactly: everyone hidden, the bot, the moderators' role reading, the two players
            # writing, every other player kept out by name; nobody else
            assert set(ow) == {guild.id, bot_id, mods.id} | players, name
            assert ow[guild.id] == (0, VIEW)
            assert ow[bot_id][0] & (VIEW | SEND | HISTORY) == VIEW | SEND | HISTORY and ow[bot_id][1] == 0
            for m in (a, b):
                allow, deny = ow[m.id]
                assert allow & (VIEW | SEND | HISTORY) == VIEW | SEND | HISTORY and deny == 0, (name, m.name)
            for other in players - {a.id, b.id}:
                assert ow[other] == (0, VIEW), (name, other)
            role_allow, role_deny = ow[mods.id]
            assert role_allow == VIEW | HISTORY and role_deny & SEND
            # what the fake Discord computes from them
            for m in (a, b):
                assert can(env, guild, m.id, room.id).send_messages
            assert not any(can(env, guild, uid, room.id).view_channel for uid in players - {a.id, b.id})
            seen = can(env, guild, mona.id, room.id)
            assert seen.view_channel and seen.read_message_history and not seen.send_messages
            welcome = room.history()[0].content
            assert "private press between" in welcome and "no other player" in welcome
            assert env.backend.channels[room.id].topic.endswith(f"[diplomacy:{game.id}:" + _key(env, room) + "]")
        # the two players talk; a third can't even post there
        fg = rooms["france-germany"]
        await member["FRANCE"].send(fg, "Burgundy stays empty?")
        with pytest.raises(simcord.BackendError) as err:
            await member["ITALY"].send(fg, "I'm listening")
        assert err.value.code == MISSING_ACCESS  # Italy can't even see it
        # a group on demand: France, Germany and Italy
        r = await member["FRANCE"].slash(ch, "press open", **{"with": "GERMANY", "with2": "ITALY"})
        assert r.ephemeral and "being made" in r.response.content
        group = press_channels(env, table)["france-germany-italy"]
        ow = overwrites(env, group.id)
        writers = {uid for uid, (allow, _) in ow.items() if allow & SEND and uid != bot_id}
        assert writers == {member["FRANCE"].id, member["GERMANY"].id, member["ITALY"].id}
        r = await member["ITALY"].slash(ch, "press open", **{"with": "FRANCE"})
        assert f"<#{rooms['france-italy'].id}>" in r.response.content  # the pair exists already
        # the start post and /game status show the settings
        start = next(m.content for m in ch.history() if "has started!" in m.content)
        assert "⚙️ **Settings**" in start and "Press: full" in start and "Not anonymous" in start
        r = await member["TURKEY"].slash(ch, "game status")
        assert "Press: full" in r.response.content and "Draw: shared by all surviving powers" in r.response.content
        # a second pass makes nothing twice, and changes nothing that is right: no Discord call
        calls = len(env.http_requests)
        r = await table.members[0].slash(ch, "press repair")
        assert "Setting up the press" in r.response.content
        assert len(press_channels(env, table)) == 22
        assert not [c for c in env.http_requests[calls:] if c.path.startswith(("/guilds", "/channels"))]


def _key(env, room) -> str:
    return re.search(r"\[diplomacy:\d+:(.+)\]$", env.backend.channels[room.id].topic).group(1)


# -- a crash halfway, Discord failing -------------------------------------------------------------
async def test_a_press_space_is_made_once_after_failures_and_lost_records(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table = seven(env)
        # Discord is unavailable when the game starts (a 503 discord.py doesn't retry): tried again later
        env.inject_error("POST", "/guilds/*/channels", status=503, times=1)
        game, member = await begin(env, table)
        assert press_channels(env, table) == {}
        core = env.bots[-1].core
        async with core.storage.read() as tx:
            job = (await tx.press_jobs(game.id))[0]
        assert job["attempts"] == 1 and job["done_at"] is None
        await env.advance_time(20)
        rooms = press_channels(env, table)
        assert len(rooms) == 21
        # the bot died after making the channels but before recording them: found again by their mark
        async with core.storage.write() as tx:
            await tx.set_press_category(game.id, None)
            for room in await tx.press_rooms(game.id):
                await tx.set_room_channel(game.id, room.room, None)
        await env.restart()
        r = await table.members[0].slash(table.channel, "press repair")
        assert r.ephemeral
        assert press_channels(env, table).keys() == rooms.keys()
        assert sum(1 for name in table.guild.channels if "press #" in name) == 1
        async with env.bots[-1].core.storage.read() as tx:
            assert {r.channel_id for r in await tx.press_rooms(game.id)} == {c.id for c in rooms.values()}
            assert all(j["done_at"] for j in await tx.press_jobs(game.id))


# -- rulebook press: closed in retreats and adjustments, open again -------------------------------
async def test_rulebook_press_is_locked_in_retreats_and_builds_and_unlocked_again(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table = seven(env)
        game, member = await begin(env, table, press="rulebook")
        ch, guild = table.channel, table.guild
        rooms = press_channels(env, table)
        fr, de = member["FRANCE"], member["GERMANY"]
        fg = rooms["france-germany"]
        players = [m.id for m in member.values()]

        def open_now() -> bool:
            talk = [can(env, guild, m.id, fg.id) for m in (fr, de)]
            assert all(p.view_channel and p.read_message_history for p in talk)  # always readable
            public = [can(env, guild, uid, ch.id).send_messages for uid in players]
            assert len(set(public + [p.send_messages for p in talk])) == 1, (public, talk)
            return talk[0].send_messages

        assert open_now()
        # Spring 1901: Germany dislodges the French army in Burgundy, which may retreat
        await set_position(
            env,
            ch.id,
            {
                **STANDARD,
                "FRANCE": ["A PAR", "A MAR", "F BRE", "A BUR"],
                "GERMANY": ["A BER", "A MUN", "F KIE", "A RUH"],
            },
        )
        await order(fr, "A BUR H")
        await order(de, "A MUN - BUR; A RUH S A MUN - BUR")
        before = len(ch.history())
        await env.advance_time(48 * HOURS + 5)
        assert any("Spring 1901 retreats" in t for t in texts(ch, before))
        assert not open_now()
        assert fg.history()[-1].content.startswith("🔒 Press is closed for Spring 1901 retreats")
        closed = next(t for t in texts(ch, before) if t.startswith("🔒 **Club**: press is closed"))
        assert "use `/order`, `/ready` and the other commands in a DM with me" in closed  # no commands here now
        with pytest.raises(simcord.BackendError) as err:
            await fr.send(fg, "Sorry about Burgundy")
        assert err.value.code == MISSING_PERMISSIONS  # read, not write
        r = await fr.slash(ch, "press open", **{"with": "ENGLAND", "with2": "ITALY"})
        assert r.ephemeral and "Press is closed" in r.response.content
        # the retreat phase resolves (no retreat: the army is disbanded): Fall 1901 opens press
        before = len(ch.history())
        await env.advance_time(24 * HOURS + 5)
        assert any("Fall 1901 moves" in t for t in texts(ch, before))
        assert open_now() and fg.history()[-1].content.startswith("🔓 Press is open again: Fall 1901 moves")
        assert not any(uid in overwrites(env, ch.id) for uid in players)  # what the bot added, taken back
        await fr.send(fg, "Let's talk")
        # Fall 1901 resolves into the adjustments (France takes Spain and builds): closed again
        await order(fr, "A MAR - SPA")
        await env.advance_time(48 * HOURS + 5)
        assert (await _phase(env, ch)) == "W1901A"
        assert not open_now()
        assert fg.history()[-1].content.startswith("🔒 Press is closed for Winter 1901 adjustments")
        await env.advance_time(24 * HOURS + 5)
        assert (await _phase(env, ch)) == "S1902M" and open_now()
        notices = [m.content[0] for m in fg.history() if m.content[0] in "🔒🔓"]
        assert notices == ["🔒", "🔓", "🔒", "🔓"]  # each change said once


async def _phase(env, ch) -> str:
    async with env.bots[-1].core.storage.read() as tx:
        return (await tx.open_game_in_channel(ch.id)).phase


# -- an anonymous game: nothing the bot sends names a player behind a power -------------------------
async def test_an_anonymous_game_never_reveals_who_plays_whom_until_the_end(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table = seven(env)
        mods = await set_mod_role(env, table)
        mona = table.guild.add_member(env.create_user("mona"), roles=[mods])
        newbie = table.guild.add_member(env.create_user("newbie"))
        sam = table.guild.add_member(env.create_user("sam"))
        ch, guild, alice = table.channel, table.guild, table.members[0]
        game, member = await begin(env, table, anonymous=True)
        started_at = next(m.id for m in ch.history() if m.content.startswith("▶️ **Club** has started"))
        bot_id = env.bot.user.id
        rooms = press_channels(env, table)
        assert len(rooms) == 7 and "inbox-france" in rooms
        for power, m in member.items():
            inbox = rooms[f"inbox-{power.lower()}"]
            readers = [uid for uid in {x.id for x in member.values()} if can(env, guild, uid, inbox.id).view_channel]
            assert readers == [m.id]  # nobody else, not even through the member list
            assert not can(env, guild, m.id, inbox.id).send_messages  # an inbox only receives
            assert not can(env, guild, m.id, ch.id).send_messages  # public press goes through the bot
        en, fr = member["ENGLAND"], member["FRANCE"]
        # messages under the power's name
        r = await en.slash(ch, "press send", to="FRANCE", text="Shall we split Belgium?")
        assert r.ephemeral and "Sent to France as England" in r.response.content
        assert rooms["inbox-france"].history()[-1].content.startswith("📨 **England** → **France**:\n> Shall we split")
        assert rooms["inbox-england"].history()[-1].content.startswith("📤 You (**England**) → **France**")
        r = await fr.slash(ch, "press open", **{"with": "GERMANY", "with2": "ITALY"})
        assert "Group opened with Germany, Italy" in r.response.content
        choices = await fr.autocomplete(ch, "press send", "to", "")
        labels = [c["name"] for c in choices]
        assert labels[0] == "Everyone (the game channel)" and "Germany, Italy" in labels
        group = next(c["value"] for c in choices if c["name"] == "Germany, Italy")
        await fr.slash(ch, "press send", to=group, text="A triple alliance?")
        for p in ("germany", "italy"):
            assert "**France** → **Germany, Italy**" in rooms[f"inbox-{p}"].history()[-1].content
        await en.slash(ch, "press send", to="everyone", text="England wants peace.")
        assert ch.history()[-1].content.startswith("📢 **England**:\n> England wants peace")
        r = await en.slash(ch, "press send", to="ENGLAND", text="me?")
        assert "You play England" in r.response.content
        # moderators: one who plays (the creator) sees powers only; one who doesn't sees players, logged
        italy = member["ITALY"]
        await alice.slash(ch, "mod civil-disorder", power="ITALY", state="on")
        r = await alice.slash(ch, "mod orders")
        assert r.ephemeral and "<@" not in r.response.content and "Italy" in r.response.content
        r = await alice.slash(ch, "mod log")
        assert "<@" not in r.response.content.replace(f"<@{alice.id}>", "")
        r = await mona.slash(ch, "mod orders")
        assert f"<@{italy.id}>" in r.response.content  # allowed: a moderator who does not play
        await mona.slash(ch, "mod replace", power="TURKEY", member=newbie)
        r = await alice.slash(ch, "mod log")
        assert "saw who plays which power (/mod orders)" in r.response.content
        await sam.slash(ch, "game watch")
        for who in (sam, en):
            r = await who.slash(ch, "game status")
            assert "Anonymous game" in r.response.content
        # a phase resolves
        await env.advance_time(48 * HOURS + 5)
        # every message the bot sent since the start: channel posts, press, ephemeral replies, DMs
        players = {m.id: m for m in [*member.values(), newbie]}
        leaks, scanned = [], {"dm": 0, "ephemeral": 0, "press": 0, "game": 0}
        inboxes = {c.id for c in rooms.values()}
        for channel_id, messages in env.backend.messages.items():
            channel = env.backend.channels[channel_id]
            for message in messages.values():
                if message.author_id != bot_id or message.id < started_at:
                    continue
                reader = channel.recipient_ids[0] if channel.guild_id is None else None
                if message.is_ephemeral:
                    reader = message.interaction_metadata["user"]["id"] if message.interaction_metadata else None
                    reader = int(reader) if reader is not None else None
                kind = "dm" if channel.guild_id is None else "ephemeral" if message.is_ephemeral else None
                scanned[kind or ("press" if channel_id in inboxes else "game")] += 1
                if reader == mona.id:
                    continue  # a moderator who doesn't play may see who plays whom
                text = message.content + " ".join(str(e) for e in (message.embeds or []))
                for uid, m in players.items():
                    if uid != reader and (str(uid) in text or m.name in text):
                        leaks.append((channel.name, m.name, text[:120]))
        assert not leaks, leaks
        assert min(scanned.values()) >= 5, scanned  # every kind of message was searched
        # the autocomplete names powers only
        assert not any(m.name in c["name"] or str(uid) in c["name"] for uid, m in players.items() for c in choices)
        # the end: a draw, then the reveal
        alive = [m for p, m in member.items() if p != "TURKEY"] + [newbie]
        for m in alive:
            await m.slash(ch, "draw", vote="yes")
        # (with the draw's final post: one message per resolution)
        reveal = next(m.content for m in ch.history() if "🎭 **Club** was played anonymously" in m.content)
        assert f"<@{fr.id}>: France" in reveal and f"<@{newbie.id}>: Turkey" in reveal
        assert can(env, guild, en.id, rooms["inbox-france"].id).read_message_history  # all press readable
        assert not can(env, guild, en.id, rooms["inbox-france"].id).send_messages
        assert can(env, guild, en.id, ch.id).send_messages  # the game channel is theirs again


# -- gunboat: no press at all, enforced by permissions ----------------------------------------------
async def test_a_gunboat_game_has_no_press_and_players_cannot_write_in_its_channel(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table = seven(env)
        game, member = await begin(env, table, press="none")
        ch, guild = table.channel, table.guild
        assert press_channels(env, table) == {} and not any("press #" in n for n in table.guild.channels)
        for m in member.values():
            perms = can(env, guild, m.id, ch.id)
            assert perms.view_channel and perms.read_message_history and not perms.send_messages
            assert not perms.add_reactions  # no signals by emoji either
        with pytest.raises(simcord.BackendError) as err:
            await member["FRANCE"].send(ch, "psst, Germany")
        assert err.value.code == MISSING_PERMISSIONS
        r = await member["FRANCE"].slash(ch, "press open", **{"with": "GERMANY"})
        assert "gunboat game: no negotiation" in r.response.content
        start = next(m.content for m in ch.history() if "has started!" in m.content)
        assert "Press: none (gunboat)" in start
        # the game is played as usual: orders by command, results posted
        assert "✅" in await order(member["FRANCE"], "A PAR - BUR")
        before = len(ch.history())
        await env.advance_time(48 * HOURS + 5)
        assert any("results of Spring 1901" in t for t in texts(ch, before))
        assert not can(env, guild, member["FRANCE"].id, ch.id).send_messages  # still closed in the fall


async def test_the_press_worker_sleeps_through_resolutions_that_store_no_press_job(tmp_path, monkeypatch):
    """Issue 24: a deadline storm stores hundreds of posts; the press worker looks at the
    database only when press jobs were stored, not after every post (nor, here, on its
    hourly look: a week apart)."""
    monkeypatch.setattr("bot.infra.wakeable.MAX_SLEEP", 7 * 24 * HOURS)
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table = seven(env)
        game, member = await begin(env, table, press="public")  # no press space to follow the phases
        looks = []
        jobs = env.bot.core.press_jobs
        real = jobs.next_time
        monkeypatch.setattr(jobs, "next_time", lambda: looks.append(1) or real())
        assert "✅" in await order(member["FRANCE"], "A PAR - BUR")
        before = len(table.channel.history())
        await env.advance_time(48 * HOURS + 5)
        assert any("results of Spring 1901" in t for t in texts(table.channel, before))
        assert looks == []
        # a game whose press follows the phases (rulebook press): its worker looks at each one
        other = seven(env)
        _, member = await begin(env, other, press="rulebook")
        looks.clear()
        assert "✅" in await order(member["FRANCE"], "A PAR - BUR")
        await env.advance_time(48 * HOURS + 5)
        assert looks


# -- a replaced player loses access; the new one gains it, with the history --------------------------
async def test_a_replacement_gains_the_press_and_its_history_and_the_old_player_loses_it(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table = seven(env)
        game, member = await begin(env, table)
        ch, guild, alice = table.channel, table.guild, table.members[0]
        rooms = press_channels(env, table)
        old = member["FRANCE"]
        await member["GERMANY"].send(rooms["france-germany"], "Burgundy is yours if Belgium is mine.")
        newbie = table.guild.add_member(env.create_user("newbie"))
        r = await alice.slash(ch, "mod replace", power="FRANCE", member=newbie)
        assert "now plays France" in r.response.content
        france_rooms = [c for name, c in rooms.items() if "france" in name.split("-")]
        assert len(france_rooms) == 6
        for room in france_rooms:
            ow = overwrites(env, room.id)
            assert old.id not in ow and not can(env, guild, old.id, room.id).view_channel
            assert can(env, guild, newbie.id, room.id).send_messages
        history = [m.content for m in rooms["france-germany"].history(viewer=newbie)]
        assert "Burgundy is yours if Belgium is mine." in history
        with pytest.raises(simcord.SetupError, match="cannot read"):
            rooms["france-germany"].history(viewer=old)
        # the other rooms keep the new player out, by name
        assert overwrites(env, rooms["england-germany"].id)[newbie.id] == (0, VIEW)


# -- spectators see the game, never the press -------------------------------------------------------
async def test_spectators_read_the_game_channel_and_maps_but_not_the_press(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        guild = env.create_guild("Diplomacy Club")
        players_role = guild.create_role("Players")
        # a private game channel: only members with the Players role see it
        hidden = discord.PermissionOverwrite(view_channel=False)
        shown = discord.PermissionOverwrite(view_channel=True)
        bot_role = guild.roles[env.bot.user.name]  # the bot's own role: the server lets it in
        ch = guild.create_text_channel(
            "game-1", overwrites={guild.default_role: hidden, players_role: shown, bot_role: shown}
        )
        lobby = guild.create_text_channel("general")
        names = ("alice", "bob", "carol", "dave", "erin", "frank", "gina")
        members = [guild.add_member(env.create_user(n), roles=[players_role]) for n in names]
        sam = guild.add_member(env.create_user("sam"))

        class Table:
            pass

        table = Table()
        table.guild, table.channel, table.members = guild, ch, members
        game, member = await begin(env, table)
        assert not can(env, guild, sam.id, ch.id).view_channel
        choices = await sam.autocomplete(lobby, "game watch", "game", "")
        assert [c["name"] for c in choices] == ["Club"]
        r = await sam.slash(lobby, "game watch", game=choices[0]["value"])
        assert r.ephemeral and "You watch **Club**" in r.response.content
        perms = can(env, guild, sam.id, ch.id)
        assert perms.view_channel and perms.read_message_history and not perms.send_messages
        assert not any(can(env, guild, sam.id, room.id).view_channel for room in press_channels(env, table).values())
        # the maps of the game, as posted in its channel
        await env.advance_time(48 * HOURS + 5)
        maps = [m for m in ch.history(viewer=sam) if m.attachments]
        assert maps and any("results of Spring 1901" in m.content for m in maps)
        r = await member["FRANCE"].slash(ch, "game watch")
        assert "You play in **Club**" in r.response.content
        r = await sam.slash(lobby, "game unwatch", game=choices[0]["value"])
        assert "no longer watch" in r.response.content
        assert not can(env, guild, sam.id, ch.id).view_channel and sam.id not in overwrites(env, ch.id)
        # a moderator closes the game to spectators
        r = await members[0].slash(ch, "mod settings", spectators=False)
        assert "Settings of **Club** changed" in r.response.content
        assert "No spectators" in ch.history()[-1].content and f"<@{members[0].id}>" in ch.history()[-1].content
        r = await sam.slash(lobby, "game watch", game=choices[0]["value"])
        assert "does not allow spectators" in r.response.content
        r = await members[0].slash(ch, "mod settings", press="none")
        assert "can only be changed before the start" in r.response.content


# -- missing permissions: the moderators are told, the game goes on --------------------------------
async def test_without_permissions_the_moderators_are_told_and_the_game_goes_on(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table = seven(env)
        ch, guild, alice = table.channel, table.guild, table.members[0]
        bot_role = guild.roles[env.bot.user.name]
        mods = await set_mod_role(env, table)
        allowed = P.all()
        allowed.administrator = allowed.manage_channels = allowed.manage_roles = False
        env.backend.edit_role(guild.id, bot_role.id, {"permissions": allowed.value})
        game, member = await begin(env, table, anonymous=True)
        assert press_channels(env, table) == {}
        problem = next(m.content for m in ch.history() if m.content.startswith("⚠️ **Club** —"))
        # the moderators' role is pinged; the creator plays in this anonymous game, so isn't named
        assert f"<@&{mods.id}>" in problem and f"<@{alice.id}>" not in problem and "**Manage Channels**" in problem
        assert "Manage Permissions** on this channel" in problem and "`/press repair`" in problem
        assert "reach players by direct message" in problem
        # the game goes on, and messages reach players by direct message
        r = await member["ENGLAND"].slash(ch, "press send", to="FRANCE", text="Hello from London")
        assert "by direct message" in r.response.content
        dm = member["FRANCE"].user.dm_channel.history()[-1].content
        assert dm.startswith("📨 **Club** — **England** → **France**:") and "London" in dm
        assert "✅" in await order(member["FRANCE"], "A PAR - BUR")
        before = len(ch.history())
        await env.advance_time(48 * HOURS + 5)
        assert any("results of Spring 1901" in t for t in texts(ch, before))
        assert sum(1 for t in texts(ch) if t.startswith("⚠️ **Club** —")) == 1  # said once
        # the permissions given, a moderator repairs: the press space is made
        env.backend.edit_role(
            guild.id, bot_role.id, {"permissions": (allowed | P(manage_channels=True, manage_roles=True)).value}
        )
        r = await alice.slash(ch, "press repair")
        assert "Setting up the press" in r.response.content
        assert len(press_channels(env, table)) == 7
        assert not can(env, guild, member["FRANCE"].id, ch.id).send_messages
        async with env.bots[-1].core.storage.read() as tx:
            assert (await tx.press_space(game.id)).problem == ""
        r = await member["ENGLAND"].slash(ch, "press send", to="FRANCE", text="Now by inbox")
        assert "by direct message" not in r.response.content


# -- the end: press readable by every player ------------------------------------------------------
async def test_at_the_end_every_player_reads_all_the_press_and_nobody_writes(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table = seven(env)
        game, member = await begin(env, table)
        guild, ch = table.guild, table.channel
        rooms = press_channels(env, table)
        for m in member.values():
            await m.slash(ch, "draw", vote="yes")
        for name, room in rooms.items():
            for m in member.values():
                perms = can(env, guild, m.id, room.id)
                assert perms.view_channel and perms.read_message_history and not perms.send_messages, name
            assert room.history()[-1].content.startswith("🏁 **Club** is over. Nobody writes here any more, and every")
        assert not any(c.content.startswith("🎭") for c in ch.history())  # not anonymous: nothing to reveal
