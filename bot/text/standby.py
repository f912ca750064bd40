"""Texts of fewer missed orders (issue 15): the ``/standby`` replies and the order sheet's
standby screen, the DM saying what standby orders did, the private map's caption,
``/grace``, and what ``/game status`` shows of the game's late policy.

The sheet's standby screen answers the taps ``dip:standby``, ``dip:keep`` and ``dip:drop``
(:mod:`bot.text.sheet` documents the custom ids; :mod:`bot.discord.views` routes them here).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from typing import Any

from babel.dates import format_date

from bot.core.app import Core
from bot.core.deadlines import GraceChoice
from bot.core.errors import UserError
from bot.core.orders import LineReport, Preview, StandbyReport, StandbySheet, refusal
from bot.core.status import LateStanding
from bot.infra.storage.standby import LatePolicy
from bot.text import markup
from bot.text.board import map_description
from bot.text.durations import duration_text
from bot.text.i18n import is_plural, plural, plural_form, t
from bot.text.labels import echo, phase_title, power_name, say
from bot.text.sheet import Button, Screen, Verb, custom_id, parse_custom_id, screen
from engine import Illegal, PhaseKind, Reason, parse_order

_KIND_KEYS = {
    PhaseKind.MOVEMENT: "standby.kind.movement",
    PhaseKind.RETREAT: "standby.kind.retreat",
    PhaseKind.ADJUSTMENT: "standby.kind.adjustment",
}


def said(error: UserError, lang: str) -> str:
    """A refusal in words (the form for its count when it is about a number of things)."""
    key = error.key
    if is_plural(key):
        key = f"{key}.{plural_form(error.params['count'], lang)}"
    return say(key, lang, error.params)


def standby_list(sheet: StandbySheet, lang: str) -> list[str]:
    """The standby orders, by power (when several) and kind, preferences in order."""
    if not sheet.items:
        return [t("standby.none", lang)]
    lines = []
    several = len(sheet.powers) > 1
    for power in sheet.powers:
        items = [i for i in sheet.items if i.power is power]
        if not items:
            continue
        if several:
            lines.append(f"**{power_name(power, lang)}**")
        for kind, key in _KIND_KEYS.items():
            texts = [f"`{echo(i.text, lang)}`" for i in items if i.kind is kind]
            if texts:
                lines.append(f"{t(key, lang)} " + ", ".join(texts))
    return lines


def standby_text(sheet: StandbySheet, lang: str) -> str:
    return "\n".join([t("standby.title", lang, game=sheet.game.name), *standby_list(sheet, lang)])


def _line(line: LineReport, lang: str) -> str:
    if line.order is None:
        reason = say(line.error, lang, line.params) if line.error else "—"
        return t("reply.error", lang, text=line.text, reason=reason)
    local = echo(line.order, lang)
    return (
        t("reply.ok", lang, order=line.order)
        if local == line.order
        else t("reply.ok_local", lang, local=local, order=line.order)
    )


def standby_report(report: StandbyReport, lang: str) -> str:
    """The answer to ``/standby set``: each order read (kept, or why not), then the list."""
    return "\n".join([*(_line(line, lang) for line in report.lines), standby_text(report.sheet, lang)])


def cleared_text(count: int, sheet: StandbySheet, lang: str) -> str:
    return plural("standby.cleared", count, lang) + "\n" + standby_text(sheet, lang)


# -- the DM after a resolution ----------------------------------------------------------------
def _reason(entry: Mapping[str, Any], lang: str) -> str:
    """Why a standby order was dropped, from the post's parameters (the engine's reason)."""
    params = {k: tuple(v) if isinstance(v, list) else v for k, v in entry.get("params", {}).items()}
    try:
        illegal = Illegal(Reason(entry["reason"]), params)
        return said(refusal(illegal, parse_order(entry["order"])), lang)
    except (KeyError, ValueError):  # a reason this version does not know
        return str(entry.get("reason", "—"))


def standby_dm(p: Mapping[str, Any], lang: str) -> str:
    """What a player's standby orders did in a phase (``PostKind.DM_STANDBY``)."""
    key = "standby.dm" if p["used"] else "standby.dm_none_used"
    lines = [t(key, lang, game=p["game"], phase=phase_title(p["phase"], lang), power=power_name(p["power"], lang))]
    lines += [t("standby.dm_used", lang, order=echo(o, lang)) for o in p["used"]]
    lines += [
        t("standby.dm_dropped", lang, order=echo(d["order"], lang), reason=_reason(d, lang)) for d in p["dropped"]
    ]
    if p["dropped"]:  # said once: they are no longer among the player's standby orders
        lines.append(t("standby.dm_removed", lang))
    return "\n".join(lines)


