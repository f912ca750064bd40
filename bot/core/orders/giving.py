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
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from bot.core import context, fog
from bot.core import params as P
from bot.core.context import GameContext
from bot.core.deadlines import grace
from bot.core.deps import Deps
from bot.core.errors import UserError
from bot.core.languages import reading_order
from bot.core.orders.reading import matching_orders, read_orders_in, unit_province
from bot.core.rules import Illegal, IllegalOrderError, Reason, check_order, given_orders, orders_due, power_of
from bot.core.seats import civil, standins
from bot.core.status.report import OrderSheet, sheet_of
from bot.core.types import GameStatus
from bot.infra.clock import to_unix
from bot.infra.compute import Compute
from bot.infra.storage import GameRow, Tx
from engine import Move, Order, Position, Power, Rules, Waive, legal_adjustments, legal_orders
from engine.parser import ParsedLine, split_orders

#: Orders read in one command. A player orders at most 33 units (a seat of a two-player
#: game may hold all 34 but one); retreats and builds are fewer. 50 leaves room for
#: corrections in the same text, and bounds the work and the reply of one command.
MAX_ORDERS = 50
#: Discord's limit on an autocomplete choice's value: what is typed is bounded by it too.
MAX_CHOICE = 100


@dataclass(frozen=True, slots=True)
class Choice:
    """One reading of a line the parser asks about (``OrderParseError.readings``): the
    order (canonical), the same order written in the player's language so that it reads
    only this way (typed back, it is accepted), and the provinces it takes the ambiguous
    word(s) for (what the player may have meant: ``GAL`` or ``WAL`` for Spanish ``Gal``)."""

    canonical: str
    text: str
    meant: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class LineReport:
    text: str  # what the player typed
    order: str | None  # canonical order stored, or None
    error: str | None  # message key when refused
    params: dict[str, Any] = field(default_factory=dict)
    readings: tuple[Choice, ...] = ()  # for an ambiguous line: the orders it could be


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
# Parameters of a reason (engine.validation.Reason documents them) by what they name:
_UNITS = ("unit", "target")  # a unit's text (A PAR); a target may be a province instead
_PLAIN = ("count", "phase", "kind")  # numbers and the engine's words


def reason_key(illegal: Illegal, order: Order, instead: Order | None = None) -> str:
    """The message key of an engine reason: ``illegal.<code>``. A few reasons read
    differently for different orders, and their key says which (a variant after the
    code): a wrong phase by the phase it is (what it takes instead), a fleet sent by
    convoy (``instead``: the move it can make without) or a fleet named as convoyed, an
    army's move without a convoy route or a fleet's convoy without one, a build refused
    where the power has no free home centre to build in instead (``.none``)."""
    reason = illegal.reason
    key = f"illegal.{reason.value}"
    if reason is Reason.WRONG_PHASE:
        return f"{key}.{illegal.params['phase']}"
    if reason is Reason.ONLY_ARMIES_CONVOYED:
        if "target" in illegal.params:
            return f"{key}.fleet"
        return f"{key}.instead" if instead is not None else key
    if reason is Reason.NO_CONVOY_ROUTE and isinstance(order, Move):
        return f"{key}.move"
    if reason in (Reason.BUILD_NOT_OWNED, Reason.BUILD_OCCUPIED) and not illegal.params.get("places"):
        return f"{key}.none"  # no free home centre to build in instead
    return key


def refusal(illegal: Illegal, order: Order, instead: Order | None = None) -> UserError:
    """An engine reason as a refusal: the message key (:func:`reason_key`) and the
    reason's parameters typed for the text layer, which writes units and places the way
    the reader's rulebook does. ``order``: the order refused (the message may quote it);
    ``instead``: an order to suggest in its place."""
    params: dict[str, Any] = {"order": P.OrderText(str(order))}
    if instead is not None:
        params["instead"] = P.OrderText(str(instead))
    for name, value in illegal.params.items():
        if isinstance(value, tuple):
            params[name] = P.Places(value)
        elif name == "power":
            params[name] = Power(str(value))
        elif name in _PLAIN:
            params[name] = value
        elif name in _UNITS and " " in str(value):
            params[name] = P.UnitName(str(value))
        else:
            params[name] = P.Places.of(value)
    return UserError(reason_key(illegal, order, instead), **params)


