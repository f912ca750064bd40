"""Convoy routes that the fleets on the board make possible, whatever their orders.

Used to tell legal from illegal orders (DATC 4.E.1: an army ordered to a non-adjacent
province with no chain of fleets that could carry it is illegal (6.D.32); a support for
a move only the supporter itself could convoy is illegal (6.D.31); a convoy order from a
fleet that no minimal route needs is illegal (6.G.19)) and to offer order menus.
"""

from __future__ import annotations

from engine.map import Map

_MAX_STEPS = 5000


def convoy_routes(game_map: Map, army: str, fleets: set[str] | frozenset[str]) -> dict[str, list[frozenset[str]]]:
    """For an army in coastal province ``army``: destination -> the minimal routes there,
    each the set of sea provinces (all in ``fleets``) whose fleets would carry it. A route
    is minimal when no fleet of it could be left out."""
    found: dict[str, set[frozenset[str]]] = {}
    adj = game_map.adjacent_provinces
    coastal = game_map.coastal
    budget = [_MAX_STEPS]

    def walk(sea: str, path: list[str]) -> None:
        if budget[0] <= 0:
            return
        budget[0] -= 1
        for n in adj(sea):
            if n in fleets:
                if n not in path:
                    path.append(n)
                    walk(n, path)
                    path.pop()
            elif n != army and n in coastal:
                found.setdefault(n, set()).add(frozenset(path))

    for sea in sorted(adj(army)):
        if sea in fleets:
            walk(sea, [sea])
    out: dict[str, list[frozenset[str]]] = {}
    for dest, routes in found.items():
        minimal = [r for r in routes if not any(other < r for other in routes)]
        out[dest] = sorted(minimal, key=lambda r: (len(r), sorted(r)))
    return out
