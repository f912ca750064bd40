"""The order sheet, its menus, and the reminders each player sets (issue 6).

Owns ordering without typing: ``/orders`` shows a player's sheet (one line per unit with
its order, the deadline, the warnings), and every tap on it is answered here with the
next :class:`Screen` (text plus buttons and select menus, as plain values; ``bot.views``
turns a screen into discord.py components). The walk through the units offers only the
engine's legal orders, builds up a draft stored in SQLite, and ends with a review that
lists every order and what changed since the last submission; one tap submits.

Screens carry no state in memory: every component's custom_id names the game, the phase
and the step (``verb:game:phase:...``), and the draft lives in the database, so a tap
still works after a restart and a tap on a menu of a phase that is over is refused.
Menus keep to Discord's limits: a choice of more than 25 is split by region of the map
(and paged if it ever needed more than four menus).

Also here: when a player's action was meant for an earlier phase (its creation time is
before the current phase started), and the reminders: each player chooses how long
before a deadline to be reminded (several lead times, or never) and whether only when
their orders are incomplete; the game's ``remind_at`` is the earliest reminder due.
"""
from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Iterable, Sequence

from engine import (
    Build, Convoy, Disband, Hold, Move, Order, Position, Power, Retreat, Rules, SupportHold,
    SupportMove, Unit, Waive, legal_adjustments, legal_orders, order_warnings,
)
from engine.cli import position_from_json
from engine.names import table
from engine.orders import format_order
from engine.parser import parse_order

from bot.infra.clock import from_unix, to_unix
from bot.text.i18n import is_plural, plural, t
from bot.languages import unit_text
from bot.text.durations import duration_text
from bot.infra.storage import GameRow, PlayerRow, Tx

if TYPE_CHECKING:
    from bot.service import GameService

log = logging.getLogger(__name__)

# Discord's limits on one message
MAX_OPTIONS = 25
MAX_ROWS = 5
MAX_ROW_BUTTONS = 5
MAX_TEXT = 100          # a button label, an option's label, value or description, a custom_id
MAX_CONTENT = 2000
PREFIX = "dip"

DEFAULT_LEADS = (12 * 60, 60)     # minutes before the deadline: games played over days
MAX_LEADS = 5
MIN_LEAD, MAX_LEAD = 5, 7 * 24 * 60

# Regions of the standard map, for splitting long menus: what a player finds on the board.
REGIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("britain", ("CLY", "EDI", "LVP", "YOR", "WAL", "LON", "NAO", "NWG", "IRI", "ENG", "NTH")),
    ("north", ("NWY", "SWE", "DEN", "FIN", "STP", "BAR", "SKA", "HEL", "BAL", "BOT", "LVN", "MOS")),
    ("west", ("BRE", "PIC", "PAR", "BUR", "GAS", "MAR", "SPA", "POR", "BEL", "HOL", "RUH", "MAO")),
    ("centre", ("KIE", "BER", "MUN", "SIL", "PRU", "BOH", "TYR", "VIE", "GAL", "BUD", "TRI", "WAR")),
    ("south", ("WES", "LYO", "TYS", "ION", "ADR", "NAF", "TUN", "PIE", "VEN", "TUS", "ROM", "NAP", "APU")),
    ("east", ("ALB", "GRE", "SER", "BUL", "RUM", "CON", "ANK", "SMY", "ARM", "SYR", "AEG", "EAS", "BLA",
              "SEV", "UKR")),
)
_REGION_OF = {p: i for i, (_, provinces) in enumerate(REGIONS) for p in provinces}


# -- screens: what a message shows, as values ---------------------------------------------
@dataclass(frozen=True, slots=True)
class Button:
    label: str
    custom_id: str
    style: str = "secondary"        # primary, secondary, success, danger
    disabled: bool = False


@dataclass(frozen=True, slots=True)
class Option:
    label: str
    value: str
    description: str | None = None


@dataclass(frozen=True, slots=True)
class Menu:
    custom_id: str
    placeholder: str
    options: tuple[Option, ...]


@dataclass(frozen=True, slots=True)
class Screen:
    content: str
    rows: tuple[tuple[Button | Menu, ...], ...] = ()

    def components(self) -> list[Button | Menu]:
        return [c for row in self.rows for c in row]


def cut(text: str, limit: int = MAX_TEXT) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _screen(content: str, rows: Sequence[Sequence[Button | Menu]]) -> Screen:
    """A screen within Discord's limits: custom_ids made unique, text cut to size."""
    seen: set[str] = set()
    out_rows = []
    for row in rows:
        if not row:
            continue
        items: list[Button | Menu] = []
        for item in row:
            cid = item.custom_id
            n = 0
            while cid in seen:
                n += 1
                cid = f"{item.custom_id}:{n}"
            seen.add(cid)
            if isinstance(item, Button):
                items.append(Button(cut(item.label, 80), cid, item.style, item.disabled))
            else:
                items.append(Menu(cid, cut(item.placeholder, 150), item.options))
        out_rows.append(tuple(items))
    if len(content) > MAX_CONTENT:
        content = content[:MAX_CONTENT - 1] + "…"
    return Screen(content, tuple(out_rows))


def _cid(verb: str, game_id: int, phase: str, *rest: object) -> str:
    return ":".join([PREFIX, verb, str(game_id), phase, *(str(r) for r in rest)])


def parse_custom_id(custom_id: str) -> tuple[str, int, str, list[str]] | None:
    parts = custom_id.split(":")
    if len(parts) < 4 or parts[0] != PREFIX or not parts[2].isdigit():
        return None
    return parts[1], int(parts[2]), parts[3], parts[4:]


