"""Helpers shared by the bot's tests (issue 21: test modules import helpers from support
modules only, never from one another; tests/test_test_modules.py enforces it).

Stories through Discord (simcord): a game of seven or of three started, a scenario put on
the board, orders and readiness, what the channel and the DMs show, the order sheet's
screens tapped within Discord's limits, the powers each player seats; and the core without
Discord: a started game and its seats, a game row and a sheet for the menus' tests.
"""

from __future__ import annotations

import discord

from bot.core.context import GameContext, powers_of, setup_of
from bot.core.orders.sheet import SheetData, sheet_data
from bot.infra.storage import GameRow, PlayerRow
from engine import Position, Power
from engine.codec import position_to_json
from engine.units import Unit
from tests.bot.simcord_support import powers_by_user, seven

HOURS = 3600

# -- the core without Discord -----------------------------------------------------------------
GUILD, CHANNEL, CREATOR = 1, 10, 100
PLAYERS = [100, 101, 102, 103, 104, 105, 106]


async def started(service, players=7):
    await service.lifecycle.create_game(
        guild_id=GUILD, channel_id=CHANNEL, user_id=CREATOR, name="Test", players=players
    )
    for uid in PLAYERS[:players]:
        await service.lifecycle.join(CHANNEL, uid)
    return await service.lifecycle.start(CHANNEL, CREATOR, can_manage=False)


async def seat_of(service, game, power):
    from bot.core.context import powers_of

    async with service.storage.transaction() as tx:
        for p in await tx.players(game.id):
            if power in [x.value for x in powers_of(game, p)]:
                return p.user_id


# -- the order sheet's menus without Discord ---------------------------------------------------
def game_row(position: Position, language: str = "en") -> GameRow:
    return GameRow(
        1,
        1,
        1,
        "Crowded game with a long name",
        1,
        7,
        "active",
        str(position.phase),
        position_to_json(position),
        2e9,
        2e9,
        None,
        "48h",
        "24h",
        "24h",
        False,
        None,
        None,
        language,
        0.0,
    )


def context(position: Position, power: Power, language: str = "en") -> SheetData:
    """The sheet of the player who plays ``power`` (alone, in a game for seven)."""
    game = game_row(position, language)
    seat = next(s for s in range(7) if setup_of(game).seat_powers(s) == (power,))
    player = PlayerRow(1, 1, seat, None, 0.0)
    return sheet_data(GameContext(game, (player,), (), player))


# -- stories through Discord ------------------------------------------------------------------
async def current_game(env, channel_id):
    async with env.bots[-1].core.storage.transaction() as tx:
        return await tx.last_game_in_channel(channel_id)


async def start_seven(env, *, policy: int | None = None, **create):
    """Seven players in a started game; ``create``: more options of ``/game create``."""
    table = seven(env)
    ch = table.channel
    alice = table.members[0]
    options = {"name": "Club", "players": 7, **create}
    if policy is not None:
        options["civil_disorder"] = policy
    r = await alice.slash(ch, "game create", **options)
    assert "Club" in r.response.content
    for m in table.members:
        await m.slash(ch, "game join")
    await alice.slash(ch, "game start")
    game, who = await powers_by_user(env, ch.id)
    member = {p: next(m for m in table.members if m.id == uid) for p, uid in who.items()}
    return table, member


async def set_position(env, channel_id, units: dict[str, list[str]], centres: dict[str, str] | None = None):
    """Replace the position of the game's current phase (a scenario for the test)."""
    game = await current_game(env, channel_id)
    base = Position.initial()
    owned = dict(base.centres)
    if centres:
        owned.update({c: Power(p) for c, p in centres.items()})
    position = Position.build(game.phase, [Unit.parse(Power(p), u) for p, us in units.items() for u in us], owned)
    data = position_to_json(position)
    async with env.bots[-1].core.storage.transaction() as tx:
        await tx.insert_phase(game.id, game.phase, data)
        assert await tx.restore_game(
            game.id,
            expected_phase=game.phase,
            phase=game.phase,
            position=data,
            deadline=game.deadline,
            remind_at=game.remind_at,
            tossed=game.tossed,
            toss_winner=game.toss_winner,
        )


