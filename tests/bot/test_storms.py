"""Deadline storms (issue 13): the order in which a storm's games are resolved and their
posts handed out, so that each player's one DM is ready as soon as their own games are
posted, and DMs go out between the channel posts rather than behind them."""

from __future__ import annotations

import asyncio
import math
from collections.abc import Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass

from hypothesis import given
from hypothesis import strategies as st

from bot.core.play import storm
from bot.core.posts import PostKind
from bot.discord.poster import Poster, PostingSettings

HOURS = 3600


def completed_after_each(order: list[int], seats: dict[int, list[int]]) -> list[int]:
    """How many players have every one of their games placed, after each game of ``order``."""
    games_of: dict[int, set[int]] = {}
    for g, users in seats.items():
        for u in users:
            games_of.setdefault(u, set()).add(g)
    placed: set[int] = set()
    out = []
    for g in order:
        placed.add(g)
        out.append(sum(1 for gs in games_of.values() if gs <= placed))
    return out


def spread(games: int, per_player: int = 3) -> dict[int, list[int]]:
    """Seven players a game, each player in about ``per_player`` games spread over the whole
    storm (as the benchmark seats them): game g and game g + games/per_player share players."""
    pool = math.ceil(7 * games / per_player)
    return {g: [(7 * g + s) % pool for s in range(7)] for g in range(games)}


async def two_player_games(service, pairs, first_channel: int, name: str) -> list:
    """Two-player games started at the same moment, one per pair of users, in channels
    ``first_channel``, ``first_channel + 1``, ... (named ``<name> 0``, ``<name> 1``, ...)."""
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


async def resolved_together(service, clock, pairs, first_channel: int, name: str) -> list:
    """:func:`two_player_games` whose start posts are sent and whose first phases resolve
    at the same moment (no reminders): a storm's posts, due, none sent yet."""
    games = await two_player_games(service, pairs, first_channel, name)
    async with service.storage.write() as tx:
        for post in await tx.posts():
            await tx.mark_sent(post["id"], None, 0)
        for g in games:
            assert await tx.set_timers(g.id, g.phase, deadline=g.deadline, remind_at=None)
    clock.advance(hours=49)
    assert await service.resolution.run_due() == len(games)
    return games


@contextmanager
def kinds_read(service) -> Iterator[list[str]]:
    """While the block runs, the kinds of destination (``posts_due(kinds=)``) each read of
    the due posts asks for, in order."""
    kinds: list[str] = []
    real_read = service.storage.read

    class Recording:
        def __init__(self, tx):
            self._tx = tx

        def __getattr__(self, name):
            return getattr(self._tx, name)

        async def posts_due(self, *args, **kwargs):
            kinds.append(kwargs.get("kinds", "cu"))
            return await self._tx.posts_due(*args, **kwargs)

    @asynccontextmanager
    async def read():
        async with real_read() as tx:
            yield Recording(tx)

    service.storage.read = read
    try:
        yield kinds
    finally:
        service.storage.read = real_read


def test_games_that_finish_players_storms_come_first():
    seats = spread(30)
    due = list(range(30))
    ordered = storm.order(due, seats)
    assert sorted(ordered) == due
    # in due order a player's games are scattered: nobody is done before two thirds of it
    plain, better = completed_after_each(due, seats), completed_after_each(ordered, seats)
    assert plain[19] == 0
    # in the storm's order players are done from the third game on, and all along at least as many
    assert better[2] >= 7 and better[19] >= 40
    assert all(b >= p for b, p in zip(better, plain, strict=True))
    assert ordered[:3] == [0, 10, 20]  # game 0's players are in games 10 and 20 too


def test_without_shared_players_the_due_order_stands():
    seats = {g: [10 * g + s for s in range(7)] for g in range(8)}
    assert storm.order([5, 3, 7, 1], seats) == [5, 3, 7, 1]
    assert storm.order([4, 2], {}) == [4, 2]  # games nobody plays in (a finished seat list)


