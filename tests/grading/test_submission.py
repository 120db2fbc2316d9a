"""Turning .py and .ipynb submissions into Python source."""

from __future__ import annotations

import ast

import nbformat
import pytest

from gradekit.grading.submission import SubmissionError, load_submission


def write_notebook(path, cells):
    notebook = nbformat.v4.new_notebook()
    notebook.cells = cells
    nbformat.write(notebook, path)
    return path


def test_python_file_is_used_as_is(tmp_path):
    path = tmp_path / "exercise.py"
    path.write_text("x = 1\n")
    source = load_submission(path)
    assert (source.kind, source.text) == ("py", "x = 1\n")
    assert source.describe_line(1) == "line 1"


def test_notebook_keeps_code_strips_magics_and_maps_lines(tmp_path):
    path = write_notebook(
        tmp_path / "exercise.ipynb",
        [
            nbformat.v4.new_markdown_cell("# Title"),
            nbformat.v4.new_code_cell("%matplotlib inline\nimport torch"),
            nbformat.v4.new_code_cell(
                "!pip install torch\nfiles = !ls\ndef f(t):\n    %time t\n    return t % 2 != 0"
            ),
            nbformat.v4.new_code_cell("%%bash\necho hi\nrm -rf /"),
            nbformat.v4.new_code_cell("torch.ones?\nresult = f(torch.ones(3))"),
        ],
    )
    source = load_submission(path)
    assert source.kind == "ipynb"
    ast.parse(source.text)  # still valid Python
    assert (
        "%matplotlib" not in source.text and "!pip" not in source.text and "echo" not in source.text
    )
    assert "return t % 2 != 0" in source.text
    assert source.stripped_lines == 6
    lines = source.text.splitlines()
    line_of_return = lines.index("    return t % 2 != 0") + 1
    assert source.line_map.describe(line_of_return) == "cell 2, line 5"
    assert source.describe_line(line_of_return) == "cell 2, line 5"  # a load error's location
    traceback = f'  File "exercise.py", line {line_of_return}, in f'
    assert source.annotate_traceback(traceback) == '  File "exercise.ipynb", cell 2, line 5, in f'
    message = f"SyntaxError: invalid syntax (line {line_of_return})"
    assert source.annotate_traceback(message).endswith(f"(line {line_of_return} (cell 2, line 5))")


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("{not json", "not a readable Jupyter notebook"),
        ('{"cells": 3}', "not a readable Jupyter notebook"),
    ],
)
def test_invalid_notebook_gives_actionable_error(tmp_path, content, expected):
    path = tmp_path / "broken.ipynb"
    path.write_text(content)
    with pytest.raises(SubmissionError, match=expected) as error:
        load_submission(path)
    assert str(path) in str(error.value)


def test_missing_and_unsupported_files(tmp_path):
    with pytest.raises(SubmissionError, match="no such file"):
        load_submission(tmp_path / "nope.py")
    other = tmp_path / "answer.txt"
    other.write_text("x")
    with pytest.raises(SubmissionError, match=r"expected a Python file \(\.py\)"):
        load_submission(other)
    binary = tmp_path / "bad.py"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(SubmissionError, match="not valid UTF-8"):
        load_submission(binary)


def test_a_mistyped_submission_name_gets_the_close_names_of_its_folder(tmp_path):
    for name in ("exercise.py", "exercises.ipynb", "notes.txt", "other.py"):
        (tmp_path / name).write_text("x = 1\n")
    with pytest.raises(SubmissionError) as error:
        load_submission(tmp_path / "exrcise.py")
    message = str(error.value)
    assert message.startswith(f"{tmp_path / 'exrcise.py'}: no such file")
    assert f"did you mean {tmp_path / 'exercise.py'} or {tmp_path / 'exercises.ipynb'}?" in message
    with pytest.raises(SubmissionError) as error:
        load_submission(tmp_path / "completely_different.py")
    assert "did you mean" not in str(error.value)
    with pytest.raises(SubmissionError, match="a folder, not a file"):
        load_submission(tmp_path)
