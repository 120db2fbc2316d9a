"""Expected answers: the reference solution, and its known-mistake functions, run in-process.

The solution module is trusted instructor code, so it runs in the grader process (no sandbox),
through the sandbox's own ``execute_calls`` so that expected and observed values are pictured by
the same code. The product always uses the engine backend (``import torch`` inside the solution
resolves to :mod:`gradekit.engine`); the torch backend exists for differential tests.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sys
import types
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

import gradekit
from gradekit.grading.plans import ExercisePlan
from gradekit.sandbox.protocol import (
    PREFIX_SIZE,
    ArgSpec,
    Call,
    CallOutcome,
    ProtocolError,
    decode_event,
    decode_frame,
    encode_outcome_event,
    parse_prefix,
)

# The cache directory is shared with the spec cache; re-exported here for existing callers.
from gradekit.spec.cache import CACHE_ENV as CACHE_ENV
from gradekit.spec.cache import cache_directory as cache_directory

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
    calls and the mistake functions, so editing the solution or the spec recomputes. Engine
    answers are also kept on disk (see :func:`cache_directory`), keyed additionally by the
    engine's source files, so a student's repeated ``gradekit check`` skips the reference run.
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
    if key in _cache:
        return _cache[key]
    disk_file = _disk_cache_file(key) if backend == "engine" else None
    answers = _read_disk_cache(disk_file, backend) if disk_file is not None else None
    if answers is None:
        answers = _compute(solution_path, plans, backend)
        if disk_file is not None:
            _write_disk_cache(disk_file, answers)
    _cache[key] = answers
    return answers


def _disk_cache_file(key: tuple) -> Path | None:
    directory = cache_directory()
    if directory is None:
        return None
    # The engine computes the answers, so any change to its source invalidates them.
    engine_dir = Path(__file__).resolve().parents[1] / "engine"
    engine_stamp = max((path.stat().st_mtime_ns for path in engine_dir.rglob("*.py")), default=0)
    digest = hashlib.sha256(repr((gradekit.__version__, engine_stamp, key)).encode())
    return directory / "reference" / f"{digest.hexdigest()}.gkf"


def _read_disk_cache(path: Path, backend: str) -> ReferenceAnswers | None:
    """Answers stored by :func:`_write_disk_cache`, or None if absent or unreadable."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    answers = ReferenceAnswers(backend=backend)
    try:
        offset = 0
        while offset < len(data):
            header_len, payload_len = parse_prefix(data[offset : offset + PREFIX_SIZE])
            end = offset + PREFIX_SIZE + header_len + payload_len
            event = decode_event(decode_frame(data[offset:end]))
            offset = end
            kind, *parts = event["call_id"].split("\t")
            if kind == "reference":
                answers.outcomes[parts[0]] = event["outcome"]
            else:
                exercise_id, function, call_id = parts
                by_function = answers.mistakes.setdefault(exercise_id, {})
                by_function.setdefault(function, {})[call_id] = event["outcome"]
    except (ProtocolError, ValueError, KeyError):
        return None  # a damaged cache file only costs a recomputation
    return answers


def _write_disk_cache(path: Path, answers: ReferenceAnswers) -> None:
    """Store answers as protocol frames (plain data, no pickle); failures are ignored."""
    frames = [
        encode_outcome_event(f"reference\t{call_id}", outcome)
        for call_id, outcome in answers.outcomes.items()
    ]
    for exercise_id, by_function in answers.mistakes.items():
        for function, outcomes in by_function.items():
            frames += [
                encode_outcome_event(f"mistake\t{exercise_id}\t{function}\t{call_id}", outcome)
                for call_id, outcome in outcomes.items()
            ]
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(f".{os.getpid()}.tmp")
        temporary.write_bytes(b"".join(frames))
        os.replace(temporary, path)
    except OSError:
        pass  # a read-only home directory must not stop grading


def _call_key(call: Call) -> tuple:
    """Hashable identity of a call: id, entry, captures and a digest of every argument."""
    capture = (call.capture.grads, call.capture.inputs_after, call.capture.graph)
    arguments = tuple((name, _arg_key(spec)) for name, spec in call.args.items())
    return (call.call_id, call.entry, call.entry_kind, call.timeout, capture, arguments)


def _arg_key(spec: ArgSpec) -> tuple:
    if spec.kind == "tensor":
        digest = hashlib.sha1(spec.blob.tobytes()).hexdigest() if spec.blob is not None else ""
        return ("tensor", spec.dtype, spec.shape, spec.requires_grad, digest)
    if spec.kind == "tuple":
        return ("tuple", tuple(_arg_key(item) for item in spec.items or ()))
    return ("python", repr(spec.value))


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
        from gradekit.engine.alias import install_torch_alias, uninstall_torch_alias
    except (ImportError, AttributeError, NotImplementedError) as error:
        raise ReferenceSolutionError(
            f"gradekit's engine cannot compute the expected answers here: {error}"
        ) from error
    saved = {name: module for name, module in sys.modules.items() if _is_torch_module(name)}
    for name in saved:
        del sys.modules[name]
    try:
        install_torch_alias()
        yield engine
    finally:
        # Also removes the alias's import hook, so real torch stays importable afterwards.
        uninstall_torch_alias()
        for name in [name for name in sys.modules if _is_torch_module(name)]:
            del sys.modules[name]
        sys.modules.update(saved)


def _is_torch_module(name: str) -> bool:
    return name == "torch" or name.startswith("torch.")
