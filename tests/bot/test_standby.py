"""Fewer missed orders (issue 15, first half), as players meet it through Discord (simcord):
standby orders used on a missed deadline and not used when the player ordered, a standby
order that became illegal dropped with its reason, retreat and build preferences, the
order sheet's standby screen; the private map of one's own orders; grace; weekly
schedules crossing days off and a moderator's skipped holiday; phases in which nobody has
a choice, played at once."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.infra import maps
from bot.infra.clock import to_unix
from engine import Location, Power, Unit
from engine.position import Dislodged
from renderer import front_groups
from tests.bot.simcord_support import png_ok, running
from tests.bot.support import (
    STANDARD,
    current_game,
    dms,
    homes,
    labels,
    order,
    ready_all,
    set_scene,
    sheet,
    start_seven,
    start_three,
    tap,
    texts,
)
from tests.bot.support import standby_begin as begin

HOURS = 3600


async def standby(member, text: str) -> str:
    r = await member.user.slash("standby set", orders=text)
    assert r.ephemeral
    return r.response.content


def results_of(channel, title: str) -> str:
    [post] = [x for x in texts(channel) if f"results of {title}" in x]
    return post


async def power_state(env, channel_id, power: str):
    game = await current_game(env, channel_id)
    async with env.bots[-1].core.storage.read() as tx:
        return (await tx.power_states(game.id)).get(power)


# -- standby orders ---------------------------------------------------------------------------
async def test_standby_orders_are_used_when_the_player_misses_the_deadline(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await start_seven(env)
        ch, alice = table.channel, table.members[0]
        france = member["FRANCE"]
        reply = await standby(france, "A PAR - BUR; A MAR S A PAR - BUR; F BRE - MAO")
        assert (
            "Standby orders** in **Club**" in reply
            and "Moves: `F BRE - MAO`, `A MAR S A PAR - BUR`, `A PAR - BUR`" in reply
        )
        # /orders shows them apart from the orders (none given)
        msg = await sheet(france)
        assert "Standby orders (used only for what you haven't ordered" in msg.content
        assert msg.content.index("*no order*") < msg.content.index("🛟")
        await ready_all(member, but=("FRANCE",))
        await env.advance_time(48 * HOURS + 5)  # France misses the deadline
        post = results_of(ch, "Spring 1901")
        lines = post.split("**France**")[1].split("\n\n")[0]
        assert "✅ `A PAR - BUR` *(standby)*" in lines and "✅ `A MAR S A PAR - BUR` *(standby)*" in lines
        assert "civil disorder" not in lines  # France had orders: its standby orders
        game = await current_game(env, ch.id)
        assert "A BUR" in game.position["units"]["FRANCE"] and "F MAO" in game.position["units"]["FRANCE"]
        # France's player is told what was used
        [dm] = [d for d in dms(france) if d.startswith("🛟")]
        assert "your standby orders for France were used" in dm and "✅ `A PAR - BUR`" in dm
        # not counted as a missed phase for civil disorder (the default), marked in the record
        assert (await power_state(env, ch.id, "FRANCE")).missed_in_row == 0
        r = await alice.slash(ch, "game status")
        assert "does not count as missing the phase" in r.response.content
        assert f"<@{france.id}>: 1 by standby orders, 0 with grace" in r.response.content
        # the units that moved took their standby orders with them: only gone ones dropped
        r = await france.user.slash("standby show")
        assert "`A PAR - BUR`" not in r.response.content and "No standby orders" not in r.response.content
        assert "`A MAR S A PAR - BUR`" in r.response.content  # Marseilles held: still there


async def test_standby_orders_are_not_used_when_the_player_ordered(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await start_seven(env)
        ch = table.channel
        france = member["FRANCE"]
        await standby(france, "A PAR - BUR; F BRE - MAO")
        await order(france, "A PAR - PIC; A MAR H")  # Brest has no order: its standby order fills it
        await ready_all(member)
        post = results_of(ch, "Spring 1901")
        lines = post.split("**France**")[1].split("\n\n")[0]
        assert "✅ `A PAR - PIC`\n" in lines + "\n" and "A PAR - BUR" not in lines
        assert "✅ `F BRE - MAO` *(standby)*" in lines
        # a player who ordered everything: no standby order used, no DM about them
        await standby(france, "A MAR - SPA")
        await order(france, "A PIC H; A MAR H; F MAO H")
        await ready_all(member)
        post = results_of(ch, "Fall 1901")
        assert "(standby)" not in post.split("**France**")[1].split("\n\n")[0]
        assert len([d for d in dms(france) if d.startswith("🛟")]) == 1  # the spring one only


async def test_a_standby_order_that_became_illegal_is_dropped_with_its_reason(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await start_seven(env)
        ch = table.channel
        france = member["FRANCE"]
        # given in Spring for the unit in Marseilles: support Paris into Burgundy
        await standby(france, "A MAR S A PAR - BUR")
        await order(france, "A PAR - PIC; A MAR H; F BRE H")
        await ready_all(member)
        # Fall: France misses; Paris is empty now, so the support is dropped, not half-applied
        await ready_all(member, but=("FRANCE",))
        await env.advance_time(48 * HOURS + 5)
        post = results_of(ch, "Fall 1901")
        lines = post.split("**France**")[1].split("\n\n")[0]
        assert "A MAR S A PAR - BUR" not in post  # a plan never used is never shown to others
        assert "`A MAR H` *(no order)*" in lines
        [dm] = [d for d in dms(france) if d.startswith("🛟")]
        assert "none of your standby orders for France could be used" in dm
        assert "❌ `A MAR S A PAR - BUR` — not used:" in dm and "PAR" in dm.split("not used:")[1]


async def test_standby_counts_as_missed_when_the_game_says_so(tmp_path):
    """``standby_missed:True`` and civil disorder after one missed phase: the standby
    orders play Spring, France is then declared in civil disorder, and in Fall its standby
    orders are not used (a collapsed government executes nothing)."""
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member, _ = await begin(env, civil_disorder=1, standby_missed=True)
        ch = table.channel
        france = member["FRANCE"]
        await standby(france, "A PAR H; A MAR H; F BRE H; F MAO H")
        await ready_all(member, but=("FRANCE",))
        await env.advance_time(48 * HOURS + 5)
        assert "*(standby)*" in results_of(ch, "Spring 1901").split("**France**")[1]
        state = await power_state(env, ch.id, "FRANCE")
        assert state.civil_disorder and state.missed_in_row == 1
        assert any("is now in **civil disorder**" in x for x in texts(ch))
        await ready_all(member, but=("FRANCE",))
        await env.advance_time(48 * HOURS + 5)
        fall = results_of(ch, "Fall 1901").split("**France**")[1].split("\n\n")[0]
        assert "(standby)" not in fall and "civil disorder" in fall


async def test_retreat_and_build_preferences(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await start_seven(env)
        ch, alice = table.channel, table.members[0]
        germany, france = member["GERMANY"], member["FRANCE"]
        # Munich will be dislodged: Germany leaves a preferred retreat (Bohemia is taken)
        units = {**STANDARD, "FRANCE": ["A BUR", "A RUH", "F BRE"], "AUSTRIA": ["A BOH", "A BUD", "F TRI"]}
        await set_scene(env, ch.id, "S1901M", units, {})
        reply = await standby(germany, "A MUN R BOH; A MUN R SIL; A MUN R TYR")
        assert "Retreats (the first one possible): `A MUN R BOH`, `A MUN R SIL`, `A MUN R TYR`" in reply
        await order(france, "A BUR - MUN; A RUH S A BUR - MUN")
        await order(germany, "A MUN H")
        await ready_all(member)
        assert (await current_game(env, ch.id)).phase == "S1901R"
        await env.advance_time(24 * HOURS + 5)  # Germany misses the retreat
        post = results_of(ch, "Spring 1901 retreats")
        assert "✅ `A MUN R SIL` *(standby)*" in post
        assert "A SIL" in (await current_game(env, ch.id)).position["units"]["GERMANY"]
        [dm] = [d for d in dms(germany) if d.startswith("🛟")]
        assert "❌ `A MUN R BOH` — not used:" in dm

        # a winter: France has two builds and misses them; its preferences build
        await set_scene(
            env,
            ch.id,
            "W1901A",
            {**STANDARD, "FRANCE": ["A PAR", "A PIC", "F MAO"]},
            {"BEL": "FRANCE", "SPA": "FRANCE"},
        )
        reply = await standby(france, "A PAR B; F BRE B; A MAR B")
        assert "Builds and disbands" in reply
        r = await alice.slash(ch, "mod resolve")
        assert r.ephemeral
        post = results_of(ch, "Winter 1901")
        assert "✅ `F BRE B` *(standby)*" in post and "✅ `A MAR B` *(standby)*" in post
        [dm] = [d for d in dms(france) if d.startswith("🛟") and "Winter" in d]
        assert "❌ `A PAR B` — not used:" in dm


async def test_refusals_and_clearing_standby_orders(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await start_seven(env)
        france = member["FRANCE"]
        reply = await standby(france, "A PAR - MUN; WAIVE; A MUN H; A PAR R MUN; A MUN B; F PAR B; A PAR H")
        assert "❌ `A PAR - MUN`" in reply and "A standby `WAIVE` changes nothing" in reply
        assert "❌ `A MUN H`" in reply and "❌ `A PAR R MUN`" in reply and "❌ `F PAR B`" in reply
        assert "✅ `A PAR H`" in reply and "Moves: `A PAR H`" in reply
        await standby(france, "F BRE - MAO")
        r = await france.user.slash("standby clear", unit="A PAR")
        assert "Took back 1 standby order." in r.response.content and "`F BRE - MAO`" in r.response.content
        r = await france.user.slash("standby clear", unit="A MUN")
        assert "You have no standby order for `A MUN`" in r.response.content
        r = await france.user.slash("standby clear")
        assert "Took back 1 standby order." in r.response.content and "You have no standby orders" in r.response.content
        # autocomplete offers standby orders of the player's units, builds and retreats too
        choices = await france.user.autocomplete("standby set", "orders", "A PAR")
        values = {c["value"] for c in choices}
        assert {"A PAR - BUR", "A PAR R GAS"} <= values
        choices = await france.user.autocomplete("standby set", "orders", "F BRE B")
        assert [c["value"] for c in choices] == ["F BRE B"]


async def test_the_order_sheet_keeps_orders_as_standby(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await start_seven(env)
        france = member["FRANCE"]
        await order(france, "A PAR - BUR; A MAR H")
        msg = await sheet(france)
        assert labels(msg)[-2:] == ["🗺️ My orders on the map", "🛟 Standby orders"]
        screen = await tap(france, msg, "🛟 Standby orders")
        assert "You have no standby orders" in screen.content
        screen = await tap(france, screen, "Keep my orders as standby")
        assert "Your orders are kept as standby orders (2)" in screen.content
        assert "Moves: `A MAR H`, `A PAR - BUR`" in screen.content
        back = await tap(france, screen, "Back to my orders")
        assert "🛟 Standby orders" in back.content and "`A PAR - BUR`" in back.content
        screen = await tap(france, await tap(france, back, "🛟 Standby orders"), "Clear standby orders")
        assert "Took back 2 standby orders" in screen.content


# -- the private map of one's own orders -------------------------------------------------------
class Recorder:
    """A map drawer that records what it was asked to draw (orders, fronts, language)."""

    def __init__(self) -> None:
        self.calls: list[tuple[list, tuple, str]] = []

    def __call__(self, position, orders, *, game_name, views):
        [view] = views  # the private map: one picture per call
        self.calls.append((orders, (view.front,), view.language))
        return maps.plain_views(position, orders, game_name=game_name, views=views)


async def test_the_map_of_my_orders_is_private_and_only_mine(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await start_seven(env)
        ch = table.channel
        france, germany = member["FRANCE"], member["GERMANY"]
        await order(germany, "A MUN - BUR; A BER - KIE")  # another player's orders: never drawn
        await order(france, "A PAR - BUR; A MAR S A PAR - BUR; F BRE - MAO")
        drawer = Recorder()
        env.bots[-1].maps.drawer = drawer
        before = len(ch.history())
        r = await france.slash(ch, "orders", map=True)  # in the game's channel
        assert r.ephemeral
        answer = r.response  # the answer, after "thinking..."
        assert answer.ephemeral and "your orders, seen only by you" in answer.content
        assert [a.filename for a in answer.attachments] == ["S1901M-france.png"]
        assert len(ch.history()) == before  # nothing in the channel
        [(orders, fronts, language)] = drawer.calls
        assert {o["power"] for o in orders} == {"FRANCE"}
        assert sorted(o["order"] for o in orders) == ["A MAR S A PAR - BUR", "A PAR - BUR", "F BRE - MAO"]
        assert fronts == (("FRANCE",),) and language == "en"
        assert all(o["ok"] is None for o in orders)  # not adjudicated: drawn as orders given

        # the sheet's button, in a DM, in the player's language
        await germany.user.slash("language", language="es")
        msg = await sheet(germany)
        answer = await germany.user.click(msg, label="🗺️ Mis órdenes en el mapa")
        picture = answer.response
        assert picture.ephemeral and "tus órdenes, solo las ves tú" in picture.content
        orders, fronts, language = drawer.calls[-1]
        assert {o["power"] for o in orders} == {"GERMANY"} and language == "es"


async def test_the_map_of_my_orders_draws_a_crop_per_front(tmp_path):
    """Real maps: a player of three neighbouring powers gets one crop around them, with
    their arrows; nobody without orders sees anything but their units."""
    async with running(str(tmp_path / "db.sqlite3"), real_maps=True) as env:
        table, member = await start_three(env)
        england = member["ENGLAND"]
        await order(england, "F LON - NTH; A BER - KIE; A VIE - GAL")
        r = await england.user.slash("orders", map=True)
        answer = r.response
        game = await current_game(env, table.channel.id)
        groups = front_groups(game.position, ("ENGLAND", "GERMANY", "AUSTRIA"))
        expected = ["S1901M" + "".join(f"-{p.lower()}" for p in g) + ".png" for g in groups]
        assert [a.filename for a in answer.attachments] == expected
        for attachment in answer.attachments:
            width, height = png_ok(await attachment.read())
            assert width < 1600  # a crop, not the whole board
        r = await member["FRANCE"].user.slash("orders", map=True)
        answer = r.response
        assert "You have no orders yet" in answer.content


# -- grace ------------------------------------------------------------------------------------
async def test_grace_waits_for_the_late_player_who_asked(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member, created = await begin(env, grace="15m")
        ch, alice = table.channel, table.members[0]
        assert "Grace: 15m for the players who ask" in created
        france, italy = member["FRANCE"], member["ITALY"]
        r = await france.user.slash("grace", want=True)
        assert "the phase waits up to 15m for you" in r.response.content
        r = await italy.user.slash("grace")
        assert "you get no grace" in r.response.content
        await ready_all(member, but=("FRANCE", "ITALY"))  # both late; only France asked
        deadline = (await current_game(env, ch.id)).deadline
        await env.advance_time(48 * HOURS + 5)
        game = await current_game(env, ch.id)
        assert game.phase == "S1901M" and game.deadline == deadline + 15 * 60
        [post] = [x for x in texts(ch) if x.startswith("⏳ The deadline of")]
        assert "waits up to 15m" in post and f"<@{france.id}>" in post and f"<@{italy.id}>" not in post
        [dm] = [d for d in dms(france) if d.startswith("⏳ The deadline")]
        assert "you still owe orders: F BRE, A MAR, A PAR" in dm
        # France orders everything: the phase does not wait for the rest of the grace
        await order(france, "A PAR - BUR; A MAR H; F BRE H")
        game = await current_game(env, ch.id)
        assert game.phase == "F1901M"
        assert "— *no orders*" in results_of(ch, "Spring 1901").split("**Italy**")[1].split("\n\n")[0]
        r = await alice.slash(ch, "game status")
        status = r.response.content
        assert "Grace: 15m for the players who ask with `/grace`" in status
        assert f"<@{france.id}>: 0 by standby orders, 1 with grace" in status
        async with env.bots[-1].core.storage.read() as tx:
            record = await tx.reliability(table.guild.id, [france.id, italy.id])
        assert record == {france.id: (0, 1), italy.id: (1, 1)}  # France made it in the grace

        # Fall: France is late again and gives nothing: the phase resolves when the grace ends
        await ready_all(member, but=("FRANCE",))
        await env.advance_time(48 * HOURS + 5)
        assert (await current_game(env, ch.id)).phase == "F1901M"
        await env.advance_time(15 * 60)
        assert (await current_game(env, ch.id)).phase != "F1901M"


async def test_grace_for_everyone_and_a_moderators_resolve_gives_none(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, _, _ = await begin(env, grace="1h", grace_for="everyone")
        ch, alice = table.channel, table.members[0]
        r = await table.members[1].user.slash("grace", want=True)
        assert "every player still owing orders at a deadline gets 1h of grace" in r.response.content
        await env.advance_time(48 * HOURS + 5)
        assert (await current_game(env, ch.id)).phase == "S1901M"  # everyone is late: everyone waited for
        [post] = [x for x in texts(ch) if x.startswith("⏳ The deadline of")]
        assert all(f"<@{m.id}>" in post for m in table.members)
        await alice.slash(ch, "mod resolve")
        assert (await current_game(env, ch.id)).phase == "F1901M"
        # a moderator's resolve now gives no grace
        await alice.slash(ch, "mod resolve")
        assert (await current_game(env, ch.id)).phase == "S1902M"
        r = await alice.slash(ch, "game create", name="Bad", grace="3d")
        assert "must be a length from 1 minute to 1 day" in r.response.content


# -- schedules --------------------------------------------------------------------------------
def stamp(moment: datetime) -> str:
    return f"<t:{int(to_unix(moment))}:"


async def test_a_weekly_schedule_crosses_the_days_off_and_a_holiday(tmp_path):
    """Simcord's clock starts on Thursday 1 January 2026, 00:00 UTC (Wednesday evening in
    New York). Moves are due Mondays and Thursdays at 19:00 New York time; a moderator
    skips Monday 5 January."""
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member, created = await begin(env, movement="Mon Thu 19:00 America/New_York")
        ch, alice = table.channel, table.members[0]
        assert "moves Mon, Thu at 19:00 America/New_York" in created
        game = await current_game(env, ch.id)
        assert game.deadline == to_unix(datetime(2026, 1, 2, 0, 0, tzinfo=UTC))  # Thu 19:00 EST
        await ready_all(member)  # resolved early: the next deadline keeps to the schedule
        game = await current_game(env, ch.id)
        assert game.phase == "F1901M"
        monday = datetime(2026, 1, 6, 0, 0, tzinfo=UTC)  # Mon 5 Jan 19:00 EST: Fri-Sun are off
        assert game.deadline == to_unix(monday)
        assert stamp(monday) in [x for x in texts(ch) if "Fall 1901" in x][-1]
        # a holiday: Monday 5 January; the deadline moves to Thursday
        r = await alice.slash(ch, "mod skip-day", date="2026-01-05")
        assert r.ephemeral
        thursday = datetime(2026, 1, 9, 0, 0, tzinfo=UTC)
        assert (await current_game(env, ch.id)).deadline == to_unix(thursday)
        [post] = [x for x in texts(ch) if x.startswith("📅")]
        assert "skipped Jan 5, 2026" in post and stamp(thursday) in post
        r = await alice.slash(ch, "mod log")
        assert "skipped Jan 5, 2026" in r.response.content
        r = await alice.slash(ch, "game status")
        assert "No deadline on: Jan 5, 2026." in r.response.content
        r = await alice.slash(ch, "mod skip-day", date="2026-01-05")
        assert "`2026-01-05` is already skipped" in r.response.content
        r = await table.members[1].slash(ch, "mod skip-day", date="2026-01-12")  # not a moderator
        assert r.ephemeral and "Only the creator" in r.response.content


async def test_a_length_with_days_off_moves_past_the_weekend(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, _, created = await begin(env, movement="48h except Sat Sun")  # Thursday 00:00 + 48h: Saturday
        ch, alice = table.channel, table.members[0]
        assert "moves 2d, not on weekends" in created
        assert (await current_game(env, ch.id)).deadline == to_unix(datetime(2026, 1, 5, 0, 0, tzinfo=UTC))
        r = await alice.slash(ch, "game create", name="Bad", movement="Mon Blursday 19:00")
        assert "can't read `Blursday` as days of the week" in r.response.content


async def test_moderators_deadlines_and_the_days_off(tmp_path):
    """Moves are due a day after the phase starts, never on a weekend; simcord's clock
    starts on Thursday 1 January 2026, 00:00 UTC. A deadline a moderator computes from a
    length (``/mod extend``, ``/mod resume``'s time left) moves past the weekend as the
    ordinary one does, and the reply says where to; a moment the moderator names
    (``/mod deadline``) is kept on a Saturday, and the reply (in the moderator's language)
    says it is a day off."""
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, _, _ = await begin(env, movement="1d except Sat Sun")
        ch, alice = table.channel, table.members[0]
        friday = datetime(2026, 1, 2, 0, 0, tzinfo=UTC)
        assert (await current_game(env, ch.id)).deadline == to_unix(friday)
        # a day later is Saturday: Monday, same time
        r = await alice.slash(ch, "mod extend", by="1d")
        monday = datetime(2026, 1, 5, 0, 0, tzinfo=UTC)
        assert (await current_game(env, ch.id)).deadline == to_unix(monday)
        assert r.ephemeral and f"New deadline of **Club**: {stamp(monday)}" in r.response.content
        assert "It moved past the game's days off to the next day it plays" in r.response.content
        assert stamp(monday) in [x for x in texts(ch) if "extended the deadline" in x][-1]
        # the moderator names Saturday noon: kept, and told (in Spanish, their language)
        await alice.slash(ch, "language", language="es")
        r = await alice.slash(ch, "mod deadline", when="2026-01-03 12:00")
        saturday = datetime(2026, 1, 3, 12, 0, tzinfo=UTC)
        assert (await current_game(env, ch.id)).deadline == to_unix(saturday)
        assert f"Nuevo plazo de **Club**: {stamp(saturday)}" in r.response.content
        assert "⚠️ El 3 ene 2026 es un día libre en **Club**; el plazo se queda ahí" in r.response.content
        assert "saltando los días libres" not in r.response.content
        # paused with 2.5 days left, resumed at once: Saturday noon again, so Monday noon
        await alice.slash(ch, "language", language="en")
        await alice.slash(ch, "mod pause")
        r = await alice.slash(ch, "mod resume")
        monday_noon = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)
        assert (await current_game(env, ch.id)).deadline == to_unix(monday_noon)
        assert f"New deadline of **Club**: {stamp(monday_noon)}" in r.response.content
        assert "moved past the game's days off" in r.response.content
        assert stamp(monday_noon) in [x for x in texts(ch) if "resumed" in x][-1]
        # a date skipped counts too: Tuesday skipped, a day's extension from Monday lands on Wednesday
        await alice.slash(ch, "mod skip-day", date="2026-01-06")
        r = await alice.slash(ch, "mod extend", by="1d")
        wednesday_noon = datetime(2026, 1, 7, 12, 0, tzinfo=UTC)
        assert (await current_game(env, ch.id)).deadline == to_unix(wednesday_noon)
        assert stamp(wednesday_noon) in r.response.content
        # an extension that lands on a day it plays: no word about days off
        r = await alice.slash(ch, "mod extend", by="2h")
        assert stamp(datetime(2026, 1, 7, 14, 0, tzinfo=UTC)) in r.response.content
        assert "days off" not in r.response.content and "day off" not in r.response.content


# -- phases in which nobody has a choice -----------------------------------------------------------
async def test_a_trivial_retreat_is_resolved_at_once(tmp_path):
    """Germany's army in Munich was dislodged and may retreat; then a moderator puts
    Germany in civil disorder (its player left): nobody has a choice in the retreat phase,
    so it is played at once instead of waiting a day."""
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await start_seven(env)
        ch, alice = table.channel, table.members[0]
        munich = Dislodged(Unit.parse(Power.GERMANY, "A MUN"), (Location("BOH"), Location("SIL")), "BUR")
        units = {**STANDARD, "GERMANY": ["A BER", "F KIE"], "FRANCE": ["A MUN", "A PAR", "F BRE"]}
        await set_scene(env, ch.id, "S1901R", units, {}, dislodged=(munich,))
        await alice.slash(ch, "mod civil-disorder", power="GERMANY", state="on")
        game = await current_game(env, ch.id)
        assert game.phase == "F1901M"  # no time passed
        post = results_of(ch, "Spring 1901 retreats")
        assert "`A MUN D` *(no order)*" in post


async def test_a_winter_with_only_a_forced_disband_is_played_at_once(tmp_path):
    """Italy lost its last centre but keeps an army: in the winter it must disband it and
    nobody else adjusts. The winter is played at once, and Italy's player is not counted
    as having missed it."""
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await start_seven(env)
        ch = table.channel
        italy = member["ITALY"]
        units = {**STANDARD, "ITALY": ["A PIE"]}
        centres = {c: p for c, p in homes().items() if p != "ITALY"}
        await set_scene(env, ch.id, "F1901M", units, centres, homes=False)
        await order(italy, "A PIE H")
        await ready_all(member)
        game = await current_game(env, ch.id)
        assert game.phase == "S1902M"
        [winter] = [x for x in texts(ch) if "Winter 1901" in x and "nobody has a choice" in x]
        assert "played at once" in winter
        assert "`A PIE D` *(no order)*" in results_of(ch, "Winter 1901")
        assert not any("Winter 1901" in d for d in dms(italy))  # never asked to order it
        async with env.bots[-1].core.storage.read() as tx:
            record = await tx.reliability(table.guild.id, [italy.id])
        assert record[italy.id] == (0, 1)  # Fall 1901 only: the forced winter is no phase to miss


async def test_a_rollback_gives_back_the_standby_orders_its_resolution_dropped(tmp_path):
    """The resolution used France's standby orders and dropped those of the units that
    moved; the moderator undoes it: France's standby orders are as they were before."""
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await start_seven(env)
        ch, alice = table.channel, table.members[0]
        france = member["FRANCE"]
        await standby(france, "A PAR - BUR; A MAR S A PAR - BUR; F BRE - MAO")
        await ready_all(member, but=("FRANCE",))
        await env.advance_time(48 * HOURS + 5)  # France misses the deadline: standby orders used
        r = await france.user.slash("standby show")
        assert "`A PAR - BUR`" not in r.response.content and "`F BRE - MAO`" not in r.response.content
        r = await alice.slash(ch, "mod rollback")
        assert "back in Spring 1901" in r.response.content
        r = await france.user.slash("standby show")
        for text in ("`A PAR - BUR`", "`A MAR S A PAR - BUR`", "`F BRE - MAO`"):
            assert text in r.response.content, text
        # played again, they are used again
        await ready_all(member, but=("FRANCE",))
        await env.advance_time(48 * HOURS + 5)
        game = await current_game(env, ch.id)
        assert game.phase == "F1901M" and "A BUR" in game.position["units"]["FRANCE"]


async def test_standby_clear_reads_the_build_and_disband_words_of_the_players_language(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await start_seven(env)
        france, germany = member["FRANCE"], member["GERMANY"]
        await france.user.slash("language", language="es")
        await germany.user.slash("language", language="bg")
        reply = await standby(france, "E Par C; F Bre D; E Par M")
        assert "E Par M" in reply
        # the Spanish text says "C para construcciones, D para disoluciones": both are read
        r = await france.user.slash("standby clear", unit="C")
        assert r.response.content.startswith("Has retirado 1 orden de reserva.")
        assert "disoluciones (las primeras posibles, tantas como toquen): `F Bre D`" in r.response.content
        r = await france.user.slash("standby clear", unit="disoluciones")
        assert r.response.content.startswith("Has retirado 1 orden de reserva.")
        assert "F Bre D" not in r.response.content and "Movimientos: `E Par M`" in r.response.content
        # Bulgarian: И for the builds, as the text shows
        await standby(germany, "А Кил И; А Бер З")
        r = await germany.user.slash("standby clear", unit="И")
        assert "А Кил И" not in r.response.content and "`А Бер З`" in r.response.content
