"""Starter files: valid Python with one stub per exercise, prompts kept verbatim."""

from __future__ import annotations

import ast
import sys
import types
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gradekit.spec import load_assignment, render_starter
from gradekit.spec.models import Assignment

REPO = Path(__file__).resolve().parents[2]


def assignment_of(*exercises: dict, description: str | None = None) -> Assignment:
    header = {"id": "demo", "title": "Demo", "solution": "s.py", "description": description}
    return Assignment.model_validate({"assignment": header, "exercises": list(exercises)})


def function_exercise(prompt: str = "Do it.", **fields) -> dict:
    case = {"id": "c", "args": {"t": {"tensor": [1.0]}, "threshold": 2}}
    return {"id": "f", "title": "F", "prompt": prompt, "cases": [case], **fields}


def import_source(source: str, name: str = "starter_under_test") -> types.ModuleType:
    """Execute the starter as a module; `import torch` resolves to a stand-in (the starter
    itself never touches torch at import time, and torch may be absent here)."""
    module = types.ModuleType(name)
    saved = sys.modules.get("torch")
    sys.modules["torch"] = types.ModuleType("torch")
    try:
        exec(compile(source, f"<{name}>", "exec"), module.__dict__)
    finally:
        if saved is None:
            del sys.modules["torch"]
        else:
            sys.modules["torch"] = saved
    return module


def test_function_stub_has_signature_docstring_and_raises() -> None:
    source = render_starter(assignment_of(function_exercise("Return t.\nOn two lines.")))
    tree = ast.parse(source)
    assert isinstance(tree.body[1], ast.Import) and tree.body[1].names[0].name == "torch"
    module = import_source(source)
    assert module.f.__code__.co_varnames[:2] == ("t", "threshold")
    assert ast.get_docstring(tree.body[2]) == "Return t.\nOn two lines."
    with pytest.raises(NotImplementedError):
        module.f(None, None)


def test_variable_stub_is_none_with_prompt_as_comments() -> None:
    variable = {
        "id": "answer",
        "entry": "ANSWER",
        "kind": "variable",
        "title": "A",
        "prompt": "Set ANSWER\nto 42.",
    }
    source = render_starter(assignment_of(variable))
    assert "# Set ANSWER\n# to 42.\nANSWER = None  # TODO\n" in source
    assert import_source(source).ANSWER is None


def test_header_carries_title_description_and_check_command() -> None:
    source = render_starter(assignment_of(function_exercise(), description="Intro text."))
    header = ast.get_docstring(ast.parse(source))
    assert header.startswith("Demo")
    assert "Intro text." in header
    assert "gradekit check exercise.py" in header


@pytest.mark.parametrize("name", ["tensor-indexing.yaml", "autograd.yaml"])
def test_repository_starters(name: str) -> None:
    path = REPO / "exercises" / name
    if not path.exists():
        pytest.skip(f"{name} is not written yet")
    assignment = load_assignment(path)
    module = import_source(render_starter(assignment), name.replace("-", "_"))
    for exercise in assignment.exercises:
        entry = getattr(module, exercise.entry_name)
        if exercise.kind == "variable":
            assert entry is None
            continue
        assert list(entry.__code__.co_varnames[: entry.__code__.co_argcount]) == exercise.arg_names
        with pytest.raises(NotImplementedError):
            entry(*[None] * len(exercise.arg_names))


@given(prompt=st.text(min_size=1).filter(lambda text: text.strip()))
def test_any_prompt_survives_as_the_docstring(prompt: str) -> None:
    """Quotes, backslashes and control characters in a prompt never break the starter."""
    source = render_starter(assignment_of(function_exercise(prompt), description=prompt))
    tree = ast.parse(source)
    function = next(node for node in tree.body if isinstance(node, ast.FunctionDef))
    raw = ast.get_docstring(function, clean=False)
    lines = raw.split("\n")[1:-1]  # the text sits between the quote lines
    recovered = "\n".join(line.removeprefix("    ") for line in lines)
    assert recovered == prompt.rstrip("\n")
    import_source(source)


@given(title=st.text(min_size=1), prompt=st.text(min_size=1))
def test_any_variable_prompt_and_title_stay_comments(title: str, prompt: str) -> None:
    variable = {
        "id": "answer",
        "entry": "ANSWER",
        "kind": "variable",
        "title": title,
        "prompt": prompt,
    }
    source = render_starter(assignment_of(variable))
    tree = ast.parse(source)
    assigned = [node.targets[0].id for node in tree.body if isinstance(node, ast.Assign)]
    assert assigned == ["ANSWER"]
