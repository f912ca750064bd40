"""The two-player duels through Discord (issue 25): France vs Austria created with
``/game create variant:``, played through 1901 to its year limit, scored, kept in its
history as a duel, and ranked on its own leaderboard, apart from the standard game's."""

from __future__ import annotations

import json

from engine.history import History
from tests.bot.simcord_support import running
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
        game = await current_game(env, table.channel.id)
        assert game.variant == "evt" and game.players == 2
        units = {p: sorted(us) for p, us in game.position["units"].items()}
        assert units == {"ENGLAND": ["A LON", "F ENG", "F NTH"], "TURKEY": ["A CON", "A SMY", "F ANK"]}
