"""`gradekit check` of a file that does not load: the error and its traceback are shown once,
then one line naming every exercise that could not run because of it (not eleven copies of
the same panel, nor eleven copies of that line)."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import ENGINE, INDEXING, SUBMISSIONS, gradekit

from gradekit.spec import load_assignment

EXERCISE_IDS = [exercise.id for exercise in load_assignment(INDEXING).exercises]

# One typo (written here: a file that does not parse would trip the linter).
SYNTAX_ERROR = "import torch\n\n\ndef even_rows(t)\n    return t[::2]\n"


@pytest.mark.parametrize(
    ("submission", "error"),
    [
        (None, "Error: SyntaxError: expected ':' (line 4)"),
        ("import_error.py", "Error: ModuleNotFoundError: No module named"),
    ],
)
def test_a_load_error_is_shown_once_with_a_line_per_exercise(
    tmp_path: Path, submission: str | None, error: str
) -> None:
    if submission is None:
        path = tmp_path / "exercise.py"
        path.write_text(SYNTAX_ERROR)
    else:
        path = SUBMISSIONS / submission
    run = gradekit("check", path, "--assignment", INDEXING, *ENGINE)
    assert run.exit_code == 1, run.stderr
    assert run.stdout.count("Your file could not be loaded") == 1
    assert run.stdout.count(error) == 1
    assert run.stdout.count("Your traceback:") == 1
    not_run = "✗ Not run (your file could not be loaded, see above): " + ", ".join(EXERCISE_IDS)
    assert " ".join(run.stdout.split()).count(not_run) == 1  # the line wraps
    # the panel, the table and one line naming every exercise: nothing said per exercise
    # but its row of the table
    assert len(run.stdout.splitlines()) < len(EXERCISE_IDS) + 25
