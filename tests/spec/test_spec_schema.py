"""The JSON Schema export: in sync with its committed copy, and agreeing with the models."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from gradekit.spec.models import CHECK_WORDS, Exercise
from gradekit.spec.schema import json_schema, main, schema_text

REPO = Path(__file__).resolve().parents[2]
COMMITTED = REPO / "docs" / "gradekit-spec.schema.json"


VALIDATOR = jsonschema.Draft202012Validator(json_schema())


@pytest.fixture(scope="module")
def validator() -> jsonschema.Draft202012Validator:
    jsonschema.Draft202012Validator.check_schema(VALIDATOR.schema)
    return VALIDATOR


def test_committed_copy_is_in_sync() -> None:
    assert COMMITTED.read_text(encoding="utf-8") == schema_text(), (
        "docs/gradekit-spec.schema.json is stale: run "
        "`python -m gradekit.spec.schema docs/gradekit-spec.schema.json`"
    )


def test_main_writes_the_schema(tmp_path: Path) -> None:
    target = tmp_path / "schema.json"
    assert main([str(target)]) == 0
    assert json.loads(target.read_text()) == json_schema()


def test_schema_documents_fields() -> None:
    definitions = json_schema()["$defs"]
    exercise = definitions["Exercise"]["properties"]
    assert "one line of code" in json.dumps(definitions["Constraints"])
    assert all("description" in field for field in exercise.values())


@pytest.mark.parametrize("name", ["tensor-indexing.yaml", "autograd.yaml"])
def test_repository_assignments_validate(validator, name: str) -> None:
    path = REPO / "exercises" / name
    if not path.exists():
        pytest.skip(f"{name} is not written yet")
    errors = list(validator.iter_errors(yaml.safe_load(path.read_text())))
    assert not errors, [error.message for error in errors]


def test_schema_rejects_what_the_models_reject(validator) -> None:
    document = yaml.safe_load((REPO / "exercises" / "tensor-indexing.yaml").read_text())
    exercise = document["exercises"][0]
    for broken in (
        {**exercise, "checks": ["vaule"]},
        {**exercise, "promt": "x"},
        {**exercise, "kind": "method"},
        {**exercise, "checks": [{"grad": [], "value": True}]},
    ):
        assert list(validator.iter_errors({**document, "exercises": [broken]}))


# Check entries as an instructor might write them, valid or not.
check_items = st.one_of(
    st.sampled_from([*CHECK_WORDS, "vaule", "grad_fnn"]),
    st.builds(
        lambda word, value: {word: value},
        st.sampled_from([*CHECK_WORDS, "other"]),
        st.one_of(
            st.booleans(),
            st.sampled_from(["t", "MulBackward0", "ValueError", "not a name"]),
            st.lists(st.sampled_from(["t", "x"]), max_size=2),
            st.fixed_dictionaries({"type": st.sampled_from(["ValueError", "1bad"])}),
            st.fixed_dictionaries({"reshape_ok": st.booleans()}),
            st.fixed_dictionaries({"names": st.lists(st.just("t"), max_size=1)}),
        ),
    ),
)


@given(check=check_items)
def test_schema_and_models_agree_on_single_checks(check) -> None:
    """One check item is accepted by the schema exactly when the models accept its structure.

    Cross-field rules (`spec_rule` errors, e.g. a grad check naming an undeclared argument) are
    beyond what a JSON Schema can say, so they count as structurally fine here."""
    exercise = {
        "id": "e",
        "title": "E",
        "prompt": "p",
        "cases": [{"id": "c", "args": {"t": {"tensor": [1.0], "requires_grad": True}}}],
        "checks": [check],
    }
    try:
        Exercise.model_validate(exercise)
        models_accept = True
    except ValidationError as error:
        models_accept = all(detail["type"] == "spec_rule" for detail in error.errors())
    document = {"assignment": {"id": "a", "title": "A", "solution": "s.py"}}
    schema_accepts = not list(VALIDATOR.iter_errors({**document, "exercises": [exercise]}))
    assert schema_accepts == models_accept, check


def test_package_exports_json_schema() -> None:
    """`from gradekit.spec import json_schema` is what the CLI uses."""
    import gradekit.spec

    assert gradekit.spec.json_schema() == json_schema()
    with pytest.raises(AttributeError):
        gradekit.spec.no_such_name  # noqa: B018
