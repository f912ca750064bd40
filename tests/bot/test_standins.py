"""No abandoned games (issue 23), as players and moderators meet it through Discord
(simcord): a power in civil disorder played by the caretaker (its orders marked, the
channel told when it takes the power and when it gives it back, its player unable to take
it back), bots in the empty seats of a game of three players, a player taking an open
seat over, the substitute board across servers, and an anonymous game whose caretaker
seat is labelled."""

from __future__ import annotations

from engine import Position, Power
from engine.codec import position_from_json
from tests.bot.simcord_support import powers_by_user, running, seven
from tests.bot.support import can, current_game, dms, order, press_channels, ready_all, start_seven, texts

HOURS = 3600
POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
POWER_NAMES = {p: p.title() for p in POWERS}


def block_of(post: str, power: str) -> str:
    """The lines of one power in a results post."""
    return post.split(f"**{power}**")[1].split("\n\n")[0]


def results(channel, title: str, since: int = 0) -> str:
    [post] = [x for x in texts(channel, since) if f"results of {title}" in x]
    return post


async def power_state(env, channel_id, power: str):
    game = await current_game(env, channel_id)
    async with env.bots[-1].core.storage.read() as tx:
        return (await tx.power_states(game.id)).get(power)


async def audit(env, channel_id, action: str):
    game = await current_game(env, channel_id)
    async with env.bots[-1].core.storage.read() as tx:
        return [r for r in await tx.audit(game.id, 100) if r.action == action]


# -- the caretaker ---------------------------------------------------------------------------
async def test_caretaker_plays_a_power_in_civil_disorder(tmp_path):
    """Italy's player stops ordering in a game whose civil-disorder player is the caretaker:
    Italy is declared after one missed phase (the game's policy), the channel is told the
    caretaker plays it from the next phase, the caretaker's orders are marked 🤖 in the
    results, its player cannot order Italy again, and a moderator gives it back."""
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await start_seven(env, policy=1, civil_disorder_player="caretaker")
        ch, alice = table.channel, table.members[0]
        italy = member["ITALY"]
        r = await alice.slash(ch, "mod settings")
        assert "played by the caretaker 🤖 from its next phase" in r.response.content

        # Spring 1901: Italy misses; its units hold (the rulebook), and it is declared after the phase
        await ready_all(member, but=("ITALY",))
        before = len(ch.history())
        await env.advance_time(48 * HOURS + 5)
        new = texts(ch, before)
        spring = results(ch, "Spring 1901", before)
        assert block_of(spring, "Italy").split("\n")[0].endswith(" — *no orders*")  # missed; declared after it
        assert "🤖" not in block_of(spring, "Italy")  # the caretaker plays from the next phase
        takes = [x for x in new if "the **caretaker** plays Italy" in x]
        assert len(takes) == 1 and "from the next phase" in takes[0] and "/game join power:" in takes[0]
        state = await power_state(env, ch.id, "ITALY")
        assert state.civil_disorder and state.standin == 0

        # Fall 1901: the caretaker plays Italy (nobody waits for it: the phase resolves once
        # the others are ready); every Italian unit has an order marked 🤖
        before = len(ch.history())
        await ready_all(member, but=("ITALY",))
        fall = results(ch, "Fall 1901", before)
        italian = block_of(fall, "Italy").split("\n")
        assert "🤖 *caretaker*" in italian[0] and "civil disorder" not in italian[0]
        orders = italian[1:]
        assert len(orders) == 3 and all(line.endswith(" 🤖") for line in orders), orders
        assert "🤖" not in block_of(fall, "France")
        [entry] = await audit(env, ch.id, "standin")
        assert entry.detail["power"] == "ITALY" and entry.detail["player"] == "caretaker"
        assert len(entry.detail["orders"]) == 3
        assert (await power_state(env, ch.id, "ITALY")).standin == 1

        # a rollback treats the caretaker's orders as any: the phase played again, the same orders
        r = await alice.slash(ch, "mod rollback")
        assert "Fall 1901" in r.response.content
        state = await power_state(env, ch.id, "ITALY")
        assert state.civil_disorder and state.standin == 0
        before = len(ch.history())
        await ready_all(member, but=("ITALY",))
        again = results(ch, "Fall 1901", before)
        assert block_of(again, "Italy") == block_of(fall, "Italy")
        assert (await power_state(env, ch.id, "ITALY")).standin == 1

        # its player may not take it back now: the seat is open
        reply = await order(italy, "A VEN H")
        assert "The caretaker has played Italy in **Club** since you left it" in reply
        assert "/mod civil-disorder state:off" in reply

        # a moderator gives it back: the channel is told, and its player orders again
        await alice.slash(ch, "mod civil-disorder", power="ITALY", state="off")
        back = [x for x in texts(ch) if "the caretaker hands Italy back to" in x]
        assert len(back) == 1 and f"<@{italy.id}>" in back[0]
        state = await power_state(env, ch.id, "ITALY")
        assert not state.civil_disorder and state.standin == 0
        # a moderator's civil disorder: the caretaker takes the power from the next phase
        before = len(ch.history())
        await alice.slash(ch, "mod civil-disorder", power="ITALY", state="on")
        assert any("the **caretaker** plays Italy" in x for x in texts(ch, before))


