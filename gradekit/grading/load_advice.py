"""What a student can do about a file that could not be loaded, for the usual causes.

The grader imports the submission and then calls its functions, in a sandbox that holds a copy
of that one file and nothing else: no keyboard, no data files, no other modules of theirs. A
student's file written to be run (``python exercise.py``) does things at import that cannot work
there: it asks for ``input()``, reads a data file, calls ``exit()``, runs a test loop that takes
too long, or holds a notebook's ``%magic`` line. Python's own error ("EOF when reading a line")
does not say why, so the report adds what to do.
"""

from __future__ import annotations

import ast
import re

from gradekit.grading.static import ParsedSource
from gradekit.grading.submission import SubmissionSource
from gradekit.sandbox.protocol import LOAD_TIMEOUT_MESSAGE, ExceptionInfo

MAIN_GUARD = 'if __name__ == "__main__":'
_MISSING_MODULE = re.compile(r"No module named '([^']+)'")
_JUPYTER_NAME = re.compile(r"^name '(display|get_ipython)' is not defined")
_FILE_ERRORS = frozenset({"FileNotFoundError", "PermissionError", "IsADirectoryError"})


EMPTY_FILE = "EmptyFile"  # the load error of a file without a statement to run


def empty_file_error(source: SubmissionSource, parsed: ParsedSource) -> ExceptionInfo | None:
    """The load error of a file that parses but holds no code (blank, comments, a docstring, a
    notebook of markdown cells): usually one the editor has not saved yet. Without it the
    report would say, exercise by exercise, that each function is not defined."""
    if parsed.module is None:
        return None  # it does not parse: the sandbox reports the SyntaxError
    if any(not _is_inert(statement) for statement in parsed.module.body):
        return None
    return ExceptionInfo(EMPTY_FILE, f"{source.path.name} holds no code")


def _is_inert(statement: ast.stmt) -> bool:
    return isinstance(statement, ast.Pass) or (
        isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)
    )


def load_error_advice(error: ExceptionInfo, source: SubmissionSource) -> str | None:
    """One or two sentences on how to fix ``error``, or None when there is nothing to add to
    Python's own message (a plain syntax error, a NameError, ...)."""
    kind = error.type.rsplit(".", 1)[-1]
    if kind == EMPTY_FILE:
        return (
            "Save your file in your editor and check again, or check that you gave the file "
            "you worked on (gradekit check FILE)."
        )
    if kind == "EOFError":
        return (
            "Your file calls input() while it is loaded, and the grader types nothing: it only "
            f"imports your file and calls your functions. Put code that asks for input under "
            f"`{MAIN_GUARD}`."
        )
    if kind == "SystemExit":
        return (
            "Your file calls exit() or sys.exit() while it is loaded, which stops it before any "
            f"function is graded: remove the call, or put it under `{MAIN_GUARD}`."
        )
    if kind in _FILE_ERRORS:
        return (
            "The grader runs a copy of your file on its own: files next to it (data, images, "
            f"other .py files) are not there. Read files only under `{MAIN_GUARD}`; your "
            "functions get their inputs as arguments."
        )
    if kind == "TimeoutError" and error.message.startswith(LOAD_TIMEOUT_MESSAGE):
        return (
            "The code at the top level of your file runs when the grader loads it. Put tests, "
            f"experiments and training loops under `{MAIN_GUARD}`, or look for an endless loop."
        )
    if kind == "ModuleNotFoundError":
        return _missing_module_advice(error.message, source)
    if kind == "NameError" and (name := _JUPYTER_NAME.search(error.message)) is not None:
        return (
            f"`{name.group(1)}` exists only inside Jupyter/IPython, and the grader runs plain "
            "Python: use print(), or delete the line."
        )
    if kind == "SyntaxError" and error.line is not None:
        return _ipython_line_advice(source, error.line)
    if source.kind == "ipynb" and error.line is not None and not kind.endswith(_SYNTAX_ERRORS):
        return _notebook_cell_advice(source, error.line)
    return None


_SYNTAX_ERRORS = ("SyntaxError", "IndentationError", "TabError")


def _notebook_cell_advice(source: SubmissionSource, line: int) -> str | None:
    where = source.line_map.describe(line)
    if where is None:
        return None
    return (
        "The grader runs your notebook's code cells in order from a fresh start, as Jupyter's "
        f"'Restart & Run All' does, and {where.split(',')[0]} fails there (cells run in "
        "another order, or run once and then edited, can hide it). Fix that cell, or delete it."
    )


def _missing_module_advice(message: str, source: SubmissionSource) -> str | None:
    found = _MISSING_MODULE.search(message)
    if found is None:
        return None
    module = found.group(1)
    top = module.split(".", 1)[0]
    if (source.path.parent / f"{top}.py").is_file() or (source.path.parent / top).is_dir():
        return (
            f"`{top}` is your own module, next to your file; the grader takes only "
            f"{source.path.name}. Copy what you need from it into {source.path.name}."
        )
    # Without any google package Python names only `google`; the file says which it was.
    if top == "google" and "google.colab" in source.text:
        return (
            "`google.colab` exists only inside Google Colab. Delete the Colab-only lines "
            f"(drive.mount, files.upload), or put them under `{MAIN_GUARD}`."
        )
    package = _PACKAGE_OF_MODULE.get(top, top)
    return (
        f"`{top}` is not installed in the Python that runs gradekit: remove the import if your "
        f"functions do not need it, or install it there (`python -m pip install {package}`)."
    )


# Modules whose package on PyPI has another name: `pip install cv2` installs nothing useful.
_PACKAGE_OF_MODULE = {
    "cv2": "opencv-python",
    "PIL": "pillow",
    "sklearn": "scikit-learn",
    "skimage": "scikit-image",
    "yaml": "pyyaml",
}


def _ipython_line_advice(source: SubmissionSource, line: int) -> str | None:
    lines = source.text.splitlines()
    if not 1 <= line <= len(lines):
        return None
    text = lines[line - 1].strip()
    if not text.startswith(("%", "!")):
        return None
    return (
        f"`{text}` is a Jupyter/IPython command, which only a notebook understands: delete it "
        "from your .py file (or hand in the .ipynb notebook itself)."
    )
