"""The two commands at the top of README.md work on a fresh machine as written: neither
installs into the system's Python (Debian refuses: ``externally-managed-environment``); each
makes its virtual environment itself (``.ci/venv``), and the test command is what CI runs."""

from __future__ import annotations

import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def top_commands() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split("```sh\n", 1)[1].split("```", 1)[0]
    return [line.split("#", 1)[0].strip() for line in block.splitlines() if line.strip()]


def test_the_readme_opens_with_two_commands_that_make_their_virtual_environment():
    bot, tests = top_commands()
    assert bot.startswith(".ci/venv && ") and bot.endswith(".venv/bin/python -m bot"), bot
    assert tests == ".ci/run"
    for command in (bot, tests):
        # no bare pip or python: on Debian they are the system's, which refuses installs
        assert not re.search(r"(^|&& )(pip|python3?) ", command), command
    for script in (".ci/venv", ".ci/run"):
        assert os.access(ROOT / script, os.X_OK), script


def test_ci_runs_the_suite_in_the_environment_the_setup_script_makes():
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    venv = (ROOT / ".ci" / "venv").read_text(encoding="utf-8")
    assert ".ci/venv test" in run
    # the README's test command, whole, as a line of its own (its status kept for the end)
    assert "\npython -m pytest || sqlite_status=$?\n" in run
    assert "DIPLOMACY_TEST_DB=postgresql python -m pytest tests/bot" in run
    assert '"$python" -m venv .venv' in venv and "python3-venv" in venv
    assert 'pip install --quiet -e ".${extras:+[$extras]}"' in venv