@given(
    st.dictionaries(st.integers(0, 40), st.lists(st.integers(0, 30), max_size=7, unique=True), min_size=0, max_size=25)
)
def test_every_due_game_is_placed_once(seats):
    due = sorted(seats)
    ordered = storm.order(due, seats)
    assert sorted(ordered) == due
    assert storm.order(due, seats) == ordered  # the same storm, the same order


async def test_a_storm_resolves_the_games_of_the_same_players_one_after_the_other(service, clock):
    # six two-player games, created in this order; A and B play games 0 and 3, C and D
    # games 1 and 4, E and F games 2 and 5; every deadline falls at the same moment
    pairs = [(1, 2), (3, 4), (5, 6), (1, 2), (3, 4), (5, 6)]
    games = await two_player_games(service, pairs, 1000, "Storm")
    assert len({g.deadline for g in games}) == 1
    clock.advance(hours=49)
    assert await service.resolution.run_due() == 6
    async with service.storage.read() as tx:
        results = [p for p in await tx.posts() if p["kind"] == PostKind.PHASE_RESULTS]
    by_id = {g.id: i for i, g in enumerate(games)}
    # stored (and so posted) in the storm's order: each pair's DMs are in turn after two
    # channel posts, not after four
    assert [by_id[p["game_id"]] for p in sorted(results, key=lambda p: p["id"])] == [0, 3, 1, 4, 2, 5]


async def test_due_posts_come_oldest_destination_first_channel_posts_and_dms_alike(storage):
    async with storage.write() as tx:
        for game in (1, 2):
            await tx.insert_game(
                guild_id=1,
                channel_id=10 + game,
                name=f"G{game}",
                creator_id=1,
                players=7,
                movement="2d",
                retreat="1d",
                adjustment="1d",
                language="en",
                now=0,
            )
        c1 = await tx.add_intent(1, "S1901M", kind="k", params={}, now=0, channel_id=11)
        dm1 = await tx.add_intent(1, "S1901M", kind="k", params={}, now=0, user_id=5)
        c2 = await tx.add_intent(2, "S1901M", kind="k", params={}, now=0, channel_id=12)
        dm2 = await tx.add_intent(2, "S1901M", kind="k", params={}, now=0, user_id=6)
        c2b = await tx.add_intent(2, "S1901M", kind="k", params={}, now=0, channel_id=12)
        await tx.mark_sent(c1, 1, 0)  # game 1's channel post went: its DM is in turn
    async with storage.read() as tx:
        rows = await tx.posts_due(10, 100, hold=300)
    # user 5's DM (stored before game 2's channel posts) first; then game 2's channel
    # posts together; user 6's DM waits for them
    assert [r.id for r in rows] == [dm1, c2, c2b]
    assert dm2 not in [r.id for r in rows]
    # issue 24: the destinations the poster is serving are left out of the read (their rows
    # would be dropped), with and without merged DMs; what is in turn is unchanged
    async with storage.read() as tx:
        assert [r.id for r in await tx.posts_due(10, 100, hold=300, skip=[("c", 12)])] == [dm1]
        assert [r.id for r in await tx.posts_due(10, 100, hold=300, skip=[("u", 5)])] == [c2, c2b]
        assert [r.id for r in await tx.posts_due(10, 100, skip=[("u", 5), ("c", 12)])] == []
        # nor is a kind whose hands are all busy (channel posts waiting for their maps)
        assert [r.id for r in await tx.posts_due(10, 100, hold=300, kinds="u")] == [dm1]
        assert [r.id for r in await tx.posts_due(10, 100, hold=300, kinds="c")] == [c2, c2b]
        assert [r.id for r in await tx.posts_due(10, 100, kinds="c")] == [c2, c2b]
        first = (await tx.posts_due(10, 100, hold=300))[0]
    assert first.params == {} and first.mentions == () and first.map is None  # parsed when read


