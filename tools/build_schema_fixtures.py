"""Rebuild the upgrade fixtures: one small SQLite database per schema version this project
released, made by THAT version's own code, kept as a text SQL dump in
``tests/bot/fixtures/schema/vNN.sql`` (tests/bot/test_upgrades.py migrates each to today's
schema and checks it row by row).

    .venv/bin/python tools/build_schema_fixtures.py            # every version below
    .venv/bin/python tools/build_schema_fixtures.py v09 v10    # some of them

Needs the project's git history (a clone, not an archive). For each version the code of its
commit is taken out with ``git archive`` into a temporary folder and run there with this
environment's Python and packages: the same story each time, through that version's own
service (``bot.service.GameService`` up to schema 4, ``bot.core.app.Core`` after), on a fake
clock and a seeded random generator: a game for seven created, joined, started, ordered by
its players (each sends every power's orders; only their own units' are stored), resolved at
its deadline, ordered again for the next phase (a deadline ahead), one post marked sent; a
second game still forming. The database is then dumped (``PRAGMA user_version`` first, then
``iterdump``).

**When a migration lands on main**, add a line to :data:`VERSIONS` for the schema version
that was current just before it: the last main commit at that version (``git log
--first-parent --oneline -- bot/infra/storage/migrations``; the migrations lived in
``bot/migrations.py`` at first, then in ``bot/storage/migrations/``). Keep fixtures small:
the story above, nothing more.
"""

from __future__ import annotations

import argparse
import io
import sqlite3
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "bot" / "fixtures" / "schema"

#: (fixture, schema version, the last main commit at that version, which service it has)
VERSIONS: tuple[tuple[str, int, str, str], ...] = (
    ("v01", 1, "440fc06", "service"),  # the first bot; its migration in bot/migrations.py
    # migrations 2-4 first landed as placeholders ("SELECT 1"), filled in later (64958fb):
    # a database of that time says version 4 and has the tables of version 1 only
    ("v04-reserved", 4, "2d5c0f7", "service"),
    ("v04", 4, "cce7799", "service"),  # 2-4: moderation, order sheet, languages (bot/storage/migrations)
    ("v05", 5, "9db4f55", "core"),  # post intents; storage moved to bot/infra/storage
    ("v06", 6, "1cd44eb", "core"),  # the lease
    ("v07", 7, "bdf7484", "core"),  # endings
    ("v08", 8, "920c7c9", "core"),  # press
    ("v09", 9, "94e4840", "core"),  # standby orders
    ("v10", 10, "757746c", "core"),  # the maps' label set
)

#: The story, run inside the old version's tree: ``python -c DRIVER DB KIND``.
DRIVER = r"""
import asyncio, random, sys
from datetime import datetime, timedelta, timezone

DB, KIND = sys.argv[1], sys.argv[2]
PLAYERS = [100, 101, 102, 103, 104, 105, 106]
SPRING = "A PAR - BUR; F BRE - MAO; A MUN - BUR; F KIE - DEN; A WAR - GAL; F SEV - BLA; A VIE - TRI; F NAP - ION; F ANK - BLA; F LON - NTH"
FALL = "F MAO - SPA/NC; A PAR - PIC; F DEN H; A GAL - UKR; A TRI - VEN; F ION - TUN; F NTH - NWY"


class FakeClock:
    def __init__(self):
        self.moment = datetime(2026, 3, 2, 12, 0, tzinfo=timezone.utc)

    def __call__(self):
        return self.moment

    def advance(self, **kwargs):
        self.moment += timedelta(**kwargs)


async def main():
    clock = FakeClock()
    if KIND == "service":
        from bot.service import GameService, UserError
        from bot.storage import Storage
        storage = await Storage.open(DB)
        service = GameService(storage, clock=clock, rng=random.Random(7))
        lifecycle = ordering = resolution = service
        submit = service.submit_orders
        write = storage.transaction
    else:
        from bot.core.app import Core
        from bot.core.errors import UserError
        from bot.infra.storage import Storage
        storage = await Storage.open(DB)
        core = Core(storage, clock=clock, rng=random.Random(7))
        lifecycle, ordering, resolution = core.lifecycle, core.ordering, core.resolution
        submit = ordering.submit
        write = storage.transaction
    await lifecycle.create_game(guild_id=1, channel_id=10, user_id=100, name="Fixture «Игра» 'one'", players=7)
    for uid in PLAYERS:
        await lifecycle.join(10, uid)
    game = await lifecycle.start(10, 100, can_manage=False)
    for uid in PLAYERS:
        await submit(uid, SPRING)
    clock.advance(hours=49)
    assert await resolution.run_due() == 1
    for uid in PLAYERS:
        try:
            await submit(uid, FALL)
        except UserError:
            pass  # a player left with nothing that phase
    async with write() as tx:
        first = (await tx.posts(game.id))[0]["id"]
        await tx.mark_sent(first, 1234567890123456789, clock().timestamp())
    await lifecycle.create_game(guild_id=1, channel_id=11, user_id=200, name="Forming", players=3)
    await lifecycle.join(11, 200)
    await lifecycle.join(11, 201)
    close = getattr(locals().get("core"), "close", None)
    if close:
        close()
    await storage.close()


asyncio.run(main())
"""


def extract(commit: str, into: Path) -> None:
    archive = subprocess.run(
        ["git", "archive", "--format=tar", commit, "bot", "engine", "renderer"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")


def dump(db: Path, version: int, commit: str) -> str:
    con = sqlite3.connect(db)
    try:
        found = con.execute("PRAGMA user_version").fetchone()[0]
        if found != version:
            raise SystemExit(f"{commit}: made schema version {found}, expected {version}")
        lines = [
            f"-- Schema version {version}, made by commit {commit}'s own code: tools/build_schema_fixtures.py",
            f"PRAGMA user_version = {version};",
            *con.iterdump(),
        ]
    finally:
        con.close()
    return "\n".join(lines) + "\n"


def build(name: str, version: int, commit: str, kind: str) -> Path:
    with tempfile.TemporaryDirectory(prefix=f"schema-{name}-") as scratch:
        tree = Path(scratch) / "src"
        tree.mkdir()
        extract(commit, tree)
        db = Path(scratch) / "fixture.sqlite3"
        subprocess.run(
            [sys.executable, "-c", DRIVER, str(db), kind],
            cwd=tree,
            env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin", "HOME": scratch},
            check=True,
        )
        OUT.mkdir(parents=True, exist_ok=True)
        target = OUT / f"{name}.sql"
        target.write_text(dump(db, version, commit), encoding="utf-8")
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("fixtures", nargs="*", help="fixtures to rebuild, e.g. v09 v10 (default: all)")
    chosen = set(parser.parse_args(argv).fixtures)
    for name, version, commit, kind in VERSIONS:
        if chosen and name not in chosen:
            continue
        target = build(name, version, commit, kind)
        print(f"schema {version}: {target.relative_to(ROOT)} ({target.stat().st_size:,} bytes) from {commit}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
