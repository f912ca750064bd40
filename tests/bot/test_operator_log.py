"""An operator can follow a game from the log alone: at INFO level it says when a phase
resolves (game id, name, phase, how long it took) and when posts left unsent are sent after
a restart (simcord)."""

from __future__ import annotations

import logging
import re

from tests.bot.simcord_support import running, seven
from tests.bot.support import HOURS, two_player_game


def said(caplog, logger: str) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == logger and r.levelno == logging.INFO]


async def test_the_log_says_when_a_phase_resolves_and_when_posts_are_sent_again(tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="bot")
    async with running(str(tmp_path / "db.sqlite3")) as env:
        table = seven(env)
        a, b = table.members[:2]
        await two_player_game(table, table.channel, a, b, name="Log book")
        env.inject_error("POST", "/channels/*/messages", status=503, times=None)
        await env.advance_time(48 * HOURS + 5)
        resolved = said(caplog, "bot.core.play.resolution")
        assert len(resolved) == 1
        assert re.fullmatch(r"game 1 'Log book': phase S1914M resolved in \d+\.\d\ds", resolved[0]), resolved
        async with env.bots[-1].core.storage.read() as tx:
            pending = [p for p in await tx.posts() if p["sent_at"] is None]
        assert pending
        env.backend.faults.clear()
        caplog.clear()
        await env.restart()
        await env.settle()
    sent = said(caplog, "bot.discord.poster")
    assert f"{len(pending)} post(s) left unsent by the previous run: sending them now" in sent
    # each post tried before the restart says so when it is finally sent
    tried = [p for p in pending if p["attempts"]]
    assert tried
    # (a DM of a phase that was over by then is left out of the message that carries it)
    again = [line for line in sent if " re-sent after " in line or " left out (its phase is over) after " in line]
    assert sorted(again) == sorted(
        f"post {p['id']} of game 1 (phase {p['phase']}) "
        f"{'re-sent' if p['user_id'] is None or p['phase'] == 'F1914M' else 'left out (its phase is over)'} "
        f"after {p['attempts']} attempt(s)"
        for p in tried
    )
