"""gradekit.spec: the exercise spec format (models, YAML loading, schema, starters, discovery).

Names are imported on first use (PEP 562): `gradekit check` finds the assignment file and reads
its header before pydantic and the models are imported, so that the sandbox can start first.
"""

from importlib import import_module
from typing import Any

# exported name -> module that defines it
_EXPORTS: dict[str, str] = {
    "Assignment": "gradekit.spec.models",
    "Case": "gradekit.spec.models",
    "Exercise": "gradekit.spec.models",
    "DiscoveryError": "gradekit.spec.discovery",
    "find_assignment": "gradekit.spec.discovery",
    "SpecError": "gradekit.spec.errors",
    "SpecProblem": "gradekit.spec.errors",
    "load_assignment": "gradekit.spec.loader",
    "parse_assignment": "gradekit.spec.loader",
    "render_starter": "gradekit.spec.starter",
    "json_schema": "gradekit.spec.schema",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'gradekit.spec' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_EXPORTS])
