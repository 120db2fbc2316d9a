"""``gradekit check --format classroom50``: ``result.json`` for Classroom 50 (result-v1 schema).

Classroom 50 (foundation50/classroom50, ``schemas/result-v1.schema.json``) runs a per-assignment
``autograder.py`` and expects it to leave a ``result.json`` carrying the submission's identity
and *integer* scores. The identity comes from the environment the Classroom 50 runner gives the
autograder: ``CLASSROOM``, ``ASSIGNMENT``, ``USERNAME`` (the repository owner),
``SUBMISSION_TAG`` (``submit/…``), ``COMMIT_URL``, ``RELEASE_URL``, ``REVIEW_URL`` (falls back
to the commit URL) and ``MODE`` (``individual`` or ``group``, default ``individual``).

Scores: one test per exercise; ``max-score`` is the exercise's points, which must be whole
numbers; partial credit is rounded *down* to a whole point (never more than was earned). The
total is the sum of the tests, so the two always agree.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Mapping
from datetime import datetime, timezone
from typing import Any

from gradekit.grading.verdicts import AssignmentResult
from gradekit.report._common import GradedTest, graded_tests
from gradekit.sandbox.sanitize import escape_controls_in_json

SCHEMA_ID = "classroom50/result/v1"
IDENTITY_VARIABLES = {
    "classroom": "CLASSROOM",
    "assignment": "ASSIGNMENT",
    "owner": "USERNAME",
    "submission": "SUBMISSION_TAG",
    "commit": "COMMIT_URL",
    "release": "RELEASE_URL",
}
ASSIGNMENT_TYPES = ("individual", "group")


class Classroom50Error(ValueError):
    """The result cannot be expressed for Classroom 50 (missing identity, fractional points)."""


def render_classroom50(
    result: AssignmentResult,
    environ: Mapping[str, str] | None = None,
    now: datetime | None = None,
) -> str:
    """The ``result.json`` text."""
    document = classroom50_result(result, environ, now)
    return escape_controls_in_json(json.dumps(document, indent=2, ensure_ascii=False)) + "\n"


def classroom50_result(
    result: AssignmentResult,
    environ: Mapping[str, str] | None = None,
    now: datetime | None = None,
) -> dict[str, Any]:
    """The ``result.json`` document as plain data (raises :class:`Classroom50Error`)."""
    environ = os.environ if environ is None else environ
    identity = _identity(environ)
    stamp = _utc_stamp(now or datetime.now(timezone.utc))
    misconfigured = result.grading_error is not None
    tests = [
        _exercise_entry(parts, misconfigured=misconfigured)
        for parts in _by_exercise(graded_tests(result))
    ]
    document: dict[str, Any] = {
        "schema": SCHEMA_ID,
        **identity,
        "datetime": stamp,
        "graded_at": stamp,
        "score": sum(test["score"] for test in tests),
        "max-score": sum(test["max-score"] for test in tests),
        "tests": tests,
    }
    actor = environ.get("GITHUB_ACTOR", "").strip()
    if actor:
        actor_id = environ.get("GITHUB_ACTOR_ID", "").strip()
        document["submitted_by"] = {
            "username": actor,
            "id": int(actor_id) if actor_id.isdigit() else None,
        }
    return document


def _identity(environ: Mapping[str, str]) -> dict[str, str]:
    missing = [name for name in IDENTITY_VARIABLES.values() if not environ.get(name, "").strip()]
    if missing:
        raise Classroom50Error(
            "the classroom50 format needs the submission's identity from the Classroom 50 "
            f"runner; these environment variables are not set: {', '.join(missing)} "
            "(run gradekit from the assignment's autograder.py, see docs/ci.md)"
        )
    identity = {key: environ[name].strip() for key, name in IDENTITY_VARIABLES.items()}
    if not identity["submission"].startswith("submit/"):
        raise Classroom50Error(
            "SUBMISSION_TAG must be the submit/<timestamp>-<sha> tag, "
            f"not {identity['submission']!r}"
        )
    mode = environ.get("MODE", "").strip() or "individual"
    if mode not in ASSIGNMENT_TYPES:
        raise Classroom50Error(f"MODE must be individual or group, not {mode!r}")
    review = environ.get("REVIEW_URL", "").strip() or identity["commit"]
    return {
        "classroom": identity["classroom"],
        "assignment": identity["assignment"],
        "assignment_type": mode,
        "owner": identity["owner"],
        "submission": identity["submission"],
        "commit": identity["commit"],
        "release": identity["release"],
        "review": review,
    }


def _by_exercise(tests: list[GradedTest]) -> list[list[GradedTest]]:
    """The visible and hidden parts of each exercise back together (integer points do not
    split)."""
    groups: dict[str, list[GradedTest]] = {}
    for test in tests:
        groups.setdefault(test.exercise_id, []).append(test)
    return list(groups.values())


def fractional_points_problem(points: Mapping[str, float]) -> str | None:
    """What to fix when an exercise (id -> its points) is worth a fraction of a point, which
    Classroom 50 cannot score; None when every exercise is worth whole points."""
    for exercise_id, value in points.items():
        value = round(value, 4)
        if not float(value).is_integer():
            return (
                f"Classroom 50 scores are whole numbers, but exercise {exercise_id!r} is worth "
                f"{value} points; give it whole points in the assignment YAML"
            )
    return None


def _exercise_entry(parts: list[GradedTest], *, misconfigured: bool) -> dict[str, Any]:
    first = parts[0]
    max_points = round(sum(part.max_score for part in parts), 4)
    if misconfigured:
        # The assignment's points, known to be whole or not (its problem may be just that):
        # the student sees 0 of them, rounded down as partial credit is.
        max_points = math.floor(max_points + 1e-9)
    problem = fractional_points_problem({first.exercise_id: max_points})
    if problem is not None:
        raise Classroom50Error(problem)
    earned = sum(part.score for part in parts)
    passed = all(part.passed for part in parts)
    score = int(max_points) if passed else min(math.floor(earned + 1e-9), int(max_points))
    statuses = [part.status for part in parts]
    status = "error" if "error" in statuses else "fail" if "fail" in statuses else "pass"
    return {
        "test-name": first.name,
        "passed": passed,
        "score": score,
        "max-score": int(max_points),
        # Extra fields are allowed by the schema and kept by the runner.
        "status": status,
        "message": "\n".join(part.message for part in parts if part.message),
    }


def _utc_stamp(moment: datetime) -> str:
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
