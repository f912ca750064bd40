"""Giving orders: ``/order`` (read in the player's language, checked by the engine,
stored), ``/clear``, ``/ready`` and ``/unready``, and the autocomplete of legal orders.

An ``/order`` is one read transaction (the :class:`~bot.core.context.GameContext`), the
parsing and checking off the event loop (:class:`~bot.infra.compute.Compute`), then one
write transaction that stores the orders with a compare-and-set on the phase: an order
read for a phase that has since resolved is refused, never stored in the next phase.
"""

from __future__ import annotations

import json
import re
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from bot.core import civil, context
from bot.core import params as P
from bot.core.context import GameContext
from bot.core.deps import Deps
from bot.core.errors import UserError
from bot.core.languages import reading_order
from bot.core.reading import matching_orders, read_orders_in, unit_province
from bot.core.rules import Illegal, IllegalOrderError, check_order, orders_due, power_of
from bot.core.status import OrderSheet, sheet_of
from bot.core.types import GameStatus
from bot.infra.clock import to_unix
from bot.infra.storage import GameRow, Tx
from engine import Order, Position, Power, Rules, Waive, legal_adjustments, legal_orders
from engine.parser import ParsedLine


@dataclass(frozen=True, slots=True)
class LineReport:
    text: str  # what the player typed
    order: str | None  # canonical order stored, or None
    error: str | None  # message key when refused
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class OrderReport:
    lines: tuple[LineReport, ...]
    sheet: OrderSheet


@dataclass(frozen=True, slots=True)
class ReadyReport:
    sheet: OrderSheet
    resolving: bool  # everyone is ready: the phase resolves now
    paused: bool = False  # the game is paused: nothing resolves before a moderator resumes it


# -- the engine's reasons, said by the catalogue --------------------------------------------
# reason code -> message key; keyed by the code's value, so the table serves the engine's
# own Reason enum unchanged. A code without a message says "`order` is not possible now".
_KEYS = {
    "no_unit": "order.no_unit",
    "not_dislodged": "order.no_retreat_needed",
    "not_your_unit": "order.not_your_unit",
    "needs_coast": "order.which_coast",
    "no_builds_due": "order.no_builds",
    "no_disbands_due": "order.no_disbands",
    "build_not_home_centre": "order.bad_build",
    "too_many_adjustments": "order.too_many_adjustments",
    "not_adjacent": "illegal.not_adjacent",
    "closed_province": "illegal.closed",
    "retreat_not_allowed": "illegal.retreat",
    "support_nothing_there": "illegal.support_nobody",
    "support_cannot_reach": "illegal.support_reach",
    "support_move_impossible": "illegal.support_move",
    "convoy_needs_fleet_at_sea": "illegal.convoy_fleet",
    "no_convoy_route": "illegal.convoy_route",
}


def _wrong_phase_key(params: Mapping[str, object]) -> str:
    if params.get("kind") in ("build", "waive"):
        return "order.build_in_wrong_phase"
    if params.get("phase") == "adjustment":
        return "order.not_adjustment"
    return "order.retreat_in_wrong_phase"


def refusal(illegal: Illegal, order: str) -> UserError:
    """An engine reason as a refusal: the message key, the parameters typed for the text
    layer (units and places are written the way the reader's language writes them).
    ``order``: the order refused (canonical text), for the messages that quote it."""
    reason = illegal.reason.value
    key = _wrong_phase_key(illegal.params) if reason == "wrong_phase" else _KEYS.get(reason, "illegal.generic")
    params: dict[str, Any] = {"order": P.OrderText(order)}
    for name, value in illegal.params.items():
        if name == "place":  # the messages call the province of a unit {unit}
            name = "unit"
        if isinstance(value, tuple):
            params[name] = P.Places(value)
        elif name == "power":
            params[name] = Power(str(value))
        elif name in ("count", "phase", "kind"):
            params[name] = value
        elif isinstance(value, str) and " " in value:  # a unit: "A PAR"
            params[name] = P.UnitName(value)
        else:
            params[name] = P.Places.of(value)
    return UserError(key, **params)


