"""Moderation: the civil-disorder policy, missed phases and the reliability record, the
moderators' commands (pause, resume, extend, deadline, resolve now, civil disorder on/off,
replace, kick, rollback, who has ordered and reminders, the audit log), and the players'
end of the game (the secret draw ballot, conceding, eliminations).

Like :mod:`bot.service` it owns rules, never Discord: the ``/mod`` cog calls one method of
:class:`Moderation` and formats what it returns; a refusal is a :class:`UserError`.

Who moderates a game: its creator, members with Manage Server, and members with the
server's moderator role (``/mod role``). Every moderator action is posted in the game
channel and written to the audit log, in the same transaction as the change it records.

The policy (rulebook §3: "players should decide before the game starts"): a power that
gives no orders at all in a movement phase (and whose player is not ready) plays that
phase in civil disorder (its units hold without supporting each other, dislodged units
are disbanded); missing retreats disband; missing disbands follow the engine's distance
rule. After ``cd_after`` such movement phases in a row (default 2; 0 = never) the power is
*declared* in civil disorder: it also does not build, and it stays so until its player
orders again (unless a moderator holds it there) or a replacement takes it over. The hooks
:func:`before_resolution` and :func:`after_resolution` run inside the resolution's one
transaction (:meth:`bot.service.GameService._resolve_in`).
"""
from __future__ import annotations

import re
from dataclasses import asdict, dataclass, replace
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any, Awaitable, Callable, Iterable
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from engine import Position, Power, Rules
from engine.cli import position_from_json
from engine.names import table

from bot import sheet as order_sheet
from bot.infra.clock import from_unix, to_unix
from bot.text.i18n import t
from bot.languages import unit_text
from bot.infra.schedule import Duration, ScheduleError, parse_schedule
from bot.text.durations import duration_text
from bot.service import (
    UserError, _rules, needs, phase_title, power_name, powers_of, stamp,
)
from bot.infra.storage import GameRow, PlayerRow, Tx
from bot.infra.storage.moderation import PowerState

if TYPE_CHECKING:
    from bot.service import GameService

AUDIT_LIMIT = 20


@dataclass(frozen=True, slots=True)
class Actor:
    """Who runs a moderator command, as Discord sees them."""

    user_id: int
    can_manage: bool = False            # Manage Server or Administrator
    role_ids: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True)
class PowerOrders:
    power: Power
    user_id: int | None
    state: str                          # "ready", "complete", "partial", "none", "nothing"


@dataclass(frozen=True, slots=True)
class OrdersOverview:
    game: GameRow
    powers: tuple[PowerOrders, ...]
    reminded: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class AuditEntry:
    text: str
    at: float


@dataclass(frozen=True, slots=True)
class BallotReport:
    game: GameRow
    opened: bool                        # this vote opened the proposal
    passed: bool                        # everyone voted yes: the game ended in a draw
    yes: bool


# -- helpers ---------------------------------------------------------------------------
_WHEN = re.compile(r"^\s*(\d{4})-(\d{2})-(\d{2})[ T](\d{1,2}):(\d{2})\s*(\S+)?\s*$")


def parse_moment(text: str, now: float) -> float:
    """A deadline a moderator types: ``2026-03-05 18:00 [Europe/Madrid]`` (UTC without a
    zone) or a duration from now (``36h``)."""
    match = _WHEN.match(text)
    if match:
        year, month, day, hour, minute = (int(g) for g in match.groups()[:5])
        zone = match.group(6) or "UTC"
        try:
            tz = ZoneInfo(zone)
        except (ZoneInfoNotFoundError, ValueError):
            raise UserError("schedule.bad_zone", text=zone) from None
        try:
            moment = datetime(year, month, day, hour, minute, tzinfo=tz)
        except ValueError:
            raise UserError("mod.bad_moment", text=text.strip()) from None
        return to_unix(moment.astimezone(timezone.utc))
    try:
        schedule = parse_schedule(text)
    except ScheduleError:
        raise UserError("mod.bad_moment", text=text.strip()) from None
    if not isinstance(schedule, Duration):
        raise UserError("mod.bad_moment", text=text.strip())
    return now + schedule.length.total_seconds()


def parse_length(text: str) -> float:
    try:
        schedule = parse_schedule(text)
    except ScheduleError:
        raise UserError("mod.bad_duration", text=text.strip()) from None
    if not isinstance(schedule, Duration):
        raise UserError("mod.bad_duration", text=text.strip())
    return schedule.length.total_seconds()


