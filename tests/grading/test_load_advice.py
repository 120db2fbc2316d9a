"""What to do about a file that could not be loaded: the usual causes each get advice, and an
error Python already explains well gets none."""

from __future__ import annotations

from pathlib import Path

import pytest

from gradekit.grading.load_advice import empty_file_error, load_error_advice
from gradekit.grading.static import parse_source
from gradekit.grading.submission import load_submission
from gradekit.sandbox.protocol import LOAD_TIMEOUT_MESSAGE, ExceptionInfo


def _advice(tmp_path: Path, error: ExceptionInfo, text: str = "x = 1\n") -> str | None:
    path = tmp_path / "exercise.py"
    path.write_text(text)
    return load_error_advice(error, load_submission(path))


@pytest.mark.parametrize(
    ("error", "says"),
    [
        (ExceptionInfo("EOFError", "EOF when reading a line"), "calls input()"),
        (ExceptionInfo("SystemExit", "None"), "calls exit() or sys.exit()"),
        (ExceptionInfo("builtins.SystemExit", "0"), "calls exit() or sys.exit()"),
        (ExceptionInfo("FileNotFoundError", "[Errno 2] No such file"), "files next to it"),
        (ExceptionInfo("PermissionError", "[Errno 13] Permission denied"), "files next to it"),
        (ExceptionInfo("TimeoutError", f"{LOAD_TIMEOUT_MESSAGE} 10 s"), "top level of your file"),
    ],
)
def test_code_meant_for_running_the_file_is_advised_into_a_main_guard(
    tmp_path: Path, error: ExceptionInfo, says: str
) -> None:
    advice = _advice(tmp_path, error)
    assert says in advice
    assert 'if __name__ == "__main__":' in advice or "remove the call" in advice


def test_a_module_that_is_not_installed_is_named_with_its_pip_command(tmp_path: Path) -> None:
    error = ExceptionInfo("ModuleNotFoundError", "No module named 'pandas.core'")
    advice = _advice(tmp_path, error)
    assert "`pandas` is not installed" in advice
    assert "python -m pip install pandas" in advice


def test_a_module_of_their_own_next_to_the_file_is_not_called_uninstalled(tmp_path: Path) -> None:
    (tmp_path / "helpers.py").write_text("def f(): pass\n")
    advice = _advice(tmp_path, ExceptionInfo("ModuleNotFoundError", "No module named 'helpers'"))
    assert "`helpers` is your own module" in advice
    assert "Copy what you need from it into exercise.py" in advice


def test_an_ipython_line_in_a_py_file_is_named(tmp_path: Path) -> None:
    text = "import torch\n%matplotlib inline\n"
    advice = _advice(tmp_path, ExceptionInfo("SyntaxError", "invalid syntax", line=2), text)
    assert advice.startswith("`%matplotlib inline` is a Jupyter/IPython command")


@pytest.mark.parametrize(
    "error",
    [
        ExceptionInfo("SyntaxError", "invalid syntax", line=1),  # an ordinary one
        ExceptionInfo("NameError", "name 'x' is not defined", line=1),
        ExceptionInfo("TimeoutError", "my own timeout"),  # raised by the student, not the grader
    ],
)
def test_an_error_python_explains_well_gets_no_advice(tmp_path: Path, error) -> None:
    assert _advice(tmp_path, error, "def f(:\n") is None


@pytest.mark.parametrize(
    "text", ["", "\n\n", "# TODO: do the homework\n", '"""My answers."""\n\npass\n']
)
def test_a_file_without_code_is_an_empty_file_error(tmp_path: Path, text: str) -> None:
    path = tmp_path / "exercise.py"
    path.write_text(text)
    source = load_submission(path)
    error = empty_file_error(source, parse_source(source.text))
    assert (error.type, error.message) == ("EmptyFile", "exercise.py holds no code")
    assert "Save your file in your editor" in load_error_advice(error, source)


@pytest.mark.parametrize("text", ["import torch\n", "x = 1\n", "def f(:\n"])
def test_a_file_with_code_or_a_syntax_error_is_not_empty(tmp_path: Path, text: str) -> None:
    path = tmp_path / "exercise.py"
    path.write_text(text)
    source = load_submission(path)
    assert empty_file_error(source, parse_source(source.text)) is None


def test_a_notebook_cell_that_fails_is_advised_as_restart_and_run_all(tmp_path: Path) -> None:
    import nbformat

    notebook = nbformat.v4.new_notebook()
    notebook.cells = [
        nbformat.v4.new_code_cell("import torch"),
        nbformat.v4.new_code_cell("print(x)"),
    ]
    path = tmp_path / "exercise.ipynb"
    nbformat.write(notebook, path)
    source = load_submission(path)
    line = source.text.splitlines().index("print(x)") + 1
    advice = load_error_advice(ExceptionInfo("NameError", "name 'x'", line=line), source)
    assert "'Restart & Run All'" in advice and "cell 2 fails there" in advice
    syntax = ExceptionInfo("SyntaxError", "invalid syntax", line=line)
    assert load_error_advice(syntax, source) is None  # nothing ran: no order to blame


@pytest.mark.parametrize(
    ("module", "command"),
    [("sklearn.linear_model", "pip install scikit-learn`"), ("cv2", "pip install opencv-python`")],
)
def test_a_module_installed_under_another_name_gets_that_name(tmp_path, module, command) -> None:
    error = ExceptionInfo("ModuleNotFoundError", f"No module named '{module}'")
    assert command in _advice(tmp_path, error)


@pytest.mark.parametrize("missing", ["google", "google.colab"])
def test_colab_only_imports_are_not_sent_to_pip(tmp_path: Path, missing: str) -> None:
    error = ExceptionInfo("ModuleNotFoundError", f"No module named '{missing}'")
    advice = _advice(tmp_path, error, "from google.colab import drive\n")
    assert advice.startswith("`google.colab` exists only inside Google Colab")
    assert "pip" not in advice


def test_jupyter_only_names_are_explained(tmp_path: Path) -> None:
    error = ExceptionInfo("NameError", "name 'display' is not defined", line=1)
    assert _advice(tmp_path, error).startswith("`display` exists only inside Jupyter/IPython")
    other = ExceptionInfo("NameError", "name 'displays' is not defined", line=1)
    assert _advice(tmp_path, other) is None
