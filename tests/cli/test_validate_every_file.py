"""`gradekit validate DIR` reports every file: an invalid spec does not stop the files after
it from being validated; the exit code comes after all of them (2 when a spec is invalid)."""

from __future__ import annotations

import shutil
from pathlib import Path

from cli_helpers import SPECS, gradekit


def _folder(tmp_path: Path, files: dict[str, Path]) -> Path:
    folder = tmp_path / "exercises"
    folder.mkdir()
    shutil.copy(SPECS / "tiny_solution.py", folder / "tiny_solution.py")
    for name, source in files.items():
        shutil.copy(source, folder / name)
    return folder


def test_every_file_is_reported_before_the_exit_code(tmp_path: Path) -> None:
    folder = _folder(
        tmp_path,
        {"a_broken.yaml": SPECS / "broken.yaml", "b_tiny.yaml": SPECS / "tiny.yaml"},
    )
    (folder / "c_not_yaml.yaml").write_text("assignment: [unclosed\n")
    run = gradekit("validate", folder, "--backend", "engine")
    assert run.exit_code == 2, run.stdout + run.stderr
    assert "a_broken.yaml" in run.stderr
    assert "promt" in run.stderr  # the located problem of the first file
    assert "c_not_yaml.yaml" in run.stderr  # and of the last
    assert "tiny: OK" in run.stdout  # the valid file between them was validated
    assert "2 of 3 assignment files are invalid" in run.stderr


def test_a_folder_of_valid_files_still_exits_0(tmp_path: Path) -> None:
    folder = _folder(tmp_path, {"tiny.yaml": SPECS / "tiny.yaml"})
    run = gradekit("validate", folder, "--backend", "engine")
    assert run.exit_code == 0, run.stdout + run.stderr
    assert "invalid" not in run.stderr
