"""Discord shards as this bot counts them (issue 13): which shard a server belongs to, the
shards a process runs (``DIPLOMACY_SHARDS``, ``DIPLOMACY_SHARD_COUNT``), and the set of
shards whose jobs it runs at a moment (its own, and those it took over from a process
that stopped).

A server (guild) belongs to shard ``(guild_id >> 22) % count``, as Discord routes it; the
storage's due-job queries filter on the same expression in SQL (:class:`Shards`). The
default, one shard of one, is the whole database: one process with everything, as before
sharding existed. Values only: no I/O, no imports from the rest of the bot.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

MAX_SHARDS = 4096  # far past what any bot this size needs; keeps a typo from making a million scopes


def shard_of(guild_id: int, count: int) -> int:
    """The shard of a server, as Discord computes it."""
    return (guild_id >> 22) % count


@dataclass(frozen=True, slots=True)
class Shards:
    """Shards ``ids`` of ``count``: whose servers' jobs (deadlines, reminders, posts) a
    process runs now. ``Shards()`` (one of one) is everything."""

    count: int = 1
    ids: frozenset[int] = frozenset({0})

    def __post_init__(self) -> None:
        if not 1 <= self.count <= MAX_SHARDS or any(not 0 <= i < self.count for i in self.ids):
            raise ValueError(f"shards {sorted(self.ids)} of {self.count}")

    @property
    def everything(self) -> bool:
        """Every shard: a query needs no filter."""
        return len(self.ids) == self.count

    def covers(self, guild_id: int | None) -> bool:
        """Whether a job of this server is among these shards' (a job without a server:
        only when they are everything)."""
        if self.everything:
            return True
        return guild_id is not None and shard_of(guild_id, self.count) in self.ids

    def describe(self) -> str:
        return f"{ranges(self.ids)} of {self.count}"


EVERYTHING = Shards()


def ranges(ids: Iterable[int]) -> str:
    """``0-3,8``: the shard ids the way the setting writes them."""
    runs: list[list[int]] = []
    for i in sorted(set(ids)):
        if runs and runs[-1][1] == i - 1:
            runs[-1][1] = i
        else:
            runs.append([i, i])
    return ",".join(str(a) if a == b else f"{a}-{b}" for a, b in runs) or "none"


@dataclass(frozen=True, slots=True)
class ShardSettings:
    """What a process runs: ``count`` shards in all, of which it owns ``home`` (it connects
    them to Discord's gateway and holds their leases). Read by :meth:`from_env`."""

    count: int = 1
    home: frozenset[int] = frozenset({0})

    def __post_init__(self) -> None:
        Shards(self.count, self.home)  # the same checks
        if not self.home:
            raise ValueError("a process must own at least one shard")

    @property
    def sharded(self) -> bool:
        """More than one shard in all: the gateway runs as several shards."""
        return self.count > 1

    @property
    def shards(self) -> Shards:
        return Shards(self.count, self.home)

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> ShardSettings:
        """``DIPLOMACY_SHARD_COUNT`` (default 1) and ``DIPLOMACY_SHARDS`` (the ids this
        process owns, e.g. ``0-3`` or ``0,2,4-5``; default all of them). A bad value raises
        ValueError with the one line to print."""
        count_text = env.get("DIPLOMACY_SHARD_COUNT", "").strip()
        ids_text = env.get("DIPLOMACY_SHARDS", "").strip()
        count = 1
        if count_text:
            if not count_text.isdigit() or not 1 <= int(count_text) <= MAX_SHARDS:
                raise ValueError(
                    f"DIPLOMACY_SHARD_COUNT must be a whole number from 1 to {MAX_SHARDS}, not {count_text[:40]!r}"
                )
            count = int(count_text)
        if not ids_text:  # all of them: one process runs every shard
            return cls(count, frozenset(range(count)))
        return cls(count, parse_ranges(ids_text, count))


def parse_ranges(text: str, count: int) -> frozenset[int]:
    """``0-3,8`` -> {0, 1, 2, 3, 8}, each below ``count`` (ValueError with one line)."""
    found: set[int] = set()
    for part in text.replace(" ", "").split(","):
        first, dash, last = part.partition("-")
        if not first.isdigit() or (dash and not last.isdigit()):
            raise ValueError(f"DIPLOMACY_SHARDS must list shard ids like 0-3 or 0,2,5, not {text[:40]!r}")
        low, high = int(first), int(last) if dash else int(first)
        if low > high or high >= count:
            raise ValueError(
                f"DIPLOMACY_SHARDS {text[:40]!r} names shards past {count - 1}: with "
                f"DIPLOMACY_SHARD_COUNT={count} the shards are 0 to {count - 1}"
            )
        found.update(range(low, high + 1))
    return frozenset(found)
