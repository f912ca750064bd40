"""Post intents as messages: :func:`render` turns a stored post (a kind and its plain
parameters, see :mod:`bot.core.posts`) into the message text in one language, at send
time. A long post (the results of a crowded phase) becomes several messages.
:func:`merged` turns several posts to one destination into one message (split only
where Discord's length limit forces it): a resolution's channel posts, or one player's
DMs of several games, whose new phases read as one digest."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.core.posts import PostKind
from bot.text import markup, press, scores, standins
from bot.text.durations import duration_text
from bot.text.i18n import t
from bot.text.labels import (
    order_line,
    phase_title,
    place_name,
    power_name,
    power_names,
    province_name,
    unit_text,
)
from bot.text.standby import day_text, standby_dm
from engine.variants import STANDARD_VARIANT

MAX_MESSAGE = 1900  # room left for the post's mark (bot.discord.poster)


def chunks(blocks: Sequence[str], limit: int = MAX_MESSAGE) -> list[str]:
    """Blocks joined into messages of at most ``limit`` characters; a block too long for
    one message is cut between lines (:func:`bot.text.markup.split`)."""
    messages: list[str] = []
    current = ""
    for block in blocks:
        for piece in markup.split(block, limit):
            if current and len(current) + 2 + len(piece) > limit:
                messages.append(current)
                current = piece
            else:
                current = f"{current}\n\n{piece}" if current else piece
    if current:
        messages.append(current)
    return messages


def deadline_text(deadline: float | None, language: str) -> str:
    """A deadline, or "paused" when the game has none running."""
    return markup.stamp(deadline) if deadline else t("mod.paused_deadline", language)


def centre_table(rows: Sequence[Sequence[Any]], language: str) -> str:
    # issue 25: a fog game's table has no unit counts (None): only the centres are public
    return "\n".join(
        t("post.centre_line", language, power=power_name(p, language), centres=n, units=u)
        if u is not None
        else t("post.centre_line_fog", language, power=power_name(p, language), centres=n)
        for p, n, u in rows
    )


def missing_text(items: Sequence[Any], language: str, *, by_power: bool = False) -> str:
    """What a player still has to order (:func:`bot.core.status.report.missing_orders`, or its
    JSON in a reminder post): units, and builds or disbands owed (which name their
    power). ``by_power`` (a player of several powers): the units under their power's
    name, ``Austria: A VIE, A BUD; England: F LON``."""
    units: dict[str, list[str]] = {}
    owed: list[str] = []
    for item in items:
        if isinstance(item, str):  # a reminder stored before units carried their power
            units.setdefault("", []).append(unit_text(item, language))
            continue
        data = item if isinstance(item, Mapping) else item.to_json()
        if "unit" in data:
            units.setdefault(data["power"], []).append(unit_text(data["unit"], language))
            continue
        kind = "builds" if data.get("builds") else "disbands"
        owed.append(t(f"orders.missing_{kind}", language, count=data[kind], power=power_name(data["power"], language)))
    if by_power or len(units) > 1:
        groups = [
            f"{power_name(power, language)}: {', '.join(us)}" if power else ", ".join(us) for power, us in units.items()
        ]
        return "; ".join(groups + owed)
    return ", ".join([u for us in units.values() for u in us] + owed)


def silent_text(powers: Sequence[str], language: str) -> str:
    """The warning to a player of several powers that some have no orders at all."""
    return t("orders.silent", language, powers=power_names(powers, language))


# -- parameters named the same way in every post and audit entry ---------------------------
def named(params: Mapping[str, Any], language: str) -> dict[str, Any]:
    """Plain parameters in words, by their name: phases, moments, lengths, users, powers."""
    out: dict[str, Any] = {}
    for key, value in params.items():
        if key in ("phase", "undone", "back", "next"):
            out[key] = phase_title(value, language) if value else value
        elif key == "skipped":  # phases played at once, undone by a rollback with the one after them
            out[key] = ", ".join(phase_title(p, language) for p in value)
        elif key == "deadline":
            out[key] = markup.stamp(value)
        elif key in ("left", "by"):
            out[key] = duration_text(value, language)
        elif key in ("mod", "user", "new", "old") and isinstance(value, int):
            out[key] = markup.mention(value)
        elif key == "users":
            out[key] = ", ".join(markup.mention(u) for u in value)
        elif key in ("power", "leader"):
            out[key] = power_name(value, language)
        elif key == "powers":
            out[key] = power_names(value, language) if isinstance(value, list) else value
        elif key == "day":  # a date skipped (issue 15)
            out[key] = day_text(value, language)
        elif key == "orders" and isinstance(value, list):  # a stand-in's orders (issue 23)
            out[key] = ", ".join(order_line(o, language) for o in value) or "—"
        else:
            out[key] = value
    return out


_MOD_KEYS = {
    "pause": "paused",
    "resume": "resumed",
    "extend": "extended",
    "deadline": "deadline",
    "resolve": "resolve_now",
    "cd_on": "cd_on",
    "cd_off": "cd_off",
    "replace": "replaced",
    "kick": "kicked",
    "rollback": "rollback",
    "remind": "reminded",
    # issue 15: dates skipped
    "skip_day": "skip_day",
    "skip_day_moved": "skip_day_moved",
    "unskip_day": "unskip_day",
}


def _mod_action(p: Mapping[str, Any], lang: str) -> str:
    params = dict(p)
    action = params.pop("action")
    key = _MOD_KEYS[action] + ("_paused" if params.pop("paused", False) else "")
    key += "_ready" if params.pop("ready", False) else ""  # every player is ready: it resolves now
    key += "_skipped" if params.get("skipped") else ""  # a rollback past phases played at once
    return t(f"mod.post.{key}", lang, **named(params, lang))


def _started(p: Mapping[str, Any], lang: str) -> str:
    lines = []
    if p.get("variant", STANDARD_VARIANT) != STANDARD_VARIANT:  # issue 25: which duel, above who plays what
        lines.append(t("post.variant", lang, variant=t(f"variant.{p['variant']}", lang)))
    if p.get("anonymous"):  # players known by their powers only (bot.core.secrecy)
        lines.append(press.anonymous_assignments(p["assignments"], lang))
    else:
        lines += [
            t("post.assignment", lang, user=markup.mention(uid), powers=power_names(powers, lang))
            for uid, powers in p["assignments"]
        ]
    if p["neutral"]:
        lines.append(t("post.neutral", lang, powers=power_names(p["neutral"], lang)))
    if p.get("bots"):  # issue 23: seats played by bots, labelled in every game
        lines.append(standins.bots_line(p["bots"], lang))
    settings = p.get("settings") or {}
    # gunboat and anonymous games: players can't write in the game channel, and Discord
    # shows no slash commands where one can't write, so they play from their DMs
    read_only = settings.get("press") == "none" or bool(settings.get("anonymous"))
    text = t(
        "post.started_dm" if read_only else "post.started",
        lang,
        game=p["game"],
        assignments="\n".join(lines),
        phase=phase_title(p["phase"], lang),
        deadline=markup.stamp(p["deadline"] or 0),
    )
    # the game's settings (press, anonymity, deadlines...) under it
    return text + "\n\n" + press.settings_block(p["settings"], lang) if p.get("settings") else text


def _results(p: Mapping[str, Any], lang: str) -> list[str]:
    blocks = [t("post.results_title", lang, game=p["game"], phase=phase_title(p["phase"], lang))]
    by_power: dict[str, list[Mapping[str, Any]]] = {}
    for r in p["results"]:
        by_power.setdefault(r["power"], []).append(r)
    owners, civil, active = p["owners"], set(p["civil"]), set(p.get("active", ()))
    declared = set(p.get("declared", ()))
    for power in sorted(by_power):
        who = f" ({markup.mention(owners[power])})" if power in owners else ""
        note = ""
        # "civil disorder" only for the declared state; a power that just missed this phase
        # (its units hold all the same) had "no orders"
        if power in declared:
            note = t("post.civil_disorder", lang)
        elif power in civil:
            note = t("post.missed_active" if power in active else "post.missed", lang)
        note += standins.played_by(p.get("standins", {}).get(power), lang)  # issue 23: caretaker, bot
        lines = [f"**{power_name(power, lang)}**{who}{note}"]
        for r in by_power[power]:
            mark = "✅" if r["ok"] else "❌"
            why = "" if r["ok"] else f" — {t('result.' + r['result'], lang)}"
            implied = t("post.implied", lang) if r.get("implied") else ""
            implied += t("post.standby", lang) if r.get("standby") else ""  # issue 15: from standby orders
            implied += standins.bot_mark(r, lang)  # issue 23: a stand-in's order
            lines.append(f"{mark} {order_line(r['order'], lang)}{why}{implied}")
        blocks.append("\n".join(lines))
    if p["destroyed"]:
        units = ", ".join(f"{power_name(power, lang)} {unit_text(unit, lang)}" for power, unit in p["destroyed"])
        blocks.append(t("post.destroyed", lang, units=units))
    if p.get("no_retreat"):  # dislodged with nowhere to go: no retreat phase follows for them
        units = ", ".join(f"{power_name(power, lang)} {unit_text(unit, lang)}" for power, unit in p["no_retreat"])
        blocks.append(t("post.destroyed_no_retreat", lang, units=units))
    unbuilt = p.get("unbuilt", ())
    if unbuilt:  # builds nobody ordered are not made: said, rather than that there were none
        powers = ", ".join(t("post.unbuilt_power", lang, power=power_name(pw, lang), count=n) for pw, n in unbuilt)
        blocks.append(t("post.unbuilt", lang, powers=powers))
    # say so rather than post a bare title (the centres follow)
    if not by_power and not p["destroyed"] and not p.get("no_retreat") and not unbuilt:
        blocks.append(t("post.no_adjustments" if str(p["phase"]).endswith("A") else "post.no_orders", lang))
    return blocks  # one per power: cut between them when long (render, merged)


def _phase_started(p: Mapping[str, Any], lang: str) -> str:
    toss = p.get("toss")
    note = ""
    if toss and toss.get("user") is None:  # an anonymous game: who won the toss stays secret
        note = press.anonymous_toss(toss["power"], lang)
    elif toss:
        note = t("post.toss", lang, user=f"<@{toss['user']}>", power=power_name(toss["power"], lang))
    if p.get("settled"):  # issue 15: nobody has a choice: played at once
        key = "post.new_phase_settled"
        return note + t(
            key, lang, game=p["game"], phase=phase_title(p["phase"], lang), centres=centre_table(p["centres"], lang)
        )
    return note + t(
        "post.new_phase",
        lang,
        game=p["game"],
        phase=phase_title(p["phase"], lang),
        deadline=markup.stamp(p["deadline"] or 0),
        centres=centre_table(p["centres"], lang),
    )


def _duty(d: Mapping[str, Any], lang: str) -> str:
    if "units" in d:
        what = ", ".join(unit_text(u, lang) for u in d["units"])
    elif "retreats" in d:
        what = ", ".join(
            f"{unit_text(u, lang)} → {'/'.join(place_name(r, lang) for r in places)}" for u, places in d["retreats"]
        )
    else:
        kind = "builds" if "builds" in d else "disbands"
        what = t(f"dm.{kind}", lang, count=d[kind])
    return t("dm.power_line", lang, power=power_name(d["power"], lang), what=what)


def _game_phase(key: str, p: Mapping[str, Any], lang: str) -> str:
    """A game's new phase for one player: its deadline and what they owe (``key``: the text)."""
    return t(
        key,
        lang,
        game=p["game"],
        phase=phase_title(p["phase"], lang),
        lines="\n".join(_duty(d, lang) for d in p["powers"]),
        deadline=markup.stamp(p["deadline"] or 0),
    )