async def order(member, text):
    """``/order``: the reply's text."""
    r = await member.user.slash("order", orders=text)
    return r.response.content


async def ready_all(member, but=()):
    for power, m in member.items():
        if power not in but:
            await m.user.slash("ready")


def texts(channel, since=0):
    return [m.content for m in channel.history()[since:]]


def dms(member):
    channel = member.user.dm_channel
    return [m.content for m in channel.history()] if channel is not None else []


STANDARD = {
    "AUSTRIA": ["A VIE", "A BUD", "F TRI"],
    "ENGLAND": ["F LON", "F EDI", "A LVP"],
    "FRANCE": ["A PAR", "A MAR", "F BRE"],
    "GERMANY": ["A BER", "A MUN", "F KIE"],
    "ITALY": ["A VEN", "A ROM", "F NAP"],
    "RUSSIA": ["A MOS", "A WAR", "F SEV", "F STP/SC"],
    "TURKEY": ["A CON", "A SMY", "F ANK"],
}


async def private_order(member, text, **kw):
    """``/order`` by DM or anywhere: the reply, which must be private."""
    result = await member.user.slash("order", orders=text, **kw)
    assert result.ephemeral, "order replies are private"
    return result.response.content


async def start_three(env, names=("ana", "ben", "cid")):
    """A game for three: each player plays two or three powers (England, Germany and
    Austria; Russia and Italy; France and Turkey). Returns the table and, per power, the
    member who plays it."""
    table = seven(env, names)
    ch, first = table.channel, table.members[0]
    await first.slash(ch, "game create", name="Trio", players=3)
    for m in table.members:
        await m.slash(ch, "game join")
    await first.slash(ch, "game start")
    async with env.bots[-1].core.storage.read() as tx:
        game = await tx.open_game_in_channel(ch.id)
        players = await tx.players(game.id)
    member = {}
    for p in players:
        for pw in powers_of(game, p):
            member[pw.value] = next(m for m in table.members if m.id == p.user_id)
    return table, member


async def set_scene(
    env, channel_id, phase: str, units: dict[str, list[str]], centres: dict[str, str], *, homes=True, dislodged=()
) -> None:
    """Put the channel's game in ``phase`` with these units and centre owners (a scenario):
    the home centres as at the start, unless ``homes`` is False (then only ``centres``
    are owned), and the ``dislodged`` units of a retreat phase."""
    game = await current_game(env, channel_id)
    owned = (dict(Position.initial().centres) if homes else {}) | {c: Power(p) for c, p in centres.items()}
    units_now = [Unit.parse(Power(p), u) for p, us in units.items() for u in us]
    position = Position.build(phase, units_now, owned, dislodged)
    data = position_to_json(position)
    async with env.bots[-1].core.storage.write() as tx:
        await tx.insert_phase(game.id, phase, data)
        assert await tx.restore_game(
            game.id,
            expected_phase=game.phase,
            phase=phase,
            position=data,
            deadline=game.deadline,
            remind_at=None,
            tossed=False,
            toss_winner=None,
        )


async def france_wins(env, table, member) -> None:
    """Fall 1901: France holds 17 centres and takes Munich (empty), its 18th: a solo."""
    free = ("BEL", "HOL", "SPA", "POR", "NWY", "SWE", "DEN", "TUN", "GRE", "SER", "RUM", "BUL", "KIE", "BER")
    centres = {c: "FRANCE" for c in free}  # no other unit stands in them
    units = {**STANDARD, "FRANCE": ["A PAR", "A MAR", "F BRE", "A BUR", "A RUH"], "GERMANY": ["A SIL"]}
    await set_scene(env, table.channel.id, "F1901M", units, centres)
    await order(member["FRANCE"], "A BUR - MUN; A RUH S A BUR - MUN")
    await table.members[0].slash(table.channel, "mod resolve")


async def two_player_game(table, channel, a, b, name="Duel"):
    await a.slash(channel, "game create", name=name, players=2)
    await a.slash(channel, "game join")
    await b.slash(channel, "game join")
    r = await a.slash(channel, "game start")
    assert "has started" in r.response.content


