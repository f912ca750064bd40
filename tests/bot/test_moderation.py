"""Moderators and civil disorder through Discord (simcord): the civil-disorder story, who
may use each /mod command, pause across a restart, rollback, reminders, kick, draws,
concessions and eliminations."""

from __future__ import annotations

import discord

from tests.bot.simcord_support import running, seven
from tests.bot.support import (
    STANDARD,
    current_game,
    dms,
    homes,
    order,
    ready_all,
    set_position,
    set_scene,
    start_seven,
    texts,
)

HOURS = 3600


async def test_civil_disorder_story(tmp_path):
    """A player stops ordering: the power holds and loses a dislodged unit, is declared in
    civil disorder after two missed movement phases, loses a unit by the distance rule in
    the winter, is replaced, and the new player orders the next phase."""
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await start_seven(env, policy=2)
        ch, alice = table.channel, table.members[0]
        italy = member["ITALY"]
        # the scenario: Italy has spread out (two armies abroad), France and Austria close in
        await set_position(
            env,
            ch.id,
            {
                **STANDARD,
                "ITALY": ["A VEN", "A ROM", "F NAP", "A PIE", "A APU"],
                "FRANCE": ["A PAR", "A MAR", "F WES"],
                "AUSTRIA": ["A TYR", "A BUD", "F TRI"],
            },
            centres={"TUN": "ITALY"},
        )
        r = await alice.slash(ch, "game status")
        assert "Civil disorder after 2 missed movement phases in a row." in r.response.content

        # Spring 1901: Italy gives no orders; its army in Piedmont is dislodged and disbanded
        await order(member["FRANCE"], "A MAR - PIE")
        await order(member["AUSTRIA"], "A TYR S A MAR - PIE")
        await ready_all(member, but=("ITALY",))
        before = len(ch.history())
        await env.advance_time(48 * HOURS + 5)
        new = texts(ch, before)
        results = next(t for t in new if "results of Spring 1901" in t)
        italy_line = results.split("**Italy**")[1].split("\n")[0]
        assert italy_line.endswith(" — *no orders*") and "civil disorder" not in italy_line  # not declared yet
        assert "`A PIE H` — dislodged" in results and "Dislodged and disbanded (no retreat possible): Italy" in results
        assert not any("retreats" in t and "Deadline" in t for t in new)  # no retreat for Italy
        assert not any("is now in **civil disorder**" in t for t in new)  # one miss is not enough

        # Fall 1901: Italy misses again and is declared in civil disorder; France takes Tunis
        await order(member["FRANCE"], "F WES - TUN")
        await ready_all(member, but=("ITALY",))
        before = len(ch.history())
        await env.advance_time(48 * HOURS + 5)
        new = texts(ch, before)
        declared = [t for t in new if "is now in **civil disorder**" in t]
        assert len(declared) == 1 and "Italy" in declared[0] and f"<@{alice.id}>" in declared[0]
        assert any("Winter 1901 adjustments" in t for t in new)

        # Winter 1901: Italy has 4 units and 3 centres; the farthest unit (Apulia) is removed
        await order(member["FRANCE"], "A MAR B")
        before = len(ch.history())
        await env.advance_time(24 * HOURS + 5)
        new = texts(ch, before)
        results = next(t for t in new if "results of Winter 1901" in t)
        assert "`A APU D`" in results and "`A VEN D`" not in results
        game = await current_game(env, ch.id)
        assert sorted(game.position["units"]["ITALY"]) == ["A ROM", "A VEN", "F NAP"]
        r = await alice.slash(ch, "game status")
        assert "In civil disorder: Italy" in r.response.content

        # a player may not replace anyone; the creator replaces Italy with a newcomer
        newbie = table.guild.add_member(env.create_user("newbie"))
        r = await member["FRANCE"].slash(ch, "mod replace", power="ITALY", member=newbie)
        assert r.ephemeral and "Only the creator" in r.response.content
        r = await alice.slash(ch, "mod replace", power="ITALY", member=newbie)
        assert r.ephemeral and "now plays Italy" in r.response.content
        assert any("now plays Italy" in t and f"<@{newbie.id}>" in t for t in texts(ch))
        welcome = [d for d in dms(newbie) if "You now play **Italy**" in d]
        assert len(welcome) == 1
        assert "Spring 1902" in welcome[0] and "<t:" in welcome[0] and "A VEN" in welcome[0]
        assert any("gave Italy" in d for d in dms(italy))
        # the old player lost access; the new one orders the next phase
        r = await italy.user.slash("order", orders="A VEN H")
        assert r.ephemeral and "✅" not in r.response.content
        reply = await order(newbie, "A VEN - TYR")
        assert "✅ `A VEN - TYR`" in reply
        await ready_all(member, but=("ITALY",))
        before = len(ch.history())
        await env.advance_time(48 * HOURS + 5)
        results = next(t for t in texts(ch, before) if "results of Spring 1902" in t)
        italy_block = results.split("**Italy**")[1].split("\n\n")[0]
        assert "civil disorder" not in italy_block and "`A VEN - TYR`" in italy_block
        r = await alice.slash(ch, "game status")
        assert "In civil disorder" not in r.response.content
        # the reliability record stays with the player who missed, across the server
        async with env.bots[-1].core.storage.transaction() as tx:
            record = await tx.reliability(table.guild.id, [italy.id, newbie.id])
        assert record[italy.id] == (3, 3) and record[newbie.id] == (0, 1)
        r = await alice.slash(ch, "mod log")
        log = r.response.content
        assert "Italy declared in civil disorder (missed movement phases: 2)" in log and "replaced" in log