# -- bots in empty seats ---------------------------------------------------------------------
async def test_three_players_and_four_bots_play_a_year(tmp_path):
    """Three players start a game of seven powers with bots: the four empty seats are the
    bots', labelled in the start post, in the results and in /game status; each phase
    resolves once the three players are ready (nobody waits for a bot), the bots' orders
    are marked 🤖, and the year ends in Spring 1902 with the bots' builds."""
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table = seven(env, ("ana", "ben", "cid"))
        ch, ana = table.channel, table.members[0]
        r = await ana.slash(ch, "game create", name="Trio", players=3, bots=True)
        assert r.ephemeral and "Bots fill the empty seats of a game of 7 powers" in r.response.content
        r = await ana.slash(ch, "game create", name="Trio", bots=True)
        assert "Bots play the powers nobody took" in r.response.content
        for m in table.members:
            await m.slash(ch, "game join")
        r = await ana.slash(ch, "game start")
        assert "Trio" in r.response.content
        game, who = await powers_by_user(env, ch.id)
        assert game.status == "active" and len(who) == 3
        humans = {p: next(m for m in table.members if m.id == uid) for p, uid in who.items()}
        bots = sorted(set(POWERS) - set(humans))
        assert len(bots) == 4
        started = next(x for x in texts(ch) if "🤖 Played by bots:" in x)
        line = next(x for x in started.split("\n") if "🤖 Played by bots:" in x)
        assert all(POWER_NAMES[p] in line for p in bots) and not any(POWER_NAMES[p] in line for p in humans)
        r = await ana.slash(ch, "game status")
        assert "🤖 Played by bots: " + ", ".join(POWER_NAMES[p] for p in bots) in r.response.content
        assert "🪑 Open seats: " + ", ".join(POWER_NAMES[p] for p in bots) in r.response.content

        # a year: each phase resolves when the three players are ready
        for title in ("Spring 1901", "Fall 1901"):
            before = len(ch.history())
            await ready_all(humans)
            post = results(ch, title, before)
            for p in bots:
                lines = block_of(post, POWER_NAMES[p]).split("\n")
                assert lines[0].endswith("🤖 *bot*") and "<@" not in lines[0], lines
                assert len(lines) > 1 and all(x.endswith(" 🤖") for x in lines[1:]), lines
            for p in humans:
                assert "🤖" not in block_of(post, POWER_NAMES[p])
        game = await current_game(env, ch.id)
        if game.phase == "W1901A":  # somebody builds or disbands: the players may have to order
            before = len(ch.history())
            await ready_all(humans)
            await env.advance_time(24 * HOURS + 5)
        game = await current_game(env, ch.id)
        assert game.phase == "S1902M"
        # the bots played (DumbBot takes neutral centres in 1901), the players only held
        async with env.bots[-1].core.storage.read() as tx:
            board = position_from_json(game.position)
        homes = {p: len(Position.initial().centres_of(Power(p))) for p in POWERS}
        assert sum(len(board.centres_of(Power(p))) for p in bots) > sum(homes[p] for p in bots)
        assert all(len(board.centres_of(Power(p))) == homes[p] for p in humans)
        # the bots' seats are labelled in every result: no audit entry per bot and phase
        assert not await audit(env, ch.id, "standin")
        # no bot has a player row: nobody to DM, remind, record or score
        async with env.bots[-1].core.storage.read() as tx:
            players = await tx.players(game.id)
            record = await tx.reliability(table.guild.id, [m.id for m in table.members])
        assert len(players) == 3 and all(n >= 2 for _, n in record.values())


