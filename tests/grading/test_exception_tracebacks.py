"""The student's traceback as the sandbox reports it (``describe_exception``): cut to the
student's frames, repeated lines folded exactly as Python folds them, and capped so that any
exception (a 100 000-deep recursion, a megabyte message) is reported as the exception."""

from __future__ import annotations

import sys
import traceback
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gradekit.sandbox.executor import (
    MAX_MESSAGE_CHARS,
    MAX_TRACEBACK_FRAMES,
    describe_exception,
)

# Three functions with the same body: calling one from itself repeats one line, calling
# another does not, so a pattern of letters is a traceback with runs of repeated lines.
STUDENT_SOURCE = """\
import sys


def a(pattern, i):
    if i == len(pattern): raise ValueError("bottom")
    return CALLS[pattern[i]](pattern, i + 1)


def b(pattern, i):
    if i == len(pattern): raise ValueError("bottom")
    return CALLS[pattern[i]](pattern, i + 1)


def c(pattern, i):
    if i == len(pattern): raise ValueError("bottom")
    return CALLS[pattern[i]](pattern, i + 1)


CALLS = {"a": a, "b": b, "c": c}


def runaway(t):
    return runaway(t)


def ping(n):
    return pong(n)


def pong(n):
    return ping(n)


def huge_message():
    raise ValueError("x" * 5_000_000)
"""


@pytest.fixture(scope="module")
def student(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    path = tmp_path_factory.mktemp("student") / "exercise.py"
    path.write_text(STUDENT_SOURCE)
    module = ModuleType("exercise")
    module.__file__ = str(path)
    exec(compile(STUDENT_SOURCE, str(path), "exec"), module.__dict__)
    return module


def _raised(call) -> BaseException:
    try:
        call()
    except BaseException as error:  # noqa: BLE001 - any exception is what is described
        return error
    raise AssertionError("the call did not raise")


def _python_format(error: BaseException, student_file: str, shown_name: str) -> str:
    """Python's own traceback of the student's frames, named as the report names the file."""
    frames = [
        (shown_name, frame.lineno, frame.name, frame.line)
        for frame in traceback.extract_tb(error.__traceback__)
        if frame.filename == student_file
    ]
    return "".join(traceback.StackSummary.from_list(frames).format())


@given(st.lists(st.sampled_from("abc"), min_size=1, max_size=60))
def test_repeated_lines_fold_exactly_as_python_folds_them(student: ModuleType, pattern) -> None:
    error = _raised(lambda: student.a(pattern, 0))
    info = describe_exception(error, student.__file__, "exercise.py")
    frames_text = _python_format(error, student.__file__, "exercise.py")
    entries = frames_text.count('  File "') + frames_text.count("  [Previous line repeated")
    if entries <= MAX_TRACEBACK_FRAMES:
        expected = f"Traceback (most recent call last):\n{frames_text}ValueError: bottom\n"
        assert info.traceback == expected
    else:
        assert "more entries not shown" in info.traceback
    assert info.type == "ValueError"


def test_runaway_recursion_reads_like_pythons_traceback(student: ModuleType) -> None:
    error = _raised(lambda: student.runaway(1))
    info = describe_exception(error, student.__file__, "exercise.py")
    repeated = [line for line in info.traceback.splitlines() if "Previous line repeated" in line]
    assert len(repeated) == 1
    assert repeated[0] in _python_format(error, student.__file__, "exercise.py")
    assert len(info.traceback.splitlines()) == 9  # header, 3 frames of 2 lines, fold, error
    assert info.traceback.endswith("RecursionError: maximum recursion depth exceeded\n")


@pytest.fixture
def deep_recursion_limit():
    saved = sys.getrecursionlimit()
    sys.setrecursionlimit(100_000)
    yield
    sys.setrecursionlimit(saved)


def test_a_100000_deep_recursion_is_folded_to_a_few_lines(
    student: ModuleType, deep_recursion_limit: None
) -> None:
    error = _raised(lambda: student.runaway(1))
    info = describe_exception(error, student.__file__, "exercise.py")
    assert "[Previous line repeated 99" in info.traceback
    assert len(info.traceback) < 1000
    assert info.line == STUDENT_SOURCE.splitlines().index("    return runaway(t)") + 1


def test_a_deep_mutual_recursion_keeps_its_first_and_last_frames(
    student: ModuleType, deep_recursion_limit: None
) -> None:
    """ping -> pong -> ping ... repeats no line in a row: nothing folds, the middle is cut."""
    error = _raised(lambda: student.ping(1))
    info = describe_exception(error, student.__file__, "exercise.py")
    lines = info.traceback.splitlines()
    assert sum(line.startswith('  File "exercise.py"') for line in lines) == MAX_TRACEBACK_FRAMES
    [cut] = [line for line in lines if "more entries not shown" in line]
    hidden = int(cut.split()[1])
    assert hidden > 90_000
    assert len(info.traceback) < 10_000


def test_a_huge_message_is_capped(student: ModuleType) -> None:
    info = describe_exception(_raised(student.huge_message), student.__file__, "exercise.py")
    assert len(info.message) < MAX_MESSAGE_CHARS + 100
    assert info.message.endswith(f"... [{5_000_000 - MAX_MESSAGE_CHARS} more characters]")
    assert len(info.traceback) < MAX_MESSAGE_CHARS + 1000


def test_frames_of_other_files_are_left_out(student: ModuleType) -> None:
    error = _raised(lambda: student.a(["b"], 0))
    info = describe_exception(error, student.__file__, "exercise.py")
    assert Path(__file__).name not in info.traceback
    assert info.traceback.count('File "exercise.py"') == 2
