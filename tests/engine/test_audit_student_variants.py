"""Student-style variants of the two shipped assignments (exercises/tensor-indexing.yaml,
exercises/autograd.yaml) on which the engine did something torch 2.13 does not: a warning's
text, the line a warning names, an error.  A student sees a warning as
``file:line: UserWarning: text`` on stderr, so the line must be the student's own, as
torch's C++ warnings and its Python ``warnings.warn(..., stacklevel=...)`` make it.  The
goldens were captured from torch 2.13; each test has a torch-marked twin."""

from __future__ import annotations

import warnings
from types import ModuleType

import numpy as np
import pytest

import gradekit.engine as engine


def warnings_at(torch: ModuleType, code: str) -> list[tuple[str, str, int]]:
    """The warnings ``code`` issues, as (text, file, line): ``code`` runs as the file
    ``<student>``, so a warning that names the student's line says ``<student>``."""
    namespace = {"torch": torch, "np": np, "F": torch.nn.functional}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        exec(compile(code, "<student>", "exec"), namespace)
    return [(str(w.message), w.filename, w.lineno) for w in caught]


COPY_CONSTRUCT = (
    "To copy construct from a tensor, it is recommended to use sourceTensor.detach().clone() "
    "or sourceTensor.detach().clone().requires_grad_(True), rather than {}(sourceTensor)."
)

# make_trainable: t.new_tensor(t, dtype=torch.float32, requires_grad=True) names the method
WARNING_GOLDENS = {
    "t = torch.tensor([1, 2])\nx = t.new_tensor(t, dtype=torch.float32, requires_grad=True)": [
        (COPY_CONSTRUCT.format("tensor.new_tensor"), "<student>", 2)
    ],
    "t = torch.ones(2)\n\nx = t.new_tensor(t)": [
        (COPY_CONSTRUCT.format("tensor.new_tensor"), "<student>", 3)
    ],
    "t = torch.ones(2)\nx = torch.tensor(t)": [
        (COPY_CONSTRUCT.format("torch.tensor"), "<student>", 2)
    ],
    "t = torch.ones(2)\nx = t.new_tensor([t[0], 1.0])": [],
}


@pytest.mark.parametrize("code", list(WARNING_GOLDENS))
def test_the_warning_and_its_line_are_torchs(code: str) -> None:
    assert warnings_at(engine, code) == WARNING_GOLDENS[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", list(WARNING_GOLDENS))
def test_the_warning_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert warnings_at(real_torch, code) == WARNING_GOLDENS[code]
