"""Group commit (the poster's records in a deadline storm): writes made at the same
moment share one transaction, and a failure undoes the whole group's writes."""

from __future__ import annotations

import asyncio

import aiosqlite
import pytest

from bot.discord.poster import SENT, TRIED
from bot.infra.group_commit import GroupCommit
from bot.infra.storage import Storage
from bot.infra.storage.dialect import Trips
from tests.bot.databases import sqlite_only


async def test_writes_made_together_share_a_transaction(tmp_path):
    storage = await Storage.open(str(tmp_path / "db.sqlite3"))
    try:
        group = GroupCommit(storage)
        await asyncio.gather(*(group.write(lambda tx, u=u: tx.store_dm_channel(u, 100 + u, 0.0)) for u in range(20)))
        assert group.transactions == 1
        async with storage.read() as tx:
            assert await tx.dm_channels(range(20)) == {u: 100 + u for u in range(20)}
        await group.write(lambda tx: tx.store_dm_channel(99, 7, 0.0))  # alone: commits at once
        assert group.transactions == 2
    finally:
        await storage.close()


async def test_a_failing_write_undoes_its_group_and_not_the_next(tmp_path):
    storage = await Storage.open(str(tmp_path / "db.sqlite3"))
    try:
        group = GroupCommit(storage)

        async def broken(tx):
            raise RuntimeError("no")

        results = await asyncio.gather(
            group.write(lambda tx: tx.store_dm_channel(1, 11, 0.0)), group.write(broken), return_exceptions=True
        )
        assert all(isinstance(r, RuntimeError) for r in results)  # one transaction: both undone
        async with storage.read() as tx:
            assert await tx.dm_channels([1]) == {}
        await group.write(lambda tx: tx.store_dm_channel(2, 22, 0.0))
        async with storage.read() as tx:
            assert await tx.dm_channels([1, 2]) == {2: 22}
        with pytest.raises(RuntimeError):
            await group.write(broken)
        await group.close()
    finally:
        await storage.close()


async def _posts(storage: Storage, count: int) -> tuple[int, list[int]]:
    """A game and ``count`` posts of it waiting in the outbox."""
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
        return game, [await tx.add_intent(game, None, kind="k", params={}, user_id=u, now=0) for u in range(count)]


def _records(group: GroupCommit, ids: list[int], digests: list[list[str]] | None = None) -> list:
    """The poster's records of ``len(ids) // 2`` messages, arriving interleaved: the even
    posts' sends tried, the odd posts' sent."""
    changes = []
    for n in range(len(ids) // 2):
        tried, sent = ids[2 * n], ids[2 * n + 1]
        changes.append(group.write(lambda tx, i=tried: tx.mark_tried([i], i, 50.0, digests), TRIED))
        changes.append(group.write(lambda tx, i=sent: tx.mark_batch_sent([i], 900 + i, 60.0), SENT))
    return changes


async def test_a_groups_records_of_many_messages_take_a_trip_per_kind(storage):
    # the poster's records of a storm: twenty messages tried and twenty sent, arriving
    # interleaved, in one group: each kind's rows go in one trip (issue 24: a trip each
    # held the write lock, and players' commands waited behind it), and each row is right
    game, ids = await _posts(storage, 40)
    group = GroupCommit(storage)
    changes = _records(group, ids, [["d"]])
    before = Trips.count
    await asyncio.gather(*changes)
    assert group.transactions == 1
    assert Trips.count - before <= 3, Trips.count - before  # (BEGIN and COMMIT are not counted)
    async with storage.read() as tx:
        rows = {p["id"]: p for p in await tx.posts(game)}
        digests = [(await tx.sent_before(i, None, 0))[0] for i in ids]
    for n in range(20):
        tried, sent = rows[ids[2 * n]], rows[ids[2 * n + 1]]
        assert (tried["attempts"], tried["sent_at"], digests[2 * n]) == (1, None, [["d"]])
        assert (sent["sent_at"], sent["message_id"], sent["attempts"], digests[2 * n + 1]) == (
            60.0,
            900 + ids[2 * n + 1],
            0,
            None,
        )


@sqlite_only
async def test_every_cursor_of_the_records_is_closed_in_its_connections_thread(storage, monkeypatch):
    """A cursor of ``executemany`` keeps the statement it ran (Python's statement cache
    shares it with the next run of the same query). Left to the event loop's thread, the
    cursor is freed there, and freeing resets the statement from that thread while the
    connection's thread may be running the same query again: under load SQLite then
    refused a bind ("bad parameter or other API misuse"), a group of the poster's records
    failed, and the DMs of a phase did not come (found by the whole suite beside two busy
    loops). Every cursor the SQLite backend makes is closed in its connection's thread."""
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
    game, ids = await _posts(storage, 12)
    await asyncio.gather(*_records(GroupCommit(storage), ids))  # rows of one query: one executemany
    async with storage.read() as tx:
        rows = {p["id"]: p for p in await tx.posts(game)}
    assert [rows[i]["attempts"] for i in ids[::2]] == [1] * 6  # the records were stored
    assert [rows[i]["message_id"] for i in ids[1::2]] == [900 + i for i in ids[1::2]]
    assert made, "the records ran no statement through a cursor"
    assert [c for c in made if id(c) not in closed] == []  # none left to the event loop's thread
