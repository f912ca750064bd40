"""Upgrades (issue 24): a database made by every earlier schema version of this project,
by that version's own code (tests/bot/fixtures/schema/vNN.sql, rebuilt by
tools/build_schema_fixtures.py), migrates to today's schema with every game, order,
deadline, player and post intact, checked row by row; the bot reads it as it was; its
pending deadline resolves; and its schema is then exactly a new database's.
"""

from __future__ import annotations

import json
import random
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.core.app import Core
from bot.discord.poster import rendered
from bot.infra import preflight
from bot.infra.storage import Storage
from tests.bot.conftest import FakeClock
from tests.bot.databases import sqlite_only
from tools.build_schema_fixtures import VERSIONS

pytestmark = sqlite_only

FIXTURES = Path(__file__).parent / "fixtures" / "schema"
FILES = sorted(FIXTURES.glob("*.sql"))


VERSION = {name: version for name, version, _, _ in VERSIONS}


def test_every_listed_version_has_its_fixture_and_each_is_small():
    assert sorted(f.stem for f in FILES) == sorted(VERSION)
    assert max(VERSION.values()) < preflight.latest_version()
    for f in FILES:
        assert f.stat().st_size < 64 * 1024, f  # a fixture stays small
        assert f"PRAGMA user_version = {VERSION[f.stem]};" in f.read_text(encoding="utf-8")


def load(fixture: Path, into: Path) -> None:
    con = sqlite3.connect(into)
    try:
        con.executescript(fixture.read_text(encoding="utf-8"))
    finally:
        con.close()


def rows(path: Path) -> dict[str, list[dict]]:
    """Every row of every table, in stored order, as column -> value."""
    con = sqlite3.connect(path)
    con.row_factory = sqlite3.Row
    try:
        tables = [
            r[0]
            for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        ]
        return {t: [dict(r) for r in con.execute(f"SELECT * FROM {t} ORDER BY rowid")] for t in tables}
    finally:
        con.close()


def schema(path: Path) -> list[tuple[str, str, str]]:
    con = sqlite3.connect(path)
    try:
        return sorted(
            con.execute(
                "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' AND sql IS NOT NULL"
            ).fetchall()
        )
    finally:
        con.close()


@pytest.mark.parametrize("fixture", FILES, ids=[f.stem for f in FILES])
async def test_a_database_of_an_earlier_version_upgrades_with_everything_intact(fixture, tmp_path):
    version = VERSION[fixture.stem]
    db = tmp_path / "diplomacy.sqlite3"
    load(fixture, db)
    # the bot's own start-up checks take it (a database of the placeholder migrations as the
    # version whose tables it has)
    really = preflight.PLACEHOLDERS[version] if fixture.stem.endswith("-reserved") else version
    state = preflight.check_database(db)
    assert (state.version, state.migrations_due) == (really, preflight.latest_version() - really)
    before = rows(db)
    assert len(before["games"]) == 2 and len(before["orders"]) > 10 and len(before["outbox"]) > 10
    assert len(before["players"]) == 9 and len(before["phases"]) == 2

    storage = await Storage.open(str(db))
    try:
        # migrated, with the copy of before written beside it
        assert await storage.pragma("user_version") == preflight.latest_version()
        assert rows(preflight.backup_path(db, really)) == before
        after = rows(db)
        # row by row: every table of then, every row in its order, every column of then unchanged
        for table, old in before.items():
            new = after[table]
            assert len(new) == len(old), table
            for was, now in zip(old, new, strict=True):
                assert {column: now[column] for column in was} == was, table

        # the bot reads every game, player, order, deadline and post as they were stored
        game_rows = {g["id"]: g for g in before["games"]}
        async with storage.read() as tx:
            for gid, raw in game_rows.items():
                game = await tx.game(gid)
                assert (game.name, game.status, game.phase, game.deadline, game.due_at) == (
                    raw["name"],
                    raw["status"],
                    raw["phase"],
                    raw["deadline"],
                    raw["due_at"],
                )
                assert game.position == (json.loads(raw["position"]) if raw["position"] else None)
                players = await tx.players(gid)
                assert [(p.user_id, p.seat, p.ready_phase, p.joined_at) for p in players] == [
                    (p["user_id"], p["seat"], p["ready_phase"], p["joined_at"])
                    for p in before["players"]
                    if p["game_id"] == gid
                ]
                for phase in {o["phase"] for o in before["orders"] if o["game_id"] == gid}:
                    stored = sorted((o.unit, o.power, o.text, o.user_id) for o in await tx.orders(gid, phase))
                    assert stored == sorted(
                        (o["unit"], o["power"], o["text"], o["user_id"])
                        for o in before["orders"]
                        if o["game_id"] == gid and o["phase"] == phase
                    )
            posts = {p["id"]: p for p in await tx.posts()}
        assert sorted(posts) == [p["id"] for p in before["outbox"]]
        for raw in before["outbox"]:
            post = posts[raw["id"]]
            assert (post["game_id"], post["channel_id"], post["user_id"], post["sent_at"]) == (
                raw["game_id"],
                raw["channel_id"],
                raw["user_id"],
                raw["sent_at"],
            )
            texts = await rendered(storage, post["row"])  # what the poster would send now
            if raw.get("kind"):
                assert texts and all(text.strip() for text in texts), raw
            else:  # stored before post intents: sent as it was written
                assert texts == [raw["content"]]
        assert any(p["sent_at"] is not None for p in before["outbox"])

        # the pending deadline resolves on today's code
        [active] = [g for g in before["games"] if g["status"] == "active"]
        clock = FakeClock()
        clock.moment = datetime.fromtimestamp(active["due_at"], UTC) + timedelta(minutes=1)
        core = Core(storage, clock=clock, rng=random.Random(7))
        try:
            assert await core.resolution.run_due() == 1
            async with storage.read() as tx:
                game = await tx.game(active["id"])
                resolved = await tx.phase(active["id"], active["phase"])
            assert game.phase != active["phase"] and resolved.results
            assert {r["order"] for r in resolved.results} >= {
                o["text"] for o in before["orders"] if o["phase"] == active["phase"]
            }
        finally:
            core.close()
    finally:
        await storage.close()

    # and the upgraded schema is exactly what a new database gets
    fresh = tmp_path / "fresh.sqlite3"
    await (await Storage.open(str(fresh))).close()
    assert schema(db) == schema(fresh)
