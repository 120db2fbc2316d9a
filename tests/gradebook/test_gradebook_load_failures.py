"""Clusters of files that never loaded: split by reason, not merged by exception type, and
flagged as load failures rather than wrong answers."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from gradebook_builders import make_record

from gradekit.gradebook import queries
from gradekit.gradebook.queries import failure_key
from gradekit.gradebook.records import SubmissionRecord
from gradekit.gradebook.store import connect

NOT_UTF8 = "{path}: not valid UTF-8 text (byte {byte}); save the file as UTF-8"
NOT_NOTEBOOK = (
    "{path}: not a readable Jupyter notebook (NotJSONError: Notebook does not appear to be "
    "JSON: '{snippet}'); re-save it from Jupyter or submit a .py file"
)


def did_not_load(
    student: str, suffix: str, message: str, kind: str = "missing"
) -> SubmissionRecord:
    """A submission whose file never loaded: every case is a ``missing`` answer."""
    record = make_record(student, passed={"double": False, "total": False})
    path = f"subs/{student}{suffix}"
    text = message.format(path=path, byte=len(student), snippet="{" + student)
    summary = {"kind": kind, "type": "SubmissionError", "message": text}
    exercises = [
        dataclasses.replace(
            exercise,
            status="error",
            cases=[
                dataclasses.replace(
                    case,
                    status="error",
                    call_status=kind,
                    answer_kind=kind,
                    answer_fingerprint=f"{kind}:SubmissionError",
                    answer_summary=summary,
                    message=f"SubmissionError: {text}",
                )
                for case in exercise.cases
            ],
        )
        for exercise in record.exercises
    ]
    return dataclasses.replace(
        record, path=path, status="error", load_error=text, exercises=exercises
    )


def test_load_failures_are_clustered_by_reason_not_by_type(gradebook_path: Path, fill) -> None:
    fill(
        [
            did_not_load("vera", ".py", NOT_UTF8),
            did_not_load("walter", ".py", NOT_UTF8),  # another byte, another file name
            did_not_load("zoe", ".ipynb", NOT_NOTEBOOK),
            did_not_load("zack", ".ipynb", NOT_NOTEBOOK),  # another snippet of the file
            make_record("bob", passed={"double": False}),
        ]
    )
    connection = connect(gradebook_path, readonly=True)
    clusters = queries.wrong_answer_clusters(connection, exercise_id="double", case_id="literal")
    groups = sorted((c.students, c.load_failure) for c in clusters)
    assert groups == [(["bob"], False), (["vera", "walter"], True), (["zack", "zoe"], True)]


def test_failure_key_ignores_the_file_numbers_and_snippets_but_not_the_reason() -> None:
    utf8 = failure_key("SubmissionError", "subs/a.py: not valid UTF-8 text (byte 5)", "subs/a.py")
    assert utf8 == failure_key(
        "SubmissionError", "élodie ü.py: not valid UTF-8 text (byte 93)", "subs/élodie ü.py"
    )
    assert utf8 != failure_key("SubmissionError", "subs/a.ipynb: not a readable notebook")
    with_line = failure_key("SubmissionError", "s/a.py:5: not valid UTF-8 text (byte 42)", "s/a.py")
    assert with_line == failure_key(
        "SubmissionError", "s/élodie ü.py:1: not valid UTF-8 text (byte 3)", "s/élodie ü.py"
    )  # the line a message names does not split a cluster either
    assert utf8 != failure_key("OSError", "subs/a.py: not valid UTF-8 text (byte 5)", "subs/a.py")
    # A quoted Python name tells two mistakes apart; a quoted snippet of the file does not.
    assert failure_key("NameError", "name 'x' is not defined") != failure_key(
        "NameError", "name 'y' is not defined"
    )
    assert failure_key("E", "JSON: '{not json'") == failure_key("E", "JSON: '[1, 2'")


def test_a_missing_function_is_not_a_load_failure(gradebook_path: Path, fill) -> None:
    record = did_not_load("fred", ".py", "the submission does not define the function `double`")
    fill([dataclasses.replace(record, load_error=None)])
    [cluster, *_] = queries.wrong_answer_clusters(
        connect(gradebook_path, readonly=True), exercise_id="double"
    )
    assert cluster.students == ["fred"] and not cluster.load_failure