def _dm_phase(p: Mapping[str, Any], lang: str) -> str:
    return _game_phase("dm.phase_started", p, lang) + "\n" + t("sheet.dm_hint", lang)


def _fog_seen(game: str, p: Mapping[str, Any], lang: str) -> str:
    """What a fog player saw of one phase played: the orders in sight with their results,
    the units destroyed there."""
    lines = [t("dm.fog_seen", lang, game=game, phase=phase_title(p["played"], lang))]
    for r in p["seen"]:
        mark = "✅" if r["ok"] else "❌"
        why = "" if r["ok"] else f" — {t('result.' + r['result'], lang)}"
        lines.append(f"{mark} {power_name(r['power'], lang)}: {order_line(r['order'], lang)}{why}")
    if p["destroyed"]:
        units = ", ".join(f"{power_name(power, lang)} {unit_text(unit, lang)}" for power, unit in p["destroyed"])
        lines.append(t("post.destroyed", lang, units=units))
    if not p["seen"] and not p["destroyed"]:
        lines.append(t("dm.fog_seen_nothing", lang))
    return "\n".join(lines)


def _fog_phase(p: Mapping[str, Any], lang: str) -> list[str]:
    """Issue 25: a fog game's DM: what the player saw of the phase just played (their
    orders and those in their sight, with results; units destroyed there), the public
    centre counts, and what they owe now."""
    # a phase played at once (nobody had a choice in it) comes in the same DM, first (``earlier``)
    blocks = [_fog_seen(p["game"], played, lang) for played in [*p.get("earlier", ()), p]]
    blocks.append(t("dm.fog_centres", lang) + "\n" + centre_table(p["centres"], lang))
    if p["powers"]:
        blocks.append(_dm_phase(p, lang))
    else:
        phase, deadline = phase_title(p["phase"], lang), markup.stamp(p["deadline"] or 0)
        blocks.append(t("dm.fog_nothing_due", lang, phase=phase, deadline=deadline))
    return blocks