async def start_with_bots(env, names=("ana", "ben", "cid"), **create):
    """Players ``names`` start a game "Trio" of seven powers, bots in the other seats;
    returns the table, each human's power -> member, and the bots' powers."""
    table = seven(env, names)
    ch, ana = table.channel, table.members[0]
    await ana.slash(ch, "game create", name="Trio", **create)
    for m in table.members:
        await m.slash(ch, "game join")
    await ana.slash(ch, "game start", bots=True)
    _, who = await powers_by_user(env, ch.id)
    humans = {p: next(m for m in table.members if m.id == uid) for p, uid in who.items()}
    return table, humans, sorted(set(POWERS) - set(humans))


# -- a human takes a seat over ----------------------------------------------------------------
async def test_a_player_takes_a_bots_seat_with_a_moderators_approval(tmp_path):
    """A newcomer asks for a bot's power with /game join power:; the moderators are asked in
    the channel, one accepts, and at the next phase the newcomer plays it: the bot stops,
    the newcomer orders, and their record starts there."""
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, humans, bots = await start_with_bots(env)
        ch, ana = table.channel, table.members[0]
        seat = bots[0]
        dan = table.guild.add_member(env.create_user("dan"))
        # press: a private channel per pair of players, none for a bot
        rooms = press_channels(env, table)
        assert len(rooms) == 3 and not any(POWER_NAMES[p].lower() in name for p in bots for name in rooms)
        # a player of the game may not ask; a power a human plays is not open
        r = await ana.slash(ch, "game join", power=seat)
        assert r.ephemeral and "You already play in **Trio**" in r.response.content
        r = await dan.slash(ch, "game join", power=sorted(humans)[0])
        assert r.ephemeral and "is not an open seat in **Trio**" in r.response.content
        assert not dms(dan)  # refused before any DM

        r = await dan.slash(ch, "game join", power=seat)
        assert r.ephemeral and f"You asked for {POWER_NAMES[seat]} in **Trio**" in r.response.content
        assert dms(dan) == [
            f"👋 You asked for {POWER_NAMES[seat]} in **Trio**. I'll tell you here when the seat is yours."
        ]
        [asked] = [x for x in texts(ch) if "asks to take" in x]
        assert f"<@{dan.id}> asks to take {POWER_NAMES[seat]} over (request **1**)" in asked
        assert f"<@{ana.id}>" in asked and "/mod seat request:1 accept:True" in asked
        r = await dan.slash(ch, "game join", power=seat)
        assert r.ephemeral and "You already asked for a seat" in r.response.content
        # only a moderator decides
        r = await table.members[1].slash(ch, "mod seat", request=1, accept=True)
        assert r.ephemeral and "Only the creator" in r.response.content
        r = await ana.slash(ch, "mod seat", request=1, accept=True)
        assert r.ephemeral and f"<@{dan.id}> plays {POWER_NAMES[seat]} from the next phase" in r.response.content
        assert any(f"you may take {POWER_NAMES[seat]} over" in d for d in dms(dan))

        # the phase boundary: the bot plays Spring 1901 a last time; dan plays Fall 1901
        before = len(ch.history())
        await ready_all(humans)
        spring = results(ch, "Spring 1901", before)
        assert block_of(spring, POWER_NAMES[seat]).split("\n")[0].endswith("🤖 *bot*")
        taken = [x for x in texts(ch, before) if "now plays" in x]
        assert len(taken) == 1 and f"<@{dan.id}> now plays {POWER_NAMES[seat]}, from this phase" in taken[0]
        assert any(f"You now play **{POWER_NAMES[seat]}**" in d for d in dms(dan))
        state = await power_state(env, ch.id, seat)
        assert state.bot is None
        # the newcomer negotiates: a private channel with each player
        rooms = press_channels(env, table)
        theirs = [room for name, room in rooms.items() if POWER_NAMES[seat].lower() in name.split("-")]
        assert len(rooms) == 6 and len(theirs) == 3
        assert all(can(env, table.guild, dan.id, room.id).send_messages for room in theirs)
        r = await ana.slash(ch, "game status")
        assert POWER_NAMES[seat] not in next(x for x in r.response.content.split("\n") if "Played by bots" in x)

        game = await current_game(env, ch.id)
        async with env.bots[-1].core.storage.read() as tx:
            position = position_from_json(game.position)
        unit = str(position.units_of(Power(seat))[0])
        reply = await order(dan, f"{unit} H")
        assert f"✅ `{unit} H`" in reply
        before = len(ch.history())
        await ready_all({**humans, seat: dan})
        fall = results(ch, "Fall 1901", before)
        lines = block_of(fall, POWER_NAMES[seat]).split("\n")
        assert "🤖" not in lines[0] and f"<@{dan.id}>" in lines[0]
        assert any(f"`{unit} H`" in x and not x.endswith("🤖") for x in lines[1:])
        async with env.bots[-1].core.storage.read() as tx:
            record = await tx.reliability(table.guild.id, [dan.id])
        assert record[dan.id] == (0, 1)  # from the takeover on
        # a rollback to the phase the bot played last: the seat stays dan's
        await ana.slash(ch, "mod rollback")
        await ana.slash(ch, "mod rollback")
        game = await current_game(env, ch.id)
        assert game.phase == "S1901M"
        assert (await power_state(env, ch.id, seat)).bot is None
        r = await ana.slash(ch, "game status")
        assert POWER_NAMES[seat] not in next(x for x in r.response.content.split("\n") if "Played by bots" in x)


