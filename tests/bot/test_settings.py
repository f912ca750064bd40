"""Every setting of ``python -m bot`` is checked before anything happens: a bad value stops
the bot with ONE line naming the variable and what it may be, exit status 2, and nothing is
created (no database file in the folder it started from, no network). A secret is never
printed. ``python -m bot --help`` prints the settings and exits. The Compose file hands the
PostgreSQL password over in a way no password can break.

Each case runs the real command in a process of its own, in an empty folder.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from bot.infra import settings
from tests.bot.botprocess import HANG_GUARD, ROOT, TEST_TOKEN, bot_command, bot_env

# what `openssl rand -base64 18` makes, with the characters a URL cannot hold raw
PASSWORD = "k9Vb/Qx4Ye#Tz7Wa?Lm3Nc@Rw5Pd+8sHj="


def run_bot(folder: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    environment = bot_env(None, **env)
    return subprocess.run(
        [*bot_command(), *args],
        cwd=str(folder),
        env=environment,
        capture_output=True,
        text=True,
        timeout=HANG_GUARD,
        stdin=subprocess.DEVNULL,
    )


def refused_with_one_line(result: subprocess.CompletedProcess[str], folder: Path) -> str:
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: "), lines
    assert list(folder.iterdir()) == [], "nothing is created before the settings are sound"
    return lines[0]


@pytest.mark.parametrize("placeholder", ["your-bot-token", "Bot " + TEST_TOKEN, "abc.def.ghi", "x" * 70])
def test_a_token_not_of_discords_form_is_refused_before_anything_is_created(tmp_path: Path, placeholder: str):
    line = refused_with_one_line(run_bot(tmp_path, DISCORD_TOKEN=placeholder), tmp_path)
    assert "DISCORD_TOKEN" in line
    assert placeholder not in line  # a token is a secret, even a wrong one
    assert "Reset Token" in line or "without 'Bot '" in line


@pytest.mark.parametrize(
    ("name", "typo", "choices"),
    [
        ("LOG_LEVEL", "DEBGU", "DEBUG, INFO, WARNING, ERROR"),
        ("DIPLOMACY_POSTING", "merge", "merged, pushed, separate"),
        ("DIPLOMACY_RENDER_PROCESSES", "two", "whole number"),
        ("DIPLOMACY_GATEWAY_TIMEOUT", "60s", "number of seconds"),
        ("DIPLOMACY_CONNECT_RETRY", "-1", "number of seconds"),
    ],
)
def test_a_typo_in_a_setting_is_refused_with_one_line(tmp_path: Path, name: str, typo: str, choices: str):
    line = refused_with_one_line(run_bot(tmp_path, **{name: typo}), tmp_path)
    assert line.startswith(f"error: {name} must be "), line
    assert choices in line and repr(typo) in line, line


def test_help_prints_every_setting_and_starts_nothing(tmp_path: Path):
    result = run_bot(tmp_path, "--help", DISCORD_TOKEN="")
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert result.stdout.startswith("usage: python -m bot")
    for name, _ in settings.SETTINGS:
        assert name in result.stdout
    assert list(tmp_path.iterdir()) == []
    other = run_bot(tmp_path, "--verbose")
    assert refused_with_one_line(other, tmp_path) == (
        "error: python -m bot takes no arguments ('--verbose'); see python -m bot --help"
    )


def test_the_readme_documents_every_setting():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for entry, _ in settings.SETTINGS:
        for name in entry.split(", "):
            assert f"`{name}`" in readme, name


@pytest.mark.parametrize(
    "url",
    [
        f"postgresql://diplomacy:{PASSWORD}@db:5432/diplomacy",
        "postgresql://diplomacy:Sx7k/Qz9w@db:5432/diplomacy",
        "postgresql://diplomacy:Sx7k#Qz9w@db:5432/diplomacy",
        "postgresql://diplomacy:Sx7k?Qz9w@db:5432/diplomacy",
        "postgresql://diplomacy:Sx7k@Qz9w@db:5432/diplomacy",
    ],
)
def test_a_raw_password_in_a_postgresql_url_is_refused_without_showing_it(tmp_path: Path, url: str):
    line = refused_with_one_line(run_bot(tmp_path, DIPLOMACY_DB=url), tmp_path)
    assert line == f"error: {settings.MALFORMED_URL}"
    password = url.split("diplomacy:", 1)[1].rsplit("@db", 1)[0]
    for fragment in filter(None, re.split(r"[/#?@+=]", password)):
        assert fragment not in line


def test_a_percent_encoded_password_is_accepted():
    from urllib.parse import quote

    settings.check_postgresql_url(f"postgresql://diplomacy:{quote(PASSWORD, safe='')}@db:5432/diplomacy")
    settings.check_postgresql_url("postgresql://diplomacy@db:5432/diplomacy")  # PGPASSWORD
    settings.check_postgresql_url("postgresql:///diplomacy?host=/run/postgresql")  # a socket


def compose_environment(service: str, given: dict[str, str]) -> dict[str, str]:
    """The environment Compose gives ``service`` of compose.yaml: the ``x-bot`` block's
    (``&bot-env``) merged with the service's own, ``${VAR:?...}`` filled from ``given`` as
    Compose does. A reader of this file's shape: ``KEY: value`` lines under an
    ``environment:`` key, one block per service."""
    lines = (ROOT / "compose.yaml").read_text(encoding="utf-8").splitlines()

    def block(start: int) -> dict[str, str]:
        indent = len(lines[start]) - len(lines[start].lstrip())
        found: dict[str, str] = {}
        for line in lines[start + 1 :]:
            if line.strip() and len(line) - len(line.lstrip()) <= indent:
                break
            pair = re.match(r"^\s+([A-Z_]+):\s*(.*?)\s*$", line)
            if pair:
                value = pair.group(2).strip('"')
                found[pair.group(1)] = re.sub(r"\$\{(\w+)(?::?[?-][^}]*)?\}", lambda m: given[m.group(1)], value)
        return found

    shared = next(i for i, line in enumerate(lines) if line.strip() == "environment: &bot-env")
    own = next(i for i, line in enumerate(lines) if line == f"  {service}:")
    own = next(i for i in range(own, len(lines)) if lines[i].strip() == "environment:")
    return block(shared) | block(own)


def test_compose_passes_any_password_to_the_bot_intact():
    env = compose_environment("bot-0", {"DISCORD_TOKEN": TEST_TOKEN, "POSTGRES_PASSWORD": PASSWORD})
    settings.check(env)  # no SettingError: the URL is well-formed whatever the password
    url = env["DIPLOMACY_DB"]
    assert PASSWORD not in url
    assert env["PGPASSWORD"] == PASSWORD  # read by the driver, never pasted into a URL
