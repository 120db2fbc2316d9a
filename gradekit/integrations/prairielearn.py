"""``gradekit init prairielearn``: external-grading files for a PrairieLearn question; and the
runner inside the grader container.

Into a question folder it writes:

* ``info.json`` — created, or updated in place, with ``externalGradingOptions`` (enabled, the
  grader image, entrypoint ``/grade/tests/run.sh``, timeout). Other keys are kept.
* ``question.html`` — a file-upload question showing the external grader's results (only when
  the folder has none yet).
* ``tests/`` — ``run.sh`` plus the bundle (assignment spec and solution, gradekit's config).
  PrairieLearn mounts it at ``/grade/tests`` and never shows it to students.
* ``grader-image/`` — ``Dockerfile`` and ``gradekit-src/`` for building the grader image.

In the container, :func:`run_grader` grades ``/grade/student`` and always writes
``/grade/results/results.json``; when it cannot grade, the result is ``gradable: false``, so
the student is not charged an attempt. ``GRADEKIT_GRADE_ROOT`` (or ``--root``) replaces
``/grade`` for local runs.
"""

from __future__ import annotations

import json
import sys
import uuid
from collections.abc import Callable
from pathlib import Path

from gradekit.integrations.bundle import (
    ASSIGNMENT_DIR,
    TORCH_INDEX,
    TORCH_REQUIREMENT,
    BundleConfig,
    BundleError,
    copy_assignment,
    grading_time_bound,
    load_spec,
    write_gradekit_source,
)
from gradekit.integrations.runner import root_from_arguments, write_platform_results
from gradekit.integrations.templates import fill, read_template
from gradekit.report.prairielearn import render_prairielearn, ungradable_results

DEFAULT_ROOT = "/grade"
ROOT_VARIABLE = "GRADEKIT_GRADE_ROOT"
ENTRYPOINT = "/grade/tests/run.sh"
MAX_TIMEOUT_SECONDS = 600  # PrairieLearn's upper limit
# The bundled gradekit-src declares no extras, so torch is a RUN line of its own.
_TORCH_INSTALL = (
    f"RUN python -m pip install --no-cache-dir {TORCH_REQUIREMENT} --index-url {TORCH_INDEX}"
)


class InitError(Exception):
    """The question files cannot be written; the message says what to change."""


def init_prairielearn(
    question: Path,
    assignment: Path,
    *,
    image: str = "YOUR-ORG/gradekit-grader",
    timeout_seconds: int | None = None,
    torch: bool = False,
    reference_backend: str = "engine",
    warn: Callable[[str], None] | None = None,
) -> list[Path]:
    """Write the external-grading files for ``assignment`` into the question folder
    ``question``; return the paths written.

    ``timeout_seconds`` defaults to what grading a submission may take at worst
    (:func:`grading_time_bound`), at most PrairieLearn's 600 s. PrairieLearn kills a grader
    that runs longer, and the student then sees only "Grading timed out", not gradekit's
    feedback: ``warn(message)`` is told when the timeout is shorter than that bound.
    """
    if timeout_seconds is not None and not 1 <= timeout_seconds <= MAX_TIMEOUT_SECONDS:
        raise InitError(
            f"timeout must be between 1 and {MAX_TIMEOUT_SECONDS} seconds (PrairieLearn's "
            f"limit), not {timeout_seconds}"
        )
    try:
        spec = load_spec(assignment)
    except BundleError as error:
        raise InitError(str(error)) from None
    needed = grading_time_bound(spec)
    if warn is not None and min(timeout_seconds or needed, MAX_TIMEOUT_SECONDS) < needed:
        warn(_short_timeout(spec.assignment.id, needed, timeout_seconds))
    if timeout_seconds is None:
        timeout_seconds = min(needed, MAX_TIMEOUT_SECONDS)
    question.mkdir(parents=True, exist_ok=True)
    written = [_update_info(question / "info.json", spec.title, image, timeout_seconds)]

    html = question / "question.html"
    if not html.exists():
        html.write_text(
            fill(
                "prairielearn/question.html",
                TITLE=_html(spec.title),
                STUDENT_FILE=_html(spec.assignment.student_file),
            ),
            encoding="utf-8",
        )
        written.append(html)

    tests = question / "tests"
    tests.mkdir(exist_ok=True)
    relative_spec = copy_assignment(spec, tests / ASSIGNMENT_DIR)
    config = BundleConfig(
        assignment=(Path(ASSIGNMENT_DIR) / relative_spec).as_posix(),
        student_file=spec.assignment.student_file,
        reference_backend=reference_backend,
    )
    written.append(config.write(tests))
    run_script = tests / "run.sh"
    run_script.write_text(read_template("prairielearn/run.sh"), encoding="utf-8")
    run_script.chmod(0o755)
    written.append(run_script)

    image_folder = question / "grader-image"
    write_gradekit_source(image_folder / "gradekit-src")
    dockerfile = image_folder / "Dockerfile"
    dockerfile.write_text(
        fill("prairielearn/Dockerfile", TORCH_INSTALL=_TORCH_INSTALL if torch else ""),
        encoding="utf-8",
    )
    written.append(dockerfile)
    return written


