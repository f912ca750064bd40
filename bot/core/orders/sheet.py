"""The order sheet's data and steps (issue 6), no screens: a player's slots (each unit to
order, or the Nth build or disband), the orders stored for them, the draft they build from
the menus (kept in the database, so a tap works after a restart), recording a choice from
the engine's legal orders, and submitting the draft. The screens are
:mod:`bot.text.sheet`."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from bot.core import context
from bot.core.context import GameContext
from bot.core.deadlines import grace
from bot.core.deps import Deps
from bot.core.errors import UserError
from bot.core.orders.giving import check_open, check_sent_in_phase, moved_on, next_waive_key, order_key, refusal
from bot.core.orders.standby import StandbyItem
from bot.core.orders.standby import sheet_of as standby_sheet
from bot.core.params import OrderText
from bot.core.rules import explain, orders_due
from bot.core.seats import standins
from bot.core.types import Slot, SlotKind
from engine import (
    Disband,
    Order,
    OrderWarning,
    Position,
    Power,
    Rules,
    Waive,
    legal_adjustments,
    legal_orders,
    order_warnings,
)
from engine.parser import parse_order


def slots_of(position: Position, rules: Rules, powers: Sequence[Power]) -> list[Slot]:
    """Every order ``powers`` have to give in the phase, in the order the sheet lists them."""
    out: list[Slot] = []
    builds = disbands = 0
    for power in powers:
        due = orders_due(position, power, rules)
        if position.phase.is_movement:
            out.extend(Slot(SlotKind.UNIT, power, u) for u in due.units)
        elif position.phase.is_retreat:
            out.extend(Slot(SlotKind.RETREAT, power, u) for u in due.units)
        else:
            for _ in range(due.builds):
                out.append(Slot(SlotKind.BUILD, power, index=builds))
                builds += 1
            for _ in range(due.disbands):
                out.append(Slot(SlotKind.DISBAND, power, index=disbands))
                disbands += 1
    return out


def stored_by_slot(slots: Sequence[Slot], orders: Iterable[tuple[str, str, str]]) -> dict[str, str]:
    """(key, power, text) of stored orders -> slot key -> text."""
    out: dict[str, str] = {}
    pending = {s.key: s for s in slots}
    for key, power, text in orders:
        if key in pending:
            out[key] = text
            del pending[key]
            continue
        # a build, a waive or an adjustment disband: the power's next free slot of that kind
        kind = SlotKind.DISBAND if isinstance(_read(text), Disband) else SlotKind.BUILD
        free = next((s for s in slots if s.key in pending and s.power.value == power and s.kind is kind), None)
        if free is not None:
            out[free.key] = text
            del pending[free.key]
    return out


def _read(text: str) -> Order | None:
    """A stored (canonical) order, or None when the text is no order."""
    try:
        return parse_order(text)
    except ValueError:  # OrderParseError too
        return None


@dataclass
class SheetData:
    """A player's sheet in the current phase: the context, the slots, the orders stored,
    and (when asked for) the draft."""

    ctx: GameContext
    slots: list[Slot]
    stored: dict[str, str]
    draft: dict[str, str] = field(default_factory=dict)
    standby: tuple[StandbyItem, ...] = ()  # the player's standby orders, shown apart (issue 15)
    _legal: dict[str, list[Order]] = field(default_factory=dict)

    @property
    def position(self) -> Position:
        return self.ctx.view  # issue 25: in a fog game, the menus offer what the player sees

    def slot(self, key: str) -> Slot | None:
        return next((s for s in self.slots if s.key == key), None)

    def legal(self, slot: Slot) -> list[Order]:
        """The engine's legal orders for a slot (a waive is offered apart)."""
        if slot.key not in self._legal:
            if slot.is_adjustment:
                self._legal[slot.key] = [
                    o for o in legal_adjustments(self.position, slot.power, self.ctx.rules) if not isinstance(o, Waive)
                ]
            else:
                assert slot.unit is not None
                self._legal[slot.key] = legal_orders(self.position, slot.unit.province, self.ctx.rules)
        return self._legal[slot.key]

    def preload(self) -> None:
        """Work out the legal orders of every slot now (CPU work: run off the event loop)."""
        for slot in self.slots:
            self.legal(slot)

    def is_legal(self, slot: Slot, text: str) -> bool:
        return text in {str(o) for o in self.legal(slot)} or (slot.kind is SlotKind.BUILD and text == "WAIVE")

    def order_of(self, slot: Slot, text: str) -> Order | None:
        if text == "WAIVE":
            return Waive()
        for o in self.legal(slot):
            if str(o) == text:
                return o
        return _read(text)

    def refusal(self, slot: Slot, text: str) -> UserError:
        """Why ``text`` is not a choice for ``slot``: the engine's reason, or (an order the
        engine takes, but for another slot: a button from an older screen) "open the
        sheet again"."""
        order = self.order_of(slot, text)
        why = explain(self.position, order, self.ctx.rules, [slot.power]) if order is not None else None
        if order is None or why is None:
            return UserError("sheet.unknown_button")
        return refusal(why, order)

    def taken(self, draft: dict[str, str], slot: Slot) -> set[str]:
        """The order keys (provinces) the draft's other builds and disbands already use:
        two choices of one province would be one order."""
        out = set()
        for key, text in draft.items():
            order = _read(text) if key != slot.key and text != "WAIVE" else None
            if order is not None:
                out.add(order_key(order))
        return out

    def warnings(self, orders: dict[str, str]) -> list[tuple[Power, list[OrderWarning]]]:
        """The engine's warnings on ``orders`` (slot key -> text), per power with slots."""
        out = []
        for power in self.ctx.powers:
            if not any(s.power is power for s in self.slots):
                continue
            mine = [
                o
                for s in self.slots
                if s.power is power and s.key in orders
                for o in [self.order_of(s, orders[s.key])]
                if o is not None
            ]
            out.append((power, order_warnings(self.position, power, mine)))
        return out


