"""The order sheet's screens (issue 6) and its custom ids.

``/orders`` shows a player's sheet (one line per unit with its order, the deadline, the
warnings), and every tap on it is answered with the next :class:`Screen` (text plus
buttons and select menus, as plain values; ``bot.discord.views`` turns a screen into
discord.py components). The walk through the units offers only the engine's legal
orders, builds up a draft (:mod:`bot.core.orders.sheet` keeps it in the database), and ends with
a review listing every order and what changed since the last submission; one tap submits.
Menus keep to Discord's limits: a choice of more than 25 is split by region of the map
(and paged if it ever needed more than four menus).

Custom ids (built by :func:`custom_id`, read by :func:`parse_custom_id`; at most 100
characters) say what a tap does, so a tap is understood from the id alone, after a
restart too, and a tap on a screen of a phase that is over is answered with the new
sheet::

    dip:<verb>:<game id>:<phase>[:<argument>...]

    dip:sheet:12:S1901M                       show the sheet
    dip:all:12:S1901M                         order every unit in turn
    dip:units:12:S1901M[:<page>]              the menu "which unit?"
    dip:unit:12:S1901M:<page>:<menu>          that menu (select: the slot chosen)
    dip:step:12:S1901M:<mode>:<slot>          a unit's screen: what does it do?
    dip:kind:12:S1901M:<mode>:<slot>:<kind>   a kind of order chosen (hold, move, ...)
    dip:page:12:S1901M:<mode>:<slot>:<kind>:<page>          another page of menus
    dip:choice:12:S1901M:<mode>:<slot>:<kind>:<page>:<menu> a menu of orders (select)
    dip:review:12:S1901M                      review the draft
    dip:submit:12:S1901M                      submit it
    dip:clear:12:S1901M                       take back every order
    dip:ready:12:S1901M[:anyway]              ready (anyway: despite the warnings)
    dip:unready:12:S1901M
    dip:map:12:S1901M                         my orders on the map, privately (issue 15)
    dip:standby:12:S1901M                     my standby orders (bot.text.standby)
    dip:keep:12:S1901M                        keep my orders as standby orders
    dip:drop:12:S1901M                        clear my standby orders

``<mode>`` is ``all`` (walking every unit) or ``one``; ``<slot>`` a unit's province or
``+N``/``-N`` for the Nth build or disband; ``<kind>`` one of :class:`Kind` (or
``support-PAR`` / ``convoy-PAR``: the orders supporting or convoying the unit in PAR). A
suffix ``:N`` keeps ids unique in one message. The ids of earlier versions (``dip:sh``,
``pk``, ``k``, ``v``, ``pg``, ``rv``, ``sb``... with modes ``a``/``o``) are still read.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from bot.core.app import Core
from bot.core.errors import UserError
from bot.core.languages import game_writing
from bot.core.orders import ReadyReport, SheetData
from bot.core.types import Slot, SlotKind
from bot.text import markup
from bot.text.i18n import is_plural, plural, t
from bot.text.labels import echo, menu_place, phase_title, power_name, unit_text, unit_type_name
from engine import Build, Convoy, Disband, Hold, Move, Retreat, SupportHold, SupportMove, Unit

# Discord's limits on one message
MAX_OPTIONS = 25
MAX_ROWS = 5
MAX_ROW_BUTTONS = 5
MAX_TEXT = 100  # a button label, an option's label, value or description, a custom_id
MAX_CONTENT = 2000
PREFIX = "dip"

# Regions of the standard map, for splitting long menus: what a player finds on the board.
REGIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("britain", ("CLY", "EDI", "LVP", "YOR", "WAL", "LON", "NAO", "NWG", "IRI", "ENG", "NTH")),
    ("north", ("NWY", "SWE", "DEN", "FIN", "STP", "BAR", "SKA", "HEL", "BAL", "BOT", "LVN", "MOS")),
    ("west", ("BRE", "PIC", "PAR", "BUR", "GAS", "MAR", "SPA", "POR", "BEL", "HOL", "RUH", "MAO")),
    ("centre", ("KIE", "BER", "MUN", "SIL", "PRU", "BOH", "TYR", "VIE", "GAL", "BUD", "TRI", "WAR")),
    ("south", ("WES", "LYO", "TYS", "ION", "ADR", "NAF", "TUN", "PIE", "VEN", "TUS", "ROM", "NAP", "APU")),
    ("east", ("ALB", "GRE", "SER", "BUL", "RUM", "CON", "ANK", "SMY", "ARM", "SYR", "AEG", "EAS", "BLA", "SEV", "UKR")),
)
_REGION_OF = {p: i for i, (_, provinces) in enumerate(REGIONS) for p in provinces}


# -- custom ids ---------------------------------------------------------------------------
class Verb(StrEnum):
    SHEET = "sheet"
    ALL = "all"
    UNITS = "units"
    UNIT = "unit"
    STEP = "step"
    KIND = "kind"
    PAGE = "page"
    CHOICE = "choice"
    REVIEW = "review"
    SUBMIT = "submit"
    CLEAR = "clear"
    READY = "ready"
    UNREADY = "unready"
    # issue 15: the map of my orders (bot.discord.views), standby orders (bot.text.standby)
    MAP = "map"
    STANDBY = "standby"
    KEEP = "keep"  # keep this phase's orders as standby orders
    DROP = "drop"  # clear the standby orders


class Mode(StrEnum):
    ALL = "all"  # walking through every unit
    ONE = "one"  # ordering one unit


class Kind(StrEnum):
    """What a unit's screen offers, and the menus behind it."""

    HOLD = "hold"
    MOVE = "move"
    SUPPORT = "support"
    CONVOY = "convoy"
    RETREAT = "retreat"
    DISBAND = "disband"  # a dislodged unit disbands
    WAIVE = "waive"  # build nothing
    BUILDS = "builds"  # the menu of builds
    DISBANDS = "disbands"  # the menu of disbands (adjustment)


