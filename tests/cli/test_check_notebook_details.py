"""Notebook submissions: nbformat's warnings about the file's format stay out of the
student's output, and tracebacks name the notebook and the cell."""

from __future__ import annotations

import json
from pathlib import Path

from cli_helpers import ENGINE, INDEXING, SUBMISSIONS, gradekit


def _without_cell_ids(tmp_path: Path) -> Path:
    """The corpus notebook (nbformat 4.5, where cells need ids) with its ids removed."""
    notebook = json.loads((SUBMISSIONS / "notebook.ipynb").read_text())
    assert (notebook["nbformat"], notebook["nbformat_minor"]) >= (4, 5)
    for cell in notebook["cells"]:
        cell.pop("id", None)
    path = tmp_path / "exercise.ipynb"
    path.write_text(json.dumps(notebook))
    return path


def test_a_notebook_without_cell_ids_prints_no_warning(tmp_path: Path) -> None:
    path = _without_cell_ids(tmp_path)
    run = gradekit("check", path, "--assignment", INDEXING, "--only", "even_rows", *ENGINE)
    assert run.exit_code == 0, run.stdout + run.stderr
    assert run.stderr == ""
    assert "Warning" not in run.stdout


def test_a_notebook_traceback_names_the_notebook_and_the_cell(tmp_path: Path) -> None:
    path = _without_cell_ids(tmp_path)
    run = gradekit("check", path, "--assignment", INDEXING, "--only", "pick_elements", *ENGINE)
    assert 'File "exercise.ipynb", cell 5, line 2, in pick_elements' in run.stdout
    assert "exercise.py" not in run.stdout
