"""The loop a new student goes through: write the starter, fill part of it in, check it. What
the text report says at each step (end to end, on gradekit's engine)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import ENGINE, ROOT, TINY, gradekit


def _starter(tmp_path: Path) -> Path:
    written = tmp_path / "tiny.py"
    run = gradekit("starter", TINY, "-o", written)
    assert run.exit_code == 0, run.stderr
    return written


def test_the_unchanged_starter_is_one_line_of_exercises_not_written_yet(tmp_path: Path) -> None:
    run = gradekit("check", _starter(tmp_path), "--assignment", TINY, *ENGINE)
    assert run.exit_code == 1
    assert (
        "✗ Not written yet (each still raises the starter's NotImplementedError): "
        "double, square_grad"
    ) in run.stdout
    assert "Traceback" not in run.stdout and "Hint" not in run.stdout  # no panels
    assert "(0 of 2 exercises pass, 2 not written yet," in run.stdout


def test_a_half_done_starter_shows_the_attempted_exercise_in_full(tmp_path: Path) -> None:
    starter = _starter(tmp_path)
    text = starter.read_text()
    body = text.index("raise NotImplementedError")  # double's, the first exercise
    starter.write_text(
        text[:body] + "return t + 2" + text[body + len("raise NotImplementedError") :]
    )
    run = gradekit("check", starter, "--assignment", TINY, *ENGINE)
    assert run.exit_code == 1
    assert "FAIL double — Double a tensor" in run.stdout
    assert "You added two instead of multiplying by two." in run.stdout
    assert "Not written yet (each still raises the starter's NotImplementedError): square_grad" in (
        run.stdout
    )


def test_input_at_the_top_of_the_file_says_what_to_do(tmp_path: Path) -> None:
    submission = tmp_path / "tiny.py"
    submission.write_text(
        "def double(t):\n    return 2 * t\n\nname = input('your name: ')\nprint('hi', name)\n"
    )
    run = gradekit("check", submission, "--assignment", TINY, *ENGINE)
    assert run.exit_code == 1
    assert "Error: EOFError: EOF when reading a line (line 4)" in run.stdout
    flat = " ".join(run.stdout.replace("│", " ").split())  # the panel wraps its lines
    assert "What to do: Your file calls input() while it is loaded" in flat
    assert 'Put code that asks for input under `if __name__ == "__main__":`' in flat


def test_an_empty_file_is_said_once_not_as_a_missing_function_each(tmp_path: Path) -> None:
    submission = tmp_path / "tiny.py"
    submission.write_text("# my answers\n")
    run = gradekit("check", submission, "--assignment", TINY, *ENGINE)
    assert run.exit_code == 1
    assert "Error: EmptyFile: tiny.py holds no code" in run.stdout
    assert "What to do: Save your file in your editor" in run.stdout
    assert "does not define" not in run.stdout
    json_run = gradekit("check", submission, "--assignment", TINY, "--format", "json", *ENGINE)
    assert json_run.document["load_error"] == "EmptyFile: tiny.py holds no code"
    assert json_run.document["score"] == 0


@pytest.mark.parametrize("output_format", ["text", "github", "json"])
def test_a_reader_that_goes_away_is_not_an_error(tmp_path: Path, output_format: str) -> None:
    """`gradekit check ... | head`: the pipe closes before the report is written."""
    check = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gradekit",
            "check",
            _starter(tmp_path),
            "--assignment",
            TINY,
            "--format",
            output_format,
            *ENGINE,
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    check.stdout.close()  # no reader: every write to stdout is a broken pipe
    stderr = check.stderr.read()
    assert check.wait(timeout=120) == 1  # the report was not delivered (and did not pass)
    assert stderr == ""


def test_a_warning_is_shown_with_the_file_name_only(tmp_path: Path) -> None:
    submission = tmp_path / "tiny.py"
    submission.write_text(
        "import warnings\n\n\ndef double(t):\n    warnings.warn('is this right?')\n"
        "    return t + t + 1\n"
    )
    run = gradekit("check", submission, "--assignment", TINY, *ENGINE)
    assert run.exit_code == 1
    assert "what your code wrote to stderr (warnings, errors)" in run.stdout
    assert "tiny.py:5: UserWarning: is this right?" in run.stdout
    assert "gradekit-run-" not in run.stdout


def test_a_function_with_other_parameters_is_told_how_it_is_called(tmp_path: Path) -> None:
    submission = tmp_path / "tiny.py"
    submission.write_text("def double(t, factor):\n    return t * factor\n")
    run = gradekit("check", submission, "--assignment", TINY, "--only", "double", *ENGINE)
    assert run.exit_code == 1
    assert "TypeError: double() missing 1 required positional argument: 'factor'" in run.stdout
    flat = " ".join(run.stdout.replace("│", " ").split())
    assert (
        "The grader calls `double(t)`: give your function exactly these parameters, in this "
        "order (any extra one needs a default value)."
    ) in flat


NONE_SPEC = """\
assignment:
  id: nones
  title: None where a value belongs
  solution: nones_solution.py
  student_file: nones.py
exercises:
  - id: double
    title: Double a tensor
    prompt: Return `2 * t`.
    cases:
      - id: literal
        args:
          t: {tensor: [1.0, 2.0]}
  - id: answer
    entry: ANSWER
    kind: variable
    title: The answer
    prompt: Set ANSWER to 42.
"""


def test_a_result_of_none_asks_for_the_return_or_the_assignment(tmp_path: Path) -> None:
    (tmp_path / "nones.yaml").write_text(NONE_SPEC)
    (tmp_path / "nones_solution.py").write_text("def double(t):\n    return 2 * t\n\nANSWER = 42\n")
    submission = tmp_path / "nones.py"
    submission.write_text("def double(t):\n    2 * t\n\n\nANSWER = None  # TODO\n")
    run = gradekit("check", submission, "--assignment", tmp_path / "nones.yaml", *ENGINE)
    assert run.exit_code == 1
    assert "Your function returned None: did you forget `return`?" in run.stdout
    assert "`ANSWER` is still None: give it its value." in run.stdout
    assert run.stdout.count("did you forget `return`?") == 1  # not said of the variable
