"""A database of the first release (schema version 4: migrations 0001–0004, before scores
were kept) upgraded by this bot: its finished games are scored and count on
``/leaderboard``, and its wrong draw data is recomputed. The first release stored
a draw as the list of powers it thought shared it, and it is shown as stored by
``/game status`` ("a draw shared by Austria, England, …, Italy" in a 2-player game where
nobody played Italy); a draw is recomputed as the bot makes it now: the powers somebody
played that were still on the final board.

The database is built here with the first release's own migrations (the same files, 0001 to
0004) and rows as its code wrote them (games.winner and game_endings for a draw agreed at
the Spring of 1915), then opened by the bot on simcord as after an upgrade."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from bot.infra.storage.migrations import migrations
from engine import Position
from engine.codec import position_to_json
from tests.bot.databases import sqlite_only
from tests.bot.simcord_support import make_bot, running, virtual_pauses

FIRST_RELEASE = 4  # the schema version of the first release (migrations 0001 to 0004)
WRONG_DRAW = "AUSTRIA,ENGLAND,FRANCE,GERMANY,ITALY,RUSSIA,TURKEY"


def first_release_database(path: Path, *, guild: int, channel: int, alice: int, bob: int) -> None:
    """A first-release database holding one 2-player game that ended in an agreed draw."""
    con = sqlite3.connect(path, isolation_level=None)
    con.execute("PRAGMA journal_mode = WAL")
    for number, sql in migrations():
        if number <= FIRST_RELEASE:
            con.executescript(f"BEGIN;\n{sql}\nPRAGMA user_version = {number};\nCOMMIT;")
    final = position_to_json(Position.initial(year=1914))
    created, ended = 1_767_000_000.0, 1_767_500_000.0
    con.execute(
        "INSERT INTO games (id, guild_id, channel_id, name, creator_id, players, status, phase, position, "
        "movement, retreat, adjustment, tossed, winner, language, created_at) "
        "VALUES (1, ?, ?, 'Old Duel', ?, 2, 'finished', ?, ?, '48h', '24h', '24h', 0, ?, 'en', ?)",
        (guild, channel, alice, final["phase"], json.dumps(final), WRONG_DRAW, created),
    )
    con.execute("INSERT INTO players VALUES (1, ?, 0, NULL, ?)", (alice, created))
    con.execute("INSERT INTO players VALUES (1, ?, 1, NULL, ?)", (bob, created))
    con.execute("INSERT INTO phases VALUES (1, ?, ?, NULL, NULL)", (final["phase"], json.dumps(final)))
    con.execute("INSERT INTO game_endings VALUES (1, 'draw', ?, ?)", (WRONG_DRAW, ended))
    con.close()


@sqlite_only
async def test_a_first_release_database_counts_its_finished_games_and_recomputes_its_draw(tmp_path):
    async with running(str(tmp_path / "new.sqlite3")) as env:
        guild = env.create_guild("Diplomacy Club")
        channel = guild.create_text_channel("duel")
        alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
        old = tmp_path / "first-release.sqlite3"
        first_release_database(old, guild=guild.id, channel=channel.id, alice=alice.id, bob=bob.id)
        upgraded = make_bot(str(old))  # the new bot started on the old database
        virtual_pauses(env, upgraded)
        previous = env.bots[-1]
        await env.restart_bot(upgraded)
        await previous.storage.close()
        previous.storage = None
        env.bots.append(upgraded)
        try:
            board = (await alice.slash(channel, "leaderboard")).response.content
            status = (await bob.slash(channel, "game status")).response.content
        finally:
            await upgraded.storage.close()
            upgraded.storage = None
    assert "No finished game counts here yet" not in board, board
    for member in (alice, bob):  # one game each, a draw, scored by the default system on the final board
        line = next(line for line in board.splitlines() if f"<@{member.id}>" in line)
        assert "· 1 game · 🏆 0 · 🤝 1 ·" in line, board
    first_line = status.splitlines()[0]
    assert "a draw shared by **Austria, England, France, Germany, Russia, Turkey**" in first_line, status
    assert "Italy" not in first_line  # nobody played it: it shared nothing