def without_convoy(
    position: Position, rules: Rules, powers: Sequence[Power], order: Order, illegal: Illegal
) -> Order | None:
    """For a fleet ordered to move by convoy (only armies are convoyed): the same move
    without ``VIA``, when the engine takes it; else None."""
    if illegal.reason is not Reason.ONLY_ARMIES_CONVOYED or not isinstance(order, Move) or not order.via_convoy:
        return None
    try:
        return check_order(position, Move(order.unit_type, order.location, order.destination), rules, powers)
    except IllegalOrderError:
        return None


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


def next_waive_key(power: Power, taken: Iterable[str]) -> str:
    """The key of one more ``WAIVE`` of ``power`` (the engine counts them; each is stored)."""
    taken = set(taken)
    n = 0
    while waive_key(power, n) in taken:
        n += 1
    return waive_key(power, n)


def parse_error(parsed: ParsedLine) -> LineReport:
    """The report of a line the parser could not read (``/order``, ``/standby set``)."""
    error = parsed.error
    assert error is not None
    code = error.code
    if code == "unknown_word" and not error.suggestions:
        code = "unknown_word_alone"  # no "did you mean: —?"
    suggestions: Any = (
        P.Suggestions(tuple(error.suggestions)) if code == "unknown_word" else ", ".join(error.suggestions) or "—"
    )
    params: dict[str, Any] = {"word": error.word, "suggestions": suggestions, "english": str(error)}
    if code == "ambiguous":  # asked back with the player's own spelling, and the readings
        params["typed"] = error.typed
        meanings = set(error.details.get("provinces", "").split())
        readings = tuple(Choice(r.canonical, r.text, _provinces_in(r.canonical, meanings)) for r in error.readings)
        return LineReport(parsed.text, None, "parse.ambiguous", params, readings)
    if code == "wrong_nationality":  # the power the player named, the unit's owner, where it stands
        details = error.params
        params.update(
            power=Power(details["power"]), owner=Power(details["owner"]), province=P.Places.of(details["province"])
        )
    return LineReport(parsed.text, None, f"parse.{code}", params)


def _provinces_in(canonical: str, among: set[str]) -> tuple[str, ...]:
    """The provinces of ``among`` a canonical order names, in order (``A GAL - BOH``,
    among GAL and WAL: GAL)."""
    return tuple(dict.fromkeys(w.split("/")[0] for w in canonical.split() if w.split("/")[0] in among))


def read_and_check(
    text: str,
    languages: Sequence[str],
    position: Position,
    rules: Rules,
    powers: Sequence[Power],
    existing: Sequence[tuple[str, str, str]],
    hidden: frozenset[str] = frozenset(),
) -> tuple[list[LineReport], dict[str, tuple[str, str]]]:
    """CPU work of an ``/order`` (run off the event loop): each line read and checked by
    the engine. ``existing``: the orders stored, as (order key, power, canonical order);
    in an adjustment phase the engine counts them, and each order accepted here, against
    the builds and disbands due (an order for a province that has one replaces it).
    Returns the line reports and the writes (order key -> (power, canonical order)).
    ``hidden``: in a Fog of War game (issue 25), the provinces out of the orderer's sight:
    a refusal that would tell what stands there is never given (:func:`fog_verdict`)."""
    lines: list[LineReport] = []
    writes: dict[str, tuple[str, str]] = {}
    stored = {key: (power, order) for key, power, order in existing}
    adjusting = position.phase.is_adjustment
    for parsed in read_orders_in(text, languages, position=position):
        if parsed.error is not None or parsed.order is None:
            lines.append(parse_error(parsed))
            continue
        given = given_orders(stored.values()) if adjusting else None
        try:
            order = check_order(position, parsed.order, rules, powers, given=given)
        except IllegalOrderError as exc:
            verdict = fog_verdict(exc.illegal, parsed.order, hidden)
            if verdict == "not_yours" and not isinstance(parsed.order, Waive):  # nothing said of what is there
                place = P.Places.of(parsed.order.location.province)
                lines.append(LineReport(parsed.text, None, "fog.not_your_unit", {"place": place}))
                continue
            if verdict == "accept":  # kept as given: judged at the deadline, like any order
                order = parsed.order
            else:
                instead = without_convoy(position, rules, powers, parsed.order, exc.illegal)
                err = refusal(exc.illegal, parsed.order, instead)
                lines.append(LineReport(parsed.text, None, err.key, err.params))
                continue
        power = power_of(position, order, rules, powers, given=given)
        if power is None:  # the engine took it, yet it is no power's: say so, store nothing
            lines.append(LineReport(parsed.text, None, "order.nobodys", {"order": P.OrderText(str(order))}))
            continue
        key = next_waive_key(power, stored) if isinstance(order, Waive) else order_key(order)
        writes[key] = stored[key] = (power.value, str(order))
        lines.append(LineReport(parsed.text, str(order), None))
    return lines, writes


