"""Student ids and the file graded for each entry of the SUBMISSIONS folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gradekit.grading.batch import BatchError, discover_submissions, student_id


def write(path: Path, text: str = "x = 1\n") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def test_files_and_folders_become_students(tmp_path: Path) -> None:
    write(tmp_path / "alice.py")
    write(tmp_path / "bob.ipynb", "{}")
    write(tmp_path / "carol" / "exercise.py")
    write(tmp_path / "carol" / "scratch" / "notes.py")
    found = discover_submissions(tmp_path, "exercise.py")
    assert [(e.student, e.path.relative_to(tmp_path).as_posix()) for e in found.entries] == [
        ("alice", "alice.py"),
        ("bob", "bob.ipynb"),
        ("carol", "carol/exercise.py"),
    ]


def test_a_cloned_repository_is_searched_shallowest_first(tmp_path: Path) -> None:
    write(tmp_path / "dave" / "src" / "exercise.py")
    write(tmp_path / "dave" / "tests" / "deep" / "exercise.py")
    write(tmp_path / "dave" / ".git" / "exercise.py")
    write(tmp_path / "dave" / "README.md")
    [entry] = discover_submissions(tmp_path, "exercise.py").entries
    assert entry.path == tmp_path / "dave" / "src" / "exercise.py"


def test_a_notebook_with_the_student_file_stem_counts(tmp_path: Path) -> None:
    write(tmp_path / "erin" / "exercise.ipynb", "{}")
    write(tmp_path / "erin" / "helpers.py")
    [entry] = discover_submissions(tmp_path, "exercise.py").entries
    assert entry.path.name == "exercise.ipynb"


def test_a_folder_with_one_python_file_uses_it(tmp_path: Path) -> None:
    write(tmp_path / "frank" / "my_answers.py")
    [entry] = discover_submissions(tmp_path, "exercise.py").entries
    assert entry.path.name == "my_answers.py" and entry.problem is None


def test_an_ambiguous_or_empty_folder_is_reported_not_guessed(tmp_path: Path) -> None:
    write(tmp_path / "gina" / "a.py")
    write(tmp_path / "gina" / "b.py")
    (tmp_path / "hank").mkdir()
    gina, hank = discover_submissions(tmp_path, "exercise.py").entries
    assert gina.path is None and "2 Python files" in gina.problem and "exercise.py" in gina.problem
    assert hank.path is None and "no .py or .ipynb" in hank.problem


def test_a_class_folder_one_level_down_is_pointed_at(tmp_path: Path) -> None:
    """SUBMISSIONS holding only ``downloads/`` with everyone's files in it: the reason says
    to grade ``downloads/`` itself, not only to rename one file."""
    for name in ("alice.py", "bob.py", "carol.ipynb"):
        write(tmp_path / "downloads" / name)
    [only] = discover_submissions(tmp_path, "exercise.py").entries
    assert only.path is None and "rename the one to grade" in only.problem
    assert only.problem.endswith(
        "; if downloads/ holds the whole class (one file per student), grade that folder: "
        f"gradekit grade {tmp_path / 'downloads'}/"
    )
    write(tmp_path / "erin.py")  # a class with a second entry: downloads/ is a student
    gina = discover_submissions(tmp_path, "exercise.py").entries[0]
    assert "whole class" not in gina.problem


def test_the_reasons_say_plainly_what_was_looked_for_and_where(tmp_path: Path) -> None:
    write(tmp_path / "gina" / "a.py")
    write(tmp_path / "gina" / "b.py")
    (tmp_path / "hank").mkdir()
    gina, hank = discover_submissions(tmp_path, "exercise.py").entries
    assert gina.problem == (
        "gina/ has 2 Python files and none is named exercise.py or exercise.ipynb; "
        "rename the one to grade"
    )
    assert hank.problem == (
        "no .py or .ipynb file in hank/ (looked for exercise.py or exercise.ipynb, or any other "
        "Python file, there and in its sub-folders)"
    )
    gina, hank = discover_submissions(tmp_path, None).entries  # no student_file in the spec
    assert gina.problem == "gina/ has 2 Python files; keep only the one to grade"
    assert hank.problem == (
        "no .py or .ipynb file in hank/ (looked for a Python file, there and in its sub-folders)"
    )


def test_hidden_private_and_other_files_are_ignored(tmp_path: Path) -> None:
    write(tmp_path / ".DS_Store")
    write(tmp_path / "__pycache__" / "x.pyc")
    write(tmp_path / "_template.py")
    write(tmp_path / "grades.csv")
    write(tmp_path / "ivan.py")
    found = discover_submissions(tmp_path, None)
    assert [e.student for e in found.entries] == ["ivan"]
    assert sorted(p.name for p in found.ignored) == [
        ".DS_Store",
        "__pycache__",
        "_template.py",
        "grades.csv",
    ]


def test_two_entries_of_one_student_are_an_error(tmp_path: Path) -> None:
    write(tmp_path / "judy.py")
    write(tmp_path / "judy" / "exercise.py")
    with pytest.raises(BatchError, match="'judy'.*one entry per student"):
        discover_submissions(tmp_path, "exercise.py")


def test_a_missing_folder_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(BatchError, match="expected a folder"):
        discover_submissions(tmp_path / "nope", None)


def test_content_hash_follows_the_graded_bytes(tmp_path: Path) -> None:
    path = write(tmp_path / "kim.py", "a = 1\n")
    [entry] = discover_submissions(tmp_path, None).entries
    before = entry.content_hash()
    assert entry.content_hash() == before
    path.write_text("a = 2\n")
    assert entry.content_hash() != before


names = st.text(
    alphabet=st.characters(whitelist_categories=("Ll", "Lu", "Nd"), whitelist_characters="-. "),
    min_size=1,
    max_size=16,
).filter(lambda name: not name.startswith((".", "_")) and name.strip() == name)


@given(name=names)
def test_student_id_is_the_entry_name_without_extension(tmp_path_factory, name: str) -> None:
    folder = tmp_path_factory.mktemp("ids")
    as_file = write(folder / f"{name}.py")
    assert student_id(as_file) == name
    as_folder = folder / f"{name}.d"
    as_folder.mkdir()
    assert student_id(as_folder) == f"{name}.d"  # a folder's name is kept whole


def test_symbolic_links_are_never_graded(tmp_path: Path) -> None:
    # A link could point at the reference solution and be graded as the student's work.
    reference = write(tmp_path / "outside" / "reference.py")
    folder = tmp_path / "submissions"
    folder.mkdir()
    (folder / "mallory.py").symlink_to(reference)
    (folder / "oscar").mkdir()
    (folder / "oscar" / "exercise.py").symlink_to(reference)
    (folder / "peggy").symlink_to(reference.parent)
    found = discover_submissions(folder, "exercise.py")
    assert [(e.student, e.path) for e in found.entries] == [
        ("mallory", None),
        ("oscar", None),
        ("peggy", None),
    ]
    assert all("symbolic link" in e.problem for e in found.entries)


def _refuse(monkeypatch, *names: str) -> None:
    """Folders named ``names`` cannot be listed (root lists any folder, so os.scandir and
    os.listdir refuse them as they would refuse a folder without read permission)."""
    import os

    for function in ("scandir", "listdir"):
        original = getattr(os, function)

        def refusing(path=".", _original=original):
            if Path(path).name in names:
                raise PermissionError(13, "Permission denied", str(path))
            return _original(path)

        monkeypatch.setattr(os, function, refusing)


def test_an_unreadable_submissions_folder_is_a_batch_error(tmp_path: Path, monkeypatch) -> None:
    folder = tmp_path / "submissions"
    write(folder / "alice.py")
    _refuse(monkeypatch, "submissions")
    with pytest.raises(BatchError, match=r"submissions: cannot read the folder \(Permission"):
        discover_submissions(folder, "exercise.py")


def test_an_unreadable_folder_is_reported_as_such_not_as_empty(tmp_path: Path, monkeypatch) -> None:
    write(tmp_path / "ivan" / "exercise.py")  # in a folder that cannot be read
    write(tmp_path / "judy" / "old" / "exercise.py")  # its only readable file is elsewhere
    write(tmp_path / "judy" / "notes.py")
    write(tmp_path / "kim" / "exercise.py")  # found at the top: the rest does not matter
    write(tmp_path / "kim" / "scratch" / "x.py")
    _refuse(monkeypatch, "ivan", "old", "scratch")
    found = {e.student: e for e in discover_submissions(tmp_path, "exercise.py").entries}
    assert found["ivan"].path is None and found["judy"].path is None
    assert found["ivan"].problem == (
        "cannot read ivan/ (Permission denied); make ivan/ and what it holds readable, then "
        "grade again"
    )
    assert found["judy"].problem.startswith("cannot read judy/old/ (Permission denied)")
    assert found["kim"].path == tmp_path / "kim" / "exercise.py"


def test_a_name_that_is_not_utf8_is_reported_with_its_bytes_shown(tmp_path: Path) -> None:
    import os

    latin1 = os.fsdecode(b"\xe9lodie")  # a zip made with another code page: not UTF-8
    write(tmp_path / f"{latin1}.py")
    write(tmp_path / "carol" / "exercise.py")
    write(tmp_path / f"ren{latin1}" / "exercise.py")
    write(tmp_path / "zed" / f"{latin1}.py")  # the folder's only Python file
    found = {e.student: e for e in discover_submissions(tmp_path, "exercise.py").entries}
    assert sorted(found) == ["\\xe9lodie", "carol", "ren\\xe9lodie", "zed"]
    assert found["carol"].path == tmp_path / "carol" / "exercise.py"
    assert found["\\xe9lodie"].path is None
    assert found["\\xe9lodie"].problem == (
        "\\xe9lodie.py: the name is not valid UTF-8 (its other bytes are shown as \\xNN); "
        "rename it and grade again"
    )
    assert found["ren\\xe9lodie"].problem.startswith("ren\\xe9lodie/exercise.py: the name")
    assert found["zed"].problem.startswith("zed/\\xe9lodie.py: the name is not valid UTF-8")
    for entry in found.values():  # text that SQLite and the terminal take
        entry.student.encode("utf-8")
        (entry.problem or "").encode("utf-8")


def test_the_student_file_comes_before_its_notebook(tmp_path: Path) -> None:
    # "exercise.ipynb" sorts before "exercise.py": the notebook was graded, not student_file.
    write(tmp_path / "fay" / "exercise.py")
    write(tmp_path / "fay" / "exercise.ipynb", "{}")
    write(tmp_path / "gus" / "exercise.ipynb", "{}")  # shallower wins, whatever its kind
    write(tmp_path / "gus" / "src" / "exercise.py")
    found = {e.student: e for e in discover_submissions(tmp_path, "exercise.py").entries}
    assert found["fay"].path == tmp_path / "fay" / "exercise.py"
    assert found["gus"].path == tmp_path / "gus" / "exercise.ipynb"


def test_two_student_files_at_one_depth_are_not_guessed_between(tmp_path: Path) -> None:
    write(tmp_path / "hal" / "draft" / "exercise.py")
    write(tmp_path / "hal" / "final" / "exercise.py")
    write(tmp_path / "hal" / "final" / "old" / "exercise.py")
    [entry] = discover_submissions(tmp_path, "exercise.py").entries
    assert entry.path is None
    assert entry.problem == (
        "hal/ has exercise.py in 2 folders at the same depth (draft/exercise.py, "
        "final/exercise.py); keep only the one to grade"
    )
