"""What the poster reads to send a message (issue 24): in a deadline storm each statement
is a trip to SQLite's thread or to the PostgreSQL server, so a merged DM reads its games,
the phases of its maps and its reader's settings at once, however many games it tells
of, and still says what each game's reader needs, in the reader's language, in their
DM channel, with their maps when they asked for them."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

import pytest

from bot.discord.poster import Poster, PostingSettings, batches_of, destination
from bot.infra.storage import sqlite
from bot.infra.storage.dialect import Trips


class _Maps:
    """The poster's map cache: a stand-in picture per view asked for."""

    async def get_many(self, key, position, orders, *, game_name, views, game, plan=False):
        return [b"\x89PNG stand-in"] * len(views)


@dataclass(frozen=True)
class _Message:
    id: int


class _Client:
    """What the poster asks of discord.py's client: targets that record what is sent."""

    def __init__(self) -> None:
        self.sent: list[tuple[int, str, int]] = []  # (channel id, content, files attached)
        self.http = self

    def get_channel(self, cid: int):
        return None

    def get_partial_messageable(self, cid: int, *, type=None):
        client = self

        class Target:
            async def send(self, content: str, **kwargs):
                client.sent.append((cid, content, len(kwargs.get("files", ()))))
                await asyncio.sleep(0)
                return _Message(len(client.sent))

        return Target()

    async def start_private_message(self, uid: int) -> dict:
        raise AssertionError("the DM channels are stored: none is opened")


async def two_player_games(service, pairs, first_channel: int, name: str) -> list:
    games = []
    for i, (a, b) in enumerate(pairs):
        channel = first_channel + i
        await service.lifecycle.create_game(
            guild_id=1, channel_id=channel, user_id=a, name=f"{name} {i}", players=2, movement="48h"
        )
        await service.lifecycle.join(channel, a)
        await service.lifecycle.join(channel, b)
        games.append(await service.lifecycle.start(channel, a, can_manage=False))
    return games


async def test_a_merged_dm_of_three_games_takes_no_more_trips_than_one_of_one_game(service, clock):
    # player 1 plays three games (against 2, 3 and 4), in Spanish, with the maps attached
    # to their DMs; player 5 plays one (against 6), in English, with a map button
    games = await two_player_games(service, [(1, 2), (1, 3), (1, 4)], 6000, "Trio")
    games += await two_player_games(service, [(5, 6)], 6100, "Solo")
    async with service.storage.write() as tx:  # the start's posts are not part of the storm, nor reminders
        for post in await tx.posts():
            await tx.mark_sent(post["id"], None, 0)
        for g in games:
            assert await tx.set_timers(g.id, g.phase, deadline=games[0].deadline, remind_at=None)
        await tx.choose_language(1, "es", 0)
        await tx.set_maps_pushed(1, True, 0)
        await tx.store_dm_channel(1, 7001, 0)
        await tx.store_dm_channel(5, 7005, 0)
    clock.advance(hours=49)
    assert await service.resolution.run_due() == 4
    async with service.storage.write() as tx:  # the channel posts went: the DMs are in turn
        for post in await tx.posts():
            if post["channel_id"] is not None and post["sent_at"] is None:
                await tx.mark_sent(post["id"], None, 0)
    async with service.storage.read() as tx:
        due = await tx.posts_due(service.now(), 100)
    rows = {dest: [r for r in due if destination(r) == dest] for dest in (("u", 1), ("u", 5))}
    assert {r.game_id for r in rows[("u", 1)]} == {g.id for g in games[:3]}
    [trio] = batches_of(rows[("u", 1)], merge=True)  # one DM tells of the three games
    [solo] = batches_of(rows[("u", 5)], merge=True)
    assert all(r.map is not None for r in trio.rows)  # each game's new phase, with its map

    client = _Client()
    poster = Poster(client, service, _Maps(), settings=PostingSettings(pacing=None))
    spent = {}
    try:
        for name, batch in (("trio", trio), ("solo", solo)):
            before = Trips.count
            assert await poster._deliver(batch)
            spent[name] = Trips.count - before
    finally:
        await poster.stop()

    # the same trips, three games or one: what the message needs, its try, its send
    assert spent["trio"] == spent["solo"], spent
    [(cid, text, files), (cid5, text5, files5)] = client.sent
    assert cid == 7001 and all(f"Trio {i}" in text for i in range(3)) and text.count("**Otoño de ") == 3, text
    assert files >= 3  # their crops of each game, attached as asked
    assert cid5 == 7005 and "Solo 0" in text5 and "**Fall " in text5 and files5 == 0, text5
    async with service.storage.read() as tx:
        sent = {p["id"]: p for p in await tx.posts()}
    assert all(sent[i]["sent_at"] is not None and sent[i]["attempts"] == 1 for i in (*trio.ids, *solo.ids))