# -- slots: what a player has to order ------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Slot:
    key: str                 # the unit's province, or "+N" / "-N" for the Nth build / disband
    power: Power
    unit: Unit | None        # the unit ordered (None for builds)
    kind: str                # "unit", "retreat", "build", "disband"


@dataclass
class Context:
    game: GameRow
    player: PlayerRow
    position: Position
    rules: Rules
    powers: tuple[Power, ...]
    slots: list[Slot]
    stored: dict[str, str]                 # slot -> order as submitted
    lang: str
    legal_cache: dict[str, list[Order]] = field(default_factory=dict)

    def slot(self, key: str) -> Slot | None:
        return next((s for s in self.slots if s.key == key), None)

    def legal(self, slot: Slot) -> list[Order]:
        if slot.key not in self.legal_cache:
            if slot.kind in ("build", "disband"):
                self.legal_cache[slot.key] = [o for o in legal_adjustments(self.position, slot.power, self.rules)
                                              if not isinstance(o, Waive)]
            else:
                self.legal_cache[slot.key] = legal_orders(self.position, slot.key, self.rules)
        return self.legal_cache[slot.key]


def _slots(position: Position, rules: Rules, powers: Sequence[Power]) -> list[Slot]:
    from bot.service import needs
    out: list[Slot] = []
    builds = disbands = 0
    for power in powers:
        need = needs(position, power, rules)
        if position.phase.is_movement:
            out.extend(Slot(p, power, position.units[p], "unit") for p in need)
        elif position.phase.is_retreat:
            out.extend(Slot(p, power, position.dislodged[p].unit, "retreat") for p in need)
        else:
            for entry in need:
                if entry.startswith("+"):
                    out.append(Slot(f"+{builds}", power, None, "build"))
                    builds += 1
                else:
                    out.append(Slot(f"-{disbands}", power, None, "disband"))
                    disbands += 1
    return out


def _stored_by_slot(slots: list[Slot], orders: Iterable[tuple[str, str, str]]) -> dict[str, str]:
    """(key, power, text) of stored orders -> slot -> text."""
    out: dict[str, str] = {}
    pending = {s.key: s for s in slots}
    for key, power, text in orders:
        if key in pending:
            out[key] = text
            del pending[key]
            continue
        # a build, a waive or an adjustment disband: the power's next free slot of that kind
        kind = "disband" if text.endswith(" D") else "build"
        free = next((s for s in slots if s.key in pending and s.power.value == power and s.kind == kind), None)
        if free is not None:
            out[free.key] = text
            del pending[free.key]
    return out


def _order_of(ctx: Context, slot: Slot, text: str) -> Order | None:
    if text == "WAIVE":
        return Waive()
    for o in ctx.legal(slot):
        if str(o) == text:
            return o
    try:
        return parse_order(text)
    except Exception:
        return None


# -- labels -------------------------------------------------------------------------------
def _place(location: object, lang: str) -> str:
    names = table(lang)
    province = getattr(location, "province", str(location))
    coast = getattr(location, "coast", None)
    name = names.province_names.get(province, province)
    abbr = names.province_abbr.get(province, province)
    if coast:
        return f"{name} ({names.coast_names.get(coast, coast)}) · {abbr}"
    return f"{name} · {abbr}"


def _unit_label(unit: Unit, lang: str) -> str:
    names = table(lang)
    return f"{names.unit_names.get(unit.type.value, unit.type.value).capitalize()} · {_place(unit.location, lang)}"


def _unit_short(unit: Unit, lang: str) -> str:
    """``F STP/SC`` as the player's rulebook writes it."""
    if lang == "en":
        return str(unit)
    held = format_order(Hold(unit.type, unit.location), lang)
    word = table(lang).canonical.get("hold", "")
    return held[:-len(word)].rstrip() if word and held.endswith(word) else held


def _shown(text: str, lang: str) -> str:
    """A stored (English, canonical) order as the player reads it."""
    if lang == "en":
        return text
    try:
        return format_order(parse_order(text), lang)
    except Exception:
        return text


