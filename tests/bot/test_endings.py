"""The end of games through Discord (simcord), issue 15: a game with a year limit ends after
its last year and is scored by the system it chose (each system, the numbers worked out by
hand below); every other ending is scored too (a solo, a draw, a concession, a moderator's
``/mod end``, posted and audited); the final post shows the scores, each player's
reliability and the supply-centre chart."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.core.endings import EndingKind
from tests.bot.simcord_support import powers_by_user, running, seven
from tests.bot.support import (
    STANDARD,
    SYSTEM_NAMES,
    board_lines,
    current_game,
    dms,
    france_wins,
    order,
    play_to_the_year_limit,
    start_seven,
    start_three,
    texts,
)

ORDER = ("FRANCE", "ENGLAND", "GERMANY", "RUSSIA", "TURKEY", "ITALY", "AUSTRIA")
NAMES = {"AUSTRIA": "Austria", "ENGLAND": "England", "FRANCE": "France", "GERMANY": "Germany"}
NAMES |= {"ITALY": "Italy", "RUSSIA": "Russia", "TURKEY": "Turkey"}

# The scores, by hand (two decimals, halves up):
# - sum of squares: 10² + 8² + 6² + 5² + 4² + 1² + 0² = 242, so France 100 × 100 / 242 = 41.32,
#   England 6400 / 242 = 26.45, Germany 3600 / 242 = 14.88, Russia 2500 / 242 = 10.33,
#   Turkey 1600 / 242 = 6.61, Italy 100 / 242 = 0.41, Austria 0;
# - draw size (DIAS): a game stopped at its year limit is a draw of the six survivors,
#   100 / 6 = 16.67 each; Austria, out, 0;
# - centre count: 34 centres held, France 100 × 10 / 34 = 29.41, England 800 / 34 = 23.53,
#   Germany 600 / 34 = 17.65, Russia 500 / 34 = 14.71, Turkey 400 / 34 = 11.76,
#   Italy 100 / 34 = 2.94, Austria 0;
# - Carnage: rank points 7,000 (first) down to 1,000 (seventh: Austria, eliminated, ranks
#   below every survivor), plus one point per centre: France 7,010, England 6,008,
#   Germany 5,006, Russia 4,005, Turkey 3,004, Italy 2,001, Austria 1,000.
BY_HAND = {
    "sum_of_squares": ("41.32", "26.45", "14.88", "10.33", "6.61", "0.41", "0.00"),
    "draw_size": ("16.67",) * 6 + ("0.00",),
    "centre_count": ("29.41", "23.53", "17.65", "14.71", "11.76", "2.94", "0.00"),
    "carnage": ("7,010", "6,008", "5,006", "4,005", "3,004", "2,001", "1,000"),
}
CENTRE_WORDS = {"FRANCE": "10 centres", "ENGLAND": "8 centres", "GERMANY": "6 centres", "RUSSIA": "5 centres"}
CENTRE_WORDS |= {"TURKEY": "4 centres", "ITALY": "1 centre", "AUSTRIA": "0 centres"}


def score_lines(channel) -> dict[str, str]:
    """The final post's line of each power (by its English name)."""
    post = next(x for x in texts(channel) if "final scores by" in x)
    lines = {}
    for line in post.splitlines():
        for power, name in NAMES.items():
            if f"**{name}** (" in line:
                lines[power] = line
    return lines


