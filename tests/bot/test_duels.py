"""The two-player duels through Discord (issue 25): France vs Austria created with
``/game create variant:``, played through 1901 to its year limit, scored, kept in its
history as a duel, and ranked on its own leaderboard, apart from the standard game's."""

from __future__ import annotations

import io
import json

from PIL import Image

from engine.history import History
from renderer import style
from renderer.layers import static_layers
from tests.bot.simcord_support import attachment_png, powers_by_user, running, seven
from tests.bot.support import current_game, dms, order, start_duel, texts


async def test_france_vs_austria_through_a_year_to_its_scores(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member, created = await start_duel(env, end=1901, scoring="sum_of_squares")
        ch, alice = table.channel, table.members[0]
        assert "**Duel** is open for 2 players" in created  # a duel is for two (no players: needed)
        assert "Format: **France vs Austria**. The other five powers are absent" in created
        assert set(member) == {"FRANCE", "AUSTRIA"}
        france, austria = member["FRANCE"], member["AUSTRIA"]
        start = next(x for x in texts(ch) if "has started!" in x)
        assert "France" in start and "Austria" in start and "England" not in start
        assert start.split("\n")[1] == "⚔️ Duel: **France vs Austria**"  # the format, above who plays what
        # each player's first DM lists the duel's units only
        assert any("**France**: F BRE, A MAR, A PAR" in x for x in dms(france))
        assert any("**Austria**: A BUD, F TRI, A VIE" in x for x in dms(austria))
        # no German army in Munich: the absent powers have no units
        assert "There is no unit in MUN" in await order(austria, "A MUN H")
        await order(france, "A PAR - BUR; A MAR - SPA; F BRE - MAO")
        await order(austria, "A VIE - TYR; A BUD - SER; F TRI - ALB")
        await alice.slash(ch, "mod resolve")
        await order(france, "A BUR - BEL; A SPA - POR; F MAO - SPA/SC")
        await order(austria, "A TYR - MUN; A SER H; F ALB - GRE")
        await alice.slash(ch, "mod resolve")
        game = await current_game(env, ch.id)
        # the neutral centres were taken like any other: Munich too, though it is Germany's home
        assert game.phase == "W1901A"
        assert game.position["centers"] == {
            "AUSTRIA": ["BUD", "GRE", "MUN", "SER", "TRI", "VIE"],
            "FRANCE": ["BEL", "BRE", "MAR", "PAR", "POR", "SPA"],
        }
        assert "Austria: centres 6, units 3" in texts(ch)[-1] and "France: centres 6, units 3" in texts(ch)[-1]
        await order(france, "A PAR B; A MAR B; F BRE B")
        await order(austria, "A VIE B; A BUD B; F TRI B")
        await alice.slash(ch, "mod resolve")
        game = await current_game(env, ch.id)
        assert (game.status, game.phase) == ("finished", "S1902M")
        assert len(game.position["units"]["FRANCE"]) == 6 and len(game.position["units"]["AUSTRIA"]) == 6
        post = next(x for x in texts(ch) if "final scores by" in x)
        assert f"🥇 **Austria** (<@{austria.id}>) — 6 centres · **50.00** · ✅ 3/3" in post
        assert f"🥇 **France** (<@{france.id}>) — 6 centres · **50.00** · ✅ 3/3" in post
        assert "England" not in post  # the absent powers are not scored
        # the history says it was a duel, and reads back as one
        r = await alice.slash(ch, "game history")
        json_file = next(a for a in r.response.attachments if a.filename.endswith(".json"))
        document = json.loads(await json_file.read())
        assert document["game"]["variant"] == "fva" and document["game"]["fog"] is False
        assert document["game"]["seats"] == [["FRANCE"], ["AUSTRIA"]]
        assert History.from_json(document).game.setup.variant == "fva"
        # its own leaderboard: the standard one does not count it
        r = await alice.slash(ch, "leaderboard")
        assert "No finished game counts here yet" in r.response.content
        r = await alice.slash(ch, "leaderboard", variant="fva")
        lines = r.response.content.splitlines()
        assert lines[0] == "🏆 Leaderboard — every game, France vs Austria"
        assert {line.split()[1] for line in lines[1:3]} == {f"<@{alice.id}>", f"<@{table.members[1].id}>"}
        r = await alice.slash(ch, "leaderboard", variant="evt")
        assert "No finished game counts here yet" in r.response.content


async def test_england_vs_turkey_starts_with_englands_fleets_at_sea(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member, created = await start_duel(env, variant="evt", language="es")
        assert "Formato: **Inglaterra contra Turquía**" in created
        start = next(x for x in texts(table.channel) if "ha empezado!" in x)
        assert "⚔️ Duelo: **Inglaterra contra Turquía**" in start
        game = await current_game(env, table.channel.id)
        assert game.variant == "evt" and game.players == 2
        units = {p: sorted(us) for p, us in game.position["units"].items()}
        assert units == {"ENGLAND": ["A LON", "F ENG", "F NTH"], "TURKEY": ["A CON", "A SMY", "F ANK"]}


async def test_one_player_practises_a_duel_against_the_bot(tmp_path):
    """One player creates France vs Austria with bots: the duel starts with them alone, the
    other power the bot's; each phase resolves as soon as the player is ready (nobody waits
    for the bot), the bot's orders are marked 🤖, and at the year limit the bot's power is
    scored with the player's (the player's share is of the whole game) but only the player
    is on the leaderboard. A standard game for 2 to 6 is still refused, saying what is allowed."""
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table = seven(env, ("alice",))
        ch, alice = table.channel, table.members[0]
        r = await alice.slash(ch, "game create", name="Duel", players=3, bots=True)
        assert r.ephemeral and "or of a duel (`variant:fva`, you against the bot)" in r.response.content
        r = await alice.slash(ch, "game create", name="Duel", variant="fva", bots=True, end=1901)
        assert "Bots play the powers nobody took" in r.response.content
        await alice.slash(ch, "game join")
        r = await alice.slash(ch, "game start")
        assert "has started" in r.response.content
        game, who = await powers_by_user(env, ch.id)
        [mine] = who
        [bot] = {"FRANCE", "AUSTRIA"} - {mine}
        name = {"FRANCE": "France", "AUSTRIA": "Austria"}
        start = next(x for x in texts(ch) if "has started!" in x)
        assert f"🤖 Played by bots: {name[bot]}" in start
        for title in ("Spring 1901", "Fall 1901"):
            before = len(ch.history())
            await alice.user.slash("ready")  # the player alone: the phase resolves now
            [post] = [x for x in texts(ch, before) if f"results of {title}" in x]
            lines = post.split(f"**{name[bot]}**")[1].split("\n\n")[0].split("\n")
            assert lines[0].endswith("🤖 *bot*") and len(lines) == 4, lines
            assert all(x.endswith(" 🤖") for x in lines[1:]), lines
            assert "🤖" not in post.split(f"**{name[mine]}**")[1].split("\n\n")[0]
        game = await current_game(env, ch.id)
        if game.status == "active":  # the bot builds in the Winter; the player has nothing to order
            await env.advance_time(24 * 3600 + 5)
        game = await current_game(env, ch.id)
        assert game.status == "finished"
        # the bot took neutral centres in 1901; the player, who held, kept three
        centres = {p: len(cs) for p, cs in game.position["centers"].items()}
        assert centres[mine] == 3 and centres[bot] > 3
        post = next(x for x in texts(ch) if "final scores by" in x)
        rows = [x for x in post.splitlines() if " centres · " in x]
        assert len(rows) == 2
        assert rows[0].startswith(f"🥇 **{name[bot]}** (🤖 bot) — {centres[bot]} centres · **")
        assert rows[1].startswith(f"🥈 **{name[mine]}** (<@{alice.id}>) — 3 centres · **")
        share = float(rows[1].split("**")[3])
        assert 0 < share < 50  # sum of squares, against the bot's centres too: not the whole game
        r = await alice.slash(ch, "leaderboard", variant="fva")
        board = [x for x in r.response.content.splitlines() if "<@" in x]
        assert len(board) == 1 and f"<@{alice.id}>" in board[0], board
        assert "🤖" not in r.response.content


async def test_a_duels_maps_list_its_two_powers_in_the_legend(tmp_path):
    """Issue 25: the channel's map of France vs Austria and a player's own map list France
    and Austria in the legend, not the five absent powers at 0."""
    async with running(str(tmp_path / "db.sqlite3"), real_maps=True) as env:
        table, member, _ = await start_duel(env)
        [start] = [m for m in table.channel.history() if "has started!" in m.content]
        board = Image.open(io.BytesIO(await attachment_png(start)))
        assert legend_powers(board, static_layers().board.height) == {"FRANCE", "AUSTRIA"}
        [dm] = [m for m in member["FRANCE"].user.dm_channel.history() if "has started" in m.content]
        mine = (await member["FRANCE"].user.click(dm, label="🗺️ My map")).response
        crop = Image.open(io.BytesIO(await attachment_png(mine)))
        assert crop.width < board.width
        assert "FRANCE" in legend_powers(crop, crop.height - 60) <= {"FRANCE", "AUSTRIA"}


def legend_powers(img, top: int) -> set[str]:
    """The powers whose colour swatch is in the picture's legend strip (below ``top``)."""
    strip = img.convert("RGB").crop((0, top, img.width, img.height))
    found = {colour for _, colour in strip.getcolors(strip.width * strip.height)}
    return {p for p in style.UNIT_COLOURS if style.unit_colour(p) in found}


async def test_a_duel_started_with_bots_when_the_opponent_never_came(tmp_path):
    """A duel created without bots waits for two; its creator, alone, starts it with
    ``/game start bots:True`` and the bot plays the other power. A standard game for three
    is still refused, saying what is allowed."""
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table = seven(env, ("alice",))
        ch, alice = table.channel, table.members[0]
        await alice.slash(ch, "game create", name="Duel", variant="gvi")
        await alice.slash(ch, "game join")
        r = await alice.slash(ch, "game start")
        assert r.ephemeral and "**Duel** needs 2 players; joined so far: 1." in r.response.content
        r = await alice.slash(ch, "game start", bots=True)
        assert "has started" in r.response.content
        game, who = await powers_by_user(env, ch.id)
        assert game.status == "active" and len(who) == 1
        [bot] = {"GERMANY", "ITALY"} - set(who)
        start = next(x for x in texts(ch) if "has started!" in x)
        assert f"🤖 Played by bots: {bot.title()}" in start and "⚔️ Duel: **Germany vs Italy**" in start

        room = table.guild.create_text_channel("game-2")
        await alice.slash(room, "game create", name="Trio", players=3)
        r = await alice.slash(room, "game start", bots=True)
        assert r.ephemeral and "or of a duel (`variant:fva`, you against the bot)" in r.response.content
