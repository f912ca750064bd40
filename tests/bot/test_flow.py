"""Game flow as players meet it (issue 16), through Discord (simcord): how games end
(concession in a game of several powers per player, draws and solo victories as
``/game status`` and a late ``/order`` tell them), readiness across pauses and moderator
actions, players of several powers (their DM maps, being present, warnings, replacement),
refusals that stay private, moderators' deadlines, menu titles, lengths of time, and the
order of posts (the channel's results before the next phase's DMs)."""

from __future__ import annotations

from pathlib import Path

from bot.text.i18n import t
from renderer import front_groups
from tests.bot.simcord_support import attachment_png, png_ok, running, seven
from tests.bot.support import (
    choose,
    current_game,
    dms,
    france_wins,
    order,
    sheet,
    start_seven,
    start_three,
    tap,
    texts,
)

HOURS = 3600
ROOT = Path(__file__).resolve().parents[2]


# -- endings --------------------------------------------------------------------------------
async def test_three_players_concede_to_the_leader_and_the_game_ends(tmp_path):
    """Russia leads (4 centres) and its player also plays Italy: when both other players
    concede, the game is over, though Italy never conceded."""
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await start_three(env)
        ch = table.channel
        leader, england, france = member["RUSSIA"], member["ENGLAND"], member["FRANCE"]
        assert member["ITALY"] is leader
        r = await leader.slash(ch, "concede")
        assert r.ephemeral and "the leader can't concede" in r.response.content
        r = await england.slash(ch, "concede")
        assert "You conceded to Russia" in r.response.content
        post = next(x for x in texts(ch) if "concedes" in x)
        assert "England, Germany, Austria" in post  # a player's powers concede together
        assert (await current_game(env, ch.id)).status == "active"
        r = await france.slash(ch, "concede")
        assert "the game is over" in r.response.content
        assert any("every other player conceded, **Russia** wins" in x for x in texts(ch))
        game = await current_game(env, ch.id)
        assert game.status == "finished" and game.winner == "RUSSIA"
        # how it ended, said once; and a late order says which game ended, how and when
        r = await france.slash(ch, "game status")
        status = r.response.content
        assert status.startswith("🏳️ **Trio** is over: every other player conceded to **Russia** (<t:")
        assert "Winner" not in status
        r = await france.user.slash("order", orders="A PAR - BUR")
        assert r.ephemeral
        assert r.response.content.startswith("**Trio** is over: every other player conceded to Russia (<t:")
        assert "not playing in any game" not in r.response.content