@pytest.mark.parametrize("system", list(BY_HAND))
async def test_a_year_limit_game_ends_after_its_last_year_scored_by_its_system(tmp_path, system):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await play_to_the_year_limit(env, system)
        ch, alice = table.channel, table.members[0]
        game = await current_game(env, ch.id)
        # it stopped at the board of Spring 1902, never played, with France's build on it
        assert (game.status, game.phase, game.winner) == ("finished", "S1902M", None)
        assert "A PAR" in game.position["units"]["FRANCE"]
        posts = texts(ch)
        assert any("**Club** is over: its last year, 1901, has been played" in x for x in posts)
        # the final post: every power's score, as worked out by hand, best first
        lines = score_lines(ch)
        for power, expected in zip(ORDER, BY_HAND[system], strict=True):
            line = lines[power]
            assert f"**{expected}**" in line, (power, line)
            assert f"(<@{member[power].id}>) — {CENTRE_WORDS[power]} · " in line, line
        post = next(x for x in posts if "final scores by" in x)
        assert f"📊 **Club** — final scores by {SYSTEM_NAMES[system]}" in post
        listed = [line for line in post.splitlines() if " · ✅ " in line]
        assert [next(p for p in ORDER if f"**{NAMES[p]}** (" in line) for line in listed] == list(ORDER)
        assert listed[0].startswith("🥇")
        if system != "draw_size":  # equal scores share a place
            assert listed[1].startswith("🥈") and listed[2].startswith("🥉") and listed[3].startswith("4.")
        # reliability in this game: France ordered in Fall and Winter, not in Spring;
        # the others had orders due in both moves and gave none; Austria only in Spring
        assert lines["FRANCE"].endswith("✅ 2/3")
        assert lines["ENGLAND"].endswith("✅ 0/2") and lines["AUSTRIA"].endswith("✅ 0/1")
        assert "☠️" in lines["AUSTRIA"] and "🏆" not in post.split("\n-#")[0].replace("📊", "")
        # the supply-centre chart comes with it, with its alt text
        message = next(m for m in ch.history() if "final scores by" in m.content)
        [chart] = [a for a in message.attachments if a.filename.endswith("-centres.png")]  # (the map is there too)
        assert chart.filename == "club-centres.png" and chart.description.startswith(
            "Supply centres of Club at the start of each year, 1901 to 1902. France: 3, 10;"
        )
        assert Image.open(io.BytesIO(await chart.read())).format == "PNG"
        # each player is told in a DM; status and a late order say how it ended
        assert any("its last year has been played" in x for x in dms(member["ITALY"]))
        r = await alice.slash(ch, "game status")
        assert r.response.content.startswith("⌛ **Club** is over: its last year was played (<t:")
        r = await member["ITALY"].user.slash("order", orders="A VEN H")
        assert r.response.content.startswith("**Club** is over: its last year was played (<t:")
        r = await alice.slash(ch, "mod log")
        assert "the last year (1901) was played; the game is over" in r.response.content


