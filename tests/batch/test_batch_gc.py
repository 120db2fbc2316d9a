"""A grading worker freezes what it holds once it is ready (batch._serve_tasks).

Its imports, spec, plans and reference answers (a forked worker's whole inherited heap) live
as long as the worker; without the freeze, a full collection walked all of them every hundred
or so submissions (20 to 55 ms each in a batch of the benchmark's submissions)."""

from __future__ import annotations

import gc
import os
import threading
from types import SimpleNamespace
from typing import Any

from gradekit.grading import batch


def test_a_worker_freezes_its_heap_before_it_says_it_is_ready() -> None:
    frozen_at_ready: list[int] = []
    answers: list[dict[str, Any]] = []

    def answer(message: dict[str, Any]) -> None:
        if message.get("ready"):
            frozen_at_ready.append(gc.get_freeze_count())
        answers.append(message)

    grader = SimpleNamespace(
        plans=[],
        reference=SimpleNamespace(outcomes={}),
        zygote=SimpleNamespace(process=SimpleNamespace(pid=os.getpid()), scratch_root="/nowhere"),
        adopted_zygote=None,
        policy=SimpleNamespace(tier=1),
        cancel=threading.Event(),
        close=lambda: None,
    )
    gc.unfreeze()
    try:
        batch._serve_tasks(grader, iter([]), answer, slots=1)
    finally:
        gc.unfreeze()  # this test process's objects go back to the collector
    assert frozen_at_ready and frozen_at_ready[0] > 0
    assert answers[0]["ready"] and "cpu" in answers[-1]
