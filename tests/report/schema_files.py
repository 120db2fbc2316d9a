"""The platform schemas kept beside these tests (see each file's $comment for its source)."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema

SCHEMAS = Path(__file__).resolve().parent / "schemas"


def validator(name: str) -> jsonschema.Draft202012Validator:
    schema = json.loads((SCHEMAS / name).read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def problems(name: str, document: object) -> list[str]:
    """Every schema violation of ``document``, as readable strings (empty when valid)."""
    return [
        f"{'/'.join(map(str, error.absolute_path))}: {error.message}"
        for error in validator(name).iter_errors(document)
    ]