async def test_who_may_moderate(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await start_seven(env)
        ch, alice, bob = table.channel, *table.members[:2]
        # a player who is not the creator: refused everywhere
        for command, options in [
            ("mod pause", {}),
            ("mod resume", {}),
            ("mod extend", {"by": "1h"}),
            ("mod deadline", {"when": "3h"}),
            ("mod resolve", {}),
            ("mod civil-disorder", {"power": "ITALY", "state": "on"}),
            ("mod rollback", {}),
            ("mod orders", {}),
            ("mod log", {}),
        ]:
            r = await bob.slash(ch, command, **options)
            assert r.ephemeral and "Only the creator" in r.response.content, command
        r = await bob.slash(ch, "mod role", role=table.guild.create_role("Umpires"))
        assert r.ephemeral and "Manage Server" in r.response.content
        # a member with Manage Server may, and may name a moderator role
        boss = table.guild.add_member(
            env.create_user("boss"),
            roles=[table.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))],
        )
        r = await boss.slash(ch, "mod pause")
        assert "Done" in r.response.content
        umpires = table.guild.create_role("Umpire")
        r = await boss.slash(ch, "mod role", role=umpires)
        assert "can now moderate" in r.response.content
        ump = table.guild.add_member(env.create_user("ump"), roles=[umpires])
        r = await ump.slash(ch, "mod resume")
        assert "New deadline of **Club**" in r.response.content
        r = await ump.slash(ch, "mod log")
        assert "paused" in r.response.content and "resumed" in r.response.content
        # the creator may; players may not use /mod civil-disorder but the creator can
        r = await alice.slash(ch, "mod civil-disorder", power="ITALY", state="on")
        assert "Done" in r.response.content
        assert any("in **civil disorder**" in t for t in texts(ch))
        r = await alice.slash(ch, "mod civil-disorder", power="ITALY", state="off")
        assert any("out of civil disorder" in t for t in texts(ch))
        # Italy held in civil disorder ignores its orders until taken out
        await alice.slash(ch, "mod civil-disorder", power="ITALY", state="on")
        await order(member["ITALY"], "A VEN - TYR")
        before = len(ch.history())
        await alice.slash(ch, "mod resolve")
        results = next(t for t in texts(ch, before) if "results of Spring 1901" in t)
        assert "civil disorder" in results.split("**Italy**")[1].split("\n")[0]
        assert "`A VEN - TYR` — void" in results or "A VEN - TYR" in results
        game = await current_game(env, ch.id)
        assert "A VEN" in game.position["units"]["ITALY"]  # the order was not obeyed


