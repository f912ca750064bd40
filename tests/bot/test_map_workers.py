"""Map-drawing processes end with the bot: after a SIGKILL of the bot (or of any process that
holds a :class:`bot.infra.maps.MapCache`), its workers are gone, whether the kernel ends them
(Linux, ``PR_SET_PDEATHSIG``) or they notice the parent is gone (the fallback everywhere).
The number of workers follows the CPUs the process may use. Time limits are hang guards."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import textwrap

import pytest

from bot.infra import maps
from tests.bot.botprocess import HANG_GUARD, ROOT, alive, children, wait_until

HOLDER = textwrap.dedent(
    """
    import asyncio
    from bot.infra.maps import MapCache, plain_views

    async def main():
        cache = MapCache(processes=2, drawer=plain_views)
        position = {"phase": "S1901M", "units": {"FRANCE": ["A PAR"]}, "centers": {"FRANCE": ["PAR"]}}
        # two at once: the pool starts a second worker when the first is busy
        await asyncio.gather(*(cache.picture(position, game_name=str(i)) for i in range(4)))
        print("drawn", flush=True)
        await asyncio.sleep(3600)

    asyncio.run(main())
    """
)

FALLBACK = textwrap.dedent(
    """
    import os, subprocess, sys, time
    child = subprocess.Popen([sys.executable, "-c", (
        "import os, sys, time\\n"
        "from bot.infra.maps import die_with\\n"
        "die_with(int(sys.argv[1]), interval=0.1, kernel=False)\\n"
        "print('watching', flush=True)\\n"
        "time.sleep(3600)\\n"
    ), str(os.getpid())])
    print(child.pid, flush=True)
    time.sleep(3600)
    """
)


def spawn(code: str) -> subprocess.Popen[bytes]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    # unbuffered, so that select() sees every line not read yet
    return subprocess.Popen([sys.executable, "-c", code], cwd=str(ROOT), env=env, stdout=subprocess.PIPE, bufsize=0)


def read_line(proc: subprocess.Popen[bytes]) -> str:
    """The next line the process prints, or "" if none comes within the hang guard."""
    assert proc.stdout is not None
    ready, _, _ = select.select([proc.stdout], [], [], HANG_GUARD)
    return proc.stdout.readline().decode().strip() if ready else ""


def end(pids: list[int]) -> None:
    """A test that failed must not leave its own processes running."""
    for pid in pids:
        if alive(pid):
            os.kill(pid, signal.SIGKILL)


def workers_of(pid: int) -> list[int]:
    found = []
    for child in children(pid):
        try:
            command = open(f"/proc/{child}/cmdline", "rb").read().replace(b"\0", b" ")
        except OSError:
            continue
        if b"spawn_main" in command:  # not the resource tracker
            found.append(child)
    return found


@pytest.mark.process
def test_map_workers_end_when_their_parent_is_killed():
    holder = spawn(HOLDER)
    everything: list[int] = []
    try:
        assert read_line(holder) == "drawn"
        assert wait_until(lambda: len(workers_of(holder.pid)) >= 2), children(holder.pid)
        assert len(workers_of(holder.pid)) == 2
        everything = children(holder.pid)  # the workers and multiprocessing's resource tracker
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()
    try:
        assert wait_until(lambda: not any(alive(pid) for pid in everything)), [p for p in everything if alive(p)]
    finally:
        end(everything)


@pytest.mark.process
def test_without_the_kernels_help_a_worker_still_notices_its_parent_is_gone():
    holder = spawn(FALLBACK)
    worker = 0
    try:
        worker = int(read_line(holder))
        assert read_line(holder) == "watching"
        assert alive(worker)
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()
    try:
        assert wait_until(lambda: not alive(worker)), worker
    finally:
        end([worker])


@pytest.mark.process
def test_a_worker_whose_parent_died_before_it_started_watching_ends_at_once():
    code = (
        "import os\nfrom bot.infra.maps import die_with\ndie_with(os.getppid() + 1, kernel=False)\nprint('still here')"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=str(ROOT), env=env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == -signal.SIGKILL and "still here" not in result.stdout


def test_the_number_of_map_processes_follows_the_cpus_the_bot_may_use(monkeypatch):
    monkeypatch.delenv("DIPLOMACY_RENDER_PROCESSES", raising=False)
    monkeypatch.setattr(os, "cpu_count", lambda: 64)  # the host's count, which a container limit hides
    monkeypatch.setattr(maps, "available_cpus", lambda: 3)
    assert maps.render_processes() == 3
    assert maps.MapCache().processes == 3
    monkeypatch.setenv("DIPLOMACY_RENDER_PROCESSES", "0")
    assert maps.render_processes() == 0


def test_the_readme_says_how_many_map_processes():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "one per core" not in readme
    assert "one per CPU the bot may use" in readme


def nice_of(pid: int) -> int:
    return int(open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[16])


@pytest.mark.process
@pytest.mark.parametrize("one_cpu", [True, False], ids=["one-cpu", "every-cpu"])
def test_map_workers_yield_to_the_bot_only_when_it_has_a_core_besides(one_cpu: bool):
    # with one core a storm's maps are its critical path: not niced; with more, the bot's
    # replies go first
    cpus = sorted(os.sched_getaffinity(0))[:1] if one_cpu else None
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER],
        cwd=str(ROOT),
        env=env,
        stdout=subprocess.PIPE,
        bufsize=0,
        preexec_fn=(lambda: os.sched_setaffinity(0, cpus)) if cpus else None,
    )
    pids = [holder.pid]
    try:
        assert read_line(holder) == "drawn"
        workers = workers_of(holder.pid)
        pids += workers
        assert workers
        expected = 0 if one_cpu or maps.available_cpus() == 1 else 5
        assert {nice_of(w) - nice_of(holder.pid) for w in workers} == {expected}
    finally:
        end(pids)
        holder.wait()