async def test_a_draw_names_the_survivors_once_and_no_winner(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await start_seven(env)
        ch, alice = table.channel, table.members[0]
        await member["TURKEY"].user.slash("language", language="es")
        for m in member.values():
            await m.slash(ch, "draw")
        r = await alice.slash(ch, "game status")
        status = r.response.content
        everyone = "Austria, England, France, Germany, Italy, Russia, Turkey"
        assert status.startswith(f"🤝 **Club** is over: a draw shared by **{everyone}** (<t:")
        assert status.count(everyone) == 1 and "Winner" not in status
        # the player's language, the game, how and when
        r = await member["TURKEY"].user.slash("order", orders="A CON - BUL")
        assert r.response.content.startswith("**Club** ha terminado en empate entre Austria")
        assert "<t:" in r.response.content


async def test_a_solo_victory_as_status_and_a_late_order_tell_it(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await start_seven(env)
        ch, alice = table.channel, table.members[0]
        await france_wins(env, table, member)
        game = await current_game(env, ch.id)
        assert game.status == "finished" and game.winner == "FRANCE"
        r = await alice.slash(ch, "game status")
        assert r.response.content.startswith("🏆 **Club** is over: **France** won outright (<t:")
        r = await member["ITALY"].user.slash("order", orders="A ROM H")
        assert r.response.content.startswith("**Club** is over: France won outright (<t:")


# -- pauses and readiness ---------------------------------------------------------------------
async def test_everyone_ready_during_a_pause_resolves_on_resume(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await start_seven(env)
        ch, alice = table.channel, table.members[0]
        await alice.slash(ch, "mod pause")
        replies = [(await m.user.slash("ready")).response.content for m in member.values()]
        # during a pause /ready says what happens: nothing until a moderator resumes it
        assert all("**Club** is paused" in x for x in replies), replies
        assert not any("resolves when every player is ready, or at the deadline" in x for x in replies)
        assert not any("results of Spring 1901" in x for x in texts(ch))
        before = len(ch.history())
        await alice.slash(ch, "mod resume")  # no time passes
        new = texts(ch, before)
        assert any("resumed **Club**. Every player is ready, so Spring 1901 moves resolves now" in x for x in new)
        assert any("results of Spring 1901" in x for x in new)
        assert (await current_game(env, ch.id)).phase == "F1901M"


async def test_a_new_deadline_ending_a_pause_resolves_when_everyone_is_ready(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await start_seven(env)
        ch, alice = table.channel, table.members[0]
        await alice.slash(ch, "mod pause")
        for m in member.values():
            await m.user.slash("ready")
        await alice.slash(ch, "mod deadline", when="3h")
        assert any("results of Spring 1901" in x for x in texts(ch))


async def test_civil_disorder_declared_by_a_moderator_completes_readiness(tmp_path):
    """Everyone but Italy is ready: the phase waits for Italy until a moderator puts
    Italy in civil disorder, then it resolves at once."""
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await start_seven(env)
        ch, alice = table.channel, table.members[0]
        for p, m in member.items():
            if p != "ITALY":
                await m.user.slash("ready")
        assert not any("results of Spring 1901" in x for x in texts(ch))
        await alice.slash(ch, "mod civil-disorder", power="ITALY", state="on")
        results = [x for x in texts(ch) if "results of Spring 1901" in x]
        assert len(results) == 1 and "civil disorder" in results[0].split("**Italy**")[1].split("\n")[0]


# -- several powers per player ----------------------------------------------------------------
async def test_the_phase_dm_shows_every_power_of_the_player(tmp_path):
    async with running(str(tmp_path / "db.sqlite3"), real_maps=True) as env:
        table, member = await start_three(env)
        game = await current_game(env, table.channel.id)
        seats = {
            "ENGLAND": ("ENGLAND", "GERMANY", "AUSTRIA"),
            "RUSSIA": ("RUSSIA", "ITALY"),
            "FRANCE": ("FRANCE", "TURKEY"),
        }
        maps = {}
        for first, powers in seats.items():
            [dm] = [m for m in member[first].user.dm_channel.history() if "has started" in m.content]
            assert not dm.attachments  # offered, not pushed: one tap away, privately
            maps[first] = (await member[first].user.click(dm, label="🗺️ My map")).response
            names = sorted(a.filename for a in maps[first].attachments)
            groups = front_groups(game.position, powers)
            expected = sorted("S1901M" + "".join(f"-{p.lower()}" for p in g) + ".png" for g in groups)
            assert names == expected, (first, names)
            shown = {p for g in groups for p in g}
            assert shown == set(powers)  # every power the player orders is on a map
        # England, Germany and Austria are neighbours: one crop around all three
        assert [a.filename for a in maps["ENGLAND"].attachments] == ["S1901M-england-germany-austria.png"]
        crop = png_ok(await attachment_png(maps["ENGLAND"]))
        [start] = [m for m in table.channel.history() if "has started!" in m.content]
        board = png_ok(await attachment_png(start))
        assert crop[0] < board[0]  # a crop, not the whole board


async def test_a_player_who_orders_one_power_is_present(tmp_path):
    """Ben plays Russia and Italy and orders only Russia: Italy plays each phase in civil
    disorder (the rulebook's rule per power), Ben is warned by name before the deadline,
    his record shows no missed phase, and Italy is never declared in civil disorder while
    Ben is active: one alert says he is active."""
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await start_three(env)
        ch, ana = table.channel, table.members[0]
        ben, others = member["RUSSIA"], (member["ENGLAND"], member["FRANCE"])
        for m in others:
            await m.user.slash("ready")
        reply = await order(ben, "A MOS H; A WAR H; F SEV H; F STP/SC H")
        assert "No orders at all yet for Italy" in reply
        # the reminder before the deadline names the power without orders
        await env.advance_time(36 * HOURS + 5)
        [reminder] = [d for d in dms(ben) if d.startswith("⏰")]
        assert "Still without orders: Italy: " in reminder and "No orders at all yet for Italy" in reminder
        await env.advance_time(12 * HOURS)
        results = next(x for x in texts(ch) if "results of Spring 1901" in x)
        italy = results.split("**Italy**")[1].split("\n")[0]
        assert italy.endswith(" — *no orders this phase (its player ordered for their other powers)*")
        # Fall: the same; Italy is not declared in civil disorder, one alert says Ben is active
        for m in others:
            await m.user.slash("ready")
        await order(ben, "A MOS H")
        before = len(ch.history())
        await env.advance_time(48 * HOURS + 5)
        new = texts(ch, before)
        assert not any("is now in **civil disorder**" in x for x in new)
        # the alert is a block of the resolution's message, pinging only whom it names
        [alert] = [b for x in new for b in x.split("\n\n") if "has had no orders for 2 movement phases" in b]
        assert "Italy" in alert and f"<@{ben.id}> is active" in alert and "Russia" in alert
        assert f"<@{ana.id}>" not in alert  # the moderators are not pinged
        r = await ana.slash(ch, "game status")
        assert "In civil disorder" not in r.response.content
        async with env.bots[-1].core.storage.read() as tx:
            record = await tx.reliability(table.guild.id, [ben.id])
        assert record[ben.id] == (0, 2)  # present in both phases
        # the ready warning names the power too
        await order(ben, "A MOS H")
        r = await ben.user.slash("ready")
        assert "Heads up: Russia: " in r.response.content and "; Italy: " in r.response.content


async def test_replace_names_every_power_of_the_seat_everywhere(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await start_three(env)
        ch, ana = table.channel, table.members[0]
        newbie = table.guild.add_member(env.create_user("newbie"))
        r = await ana.slash(ch, "mod replace", power="ITALY", member=newbie)
        assert r.ephemeral and f"<@{newbie.id}> now plays Russia, Italy" in r.response.content
        assert any(f"<@{newbie.id}> now plays Russia, Italy" in x for x in texts(ch))
        r = await ana.slash(ch, "mod log")
        assert "replaced" in r.response.content and "as Russia, Italy" in r.response.content


# -- refusals are private, and say what is wrong -------------------------------------------------
async def test_refusals_are_private_and_in_the_readers_language(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await start_seven(env)
        ch, alice, bob = table.channel, table.members[0], table.members[1]
        await bob.slash(ch, "language", language="es")
        empty = table.guild.create_text_channel("empty")
        before = len(ch.history())
        r = await bob.slash(ch, "game map", phase="X1901")
        assert r.ephemeral and not r.deferred and "No hay ninguna fase `X1901`" in r.response.content
        r = await bob.slash(empty, "game map")
        assert r.ephemeral and "No hay ninguna partida en este canal" in r.response.content
        assert not empty.history(viewer=alice)
        # a player may not resolve: refused before anything is shown
        r = await bob.slash(ch, "mod resolve")
        assert r.ephemeral and not r.deferred
        # every refusal of the commands is private
        refused = [
            (ch, "game create", {"name": "Again"}),
            (ch, "game join", {}),
            (ch, "game join", {"power": "FRANCE"}),  # issue 23: a player of the game takes no open seat
            (ch, "game start", {}),
            (empty, "game status", {}),
            (ch, "mod pause", {}),
            (ch, "mod resume", {}),
            (ch, "mod extend", {"by": "1h"}),
            (ch, "mod deadline", {"when": "3h"}),
            (ch, "mod civil-disorder", {"power": "ITALY", "state": "on"}),
            (ch, "mod kick", {"member": alice}),
            (ch, "mod rollback", {}),
            (ch, "mod orders", {}),
            (ch, "mod log", {}),
            (ch, "mod role", {"role": table.guild.create_role("Umpires")}),
            # (outside the game's channel these find the player's only game, as from a DM)
            (empty, "draw", {"vote": "no"}),  # no draw proposed
            (empty, "concede", {"game": "999"}),
        ]
        for where, command, options in refused:
            r = await bob.slash(where, command, **options)
            assert r.ephemeral, command
        assert len(ch.history(viewer=alice)) == before  # nobody else saw any of it
        # the map itself is public
        r = await bob.slash(ch, "game map")
        assert not r.ephemeral and r.response.attachments


async def test_moderators_set_deadlines_as_lengths_from_now(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await start_seven(env)
        ch, alice = table.channel, table.members[0]
        now = env.bots[-1].core.now()
        for when, seconds in (("in 2 minutes", 120), ("90 min", 5400), ("1m", 60), ("2m", 120)):
            r = await alice.slash(ch, "mod deadline", when=when)
            assert "New deadline of **Club**" in r.response.content, (when, r.response.content)
            game = await current_game(env, ch.id)
            assert abs(game.deadline - (now + seconds)) < 5, when
        r = await alice.slash(ch, "mod deadline", when="20s")
        assert "can't read `20s`" in r.response.content and "`2m`" in r.response.content
        r = await alice.slash(ch, "mod deadline", when="2020-01-01 10:00")
        assert "is in the past" in r.response.content
        r = await alice.slash(ch, "mod extend", by="0m")
        assert "1 minute to 14 days" in r.response.content
        before = len(ch.history())
        await env.advance_time(2 * 60 + 5)
        assert any("results of Spring 1901" in x for x in texts(ch, before))


# -- menus, lengths of time ----------------------------------------------------------------------
async def test_support_menus_are_titled_by_what_they_offer(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await start_seven(env)
        france = member["FRANCE"]

        def menus(message):
            return [i for row in message.components for i in row["components"] if i["type"] == 3]

        async def support_menu(unit: str, supported: str):
            message = await tap(france, await sheet(france), "Order one unit")
            message = await choose(france, message, unit)
            message = await tap(france, message, "Support")
            return menus(await choose(france, message, supported))[0]

        # A MAR can't enter Paris: it supports A PAR only moving (to Burgundy or Gascony)
        menu = await support_menu("MAR", "PAR")
        assert "Support it to hold" not in [o["label"] for o in menu["options"]]
        assert menu["placeholder"].startswith("Support ") and menu["placeholder"].endswith(" moving to…")
        assert "hold" not in menu["placeholder"]
        # A PAR supports F BRE both to hold and moving
        menu = await support_menu("PAR", "BRE")
        assert "Support it to hold" in [o["label"] for o in menu["options"]]
        assert menu["placeholder"].endswith(": hold, or move to…")


async def test_lengths_of_time_read_the_same_in_the_reply_the_options_and_the_readme(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table = seven(env)
        r = await table.members[0].slash(table.channel, "game create", name="Club", players=7)
        assert "Deadlines: moves 2d, retreats 1d, adjustments 1d." in r.response.content
    assert "2d (default)" in t("cmd.game.create.movement")
    assert "default 1d" in t("cmd.game.create.retreat") and "default 1d" in t("cmd.game.create.adjustment")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "`movement` (default `2d`)" in readme and "(default `1d` each)" in readme
    assert "(default `48h`)" not in readme


# -- the order of posts ------------------------------------------------------------------------
async def test_the_channel_shows_the_results_before_the_next_phase_reaches_dms(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await start_seven(env)
        ch = table.channel
        await order(member["FRANCE"], "A PAR - BUR")
        await env.advance_time(48 * HOURS + 5)
        # one message: the results first, then the new phase
        [started] = [m for m in ch.history() if "results of Spring 1901" in m.content]
        assert started.content.index("results of Spring 1901") < started.content.index("**Fall 1901 moves**")
        for m in member.values():
            [dm] = [d for d in m.user.dm_channel.history() if "Fall 1901 moves" in d.content]
            assert dm.id > started.id, "a DM of the new phase came before the channel's posts"


async def test_a_dm_waits_for_the_channel_posts_of_its_game_before_it(storage):
    """Storage: the order of posts, and no busy loop while a channel post waits to be retried."""
    async with storage.write() as tx:
        ids = []
        for game in (1, 2):
            await tx.insert_game(
                guild_id=1,
                channel_id=10 + game,
                name=f"G{game}",
                creator_id=1,
                players=7,
                movement="2d",
                retreat="1d",
                adjustment="1d",
                language="en",
                now=0,
            )
        for game, target in ((1, "c"), (1, "u"), (2, "u"), (1, "c"), (1, "u")):
            where = {"channel_id": 10 + game} if target == "c" else {"user_id": 5}
            ids.append(await tx.add_intent(game, "S1901M", kind="k", params={}, now=0, **where))
    c1, dm1, dm2, c2, dm3 = ids
    async with storage.read() as tx:
        # the first DM of game 1 waits for its channel post; game 2's DM has nothing to wait for
        assert [r.id for r in await tx.posts_due(0, 100)] == [c1, dm2, c2]
    async with storage.write() as tx:
        await tx.reschedule(c1, 300)  # the channel post failed; it is retried in 5 minutes
    async with storage.read() as tx:
        assert [r.id for r in await tx.posts_due(0, 100)] == [dm2, c2]
        assert await tx.next_post_time() == 0  # game 2's DM and the second channel post
    async with storage.write() as tx:
        await tx.mark_sent(dm2, 1, 0)
        await tx.mark_sent(c2, 2, 0)
    async with storage.read() as tx:
        assert await tx.posts_due(0, 100) == []
        assert await tx.next_post_time() == 300  # the waiting DMs don't make the poster spin
    async with storage.write() as tx:
        await tx.mark_failed(c1, "Forbidden")  # given up: the DMs go
    async with storage.read() as tx:
        assert [r.id for r in await tx.posts_due(0, 100)] == [dm1, dm3]