# -- the service --------------------------------------------------------------------------
class OrderSheets:
    """Every screen of the order sheet; one instance per request is fine (no state)."""

    def __init__(self, service: "GameService", language: str | None = None) -> None:
        self.service = service
        self.language = language        # the player's (default: the game's)

    # loading ------------------------------------------------------------------------
    async def _context(self, tx: Tx, game: GameRow, player: PlayerRow) -> Context:
        from bot.service import _rules, powers_of
        assert game.phase is not None
        position = position_from_json(game.position or {})
        rules = _rules(game, game.phase)
        powers = powers_of(game, player, rules)
        slots = _slots(position, rules, powers)
        mine = [o for o in await tx.orders(game.id, game.phase) if o.power in {p.value for p in powers}]
        stored = _stored_by_slot(slots, ((o.unit, o.power, o.text) for o in mine))
        return Context(game, player, position, rules, powers, slots, stored, self.language or game.language)

    async def _player(self, tx: Tx, user_id: int, game_id: int) -> tuple[GameRow, PlayerRow]:
        return await self.service._player_game(tx, user_id, game_id, None)

    # /orders ------------------------------------------------------------------------
    async def open(self, user_id: int, *, game_id: int | None = None,
                   channel_id: int | None = None) -> Screen:
        async with self.service.storage.transaction() as tx:
            game, player = await self.service._player_game(tx, user_id, game_id, channel_id)
            ctx = await self._context(tx, game, player)
            return self._sheet(ctx)

    async def handle(self, user_id: int, custom_id: str, values: Sequence[str],
                     created_at: datetime | None = None) -> Screen:
        """The screen that answers a tap on a sheet component."""
        from bot.service import UserError, phase_title
        parsed = parse_custom_id(custom_id)
        if parsed is None:
            raise UserError("sheet.unknown_button")
        verb, game_id, phase, rest = parsed
        value = values[0] if values else None
        async with self.service.storage.transaction() as tx:
            game, player = await self._player(tx, user_id, game_id)
            lang = self.language or game.language
            if game.phase != phase:
                ctx = await self._context(tx, game, player)
                notice = t("sheet.stale", lang, game=game.name, phase=phase_title(phase, lang),
                           now=phase_title(game.phase or "", lang))
                return self._sheet(ctx, notice)
            ctx = await self._context(tx, game, player)
            if verb == "sh":
                return self._sheet(ctx)
            if verb == "all":
                self.service._check_open(game)
                await tx.replace_draft(game.id, user_id, phase, ctx.stored)
                if not ctx.slots:
                    return self._sheet(ctx, t("sheet.nothing_to_order", lang))
                return self._step(ctx, ctx.stored, "a", ctx.slots[0])
            if verb == "one":
                return self._pick(ctx)
            if verb == "pk" and value is not None:
                self.service._check_open(game)
                slot = ctx.slot(value)
                if slot is None:
                    return self._sheet(ctx)
                await tx.replace_draft(game.id, user_id, phase, ctx.stored)
                return self._step(ctx, ctx.stored, "o", slot)
            if verb in ("go", "k", "v", "pg", "w"):
                return await self._walk(tx, ctx, verb, rest, value)
            if verb == "rv":
                return self._review(ctx, await tx.draft(game.id, user_id, phase))
            if verb == "sb":
                return await self._submit(tx, ctx, created_at)
            if verb == "cl":
                self.service._check_open(game)
                mine = [o.unit for o in await tx.orders(game.id, phase)
                        if o.power in {p.value for p in ctx.powers}]
                count = await tx.delete_orders(game.id, phase, mine)
                await tx.drop_draft(game.id, user_id)
                ctx = await self._context(tx, game, player)
                return self._sheet(ctx, t("clear.done", lang, count=count))
            if verb == "rd":
                warnings = self._warnings(ctx, ctx.stored)
                if warnings and not rest[:1] == ["!"]:
                    return _screen("\n".join([t("sheet.ready_confirm", lang), *warnings]), [[
                        Button(t("sheet.button.ready_anyway", lang), _cid("rd", game.id, phase, "!"), "danger"),
                        Button(t("sheet.button.back", lang), _cid("sh", game.id, phase))]])
        if verb in ("rd", "ur"):
            report = await self.service.set_ready(user_id, verb == "rd", game_id=game_id)
            async with self.service.storage.transaction() as tx:
                game, player = await self._player(tx, user_id, game_id)
                if game.phase != phase:      # everyone was ready: it resolved at once
                    return _screen(t("ready.resolving", lang))
                ctx = await self._context(tx, game, player)
            key = "ready.resolving" if report.resolving else ("ready.done" if verb == "rd" else "unready.done")
            return self._sheet(ctx, t(key, lang))
        raise UserError("sheet.unknown_button")

    # the sheet ----------------------------------------------------------------------
    def _sheet(self, ctx: Context, notice: str | None = None) -> Screen:
        from bot.service import phase_title, power_name, stamp
        game, lang = ctx.game, ctx.lang
        assert game.phase is not None
        lines = [notice] if notice else []
        lines.append(t("sheet.title", lang, game=game.name, phase=phase_title(game.phase, lang)))
        if game.deadline:
            lines.append(t("sheet.deadline", lang, deadline=stamp(game.deadline)))
        if not ctx.slots:
            lines.append(t("sheet.nothing_to_order", lang))
        current = None
        for slot in ctx.slots:
            if len(ctx.powers) > 1 and slot.power is not current:
                current = slot.power
                lines.append(f"**{power_name(slot.power, lang)}**")
            lines.append(self._line(ctx, slot, ctx.stored.get(slot.key)))
        lines.extend(self._warnings(ctx, ctx.stored))
        if ctx.player.ready_phase == game.phase:
            lines.append(t("reply.ready", lang))
        g, ph = game.id, game.phase
        buttons = [Button(t("sheet.button.all", lang), _cid("all", g, ph), "primary"),
                   Button(t("sheet.button.one", lang), _cid("one", g, ph)),
                   Button(t("sheet.button.clear", lang), _cid("cl", g, ph), "danger",
                          disabled=not ctx.stored)]
        if ctx.player.ready_phase == game.phase:
            buttons.append(Button(t("sheet.button.unready", lang), _cid("ur", g, ph)))
        else:
            buttons.append(Button(t("sheet.button.ready", lang), _cid("rd", g, ph), "success"))
        if not ctx.slots:
            buttons = buttons[3:]
        return _screen("\n".join(lines), [buttons])

    def _line(self, ctx: Context, slot: Slot, text: str | None) -> str:
        lang = ctx.lang
        what = f"`{_shown(text, lang)}`" if text else t("sheet.no_order", lang)
        if slot.unit is None:
            label = t("sheet.build_n" if slot.kind == "build" else "sheet.disband_n", lang, n=int(slot.key[1:]) + 1)
        else:
            label = _unit_short(slot.unit, lang)
        return f"• **{label}** — {what}"

    def _warnings(self, ctx: Context, orders: dict[str, str]) -> list[str]:
        lang = ctx.lang
        out = []
        from bot.service import power_name
        for power in ctx.powers:
            mine = [o for s in ctx.slots if s.power is power and s.key in orders
                    for o in [_order_of(ctx, s, orders[s.key])] if o is not None]
            if not any(s.power is power for s in ctx.slots):
                continue
            warnings = order_warnings(ctx.position, power, mine)
            unordered = [w for w in warnings if w.code == "unordered"]
            if unordered:       # one line for all of them: the sheet already lists each unit
                key = "warn.unordered_retreat" if ctx.position.phase.is_retreat else "warn.unordered"
                units = ", ".join(unit_text(str(w.params.get("unit", w.province)), lang) for w in unordered)
                out.append(t(key, lang, units=units, power=power_name(power, lang)))
            for w in warnings:
                code = w.code
                if code == "unordered":
                    continue
                params = {k: (_shown(str(v), lang) if k in ("order", "other") and v else v)
                          for k, v in w.params.items()}
                params.setdefault("unit", w.province or "")
                if "other" in params and not params["other"]:
                    params["other"] = t("sheet.no_order_plain", lang)
                if is_plural(f"warn.{code}"):
                    count = params.pop("count", 0)
                    out.append(plural(f"warn.{code}", count, lang, power=power_name(power, lang), **params))
                else:
                    out.append(t(f"warn.{code}", lang, power=power_name(power, lang), **params))
        return out

    # choosing one unit --------------------------------------------------------------
    def _pick(self, ctx: Context) -> Screen:
        lang, g, ph = ctx.lang, ctx.game.id, ctx.game.phase or ""
        options = []
        for s in ctx.slots:
            if s.unit is not None:
                label = _unit_label(s.unit, lang)
            else:
                label = t("sheet.build_n" if s.kind == "build" else "sheet.disband_n", lang, n=int(s.key[1:]) + 1)
            current = ctx.stored.get(s.key)
            options.append((s.key if s.unit is None else s.unit.province,
                            Option(cut(label), s.key, cut(_shown(current, lang)) if current else None)))
        rows = self._menus(options, lambda i, page: _cid("pk", g, ph, page, i),
                           t("sheet.choose_unit", lang), 0, lambda page: _cid("one", g, ph, page), lang)
        rows.append([Button(t("sheet.button.back", lang), _cid("sh", g, ph))])
        return _screen(t("sheet.pick_title", lang), rows)

    # the walk through the units --------------------------------------------------------
    async def _walk(self, tx: Tx, ctx: Context, verb: str, rest: list[str], value: str | None) -> Screen:
        from bot.service import UserError
        game = ctx.game
        self.service._check_open(game)
        if len(rest) < 2:
            raise UserError("sheet.unknown_button")
        mode, key = rest[0], rest[1]
        slot = ctx.slot(key)
        draft = await tx.draft(game.id, ctx.player.user_id, game.phase or "")
        if slot is None:
            return self._review(ctx, draft)
        if verb == "go":
            return self._step(ctx, draft, mode, slot)
        what = rest[2] if len(rest) > 2 else ""
        page = int(rest[3]) if len(rest) > 3 and rest[3].isdigit() else 0
        if verb == "k":                       # a kind of order chosen on the unit's screen
            if what == "H":
                return await self._record(tx, ctx, draft, mode, slot, f"{slot.unit} H")
            if what == "D":
                return await self._record(tx, ctx, draft, mode, slot, f"{slot.unit} D")
            if what == "W":
                return await self._record(tx, ctx, draft, mode, slot, "WAIVE")
            return self._target(ctx, draft, mode, slot, what, page)
        if verb == "pg":
            return self._target(ctx, draft, mode, slot, what, page)
        if verb == "v" and value is not None:
            if what in ("sup", "cvy"):        # the unit supported or convoyed: now its orders
                return self._target(ctx, draft, mode, slot, ("S" if what == "sup" else "C") + value, 0)
            return await self._record(tx, ctx, draft, mode, slot, value)
        return self._step(ctx, draft, mode, slot)

    async def _record(self, tx: Tx, ctx: Context, draft: dict[str, str], mode: str, slot: Slot,
                      text: str) -> Screen:
        from bot.service import UserError
        legal = {str(o) for o in ctx.legal(slot)}
        if slot.kind == "build":
            legal.add("WAIVE")
        if text not in legal:
            raise UserError("illegal.generic", order=text)
        if slot.kind in ("build", "disband") and text != "WAIVE":
            taken = {v for k, v in draft.items() if k != slot.key}
            place = text.split()[1].split("/")[0]
            if any(v != "WAIVE" and v.split()[1].split("/")[0] == place for v in taken):
                raise UserError("sheet.already_chosen", order=_shown(text, ctx.lang))
        await tx.put_draft(ctx.game.id, ctx.player.user_id, ctx.game.phase or "", slot.key, text)
        draft = dict(draft, **{slot.key: text})
        if mode == "a":
            index = ctx.slots.index(slot)
            if index + 1 < len(ctx.slots):
                return self._step(ctx, draft, mode, ctx.slots[index + 1])
        return self._review(ctx, draft)

    def _header(self, ctx: Context, draft: dict[str, str], mode: str, slot: Slot) -> list[str]:
        from bot.service import phase_title, power_name
        lang = ctx.lang
        index = ctx.slots.index(slot)
        lines = [t("sheet.step_title", lang, game=ctx.game.name, phase=phase_title(ctx.game.phase or "", lang),
                   n=index + 1, count=len(ctx.slots))]
        if len(ctx.powers) > 1:
            lines.append(f"**{power_name(slot.power, lang)}**")
        lines.append(self._line(ctx, slot, draft.get(slot.key)))
        return lines

    def _nav(self, ctx: Context, mode: str, slot: Slot, back: str | None = None) -> list[Button]:
        lang, g, ph = ctx.lang, ctx.game.id, ctx.game.phase or ""
        index = ctx.slots.index(slot)
        if back is None:
            if mode == "a" and index > 0:
                back = _cid("go", g, ph, mode, ctx.slots[index - 1].key)
            else:
                back = _cid("one", g, ph) if mode == "o" else _cid("sh", g, ph)
        if mode == "a" and index + 1 < len(ctx.slots):
            skip = _cid("go", g, ph, mode, ctx.slots[index + 1].key)
        else:
            skip = _cid("rv", g, ph)
        return [Button("◀ " + t("sheet.button.back", lang), back),
                Button(t("sheet.button.skip", lang) + " ▶", skip),
                Button(t("sheet.button.review", lang), _cid("rv", g, ph), "primary")]

    def _step(self, ctx: Context, draft: dict[str, str], mode: str, slot: Slot) -> Screen:
        """The screen of one unit: what it does (or, for builds and disbands, the menu)."""
        lang, g, ph = ctx.lang, ctx.game.id, ctx.game.phase or ""
        if slot.kind in ("build", "disband"):
            return self._target(ctx, draft, mode, slot, "bld" if slot.kind == "build" else "dis", 0)
        legal = ctx.legal(slot)
        kinds: list[tuple[str, str]] = []
        if slot.kind == "unit":
            if any(isinstance(o, Hold) for o in legal):
                kinds.append(("H", "hold"))
            if any(isinstance(o, Move) for o in legal):
                kinds.append(("mv", "move"))
            if any(isinstance(o, (SupportHold, SupportMove)) for o in legal):
                kinds.append(("sup", "support"))
            if any(isinstance(o, Convoy) for o in legal):
                kinds.append(("cvy", "convoy"))
        else:
            if any(isinstance(o, Retreat) for o in legal):
                kinds.append(("ret", "retreat"))
            kinds.append(("D", "disband"))
        buttons = [Button(t(f"sheet.kind.{name}", lang), _cid("k", g, ph, mode, slot.key, code),
                          "primary" if code in ("H", "mv", "ret") else "secondary") for code, name in kinds]
        lines = self._header(ctx, draft, mode, slot)
        lines.append(t("sheet.what_does", lang))
        return _screen("\n".join(lines), [buttons, self._nav(ctx, mode, slot)])

    def _target(self, ctx: Context, draft: dict[str, str], mode: str, slot: Slot, what: str,
                page: int) -> Screen:
        """A menu of the legal choices of one kind for a unit (split by region if long)."""
        lang, g, ph = ctx.lang, ctx.game.id, ctx.game.phase or ""
        legal = ctx.legal(slot)
        options: list[tuple[str, Option]] = []
        placeholder = t("sheet.choose", lang)
        back = _cid("go", g, ph, mode, slot.key)
        if what == "mv":
            for o in legal:
                if isinstance(o, Move):
                    options.append((o.destination.province, Option(
                        cut("→ " + _place(o.destination, lang)), str(o),
                        t("sheet.by_convoy", lang) if o.via_convoy else None)))
            placeholder = t("sheet.choose_move", lang)
        elif what == "ret":
            for o in legal:
                if isinstance(o, Retreat):
                    options.append((o.destination.province, Option(cut("→ " + _place(o.destination, lang)), str(o))))
            placeholder = t("sheet.choose_retreat", lang)
        elif what in ("sup", "cvy"):
            seen: dict[str, Unit] = {}
            for o in legal:
                if what == "sup" and isinstance(o, (SupportHold, SupportMove)):
                    seen.setdefault(o.supported.province, ctx.position.units[o.supported.province])
                if what == "cvy" and isinstance(o, Convoy):
                    seen.setdefault(o.army.province, ctx.position.units[o.army.province])
            for prov, unit in sorted(seen.items()):
                mine = unit.power in ctx.powers
                options.append((prov, Option(cut(_unit_label(unit, lang)), prov,
                                             None if mine else cut(t("sheet.their_unit", lang,
                                                                     power=_power(unit.power, lang))))))
            placeholder = t("sheet.choose_supported" if what == "sup" else "sheet.choose_army", lang)
        elif what[:1] in ("S", "C") and len(what) > 1:
            target = what[1:]
            for o in legal:
                if what[0] == "S" and isinstance(o, SupportHold) and o.supported.province == target:
                    options.insert(0, (target, Option(cut(t("sheet.support_hold", lang)), str(o))))
                elif what[0] == "S" and isinstance(o, SupportMove) and o.supported.province == target:
                    options.append((o.destination.province, Option(cut("→ " + _place(o.destination, lang)), str(o))))
                elif what[0] == "C" and isinstance(o, Convoy) and o.army.province == target:
                    options.append((o.destination.province, Option(cut("→ " + _place(o.destination, lang)), str(o))))
            placeholder = t("sheet.choose_support" if what[0] == "S" else "sheet.choose_convoy", lang,
                            unit=_unit_label(ctx.position.units[target], lang) if target in ctx.position.units else target)
            back = _cid("k", g, ph, mode, slot.key, "sup" if what[0] == "S" else "cvy")
        elif what in ("bld", "dis"):
            taken = {v.split()[1].split("/")[0] for k, v in draft.items()
                     if k != slot.key and v != "WAIVE" and len(v.split()) > 1}
            for o in legal:
                if what == "bld" and isinstance(o, Build) and o.location.province not in taken:
                    name = table(lang).unit_names.get(o.unit_type.value, o.unit_type.value).capitalize()
                    options.append((o.location.province, Option(cut(f"{name} · {_place(o.location, lang)}"), str(o))))
                if what == "dis" and isinstance(o, Disband) and o.location.province not in taken:
                    unit = ctx.position.units.get(o.location.province)
                    options.append((o.location.province, Option(
                        cut(_unit_label(unit, lang) if unit else str(o)), str(o))))
            placeholder = t("sheet.choose_build" if what == "bld" else "sheet.choose_disband", lang)
            back = None   # builds and disbands have no screen before the menu
        rows = self._menus(options, lambda i, p: _cid("v", g, ph, mode, slot.key, what, p, i), placeholder, page,
                           lambda p: _cid("pg", g, ph, mode, slot.key, what, p), lang)
        nav = self._nav(ctx, mode, slot, back)
        if what == "bld":
            nav.insert(0, Button(t("sheet.kind.waive", lang), _cid("k", g, ph, mode, slot.key, "W")))
        rows.append(nav)
        lines = self._header(ctx, draft, mode, slot)
        if not options:
            lines.append(t("sheet.no_choices", lang))
        return _screen("\n".join(lines), rows)

    def _menus(self, options: list[tuple[str, Option]], menu_id, placeholder: str, page: int,
               page_id, lang: str) -> list[list[Button | Menu]]:
        """Select menus for ``options`` ((province, option) pairs): one menu when they fit,
        else one per group of regions (at most 25 options each), four menus per page."""
        if not options:
            return []
        groups: list[tuple[list[int], list[Option]]] = []
        if len(options) <= MAX_OPTIONS:
            groups.append(([], [o for _, o in options]))
        else:
            by_region: dict[int, list[Option]] = {}
            for province, option in options:
                by_region.setdefault(_REGION_OF.get(province, len(REGIONS)), []).append(option)
            for region in sorted(by_region):
                items = by_region[region]
                for start in range(0, len(items), MAX_OPTIONS):
                    part = items[start:start + MAX_OPTIONS]
                    if groups and groups[-1][0] and len(groups[-1][1]) + len(part) <= MAX_OPTIONS and start == 0:
                        groups[-1][0].append(region)
                        groups[-1][1].extend(part)
                    else:
                        groups.append(([region], list(part)))
        per_page = MAX_ROWS - 2 if len(groups) > MAX_ROWS - 1 else MAX_ROWS - 1
        pages = max(1, -(-len(groups) // per_page))
        page = min(max(page, 0), pages - 1)
        rows: list[list[Button | Menu]] = []
        for i, (regions, opts) in enumerate(groups[page * per_page:(page + 1) * per_page]):
            label = placeholder
            if regions:
                label = f"{placeholder} — " + ", ".join(_region_name(r, lang) for r in regions)
            rows.append([Menu(menu_id(i, page), label, tuple(opts))])
        if pages > 1:
            rows.append([Button(t("sheet.button.page", lang, n=p + 1, count=pages), page_id(p),
                                "primary" if p == page else "secondary", disabled=p == page)
                         for p in range(min(pages, MAX_ROW_BUTTONS))])
        return rows

    # the review and submitting ------------------------------------------------------------
    def _review(self, ctx: Context, draft: dict[str, str]) -> Screen:
        from bot.service import phase_title
        lang, g, ph = ctx.lang, ctx.game.id, ctx.game.phase or ""
        lines = [t("sheet.review_title", lang, game=ctx.game.name, phase=phase_title(ph, lang))]
        for slot in ctx.slots:
            lines.append(self._line(ctx, slot, draft.get(slot.key)))
        changes = []
        for slot in ctx.slots:
            before, after = ctx.stored.get(slot.key), draft.get(slot.key)
            if before == after:
                continue
            if before is None:
                changes.append(t("sheet.change_new", lang, order=_shown(after or "", lang)))
            elif after is None:
                changes.append(t("sheet.change_removed", lang, order=_shown(before, lang)))
            else:
                changes.append(t("sheet.change_changed", lang, before=_shown(before, lang),
                                 after=_shown(after, lang)))
        if changes:
            lines.append(t("sheet.changes", lang, count=len(changes)))
            lines.extend(changes)
        else:
            lines.append(t("sheet.no_changes", lang))
        lines.extend(self._warnings(ctx, draft))
        first = ctx.slots[0].key if ctx.slots else ""
        buttons = [Button("✅ " + t("sheet.button.submit", lang), _cid("sb", g, ph), "success",
                          disabled=not changes),
                   Button("✏️ " + t("sheet.button.edit", lang), _cid("go", g, ph, "a", first)),
                   Button(t("sheet.button.cancel", lang), _cid("sh", g, ph), "danger")]
        if not ctx.slots:
            buttons = buttons[2:]
        return _screen("\n".join(lines), [buttons])

    async def _submit(self, tx: Tx, ctx: Context, created_at: datetime | None) -> Screen:
        from bot.service import UserError, order_key, phase_title
        game, lang = ctx.game, ctx.lang
        phase = game.phase or ""
        started = await tx.phase_start(game.id, phase)
        if created_at is not None and started is not None and to_unix(created_at) + 0.001 <= started:
            previous = await tx.last_resolved_phase(game.id)
            raise UserError("order.phase_moved_on", game=game.name, phase=phase_title(previous or phase, lang),
                            now=phase_title(phase, lang))
        self.service._check_open(game)
        draft = await tx.draft(game.id, ctx.player.user_id, phase)
        writes: list[tuple[str, str, str]] = []
        waives: dict[str, int] = {}
        changed = 0
        for slot in ctx.slots:
            text = draft.get(slot.key)
            if text is None:
                continue
            legal = {str(o) for o in ctx.legal(slot)} | ({"WAIVE"} if slot.kind == "build" else set())
            if text not in legal:
                raise UserError("illegal.generic", order=text)
            if text != ctx.stored.get(slot.key):
                changed += 1
            if text == "WAIVE":
                n = waives.get(slot.power.value, 0)
                waives[slot.power.value] = n + 1
                key = f"WAIVE{n}:{slot.power.value}"
            elif slot.kind in ("build", "disband"):
                key = order_key(_order_of(ctx, slot, text))  # type: ignore[arg-type]
            else:
                key = slot.key
            writes.append((key, slot.power.value, text))
        if ctx.position.phase.is_adjustment:
            mine = [o.unit for o in await tx.orders(game.id, phase) if o.power in {p.value for p in ctx.powers}]
            await tx.delete_orders(game.id, phase, mine)
        now = self.service.now()
        for key, power, text in writes:
            await tx.put_order(game.id, phase, key, power, text, ctx.player.user_id, now)
        await tx.drop_draft(game.id, ctx.player.user_id)
        ctx = await self._context(tx, game, ctx.player)
        return self._sheet(ctx, t("sheet.submitted", lang, count=len(writes), changed=changed))


def _power(power: Power, lang: str) -> str:
    from bot.service import power_name
    return power_name(power, lang)


def _region_name(index: int, lang: str) -> str:
    return t(f"region.{REGIONS[index][0]}", lang) if index < len(REGIONS) else t("region.other", lang)


# -- a typed order that was meant for an earlier phase -------------------------------------
async def phase_for_action(service: "GameService", user_id: int, created_at: datetime, *,
                           game_id: int | None = None, channel_id: int | None = None,
                           language: str | None = None) -> str | None:
    """The phase a player's action (created at ``created_at``, the interaction's snowflake
    time) is for: the current phase, or UserError when the action was sent before the
    current phase started (it was meant for the phase that has since resolved). None when
    the game can't be told here (the service then says why)."""
    from bot.service import UserError, phase_title
    try:
        async with service.storage.transaction() as tx:
            game, player = await service._player_game(tx, user_id, game_id, channel_id)
            started = await tx.phase_start(game.id, game.phase or "")
            previous = await tx.last_resolved_phase(game.id)
    except UserError:
        return None
    if started is not None and to_unix(created_at) + 0.001 <= started:
        lang = language or game.language
        raise UserError("order.phase_moved_on", game=game.name, phase=phase_title(previous or game.phase or "", lang),
                        now=phase_title(game.phase or "", lang))
    return game.phase


# -- reminders ------------------------------------------------------------------------------
_LEAD = re.compile(r"^(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m(?:in)?)?$")


@dataclass(frozen=True, slots=True)
class ReminderSettings:
    leads: tuple[int, ...]          # minutes before the deadline, longest first; () = never
    only_incomplete: bool
    chosen: bool                    # False: the defaults


def parse_leads(text: str) -> tuple[int, ...]:
    """``"12h 1h"``, ``"1d, 2h30m"``, ``"never"`` -> minutes, longest first."""
    from bot.service import UserError
    words = [w for w in re.split(r"[\s,;]+", text.strip().lower()) if w]
    if not words:
        raise UserError("remind.bad_lead", text=text)
    if words in (["never"], ["off"], ["none"], ["0"]):
        return ()
    if words == ["default"]:
        return DEFAULT_LEADS
    out = set()
    for word in words:
        match = _LEAD.match(word)
        if not match or not any(match.groups()):
            raise UserError("remind.bad_lead", text=word)
        days, hours, mins = (int(g) if g else 0 for g in match.groups())
        minutes = days * 1440 + hours * 60 + mins
        if not MIN_LEAD <= minutes <= MAX_LEAD:
            raise UserError("remind.lead_range", text=word)
        out.add(minutes)
    if len(out) > MAX_LEADS:
        raise UserError("remind.too_many", limit=MAX_LEADS)
    return tuple(sorted(out, reverse=True))


def format_lead(minutes: int, lang: str = "en") -> str:
    return duration_text(minutes * 60, lang)


def describe_reminders(settings: ReminderSettings, lang: str = "en") -> str:
    if not settings.leads:
        return t("remind.never", lang)
    key = "remind.summary_incomplete" if settings.only_incomplete else "remind.summary_always"
    text = t(key, lang, leads=", ".join(format_lead(m, lang) for m in settings.leads))
    if not settings.chosen:
        text += " " + t("remind.default_note", lang)
    return text


async def _next_reminder(tx: Tx, game_id: int, phase: str, started: float | None,
                         deadline: float | None) -> float | None:
    if deadline is None:
        return None
    players = await tx.players(game_id)
    settings = await tx.reminder_settings(p.user_id for p in players)
    sent = await tx.reminders_sent(game_id, phase)
    times = []
    for p in players:
        if p.seat is None:
            continue
        leads = settings.get(p.user_id, (DEFAULT_LEADS, True))[0]
        for lead in leads:
            at = deadline - lead * 60
            if (started is None or at > started) and (p.user_id, lead) not in sent:
                times.append(at)
    return min(times, default=None)


async def plan_reminders(tx: Tx, game_id: int, phase: str, start: datetime,
                         deadline: datetime) -> datetime | None:
    """At the start of a phase: remember when it started, and when the first reminder
    of any of its players is due (the game's ``remind_at``)."""
    started = to_unix(start)
    await tx.set_phase_start(game_id, phase, started)
    at = await _next_reminder(tx, game_id, phase, started, to_unix(deadline))
    return from_unix(at) if at is not None else None


async def send_due_reminders(service: "GameService", game_id: int, phase: str) -> None:
    """Send every reminder due in this phase (each lead time once per player; only to
    players with something to order, not ready, and, unless they chose otherwise, with
    incomplete orders), then set the game's next reminder time."""
    from bot.service import _rules, needs, phase_title, powers_of, stamp
    async with service.storage.transaction() as tx:
        game = await tx.game(game_id)
        if game is None or game.phase != phase or game.status != "active":
            return
        now = service.now()
        deadline = game.deadline or 0.0
        started = await tx.phase_start(game_id, phase)
        players = await tx.players(game_id)
        settings = await tx.reminder_settings(p.user_id for p in players)
        sent = await tx.reminders_sent(game_id, phase)
        position = position_from_json(game.position or {})
        rules = _rules(game, phase)
        languages = await tx.user_languages(p.user_id for p in players)   # DMs: the player's
        for p in players:
            if p.seat is None:
                continue
            leads, only_incomplete = settings.get(p.user_id, (DEFAULT_LEADS, True))
            due = [lead for lead in leads if deadline - lead * 60 <= now
                   and (started is None or deadline - lead * 60 > started) and (p.user_id, lead) not in sent]
            if not due:
                continue
            for lead in due:
                await tx.mark_reminder_sent(game_id, p.user_id, phase, lead, now)
            if p.ready_phase == phase:
                continue
            if not any(needs(position, pw, rules) for pw in powers_of(game, p, rules)):
                continue
            lang = languages.get(p.user_id, game.language)
            sheet = await service._sheet(tx, game, p, lang)
            if sheet.missing:
                text = t("remind.incomplete", lang, game=game.name, phase=phase_title(phase, lang),
                         missing=", ".join(unit_text(m, lang) for m in sheet.missing), deadline=stamp(deadline))
            elif only_incomplete:
                continue
            else:
                text = t("remind.complete", lang, game=game.name, phase=phase_title(phase, lang),
                         deadline=stamp(deadline))
            await tx.add_post(game_id, phase, text, user_id=p.user_id, now=now)
        await tx.set_remind_at(game_id, phase, await _next_reminder(tx, game_id, phase, started, deadline))
    service.on_posts()


async def reminder_settings(service: "GameService", user_id: int) -> ReminderSettings:
    async with service.storage.transaction() as tx:
        chosen = (await tx.reminder_settings([user_id])).get(user_id)
    if chosen is None:
        return ReminderSettings(DEFAULT_LEADS, True, False)
    return ReminderSettings(chosen[0], chosen[1], True)


async def set_reminders(service: "GameService", user_id: int, before: str | None,
                        only_incomplete: bool | None) -> ReminderSettings:
    """Change a player's reminders (for all their games) and re-plan the games' timers."""
    current = await reminder_settings(service, user_id)
    leads = parse_leads(before) if before is not None else current.leads
    only = current.only_incomplete if only_incomplete is None else only_incomplete
    async with service.storage.transaction() as tx:
        await tx.set_reminder_settings(user_id, leads, only, service.now())
        for game in await tx.games_of_user(user_id, ("active",)):
            if game.phase is None:
                continue
            started = await tx.phase_start(game.id, game.phase)
            await tx.set_remind_at(game.id, game.phase,
                                   await _next_reminder(tx, game.id, game.phase, started, game.deadline))
    service.on_timer_change()
    return ReminderSettings(leads, only, True)


# -- /clear's autocomplete -------------------------------------------------------------------
async def unit_choices(service: "GameService", user_id: int, typed: str, *, game_id: int | None = None,
                       channel_id: int | None = None, language: str | None = None) -> list[tuple[str, str]]:
    """(label, value) of the player's orders that ``/clear`` can clear, matching what they
    typed; "all" first."""
    from bot.service import UserError, _rules, powers_of
    try:
        async with service.storage.transaction() as tx:
            game, player = await service._player_game(tx, user_id, game_id, channel_id)
            orders = await tx.orders(game.id, game.phase or "")
    except UserError:
        return []
    lang = language or game.language
    powers = {p.value for p in powers_of(game, player, _rules(game, game.phase or ""))}
    typed = typed.strip().upper()
    out = [(t("sheet.clear_all", lang), "all")] if not typed else []
    for o in orders:
        if o.power not in powers:
            continue
        value = "WAIVE" if o.unit.startswith("WAIVE") else o.unit
        label = cut(_shown(o.text, lang))
        if typed and typed not in value and typed not in o.text.upper() and typed not in label.upper():
            continue
        if (label, value) not in out:
            out.append((label, value))
    return out[:MAX_OPTIONS]
