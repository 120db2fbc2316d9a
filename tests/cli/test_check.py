"""End-to-end runs of ``gradekit check`` on the submission corpus: real sandboxed subprocesses,
product path (student code and expected answers on gradekit's engine)."""

from __future__ import annotations

import jsonschema
import pytest
from cli_helpers import (
    ENGINE,
    INDEXING,
    ROOT,
    SPECS,
    SUBMISSIONS,
    TINY,
    check_json,
    exercise,
    gradekit,
)

from gradekit.report import OUTPUT_SCHEMA, SCHEMA_ID
from gradekit.spec import load_assignment

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def correct():
    return check_json(SUBMISSIONS / "correct.py", INDEXING)


@pytest.fixture(scope="module")
def all_wrong():
    return check_json(SUBMISSIONS / "all_wrong.py", INDEXING)


@pytest.fixture(scope="module")
def tiny_mistakes():
    return check_json(SUBMISSIONS / "tiny_mistakes.py", TINY)


# --- whole submissions ------------------------------------------------------------------------


def test_correct_submission_scores_full_marks_and_exits_0(correct):
    assert correct.exit_code == 0, correct.stderr
    document = correct.document
    jsonschema.validate(document, OUTPUT_SCHEMA)
    assert document["schema"] == SCHEMA_ID
    assert document["passed"] is True
    assert document["score"] == document["max_score"] == 13.0
    assert {item["status"] for item in document["exercises"]} == {"pass"}
    assert document["isolation"]["tier"] is not None


def test_every_wrong_exercise_names_its_mistake(all_wrong):
    """all_wrong.py answers each exercise with the spec's first mistake function."""
    assert all_wrong.exit_code == 1
    document = all_wrong.document
    jsonschema.validate(document, OUTPUT_SCHEMA)
    spec = load_assignment(INDEXING)
    for spec_exercise in spec.exercises:
        result = exercise(document, spec_exercise.id)
        assert result["status"] == "fail", spec_exercise.id
        assert result["points"] < result["max_points"]
        messages = {mistake.message for mistake in spec_exercise.mistakes}
        assert result["mistake"] in messages, spec_exercise.id


def test_wrong_values_come_with_a_diff(all_wrong):
    result = exercise(all_wrong.document, "even_rows")  # odd rows instead of even rows
    case = next(case for case in result["cases"] if case["id"] == "seed")
    [difference] = case["differences"]
    assert difference["check"] == "value"
    assert difference["indices"][0] == [0, 0]
    assert difference["max_abs_error"] > 0
    assert len(difference["expected"]) == len(difference["got"]) == 4  # rows 0,2,4,6 vs 1,3,5,7


def test_wrong_shape_explains_broadcasting(all_wrong):
    result = exercise(all_wrong.document, "pick_elements")  # t[rows][:, cols] is 3x3
    difference = result["cases"][0]["differences"][0]
    assert difference["check"] == "shape"
    assert difference["expected"] == [3] and difference["got"] == [3, 3]
    assert "Aligned from the right" in difference["explanation"]


def test_mutation_exercise_reports_unchanged_input(all_wrong):
    result = exercise(all_wrong.document, "set_second_row")  # modified a clone
    checks = {d["check"] for case in result["cases"] for d in case["differences"]}
    assert "mutated" in checks


def test_hidden_cases_reveal_nothing(all_wrong):
    for result in all_wrong.document["exercises"]:
        for case in result["cases"]:
            if case["hidden"]:
                assert case["inputs"] is None and case["traceback"] is None
                for difference in case["differences"]:
                    assert set(difference) == {"check", "subject", "message"}


