"""A game is found by its id only by its players, and only in its own server (issue 10
§4): ids are sequential, so anyone can try ``game:1``, ``game:2``...; a game that exists
but is not theirs gets exactly the answer of a game that does not exist, and its name
never shows. Every command taking ``game:`` is tried, from a server and from a DM."""

from __future__ import annotations

from bot.text.i18n import t
from tests.bot.simcord_support import running

UNKNOWN = t("game.unknown", "en")
COMMANDS = (
    ("order", {"orders": "A PAR H"}),
    ("orders", {}),
    ("clear", {}),
    ("ready", {}),
    ("unready", {}),
)


async def start_game(channel, creator, players, name):
    await creator.slash(channel, "game create", name=name, players=2)
    for m in players:
        await m.slash(channel, "game join")
    await creator.slash(channel, "game start")


async def answers(actor, channel, game_id):
    """What each command answers ``actor`` (a member: in ``channel``; a user: in a DM)."""
    out = {}
    for name, options in COMMANDS:
        if channel is None:
            r = await actor.slash(name, game=str(game_id), **options)
        else:
            r = await actor.slash(channel, name, game=str(game_id), **options)
        assert r.ephemeral, name
        out[name] = r.response.content
    return out


async def test_only_players_find_a_game_by_its_id_and_only_in_its_server(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        home = env.create_guild("Home")
        away = env.create_guild("Away")
        table, other = home.create_text_channel("game"), away.create_text_channel("game")
        alice, bob, mallory = (home.add_member(env.create_user(n)) for n in ("alice", "bob", "mallory"))
        carol_user, dave_user = env.create_user("carol"), env.create_user("dave")
        carol, dave = away.add_member(carol_user), away.add_member(dave_user)
        carol_home = home.add_member(carol_user)  # carol is on both servers
        await start_game(table, alice, (alice, bob), "Secret Plans")
        await start_game(other, carol, (carol, dave), "Away Game")
        async with env.bots[-1].core.storage.read() as tx:
            secret = (await tx.open_game_in_channel(table.id)).id
            away_game = (await tx.open_game_in_channel(other.id)).id

        # a stranger trying ids: the same answer as for a game that doesn't exist
        for channel, actor in ((table, mallory), (None, mallory.user)):
            tried = await answers(actor, channel, secret)
            missing = await answers(actor, channel, 999)
            assert tried == missing, (tried, missing)
            assert all(text == UNKNOWN for text in tried.values()), tried
        # nor does the autocomplete of orders offer anything of it
        assert await mallory.user.autocomplete("order", "orders", "A", game=str(secret)) == []
        assert await mallory.autocomplete(table, "clear", "unit", "", game=str(secret)) == []

        # a player of the other server's game: not from this server, but from a DM
        tried = await answers(carol_home, table, away_game)
        assert all(text == UNKNOWN for text in tried.values()), tried
        r = await carol_user.slash("orders", game=str(away_game))
        assert "Away Game" in r.response.content
        # and the game list of this server holds only its games
        listed = await carol_home.autocomplete(table, "order", "game", "")
        assert [c["value"] for c in listed] == []
        listed = await carol.autocomplete(other, "order", "game", "")
        assert [c["value"] for c in listed] == [str(away_game)]
        # without the option, a player on a server where none of their games is
        r = await carol_home.slash(home.create_text_channel("lobby"), "orders")
        assert r.response.content == t("lookup.game_elsewhere", "en")
        # in another game's channel, that game decides (issue 21): not hers
        r = await carol_home.slash(table, "orders")
        assert r.response.content == t("order.not_player_here", "en", game="Secret Plans")

        # the players themselves find it, here and in a DM
        r = await bob.slash(table, "orders", game=str(secret))
        assert "Secret Plans" in r.response.content
        r = await alice.user.slash("order", orders="A PAR H", game=str(secret))
        assert "Secret Plans" in r.response.content
        assert await dave.user.slash("ready", game=str(away_game))
