"""Queries for moderation: missed phases, civil disorder, audit log, draws, pauses (issue 5).

A mixin of :class:`bot.infra.storage.Tx`: methods use ``self._one``, ``self._all`` and
``self._run`` and always run inside a transaction.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from bot.infra.storage.dialect import upsert

DEFAULT_CD_AFTER = 2


@dataclass(frozen=True, slots=True)
class PauseRow:
    game_id: int
    phase: str
    deadline_left: float
    remind_left: float | None
    paused_at: float
    paused_by: int | None


@dataclass(frozen=True, slots=True)
class PowerState:
    power: str
    missed_in_row: int = 0
    civil_disorder: bool = False
    held: bool = False
    eliminated: bool = False
    conceded: bool = False
    bot: str | None = None  # issue 23: the preset that plays a seat no human plays
    standin: int = 0  # issue 23: phases the caretaker played it since it went into civil disorder
    leaving: bool = False  # issue 23: its player asked to leave: the seat is open


@dataclass(frozen=True, slots=True)
class AuditRow:
    id: int
    phase: str | None
    user_id: int | None
    action: str
    detail: dict[str, Any]
    at: float


_STATE_FIELDS = ("missed_in_row", "civil_disorder", "held", "eliminated", "conceded", "bot", "standin", "leaving")
_PUT_STATE = upsert("power_states", ("game_id", "power", *_STATE_FIELDS), ("game_id", "power"))
_PUT_PLAYER_PHASE = upsert(
    "player_phases", ("game_id", "phase", "user_id", "guild_id", "missed"), ("game_id", "phase", "user_id")
)


def _state_row(game_id: int, state: PowerState) -> tuple[Any, ...]:
    return (
        game_id,
        state.power,
        state.missed_in_row,
        int(state.civil_disorder),
        int(state.held),
        int(state.eliminated),
        int(state.conceded),
        state.bot,
        state.standin,
        int(state.leaving),
    )


class ModerationQueries:
    """Queries for moderation: missed phases, civil disorder, audit log, draws, pauses."""

    # -- policy and moderator role ---------------------------------------------------
    async def cd_policy(self, game_id: int) -> int:
        row = await self._one("SELECT cd_after FROM mod_policies WHERE game_id = ?", (game_id,))
        return int(row[0]) if row else DEFAULT_CD_AFTER

    async def set_cd_policy(self, game_id: int, cd_after: int) -> None:
        await self._run(
            "INSERT INTO mod_policies (game_id, cd_after) VALUES (?, ?) "
            "ON CONFLICT (game_id) DO UPDATE SET cd_after = excluded.cd_after",
            (game_id, cd_after),
        )

    async def mod_role(self, guild_id: int) -> int | None:
        row = await self._one("SELECT role_id FROM mod_roles WHERE guild_id = ?", (guild_id,))
        return int(row[0]) if row else None

    async def set_mod_role(self, guild_id: int, role_id: int | None) -> None:
        if role_id is None:
            await self._run("DELETE FROM mod_roles WHERE guild_id = ?", (guild_id,))
            return
        await self._run(
            "INSERT INTO mod_roles (guild_id, role_id) VALUES (?, ?) "
            "ON CONFLICT (guild_id) DO UPDATE SET role_id = excluded.role_id",
            (guild_id, role_id),
        )

    # -- timers and pauses -----------------------------------------------------------
    async def set_timers(self, game_id: int, phase: str, *, deadline: float | None, remind_at: float | None) -> bool:
        """Set the deadline (and the moment it falls due) and the reminder of the phase."""
        return (
            await self._run(
                "UPDATE games SET deadline = ?, due_at = ?, remind_at = ? WHERE id = ? AND phase = ? "
                "AND status = 'active'",
                (deadline, deadline, remind_at, game_id, phase),
            )
            == 1
        )

    async def pause_of(self, game_id: int) -> PauseRow | None:
        row = await self._one(
            "SELECT game_id, phase, deadline_left, remind_left, paused_at, paused_by FROM mod_pauses WHERE game_id = ?",
            (game_id,),
        )
        return PauseRow(*row) if row else None

    async def put_pause(
        self, game_id: int, phase: str, deadline_left: float, remind_left: float | None, now: float, user_id: int | None
    ) -> None:
        await self._run(
            upsert(
                "mod_pauses",
                ("game_id", "phase", "deadline_left", "remind_left", "paused_at", "paused_by"),
                ("game_id",),
            ),
            (game_id, phase, deadline_left, remind_left, now, user_id),
        )

    async def clear_pause(self, game_id: int) -> None:
        await self._run("DELETE FROM mod_pauses WHERE game_id = ?", (game_id,))

    # -- powers ----------------------------------------------------------------------
    async def power_states(self, game_id: int) -> dict[str, PowerState]:
        rows = await self._all(
            f"SELECT power, {', '.join(_STATE_FIELDS)} FROM power_states WHERE game_id = ?", (game_id,)
        )
        return {
            r[0]: PowerState(
                r[0], int(r[1]), bool(r[2]), bool(r[3]), bool(r[4]), bool(r[5]), r[6], int(r[7]), bool(r[8])
            )
            for r in rows
        }

    async def put_power_state(self, game_id: int, state: PowerState) -> None:
        """Store a power's state (deferred: the states of a resolution go in one trip)."""
        await self._defer(_PUT_STATE, _state_row(game_id, state))

    async def put_power_states(self, game_id: int, states: Iterable[PowerState]) -> None:
        """Store the states of several powers in one trip."""
        await self._many(_PUT_STATE, [_state_row(game_id, s) for s in states])

    async def replace_power_states(self, game_id: int, states: Iterable[PowerState]) -> None:
        await self._run("DELETE FROM power_states WHERE game_id = ?", (game_id,))
        await self.put_power_states(game_id, states)

    # -- players ---------------------------------------------------------------------
    async def replace_player(self, game_id: int, old_user: int, new_user: int) -> bool:
        return (
            await self._run(
                "UPDATE players SET user_id = ?, ready_phase = NULL WHERE game_id = ? AND user_id = ?",
                (new_user, game_id, old_user),
            )
            == 1
        )

    async def clear_ready_all(self, game_id: int) -> None:
        await self._run("UPDATE players SET ready_phase = NULL WHERE game_id = ?", (game_id,))

    async def record_player_phase(self, guild_id: int, game_id: int, phase: str, user_id: int, missed: bool) -> None:
        """Whether the player missed the phase (deferred: a resolution's records go in one trip)."""
        await self._defer(_PUT_PLAYER_PHASE, (game_id, phase, user_id, guild_id, int(missed)))

    async def delete_player_phases(self, game_id: int, phases: Iterable[str]) -> None:
        for phase in phases:
            await self._run("DELETE FROM player_phases WHERE game_id = ? AND phase = ?", (game_id, phase))

    async def reliability(self, guild_id: int, user_ids: Iterable[int]) -> dict[int, tuple[int, int]]:
        """user -> (phases missed, phases with something to order), over the server's games."""
        out: dict[int, tuple[int, int]] = {}
        for uid in user_ids:
            row = await self._one(
                "SELECT COALESCE(SUM(missed), 0), COUNT(*) FROM player_phases WHERE guild_id = ? AND user_id = ?",
                (guild_id, uid),
            )
            out[uid] = (int(row[0]), int(row[1]))
        return out

    # -- rollback --------------------------------------------------------------------
    async def save_snapshot(self, game_id: int, phase: str, data: dict[str, Any]) -> None:
        await self._defer(
            upsert("resolution_snapshots", ("game_id", "phase", "data"), ("game_id", "phase")),
            (game_id, phase, json.dumps(data)),
        )

    async def snapshot(self, game_id: int, phase: str) -> dict[str, Any] | None:
        row = await self._one("SELECT data FROM resolution_snapshots WHERE game_id = ? AND phase = ?", (game_id, phase))
        return json.loads(row[0]) if row else None

    async def delete_snapshot(self, game_id: int, phase: str) -> None:
        await self._run("DELETE FROM resolution_snapshots WHERE game_id = ? AND phase = ?", (game_id, phase))

    async def delete_phase(self, game_id: int, phase: str) -> None:
        """A phase row and (by cascade) its orders."""
        await self._run("DELETE FROM phases WHERE game_id = ? AND phase = ?", (game_id, phase))

    async def clear_phase_results(self, game_id: int, phase: str) -> None:
        await self._run(
            "UPDATE phases SET results = NULL, resolved_at = NULL WHERE game_id = ? AND phase = ?", (game_id, phase)
        )

    async def delete_unsent_posts(self, game_id: int, phase: str, since: float | None = None) -> int:
        """Posts not sent yet of ``phase`` (those created at or after ``since``)."""
        if since is None:
            return await self._run(
                "DELETE FROM outbox WHERE game_id = ? AND phase = ? AND sent_at IS NULL", (game_id, phase)
            )
        return await self._run(
            "DELETE FROM outbox WHERE game_id = ? AND phase = ? AND sent_at IS NULL AND created_at >= ?",
            (game_id, phase, since),
        )

    async def restore_game(
        self,
        game_id: int,
        *,
        expected_phase: str,
        phase: str,
        position: dict[str, Any],
        deadline: float | None,
        remind_at: float | None,
        tossed: bool,
        toss_winner: int | None,
    ) -> bool:
        return (
            await self._run(
                "UPDATE games SET status = 'active', winner = NULL, phase = ?, position = ?, deadline = ?, "
                "due_at = ?, remind_at = ?, tossed = ?, toss_winner = ? WHERE id = ? AND phase = ?",
                (
                    phase,
                    json.dumps(position),
                    deadline,
                    deadline,
                    remind_at,
                    int(tossed),
                    toss_winner,
                    game_id,
                    expected_phase,
                ),
            )
            == 1
        )

    async def finish_by_agreement(self, game_id: int, winner: str | None) -> bool:
        return (
            await self._run(
                "UPDATE games SET status = 'finished', winner = ?, due_at = NULL, "
                "remind_at = NULL WHERE id = ? AND status = 'active'",
                (winner, game_id),
            )
            == 1
        )

    # -- audit log -------------------------------------------------------------------
    async def add_audit(
        self, game_id: int, phase: str | None, user_id: int | None, action: str, detail: dict[str, Any], now: float
    ) -> None:
        await self._defer(  # (a resolution's entries go in one trip)
            "INSERT INTO audit_log (game_id, phase, user_id, action, detail, at) VALUES (?,?,?,?,?,?)",
            (game_id, phase, user_id, action, json.dumps(detail), now),
        )

    async def audit(self, game_id: int, limit: int = 20) -> list[AuditRow]:
        rows = await self._all(
            "SELECT id, phase, user_id, action, detail, at FROM audit_log WHERE game_id = ? ORDER BY id DESC LIMIT ?",
            (game_id, limit),
        )
        return [AuditRow(r[0], r[1], r[2], r[3], json.loads(r[4]), r[5]) for r in reversed(rows)]

    # -- draws and endings -------------------------------------------------------------
    async def draw_proposal(self, game_id: int) -> str | None:
        row = await self._one("SELECT phase FROM draw_proposals WHERE game_id = ?", (game_id,))
        return row[0] if row else None

    async def open_draw(self, game_id: int, phase: str, now: float) -> None:
        await self._run(
            "INSERT INTO draw_proposals (game_id, phase, proposed_at) VALUES (?,?,?)", (game_id, phase, now)
        )

    async def close_draw(self, game_id: int) -> bool:
        return await self._run("DELETE FROM draw_proposals WHERE game_id = ?", (game_id,)) == 1

    async def set_draw_vote(self, game_id: int, power: str, yes: bool) -> None:
        await self._run(
            upsert("draw_votes", ("game_id", "power", "yes"), ("game_id", "power")), (game_id, power, int(yes))
        )

    async def draw_votes(self, game_id: int) -> dict[str, bool]:
        rows = await self._all("SELECT power, yes FROM draw_votes WHERE game_id = ?", (game_id,))
        return {r[0]: bool(r[1]) for r in rows}

    async def set_ending(self, game_id: int, kind: str, powers: str, now: float) -> None:
        await self._run(
            upsert("game_endings", ("game_id", "kind", "powers", "at"), ("game_id",)),
            (game_id, kind, powers, now),
        )

    async def ending(self, game_id: int) -> tuple[str, str, float] | None:
        """How a game ended by agreement: (kind, powers, when)."""
        row = await self._one("SELECT kind, powers, at FROM game_endings WHERE game_id = ?", (game_id,))
        return (row[0], row[1], float(row[2])) if row else None

    async def set_ending_powers(self, game_id: int, powers: str) -> None:
        """Correct the powers an ending names (a first-release draw, recomputed)."""
        await self._run("UPDATE game_endings SET powers = ? WHERE game_id = ?", (powers, game_id))

    async def delete_ending(self, game_id: int) -> None:
        await self._run("DELETE FROM game_endings WHERE game_id = ?", (game_id,))