def test_mistakes_and_gradient_checks_on_the_tiny_spec(tiny_mistakes):
    document = tiny_mistakes.document
    jsonschema.validate(document, OUTPUT_SCHEMA)
    double = exercise(document, "double")
    assert double["mistake"] == "You added two instead of multiplying by two."
    assert double["hint"] == "Multiply the tensor by two."
    square = exercise(document, "square_grad")
    assert square["mistake"] == "You never called backward(), so x.grad stayed empty."
    grad_difference = square["cases"][0]["differences"][0]
    assert (grad_difference["check"], grad_difference["subject"]) == ("grad", "x.grad")
    assert "no gradient reached x" in grad_difference["message"]


# --- broken submissions ------------------------------------------------------------------------


def test_syntax_error_is_a_load_error_with_its_line(tmp_path):
    # Written here rather than kept in the corpus so linters of the repository stay clean.
    submission = tmp_path / "syntax_error.py"
    submission.write_text(
        "import torch\n\n\n# the colon is missing:\n\ndef even_rows(t)\n    return t\n"
    )
    run = check_json(submission, INDEXING, "--only", "even_rows")
    assert run.exit_code == 1
    document = run.document
    assert document["load_error"].startswith("SyntaxError")
    assert "line 6" in document["load_error"]
    result = exercise(document, "even_rows")
    assert result["status"] == "error"
    assert "could not be loaded" in result["error"]


def test_import_error_is_reported():
    run = check_json(SUBMISSIONS / "import_error.py", INDEXING, "--only", "even_rows")
    assert run.exit_code == 1
    assert "ModuleNotFoundError" in run.document["load_error"]
    assert "torchvision_helpers_that_do_not_exist" in run.document["load_error"]


def test_exception_shows_the_students_traceback():
    run = gradekit(
        "check",
        SUBMISSIONS / "raises.py",
        "--assignment",
        INDEXING,
        "--only",
        "even_rows,corners",
        "--backend",
        "engine",
    )
    assert run.exit_code == 1
    assert "IndexError" in run.stdout
    assert 'File "raises.py", line 7, in even_rows' in run.stdout
    assert "does not define the function `corners`" in run.stdout  # the missing entry
    assert "gradekit/" not in run.stdout.split("Your traceback:")[1]  # cut to the student's frames


def test_endless_loop_is_stopped_by_the_case_timeout():
    run = check_json(SUBMISSIONS / "tiny_endless.py", TINY)
    assert run.exit_code == 1
    document = run.document
    double = exercise(document, "double")
    assert double["status"] == "error"
    assert {case["call_status"] for case in double["cases"]} == {"timeout"}
    assert "time limit" in double["error"]
    assert exercise(document, "square_grad")["status"] == "pass"  # the rest still graded


def test_the_text_report_skips_an_exercise_s_cases_after_a_timeout():
    """A student's check stops an exercise at its first timeout (JSON, above, runs them all)."""
    run = gradekit("check", SUBMISSIONS / "tiny_endless.py", "--assignment", TINY, *ENGINE)
    assert run.exit_code == 1
    # The case that timed out is the example; the other three were not run.
    assert "Case literal: three numbers" in run.stdout
    assert "did not finish within the time limit" in run.stdout
    assert "... and 3 not run after the timeout" in run.stdout
    assert "gradekit check --all-cases" in run.stdout
    assert "square_grad" in run.stdout and "PASS" in run.stdout  # the rest still graded

    every = gradekit(
        "check", SUBMISSIONS / "tiny_endless.py", "--assignment", TINY, "--all-cases", *ENGINE
    )
    assert every.exit_code == 1
    assert "not run" not in every.stdout and "--all-cases" not in every.stdout


def test_static_rules_cost_the_points():
    document = check_json(SUBMISSIONS / "tiny_rules.py", TINY).document
    for exercise_id, rule, line in (("double", "max_statements", 4), ("square_grad", "forbid", 11)):
        result = exercise(document, exercise_id)
        assert result["passed_cases"] == result["total_cases"], exercise_id  # right answers...
        assert (result["points"], result["status"]) == (0, "fail")  # ...but a rule is broken
        [violation] = result["violations"]
        assert (violation["rule"], violation["line"]) == (rule, line)


