"""Press without Discord (issue 14): when each mode lets players talk, the plan of who may
read and write what, the press queue (one pass per game, retried with backoff, problems
said once, notices said once), anonymity masking, /press open and send, settings."""

from __future__ import annotations

import pytest

from bot.core import secrecy
from bot.core.errors import UserError
from bot.core.press import (
    Access,
    Applied,
    Grant,
    PressMode,
    PressUnavailable,
    Problem,
    RoomState,
    Settings,
    SettingsChange,
    plan_of,
)
from bot.core.types import Actor
from bot.discord.poster import rendered
from bot.infra.storage.moderation import AuditRow
from tests.bot.support import CHANNEL, CREATOR, GUILD, PLAYERS, seat_of

MODERATOR = 900  # a moderator who does not play


class FakePort:
    """The press port without Discord: a channel per conversation, numbered."""

    def __init__(self) -> None:
        self.plans = []
        self.channels: dict[str, int] = {}
        self.fail: Exception | None = None
        self.problems: frozenset[Problem] = frozenset()

    async def apply(self, plan, remember):
        if self.fail is not None:
            raise self.fail
        self.plans.append(plan)
        rooms = {}
        for room in plan.rooms:
            channel = room.channel_id or self.channels.get(room.key)
            if channel is None and plan.create and Problem.MANAGE_CHANNELS not in self.problems:
                channel = 5000 + len(self.channels)
                self.channels[room.key] = channel
                await remember.room(room.key, channel)
            if channel is not None:
                rooms[room.key] = channel
        return Applied(rooms, dict(plan.game_channel), self.problems)


async def start(service, settings: Settings | None = None, players: int = 7):
    await service.lifecycle.create_game(
        guild_id=GUILD, channel_id=CHANNEL, user_id=CREATOR, name="Test", players=players, settings=settings
    )
    for uid in PLAYERS[:players]:
        await service.lifecycle.join(CHANNEL, uid)
    return await service.lifecycle.start(CHANNEL, CREATOR, can_manage=False)


async def posts_of(service, game, kind):
    async with service.storage.read() as tx:
        return [p for p in await tx.posts(game.id) if p["kind"] == kind]


async def go_to(service, game, phase):
    """Put the game in ``phase`` (same board): a scene for the plan."""
    async with service.storage.write() as tx:
        row = await tx.game(game.id)
        await tx.insert_phase(game.id, phase, row.position)
        assert await tx.restore_game(
            game.id,
            expected_phase=row.phase,
            phase=phase,
            position=row.position,
            deadline=row.deadline,
            remind_at=None,
            tossed=False,
            toss_winner=None,
        )
        return await tx.game(game.id)


def test_each_mode_says_when_players_may_talk():
    assert all(PressMode.FULL.open_in(p) for p in ("S1901M", "S1901R", "W1901A"))
    assert all(PressMode.PUBLIC.open_in(p) for p in ("S1901M", "F1901R", "W1901A"))
    assert not any(PressMode.NONE.open_in(p) for p in ("S1901M", "S1901R", "W1901A"))
    assert PressMode.RULEBOOK.open_in("F1902M")
    assert not PressMode.RULEBOOK.open_in("F1902R") and not PressMode.RULEBOOK.open_in("W1902A")
    assert PressMode.FULL.private and PressMode.RULEBOOK.private
    assert not PressMode.PUBLIC.private and not PressMode.NONE.private


