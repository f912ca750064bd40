"""Reminders each player sets with /remind, fired by moving simcord's clock: at the chosen
lead times, never for players who said never, not once orders are complete (unless the
player asked for it), with the texts checked."""

from __future__ import annotations

import pytest

from bot.core.deadlines.reminders import DEFAULT_LEADS, parse_leads
from bot.core.errors import UserError
from bot.text.i18n import t
from bot.text.replies import lead_text as format_lead
from tests.bot.simcord_support import powers_by_user, running, seven
from tests.bot.support import private_order as order

HOURS = 3600


def reminders(member) -> list[str]:
    channel = member.user.dm_channel
    return [m.content for m in channel.history() if m.content.startswith("⏰")] if channel else []


def test_lead_times():
    assert parse_leads("12h 1h") == (720, 60)
    assert parse_leads("1h, 1d,90m") == (1440, 90, 60)
    assert parse_leads("never") == ()
    assert parse_leads("default") == DEFAULT_LEADS == (720, 60)
    assert [format_lead(m) for m in (1440, 90, 60, 5)] == ["1d", "1h 30m", "1h", "5m"]
    for bad in ("soon", "2m", "8d", "1h 2h 3h 4h 5h 6h", "12:00"):
        with pytest.raises(UserError):
            parse_leads(bad)


async def test_reminders_at_the_chosen_times(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table = seven(env)
        ch = table.channel
        alice = table.members[0]
        await alice.slash(ch, "game create", name="Club", players=7, movement="48h")
        for m in table.members:
            await m.slash(ch, "game join")
        await alice.slash(ch, "game start")
        game, who = await powers_by_user(env, ch.id)
        member = {p: next(m for m in table.members if m.id == uid) for p, uid in who.items()}
        fr, de, it, ru, en = (member[p] for p in ("FRANCE", "GERMANY", "ITALY", "RUSSIA", "ENGLAND"))

        r = await en.user.slash("remind")
        assert r.ephemeral and "12h, 1h before each deadline" in r.response.content
        assert "defaults" in r.response.content
        r = await fr.user.slash("remind", before="24h 2h")
        assert r.response.content == (
            "⏰ Saved. I remind you 1d, 2h before each deadline, only when your orders are incomplete."
        )
        r = await de.user.slash("remind", before="never")
        assert "You get no reminders" in r.response.content
        r = await it.user.slash("remind", before="6h", only_incomplete=False)
        assert "6h before each deadline, even when your orders are complete" in r.response.content
        r = await it.user.slash("remind", before="soon")
        assert r.ephemeral and "can't read `soon`" in r.response.content
        await order(ru, "A MOS H; A WAR H; F SEV H; F STP/SC H")
        await order(it, "A ROM H; A VEN H; F NAP H")

        # France: 24 hours before the deadline, not a minute earlier
        await env.advance_time(24 * HOURS - 60)
        assert reminders(fr) == []
        await env.advance_time(120)
        [text] = reminders(fr)
        assert text.startswith("⏰ **Club** — Spring 1901 moves: the deadline is <t:")
        assert "Still without orders: " in text and "F BRE" in text and text.endswith("Order with `/orders`.")
        assert all(reminders(m) == [] for m in (en, de, it, ru))

        # the defaults: 12 hours before, for those whose orders are incomplete
        await env.advance_time(12 * HOURS - 120)
        assert reminders(en) == []
        await env.advance_time(120)
        assert len(reminders(en)) == 1 and "F LON" in reminders(en)[0]
        assert reminders(ru) == [] and reminders(de) == []  # complete; never
        assert len(reminders(fr)) == 1

        # Italy asked to be reminded even with complete orders
        await env.advance_time(6 * HOURS)
        [text] = reminders(it)
        assert "Your orders are in; you can still change them with `/orders`." in text

        # France completes its orders: no reminder 2 hours before
        await order(fr, "A PAR H; A MAR H; F BRE H")
        await env.advance_time(5 * HOURS)  # 1 hour before the deadline
        assert len(reminders(fr)) == 1
        assert len(reminders(en)) == 2 and reminders(ru) == [] and reminders(de) == []
        assert len(reminders(it)) == 1  # Italy: only 6h

        # next phase: the reminders are planned again
        await env.advance_time(1 * HOURS + 5)
        assert any("results of Spring 1901" in m.content for m in ch.history())
        await env.advance_time(24 * HOURS + 60)
        assert len(reminders(fr)) == 2 and "Fall 1901 moves" in reminders(fr)[-1]


async def test_remind_reads_never_and_default_in_the_players_language(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table = seven(env)
        ch = table.channel
        alice, bob, carol = table.members[:3]
        await alice.slash(ch, "game create", name="Club", players=7, movement="48h")
        for m in table.members:
            await m.slash(ch, "game join")
        await alice.slash(ch, "game start")
        await alice.user.slash("language", language="es")
        await bob.user.slash("language", language="ru")
        await carol.user.slash("language", language="bg")
        # each writes the words its own /remind description shows
        said = {alice: ("es", "nunca", "por defecto"), bob: ("ru", "никогда", "по умолчанию")}
        said[carol] = ("bg", "никога", "по подразбиране")
        for member, (language, never, default) in said.items():
            r = await member.user.slash("remind", before=never)
            assert r.ephemeral and r.response.content == t("remind.done", language, summary=t("remind.never", language))
            r = await member.user.slash("remind", before="12h 1h")
            typed = r.response.content
            r = await member.user.slash("remind", before=default)
            assert r.response.content == typed  # the defaults: 12 h and 1 h before
