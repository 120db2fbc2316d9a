"""``gradekit init github``: write ``.github/workflows/classroom.yml`` into a repository.

The workflow installs gradekit (with pip caching), runs ``gradekit check --format github`` as
its own step (id ``gradekit``, so its ``result`` output is read as ``GRADEKIT_RESULTS``), then
the classroom-resources grading reporter. Names follow what the reporter requires: workflow
"Autograding Tests", single job "run-autograding-tests".

gradekit is not on PyPI, so by default the workflow installs the copy of gradekit that ``init``
writes into the repository, ``.github/gradekit/gradekit-src`` (the bundles' ``gradekit-src``,
see :mod:`gradekit.integrations.bundle`): beside the workflow, out of the student's way, and of
exactly the version that wrote the workflow. ``--install REQUIREMENT`` installs that instead.

pip builds a local folder afresh on every install (a requirement given as a path has no name
under which pip could look up a cached wheel), so a changed copy is always what runs; the
cache setup-python restores holds only the dependencies' wheels, and is keyed on the workflow
and the copy's ``pyproject.toml`` (gradekit's version and dependencies).
"""

from __future__ import annotations

import json
import math
import shlex
import shutil
from collections.abc import Callable
from pathlib import Path, PurePosixPath

from gradekit.integrations.bundle import (
    SOURCE_DIR,
    TORCH_INDEX,
    TORCH_REQUIREMENT,
    BundleError,
    grading_time_bound,
    is_generated_source,
    load_spec,
    replace_gradekit_source,
)
from gradekit.integrations.templates import fill

WORKFLOW_PATH = Path(".github/workflows/classroom.yml")
# The vendored gradekit the default workflow installs (see the module docstring).
VENDORED_SOURCE = Path(".github/gradekit") / SOURCE_DIR
STEP_ID = "gradekit"


class InitError(Exception):
    """The workflow cannot be written; the message says what to change."""


def init_github(
    repository: Path,
    assignment: Path,
    *,
    submission: str | None = None,
    requirement: str | None = None,
    torch: bool = False,
    timeout_minutes: int = 10,
    force: bool = False,
    warn: Callable[[str], None] | None = None,
) -> list[Path]:
    """Write the workflow (and the gradekit it installs) into ``repository``; return the paths
    written, the workflow first.

    ``assignment`` is the assignment YAML (inside ``repository``); ``submission`` the student's
    file relative to the repository root (default: the assignment's ``student_file``).
    ``requirement`` is what pip installs; by default a copy of the running gradekit written to
    :data:`VENDORED_SOURCE` (replaced on every run, so it is always the version that wrote the
    workflow). Any pip requirement works, e.g. ``git+https://github.com/ORG/gradekit@v0.1.0``;
    a copy left by an earlier run is then removed. ``torch`` also installs CPU PyTorch so
    submissions run on real torch. ``warn(message)`` is told when the grading step's
    ``timeout_minutes`` is shorter than grading may take
    (:func:`~gradekit.integrations.bundle.grading_time_bound`).
    """
    repository = repository.resolve()
    target = repository / WORKFLOW_PATH
    vendored = repository / VENDORED_SOURCE
    if target.exists() and not force:
        raise InitError(f"{target} already exists; pass --force to replace it")
    if vendored.exists() and not is_generated_source(vendored) and not force:
        raise InitError(
            f"{vendored} exists but was not written by gradekit; pass --force to replace it"
        )
    if timeout_minutes < 1:
        raise InitError(f"--timeout must be at least 1 minute, not {timeout_minutes}")
    try:
        spec = load_spec(assignment)
    except BundleError as error:
        raise InitError(str(error)) from None
    needed_minutes = math.ceil(grading_time_bound(spec) / 60)
    if needed_minutes > timeout_minutes and warn is not None:
        warn(
            f"a submission of {spec.assignment.id} whose code never returns needs up to "
            f"{needed_minutes} minutes to grade (each case runs into its time limit), but the "
            f"grading step may take {timeout_minutes}: GitHub then cancels it, no result is "
            "written and the grading reporter sends no points. Pass --timeout "
            f"{needed_minutes} or lower the cases' timeout in the assignment YAML."
        )
    spec_in_repo = _inside(repository, assignment.resolve(), "the assignment")
    student_file = _inside(
        repository, repository / (submission or spec.assignment.student_file), "the submission"
    )

    # "./…": pip reads a path (a local folder) only when it looks like one.
    install = ["python", "-m", "pip", "install", requirement or f"./{VENDORED_SOURCE.as_posix()}"]
    cache_keys = [WORKFLOW_PATH.as_posix()]
    if requirement is None:
        cache_keys.append((VENDORED_SOURCE / "pyproject.toml").as_posix())
    if torch:
        install += [TORCH_REQUIREMENT, "--extra-index-url", TORCH_INDEX]
    check = ["gradekit", "check", student_file, "--assignment", spec_in_repo, "--format", "github"]
    text = fill(
        "github/classroom.yml",
        INSTALL=_yaml_scalar(shlex.join(install)),
        CHECK=_yaml_scalar(shlex.join(check)),
        TIMEOUT=str(int(timeout_minutes)),
        # One path a line, as setup-python reads several.
        CACHE_PATHS=_yaml_scalar("\n".join(cache_keys)),
    )
    written = [target]
    if requirement is None:
        written.append(replace_gradekit_source(vendored))
    elif vendored.exists() and is_generated_source(vendored):
        shutil.rmtree(vendored)  # an earlier run's copy, which nothing installs any more
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")
    return written


def _inside(repository: Path, path: Path, what: str) -> str:
    """``path`` relative to the repository root, with '/' (the workflow runs on Linux)."""
    try:
        relative = path.resolve().relative_to(repository)
    except ValueError:
        raise InitError(
            f"{what} {path} is outside the repository {repository}; the workflow can only "
            "use files that are checked out with the repository"
        ) from None
    return str(PurePosixPath(*relative.parts))


def _yaml_scalar(text: str) -> str:
    """A YAML double-quoted scalar (JSON strings are valid YAML), so no path or requirement can
    break the document's structure or smuggle in a ``${{ }}`` expression."""
    if "${{" in text:
        raise InitError(f"{text!r} contains '${{{{', which GitHub would evaluate as an expression")
    return json.dumps(text)