_OLD_VERBS = {
    "sh": Verb.SHEET,
    "one": Verb.UNITS,
    "pk": Verb.UNIT,
    "go": Verb.STEP,
    "k": Verb.KIND,
    "pg": Verb.PAGE,
    "v": Verb.CHOICE,
    "rv": Verb.REVIEW,
    "sb": Verb.SUBMIT,
    "cl": Verb.CLEAR,
    "rd": Verb.READY,
    "ur": Verb.UNREADY,
}
_OLD_KINDS = {
    "H": Kind.HOLD,
    "mv": Kind.MOVE,
    "sup": Kind.SUPPORT,
    "cvy": Kind.CONVOY,
    "ret": Kind.RETREAT,
    "D": Kind.DISBAND,
    "W": Kind.WAIVE,
    "bld": Kind.BUILDS,
    "dis": Kind.DISBANDS,
}
_OLD_MODES = {"a": Mode.ALL, "o": Mode.ONE}
_SELECTS = (Verb.UNIT, Verb.CHOICE)


@dataclass(frozen=True, slots=True)
class Tap:
    """A parsed custom id."""

    verb: Verb
    game_id: int
    phase: str
    args: tuple[str, ...] = ()

    @property
    def is_select(self) -> bool:
        return self.verb in _SELECTS


def custom_id(verb: Verb, game_id: int, phase: str, *args: object) -> str:
    return ":".join([PREFIX, verb.value, str(game_id), phase, *(str(a) for a in args)])


def _new_kind(value: str) -> str:
    if value in _OLD_KINDS:
        return _OLD_KINDS[value].value
    if value[:1] in ("S", "C") and len(value) > 1 and value[1:].isupper():
        return f"{Kind.SUPPORT.value if value[0] == 'S' else Kind.CONVOY.value}-{value[1:]}"
    return value


