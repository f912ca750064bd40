"""The bot's health, as a container runtime asks for it (``python -m bot health``: Docker's
``HEALTHCHECK``, Compose's ``healthcheck``).

**How.** The running bot writes a small status file every heartbeat
(:class:`bot.discord.health.HealthReporter`): whether it holds the lease of each of its
shards, whether each shard's gateway connection is open, whether its database answers (a
SQLite file still there), and when it wrote. ``python -m bot health`` reads that file and
exits 0 (healthy) or 1 (unhealthy) with one line saying why. A file, not a port: it needs
no listening socket, no network and no Discord to answer, works the same with ``docker
exec`` and a plain shell, and cannot be reached from outside the container. That its event
loop answers is proven by the file being fresh: a loop that hangs (a blocking call, a
deadlock) stops writing, and the check says since when.

The file is ``DIPLOMACY_HEALTH_FILE``, by default ``diplomacy-bot.health`` in the temporary
folder (``diplomacy-bot-shards-0-3.health`` for a process of some shards, so that several
processes on one machine keep theirs apart). It is written under a temporary name and
renamed, so a reader never sees half of it.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
import time
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from pathlib import Path

STALE_BEATS = 3  # a status older than this many heartbeats (and at least MIN_STALE s): the loop hangs
MIN_STALE = 5.0


def status_path(env: Mapping[str, str]) -> Path:
    """Where the bot writes its status and ``python -m bot health`` reads it."""
    chosen = env.get("DIPLOMACY_HEALTH_FILE", "").strip()
    if chosen:
        return Path(chosen).expanduser()
    shards = re.sub(r"[^0-9,-]", "", env.get("DIPLOMACY_SHARDS", "")).replace(",", "_")
    name = f"diplomacy-bot-shards-{shards}.health" if shards else "diplomacy-bot.health"
    return Path(tempfile.gettempdir()) / name


@dataclass(frozen=True, slots=True)
class Status:
    """What the bot found at its last heartbeat."""

    healthy: bool
    reason: str  # one line: "ok: ..." or what is wrong
    at: float  # wall-clock time it was written
    interval: float  # seconds between two statuses
    pid: int


def write_status(path: Path, status: Status) -> None:
    partial = path.with_name(f".{path.name}.{os.getpid()}")
    partial.write_text(json.dumps(asdict(status)), encoding="utf-8")
    os.replace(partial, path)


def clear_status(path: Path, pid: int) -> None:
    """Remove the status file at a clean stop (only this process' own)."""
    try:
        if json.loads(path.read_text(encoding="utf-8")).get("pid") == pid:
            path.unlink()
    except (OSError, ValueError):
        pass


def check(path: Path, now: float | None = None) -> tuple[bool, str]:
    """Whether the bot is healthy, and the one line that says why."""
    now = time.time() if now is None else now
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        status = Status(**data)
    except FileNotFoundError:
        return False, (
            f"unhealthy: no status at {path} (the bot is starting, stopped, or writes elsewhere: DIPLOMACY_HEALTH_FILE)"
        )
    except (OSError, ValueError, TypeError) as exc:
        return False, f"unhealthy: the status at {path} cannot be read ({exc})"
    if not _running(status.pid):
        return False, f"unhealthy: the bot process {status.pid} that wrote {path} is gone"
    age = now - status.at
    limit = max(STALE_BEATS * status.interval, MIN_STALE)
    if age > limit:
        return False, (
            f"unhealthy: no status for {age:.0f} s (every {status.interval:g} s expected): "
            "the bot's event loop does not answer"
        )
    return status.healthy, status.reason


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process: it exists
        return True
    return True
