"""Audit of the student loop: what a submission file can be, and how gradekit reads it.

* a PEP 263 declaration (``# -*- coding: latin-1 -*-``) is honoured as Python honours it, so
  the static rules and the report read the text the sandbox imports;
* a path that exists but is not a regular file (a FIFO) is named for what it is;
* a student's escape sequences never reach the terminal through ``gradekit check``'s report.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from cli_helpers import ENGINE, TINY, exercise, gradekit
from hypothesis import given
from hypothesis import strategies as st

from gradekit.grading.submission import SubmissionError, load_submission, missing_submission

LATIN_1_SUBMISSION = (
    "# -*- coding: latin-1 -*-\n"
    "import torch\n"
    "\n"
    "\n"
    "def double(t):\n"
    "    return 2 * t  # café\n"
    "\n"
    "\n"
    "def square_grad(x):\n"
    "    for _ in range(1):  # 'for' is forbidden in this exercise: line 10\n"
    "        pass\n"
    '    raise ValueError("déjà vu")\n'
).encode("latin-1")


# ---------------------------------------------------------------------------------------------
# encodings


def write(folder: Path, name: str, data: bytes) -> Path:
    path = folder / name
    path.write_bytes(data)
    return path


def test_a_latin_1_declaration_is_honoured(tmp_path):
    source = load_submission(write(tmp_path, "s.py", LATIN_1_SUBMISSION))
    assert 'raise ValueError("déjà vu")' in source.text
    assert source.text == LATIN_1_SUBMISSION.decode("latin-1")


def test_an_emacs_or_vim_style_declaration_and_a_bom_are_honoured(tmp_path):
    vim = write(tmp_path, "vim.py", b"#!/usr/bin/env python\n# vim: set fileencoding=cp1252 :\n")
    assert load_submission(vim).text.endswith("cp1252 :\n")
    euro = write(tmp_path, "euro.py", b"# vim: set fileencoding=cp1252 :\nx = '\x80'\n")
    assert "x = '€'" in load_submission(euro).text
    bom = write(tmp_path, "bom.py", b"\xef\xbb\xbfx = '\xc3\xa9'\r\ny = 2\r\n")
    assert load_submission(bom).text == "x = 'é'\ny = 2\n"  # BOM dropped, newlines universal


@given(st.text(alphabet=st.characters(max_codepoint=255, exclude_characters="\r")))
def test_latin_1_text_reads_back_as_written(body):
    folder = Path(os.environ.get("TMPDIR", "/tmp"))
    path = folder / f"gradekit-latin-{os.getpid()}.py"
    try:
        path.write_bytes(("# coding: latin-1\n" + body).encode("latin-1"))
        assert load_submission(path).text == "# coding: latin-1\n" + body
    finally:
        path.unlink(missing_ok=True)


def test_without_a_declaration_utf_8_is_required_as_before(tmp_path):
    # With the line, as an editor shows it (and as Python's own error names it).
    with pytest.raises(SubmissionError, match=r"s\.py:2: not valid UTF-8 text \(byte 11\)"):
        load_submission(write(tmp_path, "s.py", b"x = 1\ny = '\xff'\n"))
    with pytest.raises(SubmissionError, match=r"first\.py:1: not valid UTF-8 text \(byte 5\)"):
        load_submission(write(tmp_path, "first.py", b"x = '\xff'\n"))
    late = write(tmp_path, "late.py", b"import torch\r\n\r\n\r\ndef f(t):\r\n    # caf\xe9\r\n")
    with pytest.raises(SubmissionError, match=r"late\.py:5: not valid UTF-8 text"):
        load_submission(late)


def test_a_wrong_declaration_is_an_error_with_file_and_line(tmp_path):
    unknown = write(tmp_path, "unknown.py", b"#!/usr/bin/python\n# coding: klingon\nx = 1\n")
    with pytest.raises(SubmissionError, match=r"unknown\.py:2: unknown encoding: klingon; fix"):
        load_submission(unknown)
    ascii_file = write(tmp_path, "ascii.py", b"# coding: ascii\nx = '\xe9'\n")
    with pytest.raises(SubmissionError, match=r"ascii\.py:2: not valid ascii text as its coding"):
        load_submission(ascii_file)
    both = write(tmp_path, "both.py", b"\xef\xbb\xbf# coding: latin-1\nx = 1\n")
    with pytest.raises(SubmissionError, match=r"both\.py:1: the file starts with a UTF-8 BOM"):
        load_submission(both)


def test_check_grades_a_latin_1_submission(tmp_path):
    submission = write(tmp_path, "tiny.py", LATIN_1_SUBMISSION)
    run = gradekit("check", submission, "--assignment", TINY, "--format", "json", *ENGINE)
    assert run.exit_code == 1, run.stderr  # graded (not a usage error): square_grad fails
    document = run.document
    assert exercise(document, "double")["status"] == "pass"
    square = exercise(document, "square_grad")
    # The static rule and the sandbox's traceback read the same lines of the same text.
    assert [violation["line"] for violation in square["violations"]] == [10]
    assert 'raise ValueError("déjà vu")' in square["traceback"]
    assert "ValueError: déjà vu" in square["traceback"]


# ---------------------------------------------------------------------------------------------
# what the path is


def test_a_fifo_is_named_for_what_it_is(tmp_path):
    fifo = tmp_path / "exercise.py"
    os.mkfifo(fifo)
    message = str(missing_submission(fifo))
    assert (
        message
        == f"{fifo}: a named pipe (FIFO), not a regular file (expected a .py or .ipynb submission)"
    )
    with pytest.raises(SubmissionError, match="a named pipe"):
        load_submission(fifo)


def test_check_on_a_fifo_says_not_a_regular_file(tmp_path):
    fifo = tmp_path / "exercise.py"
    os.mkfifo(fifo)
    for arguments in (("--assignment", TINY), ()):  # given, or discovered for the file
        run = gradekit("check", fifo, *arguments, *ENGINE, timeout=60)
        assert run.exit_code == 2
        assert "not a regular file" in run.stderr and "no such file" not in run.stderr


def test_a_missing_file_is_still_no_such_file(tmp_path):
    assert "no such file" in str(missing_submission(tmp_path / "nothing.py"))


# ---------------------------------------------------------------------------------------------
# escape sequences


ESCAPING_SUBMISSION = """
import torch

