"""Post intents: what to post where, as data. Use cases never write message text: they
store a :class:`Post` in the outbox (in the transaction of the change it announces) with
a :class:`PostKind`, plain parameters (codes, numbers, user ids, lists: JSON), the
destination (the game's channel or one user's DMs), the users it may ping, and the map
it carries. ``bot.discord.poster`` renders it at send time with
``bot.text.posts.render(kind, params, language)``: channel posts in the game's language,
DMs in the reader's language of that moment.

The order of posts: posts to one destination go out in the order they are stored, and a
DM goes out only once every post to its game's channel stored before it is sent (or given
up). So a use case stores what the channel shows first (the results of a phase, then the
new phase), then the DMs it leads to (each player's new phase), and players never read
the next phase in their DMs before the channel shows what happened. The storage hands the
poster only posts whose turn has come (``bot.infra.storage``).

Shape for later work: a post names one destination and one kind, so the poster can merge
the due posts of one destination (one channel message per resolution, one DM per player
per phase start across their games) without the use cases changing; the order holds for
a merged DM when it waits for the channel posts of each of its games.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from bot.core import fog, secrecy
from bot.core.context import powers_of, rules_for
from bot.core.rules import orders_due
from bot.core.types import MapSpec
from bot.infra.maps import front_groups
from bot.infra.storage import GameRow, PlayerRow, Tx
from engine import Position, Power
from engine.codec import position_to_json
from engine.results import PhaseOutcome


class PostKind(StrEnum):
    # the game channel
    GAME_STARTED = "game_started"
    PHASE_RESULTS = "phase_results"
    FOG_RESOLVED = "fog_resolved"  # issue 25: a fog game's phase was resolved (results by DM)
    FOG_REVEAL = "fog_reveal"  # issue 25: a fog game is over: its whole history
    PHASE_STARTED = "phase_started"
    GAME_WON = "game_won"
    CD_DECLARED = "cd_declared"
    CD_LEFT = "cd_left"
    POWER_IDLE = "power_idle"  # a power without orders again, its player active: not declared
    STANDIN_TAKES = "standin_takes"  # issue 23: the caretaker plays a power in civil disorder
    STANDIN_LEFT = "standin_left"  # issue 23: ... and gives it back
    SEAT_ASKED = "seat_asked"  # issue 23: a player asks for an open seat (moderators decide)
    SEAT_TAKEN = "seat_taken"  # issue 23: a player took an open seat over
    SEAT_OFFERED = "seat_offered"  # issue 23: a player asks to leave: their seat is open
    ELIMINATED = "eliminated"
    DRAW_LAPSED = "draw_lapsed"
    DRAW_PROPOSED = "draw_proposed"
    DRAW_AGREED = "draw_agreed"
    CONCEDED = "conceded"
    CONCESSION_WIN = "concession_win"
    MOD_ACTION = "mod_action"  # params["action"]: paused, resumed, extended, ...
    DM_FAILED = "dm_failed"
    # how a game ends and its scores (issue 15: bot.core.endgame.scoring)
    GAME_YEAR_LIMIT = "game_year_limit"  # its last year was played
    GAME_ENDED = "game_ended"  # a moderator ended it
    GAME_SCORES = "game_scores"  # the final post: scores, reliability, the centre chart
    # press and settings (bot.core.press.mode): notices in press channels, relayed press, the reveal
    PRESS_NOTICE = "press_notice"  # to a press channel: params["state"]: open, closed, over
    PRESS_RELAY = "press_relay"  # an anonymous game's message, to a power's inbox channel
    PRESS_PUBLIC = "press_public"  # an anonymous game's public message, under the power's name
    PRESS_REVEAL = "press_reveal"  # the end of an anonymous game: who played whom
    PRESS_PROBLEM = "press_problem"  # to the moderators: a permission the press space needs
    SETTINGS_CHANGED = "settings_changed"
    GRACE_STARTED = "grace_started"  # issue 15: the deadline passed, the phase waits for late players
    # a player's DMs
    DM_PHASE_STARTED = "dm_phase_started"
    DM_FOG_PHASE = "dm_fog_phase"  # issue 25: what the player saw of a phase, what they owe, their map
    DM_GAME_OVER = "dm_game_over"
    DM_ELIMINATED = "dm_eliminated"
    DM_REMINDER = "dm_reminder"  # the player's own reminder (incomplete or complete)
    DM_MOD_REMINDER = "dm_mod_reminder"
    DM_REPLACEMENT = "dm_replacement"
    DM_REPLACED_OUT = "dm_replaced_out"
    DM_DRAW_PROPOSED = "dm_draw_proposed"
    DM_GAME_ENDED = "dm_game_ended"  # the game stopped at its last year or by a moderator
    DM_PRESS_RELAY = "dm_press_relay"  # an anonymous game's message when its inbox can't be made
    DM_PRESS_PROBLEM = "dm_press_problem"  # issue 24: to the creator, what the press space lacks
    DM_GRACE = "dm_grace"  # issue 15: you still owe orders; you have until ...
    DM_STANDBY = "dm_standby"  # issue 15: what your standby orders did
    DM_SEAT_ACCEPTED = "dm_seat_accepted"  # issue 23: your request for an open seat was accepted
    DM_SEAT_REFUSED = "dm_seat_refused"  # ... or refused
    DM_SEAT_TAKEN_OVER = "dm_seat_taken_over"  # issue 23: a newcomer took over the seat you left


@dataclass(frozen=True, slots=True)
class Post:
    kind: PostKind
    params: dict[str, Any]
    channel_id: int | None = None
    user_id: int | None = None
    mentions: tuple[int, ...] = ()
    map: MapSpec | None = None

    def __post_init__(self) -> None:
        if (self.channel_id is None) == (self.user_id is None):
            raise ValueError("a post goes to a channel or to a user")


async def add(tx: Tx, game: GameRow, phase: str | None, post: Post, now: float) -> None:
    """Store ``post`` in the outbox (inside the caller's transaction; the posts of one
    transaction are written together, in order, issue 24)."""
    await tx.post_intent(
        game.id,
        phase,
        kind=post.kind.value,
        params=post.params,
        channel_id=post.channel_id,
        user_id=post.user_id,
        mentions=list(dict.fromkeys(post.mentions)),
        map_spec=post.map.to_json() if post.map else None,
        now=now,
    )


async def channel(
    tx: Tx,
    game: GameRow,
    phase: str | None,
    now: float,
    kind: PostKind,
    /,
    *,
    mentions: tuple[int, ...] = (),
    map: MapSpec | None = None,
    **params: Any,
) -> None:
    """Store a post to the game's channel; ``mentions``: the users it may ping."""
    params = {"game": game.name, **params}
    if await secrecy.is_secret(tx, game):  # an anonymous game names no player behind a power
        players = [p.user_id for p in await tx.players(game.id)]
        params, mentions = secrecy.mask(kind.value, params, mentions, players)
    if game.fog:  # issue 25: the channel of a fog game shows only what is public
        shown, params, mentions, keep = fog.mask(kind.value, params, mentions, map is not None)
        kind, map = PostKind(shown), map if keep else None
    post = Post(kind, params, channel_id=game.channel_id, mentions=mentions, map=map)
    await add(tx, game, phase, post, now)