async def test_a_dm_waits_for_its_readers_deadline_a_few_seconds_away(storage):
    """Issue 24: deadlines a few seconds apart are one storm for a player: their DM of the
    first waits for the second's (then both go as one message), however the storm is cut."""
    async with storage.write() as tx:
        for game in (1, 2):
            await tx.insert_game(
                guild_id=1,
                channel_id=10 + game,
                name=f"G{game}",
                creator_id=1,
                players=7,
                movement="2d",
                retreat="1d",
                adjustment="1d",
                language="en",
                now=0,
            )
            await tx.add_player(game, 5, 0)
        await tx.start_game(2, phase="S1901M", position={}, deadline=104, remind_at=None)
        dm = await tx.add_intent(1, "S1901M", kind="k", params={}, now=95, user_id=5)
    async with storage.read() as tx:
        assert [r.id for r in await tx.posts_due(100, 100, hold=300, soon=10)] == []  # game 2 is due in 4 s
        assert [r.id for r in await tx.posts_due(100, 100, hold=300, soon=2)] == [dm]  # not that soon
        assert [r.id for r in await tx.posts_due(100, 100, hold=300)] == [dm]
        # never longer than ``hold`` after game 2's deadline
        assert [r.id for r in await tx.posts_due(405, 100, hold=300, soon=10)] == [dm]


class _Gate:
    """The poster's map cache, with some games' drawings held until the gate opens."""

    def __init__(self, held: set[int]) -> None:
        self.held = held  # the games whose maps wait
        self.opened = asyncio.Event()  # every held game's drawing ends
        self.drawing = asyncio.Event()  # a held game's drawing has begun
        self.games_drawing: set[int] = set()  # the held games being drawn now
        self._released: dict[int, asyncio.Event] = {}

    def release(self, game: int) -> None:
        """That game's drawing ends (the others still wait)."""
        self._released.setdefault(game, asyncio.Event()).set()

    async def get_many(self, key, position, orders, *, game_name, views, game, plan=False):
        if game in self.held:
            self.drawing.set()
            self.games_drawing.add(game)
            released = self._released.setdefault(game, asyncio.Event())
            try:
                opened = asyncio.ensure_future(self.opened.wait())
                freed = asyncio.ensure_future(released.wait())
                try:
                    await asyncio.wait({opened, freed}, return_when=asyncio.FIRST_COMPLETED)
                finally:
                    opened.cancel()
                    freed.cancel()
            finally:
                self.games_drawing.discard(game)
        return [b"\x89PNG stand-in"] * len(views)


@dataclass(frozen=True)
class _Message:
    id: int


class _Client:
    """Just what the poster asks of discord.py's client: targets to send to."""

    def __init__(self) -> None:
        self.sent: list[tuple[int, str]] = []  # (channel id, content), in the order sent
        self.http = self

    def get_channel(self, cid: int):
        return None

    def get_partial_messageable(self, cid: int, *, type=None):
        client = self

        class Target:
            async def send(self, content: str, **kwargs):
                client.sent.append((cid, content))
                await asyncio.sleep(0)
                return _Message(len(client.sent))

        return Target()

    async def start_private_message(self, uid: int) -> dict:
        return {"id": 900_000 + uid}


