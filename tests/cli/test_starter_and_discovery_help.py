"""`gradekit starter` writes the spec's student_file (as docs/spec.md says), `check --help`
names the .toml settings discovery reads, and a failed discovery lists every place tried."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import INDEXING, ROOT, gradekit


def _gradekit_in(folder: Path, *args: str | Path) -> subprocess.CompletedProcess:
    environment = dict(os.environ, COLUMNS="200", NO_COLOR="1", PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-m", "gradekit", *map(str, args)],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=120,
        env=environment,
    )


def test_starter_writes_the_student_file_in_the_current_directory(tmp_path: Path) -> None:
    run = _gradekit_in(tmp_path, "starter", INDEXING)
    assert run.returncode == 0, run.stderr
    written = tmp_path / "exercise.py"  # the spec's student_file
    assert run.stdout == ""
    assert "wrote exercise.py" in run.stderr
    text = written.read_text()
    assert "def even_rows(t):" in text
    assert "raise NotImplementedError" in text


def test_starter_never_overwrites_the_students_work(tmp_path: Path) -> None:
    (tmp_path / "exercise.py").write_text("def even_rows(t):\n    return t[::2]\n")
    run = _gradekit_in(tmp_path, "starter", INDEXING)
    assert run.returncode == 2
    assert "exercise.py already exists" in run.stderr
    assert "-o -" in run.stderr
    assert (tmp_path / "exercise.py").read_text().endswith("return t[::2]\n")


def test_starter_prints_with_dash_and_writes_where_told(tmp_path: Path) -> None:
    printed = _gradekit_in(tmp_path, "starter", INDEXING, "-o", "-")
    assert printed.returncode == 0, printed.stderr
    assert "def corners(t):" in printed.stdout
    assert list(tmp_path.iterdir()) == []
    told = _gradekit_in(tmp_path, "starter", INDEXING, "-o", "mine.py")
    assert told.returncode == 0, told.stderr
    assert (tmp_path / "mine.py").read_text() == printed.stdout


def test_check_help_names_the_toml_settings_of_discovery() -> None:
    run = gradekit("check", "--help")
    assert run.exit_code == 0
    flat = " ".join(run.stdout.replace("│", " ").split())
    assert "gradekit.toml" in flat
    assert "pyproject.toml ([tool.gradekit] assignment" in flat


def test_a_failed_discovery_lists_the_toml_files_and_every_directory(tmp_path: Path) -> None:
    for parent in tmp_path.parents:
        if any(
            (parent / name).exists() for name in ("gradekit.toml", "pyproject.toml", "exercises")
        ):
            pytest.skip(f"{parent} above the temporary directory would be discovered")
    folder = tmp_path / "course" / "week1"
    folder.mkdir(parents=True)
    (tmp_path / "course" / "pyproject.toml").write_text('[project]\nname = "course"\n')
    submission = folder / "exercise.py"
    submission.write_text("x = 1\n")
    run = gradekit("check", submission)
    assert run.exit_code == 2
    assert (
        f"{tmp_path / 'course' / 'pyproject.toml'} [tool.gradekit]: no `assignment`" in run.stderr
    )
    walked = ", ".join(map(str, [folder, *folder.parents]))
    assert f"gradekit.toml or pyproject.toml in {walked}: none" in run.stderr
    assert f"an exercises/ directory in {walked}: none" in run.stderr


def test_a_mistyped_spec_path_is_named_as_missing_with_what_is_close(tmp_path: Path) -> None:
    folder = tmp_path / "exercises"
    folder.mkdir()
    (folder / "tensor-indexing.yaml").write_text(INDEXING.read_text())
    starter = _gradekit_in(tmp_path, "starter", "exercises/tensor-indexing.yml")
    assert starter.returncode == 2
    assert starter.stderr == (
        "error: exercises/tensor-indexing.yml: no such file (`gradekit starter` takes the "
        "assignment's YAML file); did you mean exercises/tensor-indexing.yaml?\n"
    )
    (tmp_path / "exercise.py").write_text("def even_rows(t):\n    return t[::2]\n")
    check = _gradekit_in(tmp_path, "check", "exercise.py", "-a", "exercises")
    assert check.returncode == 2
    assert "invalid assignment spec" not in check.stderr
    assert check.stderr.startswith(
        "error: exercises: a folder; --assignment takes one assignment YAML file "
        "(it holds tensor-indexing.yaml)"
    )


def test_check_help_shows_every_option_whole_in_80_columns() -> None:
    environment = dict(os.environ, COLUMNS="80", NO_COLOR="1", PYTHONPATH=str(ROOT))
    run = subprocess.run(
        [sys.executable, "-m", "gradekit", "check", "--help"],
        capture_output=True,
        text=True,
        timeout=120,
        env=environment,
    )
    assert run.returncode == 0, run.stderr
    assert "…" not in run.stdout  # rich cuts a cell too narrow with an ellipsis
    for option in ("--refresh-sandbox-probe", "--all-cases", "--no-hidden", "--format"):
        assert option in run.stdout


def test_starter_output_paths_are_made_or_refused_without_a_traceback(tmp_path: Path) -> None:
    made = _gradekit_in(tmp_path, "starter", INDEXING, "-o", "week1/exercise.py")
    assert made.returncode == 0, made.stderr
    assert "def even_rows(t):" in (tmp_path / "week1" / "exercise.py").read_text()
    folder = _gradekit_in(tmp_path, "starter", INDEXING, "-o", "week1")
    assert folder.returncode == 2
    assert folder.stderr == "error: week1 is a folder; give a file path (-o week1/exercise.py)\n"
    (tmp_path / "notes").write_text("a file, not a folder")
    blocked = _gradekit_in(tmp_path, "starter", INDEXING, "-o", "notes/exercise.py")
    assert blocked.returncode == 2
    assert blocked.stderr.startswith("error: cannot write notes/exercise.py: ")
    assert "Traceback" not in blocked.stderr
