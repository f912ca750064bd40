"""Fog of War through Discord (issue 25): a seven-player fog game played through 1901
with a dislodgement, a retreat and a build, and a leak test over everything the bot sends
to each player: every channel message, DM, reply, autocomplete answer, attachment name,
alt text and map picture is checked against what that player may see. What a player may
see is recomputed here from the stored positions with the test's own sight function
(:func:`tests.engine.test_fog.expected_sight`: the map's army and fleet edges), not with
the bot's."""

from __future__ import annotations

import io
import json
import re

from PIL import Image

from bot.core.context import powers_of
from engine import STANDARD, Position, Power
from engine.codec import position_from_json
from engine.names import table
from renderer import style
from renderer.layers import geometry
from renderer.render import _region
from renderer.scene import scene_from_objects
from tests.bot.simcord_support import running, seven
from tests.bot.support import STANDARD as STANDARD_UNITS
from tests.bot.support import current_game, dms, order, set_scene, start_duel, start_seven
from tests.engine.sight import expected_sight

CODE = re.compile(r"\b([A-Z]{3})\b")
NAMES = {code: table("en").province_name(code) for code in STANDARD.provinces}


class Seen:
    """Everything one player was sent: (text, [(filename, alt text, bytes)])."""

    def __init__(self) -> None:
        self.items: list[tuple[str, list[tuple[str, str, bytes]]]] = []

    async def add(self, message) -> None:
        files = [(a.filename, a.description or "", await a.read()) for a in message.attachments]
        self.items.append((message.content or "", files))

    def texts(self) -> list[str]:
        return [text for text, _ in self.items] + [f"{n} {alt}" for _, files in self.items for n, alt, _ in files]


def leaks(texts: list[str], allowed: set[str]) -> list[tuple[str, str]]:
    """(province, text) for every mention of a province the reader never saw: its code
    (``MUN``) or its English name (``Munich``)."""
    out = []
    for text in texts:
        for code in CODE.findall(text):
            if code in STANDARD.provinces and code not in allowed:
                out.append((code, text))
        for code, name in NAMES.items():
            if code not in allowed and re.search(rf"\b{re.escape(name)}\b", text):
                out.append((code, text))
    return out


COUNT = re.compile(r"\b(Austria|England|France|Germany|Italy|Russia|Turkey): \d+ centres?, (\d+) units?")


def counts_wrong(alt: str, position: dict, power: str) -> list[str]:
    """An alt text that says how many units another power has beyond those in sight."""
    pos = position_from_json(position)
    sight = expected_sight(pos, Power(power))
    wrong = []
    for name, units in COUNT.findall(alt):
        other = Power(name.upper())
        shown = sum(1 for u in pos.units.values() if u.power is other and u.province in sight)
        if other.value != power and int(units) > shown:
            wrong.append(f"{name}: {units} units, {shown} in sight")
    return wrong


