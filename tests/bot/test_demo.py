"""``python -m bot demo DIR``, run as a user runs it (a process of its own, no token, no
network): the real bot plays the scripted 1901 on the loopback Discord, and the transcripts it
writes say what the players saw, in the game's language: the start post with the powers, orders
acknowledged and the wrong one explained, the results with the dislodged army and its retreat,
the Winter builds, the next year; every map a real picture of the renderer's size.

The powers are drawn with the demo's fixed seed, so who plays what is known."""

from __future__ import annotations

import asyncio
import importlib
import os
import queue
import re
import signal
import subprocess
import sys
import threading
from dataclasses import dataclass
from pathlib import Path

import pytest
from PIL import Image

from bot.demo.transcript import Transcript
from bot.text.i18n import t
from renderer import style
from renderer.board import load_board
from tests.bot.botprocess import ROOT, alive, bot_env, children
from tests.bot.databases import sqlite_only

pytestmark = [pytest.mark.process, sqlite_only]

HANG_GUARD = 300  # seconds: a demo that never ends fails instead of freezing the suite


@dataclass(frozen=True)
class Seen:
    """What a player reads in one language (the orders as the bot echoes them)."""

    started: str
    seats: tuple[str, ...]
    ack: str  # boris's first order of Spring, acknowledged
    wrong: str  # the fleet sent inland, and why it cannot go
    dislodged: str
    retreat: str
    build: str
    next_phase: str
    dislodged_dm: str  # the retreat phase's DM to France's player
    tapped: str  # the map button, tapped


SEEN = {
    "en": Seen(
        "🎲 **Demo** has started!",
        ("@dimitar: England", "@carmen: Austria, France", "@boris: Germany, Turkey", "@alice: Russia, Italy"),
        "✅ `A MUN - RUH`",
        "❌ `F KIE - MUN`: F KIE can't reach MUN from where it is. It can move to: BAL, BER, DEN, HEL, HOL.",
        "❌ `A BUR H` — dislodged",
        "✅ `A BUR R PAR`",
        "✅ `A BER B`",
        "**Spring 1902 moves**",
        "**Fall 1901 retreats** has started",
        "tapped `[ 🗺️ My map ]`",
    ),
    "es": Seen(
        "🎲 ¡**Demo** ha empezado!",
        ("@dimitar: Inglaterra", "@carmen: Austria, Francia", "@boris: Alemania, Turquía", "@alice: Rusia, Italia"),
        "✅ `E Mun - Ruh` (`A MUN - RUH`)",
        "❌ `F Kie - Mun`: F Kie no puede llegar a Mun desde donde está. Puede moverse a: Bal, Ber, Din, Hel, Hol.",
        "❌ `E Bor M` (`A BUR H`) — desalojada",
        "✅ `E Bor R Par` (`A BUR R PAR`)",
        "✅ `E Ber C` (`A BER B`)",
        "**Primavera de 1902, movimientos**",
        "ha empezado **Otoño de 1901, retiradas**",
        "ha pulsado `[ 🗺️ Mi mapa ]`",
    ),
    "ru": Seen(
        "🎲 Партия **Demo** началась!",
        ("@dimitar: Англия", "@carmen: Австрия, Франция", "@boris: Германия, Турция", "@alice: Россия, Италия"),
        "✅ `А Мюн - Рур` (`A MUN - RUH`)",
        "❌ `Ф Кил - Мюн`: Ф Кил не может дойти до Мюн оттуда, где стоит. Можно пойти в: Бал, Бер, Дан, Гел, Гол.",
        "❌ `А Бур стоит` (`A BUR H`) — выбито",
        "✅ `А Бур отступает в Пар` (`A BUR R PAR`)",
        "✅ `А Бер постройка` (`A BER B`)",
        "**Весна 1902, ходы**",
        "началась фаза **Осень 1901, отступления**",
        "нажимает `[ 🗺️ Моя карта ]`",
    ),
}


