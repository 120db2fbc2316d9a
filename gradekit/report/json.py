"""Machine-readable output of ``gradekit check --format json``: schema ``gradekit.check/1``.

The layout is documented field by field in docs/json-output.md, and :data:`OUTPUT_SCHEMA` is the
same contract as a JSON Schema (the tests validate real output against it). Within version 1,
fields are only ever added, never renamed or removed.

Hidden cases keep their verdict but lose every detail that could reveal inputs or expected
values. Non-finite floats, which JSON cannot hold, are written as the strings "nan", "inf",
"-inf".
"""

from __future__ import annotations

import json
import math
from typing import Any

import numpy as np

import gradekit
from gradekit.grading.compare import Difference
from gradekit.grading.verdicts import AssignmentResult, CaseResult, ExerciseResult
from gradekit.sandbox.sanitize import escape_controls_in_json

SCHEMA_ID = "gradekit.check/1"
MAX_ARRAY_ELEMENTS = 1000  # larger arrays are summarised instead of written out


def render_json(result: AssignmentResult) -> str:
    """The result as a JSON document (UTF-8 text, two-space indent; terminal controls in
    student strings escaped, see :func:`~gradekit.sandbox.sanitize.escape_controls_in_json`)."""
    return escape_controls_in_json(dumps_indented(result_to_dict(result)))


def dumps_indented(value: Any) -> str:
    """``json.dumps(value, indent=2, allow_nan=False, ensure_ascii=False)``, the same text.

    With an indent the json module encodes in Python, through a generator per container; a
    check's report took it several milliseconds after the run. This builds the same text
    directly for plain JSON data (dict with str keys, list, tuple, str, int, float, bool,
    None) and hands anything else (other keys or types, NaN, infinities) to json.dumps,
    which also raises its own errors.
    """
    parts: list[str] = []
    try:
        _write_indented(value, parts, "\n")
    except (_NotPlain, RecursionError):
        return json.dumps(value, indent=2, allow_nan=False, ensure_ascii=False)
    return "".join(parts)


class _NotPlain(Exception):
    """A value :func:`dumps_indented` leaves to the json module."""


_encode_string = json.encoder.encode_basestring  # the C version when available, as json uses
_INFINITIES = (-math.inf, math.inf)


def _write_indented(value: Any, parts: list[str], newline: str) -> None:
    """Append the encoding of ``value``; ``newline`` is a newline and the current indent."""
    kind = type(value)
    if kind is str:
        parts.append(_encode_string(value))
    elif value is None:
        parts.append("null")
    elif value is True:
        parts.append("true")
    elif value is False:
        parts.append("false")
    elif kind is int:
        parts.append(int.__repr__(value))
    elif kind is float:
        if value != value or value in _INFINITIES:
            raise _NotPlain  # json.dumps says what is wrong with it
        parts.append(float.__repr__(value))
    elif kind is dict:
        if not value:
            parts.append("{}")
            return
        inner = newline + "  "
        separator = "{" + inner
        for key, item in value.items():
            if type(key) is not str:
                raise _NotPlain
            parts.append(separator)
            parts.append(_encode_string(key))
            parts.append(": ")
            _write_indented(item, parts, inner)
            separator = "," + inner
        parts.append(newline + "}")
    elif kind is list or kind is tuple:
        if not value:
            parts.append("[]")
            return
        inner = newline + "  "
        separator = "[" + inner
        for item in value:
            parts.append(separator)
            _write_indented(item, parts, inner)
            separator = "," + inner
        parts.append(newline + "]")
    else:
        raise _NotPlain


def result_to_dict(result: AssignmentResult) -> dict[str, Any]:
    """The ``gradekit.check/1`` document as plain Python data."""
    not_started = result.not_started_exercises
    return {
        "schema": SCHEMA_ID,
        "gradekit_version": gradekit.__version__,
        "assignment": {"id": result.assignment_id, "title": result.assignment_title},
        "submission": result.submission,
        "backend": result.backend,
        "isolation": {
            "tier": result.isolation.tier,
            "layers": list(result.isolation.layers),
            "degraded": dict(result.isolation.degraded),
        },
        "score": result.score,
        "max_score": result.max_score,
        "passed": result.all_passed,
        "include_hidden": result.include_hidden,
        "load_error": result.load_error,
        "load_error_advice": result.load_error_advice,
        "duration": round(result.duration, 4),
        "stdout": result.stdout,
        "stderr": result.stderr,
        "exercises": [
            _exercise(exercise, not_started=any(exercise is e for e in not_started))
            for exercise in result.exercises
        ],
    }


