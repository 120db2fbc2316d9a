"""gradekit.spec: the exercise spec format (models, YAML loading, schema, starters, discovery)."""

from gradekit.spec.loader import SpecError, SpecProblem, load_assignment, parse_assignment
from gradekit.spec.models import Assignment, Case, Exercise

__all__ = [
    "Assignment",
    "Case",
    "Exercise",
    "SpecError",
    "SpecProblem",
    "load_assignment",
    "parse_assignment",
]
