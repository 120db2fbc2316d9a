"""A misspelt `forbid`/`require` item is a spec error, not a rule that never fires.

`forbid: [fro, whiel, torch.brodcast_shapes]` used to load: `fro` and `whiel` were taken as
names of calls nobody makes. Each item must now be a syntax kind of the static checker, a
`torch.` name that exists (in gradekit's engine, or in real torch when installed), or another
name (a builtin, a tensor method, a student helper) that is not a typo of a syntax kind.
"""

from __future__ import annotations

import builtins
import importlib.util
import textwrap
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import gradekit.engine as engine
from gradekit.grading.static import SYNTAX_KINDS as CHECKER_KINDS
from gradekit.spec import SpecError, load_assignment, models
from gradekit.spec.models import SYNTAX_KINDS, constraint_item_problem

SPEC = """\
assignment:
  id: demo
  title: Demo
  solution: solution.py
exercises:
  - id: double
    title: Double
    prompt: Return 2 * t.
    constraints:
      forbid: [fro, whiel, torch.brodcast_shapes, sum, loop]
      require:
        - backward
        - torch.Tensor.bakward
    cases:
      - id: seed
        args:
          t: {tensor: [1.0, 2.0]}
"""


def problems_of(tmp_path: Path, text: str) -> list[str]:
    (tmp_path / "solution.py").write_text("def double(t):\n    return 2 * t\n")
    spec = tmp_path / "demo.yaml"
    spec.write_text(textwrap.dedent(text))
    with pytest.raises(SpecError) as caught:
        load_assignment(spec)
    return [str(problem) for problem in caught.value.problems]


def test_every_misspelt_item_is_reported_with_its_line_and_a_suggestion(tmp_path):
    spec = tmp_path / "demo.yaml"
    kinds = ", ".join(SYNTAX_KINDS)
    assert problems_of(tmp_path, SPEC) == [
        f"{spec}:10: exercises[0].constraints.forbid[0]: unknown syntax kind 'fro' "
        f"(did you mean 'for'?); the syntax kinds are {kinds}",
        f"{spec}:10: exercises[0].constraints.forbid[1]: unknown syntax kind 'whiel' "
        f"(did you mean 'while'?); the syntax kinds are {kinds}",
        f"{spec}:10: exercises[0].constraints.forbid[2]: torch has no 'torch.brodcast_shapes' "
        "(did you mean 'torch.broadcast_shapes'?)",
        f"{spec}:13: exercises[0].constraints.require[1]: torch has no 'torch.Tensor.bakward' "
        "(did you mean 'torch.Tensor.backward'?)",
    ]


def test_the_spec_knows_exactly_the_checkers_syntax_kinds():
    assert set(SYNTAX_KINDS) == set(CHECKER_KINDS)


@pytest.mark.parametrize(
    "item",
    [
        *SYNTAX_KINDS,
        "sum",
        "len",
        "id",  # one letter from 'if', but a builtin
        "dim",  # a tensor method
        "backward",
        "index_select",
        "my_helper",
        "np.sum",  # another module: gradekit cannot know its names
        "torch.broadcast_shapes",
        "torch.no_grad",
        "torch.no_grad.__enter__",
        "torch.autograd.grad",
        "torch.autograd.grad_mode.no_grad",
        "torch.Tensor.backward",
        "torch.nn.functional.relu",
        "torch.flip",
    ],
)
def test_real_items_are_accepted(item):
    assert constraint_item_problem(item) is None


@given(st.sampled_from(sorted(name for name in dir(builtins) if not name.startswith("_"))))
def test_every_builtin_is_a_valid_bare_name(name):
    assert constraint_item_problem(name) is None


def typos(word: str) -> list[str]:
    """One letter dropped, doubled or two neighbours swapped."""
    found = {word[:i] + word[i + 1 :] for i in range(len(word))}
    found |= {word[:i] + word[i] + word[i:] for i in range(len(word))}
    found |= {word[:i] + word[i + 1] + word[i] + word[i + 2 :] for i in range(len(word) - 1)}
    return sorted(found - {word, ""})  # (a one-letter name, torch.t, has no empty typo)


SYNTAX_TYPOS = sorted(
    {
        typo
        for kind in SYNTAX_KINDS
        for typo in typos(kind)
        if typo.isidentifier() and typo not in SYNTAX_KINDS
    }
)


@given(st.sampled_from(SYNTAX_TYPOS))
def test_a_typo_of_a_syntax_kind_is_refused_unless_it_is_a_real_name(typo):
    problem = constraint_item_problem(typo)
    if typo in dir(builtins) or hasattr(engine, typo) or hasattr(engine.Tensor, typo):
        assert problem is None
    else:
        assert problem is not None and "(did you mean '" in problem
        suggested = problem.split("(did you mean '")[1].split("'")[0]
        assert suggested in SYNTAX_KINDS


ENGINE_FUNCTIONS = sorted(
    name for name in dir(engine) if not name.startswith("_") and callable(getattr(engine, name))
)


@given(st.sampled_from(ENGINE_FUNCTIONS), st.data())
def test_torch_names_of_the_engine_are_accepted_and_their_typos_refused(name, data):
    assert constraint_item_problem(f"torch.{name}") is None
    typo = data.draw(st.sampled_from(typos(name)))
    problem = constraint_item_problem(f"torch.{typo}")
    torch_has_it = _torch_has(typo)
    if hasattr(engine, typo) or torch_has_it:
        assert problem is None
    else:
        assert problem is not None and problem.startswith(f"torch has no 'torch.{typo}'")


def _torch_has(name: str) -> bool:
    if importlib.util.find_spec("torch") is None:
        return False
    import torch

    return hasattr(torch, name)


@pytest.mark.torch
def test_names_only_real_torch_has_are_accepted_when_it_is_installed():
    pytest.importorskip("torch", reason="checks names against real torch")
    assert not hasattr(engine, "fft")
    assert constraint_item_problem("torch.fft.fft") is None
    assert constraint_item_problem("torch.optim.SGD") is None
    assert constraint_item_problem("torch.fft.fftt") == (
        "torch has no 'torch.fft.fftt' (did you mean 'torch.fft.fft'?)"
    )
    assert constraint_item_problem("torch.xyzzyq") == (
        "torch has no 'torch.xyzzyq': torch has no attribute 'xyzzyq'"
    )


def test_without_torch_only_typos_of_engine_names_are_refused(monkeypatch):
    """The engine covers part of torch: a name it lacks may be real, so without torch to ask,
    only a near miss of an engine name is refused."""
    real_find_spec = importlib.util.find_spec
    monkeypatch.setattr(
        models.importlib.util,
        "find_spec",
        lambda name, *rest: None if name == "torch" else real_find_spec(name, *rest),
    )
    models._torch_name_problem.cache_clear()
    try:
        assert constraint_item_problem("torch.fft.fft") is None
        assert constraint_item_problem("torch.brodcast_shapes") == (
            "torch has no 'torch.brodcast_shapes' (did you mean 'torch.broadcast_shapes'?)"
        )
    finally:
        models._torch_name_problem.cache_clear()
