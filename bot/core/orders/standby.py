"""Standby orders (issue 15): orders a player leaves for their powers, used only for what
they have not ordered when a phase resolves. No other Diplomacy platform has them.

How they work (the decisions; the rules of legality are the engine's, :mod:`engine.standby`):

- **Given** with ``/standby set`` (the same order syntax and autocomplete as ``/order``) or
  from the order sheet (the orders of the phase kept as standby orders). Each is for one
  kind of phase: a movement order (hold, move, support, convoy) for the unit in its
  province; a retreat for that unit if it is dislodged (several are preferences, in the
  order given); builds and disbands for adjustments (preferences too). What one command
  gives for a unit (or for builds, or disbands) replaces what that unit had. When given,
  each is checked against the board as it stands (:func:`engine.check_standby`).
- **Kept** across phases until cleared (``/standby clear``) or until the unit is gone
  (it moved, retreated, was disbanded or destroyed): a standby order belongs to the unit
  that stood in the province when it was given. Build preferences stay.
- **Used** when the phase resolves, for every order the power still owes: each unit
  without an order, a retreat or build or disband not given (so also for a player who
  ordered only some units). Each is checked in full on the board of that phase; one that
  became illegal is dropped, with the reason, never applied half-way, and removed from the
  player's standby orders (kept, it would be dropped again every phase and reported each
  time). The results post marks the orders that came from standby; the player gets a DM
  with what was used and what was dropped and why, once (a dropped order never reaches
  the channel: it is a plan).
- **Not used** for a power in civil disorder (a collapsed government executes nothing;
  but where the caretaker plays such a power, issue 23, they come first), nor when the
  orders were given by a former player (a replacement starts afresh), nor
  when the power's orders are forced (:mod:`bot.core.trivial`).
- **Civil disorder**: a power whose standby orders were used does not play the phase in
  civil disorder (it had orders). For the policy's count of missed movement phases it
  counts as having missed the phase only when the game says so (``/game create
  standby_missed:True``). Either way the player was absent: the reliability record counts
  the phase as missed, and marks it as played by standby orders.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.core import context, posts
from bot.core.context import GameContext, owners
from bot.core.deps import Deps
from bot.core.errors import UserError
from bot.core.languages import base_language, reading_order
from bot.core.orders.giving import (
    MAX_CHOICE,
    LegalCache,
    LineReport,
    check_text,
    complete,
    moved_on,
    parse_error,
    refusal,
)
from bot.core.orders.reading import read_orders_in, unit_province
from bot.core.posts import PostKind
from bot.core.rules import IllegalOrderError, orders_due
from bot.infra.storage import GameRow, PlayerRow, Tx
from bot.infra.storage.standby import StandbyRow
from engine import (
    Build,
    Disband,
    Location,
    Move,
    Order,
    PhaseKind,
    PhaseOutcome,
    Position,
    Power,
    Retreat,
    Rules,
    StandbyPlan,
    check_standby,
    legal_orders,
    names,
    parse_order,
    standby_kind,
    standby_orders,
)
from engine.standby import movement_board
from engine.units import UnitType

# /standby clear's words for the build (+) and disband (-) preferences, as the texts show them in
# each language; the order words of the player's name table (C, И, Р, строительство...) count too
_SLOT_WORDS = {
    "B": "+",
    "BUILDS": "+",
    "D": "-",
    "DISBANDS": "-",
    "CONSTRUCCIONES": "+",
    "DISOLUCIONES": "-",
    "ПОСТРОЙКИ": "+",
    "РАСФОРМИРОВАНИЯ": "-",
    "ИЗГРАЖДАНИЯ": "+",
    "РАЗФОРМИРОВАНИЯ": "-",
}


def _slot_word(text: str, language: str | None) -> str:
    """The preference slot a word of /standby clear names (``+``, ``-``), or ``""``."""
    if slot := _SLOT_WORDS.get(text.upper()):
        return slot
    if not language:
        return ""
    try:
        found = names.table(base_language(language)).lookup(tuple(names.tokens(text)))
    except ValueError:  # not a language with a name table
        return ""
    kinds = {entry.kind for entry in found}
    return "+" if kinds == {"build"} else "-" if kinds == {"disband"} else ""


CODES = {PhaseKind.MOVEMENT: "M", PhaseKind.RETREAT: "R", PhaseKind.ADJUSTMENT: "A"}
KINDS = {code: kind for kind, code in CODES.items()}


def slot_of(order: Order) -> str:
    """Where a standby order is kept within its kind: the unit's province, or ``+`` (the
    build preferences) / ``-`` (the disband preferences)."""
    if isinstance(order, Build):
        return "+"
    if isinstance(order, Disband):
        return "-"
    return order.location.province  # type: ignore[union-attr]


def read_row(row: StandbyRow) -> Order:
    """A stored standby order (canonical text, read as the kind of phase it is for)."""
    return parse_order(row.text, phase=KINDS[row.kind])


@dataclass(frozen=True, slots=True)
class StandbyItem:
    power: Power
    kind: PhaseKind
    text: str


@dataclass(frozen=True, slots=True)
class StandbySheet:
    """A player's standby orders in one game, by power and kind, preferences in order."""

    game: GameRow
    phase: str
    powers: tuple[Power, ...]
    items: tuple[StandbyItem, ...]