async def test_kick_before_the_start(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table = seven(env)
        ch, alice, bob, carol = table.channel, *table.members[:3]
        await alice.slash(ch, "game create", name="Club", players=7)
        await bob.slash(ch, "game join")
        await carol.slash(ch, "game join")
        r = await carol.slash(ch, "mod kick", member=bob)
        assert r.ephemeral and "Only the creator" in r.response.content
        r = await alice.slash(ch, "mod kick", member=bob)
        assert "Done" in r.response.content
        assert any("removed" in t and f"<@{bob.id}>" in t for t in texts(ch))
        r = await alice.slash(ch, "game status")
        assert "1 of 7" in r.response.content
        r = await alice.slash(ch, "mod kick", member=bob)
        assert "is not in" in r.response.content


async def test_pause_across_a_restart_keeps_the_remaining_time(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await start_seven(env)
        ch, alice = table.channel, table.members[0]
        await env.advance_time(10 * HOURS)
        r = await alice.slash(ch, "mod pause")
        assert "Done" in r.response.content
        assert any("paused" in t and "1d 14h left" in t for t in texts(ch))
        r = await alice.slash(ch, "mod pause")
        assert "already paused" in r.response.content
        r = await alice.slash(ch, "game status")
        assert "Paused, with 1d 14h left" in r.response.content
        # players still order while paused
        assert "✅" in await order(member["FRANCE"], "A PAR - BUR")
        await env.restart()
        await env.advance_time(40 * HOURS)  # past the deadline the game had
        game2 = await current_game(env, ch.id)
        assert game2.phase == "S1901M" and game2.deadline is None  # nothing resolved
        await env.restart()
        r = await alice.slash(ch, "mod extend", by="2h")
        assert any("1d 16h will be left" in t for t in texts(ch))
        assert "**Club** stays paused: 1d 16h will be left on resuming" in r.response.content
        r = await alice.slash(ch, "mod resume")
        game3 = await current_game(env, ch.id)
        now = env.bots[-1].core.now()
        assert abs(game3.deadline - (now + 40 * HOURS)) < 5
        r = await alice.slash(ch, "mod deadline", when="3h")
        game4 = await current_game(env, ch.id)
        assert abs(game4.deadline - (now + 3 * HOURS)) < 5
        r = await alice.slash(ch, "mod deadline", when="yesterday")
        assert "can't read" in r.response.content
        r = await alice.slash(ch, "mod extend", by="soon")
        assert "can't read" in r.response.content
        before = len(ch.history())
        await env.advance_time(3 * HOURS + 5)
        assert any("results of Spring 1901" in t and "A PAR - BUR" in t for t in texts(ch, before))
        r = await alice.slash(ch, "mod log")
        log = r.response.content
        for word in (
            "paused with 1d 14h left",
            "extended the deadline by 2h",
            "resumed",
            "set the deadline",
            "resolved Spring 1901 moves",
        ):
            assert word in log, word


async def test_rollback_then_a_different_resolution(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await start_seven(env)
        ch, alice = table.channel, table.members[0]
        r = await alice.slash(ch, "mod rollback")
        assert "no resolution" in r.response.content
        await order(member["FRANCE"], "A PAR - BUR")
        before = len(ch.history())
        r = await alice.slash(ch, "mod resolve")
        assert "Done" in r.response.content
        new = texts(ch, before)
        assert any("resolving Spring 1901" in t for t in new)
        assert any("results of Spring 1901" in t and "`A PAR - BUR`" in t for t in new)
        game = await current_game(env, ch.id)
        assert game.phase == "F1901M"
        # the moderator made a mistake: undo it
        before = len(ch.history())
        r = await alice.slash(ch, "mod rollback")
        assert "back in Spring 1901" in r.response.content
        assert any("undid the last resolution" in t and "back in **Spring 1901 moves**" in t for t in texts(ch, before))
        game = await current_game(env, ch.id)
        assert game.phase == "S1901M" and game.deadline > env.bots[-1].core.now()
        r = await member["FRANCE"].user.slash("orders")
        assert "A PAR - BUR" in r.response.content  # the orders came back
        async with env.bots[-1].core.storage.transaction() as tx:
            assert await tx.phase_names(game.id) == ["S1901M"]
            assert (await tx.phase(game.id, "S1901M")).results is None
        # a different resolution
        await order(member["FRANCE"], "A PAR - PIC")
        before = len(ch.history())
        await alice.slash(ch, "mod resolve")
        results = next(t for t in texts(ch, before) if "results of Spring 1901" in t)
        assert "`A PAR - PIC`" in results and "A PAR - BUR" not in results
        game = await current_game(env, ch.id)
        assert "PIC" in str(game.position) and game.phase == "F1901M"
        r = await alice.slash(ch, "mod log")
        log = r.response.content
        assert log.count("resolved Spring 1901 moves") == 2
        assert "rolled back Fall 1901 moves to Spring 1901 moves" in log


async def test_a_rollback_does_not_stop_in_a_phase_nobody_had_a_choice_in(tmp_path):
    """Italy lost its last centre but keeps an army: in the Winter it must disband it and
    nobody else adjusts, so the Winter was played at once after the Fall. The moderator
    undoes the last resolution: the game never waits in such a Winter (and played again it
    would give the same Spring), so it is undone too, back to the Fall, with its orders.
    Played again, the Fall is followed by the Winter at once, as the first time, and
    nobody is asked to order in the Winter."""
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await start_seven(env)
        ch, alice = table.channel, table.members[0]
        units = {**STANDARD, "ITALY": ["A PIE"]}
        centres = {c: p for c, p in homes().items() if p != "ITALY"}
        await set_scene(env, ch.id, "F1901M", units, centres, homes=False)
        await order(member["ITALY"], "A PIE H")
        await order(member["FRANCE"], "A PAR - BUR")
        await ready_all(member)
        assert (await current_game(env, ch.id)).phase == "S1902M"
        before = len(ch.history())
        r = await alice.slash(ch, "mod rollback")
        assert r.ephemeral and r.response.content == (
            "⏪ The last resolution is undone: Spring 1902 moves is withdrawn, and with it Winter 1901 adjustments, "
            "played at once as nobody had a choice in it; the game is back in Fall 1901 moves, with the orders given."
        )
        await env.advance_time(5)
        game = await current_game(env, ch.id)
        assert game.phase == "F1901M" and game.position["units"]["ITALY"] == ["A PIE"]
        assert game.deadline > env.bots[-1].core.now() + 47 * HOURS  # the Fall's own deadline
        [undone] = [x for x in texts(ch, before) if "undid the last resolution" in x]
        assert "and with it Winter 1901 adjustments" in undone and "back in **Fall 1901 moves**" in undone
        r = await member["FRANCE"].user.slash("orders")
        assert "A PAR - BUR" in r.response.content  # the Fall's orders came back
        async with env.bots[-1].core.storage.read() as tx:
            names = await tx.phase_names(game.id)
        assert names[-1] == "F1901M" and "W1901A" not in names
        r = await alice.slash(ch, "mod log")  # the log names the Winter undone with it
        assert (
            "rolled back Spring 1902 moves, and Winter 1901 adjustments played at once before it, to Fall 1901 moves"
            in (r.response.content)
        )
        # played again: the Winter follows at once, as the first time
        before = len(ch.history())
        seen = {p: len(dms(m)) for p, m in member.items()}
        await ready_all(member)
        await env.advance_time(5)
        game = await current_game(env, ch.id)
        assert game.phase == "S1902M" and "ITALY" not in game.position["units"]
        new = texts(ch, before)
        [winter] = [x for x in new if "results of Winter 1901" in x]
        assert "`A PIE D` *(no order)*" in winter
        assert any("Winter 1901" in x and "played at once" in x for x in new)
        for power, m in member.items():
            told = dms(m)[seen[power] :]
            assert not any("Winter 1901" in d for d in told), (power, told)  # nothing to order in it


async def test_orders_overview_and_reminders(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await start_seven(env)
        ch, alice = table.channel, table.members[0]
        await order(member["FRANCE"], "A PAR - BUR; A MAR H; F BRE H")
        await order(member["GERMANY"], "A MUN H")
        await member["ENGLAND"].user.slash("ready")
        r = await member["FRANCE"].slash(ch, "mod orders")
        assert "Only the creator" in r.response.content
        r = await alice.slash(ch, "mod orders")
        text = r.response.content
        assert "France" in text and "orders in" in text and "some orders" in text and "ready" in text
        assert "A PAR" not in text  # which powers, never what
        before = {p: len(dms(m)) for p, m in member.items()}
        r = await alice.slash(ch, "mod orders", remind=True)
        assert "Reminded" in r.response.content
        reminded = {p for p, m in member.items() if any("reminds you" in d for d in dms(m)[before[p] :])}
        assert reminded == {"GERMANY", "ITALY", "AUSTRIA", "RUSSIA", "TURKEY"}
        assert any("reminded" in t for t in texts(ch))


async def test_draw_is_a_secret_ballot_that_lapses(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await start_seven(env)
        ch, alice = table.channel, table.members[0]
        outsider = table.guild.add_member(env.create_user("kibitzer"))
        r = await outsider.slash(ch, "draw")
        assert "not in" in r.response.content or "not a player" in r.response.content.lower() or r.ephemeral
        r = await member["FRANCE"].slash(ch, "draw", vote="no")
        assert "No draw is proposed" in r.response.content
        r = await member["FRANCE"].slash(ch, "draw")
        assert r.ephemeral and "proposed a draw" in r.response.content
        assert any("draw shared by" in t and "proposed" in t for t in texts(ch))
        assert any("draw shared by" in d for d in dms(member["ITALY"]))
        r = await member["ITALY"].slash(ch, "draw", vote="no")
        assert r.ephemeral and "Your vote: no" in r.response.content
        for p, m in member.items():
            if p not in ("FRANCE", "ITALY"):
                await m.slash(ch, "draw")
        # nobody learns how anyone voted
        assert not any("Italy" in t and "no" in t.split() for t in texts(ch) if "draw" in t)
        r = await alice.slash(ch, "game status")
        assert "draw proposal is open" in r.response.content
        before = len(ch.history())
        await alice.slash(ch, "mod resolve")
        assert any("has lapsed" in t for t in texts(ch, before))
        # a new proposal everyone accepts ends the game
        for m in member.values():
            r = await m.slash(ch, "draw")
        assert "draw is agreed" in r.response.content
        assert any("is over: a draw shared by" in t for t in texts(ch))
        game = await current_game(env, ch.id)
        assert game.status == "finished"
        r = await alice.slash(ch, "game status")
        assert "is over: a draw shared by" in r.response.content and "Winner" not in r.response.content


async def test_concede_to_the_leader(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await start_seven(env)
        ch = table.channel
        r = await member["RUSSIA"].slash(ch, "concede")
        assert "the leader can't concede" in r.response.content  # Russia has 4 centres
        others = [p for p in member if p != "RUSSIA"]
        for p in others[:-1]:
            r = await member[p].slash(ch, "concede")
            assert "You conceded to Russia" in r.response.content
        assert any("concedes" in t for t in texts(ch))
        assert (await current_game(env, ch.id)).status == "active"
        r = await member[others[-1]].slash(ch, "concede")
        assert "the game is over" in r.response.content
        assert any("every other player conceded, **Russia** wins" in t for t in texts(ch))
        assert (await current_game(env, ch.id)).winner == "RUSSIA"


async def test_elimination_is_announced_and_stops_reminders(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await start_seven(env)
        ch, alice = table.channel, table.members[0]
        # Turkey is down to one army in Armenia and owns no centre
        await set_position(
            env,
            ch.id,
            {**STANDARD, "TURKEY": ["A ARM"], "RUSSIA": ["A MOS", "A WAR", "F SEV", "F STP/SC", "A SYR"]},
            centres={"CON": "RUSSIA", "SMY": "RUSSIA", "ANK": "RUSSIA"},
        )
        await order(member["RUSSIA"], "F SEV - ARM; A SYR S F SEV - ARM")
        await member["TURKEY"].user.slash("language", language="ru")  # Turkey reads Russian
        before = len(ch.history())
        await alice.slash(ch, "mod resolve")
        new = texts(ch, before)
        assert any("Turkey" in t and "has been eliminated" in t for t in new)  # the game's language
        assert any("Турция выбывает из игры" in d for d in dms(member["TURKEY"]))  # the player's
        # the reminder of the next phase goes to others, not to the eliminated player
        turkey_before = len(dms(member["TURKEY"]))
        italy_before = len(dms(member["ITALY"]))
        await env.advance_time(40 * HOURS)
        assert any(d.startswith("⏰") for d in dms(member["ITALY"])[italy_before:])
        assert not any(d.startswith("⏰") for d in dms(member["TURKEY"])[turkey_before:])
        r = await member["TURKEY"].slash(ch, "draw")
        assert "могут только уцелевшие державы" in r.response.content