def demo(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = bot_env(None)
    env.pop("DISCORD_TOKEN")  # the demo needs none
    return subprocess.run(
        [sys.executable, "-m", "bot", "demo", str(folder), *args],
        cwd=folder.parent,
        env=env,
        capture_output=True,
        text=True,
        timeout=HANG_GUARD,
        stdin=subprocess.DEVNULL,
    )


def in_order(text: str, *parts: str) -> None:
    """Each part is in ``text``, after the one before it."""
    at = 0
    for part in parts:
        found = text.find(part, at)
        assert found >= 0, f"{part!r} not found after position {at} in:\n{text}"
        at = found + len(part)


@pytest.mark.parametrize("language", ["en", "es", "ru"])
def test_the_demo_writes_what_the_players_saw(tmp_path: Path, language: str):
    folder = tmp_path / "out"
    done = demo(folder, *([] if language == "en" else ["--language", language]))  # English: the default
    assert done.returncode == 0, done.stderr
    assert f"Demo written to {folder}: open {folder / 'channel.md'}" in done.stdout
    assert "Traceback" not in done.stderr and "ERROR" not in done.stderr, done.stderr
    seen = SEEN[language]
    channel = (folder / "channel.md").read_text(encoding="utf-8")
    # the start post names who plays what, then each phase's results follow in order, each with its maps
    in_order(
        channel,
        t("demo.used", language, who="alice", command="/").removesuffix("`") + "game create name:Demo players:4",
        seen.started,
        *seen.seats,
        "](maps/01-S1901M.png)",
        "](maps/02-S1901M-orders.png)",
        "](maps/03-F1901M.png)",
        seen.dislodged,
        "](maps/05-F1901R.png)",
        seen.retreat,
        "](maps/07-W1901A.png)",
        seen.build,
        seen.next_phase,
        "](maps/09-S1902M.png)",
    )
    assert "<@" not in channel and "<t:" not in channel  # mentions and times shown as Discord shows them
    # boris (Germany and Turkey) sent a fleet inland first: only he read why, then his orders were taken
    boris = (folder / "dm-boris.md").read_text(encoding="utf-8")
    only_you = f"({t('demo.only_you', language)})"
    in_order(boris, "/order orders:", only_you, seen.wrong, seen.ack, "/ready", seen.build)
    assert seen.wrong not in channel  # (the orders themselves are in the results, once resolved)
    # carmen (France) tapped the map button under the retreat's DM, saw her own map, then ordered the
    # retreat; dimitar (England) saw neither her map nor boris's mistake
    carmen = (folder / "dm-carmen.md").read_text(encoding="utf-8")
    in_order(carmen, seen.dislodged_dm, "**carmen** " + seen.tapped, only_you, "-F1901R-france.png)", seen.retreat)
    dimitar = (folder / "dm-dimitar.md").read_text(encoding="utf-8")
    assert seen.retreat not in dimitar and seen.wrong not in dimitar
    assert "F1901R-france.png" not in dimitar and "F1901R-france.png" not in channel
    # every picture a transcript shows is a real map: the channel's of the whole board, carmen's a crop of it
    board = load_board()
    whole = (board.width, board.height + style.LEGEND_HEIGHT)
    shown = {}
    for transcript in folder.glob("*.md"):
        for name in re.findall(r"\]\((maps/[^)]+)\)", transcript.read_text(encoding="utf-8")):
            shown[name] = transcript.name
    assert set(shown) == {f"maps/{p.name}" for p in (folder / "maps").iterdir()}
    assert sorted(shown.values()).count("channel.md") == 9  # two a phase (the orders, the new one) but the first
    for name, where in shown.items():
        with Image.open(folder / name) as image:
            assert image.format == "PNG"
            if where == "channel.md":
                assert image.size == whole, name
            else:
                assert 300 < image.width <= whole[0] and 300 < image.height <= whole[1], (name, image.size)
            image.load()  # the whole picture decodes
            assert len(image.getcolors(1 << 16) or range(1 << 16)) > 50  # a drawing, not a blank
    readme = (folder / "README.md").read_text(encoding="utf-8")
    assert "[dm-boris.md](dm-boris.md)" in readme


def test_a_second_run_replaces_the_first(tmp_path: Path):
    """The same folder again: the same files, none left over from before."""
    folder = tmp_path / "out"
    (folder / "maps").mkdir(parents=True)
    (folder / "maps" / "99-old.png").write_bytes(b"old")
    (folder / "notes.txt").write_text("mine")
    (folder / "maps" / "holiday.png").write_bytes(b"mine")
    done = demo(folder, "--language", "bg")
    assert done.returncode == 0, done.stderr
    assert not (folder / "maps" / "99-old.png").exists()
    assert (folder / "notes.txt").read_text() == "mine"  # not the demo's: left alone
    assert (folder / "maps" / "holiday.png").read_bytes() == b"mine"
    assert "🎲" in (folder / "channel.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "docker-stop"])
def test_ctrl_c_stops_the_demo_cleanly(tmp_path: Path, sig: signal.Signals):
    folder = tmp_path / "out"
    env = bot_env(None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "bot", "demo", str(folder)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=lambda: [lines.put(line) for line in proc.stdout], daemon=True).start()
        assert "Playing a game" in lines.get(timeout=HANG_GUARD)
        assert "the game has started" in lines.get(timeout=HANG_GUARD)  # under way, four phases to go
        kids = children(proc.pid)
        proc.send_signal(sig)
        proc.wait(timeout=HANG_GUARD)
        assert proc.stderr is not None
        err = proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 130, err
    assert "demo interrupted" in err and "Traceback" not in err, err
    assert not (folder / "channel.md").exists()
    assert not [pid for pid in kids if alive(pid)]


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "docker-stop"])
def test_an_interruption_swallowed_by_a_step_still_stops_the_demo(tmp_path: Path, monkeypatch, capsys, sig):
    # the interruption comes as a step ends (Python 3.11's wait_for then returns the step's
    # result and the cancellation is lost): the game plays on, but it is not written
    async def run(language: str):
        os.kill(os.getpid(), sig)
        try:
            await asyncio.sleep(5)
        except asyncio.CancelledError:
            pass  # swallowed, as such a step does
        return Transcript(start=0.0, channel_id="1", names={}, language=language)

    demo = importlib.import_module("bot.demo")  # the package (a name of bot's is `demo` too)
    monkeypatch.setattr(demo, "run", run)
    assert demo.main([str(tmp_path / "out")]) == 130
    assert "demo interrupted: nothing written" in capsys.readouterr().err
    assert not (tmp_path / "out" / "channel.md").exists()
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # given back after the demo