def _exercise(exercise: ExerciseResult, *, not_started: bool) -> dict[str, Any]:
    return {
        "id": exercise.id,
        "entry": exercise.entry,
        "title": exercise.title,
        "status": exercise.status,
        "not_started": not_started,
        "points": exercise.points,
        "max_points": exercise.max_points,
        "passed_cases": exercise.passed_cases,
        "total_cases": len(exercise.cases),
        "error": exercise.error,
        "mistake": exercise.mistake,
        "hint": exercise.hint,
        "hints": list(exercise.hints),
        "traceback": exercise.traceback,
        "violations": [
            {"rule": v.rule, "line": v.line, "message": v.message} for v in exercise.violations
        ],
        "duration": round(exercise.duration, 4),
        "cases": [_case(case) for case in exercise.cases],
    }


def case_status(case: CaseResult) -> str:
    """``pass``, ``fail`` or ``error`` (the code could not be run for this case)."""
    if case.passed:
        return "pass"
    return "error" if case.errored or case.call_status == "missing" else "fail"


def _case(case: CaseResult) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": case.case_id,
        "label": case.label if not case.hidden else case.case_id,
        "status": case_status(case),
        "call_status": case.call_status,
        "weight": case.weight,
        "hidden": case.hidden,
        "duration": round(case.duration, 4),
    }
    if case.hidden:
        data["inputs"] = None
        data["traceback"] = None
        data["differences"] = [
            {"check": d.check, "subject": d.subject, "message": f"hidden case: {d.check} differs"}
            for d in case.differences
        ]
    else:
        data["inputs"] = dict(case.inputs)
        data["traceback"] = case.traceback
        data["differences"] = [_difference(d) for d in case.differences]
    return data


def _difference(difference: Difference) -> dict[str, Any]:
    return {
        "check": difference.check,
        "subject": difference.subject,
        "message": difference.message,
        "expected": to_jsonable(difference.expected),
        "got": to_jsonable(difference.got),
        "max_abs_error": to_jsonable(difference.max_abs_error),
        "max_rel_error": to_jsonable(difference.max_rel_error),
        "mismatched": difference.mismatched,
        "total": difference.total,
        "indices": difference.indices,
        "explanation": difference.explanation,
        "rtol": difference.rtol,
        "atol": difference.atol,
    }


def to_jsonable(value: Any) -> Any:
    """Plain JSON data for a value: arrays as nested lists (or a summary when large)."""
    if isinstance(value, np.ndarray):
        if value.size > MAX_ARRAY_ELEMENTS:
            return {
                "summary": f"{value.dtype} array of shape {list(value.shape)}",
                "first": to_jsonable(value.reshape(-1)[:20]),
            }
        return to_jsonable(value.tolist())
    if isinstance(value, np.generic):
        return to_jsonable(value.item())
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return value
    if isinstance(value, complex):
        return {"real": to_jsonable(value.real), "imag": to_jsonable(value.imag)}
    if isinstance(value, list | tuple):
        return [to_jsonable(item) for item in value]
    if isinstance(value, dict):
        return {str(key): to_jsonable(item) for key, item in value.items()}
    if value is None or isinstance(value, bool | int | str):
        return value
    return repr(value)


_NULLABLE_STRING = {"type": ["string", "null"]}
_NUMBER_OR_NONFINITE = {
    "oneOf": [{"type": "number"}, {"enum": ["nan", "inf", "-inf"]}, {"type": "null"}]
}