def _alive(position: Position, power: Power) -> bool:
    return bool(position.units_of(power) or position.centres_of(power))


def _owners(game: GameRow, players: Iterable[PlayerRow]) -> dict[Power, int]:
    return {pw: p.user_id for p in players for pw in powers_of(game, p)}


def _missed(position: Position, power: Power, rules: Rules, ordered: set[Power], ready: bool) -> bool:
    """The power had something to order, gave no order at all and its player is not ready."""
    return bool(needs(position, power, rules)) and power not in ordered and not ready


# -- the resolution hooks (inside GameService._resolve_in's transaction) ---------------------
async def before_resolution(tx: Tx, game: GameRow, position: Position, players: list[PlayerRow],
                            orders: dict[Power, list[str]], plain: Rules) -> frozenset[Power]:
    """Keep what a rollback needs, and say which powers play this phase in civil disorder."""
    assert game.phase is not None
    states = await tx.power_states(game.id)
    await tx.save_snapshot(game.id, game.phase, {
        "tossed": game.tossed, "toss_winner": game.toss_winner, "deadline": game.deadline,
        "states": [asdict(s) for s in states.values()],
    })
    civil: set[Power] = set()
    ordered = set(orders)
    for p in players:
        ready = p.ready_phase == game.phase
        for pw in powers_of(game, p, plain):
            state = states.get(pw.value)
            declared = state is not None and state.civil_disorder
            if position.phase.is_movement:
                if not position.units_of(pw):
                    continue
                missed = _missed(position, pw, plain, ordered, ready)
                if missed or (declared and state.held):   # type: ignore[union-attr]
                    civil.add(pw)
            elif declared:
                civil.add(pw)
    return frozenset(civil)


async def after_resolution(tx: Tx, game: GameRow, updated: GameRow, phase: str, position: Position,
                           nxt: Position, players: list[PlayerRow], orders: dict[Power, list[str]],
                           civil: frozenset[Power], now: float) -> None:
    """Record who missed the phase, apply the civil-disorder policy, announce eliminations,
    close the draw proposal, and log the resolution."""
    lang = game.language
    plain = _rules(game, phase)
    states = await tx.power_states(game.id)
    cd_after = await tx.cd_policy(game.id)
    ordered = set(orders)
    owner = _owners(game, players)
    mods = await _moderator_mentions(tx, game)
    for p in players:
        ready = p.ready_phase == phase
        powers = powers_of(game, p, plain)
        duty = [pw for pw in powers if needs(position, pw, plain)]
        if duty:
            missed_any = any(_missed(position, pw, plain, ordered, ready) for pw in duty)
            await tx.record_player_phase(game.guild_id, game.id, phase, p.user_id, missed_any)
        if not position.phase.is_movement:
            continue
        for pw in duty:
            state = states.get(pw.value) or PowerState(pw.value)
            if _missed(position, pw, plain, ordered, ready):
                state = replace(state, missed_in_row=state.missed_in_row + 1)
                if not state.civil_disorder and cd_after and state.missed_in_row >= cd_after:
                    state = replace(state, civil_disorder=True)
                    await tx.add_post(game.id, phase, t(
                        "mod.post.cd_declared", lang, game=game.name, power=power_name(pw, lang),
                        user=f"<@{p.user_id}>", count=state.missed_in_row, mods=mods),
                        channel_id=game.channel_id, now=now)
                    await tx.add_audit(game.id, phase, None, "cd_declared",
                                       {"power": pw.value, "count": state.missed_in_row}, now)
            else:
                state = replace(state, missed_in_row=0)
                if state.civil_disorder and not state.held and pw in ordered:
                    state = replace(state, civil_disorder=False)
                    await tx.add_post(game.id, phase, t(
                        "mod.post.cd_left", lang, game=game.name, power=power_name(pw, lang),
                        user=f"<@{p.user_id}>"), channel_id=game.channel_id, now=now)
                    await tx.add_audit(game.id, phase, None, "cd_left", {"power": pw.value}, now)
            await tx.put_power_state(game.id, state)
    # eliminations
    states = await tx.power_states(game.id)
    for pw in Power:
        if _alive(position, pw) and not _alive(nxt, pw):
            state = states.get(pw.value) or PowerState(pw.value)
            await tx.put_power_state(game.id, replace(state, eliminated=True, civil_disorder=False))
            user = owner.get(pw)
            await tx.add_post(game.id, phase, t(
                "mod.post.eliminated", lang, game=game.name, power=power_name(pw, lang),
                user=f" (<@{user}>)" if user else ""), channel_id=game.channel_id, now=now)
            if user is not None:   # a DM: the player's language
                theirs = (await tx.user_languages([user])).get(user, lang)
                await tx.add_post(game.id, phase, t("mod.dm.eliminated", theirs, game=game.name,
                                                    power=power_name(pw, theirs)), user_id=user, now=now)
            await tx.add_audit(game.id, phase, None, "eliminated", {"power": pw.value}, now)
    # a draw proposal stays open until the next resolution
    if await tx.draw_proposal(game.id) is not None:
        await tx.close_draw(game.id)
        if updated.status != "finished":
            await tx.add_post(game.id, phase, t("mod.post.draw_lapsed", lang, game=game.name),
                              channel_id=game.channel_id, now=now)
    await tx.add_audit(game.id, phase, None, "resolved", {"phase": phase, "next": updated.phase or ""}, now)


