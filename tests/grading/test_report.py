"""The renderers on results built from the real result types (no sandbox needed)."""

from __future__ import annotations

import json

import jsonschema
import numpy as np
from rich.console import Console

from gradekit.grading.compare import Checks, compare_arrays, compare_observed
from gradekit.grading.static import Violation
from gradekit.grading.verdicts import AssignmentResult, CaseResult, ExerciseResult, Isolation
from gradekit.report import OUTPUT_SCHEMA, render_json, render_text
from gradekit.sandbox.protocol import Observed


def sample_result() -> AssignmentResult:
    expected = np.array([[1.0, 2.0], [3.0, np.inf]], dtype=np.float32)
    got = np.array([[1.0, 2.5], [3.0, np.nan]], dtype=np.float32)
    value_difference = compare_arrays(expected, got)
    shape_differences = compare_observed(
        Observed(
            "tensor",
            "torch.Tensor",
            exact_type=True,
            dtype="float32",
            shape=(2, 3),
            data=np.zeros((2, 3), np.float32),
            requires_grad=False,
            is_leaf=True,
        ),
        Observed(
            "tensor",
            "torch.Tensor",
            exact_type=True,
            dtype="float32",
            shape=(1, 3),
            data=np.zeros((1, 3), np.float32),
            requires_grad=False,
            is_leaf=True,
        ),
        Checks(),
    )
    visible = CaseResult(
        "seed",
        "seed: [red]markup[/red] stays text",
        False,
        differences=[value_difference],
        inputs={"t": "float32 (2, 2)"},
    )
    hidden = CaseResult(
        "secret",
        "secret",
        False,
        hidden=True,
        differences=shape_differences,
        inputs={"t": "float32 (2, 3), seed 4"},
    )
    failing = ExerciseResult(
        "e1",
        "e1",
        "First",
        2.0,
        cases=[visible, hidden],
        mistake="You [bold]added[/bold].",
        hints=["Multiply."],
        violations=[Violation("forbid", 4, "no loops")],
    )
    passing = ExerciseResult("e2", "e2", "Second", 1.0, cases=[CaseResult("only", "only", True)])
    return AssignmentResult(
        "demo",
        "Demo",
        "student.py",
        "engine",
        exercises=[failing, passing],
        isolation=Isolation(
            tier=1, layers=["process", "rlimits"], degraded={"bubblewrap": "not installed"}
        ),
    )


def test_json_validates_against_the_documented_schema():
    document = json.loads(render_json(sample_result()))
    jsonschema.validate(document, OUTPUT_SCHEMA)
    [difference] = document["exercises"][0]["cases"][0]["differences"]
    assert difference["expected"] == [[1.0, 2.0], [3.0, "inf"]]
    assert difference["got"] == [[1.0, 2.5], [3.0, "nan"]]
    assert difference["indices"] == [[0, 1], [1, 1]]
    assert document["score"] == 1.0 and document["max_score"] == 3.0


def test_json_redacts_hidden_cases():
    hidden = json.loads(render_json(sample_result()))["exercises"][0]["cases"][1]
    assert hidden["inputs"] is None
    assert hidden["differences"] == [
        {"check": "shape", "subject": "result", "message": "hidden case: shape differs"}
    ]


def test_text_report_escapes_student_text_and_highlights():
    console = Console(width=120, record=True, color_system=None)
    render_text(sample_result(), console)
    text = console.export_text()
    assert "[red]markup[/red]" in text  # shown literally, not interpreted
    assert "You [bold]added[/bold]." in text
    assert "Rule broken: line 4: no loops" in text
    assert "Hidden case secret failed (shape)" in text
    assert "sandbox: tier 1 (process, rlimits); unavailable here: bubblewrap" in text
    assert "max abs error" in text
    assert "Score: 1 / 3" in text