def fog_verdict(illegal: Illegal, order: Order, hidden: frozenset[str]) -> str | None:
    """Issue 25: what to do with a refusal in a Fog of War game when it is about a province
    out of the orderer's sight, so that it would tell what stands there: ``not_yours`` for
    an order of a unit there (whether there is none or another power's: the same answer),
    ``accept`` for a support or convoy of a unit there (the order is kept, and is void at
    the deadline if that unit is not there or cannot do it); None: refuse as usual."""
    if not hidden or isinstance(order, Waive):
        return None
    reason = illegal.reason
    if reason in (Reason.NO_UNIT, Reason.NOT_YOUR_UNIT, Reason.NOT_DISLODGED):
        return "not_yours" if order.location.province in hidden else None
    other = getattr(order, "supported", None) or getattr(order, "army", None)
    if reason in (Reason.SUPPORT_NOTHING_THERE, Reason.SUPPORT_MOVE_IMPOSSIBLE, Reason.CONVOY_NOTHING_THERE):
        return "accept" if other is not None and other.province in hidden else None
    return None


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

    async def of(
        self, ctx: GameContext, compute: Compute, build: Callable[[Position, Rules, Sequence[Power]], list[str]]
    ) -> list[str]:
        """The options ``build`` lists for the caller's powers in ``ctx``'s phase (worked
        out off the event loop the first time, then kept)."""
        key = (ctx.game.id, ctx.phase, ctx.powers, json.dumps(ctx.game.position, sort_keys=True))
        options = self.get(key)
        if options is None:
            options = await compute.run(build, ctx.view, ctx.rules, ctx.powers)  # issue 25: what they see
            self.put(key, options)
        return options


async def complete(
    compute: Compute,
    options: Sequence[str],
    typed: str,
    languages: Sequence[str],
    limit: int,
    rank: Callable[[str], Any] | None = None,
) -> list[str]:
    """Autocomplete values: the ``options`` the last order being typed may be the start of
    (in any of ``languages``), each after what was typed before it, ordered by ``rank``."""
    parts = re.split(r"([;\n,])", typed)
    before = "".join(parts[:-1])
    matches = await compute.run(matching_orders, options, parts[-1], languages)
    out = []
    for option in sorted(matches, key=rank) if rank is not None else matches:
        value = (before + (" " if before else "") + option).strip()
        if len(value) <= MAX_CHOICE:
            out.append(value)
        if len(out) >= limit:
            break
    return out


