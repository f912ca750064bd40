"""The SQLite backend closes every cursor in its connection's thread.

A cursor of ``executemany`` keeps the statement it ran (Python's statement cache shares it
with the next run of the same query). Left to the event loop's thread, the cursor is freed
there, and freeing resets the statement from that thread while the connection's thread
may be running the same query again: under load SQLite then refused a bind ("bad
parameter or other API misuse"), a group of the poster's records failed, and the DMs of a
phase never came (issue 24, found in the whole suite beside two busy loops)."""

from __future__ import annotations

import asyncio

import aiosqlite

from bot.discord.poster import SENT, TRIED
from bot.infra.group_commit import GroupCommit
from tests.bot.databases import sqlite_only

pytestmark = sqlite_only


async def test_every_cursor_of_a_storms_records_is_closed_in_its_connections_thread(storage, monkeypatch):
    made: list[aiosqlite.Cursor] = []
    closed: set[int] = set()
    init, close = aiosqlite.Cursor.__init__, aiosqlite.Cursor.close

    def recording_init(self, *args, **kwargs):
        init(self, *args, **kwargs)
        made.append(self)

    async def recording_close(self):
        await close(self)  # (aiosqlite runs it in the connection's thread)
        closed.add(id(self))

    monkeypatch.setattr(aiosqlite.Cursor, "__init__", recording_init)
    monkeypatch.setattr(aiosqlite.Cursor, "close", recording_close)
    async with storage.write() as tx:
        game = await tx.insert_game(
            guild_id=1,
            channel_id=1,
            name="G",
            creator_id=1,
            players=2,
            movement="1d",
            retreat="1d",
            adjustment="1d",
            language="en",
            now=0,
        )
        ids = [await tx.add_intent(game, None, kind="k", params={}, user_id=u, now=0) for u in range(12)]
    group = GroupCommit(storage)
    changes = []
    for n in range(6):  # the poster's records of six messages: rows of one query go in one executemany
        tried, sent = ids[2 * n], ids[2 * n + 1]
        changes.append(group.write(lambda tx, i=tried: tx.mark_tried([i], i, 50.0), TRIED))
        changes.append(group.write(lambda tx, i=sent: tx.mark_batch_sent([i], 900 + i, 60.0), SENT))
    await asyncio.gather(*changes)
    async with storage.read() as tx:
        rows = {p["id"]: p for p in await tx.posts(game)}
    assert [rows[i]["attempts"] for i in ids[::2]] == [1] * 6  # the records were stored
    assert [rows[i]["message_id"] for i in ids[1::2]] == [900 + i for i in ids[1::2]]
    assert made, "the records ran no statement through a cursor"
    assert [c for c in made if id(c) not in closed] == []  # none left to the event loop's thread
