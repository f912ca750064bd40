"""Replies to commands, built from what the use cases return: refusals, the order report
of ``/order``, a player's orders, ``/game status`` (with the order-state marks that
``/mod orders`` shares), the moderation log, autocomplete labels."""

from __future__ import annotations

from collections.abc import Sequence

from bot.core import secrecy
from bot.core.deadlines import ReminderSettings
from bot.core.errors import UserError
from bot.core.languages import SCRIPTS, game_writing
from bot.core.orders import LineReport, OrderReport, ReadyReport
from bot.core.play import NewDeadline, OrdersOverview, RolledBack
from bot.core.status import GameStatusReport, OrderSheet
from bot.core.types import GameStatus, OrderState
from bot.infra.storage import GameRow
from bot.infra.storage.moderation import AuditRow
from bot.text import asking, markup, press, standins
from bot.text.durations import duration_text
from bot.text.i18n import is_plural, plural, plural_form, t
from bot.text.labels import echo, order_line, phase_title, power_name, power_names, say
from bot.text.permissions import problem_names
from bot.text.posts import missing_text, named, silent_text
from bot.text.scores import rules_text
from bot.text.sheet import MAX_OPTIONS, cut, ready_key
from bot.text.standby import day_text, late_lines

MAX_REPLY = markup.MAX_CONTENT
#: The most a reply says: the reply helper sends it as up to
#: :data:`bot.text.markup.MAX_REPLY_MESSAGES` messages, cut between lines.
REPLY_BUDGET = 3 * 1700

#: One mark per order state, for ``/game status`` and ``/mod orders``.
MARKS = {
    OrderState.READY: "✅",
    OrderState.COMPLETE: "📝",
    OrderState.PARTIAL: "✏️",
    OrderState.NONE: "⏳",
    OrderState.NOTHING: "➖",
}


def refusal(error: UserError, language: str) -> str:
    key = error.key
    if is_plural(key):  # a refusal about a number of things: the form for its count
        key = f"{key}.{plural_form(error.params['count'], language)}"
    return say(key, language, error.params)


def reader(sheet: OrderSheet, lang: str) -> str:
    """The language tag of a reply about ``sheet``'s game: orders in the script of the
    reader's map of that game (:func:`bot.core.languages.game_writing`)."""
    return game_writing(lang, sheet.game.language, sheet.game.labels)


def sheet_text(sheet: OrderSheet, lang: str, *, list_orders: bool = False) -> str:
    game = sheet.game
    lang = reader(sheet, lang)
    lines = []
    if list_orders:
        lines.append(t("orders.title", lang, game=game.name, phase=phase_title(sheet.phase, lang)))
        lines.extend(f"• {order_line(o, lang)}" for o in sheet.ordered)
        if not sheet.ordered:
            lines.append(t("orders.none", lang))
    if sheet.missing:
        lines.append(t("reply.missing", lang, units=missing_text(sheet.missing, lang, by_power=len(sheet.powers) > 1)))
    elif sheet.nothing_due:  # not "all your units have orders": there was nothing to order
        lines.append(t("reply.nothing_to_order", lang))
    else:
        lines.append(t("reply.all_ordered", lang))
    if sheet.silent and not sheet.ready:
        lines.append(silent_text([pw.value for pw in sheet.silent], lang))
    if sheet.ready:
        lines.append(t("reply.ready", lang))
    if game.deadline:
        lines.append(t("reply.deadline", lang, deadline=markup.stamp(game.deadline)))
    return "\n".join(lines)


def order_report(report: OrderReport, lang: str) -> str:
    """The answer to an ``/order``: a line per order read (accepted, or why not), then
    the sheet (what is still unordered, the deadline). It fits :data:`REPLY_BUDGET`
    (the reply helper sends it as a few messages): when the lines would not, the
    accepted ones are counted instead of listed, then the refused ones beyond the budget
    are counted too; the sheet always shows."""
    lang = reader(report.sheet, lang)
    header = t("reply.header", lang, game=report.sheet.game.name, phase=phase_title(report.sheet.phase, lang))
    tail = sheet_text(report.sheet, lang)
    accepted = [_accepted(line.order, lang) for line in report.lines if line.order is not None]
    with_menu = {id(line) for line in asking.asked(report)}
    refused = [
        t("reply.error", lang, text=line.text, reason=_reason(line, lang, menu=id(line) in with_menu))
        for line in report.lines
        if line.order is None
    ]
    room = REPLY_BUDGET - len(header) - len(tail)
    if _size(accepted) + _size(refused) <= room:  # every line, in the order typed
        reasons = iter(refused)
        lines = [_accepted(ln.order, lang) if ln.order is not None else next(reasons) for ln in report.lines]
        return "\n".join([header, *lines, tail])
    lines = [plural("reply.accepted_count", len(accepted), lang)] if accepted else []
    room -= _size(lines)
    shown = 0
    while shown < len(refused) and _size(refused[: shown + 1]) <= room - 200:  # 200: the "and more" line
        shown += 1
    lines += refused[:shown]
    if shown < len(refused):
        lines.append(plural("reply.more_refused", len(refused) - shown, lang))
    return "\n".join([header, *lines, tail])


