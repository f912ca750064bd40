"""Scoring at every ending (issue 15): each game's scoring system and last year, chosen at
``/game create``, and what happens when a game ends, however it ends: a solo (at a
resolution), an agreed draw, a concession, its last year played, or a moderator's ``/mod
end``. In the transaction that ends the game, :func:`game_over` scores it by its system
(:mod:`engine.scoring`), stores how it ended and every player's score, share of the game's
points, result and reliability (the leaderboard's record, in the season open on the server),
and stores the final post: the scores, each player's reliability in the game, and the
supply-centre chart over time (drawn by the poster from the stored phases).

**The year limit** (``end:1910``): the game ends once that year has been played, at the
resolution whose next phase would fall in a later year. That is after the Winter
adjustments of 1910, or after the Fall 1910 moves (or retreats) when nobody has builds or
disbands (the engine skips an empty Winter). The game stops at the board of Spring 1911,
which is never played: the final board shows the Winter's builds, and the scores count the
centres as they stood at the end of Fall 1910 (centres change hands only at the end of a
Fall turn). A solo in Fall 1910 ends the game as a solo.

**Games for fewer players**: scores are per power and each player's is the sum of their
powers' (:meth:`engine.scoring.Scores.by_seat`); in the two-player game the seats are scored
as sides (:func:`engine.scoring.sides_of`), as its victory counts a seat's centres together.

**Results**, for the leaderboard: a *win* is a solo or the concession of the others; a
*draw* is a share in an agreed draw. A game stopped at its last year or by a moderator has
neither: its survivors *survived* (the draw-size system still scores them as a draw of all
survivors, as DIAS has it, and its rule says so; but nobody agreed to a draw, and a result
that changed with the scoring system would make the leaderboard's draws mean different
things in different games).

Scoring never stops a game from ending: if it fails (a bug), the failure is logged with the
game's id, the game ends and the final post is left out.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from bot.core import context, posts, press
from bot.core.context import powers_of, setup_of
from bot.core.deps import Deps
from bot.core.endings import EndingKind
from bot.core.errors import UserError
from bot.core.posts import PostKind
from bot.core.types import Actor, GameStatus, MapSpec
from bot.infra.storage import GameRow, Tx
from bot.infra.storage.endings import ResultRow, ScoreRow
from engine import Phase, Position, Power
from engine.codec import position_from_json
from engine.history import end_to_json
from engine.scoring import Ending, GameEnd, Scores, System, round_half_up, score, sides_of

log = logging.getLogger(__name__)

DEFAULT_SYSTEM = System.SUM_OF_SQUARES
MAX_YEARS = 100  # the latest last year: this many years after the game's first


@dataclass(frozen=True, slots=True)
class EndRules:
    """How a game ends and is scored: its scoring system and its last year (None: none)."""

    system: System = DEFAULT_SYSTEM
    last_year: int | None = None

    def over_after(self, next_phase: Phase) -> bool:
        """The last year has been played when the next phase to play falls after it."""
        return self.last_year is not None and next_phase.year > self.last_year

    @classmethod
    def chosen(cls, scoring: str | None, last_year: int | None) -> EndRules:
        """The rules as chosen at ``/game create`` (None: the default system, no limit)."""
        try:
            system = System(scoring) if scoring else DEFAULT_SYSTEM
        except ValueError:
            raise UserError("create.bad_scoring", text=str(scoring)) from None
        return cls(system, last_year)


def choose_rules(scoring: str | None, last_year: int | None, start_year: int) -> EndRules:
    """The rules a game is created with, checked: a system the engine knows, and a last
    year from the game's first year to :data:`MAX_YEARS` years on."""
    rules = EndRules.chosen(scoring, last_year)
    latest = start_year + MAX_YEARS - 1
    if last_year is not None and not start_year <= last_year <= latest:
        raise UserError("create.bad_last_year", year=last_year, first=start_year, latest=latest)
    return rules


async def keep_rules(tx: Tx, game_id: int, rules: EndRules) -> None:
    await tx.set_end_rules(game_id, rules.system.value, rules.last_year)


