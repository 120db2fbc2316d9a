"""Did-you-mean: a misspelt entry in the student's file, and a misspelt `--only` id."""

from __future__ import annotations

from cli_helpers import ENGINE, INDEXING, SUBMISSIONS, check_json, exercise, gradekit

from gradekit.grading.static import closest_name, defined_names, parse_source


def test_a_misspelt_function_suggests_the_name_the_file_defines() -> None:
    run = check_json(SUBMISSIONS / "misspelt_entry.py", INDEXING, "--only", "even_rows")
    item = exercise(run.document, "even_rows")
    assert item["status"] == "error"
    assert "does not define the function `even_rows`" in item["error"]
    assert "did you mean `even_row`?" in item["error"]
    visible = [case for case in item["cases"] if not case["hidden"]]
    assert "did you mean `even_row`?" in visible[0]["differences"][0]["message"]


def test_no_suggestion_when_nothing_is_close() -> None:
    run = check_json(SUBMISSIONS / "misspelt_entry.py", INDEXING, "--only", "corners")
    assert "did you mean" not in exercise(run.document, "corners")["error"]


def test_a_misspelt_only_id_suggests_the_closest_exercise() -> None:
    run = gradekit(
        "check", SUBMISSIONS / "correct.py", "--assignment", INDEXING, "--only", "even_row", *ENGINE
    )
    assert run.exit_code == 2
    assert "no exercise 'even_row' (did you mean 'even_rows'?) in tensor-indexing" in run.stderr
    assert "choose from: even_rows," in run.stderr


def test_defined_names_are_the_top_level_definitions_in_order() -> None:
    parsed = parse_source(
        "import torch\nx = 1\ndef f(): pass\nclass C: pass\nif True:\n    hidden = 2\ny: int = 3\n"
    )
    assert defined_names(parsed) == ["x", "f", "C", "y"]
    assert defined_names(parse_source("def broken(:\n")) == []


def test_closest_name_never_suggests_the_name_itself() -> None:
    assert closest_name("even_rows", ["even_rows", "even_row"]) == "even_row"
    assert closest_name("corners", ["even_row", "middle_rows"]) is None