@dataclass(frozen=True, slots=True)
class StandbyReport:
    lines: tuple[LineReport, ...]
    sheet: StandbySheet


def mine(rows: Iterable[StandbyRow], powers: Sequence[Power], user_id: int) -> list[StandbyRow]:
    """The rows of ``powers`` given by ``user_id`` (a former player's are not theirs)."""
    codes = {p.value for p in powers}
    return [r for r in rows if r.power in codes and r.user_id == user_id]


def sheet_from(ctx: GameContext, rows: Iterable[StandbyRow]) -> StandbySheet:
    assert ctx.player is not None
    order = {PhaseKind.MOVEMENT: 0, PhaseKind.RETREAT: 1, PhaseKind.ADJUSTMENT: 2}
    found = mine(rows, ctx.powers, ctx.player.user_id)
    found.sort(key=lambda r: (ctx.powers.index(Power(r.power)), order[KINDS[r.kind]], r.slot, r.rank))
    items = tuple(StandbyItem(Power(r.power), KINDS[r.kind], r.text) for r in found)
    return StandbySheet(ctx.game, ctx.phase, ctx.powers, items)


async def sheet_of(tx: Tx, ctx: GameContext) -> StandbySheet:
    return sheet_from(ctx, await tx.standby_orders(ctx.game.id, [p.value for p in ctx.powers]))


def owner_of(position: Position, order: Order) -> Power | None:
    """The power a (checked) standby order is for: a build's home power, else the unit's."""
    province = order.location.province  # type: ignore[union-attr]
    if isinstance(order, Build):
        return position.map.provinces[province].home_of
    if isinstance(order, Retreat) and province in position.dislodged and position.phase.is_retreat:
        return position.dislodged[province].unit.power
    unit = position.units.get(province)
    return unit.power if unit is not None else None


Writes = dict[tuple[str, str, str], list[str]]
"""(power, kind code, slot) -> the canonical orders of that slot, preferences in order."""


def read_standby(
    text: str, languages: Sequence[str], position: Position, rules: Rules, powers: Sequence[Power]
) -> tuple[list[LineReport], Writes]:
    """CPU work of ``/standby set`` (run off the event loop): each order read as ``/order``
    reads it in this phase, checked as a standby order (:func:`engine.check_standby`).
    Returns the line reports and the slots to write."""
    lines: list[LineReport] = []
    writes: Writes = {}
    for parsed in read_orders_in(text, languages, position=position):
        if parsed.error is not None or parsed.order is None:
            lines.append(parse_error(parsed))
            continue
        kind = standby_kind(parsed.order)
        if kind is None:
            lines.append(LineReport(parsed.text, None, "standby.waive"))
            continue
        try:
            order = check_standby(position, parsed.order, rules, powers)
        except IllegalOrderError as exc:
            err = refusal(exc.illegal, parsed.order)
            lines.append(LineReport(parsed.text, None, err.key, err.params))
            continue
        power = owner_of(position, order)
        assert power is not None  # check_standby found it among the player's powers
        slot = writes.setdefault((power.value, CODES[kind], slot_of(order)), [])
        if str(order) not in slot:
            slot.append(str(order))
        lines.append(LineReport(parsed.text, str(order), None))
    return lines, writes


