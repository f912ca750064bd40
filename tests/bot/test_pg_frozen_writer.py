"""A process frozen inside a write transaction (a paused VM, a stopped container: SIGSTOP
at the wrong moment) holds PostgreSQL's write lock that every process's writes take. The
server ends such a session once it has sat idle in its transaction for the lease's
duration, so the others write again and take its shards over; woken, the frozen one
finds its transaction gone, and nothing of it was stored."""

from __future__ import annotations

import asyncio

import pytest

from bot.infra import lease
from bot.infra.storage import DATABASE_ERRORS, Storage
from bot.infra.storage.postgres import LEASE_DEFAULT, idle_transaction_limit
from tests.bot import databases

GUARD = 60.0  # seconds: a hang guard, not a speed asked for


async def new_game(tx, channel_id: int, name: str) -> int:
    return await tx.insert_game(
        guild_id=channel_id,
        channel_id=channel_id,
        name=name,
        creator_id=1,
        players=7,
        movement="2d",
        retreat="1d",
        adjustment="1d",
        language="en",
        now=0,
    )


def test_the_idle_limit_is_the_lease():
    assert LEASE_DEFAULT == lease.DEFAULT_DURATION
    assert idle_transaction_limit({}) == lease.DEFAULT_DURATION
    assert idle_transaction_limit({"DIPLOMACY_LEASE_SECONDS": "8"}) == 8.0
    assert idle_transaction_limit({"DIPLOMACY_LEASE_SECONDS": "soon"}) == lease.DEFAULT_DURATION


async def test_a_writer_frozen_in_its_transaction_does_not_stop_the_others(tmp_path, postgresql_server, monkeypatch):
    monkeypatch.setenv("DIPLOMACY_LEASE_SECONDS", "2")
    url = await databases.new_database(str(tmp_path / "frozen"), postgresql_server)
    frozen, other = await Storage.open(url), await Storage.open(url)
    inside, never = asyncio.Event(), asyncio.Event()

    async def freeze() -> None:
        async with frozen.write() as tx:
            await new_game(tx, 10, "Frozen")
            inside.set()
            await never.wait()  # says nothing more to the server: idle in its transaction

    sleeper = asyncio.create_task(freeze())
    try:
        await asyncio.wait_for(inside.wait(), GUARD)
        async with asyncio.timeout(GUARD):  # waits for the write lock until the server ends the frozen session
            async with other.write() as tx:
                game_id = await new_game(tx, 20, "Other")
        never.set()  # woken: its transaction is gone
        with pytest.raises(DATABASE_ERRORS):  # a database error, as the bot handles those
            await asyncio.wait_for(sleeper, GUARD)
        async with other.read() as tx:
            assert await tx.open_game_in_channel(10) is None  # nothing of the frozen one stored
            assert (await tx.game(game_id)).name == "Other"
    finally:
        never.set()
        sleeper.cancel()
        await asyncio.gather(sleeper, return_exceptions=True)
        await frozen.close()
        await other.close()
