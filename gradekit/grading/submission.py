"""Turn a student's submission (``.py`` or ``.ipynb``) into one Python source file.

A ``.py`` file is used as is. A notebook keeps only its code cells, in order; IPython-only lines
(``%magic``, ``%%cell-magic``, ``!shell`` and ``x = !shell``) are replaced by ``pass`` at the same
indentation so the result still parses and every line keeps its number. A comment line before each
cell (``# %% [cell 3]``) and the :class:`LineMap` let tracebacks point back at "cell 3, line 2".
"""

from __future__ import annotations

import re
import stat
from dataclasses import dataclass, field
from pathlib import Path

# Cell magics whose body is not Python at all: the whole cell is dropped.
NON_PYTHON_CELL_MAGICS = frozenset(
    {
        "bash",
        "sh",
        "script",
        "writefile",
        "html",
        "javascript",
        "js",
        "latex",
        "markdown",
        "svg",
        "perl",
        "ruby",
        "sql",
        "file",
    }
)

# A line that only IPython understands. "x != y" and "a = b % c" do not match: in an assignment
# the sigil must come right after the "=".
_IPYTHON_ONLY_LINE = re.compile(
    r"""^(?P<indent>[ \t]*)(
        [%!?]                      # %magic, %%magic, !shell, ?help
      | [A-Za-z_][\w., ]*=\s*[%!]  # x = !ls   /  x = %time f()
      | [\w.]+\?{1,2}\s*$          # obj?  obj??
    )""",
    re.VERBOSE,
)


class SubmissionError(Exception):
    """The submission cannot be turned into Python source (unreadable file, invalid notebook)."""


@dataclass(frozen=True)
class LineMap:
    """Maps line numbers of the generated source back to notebook cells.

    ``origins[i]`` is ``(cell_number, line_in_cell)`` for generated line ``i + 1``, or ``None`` for
    lines gradekit added (cell separators).
    """

    origins: tuple[tuple[int, int] | None, ...] = ()

    def describe(self, line: int) -> str | None:
        """``"cell 3, line 2"`` for a generated line number, or None when it has no cell origin."""
        if not 1 <= line <= len(self.origins):
            return None
        origin = self.origins[line - 1]
        if origin is None:
            return None
        cell, cell_line = origin
        return f"cell {cell}, line {cell_line}"


@dataclass(frozen=True)
class SubmissionSource:
    """The Python text to grade, where it came from, and how to map its lines back."""

    path: Path
    text: str
    kind: str  # "py" | "ipynb"
    line_map: LineMap = field(default_factory=LineMap)
    stripped_lines: int = 0  # IPython-only lines replaced by ``pass``

    def annotate_traceback(self, traceback_text: str) -> str:
        """A notebook's traceback in its own terms: a frame of the generated file
        (``File "nb.py", line 22``) becomes ``File "nb.ipynb", cell 5, line 2``, and any other
        ``line K`` that refers to a cell gets ``(cell N, line M)`` after it."""
        if self.kind != "ipynb" or not traceback_text:
            return traceback_text
        # The notebook runs as the generated "<stem>.py" (see grading.pipeline._run_student).
        generated = re.escape(f"{self.path.stem}.py")

        def in_cells(match: re.Match[str]) -> str:
            frame_line, other_line = match.group(1), match.group(2)
            where = self.line_map.describe(int(frame_line or other_line))
            if where is None:
                return match.group(0)
            if frame_line is not None:
                return f'File "{self.path.name}", {where}'
            return f"{match.group(0)} ({where})"

        return re.sub(rf'File "{generated}", line (\d+)|\bline (\d+)', in_cells, traceback_text)

    def describe_line(self, line: int | None) -> str | None:
        """Human description of a line: ``"line 7"``, or in a notebook ``"cell 2, line 3"``
        (the generated file's line number means nothing to the student)."""
        if line is None:
            return None
        where = self.line_map.describe(line) if self.kind == "ipynb" else None
        return where or f"line {line}"


SUBMISSION_SUFFIXES = (".py", ".ipynb")  # what a submission can be


def load_submission(path: Path | str) -> SubmissionSource:
    """Read a ``.py`` or ``.ipynb`` submission as Python source.

    A ``.py`` file is decoded as Python decodes it: UTF-8 unless a PEP 263 coding line
    (``# -*- coding: latin-1 -*-``) or a BOM says otherwise. A notebook is JSON, always UTF-8.

    Raises :class:`SubmissionError` with the file name and what was expected when the file is
    missing, not text in its encoding, not a notebook, or has an unsupported extension.
    """
    path = Path(path)
    if not path.is_file():
        raise missing_submission(path)
    suffix = path.suffix.lower()
    if suffix == ".py":
        return SubmissionSource(path=path, text=_read_python(path), kind="py")
    if suffix == ".ipynb":
        return notebook_to_source(path, _read_text(path))
    raise SubmissionError(
        f"{path}: unsupported submission type {suffix or '(no extension)'!r}; "
        "expected a Python file (.py) or a Jupyter notebook (.ipynb)"
    )


def missing_submission(path: Path) -> SubmissionError:
    """The error for a submission path that is not a file, naming the closest file names of
    its folder when the name looks mistyped (``exrcise.py`` -> ``exercise.py``)."""
    import difflib

    expected = "expected a .py or .ipynb submission"
    if path.is_dir():
        return SubmissionError(f"{path}: a folder, not a file ({expected})")
    kind = _special_file_kind(path)
    if kind is not None:  # it exists, but reading it could block or mean nothing
        return SubmissionError(f"{path}: {kind}, not a regular file ({expected})")
    message = f"{path}: no such file ({expected})"
    try:
        names = sorted(
            entry.name
            for entry in path.parent.iterdir()
            if entry.suffix.lower() in SUBMISSION_SUFFIXES and entry.is_file()
        )
    except OSError:
        names = []
    close = difflib.get_close_matches(path.name, names, n=3, cutoff=0.75)
    if close:
        message += "; did you mean " + " or ".join(str(path.parent / name) for name in close) + "?"
    return SubmissionError(message)