def standby_options(position: Position, rules: Rules, powers: Sequence[Power]) -> list[str]:
    """Every standby order the autocomplete offers: the movement orders of the powers'
    units on the board as it stands, their retreats to each neighbour, their disbands, and
    builds in their home centres."""
    board = movement_board(position)
    out: list[str] = []
    units = [u for u in board.units.values() if u.power in powers]
    for unit in sorted(units, key=lambda u: u.province):
        out.extend(str(o) for o in legal_orders(board, unit.province, rules))
    extra: list[Order] = []
    for unit in sorted(units, key=lambda u: u.province):
        extra.extend(
            Retreat(unit.type, unit.location, m.destination)
            for m in legal_orders(board, unit.province, rules)
            if isinstance(m, Move) and not m.via_convoy
        )
        extra.append(Disband(unit.type, unit.location))
    for power in powers:
        for centre in sorted(position.map.home_centres.get(power, ())):
            coasts = position.map.provinces[centre].coasts
            extra.append(Build(UnitType.ARMY, Location(centre)))
            extra.extend(Build(UnitType.FLEET, Location(centre, c)) for c in coasts or (None,))
    for order in extra:
        try:
            out.append(str(check_standby(position, order, rules, powers)))
        except (IllegalOrderError, ValueError):
            continue
    return list(dict.fromkeys(out))


