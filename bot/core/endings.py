"""How a finished game ended, said the same way everywhere (``/game status``, a player's
``/order`` after the end): a solo victory (the engine's winner at a resolution), a draw
agreed by the surviving powers, the concession of every other player to the leader, the
game's last year played, or a moderator's end (the last two: :mod:`bot.core.endgame.scoring`);
with the powers it names and when it happened."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from bot.core import params as P
from bot.core.errors import UserError
from bot.core.types import GameStatus
from bot.infra.storage import GameRow, Tx
from engine import Power


class EndingKind(StrEnum):
    SOLO = "solo"  # a power reached the victory centres
    DRAW = "draw"  # shared by the surviving powers
    CONCESSION = "concession"  # every other player conceded to the leader
    YEAR_LIMIT = "year_limit"  # the game's last year was played
    MODERATOR = "moderator"  # a moderator ended the game


@dataclass(frozen=True, slots=True)
class Ending:
    kind: EndingKind
    powers: tuple[Power, ...]  # the winner, or the powers sharing the draw
    at: float  # when it ended


def _powers(codes: str | None) -> tuple[Power, ...]:
    return tuple(Power(c) for c in (codes or "").split(",") if c)


async def ending_of(tx: Tx, game: GameRow) -> Ending | None:
    """How ``game`` ended; None while it is not over."""
    if game.status != GameStatus.FINISHED:
        return None
    agreed = await tx.ending(game.id)
    if agreed is not None:
        kind, codes, at = agreed
        return Ending(EndingKind(kind), _powers(codes), at)
    # stopped at its last year or by a moderator: only the game's result says so
    result = await tx.result(game.id)
    if result is not None and result.ending in (EndingKind.YEAR_LIMIT, EndingKind.MODERATOR):
        return Ending(EndingKind(result.ending), (), result.ended_at)
    # a solo victory ends at the resolution that made it: the last phase resolved
    last = await tx.last_resolved_phase(game.id)
    row = await tx.phase(game.id, last) if last is not None else None
    at = row.resolved_at if row is not None and row.resolved_at is not None else game.created_at
    return Ending(EndingKind.SOLO, _powers(game.winner), at)


async def ended(tx: Tx, game: GameRow) -> UserError:
    """The refusal of an action in a game that is over: which game, how it ended, when."""
    ending = await ending_of(tx, game)
    if ending is None:
        return UserError("order.finished", game=game.name)
    return UserError(
        f"order.ended_{ending.kind.value}",
        game=game.name,
        powers=P.Powers(tuple(p.value for p in ending.powers)),
        when=P.Moment(ending.at),
    )


async def no_game(tx: Tx, user_id: int) -> UserError:
    """The refusal for a player with no game being played or forming: their last game's
    end when they had one ("You are not playing in any game" would leave them guessing)."""
    finished = await tx.games_of_user(user_id, (GameStatus.FINISHED.value,))
    if not finished:
        return UserError("order.no_games")
    return await ended(tx, finished[-1])
