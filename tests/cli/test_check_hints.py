"""`gradekit check` shows every hint of a failing exercise, in the spec's order."""

from __future__ import annotations

from cli_helpers import ENGINE, INDEXING, ROOT, check_json, exercise, gradekit

from gradekit.spec import load_assignment

EXAMPLE = ROOT / "examples" / "student" / "exercise.py"


def _spec_hints(exercise_id: str) -> list[str]:
    spec = load_assignment(INDEXING)
    return next(item.hints for item in spec.exercises if item.id == exercise_id)


def test_the_text_report_numbers_all_hints_in_order() -> None:
    hints = _spec_hints("even_rows_reversed")
    assert len(hints) > 1  # the point of the test
    run = gradekit(
        "check", EXAMPLE, "--assignment", INDEXING, "--only", "even_rows_reversed", *ENGINE
    )
    assert run.exit_code == 1, run.stderr
    flat = " ".join(line.strip("│ ").strip() for line in run.stdout.splitlines())
    assert "Hints:" in flat
    positions = [flat.index(f"{n}. {hint}") for n, hint in enumerate(hints, start=1)]
    assert positions == sorted(positions)


def test_the_json_report_lists_all_hints() -> None:
    run = check_json(EXAMPLE, INDEXING, "--only", "even_rows_reversed")
    item = exercise(run.document, "even_rows_reversed")
    assert item["hints"] == _spec_hints("even_rows_reversed")
    assert item["hint"] == item["hints"][0]
