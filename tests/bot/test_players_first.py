"""Players first (issue 24): while the bot's loops keep the database busy (a deadline
storm's resolutions and posts), a player's command waits for the writer behind at most the
write under way, and never for the loops' reads (bot.infra.turns)."""

from __future__ import annotations

import asyncio

import pytest

from bot.infra.turns import PlayersFirst, is_background, mark_background
from tests.bot.databases import sqlite_only


async def _as_loop(coro):
    mark_background()
    return await coro


async def _turns(lock: PlayersFirst, who: str, order: list[str], background: bool) -> None:
    if background:
        mark_background()
    async with lock:
        order.append(who)
        await asyncio.sleep(0)


async def _queued(lock: PlayersFirst, callers: list[tuple[str, bool]], order: list[str]) -> None:
    """The lock held while ``callers`` (name, is a loop) come in that order; then let go."""
    await lock.acquire()
    tasks = []
    for who, background in callers:
        tasks.append(asyncio.create_task(_turns(lock, who, order, background)))
        await asyncio.sleep(0)  # each one waiting before the next comes
    lock.release()
    await asyncio.gather(*tasks)


async def test_a_waiting_command_goes_before_loops_that_waited_longer():
    order: list[str] = []
    await _queued(PlayersFirst(), [("loop 1", True), ("loop 2", True), ("command", False)], order)
    assert order == ["command", "loop 1", "loop 2"]


async def test_commands_among_themselves_and_loops_among_themselves_keep_their_order():
    order: list[str] = []
    callers = [("loop 1", True), ("a", False), ("loop 2", True), ("b", False), ("c", False)]
    await _queued(PlayersFirst(), callers, order)
    assert order == ["a", "b", "c", "loop 1", "loop 2"]


async def test_a_flood_of_commands_still_lets_a_loop_through():
    # a loop (a deadline) waits while commands keep coming: it goes after ``burst`` of them
    order: list[str] = []
    callers = [("loop", True)] + [(f"command {i}", False) for i in range(7)]
    await _queued(PlayersFirst(burst=3), callers, order)
    assert order.index("loop") == 3, order
    assert [o for o in order if o != "loop"] == [f"command {i}" for i in range(7)]


async def test_a_waiter_cancelled_as_the_lock_comes_to_it_passes_it_on():
    lock = PlayersFirst()
    await lock.acquire()
    order: list[str] = []
    first = asyncio.create_task(_turns(lock, "first", order, False))
    await asyncio.sleep(0)
    second = asyncio.create_task(_turns(lock, "second", order, True))
    await asyncio.sleep(0)
    lock.release()  # handed to ``first``, which is cancelled before it runs
    first.cancel()
    await asyncio.gather(first, return_exceptions=True)
    await asyncio.wait_for(second, 5)
    assert order == ["second"] and not lock.locked()


async def test_a_cancelled_waiter_is_skipped():
    lock = PlayersFirst()
    await lock.acquire()
    order: list[str] = []
    gone = asyncio.create_task(_turns(lock, "gone", order, False))
    await asyncio.sleep(0)
    waiting = asyncio.create_task(_turns(lock, "loop", order, True))
    await asyncio.sleep(0)
    gone.cancel()
    await asyncio.gather(gone, return_exceptions=True)
    lock.release()
    await asyncio.wait_for(waiting, 5)
    assert order == ["loop"] and not lock.locked()
    with pytest.raises(RuntimeError):
        lock.release()


async def test_the_mark_belongs_to_the_loop_and_the_tasks_it_starts():
    async def loop_body():
        mark_background()
        child = asyncio.create_task(asyncio.sleep(0, result=None))
        await child
        return is_background(), await asyncio.create_task(_read_mark())

    async def _read_mark():
        return is_background()

    assert await asyncio.create_task(loop_body()) == (True, True)
    assert not is_background()  # the caller is still a player's command


async def test_a_command_writes_before_the_loops_queued_ahead_of_it(storage):
    # a loop's write under way, another loop's write waiting: a player's write that comes
    # last goes second (on both backends: the process' writers queue in PlayersFirst)
    order: list[str] = []
    inside = asyncio.Event()
    let_go = asyncio.Event()

    async def write(who: str, hold: bool = False):
        async with storage.write() as tx:
            order.append(who)
            await tx.choose_language(len(order), "en", 0)
            if hold:
                inside.set()
                await let_go.wait()

    first = asyncio.create_task(_as_loop(write("resolution 1", hold=True)))
    await asyncio.wait_for(inside.wait(), 10)
    second = asyncio.create_task(_as_loop(write("resolution 2")))
    for _ in range(5):
        await asyncio.sleep(0)
    command = asyncio.create_task(write("/order"))
    for _ in range(5):
        await asyncio.sleep(0)
    let_go.set()
    await asyncio.wait_for(asyncio.gather(first, second, command), 10)
    assert order == ["resolution 1", "/order", "resolution 2"]


@sqlite_only
async def test_a_command_reads_while_a_loop_reads(storage):
    # a loop's read under way (the poster's read of a storm's due posts, long on a busy
    # machine): a player's read goes on beside it, on a reader of its own
    inside = asyncio.Event()
    let_go = asyncio.Event()

    async def loop_read():
        async with storage.read() as tx:
            await tx.user_language_row(1)
            inside.set()
            await let_go.wait()

    held = asyncio.create_task(_as_loop(loop_read()))
    await asyncio.wait_for(inside.wait(), 10)
    try:

        async def command_read():
            async with storage.read() as tx:
                return await tx.user_language_row(1)

        assert await asyncio.wait_for(command_read(), 5) == (None, None)
        async with storage.read_once() as tx:
            assert await asyncio.wait_for(tx.user_language_row(1), 5) == (None, None)
    finally:
        let_go.set()
        await held
