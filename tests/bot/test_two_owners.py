"""Two cores on ONE database file (two processes, as issue 10 §2 found them), in-process with
a clock the test moves: a moderator action or a player's action delivered twice (the same
interaction id, to the same or the other core) is applied once; two resolvers of one phase
resolve it once; and with claims, two owners that race over due deadlines and outbox rows
run each job once."""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import pytest

from bot.core.app import Core
from bot.core.types import Actor
from bot.discord.poster import Poster
from bot.infra import maps
from bot.infra.lease import Claims, Holder, Job, Lease
from bot.infra.storage import Replayed, Storage
from tests.bot.databases import target
from tests.bot.support import CHANNEL, CREATOR, GUILD, PLAYERS

HOUR = 3600.0
MOD = Actor(CREATOR)


@pytest.fixture
async def cores(tmp_path, clock):
    """Two cores, each with its own connections to the same database file."""
    made: list[Core] = []

    async def make(jobs: Claims | None = None) -> Core:
        storage = await Storage.open(await target(tmp_path / "shared.sqlite3"))
        core = Core(storage, clock=clock, rng=random.Random(len(made)), jobs=jobs)
        made.append(core)
        return core

    yield make
    for core in made:
        core.close()
        await core.storage.close()


async def start_game(core: Core, channel: int = CHANNEL, players: int = 7) -> int:
    await core.lifecycle.create_game(
        guild_id=GUILD, channel_id=channel, user_id=CREATOR, name=f"Game {channel}", players=players
    )
    for uid in PLAYERS[:players]:
        await core.lifecycle.join(channel, uid)
    return (await core.lifecycle.start(channel, CREATOR, can_manage=False)).id


async def game_row(core: Core, game_id: int):
    async with core.storage.read() as tx:
        return await tx.game(game_id)


async def posts_of(core: Core, game_id: int, kind: str) -> list[dict[str, Any]]:
    async with core.storage.read() as tx:
        return [p for p in await tx.posts(game_id) if p["kind"] == kind]


async def twice(first, second) -> list[Any]:
    """Run the same action on both cores at once; the results (or exceptions) in order."""
    return await asyncio.gather(first, second, return_exceptions=True)


async def test_extend_by_24h_delivered_twice_moves_the_deadline_24h_once(cores):
    one, two = await cores(), await cores()
    game_id = await start_game(one)
    before = (await game_row(one, game_id)).deadline
    results = await twice(
        one.moderation.extend(CHANNEL, MOD, "24h", action=9001), two.moderation.extend(CHANNEL, MOD, "24h", action=9001)
    )
    assert sum(isinstance(r, Replayed) for r in results) == 1
    assert [r.deadline for r in results if not isinstance(r, Exception)] == [before + 24 * HOUR]
    assert (await game_row(two, game_id)).deadline == before + 24 * HOUR
    assert len(await posts_of(one, game_id, "mod_action")) == 1
    async with one.storage.read() as tx:
        assert [a.action for a in await tx.audit(game_id)].count("extend") == 1
    # a new interaction (another id) extends again, as a moderator would expect
    await two.moderation.extend(CHANNEL, MOD, "24h", action=9002)
    assert (await game_row(one, game_id)).deadline == before + 48 * HOUR


async def test_rollback_delivered_twice_goes_back_one_phase(cores, clock):
    one, two = await cores(), await cores()
    game_id = await start_game(one)
    for _ in range(2):  # two phases resolve at their deadlines
        clock.advance(hours=49)
        assert await one.resolution.run_due() == 1
    async with one.storage.read() as tx:
        assert await tx.phase_names(game_id) == ["S1901M", "F1901M", "S1902M"]
    results = await twice(
        one.moderation.rollback(CHANNEL, MOD, action=77), two.moderation.rollback(CHANNEL, MOD, action=77)
    )
    assert sum(isinstance(r, Replayed) for r in results) == 1
    (reply,) = [r for r in results if not isinstance(r, Exception)]
    assert (reply.undone, reply.back) == ("S1902M", "F1901M")  # what the moderator is told...
    async with two.storage.read() as tx:  # ...is what happened: one phase back
        assert await tx.phase_names(game_id) == ["S1901M", "F1901M"]
        assert (await tx.game(game_id)).phase == "F1901M"
    assert len([p for p in await posts_of(one, game_id, "mod_action") if p["params"]["action"] == "rollback"]) == 1


