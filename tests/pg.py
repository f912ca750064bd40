"""A private PostgreSQL server for the tests: made with ``initdb`` in a folder of its own,
listening on 127.0.0.1 only, trusted for local connections, thrown away afterwards.

``python -m tests.pg start FOLDER`` starts one and prints its URL (``.ci/run`` does, then
exports it as ``DIPLOMACY_TEST_PG_URL``); ``python -m tests.pg stop FOLDER`` stops it.
Without that variable, the tests that need PostgreSQL start one themselves for the
session (:func:`start`), or are skipped with the reason when no server can start here
(no PostgreSQL installed). PostgreSQL refuses to run as root: as root, the server runs as
the ``postgres`` user (Debian's package makes it).

A session's server is stopped when the session ends; a session killed before it could
(``timeout``, a closed terminal) leaves its server running. So a session's server names its
owner (the test process: ``owner`` file), and each new session first stops and removes the
servers whose owner is gone (:func:`sweep`).
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

URL_FILE = "url"
OWNER_FILE = "owner"  # the pid of the process the server lives for (a test session)
PREFIX = "diplomacy-pg-"  # the folders of the tests' servers, in the temporary folder


class NoServer(Exception):
    """No PostgreSQL server can start here; the text says why (the reason to skip)."""


@dataclass(frozen=True, slots=True)
class Server:
    folder: Path
    url: str  # the administrator's URL (database "postgres")


def binaries() -> Path:
    """Where ``initdb`` and ``pg_ctl`` are (Debian keeps them out of PATH)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    if initdb:
        return Path(initdb).parent
    raise NoServer("PostgreSQL is not installed (no initdb; on Debian: apt-get install postgresql)")


def _as_server_user() -> tuple[list[str], str | None]:
    """The command prefix that runs a program as the server's user, and that user."""
    if os.geteuid() != 0:
        return [], None
    try:
        pwd.getpwnam("postgres")
    except KeyError as exc:
        raise NoServer("running as root and there is no 'postgres' user to run PostgreSQL as") from exc
    runuser = shutil.which("runuser")
    if runuser is None:
        raise NoServer("running as root and there is no runuser to run PostgreSQL as 'postgres'")
    return [runuser, "-u", "postgres", "--"], "postgres"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _run(prefix: list[str], args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(prefix + args, capture_output=True, text=True, timeout=120)


def start(folder: Path, owner: int | None = None) -> Server:
    """Make and start a server in ``folder`` (which must not hold one yet). ``owner``: the
    pid of the process it lives for, whose death lets :func:`sweep` stop it (None: whoever
    started it stops it, as ``.ci/run`` does)."""
    bin_dir = binaries()
    prefix, user = _as_server_user()
    folder.mkdir(parents=True, exist_ok=True)
    data, sockets = folder / "data", folder / "sockets"
    sockets.mkdir(exist_ok=True)
    if user is not None:
        entry = pwd.getpwnam(user)
        for path in (folder, sockets):
            os.chown(path, entry.pw_uid, entry.pw_gid)
    made = _run(
        prefix, [str(bin_dir / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync"]
    )
    if made.returncode != 0:
        raise NoServer(f"initdb failed: {(made.stderr or made.stdout).strip()[-300:]}")
    port = _free_port()
    started = _run(prefix, _pg_ctl_start(folder, port))
    if started.returncode != 0:
        log = (folder / "log").read_text(errors="replace") if (folder / "log").exists() else started.stderr
        raise NoServer(f"the server did not start: {log.strip()[-300:]}")
    url = f"postgresql://postgres@127.0.0.1:{port}/postgres"
    (folder / URL_FILE).write_text(url)
    if owner is not None:
        (folder / OWNER_FILE).write_text(str(owner))
    return Server(folder, url)


def _pg_ctl_start(folder: Path, port: int) -> list[str]:
    options = f"-p {port} -k {folder / 'sockets'} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off"
    options += " -c max_connections=200"
    return [
        str(binaries() / "pg_ctl"),
        "-D",
        str(folder / "data"),
        "-o",
        options,
        "-l",
        str(folder / "log"),
        "-w",
        "start",
    ]


def restart(folder: Path) -> None:
    """Start again the server of ``folder`` after :func:`stop`, on its port and with its data
    (a database server that went away and came back)."""
    port = int(urlsplit((folder / URL_FILE).read_text().strip()).port or 0)
    prefix, _ = _as_server_user()
    started = _run(prefix, _pg_ctl_start(folder, port))
    if started.returncode != 0:
        raise NoServer(f"the server did not start again: {started.stderr.strip()[-300:]}")


def _alive(pid: int) -> bool:
    if Path("/proc/self/stat").exists():  # a zombie nobody reaped (a container without an init) is gone
        try:
            return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
        except (OSError, IndexError):
            return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process: alive
        return True
    return True


def sweep(parent: Path) -> list[Path]:
    """Stop and remove the tests' servers under ``parent`` whose owner process is gone (a
    session killed before it could stop its own); the folders removed. A folder without
    an owner (``.ci/run``'s, one being made) is left alone."""
    removed = []
    for folder in sorted(parent.glob(PREFIX + "*")):
        try:
            owner = int((folder / OWNER_FILE).read_text().strip())
        except (OSError, ValueError):
            continue
        if _alive(owner):
            continue
        stop(folder)
        shutil.rmtree(folder, ignore_errors=True)
        removed.append(folder)
    return removed


def stop(folder: Path) -> None:
    """Stop the server of ``folder`` (fast: the tests' data is thrown away)."""
    data = folder / "data"
    if not (data / "postmaster.pid").exists():
        return
    prefix, _ = _as_server_user()
    _run(prefix, [str(binaries() / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"])


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in {"start", "stop"}:
        print("usage: python -m tests.pg start|stop FOLDER", file=sys.stderr)
        return 2
    folder = Path(argv[1]).resolve()
    if argv[0] == "stop":
        stop(folder)
        return 0
    try:
        print(start(folder).url)
    except NoServer as exc:
        print(f"no PostgreSQL server: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