def _reminder(p: Mapping[str, Any], lang: str) -> str:
    if p["missing"]:
        text = t(
            "remind.incomplete",
            lang,
            game=p["game"],
            phase=phase_title(p["phase"], lang),
            missing=missing_text(p["missing"], lang, by_power=p.get("by_power", False)),
            deadline=markup.stamp(p["deadline"]),
        )
        return text + ("\n" + silent_text(p["silent"], lang) if p.get("silent") else "")
    return t(
        "remind.complete",
        lang,
        game=p["game"],
        phase=phase_title(p["phase"], lang),
        deadline=markup.stamp(p["deadline"]),
    )


def _replacement(p: Mapping[str, Any], lang: str) -> str:
    lines = [
        t(
            "mod.dm.replacement_power",
            lang,
            power=power_name(s["power"], lang),
            units=", ".join(unit_text(u, lang) for u in s["units"]) or "—",
            centres=", ".join(province_name(c, lang) for c in s["centres"]) or "—",
            todo=s["todo"],
        )
        for s in p["seats"]
    ]
    return t(
        "mod.dm.replacement",
        lang,
        game=p["game"],
        powers=power_names(p["powers"], lang),
        lines="\n".join(lines),
        phase=phase_title(p["phase"], lang),
        deadline=deadline_text(p["deadline"], lang),
    )


