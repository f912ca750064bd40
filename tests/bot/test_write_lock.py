"""Another program holding SQLite's write lock (an admin's ``sqlite3`` shell, a database
browser): the bot's writes wait for it and go on as soon as it lets go (a deadline then
resolves at once, not after a failed try and a 30 s pause); the bot knows meanwhile that it
waits (commands say so), and a stop makes a waiting write give up."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from contextlib import closing

import pytest

from bot.infra.storage import Storage
from tests.bot.databases import sqlite_only

pytestmark = sqlite_only


class Holder:
    """The other program: ``BEGIN IMMEDIATE`` on its own connection, until released."""

    def __init__(self, path) -> None:
        self.con = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.con.execute("BEGIN IMMEDIATE")

    def release(self) -> None:
        self.con.execute("ROLLBACK")
        self.con.close()


async def test_a_write_waits_for_another_programs_lock_and_goes_on_when_it_lets_go(tmp_path):
    path = tmp_path / "db.sqlite3"
    storage = await Storage.open(str(path))
    told = threading.Event()
    storage.on_waiting = told.set
    holder = Holder(path)
    try:
        write = asyncio.ensure_future(_insert_user_language(storage))
        # the write tried, found the lock taken, and waits (it did not fail)
        while not told.is_set():
            await asyncio.sleep(0.05)
            assert not write.done() or write.exception() is None, write.exception()
        assert storage.waiting_since is not None and not write.done()
    finally:
        holder.release()
    await asyncio.wait_for(write, 60)  # a hang guard
    assert storage.waiting_since is None
    await storage.close()
    with closing(sqlite3.connect(path)) as con:
        assert con.execute("SELECT COUNT(*) FROM user_languages").fetchone() == (1,)


async def test_a_stop_makes_a_waiting_write_give_up(tmp_path):
    path = tmp_path / "db.sqlite3"
    storage = await Storage.open(str(path))
    holder = Holder(path)
    try:
        write = asyncio.ensure_future(_insert_user_language(storage))
        while storage.waiting_since is None:
            await asyncio.sleep(0.05)
        storage.stop_waiting()
        with pytest.raises(sqlite3.OperationalError, match="locked"):
            await asyncio.wait_for(write, 60)
    finally:
        holder.release()
        await storage.close()


async def _insert_user_language(storage: Storage) -> None:
    async with storage.write() as tx:
        await tx.saw_language(42, "es", 0.0)
