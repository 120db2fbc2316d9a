"""Expected answers: the reference solution, and its known-mistake functions, run in-process.

The solution module is trusted instructor code, so it runs in the grader process (no sandbox),
through the sandbox's own ``execute_calls`` so that expected and observed values are pictured by
the same code. The product always uses the engine backend (``import torch`` inside the solution
resolves to :mod:`gradekit.engine`); the torch backend exists for differential tests.
"""

from __future__ import annotations

import contextlib
import sys
import types
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

from gradekit.grading.cases import ExercisePlan
from gradekit.sandbox.protocol import Call, CallOutcome

REFERENCE_BACKENDS = ("engine", "torch")


class ReferenceSolutionError(RuntimeError):
    """The reference solution failed to import: a problem of the assignment, not the student."""


@dataclass
class ReferenceAnswers:
    """Outcomes of the reference entry and of every mistake function, by call id."""

    backend: str
    outcomes: dict[str, CallOutcome] = field(default_factory=dict)
    # exercise id -> mistake function name -> call id -> outcome
    mistakes: dict[str, dict[str, dict[str, CallOutcome]]] = field(default_factory=dict)


_cache: dict[tuple, ReferenceAnswers] = {}


def reference_answers(
    solution_path: Path, plans: list[ExercisePlan], *, backend: str = "engine"
) -> ReferenceAnswers:
    """Run the solution's entries and mistakes on every call of ``plans``; cached per spec.

    The cache key is the solution file (path and modification time), the backend, the exact
    calls and the mistake functions, so editing the solution or the spec recomputes.
    """
    if backend not in REFERENCE_BACKENDS:
        raise ValueError(f"reference backend must be one of {REFERENCE_BACKENDS}, not {backend!r}")
    solution_path = Path(solution_path).resolve()
    key = (
        str(solution_path),
        solution_path.stat().st_mtime_ns,
        backend,
        tuple(_call_key(case.call) for plan in plans for case in plan.cases),
        tuple(mistake.function for plan in plans for mistake in plan.exercise.mistakes),
    )
    if key not in _cache:
        _cache[key] = _compute(solution_path, plans, backend)
    return _cache[key]


def _call_key(call: Call) -> tuple:
    """Hashable identity of a call: its id, entry and the bytes of every argument."""
    return (call.call_id, call.entry, repr(call.args), repr(call.capture), call.timeout)


def _compute(solution_path: Path, plans: list[ExercisePlan], backend: str) -> ReferenceAnswers:
    from gradekit.sandbox.executor import execute_calls

    answers = ReferenceAnswers(backend=backend)
    with torch_backend(backend) as backend_module:
        namespace = _load_solution(solution_path)
        reference_calls = [case.call for plan in plans for case in plan.cases]
        answers.outcomes = execute_calls(namespace, reference_calls, backend_module)
        for plan in plans:
            per_mistake: dict[str, dict[str, CallOutcome]] = {}
            for mistake in plan.exercise.mistakes:
                calls = [replace(case.call, entry=mistake.function) for case in plan.cases]
                per_mistake[mistake.function] = execute_calls(namespace, calls, backend_module)
            answers.mistakes[plan.exercise.id] = per_mistake
    return answers


def _load_solution(solution_path: Path) -> dict:
    from gradekit.sandbox.executor import load_submission

    module_name = f"_gradekit_reference_{abs(hash(str(solution_path)))}"
    namespace, error = load_submission(solution_path, module_name=module_name)
    sys.modules.pop(module_name, None)  # keep the grader's module table clean
    if error is not None or namespace is None:
        detail = error.traceback if error is not None else "unknown error"
        raise ReferenceSolutionError(
            f"the reference solution {solution_path} failed to import:\n{detail}"
        )
    return namespace


@contextlib.contextmanager
def torch_backend(backend: str) -> Iterator[types.ModuleType]:
    """Make ``import torch`` resolve to the chosen backend while the block runs.

    For ``engine`` the engine's torch alias is installed and any previously imported ``torch``
    modules are put back afterwards, so the grader process can still use real torch elsewhere
    (e.g. in differential tests).
    """
    if backend == "torch":
        import torch

        yield torch
        return
    try:
        import gradekit.engine as engine

        install_alias = engine.install_torch_alias
    except (ImportError, AttributeError, NotImplementedError) as error:
        raise ReferenceSolutionError(
            f"gradekit's engine cannot compute the expected answers here: {error}"
        ) from error
    saved = {name: module for name, module in sys.modules.items() if _is_torch_module(name)}
    for name in saved:
        del sys.modules[name]
    try:
        install_alias()
        yield engine
    finally:
        for name in [name for name in sys.modules if _is_torch_module(name)]:
            del sys.modules[name]
        sys.modules.update(saved)


def _is_torch_module(name: str) -> bool:
    return name == "torch" or name.startswith("torch.")
