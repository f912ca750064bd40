"""Fog of War in the bot (issue 25): what a game played with fog shows, and to whom.

The rule is the engine's (:mod:`engine.fog`): a power sees its units' and centres'
provinces and their neighbours. Here, what follows for the bot while the game is played
(at the end everything is revealed, as on the variant sites):

* the game channel carries deadlines and what is public only: that a phase was resolved,
  and each power's supply-centre count (never units, orders, results or a board);
* each player gets one direct message per phase: what they saw of the phase just played
  (their own orders and those given in their sight, with results), what they owe now, and
  their map drawn with the fog (:func:`bot.core.status.fronts.phase_pictures`);
* the whole board (``/game map``, ``/game board``, ``/game history``) is refused until the
  end (:func:`refuse_board`), and every picture or description of a phase for a player is
  made from what that player may see only (:func:`shown_position`).

Fog games have one power per player (5, 6 or 7 players, or a duel), so a player's sight is
their power's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.core.errors import UserError
from bot.core.types import GameStatus
from bot.infra.maps import fogged_inputs
from bot.infra.storage import GameRow
from engine import Position, Power
from engine.fog import order_seen, visible_provinces
from engine.results import PhaseOutcome
from engine.variants import setup_for


def active(game: GameRow) -> bool:
    """The game is played with fog and is not over yet (then everything is revealed)."""
    return bool(game.fog) and game.status != GameStatus.FINISHED


def check_setup(players: int, variant: str) -> None:
    """Fog needs one power per player: refuse a game where a seat plays several."""
    if any(len(seat) > 1 for seat in setup_for(players, variant).seats):
        raise UserError("create.fog_one_power")


def refuse_board(game: GameRow) -> None:
    """The whole board of a fog game is nobody's to see before the end."""
    if active(game):
        raise UserError("fog.board_hidden", game=game.name)


def hidden_from(game: GameRow, position: Position, powers: Sequence[Power]) -> frozenset[str]:
    """The provinces out of the sight of ``powers`` (none when the game has no fog)."""
    if not active(game) or not powers:
        return frozenset()
    seen: set[str] = set()
    for power in powers:
        seen |= visible_provinces(position, power)
    return frozenset(position.map.provinces) - seen


def shown_position(game: GameRow, position: dict[str, Any], group: tuple[str, ...] | list[str]) -> dict[str, Any]:
    """The position as the reader of a picture of ``group`` (their powers) may see it: the
    whole position, or in a fog game being played, their power's sight only."""
    if not active(game) or not group:
        return position
    return fogged_inputs(position, None, group[0])[0]


# channel posts that end the game: the reveal, whole boards and all
_ENDINGS = {"game_won", "game_year_limit", "game_ended", "game_scores", "concession_win", "draw_agreed", "fog_reveal"}


def mask(
    kind: str, params: dict[str, Any], mentions: tuple[int, ...], has_map: bool
) -> tuple[str, dict[str, Any], tuple[int, ...], bool]:
    """A channel post of a fog game as the channel may show it: a phase's results become
    the bare news that it was resolved (no orders, no units, no pings: each player's DM
    says more); the centre table keeps the public counts without units; no board is
    attached before the end. Returns (kind, params, mentions, whether the map stays)."""
    if kind in _ENDINGS:
        return kind, params, mentions, has_map
    if kind == "phase_results":
        return "fog_resolved", {"game": params["game"], "phase": params["phase"]}, (), False
    if "centres" in params:
        params = {**params, "centres": [[power, n, None] for power, n, _ in params["centres"] if n]}
    return kind, params, mentions, False


def seen_results(outcome: PhaseOutcome, power: Power, results: list[dict[str, Any]]) -> dict[str, Any]:
    """What ``power`` saw of a phase (the parameters of its DM): the results of the orders it
    may see (``results``: the phase's results as stored, in the outcome's order) and the
    units destroyed in its sight."""
    before = visible_provinces(outcome.phase_position, power)
    after = visible_provinces(outcome.next, power)
    seen = [r for r, x in zip(results, outcome.results, strict=True) if order_seen(x.order, x.power, power, before)]
    destroyed = [[u.power.value, str(u)] for u in outcome.destroyed if u.province in before or u.province in after]
    return {"seen": seen, "destroyed": destroyed}