_SPECIAL_FILE_KINDS = (
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
)


def _special_file_kind(path: Path) -> str | None:
    """What ``path`` is when it exists but is neither a file nor a folder ("a named pipe
    (FIFO)"), else None (it does not exist, or cannot be looked at)."""
    try:
        mode = path.stat().st_mode
    except OSError:  # missing, a dangling link, a folder we may not search
        return None
    for is_kind, kind in _SPECIAL_FILE_KINDS:
        if is_kind(mode):
            return kind
    return None


def _read_python(path: Path) -> str:
    """A Python file's text, decoded as the interpreter decodes it (``tokenize.detect_encoding``:
    the PEP 263 coding line or a BOM, UTF-8 without either), so the static rules and the report
    read the very text the sandbox imports."""
    import io
    import tokenize

    try:
        raw = path.read_bytes()
    except OSError as error:
        raise SubmissionError(f"{path}: cannot read the file: {error.strerror}") from error
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(raw).readline)
    except SyntaxError as error:
        if not str(error.msg).startswith("invalid or missing encoding declaration"):
            # An unknown encoding, or a coding line that contradicts a UTF-8 BOM.
            line = 1 if b"coding" in raw.split(b"\n", 1)[0] else 2
            problem = str(error.msg)
            if problem.startswith("encoding problem"):
                problem = "the file starts with a UTF-8 BOM but its coding line names another"
            raise SubmissionError(
                f"{path}:{line}: {problem}; fix the coding line, or remove it and save the "
                "file as UTF-8"
            ) from error
        encoding = "utf-8"  # no declaration and the first lines are not UTF-8: say where
    try:
        text = raw.decode(encoding)
    except UnicodeDecodeError as error:
        if encoding in ("utf-8", "utf-8-sig"):
            raise _not_utf8(path, error) from error
        raise SubmissionError(
            f"{path}:{_line_of(error)}: not valid {encoding} text as its coding line declares "
            f"(byte {error.start}); fix the coding line or save the file as UTF-8"
        ) from error
    # Universal newlines, as reading in text mode (and the interpreter) would.
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _not_utf8(path: Path, error: UnicodeDecodeError) -> SubmissionError:
    return SubmissionError(
        f"{path}:{_line_of(error)}: not valid UTF-8 text (byte {error.start}); save the file "
        "as UTF-8"
    )


def _line_of(error: UnicodeDecodeError) -> int:
    """The line (from 1) of the first byte that did not decode: where an editor shows it."""
    return bytes(error.object).count(b"\n", 0, error.start) + 1


def _read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise _not_utf8(path, error) from error
    except OSError as error:
        raise SubmissionError(f"{path}: cannot read the file: {error.strerror}") from error


def notebook_to_source(path: Path, raw_json: str) -> SubmissionSource:
    """Concatenate a notebook's code cells into Python, stripping IPython-only syntax."""
    import warnings

    import nbformat  # imported lazily: only notebooks pay for it

    try:
        with warnings.catch_warnings():
            # The notebook is read-only input: nbformat's advice on how to re-save it
            # (MissingIDFieldWarning for cells without ids) is not for the student's report.
            warnings.simplefilter("ignore")
            notebook = nbformat.reads(raw_json, as_version=4)
    except Exception as error:  # nbformat raises JSON, validation and version errors alike
        raise SubmissionError(
            f"{path}: not a readable Jupyter notebook ({type(error).__name__}: "
            f"{_first_line(str(error))}); re-save it from Jupyter or submit a .py file"
        ) from error

    lines: list[str] = [f"# Generated by gradekit from {path.name}: code cells only."]
    origins: list[tuple[int, int] | None] = [None]
    stripped = 0
    code_cells = [cell for cell in notebook.get("cells", []) if cell.get("cell_type") == "code"]
    for cell_number, cell in enumerate(code_cells, start=1):
        cell_lines = _cell_source(cell).splitlines()
        lines.append(f"# %% [cell {cell_number}]")
        origins.append(None)
        first = cell_lines[0].strip() if cell_lines else ""
        if first.startswith("%%") and _cell_magic_name(first) in NON_PYTHON_CELL_MAGICS:
            # The body is bash/HTML/...: keep the line count, run nothing.
            cell_lines = ["pass  # gradekit: non-Python cell removed"] + [
                "" for _ in cell_lines[1:]
            ]
            stripped += 1
        for line_in_cell, line in enumerate(cell_lines, start=1):
            match = _IPYTHON_ONLY_LINE.match(line)
            if match:
                line = f"{match.group('indent')}pass  # gradekit: IPython-only line removed"
                stripped += 1
            lines.append(line)
            origins.append((cell_number, line_in_cell))
    return SubmissionSource(
        path=path,
        text="\n".join(lines) + "\n",
        kind="ipynb",
        line_map=LineMap(tuple(origins)),
        stripped_lines=stripped,
    )


def _cell_source(cell: dict) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def _cell_magic_name(first_line: str) -> str:
    return first_line[2:].split(maxsplit=1)[0] if len(first_line) > 2 else ""


def _first_line(text: str) -> str:
    return text.strip().splitlines()[0] if text.strip() else "no details"
