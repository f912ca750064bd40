"""Seven people play 1901 through Discord (simcord): create, join, start, orders by DM,
deadlines passed by moving the clock, every post checked, restarts, forbidden actions."""

from __future__ import annotations

import re

from tests.bot.simcord_support import attachment_png, powers_by_user, running, seven
from tests.bot.support import private_order as order

HOURS = 3600


def posts_since(channel, count):
    return channel.history()[count:]


async def test_seven_players_play_1901(tmp_path):
    async with running(str(tmp_path / "db.sqlite3"), real_maps=True) as env:
        table = seven(env)
        ch = table.channel
        alice, bob = table.members[0], table.members[1]
        r = await alice.slash(
            ch, "game create", name="Club", players=7, movement="48h", retreat="24h", adjustment="24h"
        )
        assert "Club" in r.response.content and not r.ephemeral
        for m in table.members:
            r = await m.slash(ch, "game join")
            assert "You joined" in r.response.content
        # forbidden: starting someone else's game
        r = await bob.slash(ch, "game start")
        assert r.ephemeral and "Only the creator" in r.response.content
        r = await alice.slash(ch, "game start")
        assert "has started" in r.response.content
        game, who = await powers_by_user(env, ch.id)
        member = {p: next(m for m in table.members if m.id == uid) for p, uid in who.items()}
        start_posts = [m for m in ch.history() if "has started!" in m.content]
        assert len(start_posts) == 1 and "S1901M" in start_posts[0].attachments[0].filename
        await attachment_png(start_posts[0])
        assert "<t:" in start_posts[0].content
        for power, m in member.items():
            dms = [x.content for x in m.user.dm_channel.history()]
            assert any("Spring 1901" in d and "<t:" in d for d in dms), (power, dms)

        # autocomplete offers the player's legal orders
        fr = member["FRANCE"]
        choices = await fr.user.autocomplete("order", "orders", "A PAR - B")
        values = [c["value"] for c in choices]
        assert "A PAR - BUR" in values and "A PAR - BRE" in values
        assert all(v.startswith("A PAR - B") for v in values)

        # --- Spring 1901: a bounce in Burgundy and in Galicia
        reply = await order(fr, "A PAR - BUR\nA MAR - SPA; F BRE - MAO")
        assert "✅ `A PAR - BUR`" in reply and "✅ `F BRE - MAO`" in reply
        reply = await order(fr, "A MUN - RUH")  # forbidden: another power's unit
        assert "❌" in reply and "not one of your units" in reply
        reply = await order(fr, "A PAR - MUN")  # parses, but impossible
        assert "can't reach MUN" in reply
        reply = await order(fr, "A PAR - Burgandy")
        assert "Did you mean" in reply
        de = member["GERMANY"]
        reply = await order(de, "A MUN - BUR; A BER - MUN; F KIE - HOL")
        assert reply.count("✅") == 3
        await order(member["RUSSIA"], "A WAR - GAL")
        await order(member["AUSTRIA"], "A VIE - GAL")
        # the orders are nobody else's business before the phase resolves
        assert not any("A PAR - BUR" in m.content for m in ch.history())
        r = await bob.slash(ch, "game status")
        assert r.ephemeral and "A PAR" not in r.response.content and "<t:" in r.response.content

        # a restart between orders and the deadline loses nothing
        await env.restart()
        r = await fr.user.slash("orders")
        assert "A PAR - BUR" in r.response.content and "F BRE - MAO" in r.response.content
        # Germany changes its mind; the last order for a unit counts
        await order(de, "A MUN - RUH")

        before = len(ch.history())
        await env.advance_time(48 * HOURS + 5)
        new = posts_since(ch, before)
        # one message: the results, the new phase and its deadline, both maps
        [resolution] = new
        text = resolution.content
        assert "results of Spring 1901" in text
        assert "`A PAR - BUR`" in text and "`A MUN - RUH`" in text
        assert re.search(r"`A WAR - GAL` — bounced", text) and re.search(r"`A VIE - GAL` — bounced", text)
        assert "— *no orders*" in text and "civil disorder" not in text  # Italy, England, Turkey: missed once
        assert text.index("results of Spring 1901") < text.index("Fall 1901") and "Deadline: <t:" in text
        assert [a.filename for a in resolution.attachments] == ["S1901M-orders.png", "F1901M.png"]
        await attachment_png(resolution)

        # --- Fall 1901: Burgundy is taken, the French army retreats
        await order(de, "A RUH - BUR; A MUN S A RUH - BUR; F HOL H")
        await order(fr, "A BUR H; A SPA H; F MAO H")
        before = len(ch.history())
        dms_before = {p: len(m.user.dm_channel.history()) for p, m in member.items()}
        await env.advance_time(48 * HOURS + 5)
        new = posts_since(ch, before)
        results = [m for m in new if "results of Fall 1901" in m.content]
        # the retreat phase concerns France alone: nobody else gets a DM (issue 13)
        grown = {
            p
            for p, m in member.items()
            if any("Fall 1901 retreats" in d.content for d in m.user.dm_channel.history()[dms_before[p] :])
        }
        assert grown == {"FRANCE"}, grown
        assert len(results) == 1 and "`A BUR H` — dislodged" in results[0].content
        # three powers declared in civil disorder: too long for one message, so two,
        # the maps with the new phase in the last
        assert len(new) == 2 and new[0] is results[0] and "Fall 1901 retreats" in new[1].content
        assert [a.filename for a in new[1].attachments] == ["F1901M-orders.png", "F1901R.png"]
        await attachment_png(new[1])
        dms = [x.content for x in fr.user.dm_channel.history()]
        assert any("retreats" in d and "A BUR →" in d for d in dms)
        reply = await order(fr, "A BUR - RUH")
        assert "can't retreat to RUH" in reply
        reply = await order(fr, "A BUR - MAR")
        assert "✅ `A BUR R MAR`" in reply
        # everyone with something to order is ready: it resolves at once
        r = await fr.user.slash("ready")
        assert "Everyone is ready" in r.response.content
        new = posts_since(ch, before)
        assert any("results of Fall 1901 retreats" in m.content and "A BUR R MAR" in m.content for m in new)
        assert any("Winter 1901 adjustments" in m.content for m in new)

        # --- Winter 1901: builds
        reply = await order(de, "A BER B")
        assert "✅ `A BER B`" in reply
        reply = await order(fr, "F MAR B")
        assert "not possible" in reply or "❌" in reply
        reply = await order(fr, "A PAR B")
        assert "✅ `A PAR B`" in reply
        before = len(ch.history())
        # ordering after the deadline: the bot is down while the deadline passes
        await env.restart(scheduler=False)
        await env.advance_time(24 * HOURS + 5)
        reply = await order(de, "WAIVE")
        assert "deadline" in reply and "passed" in reply
        await env.restart()  # back up: the due phase resolves at once
        new = posts_since(ch, before)
        results = [m for m in new if "results of Winter 1901" in m.content]
        assert len(results) == 1 and "`A BER B`" in results[0].content and "`A PAR B`" in results[0].content
        spring = [m for m in new if "Spring 1902" in m.content]
        assert len(spring) == 1
        await attachment_png(spring[0])
        r = await bob.slash(ch, "game map", phase="F1901M")
        assert r.response is not None
        await attachment_png(r.response.message)
        # every post went out exactly once
        contents = [m.content for m in ch.history() if m.content.startswith(("📜", "⏳"))]
        assert len(contents) == len(set(contents))
