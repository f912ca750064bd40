"""bot.infra.cpus: the CPU count follows the container's cgroup limit, on fake /proc and /sys
trees laid out the way Docker, systemd and cgroup v1 hosts lay them out."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bot.infra.cpus import available_cpus, cgroup_cpu_limit

V2_MOUNT = "30 23 0:26 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime - cgroup2 cgroup2 rw,nsdelegate"
V1_CPU_MOUNT = "32 31 0:29 {root} /sys/fs/cgroup/cpu,cpuacct rw,nosuid - cgroup cgroup rw,cpu,cpuacct"
V1_MEMORY_MOUNT = "35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory"
PROC_MOUNT = "22 1 0:21 / /proc rw,nosuid - proc proc rw"


def lay_out(root: Path, *, cgroup: str, mounts: list[str], files: dict[str, str]) -> Path:
    """A fake filesystem: /proc/self/cgroup, /proc/self/mountinfo and the cgroup files."""
    for path, text in {"proc/self/cgroup": cgroup, "proc/self/mountinfo": "\n".join(mounts) + "\n", **files}.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text + "\n")
    return root


def test_v2_container_limit_rounds_up(tmp_path: Path):
    # docker run --cpus=1.5 with its own cgroup namespace: the container's cgroup is "/".
    root = lay_out(
        tmp_path, cgroup="0::/", mounts=[PROC_MOUNT, V2_MOUNT], files={"sys/fs/cgroup/cpu.max": "150000 100000"}
    )
    assert cgroup_cpu_limit(root) == 1.5
    assert available_cpus(root, cpu_count=64) == 2


def test_v2_no_limit_gives_the_machine_count(tmp_path: Path):
    root = lay_out(tmp_path, cgroup="0::/", mounts=[V2_MOUNT], files={"sys/fs/cgroup/cpu.max": "max 100000"})
    assert cgroup_cpu_limit(root) is None
    assert available_cpus(root, cpu_count=8) == 8


def test_v2_a_parent_limit_applies(tmp_path: Path):
    # A systemd service without its own quota inside a slice limited to 2 CPUs.
    root = lay_out(
        tmp_path,
        cgroup="0::/bots.slice/diplomacy.service",
        mounts=[V2_MOUNT],
        files={
            "sys/fs/cgroup/bots.slice/cpu.max": "200000 100000",
            "sys/fs/cgroup/bots.slice/diplomacy.service/cpu.max": "max 100000",
        },
    )
    assert available_cpus(root, cpu_count=16) == 2


def test_v2_the_tightest_level_wins(tmp_path: Path):
    root = lay_out(
        tmp_path,
        cgroup="0::/bots.slice/diplomacy.service",
        mounts=[V2_MOUNT],
        files={
            "sys/fs/cgroup/bots.slice/cpu.max": "400000 100000",
            "sys/fs/cgroup/bots.slice/diplomacy.service/cpu.max": "300000 100000",
        },
    )
    assert cgroup_cpu_limit(root) == 3


def test_v1_container_seeing_its_host_path(tmp_path: Path):
    # cgroup v1 without a cgroup namespace: /proc/self/cgroup names the host's path, and the
    # container's own cgroup is mounted at the mount point.
    root = lay_out(
        tmp_path,
        cgroup="12:memory:/docker/abc\n4:cpu,cpuacct:/docker/abc\n1:name=systemd:/docker/abc",
        mounts=[V1_MEMORY_MOUNT, V1_CPU_MOUNT.format(root="/docker/abc")],
        files={
            "sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us": "50000",
            "sys/fs/cgroup/cpu,cpuacct/cpu.cfs_period_us": "100000",
        },
    )
    assert cgroup_cpu_limit(root) == 0.5
    assert available_cpus(root, cpu_count=4) == 1, "half a CPU still gets one worker"


def test_v1_unlimited_quota(tmp_path: Path):
    root = lay_out(
        tmp_path,
        cgroup="4:cpu,cpuacct:/",
        mounts=[V1_CPU_MOUNT.format(root="/")],
        files={
            "sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us": "-1",
            "sys/fs/cgroup/cpu,cpuacct/cpu.cfs_period_us": "100000",
        },
    )
    assert cgroup_cpu_limit(root) is None


def test_v1_nested_cgroup_below_the_mount(tmp_path: Path):
    root = lay_out(
        tmp_path,
        cgroup="4:cpu,cpuacct:/system.slice/bot.service",
        mounts=[V1_CPU_MOUNT.format(root="/")],
        files={
            "sys/fs/cgroup/cpu,cpuacct/system.slice/bot.service/cpu.cfs_quota_us": "300000",
            "sys/fs/cgroup/cpu,cpuacct/system.slice/bot.service/cpu.cfs_period_us": "100000",
        },
    )
    assert available_cpus(root, cpu_count=32) == 3


def test_hybrid_host_reads_the_v1_cpu_controller(tmp_path: Path):
    # systemd's hybrid layout: a v2 hierarchy without the cpu controller beside v1 cpu.
    hybrid_v2 = "41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw"
    root = lay_out(
        tmp_path,
        cgroup="4:cpu,cpuacct:/\n0::/",
        mounts=[V1_CPU_MOUNT.format(root="/"), hybrid_v2],
        files={
            "sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us": "200000",
            "sys/fs/cgroup/cpu,cpuacct/cpu.cfs_period_us": "100000",
        },
    )
    assert cgroup_cpu_limit(root) == 2


def test_the_scheduler_count_wins_when_smaller(tmp_path: Path):
    # docker run --cpus=8 --cpuset-cpus=0,1: the affinity mask is the tighter limit.
    root = lay_out(tmp_path, cgroup="0::/", mounts=[V2_MOUNT], files={"sys/fs/cgroup/cpu.max": "800000 100000"})
    assert available_cpus(root, cpu_count=2) == 2


def test_escaped_mount_point(tmp_path: Path):
    mount = r"30 23 0:26 / /sys/fs/cgroup\040x rw - cgroup2 cgroup2 rw"
    root = lay_out(tmp_path, cgroup="0::/", mounts=[mount], files={"sys/fs/cgroup x/cpu.max": "100000 100000"})
    assert cgroup_cpu_limit(root) == 1


@pytest.mark.parametrize("cpu_max", ["", "garbage", "0 100000", "100000 0", "-5 100000", "1 2 3"])
def test_unreadable_limits_mean_no_limit(tmp_path: Path, cpu_max: str):
    root = lay_out(tmp_path, cgroup="0::/", mounts=[V2_MOUNT], files={"sys/fs/cgroup/cpu.max": cpu_max})
    assert cgroup_cpu_limit(root) is None
    assert available_cpus(root, cpu_count=3) == 3


def test_nothing_to_read(tmp_path: Path):
    assert cgroup_cpu_limit(tmp_path) is None
    assert available_cpus(tmp_path, cpu_count=5) == 5
    assert available_cpus(tmp_path, cpu_count=0) == 1, "never fewer than one"


def test_this_machine():
    n = available_cpus()
    assert 1 <= n <= (os.cpu_count() or 1)
    if hasattr(os, "sched_getaffinity"):
        assert n <= len(os.sched_getaffinity(0))