def parse_custom_id(value: str) -> Tap | None:
    """The tap a custom id stands for (ids of earlier versions too); None when it is not
    one of the sheet's."""
    parts = value.split(":")
    if len(parts) < 4 or parts[0] != PREFIX or not parts[2].isdigit():
        return None
    verb_text, args = parts[1], parts[4:]
    if verb_text in _OLD_VERBS:  # an id sent before the upgrade: modes and kinds renamed
        verb = _OLD_VERBS[verb_text]
        if verb in (Verb.STEP, Verb.KIND, Verb.PAGE, Verb.CHOICE) and args:
            args = [_OLD_MODES.get(args[0], args[0]), *args[1:]]
            if verb is not Verb.STEP and len(args) > 2:
                args[2] = _new_kind(args[2])
        if verb is Verb.READY and args[:1] == ["!"]:
            args = ["anyway"]
    else:
        try:
            verb = Verb(verb_text)
        except ValueError:
            return None
    return Tap(verb, int(parts[2]), parts[3], tuple(args))


# -- screens: what a message shows, as values ----------------------------------------------
@dataclass(frozen=True, slots=True)
class Button:
    label: str
    custom_id: str
    style: str = "secondary"  # primary, secondary, success, danger
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


def ready_key(report: ReadyReport) -> str:
    """What saying ready did: the phase resolves now, waits for the others, or the game
    is paused (nothing resolves before a moderator resumes it)."""
    if report.resolving:
        return "ready.resolving"
    return "ready.paused" if report.paused else "ready.done"


