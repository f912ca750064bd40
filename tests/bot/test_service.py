"""The game service without Discord: creating, joining, ordering, resolving."""

from __future__ import annotations

import pytest

from bot.core.errors import UserError
from bot.discord.poster import rendered
from tests.bot.databases import sqlite_only
from tests.bot.support import CHANNEL, CREATOR, GUILD, PLAYERS, seat_of, started


@sqlite_only
async def test_storage_pragmas(storage):
    assert (await storage.pragma("journal_mode")).lower() == "wal"
    assert await storage.pragma("foreign_keys") == 1
    from bot.infra.storage.migrations import migrations

    assert await storage.pragma("user_version") == len(migrations()) >= 1


async def test_create_join_start(service):
    game = await started(service)
    assert game.status == "active" and game.phase == "S1901M"
    with pytest.raises(UserError) as err:
        await service.lifecycle.join(CHANNEL, 999)
    assert err.value.key == "join.started"
    async with service.storage.transaction() as tx:
        posts = await tx.posts(game.id)
    assert posts[0]["channel_id"] == CHANNEL and "has started" in (await rendered(service.storage, posts[0]["row"]))[0]
    assert sum(1 for p in posts if p["user_id"]) == 7


async def test_order_echo_and_errors(service):
    game = await started(service)
    fr = await seat_of(service, game, "FRANCE")
    report = await service.ordering.submit(
        fr, "a par-bur; A MAR S A PAR - BUR\nF BRE - Burgandy; A PAR - MUN; A BER - KIE"
    )
    stored = [line.order for line in report.lines if line.order]
    assert stored == ["A PAR - MUN", "A MAR S A PAR - BUR"] or "A MAR S A PAR - BUR" in stored
    errors = {line.text: line.error for line in report.lines if line.error}
    assert errors["F BRE - Burgandy"] == "parse.unknown_word"
    assert errors["A PAR - MUN"] == "illegal.not_adjacent"
    assert errors["A BER - KIE"] == "illegal.not_your_unit"
    assert [(m.power, m.unit) for m in report.sheet.missing] == [("FRANCE", "F BRE")]
    # the last order for a unit counts
    report = await service.ordering.submit(fr, "A PAR H")
    assert "A PAR H" in report.sheet.ordered and "A PAR - BUR" not in report.sheet.ordered


async def test_deadline_resolution_and_cas(service, clock):
    game = await started(service)
    fr = await seat_of(service, game, "FRANCE")
    de = await seat_of(service, game, "GERMANY")
    await service.ordering.submit(fr, "A PAR - BUR")
    await service.ordering.submit(de, "A MUN - BUR")
    clock.advance(hours=49)
    with pytest.raises(UserError) as err:
        await service.ordering.submit(fr, "A MAR H")
    assert err.value.key == "order.deadline_passed"
    assert await service.resolution.run_due() == 1
    assert await service.resolution.resolve(game.id, "S1901M") is False  # never twice
    with pytest.raises(UserError) as err:
        await service.ordering.submit(fr, "A PAR H", expected_phase="S1901M")
    assert err.value.key == "order.phase_moved_on"
    async with service.storage.transaction() as tx:
        row = await tx.phase(game.id, "S1901M")
        g = await tx.game(game.id)
    bounce = {r["order"]: r["result"] for r in row.results}
    assert bounce["A PAR - BUR"] == "bounce" and bounce["A MUN - BUR"] == "bounce"
    assert g.phase == "F1901M"


async def test_ready_resolves_at_once(service):
    await started(service, players=2)
    for uid in PLAYERS[:2]:
        report = await service.ordering.set_ready(uid, True)
    assert report.resolving
    assert await service.resolution.run_due() == 1


async def test_bad_input(service):
    with pytest.raises(UserError) as err:
        await service.lifecycle.create_game(guild_id=GUILD, channel_id=CHANNEL, user_id=CREATOR, name="X", players=8)
    assert err.value.key == "create.bad_players"
    with pytest.raises(UserError) as err:
        await service.lifecycle.create_game(
            guild_id=GUILD, channel_id=CHANNEL, user_id=CREATOR, name="X", players=7, movement="soon"
        )
    assert err.value.key == "schedule.unreadable"
    await service.lifecycle.create_game(guild_id=GUILD, channel_id=CHANNEL, user_id=CREATOR, name="X", players=3)
    with pytest.raises(UserError) as err:
        await service.lifecycle.start(CHANNEL, 555, can_manage=False)
    assert err.value.key == "start.not_allowed"
    with pytest.raises(UserError) as err:
        await service.ordering.submit(555, "A PAR - BUR")
    assert err.value.key == "order.no_games"


async def test_impossible_supports_say_why(service):
    game = await started(service)
    fr = await seat_of(service, game, "FRANCE")
    report = await service.ordering.submit(fr, "A PAR S A MAR - SPA; A MAR S F LYO; A MAR S A PAR - MUN; A MAR S A GAS")
    errors = {line.text: line.error for line in report.lines if line.error}
    assert errors == {
        "A PAR S A MAR - SPA": "illegal.support_cannot_reach",
        # an army can't support into a sea at all (DATC 4.E.1: illegal before void): said first
        "A MAR S F LYO": "illegal.support_cannot_reach",
        "A MAR S A PAR - MUN": "illegal.support_cannot_reach",
        "A MAR S A GAS": "illegal.support_nothing_there",
    }
    assert not report.sheet.ordered