async def rules_of(tx: Tx, game: GameRow) -> EndRules:
    """The game's rules (a game created before they existed: the default, no limit)."""
    found = await tx.end_rules(game.id)
    return EndRules(System(found[0]), found[1]) if found is not None else EndRules()


class PlayerResult(StrEnum):
    """What a game came to for one player (the most of it, for a player of several powers)."""

    WIN = "win"
    DRAW = "draw"
    SURVIVED = "survived"
    CONCEDED = "conceded"
    ELIMINATED = "eliminated"


@dataclass(frozen=True, slots=True)
class PlayerScore:
    """One player's end of a game: their powers, centres, points (the sum of their powers'),
    share of all the game's points in percent, and result."""

    user_id: int
    powers: tuple[Power, ...]
    centres: int
    points: Fraction
    share: Fraction
    result: PlayerResult


def result_of(powers: Collection[Power], end: GameEnd) -> PlayerResult:
    mine = set(powers)
    if mine & end.winners:
        return PlayerResult.WIN
    if end.ending is Ending.DRAW and mine & (end.drawn or (end.survivors - end.conceded)):
        return PlayerResult.DRAW
    if mine & end.conceded:
        return PlayerResult.CONCEDED
    if mine & end.survivors:
        return PlayerResult.SURVIVED
    return PlayerResult.ELIMINATED


def score_game(
    game: GameRow,
    position: Position,
    kind: EndingKind,
    system: System,
    seats: Mapping[int, Sequence[Power]],
    *,
    winners: Iterable[Power] = (),
    drawn: Iterable[Power] = (),
    conceded: Iterable[Power] = (),
    eliminated: Mapping[Power, int] | None = None,
    bots: Collection[Power] = (),
) -> tuple[GameEnd, Scores, list[PlayerScore]]:
    """Score a game that ended at ``position`` (pure). ``seats``: each player's powers (the
    powers that took part); ``bots``: the powers bots played (issue 23): scored as any power
    that took part, so a player's share is of the whole game (a game against bots is no
    easier way to the leaderboard's top), but no player's; ``conceded``: powers whose player
    conceded (out of a draw); ``eliminated``: the year each eliminated power went out. The
    players come best first."""
    powers = sorted({pw for seat in seats.values() for pw in seat} | set(bots), key=list(Power).index)
    scored = frozenset(powers)  # a neutral power nobody plays is not scored
    out = frozenset(conceded) & scored
    end = GameEnd.from_position(
        position,
        Ending(kind.value),
        powers,
        winners=frozenset(winners) & scored,
        drawn=(frozenset(drawn) & scored) - out,
        conceded=out,
        eliminated={p: y for p, y in (eliminated or {}).items() if p in powers},
    )
    scores = score(end, system, sides_of(setup_of(game), game.toss_winner))
    total = scores.total
    players = []
    for user, mine, points in zip(seats, seats.values(), scores.by_seat(list(seats.values())), strict=True):
        share = points * 100 / total if total else Fraction(0)
        centres = sum(end.centres.get(p, 0) for p in mine)
        players.append(PlayerScore(user, tuple(mine), centres, points, share, result_of(mine, end)))
    players.sort(key=lambda s: (-s.points, -s.centres, s.user_id))
    return end, scores, players


def shown(points: Fraction, system: System) -> str:
    """A score as posted: whole Carnage points, two decimals otherwise (halves up)."""
    return str(round_half_up(points, 0 if system is System.CARNAGE else 2))


