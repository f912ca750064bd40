"""A game's history (issue 15): ``/game history`` and the final post's centre chart, built
from the phases the bot stored as the game was played, never adjudicated again.

- the **document** (``docs/history-format.md``, :class:`engine.history.History`): the game's
  settings, every stored phase with the position at its start and every order's result,
  and, once it is over, how it ended and its scores as they were stored at the end;
- the **animated GIF** of every stored phase (one frame each: the played phases with their
  orders, then the board where the game stands or stopped), within the size the caller
  can send, and the **supply-centre chart** over the years; both drawn in the map workers
  (:meth:`bot.infra.maps.MapCache.run`), never on the event loop. The last GIFs made are
  kept (a finished game's never changes).

A running game's history ends at its current phase, as the board at its start: the orders
given for it are not read, so nobody's pending orders are ever shown. A phase without
results before the last one (a scenario written into the database by hand, never a
played game) is left out, as the format allows only the last phase to be unplayed.
"""

from __future__ import annotations

import asyncio
import hashlib
from collections import OrderedDict
from dataclasses import dataclass

import bot.core.endgame.scoring as scoring
from bot.core import context, fog
from bot.core.context import setup_of
from bot.core.deps import Deps
from bot.core.errors import UserError
from bot.infra import records
from bot.infra.storage import GameRow, Tx
from engine import Phase
from engine.history import GameInfo, History, end_from_json

KEPT_GIFS = 4  # the GIFs kept in memory (a few MB each)


@dataclass(frozen=True, slots=True)
class HistoryRequest:
    """A ``/game history`` that passed its checks: the game and its history."""

    game: GameRow
    history: History


@dataclass(frozen=True, slots=True)
class HistoryFiles:
    """What ``/game history`` sends: the document's text, and the GIF (None when even the
    smallest GIF is bigger than the caller may send)."""

    game: GameRow
    history: History
    document: str
    gif: records.Gif | None


@dataclass(frozen=True, slots=True)
class Chart:
    """The supply-centre chart of a game: the PNG and what it plots (per year, each power's
    centres at the start of the year)."""

    game: GameRow
    png: bytes
    counts: tuple[tuple[int, dict[str, int]], ...]


async def history_of(tx: Tx, game: GameRow) -> History:
    """The game's history from its stored phases (see the module docstring)."""
    rows = sorted(await tx.phase_records(game.id), key=lambda r: Phase.parse(r[0]["phase"]))
    rows = [r for i, r in enumerate(rows) if r[1] is not None or i == len(rows) - 1]
    rules = await scoring.rules_of(tx, game)
    result = await tx.result(game.id)
    end, scores = end_from_json(result.detail) if result is not None and result.detail else (None, None)
    info = GameInfo(
        game.name,
        game.players,
        game.language,
        game.toss_winner,
        rules.last_year,
        rules.system,
        {
            "movement": game.movement,
            "retreat": game.retreat,
            "adjustment": game.adjustment,
            "civil_disorder_after": await tx.cd_policy(game.id),
        },
        variant=game.variant,  # issue 25
        fog=game.fog,
    )
    return History.from_rows(info, rows, end, scores)


class GameHistory:
    def __init__(self, deps: Deps) -> None:
        self.deps = deps
        self._gifs: OrderedDict[str, records.Gif | None] = OrderedDict()
        self._making = asyncio.Lock()  # one GIF at a time: it is long work for the map workers

    async def request(
        self,
        channel_id: int | None,
        user_id: int | None = None,
        *,
        game_id: int | None = None,
        guild_id: int | None = None,
    ) -> HistoryRequest:
        """``/game history`` checked: the channel's game (or its last one; from a DM the
        caller's: :func:`bot.core.context.viewed_game`) has started."""
        async with self.deps.storage.read() as tx:
            game = await context.viewed_game(tx, user_id, game_id, channel_id, guild_id)
            fog.refuse_board(game)  # issue 25: hidden until the end
            if game.phase is None:
                raise UserError("map.not_started", game=game.name)
            return HistoryRequest(game, await history_of(tx, game))

    async def request_of(self, game_id: int) -> HistoryRequest | None:
        """The history of one game by its id (a Fog of War game's reveal: issue 25); None
        for a game that is gone."""
        async with self.deps.storage.read() as tx:
            game = await tx.game(game_id)
            if game is None or game.phase is None:
                return None
            return HistoryRequest(game, await history_of(tx, game))

    async def files(self, request: HistoryRequest, max_bytes: int) -> HistoryFiles:
        """The document and the GIF of a checked request (the GIF at most ``max_bytes``)."""
        history = request.history
        document = history.to_text(indent=1)
        key = hashlib.sha256(f"{max_bytes}\n{document}".encode()).hexdigest()
        async with self._making:
            if key in self._gifs:
                self._gifs.move_to_end(key)
                gif = self._gifs[key]
            else:
                gif = await self.deps.maps.run(
                    records.history_gif, history.to_json(), language=history.game.language, max_bytes=max_bytes
                )
                self._gifs[key] = gif
                while len(self._gifs) > KEPT_GIFS:
                    self._gifs.popitem(last=False)
        return HistoryFiles(request.game, history, document, gif)

    async def chart(self, game_id: int) -> Chart | None:
        """The game's supply-centre chart (None for a game that is gone)."""
        async with self.deps.storage.read() as tx:
            game = await tx.game(game_id)
            if game is None:
                return None
            history = await history_of(tx, game)
        counts = tuple((year, {p.value: n for p, n in c.items()}) for year, c in history.centres_by_year())
        setup = setup_of(game)
        png = await self.deps.maps.run(
            records.centre_chart,
            counts,
            language=game.language,
            title=game.name,
            # a line at the centres one power needs to win (none where a seat's powers win together)
            win_centres=None if setup.win_by_seat else setup.win_centres,
        )
        return Chart(game, png, counts)
