"""Moderators' actions: pause, resume, extend, deadline, resolve now, civil disorder on or
off, replace, kick, rollback, who has ordered (and reminders), the audit log, the server's
moderator role.

Who moderates a game: its creator, members with Manage Server, and members with the
server's moderator role (``/mod role``). Every action is posted in the game channel
(a ``mod_action`` post intent) and written to the audit log, in the same transaction as
the change it records. ``action`` (the interaction's id) is recorded in that transaction
too: an interaction delivered twice raises ``Replayed`` the second time and changes nothing.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import Any

from bot.core import context, posts, press, secrecy, trivial
from bot.core.context import GameContext
from bot.core.deadlines import days, grace
from bot.core.deadlines.reminders import plan_reminders
from bot.core.deps import Deps
from bot.core.errors import UserError
from bot.core.params import User
from bot.core.play.resolution import Resolution
from bot.core.posts import PostKind
from bot.core.seats import civil, standins
from bot.core.seats.substitutes import bot_seat, brief_newcomer, give_bot_seat, seats_kept
from bot.core.status.report import power_state
from bot.core.types import Actor, GameStatus, MapSpec, OrderState
from bot.infra.clock import from_unix, to_unix
from bot.infra.schedule import ScheduleError, parse_duration, parse_moment
from bot.infra.storage import GameRow, PlayerRow, Tx
from bot.infra.storage.moderation import AuditRow, PowerState
from bot.infra.storage.standby import StandbyRow
from engine import Power
from engine.codec import position_from_json

AUDIT_LIMIT = 20


@dataclass(frozen=True, slots=True)
class PowerOrders:
    power: Power
    user_id: int | None
    state: OrderState


@dataclass(frozen=True, slots=True)
class NewDeadline:
    """What ``/mod extend``, ``/mod deadline`` or ``/mod resume`` did, for the moderator's reply."""

    game: GameRow
    deadline: float | None  # None: the game stays paused, with ``left`` on resuming
    left: float | None = None
    moved: bool = False  # computed from a length, it moved past the days the game does not play
    day_off: str | None = None  # set by the moderator on a day the game does not play (ISO date): kept
    ready: bool = False  # every player is ready: the phase resolves now


@dataclass(frozen=True, slots=True)
class RolledBack:
    """What ``/mod rollback`` did: the game as restored, the phase undone, the phase it is
    back in, and the phases between them, played at once (nobody had a choice in them)."""

    game: GameRow
    undone: str
    back: str
    skipped: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class OrdersOverview:
    game: GameRow
    powers: tuple[PowerOrders, ...]
    reminded: tuple[int, ...]
    masked: bool = False  # an anonymous game and a moderator who plays in it: no players shown


# What moderators may type for a length (``/mod extend by:``, ``/mod deadline when:``): the
# players' forms (``2m``, ``90m``, ``36h``, ``1d 6h``) and the same in words, with an
# optional "in" before it: ``2 minutes``, ``in 2 minutes``, ``+2h``, ``en 3 horas``,
# ``через 2 часа``, ``след 2 часа``. Units in the bot's four languages.
_UNIT_WORDS = {
    "m": ("minutes", "minute", "mins", "min", "minutos", "minuto", "минут", "минуты", "минута", "мин", "минути"),
    "h": ("hours", "hour", "hrs", "hr", "horas", "hora", "часов", "часа", "час", "ч"),
    "d": ("days", "day", "días", "dias", "día", "dia", "дней", "дня", "день", "дни", "ден", "д"),
}
_WORD = re.compile(
    r"(\d+)\s*(" + "|".join(w for words in _UNIT_WORDS.values() for w in words) + r")(?![^\W\d_])", re.IGNORECASE
)
_IN = re.compile(r"^\s*(?:\+|in\s|en\s|через\s|след\s)\s*", re.IGNORECASE)
MOD_MIN_LENGTH = 60.0  # a moderator may set a deadline a minute away (players' schedules: 5 minutes)
MOD_MAX_LENGTH = 14 * 24 * 3600.0  # the longest extension at once