async def dm(
    tx: Tx,
    game: GameRow,
    phase: str | None,
    now: float,
    user_id: int,
    kind: PostKind,
    /,
    *,
    map: MapSpec | None = None,
    **params: Any,
) -> None:
    """Store a direct message to one player."""
    if fog.active(game) and map is not None and not map.fronts:  # issue 25: no whole board before the end
        map = None
    post = Post(kind, {"game": game.name, **params}, user_id=user_id, mentions=(user_id,), map=map)
    await add(tx, game, phase, post, now)


def duties(position: Position, power: Power, game: GameRow) -> dict[str, Any] | None:
    """What a power has to do in a phase, for a DM: its units (movement), its dislodged
    units and their retreats (retreat), or its builds or disbands (adjustment)."""
    rules = rules_for(game, str(position.phase))
    due = orders_due(position, power, rules)
    if due.is_empty:
        return None
    if position.phase.is_movement:
        return {"power": power.value, "units": [str(u) for u in position.units_of(power)]}
    if position.phase.is_retreat:
        return {
            "power": power.value,
            "retreats": [
                [str(d.unit), [str(r) for r in d.retreats]]
                for d in position.dislodged.values()
                if d.unit.power is power
            ],
        }
    delta = position.adjustment_delta(power)
    return {"power": power.value, "builds" if delta > 0 else "disbands": abs(delta)}


