"""`gradekit check` of a runaway recursion: the traceback is folded as Python folds it, and
even 100 000 frames are reported as the RecursionError, never as a reply gradekit could not
read back."""

from __future__ import annotations

from cli_helpers import ENGINE, INDEXING, SUBMISSIONS, check_json, exercise, gradekit


def test_the_json_report_names_the_recursion_error_with_a_folded_traceback() -> None:
    run = check_json(SUBMISSIONS / "runaway_recursion.py", INDEXING, "--only", "even_rows")
    item = exercise(run.document, "even_rows")
    assert item["status"] == "fail"
    assert item["error"] is None
    case = item["cases"][0]
    assert case["call_status"] == "raised"
    assert "RecursionError: maximum recursion depth exceeded" in case["differences"][0]["message"]
    assert "[Previous line repeated 99" in item["traceback"]
    assert len(item["traceback"]) < 1000
    assert len(run.stdout) < 20_000


def test_the_text_report_stays_short() -> None:
    run = gradekit(
        "check",
        SUBMISSIONS / "runaway_recursion.py",
        "--assignment",
        INDEXING,
        "--only",
        "even_rows",
        *ENGINE,
    )
    assert run.exit_code == 1, run.stderr
    assert "[Previous line repeated 99" in run.stdout
    assert "could not read back" not in run.stdout
    assert len(run.stdout.splitlines()) < 40
