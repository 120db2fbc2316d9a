"""Compiled assignments kept on disk: an unchanged spec is graded without pydantic.

Loading a spec means importing pydantic and building the spec models (the largest part of a
`gradekit check`'s own start-up), validating the spec and drawing its random inputs; all of it
gives the same :class:`~gradekit.grading.plans.CompiledAssignment` for the same spec. So a check
stores what it compiled in ``<cache dir>/plans/<key digest>.gkf`` (the cache dir is gradekit's,
``gradekit.spec.cache.cache_directory``) and a later check of the same spec reads it back.

The key is the spec file (resolved path, modification time, size and content hash), ``--only``
and ``--no-hidden``, gradekit's version, numpy's version (random inputs are drawn with it), and
the source of every module that decides what the compiled assignment holds (the spec package,
cases, checks, static rules, the plan types, the wire codec). The entry also records the
solution file's stamp, and is used only while that is unchanged. Only a spec that loaded and
compiled cleanly is stored: every spec error is still reported from the YAML, with its
file:line.

The file holds two protocol frames (plain data, never pickle, exactly what the sandbox
protocol carries): the compiled assignment's description as JSON, then its calls with their
input arrays. Anything unreadable or unexpected is ignored and the spec compiled again.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from pathlib import Path
from typing import Any

import numpy as np

import gradekit
from gradekit.grading.compare import Checks
from gradekit.grading.plans import (
    CompiledAssignment,
    ExercisePlan,
    ExerciseSummary,
    GradingCase,
    MistakeSummary,
    plan_calls,
)
from gradekit.grading.static import StaticRules
from gradekit.sandbox.protocol import (
    FrameStream,
    ProtocolError,
    decode_calls,
    encode_calls,
    encode_frame,
)
from gradekit.spec.cache import cache_directory, file_stamp, write_cache_file

PLAN_CACHE_FORMAT = 1
PLAN_CACHE_LIMIT = 256 * 1024 * 1024  # bytes of one entry (the calls' arrays included)
_PACKAGE = Path(gradekit.__file__).resolve().parent
# The modules that decide what a compiled assignment holds: editing one starts afresh.
_DECIDING_SOURCES = (
    *sorted((_PACKAGE / "spec").glob("*.py")),
    *(
        _PACKAGE / "grading" / name
        for name in ("cases.py", "compare.py", "static.py", "plans.py", "plan_cache.py")
    ),
    _PACKAGE / "sandbox" / "protocol.py",
)


def _entry_file(spec_path: Path, only: tuple[str, ...], include_hidden: bool) -> Path | None:
    directory = cache_directory()
    if directory is None:
        return None
    try:
        text = spec_path.read_bytes()
    except OSError:
        return None
    key = (
        PLAN_CACHE_FORMAT,
        gradekit.__version__,
        np.__version__,
        [file_stamp(source) for source in _DECIDING_SOURCES],
        str(spec_path.resolve()),
        file_stamp(spec_path),
        hashlib.sha256(text).hexdigest(),
        list(only),
        include_hidden,
    )
    digest = hashlib.sha256(json.dumps(key).encode()).hexdigest()
    return directory / "plans" / f"{digest}.gkf"


# What this process read, by entry file: a long-lived process (the check server) keeps it, and
# the checks it forks start with it in memory. Used only while the entry file and the solution
# file have the stamps they had when it was read.
_read: dict[Path, tuple[list[int] | None, list[int] | None, CompiledAssignment]] = {}
_READ_KEPT = 4  # a compiled assignment holds its input arrays: keep only the latest few


def read_compiled(
    spec_path: Path, *, only: tuple[str, ...] = (), include_hidden: bool = True
) -> CompiledAssignment | None:
    """The compiled assignment stored for this spec and these options, or None."""
    entry = _entry_file(Path(spec_path), only, include_hidden)
    if entry is None:
        return None
    entry_stamp = file_stamp(entry)
    known = _read.get(entry)
    if known is not None and known[:2] == (
        entry_stamp,
        file_stamp(known[2].solution_path),
    ):
        return known[2]
    try:
        data = entry.read_bytes()
        frames = FrameStream(max_frame_bytes=PLAN_CACHE_LIMIT).feed(data)
        if len(frames) != 2:
            return None
        description, calls = frames[0].body, decode_calls(frames[1])
        solution = Path(description["solution"])
        if description["format"] != PLAN_CACHE_FORMAT:
            return None
        if description["solution_stamp"] != file_stamp(solution):
            return None
        compiled = _compiled_from(description, solution, iter(calls))
    except (OSError, ProtocolError, KeyError, TypeError, ValueError, StopIteration):
        return None  # absent or damaged: the caller compiles the spec
    if len(_read) >= _READ_KEPT:
        _read.pop(next(iter(_read)))  # the oldest
    _read[entry] = (entry_stamp, description["solution_stamp"], compiled)
    return compiled


def load_compiled(
    spec_path: Path, *, only: tuple[str, ...] = (), include_hidden: bool = True
) -> CompiledAssignment:
    """The spec compiled for these options: from this cache when the spec is unchanged (no
    pydantic, no spec models), else loaded, validated, compiled and stored.

    Raises what loading and compiling raise: :class:`~gradekit.spec.SpecError` with every
    located problem, :class:`~gradekit.grading.plans.UnknownExerciseError` for ``only``.
    """
    compiled = read_compiled(spec_path, only=only, include_hidden=include_hidden)
    if compiled is not None:
        return compiled
    from gradekit.grading.cases import compile_assignment
    from gradekit.spec import load_assignment

    compiled = compile_assignment(
        load_assignment(spec_path), only=only, include_hidden=include_hidden
    )
    write_compiled(spec_path, compiled, only=only)
    return compiled


def write_compiled(
    spec_path: Path,
    compiled: CompiledAssignment,
    *,
    only: tuple[str, ...] = (),
) -> None:
    """Store ``compiled`` (from this spec and these options); a disk that refuses, or a
    compiled assignment that does not read back identically, is silently skipped."""
    entry = _entry_file(Path(spec_path), only, compiled.include_hidden)
    solution_stamp = file_stamp(compiled.solution_path)
    if entry is None or solution_stamp is None:
        return
    description = {
        "format": PLAN_CACHE_FORMAT,
        "solution": str(compiled.solution_path),
        "solution_stamp": solution_stamp,
        "assignment": {
            "id": compiled.id,
            "title": compiled.title,
            "backend": compiled.backend,
            "student_file": compiled.student_file,
        },
        "include_hidden": compiled.include_hidden,
        "exercises": [_plan_description(plan) for plan in compiled.plans],
    }
    calls = plan_calls(compiled.plans)
    try:
        payload = encode_frame(description) + encode_calls(calls)
    except (ProtocolError, TypeError, ValueError):
        return  # not encodable: the next check compiles the spec again
    write_cache_file(entry, payload)


def _plan_description(plan: ExercisePlan) -> dict[str, Any]:
    exercise = plan.exercise
    return {
        "exercise": {
            "id": exercise.id,
            "entry_name": exercise.entry_name,
            "title": exercise.title,
            "points": exercise.points,
            "hints": list(exercise.hints),
            "mistakes": [[mistake.function, mistake.message] for mistake in exercise.mistakes],
        },
        "rules": dataclasses.asdict(plan.rules),
        "cases": [
            {
                "case_id": case.case_id,
                "checks": dataclasses.asdict(case.checks),
                "weight": case.weight,
                "hidden": case.hidden,
                "description": case.description,
                "inputs": case.inputs,
            }
            for case in plan.cases
        ],
    }


def _tuples(fields: dict[str, Any]) -> dict[str, Any]:
    """JSON gave lists where the dataclasses hold tuples."""
    return {
        name: tuple(value) if isinstance(value, list) else value for name, value in fields.items()
    }


def _compiled_from(description: dict, solution: Path, calls: Any) -> CompiledAssignment:
    plans = []
    for item in description["exercises"]:
        exercise = item["exercise"]
        summary = ExerciseSummary(
            id=exercise["id"],
            entry_name=exercise["entry_name"],
            title=exercise["title"],
            points=exercise["points"],
            hints=tuple(exercise["hints"]),
            mistakes=tuple(
                MistakeSummary(function, message) for function, message in exercise["mistakes"]
            ),
        )
        cases = [
            GradingCase(
                case_id=case["case_id"],
                call=next(calls),
                checks=Checks(**_tuples(case["checks"])),
                weight=case["weight"],
                hidden=case["hidden"],
                description=case["description"],
                inputs=dict(case["inputs"]),
            )
            for case in item["cases"]
        ]
        plans.append(ExercisePlan(summary, cases, StaticRules(**_tuples(item["rules"]))))
    if next(calls, None) is not None:
        raise ValueError("more calls than cases")
    assignment = description["assignment"]
    return CompiledAssignment(
        id=assignment["id"],
        title=assignment["title"],
        backend=assignment["backend"],
        solution_path=solution,
        plans=plans,
        include_hidden=description["include_hidden"],
        student_file=assignment["student_file"],
    )
