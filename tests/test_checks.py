"""Static checks as tests, so CI runs them with the suite: ruff (lint and format, over the
paths ``[tool.ruff]`` in pyproject.toml includes) and mypy (over ``[tool.mypy] files``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600)


@pytest.mark.parametrize("command", [("check",), ("format", "--check")])
def test_ruff(command):
    result = run(sys.executable, "-m", "ruff", *command)
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy():
    result = run(sys.executable, "-m", "mypy")
    assert result.returncode == 0, result.stdout + result.stderr
