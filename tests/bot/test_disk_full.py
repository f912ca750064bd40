"""A full disk under a running bot (``python -m bot`` against the loopback Discord, its
database on a small tmpfs the test fills up): a player's order that cannot be stored is
answered privately in their language, saying that nothing was saved; the admin reads one
line naming the cause and what to do (free some space); SIGTERM then stops the bot cleanly
(exit 0 by itself, not killed by the stop's guard, no traceback, no advice to restore a
backup: the file is not damaged); with space freed, the file is sound and the next start
stores the order. A tap on the order sheet (simcord) that cannot be stored is told the same,
privately, the sheet left as it was.

The disk is real: SQLite meets ENOSPC from the kernel, as on a server whose disk filled.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sqlite3
import subprocess
from contextlib import closing
from pathlib import Path

import pytest

from bot.text.i18n import t
from tests.bot.botprocess import HANG_GUARD, a_unit_of, start_bot, start_game
from tests.bot.databases import sqlite_only
from tests.bot.loopback import Emulator
from tests.bot.simcord_support import running, seven
from tests.bot.support import choose, options, sheet, tap

pytestmark = sqlite_only

DISK = "8m"  # small: the WAL never reaches its checkpoint (1000 pages, 4 MB) before the disk is full


@contextlib.contextmanager
def small_disk(folder: Path):
    """A tmpfs of :data:`DISK` mounted on ``folder`` (root, or CAP_SYS_ADMIN), unmounted after."""
    folder.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={DISK}", "tmpfs", str(folder)], capture_output=True, text=True
    )
    if done.returncode != 0:
        pytest.skip(f"a small disk cannot be mounted here (mount: {done.stderr.strip()}): run the tests as root")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def fill(folder: Path) -> Path:
    """Write a file until the disk refuses more (ENOSPC), to the last byte."""
    filler = folder / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        for size in (1 << 20, 1 << 12, 1):
            chunk = b"\0" * size
            while True:
                try:
                    os.write(fd, chunk)
                except OSError as exc:
                    assert exc.errno == errno.ENOSPC, exc
                    break
    finally:
        os.close(fd)
    return filler


@pytest.mark.process
async def test_a_full_disk_is_told_to_the_player_and_the_admin_and_the_stop_is_clean(tmp_path):
    emu = Emulator()
    channel = emu.add_channel("game-1")
    users = [emu.add_user("alice"), emu.add_user("bob")]
    await emu.start()
    bot = None
    try:
        with small_disk(tmp_path / "disk") as disk:
            db = disk / "db.sqlite3"
            bot = await start_bot(emu, db, DIPLOMACY_RENDER_PROCESSES="0")
            await start_game(emu, channel, users)
            await emu.wait_posts(lambda p: "has started!" in p.content, timeout=HANG_GUARD)
            unit = a_unit_of(db, users[0]["id"])
            filler = fill(disk)

            emu.locale = "es-ES"  # the player writes from a Spanish Discord
            answer = await emu.slash(users[0], "order", {"orders": f"{unit} H"})
            assert answer["data"]["content"] == t("error.database", "es"), answer
            assert answer["data"]["flags"] & 64  # private
            # the admin: one line saying what happened and what to do
            told = [line for line in bot.lines if "free some space" in line]
            assert len(told) == 1, bot.stderr  # once, however many writes failed (the outbox tries again)
            assert f"the disk of the database {db} is full" in told[0] and f"free some space in {disk}" in told[0]
            assert "Traceback" not in bot.stderr, bot.stderr[-3000:]

            status = await bot.stopped()
            assert status == 0, bot.stderr  # by itself, not ended by the guard (SIGKILL: -9)
            assert not bot.has("stopping took longer"), bot.stderr
            assert "Traceback" not in bot.stderr, bot.stderr[-3000:]
            assert not bot.has("restore"), bot.stderr  # the file is not damaged: nothing to restore
            assert bot.lines[-1].endswith("bot.discord.runner: stopped"), bot.stderr

            # space freed: the file is sound, and the order goes in on the next start
            filler.unlink()
            with closing(sqlite3.connect(db, timeout=0, isolation_level=None)) as con:
                assert con.execute("PRAGMA quick_check").fetchall() == [("ok",)]
                assert con.execute("SELECT COUNT(*) FROM orders").fetchone() == (0,)
            emu.locale = "en-US"
            bot = await start_bot(emu, db, DIPLOMACY_RENDER_PROCESSES="0")
            answer = await emu.slash(users[0], "order", {"orders": f"{unit} H"})
            assert unit.split()[1] in answer["data"]["content"], answer
            with closing(sqlite3.connect(db)) as con:
                assert con.execute("SELECT COUNT(*) FROM orders").fetchone() == (1,)
            assert await bot.stopped() == 0, bot.stderr
    finally:
        if bot is not None:
            bot.kill()
        await emu.stop()


async def test_a_tap_on_the_sheet_with_the_disk_full_is_told_that_nothing_was_saved(tmp_path, client_locales):
    with small_disk(tmp_path / "disk") as disk:
        db = disk / "db.sqlite3"
        async with running(str(db)) as env:
            table = seven(env, ("alice", "bob"))
            ch, alice = table.channel, table.members[0]
            await alice.slash(ch, "game create", name="Full", players=2)
            for m in table.members:
                await m.slash(ch, "game join")
            await alice.slash(ch, "game start")
            msg = await tap(alice, await sheet(alice), "Order one unit")
            moves = await tap(alice, await choose(alice, msg, options(msg)[0]), "Move")
            move = options(moves)[0]

            fill(disk)
            client_locales[alice.id] = "es-ES"  # the player taps from a Spanish Discord
            row = next(r for r in moves.components if r["components"][0]["type"] == 3)
            result = await alice.user.select(moves, [move], custom_id=row["components"][0]["custom_id"])
            assert result.response.content == t("error.database", "es") and result.ephemeral
            assert result.response.id != moves.id  # the sheet is left as it was
            with closing(sqlite3.connect(db)) as con:
                assert con.execute("SELECT COUNT(*) FROM order_drafts").fetchone() == (0,)
            assert not env.errors