def check_text(text: str) -> None:
    """A text of orders is read whole or refused whole: not empty, at most ``MAX_ORDERS``
    orders (nothing stored that the player did not mean)."""
    if not text.strip():
        raise UserError("order.empty")
    count = len(split_orders(text))
    if count > MAX_ORDERS:
        raise UserError("limits.too_many_orders", count=count, limit=MAX_ORDERS)


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
        guild_id: int | None = None,
        expected_phase: str | None = None,
        sent_at: datetime | None = None,
        language: str | None = None,
        action: int | None = None,
    ) -> OrderReport:
        """Read, check and store one or several orders. ``expected_phase``: the phase the
        player meant (default: the phase the game is in when the request is read);
        ``sent_at``: when the player sent it. ``language``: the player's; orders are read
        in it, then in the game's language, then in English."""
        async with self.deps.storage.read() as tx:
            ctx = await context.player_context(tx, user_id, game_id, channel_id, guild_id)
            await check_sent_in_phase(tx, ctx, sent_at)
        game = ctx.game
        phase = expected_phase or ctx.phase
        if phase != ctx.phase:
            raise moved_on(game, phase, phase)
        check_open(game, self.deps.now())
        check_text(text)
        if not ctx.powers:
            raise UserError("order.no_power", game=game.name)
        existing = [(o.unit, o.power, o.text) for o in ctx.orders]
        languages = reading_order(language or game.language, game.language)
        hidden = fog.hidden_from(game, ctx.position, ctx.powers)  # issue 25: out of the orderer's sight
        lines, writes = await self.deps.compute.run(
            read_and_check, text, languages, ctx.position, ctx.rules, ctx.powers, existing, hidden
        )
        if not writes:
            return OrderReport(tuple(lines), sheet_of(ctx))
        async with self.deps.storage.write(action) as tx:
            current = await tx.game(game.id)
            if current is None or current.phase != phase or current.status != GameStatus.ACTIVE:
                raise UserError(
                    "order.phase_moved_on",
                    game=game.name,
                    phase=P.PhaseCode(phase),
                    now=P.PhaseCode(current.phase) if current and current.phase else "—",
                )
            check_open(current, self.deps.now())
            # issue 23: not a power the caretaker took over after its player left it
            await standins.check_reclaim(tx, current, {Power(power) for power, _ in writes.values()})
            now = self.deps.now()
            for key, (power, canonical) in writes.items():
                await tx.put_order(game.id, phase, key, power, canonical, user_id, now)
            # issue 15: in a grace period the phase resolves once the players it waits for are done
            settled = await grace.settle_if_done(tx, current, now)
            after = await context.load(tx, current, user_id)
        if settled:
            self.deps.changed(timers=True)
        return OrderReport(tuple(lines), sheet_of(after))

    async def clear(
        self,
        user_id: int,
        unit: str | None,
        *,
        game_id: int | None = None,
        channel_id: int | None = None,
        guild_id: int | None = None,
        language: str | None = None,
        action: int | None = None,
    ) -> tuple[int, OrderSheet]:
        async with self.deps.storage.write(action) as tx:
            ctx = await context.player_context(tx, user_id, game_id, channel_id, guild_id)
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
                    raise UserError("clear.nothing", text=unit.strip())
            count = await tx.delete_orders(ctx.game.id, ctx.phase, keys)
            after = await context.load(tx, ctx.game, user_id)
        return count, sheet_of(after)

    async def set_ready(
        self,
        user_id: int,
        ready: bool,
        *,
        game_id: int | None = None,
        channel_id: int | None = None,
        guild_id: int | None = None,
        action: int | None = None,
    ) -> ReadyReport:
        resolving = False
        async with self.deps.storage.write(action) as tx:
            ctx = await context.player_context(tx, user_id, game_id, channel_id, guild_id)
            game = ctx.game
            check_open(game, self.deps.now())
            await tx.set_ready(game.id, user_id, game.phase if ready else None)
            ctx = await context.load(tx, game, user_id)
            paused = await tx.pause_of(game.id) is not None
            if ready:
                resolving = await civil.resolve_if_ready(tx, game, self.deps.now())
                resolving = resolving or await grace.settle_if_done(tx, game, self.deps.now())  # issue 15
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
        guild_id: int | None = None,
        limit: int = 25,
        language: str | None = None,
    ) -> tuple[list[str], GameRow | None]:
        """Autocomplete: the player's legal orders matching what they are typing (the
        last of several orders in the text), units without an order first, and the game
        they are orders of (None: no game here), whose label set says how to write them for
        the player. ``language``: the player's; what they type is matched in it, the
        game's language and English."""
        if len(typed) > MAX_CHOICE:  # no choice can hold it: nothing to match, no work
            return [], None
        try:
            async with self.deps.storage.read() as tx:
                ctx = await context.player_context(tx, user_id, game_id, channel_id, guild_id)
        except UserError:
            return [], None
        options = await self.legal.of(ctx, self.deps.compute, legal_options)
        done = {o.unit for o in ctx.orders}

        def rank(option: str) -> tuple[bool, str]:
            unit = option.split()[1].split("/")[0] if len(option.split()) > 1 else option
            return (unit in done, option)

        languages = reading_order(language or ctx.language, ctx.language)
        return await complete(self.deps.compute, options, typed, languages, limit, rank), ctx.game

    async def clear_choices(
        self, user_id: int, *, game_id: int | None = None, channel_id: int | None = None, guild_id: int | None = None
    ) -> list[tuple[str, str]] | None:
        """``/clear``'s autocomplete: (canonical order, value to clear) of the player's
        orders; None when the player has no game here."""
        try:
            async with self.deps.storage.read() as tx:
                ctx = await context.player_context(tx, user_id, game_id, channel_id, guild_id)
        except UserError:
            return None
        return [(o.text, "WAIVE" if o.unit.startswith("WAIVE") else o.unit) for o in ctx.my_orders()]