class StandbyOrders:
    """``/standby``: set, clear and show a player's standby orders; their autocomplete."""

    def __init__(self, deps: Deps) -> None:
        self.deps = deps
        self.options = LegalCache()

    async def set(
        self,
        user_id: int,
        text: str,
        *,
        game_id: int | None = None,
        channel_id: int | None = None,
        guild_id: int | None = None,
        language: str | None = None,
        action: int | None = None,
    ) -> StandbyReport:
        check_text(text)
        async with self.deps.storage.read() as tx:
            ctx = await context.player_context(tx, user_id, game_id, channel_id, guild_id)
        if not ctx.powers:
            raise UserError("order.no_power", game=ctx.game.name)
        languages = reading_order(language or ctx.language, ctx.language)
        lines, writes = await self.deps.compute.run(read_standby, text, languages, ctx.position, ctx.rules, ctx.powers)
        async with self.deps.storage.write(action) as tx:
            current = await context.player_context(tx, user_id, ctx.game.id)
            if current.phase != ctx.phase:  # checked against a board that has changed since
                raise moved_on(current.game, ctx.phase, ctx.phase)
            await self._write(tx, ctx.game.id, writes, user_id)
            sheet = await sheet_of(tx, current)
        return StandbyReport(tuple(lines), sheet)

    async def show(
        self, user_id: int, *, game_id: int | None = None, channel_id: int | None = None, guild_id: int | None = None
    ) -> StandbySheet:
        async with self.deps.storage.read() as tx:
            ctx = await context.player_context(tx, user_id, game_id, channel_id, guild_id)
            return await sheet_of(tx, ctx)

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
    ) -> tuple[int, StandbySheet]:
        """Take back standby orders: all, or those of one unit (``A PAR``, ``PAR``, in the
        player's ``language`` too), or the build (``B``, ``C``, ``И``, ``постройки``...) or disband
        (``D``, ``Р``, ``расформирования``...) preferences."""
        async with self.deps.storage.write(action) as tx:
            ctx = await context.player_context(tx, user_id, game_id, channel_id, guild_id)
            rows = mine(await tx.standby_orders(ctx.game.id), ctx.powers, user_id)
            wanted = (unit or "").strip()
            if wanted and wanted.upper() not in ("ALL", "*"):
                keys = {_slot_word(wanted, language), unit_province(wanted, "en") or ""}
                if language:  # "E Par", "А Пар"
                    keys.add(unit_province(wanted, language) or "")
                rows = [r for r in rows if r.slot in keys or r.text == wanted.upper()]
                if not rows:
                    raise UserError("standby.nothing_to_clear", text=wanted)
            count = await tx.delete_standby(ctx.game.id, rows)
            return count, await sheet_of(tx, ctx)

    async def keep(
        self, user_id: int, game_id: int, phase: str, *, action: int | None = None
    ) -> tuple[int, StandbySheet]:
        """The player's orders of this phase, kept as their standby orders (the sheet's
        button): each replaces the standby order of its unit (or the build and disband
        preferences); a waive is not kept."""
        async with self.deps.storage.write(action) as tx:
            ctx = await context.player_context(tx, user_id, game_id)
            if ctx.phase != phase:
                raise moved_on(ctx.game, phase, phase)
            writes: Writes = {}
            for o in ctx.my_orders():
                order = parse_order(o.text, phase=ctx.position.phase)
                kind = standby_kind(order)
                if kind is not None:
                    writes.setdefault((o.power, CODES[kind], slot_of(order)), []).append(str(order))
            await self._write(tx, ctx.game.id, writes, user_id)
            return sum(len(t) for t in writes.values()), await sheet_of(tx, ctx)

    async def _write(self, tx: Tx, game_id: int, writes: Writes, user_id: int) -> None:
        for (power, code, slot), texts in writes.items():
            await tx.put_standby(game_id, power, code, slot, texts, user_id, self.deps.now())

    async def choices(
        self,
        user_id: int,
        typed: str,
        *,
        game_id: int | None = None,
        channel_id: int | None = None,
        guild_id: int | None = None,
        language: str | None = None,
        limit: int = 25,
    ) -> list[str]:
        """Autocomplete: the standby orders matching what the player is typing (the last
        of several in the text), in their language, the game's, or English."""
        if len(typed) > MAX_CHOICE:
            return []
        try:
            async with self.deps.storage.read() as tx:
                ctx = await context.player_context(tx, user_id, game_id, channel_id, guild_id)
        except UserError:
            return []
        options = await self.options.of(ctx, self.deps.compute, standby_options)
        languages = reading_order(language or ctx.language, ctx.language)
        return await complete(self.deps.compute, options, typed, languages, limit)


# -- the hooks in the resolution -------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class StandbyUse:
    """What standby orders did in one resolution: each power's plan (only powers with
    orders used or dropped), and who gave them."""

    plans: Mapping[Power, StandbyPlan] = field(default_factory=dict)
    users: Mapping[Power, int] = field(default_factory=dict)
    dropped: tuple[StandbyRow, ...] = ()  # the stored rows of the orders dropped: removed after

    @property
    def covered(self) -> frozenset[Power]:
        """The powers that played orders from standby."""
        return frozenset(p for p, plan in self.plans.items() if plan.used)

    def with_orders(self, orders: Mapping[Power, list[str]]) -> dict[Power, list[str]]:
        """The orders to play: the ones given, and the standby orders used."""
        out = {p: list(texts) for p, texts in orders.items()}
        for power, plan in self.plans.items():
            if plan.used:
                out.setdefault(power, []).extend(str(o) for o in plan.used)
        return out

    def mark(self, power: Power, text: str) -> dict[str, Any]:
        """The results post's mark of an order that came from standby."""
        plan = self.plans.get(power)
        return {"standby": True} if plan is not None and text in {str(o) for o in plan.used} else {}