async def test_a_solo_a_draw_and_a_concession_are_scored(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        # a solo, scored by sum of squares (the default): the winner takes the whole 100
        table, member = await start_seven(env)
        ch, alice = table.channel, table.members[0]
        await france_wins(env, table, member)
        lines = score_lines(ch)
        assert "**100.00** 🏆" in lines["FRANCE"] and "**0.00**" in lines["GERMANY"]
        assert "final scores by sum of squares" in "\n".join(texts(ch))  # the default system
        won = [i for i, x in enumerate(texts(ch)) if "wins! Congratulations" in x]
        scored = [i for i, x in enumerate(texts(ch)) if "final scores by" in x]
        assert won and scored and won[0] < scored[0]  # who won, then the scores
        # a rollback takes the ending and its scores back; the game is played on
        game = await current_game(env, ch.id)
        await alice.slash(ch, "mod rollback")
        async with env.bots[-1].core.storage.read() as tx:
            assert await tx.result(game.id) is None and not await tx.scores(game.id)
        assert (await current_game(env, ch.id)).status == "active"
        await order(member["FRANCE"], "A BUR - MUN; A RUH S A BUR - MUN")
        await alice.slash(ch, "mod resolve")
        async with env.bots[-1].core.storage.read() as tx:
            assert (await tx.result(game.id)).ending == "solo" and len(await tx.scores(game.id)) == 7

    async with running(str(tmp_path / "db2.sqlite3")) as env:
        # a draw of all seven, scored by draw size: 100 / 7 = 14.29 each
        table = seven(env)
        ch, alice = table.channel, table.members[0]
        await alice.slash(ch, "game create", name="Club", players=7, scoring="draw_size")
        for m in table.members:
            await m.slash(ch, "game join")
        await alice.slash(ch, "game start")
        for m in table.members:
            await m.slash(ch, "draw")
        lines = score_lines(ch)
        assert all("**14.29** 🤝" in line for line in lines.values()) and len(lines) == 7
        assert all(line.startswith("🥇") for line in lines.values())  # all equal: all first

    async with running(str(tmp_path / "db3.sqlite3")) as env:
        # a concession in a game for three: per player, the sum of their powers' scores;
        # Russia and Italy (4 + 3 centres) win the whole 100 for their player
        table, member = await start_three(env)
        ch = table.channel
        await member["ENGLAND"].slash(ch, "concede")
        await member["FRANCE"].slash(ch, "concede")
        post = next(x for x in texts(ch) if "final scores by" in x)
        winner = next(line for line in post.splitlines() if "**Russia, Italy**" in line)
        assert "**100.00** 🏆" in winner and "7 centres" in winner
        # (the concessions are told in the same message: one resolution, one message)
        losers = [line for line in post.splitlines() if "🏳️" in line and "centres" in line]
        assert len(losers) == 2 and all("**0.00**" in line for line in losers)


async def test_a_moderator_ends_a_game_posted_audited_and_scored(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member = await start_seven(env)
        ch, alice, bob = table.channel, table.members[0], table.members[1]
        r = await bob.slash(ch, "mod end")
        assert r.ephemeral and "Only the creator" in r.response.content
        assert (await current_game(env, ch.id)).status == "active"
        r = await alice.slash(ch, "mod end")
        assert r.ephemeral and "The game is over" in r.response.content
        game = await current_game(env, ch.id)
        assert (game.status, game.due_at) == ("finished", None)
        posts = texts(ch)
        assert any(x.startswith(f"🛑 <@{alice.id}> ended **Club**.") for x in posts)
        # scored as it stands, by sum of squares: Russia 4 centres, the others 3, so
        # 16 + 6 × 9 = 70: Russia 100 × 16 / 70 = 22.86, the others 900 / 70 = 12.86
        lines = score_lines(ch)
        assert "**22.86**" in lines["RUSSIA"] and all("**12.86**" in lines[p] for p in lines if p != "RUSSIA")
        assert any("A moderator ended **Club**" in x for x in dms(member["TURKEY"]))
        r = await alice.slash(ch, "mod log")
        assert f"<@{alice.id}>: ended the game" in r.response.content
        r = await alice.slash(ch, "game status")
        assert r.response.content.startswith("🛑 **Club** is over: a moderator ended it (<t:")
        r = await alice.slash(ch, "mod end")  # once is enough
        assert r.ephemeral and "no game in this channel" in r.response.content
        async with env.bots[-1].core.storage.read() as tx:
            assert (await tx.result(game.id)).ending == EndingKind.MODERATOR


# -- the leaderboard -----------------------------------------------------------------------------
async def new_game(env, channel, members, **options):
    """A game of seven in ``channel``, started; returns, per power, the member who plays it."""
    creator = members[0]
    await creator.slash(channel, "game create", name=options.pop("name", "Club"), players=7, **options)
    for m in members:
        await m.slash(channel, "game join")
    await creator.slash(channel, "game start")
    _, who = await powers_by_user(env, channel.id)
    return {p: next(m for m in members if m.id == uid) for p, uid in who.items()}


async def test_the_leaderboard_by_season_with_a_test_game_left_out(tmp_path):
    import discord

    async with running(str(tmp_path / "db.sqlite3")) as env:
        guild = env.create_guild("Diplomacy Club")
        first, second = guild.create_text_channel("game-1"), guild.create_text_channel("game-2")
        names = ("alice", "bob", "carol", "dave", "erin", "frank", "gina")
        a = [guild.add_member(env.create_user(n)) for n in names]
        b = [guild.add_member(env.create_user(f"{n}2")) for n in names]
        admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
        boss = guild.add_member(env.create_user("boss"), roles=[admins])
        alice, bob = a[0], a[1]

        r = await boss.slash(first, "leaderboard")
        assert r.ephemeral and "No finished game counts here yet" in r.response.content
        r = await bob.slash(first, "mod season start", name="Spring 2026")
        assert r.ephemeral and "Manage Server" in r.response.content
        r = await boss.slash(first, "mod season start", name="Spring 2026")
        assert "Season **Spring 2026** has started" in r.response.content
        r = await boss.slash(first, "mod season start", name="Other")
        assert r.ephemeral and "still open" in r.response.content

        # game 1 (group A): a draw of all seven by draw size: 100 / 7 = 14.29 each
        await new_game(env, first, a, scoring="draw_size")
        for m in a:
            await m.slash(first, "draw")
        # game 2 (group A): Spring 1901 resolves (only Alice orders), then a moderator ends
        # it; sum of squares of the board: Russia 100 × 16 / 70 = 22.86, the others 12.86
        member = await new_game(env, first, a)
        russia = member["RUSSIA"]
        mine = next(p for p, m in member.items() if m is alice)
        await order(alice, f"{STANDARD[mine][0]} H")
        await alice.slash(first, "mod resolve")
        await alice.slash(first, "mod end")
        # game 3 (group B): a test game, ended at once and left out
        member_b = await new_game(env, second, b, name="Test")
        await b[0].slash(second, "mod end")

        r = await boss.slash(first, "leaderboard")
        content = r.response.content
        assert content.startswith("🏆 Leaderboard — season Spring 2026")
        lines = board_lines(content)
        assert len(lines) == 10 and "Page 1 of 2" in content  # ten a page
        r = await boss.slash(first, "leaderboard", page=2)
        assert "Page 2 of 2" in r.response.content
        lines |= board_lines(r.response.content)
        assert len(lines) == 14
        # a player's average: the mean of their shares, (14.29 + 22.86) / 2 = 18.57 for
        # Russia's player in game 2, (14.29 + 12.86) / 2 = 13.57 for the others of group A
        assert lines[russia.id].startswith("**2.**") and "**18.6** · 2 games · 🏆 0 · 🤝 1" in lines[russia.id]
        assert (
            lines[member_b["RUSSIA"].id].startswith("**1.**")
            and "**22.9** · 1 game · 🏆 0 · 🤝 0" in lines[member_b["RUSSIA"].id]
        )
        # reliability over the same games: only game 2 had a phase played, Alice ordered in it
        others = [m for m in a if m is not russia]
        assert all(lines[m.id].startswith("**3.**") and "**13.6** · 2 games" in lines[m.id] for m in others)
        assert lines[alice.id].endswith("✅ 100%") and lines[bob.id].endswith("✅ 0%")
        assert lines[b[1].id].endswith("✅ —")  # no phase with orders due: nothing to say

        # the test game is left out (by a server moderator only), and it shows in the log
        choices = await boss.autocomplete(first, "mod exclude", "game", "test")
        assert [c["name"] for c in choices] == ["Test · Spring 1901 moves"]
        r = await alice.slash(first, "mod exclude", game=choices[0]["value"])
        assert r.ephemeral and "Manage Server" in r.response.content
        r = await boss.slash(first, "mod exclude", game=choices[0]["value"])
        assert "**Test** no longer counts on the leaderboard" in r.response.content
        r = await boss.slash(first, "mod exclude", game=choices[0]["value"])
        assert "already left out" in r.response.content
        choices = await boss.autocomplete(first, "mod exclude", "game", "")
        assert "Test · Spring 1901 moves · left out" in [c["name"] for c in choices]
        r = await b[0].slash(second, "mod log")
        assert f"<@{boss.id}>: left the game out of the leaderboard" in r.response.content

        r = await alice.slash(first, "leaderboard")
        lines = board_lines(r.response.content)
        assert len(lines) == 7 and "Page" not in r.response.content
        assert lines[russia.id].startswith("**1.**") and all(lines[m.id].startswith("**2.**") for m in others)

        # the season ends; the next one counts only its own games
        await boss.slash(first, "mod season end")
        r = await boss.slash(first, "mod season start", name="Summer 2026")
        assert "Summer 2026" in r.response.content
        summer = await new_game(env, first, a)
        await alice.slash(first, "mod end")
        r = await alice.slash(first, "leaderboard")
        assert r.response.content.startswith("🏆 Leaderboard — season Summer 2026")
        lines = board_lines(r.response.content)
        assert "**22.9** · 1 game" in lines[summer["RUSSIA"].id]
        choices = await alice.autocomplete(first, "leaderboard", "season", "")
        assert [c["name"] for c in choices] == ["All time: every game", "Summer 2026 (current)", "Spring 2026"]
        r = await alice.slash(first, "leaderboard", season=choices[2]["value"])
        assert r.response.content.startswith("🏆 Leaderboard — season Spring 2026 (over)")
        assert len(board_lines(r.response.content)) == 7
        r = await alice.slash(first, "leaderboard", season="all")
        assert r.response.content.startswith("🏆 Leaderboard — every game")
        assert "· 3 games ·" in board_lines(r.response.content)[alice.id]  # the test game still left out

        # counted again: fourteen players, two pages, turned with the buttons
        (test,) = await boss.autocomplete(first, "mod exclude", "game", "test")
        r = await boss.slash(first, "mod exclude", game=test["value"], undo=True)
        assert "**Test** counts on the leaderboard again" in r.response.content
        r = await bob.slash(first, "leaderboard", season="all")
        page = r.response
        assert "Page 1 of 2" in page.content and len(board_lines(page.content)) == 10
        turned = await bob.click(page, label="▶")
        assert "Page 2 of 2" in turned.response.content and len(board_lines(turned.response.content)) == 4
        back = await bob.click(turned.response, label="◀")
        assert "Page 1 of 2" in back.response.content
        # Spanish: numbers and words the reader's way
        await bob.user.slash("language", language="es")
        r = await bob.slash(first, "leaderboard", season="all")
        assert r.response.content.startswith("🏆 Clasificación — todas las partidas")
        # Bob's three games: 14.29 (the draw), then 22.86 as Russia or 12.86 in each game
        # ended by a moderator; a no-break space before %
        shares = [100 / 7] + [100 * (16 if m["RUSSIA"] is bob else 9) / 70 for m in (member, summer)]
        average = f"{sum(shares) / 3:.1f}".replace(".", ",")
        assert f"**{average}** · 3 partidas · 🏆 0 · 🤝 1 · ✅ 0\xa0%" in board_lines(r.response.content)[bob.id]