def _cd_declared(p: Mapping[str, Any], lang: str) -> str:
    mods = markup.mention(p["creator"]) + (f" {markup.role_mention(p['role'])}" if p.get("role") else "")
    return t(
        "mod.post.cd_declared",
        lang,
        game=p["game"],
        power=power_name(p["power"], lang),
        user=markup.mention(p["user"]),
        count=p["count"],
        mods=mods,
    )


def _simple(key: str) -> Callable[[Mapping[str, Any], str], str]:
    def render(p: Mapping[str, Any], lang: str) -> str:
        return t(key, lang, **named(p, lang))

    return render


def _eliminated(p: Mapping[str, Any], lang: str) -> str:
    user = f" ({markup.mention(p['user'])})" if p.get("user") else ""
    return t("mod.post.eliminated", lang, game=p["game"], power=power_name(p["power"], lang), user=user)


def _users_joined(key: str) -> Callable[[Mapping[str, Any], str], str]:
    def render(p: Mapping[str, Any], lang: str) -> str:
        # comma-separated: Discord shows a mention as a bare name, and names run together otherwise
        users = ", ".join(sorted(markup.mention(u) for u in p["users"]))
        return t(key, lang, **{**named(p, lang), "users": users or "—"})

    return render


def _won(p: Mapping[str, Any], lang: str) -> str:
    return _users_joined("post.winner")({**p, "centres": centre_table(p["centres"], lang)}, lang)


