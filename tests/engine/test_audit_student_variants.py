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


def warnings_at(torch: ModuleType, code: str) -> list[tuple[str, str, int | None]]:
    """The warnings ``code`` issues, as (text, file, line): ``code`` runs as the file
    ``<student>``, so a warning that names the student's line says ``<student>``; one that
    names a line of the library's own Python (torch's nn modules) says ``<library>``."""
    namespace = {"torch": torch, "np": np, "F": torch.nn.functional}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        exec(compile(code, "<student>", "exec"), namespace)
    return [
        (str(w.message), "<student>", w.lineno)
        if w.filename == "<student>"
        else (str(w.message), "<library>", None)
        for w in caught
    ]


COPY_CONSTRUCT = (
    "To copy construct from a tensor, it is recommended to use sourceTensor.detach().clone() "
    "or sourceTensor.detach().clone().requires_grad_(True), rather than {}(sourceTensor)."
)

UINT8 = (
    "indexing with dtype torch.uint8 is now deprecated, please use a dtype torch.bool instead. "
    "(Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/IndexingUtils.h:37.)"
)
SEQUENCE = (
    "Using a non-tuple sequence for multidimensional indexing is deprecated and will be changed "
    "in pytorch 2.9; use x[tuple(seq)] instead of x[seq]. In pytorch 2.9 this will be "
    "interpreted as tensor index, x[torch.tensor(seq)], which will result either in an error or "
    "a different result (Triggered internally at "
    "/__w/pytorch/pytorch/torch/csrc/autograd/python_variable_indexing.cpp:349.)"
)
MSE_SIZE = (
    "Using a target size (torch.Size([2, 3])) that is different to the input size "
    "(torch.Size([3])). This will likely lead to incorrect results due to broadcasting. "
    "Please ensure they have the same size."
)
IMPLICIT_DIM = (
    "Implicit dimension choice for {} has been deprecated. Change the call to include dim=X "
    "as an argument."
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
    # uint8 masks (old tutorials' comparisons) and lists of index lists, on every indexing
    # path: the student's line, as torch's C++ warning
    "t = torch.ones(3, 3)\nr = t[torch.tensor([1, 0, 1], dtype=torch.uint8)]": [
        (UINT8, "<student>", 2)
    ],
    "t = torch.ones(3, 3)\nr = t[0, torch.tensor([1, 0, 1], dtype=torch.uint8)]": [
        (UINT8, "<student>", 2)
    ],
    "t = torch.ones(3, 3)\nr = t[torch.tensor([1, 0, 1], dtype=torch.uint8), [0, 1]]": [
        (UINT8, "<student>", 2)
    ],
    "t = torch.ones(3, 3)\nt[torch.tensor([1, 0, 1], dtype=torch.uint8)] = torch.ones(3)": [
        (UINT8, "<student>", 2)
    ],
    "t = torch.ones(3, 3)\nt[torch.tensor([1, 0, 1], dtype=torch.uint8)] += 1": [
        (UINT8, "<student>", 2)
    ]
    * 2,
    "t = torch.ones(3, 3)\nr = t[[[0, 1], [1, 2]]]": [(SEQUENCE, "<student>", 2)],
    "t = torch.ones(3, 3)\nr = t[[0, slice(None)]]": [(SEQUENCE, "<student>", 2)],
    "t = torch.ones(3, 3)\nt[[[0, 1], [1, 2]]] = 1.0": [(SEQUENCE, "<student>", 2)],
    "t = torch.ones(3, 3)\nt[[[0, 1], [1, 2]]] += 1": [(SEQUENCE, "<student>", 2)] * 2,
    # a loss of mismatched sizes, softmax without dim: torch's Python warns at its caller
    "r = F.mse_loss(torch.ones(3), torch.ones(2, 3))": [(MSE_SIZE, "<student>", 1)],
    "r = F.l1_loss(torch.ones(3), torch.ones(2, 3))": [(MSE_SIZE, "<student>", 1)],
    "r = torch.nn.MSELoss()(torch.ones(3), torch.ones(2, 3))": [(MSE_SIZE, "<library>", None)],
    "r = F.softmax(torch.ones(3))": [(IMPLICIT_DIM.format("softmax"), "<student>", 1)],
    "r = F.log_softmax(torch.ones(3))": [(IMPLICIT_DIM.format("log_softmax"), "<student>", 1)],
    "r = torch.nn.Softmax()(torch.ones(3))": [(IMPLICIT_DIM.format("softmax"), "<library>", None)],
}


@pytest.mark.parametrize("code", list(WARNING_GOLDENS))
def test_the_warning_and_its_line_are_torchs(code: str) -> None:
    assert warnings_at(engine, code) == WARNING_GOLDENS[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", list(WARNING_GOLDENS))
def test_the_warning_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert warnings_at(real_torch, code) == WARNING_GOLDENS[code]
