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
    path, vendored = init_github(repository, repository / "exercises" / "scale.yaml")
    assert path == repository / ".github" / "workflows" / "classroom.yml"
    assert vendored == repository / ".github" / "gradekit" / "gradekit-src"
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
    # Keyed on what pins the installed dependencies: the workflow and the vendored pyproject.
    assert python["with"]["cache-dependency-path"].splitlines() == [
        ".github/workflows/classroom.yml",
        ".github/gradekit/gradekit-src/pyproject.toml",
    ]
    install = shlex.split(steps["Install gradekit"]["run"])
    # gradekit is not on PyPI: the default installs the copy init wrote into the repository.
    assert install == ["python", "-m", "pip", "install", "./.github/gradekit/gradekit-src"]
    pyproject = (vendored / "pyproject.toml").read_text()
    assert f'version = "{gradekit.__version__}"' in pyproject
    assert '"gradekit" = "gradekit.__main__:main"' in pyproject  # the step runs `gradekit`
    assert (vendored / "gradekit" / "integrations" / "templates" / "github").is_dir()
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
    (path,) = init_github(
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
    # Nothing installs a vendored copy, so none is written, and the cache key is the workflow.
    assert not (repository / ".github" / "gradekit").exists()
    python = steps["Set up Python"]
    assert python["with"]["cache-dependency-path"] == ".github/workflows/classroom.yml"


def test_default_install_with_torch_adds_the_cpu_wheel(repository):
    path, _ = init_github(repository, repository / "exercises" / "scale.yaml", torch=True)
    install = shlex.split(steps_by_name(workflow(path))["Install gradekit"]["run"])
    assert install[4:] == [
        "./.github/gradekit/gradekit-src",
        "torch==2.13.0",
        "--extra-index-url",
        "https://download.pytorch.org/whl/cpu",
    ]


def test_hostile_names_cannot_break_the_yaml_or_inject_expressions(repository):
    path, _ = init_github(
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


def test_rerunning_refreshes_the_vendored_copy(repository):
    """The copy is always the gradekit that wrote the workflow: a module removed since, or a
    file changed in the copy, does not survive a re-run; without --force nothing is touched."""
    spec = repository / "exercises" / "scale.yaml"
    _, vendored = init_github(repository, spec)
    stale = vendored / "gradekit" / "removed_since.py"
    stale.write_text("OLD = True\n")
    version = vendored / "gradekit" / "__init__.py"
    original = version.read_text()
    version.write_text(original + "EDITED = True\n")
    with pytest.raises(InitError, match="--force"):
        init_github(repository, spec)
    assert stale.exists() and "EDITED" in version.read_text()  # refused: nothing clobbered
    init_github(repository, spec, force=True)
    assert not stale.exists()
    assert version.read_text() == original
    assert not list(vendored.parent.glob(".gradekit-src-*"))  # no staging folder left behind
    # Switching to --install removes the copy nothing installs any more.
    init_github(
        repository, spec, requirement="gradekit @ git+https://example.invalid/g", force=True
    )
    assert not vendored.exists()


def test_a_gradekit_src_folder_gradekit_did_not_write_is_not_replaced(repository):
    spec = repository / "exercises" / "scale.yaml"
    foreign = repository / ".github" / "gradekit" / "gradekit-src"
    foreign.mkdir(parents=True)
    (foreign / "pyproject.toml").write_text("[project]\nname = 'mine'\n")
    with pytest.raises(InitError, match="not written by gradekit"):
        init_github(repository, spec)
    assert (foreign / "pyproject.toml").read_text() == "[project]\nname = 'mine'\n"
    assert not (repository / ".github" / "workflows").exists()
    init_github(repository, spec, force=True)
    assert "Generated by gradekit" in (foreign / "pyproject.toml").read_text()


def test_assignment_outside_the_repository_is_refused(repository, tmp_path):
    outside = tmp_path / "elsewhere"
    shutil.copytree(COURSE, outside)
    with pytest.raises(InitError, match="outside the repository"):
        init_github(repository, outside / "exercises" / "scale.yaml")


def test_command_line(repository):
    done = run_gradekit("init", "github", "-a", "exercises/scale.yaml", cwd=repository)
    assert done.returncode == 0, done.stderr
    assert "wrote" in done.stderr and "gradekit-src" in done.stderr
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