_RENDER: dict[PostKind, Callable[[Mapping[str, Any], str], str | list[str]]] = {
    PostKind.GAME_STARTED: _started,
    PostKind.PHASE_RESULTS: _results,
    PostKind.PHASE_STARTED: _phase_started,
    PostKind.GAME_WON: _won,
    PostKind.CD_DECLARED: _cd_declared,
    PostKind.CD_LEFT: _simple("mod.post.cd_left"),
    PostKind.POWER_IDLE: _simple("mod.post.power_idle"),
    # issue 23: stand-ins and open seats
    PostKind.STANDIN_TAKES: standins.takes_post,
    PostKind.STANDIN_LEFT: standins.left_post,
    PostKind.SEAT_ASKED: standins.seat_asked_post,
    PostKind.SEAT_TAKEN: standins.seat_taken_post,
    PostKind.SEAT_OFFERED: standins.offered_post,
    PostKind.ELIMINATED: _eliminated,
    PostKind.DRAW_LAPSED: _simple("mod.post.draw_lapsed"),
    PostKind.DRAW_PROPOSED: _simple("mod.post.draw_proposed"),
    PostKind.DRAW_AGREED: _users_joined("mod.post.draw_agreed"),
    PostKind.CONCEDED: _simple("mod.post.conceded"),
    PostKind.CONCESSION_WIN: _simple("mod.post.concession_win"),
    PostKind.MOD_ACTION: _mod_action,
    PostKind.DM_FAILED: _simple("post.dm_failed"),
    PostKind.DM_PHASE_STARTED: _dm_phase,
    PostKind.DM_FOG_PHASE: _fog_phase,  # issue 25
    PostKind.FOG_REVEAL: _simple("post.fog_reveal"),
    PostKind.FOG_RESOLVED: lambda p, lang: t(
        "post.fog_resolved", lang, game=p["game"], phase=phase_title(p["phase"], lang)
    ),
    PostKind.DM_GAME_OVER: _simple("dm.game_over"),
    PostKind.DM_ELIMINATED: _simple("mod.dm.eliminated"),
    PostKind.DM_REMINDER: _reminder,
    PostKind.DM_MOD_REMINDER: lambda p, lang: t(
        "mod.dm.reminder",
        lang,
        game=p["game"],
        phase=phase_title(p["phase"], lang),
        deadline=deadline_text(p["deadline"], lang),
    ),
    PostKind.DM_REPLACEMENT: _replacement,
    PostKind.DM_REPLACED_OUT: _simple("mod.dm.replaced_out"),
    PostKind.DM_DRAW_PROPOSED: _simple("mod.dm.draw_proposed"),
    # the end of a game (issue 15)
    PostKind.GAME_YEAR_LIMIT: scores.year_limit_post,
    PostKind.GAME_ENDED: scores.ended_post,
    PostKind.GAME_SCORES: scores.scores_post,
    PostKind.DM_GAME_ENDED: scores.dm_ended,
    # issue 15: grace, standby orders
    PostKind.GRACE_STARTED: _users_joined("grace.post"),
    PostKind.DM_GRACE: lambda p, lang: t(
        "grace.dm",
        lang,
        game=p["game"],
        phase=phase_title(p["phase"], lang),
        missing=missing_text(p["missing"], lang, by_power=p.get("by_power", False)),
        deadline=markup.stamp(p["deadline"]),
    ),
    PostKind.DM_STANDBY: standby_dm,
    # issue 23: a request for an open seat decided
    PostKind.DM_SEAT_ACCEPTED: _simple("standin.dm.accepted"),
    PostKind.DM_SEAT_REFUSED: _simple("standin.dm.refused"),
    PostKind.DM_SEAT_TAKEN_OVER: _simple("standin.dm.taken_over"),
}


def blocks(kind: str, params: Mapping[str, Any], language: str) -> list[str]:
    """The text of one post in ``language`` as blocks: where it may be cut when long."""
    post = PostKind(kind)
    # press posts are said in bot.text.press; a masked post of an anonymous game without players
    if params.get("anonymous"):
        params = press.unnamed(params, language)
    masked = press.render_masked(post, params, language) if params.get("anonymous") else None
    out = masked or (press.RENDER[post] if post in press.RENDER else _RENDER[post])(params, language)
    return [out] if isinstance(out, str) else out


def render(kind: str, params: Mapping[str, Any], language: str) -> list[str]:
    """The messages of one post in ``language`` (usually one; several when long)."""
    return chunks(blocks(kind, params, language))


def _digest_game(p: Mapping[str, Any], lang: str) -> str:
    return _game_phase("dm.digest_game", p, lang)


def merged(posts: Sequence[tuple[str, Mapping[str, Any]]], language: str, limit: int = MAX_MESSAGE) -> list[str]:
    """Several posts (kind, parameters) to one destination as one message in ``language``,
    in their order, cut into messages of at most ``limit`` characters only when they
    don't fit in one. New phases of several games (one player's DMs) read as one digest:
    a title, each game with its phase, deadline and what is owed, then how to order."""
    starts = [p for kind, p in posts if kind == PostKind.DM_PHASE_STARTED]
    out: list[str] = []
    for kind, params in posts:
        if kind == PostKind.DM_PHASE_STARTED and len(starts) > 1:
            if params is starts[0]:  # the digest stands where the first new phase was
                out.append(t("dm.digest_title", language))
                out.extend(_digest_game(p, language) for p in starts)
                out.append(t("dm.digest_footer", language) + "\n" + t("sheet.dm_hint", language))
            continue
        out.extend(blocks(kind, params, language))
    return chunks(out, limit)
