"""How many grading workers a batch runs, and how many submissions each grades at once.

The early start of ``gradekit grade`` (one zygote per future worker, before numpy is imported)
and the batch itself both ask here, so they count the same workers. This module imports
nothing heavy.
"""

from __future__ import annotations

import os

# Submissions a worker grades at once. More than one keeps the cores busy while a submission
# sleeps or runs into a deadline (wall time, not CPU); the sandboxed processes of the others
# use the CPU meanwhile. A submission in progress is bounded by its own deadlines.
SUBMISSIONS_PER_WORKER = 3


def usable_cores() -> int:
    """The cores this process may run on: its CPU affinity, which a container's or a CI
    runner's CPU set restricts while ``os.cpu_count()`` still counts the host's; at least 1."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # no affinity on this platform
        return max(1, os.cpu_count() or 1)


def worker_count(jobs: int = 0) -> int:
    """The grading workers of a batch: ``jobs`` when given, else one per usable core."""
    return jobs if jobs > 0 else usable_cores()
