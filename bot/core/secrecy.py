"""What an anonymous game keeps secret until it ends: who plays which power.

The players of a game are public (they joined in its channel); the link between a player
and a power is not. While an anonymous game is played, nothing the bot shows others may
name the player behind a power: posts in the game channel are masked here, at the one
place every channel post passes (:func:`bot.core.posts.channel`), and the use cases ask
:func:`sees_players` before a view that pairs players with powers (``/game status``,
moderators' views). A player's own direct messages and replies name only their own powers.
Moderators who do not play in the game may see who plays whom; each time they do, the
audit log says so (:func:`seen`). When the game ends the secret is over: the posts of the
ending name the winners, and the reveal announces every player (:mod:`bot.core.press.mode`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from bot.infra.storage import GameRow, Tx
from bot.infra.storage.moderation import AuditRow

#: Parameters of a post that hold one user id, a list of them, or a map of power -> user.
USER_PARAMS = ("user", "old", "new")
#: Posts that end the game, or reveal it: they name the players (the secret is over).
ENDING_KINDS = frozenset({"game_won", "draw_agreed", "concession_win", "press_reveal"})
#: The mark a masked post carries, so the text layer says it without names.
MASKED = "anonymous"
#: Audit entries a player makes about their own powers (who made them names the player).
PLAYER_ACTIONS = frozenset({"concede", "seat_asked", "seat_left"})  # issue 23: who asks for a seat would play it
#: Audit entries that pair a player with a power a moderator gave them (issue 23: open seats).
SEAT_ACTIONS = frozenset({"seat_accepted", "seat_refused", "seat_taken"})


async def is_secret(tx: Tx, game: GameRow) -> bool:
    """Whether the game hides who plays which power now: anonymous and being played
    (before the start nobody has a power yet; at the end the players are revealed)."""
    if game.status != "active":
        return False
    return (await tx.game_settings(game.id)).anonymous


def mask(
    kind: str, params: dict[str, Any], mentions: tuple[int, ...], players: Iterable[int]
) -> tuple[dict[str, Any], tuple[int, ...]]:
    """A channel post of an anonymous game without its players: every user parameter is
    dropped (the text layer then says it without names), a moderator who plays is not
    named either, and no player is pinged (a ping names its user). Posts that end the game
    are left as they are."""
    if kind in ENDING_KINDS:
        return params, mentions
    hidden = set(players)
    out = dict(params)
    for key in USER_PARAMS:
        if key in out:
            out[key] = None
    if "users" in out:
        out["users"] = []
    if "owners" in out:
        out["owners"] = {}
    if "assignments" in out:
        out["assignments"] = [[None, powers] for _, powers in out["assignments"]]
    if isinstance(out.get("toss"), dict):
        out["toss"] = {**out["toss"], "user": None}
    for key in ("mod", "creator"):  # a moderator who plays is a player too: said without a name
        if out.get(key) in hidden:
            out[key] = None
    out[MASKED] = True
    return out, tuple(m for m in mentions if m not in hidden)


@dataclass(frozen=True, slots=True)
class ModeratorView:
    """How a moderator's view of a game pairs players with powers: ``shows_players``
    unless the game is secret and the moderator plays in it; ``audited`` when it shows
    them in a secret game (the view is written to the audit log)."""

    shows_players: bool
    audited: bool


async def moderator_view(tx: Tx, game: GameRow, user_id: int) -> ModeratorView:
    secret = await is_secret(tx, game)
    plays = any(p.user_id == user_id for p in await tx.players(game.id))
    return ModeratorView(not secret or not plays, secret and not plays)


def sees_players(*, secret: bool, is_moderator: bool, plays: bool) -> bool:
    """Whether a view may pair players with powers: always in a game that is not secret;
    in a secret one only for a moderator who does not play in it."""
    return not secret or (is_moderator and not plays)


async def seen(tx: Tx, game: GameRow, user_id: int, view: str, now: float) -> None:
    """Record in the audit log that a moderator saw who plays which power (``view``: the
    command that showed it)."""
    await tx.add_audit(game.id, game.phase, user_id, "players_seen", {"view": view}, now)


def masked_audit(rows: Sequence[AuditRow]) -> list[AuditRow]:
    """The audit log without players: entries that pair a player with a power lose the
    player (the text layer says them without names), and who acted is kept only for
    moderators' actions (a player's own action, such as conceding, would name them)."""
    out = []
    for row in rows:
        detail = {k: v for k, v in row.detail.items() if k not in ("old", "new", "user", "users")}
        if row.action in ("replace", "remind") or row.action in PLAYER_ACTIONS or row.action in SEAT_ACTIONS:
            detail[MASKED] = True
        who = None if row.action in PLAYER_ACTIONS else row.user_id
        out.append(replace(row, detail=detail, user_id=who))
    return out