def cut(text: str, limit: int = MAX_TEXT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def screen(content: str, rows: Sequence[Sequence[Button | Menu]] = ()) -> Screen:
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
    if len(content) > MAX_CONTENT:  # one message (edited in place): cut between lines
        content = markup.split(content, MAX_CONTENT - 2)[0] + "\n…"
    return Screen(content, tuple(out_rows))


# -- labels -------------------------------------------------------------------------------
_place = menu_place


def _unit_label(unit: Unit, lang: str) -> str:
    return f"{unit_type_name(unit.type, lang).capitalize()} · {_place(unit.location, lang)}"


def _slot_label(slot: Slot, lang: str) -> str:
    key = "sheet.build_n" if slot.kind is SlotKind.BUILD else "sheet.disband_n"
    return t(key, lang, n=slot.index + 1)


def _region_name(index: int, lang: str) -> str:
    return t(f"region.{REGIONS[index][0]}", lang) if index < len(REGIONS) else t("region.other", lang)


# -- the screens --------------------------------------------------------------------------
class SheetScreens:
    """Every screen of the order sheet for one sheet and one language (pure: no I/O)."""

    def __init__(self, data: SheetData, lang: str) -> None:
        self.data = data
        self.lang = lang
        self.game = data.ctx.game
        self.phase = data.ctx.phase

    def cid(self, verb: Verb, *args: object) -> str:
        return custom_id(verb, self.game.id, self.phase, *args)

    def line(self, slot: Slot, text: str | None) -> str:
        lang = self.lang
        what = f"`{echo(text, lang)}`" if text else t("sheet.no_order", lang)
        label = _slot_label(slot, lang) if slot.unit is None else unit_text(slot.unit, lang)
        return f"• **{label}** — {what}"

    def warnings(self, orders: dict[str, str]) -> list[str]:
        lang = self.lang
        out = []
        for power, warnings in self.data.warnings(orders):
            unordered = [w for w in warnings if w.code == "unordered"]
            if unordered:  # one line for all of them: the sheet already lists each unit
                key = "warn.unordered_retreat" if self.data.position.phase.is_retreat else "warn.unordered"
                units = ", ".join(unit_text(str(w.params.get("unit", w.province)), lang) for w in unordered)
                out.append(t(key, lang, units=units, power=power_name(power, lang)))
            for w in warnings:
                if w.code == "unordered":
                    continue
                params = {k: (echo(str(v), lang) if k in ("order", "other") and v else v) for k, v in w.params.items()}
                params.setdefault("unit", w.province or "")
                if "other" in params and not params["other"]:
                    params["other"] = t("sheet.no_order_plain", lang)
                key = f"warn.{w.code}"
                if is_plural(key):
                    count = params.pop("count", 0)
                    out.append(plural(key, count, lang, power=power_name(power, lang), **params))
                else:
                    out.append(t(key, lang, power=power_name(power, lang), **params))
        return out

    def sheet(self, notice: str | None = None) -> Screen:
        data, lang, game = self.data, self.lang, self.game
        lines = [notice] if notice else []
        lines.append(t("sheet.title", lang, game=game.name, phase=self._title()))
        if game.deadline:
            lines.append(t("sheet.deadline", lang, deadline=markup.stamp(game.deadline)))
        if not data.slots:
            lines.append(t("sheet.nothing_to_order", lang))
        current = None
        for slot in data.slots:
            if len(data.ctx.powers) > 1 and slot.power is not current:
                current = slot.power
                lines.append(f"**{power_name(slot.power, lang)}**")
            lines.append(self.line(slot, data.stored.get(slot.key)))
        lines.extend(self.warnings(data.stored))
        lines.extend(self.standby_lines())
        if data.ctx.ready:
            lines.append(t("reply.ready", lang))
        buttons = [
            Button(t("sheet.button.all", lang), self.cid(Verb.ALL), "primary"),
            Button(t("sheet.button.one", lang), self.cid(Verb.UNITS)),
            Button(t("sheet.button.clear", lang), self.cid(Verb.CLEAR), "danger", disabled=not data.stored),
        ]
        if data.ctx.ready:
            buttons.append(Button(t("sheet.button.unready", lang), self.cid(Verb.UNREADY)))
        else:
            buttons.append(Button(t("sheet.button.ready", lang), self.cid(Verb.READY), "success"))
        if not data.slots:
            buttons = buttons[3:]
        more = [  # issue 15: my orders on the map (privately), my standby orders
            Button("🗺️ " + t("sheet.button.map", lang), self.cid(Verb.MAP)),
            Button("🛟 " + t("sheet.button.standby", lang), self.cid(Verb.STANDBY)),
        ]
        return screen("\n".join(lines), [buttons, more])

    def standby_lines(self) -> list[str]:
        """The player's standby orders, apart from the orders (issue 15)."""
        lang = self.lang
        if not self.data.standby:
            return []
        lines = [t("standby.on_sheet", lang)]
        several = len(self.data.ctx.powers) > 1
        for item in self.data.standby:
            who = f"{power_name(item.power, lang)}: " if several else ""
            lines.append(f"• {who}`{echo(item.text, lang)}`")
        return lines

    def ready_confirm(self, warnings: list[str]) -> Screen:
        lang = self.lang
        return screen(
            "\n".join([t("sheet.ready_confirm", lang), *warnings]),
            [
                [
                    Button(t("sheet.button.ready_anyway", lang), self.cid(Verb.READY, "anyway"), "danger"),
                    Button(t("sheet.button.back", lang), self.cid(Verb.SHEET)),
                ]
            ],
        )

    def _title(self) -> str:
        return phase_title(self.phase, self.lang)

    # choosing one unit ----------------------------------------------------------------
    def pick(self) -> Screen:
        data, lang = self.data, self.lang
        options = []
        for s in data.slots:
            label = _unit_label(s.unit, lang) if s.unit is not None else _slot_label(s, lang)
            current = data.stored.get(s.key)
            options.append(
                (
                    s.key if s.unit is None else s.unit.province,
                    Option(cut(label), s.key, cut(echo(current, lang)) if current else None),
                )
            )
        rows = self.menus(
            options,
            lambda i, page: self.cid(Verb.UNIT, page, i),
            t("sheet.choose_unit", lang),
            0,
            lambda page: self.cid(Verb.UNITS, page),
        )
        rows.append([Button(t("sheet.button.back", lang), self.cid(Verb.SHEET))])
        return screen(t("sheet.pick_title", lang), rows)

    # the walk through the units ---------------------------------------------------------
    def header(self, draft: dict[str, str], slot: Slot) -> list[str]:
        data, lang = self.data, self.lang
        index = data.slots.index(slot)
        lines = [
            t("sheet.step_title", lang, game=self.game.name, phase=self._title(), n=index + 1, count=len(data.slots))
        ]
        if len(data.ctx.powers) > 1:
            lines.append(f"**{power_name(slot.power, lang)}**")
        lines.append(self.line(slot, draft.get(slot.key)))
        return lines

    def nav(self, mode: Mode, slot: Slot, back: str | None = None) -> list[Button]:
        data, lang = self.data, self.lang
        index = data.slots.index(slot)
        if back is None:
            if mode is Mode.ALL and index > 0:
                back = self.cid(Verb.STEP, mode, data.slots[index - 1].key)
            else:
                back = self.cid(Verb.UNITS) if mode is Mode.ONE else self.cid(Verb.SHEET)
        if mode is Mode.ALL and index + 1 < len(data.slots):
            skip = self.cid(Verb.STEP, mode, data.slots[index + 1].key)
        else:
            skip = self.cid(Verb.REVIEW)
        return [
            Button("◀ " + t("sheet.button.back", lang), back),
            Button(t("sheet.button.skip", lang) + " ▶", skip),
            Button(t("sheet.button.review", lang), self.cid(Verb.REVIEW), "primary"),
        ]

    def step(self, draft: dict[str, str], mode: Mode, slot: Slot) -> Screen:
        """The screen of one unit: what it does (or, for builds and disbands, the menu)."""
        lang = self.lang
        if slot.is_adjustment:
            return self.target(draft, mode, slot, Kind.BUILDS if slot.kind is SlotKind.BUILD else Kind.DISBANDS, 0)
        legal = self.data.legal(slot)
        kinds: list[Kind] = []
        if slot.kind is SlotKind.UNIT:
            for kind, types in (
                (Kind.HOLD, Hold),
                (Kind.MOVE, Move),
                (Kind.SUPPORT, (SupportHold, SupportMove)),
                (Kind.CONVOY, Convoy),
            ):
                if any(isinstance(o, types) for o in legal):
                    kinds.append(kind)
        else:
            if any(isinstance(o, Retreat) for o in legal):
                kinds.append(Kind.RETREAT)
            kinds.append(Kind.DISBAND)
        buttons = [
            Button(
                t(f"sheet.kind.{kind.value}", lang),
                self.cid(Verb.KIND, mode, slot.key, kind),
                "primary" if kind in (Kind.HOLD, Kind.MOVE, Kind.RETREAT) else "secondary",
            )
            for kind in kinds
        ]
        lines = self.header(draft, slot)
        lines.append(t("sheet.what_does", lang))
        return screen("\n".join(lines), [buttons, self.nav(mode, slot)])

    def target(self, draft: dict[str, str], mode: Mode, slot: Slot, what: str, page: int) -> Screen:
        """A menu of the legal choices of one kind for a unit (split by region if long)."""
        data, lang = self.data, self.lang
        position = data.position
        legal = data.legal(slot)
        options: list[tuple[str, Option]] = []
        placeholder = t("sheet.choose", lang)
        back: str | None = self.cid(Verb.STEP, mode, slot.key)
        head, _, target = what.partition("-")
        if what == Kind.MOVE:
            for o in legal:
                if isinstance(o, Move):
                    options.append(
                        (
                            o.destination.province,
                            Option(
                                cut("→ " + _place(o.destination, lang)),
                                str(o),
                                t("sheet.by_convoy", lang) if o.via_convoy else None,
                            ),
                        )
                    )
            placeholder = t("sheet.choose_move", lang)
        elif what == Kind.RETREAT:
            for o in legal:
                if isinstance(o, Retreat):
                    options.append((o.destination.province, Option(cut("→ " + _place(o.destination, lang)), str(o))))
            placeholder = t("sheet.choose_retreat", lang)
        elif what in (Kind.SUPPORT, Kind.CONVOY):
            seen: dict[str, Unit] = {}
            for o in legal:
                if what == Kind.SUPPORT and isinstance(o, (SupportHold, SupportMove)):
                    seen.setdefault(o.supported.province, position.units[o.supported.province])
                if what == Kind.CONVOY and isinstance(o, Convoy):
                    seen.setdefault(o.army.province, position.units[o.army.province])
            for prov, unit in sorted(seen.items()):
                mine = unit.power in data.ctx.powers
                options.append(
                    (
                        prov,
                        Option(
                            cut(_unit_label(unit, lang)),
                            prov,
                            None if mine else cut(t("sheet.their_unit", lang, power=power_name(unit.power, lang))),
                        ),
                    )
                )
            placeholder = t("sheet.choose_supported" if what == Kind.SUPPORT else "sheet.choose_army", lang)
        elif head in (Kind.SUPPORT, Kind.CONVOY) and target:
            supporting = head == Kind.SUPPORT
            for o in legal:
                if supporting and isinstance(o, SupportHold) and o.supported.province == target:
                    options.insert(0, (target, Option(cut(t("sheet.support_hold", lang)), str(o))))
                elif supporting and isinstance(o, SupportMove) and o.supported.province == target:
                    options.append((o.destination.province, Option(cut("→ " + _place(o.destination, lang)), str(o))))
                elif not supporting and isinstance(o, Convoy) and o.army.province == target:
                    options.append((o.destination.province, Option(cut("→ " + _place(o.destination, lang)), str(o))))
            # the title says what the menu offers: a support to hold, to move, or both
            key = "sheet.choose_convoy"
            if supporting:
                kinds = {
                    type(o)
                    for o in legal
                    if isinstance(o, (SupportHold, SupportMove)) and o.supported.province == target
                }
                key = {
                    frozenset({SupportHold}): "sheet.choose_support_hold",
                    frozenset({SupportMove}): "sheet.choose_support_move",
                }.get(frozenset(kinds), "sheet.choose_support")
            placeholder = t(
                key,
                lang,
                unit=_unit_label(position.units[target], lang) if target in position.units else target,
            )
            back = self.cid(Verb.KIND, mode, slot.key, head)
        elif what in (Kind.BUILDS, Kind.DISBANDS):
            taken = data.taken(draft, slot)
            for o in legal:
                if what == Kind.BUILDS and isinstance(o, Build) and o.location.province not in taken:
                    name = unit_type_name(o.unit_type, lang).capitalize()
                    options.append((o.location.province, Option(cut(f"{name} · {_place(o.location, lang)}"), str(o))))
                if what == Kind.DISBANDS and isinstance(o, Disband) and o.location.province not in taken:
                    unit = position.units.get(o.location.province)
                    options.append(
                        (o.location.province, Option(cut(_unit_label(unit, lang) if unit else str(o)), str(o)))
                    )
            placeholder = t("sheet.choose_build" if what == Kind.BUILDS else "sheet.choose_disband", lang)
            back = None  # builds and disbands have no screen before the menu
        rows = self.menus(
            options,
            lambda i, p: self.cid(Verb.CHOICE, mode, slot.key, what, p, i),
            placeholder,
            page,
            lambda p: self.cid(Verb.PAGE, mode, slot.key, what, p),
        )
        nav = self.nav(mode, slot, back)
        if what == Kind.BUILDS:
            nav.insert(0, Button(t("sheet.kind.waive", lang), self.cid(Verb.KIND, mode, slot.key, Kind.WAIVE)))
        rows.append(nav)
        lines = self.header(draft, slot)
        if not options:
            lines.append(t("sheet.no_choices", lang))
        return screen("\n".join(lines), rows)

    def menus(
        self,
        options: list[tuple[str, Option]],
        menu_id: Callable[[int, int], str],
        placeholder: str,
        page: int,
        page_id: Callable[[int], str],
    ) -> list[list[Button | Menu]]:
        """Select menus for ``options`` ((province, option) pairs): one menu when they fit,
        else one per group of regions (at most 25 options each), four menus per page."""
        lang = self.lang
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
                    part = items[start : start + MAX_OPTIONS]
                    if groups and groups[-1][0] and len(groups[-1][1]) + len(part) <= MAX_OPTIONS and start == 0:
                        groups[-1][0].append(region)
                        groups[-1][1].extend(part)
                    else:
                        groups.append(([region], list(part)))
        per_page = MAX_ROWS - 2 if len(groups) > MAX_ROWS - 1 else MAX_ROWS - 1
        pages = max(1, -(-len(groups) // per_page))
        page = min(max(page, 0), pages - 1)
        rows: list[list[Button | Menu]] = []
        for i, (regions, opts) in enumerate(groups[page * per_page : (page + 1) * per_page]):
            label = placeholder
            if regions:
                label = f"{placeholder} — " + ", ".join(_region_name(r, lang) for r in regions)
            rows.append([Menu(menu_id(i, page), label, tuple(opts))])
        if pages > 1:
            rows.append(
                [
                    Button(
                        t("sheet.button.page", lang, n=p + 1, count=pages),
                        page_id(p),
                        "primary" if p == page else "secondary",
                        disabled=p == page,
                    )
                    for p in range(min(pages, MAX_ROW_BUTTONS))
                ]
            )
        return rows

    # the review ---------------------------------------------------------------------------
    def review(self, draft: dict[str, str]) -> Screen:
        data, lang = self.data, self.lang
        lines = [t("sheet.review_title", lang, game=self.game.name, phase=self._title())]
        for slot in data.slots:
            lines.append(self.line(slot, draft.get(slot.key)))
        changes = []
        for slot in data.slots:
            before, after = data.stored.get(slot.key), draft.get(slot.key)
            if before == after:
                continue
            if before is None:
                changes.append(t("sheet.change_new", lang, order=echo(after or "", lang)))
            elif after is None:
                changes.append(t("sheet.change_removed", lang, order=echo(before, lang)))
            else:
                changes.append(t("sheet.change_changed", lang, before=echo(before, lang), after=echo(after, lang)))
        if changes:
            lines.append(t("sheet.changes", lang, count=len(changes)))
            lines.extend(changes)
        else:
            lines.append(t("sheet.no_changes", lang))
        lines.extend(self.warnings(draft))
        first = data.slots[0].key if data.slots else ""
        buttons = [
            Button("✅ " + t("sheet.button.submit", lang), self.cid(Verb.SUBMIT), "success", disabled=not changes),
            Button("✏️ " + t("sheet.button.edit", lang), self.cid(Verb.STEP, Mode.ALL, first)),
            Button(t("sheet.button.cancel", lang), self.cid(Verb.SHEET), "danger"),
        ]
        if not data.slots:
            buttons = buttons[2:]
        return screen("\n".join(lines), [buttons])


# -- answering taps -----------------------------------------------------------------------
class OrderSheets:
    """``/orders`` and every tap on the sheet, for one player in their language: each tap
    is one read of the sheet (:meth:`bot.core.orders.sheet.Sheets.load`) and at most one write."""

    def __init__(self, core: Core, language: str | None = None) -> None:
        self.core = core
        self.language = language  # the player's (default: the game's)

    def screens(self, data: SheetData) -> SheetScreens:
        game = data.ctx.game
        # orders written in the script of the player's map of this game
        return SheetScreens(data, game_writing(self.language or data.ctx.language, game.language, game.labels))

    async def open(
        self, user_id: int, *, game_id: int | None = None, channel_id: int | None = None, guild_id: int | None = None
    ) -> Screen:
        data = await self.core.sheets.load(user_id, game_id=game_id, channel_id=channel_id, guild_id=guild_id)
        return self.screens(data).sheet()

    async def handle(
        self, user_id: int, value: str, values: Sequence[str], created_at: datetime | None = None
    ) -> Screen:
        """The screen that answers a tap on a sheet component."""
        tap = parse_custom_id(value)
        if tap is None:
            raise UserError("sheet.unknown_button")
        choice = values[0] if values else None
        sheets = self.core.sheets
        data = await sheets.load(user_id, game_id=tap.game_id, with_draft=True)
        view = self.screens(data)
        lang = view.lang
        if data.ctx.phase != tap.phase:
            return view.sheet(
                t(
                    "sheet.stale",
                    lang,
                    game=data.ctx.game.name,
                    phase=phase_title(tap.phase, lang),
                    now=phase_title(data.ctx.phase, lang),
                )
            )
        verb, args = tap.verb, tap.args
        if verb is Verb.SHEET:
            return view.sheet()
        if verb is Verb.ALL:
            data = await sheets.start_draft(data)
            if not data.slots:
                return view.sheet(t("sheet.nothing_to_order", lang))
            return view.step(data.draft, Mode.ALL, data.slots[0])
        if verb is Verb.UNITS:
            return view.pick()
        if verb is Verb.UNIT and choice is not None:
            sheets.check_open(data)
            slot = data.slot(choice)
            if slot is None:
                return view.sheet()
            data = await sheets.start_draft(data)
            return view.step(data.draft, Mode.ONE, slot)
        if verb in (Verb.STEP, Verb.KIND, Verb.PAGE, Verb.CHOICE):
            return await self._walk(view, verb, args, choice)
        if verb is Verb.REVIEW:
            return view.review(data.draft)
        if verb is Verb.SUBMIT:
            data, count, changed = await sheets.submit(data, created_at)
            return self.screens(data).sheet(t("sheet.submitted", lang, count=count, changed=changed))
        if verb is Verb.CLEAR:
            data, count = await sheets.clear(data)
            return self.screens(data).sheet(t("clear.done", lang, count=count))
        if verb is Verb.READY and args[:1] != ("anyway",):
            warnings = view.warnings(data.stored)
            if warnings:
                return view.ready_confirm(warnings)
        if verb in (Verb.READY, Verb.UNREADY):
            report = await self.core.ordering.set_ready(user_id, verb is Verb.READY, game_id=tap.game_id)
            data = await sheets.load(user_id, game_id=tap.game_id)
            if data.ctx.phase != tap.phase:  # everyone was ready: it resolved at once
                return screen(t("ready.resolving", lang))
            key = ready_key(report) if verb is Verb.READY else "unready.done"
            return self.screens(data).sheet(t(key, lang, game=data.ctx.game.name))
        raise UserError("sheet.unknown_button")

    async def _walk(self, view: SheetScreens, verb: Verb, args: tuple[str, ...], choice: str | None) -> Screen:
        data = view.data
        self.core.sheets.check_open(data)
        if len(args) < 2:
            raise UserError("sheet.unknown_button")
        try:
            mode = Mode(args[0])
        except ValueError:
            raise UserError("sheet.unknown_button") from None
        slot = data.slot(args[1])
        if slot is None:
            return view.review(data.draft)
        if verb is Verb.STEP:
            return view.step(data.draft, mode, slot)
        what = args[2] if len(args) > 2 else ""
        page = int(args[3]) if len(args) > 3 and args[3].isdigit() else 0
        if verb is Verb.KIND:  # a kind of order chosen on the unit's screen
            if what == Kind.HOLD:
                return await self._record(view, mode, slot, f"{slot.unit} H")
            if what == Kind.DISBAND:
                return await self._record(view, mode, slot, f"{slot.unit} D")
            if what == Kind.WAIVE:
                return await self._record(view, mode, slot, "WAIVE")
            return view.target(data.draft, mode, slot, what, page)
        if verb is Verb.PAGE:
            return view.target(data.draft, mode, slot, what, page)
        if verb is Verb.CHOICE and choice is not None:
            if what in (Kind.SUPPORT, Kind.CONVOY):  # the unit supported or convoyed: now its orders
                return view.target(data.draft, mode, slot, f"{what}-{choice}", 0)
            return await self._record(view, mode, slot, choice)
        return view.step(data.draft, mode, slot)

    async def _record(self, view: SheetScreens, mode: Mode, slot: Slot, text: str) -> Screen:
        data = await self.core.sheets.record(view.data, slot, text)
        if mode is Mode.ALL:
            index = data.slots.index(slot)
            if index + 1 < len(data.slots):
                return view.step(data.draft, mode, data.slots[index + 1])
        return view.review(data.draft)