def check_open(game: GameRow, now: float) -> None:
    """Orders are closed once the deadline has passed or the phase is being resolved."""
    phase = P.PhaseCode(game.phase or "")
    if game.deadline is not None and game.deadline <= now:
        raise UserError("order.deadline_passed", game=game.name, phase=phase)
    if game.due_at is not None and game.due_at <= now:
        raise UserError("order.resolving", game=game.name, phase=phase)


def order_key(order: Order) -> str:
    """The database key of an order: the province of the unit it orders (or builds)."""
    if isinstance(order, Waive):
        return "WAIVE"
    return order.location.province


def waive_key(power: Power, n: int) -> str:
    return f"WAIVE{n}:{power.value}"


def _adjust_key(position: Position, rules: Rules, power: Power, order: Order, key: str, taken: dict[str, str]) -> str:
    """Builds, disbands and waives are limited by the count due; waives get numbered keys."""
    due = orders_due(position, power, rules).count
    mine = {k for k, p in taken.items() if p == power.value}
    if isinstance(order, Waive):
        n = 0
        while waive_key(power, n) in mine:
            n += 1
        key = waive_key(power, n)
    if key not in mine and len(mine) >= due:
        raise UserError("order.too_many_adjustments", count=due, power=power)
    return key


def _parse_error(parsed: ParsedLine) -> LineReport:
    error = parsed.error
    assert error is not None
    code = error.code
    if code == "unknown_word" and not error.suggestions:
        code = "unknown_word_alone"  # no "did you mean: —?"
    suggestions: Any = (
        P.Suggestions(tuple(error.suggestions)) if code == "unknown_word" else ", ".join(error.suggestions) or "—"
    )
    return LineReport(
        parsed.text, None, f"parse.{code}", {"word": error.word, "suggestions": suggestions, "english": str(error)}
    )


def read_and_check(
    text: str,
    languages: Sequence[str],
    position: Position,
    rules: Rules,
    powers: Sequence[Power],
    existing: dict[str, str],
) -> tuple[list[LineReport], dict[str, tuple[str, str]]]:
    """CPU work of an ``/order`` (run off the event loop): each line read and checked.
    ``existing``: stored order key -> power. Returns the line reports and the writes
    (order key -> (power, canonical order))."""
    lines: list[LineReport] = []
    writes: dict[str, tuple[str, str]] = {}
    taken = dict(existing)
    for parsed in read_orders_in(text, languages, position=position):
        if parsed.error is not None or parsed.order is None:
            lines.append(_parse_error(parsed))
            continue
        try:
            order = check_order(position, parsed.order, rules, powers)
            power = power_of(position, order, rules, powers)
            key = order_key(order)
            if position.phase.is_adjustment:
                key = _adjust_key(position, rules, power, order, key, taken)
        except IllegalOrderError as exc:
            err = refusal(exc.illegal, str(parsed.order))
            lines.append(LineReport(parsed.text, None, err.key, err.params))
            continue
        except UserError as exc:
            lines.append(LineReport(parsed.text, None, exc.key, exc.params))
            continue
        writes[key] = (power.value, str(order))
        taken[key] = power.value
        lines.append(LineReport(parsed.text, str(order), None))
    return lines, writes


def legal_options(position: Position, rules: Rules, powers: Sequence[Power]) -> list[str]:
    """Every legal order of ``powers`` in the phase (canonical texts)."""
    options: list[str] = []
    for power in powers:
        if position.phase.is_adjustment:
            options.extend(str(o) for o in legal_adjustments(position, power, rules))
        else:
            for unit in orders_due(position, power, rules).units:
                options.extend(str(o) for o in legal_orders(position, unit.province, rules))
    return options