async def game_over(
    tx: Tx,
    game: GameRow,
    kind: EndingKind,
    now: float,
    *,
    winners: Iterable[Power] = (),
    drawn: Iterable[Power] = (),
    by: int | None = None,
) -> None:
    """The game ends (inside the transaction that ends it; ``game``'s position is the final
    board): the ending's own post when nobody else says it (the last year, a moderator's
    end) and its DMs, the scores stored, and the final post. ``winners``: a solo's or the
    power conceded to; ``drawn``: the powers of an agreed draw; ``by``: the moderator."""
    position = position_from_json(game.position or {})
    phase = str(position.phase)
    players = await tx.players(game.id)
    rules = await rules_of(tx, game)
    if kind is EndingKind.YEAR_LIMIT:
        await posts.channel(tx, game, phase, now, PostKind.GAME_YEAR_LIMIT, year=rules.last_year, map=MapSpec(phase))
        await tx.add_audit(game.id, phase, None, "year_limit", {"year": rules.last_year}, now)
    elif kind is EndingKind.MODERATOR:
        await posts.channel(tx, game, phase, now, PostKind.GAME_ENDED, mod=by, map=MapSpec(phase))
        await tx.add_audit(game.id, phase, by, "end", {}, now)
    seats = {p.user_id: powers_of(game, p) for p in sorted(players, key=lambda p: p.seat or 0) if powers_of(game, p)}
    states = await tx.power_states(game.id)
    gone = {Power(pw): Phase.parse(at).year for pw, at in (await tx.eliminations(game.id)).items()}
    bots = sorted((Power(s.power) for s in states.values() if s.bot is not None), key=list(Power).index)
    try:
        end, scores, scored = score_game(
            game,
            position,
            kind,
            rules.system,
            seats,
            winners=winners,
            drawn=drawn,
            conceded=[Power(s.power) for s in states.values() if s.conceded],
            eliminated=gone,
            bots=bots,
        )
    except Exception:  # a game always ends; a bug in scoring must not keep it going
        log.exception("scoring game %s (%s) at %s failed; it ends without scores", game.id, kind.value, phase)
        end, scores, scored = None, None, []
    season = await tx.open_season(game.guild_id)
    await tx.put_result(
        ResultRow(
            game.id,
            game.guild_id,
            kind.value,
            phase,
            end_to_json(end, scores) or {},
            season.id if season is not None else None,
            False,
            by,
            now,
        ),
        [
            ScoreRow(s.user_id, tuple(p.value for p in s.powers), s.centres, str(s.points), float(s.share), s.result)
            for s in scored
        ],
    )
    if scores is not None and end is not None:
        await _final_post(tx, game, phase, now, kind, rules.system, scored, _bot_rows(end, scores, bots))
    if game.fog:  # issue 25: the fog lifts: the whole history, every order of every phase
        await posts.channel(tx, game, phase, now, PostKind.FOG_REVEAL, phase=phase, map=MapSpec(phase, history=True))
    # the DMs after the channel's posts: they send the players there
    if kind in (EndingKind.YEAR_LIMIT, EndingKind.MODERATOR):
        for p in players:
            await posts.dm(tx, game, phase, now, p.user_id, PostKind.DM_GAME_ENDED, ending=kind.value)


async def score_unscored(tx: Tx) -> list[int]:
    """Games that finished before scores were kept (a database of the first release, schema
    version 4: no ``game_results``) are scored now from their final board, as they ended
    (a solo, an agreed draw, a concession), so the leaderboard and ``/game status`` count
    them. Nothing is posted: the games ended long ago. The first release's draws named
    powers that did not share the draw; a draw is recomputed here, as a draw is now: the
    powers somebody played that were still on the final board. The ids of the games scored."""
    done = []
    for game in await tx.finished_games_unscored():
        position = position_from_json(game.position or {})
        players = await tx.players(game.id)
        seats = {
            p.user_id: powers_of(game, p) for p in sorted(players, key=lambda p: p.seat or 0) if powers_of(game, p)
        }
        if not seats:
            continue
        agreed = await tx.ending(game.id)
        winners: tuple[Power, ...] = ()
        drawn: tuple[Power, ...] = ()
        if agreed is not None:
            kind, at = EndingKind(agreed[0]), agreed[2]
        else:
            kind = EndingKind.SOLO
            last = await tx.last_resolved_phase(game.id)
            row = await tx.phase(game.id, last) if last is not None else None
            at = row.resolved_at if row is not None and row.resolved_at is not None else game.created_at
        if kind is EndingKind.DRAW:
            played = {pw for mine in seats.values() for pw in mine}
            drawn = tuple(pw for pw in Power if pw in played and (position.units_of(pw) or position.centres_of(pw)))
            await tx.set_ending_powers(game.id, ",".join(pw.value for pw in drawn))
        else:
            codes = agreed[1] if agreed is not None else game.winner
            winners = tuple(Power(c) for c in (codes or "").split(",") if c)
        states = await tx.power_states(game.id)
        gone = {Power(pw): Phase.parse(when).year for pw, when in (await tx.eliminations(game.id)).items()}
        rules = await rules_of(tx, game)
        try:
            end, scores, scored = score_game(
                game,
                position,
                kind,
                rules.system,
                seats,
                winners=winners,
                drawn=drawn,
                conceded=[Power(s.power) for s in states.values() if s.conceded],
                eliminated=gone,
            )
        except Exception:  # one game that cannot be scored must not keep the others out
            log.exception("scoring game %s, finished before scores were kept, failed; left out", game.id)
            continue
        season = await tx.open_season(game.guild_id)
        in_season = season is not None and season.started_at <= at
        await tx.put_result(
            ResultRow(
                game.id,
                game.guild_id,
                kind.value,
                str(position.phase),
                end_to_json(end, scores) or {},
                season.id if season is not None and in_season else None,
                False,
                None,
                at,
            ),
            [
                ScoreRow(
                    s.user_id, tuple(p.value for p in s.powers), s.centres, str(s.points), float(s.share), s.result
                )
                for s in scored
            ],
        )
        done.append(game.id)
    if done:
        log.info("scored %d game(s) that finished before scores were kept: %s", len(done), done)
    return done