async def _moderator_mentions(tx: Tx, game: GameRow) -> str:
    role = await tx.mod_role(game.guild_id)
    return f"<@{game.creator_id}>" + (f" <@&{role}>" if role else "")


# -- the service -------------------------------------------------------------------------
class Moderation:
    def __init__(self, service: "GameService") -> None:
        self.service = service
        self.storage = service.storage

    def now(self) -> float:
        return self.service.now()

    # -- who may --------------------------------------------------------------------
    async def is_moderator(self, tx: Tx, game: GameRow, actor: Actor) -> bool:
        if actor.can_manage or actor.user_id == game.creator_id:
            return True
        role = await tx.mod_role(game.guild_id)
        return role is not None and role in actor.role_ids

    async def _game(self, tx: Tx, channel_id: int, actor: Actor, *, status: tuple[str, ...] = ("active",),
                    any_game: bool = False) -> GameRow:
        game = await (tx.last_game_in_channel(channel_id) if any_game else tx.open_game_in_channel(channel_id))
        if game is None:
            raise UserError("game.none_here")
        if not await self.is_moderator(tx, game, actor):
            raise UserError("mod.not_allowed", game=game.name)
        if game.status not in status:
            raise UserError(f"mod.status_{status[0]}", game=game.name)
        return game

    async def _announce(self, tx: Tx, game: GameRow, actor: Actor, action: str, detail: dict[str, Any],
                        key: str, *, post_phase: str | None = None,
                        map_spec: dict[str, Any] | None = None, **params: Any) -> None:
        """Post a moderator action in the game channel and write it to the audit log."""
        now = self.now()
        await tx.add_post(game.id, post_phase or game.phase, t(key, game.language, game=game.name,
                                                          mod=f"<@{actor.user_id}>", **params),
                          channel_id=game.channel_id, map_spec=map_spec, now=now)
        await tx.add_audit(game.id, post_phase or game.phase, actor.user_id, action, detail, now)

    async def set_role(self, guild_id: int, actor: Actor, role_id: int | None) -> None:
        if not actor.can_manage:
            raise UserError("mod.role_not_allowed")
        async with self.storage.transaction() as tx:
            await tx.set_mod_role(guild_id, role_id)

    async def set_policy(self, game_id: int, cd_after: int) -> None:
        if not 0 <= cd_after <= 10:
            raise UserError("mod.bad_policy")
        async with self.storage.transaction() as tx:
            await tx.set_cd_policy(game_id, cd_after)

    # -- time -----------------------------------------------------------------------
    async def pause(self, channel_id: int, actor: Actor) -> GameRow:
        async with self.storage.transaction() as tx:
            game = await self._game(tx, channel_id, actor)
            assert game.phase is not None
            if await tx.pause_of(game.id) is not None:
                raise UserError("mod.already_paused", game=game.name)
            now = self.now()
            left = max(0.0, (game.deadline or now) - now)
            remind_left = (game.remind_at - now) if game.remind_at and game.remind_at > now else None
            await tx.put_pause(game.id, game.phase, left, remind_left, now, actor.user_id)
            await tx.set_timers(game.id, game.phase, deadline=None, remind_at=None)
            await self._announce(tx, game, actor, "pause", {"left": left}, "mod.post.paused",
                                 left=duration_text(left, game.language))
        self._changed()
        return game

    async def resume(self, channel_id: int, actor: Actor) -> GameRow:
        async with self.storage.transaction() as tx:
            game = await self._game(tx, channel_id, actor)
            assert game.phase is not None
            pause = await tx.pause_of(game.id)
            if pause is None:
                raise UserError("mod.not_paused", game=game.name)
            now = self.now()
            deadline = now + pause.deadline_left
            await tx.clear_pause(game.id)
            await self._set_deadline(tx, game, deadline)
            await self._announce(tx, game, actor, "resume", {"deadline": deadline}, "mod.post.resumed",
                                 deadline=stamp(deadline))
        self._changed()
        return game

    async def extend(self, channel_id: int, actor: Actor, length: str) -> float:
        """Move the deadline later; returns the new deadline (or, paused, the time left)."""
        seconds = parse_length(length)
        async with self.storage.transaction() as tx:
            game = await self._game(tx, channel_id, actor)
            assert game.phase is not None
            pause = await tx.pause_of(game.id)
            if pause is not None:
                result = pause.deadline_left + seconds
                await tx.put_pause(game.id, pause.phase, result, pause.remind_left, pause.paused_at,
                                   pause.paused_by)
                await self._announce(tx, game, actor, "extend", {"by": seconds}, "mod.post.extended_paused",
                                     by=duration_text(seconds, game.language),
                                     left=duration_text(result, game.language))
            else:
                now = self.now()
                result = max(game.deadline or now, now) + seconds
                await self._set_deadline(tx, game, result)
                await self._announce(tx, game, actor, "extend", {"by": seconds, "deadline": result},
                                     "mod.post.extended", by=duration_text(seconds, game.language),
                                     deadline=stamp(result))
        self._changed()
        return result

    async def set_deadline(self, channel_id: int, actor: Actor, when: str) -> float:
        now = self.now()
        deadline = parse_moment(when, now)
        if deadline <= now + 60:
            raise UserError("mod.deadline_past", text=when.strip())
        async with self.storage.transaction() as tx:
            game = await self._game(tx, channel_id, actor)
            await tx.clear_pause(game.id)
            await self._set_deadline(tx, game, deadline)
            await self._announce(tx, game, actor, "deadline", {"deadline": deadline}, "mod.post.deadline",
                                 deadline=stamp(deadline))
        self._changed()
        return deadline

    async def _set_deadline(self, tx: Tx, game: GameRow, deadline: float, phase: str | None = None) -> None:
        """A new deadline for the phase, and its reminders planned again (:mod:`bot.sheet`)."""
        phase = phase or game.phase
        assert phase is not None
        remind = await order_sheet.plan_reminders(tx, game.id, phase, self.service.clock(), from_unix(deadline))
        await tx.set_timers(game.id, phase, deadline=deadline, remind_at=to_unix(remind) if remind else None)

    async def resolve_now(self, channel_id: int, actor: Actor) -> GameRow:
        async with self.storage.transaction() as tx:
            game = await self._game(tx, channel_id, actor)
            assert game.phase is not None
            await tx.clear_pause(game.id)
            await tx.set_timers(game.id, game.phase, deadline=self.now(), remind_at=None)
            await self._announce(tx, game, actor, "resolve", {"phase": game.phase}, "mod.post.resolve_now",
                                 phase=phase_title(game.phase, game.language))
        await self.service.resolve(game.id, game.phase)
        return game

    def _changed(self) -> None:
        self.service.on_timer_change()
        self.service.on_posts()

    # -- powers and players ---------------------------------------------------------------
    def _power(self, game: GameRow, players: list[PlayerRow], text: str) -> tuple[Power, PlayerRow]:
        try:
            power = Power(text.strip().upper())
        except ValueError:
            raise UserError("mod.unknown_power", power=text.strip()) from None
        for p in players:
            if power in powers_of(game, p):
                return power, p
        raise UserError("mod.power_not_played", power=power_name(power, game.language), game=game.name)

    async def set_civil_disorder(self, channel_id: int, actor: Actor, power_text: str, on: bool) -> Power:
        async with self.storage.transaction() as tx:
            game = await self._game(tx, channel_id, actor)
            players = await tx.players(game.id)
            power, player = self._power(game, players, power_text)
            state = (await tx.power_states(game.id)).get(power.value) or PowerState(power.value)
            state = replace(state, civil_disorder=on, held=on, missed_in_row=state.missed_in_row if on else 0)
            await tx.put_power_state(game.id, state)
            await self._announce(tx, game, actor, "cd_on" if on else "cd_off", {"power": power.value},
                                 "mod.post.cd_on" if on else "mod.post.cd_off",
                                 power=power_name(power, game.language), user=f"<@{player.user_id}>")
        self.service.on_posts()
        return power

    async def replace(self, channel_id: int, actor: Actor, power_text: str, new_user: int,
                      can_dm: Callable[[GameRow], Awaitable[bool]] | None = None) -> tuple[GameRow, Power, int]:
        """Give a power's seat to another member; returns the game, power and the old player."""
        async with self.storage.transaction() as tx:
            game = await self._game(tx, channel_id, actor)
            assert game.phase is not None
            players = await tx.players(game.id)
            power, old = self._power(game, players, power_text)
            if any(p.user_id == new_user for p in players):
                raise UserError("mod.replace_already_playing", user=f"<@{new_user}>", game=game.name)
        if can_dm is not None and not await can_dm(game):
            raise UserError("mod.replace_dm_closed", user=f"<@{new_user}>")
        async with self.storage.transaction() as tx:
            game = await self._game(tx, channel_id, actor)
            assert game.phase is not None
            if not await tx.replace_player(game.id, old.user_id, new_user):
                raise UserError("mod.replace_raced", game=game.name)
            seat_powers = powers_of(game, old)
            states = await tx.power_states(game.id)
            for pw in seat_powers:
                state = states.get(pw.value) or PowerState(pw.value)
                await tx.put_power_state(game.id, replace(state, civil_disorder=False, held=False,
                                                          missed_in_row=0, conceded=False))
            lang = game.language
            names = ", ".join(power_name(pw, lang) for pw in seat_powers)
            await self._announce(tx, game, actor, "replace",
                                 {"power": power.value, "old": old.user_id, "new": new_user},
                                 "mod.post.replaced", powers=names, old=f"<@{old.user_id}>",
                                 new=f"<@{new_user}>")
            now = self.now()
            position = position_from_json(game.position or {})
            pause = await tx.pause_of(game.id)
            rules = _rules(game, game.phase)
            # the DMs: each player's language (the game's when the bot doesn't know it)
            languages = await tx.user_languages([new_user, old.user_id])
            newcomer = languages.get(new_user, lang)
            lines = []
            for pw in seat_powers:
                units = ", ".join(unit_text(str(u), newcomer) for u in position.units_of(pw)) or "—"
                centres = ", ".join(c if newcomer == "en" else table(newcomer).province_name(c)
                                    for c in sorted(position.centres_of(pw))) or "—"
                todo = needs(position, pw, rules)
                lines.append(t("mod.dm.replacement_power", newcomer, power=power_name(pw, newcomer), units=units,
                               centres=centres, todo=len(todo)))
            deadline = (t("mod.paused_deadline", newcomer) if pause is not None or not game.deadline
                        else stamp(game.deadline))
            await tx.add_post(game.id, game.phase, t(
                "mod.dm.replacement", newcomer, game=game.name,
                powers=", ".join(power_name(pw, newcomer) for pw in seat_powers), lines="\n".join(lines),
                phase=phase_title(game.phase, newcomer), deadline=deadline),
                user_id=new_user, map_spec={"phase": game.phase, "orders": False}, now=now)
            theirs = languages.get(old.user_id, lang)
            await tx.add_post(game.id, game.phase, t(
                "mod.dm.replaced_out", theirs, game=game.name,
                powers=", ".join(power_name(pw, theirs) for pw in seat_powers)),
                user_id=old.user_id, now=now)
        self.service._legal_cache.clear()
        self.service.on_posts()
        return game, power, old.user_id

    async def kick(self, channel_id: int, actor: Actor, user_id: int) -> GameRow:
        async with self.storage.transaction() as tx:
            game = await self._game(tx, channel_id, actor, status=("forming",))
            if not await tx.remove_player(game.id, user_id):
                raise UserError("mod.kick_not_in", user=f"<@{user_id}>", game=game.name)
            await self._announce(tx, game, actor, "kick", {"user": user_id}, "mod.post.kicked",
                                 user=f"<@{user_id}>")
        self.service.on_posts()
        return game

    # -- rollback ---------------------------------------------------------------------------
    async def rollback(self, channel_id: int, actor: Actor) -> tuple[GameRow, str, str]:
        """Undo the last resolution: the game is again in the phase before, with its orders;
        returns the game, the phase undone and the phase restored."""
        async with self.storage.transaction() as tx:
            game = await self._game(tx, channel_id, actor, status=("active", "finished"), any_game=True)
            if game.status == "finished" and await tx.open_game_in_channel(channel_id) is not None:
                raise UserError("mod.rollback_other_game", game=game.name)
            names = await tx.phase_names(game.id)
            if len(names) < 2 or game.phase != names[-1]:
                raise UserError("mod.rollback_nothing", game=game.name)
            undone, back = names[-1], names[-2]
            row = await tx.phase(game.id, back)
            assert row is not None
            snap = await tx.snapshot(game.id, back) or {}
            now_dt = self.service.clock()
            kind = {"M": game.movement, "R": game.retreat, "A": game.adjustment}[back[-1]]
            deadline_dt = parse_schedule(kind).next_deadline(now_dt)
            await tx.delete_unsent_posts(game.id, undone)
            if row.resolved_at is not None:
                await tx.delete_unsent_posts(game.id, back, since=row.resolved_at)
            await tx.delete_phase(game.id, undone)
            await tx.clear_phase_results(game.id, back)
            await tx.clear_pause(game.id)
            await tx.close_draw(game.id)
            await tx.delete_ending(game.id)
            if not await tx.restore_game(game.id, expected_phase=undone, phase=back, position=row.position,
                                         deadline=to_unix(deadline_dt), remind_at=None,
                                         tossed=bool(snap.get("tossed", game.tossed)),
                                         toss_winner=snap.get("toss_winner", game.toss_winner)):
                raise UserError("mod.rollback_nothing", game=game.name)
            if "states" in snap:
                await tx.replace_power_states(game.id, [PowerState(**s) for s in snap["states"]])
            await tx.delete_player_phases(game.id, (back, undone))
            await tx.delete_snapshot(game.id, back)
            await tx.clear_ready_all(game.id)
            await self._set_deadline(tx, game, to_unix(deadline_dt), back)
            restored = await tx.game(game.id)
            assert restored is not None
            lang = game.language
            await self._announce(tx, restored, actor, "rollback", {"undone": undone, "phase": back},
                                 "mod.post.rollback", post_phase=back,
                                 map_spec={"phase": back, "orders": False},
                                 undone=phase_title(undone, lang), back=phase_title(back, lang),
                                 deadline=stamp(to_unix(deadline_dt)))
            players = await tx.players(game.id)
            await self.service._phase_dms(tx, restored, players, position_from_json(row.position), self.now())
        self.service._legal_cache.clear()
        self._changed()
        return restored, undone, back

    # -- orders and reminders -------------------------------------------------------------
    async def orders_overview(self, channel_id: int, actor: Actor, remind: bool = False) -> OrdersOverview:
        async with self.storage.transaction() as tx:
            game = await self._game(tx, channel_id, actor)
            assert game.phase is not None
            players = await tx.players(game.id)
            orders = await tx.orders(game.id, game.phase)
            position = position_from_json(game.position or {})
            rules = _rules(game, game.phase)
            given: dict[str, int] = {}
            for o in orders:
                given[o.power] = given.get(o.power, 0) + 1
            rows: list[PowerOrders] = []
            late: set[int] = set()
            for p in sorted(players, key=lambda p: p.seat or 0):
                for pw in powers_of(game, p, rules):
                    need = len(needs(position, pw, rules))
                    count = min(given.get(pw.value, 0), need)
                    if need == 0:
                        state = "nothing"
                    elif p.ready_phase == game.phase:
                        state = "ready"
                    elif count >= need:
                        state = "complete"
                    elif count:
                        state = "partial"
                    else:
                        state = "none"
                    if state in ("partial", "none"):
                        late.add(p.user_id)
                    rows.append(PowerOrders(pw, p.user_id, state))
            reminded: tuple[int, ...] = ()
            if remind:
                reminded = tuple(sorted(late))
                if not reminded:
                    raise UserError("mod.remind_nobody", game=game.name)
                paused = await tx.pause_of(game.id) is not None or not game.deadline
                languages = await tx.user_languages(reminded)   # DMs: each player's language
                for uid in reminded:
                    theirs = languages.get(uid, game.language)
                    deadline = t("mod.paused_deadline", theirs) if paused else stamp(game.deadline or 0)
                    await tx.add_post(game.id, game.phase, t(
                        "mod.dm.reminder", theirs, game=game.name,
                        phase=phase_title(game.phase, theirs), deadline=deadline),
                        user_id=uid, now=self.now())
                await self._announce(tx, game, actor, "remind", {"users": list(reminded)}, "mod.post.reminded",
                                     users=", ".join(f"<@{u}>" for u in reminded))
        if remind:
            self.service.on_posts()
        return OrdersOverview(game, tuple(rows), reminded)

    async def log(self, channel_id: int, actor: Actor) -> tuple[GameRow, list[AuditEntry]]:
        async with self.storage.transaction() as tx:
            game = await self._game(tx, channel_id, actor, status=("forming", "active", "finished"),
                                    any_game=True)
            rows = await tx.audit(game.id, AUDIT_LIMIT)
        lang = game.language
        out = []
        for r in rows:
            detail = dict(r.detail)
            params: dict[str, Any] = {"who": f"<@{r.user_id}>" if r.user_id else t("mod.log.bot", lang)}
            if "power" in detail:
                params["power"] = power_name(detail["power"], lang)
            for key in ("phase", "next", "undone"):
                if detail.get(key):
                    params[key] = phase_title(detail[key], lang)
            if "deadline" in detail:
                params["deadline"] = stamp(detail["deadline"])
            if "by" in detail:
                params["by"] = duration_text(detail["by"], lang)
            if "left" in detail:
                params["left"] = duration_text(detail["left"], lang)
            for key in ("old", "new", "user"):
                if key in detail:
                    params[key] = f"<@{detail[key]}>"
            if "users" in detail:
                params["users"] = ", ".join(f"<@{u}>" for u in detail["users"])
            for key in ("count", "powers"):
                if key in detail:
                    params[key] = detail[key]
            out.append(AuditEntry(t(f"mod.log.{r.action}", lang, **params), r.at))
        return game, out

    # -- the players' end of the game ---------------------------------------------------------
    async def _player_game(self, tx: Tx, channel_id: int, user_id: int) -> tuple[GameRow, PlayerRow]:
        game = await tx.open_game_in_channel(channel_id)
        if game is None:
            raise UserError("game.none_here")
        player = next((p for p in await tx.players(game.id) if p.user_id == user_id), None)
        if player is None:
            raise UserError("order.not_player", game=game.name)
        if game.status != "active":
            raise UserError("mod.status_active", game=game.name)
        return game, player

    async def _survivors(self, tx: Tx, game: GameRow) -> dict[Power, int]:
        """Surviving powers that somebody plays -> their player."""
        assert game.phase is not None
        position = position_from_json(game.position or {})
        rules = _rules(game, game.phase)
        out = {}
        for p in await tx.players(game.id):
            for pw in powers_of(game, p, rules):
                if _alive(position, pw):
                    out[pw] = p.user_id
        return out

    async def vote_draw(self, channel_id: int, user_id: int, yes: bool) -> BallotReport:
        async with self.storage.transaction() as tx:
            game, player = await self._player_game(tx, channel_id, user_id)
            assert game.phase is not None
            survivors = await self._survivors(tx, game)
            mine = [pw for pw, uid in survivors.items() if uid == user_id]
            if not mine:
                raise UserError("mod.draw_not_survivor", game=game.name)
            lang = game.language
            now = self.now()
            opened = False
            if await tx.draw_proposal(game.id) is None:
                if not yes:
                    raise UserError("mod.draw_none_open", game=game.name)
                await tx.open_draw(game.id, game.phase, now)
                opened = True
                names = ", ".join(power_name(pw, lang) for pw in sorted(survivors))
                await tx.add_post(game.id, game.phase, t("mod.post.draw_proposed", lang, game=game.name,
                                                         powers=names), channel_id=game.channel_id, now=now)
                others = sorted(set(survivors.values()) - {user_id})
                languages = await tx.user_languages(others)   # DMs: each player's language
                for uid in others:
                    theirs = languages.get(uid, lang)
                    await tx.add_post(game.id, game.phase, t(
                        "mod.dm.draw_proposed", theirs, game=game.name,
                        powers=", ".join(power_name(pw, theirs) for pw in sorted(survivors))),
                        user_id=uid, now=now)
            for pw in mine:
                await tx.set_draw_vote(game.id, pw.value, yes)
            votes = await tx.draw_votes(game.id)
            passed = all(votes.get(pw.value) for pw in survivors)
            if passed:
                names = ", ".join(power_name(pw, lang) for pw in sorted(survivors))
                codes = ",".join(pw.value for pw in sorted(survivors))
                await tx.close_draw(game.id)
                await tx.finish_by_agreement(game.id, codes)
                await tx.set_ending(game.id, "draw", codes, now)
                await tx.add_post(game.id, game.phase, t(
                    "mod.post.draw_agreed", lang, game=game.name, powers=names,
                    users=" ".join(f"<@{u}>" for u in sorted(set(survivors.values())))),
                    channel_id=game.channel_id, map_spec={"phase": game.phase, "orders": False}, now=now)
                await tx.add_audit(game.id, game.phase, None, "draw", {"powers": names}, now)
        self.service.on_posts()
        if passed:
            self.service.on_timer_change()
        return BallotReport(game, opened, passed, yes)

    async def concede(self, channel_id: int, user_id: int) -> tuple[GameRow, Power, bool]:
        """Concede to the leader; returns the game, the leader and whether the game ended."""
        async with self.storage.transaction() as tx:
            game, player = await self._player_game(tx, channel_id, user_id)
            assert game.phase is not None
            lang = game.language
            position = position_from_json(game.position or {})
            survivors = await self._survivors(tx, game)
            mine = [pw for pw, uid in survivors.items() if uid == user_id]
            if not mine:
                raise UserError("mod.draw_not_survivor", game=game.name)
            counts = sorted(((len(position.centres_of(pw)), pw) for pw in survivors), reverse=True)
            if len(counts) > 1 and counts[0][0] == counts[1][0]:
                raise UserError("mod.concede_no_leader", game=game.name)
            leader = counts[0][1]
            if leader in mine:
                raise UserError("mod.concede_leader", game=game.name, power=power_name(leader, lang))
            states = await tx.power_states(game.id)
            for pw in mine:
                state = states.get(pw.value) or PowerState(pw.value)
                states[pw.value] = replace(state, conceded=True)
                await tx.put_power_state(game.id, states[pw.value])
            now = self.now()
            names = ", ".join(power_name(pw, lang) for pw in mine)
            await tx.add_post(game.id, game.phase, t("mod.post.conceded", lang, game=game.name, powers=names,
                                                     user=f"<@{user_id}>", leader=power_name(leader, lang)),
                              channel_id=game.channel_id, now=now)
            await tx.add_audit(game.id, game.phase, user_id, "concede",
                               {"power": mine[0].value, "powers": names}, now)
            others = [pw for pw in survivors if pw != leader]
            ended = all(states.get(pw.value) is not None and states[pw.value].conceded for pw in others)
            if ended:
                await tx.finish_by_agreement(game.id, leader.value)
                await tx.set_ending(game.id, "concession", leader.value, now)
                await tx.close_draw(game.id)
                await tx.add_post(game.id, game.phase, t(
                    "mod.post.concession_win", lang, game=game.name, power=power_name(leader, lang),
                    user=f"<@{survivors[leader]}>"), channel_id=game.channel_id,
                    map_spec={"phase": game.phase, "orders": False}, now=now)
        self.service.on_posts()
        if ended:
            self.service.on_timer_change()
        return game, leader, ended

    # -- what /game status adds --------------------------------------------------------------
    async def status_lines(self, game: GameRow, user_ids: Iterable[int],
                           language: str | None = None) -> list[str]:
        """What ``/game status`` adds, in ``language`` (the reader's; default the game's)."""
        lang = language or game.language
        async with self.storage.transaction() as tx:
            cd_after = await tx.cd_policy(game.id)
            pause = await tx.pause_of(game.id)
            states = await tx.power_states(game.id)
            record = await tx.reliability(game.guild_id, list(user_ids))
            draw = await tx.draw_proposal(game.id)
            ending = await tx.ending(game.id)
        lines = [t("mod.status.policy", lang, count=cd_after) if cd_after else t("mod.status.policy_never", lang)]
        if pause is not None:
            lines.append(t("mod.status.paused", lang, left=duration_text(pause.deadline_left, lang)))
        cd = [power_name(s.power, lang) for s in states.values() if s.civil_disorder]
        if cd:
            lines.append(t("mod.status.civil_disorder", lang, powers=", ".join(sorted(cd))))
        if draw is not None and game.status == "active":
            lines.append(t("mod.status.draw_open", lang))
        if ending is not None:
            powers = ", ".join(power_name(p, lang) for p in ending[1].split(",") if p)
            lines.append(t(f"mod.status.ended_{ending[0]}", lang, powers=powers))
        if record:
            parts = [t("mod.status.record", lang, user=f"<@{uid}>", missed=m, total=n)
                     for uid, (m, n) in record.items() if n]     # 0/0 says nothing
            if parts:
                lines.append(t("mod.status.reliability", lang, records="; ".join(parts)))
        return lines

    async def is_paused(self, game_id: int) -> bool:
        async with self.storage.transaction() as tx:
            return await tx.pause_of(game_id) is not None