def test_notebook_with_magics_maps_lines_to_cells():
    run = check_json(
        SUBMISSIONS / "notebook.ipynb", INDEXING, "--only", "even_rows,pick_elements,middle_rows"
    )
    document = run.document
    assert document["load_error"] is None  # %matplotlib, !pip, %%time, t? were stripped
    assert exercise(document, "even_rows")["status"] == "pass"
    pick = exercise(document, "pick_elements")
    assert 'File "notebook.ipynb", cell 5, line 2, in pick_elements' in pick["traceback"]
    middle = exercise(document, "middle_rows")
    assert middle["violations"] == []  # the stripped `%time` line does not count as a statement


# --- options -----------------------------------------------------------------------------------


def test_only_and_no_hidden():
    run = check_json(SUBMISSIONS / "tiny_mistakes.py", TINY, "--only", "double", "--no-hidden")
    document = run.document
    assert [item["id"] for item in document["exercises"]] == ["double"]
    assert document["include_hidden"] is False
    assert all(not case["hidden"] for case in document["exercises"][0]["cases"])
    assert document["max_score"] == 1.0


def test_usage_and_spec_errors_exit_2_without_traceback():
    unknown = gradekit("check", SUBMISSIONS / "correct.py", "-a", TINY, "--only", "nope")
    assert unknown.exit_code == 2
    assert "no exercise 'nope' in tiny; choose from: double, square_grad" in unknown.stderr
    missing = gradekit("check", SUBMISSIONS / "no_such_file.py", "-a", TINY)
    assert missing.exit_code == 2
    assert "no such file" in missing.stderr
    # Without --assignment too: a mistyped name is reported as such, not as "no assignment".
    typo = gradekit("check", ROOT / "examples" / "student" / "exrcise.py")
    assert typo.exit_code == 2
    assert "exrcise.py: no such file" in typo.stderr and "did you mean" in typo.stderr
    broken = gradekit("check", SUBMISSIONS / "correct.py", "-a", SPECS / "broken.yaml")
    assert broken.exit_code == 2
    assert "broken.yaml:9: exercises[0].promt: unknown field 'promt'" in broken.stderr
    for run in (unknown, missing, broken):
        assert "Traceback" not in run.stderr + run.stdout


def test_version():
    run = gradekit("--version")
    assert run.exit_code == 0
    assert run.stdout.startswith("gradekit ")


# --- the backend the sandbox is started with --------------------------------------------------


def _tiny_copy(tmp_path, backend_line: str):
    """tiny.yaml in tmp_path with another `backend:` line (its solution copied next to it)."""
    text = TINY.read_text().replace("  backend: auto\n", backend_line)
    assert text != TINY.read_text()
    (tmp_path / "tiny_solution.py").write_text((SPECS / "tiny_solution.py").read_text())
    spec = tmp_path / "tiny.yaml"
    spec.write_text(text)
    return spec


@pytest.mark.parametrize(
    "backend_line",
    [
        "  backend: engine\n",  # read from the header: the sandbox starts before the spec loads
        "  backend: !!str engine\n",  # an explicit tag, resolved like the loader does
    ],
)
def test_without_backend_option_the_spec_backend_is_used(tmp_path, backend_line):
    run = gradekit(
        "check",
        SUBMISSIONS / "tiny_mistakes.py",
        "-a",
        _tiny_copy(tmp_path, backend_line),
        "--format",
        "json",
    )
    assert run.exit_code in (0, 1), run.stderr
    assert run.document["backend"] == "engine"


def test_a_header_backend_that_is_not_a_name_is_a_located_spec_error(tmp_path):
    run = gradekit(
        "check", SUBMISSIONS / "tiny_mistakes.py", "-a", _tiny_copy(tmp_path, "  backend: 3\n")
    )
    assert run.exit_code == 2
    assert "tiny.yaml:6: assignment.backend" in run.stderr