async def test_a_full_press_game_plans_one_conversation_per_pair_and_keeps_the_others_out(service):
    game = await start(service)
    async with service.storage.write() as tx:
        await tx.set_mod_role(GUILD, 777)
    async with service.storage.read() as tx:
        plan = await plan_of(tx, game.id)
    assert len(plan.rooms) == 21 and plan.create and plan.game_channel == {}
    for room in plan.rooms:
        writers = {uid for uid, a in room.members.items() if a is Access.WRITE}
        hidden = {uid for uid, a in room.members.items() if a is Access.HIDDEN}
        assert len(writers) == 2 and hidden == set(PLAYERS) - writers, room
        assert room.moderator_role == 777 and room.state is RoomState.OPEN
    pairs = {frozenset(pw.value for group in r.powers for pw in group) for r in plan.rooms}
    assert frozenset({"FRANCE", "GERMANY"}) in pairs and len(pairs) == 21
    # moderators who don't read press: no role in the plan
    async with service.storage.write() as tx:
        await tx.put_game_settings(game.id, Settings(moderators_read=False).row())
    async with service.storage.read() as tx:
        assert all(r.moderator_role is None for r in (await plan_of(tx, game.id)).rooms)


async def test_rulebook_press_closes_outside_movement_and_the_end_opens_it_to_all(service):
    game = await start(service, Settings(PressMode.RULEBOOK))
    game = await go_to(service, game, "S1901R")
    async with service.storage.read() as tx:
        plan = await plan_of(tx, game.id)
    assert {a for r in plan.rooms for a in r.members.values()} == {Access.READ, Access.HIDDEN}
    assert plan.game_channel == {uid: Grant.MUTED for uid in PLAYERS}  # nor in the game channel
    game = await go_to(service, game, "F1901M")
    async with service.storage.read() as tx:
        plan = await plan_of(tx, game.id)
    assert Access.WRITE in {a for r in plan.rooms for a in r.members.values()} and plan.game_channel == {}
    async with service.storage.write() as tx:
        await tx.finish_by_agreement(game.id, None)
    async with service.storage.read() as tx:
        plan = await plan_of(tx, game.id)
    assert not plan.create  # nothing new is made for a game that is over
    assert all(set(r.members.values()) == {Access.READ} for r in plan.rooms)  # the reveal


async def test_a_power_out_of_the_game_only_reads(service):
    game = await start(service)
    fr = await seat_of(service, game, "FRANCE")
    async with service.storage.write() as tx:
        from bot.infra.storage.moderation import PowerState

        await tx.put_power_state(game.id, PowerState("FRANCE", eliminated=True))
    async with service.storage.read() as tx:
        plan = await plan_of(tx, game.id)
    france = [r for r in plan.rooms if any(pw.value == "FRANCE" for g in r.powers for pw in g)]
    assert len(france) == 6 and all(r.members[fr] is Access.READ for r in france)
    with pytest.raises(UserError) as err:
        await service.press.open(fr, ["GERMANY"], channel_id=CHANNEL, guild_id=GUILD)
    assert err.value.key == "press.eliminated_self"


async def test_gunboat_and_anonymous_games_keep_players_from_writing_in_the_game_channel(service):
    game = await start(service, Settings(PressMode.NONE))
    async with service.storage.read() as tx:
        plan = await plan_of(tx, game.id)
        rooms = await tx.press_rooms(game.id)
    assert plan.rooms == () and rooms == [] and plan.game_channel == {uid: Grant.MUTED for uid in PLAYERS}
    with pytest.raises(UserError) as err:
        await service.press.open(PLAYERS[1], ["GERMANY"], channel_id=CHANNEL, guild_id=GUILD)
    assert err.value.key == "press.gunboat"


async def test_one_pass_applies_every_waiting_job_and_says_each_change_once(service):
    game = await start(service)
    port = FakePort()
    assert await service.press_jobs.run_due(port) == 1
    assert len(port.plans) == 1
    notices = await posts_of(service, game, "press_notice")
    assert len(notices) == 21 and all(n["params"]["welcome"] for n in notices)
    assert {n["channel_id"] for n in notices} == set(port.channels.values())
    text = (await rendered(service.storage, notices[0]["row"]))[0]
    assert "private press between" in text and "no other player" in text
    # a second pass (a repair) changes nothing and says nothing new
    await service.press.repair(CHANNEL, Actor(CREATOR))
    assert await service.press_jobs.run_due(port) == 1
    assert len(await posts_of(service, game, "press_notice")) == 21
    async with service.storage.read() as tx:
        jobs = await tx.press_jobs(game.id)
        assert [r.channel_id for r in await tx.press_rooms(game.id)] == list(port.channels.values())
    assert [j["reason"] for j in jobs] == ["start", "repair"] and all(j["done_at"] for j in jobs)