class LegalCache:
    """The legal orders of recent (game, phase, powers), newest last: autocomplete asks on
    every keystroke. The phase is in the key, so nothing needs clearing when a phase
    resolves or is rolled back; ``size`` bounds the memory."""

    def __init__(self, size: int = 512) -> None:
        self.size = size
        self._entries: OrderedDict[tuple[int, str, tuple[Power, ...], str], list[str]] = OrderedDict()

    def get(self, key: tuple[int, str, tuple[Power, ...], str]) -> list[str] | None:
        found = self._entries.get(key)
        if found is not None:
            self._entries.move_to_end(key)
        return found

    def put(self, key: tuple[int, str, tuple[Power, ...], str], options: list[str]) -> None:
        self._entries[key] = options
        while len(self._entries) > self.size:
            self._entries.popitem(last=False)


def moved_on(game: GameRow, phase: str, previous: str | None) -> UserError:
    return UserError(
        "order.phase_moved_on", game=game.name, phase=P.PhaseCode(previous or phase), now=P.PhaseCode(game.phase or "")
    )


async def check_sent_in_phase(tx: Tx, ctx: GameContext, sent_at: datetime | None) -> None:
    """An action created (``sent_at``: the interaction's snowflake time) before the current
    phase started was meant for the phase that has since resolved: refused."""
    if sent_at is None:
        return
    started = await tx.phase_start(ctx.game.id, ctx.phase)
    if started is not None and to_unix(sent_at) + 0.001 <= started:
        raise moved_on(ctx.game, ctx.phase, await tx.last_resolved_phase(ctx.game.id))