async def test_what_a_message_needs_leaves_out_what_is_not_stored_and_still_reads_its_reader(service, clock):
    games = await two_player_games(service, [(1, 2), (1, 3)], 6200, "Pair")
    first = games[0].phase
    clock.advance(hours=49)
    assert await service.resolution.run_due() == 2  # both games have two phases stored now
    async with service.storage.write() as tx:
        await tx.choose_language(1, "ru", 0)
        await tx.store_dm_channel(1, 7001, 0)
        await tx.set_maps_pushed(2, True, 0)
    async with service.storage.read() as tx:
        a, b = [await tx.game(g.id) for g in games]
        asked = [(a.id, first), (b.id, b.phase), (a.id, "F1999M")]
        before = Trips.count
        needs = await tx.message_needs([b.id, 999_999, a.id], asked, reader=1)
        assert Trips.count - before == 1
        # the games and the phases asked for, as the single reads give them, in the order
        # asked; the game and the phase not stored left out, and no other phase of the games
        assert list(needs.games.items()) == [(b.id, b), (a.id, a)]
        assert list(needs.phases.items()) == [
            ((a.id, first), await tx.phase(a.id, first)),
            ((b.id, b.phase), await tx.phase(b.id, b.phase)),
        ]
        assert (needs.language, needs.dm_channel, needs.pushed) == ("ru", 7001, False)
        # the other player: no language known, no DM channel, maps pushed; no game stored at all
        other = await tx.message_needs([999_999], [(999_999, first)], reader=2)
        assert (other.games, other.phases) == ({}, {})
        assert (other.language, other.dm_channel, other.pushed) == (None, None, True)
        # a channel post's: no reader
        channel = await tx.message_needs([a.id])
        assert list(channel.games) == [a.id] and channel.phases == {} and channel.language is None


async def test_a_read_of_one_statement_goes_without_a_transaction_and_refuses_more(service, monkeypatch):
    [game] = await two_player_games(service, [(1, 2)], 6300, "Once")
    statements: list[str] = []  # what the SQLite backend runs besides the queries: BEGIN, ROLLBACK
    real_exec = sqlite.SqliteDatabase._exec

    async def recorded(self, sql, db=None):
        statements.append(sql)
        return await real_exec(self, sql, db)

    monkeypatch.setattr(sqlite.SqliteDatabase, "_exec", recorded)
    async with service.storage.read_once() as tx:
        needs = await tx.message_needs([game.id], [(game.id, game.phase)], reader=1)
        assert list(needs.games) == [game.id] and list(needs.phases) == [(game.id, game.phase)]
        with pytest.raises(RuntimeError, match="one statement"):  # another snapshot: not with it
            await tx.game(game.id)
    assert statements == []  # (on PostgreSQL: no transaction either, see postgres.read_once)
    async with service.storage.read_once() as tx:
        with pytest.raises(RuntimeError, match="only reads"):
            await tx.set_maps_pushed(1, True, 0)
    async with service.storage.read() as tx:
        assert await tx.maps_pushed([1]) == set()  # nothing written
