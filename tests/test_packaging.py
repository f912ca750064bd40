"""Packaging: `pip install .` (not editable) gives a working renderer, engine and bot.

The wheel is built offline (this environment's setuptools, no build isolation) from
exactly what the Dockerfile copies into its build stage, installed with
`pip install --target` into a temporary folder and run from a folder that is not the
checkout (about 5 s): the only check that the map geometry, the fonts, the migrations
and the licences travel inside the package. Also: where the renderer looks for its files,
and that the Docker build context keeps what the image copies.
"""

from __future__ import annotations

import fnmatch
import json
import os
import shutil
import subprocess
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest
from PIL import Image

import renderer
from renderer.board import assets_dir, load_board

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "renderer", "bot")
POSITION = {
    "phase": "S1901M",
    "units": {"FRANCE": ["A PAR", "F BRE"], "RUSSIA": ["F STP/SC"], "TURKEY": ["F ANK"]},
    "orders": {"FRANCE": ["A PAR - BUR", "F BRE - MAO"], "TURKEY": ["F ANK - BLA"]},
    "language": "ru",  # Cyrillic labels: only the bundled fonts have the glyphs
}


@dataclass(frozen=True, slots=True)
class Installed:
    wheel: Path
    site: Path  # the `pip install --target` folder
    elsewhere: Path  # a working folder outside the checkout


def dockerfile_sources() -> list[str]:
    """What the Dockerfile copies from the build context (COPY lines without --from)."""
    sources = []
    for line in (ROOT / "Dockerfile").read_text(encoding="utf-8").splitlines():
        words = line.split()
        if words[:1] == ["COPY"] and not any(w.startswith("--from") for w in words):
            sources += [w for w in words[1:-1] if not w.startswith("--")]
    return sources


def run(args: list[str], **kwargs) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(args, capture_output=True, text=True, timeout=600, **kwargs)
    assert done.returncode == 0, f"{' '.join(args)} failed:\n{done.stdout}\n{done.stderr}"
    return done