async def phase_dms(
    tx: Tx, game: GameRow, players: list[PlayerRow] | tuple[PlayerRow, ...], position: Position, now: float
) -> None:
    """Each player with something to do gets a DM when a phase starts, with maps cropped
    around all their powers' units: one crop for neighbouring powers, one per group when
    they lie far apart (:func:`bot.infra.maps.front_groups`)."""
    assert game.phase is not None
    rules = rules_for(game, game.phase)
    board = game.position if game.position is not None else position_to_json(position)
    for p in players:
        todo = [d for pw in powers_of(game, p, rules) if (d := duties(position, pw, game)) is not None]
        if not todo:
            continue
        shown = [d["power"] for d in todo]  # the powers with something to do this phase
        await dm(
            tx,
            game,
            game.phase,
            now,
            p.user_id,
            PostKind.DM_PHASE_STARTED,
            phase=game.phase,
            powers=todo,
            deadline=game.deadline,
            map=MapSpec(game.phase, fronts=front_groups(board, shown)),
        )


def fog_seen(
    game: GameRow,
    players: list[PlayerRow] | tuple[PlayerRow, ...],
    outcome: PhaseOutcome,
    results: list[dict[str, Any]],
    earlier: Mapping[str, list[dict[str, Any]]],
) -> dict[str, list[dict[str, Any]]]:
    """Issue 25: what each player's power saw of the phases played since its last DM: those
    played at once before (``earlier``, as :meth:`Tx.fog_seen` keeps them) and this one
    (``results``: as stored), oldest first."""
    out: dict[str, list[dict[str, Any]]] = {}
    played = outcome.phase_position
    for p in players:
        for power in powers_of(game, p):
            if not (played.units_of(power) or played.centres_of(power) or _dislodged(played, power)):
                continue  # out of the game before this phase: nothing seen, nothing told
            now = {"played": str(outcome.phase_position.phase), **fog.seen_results(outcome, power, results)}
            out[power.value] = [*earlier.get(power.value, ()), now]
    return out


async def fog_dms(
    tx: Tx,
    game: GameRow,
    players: list[PlayerRow] | tuple[PlayerRow, ...],
    outcome: PhaseOutcome,
    seen: Mapping[str, list[dict[str, Any]]],
    now: float,
) -> None:
    """Issue 25: in a fog game, every player whose power is still on the board gets one DM
    per resolution: what they saw of the phases played (``seen``: :func:`fog_seen`; more
    than one when a phase nobody had a choice in was played at once), what they owe in the
    new one, the public centre counts, and their map drawn with the fog."""
    assert game.phase is not None
    position = outcome.next
    for p in players:
        for power in powers_of(game, p):
            if not seen.get(power.value):
                continue
            *before, last = seen[power.value]
            on_board = position.units_of(power) or position.centres_of(power) or _dislodged(position, power)
            if not (on_board or before):  # out now: told only what it saw of a phase played at once
                continue
            duty = duties(position, power, game)
            await dm(
                tx,
                game,
                game.phase,
                now,
                p.user_id,
                PostKind.DM_FOG_PHASE,
                **({"earlier": before} if before else {}),  # the phases played at once before it
                **last,
                power=power.value,
                phase=game.phase,
                powers=[duty] if duty else [],
                deadline=game.deadline,
                centres=[[pw, n, None] for pw, n, _ in centre_table(position) if n],
                map=MapSpec(game.phase, fronts=((power.value,),)),
            )


def _dislodged(position: Position, power: Power) -> bool:
    return any(d.unit.power is power for d in position.dislodged.values())


def centre_table(position: Position) -> list[list[Any]]:
    """[power, centres, units] of every power still on the board."""
    out = []
    for power in Power:
        n = len(position.centres_of(power))
        units = len(position.units_of(power))
        if n or units:
            out.append([power.value, n, units])
    return out