def _unit_letter(word: str) -> str:
    return next(letter for letter, words in _UNIT_WORDS.items() if word.lower() in words)


def read_length(text: str) -> float | None:
    """A length as a moderator may type it (see ``_UNIT_WORDS``): seconds, or None."""
    plain = _WORD.sub(lambda m: m.group(1) + _unit_letter(m.group(2)), _IN.sub("", text))
    try:
        return parse_duration(plain).total_seconds()
    except ScheduleError:
        return None


def parse_length(text: str) -> float:
    """A length a moderator types (``12h``, ``2 minutes``): seconds; a refusal when unreadable."""
    seconds = read_length(text)
    if seconds is None:
        raise UserError("mod.bad_duration", text=text.strip())
    return seconds


def parse_deadline(text: str, now: float) -> float:
    """A deadline a moderator sets: a length from now (:func:`read_length`) or a date and
    time (``2026-03-05 18:00 Europe/Madrid``, UTC without a zone); at least
    ``MOD_MIN_LENGTH`` from now. Refusals name the rule that was broken."""
    seconds = read_length(text)
    if seconds is not None:
        deadline = now + seconds
    else:
        try:
            deadline = to_unix(parse_moment(text, from_unix(now)))
        except ScheduleError as exc:
            if exc.code == "schedule.bad_zone":
                raise UserError("schedule.bad_zone", text=exc.text) from None
            raise UserError("mod.bad_moment", text=text.strip()) from None
    if deadline <= now:
        raise UserError("mod.deadline_past", text=text.strip())
    if deadline < now + MOD_MIN_LENGTH:
        raise UserError("mod.deadline_too_soon", text=text.strip())
    return deadline


