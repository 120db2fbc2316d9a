"""Differential end-to-end runs with real torch: student code on torch, and the reference on
torch as well as on the engine, must agree on every verdict."""

from __future__ import annotations

import jsonschema
import pytest
from cli_helpers import INDEXING, SUBMISSIONS, TINY, TORCH_BOTH, TORCH_STUDENT, check_json, exercise

from gradekit.report import OUTPUT_SCHEMA
from gradekit.spec import load_assignment

pytestmark = [pytest.mark.torch, pytest.mark.slow]


def test_correct_submission_on_torch_with_a_torch_reference(torch_available):
    run = check_json(SUBMISSIONS / "correct.py", INDEXING, backends=TORCH_BOTH)
    assert run.exit_code == 0, run.stderr
    document = run.document
    jsonschema.validate(document, OUTPUT_SCHEMA)
    assert document["backend"] == "torch"
    assert document["score"] == document["max_score"]


def test_torch_student_against_engine_answers_gets_the_same_mistakes(torch_available):
    """The default when torch is installed: student on torch, expected answers from the engine."""
    run = check_json(SUBMISSIONS / "all_wrong.py", INDEXING, backends=TORCH_STUDENT)
    assert run.exit_code == 1, run.stderr
    spec = load_assignment(INDEXING)
    for spec_exercise in spec.exercises:
        result = exercise(run.document, spec_exercise.id)
        assert result["status"] == "fail", spec_exercise.id
        assert result["mistake"] in {m.message for m in spec_exercise.mistakes}, spec_exercise.id


def test_gradient_checks_agree_between_backends(torch_available):
    on_torch = check_json(SUBMISSIONS / "tiny_mistakes.py", TINY, backends=TORCH_BOTH).document
    on_engine = check_json(SUBMISSIONS / "tiny_mistakes.py", TINY).document
    for document in (on_torch, on_engine):
        square = exercise(document, "square_grad")
        assert square["mistake"] == "You never called backward(), so x.grad stayed empty."
    verdicts = [
        [(e["id"], e["status"], e["points"]) for e in document["exercises"]]
        for document in (on_torch, on_engine)
    ]
    assert verdicts[0] == verdicts[1]