async def test_dms_in_turn_go_out_while_every_channel_hand_waits_for_maps(service, clock):
    # games 0 and 1 (players 1-4), whose maps take long to draw, and game 2 (players 5, 6),
    # whose channel post has gone: its DMs are in turn. Two channel posts at a time: both
    # hands are busy with games 0 and 1, and game 2's DMs still go out meanwhile
    games = await resolved_together(service, clock, [(1, 2), (3, 4), (5, 6)], 2000, "Gate")
    async with service.storage.write() as tx:
        for post in await tx.posts(games[2].id):
            if post["channel_id"] is not None and post["sent_at"] is None:
                await tx.mark_sent(post["id"], None, 0)
    gate = _Gate(held={games[0].id, games[1].id})
    client = _Client()
    poster = Poster(client, service, gate, settings=PostingSettings(concurrency=2, pacing=None))
    drain = asyncio.create_task(poster.drain())
    try:
        await asyncio.wait_for(gate.drawing.wait(), 30)
        for _ in range(1000):
            if len(client.sent) >= 2:
                break
            await asyncio.sleep(0.01)
        assert {cid for cid, _ in client.sent} == {900_005, 900_006}  # game 2's players' DMs
        assert not drain.done()
    finally:
        gate.opened.set()
    await asyncio.wait_for(drain, 30)
    await poster.stop()
    targets = [cid for cid, _ in client.sent]
    # then the channel posts of games 0 and 1, and only then their players' DMs
    assert set(targets[2:4]) == {2000, 2001} and set(targets[4:]) == {900_001, 900_002, 900_003, 900_004}, targets


async def test_posts_stored_during_a_drain_are_taken_at_once(service, clock):
    # game 0's maps take long; game 1 resolves meanwhile (the next resolution of a storm):
    # its channel post and DMs go out without waiting for game 0's post to be done
    games = await two_player_games(service, [(1, 2), (3, 4)], 3000, "Kick")
    async with service.storage.write() as tx:
        for post in await tx.posts():
            await tx.mark_sent(post["id"], None, 0)
        for g, later in zip(games, (0, 600), strict=True):
            assert await tx.set_timers(g.id, g.phase, deadline=g.deadline + later, remind_at=None)
    clock.advance(hours=48, seconds=1)
    assert await service.resolution.run_due() == 1  # game 0 only
    gate = _Gate(held={games[0].id})
    client = _Client()
    poster = Poster(client, service, gate, settings=PostingSettings(concurrency=4, pacing=None))
    drain = asyncio.create_task(poster.drain())
    try:
        await asyncio.wait_for(gate.drawing.wait(), 30)
        clock.advance(seconds=600)
        assert await service.resolution.run_due() == 1  # game 1
        poster.kick()
        for _ in range(1000):
            if len(client.sent) >= 3:
                break
            await asyncio.sleep(0.01)
        assert [cid for cid, _ in client.sent][:1] == [3001] and {cid for cid, _ in client.sent[1:]} == {
            900_003,
            900_004,
        }
        assert not drain.done()
    finally:
        gate.opened.set()
    await asyncio.wait_for(drain, 30)
    await poster.stop()
    targets = [cid for cid, _ in client.sent]
    assert targets[3] == 3000 and set(targets[4:]) == {900_001, 900_002}, targets  # then game 0's


async def test_a_phase_resolving_now_sends_no_deadline_reminder_first(service, clock):
    # the bot was away past both the reminder and the deadline: the phase resolves, and
    # nobody is told afterwards that its deadline is near
    [game] = await two_player_games(service, [(1, 2)], 4000, "Away")
    async with service.storage.read() as tx:
        assert (await tx.game(game.id)).remind_at < game.deadline  # a reminder was planned
    clock.advance(hours=49)
    assert await service.resolution.run_due() == 1
    async with service.storage.read() as tx:
        kinds = [p["kind"] for p in await tx.posts(game.id) if p["phase"] == game.phase]
    assert PostKind.PHASE_RESULTS in kinds and PostKind.DM_REMINDER not in kinds


async def test_a_reminder_due_before_its_deadline_still_goes(service, clock):
    [game] = await two_player_games(service, [(1, 2)], 4001, "Here")
    async with service.storage.read() as tx:
        remind_at = (await tx.game(game.id)).remind_at
    clock.advance(seconds=remind_at - game.deadline + 48 * HOURS + 1)  # just past the reminder
    assert await service.resolution.run_due() == 0
    async with service.storage.read() as tx:
        kinds = [p["kind"] for p in await tx.posts(game.id) if p["phase"] == game.phase]
    assert kinds.count(PostKind.DM_REMINDER) == 2