# -- the sheet's standby screen ----------------------------------------------------------------
class StandbyScreens:
    """The order sheet's standby screen for one player, in their language."""

    def __init__(self, core: Core, language: str) -> None:
        self.core = core
        self.lang = language

    def screen(self, sheet: StandbySheet, notice: str | None = None) -> Screen:
        lang, game, phase = self.lang, sheet.game.id, sheet.phase
        lines = [notice] if notice else []
        lines.append(standby_text(sheet, lang))
        buttons = [
            Button(t("standby.button.keep", lang), custom_id(Verb.KEEP, game, phase), "primary"),
            Button(
                t("standby.button.clear", lang), custom_id(Verb.DROP, game, phase), "danger", disabled=not sheet.items
            ),
            Button(t("standby.button.sheet", lang), custom_id(Verb.SHEET, game, phase)),
        ]
        return screen("\n".join(lines), [buttons])

    async def handle(self, user_id: int, value: str) -> Screen:
        tap = parse_custom_id(value)
        if tap is None:
            raise UserError("sheet.unknown_button")
        standby, lang = self.core.standby, self.lang
        if tap.verb is Verb.KEEP:
            count, sheet = await standby.keep(user_id, tap.game_id, tap.phase)
            notice = plural("standby.kept", count, lang) if count else t("standby.kept_none", lang)
            return self.screen(sheet, notice)
        if tap.verb is Verb.DROP:
            count, sheet = await standby.clear(user_id, None, game_id=tap.game_id)
            return self.screen(sheet, plural("standby.cleared", count, lang))
        return self.screen(await standby.show(user_id, game_id=tap.game_id))


# -- the private map, grace, the game's status ----------------------------------------------------
def preview_description(preview: Preview, group: Sequence[str], lang: str) -> str:
    """The alt text of one picture of the reader's own orders: the position, the orders
    drawn, the powers it is cropped around."""
    return map_description(preview.board, lang, fronts=group, mine=preview.orders)


def preview_caption(preview: Preview, lang: str) -> str:
    text = t("preview.caption", lang, game=preview.game.name, phase=phase_title(preview.phase, lang))
    return text if preview.orders else text + "\n" + t("preview.no_orders", lang)


def grace_text(choice: GraceChoice, lang: str) -> str:
    game, policy = choice.game.name, choice.policy
    if policy.grace <= 0:
        return t("grace.none", lang, game=game)
    grace = duration_text(policy.grace, lang)
    if policy.grace_for == "everyone":
        return t("grace.everyone", lang, game=game, grace=grace)
    return t("grace.on" if choice.on else "grace.off", lang, game=game, grace=grace)


def policy_lines(policy: LatePolicy, lang: str, asked: Sequence[int] = ()) -> list[str]:
    """A game's grace and what standby orders count for (``/game create``, ``/game status``)."""
    lines = []
    if policy.grace > 0:
        grace = duration_text(policy.grace, lang)
        if policy.grace_for == "everyone":
            lines.append(t("late.grace_everyone", lang, grace=grace))
        else:
            users = ", ".join(markup.mention(u) for u in asked) or "—"
            lines.append(t("late.grace_asked", lang, grace=grace, users=users))
    lines.append(t("late.standby_missed" if policy.standby_missed else "late.standby_not_missed", lang))
    return lines


def late_lines(late: LateStanding | None, lang: str) -> list[str]:
    """``/game status``: the grace, standby and days-off policy, and the record of standby
    orders used and grace given."""
    if late is None:
        return []
    lines = policy_lines(late.policy, lang, late.asked)
    if late.days_off:
        lines.append(t("late.days_off", lang, days=", ".join(day_text(d, lang) for d in late.days_off)))
    records = [
        t("late.record", lang, user=markup.mention(uid), standby=s, grace=g)
        for uid, (s, g) in late.records.items()
        if s or g
    ]
    if records:
        lines.append(t("late.records", lang, records="; ".join(records)))
    return lines


def day_text(day: str, lang: str) -> str:
    """A date (``2026-12-25``) as the language writes it (``25 dic 2026``)."""
    try:
        return format_date(date.fromisoformat(day), format="medium", locale=lang)
    except ValueError:
        return day