def _short_timeout(assignment_id: str, needed: int, asked: int | None) -> str:
    """Why a timeout below ``needed`` costs the student their feedback, and what to change."""
    problem = (
        f"a submission of {assignment_id} whose code never returns needs up to {needed} s to "
        "grade (each case runs into its time limit)"
    )
    consequence = "PrairieLearn then stops the grader and the student sees only 'Grading timed out'"
    if asked is None:
        return (
            f"{problem}, more than PrairieLearn's limit of {MAX_TIMEOUT_SECONDS} s: "
            f"{consequence}. Lower the cases' timeout in the assignment YAML."
        )
    return (
        f"{problem}, but --timeout is {asked}: {consequence}. Raise --timeout (at most "
        f"{MAX_TIMEOUT_SECONDS}) or lower the cases' timeout in the assignment YAML."
    )


def _update_info(path: Path, title: str, image: str, timeout_seconds: int) -> Path:
    """Create or update ``info.json``, changing only ``gradingMethod`` and the
    ``externalGradingOptions`` gradekit needs (and filling the keys PrairieLearn requires when
    the file is new)."""
    if path.exists():
        try:
            info = json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as error:
            raise InitError(
                f"{path}:{error.lineno}: not valid JSON ({error.msg}); fix it or remove it"
            ) from None
        if not isinstance(info, dict):
            raise InitError(f"{path}: expected a JSON object")
    else:
        info = {
            "uuid": str(uuid.uuid4()),
            "title": title,
            "topic": "PyTorch",
            "tags": ["gradekit"],
            "type": "v3",
            "singleVariant": True,
            "gradingMethod": "External",
        }
    info["gradingMethod"] = "External"
    options = info.get("externalGradingOptions")
    # The instructor's own options (environment, serverFilesCourse, ...) stay.
    info["externalGradingOptions"] = {
        **(options if isinstance(options, dict) else {}),
        "enabled": True,
        "image": image,
        "entrypoint": ENTRYPOINT,
        "timeout": timeout_seconds,
    }
    path.write_text(json.dumps(info, indent=2) + "\n", encoding="utf-8")
    return path


def _html(text: str) -> str:
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


# ---------------------------------------------------------------------------------------------
# inside the grader container


def run_grader(root: Path) -> dict:
    """Grade ``root/student`` with the bundle in ``root/tests``; write and return
    ``root/results/results.json`` (``gradable: false`` with the reason when grading failed)."""
    return write_platform_results(
        root / "tests",
        root / "student",
        root / "results" / "results.json",
        render=render_prairielearn,
        failure=ungradable_results,
    )


def main(argv: list[str] | None = None) -> int:
    root = root_from_arguments(
        argv,
        prog="python -m gradekit.integrations.prairielearn",
        description="Grade the submission in a PrairieLearn grader container (run by run.sh).",
        variable=ROOT_VARIABLE,
        default=DEFAULT_ROOT,
    )
    document = run_grader(root)
    print(f"gradekit: gradable={document['gradable']} score={document['score']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