async def test_discord_away_is_tried_again_later_and_the_pass_then_completes(service, clock):
    game = await start(service)
    port = FakePort()
    port.fail = PressUnavailable("503")
    assert await service.press_jobs.run_due(port) == 0
    async with service.storage.read() as tx:
        job = (await tx.press_jobs(game.id))[0]
        nxt = await tx.next_press_job_time()
    assert job["attempts"] == 1 and job["done_at"] is None and nxt == service.now() + 15
    assert await service.press_jobs.run_due(port) == 0  # not due yet: nothing tried
    port.fail = None
    clock.advance(seconds=15)
    assert await service.press_jobs.run_due(port) == 1 and len(port.channels) == 21


async def test_a_missing_permission_is_said_to_the_moderators_once(service):
    game = await start(service)
    port = FakePort()
    port.problems = frozenset({Problem.MANAGE_CHANNELS})
    await service.press_jobs.run_due(port)
    problems = await posts_of(service, game, "press_problem")
    assert len(problems) == 1 and problems[0]["mentions"] == (CREATOR,)
    text = (await rendered(service.storage, problems[0]["row"]))[0]
    assert "Manage Channels" in text and "/press repair" in text and "goes on" in text
    async with service.storage.write() as tx:
        await tx.add_press_job(game.id, "phase", service.now())
    await service.press_jobs.run_due(port)
    assert len(await posts_of(service, game, "press_problem")) == 1  # the same problem: not again
    async with service.storage.read() as tx:
        assert (await tx.press_space(game.id)).problem == "manage_channels"
        assert (await tx.press_jobs(game.id))[-1]["error"] == "manage_channels"
    port.problems = frozenset()
    await service.press.repair(CHANNEL, Actor(CREATOR))
    await service.press_jobs.run_due(port)
    async with service.storage.read() as tx:
        assert (await tx.press_space(game.id)).problem == ""
    assert len(port.channels) == 21


def test_masking_drops_every_player_and_leaves_the_ending_as_it_is():
    params = {
        "game": "G",
        "user": 5,
        "old": 5,
        "new": 6,
        "users": [5, 6],
        "owners": {"FRANCE": 5},
        "assignments": [[5, ["FRANCE"]]],
        "toss": {"user": 5, "power": "ITALY"},
        "mod": 9,
    }
    masked, mentions = secrecy.mask("mod_action", params, (5, 6, 9), players=[5, 6])
    assert masked["user"] is masked["old"] is masked["new"] is None
    assert masked["users"] == [] and masked["owners"] == {} and masked["assignments"] == [[None, ["FRANCE"]]]
    assert masked["toss"] == {"user": None, "power": "ITALY"} and masked["mod"] == 9 and masked["anonymous"]
    assert mentions == (9,)  # a moderator who doesn't play may still be pinged
    assert secrecy.mask("game_won", params, (5, 6), players=[5, 6]) == (params, (5, 6))
    rows = [AuditRow(1, "S1901M", 9, "replace", {"old": 5, "new": 6, "powers": ["FRANCE"]}, 0.0)]
    rows.append(AuditRow(2, "S1901M", 5, "concede", {"power": "FRANCE", "powers": ["FRANCE"]}, 0.0))
    masked_rows = secrecy.masked_audit(rows)
    assert masked_rows[0].detail == {"powers": ["FRANCE"], "anonymous": True} and masked_rows[0].user_id == 9
    assert masked_rows[1].user_id is None  # a player's own concession would name them


