"""docs/engine.md is generated from the engine; the committed file must be current."""

from __future__ import annotations

import importlib.util
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def _generator():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(
        "gen_engine_docs", REPO / "tools" / "gen_engine_docs.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_engine_docs_are_up_to_date() -> None:
    generator = _generator()
    committed = (REPO / "docs" / "engine.md").read_text(encoding="utf-8")
    assert committed == generator.render(), (
        "docs/engine.md is stale: run `python tools/gen_engine_docs.py` and commit the result"
    )


def test_engine_docs_list_core_api() -> None:
    text = _generator().render()
    for name in (
        "`torch.tensor`",
        "`torch.no_grad`",
        "`backward`",
        "`MulBackward0`",
        "`F.cross_entropy`",
    ):
        assert name in text
