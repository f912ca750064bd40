"""A test session killed before it could stop its private PostgreSQL server (``timeout``, a
closed terminal) leaves the server running; the next session stops and removes it
(:func:`tests.pg.sweep`), and leaves alone the servers of live sessions and of ``.ci/run``."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from tests import pg


def server_pid(folder: Path) -> int | None:
    pid_file = folder / "data" / "postmaster.pid"
    return int(pid_file.read_text().split()[0]) if pid_file.exists() else None


def alive(pid: int) -> bool:
    """The process runs (a zombie that nobody reaped, as in a container without an init,
    has stopped)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state != "Z"


def test_the_server_of_a_killed_session_is_stopped_and_removed():
    try:
        pg.binaries()
    except pg.NoServer as exc:
        pytest.skip(f"no PostgreSQL server for this test: {exc}")
    parent = Path(tempfile.mkdtemp(prefix="pg-sweep-"))
    parent.chmod(0o755)  # the server's user (postgres, when the tests run as root) goes through it
    killed = subprocess.Popen([sys.executable, "-c", "pass"])
    killed.wait()  # a session that is gone: its pid names no process
    orphan, live, ci = (parent / (pg.PREFIX + name) for name in ("orphan", "live", "ci"))
    try:
        pg.start(orphan, owner=killed.pid)
        pg.start(live, owner=os.getpid())
        ci.mkdir()  # .ci/run's server names no owner: whoever started it stops it
        orphan_pid, live_pid = server_pid(orphan), server_pid(live)
        assert orphan_pid and alive(orphan_pid) and live_pid and alive(live_pid)

        assert pg.sweep(parent) == [orphan]

        assert not orphan.exists() and not alive(orphan_pid)
        assert alive(live_pid) and live.exists() and ci.exists()
        assert pg.sweep(parent) == []  # nothing more to do
    finally:
        pg.stop(live)
        pg.stop(orphan)
        shutil.rmtree(parent, ignore_errors=True)
