"""Students' alternative correct solutions earn full marks on the engine, as on torch.

``--backend engine`` runs the student's code on gradekit's engine: a correct torch idiom that
passes under real torch must pass there too. Each test takes the rank-th alternative of every
exercise of an assignment (alternative_solutions.py), writes them into one student file and
computes that file's answers with the grader's own machinery, in this process
(``unchecked_reference_answers``: no sandbox start per variant), then compares them with the
reference solution's engine answers under each case's checks (``compare_outcomes``), and
checks the exercise's static rules (``check_static``). The torch-marked twin runs the same
files on real torch, which shows that each alternative really is a correct torch answer.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from types import ModuleType

import pytest
from alternative_solutions import ALTERNATIVES

from gradekit.grading import reference
from gradekit.grading.cases import ExercisePlan, build_plan
from gradekit.grading.compare import compare_outcomes
from gradekit.grading.reference import reference_answers, unchecked_reference_answers
from gradekit.grading.static import check_static
from gradekit.spec.loader import load_assignment

REPO = Path(__file__).resolve().parents[2]
SPECS = {
    "tensor-indexing": REPO / "exercises" / "tensor-indexing.yaml",
    "autograd": REPO / "exercises" / "autograd.yaml",
}
# What the alternatives may use besides torch (students import these too).
HEADER = "import itertools\n\nimport numpy as np\nimport torch\nimport torch.nn.functional as F\n"

# Some alternatives read .grad of a non-leaf on purpose through hooks; torch warns about it.
pytestmark = pytest.mark.filterwarnings(
    "ignore:The .grad attribute of a Tensor that is not a leaf:UserWarning"
)

RANKS = [
    (assignment_id, rank)
    for assignment_id, exercises in ALTERNATIVES.items()
    for rank in range(max(len(sources) for sources in exercises.values()))
]


def _plans(assignment_id: str) -> dict[str, ExercisePlan]:
    """The assignment's plans by exercise id, without mistakes (the alternatives define none)."""
    assignment = load_assignment(SPECS[assignment_id])
    return {
        plan.exercise.id: replace(plan, exercise=plan.exercise.model_copy(update={"mistakes": []}))
        for plan in build_plan(assignment)
    }


@pytest.fixture(scope="module")
def real_torch() -> ModuleType:
    return pytest.importorskip("torch", reason="real PyTorch is needed for live checks")


@pytest.fixture(scope="module")
def expected() -> dict[str, dict]:
    """Per assignment: its plans and the reference solution's engine answers."""
    found = {}
    for assignment_id, spec in SPECS.items():
        plans = _plans(assignment_id)
        solution = load_assignment(spec).solution_path
        found[assignment_id] = (plans, reference_answers(solution, list(plans.values())))
    return found


def _problems(
    assignment_id: str, rank: int, backend: str, expected: dict, folder: Path, monkeypatch
) -> list[str]:
    """What keeps the rank-th alternatives from full marks, one line per failed check."""
    monkeypatch.setenv(reference.CACHE_ENV, "off")  # throwaway files: nothing worth keeping
    plans, answers = expected[assignment_id]
    chosen = {
        exercise_id: sources[rank]
        for exercise_id, sources in ALTERNATIVES[assignment_id].items()
        if rank < len(sources)
    }
    source = HEADER + "\n\n".join(chosen.values())
    student = folder / "student.py"
    student.write_text(source)
    graded = [plans[exercise_id] for exercise_id in chosen]
    got = unchecked_reference_answers(student, graded, backend=backend)
    problems = []
    for plan in graded:
        label = f"{plan.exercise.id}: {chosen[plan.exercise.id].splitlines()[1].strip()}"
        for violation in check_static(source, plan.exercise.entry_name, plan.rules):
            problems.append(f"{label}: {violation.message}")
        for case in plan.cases:
            outcome = got.outcomes[case.call.call_id]
            if outcome.status not in ("ok", "raised"):
                problems.append(f"{label} [{case.case_id}]: {outcome.status}")
                continue
            for difference in compare_outcomes(
                answers.outcomes[case.call.call_id], outcome, case.checks
            ):
                problems.append(f"{label} [{case.case_id}]: {difference.message}")
    return problems


@pytest.mark.parametrize(("assignment_id", "rank"), RANKS)
def test_alternative_solutions_pass_on_the_engine(
    assignment_id: str, rank: int, expected: dict, tmp_path: Path, monkeypatch
) -> None:
    problems = _problems(assignment_id, rank, "engine", expected, tmp_path, monkeypatch)
    assert not problems, "\n".join(problems)


@pytest.mark.torch
@pytest.mark.parametrize(("assignment_id", "rank"), RANKS)
def test_alternative_solutions_pass_on_torch(
    assignment_id: str, rank: int, expected: dict, tmp_path: Path, monkeypatch, real_torch
) -> None:
    problems = _problems(assignment_id, rank, "torch", expected, tmp_path, monkeypatch)
    assert not problems, "\n".join(problems)
