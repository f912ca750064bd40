"""Russia plays a whole 1901 only by tapping the order sheet (simcord): a fleet on a split
coast (F STP/SC), a convoy (F BLA C A SEV - RUM), a retreat and a build (F STP/NC). Every
screen seen is checked against Discord's limits; the review's change list, the warnings,
a stale menu and the phone-sized map in the new-phase DM are checked on the way."""

from __future__ import annotations

from tests.bot.simcord_support import attachment_png, powers_by_user, running, seven
from tests.bot.support import choose, labels, options, sheet, tap
from tests.bot.support import private_order as order

HOURS = 3600


async def test_russia_orders_1901_by_tapping(tmp_path):
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table = seven(env)
        ch = table.channel
        alice = table.members[0]
        await alice.slash(ch, "game create", name="Club", players=7, movement="48h", retreat="24h", adjustment="24h")
        for m in table.members:
            await m.slash(ch, "game join")
        await alice.slash(ch, "game start")
        game, who = await powers_by_user(env, ch.id)
        member = {p: next(m for m in table.members if m.id == uid) for p, uid in who.items()}
        ru = member["RUSSIA"]

        # the new-phase DM offers the map cropped around Russia: one tap away, privately
        start_dm = [m for m in ru.user.dm_channel.history() if "Spring 1901" in m.content][0]
        assert not start_dm.attachments
        result = await ru.user.click(start_dm, label="🗺️ My map")
        crop = result.response
        assert result.ephemeral and crop.attachments[0].filename == "S1901M-russia.png"
        await attachment_png(crop)

        # --- Spring 1901
        msg = await sheet(ru)
        assert "F STP/SC" in msg.content and "*no order*" in msg.content and "<t:" in msg.content
        assert labels(msg) == [
            "Order all units",
            "Order one unit",
            "Clear",
            "Ready",
            "🗺️ My orders on the map",  # issue 15: the private map, standby orders
            "🛟 Standby orders",
        ]
        assert "without an order" in msg.content and "A MOS" in msg.content
        # ready with units unordered: a warning first
        warned = await tap(ru, msg, "Ready")
        assert "Before you say you are ready" in warned.content and "A WAR" in warned.content
        msg = await tap(ru, warned, "Back")
        spring_sheet = msg

        await env.restart()  # the sheet's buttons still work after a restart
        msg = await tap(ru, msg, "Order all units")
        steps = {}
        for _ in range(4):
            unit = msg.content.split("**")[3]  # "• **A MOS** — ..."
            steps[unit] = msg
            if unit == "A MOS":
                msg = await choose(ru, await tap(ru, msg, "Move"), "A MOS - SEV")
            elif unit == "F SEV":
                moves = await tap(ru, msg, "Move")
                assert "F SEV - BLA" in options(moves) and "F SEV - RUM" in options(moves)
                msg = await choose(ru, moves, "F SEV - BLA")
            elif unit == "F STP/SC":  # the fleet on the south coast moves along it
                moves = await tap(ru, msg, "Move")
                assert set(options(moves)) == {"F STP/SC - BOT", "F STP/SC - FIN", "F STP/SC - LVN"}
                msg = await choose(ru, moves, "F STP/SC - BOT")
            elif unit == "A WAR":
                msg = await choose(ru, await tap(ru, msg, "Move"), "A WAR - UKR")
        assert set(steps) == {"A MOS", "F SEV", "F STP/SC", "A WAR"}
        assert "review your orders" in msg.content
        assert "Changes since your last submission (4)" in msg.content
        assert "➕ `F STP/SC - BOT`" in msg.content
        msg = await tap(ru, msg, "✅ Submit")
        assert "4 orders submitted; changed: 4" in msg.content
        assert "`A MOS - SEV`" in msg.content and "without an order" not in msg.content

        # /clear offers the player's orders
        choices = await ru.user.autocomplete("clear", "unit", "")
        assert {"name": "A MOS - SEV", "value": "MOS"} in choices and choices[0]["value"] == "all"

        # change one unit: the review shows just that change
        msg = await tap(ru, msg, "Order one unit")
        msg = await choose(ru, msg, "WAR")
        msg = await tap(ru, msg, "Hold")
        assert "Changes since your last submission (1)" in msg.content
        assert "✏️ `A WAR - UKR` → `A WAR H`" in msg.content
        msg = await tap(ru, msg, "✅ Submit")
        assert "changed: 1" in msg.content and "`A WAR H`" in msg.content

        # the others type their orders
        await order(member["GERMANY"], "A BER - SIL")
        await order(member["AUSTRIA"], "A VIE - GAL; A BUD S A VIE - GAL")
        await env.advance_time(48 * HOURS + 5)
        results = [m for m in ch.history() if "results of Spring 1901" in m.content][0].content
        for o in ("A MOS - SEV", "F SEV - BLA", "F STP/SC - BOT", "A WAR H"):
            assert f"✅ `{o}`" in results

        # a menu of the spring is refused now, and the new sheet is shown instead
        stale = await tap(ru, spring_sheet, "Order all units")
        assert "That menu was for Spring 1901 moves" in stale.content and "Fall 1901 moves" in stale.content

        # --- Fall 1901: a convoy that first does not match the army's order (warning), then does
        msg = await tap(ru, stale, "Order all units")
        for _ in range(4):
            unit = msg.content.split("**")[3]
            if unit == "F BLA":
                armies = await tap(ru, msg, "Convoy")
                assert "SEV" in options(armies)
                convoys = await choose(ru, armies, "SEV")
                assert "F BLA C A SEV - RUM" in options(convoys)
                msg = await choose(ru, convoys, "F BLA C A SEV - RUM")
            elif unit == "F BOT":
                msg = await choose(ru, await tap(ru, msg, "Move"), "F BOT - SWE")
            else:  # A SEV and A WAR hold for now
                msg = await tap(ru, msg, "Hold")
        assert "review your orders" in msg.content
        assert "does not match the order of the army it convoys" in msg.content
        msg = await tap(ru, msg, "✅ Submit")
        assert "does not match" in msg.content  # the sheet warns too
        msg = await tap(ru, msg, "Order one unit")
        msg = await choose(ru, msg, "SEV")
        moves = await tap(ru, msg, "Move")
        assert "A SEV - RUM VIA" in options(moves)
        msg = await choose(ru, moves, "A SEV - RUM VIA")
        assert "✏️ `A SEV H` → `A SEV - RUM VIA`" in msg.content and "does not match" not in msg.content
        msg = await tap(ru, msg, "✅ Submit")
        assert "⚠️" not in msg.content

        await order(member["AUSTRIA"], "A GAL - WAR")
        await order(member["GERMANY"], "A SIL S A GAL - WAR")
        await env.advance_time(48 * HOURS + 5)
        results = [m for m in ch.history() if "results of Fall 1901" in m.content][0].content
        assert "✅ `F BLA C A SEV - RUM`" in results and "✅ `A SEV - RUM VIA`" in results
        assert "✅ `F BOT - SWE`" in results and "`A WAR H` — dislodged" in results

        # --- Fall 1901 retreats: the dislodged army retreats by two taps, then Ready
        msg = await sheet(ru)
        assert "Fall 1901 retreats" in msg.content and "will be disbanded" in msg.content
        msg = await tap(ru, msg, "Order all units")
        assert labels(msg)[:2] == ["Retreat", "Disband"]
        retreats = await tap(ru, msg, "Retreat")
        assert "A WAR R UKR" in options(retreats) and "A WAR R GAL" not in options(retreats)
        msg = await choose(ru, retreats, "A WAR R UKR")
        msg = await tap(ru, msg, "✅ Submit")
        assert "`A WAR R UKR`" in msg.content
        msg = await tap(ru, msg, "Ready")
        assert "Everyone is ready" in msg.content
        results = [m for m in ch.history() if "results of Fall 1901 retreats" in m.content][0].content
        assert "A WAR R UKR" in results

        # --- Winter 1901: one build, on the north coast of St Petersburg
        msg = await sheet(ru)
        assert "Winter 1901" in msg.content and "builds not chosen: " in msg.content
        msg = await tap(ru, msg, "Order all units")
        assert "Build nothing" in labels(msg)
        builds = options(msg)
        assert {"F STP/NC B", "F STP/SC B", "A STP B", "A MOS B", "F SEV B"} <= set(builds)
        assert not any("WAR" in b for b in builds)  # Warsaw is Austrian now
        msg = await choose(ru, msg, "F STP/NC B")
        assert "➕ `F STP/NC B`" in msg.content and "⚠️" not in msg.content
        msg = await tap(ru, msg, "✅ Submit")
        assert "`F STP/NC B`" in msg.content
        await env.advance_time(24 * HOURS + 5)
        results = [m for m in ch.history() if "results of Winter 1901" in m.content][0].content
        assert "✅ `F STP/NC B`" in results
        assert any("Spring 1902" in m.content for m in ch.history())
