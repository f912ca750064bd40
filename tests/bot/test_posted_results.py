"""What the bot posts after a resolution says what the engine decided (issue 21), through
Discord (simcord), in each language: every order's mark in the results post (✅ or ❌ and
the reason) is the engine's own adjudication of the same orders on the same board (a
bounce, a dislodgement, a cut support, successes); and the maps the bot sent show it
too, read from the attachment's bytes: the orders map with each unit's token, the
arrows and the red marks of the failed orders, the next phase's map with the units
moved, and a player's private crop of their own orders."""

from __future__ import annotations

import json

import pytest

from bot.text.i18n import t
from bot.text.labels import order_line, phase_title
from engine.cli import adjudicate_bytes
from tests.bot.simcord_support import running
from tests.bot.support import STANDARD, current_game, order, set_position, start_seven
from tests.renderer.probes import Picture, arrow_coverage, has_token, red_around, red_of_move

UNITS = {
    **STANDARD,
    "FRANCE": ["A PAR", "A MAR", "F BRE"],
    "GERMANY": ["A RUH", "A BOH", "A MUN", "F KIE"],
    "ITALY": ["A TYR", "A VEN", "F NAP"],
    "AUSTRIA": ["A VIE", "A BUD", "F TRI"],
    "RUSSIA": ["A WAR", "A RUM", "F SEV", "A MOS", "F STP/SC"],
}
# France takes Burgundy with support while Germany bounces there; Germany dislodges Italy's
# army in Tyrolia; Russia bounces in Galicia with Austria and cuts Budapest's support.
ORDERS = {
    "FRANCE": ["A PAR - BUR", "A MAR S A PAR - BUR", "F BRE - MAO"],
    "GERMANY": ["A RUH - BUR", "A BOH - TYR", "A MUN S A BOH - TYR", "F KIE - HOL"],
    "ITALY": ["A TYR H", "A VEN H", "F NAP - ION"],
    "AUSTRIA": ["A VIE - GAL", "A BUD S A VIE - GAL", "F TRI H"],
    "RUSSIA": ["A WAR - GAL", "A RUM - BUD", "F SEV H", "A MOS H", "F STP/SC H"],
    "ENGLAND": ["F LON - NTH", "F EDI - NWG", "A LVP H"],
    "TURKEY": ["F ANK - BLA", "A CON H", "A SMY - CON"],
}


def results_lines(messages: list[str]) -> list[str]:
    return [line for m in messages for line in m.split("\n")]


@pytest.mark.parametrize("language", ["en", "es", "ru", "bg"])
async def test_the_posted_results_and_maps_are_the_engines_adjudication(tmp_path, language):
    async with running(str(tmp_path / "db.sqlite3"), real_maps=True) as env:
        table, member = await start_seven(env, language=language)
        ch = table.channel
        await set_position(env, ch.id, UNITS)
        position = (await current_game(env, ch.id)).position
        engine = json.loads(adjudicate_bytes(json.dumps({**position, "orders": ORDERS}).encode()))
        outcome = {o["order"]: (o["ok"], o["result"]) for o in engine["orders"]}
        # the scenario holds what the checks need: a bounce, a dislodgement, a cut support
        assert outcome["A RUH - BUR"] == (False, "bounce") and outcome["A TYR H"] == (False, "dislodged")
        assert outcome["A BUD S A VIE - GAL"] == (False, "cut") and outcome["A PAR - BUR"] == (True, "ok")

        for power, orders in ORDERS.items():
            await order(member[power], "; ".join(orders))
        # a player's private map of their own orders: the crop around France, its arrows
        r = await member["FRANCE"].user.slash("orders", map=True)
        [crop] = r.response.attachments
        picture = Picture.of(await crop.read(), position, front=("FRANCE",))
        assert picture.scale > 1
        for province in ("PAR", "MAR", "BRE"):
            assert has_token(picture, "FRANCE", province), province
        assert arrow_coverage(picture, "FRANCE", "PAR", "BUR") >= 0.75
        assert arrow_coverage(picture, "FRANCE", "BRE", "MAO") >= 0.75

        before = len(ch.history())
        for m in member.values():
            await m.user.slash("ready")
        new = ch.history()[before:]
        lines = results_lines([m.content for m in new])
        title = t("post.results_title", language, game="Club", phase=phase_title("S1901M", language))
        assert title in "\n".join(lines), title

        # every order's mark and reason in the post is the engine's
        for text, (ok, result) in outcome.items():
            shown = order_line(text, language)
            line = next((x for x in lines if x[2:].startswith(shown)), None)
            assert line is not None, (text, shown, lines)
            mark = "✅" if ok else "❌"
            assert line.startswith(f"{mark} {shown}"), (text, ok, line)
            if ok:
                assert " — " not in line.removeprefix(f"{mark} {shown}"), line
            else:
                assert line.startswith(f"{mark} {shown} — {t('result.' + result, language)}"), (text, result, line)
        failed = sum(not ok for ok, _ in outcome.values())
        assert sum(line.startswith("❌ ") for line in lines) == failed
        assert sum(line.startswith("✅ ") for line in lines) == len(outcome) - failed

        # the maps sent with the results: the orders as adjudicated, then the next phase
        [posted] = [m for m in new if m.attachments]
        names = [a.filename for a in posted.attachments]
        assert names == ["S1901M-orders.png", "S1901R.png"], names
        orders_map = Picture.of(await posted.attachments[0].read())
        for power in ("FRANCE", "GERMANY", "ITALY", "AUSTRIA"):
            for unit in UNITS[power]:
                assert has_token(orders_map, power, unit.split()[1]), (power, unit)
        for power, source, target in (("FRANCE", "PAR", "BUR"), ("GERMANY", "BOH", "TYR"), ("AUSTRIA", "VIE", "GAL")):
            assert arrow_coverage(orders_map, power, source, target) >= 0.75, (power, source, target)
        assert red_of_move(orders_map, "RUH", "BUR") >= 20  # the bounce
        assert red_around(orders_map, "TYR") >= 40  # the dislodged army
        assert red_of_move(orders_map, "BUD", "GAL") >= 20  # the cut support
        assert red_of_move(orders_map, "PAR", "BUR") == 0 and red_around(orders_map, "VEN") == 0
        after = Picture.of(await posted.attachments[1].read())
        assert has_token(after, "FRANCE", "BUR") and not has_token(after, "FRANCE", "PAR")
        assert has_token(after, "GERMANY", "TYR") and not has_token(after, "GERMANY", "BOH")