async def test_posts_due_once_a_send_recorded_during_the_read_are_still_sent(service, clock):
    # the poster reads the due posts while a game's channel post is under way; the post is
    # sent and recorded before the read returns (its thread slow on a busy machine), so the
    # read still shows the phase's DMs waiting for it. Nothing else is under way: the drain
    # must read again rather than end with the DMs due and unsent
    [game] = await resolved_together(service, clock, [(7, 8)], 5000, "Slow")
    client = _Client()
    poster = Poster(client, service, _Gate(held=set()), settings=PostingSettings(concurrency=4, pacing=None))
    channel = ("c", 5000)
    served, reading = asyncio.Event(), asyncio.Event()
    real_serve = poster._serve

    async def serve(dest, batches):
        if dest == channel:
            poster.kick()  # posts stored meanwhile: the drain reads while the channel post is under way
            await asyncio.wait_for(reading.wait(), 30)  # ... and has read before it is sent
        await real_serve(dest, batches)
        if dest == channel:
            served.set()

    poster._serve = serve
    real_read = service.storage.read
    slowed = []

    class Slow:
        def __init__(self, tx):
            self._tx = tx
            self.before = False  # read while the channel post was under way

        def __getattr__(self, name):
            return getattr(self._tx, name)

        async def posts_due(self, *args, **kwargs):
            rows = await self._tx.posts_due(*args, **kwargs)
            if channel in poster._busy and not served.is_set():
                self.before = True
                slowed.append([r.id for r in rows])
                reading.set()
            return rows

    @asynccontextmanager
    async def read():
        async with real_read() as tx:
            slow = Slow(tx)
            yield slow
        if slow.before:  # the read returns what it read before the channel post's record
            await asyncio.wait_for(served.wait(), 30)

    service.storage.read = read
    try:
        await asyncio.wait_for(poster.drain(), 30)
    finally:
        service.storage.read = real_read
    await poster.stop()
    assert slowed == [[]]  # the read ran while the channel post went, and saw no DM due yet
    targets = [cid for cid, _ in client.sent]
    assert targets[0] == 5000 and set(targets[1:]) == {900_007, 900_008}, targets


async def test_a_drain_with_every_hand_busy_reads_and_claims_no_channel_post(service, clock):
    # one hand of each kind, both busy with the maps of games 0 and 1 (no DM is in turn:
    # the channel post borrows the DM's hand); game 2's channel post waits: the drain's
    # reads meanwhile leave channel posts out, and it claims game 2's post only once a
    # hand is free for it
    games = await resolved_together(service, clock, [(1, 2), (3, 4), (5, 6)], 6000, "Hands")
    async with service.storage.read() as tx:
        third = [p["id"] for p in await tx.posts(games[2].id) if p["channel_id"] and p["sent_at"] is None]
    gate = _Gate(held={games[0].id, games[1].id})
    client = _Client()
    poster = Poster(client, service, gate, settings=PostingSettings(concurrency=1, pacing=None))
    claimed: list[list[str]] = []
    real_claim = service.deps.jobs.claim

    async def claim(jobs):
        claimed.append([job.key for job in jobs])
        return await real_claim(jobs)

    service.deps.jobs.claim = claim
    with kinds_read(service) as kinds:
        drain = asyncio.create_task(poster.drain())
        try:
            for _ in range(3000):
                if len(gate.games_drawing) == 2:
                    break
                await asyncio.sleep(0.01)
            assert gate.games_drawing == {games[0].id, games[1].id}  # both hands: no DM was in turn
            kinds.clear()
            poster.kick()  # news: the drain looks again while both maps are drawn
            for _ in range(3000):
                if kinds and not drain.done():
                    break
                await asyncio.sleep(0.01)
            await asyncio.sleep(0.2)  # (nothing else to read: time for a wrong read to show)
            during = list(kinds)
            claims_during = [key for keys in claimed for key in keys]
        finally:
            gate.opened.set()
        await asyncio.wait_for(drain, 30)
    await poster.stop()
    assert during == [], during  # every hand busy: nothing read
    assert not any(str(post) in key for post in third for key in claims_during)
    assert any(str(third[0]) in key for keys in claimed for key in keys)  # claimed once its turn came
    assert sorted(cid for cid, _ in client.sent if cid < 900_000) == [6000, 6001, 6002]


