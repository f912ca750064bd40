"""CPU work off the event loop: the one helper through which the bot parses orders, lists
legal orders and adjudicates, so that a long computation never delays other players'
replies (a thread: the engine releases nothing, but the loop keeps serving I/O between
its slices, and a burst of work is bounded by the executor's size)."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


class Compute:
    """``await compute.run(fn, *args, **kwargs)``: ``fn`` runs in a worker thread."""

    def __init__(self, workers: int = 4) -> None:
        self._pool = ThreadPoolExecutor(workers, thread_name_prefix="compute")

    async def run(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> T:
        job = functools.partial(fn, *args, **kwargs) if kwargs else functools.partial(fn, *args)
        return await asyncio.get_running_loop().run_in_executor(self._pool, job)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