# -- the substitute board ---------------------------------------------------------------------
def test_the_board_counts_centres_in_the_form_each_language_takes():
    """A seat with 1, 3 or 5 centres reads "1 centre" / "3 centres", and in Russian the
    form the number takes ("1 центр", "3 центра", "5 центров"): no "1 centres"."""
    from bot.core.seats import OpenSeat
    from bot.text.standins import board_text

    def line(centres: int, lang: str) -> str:
        seat = OpenSeat(1, "Club", 2, Power.ITALY, centres, 1902, None, "en", "full")
        return board_text([seat], {2: "Far Away"}, lang).split("\n")[1]

    assert "Italy, 1 centre, 1902" in line(1, "en") and "Italy, 3 centres, 1902" in line(3, "en")
    assert "Italia, 1 centro, 1902" in line(1, "es")
    assert "1 центр," in line(1, "ru") and "3 центра," in line(3, "ru") and "5 центров," in line(5, "ru")
    assert "1 център," in line(1, "bg") and "3 центъра," in line(3, "bg")


async def test_a_substitute_from_another_server_takes_a_seat_in_civil_disorder(tmp_path):
    """Italy's player left a caretaker game whose moderators put its open seats on the
    substitute board. A member of another server reads the board in the bot's DMs, applies,
    a moderator accepts: the substitute gets an invite to the server by DM, takes Italy at
    the next phase (the caretaker hands it over) and orders it."""
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await start_seven(env, policy=1, civil_disorder_player="caretaker")
        ch, alice = table.channel, table.members[0]
        italy = member["ITALY"]
        other = env.create_guild("Far Away")
        sam = other.add_member(env.create_user("sam"))
        r = await sam.user.slash("substitutes list")
        assert r.ephemeral and "No game is looking for a substitute" in r.response.content
        # a user-installable command, for servers and DMs (Discord's integration types and contexts)
        board_command = env.backend.find_command("substitutes", None)
        assert sorted(board_command["integration_types"]) == [0, 1] and 1 in board_command["contexts"]

        r = await alice.slash(ch, "mod settings", substitutes=True, min_reliability=50)
        assert "Club" in r.response.content
        # Spring 1901: Italy misses and is declared; the caretaker plays Fall 1901
        await ready_all(member, but=("ITALY",))
        await env.advance_time(48 * HOURS + 5)
        r = await sam.user.slash("substitutes list")
        board = r.response.content
        line = next(x for x in board.split("\n") if "**Club**" in x)
        assert "Diplomacy Club" in line and "Italy" in line and "3 centres" in line and "1901" in line
        assert "<t:" in line and "English" in line and "press: " in line and "at least 50%" in line
        game = await current_game(env, ch.id)
        # the seat is offered by the command's autocomplete, as "<game>:<power>"
        r = await sam.user.slash("substitutes apply", seat=f"{game.id}:ITALY")
        assert r.ephemeral and "You asked for Italy in **Club**" in r.response.content
        asked = [x for x in texts(ch) if "asks to take Italy over" in x]
        assert len(asked) == 1 and f"<@{sam.id}>" in asked[0]

        r = await alice.slash(ch, "mod seat", request=1, accept=True)
        assert f"<@{sam.id}> plays Italy from the next phase" in r.response.content
        assert f"<@{sam.id}> got an invite to this server by DM" in r.response.content
        invite = [d for d in dms(sam) if "is played on **Diplomacy Club**" in d]
        assert len(invite) == 1 and "discord.gg/" in invite[0]
        assert any("you may take Italy over" in d for d in dms(sam))

        # Fall 1901: the caretaker plays Italy a last time; then Italy is sam's
        before = len(ch.history())
        await ready_all(member, but=("ITALY",))
        fall = results(ch, "Fall 1901", before)
        assert "🤖 *caretaker*" in block_of(fall, "Italy").split("\n")[0]
        new = texts(ch, before)
        assert any(f"the caretaker hands Italy back to <@{sam.id}>" in x for x in new)
        assert any(f"<@{sam.id}> now plays Italy" in x for x in new)
        assert any("You now play **Italy**" in d for d in dms(sam))
        assert any("Another player now plays Italy in **Club**, the seat you left" in d for d in dms(italy))
        game = await current_game(env, ch.id)
        state = await power_state(env, ch.id, "ITALY")
        assert not state.civil_disorder and state.standin == 0
        r = await sam.user.slash("substitutes list")
        assert "**Club**" not in r.response.content  # the seat is taken
        if game.phase == "W1901A":
            await env.advance_time(24 * HOURS + 5)
        game = await current_game(env, ch.id)
        assert game.phase == "S1902M"
        reply = await order(sam, "A VEN H")
        assert "✅ `A VEN H`" in reply
        before = len(ch.history())
        await ready_all({**member, "ITALY": sam})
        spring = results(ch, "Spring 1902", before)
        lines = block_of(spring, "Italy").split("\n")
        assert "🤖" not in lines[0] and f"<@{sam.id}>" in lines[0] and any("`A VEN H`" in x for x in lines)


