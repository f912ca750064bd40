"""What ``/game status`` shows of a game's late policy (issue 15): its grace, whether a
power played by standby orders counts as missing the phase, the dates skipped, and each
player's record of phases played by standby orders and phases with grace."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from bot.infra.storage import GameRow, Tx
from bot.infra.storage.standby import LatePolicy


@dataclass(frozen=True, slots=True)
class LateStanding:
    """What ``/game status`` shows of it: the policy, who asked for grace, the dates
    skipped, and each player's (phases played by standby orders, phases with grace)."""

    policy: LatePolicy
    asked: tuple[int, ...]
    days_off: tuple[str, ...]
    records: Mapping[int, tuple[int, int]]


async def standing(tx: Tx, game: GameRow, users: Iterable[int]) -> LateStanding:
    users = tuple(users)
    return LateStanding(
        await tx.late_policy(game.id),
        tuple(sorted(await tx.grace_requests(game.id))),
        tuple(await tx.days_off(game.id)),
        await tx.late_record(game.guild_id, users),
    )