def _reason(line: LineReport, lang: str, *, menu: bool) -> str:
    if line.error == "parse.ambiguous":
        return asking.question(line, lang, menu=menu)
    return say(line.error, lang, line.params) if line.error else "—"


def _accepted(order: str, lang: str) -> str:
    local = echo(order, lang)
    if local.upper() == order:  # English, or the Russian rulebook's Latin: said once
        return t("reply.ok", lang, order=local)
    return t("reply.ok_local", lang, local=local, order=order)


def _size(lines: Sequence[str]) -> int:
    return sum(len(line) + 1 for line in lines)


def ready_text(report: ReadyReport, lang: str) -> str:
    sheet = report.sheet
    lang = reader(sheet, lang)
    text = t(ready_key(report), lang, game=sheet.game.name)
    if sheet.missing:
        units = missing_text(sheet.missing, lang, by_power=len(sheet.powers) > 1)
        text += "\n" + t("ready.warning", lang, units=units)
    return text


def standing_lines(report: GameStatusReport, lang: str) -> list[str]:
    s = report.standing
    lines = [t("mod.status.policy", lang, count=s.cd_after) if s.cd_after else t("mod.status.policy_never", lang)]
    if s.paused_left is not None:
        lines.append(t("mod.status.paused", lang, left=duration_text(s.paused_left, lang)))
    if s.civil_disorder:
        lines.append(
            t(
                "mod.status.civil_disorder",
                lang,
                powers=", ".join(sorted(power_name(p, lang) for p in s.civil_disorder)),
            )
        )
    lines.extend(standins.status_lines(s.standins, lang))  # issue 23: the caretaker's and bots' powers
    if s.open_seats:
        lines.append(t("status.open_seats", lang, powers=power_names(list(s.open_seats), lang)))
    if s.draw_open:
        lines.append(t("mod.status.draw_open", lang))
    parts = [
        t("mod.status.record", lang, user=markup.mention(uid), missed=m, total=n)
        for uid, m, n in s.records
        if n and not report.secret  # 0/0 says nothing; an anonymous game names nobody
    ]
    if parts:
        lines.append(t("mod.status.reliability", lang, records="; ".join(parts)))
    if s.rules is not None and s.ending is None:  # how it will end and be scored (issue 15)
        lines.append(rules_text(s.rules, lang))
    lines.extend(late_lines(s.late, lang))  # grace, standby orders, days off (issue 15)
    return lines


def status_text(report: GameStatusReport, lang: str) -> str:
    game = report.game
    if game.status == GameStatus.FORMING:
        text = t(
            "status.forming",
            lang,
            game=game.name,
            joined=len(report.joined),
            players=game.players,
            users=", ".join(markup.mention(u) for u in report.joined),
        )
    elif report.standing.ending is not None:
        # one line says how it ended: a draw names the powers sharing it, and no winner
        ending = report.standing.ending
        text = t(
            f"status.over_{ending.kind.value}",
            lang,
            game=game.name,
            powers=power_names(ending.powers, lang) or "—",
            when=markup.short_stamp(ending.at),
        )
    else:
        lines = [
            t(
                "status.title",
                lang,
                game=game.name,
                phase=phase_title(game.phase or "", lang),
                deadline=markup.stamp(game.deadline) if game.deadline else t("mod.paused_deadline", lang),
            )
        ]
        for p in report.players:
            lines.append(
                t(
                    "anon.status.line" if report.secret else "status.line",  # anonymous: powers only
                    lang,
                    mark=MARKS[p.state],
                    user=markup.mention(p.user_id),
                    state=t(f"status.{p.state.value}", lang),
                    powers=power_names(p.powers, lang) or "—",
                )
            )
        if report.secret:
            lines.append(t("anon.status.note", lang))
        text = "\n".join(lines)
    return "\n".join([text, *standing_lines(report, lang), *press.status_settings(report.settings, lang)])


def deadline_reply(result: NewDeadline, lang: str) -> str:
    """The reply to ``/mod extend``, ``/mod deadline`` and ``/mod resume``: the new deadline
    (or, paused, the time left), whether it moved past the days the game does not play, or
    that the moment the moderator chose is on one of them."""
    game = result.game.name
    if result.ready:  # every player is ready: the phase resolves now, the post says so
        return t("mod.reply.done", lang)
    if result.deadline is None:
        return t("mod.reply.extended_paused", lang, game=game, left=duration_text(result.left or 0, lang))
    lines = [t("mod.reply.deadline", lang, game=game, deadline=markup.stamp(result.deadline))]
    if result.moved:
        lines.append(t("mod.reply.deadline_moved", lang))
    if result.day_off is not None:
        lines.append(t("mod.reply.deadline_day_off", lang, game=game, day=day_text(result.day_off, lang)))
    return "\n".join(lines)


def rollback_reply(done: RolledBack, lang: str) -> str:
    """The reply to ``/mod rollback``: the phase undone, the phase the game is back in, and
    the phases played at once between them, undone with it."""
    key = "mod.reply.rollback_skipped" if done.skipped else "mod.reply.rollback"
    params = {"undone": done.undone, "back": done.back, "skipped": list(done.skipped)}
    return t(key, lang, **named(params, lang))


