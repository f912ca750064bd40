"""Kruijswijk's generic ``resolve`` (DATC v3.0 section 5.F, the guess algorithm).

The decisions themselves (move, support, convoy) are evaluated by an ``adjudicate``
callback that calls :meth:`Resolver.resolve` whenever it needs another decision.
``resolve`` memoises final results, detects cyclic dependencies, tries both guesses on
the ancestor of a cycle and, when the guesses disagree (no or two consistent solutions),
hands the cycle to the backup rule.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

Key = TypeVar("Key", bound=Hashable)  # a decision: the caller's choice of key


class Resolver(Generic[Key]):
    __slots__ = (
        "adjudicate",
        "backup_rule",
        "resolved",
        "resolution",
        "visited",
        "cycle",
        "guess_based",
        "recursion_hits",
    )

    def __init__(self, adjudicate: Callable[[Key], bool], backup_rule: Callable[[list[Key]], dict[Key, bool]]) -> None:
        self.adjudicate = adjudicate
        self.backup_rule = backup_rule
        self.resolved: dict[Key, bool] = {}
        self.resolution: dict[Key, bool] = {}
        self.visited: set[Key] = set()
        self.cycle: list[Key] = []
        self.guess_based = False
        self.recursion_hits = 0

    def resolve(self, key: Key) -> bool:
        done = self.resolved.get(key)
        if done is not None:
            return done
        if key in self.cycle:
            # part of a cycle being examined: the stored guess stands for now
            self.guess_based = True
            return self.resolution[key]
        if key in self.visited:
            # we came back to an order deeper in the recursion: a cyclic dependency
            self.cycle.append(key)
            self.guess_based = True
            self.recursion_hits += 1
            return self.resolution[key]

        self.visited.add(key)
        old_cycle_len = len(self.cycle)
        old_guess_based = self.guess_based
        self.guess_based = False
        old_recursion_hits = self.recursion_hits
        self.resolution[key] = False
        first = self.adjudicate(key)

        if not self.guess_based:
            self.guess_based = old_guess_based
            return self._final(key, first)

        if key in self.cycle:
            self.recursion_hits -= 1

        if self.recursion_hits == old_recursion_hits:
            # this order is the ancestor of the whole cycle: try the other guess
            del self.cycle[old_cycle_len:]
            self.resolution[key] = True
            second = self.adjudicate(key)
            if first == second:
                del self.cycle[old_cycle_len:]
                self.guess_based = old_guess_based
                return self._final(key, first)
            members = list(dict.fromkeys(self.cycle[old_cycle_len:] + [key]))
            for member, value in self.backup_rule(members).items():
                self._final(member, value)
            del self.cycle[old_cycle_len:]
            self.guess_based = old_guess_based
            self.visited.discard(key)
            return self.resolve(key)

        # returning from a cycle that does not start here: remember the provisional result
        if key not in self.cycle:
            self.cycle.append(key)
        self.resolution[key] = first
        self.visited.discard(key)
        return first

    def _final(self, key: Key, value: bool) -> bool:
        self.resolved[key] = value
        self.resolution[key] = value
        self.visited.discard(key)
        return value
