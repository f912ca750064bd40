"""How many CPUs this process may really use, to size pools of worker processes.

Owns reading the limits that `os.cpu_count()` does not see. In a container started with
`docker run --cpus=2` on a 32-core host, `os.cpu_count()` says 32, and 32 busy map
workers sharing two CPUs' worth of time only slow each other down and cost memory. The
answer is the smallest of:

- the cgroup CPU quota, rounded up (a limit of 1.5 CPUs is 2 workers): cgroup v2
  `cpu.max` ("max 100000" or "150000 100000"), cgroup v1 `cpu.cfs_quota_us` /
  `cpu.cfs_period_us` (-1 = none). Limits of parent cgroups apply too, so every level from
  the process's own cgroup up to the top of the mount is read, as the Go runtime and the JVM do;
- the CPUs the process may be scheduled on (`os.sched_getaffinity`, which also reflects a
  cpuset such as `docker run --cpuset-cpus`);
- `os.cpu_count()`;

and never less than 1. Files that are missing or unreadable mean "no limit there".
`root` lets tests lay out a fake /proc and /sys under a temporary folder.
"""

from __future__ import annotations

import math
import os
import re
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

_OCTAL = re.compile(r"\\([0-7]{3})")


@dataclass(frozen=True, slots=True)
class _CgroupMount:
    version: int  # 1 or 2
    root: PurePosixPath  # the cgroup mounted there (its path in the hierarchy)
    mount_point: PurePosixPath


def available_cpus(root: Path | str = "/", *, cpu_count: int | None = None) -> int:
    """The number of CPUs worth of time this process may use, at least 1.

    `cpu_count` replaces the machine's own count (affinity, then `os.cpu_count()`), for tests."""
    counts = [cpu_count if cpu_count is not None else _scheduler_cpus()]
    quota = cgroup_cpu_limit(root)
    if quota is not None:
        counts.append(math.ceil(quota))
    return max(1, min(counts))


def cgroup_cpu_limit(root: Path | str = "/") -> float | None:
    """The tightest cgroup CPU quota on this process, in CPUs (1.5 = one and a half), or None."""
    base = Path(root)
    memberships = _memberships(_read(base / "proc/self/cgroup"))
    limits: list[float] = []
    for mount in _cpu_mounts(_read(base / "proc/self/mountinfo")):
        path = memberships.get(mount.version)
        if path is None:
            continue
        for folder in _folders_up(base, mount, path):
            limit = _v2_limit(folder) if mount.version == 2 else _v1_limit(folder)
            if limit is not None:
                limits.append(limit)
    return min(limits) if limits else None


def _scheduler_cpus() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not on Linux
        return os.cpu_count() or 1


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


def _memberships(text: str) -> dict[int, PurePosixPath]:
    """The process's cgroup per version, from /proc/self/cgroup lines `id:controllers:path`
    (v2: `0::/path`; v1: the line whose controllers include `cpu`)."""
    found: dict[int, PurePosixPath] = {}
    for line in text.splitlines():
        parts = line.split(":", 2)
        if len(parts) != 3:
            continue
        hierarchy, controllers, path = parts
        if hierarchy == "0" and controllers == "":
            found[2] = PurePosixPath(path)
        elif "cpu" in controllers.split(","):
            found[1] = PurePosixPath(path)
    return found


def _cpu_mounts(text: str) -> list[_CgroupMount]:
    """Mounts of the cgroup v2 hierarchy and of the v1 hierarchy holding the `cpu`
    controller, from /proc/self/mountinfo (`id parent dev root mountpoint opts ... - fstype
    source superopts`)."""
    mounts = []
    for line in text.splitlines():
        left, sep, right = line.partition(" - ")
        fields, tail = left.split(), right.split()
        if not sep or len(fields) < 5 or len(tail) < 3:
            continue
        fstype, super_options = tail[0], tail[2].split(",")
        if fstype == "cgroup2":
            version = 2
        elif fstype == "cgroup" and "cpu" in super_options:
            version = 1
        else:
            continue
        mounts.append(_CgroupMount(version, PurePosixPath(_unescape(fields[3])), PurePosixPath(_unescape(fields[4]))))
    return mounts


def _unescape(field: str) -> str:
    # mountinfo writes space, tab, newline and backslash as octal escapes (\040 ...).
    return _OCTAL.sub(lambda m: chr(int(m.group(1), 8)), field)


def _folders_up(base: Path, mount: _CgroupMount, cgroup: PurePosixPath) -> list[Path]:
    """The process's cgroup folder under the mount, then each parent up to the mount point.
    When the cgroup is not below the mount's root (a container that sees the host's path
    for its own cgroup), the mount point alone: it is then the container's own cgroup."""
    top = base / str(mount.mount_point).lstrip("/")
    try:
        inner = cgroup.relative_to(mount.root)
    except ValueError:
        return [top]
    folders = [top]
    for part in inner.parts:
        folders.append(folders[-1] / part)
    return folders[::-1]


def _v2_limit(folder: Path) -> float | None:
    fields = _read(folder / "cpu.max").split()
    if len(fields) != 2 or fields[0] == "max":
        return None
    return _ratio(fields[0], fields[1])


def _v1_limit(folder: Path) -> float | None:
    return _ratio(_read(folder / "cpu.cfs_quota_us").strip(), _read(folder / "cpu.cfs_period_us").strip())


def _ratio(quota: str, period: str) -> float | None:
    try:
        q, p = int(quota), int(period)
    except ValueError:
        return None
    return q / p if q > 0 and p > 0 else None