def environment(site: Path | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DIPLOMACY_ASSETS", "DISCORD_TOKEN", "PYTHONPATH")}
    if site is not None:
        env["PYTHONPATH"] = str(site)  # ahead of this venv's editable install of the checkout
    return env


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    work = tmp_path_factory.mktemp("packaging")
    context = work / "context"
    context.mkdir()
    for source in dockerfile_sources():
        path = ROOT / source
        if path.is_dir():
            shutil.copytree(path, context / source, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(path, context / source)
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check"]
    run(
        [
            *pip,
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            "--wheel-dir",
            str(work / "dist"),
            str(context),
        ],
        cwd=work,
    )
    (wheel,) = (work / "dist").glob("*.whl")
    run([*pip, "install", "--no-deps", "--no-index", "--target", str(work / "site"), str(wheel)], cwd=work)
    elsewhere = work / "elsewhere"
    elsewhere.mkdir()
    return Installed(wheel, work / "site", elsewhere)


def source_files() -> set[str]:
    found = set()
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*"):
            relative = path.relative_to(ROOT)
            if path.is_file() and "__pycache__" not in relative.parts and not path.name.startswith("."):
                found.add(relative.as_posix())
    return found


def test_the_wheel_holds_every_file_of_the_packages(installed: Installed):
    with zipfile.ZipFile(installed.wheel) as wheel:
        shipped = {n for n in wheel.namelist() if n.split("/")[0] in PACKAGES}
    assert shipped == source_files()
    assert "renderer/assets/standard_map.json" in shipped
    assert any(n.endswith(".sql") for n in shipped), "the database migrations"


def test_the_wheel_carries_the_licences_and_attributions(installed: Installed):
    with zipfile.ZipFile(installed.wheel) as wheel:
        names = wheel.namelist()
        dist_info = next(n.split("/")[0] for n in names if n.endswith(".dist-info/METADATA"))
        metadata = wheel.read(f"{dist_info}/METADATA").decode()
        licence = wheel.read(f"{dist_info}/licenses/LICENSE").decode()
        font_licence = wheel.read("renderer/assets/fonts/LICENSE-DejaVu.txt").decode()
        attributions = wheel.read("renderer/assets/README.md").decode()
    assert "License-Expression: MIT AND Bitstream-Vera" in metadata
    assert licence.startswith("MIT License") and "The Diplomacy for Discord contributors" in licence
    assert licence == (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert "Bitstream" in font_licence
    assert f"{dist_info}/licenses/renderer/assets/fonts/LICENSE-DejaVu.txt" in names
    assert "Natural Earth" in attributions and "world-atlas" in attributions


def test_the_installed_renderer_draws_the_same_map_outside_the_checkout(installed: Installed):
    where = installed.elsewhere
    (where / "position.json").write_text(json.dumps(POSITION), encoding="utf-8")
    probe = (
        "import json, renderer, engine; from renderer.board import assets_dir; "
        "print(json.dumps({'renderer': renderer.__file__, 'engine': engine.__file__, "
        "'assets': str(assets_dir()), 'missing': renderer.missing_assets()}))"
    )
    found = json.loads(run([sys.executable, "-c", probe], cwd=where, env=environment(installed.site)).stdout)
    for key in ("renderer", "engine", "assets"):
        assert Path(found[key]).is_relative_to(installed.site), (key, found[key])
    assert found["missing"] == []

    command = [sys.executable, "-m", "renderer", str(where / "position.json")]
    run([*command, "-o", str(where / "installed.png")], cwd=where, env=environment(installed.site))
    run([*command, "-o", str(where / "checkout.png")], cwd=ROOT, env=environment())
    with Image.open(where / "installed.png") as picture:
        assert picture.size == (1600, 1585)
    # Byte for byte: the same board and the same fonts (Pillow's fallback font would differ).
    assert (where / "installed.png").read_bytes() == (where / "checkout.png").read_bytes()


def test_the_installed_engine_command_adjudicates(installed: Installed):
    done = subprocess.run(
        [sys.executable, "-m", "engine", "adjudicate"],
        input=json.dumps(POSITION),
        capture_output=True,
        text=True,
        timeout=120,
        cwd=installed.elsewhere,
        env=environment(installed.site),
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["next"]["phase"] == "F1901M"


def test_the_installed_bot_starts_and_asks_for_its_token(installed: Installed):
    env = environment(installed.site) | {"DIPLOMACY_DB": str(installed.elsewhere / "bot.sqlite3")}
    done = subprocess.run(
        [sys.executable, "-m", "bot"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=installed.elsewhere,
        env=env,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode != 0
    assert "DISCORD_TOKEN" in done.stderr and "Traceback" not in done.stderr, done.stderr


def test_the_installed_bot_plays_its_demo(installed: Installed):
    """``python -m bot demo`` from the installed package alone: its loopback Discord is part of
    the package (tests are not installed), and it needs no token."""
    out = installed.elsewhere / "demo"
    done = subprocess.run(
        [sys.executable, "-m", "bot", "demo", str(out), "--language", "bg"],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=installed.elsewhere,
        env=environment(installed.site),
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 0, done.stderr
    assert f"Demo written to {out}" in done.stdout
    assert "🎲" in (out / "channel.md").read_text(encoding="utf-8")
    assert len(list((out / "maps").glob("*.png"))) >= 9


def test_the_assets_are_package_data_of_the_renderer(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv("DIPLOMACY_ASSETS", raising=False)
    folder = Path(str(assets_dir()))
    assert folder == Path(renderer.__file__).parent / "assets"
    assert renderer.missing_assets() == []


def test_diplomacy_assets_names_another_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    monkeypatch.setenv("DIPLOMACY_ASSETS", str(tmp_path))
    assert renderer.missing_assets() == [
        "standard_map.json",
        "fonts/DejaVuSansCondensed-Bold.ttf",
        "fonts/DejaVuSerifCondensed-Italic.ttf",
    ]
    board = {
        "width": 10,
        "height": 20,
        "impassable": [],
        "water": [],
        "provinces": {
            "PAR": {
                "kind": "land",
                "polygons": [[[0, 0, 5, 0, 5, 5]]],
                "label": [1, 1],
                "unit": [2, 2],
                "dislodged": [3, 3],
            }
        },
    }
    (tmp_path / "standard_map.json").write_text(json.dumps(board), encoding="utf-8")
    assert renderer.missing_assets() == ["fonts/DejaVuSansCondensed-Bold.ttf", "fonts/DejaVuSerifCondensed-Italic.ttf"]
    loaded = load_board()
    assert (loaded.width, loaded.height, list(loaded.provinces)) == (10, 20, ["PAR"])


def dockerignored(path: str, patterns: list[str]) -> bool:
    """Whether .dockerignore keeps `path` out of the build context (its folders count too;
    `**/` matches at any depth). Enough of Docker's rules for the patterns used here."""
    parts = path.split("/")
    for pattern in patterns:
        anywhere = pattern.startswith("**/")
        pattern = pattern.removeprefix("**/")
        starts = range(len(parts)) if anywhere else range(1)
        if any(
            fnmatch.fnmatchcase("/".join(parts[i:j]), pattern) for i in starts for j in range(i + 1, len(parts) + 1)
        ):
            return True
    return False


def test_the_docker_context_keeps_the_sources_and_drops_the_rest():
    lines = (ROOT / ".dockerignore").read_text(encoding="utf-8").splitlines()
    patterns = [line.strip() for line in lines if line.strip() and not line.startswith("#")]
    assert not [p for p in patterns if p.startswith("!")], "exceptions are not modelled by this test"
    sources = dockerfile_sources()
    assert {"pyproject.toml", "README.md", "LICENSE", *PACKAGES} <= set(sources)
    assert [s for s in sources if dockerignored(s, patterns)] == []
    for unwanted in (
        ".git",
        ".venv",
        "bot/__pycache__/app.cpython-311.pyc",
        ".pytest_cache",
        ".hypothesis",
        "diplomacy.sqlite3",
        "data/diplomacy.sqlite3-wal",
        "diplomacy.sqlite3.bak-v4",
        "build/lib/bot/app.py",
        "dist/x.whl",
        "diplomacy_discord_bot.egg-info",
    ):
        assert dockerignored(unwanted, patterns), unwanted