# -- anonymous games --------------------------------------------------------------------------
async def test_an_anonymous_games_stand_ins_are_labelled(tmp_path):
    """In an anonymous game nobody is named behind a power, but a power the caretaker plays
    and the bots' seats are labelled as such, in the start post, the results and the
    notices."""
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, humans, bots = await start_with_bots(
            env, ("ana", "ben", "cid", "dee"), anonymous=True, civil_disorder=1, civil_disorder_player="caretaker"
        )
        ch = table.channel
        started = next(x for x in texts(ch) if "🤖 Played by bots:" in x)
        assert all(f"<@{m.id}>" not in started for m in table.members)
        absent = sorted(humans)[0]
        # the first phase: one player misses and their power is declared; the caretaker takes it
        before = len(ch.history())
        await ready_all(humans, but=(absent,))
        await env.advance_time(48 * HOURS + 5)
        new = texts(ch, before)
        assert any(f"the **caretaker** plays {POWER_NAMES[absent]}" in x for x in new)
        before = len(ch.history())
        await ready_all(humans, but=(absent,))
        post = results(ch, "Fall 1901", before)
        assert block_of(post, POWER_NAMES[absent]).split("\n")[0].endswith("🤖 *caretaker*")
        for p in bots:
            assert block_of(post, POWER_NAMES[p]).split("\n")[0].endswith("🤖 *bot*")
        assert all(f"<@{m.id}>" not in x for m in table.members for x in texts(ch, before))
        # a newcomer asking for a bot's seat is not named either (nor the creator, who plays)
        eve = table.guild.add_member(env.create_user("eve"))
        before = len(ch.history())
        await eve.slash(ch, "game join", power=bots[0])
        [asked] = [x for x in texts(ch, before) if "asks to take" in x]
        assert f"a player asks to take {POWER_NAMES[bots[0]]} over (request **1**)" in asked
        assert "Moderators: `/mod seat request:1 accept:True`" in asked and "<@" not in asked


async def test_a_failing_stand_in_never_stops_a_game(tmp_path, monkeypatch):
    """When the engine's player fails, the bot's units do what units without orders do
    (they hold) and the phase is played all the same."""
    from bot.core.seats import standins

    def broken(*args, **kwargs):
        raise RuntimeError("a stand-in that fails")

    monkeypatch.setattr(standins, "play", broken)
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, humans, bots = await start_with_bots(env)
        ch = table.channel
        before = len(ch.history())
        await ready_all(humans)
        post = results(ch, "Spring 1901", before)
        for p in bots:
            lines = block_of(post, POWER_NAMES[p]).split("\n")
            assert lines[0].endswith("🤖 *bot*")
            assert all(x.endswith("*(no order)*") and " H`" in x for x in lines[1:]), lines
        game = await current_game(env, ch.id)
        assert game.phase == "F1901M"


