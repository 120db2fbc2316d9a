"""Is the process that started a run still alive? (for runs killed with SIGKILL)

A ``gradekit grade`` killed outright never reaches ``finish_run``, so its run stays ``running``.
Each run records who graded it: the host name, the process id and the process's identity (the
kernel's boot id plus the process start time, in clock ticks since boot, from
``/proc/<pid>/stat``). A pid alone is not enough: pids are reused, and after a reboot a new
process may hold the old number. A run is *stale* when it was started on this host and no
process with that pid and that identity exists any more.

Elsewhere than Linux there is no identity to compare, so runs are never judged stale (they keep
``running``, as before).
"""

from __future__ import annotations

import os
import socket
from dataclasses import dataclass
from pathlib import Path

_BOOT_ID = Path("/proc/sys/kernel/random/boot_id")
# /proc/<pid>/stat: after the ")" that ends the command name come fields 3, 4, …; the start
# time is field 22 (proc(5)), so index 19 of the remainder.
_START_TIME_INDEX = 22 - 3


@dataclass(frozen=True)
class GraderProcess:
    """Who is grading: enough to tell later whether that very process still runs."""

    host: str
    pid: int
    identity: str | None  # "<boot id>:<start ticks>", None where /proc is not available


def process_identity(pid: int) -> str | None:
    """``"<boot id>:<start time>"`` of a running process, None when it does not exist."""
    try:
        boot_id = _BOOT_ID.read_text().strip()
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = stat[stat.rindex(")") + 2 :].split()
    return f"{boot_id}:{fields[_START_TIME_INDEX]}"


def this_grader() -> GraderProcess:
    """The current process."""
    return GraderProcess(socket.gethostname(), os.getpid(), process_identity(os.getpid()))


def is_stale(host: str | None, pid: int | None, identity: str | None) -> bool:
    """Whether a ``running`` run's grader is certainly gone.

    Unknown (older gradebooks without a recorded process, another host, no /proc) is not stale:
    only a run we can prove dead is marked ``interrupted``.
    """
    if pid is None or identity is None or host != socket.gethostname():
        return False
    if not _BOOT_ID.exists():
        return False
    return process_identity(pid) != identity


def is_alive_elsewhere(host: str | None, pid: int | None, identity: str | None) -> bool:
    """Whether a ``running`` run's grader is certainly another process still running on this
    host: same host, same pid and the same identity (not a reused pid), and not this process.

    Unknown (another host, no /proc, an older gradebook) is not alive: only a grader we can see
    running keeps another from starting.
    """
    if pid is None or identity is None or host != socket.gethostname() or pid == os.getpid():
        return False
    return process_identity(pid) == identity
