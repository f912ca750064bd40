"""The core's pieces without Discord: reads beside writes, post intents rendered at send
time (in the reader's language of that moment; rows from before intents as they were),
the sheet's custom ids (old ones still read), the one duration parser, the one order-state
function, CLDR plural forms, the bounded cache of legal orders, the rules (the engine's)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import aiosqlite
import pytest

from bot.core.orders.giving import LegalCache, refusal
from bot.core.rules import check_order, explain, orders_due
from bot.core.status.report import order_state
from bot.core.types import OrderState
from bot.discord.poster import rendered
from bot.infra.schedule import ScheduleError, parse_duration, parse_moment
from bot.infra.storage import DATABASE_ERRORS
from bot.text.i18n import plural
from bot.text.replies import refusal as said
from bot.text.sheet import MAX_TEXT, Kind, Mode, Verb, custom_id, parse_custom_id
from engine import Position, Power, parse_order
from engine.variants import setup_for
from tests.bot.databases import sqlite_only
from tests.bot.support import CHANNEL, seat_of, started


async def test_reads_do_not_wait_for_a_write_and_cannot_write(storage):
    async with storage.write() as tx:
        game_id = await tx.insert_game(
            guild_id=1,
            channel_id=2,
            name="G",
            creator_id=3,
            players=2,
            movement="48h",
            retreat="24h",
            adjustment="24h",
            language="en",
            now=0.0,
        )
        # a read meanwhile sees the last committed state, without waiting for this write
        async with storage.read() as reader:
            assert await reader.game(game_id) is None
    async with storage.read() as reader:
        assert (await reader.game(game_id)).name == "G"
        with pytest.raises(DATABASE_ERRORS):  # a read-only transaction
            await reader.add_player(game_id, 5, 0.0)


async def test_posts_are_rendered_when_sent_in_the_readers_language_of_then(service):
    game = await started(service)
    uid = await seat_of(service, game, "FRANCE")
    async with service.storage.read() as tx:
        row = next(p["row"] for p in await tx.posts(game.id) if p["user_id"] == uid)
    assert row.kind == "dm_phase_started" and row.content == ""
    assert "Spring 1901 moves" in (await rendered(service.storage, row))[0]
    await service.languages.choose(uid, "es")  # before the DM goes out
    assert "Primavera de 1901, movimientos" in (await rendered(service.storage, row))[0]


@sqlite_only
async def test_a_post_stored_before_post_intents_is_sent_as_it_was(service, tmp_path):
    game = await started(service)
    async with aiosqlite.connect(tmp_path / "test.sqlite3") as db:  # as the old code wrote it
        await db.execute(
            "INSERT INTO outbox (game_id, phase, channel_id, content, next_attempt, created_at) "
            "VALUES (?, 'S1901M', ?, 'an old post', 0, 0)",
            (game.id, CHANNEL),
        )
        await db.commit()
    async with service.storage.read() as tx:
        row = (await tx.posts(game.id))[-1]["row"]
    assert row.kind is None and await rendered(service.storage, row) == ["an old post"]


def test_custom_ids_read_and_old_ones_still_work():
    new = custom_id(Verb.CHOICE, 12, "F1901M", Mode.ALL, "STP", f"{Kind.SUPPORT}-SEV", 0, 1)
    assert new == "dip:choice:12:F1901M:all:STP:support-SEV:0:1" and len(new) <= MAX_TEXT
    tap = parse_custom_id(new)
    assert (tap.verb, tap.game_id, tap.phase, tap.args) == (
        Verb.CHOICE,
        12,
        "F1901M",
        ("all", "STP", "support-SEV", "0", "1"),
    )
    assert tap.is_select
    # ids on messages sent before the upgrade
    assert parse_custom_id("dip:v:12:F1901M:a:STP:SSEV:0:1") == tap
    assert parse_custom_id("dip:k:3:S1901M:o:PAR:mv") == parse_custom_id("dip:kind:3:S1901M:one:PAR:move")
    assert parse_custom_id("dip:rd:3:S1901M:!").args == ("anyway",)
    assert parse_custom_id("dip:sh:3:S1901M").verb is Verb.SHEET
    assert parse_custom_id("dip:nonsense:3:S1901M") is None and parse_custom_id("other:x") is None


def test_one_duration_parser():
    assert parse_duration("1d 2h30m") == timedelta(days=1, hours=2, minutes=30)
    assert parse_duration("90m") == parse_duration("1h30m") == timedelta(minutes=90)
    now = datetime(2026, 3, 1, tzinfo=UTC)
    assert parse_moment("2026-03-05 18:00 Europe/Madrid", now) == datetime(2026, 3, 5, 17, 0, tzinfo=UTC)
    assert parse_moment("2026-03-05T18:00", now) == datetime(2026, 3, 5, 18, 0, tzinfo=UTC)
    assert parse_moment("36h", now) == now + timedelta(hours=36)
    for text, code in (("soon", "schedule.unreadable"), ("20:00", "schedule.unreadable")):
        with pytest.raises(ScheduleError) as err:
            parse_duration(text)
        assert err.value.code == code
    for text, code in (
        ("2026-13-05 18:00", "schedule.bad_moment"),
        ("yesterday", "schedule.bad_moment"),
        ("2026-03-05 18:00 Mars/Olympus", "schedule.bad_zone"),
    ):
        with pytest.raises(ScheduleError) as err:
            parse_moment(text, now)
        assert err.value.code == code


def test_one_order_state_function():
    assert order_state(0, 0, True) is OrderState.NOTHING
    assert order_state(3, 1, True) is OrderState.READY
    assert order_state(3, 3, False) is OrderState.COMPLETE
    assert order_state(3, 1, False) is OrderState.PARTIAL and OrderState.PARTIAL.late
    assert order_state(3, 0, False) is OrderState.NONE and OrderState.NONE.late
    assert not OrderState.COMPLETE.late


def test_counts_take_the_plural_form_of_the_language():
    forms = [plural("warn.too_many_builds", n, "ru", power="Россия") for n in (1, 3, 5, 21)]
    assert forms == [
        "⚠️ Россия: 1 лишняя постройка.",
        "⚠️ Россия: 3 лишние постройки.",
        "⚠️ Россия: 5 лишних построек.",
        "⚠️ Россия: 21 лишняя постройка.",
    ]
    assert plural("warn.builds_left", 1, "es", power="Francia").startswith("⚠️ Francia: 1 construcción sin elegir")
    assert plural("warn.builds_left", 2, "bg", power="Франция").startswith("⚠️ Франция: 2 неизбрани изграждания")


def test_the_legal_orders_cache_is_bounded():
    cache = LegalCache(size=2)
    for n in range(3):
        cache.put((n, "S1901M", (Power.FRANCE,), ""), [str(n)])
    assert cache.get((0, "S1901M", (Power.FRANCE,), "")) is None
    assert cache.get((2, "S1901M", (Power.FRANCE,), "")) == ["2"]


def test_the_rules_are_the_engines():
    from engine import validation

    # what a player owes: the engine's orders_due, nothing when the orders are forced (issue 15)
    assert (check_order, explain, orders_due) == (validation.check_order, validation.explain, validation.choices_due)
    start = Position.initial()
    rules = setup_for(7).rules(start.phase)
    assert explain(start, parse_order("F BRE - MAO"), rules) is None
    assert str(check_order(start, parse_order("F STP - BOT"), rules)) == "F STP/SC - BOT"
    why = explain(start, parse_order("A PAR - MUN"), rules, [Power.FRANCE])
    assert why.reason == "not_adjacent" and why.params["places"] == ("BRE", "BUR", "GAS", "PIC")
    assert said(refusal(why, parse_order("A PAR - MUN")), "en") == (
        "A PAR can't reach MUN from where it is. It can move to: BRE, BUR, GAS, PIC."
    )
    assert explain(start, parse_order("A VEN - TRI"), rules, [Power.FRANCE]).reason == "not_your_unit"
    assert explain(start, parse_order("A PAR B"), rules).reason == "wrong_phase"
    assert [str(u) for u in orders_due(start, Power.ENGLAND, rules).units] == ["F EDI", "F LON", "A LVP"]


async def test_the_translator_goes_by_keys_only():
    from discord import Locale, app_commands

    from bot.discord.locales import described
    from bot.discord.translator import CatalogueTranslator
    from bot.text.i18n import t

    where = app_commands.TranslationContext(app_commands.TranslationContextLocation.command_description, None)
    translator = CatalogueTranslator()
    assert await translator.translate(described("cmd.ready"), Locale.russian, where) == t("cmd.ready", "ru")
    # English text without its key is not looked up backwards
    assert await translator.translate(app_commands.locale_str(t("cmd.ready")), Locale.russian, where) is None
