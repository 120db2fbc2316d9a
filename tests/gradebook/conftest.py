"""Fixtures: a gradebook path and a writer of synthetic records (gradebook_builders.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from gradebook_builders import SubmissionRecord

from gradekit.gradebook.store import Gradebook


@pytest.fixture
def gradebook_path(tmp_path: Path) -> Path:
    return tmp_path / "gradebook.sqlite"


@pytest.fixture
def fill(gradebook_path: Path) -> Callable[[list[SubmissionRecord]], int]:
    """Write records in one run of assignment ``pair``; returns the run id."""

    def write(records: list[SubmissionRecord], *, assignment_id: str = "pair") -> int:
        with Gradebook(gradebook_path) as book:
            run_id = book.start_run(
                assignment_id=assignment_id,
                assignment_title=f"{assignment_id} title",
                spec_path="pair.yaml",
                spec_hash="spec-1",
                backend="engine",
                sandbox_tier=1,
                jobs=1,
                gradekit_version="test",
            )
            for record in records:
                book.record_submission(
                    run_id=run_id, assignment_id=assignment_id, spec_hash="spec-1", record=record
                )
            book.finish_run(run_id)
        return run_id

    return write
