"""``gradekit init github``: the generated workflow parses as YAML and names the right steps."""

from __future__ import annotations

import shlex
import shutil
from pathlib import Path

import pytest
import yaml
from integration_helpers import COURSE, ROOT, run_gradekit

import gradekit
from gradekit.integrations.github import InitError, init_github


@pytest.fixture
def repository(tmp_path: Path) -> Path:
    """A course repository: exercises/ and solutions/ at its root."""
    shutil.copytree(COURSE, tmp_path / "repo")
    return tmp_path / "repo"


def workflow(path: Path) -> dict:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def steps_by_name(document: dict) -> dict[str, dict]:
    job = document["jobs"]["run-autograding-tests"]
    return {step["name"]: step for step in job["steps"]}


def test_workflow_names_and_steps(repository):
    path = init_github(repository, repository / "exercises" / "scale.yaml")
    assert path == repository / ".github" / "workflows" / "classroom.yml"
    document = workflow(path)
    assert document["name"] == "Autograding Tests"
    assert list(document["jobs"]) == ["run-autograding-tests"]
    assert set(document["on"]) >= {"push", "repository_dispatch"}
    steps = steps_by_name(document)
    assert list(steps) == [
        "Checkout code",
        "Set up Python",
        "Install gradekit",
        "Grade with gradekit",
        "Autograding Reporter",
    ]
    # The job needs no git credentials after the checkout: none are left in .git/config for
    # anything later in the job (docs/security.md, "What each context protects").
    checkout = steps["Checkout code"]
    assert checkout["uses"].startswith("actions/checkout@")
    assert checkout["with"] == {"persist-credentials": False}
    python = steps["Set up Python"]
    assert python["uses"].startswith("actions/setup-python@")
    assert python["with"]["cache"] == "pip"
    assert python["with"]["cache-dependency-path"] == ".github/workflows/classroom.yml"
    install = shlex.split(steps["Install gradekit"]["run"])
    assert install == ["python", "-m", "pip", "install", f"gradekit=={gradekit.__version__}"]
    grade = steps["Grade with gradekit"]
    assert grade["id"] == "gradekit"
    assert shlex.split(grade["run"]) == [
        "gradekit",
        "check",
        "exercise.py",
        "--assignment",
        "exercises/scale.yaml",
        "--format",
        "github",
    ]
    reporter = steps["Autograding Reporter"]
    assert reporter["uses"] == "classroom-resources/autograding-grading-reporter@v1"
    assert reporter["if"] == "always()"
    assert reporter["with"]["runners"] == "gradekit"
    # The reporter reads <STEP ID uppercased>_RESULTS.
    assert reporter["env"] == {"GRADEKIT_RESULTS": "${{ steps.gradekit.outputs.result }}"}


def test_torch_and_custom_requirement(repository):
    path = init_github(
        repository,
        repository / "exercises" / "scale.yaml",
        requirement="git+https://github.com/example/gradekit@v0.1.0",
        torch=True,
        submission="hw1/my answers.py",
        timeout_minutes=3,
    )
    steps = steps_by_name(workflow(path))
    install = shlex.split(steps["Install gradekit"]["run"])
    assert install[4:] == [
        "git+https://github.com/example/gradekit@v0.1.0",
        "torch==2.13.0",
        "--extra-index-url",
        "https://download.pytorch.org/whl/cpu",
    ]
    grade = steps["Grade with gradekit"]
    assert shlex.split(grade["run"])[2] == "hw1/my answers.py"
    assert grade["timeout-minutes"] == 3


def test_hostile_names_cannot_break_the_yaml_or_inject_expressions(repository):
    path = init_github(
        repository,
        repository / "exercises" / "scale.yaml",
        submission="a'b\"c: d #e.py",
    )
    grade = steps_by_name(workflow(path))["Grade with gradekit"]
    assert shlex.split(grade["run"])[2] == "a'b\"c: d #e.py"
    with pytest.raises(InitError, match="expression"):
        init_github(
            repository,
            repository / "exercises" / "scale.yaml",
            submission="${{ secrets.TOKEN }}.py",
            force=True,
        )


def test_refuses_to_overwrite_without_force(repository):
    spec = repository / "exercises" / "scale.yaml"
    init_github(repository, spec)
    with pytest.raises(InitError, match="--force"):
        init_github(repository, spec)
    init_github(repository, spec, force=True)


def test_assignment_outside_the_repository_is_refused(repository, tmp_path):
    outside = tmp_path / "elsewhere"
    shutil.copytree(COURSE, outside)
    with pytest.raises(InitError, match="outside the repository"):
        init_github(repository, outside / "exercises" / "scale.yaml")


def test_command_line(repository):
    done = run_gradekit("init", "github", "-a", "exercises/scale.yaml", cwd=repository)
    assert done.returncode == 0, done.stderr
    assert "wrote" in done.stderr
    again = run_gradekit("init", "github", "-a", "exercises/scale.yaml", cwd=repository)
    assert again.returncode == 2
    assert "already exists" in again.stderr and "Traceback" not in again.stderr


def test_invalid_spec_is_reported_with_its_location(repository):
    broken = repository / "exercises" / "broken.yaml"
    broken.write_text("assignment:\n  id: x\nexercises: 3\n")
    done = run_gradekit("init", "github", "-a", broken, cwd=repository)
    assert done.returncode == 2
    assert "broken.yaml" in done.stderr and "Traceback" not in done.stderr


def test_a_step_timeout_shorter_than_the_assignment_needs_is_warned_about(tmp_path):
    """A grading step cancelled at timeout-minutes writes no result: the reporter then fails
    on an empty value and sends no points. autograd needs up to 1217 s (every case into its
    time limit), more than the default 10 minutes."""
    repository = tmp_path / "repo"
    for name in ("exercises/autograd.yaml", "solutions/autograd.py"):
        (repository / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / name, repository / name)
    done = run_gradekit(
        "init", "github", "-a", repository / "exercises" / "autograd.yaml", "--dir", repository
    )
    assert done.returncode == 0, done.stderr
    assert "warning: " in done.stderr and "--timeout 21" in done.stderr
    longer = run_gradekit(
        "init",
        "github",
        "-a",
        repository / "exercises" / "autograd.yaml",
        "--dir",
        repository,
        "--timeout",
        "21",
        "--force",
    )
    assert longer.returncode == 0 and "warning" not in longer.stderr
