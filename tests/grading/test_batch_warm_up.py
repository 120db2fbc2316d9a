"""A batch's grading worker warms its zygote up, and carries on with a plain one when the
warm-up cannot be done (the zygote stopped): grading never depends on the warm-up."""

from __future__ import annotations

from pathlib import Path

import pytest

from gradekit.grading.batch import PolicySettings, _Grader
from gradekit.sandbox.runner import encoded_calls
from gradekit.sandbox.warm import WarmWorkerError, Zygote

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "exercises" / "tensor-indexing.yaml"
STUDENT = ROOT / "examples" / "student" / "exercise.py"


@pytest.fixture(scope="module")
def grader():
    worker = _Grader(SPEC, "engine", PolicySettings(require_tier=0, allow_weak=True))
    yield worker
    worker.close()


def score(rows: dict) -> tuple:
    """The submission row's status and score (the rows' values, in the store's column order)."""
    from gradekit.gradebook.store import SUBMISSION_COLUMNS

    row = dict(zip(SUBMISSION_COLUMNS, rows["submission"], strict=True))
    return row["status"], row["score"], row["max_score"]


def test_the_grading_workers_zygote_is_warmed_up_with_the_batchs_calls(grader) -> None:
    # Asking again costs only the digest: it was done when the worker started.
    assert grader.zygote.warm_up(encoded_calls(grader.calls)) is True
    status, points, most = score(grader.grade("alice", str(STUDENT), "hash-a"))
    assert status in ("pass", "fail") and 0 < points <= most


def test_a_zygote_that_cannot_warm_up_is_replaced_by_a_plain_one(grader) -> None:
    graded_before = score(grader.grade("bob", str(STUDENT), "hash-b"))
    stopped = Zygote("engine", bubblewrap="bubblewrap" in grader.policy.layers)
    stopped.close()  # gone before it could warm up
    with pytest.raises(WarmWorkerError):
        stopped.warm_up(encoded_calls(grader.calls))
    original = grader.zygote
    try:
        grader.zygote = grader._warmed_up(stopped)
        assert grader.zygote is not stopped and grader.zygote.alive
        assert score(grader.grade("bob", str(STUDENT), "hash-b")) == graded_before
    finally:
        if grader.zygote is not original:
            grader.zygote.close()
        grader.zygote = original
