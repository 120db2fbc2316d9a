"""gradekit.spec: the exercise spec format (models, YAML loading, schema, starters, discovery)."""

from typing import Any

from gradekit.spec.discovery import DiscoveryError, find_assignment
from gradekit.spec.loader import SpecError, SpecProblem, load_assignment, parse_assignment
from gradekit.spec.models import Assignment, Case, Exercise
from gradekit.spec.starter import render_starter

__all__ = [
    "Assignment",
    "Case",
    "DiscoveryError",
    "Exercise",
    "SpecError",
    "SpecProblem",
    "find_assignment",
    "json_schema",
    "load_assignment",
    "parse_assignment",
    "render_starter",
]


def __getattr__(name: str) -> Any:
    # json_schema is imported on first use, so that `python -m gradekit.spec.schema` does not
    # import the schema module twice (runpy warns about that).
    if name == "json_schema":
        from gradekit.spec.schema import json_schema

        return json_schema
    raise AttributeError(f"module 'gradekit.spec' has no attribute {name!r}")