async def test_an_anonymous_games_channel_posts_name_no_player(service):
    game = await start(service, Settings(anonymous=True))
    started_post = (await posts_of(service, game, "game_started"))[0]
    assert started_post["mentions"] == () and all(uid is None for uid, _ in started_post["params"]["assignments"])
    text = (await rendered(service.storage, started_post["row"]))[0]
    assert "<@" not in text and "known only by their powers" in text and "Anonymous" in text
    fr = await seat_of(service, game, "FRANCE")
    await service.moderation.set_civil_disorder(CHANNEL, Actor(CREATOR), "FRANCE", True)
    post = (await posts_of(service, game, "mod_action"))[-1]
    text = (await rendered(service.storage, post["row"]))[0]
    assert str(fr) not in text and "France" in text and "civil disorder" in text
    async with service.storage.read() as tx:
        rooms = await tx.press_rooms(game.id)
    assert sorted(r.room for r in rooms) == [f"inbox:{s}" for s in range(7)]


async def test_anonymous_messages_go_under_the_powers_name(service):
    game = await start(service, Settings(anonymous=True))
    en, fr = await seat_of(service, game, "ENGLAND"), await seat_of(service, game, "FRANCE")
    # before the inboxes are made, a message reaches its player by direct message
    sent = await service.press.send(en, "FRANCE", "Hello", channel_id=CHANNEL, guild_id=GUILD)
    assert [pw.value for pw in sent.by_dm] == ["FRANCE"]
    dm = (await posts_of(service, game, "dm_press_relay"))[0]
    assert dm["user_id"] == fr and dm["params"]["sender"] == ["ENGLAND"]
    port = FakePort()
    await service.press_jobs.run_due(port)
    sent = await service.press.send(en, "france", "Shall we *talk*? <@1>", channel_id=CHANNEL, guild_id=GUILD)
    assert sent.by_dm == ()
    relays = await posts_of(service, game, "press_relay")
    async with service.storage.read() as tx:
        inbox = {r.room: r.channel_id for r in await tx.press_rooms(game.id)}
    fr_seat = next(k for k, v in port.channels.items() if v == relays[0]["channel_id"])
    assert relays[0]["channel_id"] == inbox[fr_seat] and relays[1]["params"]["copy"]
    text = (await rendered(service.storage, relays[0]["row"]))[0]
    assert text.startswith("📨 **England** → **France**:") and "<@1>" not in text and "\\*talk\\*" in text
    # one power needs no group (nor a shared channel, whose member list would name its players)
    one = await service.press.open(en, ["FRANCE"], channel_id=CHANNEL, guild_id=GUILD)
    assert one.key == "FRANCE" and not one.created
    group = await service.press.open(en, ["FRANCE", "ITALY"], channel_id=CHANNEL, guild_id=GUILD)
    async with service.storage.read() as tx:
        assert [r.kind for r in await tx.press_rooms(game.id) if r.room == group.key] == ["group"]
        assert all(r.kind.value == "inbox" for r in (await plan_of(tx, game.id)).rooms)
    public = await service.press.send(en, "everyone", "Peace!", channel_id=CHANNEL, guild_id=GUILD)
    assert public.to == ()
    post = (await posts_of(service, game, "press_public"))[0]
    assert post["channel_id"] == CHANNEL and (await rendered(service.storage, post["row"]))[0].startswith(
        "📢 **England**"
    )
    targets = await service.press.targets(en, channel_id=CHANNEL, guild_id=GUILD)
    assert [t.value for t in targets][:2] == ["everyone", "AUSTRIA"] and "ENGLAND" not in [t.value for t in targets]
    for key, text in (("press.open_self", "england"), ("mod.unknown_power", "Narnia")):
        with pytest.raises(UserError) as err:
            await service.press.send(en, text, "x", channel_id=CHANNEL, guild_id=GUILD)
        assert err.value.key == key
    with pytest.raises(UserError) as err:
        await service.press.send(en, "FRANCE", "x" * 1501, channel_id=CHANNEL, guild_id=GUILD)
    assert err.value.key == "press.too_long"