class Moderation:
    def __init__(self, deps: Deps, resolution: Resolution) -> None:
        self.deps = deps
        self.resolution = resolution

    # -- who may ----------------------------------------------------------------------
    async def is_moderator(self, tx: Tx, game: GameRow, actor: Actor) -> bool:
        if actor.can_manage or actor.user_id == game.creator_id:
            return True
        role = await tx.mod_role(game.guild_id)
        return role is not None and role in actor.role_ids

    async def _game(
        self,
        tx: Tx,
        channel_id: int,
        actor: Actor,
        *,
        status: tuple[GameStatus, ...] = (GameStatus.ACTIVE,),
        any_game: bool = False,
    ) -> GameRow:
        game = await context.channel_game(tx, channel_id, last=any_game)
        if not await self.is_moderator(tx, game, actor):
            raise UserError("mod.not_allowed", game=game.name)
        if game.status not in status:
            raise UserError(f"mod.status_{status[0].value}", game=game.name)
        return game

    async def _announce(
        self,
        tx: Tx,
        game: GameRow,
        actor: Actor,
        action: str,
        detail: dict[str, Any],
        *,
        post_phase: str | None = None,
        map: MapSpec | None = None,
        mentions: tuple[int, ...] = (),
        **params: Any,
    ) -> None:
        """Post a moderator action in the game channel and write it to the audit log."""
        now = self.deps.now()
        phase = post_phase or game.phase
        await posts.channel(
            tx,
            game,
            phase,
            now,
            PostKind.MOD_ACTION,
            action=action,
            mod=actor.user_id,
            mentions=(actor.user_id, *mentions),
            map=map,
            **params,
        )
        await tx.add_audit(game.id, phase, actor.user_id, action, detail, now)

    async def set_role(self, guild_id: int, actor: Actor, role_id: int | None, *, action: int | None = None) -> None:
        if not actor.can_manage:
            raise UserError("mod.role_not_allowed")
        async with self.deps.storage.write(action) as tx:
            await tx.set_mod_role(guild_id, role_id)

    # -- time ---------------------------------------------------------------------------
    async def pause(self, channel_id: int, actor: Actor, *, action: int | None = None) -> GameRow:
        async with self.deps.storage.write(action) as tx:
            game = await self._game(tx, channel_id, actor)
            assert game.phase is not None
            if await tx.pause_of(game.id) is not None:
                raise UserError("mod.already_paused", game=game.name)
            now = self.deps.now()
            left = max(0.0, (game.deadline or now) - now)
            remind_left = (game.remind_at - now) if game.remind_at and game.remind_at > now else None
            await tx.put_pause(game.id, game.phase, left, remind_left, now, actor.user_id)
            await tx.set_timers(game.id, game.phase, deadline=None, remind_at=None)
            await self._announce(tx, game, actor, "pause", {"left": left}, left=left)
        self.deps.changed(timers=True, posts=True)
        return game

    async def resume(self, channel_id: int, actor: Actor, *, action: int | None = None) -> NewDeadline:
        """Resume with the time that was left (the deadline off the days the game does not
        play, as an ordinary one); when every player became ready during the pause, the
        phase resolves now."""
        async with self.deps.storage.write(action) as tx:
            game = await self._game(tx, channel_id, actor)
            pause = await tx.pause_of(game.id)
            if pause is None:
                raise UserError("mod.not_paused", game=game.name)
            deadline, moved = await self._computed(tx, game, self.deps.now() + pause.deadline_left)
            ready = await self._run_until(tx, game, actor, "resume", deadline)
        self.deps.changed(timers=True, posts=True)
        return NewDeadline(game, deadline, moved=moved, ready=ready)

    async def extend(self, channel_id: int, actor: Actor, length: str, *, action: int | None = None) -> NewDeadline:
        """Move the deadline later (off the days the game does not play, as an ordinary
        deadline); paused, add to the time left."""
        seconds = parse_length(length)
        if not MOD_MIN_LENGTH <= seconds <= MOD_MAX_LENGTH:
            raise UserError("mod.extend_range", text=length.strip())
        async with self.deps.storage.write(action) as tx:
            game = await self._game(tx, channel_id, actor)
            pause = await tx.pause_of(game.id)
            if pause is not None:
                left = pause.deadline_left + seconds
                await tx.put_pause(game.id, pause.phase, left, pause.remind_left, pause.paused_at, pause.paused_by)
                await self._announce(tx, game, actor, "extend", {"by": seconds}, paused=True, by=seconds, left=left)
                result = NewDeadline(game, None, left=left)
            else:
                now = self.deps.now()
                deadline, moved = await self._computed(tx, game, max(game.deadline or now, now) + seconds)
                await self._set_deadline(tx, game, deadline)
                await self._announce(
                    tx, game, actor, "extend", {"by": seconds, "deadline": deadline}, by=seconds, deadline=deadline
                )
                result = NewDeadline(game, deadline, moved=moved)
        self.deps.changed(timers=True, posts=True)
        return result

    async def set_deadline(self, channel_id: int, actor: Actor, when: str, *, action: int | None = None) -> NewDeadline:
        """Set the deadline to a moment (:func:`parse_deadline`); it ends a pause, so the
        phase resolves now if every player is ready. The moment is the moderator's choice:
        on a day the game does not play it is kept, and the reply says so."""
        now = self.deps.now()
        deadline = parse_deadline(when, now)
        async with self.deps.storage.write(action) as tx:
            game = await self._game(tx, channel_id, actor)
            assert game.phase is not None
            off = await days.day_off(tx, game, game.phase, from_unix(deadline))
            ready = await self._run_until(tx, game, actor, "deadline", deadline)
        self.deps.changed(timers=True, posts=True)
        return NewDeadline(game, deadline, day_off=off.isoformat() if off else None, ready=ready)

    async def _run_until(self, tx: Tx, game: GameRow, actor: Actor, verb: str, deadline: float) -> bool:
        """The game runs again (a pause ended) until ``deadline``, announced as ``verb``;
        whether every player is ready (the phase resolves now)."""
        await tx.clear_pause(game.id)
        await self._set_deadline(tx, game, deadline)
        ready = await civil.resolve_if_ready(tx, game, self.deps.now())
        await self._announce(
            tx, game, actor, verb, {"deadline": deadline}, deadline=deadline, ready=ready, phase=game.phase
        )
        return ready

    async def _computed(self, tx: Tx, game: GameRow, deadline: float) -> tuple[float, bool]:
        """A deadline computed from a length, off the days the game does not play; and
        whether it moved."""
        assert game.phase is not None
        moment = from_unix(deadline)
        moved = await days.avoiding(tx, game, game.phase, moment)
        return (deadline, False) if moved == moment else (to_unix(moved), True)

    async def _set_deadline(self, tx: Tx, game: GameRow, deadline: float, phase: str | None = None) -> None:
        """A new deadline for the phase, and its reminders planned again."""
        phase = phase or game.phase
        assert phase is not None
        remind = await plan_reminders(tx, game.id, phase, self.deps.clock(), from_unix(deadline))
        await tx.set_timers(game.id, phase, deadline=deadline, remind_at=to_unix(remind) if remind else None)

    async def call_resolution(self, channel_id: int, actor: Actor, *, action: int | None = None) -> GameRow:
        """``/mod resolve``, the checks and the call: the phase is due now (one quick
        transaction, so a refusal is known before the command shows anything)."""
        async with self.deps.storage.write(action) as tx:
            game = await self._game(tx, channel_id, actor)
            assert game.phase is not None
            await tx.clear_pause(game.id)
            await tx.set_timers(game.id, game.phase, deadline=self.deps.now(), remind_at=None)
            await grace.waive(tx, game, self.deps.now())  # resolved now: no grace (issue 15)
            await self._announce(tx, game, actor, "resolve", {"phase": game.phase}, phase=game.phase)
        return game

    async def resolve_called(self, game: GameRow) -> None:
        """``/mod resolve``, the resolution of the phase :meth:`call_resolution` made due."""
        assert game.phase is not None
        await self.resolution.resolve(game.id, game.phase)

    # -- powers and players -------------------------------------------------------------
    def _power(self, game: GameRow, players: list[PlayerRow], text: str) -> tuple[Power, PlayerRow]:
        try:
            power = Power(text.strip().upper())
        except ValueError:
            raise UserError("mod.unknown_power", power=text.strip()) from None
        for p in players:
            if power in context.powers_of(game, p):
                return power, p
        raise UserError("mod.power_not_played", power=power, game=game.name)

    async def set_civil_disorder(
        self, channel_id: int, actor: Actor, power_text: str, on: bool, *, action: int | None = None
    ) -> Power:
        async with self.deps.storage.write(action) as tx:
            game = await self._game(tx, channel_id, actor)
            power, player = self._power(game, await tx.players(game.id), power_text)
            was = (await tx.power_states(game.id)).get(power.value) or PowerState(power.value)
            state = replace(was, civil_disorder=on, held=on, missed_in_row=was.missed_in_row if on else 0)
            state = state if on else replace(state, standin=0)  # given back: its player orders it again
            await tx.put_power_state(game.id, state)
            await self._announce(
                tx,
                game,
                actor,
                "cd_on" if on else "cd_off",
                {"power": power.value},
                power=power.value,
                user=player.user_id,
                mentions=(player.user_id,),
            )
            # issue 23: the caretaker takes the power from the next phase, or gives it back
            if on and not was.civil_disorder:
                await standins.taken(tx, game, game.phase, power, self.deps.now())
            elif not on:
                await standins.given_back(tx, game, game.phase, power, was, self.deps.now(), user=player.user_id)
            # the phase no longer waits for that power's player
            resolving = on and await civil.resolve_if_ready(tx, game, self.deps.now())
        self.deps.changed(timers=resolving, posts=True)
        return power

    async def replace(
        self,
        channel_id: int,
        actor: Actor,
        power_text: str,
        new_user: int,
        can_dm: Callable[[GameRow], Awaitable[bool]] | None = None,
        *,
        action: int | None = None,
    ) -> tuple[GameRow, tuple[Power, ...], int | None]:
        """Give a power's seat to another member: every power of that seat (in a game for
        2-4 players a seat has several); returns the game, the seat's powers and the old
        player (None: the seat was a bot's, issue 23). The reply, the channel post and the
        audit log name the same powers."""
        async with self.deps.storage.read() as tx:
            game = await self._game(tx, channel_id, actor)
            players = await tx.players(game.id)
            states = await tx.power_states(game.id)
        bots_power = bot_seat(states, power_text)
        if bots_power is not None:  # issue 23: a bot's seat, given to the member at once
            if any(p.user_id == new_user for p in players):
                raise UserError("mod.replace_already_playing", user=User(new_user), game=game.name)
            if can_dm is not None and not await can_dm(game):
                raise UserError("mod.replace_dm_closed", user=User(new_user))
            async with self.deps.storage.write(action) as tx:
                game = await self._game(tx, channel_id, actor)
                powers = await give_bot_seat(tx, game, bots_power, new_user, actor.user_id, self.deps.now())
                resolving = await civil.resolve_if_ready(tx, game, self.deps.now())
            self.deps.changed(timers=resolving, posts=True)
            return game, powers, None
        _, old = self._power(game, players, power_text)
        if any(p.user_id == new_user for p in players):
            raise UserError("mod.replace_already_playing", user=User(new_user), game=game.name)
        if can_dm is not None and not await can_dm(game):
            raise UserError("mod.replace_dm_closed", user=User(new_user))
        async with self.deps.storage.write(action) as tx:
            game = await self._game(tx, channel_id, actor)
            assert game.phase is not None
            if not await tx.replace_player(game.id, old.user_id, new_user):
                raise UserError("mod.replace_raced", game=game.name)
            seat_powers = context.powers_of(game, old)
            states = await tx.power_states(game.id)
            for pw in seat_powers:
                state = states.get(pw.value) or PowerState(pw.value)
                await tx.put_power_state(
                    game.id,
                    replace(
                        state,
                        civil_disorder=False,
                        held=False,
                        missed_in_row=0,
                        conceded=False,
                        standin=0,
                        leaving=False,
                    ),
                )
                # issue 23: the caretaker hands it to the new player
                await standins.given_back(tx, game, game.phase, pw, state, self.deps.now(), user=new_user)
            codes = [pw.value for pw in seat_powers]
            await self._announce(
                tx,
                game,
                actor,
                "replace",
                {"powers": codes, "old": old.user_id, "new": new_user},
                powers=codes,
                old=old.user_id,
                new=new_user,
                mentions=(old.user_id, new_user),
            )
            now = self.deps.now()
            position = position_from_json(game.position or {})
            rules = context.rules_for(game, game.phase)
            await brief_newcomer(tx, game, position, rules, new_user, seat_powers, now)
            await posts.dm(tx, game, game.phase, now, old.user_id, PostKind.DM_REPLACED_OUT, powers=codes)
            await press.seats_changed(tx, game, "replace", now)  # the new player in, the old one out
            resolving = await civil.resolve_if_ready(tx, game, now)
        self.deps.changed(timers=resolving, posts=True)
        return game, seat_powers, old.user_id

    async def kick(self, channel_id: int, actor: Actor, user_id: int, *, action: int | None = None) -> GameRow:
        async with self.deps.storage.write(action) as tx:
            game = await self._game(tx, channel_id, actor, status=(GameStatus.FORMING,))
            if not await tx.remove_player(game.id, user_id):
                raise UserError("mod.kick_not_in", user=User(user_id), game=game.name)
            await self._announce(tx, game, actor, "kick", {"user": user_id}, user=user_id, mentions=(user_id,))
        self.deps.changed(posts=True)
        return game

    # -- rollback -----------------------------------------------------------------------
    async def rollback(self, channel_id: int, actor: Actor, *, action: int | None = None) -> RolledBack:
        """Undo the last resolution: the game is again in the phase before, with its orders,
        as the ordinary flow entered it (its deadline, each player's DM). A phase nobody had
        a choice in was played at once (:mod:`bot.core.trivial`): the game never waits in
        one, and played again it would give the very phase just undone, so it is undone
        too, back to the last phase in which somebody had a choice; when that phase is
        played again, the ordinary flow plays the others at once (and in a fog game tells
        each player, in one DM, what they saw of them)."""
        async with self.deps.storage.write(action) as tx:
            game = await self._game(
                tx, channel_id, actor, status=(GameStatus.ACTIVE, GameStatus.FINISHED), any_game=True
            )
            if game.status == GameStatus.FINISHED and await tx.open_game_in_channel(channel_id) is not None:
                raise UserError("mod.rollback_other_game", game=game.name)
            names = await tx.phase_names(game.id)
            if len(names) < 2 or game.phase != names[-1]:
                raise UserError("mod.rollback_nothing", game=game.name)
            undone, at = names[-1], len(names) - 2
            back = names[at]
            row = await tx.phase(game.id, back)
            assert row is not None
            snap = await tx.snapshot(game.id, back) or {}
            while at > 0 and await self._played_at_once(tx, game, row.position, snap):
                at -= 1
                back = names[at]
                row = await tx.phase(game.id, back)
                assert row is not None
                snap = await tx.snapshot(game.id, back) or {}
            skipped = tuple(names[at + 1 : -1])  # played at once: undone with the last one
            now_dt = self.deps.clock()
            deadline_dt = await days.next_deadline(tx, game, back, now_dt)  # off the days skipped
            for phase in (undone, *skipped):
                await tx.delete_unsent_posts(game.id, phase)
            if row.resolved_at is not None:
                await tx.delete_unsent_posts(game.id, back, since=row.resolved_at)
            for phase in (undone, *skipped):
                await tx.delete_phase(game.id, phase)
            await tx.clear_phase_results(game.id, back)
            await tx.clear_pause(game.id)
            await tx.close_draw(game.id)
            await tx.delete_ending(game.id)
            await tx.delete_result(game.id)  # its scores too: the game is played on (issue 15)
            if not await tx.restore_game(
                game.id,
                expected_phase=undone,
                phase=back,
                position=row.position,
                deadline=to_unix(deadline_dt),
                remind_at=None,
                tossed=bool(snap.get("tossed", game.tossed)),
                toss_winner=snap.get("toss_winner", game.toss_winner),
            ):
                raise UserError("mod.rollback_nothing", game=game.name)
            if "states" in snap:
                await tx.replace_power_states(game.id, [PowerState(**s) for s in snap["states"]])
                await seats_kept(tx, game)  # issue 23: a seat a newcomer took stays theirs
            if "standby" in snap:  # the standby orders as they stood before (issue 15)
                await tx.replace_standby(game.id, [StandbyRow(**r) for r in snap["standby"]], to_unix(now_dt))
            await tx.delete_player_phases(game.id, (back, *skipped, undone))
            for phase in (back, *skipped, undone):  # played again: grace again (issue 15)
                await tx.delete_grace_period(game.id, phase)
            for phase in (back, *skipped):
                await tx.delete_snapshot(game.id, phase)
            await tx.clear_ready_all(game.id)
            await self._set_deadline(tx, game, to_unix(deadline_dt), back)
            restored = await tx.game(game.id)
            assert restored is not None
            also: dict[str, Any] = {"skipped": list(skipped)} if skipped else {}  # said in the post and the log
            await self._announce(
                tx,
                restored,
                actor,
                "rollback",
                {"undone": undone, "phase": back, **also},
                post_phase=back,
                map=MapSpec(back),
                undone=undone,
                back=back,
                deadline=to_unix(deadline_dt),
                **also,
            )
            players = await tx.players(game.id)
            await posts.phase_dms(tx, restored, players, position_from_json(row.position), self.deps.now())
            await press.seats_changed(tx, restored, "rollback", self.deps.now())  # press as in that phase
        self.deps.changed(timers=True, posts=True)
        return RolledBack(restored, undone, back, skipped)

    @staticmethod
    async def _played_at_once(tx: Tx, game: GameRow, position: dict[str, Any], snap: dict[str, Any]) -> bool:
        """Whether nobody had a choice in the phase of ``position`` when it was played (the
        power states as its resolution kept them; as they are now when it kept none)."""
        states = [PowerState(**s) for s in snap["states"]] if "states" in snap else None
        return await trivial.settles_at_once(tx, game, position_from_json(position), states)

    # -- orders and reminders -----------------------------------------------------------
    async def orders_overview(
        self, channel_id: int, actor: Actor, remind: bool = False, *, action: int | None = None
    ) -> OrdersOverview:
        storage = self.deps.storage
        async with storage.write(action) if remind else storage.read() as tx:
            game = await self._game(tx, channel_id, actor)
            ctx = await context.load(tx, game)
            rows = self._overview(ctx)
            late = {r.user_id for r in rows if r.state.late and r.user_id is not None}
            view = await secrecy.moderator_view(tx, game, actor.user_id)  # anonymous games
            reminded: tuple[int, ...] = ()
            if remind:
                reminded = tuple(sorted(late))
                if not reminded:
                    raise UserError("mod.remind_nobody", game=game.name)
                paused = await tx.pause_of(game.id) is not None or not game.deadline
                now = self.deps.now()
                for uid in reminded:
                    await posts.dm(
                        tx,
                        game,
                        ctx.phase,
                        now,
                        uid,
                        PostKind.DM_MOD_REMINDER,
                        phase=ctx.phase,
                        deadline=None if paused else game.deadline,
                    )
                await self._announce(
                    tx, game, actor, "remind", {"users": list(reminded)}, users=list(reminded), mentions=reminded
                )
        if remind:
            self.deps.changed(posts=True)
        if view.audited:  # a moderator saw who plays which power in an anonymous game
            async with storage.write() as tx:
                await secrecy.seen(tx, game, actor.user_id, "/mod orders", self.deps.now())
        if not view.shows_players:
            return OrdersOverview(game, tuple(replace(r, user_id=None) for r in rows), reminded, masked=True)
        return OrdersOverview(game, tuple(rows), reminded)

    @staticmethod
    def _overview(ctx: GameContext) -> list[PowerOrders]:
        return [
            PowerOrders(pw, p.user_id, power_state(ctx, p, pw))
            for p in sorted(ctx.players, key=lambda p: p.seat or 0)
            for pw in ctx.powers_of(p)
        ]

    async def log(self, channel_id: int, actor: Actor) -> tuple[GameRow, list[AuditRow]]:
        """The audit log; in an anonymous game a moderator who plays sees it without
        players (:func:`bot.core.secrecy.masked_audit`), another one is recorded seeing it."""
        async with self.deps.storage.read() as tx:
            game = await self._game(tx, channel_id, actor, status=tuple(GameStatus), any_game=True)
            rows = await tx.audit(game.id, AUDIT_LIMIT)
            view = await secrecy.moderator_view(tx, game, actor.user_id)
        if view.audited:
            async with self.deps.storage.write() as tx:
                await secrecy.seen(tx, game, actor.user_id, "/mod log", self.deps.now())
        return game, rows if view.shows_players else secrecy.masked_audit(rows)
