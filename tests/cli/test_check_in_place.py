"""`gradekit check` of the in-place exercises (`checks: [{mutated: [t]}]`): the return value
is ignored, as their prompts say, and the change-a-copy mistake is still recognised."""

from __future__ import annotations

from cli_helpers import INDEXING, SUBMISSIONS, check_json, exercise


def test_a_correct_in_place_one_liner_that_returns_something_passes() -> None:
    run = check_json(
        SUBMISSIONS / "in_place_returns.py",
        INDEXING,
        "--only",
        "set_second_row,set_fourth_element",
    )
    document = run.document
    for exercise_id in ("set_second_row", "set_fourth_element"):
        item = exercise(document, exercise_id)
        assert item["status"] == "pass", item
    assert run.exit_code == 0, run.stderr


def test_changing_a_copy_and_returning_nothing_is_the_known_copy_mistake() -> None:
    run = check_json(SUBMISSIONS / "in_place_copy.py", INDEXING, "--only", "set_second_row")
    item = exercise(run.document, "set_second_row")
    assert item["status"] == "fail"
    assert item["mistake"] == (
        "`t` is unchanged: you changed a copy. Assign into `t` itself with `t[1] = ...`."
    )
    assert run.exit_code == 1
