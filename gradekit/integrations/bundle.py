"""Self-contained grader bundles: the assignment, its solution and gradekit itself, in a folder.

Gradescope and PrairieLearn grade inside their own containers, so everything gradekit needs must
travel with the autograder:

* ``assignment/`` — the assignment YAML and its reference solution, laid out with the same
  relative path between them as in the course repository, so the YAML's ``solution:`` path
  resolves unchanged;
* ``gradekit-src/`` — an installable copy of the running gradekit (its package tree plus a
  generated ``pyproject.toml`` with the same dependencies), installed by the platform's setup
  step. It has to be *installed*, not put on ``PYTHONPATH``: the sandbox starts student code
  with ``python -I``, which ignores ``PYTHONPATH``;
* ``gradekit-autograder.json`` — where the assignment is and what the student's file is called.
"""

from __future__ import annotations

import importlib.metadata
import json
import math
import os
import shutil
from dataclasses import asdict, dataclass
from pathlib import Path

import gradekit
from gradekit.spec import Assignment, SpecError, load_assignment

CONFIG_NAME = "gradekit-autograder.json"
# What ``--torch`` installs on every platform: CPU PyTorch from its own wheel index (PyPI's
# default wheel carries CUDA, gigabytes no grader uses).
TORCH_REQUIREMENT = "torch==2.13.0"
TORCH_INDEX = "https://download.pytorch.org/whl/cpu"
# Beyond the cases' own limits: the interpreter, the sandbox's start and the reference answers.
GRADING_MARGIN_SECONDS = 30
ASSIGNMENT_DIR = "assignment"
SOURCE_DIR = "gradekit-src"
_SKIPPED = shutil.ignore_patterns("__pycache__", "*.pyc", "*.pyo")


class BundleError(Exception):
    """The bundle cannot be built or read; the message says what to fix."""


@dataclass(frozen=True)
class BundleConfig:
    """``gradekit-autograder.json``: how the platform-side runner finds its inputs."""

    assignment: str  # the assignment YAML, relative to the bundle folder
    student_file: str  # the file name the submission should have
    reference_backend: str = "engine"

    def write(self, folder: Path) -> Path:
        path = folder / CONFIG_NAME
        path.write_text(json.dumps(asdict(self), indent=2) + "\n", encoding="utf-8")
        return path

    @classmethod
    def read(cls, folder: Path) -> BundleConfig:
        path = folder / CONFIG_NAME
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            return cls(**data)
        except FileNotFoundError:
            raise BundleError(
                f"{path} is missing; rebuild the autograder with gradekit package/init"
            ) from None
        except (json.JSONDecodeError, TypeError) as error:
            message = f"{path} is not a valid gradekit autograder config: {error}"
            raise BundleError(message) from None


def load_spec(spec_path: Path) -> Assignment:
    """The assignment at ``spec_path``, with spec errors turned into :class:`BundleError`."""
    try:
        return load_assignment(spec_path)
    except SpecError as error:
        raise BundleError(f"invalid assignment spec:\n{error}") from None


def grading_time_bound(spec: Assignment) -> int:
    """Seconds gradekit may take to grade one submission of ``spec`` at worst: every case
    running into its time limit (with the sandbox's defaults), plus a margin."""
    from gradekit.grading.cases import compile_assignment
    from gradekit.grading.plans import plan_calls
    from gradekit.sandbox.policy import SandboxPolicy
    from gradekit.sandbox.runner import longest_run

    calls = plan_calls(compile_assignment(spec).plans)
    return math.ceil(longest_run(calls, SandboxPolicy()) + GRADING_MARGIN_SECONDS)


def copy_assignment(spec: Assignment, destination: Path) -> Path:
    """Copy the assignment YAML and its solution under ``destination``, keeping their relative
    layout; return the YAML's path relative to ``destination``."""
    spec_path = Path(spec.spec_path).resolve()
    solution_path = Path(spec.solution_path).resolve()
    if not solution_path.is_file():
        raise BundleError(f"{spec_path}: the solution {solution_path} does not exist")
    common = Path(os.path.commonpath([spec_path.parent, solution_path.parent]))
    for source in (spec_path, solution_path):
        target = destination / source.relative_to(common)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)
    return spec_path.relative_to(common)


def write_bundle(spec: Assignment, folder: Path, *, reference_backend: str = "engine") -> Path:
    """Write ``assignment/``, ``gradekit-src/`` and the config into ``folder``; return the
    config's path."""
    folder.mkdir(parents=True, exist_ok=True)
    relative_spec = copy_assignment(spec, folder / ASSIGNMENT_DIR)
    write_gradekit_source(folder / SOURCE_DIR)
    config = BundleConfig(
        assignment=(Path(ASSIGNMENT_DIR) / relative_spec).as_posix(),
        student_file=spec.assignment.student_file,
        reference_backend=reference_backend,
    )
    return config.write(folder)


def write_gradekit_source(destination: Path) -> Path:
    """An installable copy of the running gradekit (``pip install DESTINATION``)."""
    package = Path(gradekit.__file__).resolve().parent
    shutil.copytree(package, destination / "gradekit", ignore=_SKIPPED, dirs_exist_ok=True)
    (destination / "pyproject.toml").write_text(_pyproject(), encoding="utf-8")
    return destination


def _pyproject() -> str:
    """A pyproject.toml for the copied package with the running gradekit's own dependencies."""
    try:
        requirements = importlib.metadata.requires("gradekit") or []
    except importlib.metadata.PackageNotFoundError:
        message = "gradekit is not installed as a package; install it with pip first"
        raise BundleError(message) from None
    runtime = [req for req in requirements if "extra ==" not in req]
    dependencies = "".join(f"    {json.dumps(req)},\n" for req in runtime)
    return (
        "# Generated by gradekit: the grader's own copy of gradekit, installed by the platform.\n"
        "[build-system]\n"
        'requires = ["setuptools>=68"]\n'
        'build-backend = "setuptools.build_meta"\n\n'
        "[project]\n"
        'name = "gradekit"\n'
        f'version = "{gradekit.__version__}"\n'
        'requires-python = ">=3.10"\n'
        f"dependencies = [\n{dependencies}]\n\n"
        "[tool.setuptools.packages.find]\n"
        'include = ["gradekit*"]\n\n'
        "[tool.setuptools.package-data]\n"
        'gradekit = ["**/*"]\n'
    )
