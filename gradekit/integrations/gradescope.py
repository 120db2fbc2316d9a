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

import stat
import sys
import tempfile
import zipfile
from pathlib import Path

from gradekit.integrations.bundle import TORCH_INDEX, TORCH_REQUIREMENT, write_bundle
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


def package_gradescope(
    assignment: Path, output: Path, *, torch: bool = False, reference_backend: str = "engine"
) -> Path:
    """Build the Gradescope autograder zip for ``assignment`` at ``output``; return ``output``.

    ``torch`` makes ``setup.sh`` install CPU PyTorch too, so ``import torch`` in submissions means
    real torch (otherwise gradekit's engine stands in for it).
    """
    from gradekit.integrations.bundle import load_spec

    spec = load_spec(assignment)
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
