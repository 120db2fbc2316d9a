"""JSON Schema of the exercise spec format, for `gradekit schema` and editor completion.

pydantic generates the schema of the models; two spots are rewritten to describe the YAML an
instructor writes rather than the normalised Python form:

* checks are written as words (`value`) or one-key mappings (`{grad: [x]}`), not `{kind: ...}`;
* a Python argument may be a plain YAML value, not only `{python: ...}`.

The committed copy docs/gradekit-spec.schema.json is regenerated with
`python -m gradekit.spec.schema docs/gradekit-spec.schema.json`; a test keeps it in sync.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from gradekit.spec.models import CHECK_TYPES, Assignment

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"

# Checks that may be written as a bare word; the others need their options.
_WORD_FORMS = frozenset({"value", "type", "shape", "dtype", "requires_grad", "is_leaf", "grad_fn"})

# The option a check's scalar shorthand stands for: `{grad_fn: MulBackward0}` means
# `{grad_fn: {name: MulBackward0}}`, `{grad: x}` means `{grad: {names: [x]}}`.
_SHORTHAND_OPTION = {"value": "reshape_ok", "grad_fn": "name", "raises": "type"}

_PLAIN_PYTHON_VALUE: dict[str, Any] = {
    "type": ["null", "boolean", "integer", "number", "string", "array"],
    "description": "A plain value, passed to the entry as the same Python value.",
}


def json_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of an assignment YAML file."""
    schema = Assignment.model_json_schema(mode="validation")
    definitions = schema["$defs"]
    for check_type in CHECK_TYPES:
        name = check_type.__name__
        definitions[name] = _yaml_check_schema(check_type.word, definitions[name])
    definitions["PythonArg"] = {
        "description": definitions["PythonArg"].get("description", ""),
        "anyOf": [definitions["PythonArg"], _PLAIN_PYTHON_VALUE],
    }
    return {
        "$schema": SCHEMA_DIALECT,
        "title": "gradekit assignment",
        "description": "An assignment for gradekit: header and exercises (see docs/spec.md).",
        **{key: value for key, value in schema.items() if key not in ("title", "description")},
    }


def _yaml_check_schema(word: str, generated: dict[str, Any]) -> dict[str, Any]:
    """The YAML forms of one check: the bare word and/or `{word: options}`."""
    options = {key: value for key, value in generated["properties"].items() if key != "kind"}
    forms: list[dict[str, Any]] = []
    if word in _WORD_FORMS:
        forms.append({"const": word})
    if options:
        option_forms: list[dict[str, Any]] = [
            {
                "type": "object",
                "properties": options,
                "required": [key for key in generated.get("required", []) if key != "kind"],
                "additionalProperties": False,
            }
        ]
        if word in _SHORTHAND_OPTION:
            option_forms.append(options[_SHORTHAND_OPTION[word]])
        if "names" in options:
            option_forms += [options["names"], options["names"]["items"]]
        forms.append(
            {
                "type": "object",
                "properties": {word: {"anyOf": option_forms}},
                "required": [word],
                "additionalProperties": False,
            }
        )
    description = generated.get("description", "")
    return (
        {"description": description, "anyOf": forms}
        if len(forms) > 1
        else {
            "description": description,
            **forms[0],
        }
    )


def schema_text() -> str:
    """The schema as the committed file holds it (sorted keys, 2-space indent, final newline)."""
    return json.dumps(json_schema(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    """Write the schema to the file named in argv[0], or print it."""
    if argv:
        Path(argv[0]).write_text(schema_text(), encoding="utf-8")
    else:
        sys.stdout.write(schema_text())
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