def _bot_rows(end: GameEnd, scores: Scores, bots: Sequence[Power]) -> list[PlayerScore]:
    """The bots' powers' lines of the final post (user 0: nobody's; stored nowhere else)."""
    total = scores.total
    out = []
    for power in bots:
        points = scores.points.get(power, Fraction(0))
        share = points * 100 / total if total else Fraction(0)
        out.append(PlayerScore(0, (power,), end.centres.get(power, 0), points, share, result_of((power,), end)))
    return out


async def _final_post(
    tx: Tx,
    game: GameRow,
    phase: str,
    now: float,
    kind: EndingKind,
    system: System,
    scored: list[PlayerScore],
    bots: Sequence[PlayerScore] = (),
) -> None:
    """The scores, best first, each player's reliability in the game, the centre chart;
    the bots' powers among them, labelled (issue 23: they take no place on the leaderboard,
    but the table shows whom the players lost or drew to)."""
    record = await tx.game_reliability(game.id)
    rows: list[dict[str, object]] = []
    for s in sorted([*scored, *bots], key=lambda s: (-s.points, -s.centres)):  # stable: players first on a tie
        row: dict[str, object] = {
            "powers": [p.value for p in s.powers],
            "centres": s.centres,
            "score": shown(s.points, system),
            "result": s.result.value,
        }
        if s in bots:
            row["bot"] = True
        else:
            missed, due = record.get(s.user_id, (0, 0))
            row |= {"user": s.user_id, "phases": due, "ordered": due - missed}  # phases with orders due, ordered
        rows.append(row)
    await posts.channel(
        tx,
        game,
        phase,
        now,
        PostKind.GAME_SCORES,
        system=system.value,
        ending=kind.value,
        rows=rows,
        map=MapSpec(phase, chart=True),
    )


ModeratorCheck = Callable[[Tx, GameRow, Actor], Awaitable[bool]]
"""Whether an actor moderates a game (:meth:`bot.core.play.moderation.Moderation.is_moderator`)."""


class Endings:
    """``/mod end``: a moderator ends the game of this channel; it is scored as it stands."""

    def __init__(self, deps: Deps, is_moderator: ModeratorCheck) -> None:
        self.deps = deps
        self.is_moderator = is_moderator

    async def end(self, channel_id: int, actor: Actor, *, action: int | None = None) -> GameRow:
        async with self.deps.storage.write(action) as tx:
            game = await context.channel_game(tx, channel_id)
            if not await self.is_moderator(tx, game, actor):
                raise UserError("mod.not_allowed", game=game.name)
            if game.status != GameStatus.ACTIVE:
                raise UserError("mod.status_active", game=game.name)
            await tx.clear_pause(game.id)
            await tx.close_draw(game.id)
            await tx.finish_by_agreement(game.id, None)
            await game_over(tx, game, EndingKind.MODERATOR, self.deps.now(), by=actor.user_id)
            await press.game_over(tx, game.id, self.deps.now())  # the reveal; press channels read only
        self.deps.changed(timers=True, posts=True)
        return game