async def test_every_moderator_action_is_applied_once_per_interaction(cores):
    one, two = await cores(), await cores()
    game_id = await start_game(one)
    calls = [
        lambda core, a: core.moderation.pause(CHANNEL, MOD, action=a),
        lambda core, a: core.moderation.extend(CHANNEL, MOD, "2h", action=a),
        lambda core, a: core.moderation.resume(CHANNEL, MOD, action=a),
        lambda core, a: core.moderation.set_deadline(CHANNEL, MOD, "36h", action=a),
        lambda core, a: core.moderation.set_civil_disorder(CHANNEL, MOD, "FRANCE", True, action=a),
        lambda core, a: core.moderation.orders_overview(CHANNEL, MOD, remind=True, action=a),
        lambda core, a: core.moderation.set_role(GUILD, Actor(CREATOR, can_manage=True), 55, action=a),
    ]
    for n, call in enumerate(calls, start=100):
        results = await twice(call(one, n), call(two, n))
        assert sum(isinstance(r, Replayed) for r in results) == 1, (n, results)
        assert not any(isinstance(r, Exception) and not isinstance(r, Replayed) for r in results), results
    posted = Counter(p["params"]["action"] for p in await posts_of(one, game_id, "mod_action"))
    assert posted == {"pause": 1, "extend": 1, "resume": 1, "deadline": 1, "cd_on": 1, "remind": 1}


async def test_draw_and_concede_delivered_twice_count_once(cores):
    one, two = await cores(), await cores()
    game_id = await start_game(one)
    voter = PLAYERS[1]
    await twice(
        one.endgame.vote_draw(CHANNEL, voter, True, action=500), two.endgame.vote_draw(CHANNEL, voter, True, action=500)
    )
    assert len(await posts_of(one, game_id, "draw_proposed")) == 1
    loser = await _not_leader(one, game_id)
    results = await twice(
        one.endgame.concede(CHANNEL, loser, action=501), two.endgame.concede(CHANNEL, loser, action=501)
    )
    assert sum(isinstance(r, Replayed) for r in results) == 1, results
    assert len(await posts_of(one, game_id, "conceded")) == 1


async def _not_leader(core: Core, game_id: int) -> int:
    """A player who may concede: all start level, so make France the leader first."""
    from bot.core.context import powers_of
    from tests.bot.support import STANDARD, set_position

    one_bot = SimpleNamespace(bots=[SimpleNamespace(core=core)])  # the helper's view of a bot
    await set_position(one_bot, CHANNEL, STANDARD, centres={"BEL": "FRANCE", "HOL": "FRANCE", "SPA": "FRANCE"})
    game = await game_row(core, game_id)
    async with core.storage.read() as tx:
        players = await tx.players(game_id)
    return next(p.user_id for p in players if powers_of(game, p)[0].value == "ENGLAND")


async def test_ready_delivered_again_after_the_phase_resolved_changes_nothing(cores):
    one, two = await cores(), await cores()
    game_id = await start_game(one)
    for uid in PLAYERS[:-1]:
        await one.ordering.set_ready(uid, True)
    last = PLAYERS[-1]
    report = await one.ordering.set_ready(last, True, action=600)
    assert report.resolving
    assert await one.resolution.run_due() == 1
    # the same interaction arrives again (or at the other process): it was for the phase
    # that resolved, and must not make the player ready in the new one
    with pytest.raises(Replayed):
        await two.ordering.set_ready(last, True, action=600)
    async with two.storage.read() as tx:
        assert (await tx.game(game_id)).phase == "F1901M"
        assert not any(p.ready_phase == "F1901M" for p in await tx.players(game_id))
    with pytest.raises(Replayed):
        await two.ordering.clear(last, None, action=600)


async def test_two_concurrent_resolvers_of_one_phase_resolve_it_once(cores, clock):
    one, two = await cores(), await cores()
    game_id = await start_game(one)
    clock.advance(hours=49)
    done = await asyncio.gather(one.resolution.resolve(game_id, "S1901M"), two.resolution.resolve(game_id, "S1901M"))
    assert sorted(done) == [False, True]
    async with one.storage.read() as tx:
        assert await tx.phase_names(game_id) == ["S1901M", "F1901M"]
        assert (await tx.phase(game_id, "S1901M")).results is not None
    assert len(await posts_of(one, game_id, "phase_results")) == 1
    assert len(await posts_of(one, game_id, "phase_started")) == 1


# -- claims: two owners racing ------------------------------------------------------------------


@dataclass
class Owner:
    """A process' claims in a race: both believe they may act (the moment of a handover,
    or two shard owners whose scopes both cover a job), so only the claims keep them apart.
    With ``together``, each waits for the other before its first claim: both have read
    the same due jobs when they claim them."""

    lease: Lease | None
    together: asyncio.Barrier | None = None
    ran: list[str] = field(default_factory=list)

    async def claim(self, jobs):
        if self.together is not None:
            await self.together.wait()
            self.together = None
        held = await self.lease.claim(jobs) if self.lease is not None else {j.key for j in jobs}
        self.ran.extend(sorted(held))
        return held

    def may_send(self) -> bool:
        return True


