"""gradekit.spec: the exercise spec format (models, YAML loading, schema, starters, discovery)."""

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
    "load_assignment",
    "parse_assignment",
    "render_starter",
]
