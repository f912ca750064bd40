"""Texts that said something untrue or unhelpful (issue 21), as players and moderators
read them through Discord (simcord): each test shows what a post or reply says now."""

from __future__ import annotations

import re

from tests.bot.simcord_support import running
from tests.bot.test_moderation import current_game, ready_all, texts
from tests.bot.test_standby import begin

HOURS = 3600


async def test_the_grace_post_separates_the_players_it_waits_for(tmp_path):
    """Discord shows a mention as a bare name: ``for <@a> <@b>`` read "for Alice Bob"."""
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table, member, _ = await begin(env, grace="1h", grace_for="everyone")
        ch = table.channel
        await ready_all(member, but=("FRANCE", "ITALY"))
        await env.advance_time(48 * HOURS + 5)
        assert (await current_game(env, ch.id)).phase == "S1901M"
        [post] = [x for x in texts(ch) if x.startswith("⏳ The deadline of")]
        waited = sorted(f"<@{member[p].id}>" for p in ("FRANCE", "ITALY"))
        assert f"for {waited[0]}, {waited[1]}." in post, post
        assert not re.search(r"> <@", post)