def owner(core_storage: Storage | None, name: str, clock, together: asyncio.Barrier | None = None) -> Owner:
    holder = Holder(f"id-{name}", f"host-{name}", 1)
    return Owner(Lease(core_storage, label="db", holder=holder, clock=lambda: clock().timestamp()), together)


async def test_due_deadlines_are_run_by_one_of_two_racing_owners(tmp_path, clock):
    base = Core(await Storage.open(await target(tmp_path / "shared.sqlite3")), clock=clock, rng=random.Random(1))
    games = [await start_game(base, channel=CHANNEL + i) for i in range(4)]
    clock.advance(hours=49)
    sa, sb = [await Storage.open(await target(tmp_path / "shared.sqlite3")) for _ in range(2)]
    a, b = owner(sa, "a", clock), owner(sb, "b", clock)
    one, two = Core(sa, clock=clock, jobs=a), Core(sb, clock=clock, jobs=b)
    try:
        resolved = await asyncio.gather(one.resolution.run_due(), two.resolution.run_due())
        assert sum(resolved) == len(games)
        assert set(a.ran).isdisjoint(b.ran)
        deadlines = sorted(Job.deadline(g, "S1901M").key for g in games)
        assert sorted(k for k in a.ran + b.ran if k.startswith("deadline:")) == deadlines
        for g in games:
            assert (await game_row(base, g)).phase == "F1901M"
    finally:
        for core in (base, one, two):
            core.close()
            await core.storage.close()


class Sink:
    """A fake Discord client: every channel and user accepts messages and records them."""

    def __init__(self, sent: list[tuple[str, str]], name: str) -> None:
        self.sent = sent
        self.name = name
        self.ids = iter(range(10**6))

    def get_channel(self, channel_id: int) -> Sink:
        return self

    def get_user(self, user_id: int) -> Sink:
        return self

    def get_partial_messageable(self, channel_id: int, **kwargs: Any) -> Sink:
        return self

    @property
    def http(self) -> Any:  # opens a user's DM channel
        async def start_private_message(user_id: int) -> dict[str, Any]:
            return {"id": str(10**9 + user_id)}

        return SimpleNamespace(start_private_message=start_private_message)

    async def send(self, text: str, *, nonce: str, **kwargs: Any) -> Any:
        await asyncio.sleep(0)  # let the other poster run meanwhile
        self.sent.append((self.name, nonce))
        return type("Message", (), {"id": next(self.ids)})()


async def race_posters(tmp_path, clock, claims: list[Claims]) -> Counter[str]:
    """Start a game (its posts are due), then let two posters on the same database drain."""
    path = str(tmp_path / f"race-{len(claims)}-{type(claims[0]).__name__}.sqlite3")
    base = Core(await Storage.open(await target(path)), clock=clock, rng=random.Random(1))
    await start_game(base)
    sent: list[tuple[str, str]] = []
    cores, posters = [], []
    for n, jobs in enumerate(claims):
        storage = await Storage.open(await target(path))
        if isinstance(jobs, Owner) and jobs.lease is not None:
            jobs.lease.storage = storage
        core = Core(storage, clock=clock, jobs=jobs)
        cores.append(core)
        posters.append(Poster(Sink(sent, f"p{n}"), core, maps.MapCache(processes=0, drawer=maps.plain_views)))
    try:
        await asyncio.gather(*(p.drain() for p in posters))
        async with base.storage.read() as tx:
            rows = await tx.posts()
        assert rows and all(r["sent_at"] is not None for r in rows)
    finally:
        for core in (base, *cores):
            core.close()
            await core.storage.close()
    return Counter(nonce.split(".")[0] for _, nonce in sent)


async def test_outbox_rows_are_sent_once_by_two_racing_owners(tmp_path, clock):
    together = asyncio.Barrier(2)
    a, b = owner(None, "a", clock, together), owner(None, "b", clock, together)
    delivered = await race_posters(tmp_path, clock, [a, b])
    assert delivered and all(n == 1 for n in delivered.values()), delivered
    assert set(a.ran).isdisjoint(b.ran)  # never both on the same row


async def test_without_claims_the_same_race_sends_posts_twice(tmp_path, clock):
    """The race above is real: two posters that read the same due rows and don't claim
    them send them twice (at least the first: the DMs behind it wait for it to be recorded)."""
    together = asyncio.Barrier(2)
    delivered = await race_posters(tmp_path, clock, [Owner(None, together), Owner(None, together)])
    assert delivered and delivered["o1"] == 2, delivered
