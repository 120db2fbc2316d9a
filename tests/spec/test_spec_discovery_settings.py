"""A misspelt key in gradekit's table of a config file is an error with a did-you-mean.

`[tool.gradekit] assignmnt = "..."` used to read as "this file sets no assignment": discovery
went on to an exercises/ folder (or failed, saying no setting was found) and never mentioned
the typo.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gradekit.spec import DiscoveryError, find_assignment
from gradekit.spec.discovery import KNOWN_SETTINGS


def make(path: Path, text: str = "") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


@pytest.fixture
def course(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """course/ with a spec, an exercises/ folder discovery could fall back on, a student."""
    monkeypatch.setenv("GRADEKIT_CACHE_DIR", str(tmp_path / "cache"))
    course = tmp_path / "course"
    make(course / "specs" / "indexing.yaml")
    make(course / "exercises" / "fallback.yaml")
    make(course / "students" / "exercise.py")
    return course


def find(course: Path) -> Path:
    return find_assignment(course / "students" / "exercise.py")


SETTING = 'assignmnt = "specs/indexing.yaml"\n'
PYPROJECT = "[tool.gradekit]"


@pytest.mark.parametrize(
    ("name", "text", "line", "table"),
    [
        ("pyproject.toml", f"[tool.gradekit]\n{SETTING}", 2, PYPROJECT),
        ("pyproject.toml", f'[project]\nname = "x"\n[tool]\ngradekit.{SETTING}', 4, PYPROJECT),
        ("pyproject.toml", f"tool.gradekit.{SETTING}", 1, PYPROJECT),
        ("gradekit.toml", f"# gradekit\n{SETTING}", 2, "gradekit.toml"),
        ("gradekit.toml", '"assignmnt" = "specs/indexing.yaml"\n', 1, "gradekit.toml"),
    ],
)
def test_a_misspelt_setting_names_file_line_and_the_setting(course, name, text, line, table):
    config = make(course / name, text)
    message = (
        f"{config}:{line}: unknown setting 'assignmnt' in {table} (did you mean 'assignment'?)"
    )
    with pytest.raises(DiscoveryError) as caught:
        find(course)
    assert str(caught.value) == message


def test_an_unknown_setting_far_from_any_says_what_the_settings_are(course):
    make(course / "gradekit.toml", 'assignment = "specs/indexing.yaml"\ncolour = true\n')
    with pytest.raises(DiscoveryError, match=r"gradekit.toml:2: unknown setting 'colour' in "):
        find(course)
    with pytest.raises(DiscoveryError, match=r"\(the only setting is 'assignment'\)$"):
        find(course)


def test_other_tools_tables_and_a_correct_setting_still_work(course):
    make(
        course / "pyproject.toml",
        '[tool.ruff]\nassignmnt = 1\n[tool.gradekit]\nassignment = "specs/indexing.yaml"\n',
    )
    assert find(course) == (course / "specs" / "indexing.yaml").resolve()


def test_an_error_is_not_cached_and_the_fix_is_read(course):
    config = make(course / "pyproject.toml", '[tool.gradekit]\nassignmnt = "specs/indexing.yaml"\n')
    for _ in range(2):  # the second read parses the file again: errors are never cached
        with pytest.raises(DiscoveryError, match="did you mean 'assignment'"):
            find(course)
    config.write_text('[tool.gradekit]\nassignment = "specs/indexing.yaml"\n')
    for _ in range(2):  # parsed, then from the cache
        assert find(course) == (course / "specs" / "indexing.yaml").resolve()


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture], max_examples=40)
@given(key=st.from_regex(r"[a-z][a-z_]{0,15}", fullmatch=True))
def test_any_key_but_the_settings_is_refused(course, key):
    config = make(course / "gradekit.toml", f'{key} = "specs/indexing.yaml"\n')
    if key in KNOWN_SETTINGS:
        assert find(course) == (course / "specs" / "indexing.yaml").resolve()
    else:
        with pytest.raises(DiscoveryError, match=f"^{config}:1: unknown setting '{key}' in "):
            find(course)