async def test_groups_are_opened_once(service):
    game = await start(service)
    fr = await seat_of(service, game, "FRANCE")
    first = await service.press.open(fr, ["GERMANY", "ITALY"], channel_id=CHANNEL, guild_id=GUILD)
    again = await service.press.open(fr, ["ITALY", "GERMANY"], channel_id=CHANNEL, guild_id=GUILD)
    assert first.created and not again.created and first.key == again.key
    assert [pw.value for pw in first.powers] == ["FRANCE", "GERMANY", "ITALY"]
    pair = await service.press.open(fr, ["GERMANY"], channel_id=CHANNEL, guild_id=GUILD)
    assert not pair.created and pair.key.startswith("pair:")  # made at the start
    for powers, key in ((["FRANCE"], "press.open_self"), (["GERMANY", "GERMANY"], "press.open_nobody")):
        if key == "press.open_nobody":
            powers = []
        with pytest.raises(UserError) as err:
            await service.press.open(fr, powers, channel_id=CHANNEL, guild_id=GUILD)
        assert err.value.key == key
    with pytest.raises(UserError) as err:
        await service.press.send(fr, "GERMANY", "x", channel_id=CHANNEL, guild_id=GUILD)
    assert err.value.key == "press.not_anonymous"


async def test_settings_change_before_the_start_and_only_the_safe_ones_after(service):
    await service.lifecycle.create_game(guild_id=GUILD, channel_id=CHANNEL, user_id=CREATOR, name="Test", players=7)
    report = await service.press.change_settings(
        CHANNEL, Actor(CREATOR), SettingsChange(press=PressMode.RULEBOOK, anonymous=True)
    )
    assert report.settings.settings == Settings(PressMode.RULEBOOK, anonymous=True)
    with pytest.raises(UserError) as err:
        await service.press.change_settings(CHANNEL, Actor(PLAYERS[3]), SettingsChange(spectators=False))
    assert err.value.key == "mod.not_allowed"
    for uid in PLAYERS:
        await service.lifecycle.join(CHANNEL, uid)
    game = await service.lifecycle.start(CHANNEL, CREATOR, can_manage=False)
    with pytest.raises(UserError) as err:
        await service.press.change_settings(CHANNEL, Actor(MODERATOR, can_manage=True), SettingsChange(anonymous=False))
    assert err.value.key == "settings.fixed" and err.value.params["names"] == "anonymous"
    with pytest.raises(UserError) as err:
        await service.press.change_settings(CHANNEL, Actor(CREATOR), SettingsChange(movement="soon"))
    assert err.value.key.startswith("schedule.")
    report = await service.press.change_settings(
        CHANNEL,
        Actor(MODERATOR, can_manage=True),
        SettingsChange(spectators=False, movement="36h", civil_disorder=3, language="es"),
    )
    assert report.changed == ("civil_disorder", "language", "movement", "spectators")
    assert report.game.movement == "1d12h"  # as the schedule parser writes it
    async with service.storage.read() as tx:
        assert await tx.cd_policy(game.id) == 3 and (await tx.game(game.id)).language == "es"
        audit = [r for r in await tx.audit(game.id) if r.action == "settings"]
        jobs = [j["reason"] for j in await tx.press_jobs(game.id)]
    assert audit[-1].user_id == MODERATOR and "spectators" in audit[-1].detail["settings"]
    assert "settings" in jobs  # spectators changed: the game channel follows
    post = (await posts_of(service, game, "settings_changed"))[-1]
    text = (await rendered(service.storage, post["row"]))[0]  # in the game's new language
    assert f"<@{MODERATOR}>" in text and "Sin espectadores" in text and "1 día 12 h" in text
