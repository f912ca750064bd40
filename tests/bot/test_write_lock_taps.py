"""Taps on the order sheet while another program (an admin's ``sqlite3`` shell, a database
browser) holds SQLite's write lock (simcord): the tap is acknowledged while the lock is
still held (a deferred update: Discord's 3 s are kept, no "This interaction failed"), the
player is told privately that the database is busy and nothing is saved yet, the write keeps
trying, and once the other program lets go the choice is stored and the sheet shows it (the
notice, stale then, is removed). The lock is released only once the tap was answered: a bot
that does not answer while it waits leaves the test to release it after a hang guard, and
the test fails on what it saw meanwhile."""

from __future__ import annotations

import sqlite3
import threading
import time
from contextlib import closing
from pathlib import Path

from bot.text.i18n import t
from tests.bot.databases import sqlite_only
from tests.bot.simcord_support import running, seven
from tests.bot.support import choose, options, sheet, tap

pytestmark = sqlite_only

HANG_GUARD = 60.0  # seconds the other program keeps its lock if the bot never answers the tap


class LockUntilAnswered:
    """The other program: ``BEGIN IMMEDIATE`` on its own connection, held (in a thread of its
    own, the bot's loop runs meanwhile) until the next tap on a component has been
    acknowledged and has its follow-up, then released; what it saw at that moment is kept."""

    def __init__(self, env, db: Path) -> None:
        self.backend = env.backend
        self.before = {i.id for i in self._interactions()}
        self.con = sqlite3.connect(db, isolation_level=None, check_same_thread=False)
        self.con.execute("BEGIN IMMEDIATE")
        self.seen: dict = {}
        self.thread = threading.Thread(target=self._watch, daemon=True)
        self.thread.start()

    def _interactions(self) -> list:
        while True:
            try:  # (the bot's loop adds to it meanwhile)
                return list(self.backend.interactions.values())
            except RuntimeError:
                continue

    def _watch(self) -> None:
        give_up = time.monotonic() + HANG_GUARD
        while time.monotonic() < give_up:
            taps = [i for i in self._interactions() if i.id not in self.before and i.type == 3]
            if taps and taps[0].responded and taps[0].followup_ids:
                record = taps[0]
                notice = self.backend.get_message(record.channel_id, record.followup_ids[0])
                self.seen = {
                    "kind": record.response_kind,
                    "notice": notice.content,
                    "private": bool(notice.flags & 64),
                    "drafts": self.con.execute("SELECT text FROM order_drafts").fetchall(),
                    "orders": self.con.execute("SELECT COUNT(*) FROM orders").fetchone()[0],
                }
                break
            time.sleep(0.05)
        self.con.execute("ROLLBACK")
        self.con.close()

    def join(self) -> None:
        self.thread.join(HANG_GUARD + 10)


async def test_a_tap_on_the_sheet_while_another_program_holds_the_write_lock_is_answered_and_kept(tmp_path):
    db = tmp_path / "db.sqlite3"
    async with running(str(db)) as env:
        table = seven(env, ("alice", "bob"))
        ch, alice = table.channel, table.members[0]
        await alice.slash(ch, "game create", name="Locked", players=2)
        for m in table.members:
            await m.slash(ch, "game join")
        await alice.slash(ch, "game start")

        msg = await tap(alice, await sheet(alice), "Order one unit")
        unit = options(msg)[0]
        moves = await tap(alice, await choose(alice, msg, unit), "Move")
        move = options(moves)[0]

        # the order picked from the menu while another program holds the lock
        holder = LockUntilAnswered(env, db)
        try:
            row = next(r for r in moves.components if r["components"][0]["type"] == 3)
            result = await alice.user.select(moves, [move], custom_id=row["components"][0]["custom_id"])
        finally:
            holder.join()
        seen = holder.seen
        assert seen, "the tap was not answered while the other program held the lock"
        assert seen["kind"].name == "DEFERRED_UPDATE"  # the sheet stays as it is meanwhile
        assert seen["notice"] == t("error.database_busy", "en") and seen["private"]
        assert seen["drafts"] == []  # nothing stored yet: the notice says so truly
        # once the other program let go: the order is stored and the sheet shows it
        with closing(sqlite3.connect(db)) as con:
            assert con.execute("SELECT text FROM order_drafts").fetchall() == [(move,)]
        assert result.response.id == moves.id  # the sheet itself, edited
        assert f"`{move}`" in result.response.content and "Changes since your last submission (1)" in (
            result.response.content
        )
        assert result.followups == []  # the stale notice is gone
        assert not env.errors

        # a button (Submit) the same way: the orders themselves are stored once it lets go
        holder = LockUntilAnswered(env, db)
        try:
            result = await alice.user.click(result.response, label="✅ Submit")
        finally:
            holder.join()
        seen = holder.seen
        assert seen, "the tap was not answered while the other program held the lock"
        assert seen["notice"] == t("error.database_busy", "en") and seen["orders"] == 0
        with closing(sqlite3.connect(db)) as con:
            assert con.execute("SELECT text FROM orders").fetchall() == [(move,)]
        assert "✅ 1 order submitted; changed: 1." in result.response.content and f"`{move}`" in result.response.content
        assert result.followups == []
        assert not env.errors
