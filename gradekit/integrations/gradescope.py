"""``gradekit package gradescope``: build ``autograder.zip``; and the runner inside Gradescope.

The zip holds, at its root (Gradescope unpacks it into ``/autograder/source``):

* ``setup.sh`` — run once when Gradescope builds the image: installs Python and gradekit;
* ``run_autograder`` — run for every submission: ``python -m gradekit.integrations.gradescope``;
* the bundle (see :mod:`gradekit.integrations.bundle`): ``assignment/`` (spec + solution),
  ``gradekit-src/``, ``gradekit-autograder.json``.

At grading time the runner (:func:`run_autograder`) grades ``/autograder/submission`` and always
writes ``/autograder/results/results.json``. ``GRADEKIT_AUTOGRADER_ROOT`` (or ``--root``) replaces
``/autograder``, which is how the tests run the real zip locally.
"""

from __future__ import annotations

import math
import stat
import sys
import tempfile
import zipfile
from collections.abc import Callable
from pathlib import Path

from gradekit.integrations.bundle import (
    TORCH_INDEX,
    TORCH_REQUIREMENT,
    grading_time_bound,
    write_bundle,
)
from gradekit.integrations.runner import root_from_arguments, write_platform_results
from gradekit.integrations.templates import fill, read_template
from gradekit.report._common import number
from gradekit.report.gradescope import failure_results, render_gradescope

DEFAULT_ROOT = "/autograder"
ROOT_VARIABLE = "GRADEKIT_AUTOGRADER_ROOT"
TORCH_INSTALL = (
    f'"$ROOT/venv/bin/python" -m pip install {TORCH_REQUIREMENT} --index-url {TORCH_INDEX}'
)
_EXECUTABLE = 0o755
# Gradescope stops run_autograder after 10 minutes unless the assignment's settings allow more
# (up to 40); the student then gets 0 (ecosystem notes §3, "Limits").
DEFAULT_TIMEOUT_SECONDS = 10 * 60
MAX_TIMEOUT_SECONDS = 40 * 60


def package_gradescope(
    assignment: Path,
    output: Path,
    *,
    torch: bool = False,
    reference_backend: str = "engine",
    warn: Callable[[str], None] | None = None,
) -> Path:
    """Build the Gradescope autograder zip for ``assignment`` at ``output``; return ``output``.

    ``torch`` makes ``setup.sh`` install CPU PyTorch too, so ``import torch`` in submissions means
    real torch (otherwise gradekit's engine stands in for it). ``warn(message)`` is told when
    grading may outlast Gradescope's default timeout (:func:`grading_time_bound`).
    """
    from gradekit.integrations.bundle import load_spec

    spec = load_spec(assignment)
    needed = grading_time_bound(spec)
    if needed > DEFAULT_TIMEOUT_SECONDS and warn is not None:
        warn(_slow_assignment(spec.assignment.id, needed))
    with tempfile.TemporaryDirectory(prefix="gradekit-gradescope-") as folder:
        staging = Path(folder)
        write_bundle(spec, staging, reference_backend=reference_backend)
        setup = fill("gradescope/setup.sh", TORCH_INSTALL=TORCH_INSTALL if torch else "")
        (staging / "setup.sh").write_text(setup, encoding="utf-8")
        (staging / "run_autograder").write_text(
            read_template("gradescope/run_autograder"), encoding="utf-8"
        )
        output.parent.mkdir(parents=True, exist_ok=True)
        _zip_folder(staging, output, executables={"setup.sh", "run_autograder"})
    return output


def _slow_assignment(assignment_id: str, needed: int) -> str:
    """What to change when grading may outlast Gradescope's default timeout."""
    minutes = math.ceil(needed / 60)
    problem = (
        f"a submission of {assignment_id} whose code never returns needs up to {minutes} "
        f"minutes to grade (each case runs into its time limit), more than Gradescope's default "
        f"of {DEFAULT_TIMEOUT_SECONDS // 60}: Gradescope then stops the autograder and the "
        "student gets 0 without any of gradekit's feedback."
    )
    if needed > MAX_TIMEOUT_SECONDS:
        return f"{problem} That is beyond its maximum too: lower the cases' timeout in the YAML."
    return (
        f"{problem} Set the autograder timeout to {minutes} minutes in the assignment's settings."
    )


def _zip_folder(folder: Path, output: Path, *, executables: set[str]) -> None:
    """Zip ``folder``'s contents (not the folder itself) in a stable order, keeping the
    executable bit on the scripts (Gradescope runs them directly)."""
    with zipfile.ZipFile(output, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(folder.rglob("*")):
            if path.is_dir():
                continue
            name = path.relative_to(folder).as_posix()
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            mode = _EXECUTABLE if name in executables else 0o644
            info.external_attr = (stat.S_IFREG | mode) << 16
            archive.writestr(info, path.read_bytes())


# ---------------------------------------------------------------------------------------------
# inside Gradescope


def run_autograder(root: Path) -> dict:
    """Grade ``root/submission`` with the bundle in ``root/source``; write and return
    ``root/results/results.json`` (a failing result with the reason when grading failed)."""
    return write_platform_results(
        root / "source",
        root / "submission",
        root / "results" / "results.json",
        render=render_gradescope,
        failure=failure_results,
    )


def main(argv: list[str] | None = None) -> int:
    root = root_from_arguments(
        argv,
        prog="python -m gradekit.integrations.gradescope",
        description="Grade the submission in a Gradescope container (run by run_autograder).",
        variable=ROOT_VARIABLE,
        default=DEFAULT_ROOT,
    )
    document = run_autograder(root)
    # run_autograder's stdout is shown to instructors only: a one-line summary for them.
    tests = document.get("tests", [])
    possible = sum(test.get("max_score", 0) for test in tests)
    score = number(document.get("score", 0))
    print(f"gradekit: {score}/{number(possible)} points, {len(tests)} tests")
    return 0


if __name__ == "__main__":
    sys.exit(main())