def overview_text(view: OrdersOverview, lang: str) -> str:
    lines = [t("mod.reply.orders_title", lang, game=view.game.name, phase=phase_title(view.game.phase or "", lang))]
    for row in view.powers:
        lines.append(
            t(
                "anon.mod.orders_line" if view.masked else "mod.reply.orders_line",  # anonymous: powers only
                lang,
                mark=MARKS[row.state],
                power=power_name(row.power, lang),
                user=markup.mention(row.user_id or 0),
                state=t(f"mod.orders.{row.state.value}", lang),
            )
        )
    if view.reminded and view.masked:
        lines.append(t("anon.mod.reminded_count", lang, count=len(view.reminded)))
    elif view.reminded:
        lines.append(t("mod.reply.reminded", lang, users=", ".join(markup.mention(u) for u in view.reminded)))
    return "\n".join(lines)


def log_text(game: GameRow, rows: Sequence[AuditRow], lang: str) -> str:
    lines = [t("mod.reply.log_title", lang, game=game.name)]
    for r in rows:
        detail = dict(r.detail)
        if r.action == "replace" and "powers" not in detail:  # an entry from before it named every power
            detail["powers"] = [detail.get("power", "")]
        if r.action == "press_problem":  # the permissions missing, as Discord names them
            detail["problems"] = problem_names(str(detail.get("problems", "")), lang)
        # an anonymous game seen by a moderator who plays in it: the entry without players
        action = f"{r.action}_skipped" if r.action == "rollback" and detail.get("skipped") else r.action
        # (a rollback that undid phases played at once with the last one names them)
        key = f"anon.log.{action}" if detail.pop(secrecy.MASKED, False) else f"mod.log.{action}"
        params = named(detail, lang)
        params["who"] = markup.mention(r.user_id) if r.user_id else t("mod.log.bot", lang)
        # a moment in the reader's time zone, then what happened
        lines.append(f"{markup.short_stamp(r.at)} {t(key, lang, **params)}")
    if not rows:
        lines.append(t("mod.reply.log_empty", lang))
    text = "\n".join(lines)
    while len(text) > MAX_REPLY and len(lines) > 2:
        del lines[1]
        text = "\n".join(lines)
    return text


def game_label(game: GameRow, lang: str) -> str:
    """A game in the ``game`` option's autocomplete."""
    return f"{game.name} — {phase_title(game.phase, lang) if game.phase else t('status.forming_short', lang)}"


def create_text(game: GameRow, cd_after: int, creator: int, language_name: str) -> str:
    lang = game.language
    from bot.text.durations import schedule_text

    policy = t("mod.status.policy", lang, count=cd_after) if cd_after else t("mod.status.policy_never", lang)
    return (
        t(
            "create.done",
            lang,
            game=game.name,
            players=game.players,
            movement=schedule_text(game.movement, lang),
            retreat=schedule_text(game.retreat, lang),
            adjustment=schedule_text(game.adjustment, lang),
            creator=markup.mention(creator),
        )
        + "\n"
        + policy
        + "\n"
        + t("create.language", lang, language=language_name)
        + labels_line(game)
        + format_lines(game)
    )


def format_lines(game: GameRow) -> str:
    """Issue 25: a duel's name and what it means, and the Fog of War (new lines; nothing for
    a standard game without fog)."""
    lang = game.language
    out = ""
    if game.variant != "standard":
        out += "\n" + t("create.variant", lang, variant=t(f"variant.{game.variant}", lang))
    if game.fog:
        out += "\n" + t("create.fog", lang)
    return out


def labels_line(game: GameRow) -> str:
    """For a game whose language has a choice of map labels: which it has (a new line)."""
    scripts = SCRIPTS.get(game.language, ())
    if len(scripts) < 2:
        return ""
    return "\n" + t("create.labels", game.language, labels=t(f"cmd.labels.{game.labels or scripts[0]}", game.language))


def clear_choices(orders: Sequence[tuple[str, str]], typed: str, lang: str) -> list[tuple[str, str]]:
    """(label, value) of the orders ``/clear`` can clear, matching what the player typed;
    "all" first."""
    typed = typed.strip().upper()
    out = [(t("sheet.clear_all", lang), "all")] if not typed else []
    for text, value in orders:
        label = cut(echo(text, lang))
        if typed and typed not in value and typed not in text.upper() and typed not in label.upper():
            continue
        if (label, value) not in out:
            out.append((label, value))
    return out[:MAX_OPTIONS]


def lead_text(minutes: int, lang: str = "en") -> str:
    """A reminder's lead time (``12h``, ``1d``)."""
    return duration_text(minutes * 60, lang)


def reminders_text(settings: ReminderSettings, lang: str = "en") -> str:
    if not settings.leads:
        return t("remind.never", lang)
    key = "remind.summary_incomplete" if settings.only_incomplete else "remind.summary_always"
    text = t(key, lang, leads=", ".join(lead_text(m, lang) for m in settings.leads))
    if not settings.chosen:
        text += " " + t("remind.default_note", lang)
    return text