async def test_a_player_who_asks_to_leave_opens_the_seat(tmp_path):
    """In a game being played, /game leave opens the player's seat: they play on until a
    newcomer takes it over (here at once, the game needing no approval), at the next phase."""
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await start_seven(env)
        ch, alice = table.channel, table.members[0]
        await alice.slash(ch, "mod settings", join_approval=False)
        france = member["FRANCE"]
        r = await france.slash(ch, "game leave")
        assert r.ephemeral and "Your seat in **Club** is open: you keep playing France" in r.response.content
        offered = [x for x in texts(ch) if "asks to leave" in x]
        assert len(offered) == 1 and f"<@{france.id}> asks to leave; France is an open seat" in offered[0]
        r = await france.slash(ch, "game leave")
        assert r.ephemeral and "You already asked to leave **Club**" in r.response.content
        r = await alice.slash(ch, "game status")
        assert "🪑 Open seats: France (`/game join power:`)" in r.response.content
        assert "✅ `A PAR - BUR`" in await order(france, "A PAR - BUR")  # they play on

        newbie = table.guild.add_member(env.create_user("newbie"))
        r = await newbie.slash(ch, "game join", power="FRANCE")
        assert r.ephemeral and "France in **Club** is yours from the next phase" in r.response.content
        assert not any("asks to take" in x for x in texts(ch))  # no moderator asked
        before = len(ch.history())
        await ready_all(member)
        spring = results(ch, "Spring 1901", before)
        assert "`A PAR - BUR`" in block_of(spring, "France") and f"<@{france.id}>" in block_of(spring, "France")
        assert any(f"<@{newbie.id}> now plays France" in x for x in texts(ch, before))
        assert any("Another player now plays France in **Club**, the seat you left" in d for d in dms(france))
        reply = await order(newbie, "A BUR H")
        assert "✅ `A BUR H`" in reply
        reply = await order(france, "F BRE H")
        assert "✅" not in reply
        state = await power_state(env, ch.id, "FRANCE")
        assert not state.leaving


async def test_a_moderator_gives_a_bots_seat_at_once(tmp_path):
    """/mod replace of a bot's power: the member plays it at once, the bot stops."""
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, humans, bots = await start_with_bots(env)
        ch, ana = table.channel, table.members[0]
        dan = table.guild.add_member(env.create_user("dan"))
        seat = bots[0]
        r = await ana.slash(ch, "mod replace", power=seat, member=dan)
        assert r.ephemeral and f"now plays {POWER_NAMES[seat]} instead of the bot 🤖" in r.response.content
        assert any(f"<@{dan.id}> now plays {POWER_NAMES[seat]}" in x for x in texts(ch))
        assert any(f"You now play **{POWER_NAMES[seat]}**" in d for d in dms(dan))
        assert (await power_state(env, ch.id, seat)).bot is None
        # the phase now waits for dan too
        before = len(ch.history())
        await ready_all(humans)
        assert not any("results of Spring 1901" in x for x in texts(ch, before))
        await dan.user.slash("ready")
        spring = results(ch, "Spring 1901", before)
        assert "🤖" not in block_of(spring, POWER_NAMES[seat])


async def test_a_players_standby_orders_come_before_the_caretaker(tmp_path):
    """Italy's player, in civil disorder, has standby orders: where the caretaker plays
    Italy, they are used first (marked as standby orders) and the caretaker orders the rest."""
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await start_seven(env, policy=1, civil_disorder_player="caretaker")
        ch = table.channel
        italy = member["ITALY"]
        before = len(ch.history())
        await ready_all(member, but=("ITALY",))
        await env.advance_time(48 * HOURS + 5)
        assert any("the **caretaker** plays Italy" in x for x in texts(ch, before))
        r = await italy.user.slash("standby set", orders="A VEN H")
        assert "✅" in r.response.content
        before = len(ch.history())
        await ready_all(member, but=("ITALY",))
        lines = block_of(results(ch, "Fall 1901", before), "Italy").split("\n")[1:]
        assert [x for x in lines if "`A VEN H`" in x] == ["✅ `A VEN H` *(standby)*"]
        others = [x for x in lines if "`A VEN H`" not in x]
        assert len(others) == 2 and all(x.endswith(" 🤖") for x in others), lines


async def test_bots_earn_nothing_on_the_leaderboard(tmp_path):
    """A game of three players and four bots, ended by a moderator: the final scores and the
    leaderboard list the three players only."""
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, humans, bots = await start_with_bots(env)
        ch, ana = table.channel, table.members[0]
        await ana.slash(ch, "mod end")
        r = await ana.slash(ch, "leaderboard")
        rows = [x for x in r.response.content.splitlines() if "<@" in x]
        assert len(rows) == 3 and all(any(f"<@{m.id}>" in x for m in table.members) for x in rows), rows