async def fill(tx: Tx, ctx: GameContext, orders: Mapping[Power, list[str]]) -> StandbyUse:
    """Before a phase resolves: what each power's standby orders add to the orders given
    (see the module's docstring for whose are used)."""
    rows = await tx.standby_orders(ctx.game.id)
    if not rows:
        return StandbyUse()
    states = await tx.power_states(ctx.game.id)
    played = owners(ctx.game, ctx.players)
    position, rules = ctx.position, ctx.rules
    kind = CODES[position.phase.kind]
    # issue 23: where the caretaker plays a power in civil disorder, its player's standby orders come first
    caretaker = (await tx.standin_policy(ctx.game.id)).civil_disorder == "caretaker"
    plans: dict[Power, StandbyPlan] = {}
    dropped: list[StandbyRow] = []
    for power, user in played.items():
        state = states.get(power.value)
        if state is not None and state.civil_disorder and (state.held or not orders.get(power)) and not caretaker:
            continue  # declared in civil disorder: its units hold, nothing is executed
        if orders_due(position, power, rules).is_empty:
            continue  # nothing owed, or forced: the adjudicator gives its only orders
        kept = [r for r in rows if r.power == power.value and r.kind == kind and r.user_id == user]
        if not kept:
            continue
        standby = [read_row(r) for r in kept]
        given = [parse_order(t, phase=position.phase) for t in orders.get(power, ())]
        plan = standby_orders(position, power, standby, given, rules)
        if plan.used or plan.dropped:
            plans[power] = plan
        row_of = {id(order): row for order, row in zip(standby, kept, strict=True)}  # the plan keeps the objects
        dropped += [row_of[id(order)] for order, _ in plan.dropped if id(order) in row_of]
    return StandbyUse(plans, {p: played[p] for p in plans}, tuple(dropped))


def _gone(outcome: PhaseOutcome) -> set[str]:
    """The provinces whose unit is no longer the one that stood there: it moved or
    retreated away, or was disbanded or destroyed."""
    out = {u.province for u in outcome.destroyed}
    for r in outcome.results:
        if r.ok and isinstance(r.order, (Move, Retreat, Disband)):
            out.add(r.order.location.province)
    return out


def still_there(row: StandbyRow, nxt: Position, gone: set[str]) -> bool:
    """Whether a standby order's unit is still on the board (build preferences always are)."""
    if row.slot == "+":
        return True
    order = read_row(row)
    province = order.location.province  # type: ignore[union-attr]
    if province in gone:
        return False
    here = [nxt.units.get(province)]
    if province in nxt.dislodged:
        here.append(nxt.dislodged[province].unit)
    return any(u is not None and u.power.value == row.power and u.type is order.unit_type for u in here)  # type: ignore[union-attr]


def dropped_json(plan: StandbyPlan) -> list[dict[str, Any]]:
    """The dropped orders of a plan as post parameters: the order, the reason's code and
    its parameters (tuples as lists)."""
    out = []
    for order, why in plan.dropped:
        params = {k: list(v) if isinstance(v, tuple) else v for k, v in why.params.items()}
        out.append({"order": str(order), "reason": why.reason.value, "params": params})
    return out


async def after_resolution(
    tx: Tx,
    game: GameRow,
    phase: str,
    outcome: PhaseOutcome,
    use: StandbyUse,
    players: Sequence[PlayerRow],
    now: float,
) -> None:
    """After a phase resolved: mark the phases played by standby orders in the record,
    tell each player what their standby orders did, and remove the standby orders that
    were dropped (told once) and those of units that are gone."""
    for power, plan in use.plans.items():
        user = use.users[power]
        if plan.used:
            await tx.mark_player_phase(game.id, phase, user, standby=True)
        await posts.dm(
            tx,
            game,
            phase,
            now,
            user,
            PostKind.DM_STANDBY,
            phase=phase,
            power=power.value,
            used=[str(o) for o in plan.used],
            dropped=dropped_json(plan),
        )
    gone = _gone(outcome)
    rows = await tx.standby_orders(game.id)
    stale = [r for r in rows if r.kind != "A" or r.slot == "-"]
    gone_rows = [r for r in stale if not still_there(r, outcome.next, gone)]
    await tx.drop_standby(game.id, list(dict.fromkeys([*use.dropped, *gone_rows])))
