"""The order in which a deadline storm's games are resolved (issue 13).

When many games fall due at once, each player gets one DM for all of their games
(:mod:`bot.discord.poster`), and that DM may only go once every one of those games has
posted its results in its channel (the order of :mod:`bot.core.posts`). Channel posts
are the slow part of a storm (each carries two maps to draw), and they go out in the
order the games were resolved. Resolved in due order, a player's games are scattered
over the whole storm, so almost no DM is ready before the last channel posts: Discord's
requests per second then go half unused while the maps are drawn, and the DMs all queue
at the end.

:func:`order` resolves first the games that finish players' storms: at each step the game
that completes the most players' sets of due games (then the one that touches the most
players already begun, then the earliest due). The DMs then become ready all through the
storm and go out between the channel posts, and a player waits for their DM only as long
as their own games take. Pure and bounded: at most a few passes over each player's games
(about ``players × games per player²`` heap operations), run off the event loop."""

from __future__ import annotations

import heapq
from collections.abc import Collection, Mapping, Sequence


def order(games: Sequence[int], seats: Mapping[int, Collection[int]]) -> list[int]:
    """``games`` (due order) reordered so that players' sets of games complete early.
    ``seats``: the users of each game (a game missing from it has nobody to wait for)."""
    position = {g: i for i, g in enumerate(games)}  # ties: the earlier due first
    players: dict[int, frozenset[int]] = {g: frozenset(seats.get(g, ())) for g in position}
    games_of: dict[int, list[int]] = {}
    for g, users in players.items():
        for u in users:
            games_of.setdefault(u, []).append(g)
    left = {u: len(gs) for u, gs in games_of.items()}  # each player's games not yet placed

    def key(g: int) -> tuple[int, int, int]:
        users = players[g]
        completes = sum(1 for u in users if left[u] == 1)
        begun = sum(1 for u in users if left[u] < len(games_of[u]))
        return (-completes, -begun, position[g])

    heap = [key(g) + (g,) for g in position]
    heapq.heapify(heap)
    placed: set[int] = set()
    out: list[int] = []
    while heap:
        *k, g = heapq.heappop(heap)
        if g in placed:
            continue
        if tuple(k) != key(g):  # pushed before its score changed: the newer entry counts
            continue
        placed.add(g)
        out.append(g)
        touched: set[int] = set()
        for u in players[g]:
            left[u] -= 1
            touched.update(games_of[u])
        for h in touched - placed:
            heapq.heappush(heap, key(h) + (h,))
    return out
