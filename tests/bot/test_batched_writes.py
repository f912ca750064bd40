"""A resolution's trips to the database (issue 24): in a deadline storm every statement is a
trip to SQLite's thread or to the PostgreSQL server, so a resolution writes each table's
rows in one statement however many players the game has, and reads nothing twice unless
it changed in between; what the transaction reads still sees what it wrote before, and a
failed transaction leaves nothing."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from bot.core.context import powers_of
from bot.core.posts import PostKind
from bot.infra.storage import postgres, sqlite
from bot.infra.storage.dialect import Trips
from bot.infra.storage.moderation import PowerState

OPENING = {
    "AUSTRIA": "A VIE - GAL; A BUD - SER; F TRI - ALB",
    "ENGLAND": "F LON - NTH; F EDI - NWG; A LVP - YOR",
    "FRANCE": "A PAR - BUR; A MAR - SPA; F BRE - MAO",
    "GERMANY": "A MUN - BUR; A BER - KIE; F KIE - DEN",
    "ITALY": "A VEN - TYR; A ROM - APU; F NAP - ION",
    "RUSSIA": "A WAR - GAL; A MOS - UKR; F SEV - BLA; F STP/SC - BOT",
    # Turkey gives no orders: its units hold, its missed phase is counted
}
WRITE = re.compile(r"\s*(INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+(\w+)", re.IGNORECASE)


@pytest.fixture
def trips(monkeypatch):
    """Every statement sent to the database, as (kind, SQL, parameters or row count), in
    the order sent, through the same path as :class:`Trips` counts them."""
    sent: list[tuple[str, str, object]] = []
    for cls in (sqlite.SqliteConnection, postgres.PostgresConnection):
        for name in ("one", "all", "run", "many"):
            original = getattr(cls, name)

            async def recorded(self, sql, params, _original=original, _name=name):
                sent.append((_name, sql, len(params) if _name == "many" else tuple(params)))
                return await _original(self, sql, params)

            monkeypatch.setattr(cls, name, recorded)
    return sent


async def seven_player_game(service):
    await service.lifecycle.create_game(guild_id=1, channel_id=700, user_id=1, name="Seven", players=7, movement="48h")
    for user in range(1, 8):
        await service.lifecycle.join(700, user)
    game = await service.lifecycle.start(700, 1, can_manage=False)
    async with service.storage.read() as tx:
        players = await tx.players(game.id)
    for p in players:
        power = powers_of(game, p)[0].value
        if power in OPENING:
            await service.ordering.submit(p.user_id, OPENING[power], game_id=game.id)
    return game


async def test_a_resolution_writes_each_table_once_whatever_the_players(service, clock, trips):
    game = await seven_player_game(service)
    async with service.storage.read() as tx:
        started = {p["id"] for p in await tx.posts(game.id)}  # the start's posts
    clock.advance(hours=49)
    trips.clear()
    before = Trips.count
    assert await service.resolution.resolve(game.id, "S1901M")
    assert Trips.count - before == len(trips)  # the counter counts every trip
    writes = list(_writes(trips))
    # no write statement runs twice: a table's rows (9 posts, 7 power states, 7 players'
    # records of the phase) go in one trip each; phases gets its results, and the new
    # phase replaces one of that name (DELETE, INSERT): three statements, each once
    assert [sql for sql, n in Counter(sql for sql, _ in writes).items() if n > 1] == []
    tables = Counter(table for _, table in writes)
    assert tables["outbox"] == tables["power_states"] == tables["player_phases"] == 1
    assert tables["phases"] == 3 and tables["games"] == 1
    assert len(writes) <= len(tables) + 2
    many = {sql.split("(")[0].split()[-1].lower(): count for kind, sql, count in trips if kind == "many"}
    assert many["outbox"] == 9 and many["power_states"] == 7 and many["player_phases"] == 7
    # a read is not made twice unless a write to a table it names came in between
    last_read: dict[tuple[str, object], int] = {}
    for i, (kind, sql, params) in enumerate(trips):
        if kind in ("one", "all") and not WRITE.match(sql):
            key = (sql, params)
            if key in last_read:
                names = set(re.findall(r"\w+", sql.lower()))
                between = {table for _, table in _writes(trips[last_read[key] + 1 : i])}
                assert names & between, f"read twice: {sql}"
            last_read[key] = i
    # what was written, in the order it was stored: the channel's posts, then the DMs
    async with service.storage.read() as tx:
        posts = [p for p in await tx.posts(game.id) if p["id"] not in started]
        states = await tx.power_states(game.id)
        missed = await tx.reliability(1, range(1, 8))
    kinds = [p["kind"] for p in posts]
    assert kinds == [PostKind.PHASE_RESULTS, PostKind.PHASE_STARTED] + [PostKind.DM_PHASE_STARTED] * 7
    assert states["TURKEY"].missed_in_row == 1 and states["FRANCE"].missed_in_row == 0
    assert sorted(missed.values()) == [(0, 1)] * 6 + [(1, 1)]


def _writes(sent):
    for _, sql, _ in sent:
        if m := WRITE.match(sql):
            yield sql, m.group(2).lower()


async def test_a_deferred_write_is_seen_by_what_the_transaction_reads_after_it(service):
    game = await seven_player_game(service)
    async with service.storage.write() as tx:
        assert "ITALY" not in await tx.power_states(game.id)
        await tx.put_power_state(game.id, PowerState("ITALY", missed_in_row=3))
        await tx.put_power_state(game.id, PowerState("ITALY", missed_in_row=4))  # the last one stands
        assert (await tx.power_states(game.id))["ITALY"].missed_in_row == 4
        await tx.post_intent(game.id, "S1901M", kind="k", params={"n": 1}, channel_id=700, now=5)
        added = await tx.add_intent(game.id, "S1901M", kind="k", params={"n": 2}, channel_id=700, now=5)
        await tx.post_intent(game.id, "S1901M", kind="k", params={"n": 3}, channel_id=700, now=5)
        posts = [p for p in await tx.posts(game.id) if p["kind"] == "k"]
    # stored in the order they were added (the id returned is the second's)
    assert [p["params"]["n"] for p in posts] == [1, 2, 3] and posts[1]["id"] == added
    async with service.storage.read() as tx:
        assert (await tx.power_states(game.id))["ITALY"].missed_in_row == 4


async def test_a_read_is_made_again_only_after_a_write_to_its_table(service, trips):
    game = await seven_player_game(service)
    async with service.storage.write() as tx:
        trips.clear()
        first = await tx.game(game.id)
        again = await tx.game(game.id)
        assert first == again and len(trips) == 1
        await tx.put_power_state(game.id, PowerState("ITALY", held=True))  # another table
        assert await tx.game(game.id) == first and len(trips) == 1
        await tx.set_due(game.id, "S1901M", 123.0)  # its table
        assert (await tx.game(game.id)).due_at == 123.0 and len(trips) == 3


async def test_a_failed_transaction_leaves_none_of_its_deferred_writes(service):
    game = await seven_player_game(service)
    with pytest.raises(RuntimeError):
        async with service.storage.write() as tx:
            await tx.put_power_state(game.id, PowerState("ITALY", missed_in_row=5))
            await tx.post_intent(game.id, "S1901M", kind="k", params={}, channel_id=700, now=5)
            raise RuntimeError("the use case failed")
    async with service.storage.read() as tx:
        assert "ITALY" not in await tx.power_states(game.id)
        assert [p for p in await tx.posts(game.id) if p["kind"] == "k"] == []


async def test_a_delete_that_cascades_sees_the_deferred_rows_first(service, trips):
    game = await seven_player_game(service)
    async with service.storage.write() as tx:
        await tx.post_intent(game.id, "S1901M", kind="k", params={}, channel_id=700, now=5)
        trips.clear()
        await tx._run("DELETE FROM games WHERE id = ?", (game.id,))  # (no use case deletes a game yet)
        # the post was stored first, then went with its game
        assert [kind for kind, _, _ in trips] == ["run", "run"]
        assert await tx.posts(game.id) == []
    async with service.storage.read() as tx:
        assert await tx.game(game.id) is None and await tx.posts(game.id) == []


async def test_a_tried_message_is_recorded_in_one_trip(service, trips):
    game = await seven_player_game(service)
    async with service.storage.write() as tx:
        ids = [await tx.add_intent(game.id, "S1901M", kind="k", params={}, channel_id=700, now=5) for _ in range(3)]
    async with service.storage.write() as tx:
        trips.clear()
        await tx.mark_tried(ids, ids[0], 99.0, [["abc"], ["def"]])
        assert trips == []  # deferred: with the other messages' records of a group commit
    assert [kind for kind, _, _ in trips] == ["many"]  # the three rows, one trip at the commit
    async with service.storage.read() as tx:
        rows = {p["id"]: p for p in await tx.posts(game.id)}
        digests, _ = await tx.sent_before(ids[0], 700, None)
        other, _ = await tx.sent_before(ids[1], 700, None)
    assert [rows[i]["attempts"] for i in ids] == [1, 1, 1]
    assert [rows[i]["row"].batch for i in ids] == [ids[0]] * 3
    assert digests == [["abc"], ["def"]] and other is None  # on the first row only
