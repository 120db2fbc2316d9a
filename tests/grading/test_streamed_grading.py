"""A check grades each exercise while the student's run goes on, as soon as the replies to all
its calls have arrived: those verdicts must be exactly the ones grading after the run gives.

Each submission of a small corpus (correct, wrong, raising, crashing, not loading, both example
assignments) runs once in a real sandbox; its exercises are graded during the run, then the
report is rendered with those verdicts and, from the same final outcome, without them.
"""

from __future__ import annotations

import copy
import dataclasses
import io
import os
from pathlib import Path

import pytest
from rich.console import Console

from gradekit.grading.cases import compile_assignment
from gradekit.grading.early_sandbox import EarlySandbox
from gradekit.grading.pipeline import (
    StreamedVerdicts,
    _grade_while_running,
    _StudentRun,
    grade_outcome,
)
from gradekit.grading.reference import reference_answers
from gradekit.grading.static import parse_source
from gradekit.grading.submission import load_submission
from gradekit.report.json import render_json
from gradekit.report.panels import PanelCache
from gradekit.report.text import render_text
from gradekit.sandbox.protocol import ExceptionInfo
from gradekit.spec import load_assignment

ROOT = Path(__file__).resolve().parents[2]
TENSOR_INDEXING = ROOT / "exercises" / "tensor-indexing.yaml"
AUTOGRAD = ROOT / "exercises" / "autograd.yaml"
EVEN_ROWS = "def even_rows(t):\n    return t[::2]"

# name: (spec, a function of the reference solution's text giving the submission's text)
CORPUS = {
    "correct": (TENSOR_INDEXING, lambda text: text),
    "wrong": (TENSOR_INDEXING, lambda text: text.replace(EVEN_ROWS, EVEN_ROWS + "[1:]")),
    "raises": (
        TENSOR_INDEXING,
        lambda text: text.replace(EVEN_ROWS, "def even_rows(t):\n    return t[100]"),
    ),
    "crashes": (
        TENSOR_INDEXING,
        lambda text: text.replace(EVEN_ROWS, "def even_rows(t):\n    import os\n    os._exit(3)"),
    ),
    "does-not-load": (TENSOR_INDEXING, lambda text: text + "\ndef broken(:\n    pass\n"),
    "autograd": (AUTOGRAD, lambda text: text),
}


def _example(spec: Path) -> str:
    name = "exercise.py" if spec == TENSOR_INDEXING else "autograd_exercises.py"
    return (ROOT / "examples" / "student" / name).read_text()


def _graded_both_ways(spec: Path, text: str, tmp_path: Path):
    """Run ``text`` once; the report with the verdicts graded during the run, the report
    graded after it from the same outcome, and what was graded during the run."""
    compiled = compile_assignment(load_assignment(spec))
    path = tmp_path / "submission.py"
    path.write_text(text)
    source = load_submission(path)
    panels = PanelCache(_console)  # the text report's panels, rendered during the run
    with EarlySandbox("engine") as sandbox:
        run = _StudentRun(source, compiled.plans, sandbox)
        try:
            reference = reference_answers(compiled.solution_path, compiled.plans)
            parsed = parse_source(source.text)
            streamed = _grade_while_running(
                run, compiled.plans, source, parsed, reference, panels.prepare
            )
        finally:
            run.join()
        outcome = run.result()

    def graded_result(graded: StreamedVerdicts | None):
        return grade_outcome(
            compiled,
            compiled.plans,
            reference,
            source,
            outcome,
            submission=str(path),
            backend="engine",
            parsed=parsed,
            graded=graded,
        )

    def report(graded: StreamedVerdicts | None) -> str:
        return render_json(graded_result(graded))

    def text_report(graded: StreamedVerdicts | None, prepared: PanelCache | None) -> str:
        result = graded_result(graded)
        console = prepared.console if prepared is not None else _console()
        render_text(result, console, prepared)
        return console.file.getvalue()

    both_texts = (text_report(streamed, panels), text_report(None, None), len(panels))
    return report(streamed), report(None), streamed, outcome, compiled, both_texts


def _console() -> Console:
    return Console(file=io.StringIO(), width=100, force_terminal=True, color_system="truecolor")


@pytest.mark.parametrize("name", [*CORPUS, "example"])
def test_verdicts_graded_during_the_run_equal_those_graded_after_it(name, tmp_path):
    if name == "example":
        spec, text = TENSOR_INDEXING, _example(TENSOR_INDEXING)
    else:
        spec, edit = CORPUS[name]
        solution = load_assignment(spec).solution_path.read_text()
        text = edit(solution)
        assert name in ("correct", "autograd", "does-not-load") or text != solution
    during, after, streamed, outcome, compiled, texts = _graded_both_ways(spec, text, tmp_path)
    assert during == after
    # The text report printed with panels rendered during the run is the same byte for byte.
    with_panels, rendered_after, prepared = texts
    assert with_panels == rendered_after
    has_panels = "FAIL" in rendered_after or "ERROR" in rendered_after
    assert has_panels == (name not in ("correct", "autograd"))
    # Every exercise graded during the run that did not pass had its panel rendered then.
    assert prepared == sum(
        1
        for plan in compiled.plans
        if (verdict := streamed.verdict_for(plan, outcome)) and verdict.status != "pass"
    )
    reused = [plan.exercise.id for plan in compiled.plans if streamed.verdict_for(plan, outcome)]
    if name == "does-not-load":
        assert outcome.load_error is not None and not reused
    else:
        # Most exercises were graded during the run; the one whose call crashed was not
        # (it had no reply), and is graded after the run.
        assert len(reused) >= len(compiled.plans) - 1
        if spec == TENSOR_INDEXING:
            assert ("even_rows" in reused) == (name != "crashes")


def test_an_overruled_reply_makes_its_exercise_graded_again(tmp_path):
    """The final outcome overrules what was announced during the run: a verdict counts only
    if the final outcome holds the very reply objects it was graded on."""
    text = _example(AUTOGRAD)
    _, _, streamed, outcome, compiled, _ = _graded_both_ways(AUTOGRAD, text, tmp_path)
    plan = compiled.plans[0]
    assert streamed.verdict_for(plan, outcome) is not None
    call_id = plan.calls[0].call_id
    overruled = dataclasses.replace(
        outcome, calls={**outcome.calls, call_id: copy.copy(outcome.calls[call_id])}
    )
    assert streamed.verdict_for(plan, overruled) is None  # an equal copy is not the reply
    assert streamed.verdict_for(compiled.plans[1], overruled) is not None
    not_loaded = dataclasses.replace(outcome, load_error=ExceptionInfo("SyntaxError", "x"))
    assert streamed.verdict_for(plan, not_loaded) is None


def test_the_corpus_edits_apply():
    """Guards the corpus against the solution changing under it."""
    solution = load_assignment(TENSOR_INDEXING).solution_path.read_text()
    assert EVEN_ROWS in solution
    assert os.path.exists(ROOT / "examples" / "student" / "autograd_exercises.py")