# -- the order sheet through Discord ------------------------------------------------------------
def check_limits(message) -> None:
    """Discord's limits on one message with components."""
    assert len(message.content) <= 2000
    rows = message.components
    assert len(rows) <= 5
    for row in rows:
        items = row["components"]
        assert 1 <= len(items) <= 5
        for item in items:
            assert len(item["custom_id"]) <= 100
            if item["type"] == 3:
                assert len(items) == 1, "a select menu takes a whole row"
                assert 1 <= len(item["options"]) <= 25
                for option in item["options"]:
                    assert len(option["label"]) <= 100 and len(option["value"]) <= 100
                    assert len(option.get("description") or "") <= 100
            else:
                assert len(item["label"]) <= 80


def labels(message) -> list[str]:
    return [i.get("label") for row in message.components for i in row["components"] if i["type"] == 2]


def options(message) -> list[str]:
    return [o["value"] for row in message.components for i in row["components"] if i["type"] == 3 for o in i["options"]]


async def tap(member, message, label):
    assert label in labels(message), (label, labels(message), message.content)
    result = await member.user.click(message, label=label)
    assert result.response is not None, f"no answer to {label!r}"
    check_limits(result.response)
    return result.response


async def choose(member, message, value):
    select = next(
        i
        for row in message.components
        for i in row["components"]
        if i["type"] == 3 and any(o["value"] == value for o in i["options"])
    )
    result = await member.user.select(message, [value], custom_id=select["custom_id"])
    assert result.response is not None
    check_limits(result.response)
    return result.response


async def sheet(member):
    result = await member.user.slash("orders")
    assert result.ephemeral
    check_limits(result.response)
    return result.response


# -- players' languages ---------------------------------------------------------------------------


async def seats(env, channel_id):
    service = env.bots[-1].core
    async with service.storage.transaction() as tx:
        game = await tx.open_game_in_channel(channel_id)
        players = await tx.players(game.id)
    return game, {p.user_id: powers_of(game, p) for p in players}


# -- a game played to its year limit (the scene the endings' scores are worked out on) -------------
# The board the year-limit stories score: Fall 1901, every supply centre owned. Centres:
# France 10, England 8, Germany 6, Russia 5, Turkey 4, Italy 1, Austria 0 (34 in all);
# each power has a unit on each of its centres, except France (9 units: Paris is empty,
# so it builds one in the Winter) and Austria (no unit: out of the game).
CENTRES = {
    "FRANCE": "PAR MAR BRE SPA POR BEL TUN NAP ROM TRI",
    "ENGLAND": "LON EDI LVP NWY SWE DEN HOL KIE",
    "GERMANY": "BER MUN VIE BUD SER GRE",
    "RUSSIA": "MOS WAR SEV STP RUM",
    "TURKEY": "CON ANK SMY BUL",
    "ITALY": "VEN",
}


UNITS = {
    "FRANCE": ["A MAR", "F BRE", "A SPA", "A POR", "A BEL", "F TUN", "F NAP", "A ROM", "A TRI"],
    "ENGLAND": ["F LON", "F EDI", "A LVP", "F NWY", "F SWE", "F DEN", "A HOL", "F KIE"],
    "GERMANY": ["A BER", "A MUN", "A VIE", "A BUD", "A SER", "F GRE"],
    "RUSSIA": ["A MOS", "A WAR", "F SEV", "F STP/SC", "A RUM"],
    "TURKEY": ["A CON", "F ANK", "A SMY", "A BUL"],
    "ITALY": ["A VEN"],
    "AUSTRIA": [],
}


SYSTEM_NAMES = {
    "sum_of_squares": "sum of squares",
    "draw_size": "draw size (DIAS)",
    "centre_count": "centre count",
    "carnage": "Carnage",
}


