"""docs/spec.md's worked example is a real, loadable assignment (and its solution is right)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gradekit.spec import load_assignment, render_starter

REPO = Path(__file__).resolve().parents[2]
DOC = REPO / "docs" / "spec.md"


def worked_example() -> tuple[str, str]:
    section = DOC.read_text(encoding="utf-8").split("## A complete worked example", 1)[1]
    (spec,) = re.findall(r"```yaml\n(.*?)```", section, flags=re.S)
    (solution,) = re.findall(r"```python\n(.*?)```", section, flags=re.S)
    return spec, solution


@pytest.fixture
def example(tmp_path: Path):
    spec, solution = worked_example()
    (tmp_path / "exercises").mkdir()
    (tmp_path / "solutions").mkdir()
    (tmp_path / "exercises" / "demo.yaml").write_text(spec)
    (tmp_path / "solutions" / "demo.py").write_text(solution)
    return load_assignment(tmp_path / "exercises" / "demo.yaml")


def test_worked_example_loads(example) -> None:
    assert [exercise.id for exercise in example.exercises] == [
        "even_rows",
        "scaled_grad",
        "negative_step",
        "first_prime",
    ]
    even_rows = example.exercise("even_rows")
    expanded = even_rows.expanded_cases()
    # The prose says: seeds 7, 8, 9 and a 2/7 share for passing only the seed case.
    assert [case.args["t"].seed for case in expanded[1:]] == [7, 8, 9]
    weights = [case.weight for case in expanded]
    assert weights[0] / sum(weights) == pytest.approx(1 / 7)
    assert example.exercise("first_prime").entry_name == "FIRST_PRIME"
    render_starter(example)


def test_every_field_table_row_is_a_model_field() -> None:
    """The field tables in docs/spec.md name only fields the models know."""
    from gradekit.spec.models import AssignmentInfo, Case, Exercise

    text = DOC.read_text(encoding="utf-8")
    for heading, model in (
        ("## The `assignment:` header", AssignmentInfo),
        ("## Exercises", Exercise),
        ("## Cases", Case),
    ):
        table = text.split(heading, 1)[1].split("\n#", 1)[0]  # up to the next heading
        documented = re.findall(r"^\| `(\w+)` \|", table, flags=re.M)
        assert set(documented) == set(model.model_fields), heading


@pytest.mark.torch
def test_worked_example_solution_behaves_as_described(tmp_path: Path) -> None:
    torch = pytest.importorskip("torch", reason="running the example solution needs PyTorch")
    namespace: dict = {}
    exec(worked_example()[1], namespace)
    t = torch.arange(24.0).reshape(8, 3)
    assert torch.equal(namespace["even_rows"](t), t[::2])
    with pytest.raises(ValueError, match="step must be greater than zero"):
        namespace["negative_step"](torch.tensor([1, 2, 3]))
    w = torch.tensor([1.0, 2.0], requires_grad=True)
    x = torch.tensor([3.0, 4.0], requires_grad=True)
    y = namespace["scaled_grad"](w, x)
    assert type(y.grad_fn).__name__ == "SumBackward0"
    assert torch.equal(w.grad, x.detach()) and torch.equal(x.grad, w.detach())
