"""The server's leaderboard and its seasons (issue 15).

``/leaderboard``: every player who finished a scored game on the server, with the games they
played, their wins and draws (:class:`bot.core.endgame.scoring.PlayerResult`), their average score
and their reliability. The **average score** is the mean of the player's *share* of each
game's points, in percent, so games scored by different systems count alike (every system
gives out 100%: a solo is 100, a draw of four 25 each; Carnage's thousands become their share
of the game's total). **Reliability** is the share of the phases with orders due in which the
player gave orders (:mod:`bot.core.seats.civil`), over the same games. Best average first, then
most games, then most wins. Shown a page at a time (:data:`PAGE_SIZE` players).

Which games count: the server's finished games that were scored, but not those a moderator
excluded (a test game: ``/mod exclude``). **Seasons** (``/mod season start|end``): a game
counts in the season that was open when it ended; while a season is open the leaderboard
shows it by default, otherwise every game ("all time"); any season can be asked for.

Server moderators (Manage Server, or the server's moderator role) start and end seasons and
exclude games; each exclusion is written to the game's audit log.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from bot.core.deps import Deps
from bot.core.errors import UserError
from bot.core.naming import game_name
from bot.core.types import Actor
from bot.infra.storage import Tx
from bot.infra.storage.endings import ScoredGame, SeasonRow, StandingRow
from engine.variants import STANDARD_VARIANT, VARIANTS

PAGE_SIZE = 10
ALL_TIME = "all"  # the ``season`` option's value for every game


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's line on the leaderboard."""

    rank: int
    user_id: int
    games: int
    wins: int
    draws: int
    average: float  # percent of each game's points, on average
    reliability: float | None  # percent of phases with orders due they ordered in (None: none due)


@dataclass(frozen=True, slots=True)
class LeaderboardPage:
    guild_id: int
    season: SeasonRow | None  # None: every game of the server
    rows: tuple[Standing, ...]
    page: int  # 0-based
    pages: int
    players: int
    variant: str = "standard"  # issue 25: each variant has its own leaderboard

    @property
    def scope(self) -> str:
        """The ``season`` option value that shows this leaderboard again."""
        return str(self.season.id) if self.season is not None else ALL_TIME


def ranked(rows: list[StandingRow]) -> list[Standing]:
    """Best average first, then most games, most wins; equal players share a rank."""
    order = sorted(rows, key=lambda r: (-round(r.average, 6), -r.games, -r.wins, r.user_id))
    out: list[Standing] = []
    for i, r in enumerate(order):
        tied = out and (round(r.average, 6), r.games, r.wins) == (
            round(out[-1].average, 6),
            out[-1].games,
            out[-1].wins,
        )
        rank = out[-1].rank if tied else i + 1
        reliability = 100 * (r.phases - r.missed) / r.phases if r.phases else None
        out.append(Standing(rank, r.user_id, r.games, r.wins, r.draws, r.average, reliability))
    return out


async def server_moderator(tx: Tx, guild_id: int, actor: Actor) -> bool:
    """Manage Server, or the server's moderator role."""
    if actor.can_manage:
        return True
    role = await tx.mod_role(guild_id)
    return role is not None and role in actor.role_ids


class Leaderboard:
    def __init__(self, deps: Deps) -> None:
        self.deps = deps

    async def page(
        self, guild_id: int, season: str | None = None, page: int = 0, variant: str = STANDARD_VARIANT
    ) -> LeaderboardPage:
        """One page of the leaderboard of ``season``: a season's id or name, or
        :data:`ALL_TIME`; None: the open season if there is one, else all time. ``variant``:
        the standard game's leaderboard, or a duel's (issue 25)."""
        if variant not in VARIANTS:
            raise UserError("create.bad_variant")
        async with self.deps.storage.read() as tx:
            chosen = await self._season(tx, guild_id, season)
            rows = ranked(await tx.standings(guild_id, chosen.id if chosen is not None else None, variant))
        pages = max(1, math.ceil(len(rows) / PAGE_SIZE))
        page = min(max(page, 0), pages - 1)
        shown = tuple(rows[page * PAGE_SIZE : (page + 1) * PAGE_SIZE])
        return LeaderboardPage(guild_id, chosen, shown, page, pages, len(rows), variant)

    @staticmethod
    async def _season(tx: Tx, guild_id: int, season: str | None) -> SeasonRow | None:
        if season is None or not season.strip():
            return await tx.open_season(guild_id)
        text = season.strip()
        if text.lower() == ALL_TIME:
            return None
        found = await tx.season(int(text)) if text.isdigit() else None
        if found is None or found.guild_id != guild_id:
            found = await tx.season_named(guild_id, text)
        if found is None:
            raise UserError("season.unknown", text=text)
        return found

    async def seasons(self, guild_id: int) -> list[SeasonRow]:
        async with self.deps.storage.read() as tx:
            return await tx.seasons(guild_id)

    async def start_season(self, guild_id: int, actor: Actor, name: str, *, action: int | None = None) -> SeasonRow:
        try:
            name = game_name(name)
        except UserError:
            raise UserError("season.bad_name") from None
        async with self.deps.storage.write(action) as tx:
            await self._check(tx, guild_id, actor)
            current = await tx.open_season(guild_id)
            if current is not None:
                raise UserError("season.still_open", text=current.name)
            if await tx.season_named(guild_id, name) is not None:
                raise UserError("season.name_taken", text=name)
            season = await tx.season(await tx.start_season(guild_id, name, self.deps.now()))
        assert season is not None
        return season

    async def end_season(self, guild_id: int, actor: Actor, *, action: int | None = None) -> SeasonRow:
        async with self.deps.storage.write(action) as tx:
            await self._check(tx, guild_id, actor)
            current = await tx.open_season(guild_id)
            if current is None:
                raise UserError("season.none_open")
            await tx.end_season(current.id, self.deps.now())
            ended = await tx.season(current.id)
        assert ended is not None
        return ended

    async def scored_games(self, guild_id: int) -> list[ScoredGame]:
        """The server's finished, scored games, the latest first (the ``game`` menu)."""
        async with self.deps.storage.read() as tx:
            return await tx.scored_games(guild_id)

    async def exclude(
        self, guild_id: int, actor: Actor, game_id: int | None, excluded: bool = True, *, action: int | None = None
    ) -> tuple[str, bool]:
        """Leave a finished game out of the leaderboard (``excluded``), or count it again;
        returns the game's name and whether anything changed."""
        async with self.deps.storage.write(action) as tx:
            await self._check(tx, guild_id, actor)
            game = await tx.game(game_id) if game_id is not None else None
            result = await tx.result(game.id) if game is not None else None
            if game is None or result is None or result.guild_id != guild_id:
                raise UserError("season.unknown_game")
            changed = result.excluded != excluded
            if changed:
                await tx.set_excluded(game.id, excluded)
                await tx.add_audit(
                    game.id, result.phase, actor.user_id, "exclude" if excluded else "include", {}, self.deps.now()
                )
        return game.name, changed

    @staticmethod
    async def _check(tx: Tx, guild_id: int, actor: Actor) -> None:
        if not await server_moderator(tx, guild_id, actor):
            raise UserError("season.not_allowed")