class Ordering:
    def __init__(self, deps: Deps) -> None:
        self.deps = deps
        self.legal = LegalCache()

    async def submit(
        self,
        user_id: int,
        text: str,
        *,
        game_id: int | None = None,
        channel_id: int | None = None,
        expected_phase: str | None = None,
        sent_at: datetime | None = None,
        language: str | None = None,
    ) -> OrderReport:
        """Read, check and store one or several orders. ``expected_phase``: the phase the
        player meant (default: the phase the game is in when the request is read);
        ``sent_at``: when the player sent it. ``language``: the player's; orders are read
        in it, then in the game's language, then in English."""
        async with self.deps.storage.read() as tx:
            ctx = await context.player_context(tx, user_id, game_id, channel_id)
            await check_sent_in_phase(tx, ctx, sent_at)
        game = ctx.game
        phase = expected_phase or ctx.phase
        if phase != ctx.phase:
            raise moved_on(game, phase, phase)
        check_open(game, self.deps.now())
        if not text.strip():
            raise UserError("order.empty")
        if not ctx.powers:
            raise UserError("order.no_power", game=game.name)
        existing = {o.unit: o.power for o in ctx.orders}
        languages = reading_order(language or game.language, game.language)
        lines, writes = await self.deps.compute.run(
            read_and_check, text, languages, ctx.position, ctx.rules, ctx.powers, existing
        )
        if not writes:
            return OrderReport(tuple(lines), sheet_of(ctx))
        async with self.deps.storage.write() as tx:
            current = await tx.game(game.id)
            if current is None or current.phase != phase or current.status != GameStatus.ACTIVE:
                raise UserError(
                    "order.phase_moved_on",
                    game=game.name,
                    phase=P.PhaseCode(phase),
                    now=P.PhaseCode(current.phase) if current and current.phase else "—",
                )
            check_open(current, self.deps.now())
            now = self.deps.now()
            for key, (power, canonical) in writes.items():
                await tx.put_order(game.id, phase, key, power, canonical, user_id, now)
            after = await context.load(tx, current, user_id)
        return OrderReport(tuple(lines), sheet_of(after))

    async def clear(
        self,
        user_id: int,
        unit: str | None,
        *,
        game_id: int | None = None,
        channel_id: int | None = None,
        language: str | None = None,
    ) -> tuple[int, OrderSheet]:
        async with self.deps.storage.write() as tx:
            ctx = await context.player_context(tx, user_id, game_id, channel_id)
            check_open(ctx.game, self.deps.now())
            mine = ctx.my_orders()
            if unit is None or unit.strip().lower() in ("", "all", "*"):
                keys = [o.unit for o in mine]
            else:
                words = unit.strip().upper().replace("/", " ").split()
                wanted = words[1] if len(words) > 1 and words[0] in ("A", "F") else words[0]
                if language and language != "en" and not any(o.unit == wanted for o in mine):
                    wanted = unit_province(unit.strip(), language) or wanted  # "E Par", "А Пар"
                keys = [
                    o.unit
                    for o in mine
                    if o.unit == wanted
                    or o.text.upper() == unit.strip().upper()
                    or (o.unit.startswith("WAIVE") and wanted == "WAIVE")
                ][:1]
                if not keys:
                    raise UserError("clear.nothing", unit=unit.strip())
            count = await tx.delete_orders(ctx.game.id, ctx.phase, keys)
            after = await context.load(tx, ctx.game, user_id)
        return count, sheet_of(after)

    async def set_ready(
        self, user_id: int, ready: bool, *, game_id: int | None = None, channel_id: int | None = None
    ) -> ReadyReport:
        resolving = False
        async with self.deps.storage.write() as tx:
            ctx = await context.player_context(tx, user_id, game_id, channel_id)
            game = ctx.game
            check_open(game, self.deps.now())
            await tx.set_ready(game.id, user_id, game.phase if ready else None)
            ctx = await context.load(tx, game, user_id)
            paused = await tx.pause_of(game.id) is not None
            if ready:
                resolving = await civil.resolve_if_ready(tx, game, self.deps.now())
        if resolving:
            self.deps.changed(timers=True)
        return ReadyReport(sheet_of(ctx), resolving, paused)

    async def choices(
        self,
        user_id: int,
        typed: str,
        *,
        game_id: int | None = None,
        channel_id: int | None = None,
        limit: int = 25,
        language: str | None = None,
    ) -> list[str]:
        """Autocomplete: the player's legal orders matching what they are typing (the
        last of several orders in the text), units without an order first. ``language``:
        the player's; what they type is matched in it, the game's language and English."""
        try:
            async with self.deps.storage.read() as tx:
                ctx = await context.player_context(tx, user_id, game_id, channel_id)
        except UserError:
            return []
        key = (ctx.game.id, ctx.phase, ctx.powers, json.dumps(ctx.game.position, sort_keys=True))
        options = self.legal.get(key)
        if options is None:
            options = await self.deps.compute.run(legal_options, ctx.position, ctx.rules, ctx.powers)
            self.legal.put(key, options)
        parts = re.split(r"([;\n,])", typed)
        before = "".join(parts[:-1])
        done = {o.unit for o in ctx.orders}

        def rank(option: str) -> tuple[bool, str]:
            unit = option.split()[1].split("/")[0] if len(option.split()) > 1 else option
            return (unit in done, option)

        matches = await self.deps.compute.run(
            matching_orders, options, parts[-1], reading_order(language or ctx.language, ctx.language)
        )
        out = []
        for option in sorted(matches, key=rank):
            value = (before + (" " if before else "") + option).strip()
            if len(value) <= 100:
                out.append(value)
            if len(out) >= limit:
                break
        return out

    async def clear_choices(
        self, user_id: int, *, game_id: int | None = None, channel_id: int | None = None
    ) -> list[tuple[str, str]] | None:
        """``/clear``'s autocomplete: (canonical order, value to clear) of the player's
        orders; None when the player has no game here."""
        try:
            async with self.deps.storage.read() as tx:
                ctx = await context.player_context(tx, user_id, game_id, channel_id)
        except UserError:
            return None
        return [(o.text, "WAIVE" if o.unit.startswith("WAIVE") else o.unit) for o in ctx.my_orders()]
