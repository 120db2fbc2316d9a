"""describe_exception reads source lines only for the student's frames: the same result.

``describe_exception`` used ``traceback.extract_tb``, which reads the source line of every frame
(the backend's too) and walks each frame's instructions for column positions; it now extracts
the frames without their lines and reads only the student's. On every way a call can fail
(in the student's code, deep in the engine, through several student frames, multi-line
expressions, recursion, a student-set ``sys.tracebacklimit``, load errors) the exception it
describes must be exactly what the extract_tb version described.
"""

from __future__ import annotations

import sys
import textwrap
import traceback
from pathlib import Path

import numpy as np
import pytest

from gradekit.sandbox.executor import (
    BackendView,
    ExceptionInfo,
    describe_exception,
    execute_call,
    load_submission,
    type_name,
)
from gradekit.sandbox.protocol import ArgSpec, Call

engine = pytest.importorskip("gradekit.engine", reason="the engine package is not importable")


def described_with_extract_tb(
    exc: BaseException, student_file: str | None, display_name: str | None = None
) -> ExceptionInfo:
    """describe_exception as it was written with traceback.extract_tb."""
    try:
        message = BaseException.__str__(exc)
    except Exception:
        message = "<the exception's message could not be read>"
    exc_type = type_name(exc)
    frames = [
        frame
        for frame in traceback.extract_tb(exc.__traceback__)
        if student_file is not None and frame.filename == student_file
    ]
    line = frames[-1].lineno if frames else None
    shown_name = display_name or (Path(student_file).name if student_file else "<submission>")
    lines = ["Traceback (most recent call last):\n"] if frames else []
    # Python's own formatting: a line repeated in a row is folded after three.
    shown = [(shown_name, frame.lineno, frame.name, frame.line) for frame in frames]
    lines += traceback.StackSummary.from_list(shown).format()
    if isinstance(exc, SyntaxError) and type(exc) in (SyntaxError, IndentationError, TabError):
        line = exc.lineno
        message = exc.msg or message
        detail = "".join(traceback.format_exception_only(type(exc), exc))
        lines.append(detail.replace(str(exc.filename), shown_name))
    else:
        lines.append(f"{exc_type}: {message}\n" if message else f"{exc_type}\n")
    return ExceptionInfo(type=exc_type, message=message, traceback="".join(lines), line=line)


SUBMISSION = """
import sys

import gradekit.engine as torch


def direct(x):
    raise ValueError("no")


def _helper(x, depth):
    if depth == 0:
        return x.numpy()  # the engine raises: x requires grad
    return _helper(x, depth - 1)


def deep_in_the_engine(x):
    return _helper(x, 3)


def multi_line(x):
    return (
        x
        + torch.ones(
            5,
        )
    )


def in_a_comprehension(x):
    return [1 / value for value in [1, 0]]


def in_a_lambda(x):
    return (lambda y: y.backward())(x)


def recursion(x):
    return recursion(x)


def limited(x):
    sys.tracebacklimit = 2  # still set when the failure is described (the test removes it)
    return _helper(x, 4)


def exits(x):
    sys.exit(3)
"""

ENTRIES = [
    "direct",
    "deep_in_the_engine",
    "multi_line",
    "in_a_comprehension",
    "in_a_lambda",
    "recursion",
    "limited",
    "exits",
]


@pytest.fixture(scope="module")
def student(tmp_path_factory):
    path = tmp_path_factory.mktemp("student") / "answers.py"
    path.write_text(textwrap.dedent(SUBMISSION))
    view = BackendView(engine)
    namespace, error = load_submission(path, module_name="describe_exception_student")
    assert error is None, error
    return namespace, view, str(path)


@pytest.mark.parametrize("entry", ENTRIES)
@pytest.mark.parametrize("display_name", [None, "shown.py"])
def test_each_failure_is_described_as_with_extract_tb(student, entry, display_name):
    namespace, view, path = student
    caught: list[BaseException] = []

    def keep(exc, student_file, shown=None):
        caught.append(exc)
        return describe_exception(exc, student_file, shown)

    argument = ArgSpec.tensor(np.ones(3, np.float32), requires_grad=True)
    try:
        outcome = execute_call(
            namespace,
            Call("c", entry, args={"x": argument}),
            view,
            student_file=path,
            display_name=display_name,
            describer=keep,
        )
        assert outcome.status == "raised"
        (exc,) = caught
        described = describe_exception(exc, path, display_name)
        assert described == described_with_extract_tb(exc, path, display_name)
    finally:
        vars(sys).pop("tracebacklimit", None)
    assert outcome.exception == described
    if entry not in ("exits", "limited"):
        assert described.traceback.startswith("Traceback (most recent call last):\n")
        assert described.line is not None


@pytest.mark.parametrize(
    "source",
    [
        "def f(:\n    pass\n",
        "x = 1\n  y = 2\n",
        "import no_such_module_here\n",
        "raise RuntimeError('at import')\n",
        "def f():\n    return g()\ndef g():\n    raise KeyError('k')\nf()\n",
    ],
)
def test_load_errors_are_described_as_with_extract_tb(tmp_path, source):
    path = tmp_path / "broken.py"
    path.write_text(source)
    try:
        exec(compile(source, str(path), "exec"), {"__name__": "broken"})
    except BaseException as exc:
        assert describe_exception(exc, str(path)) == described_with_extract_tb(exc, str(path))
    else:
        pytest.fail("the source was expected to fail")
    _, error = load_submission(path, module_name="describe_exception_broken")
    assert error is not None and error.type in str(error.traceback)


def test_no_student_frames_and_no_student_file():
    try:
        [].pop()
    except IndexError as exc:
        for student_file in (None, __file__, "/nowhere.py"):
            assert describe_exception(exc, student_file) == described_with_extract_tb(
                exc, student_file
            )


def test_a_missing_file_is_named_in_the_message_as_python_names_it(tmp_path):
    path = tmp_path / "reads.py"
    path.write_text("data = open('data.csv').read()\n")
    _, error = load_submission(path, module_name="describe_exception_reads")
    assert error.type == "FileNotFoundError"
    assert error.message == "[Errno 2] No such file or directory: 'data.csv'"
    assert error.traceback.endswith(
        "FileNotFoundError: [Errno 2] No such file or directory: 'data.csv'\n"
    )


def test_an_os_error_of_the_students_keeps_the_plain_message_without_running_their_code():
    class Loud(FileNotFoundError):
        def __str__(self):
            raise AssertionError("the student's __str__ ran")

    class Name:
        def __repr__(self):
            raise AssertionError("the student's __repr__ ran")

    for exc in (Loud(2, "No such file or directory", "x"), FileNotFoundError(2, "gone", Name())):
        assert describe_exception(exc, None).message == BaseException.__str__(exc)