async def play_to_the_year_limit(env, system: str, *, real_maps: bool = False):
    """A game created with ``end:1901``: Spring 1901 resolves with no orders, the board is
    set to the scene above for Fall 1901, France holds and builds in Paris in the Winter,
    and the game ends after the Winter of 1901."""
    table = seven(env)
    ch, alice = table.channel, table.members[0]
    r = await alice.slash(ch, "game create", name="Club", players=7, civil_disorder=0, end=1901, scoring=system)
    created = r.response.content
    assert f"Scoring: {SYSTEM_NAMES[system]}." in created
    assert "Last year: 1901. The game ends after it (its Winter included) and is scored." in created
    for m in table.members:
        await m.slash(ch, "game join")
    await alice.slash(ch, "game start")
    _, who = await powers_by_user(env, ch.id)
    member = {p: next(m for m in table.members if m.id == uid) for p, uid in who.items()}
    r = await alice.slash(ch, "game status")
    assert f"Scoring: {SYSTEM_NAMES[system]}.\nLast year: 1901." in r.response.content
    await alice.slash(ch, "mod resolve")  # Spring 1901: nobody ordered, every unit holds
    owned = {c: power for power, codes in CENTRES.items() for c in codes.split()}
    await set_scene(env, ch.id, "F1901M", UNITS, owned)
    await order(member["FRANCE"], "A MAR H")
    await alice.slash(ch, "mod resolve")  # Fall 1901 -> Winter 1901 (France builds one)
    game = await current_game(env, ch.id)
    assert (game.status, game.phase) == ("active", "W1901A")
    assert "its last year" not in "\n".join(texts(ch))
    await order(member["FRANCE"], "A PAR B")
    await alice.slash(ch, "mod resolve")  # Winter 1901: the last phase of the last year
    return table, member


def board_lines(content: str) -> dict[int, str]:
    """The leaderboard's line of each user id."""
    out = {}
    for line in content.splitlines():
        if line.startswith("**") and "<@" in line:
            out[int(line.split("<@")[1].split(">")[0])] = line
    return out


async def press_begin(env, table, *, players=7, **options):
    ch, alice = table.channel, table.members[0]
    r = await alice.slash(ch, "game create", name="Club", players=players, **options)
    assert "Club" in r.response.content, r.response.content
    for m in table.members[:players]:
        await m.slash(ch, "game join")
    r = await alice.slash(ch, "game start")
    assert "has started" in r.response.content, r.response.content
    game, who = await powers_by_user(env, ch.id)
    return game, {p: next(m for m in table.members if m.id == uid) for p, uid in who.items()}


def press_channels(env, table) -> dict[str, object]:
    """The press channels of the guild (every channel inside a press category), by name."""
    categories = {c.id for name, c in table.guild.channels.items() if "press #" in name}
    return {name: c for name, c in table.guild.channels.items() if env.backend.channels[c.id].parent_id in categories}


async def standby_begin(env, **options):
    """Seven players start a game "Club" created with ``options``; returns the table, each
    power's member, and the reply to ``/game create``."""
    table = seven(env)
    ch, alice = table.channel, table.members[0]
    created = await alice.slash(ch, "game create", name="Club", players=7, **options)
    for m in table.members:
        await m.slash(ch, "game join")
    await alice.slash(ch, "game start")
    _, who = await powers_by_user(env, ch.id)
    member = {p: next(m for m in table.members if m.id == uid) for p, uid in who.items()}
    return table, member, created.response.content


def homes() -> dict[str, str]:
    return {c: p.value for c, p in Position.initial().centres.items()}


def can(env, guild, user_id, channel_id) -> discord.Permissions:
    """What a member may do in a channel, computed by the fake Discord."""
    return discord.Permissions(env.backend.compute_permissions(guild.id, user_id, channel_id))


async def set_mod_role(env, table, name="Mods"):
    role = table.guild.create_role(name)
    async with env.bots[-1].core.storage.write() as tx:
        await tx.set_mod_role(table.guild.id, role.id)
    return role


async def start_duel(env, variant="fva", **create):
    """Two players in a started duel; returns the table, per power its member, and the
    reply to ``/game create``."""
    table = seven(env, ("alice", "bob"))
    ch, alice = table.channel, table.members[0]
    r = await alice.slash(ch, "game create", name="Duel", variant=variant, **create)
    created = r.response.content
    for m in table.members:
        await m.slash(ch, "game join")
    await alice.slash(ch, "game start")
    _, who = await powers_by_user(env, ch.id)
    member = {p: next(m for m in table.members if m.id == uid) for p, uid in who.items()}
    return table, member, created
