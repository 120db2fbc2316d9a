"""Assignment discovery: config files first (nearest wins), then a lone exercises/*.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gradekit.spec import DiscoveryError, find_assignment


def make(path: Path, text: str = "") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


@pytest.fixture
def course(tmp_path: Path) -> Path:
    """course/ with a student directory two levels down."""
    make(tmp_path / "course" / "students" / "ada" / "exercise.py")
    return tmp_path / "course"


def submission(course: Path) -> Path:
    return course / "students" / "ada" / "exercise.py"


def test_pyproject_setting(course: Path) -> None:
    spec = make(course / "specs" / "indexing.yaml")
    make(course / "pyproject.toml", '[tool.gradekit]\nassignment = "specs/indexing.yaml"\n')
    assert find_assignment(submission(course)) == spec.resolve()


def test_gradekit_toml_setting_is_relative_to_its_file(course: Path) -> None:
    spec = make(course / "specs" / "indexing.yaml")
    make(course / "students" / "gradekit.toml", 'assignment = "../specs/indexing.yaml"\n')
    assert find_assignment(submission(course)) == spec.resolve()


def test_gradekit_toml_wins_over_pyproject_in_the_same_directory(course: Path) -> None:
    first = make(course / "a.yaml")
    make(course / "b.yaml")
    make(course / "gradekit.toml", 'assignment = "a.yaml"\n')
    make(course / "pyproject.toml", '[tool.gradekit]\nassignment = "b.yaml"\n')
    assert find_assignment(submission(course)) == first.resolve()


def test_nearest_setting_wins(course: Path) -> None:
    make(course / "outer.yaml")
    inner = make(course / "students" / "inner.yaml")
    make(course / "gradekit.toml", 'assignment = "outer.yaml"\n')
    make(course / "students" / "pyproject.toml", '[tool.gradekit]\nassignment = "inner.yaml"\n')
    assert find_assignment(submission(course)) == inner.resolve()


def test_pyproject_without_gradekit_table_is_skipped(course: Path) -> None:
    spec = make(course / "exercises" / "only.yaml")
    make(course / "students" / "pyproject.toml", '[project]\nname = "x"\n')
    assert find_assignment(submission(course)) == spec.resolve()


def test_setting_beats_exercises_directory(course: Path) -> None:
    make(course / "students" / "ada" / "exercises" / "near.yaml")
    chosen = make(course / "chosen.yaml")
    make(course / "pyproject.toml", '[tool.gradekit]\nassignment = "chosen.yaml"\n')
    assert find_assignment(submission(course)) == chosen.resolve()


def test_single_yaml_in_exercises_directory(course: Path) -> None:
    spec = make(course / "exercises" / "tensor-indexing.yaml")
    assert find_assignment(submission(course)) == spec.resolve()
    assert find_assignment(submission(course).parent) == spec.resolve()


def test_yml_extension_counts(course: Path) -> None:
    spec = make(course / "exercises" / "tensor-indexing.yml")
    assert find_assignment(submission(course)) == spec.resolve()


def test_several_yaml_files_ask_to_choose(course: Path) -> None:
    make(course / "exercises" / "a.yaml")
    make(course / "exercises" / "b.yaml")
    with pytest.raises(DiscoveryError, match=r"several assignments .*a\.yaml.*, b\.yaml"):
        find_assignment(submission(course))


def spec_for(student_file: str | None) -> str:
    line = f"  student_file: {student_file}\n" if student_file else ""
    return f"assignment:\n  id: x\n{line}exercises: []\n"


def test_of_several_assignments_the_one_naming_the_submission_wins(course: Path) -> None:
    make(course / "exercises" / "autograd.yaml", spec_for("autograd_exercises.py"))
    indexing = make(course / "exercises" / "indexing.yaml", spec_for(None))  # exercise.py
    assert find_assignment(submission(course)) == indexing.resolve()
    student = make(course / "students" / "ada" / "autograd_exercises.py")
    assert find_assignment(student) == (course / "exercises" / "autograd.yaml").resolve()


def test_a_notebook_matches_the_student_file_by_its_stem(course: Path) -> None:
    autograd = make(course / "exercises" / "autograd.yaml", spec_for("autograd.py"))
    make(course / "exercises" / "indexing.yaml", spec_for("exercise.py"))
    notebook = make(course / "students" / "ada" / "autograd.ipynb")
    assert find_assignment(notebook) == autograd.resolve()


def test_no_assignment_naming_the_submission_lists_each_student_file(course: Path) -> None:
    make(course / "exercises" / "a.yaml", spec_for("first.py"))
    make(course / "exercises" / "b.yaml", ": not yaml : [")
    with pytest.raises(DiscoveryError) as caught:
        find_assignment(submission(course))
    message = str(caught.value)
    assert "a.yaml (student_file: first.py), b.yaml (student_file: unreadable)" in message
    assert "none of them has student_file: exercise.py" in message
    assert "--assignment" in message


def test_two_assignments_naming_the_submission_ask_to_choose(course: Path) -> None:
    make(course / "exercises" / "a.yaml", spec_for("exercise.py"))
    make(course / "exercises" / "b.yaml", spec_for(None))
    with pytest.raises(DiscoveryError, match="several of them expect exercise.py"):
        find_assignment(submission(course))


def test_the_repository_examples_need_no_assignment_option() -> None:
    repository = Path(__file__).resolve().parents[2]
    examples = repository / "examples" / "student"
    exercises = repository / "exercises"
    assert find_assignment(examples / "exercise.py") == exercises / "tensor-indexing.yaml"
    assert find_assignment(examples / "autograd_exercises.py") == exercises / "autograd.yaml"


def test_setting_to_a_missing_file(course: Path) -> None:
    make(course / "pyproject.toml", '[tool.gradekit]\nassignment = "nope.yaml"\n')
    with pytest.raises(DiscoveryError, match=r"nope\.yaml.*does not exist.*relative to pyproject"):
        find_assignment(submission(course))


def test_setting_of_the_wrong_type(course: Path) -> None:
    make(course / "gradekit.toml", "assignment = 3\n")
    with pytest.raises(DiscoveryError, match="must be a path string"):
        find_assignment(submission(course))


def test_invalid_toml(course: Path) -> None:
    make(course / "gradekit.toml", "assignment = \n")
    with pytest.raises(DiscoveryError, match=r"gradekit\.toml: invalid TOML"):
        find_assignment(submission(course))


def test_nothing_found_lists_what_was_tried(course: Path) -> None:
    make(course / "pyproject.toml", '[project]\nname = "x"\n')
    with pytest.raises(DiscoveryError) as caught:
        find_assignment(submission(course))
    message = str(caught.value)
    assert message.startswith(f"no assignment found for {submission(course).resolve()}")
    assert f"{(course / 'pyproject.toml').resolve()} [tool.gradekit]: no `assignment`" in message
    assert "an exercises/ directory in" in message
    assert "--assignment" in message


names = st.sampled_from(["id", "title", "student_file", "solution", "assignment", "exercises"])
yaml_values = st.recursive(
    st.one_of(st.text(max_size=8), st.integers(), st.booleans(), st.none()),
    lambda children: st.one_of(
        st.lists(children, max_size=3), st.dictionaries(names, children, max_size=3)
    ),
    max_leaves=8,
)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture], max_examples=150)
@given(document=st.dictionaries(names, yaml_values, max_size=4), flow=st.booleans())
def test_reading_the_header_agrees_with_a_full_parse(tmp_path: Path, document, flow) -> None:
    """The event-stream reader of `assignment.student_file` gives what a full parse gives."""
    from gradekit.spec.discovery import DEFAULT_STUDENT_FILE, _student_file

    spec = make(tmp_path / "spec.yaml", yaml.safe_dump(document, default_flow_style=flow))
    header = yaml.safe_load(spec.read_text()).get("assignment")
    if not isinstance(header, dict):
        expected = None
    else:
        value = header.get("student_file", DEFAULT_STUDENT_FILE)
        expected = value if isinstance(value, str) else None
    assert _student_file(spec) == expected


def test_header_defaults_are_the_models_defaults() -> None:
    from gradekit.spec.discovery import HEADER_DEFAULTS
    from gradekit.spec.models import AssignmentInfo

    for name, default in HEADER_DEFAULTS.items():
        assert AssignmentInfo.model_fields[name].default == default


def test_the_header_gives_backend_and_student_file(tmp_path: Path) -> None:
    from gradekit.spec.discovery import assignment_header

    spec = make(
        tmp_path / "spec.yaml",
        "# comment\nexercises: [{id: a, cases: [{args: {x: 1}}]}]\n"
        "assignment:\n  id: x\n  description: {nested: [1, 2]}\n  backend: engine\n",
    )
    assert assignment_header(spec) == {"student_file": "exercise.py", "backend": "engine"}
    assert assignment_header(make(tmp_path / "list.yaml", "- 1\n")) == {}
    assert assignment_header(make(tmp_path / "bad.yaml", "assignment: [\n")) == {}
    assert assignment_header(tmp_path / "missing.yaml") == {}


def test_discovery_does_not_import_pydantic() -> None:
    """The CLI finds the spec and reads its backend before pydantic loads (to start the
    sandbox first), so discovery must stay free of the models."""
    import subprocess
    import sys

    probe = (
        "import sys; from gradekit.spec.discovery import find_assignment, assignment_header; "
        "print([m for m in ('pydantic', 'gradekit.spec.models') if m in sys.modules])"
    )
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert loaded.returncode == 0, loaded.stderr
    assert loaded.stdout.strip() == "[]"


HEADER_SPEC = "assignment:\n  id: x\n  backend: {backend}\nexercises: []\n"


def test_the_header_is_cached_by_content(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A second read of an unchanged spec comes from the cache (no YAML parser imported: the
    point of it, before the sandbox starts); any edit, even one that keeps the size and the
    modification time, is read afresh."""
    import os
    import subprocess
    import sys

    from gradekit.spec.discovery import assignment_header

    cache = tmp_path / "cache"
    monkeypatch.setenv("GRADEKIT_CACHE_DIR", str(cache))
    spec = make(tmp_path / "spec.yaml", HEADER_SPEC.format(backend="torch"))
    expected = {"student_file": "exercise.py", "backend": "torch"}
    assert assignment_header(spec) == expected
    assert list((cache / "spec").glob("header-*.json"))

    probe = (
        "import sys; from pathlib import Path; "
        "from gradekit.spec.discovery import assignment_header; "
        f"print(assignment_header(Path({str(spec)!r})), 'yaml' in sys.modules)"
    )
    environment = dict(os.environ, GRADEKIT_CACHE_DIR=str(cache))
    read = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, env=environment
    )
    assert read.returncode == 0, read.stderr
    assert read.stdout.strip() == f"{expected} False"

    stamp = spec.stat()
    spec.write_text(HEADER_SPEC.format(backend="tarch"), encoding="utf-8")  # same size
    os.utime(spec, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    assert assignment_header(spec) == {"student_file": "exercise.py", "backend": "tarch"}


@pytest.mark.parametrize(
    "damage",
    ["", "not json", '{"format": 1}', '{"format": 1, "reader": null, "sha256": 1, "header": 3}'],
)
def test_a_damaged_header_cache_entry_is_read_afresh(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, damage: str
) -> None:
    from gradekit.spec.discovery import assignment_header

    cache = tmp_path / "cache"
    monkeypatch.setenv("GRADEKIT_CACHE_DIR", str(cache))
    spec = make(tmp_path / "spec.yaml", HEADER_SPEC.format(backend="engine"))
    assert assignment_header(spec)["backend"] == "engine"
    (entry,) = (cache / "spec").glob("header-*.json")
    entry.write_text(damage, encoding="utf-8")
    assert assignment_header(spec)["backend"] == "engine"
    assert assignment_header(spec)["backend"] == "engine"  # and the entry is written again


def test_the_header_is_read_without_a_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gradekit.spec.discovery import assignment_header

    monkeypatch.setenv("GRADEKIT_CACHE_DIR", "off")
    spec = make(tmp_path / "spec.yaml", HEADER_SPEC.format(backend="engine"))
    assert assignment_header(spec)["backend"] == "engine"
    assert assignment_header(spec)["backend"] == "engine"


def test_config_settings_are_cached_by_content(
    course: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A pyproject.toml read before is not parsed again (no TOML parser imported before the
    sandbox starts), whether it sets the assignment or not; any edit is read afresh, and a
    setting that is an error is never cached."""
    import os
    import subprocess
    import sys

    cache = course / "cache"
    monkeypatch.setenv("GRADEKIT_CACHE_DIR", str(cache))
    first = make(course / "specs" / "first.yaml")
    second = make(course / "specs" / "secnd.yaml")
    config = make(course / "pyproject.toml", '[tool.gradekit]\nassignment = "specs/first.yaml"\n')
    unrelated = make(course / "students" / "pyproject.toml", '[project]\nname = "gradekit"\n')
    assert find_assignment(submission(course)) == first.resolve()

    probe = (
        "import sys; from pathlib import Path; from gradekit.spec import find_assignment; "
        f"print(find_assignment(Path({str(submission(course))!r})), 'tomllib' in sys.modules)"
    )
    environment = dict(os.environ, GRADEKIT_CACHE_DIR=str(cache))
    read = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, env=environment
    )
    assert read.returncode == 0, read.stderr
    assert read.stdout.strip() == f"{first.resolve()} False"

    stamp = config.stat()
    config.write_text('[tool.gradekit]\nassignment = "specs/secnd.yaml"\n')  # same size
    os.utime(config, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    assert find_assignment(submission(course)) == second.resolve()

    unrelated.write_text("[tool.gradekit]\nassignment = 3\n")
    for _ in range(2):
        with pytest.raises(DiscoveryError, match="must be a path string"):
            find_assignment(submission(course))


def test_a_submission_named_close_to_a_student_file_is_told_the_name(course: Path) -> None:
    make(course / "exercises" / "indexing.yaml", spec_for("exercise.py"))
    make(course / "exercises" / "autograd.yaml", spec_for("autograd_exercises.py"))
    misnamed = make(course / "students" / "ada" / "exercises.py")
    with pytest.raises(DiscoveryError) as caught:
        find_assignment(misnamed)
    message = str(caught.value)
    assert "none of them has student_file: exercises.py; did you mean to name it exercise.py?" in (
        message
    )
    assert f"--assignment {(course / 'exercises' / 'indexing.yaml').resolve()}" in message
    unrelated = make(course / "students" / "ada" / "homework.py")
    with pytest.raises(DiscoveryError) as caught:
        find_assignment(unrelated)
    assert "did you mean" not in str(caught.value)