print("printed \\x1b[2J\\x1b]0;title\\x07 out")


def double(t):
    raise ValueError("boom \\x1b[2J\\x1b]0;title\\x07 end \\x9b31m")


def square_grad(x):
    return "returned \\x1b[2J"
"""


def test_check_text_report_writes_escape_sequences_out(tmp_path):
    submission = tmp_path / "tiny.py"
    submission.write_text(ESCAPING_SUBMISSION, encoding="utf-8")
    run = gradekit("check", submission, "--assignment", TINY, *ENGINE)
    assert run.exit_code == 1, run.stderr
    assert re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f]", run.stdout) is None
    assert "ValueError: boom \\x1b[2J\\x1b]0;title\\x07 end \\x9b31m" in run.stdout


@pytest.mark.parametrize("output_format", ["json", "gradescope", "prairielearn"])
def test_check_json_formats_escape_terminal_controls(tmp_path, output_format):
    """The JSON formats keep the student's exact text, but as JSON escapes: printing the
    document on a terminal cannot drive it (8-bit CSI, bidi overrides). (classroom50's, which
    needs its runner's environment: tests/report/test_report_classroom50.py.)"""
    submission = tmp_path / "tiny.py"
    submission.write_text(ESCAPING_SUBMISSION.replace(" end ", " \\u202e end "), encoding="utf-8")
    run = gradekit("check", submission, "--assignment", TINY, "--format", output_format, *ENGINE)
    assert run.exit_code == 1, run.stderr
    assert re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e]", run.stdout) is None
    assert "\\u009b31m" in run.stdout and "\\u202e" in run.stdout
    assert "\x9b31m" in json.dumps(json.loads(run.stdout), ensure_ascii=False)  # the same text