def fog_pixels_wrong(png: bytes, position: dict, power: str) -> tuple[list[str], int]:
    """The provinces out of ``power``'s sight whose point on this (cropped) picture is not
    drawn as fog (a unit, an arrow or an owner's tint would show there), and how many such
    points the picture has."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    sight = expected_sight(position_from_json(position), Power(power))
    scene = scene_from_objects(position, fog=power)
    region = _region(scene, (power,))
    x0, y0, x1, y1 = region.box
    board = geometry().board
    wrong, checked = [], 0
    for code in sorted(set(STANDARD.provinces) - sight):
        prov = board.provinces.get(code)
        if prov is None or prov.kind == "impassable":
            continue
        x, y = prov.unit
        if not (x0 + 20 <= x <= x1 - 20 and y0 + 20 <= y <= y1 - 20):
            continue  # outside this crop
        px, py = int((x - x0) * region.scale), int((y - y0) * region.scale)
        checked += 1
        pixel = image.getpixel((px, py))
        if not any(
            max(abs(a - b) for a, b in zip(pixel, fog, strict=True)) <= 24 for fog in (style.FOG_LAND, style.FOG_SEA)
        ):
            wrong.append(f"{code} {pixel}")
    return wrong, checked


async def test_a_seven_player_fog_game_through_a_year_leaks_nothing(tmp_path):
    async with running(str(tmp_path / "db.sqlite3"), real_maps=True) as env:
        table_, member = await start_seven(env, fog=True)
        ch, alice = table_.channel, table_.members[0]
        seen = {p: Seen() for p in member}
        replies = {p: Seen() for p in member}
        completions: dict[str, list[str]] = {p: [] for p in member}

        async def say(power: str, text: str) -> str:
            r = await member[power].user.slash("order", orders=text)
            await replies[power].add(r.response)
            return r.response.content

        async def tap_maps() -> None:
            """Players who have their maps offered tap "My map" on their newest DM."""
            for power, m in member.items():
                dm = m.user.dm_channel.history()[-1]
                buttons = [getattr(c, "label", None) for row in dm.components for c in row.children]
                if not dm.attachments and "🗺️ My map" in buttons:
                    r = await m.user.click(dm, label="🗺️ My map")
                    await replies[power].add(r.response)

        for power in ("FRANCE", "GERMANY", "ENGLAND"):  # the others keep their maps offered
            r = await member[power].user.slash("remind", map=True)
        await tap_maps()
        # Spring 1901: France supports a German army it cannot see (kept, judged at the deadline)
        assert "✅" in await say("FRANCE", "A PAR - BUR; A MAR S A MUN - BUR; F BRE H")
        reply = await say("FRANCE", "A MUN H")
        assert "You have no unit in Munich" in reply or "You have no unit in MUN" in reply
        assert "Germany" not in reply
        await say("GERMANY", "A MUN - RUH; A BER - MUN; F KIE - HOL")
        await say("ENGLAND", "F LON H; F EDI H; A LVP H")
        completions["FRANCE"] = [
            c["name"] for c in await member["FRANCE"].user.autocomplete("order", "orders", "A MAR S")
        ]
        assert completions["FRANCE"] and not any("MUN" in c or "Munich" in c for c in completions["FRANCE"])
        r = await member["FRANCE"].slash(ch, "game status")  # who has ordered: public; nothing of the board
        await replies["FRANCE"].add(r.response)
        r = await member["FRANCE"].user.slash("orders")  # the order sheet: France's own units and menus
        await replies["FRANCE"].add(r.response)
        for command in ("game board", "game map", "game history"):
            r = await member["FRANCE"].slash(ch, command)
            await replies["FRANCE"].add(r.response)
            assert r.ephemeral and "is played with Fog of War" in r.response.content
        await alice.slash(ch, "mod resolve")
        await tap_maps()
        # Fall 1901: Germany dislodges the French army in Burgundy and takes Holland
        await say("GERMANY", "A RUH - BUR; A MUN S A RUH - BUR; F HOL H")
        await say("FRANCE", "A BUR H; A MAR H; F BRE H")
        await alice.slash(ch, "mod resolve")
        game = await current_game(env, ch.id)
        assert game.phase == "F1901R"
        await tap_maps()
        await say("FRANCE", "A BUR R GAS")
        await alice.slash(ch, "mod resolve")
        await tap_maps()
        assert (await current_game(env, ch.id)).phase == "W1901A"
        await say("GERMANY", "A BER B")
        await alice.slash(ch, "mod resolve")
        await tap_maps()
        game = await current_game(env, ch.id)
        assert game.phase == "S1902M" and "A BER" in game.position["units"]["GERMANY"]

        # what each player may have seen: their sight at every stored position
        async with env.bots[-1].core.storage.read() as tx:
            names = await tx.phase_names(game.id)
            rows = {n: await tx.phase(game.id, n) for n in names}
        positions = {n: row.position for n, row in rows.items()}
        channel = Seen()
        for message in ch.history():
            await channel.add(message)
        # the channel: deadlines and public news only, never a board, a unit or a province
        assert not [f for _, files in channel.items for f in files]
        assert leaks(channel.texts(), set()) == []
        for power, m in member.items():
            for message in m.user.dm_channel.history():
                await seen[power].add(message)
            allowed: set[str] = set()
            for position in positions.values():
                allowed |= expected_sight(position_from_json(position), Power(power))
            everything = seen[power].texts() + replies[power].texts() + completions[power]
            assert leaks(everything, allowed) == [], power
            # every picture: the provinces out of sight at its phase are fog, nothing in them
            pictures = [
                (n, alt, png) for s in (seen[power], replies[power]) for _, files in s.items for n, alt, png in files
            ]
            assert pictures, power
            probed = 0
            for name, alt, png in pictures:
                phase = name.split("-")[0].removesuffix(".png")
                assert counts_wrong(alt, positions[phase], power) == [], (power, name, alt)
                wrong, checked = fog_pixels_wrong(png, positions[phase], power)
                assert wrong == [] and checked, (power, name, wrong, checked)
                probed += checked
            assert probed >= 10, (power, probed)  # the test looked at the fog, not at nothing
            # one DM per phase played, each with what the player saw
            assert sum("what you saw of" in text for text, _ in seen[power].items) == 4, power
        # what was seen: France saw the German attack from Ruhr (next to Burgundy), England nothing of it
        france = "\n".join(text for text, _ in seen["FRANCE"].items)
        assert "Germany: `A RUH - BUR`" in france and "F KIE - HOL" not in france
        england = "\n".join(text for text, _ in seen["ENGLAND"].items)
        assert "BUR" not in england and "Burgundy" not in england
        assert "Germany: centres 4" in england  # the centre counts are public


async def test_the_fog_lifts_at_the_end_with_the_whole_history(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table_, member, created = await start_duel(env, variant="gvi", fog=True, end=1901)
        ch, alice = table_.channel, table_.members[0]
        assert "🌫️ Fog of War" in created and "Format: **Germany vs Italy**" in created
        await order(member["GERMANY"], "A MUN - TYR")
        await order(member["ITALY"], "A VEN - PIE")
        await alice.slash(ch, "mod resolve")
        r = await alice.slash(ch, "game history")
        assert r.ephemeral and "is played with Fog of War" in r.response.content
        await alice.slash(ch, "mod resolve")  # Fall 1901: the last year's last phase (no builds)
        game = await current_game(env, ch.id)
        assert game.status == "finished"
        reveal = next(m for m in ch.history() if "The fog lifts over **Duel**" in m.content)
        document = next(a for a in reveal.attachments if a.filename.endswith(".json"))
        history = json.loads(await document.read())
        assert history["game"]["fog"] is True and history["game"]["variant"] == "gvi"
        orders = [r["order"] for p in history["phases"] for r in (p["results"] or [])]
        assert "A MUN - TYR" in orders and "A VEN - PIE" in orders  # every order of every phase
        r = await alice.slash(ch, "game board")  # after the end, the board is everyone's
        assert "Fog of War" not in r.response.content and "Tyrolia" in r.response.content


async def test_a_phase_played_at_once_is_told_in_the_same_private_message(tmp_path):
    """Fall 1901 leaves Austria no centre and one army: its Winter disband is forced, so
    nobody has a choice in the Winter and it is played at once. Each player gets one
    private message for that resolution (as in a game without fog): what they saw of the
    Fall, then of the Winter, and what they owe in Spring 1902."""
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table_, member = await start_seven(env, fog=True)
        ch, alice = table_.channel, table_.members[0]
        units = {**STANDARD_UNITS, "AUSTRIA": ["A TYR"]}
        others = {c: p for c, p in Position.initial().centres.items() if p is not Power.AUSTRIA}
        await set_scene(env, ch.id, "F1901M", units, {c: p.value for c, p in others.items()}, homes=False)
        await order(member["AUSTRIA"], "A TYR H")  # its player plays on (not in civil disorder)
        before = {p: len(dms(m)) for p, m in member.items()}
        await alice.slash(ch, "mod resolve")  # Fall 1901; the Winter follows at once
        await env.advance_time(5)
        game = await current_game(env, ch.id)
        assert game.phase == "S1902M" and "AUSTRIA" not in game.position["units"]
        new = {p: [x for x in dms(m)[before[p] :] if "what you saw of" in x] for p, m in member.items()}
        assert {p: len(x) for p, x in new.items()} == {p: 1 for p in member}  # one message each for the resolution
        for power, [text] in new.items():
            assert text.index("what you saw of Fall 1901") < text.index("what you saw of Winter 1901"), text
            # one post: the Winter is not told as a phase of its own (the poster may put two
            # posts due together in one message; a later one would be a second message)
            assert text.count("Supply centres:") == 1 and "Winter 1901 adjustments**" not in text, text
            if power == "AUSTRIA":  # out of the game now: told what it saw, nothing to order
                assert "A TYR" in text and "nothing for you to order" in text
            else:
                assert "**Spring 1902 moves** has started" in text, text


async def test_a_rollback_past_a_phase_played_at_once_tells_each_player_what_they_saw_again(tmp_path):
    """The Winter above, played at once after the Fall; the moderator undoes the last
    resolution: the game is back in the Fall (the Winter is undone with it). Played again,
    the Fall is followed by the Winter at once, and each player gets again, in one private
    message, what they saw of the Fall and of the Winter and what they owe in Spring 1902:
    nothing of either phase is lost, and nobody is asked to order in the Winter."""
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table_, member = await start_seven(env, fog=True)
        ch, alice = table_.channel, table_.members[0]
        units = {**STANDARD_UNITS, "AUSTRIA": ["A TYR"]}
        others = {c: p for c, p in Position.initial().centres.items() if p is not Power.AUSTRIA}
        await set_scene(env, ch.id, "F1901M", units, {c: p.value for c, p in others.items()}, homes=False)
        await order(member["AUSTRIA"], "A TYR H")
        await alice.slash(ch, "mod resolve")
        await env.advance_time(5)
        assert (await current_game(env, ch.id)).phase == "S1902M"
        r = await alice.slash(ch, "mod rollback")
        assert "the game is back in Fall 1901 moves" in r.response.content
        await env.advance_time(5)
        assert (await current_game(env, ch.id)).phase == "F1901M"
        before = {p: len(dms(m)) for p, m in member.items()}
        await alice.slash(ch, "mod resolve")  # the Fall again; the Winter follows at once
        await env.advance_time(5)
        game = await current_game(env, ch.id)
        assert game.phase == "S1902M" and "AUSTRIA" not in game.position["units"]
        for power, m in member.items():
            told = dms(m)[before[power] :]
            [text] = [x for x in told if "what you saw of" in x]
            assert text.index("what you saw of Fall 1901") < text.index("what you saw of Winter 1901"), text
            assert not any("Winter 1901 adjustments** has started" in x for x in told), told
            if power == "AUSTRIA":
                assert "A TYR" in text and "nothing for you to order" in text
            else:
                assert "**Spring 1902 moves** has started" in text, text


async def test_fog_needs_one_power_per_player(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table_ = seven(env, ("alice",))
        r = await table_.members[0].slash(table_.channel, "game create", name="Trio", players=3, fog=True)
        assert r.ephemeral
        assert r.response.content == "Fog of War needs one power per player: choose 5, 6 or 7 players, or a duel."


async def test_a_replacement_in_a_fog_game_gets_its_own_fogged_map_only(tmp_path):
    async with running(str(tmp_path / "db.sqlite3"), real_maps=True) as env:
        table_, member = await start_seven(env, fog=True)
        ch, alice = table_.channel, table_.members[0]
        newbie = table_.guild.add_member(env.create_user("newbie"))
        await newbie.user.slash("remind", map=True)  # the map comes with the DM
        power = next(p for p, m in member.items() if m is not alice)
        r = await alice.slash(ch, "mod replace", power=power, member=newbie)
        assert r.ephemeral and f"now plays {power.title()}" in r.response.content
        welcome = next(m for m in newbie.user.dm_channel.history() if f"You now play **{power.title()}**" in m.content)
        game = await current_game(env, ch.id)
        [picture] = welcome.attachments
        assert picture.filename == f"S1901M-{power.lower()}.png"  # its own front, not the whole board
        alt = picture.description or ""
        assert counts_wrong(alt, game.position, power) == []
        wrong, checked = fog_pixels_wrong(await picture.read(), game.position, power)
        assert wrong == [] and checked


async def test_a_newcomer_who_takes_a_bots_seat_in_a_fog_game_gets_its_own_fogged_map_only(tmp_path):
    """Five players start a fog game with bots in two seats; a newcomer asks for a bot's
    power, a moderator accepts, and at the next phase the newcomer's welcome carries the
    map of its own sight (the takeover and a moderator's replacement hand a seat alike)."""
    async with running(str(tmp_path / "db.sqlite3"), real_maps=True) as env:
        table_ = seven(env, ("alice", "bob", "carol", "dave", "erin"))
        ch, alice = table_.channel, table_.members[0]
        await alice.slash(ch, "game create", name="Mist", fog=True)
        for m in table_.members:
            await m.slash(ch, "game join")
        await alice.slash(ch, "game start", bots=True)
        game = await current_game(env, ch.id)
        async with env.bots[-1].core.storage.read() as tx:
            players = await tx.players(game.id)
        taken = {pw for p in players for pw in powers_of(game, p)}
        seat = sorted(pw.value for pw in Power if pw not in taken)[0]
        newbie = table_.guild.add_member(env.create_user("newbie"))
        await newbie.user.slash("remind", map=True)  # the map comes with the DM
        r = await newbie.slash(ch, "game join", power=seat)
        assert r.ephemeral and "You asked for" in r.response.content, r.response.content
        r = await alice.slash(ch, "mod seat", request=1, accept=True)
        assert r.ephemeral and "from the next phase" in r.response.content, r.response.content
        await alice.slash(ch, "mod resolve")  # the phase boundary: the seat is the newcomer's
        await env.advance_time(5)
        welcome = next(m for m in newbie.user.dm_channel.history() if f"You now play **{seat.title()}**" in m.content)
        game = await current_game(env, ch.id)
        [picture] = welcome.attachments  # once, though the welcome and the results both ask for it
        assert picture.filename == f"{game.phase}-{seat.lower()}.png"  # its own front, not the whole board
        assert counts_wrong(picture.description or "", game.position, seat) == []
        wrong, checked = fog_pixels_wrong(await picture.read(), game.position, seat)
        assert wrong == [] and checked


def test_a_fog_pictures_inputs_keep_the_public_centre_counts_and_nothing_else_out_of_sight():
    from bot.infra.maps import fogged_inputs
    from engine import Position
    from engine.codec import position_to_json

    start = position_to_json(Position.initial())
    orders = [
        {"power": "GERMANY", "order": "A MUN - BUR", "ok": False, "result": "bounce"},
        {"power": "FRANCE", "order": "A PAR - BUR", "ok": False, "result": "bounce"},
    ]
    shown, seen_orders = fogged_inputs(start, orders, "ENGLAND")
    assert {p: len(c) for p, c in shown["centers"].items()} == {p: len(c) for p, c in start["centers"].items()}
    assert set(shown["units"]) == {"ENGLAND"}  # nobody else's unit is in England's sight in 1901
    assert seen_orders == []  # Munich and Paris are out of England's sight