OUTPUT_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://gradekit.invalid/schemas/check-1.json",
    "title": "gradekit check output (gradekit.check/1)",
    "type": "object",
    "required": [
        "schema",
        "gradekit_version",
        "assignment",
        "submission",
        "backend",
        "isolation",
        "score",
        "max_score",
        "passed",
        "include_hidden",
        "load_error",
        "load_error_advice",
        "duration",
        "stdout",
        "stderr",
        "exercises",
    ],
    "properties": {
        "schema": {"const": SCHEMA_ID},
        "gradekit_version": {"type": "string"},
        "assignment": {
            "type": "object",
            "required": ["id", "title"],
            "properties": {"id": {"type": "string"}, "title": {"type": "string"}},
        },
        "submission": {"type": "string"},
        "backend": {"enum": ["engine", "torch"]},
        "isolation": {
            "type": "object",
            "required": ["tier", "layers", "degraded"],
            "properties": {
                "tier": {"type": ["integer", "null"]},
                "layers": {"type": "array", "items": {"type": "string"}},
                "degraded": {"type": "object", "additionalProperties": {"type": "string"}},
            },
        },
        "score": {"type": "number", "minimum": 0},
        "max_score": {"type": "number", "minimum": 0},
        "passed": {"type": "boolean"},
        "include_hidden": {"type": "boolean"},
        "load_error": _NULLABLE_STRING,
        "load_error_advice": _NULLABLE_STRING,
        "duration": {"type": "number", "minimum": 0},
        "stdout": {"type": "string"},
        "stderr": {"type": "string"},
        "exercises": {"type": "array", "items": {"$ref": "#/$defs/exercise"}},
    },
    "$defs": {
        "exercise": {
            "type": "object",
            "required": [
                "id",
                "entry",
                "title",
                "status",
                "not_started",
                "points",
                "max_points",
                "passed_cases",
                "total_cases",
                "error",
                "mistake",
                "hint",
                "hints",
                "traceback",
                "violations",
                "duration",
                "cases",
            ],
            "properties": {
                "id": {"type": "string"},
                "entry": {"type": "string"},
                "title": {"type": "string"},
                "status": {"enum": ["pass", "fail", "error"]},
                "not_started": {"type": "boolean"},
                "points": {"type": "number", "minimum": 0},
                "max_points": {"type": "number", "minimum": 0},
                "passed_cases": {"type": "integer", "minimum": 0},
                "total_cases": {"type": "integer", "minimum": 0},
                "error": _NULLABLE_STRING,
                "mistake": _NULLABLE_STRING,
                "hint": _NULLABLE_STRING,
                "hints": {"type": "array", "items": {"type": "string"}},
                "traceback": _NULLABLE_STRING,
                "violations": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["rule", "line", "message"],
                        "properties": {
                            "rule": {"enum": ["max_statements", "forbid", "require"]},
                            "line": {"type": ["integer", "null"]},
                            "message": {"type": "string"},
                        },
                    },
                },
                "duration": {"type": "number", "minimum": 0},
                "cases": {"type": "array", "items": {"$ref": "#/$defs/case"}},
            },
        },
        "case": {
            "type": "object",
            "required": [
                "id",
                "label",
                "status",
                "call_status",
                "weight",
                "hidden",
                "duration",
                "inputs",
                "traceback",
                "differences",
            ],
            "properties": {
                "id": {"type": "string"},
                "label": {"type": "string"},
                "status": {"enum": ["pass", "fail", "error"]},
                "call_status": {
                    "enum": ["ok", "raised", "timeout", "crashed", "missing", "invalid", "skipped"]
                },
                "weight": {"type": "number", "exclusiveMinimum": 0},
                "hidden": {"type": "boolean"},
                "duration": {"type": "number", "minimum": 0},
                "inputs": {
                    "type": ["object", "null"],
                    "additionalProperties": {"type": "string"},
                },
                "traceback": _NULLABLE_STRING,
                "differences": {"type": "array", "items": {"$ref": "#/$defs/difference"}},
            },
        },
        "difference": {
            "type": "object",
            "required": ["check", "subject", "message"],
            "properties": {
                "check": {
                    "enum": [
                        "value",
                        "type",
                        "shape",
                        "dtype",
                        "requires_grad",
                        "is_leaf",
                        "grad_fn",
                        "grad",
                        "unchanged",
                        "mutated",
                        "raises",
                        "status",
                    ]
                },
                "subject": {"type": "string"},
                "message": {"type": "string"},
                "expected": {},
                "got": {},
                "max_abs_error": _NUMBER_OR_NONFINITE,
                "max_rel_error": _NUMBER_OR_NONFINITE,
                "mismatched": {"type": ["integer", "null"]},
                "total": {"type": ["integer", "null"]},
                "indices": {
                    "type": "array",
                    "items": {"type": "array", "items": {"type": "integer"}},
                },
                "explanation": _NULLABLE_STRING,
                "rtol": {"type": ["number", "null"]},
                "atol": {"type": ["number", "null"]},
            },
        },
    },
}
