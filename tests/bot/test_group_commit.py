"""Group commit (the poster's records in a deadline storm): writes made at the same
moment share one transaction, and a failure undoes the whole group's writes."""

from __future__ import annotations

import asyncio

import pytest

from bot.infra.group_commit import GroupCommit
from bot.infra.storage import Storage


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