async def test_channel_posts_take_the_dm_hands_no_dm_needs(service, clock):
    # two DM hands and two channel hands; four games' maps drawn slowly and no DM in turn
    # (each waits for its game's channel post): four channel posts are drawn at once, not
    # two (issue 24: in a storm every DM waits while the games are resolved, and the DM
    # hands idled while the channel posts went at half of Discord's pace). Once a DM is in
    # turn, a freed hand is the DM's
    games = await resolved_together(service, clock, [(1, 2), (3, 4), (5, 6), (7, 8), (9, 10)], 6100, "Lend")
    gate = _Gate(held={g.id for g in games})
    client = _Client()
    drawn: dict[int, int] = {}  # each game's drawing began after this many messages were sent
    real_get_many = gate.get_many

    async def get_many(*args, game, **kwargs):
        drawn.setdefault(game, len(client.sent))
        return await real_get_many(*args, game=game, **kwargs)

    gate.get_many = get_many
    poster = Poster(client, service, gate, settings=PostingSettings(concurrency=2, pacing=None))
    drain = asyncio.create_task(poster.drain())
    try:
        for _ in range(3000):
            if len(gate.games_drawing) >= 4:
                break
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.1)
        assert len(gate.games_drawing) == 4 and not client.sent  # every hand; the fifth waits
        gate.release(games[0].id)  # game 0's post goes: its players' DMs are in turn
        for _ in range(3000):
            if games[4].id in drawn:
                break
            await asyncio.sleep(0.01)
        # the hand game 0 freed went to its players' DMs, one after the other, before
        # game 4's channel post (waiting for a hand since the start) had it
        assert [cid for cid, _ in client.sent[:1]] == [6100]
        assert {cid for cid, _ in client.sent[1:3]} == {900_001, 900_002}, client.sent
        assert drawn[games[4].id] == 3, drawn
    finally:
        gate.opened.set()
    await asyncio.wait_for(drain, 30)
    await poster.stop()
    assert sorted(cid for cid, _ in client.sent if cid < 900_000) == list(range(6100, 6105))
    assert sorted(cid for cid, _ in client.sent if cid >= 900_000) == [900_000 + u for u in range(1, 11)]


async def test_a_drain_reads_the_due_posts_once_for_many_destinations_not_once_per_hand(service, clock):
    # six games' channel posts due, one channel hand (and the idle DM hand it borrows): the
    # first read finds them all, and the next come from what it read, not from more reads
    # of everything pending
    # (issue 24: each read costs in proportion to all that is pending)
    await resolved_together(service, clock, [(1, 2), (3, 4), (5, 6), (7, 8), (9, 10), (11, 12)], 7000, "Page")
    client = _Client()
    poster = Poster(client, service, _Gate(held=set()), settings=PostingSettings(concurrency=1, pacing=None))
    with kinds_read(service) as kinds:
        await asyncio.wait_for(poster.drain(), 30)
    await poster.stop()
    channels = [cid for cid, _ in client.sent if cid < 900_000]
    assert channels == list(range(7000, 7006))  # each game's channel post, in order
    assert sorted(cid for cid, _ in client.sent if cid >= 900_000) == [900_000 + u for u in range(1, 13)]
    reads_of_channels = sum("c" in k for k in kinds)
    # the one that found them, and one after each of the last posts under way (the channel
    # hand and the DM hand it borrows: a channel's next post is due once its message is
    # done), not one per post
    assert reads_of_channels <= 3, kinds
