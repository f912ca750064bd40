"""Which game a command is about (issue 21): the game named with ``game:``, else the game of
the channel it is typed in, ended or not, else the player's only game. A command typed in
the channel of a game that has ended is about that game: the reply says it ended and
nothing is stored, never in the player's other game; a member who does not play in the
channel's game is told so and pointed to their own game's channel or their DM."""

from __future__ import annotations

from bot.core.context import load, powers_of
from bot.text.i18n import t
from tests.bot.simcord_support import running, seven


async def start_game(channel, creator, players, name):
    await creator.slash(channel, "game create", name=name, players=2)
    for m in players:
        await m.slash(channel, "game join")
    await creator.slash(channel, "game start")


async def game_in(env, channel_id):
    async with env.bots[-1].core.storage.read() as tx:
        return await tx.last_game_in_channel(channel_id)


async def stored_orders(env, channel_id) -> list[str]:
    async with env.bots[-1].core.storage.read() as tx:
        game = await tx.last_game_in_channel(channel_id)
        return [o.text for o in await tx.orders(game.id, game.phase)]


async def a_legal_order(env, channel_id, user_id) -> str:
    """A hold for one of ``user_id``'s units in the channel's game."""
    async with env.bots[-1].core.storage.read() as tx:
        ctx = await load(tx, await tx.last_game_in_channel(channel_id), user_id)
        power = powers_of(ctx.game, ctx.player)[0]
        unit = ctx.position.units_of(power)[0]
    return f"{unit} H"


# every player command that finds "which game" without ``game:``
COMMANDS = (
    ("order", {"orders": "A PAR H"}),
    ("orders", {}),
    ("clear", {}),
    ("ready", {}),
    ("unready", {}),
    ("standby set", {"orders": "A PAR H"}),
    ("standby show", {}),
    ("standby clear", {}),
    ("grace", {"want": True}),
    ("draw", {}),
    ("concede", {}),
    ("press send", {"to": "everyone", "text": "hello"}),
)


async def test_a_command_in_an_ended_games_channel_is_about_that_game_never_another(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        guild = env.create_guild("Club")
        old, new, other = (guild.create_text_channel(n) for n in ("old-game", "new-game", "other-game"))
        alice, bob, carol = (guild.add_member(env.create_user(n)) for n in ("alice", "bob", "carol"))
        await start_game(old, alice, (alice, bob), "Old")
        await start_game(new, alice, (alice, bob), "New")
        await alice.slash(old, "mod end")
        assert (await game_in(env, old.id)).status == "finished"
        ended = t("order.ended_moderator", "en", game="Old", when="").split(" (")[0]

        # the order is for the board of the New game, typed in the Old game's channel
        text = await a_legal_order(env, new.id, alice.id)
        r = await alice.slash(old, "order", orders=text)
        assert r.ephemeral and r.response.content.startswith(ended), r.response.content
        assert "New" not in r.response.content
        assert await stored_orders(env, new.id) == []
        # nor does the autocomplete there offer the other game's orders
        assert await alice.autocomplete(old, "order", "orders", "A") == []
        assert await alice.autocomplete(new, "order", "orders", "A") != []
        for name, options in COMMANDS:
            r = await alice.slash(old, name, **options)
            assert r.ephemeral and r.response.content.startswith(ended), (name, r.response.content)
        assert await stored_orders(env, new.id) == []
        # in the New game's channel and by DM (their only active game) it is taken
        r = await alice.slash(new, "order", orders=text)
        assert "✅" in r.response.content and "**New**" in r.response.content
        assert await stored_orders(env, new.id) == [text]
        await alice.slash(new, "clear")
        r = await alice.user.slash("order", orders=text)
        assert "✅" in r.response.content and await stored_orders(env, new.id) == [text]

        # with a second game being played, the Old channel is still not a choice between them
        await start_game(other, bob, (bob, alice), "Other")
        r = await alice.slash(old, "order", orders=text)
        assert r.response.content.startswith(ended) and "Other" not in r.response.content

        # a member who does not play in the channel's game is told so, never sent to theirs
        not_here = t("order.not_player_here", "en", game="New")
        r = await carol.slash(new, "orders")
        assert r.ephemeral and r.response.content == not_here
        await start_game(old, carol, (carol, bob), "Older")  # a new game in the old channel
        text = await a_legal_order(env, old.id, carol.id)
        r = await carol.slash(new, "order", orders=text)
        assert r.response.content == not_here
        assert await stored_orders(env, old.id) == []
        r = await carol.slash(old, "order", orders=text)  # the channel's open game now
        assert "✅" in r.response.content and "**Older**" in r.response.content


async def test_a_gunboat_player_plays_from_a_dm_with_the_bot(tmp_path):
    """In a gunboat game players can't write in the game channel, so Discord shows them no
    slash commands there: every command they need works from their DM with the bot, and
    the start post says so."""
    from tests.bot.support import can
    from tests.bot.support import press_begin as begin

    async with running(str(tmp_path / "db.sqlite3")) as env:
        table = seven(env)
        game, member = await begin(env, table, press="none")
        ch, guild = table.channel, table.guild
        france = member["FRANCE"]
        assert not can(env, guild, france.id, ch.id).send_messages
        start = next(m.content for m in ch.history() if "has started!" in m.content)
        assert "Players can't write in this channel" in start and "in a DM with me" in start
        assert "`/draw`" in start and "`/concede`" in start and "(here or in a DM" not in start
        dm = france.user
        r = await dm.slash("game status")
        assert r.ephemeral and "**Club**" in r.response.content and "Spring 1901" in r.response.content
        r = await dm.slash("game board")
        assert "**Club**" in r.response.content and "France" in r.response.content
        r = await dm.slash("game map")
        assert "**Club** — Spring 1901 moves" in r.response.content
        r = await dm.slash("orders")
        assert "**Club**" in r.response.content
        r = await dm.slash("draw")
        assert r.ephemeral and r.response.content.startswith("**Club** — 🗳️ You proposed a draw"), r.response.content
        assert any("draw shared by" in m.content for m in ch.history())

        # with a second game, the DM asks which one; the game option's autocomplete offers both
        lobby = guild.create_text_channel("second")
        await start_game(lobby, france, (france, member["ITALY"]), "Second")
        r = await dm.slash("concede")
        assert r.response.content == t("order.which_game", "en", games=("Club", "Second"))
        choices = await dm.autocomplete("concede", "game", "")
        assert [c["name"].split(" — ")[0] for c in choices] == ["Club", "Second"]
        club = choices[0]["value"]
        r = await dm.slash("concede", game=club)
        assert r.response.content == "**Club** — 🏳️ You conceded to Russia.", r.response.content
        r = await dm.slash("draw", vote="no", game=club)
        assert r.response.content.startswith("**Club** — 🗳️ Your vote: no")
        r = await dm.slash("game status", game=club)
        assert "**Club**" in r.response.content
        # what needs a server channel says so in a DM
        for name, options in (("game create", {"name": "DM game"}), ("game join", {}), ("press repair", {})):
            r = await dm.slash(name, **options)
            assert r.ephemeral and r.response.content == t("error.guild_only", "en"), (name, r.response.content)