def sheet_data(ctx: GameContext, draft: dict[str, str] | None = None) -> SheetData:
    slots = slots_of(ctx.position, ctx.rules, ctx.powers)
    stored = stored_by_slot(slots, ((o.unit, o.power, o.text) for o in ctx.my_orders()))
    return SheetData(ctx, slots, stored, dict(draft or {}))


class Sheets:
    def __init__(self, deps: Deps) -> None:
        self.deps = deps

    async def load(
        self,
        user_id: int,
        *,
        game_id: int | None = None,
        channel_id: int | None = None,
        guild_id: int | None = None,
        with_draft: bool = False,
    ) -> SheetData:
        """The player's sheet, in one read transaction."""
        async with self.deps.storage.read() as tx:
            ctx = await context.player_context(tx, user_id, game_id, channel_id, guild_id)
            draft = await tx.draft(ctx.game.id, user_id, ctx.phase) if with_draft else {}
            standby = (await standby_sheet(tx, ctx)).items
        data = sheet_data(ctx, draft)
        data.standby = standby
        await self.deps.compute.run(data.preload)  # the legal orders, off the event loop
        return data

    def check_open(self, data: SheetData) -> None:
        check_open(data.ctx.game, self.deps.now())

    async def start_draft(self, data: SheetData) -> SheetData:
        """The draft starts as the orders stored."""
        self.check_open(data)
        async with self.deps.storage.write() as tx:
            await tx.replace_draft(data.ctx.game.id, self._user(data), data.ctx.phase, data.stored)
        data.draft = dict(data.stored)
        return data

    async def record(self, data: SheetData, slot: Slot, text: str) -> SheetData:
        """Put a legal choice in the draft (a build or disband's centre only once)."""
        if not data.is_legal(slot, text):
            raise data.refusal(slot, text)
        order = data.order_of(slot, text)
        if slot.is_adjustment and order is not None and order_key(order) in data.taken(data.draft, slot):
            raise UserError("sheet.already_chosen", order=OrderText(text))
        async with self.deps.storage.write() as tx:
            await tx.put_draft(data.ctx.game.id, self._user(data), data.ctx.phase, slot.key, text)
        data.draft = dict(data.draft, **{slot.key: text})
        return data

    async def submit(self, data: SheetData, sent_at: datetime | None) -> tuple[SheetData, int, int]:
        """Store the draft as the player's orders (one write transaction, refused if the
        phase moved on); returns the sheet after, how many orders and how many changed."""
        game, user = data.ctx.game, self._user(data)
        async with self.deps.storage.write() as tx:
            ctx = await context.player_context(tx, user, game.id)
            if ctx.phase != data.ctx.phase:
                raise moved_on(ctx.game, data.ctx.phase, data.ctx.phase)
            await check_sent_in_phase(tx, ctx, sent_at)
            check_open(ctx.game, self.deps.now())
            data = sheet_data(ctx, await tx.draft(game.id, user, ctx.phase))
            writes: list[tuple[str, str, str]] = []
            changed = 0
            for slot in data.slots:
                text = data.draft.get(slot.key)
                if text is None:
                    continue
                if not data.is_legal(slot, text):
                    raise data.refusal(slot, text)
                if text != data.stored.get(slot.key):
                    changed += 1
                if text == "WAIVE":
                    key = next_waive_key(slot.power, (k for k, _, _ in writes))
                elif slot.is_adjustment:
                    order = data.order_of(slot, text)
                    assert order is not None
                    key = order_key(order)
                else:
                    key = slot.key
                writes.append((key, slot.power.value, text))
            if ctx.position.phase.is_adjustment:
                await tx.delete_orders(game.id, ctx.phase, [o.unit for o in ctx.my_orders()])
            # issue 23: not a power the caretaker took over after its player left it
            await standins.check_reclaim(tx, ctx.game, {Power(power) for _, power, _ in writes})
            now = self.deps.now()
            for key, power, text in writes:
                await tx.put_order(game.id, ctx.phase, key, power, text, user, now)
            await tx.drop_draft(game.id, user)
            # issue 15: in a grace period the phase resolves once the players it waits for are done
            settled = await grace.settle_if_done(tx, ctx.game, now)
            after = await context.load(tx, ctx.game, user)
        if settled:
            self.deps.changed(timers=True)
        return sheet_data(after), len(writes), changed

    async def clear(self, data: SheetData) -> tuple[SheetData, int]:
        """Take back every order of the player in this phase."""
        self.check_open(data)
        game, user = data.ctx.game, self._user(data)
        async with self.deps.storage.write() as tx:
            mine = [
                o.unit
                for o in await tx.orders(game.id, data.ctx.phase)
                if o.power in {p.value for p in data.ctx.powers}
            ]
            count = await tx.delete_orders(game.id, data.ctx.phase, mine)
            await tx.drop_draft(game.id, user)
            after = await context.load(tx, game, user)
        return sheet_data(after), count

    @staticmethod
    def _user(data: SheetData) -> int:
        assert data.ctx.player is not None
        return data.ctx.player.user_id
