"""``gradekit check --format json`` carries what the text report tells a student beyond the
verdicts: which exercises are "Not written yet" (``exercises[].not_started``) and what to do
about a file that did not load (``load_error_advice``). Both were added within
``gradekit.check/1``; every document here is validated against ``gradekit schema
--check-output``."""

from __future__ import annotations

import json

import jsonschema
from cli_helpers import SUBMISSIONS, TINY, check_json, gradekit

from gradekit.report import OUTPUT_SCHEMA


def checked(run) -> dict:
    schema = json.loads(gradekit("schema", "--check-output").stdout)
    assert schema == OUTPUT_SCHEMA
    document = run.document
    jsonschema.validate(document, schema)
    return document


def test_a_half_written_starter_marks_the_untouched_exercises_not_started(tmp_path):
    starter = gradekit("starter", TINY, "-o", "-").stdout
    # The student has written `double` (wrongly); `square_grad` is still the placeholder.
    written = starter.replace(
        '    Return `2 * t`.\n    """\n    raise NotImplementedError',
        '    Return `2 * t`.\n    """\n    return t + 2',
        1,
    )
    assert written != starter
    submission = tmp_path / "tiny.py"
    submission.write_text(written, encoding="utf-8")
    run = check_json(submission, TINY)
    assert run.exit_code == 1, run.stderr
    document = checked(run)
    assert document["load_error"] is None and document["load_error_advice"] is None
    states = {e["id"]: (e["status"], e["not_started"]) for e in document["exercises"]}
    assert states == {"double": ("fail", False), "square_grad": ("fail", True)}
    # The text report says the same.
    text = gradekit("check", submission, "-a", TINY, "--backend", "engine").stdout
    assert "Not written yet" in text and "square_grad" in text.split("Not written yet")[1]


def test_a_file_that_asks_for_input_carries_the_advice(tmp_path):
    submission = tmp_path / "tiny.py"
    solution = (SUBMISSIONS / "tiny_mistakes.py").read_text(encoding="utf-8")
    submission.write_text("name = input('name? ')\n" + solution, encoding="utf-8")
    run = check_json(submission, TINY)
    assert run.exit_code == 1, run.stderr
    document = checked(run)
    assert document["load_error"].startswith("EOFError")
    assert "input()" in document["load_error_advice"]
    assert 'if __name__ == "__main__":' in document["load_error_advice"]
    # Nothing ran, so nothing is "not written yet", as in the text report.
    assert [e["not_started"] for e in document["exercises"]] == [False, False]


def test_a_load_error_without_advice_is_null(tmp_path):
    submission = tmp_path / "tiny.py"
    submission.write_text("def double(t)\n    return 2 * t\n", encoding="utf-8")
    document = checked(check_json(submission, TINY))
    assert document["load_error"].startswith("SyntaxError")
    assert document["load_error_advice"] is None
