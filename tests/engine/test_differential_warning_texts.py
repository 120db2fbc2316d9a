"""Every warning the engine copies from torch is the very text torch 2.13 prints, tail and all:
"(Triggered internally at /__w/pytorch/pytorch/<file>:<line>.)" names the wheel's build tree and
the source line, and a student's output shows it (the other differential tests strip it)."""

from __future__ import annotations

import json
import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest

import gradekit.engine as engine
from gradekit.engine.errors import WARNINGS

pytestmark = pytest.mark.torch

SNIPPETS = {
    "transpose_T_deprecated": "torch.ones(2, 3, 4).T",
    "mT_0d": "torch.tensor(1.0).mT",
    "mH_0d": "torch.tensor(1.0).mH",
    "adjoint_0d": "torch.tensor(1.0).adjoint()",
    "transpose_T_0d": "torch.tensor(1.0).T",
    "backward_create_graph": (
        "(lambda a: (a * 2).sum().backward(create_graph=True))(torch.ones(3, requires_grad=True))"
    ),
    "nonleaf_grad_access": "(torch.ones(3, requires_grad=True) * 2).grad",
    "float_of_requires_grad": "float(torch.ones(1, requires_grad=True))",
    "numpy_not_writable": "torch.from_numpy(read_only)",
    "non_tuple_sequence_index": "torch.ones(3, 3)[[[0, 1], [1, 2]]]",
    "uint8_index": "torch.ones(3, 3)[torch.tensor([1, 0, 1], dtype=torch.uint8)]",
    "index_put_expanded": (
        "torch.ones(3).expand(2, 3).index_put_((torch.tensor([0]),), torch.tensor(1.0))"
    ),
    "masked_fill_expanded": (
        "torch.ones(3).expand(2, 3).masked_fill_(torch.ones(2, 3, dtype=torch.bool), 1.0)"
    ),
    "index_fill_expanded": ("torch.ones(3).expand(2, 3).index_fill_(0, torch.tensor([0]), 1.0)"),
    "scatter_reduce_deprecated": (
        "torch.zeros(3).scatter(0, torch.tensor([1]), torch.ones(1), reduce='add')"
    ),
    "tensor_copy_construct": "torch.tensor(torch.ones(2))",
    "degrees_of_freedom": "torch.ones(1).std()",
    "output_resized": "torch.ldexp(torch.tensor(2.0), torch.tensor([1, 2]))",
    "meshgrid_indexing": "torch.meshgrid(torch.ones(2), torch.ones(3))",
    "cross_default_dim": "torch.cross(torch.ones(2, 3), torch.ones(2, 3))",
    "conv_same_copy": (
        "torch.nn.functional.conv2d(torch.ones(1, 1, 4, 4), torch.ones(1, 1, 2, 2), padding='same')"
    ),
    "chain_matmul_deprecated": "torch.chain_matmul(torch.ones(2, 3), torch.ones(3, 2))",
    "cov_degrees_of_freedom": "torch.cov(torch.ones(2, 1))",
    "cholesky_deprecated": "torch.cholesky(torch.eye(2))",
    "qr_deprecated": "torch.qr(torch.eye(2))",
    "new_tensor_copy_construct": "torch.ones(2).new_tensor(torch.ones(2))",
    "tensor_from_ndarray_list": "torch.tensor([read_only, read_only])",
    "mse_size": "torch.nn.functional.mse_loss(torch.ones(3), torch.ones(2, 3))",
    "searchsorted_values_noncontiguous": (
        "torch.searchsorted(torch.tensor([1.0, 5]), torch.arange(12.0).reshape(4, 3)[:, 0])"
    ),
    "searchsorted_boundaries_noncontiguous": (
        "torch.searchsorted(torch.arange(12.0).reshape(4, 3)[:, 0], torch.tensor([1.0, 5]))"
    ),
    "searchsorted_sorter_noncontiguous": (
        "torch.searchsorted(torch.tensor([1.0, 2, 3, 4]), torch.tensor([2.5]), "
        "sorter=torch.tensor([[0, 5], [1, 6], [2, 7], [3, 8]])[:, 0])"
    ),
    "index_reduce_beta": (
        "torch.zeros(2).index_reduce(0, torch.tensor([0]), torch.ones(1), 'amax')"
    ),
    # (then masked_scatter_'s error: only a bool mask is taken)
    "masked_scatter_uint8": (
        "torch.zeros(2).masked_scatter(torch.ones(2, dtype=torch.uint8), torch.ones(2))"
    ),
}


def _warnings_of(module: object, snippet: str) -> list[str]:
    read_only = np.ones(3)
    read_only.flags.writeable = False
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            eval(snippet, {"torch": module, "read_only": read_only})
        except RuntimeError:  # (a warning given just before an error counts too)
            pass
    return [str(warning.message) for warning in caught]


@pytest.fixture(scope="module")
def torch_warnings(real_torch) -> dict[str, list[str]]:
    """What torch prints for each snippet, in a fresh process: several of these warnings are
    torch's TORCH_WARN_ONCE, which other tests in this process may have used up."""
    script = (
        "import json, sys\n"
        f"sys.path.insert(0, {str(Path(__file__).parent)!r})\n"
        "import torch\n"
        "from test_differential_warning_texts import SNIPPETS, _warnings_of\n"
        "print(json.dumps({key: _warnings_of(torch, code) for key, code in SNIPPETS.items()}))\n"
    )
    completed = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=300
    )
    assert completed.returncode == 0, completed.stderr
    return json.loads(completed.stdout.splitlines()[-1])


@pytest.mark.parametrize("key", sorted(SNIPPETS))
def test_the_warning_is_torchs_text_tail_and_all(
    key: str, torch_warnings: dict[str, list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    from gradekit.engine import errors

    # As in a fresh process: the engine's warn-once registry forgets what earlier tests used.
    monkeypatch.setattr(errors, "_warned_once", set())
    expected = torch_warnings[key]
    assert expected, f"torch no longer warns for {SNIPPETS[key]}"
    assert _warnings_of(engine, SNIPPETS[key]) == expected
    if "{" not in WARNINGS[key]:  # not a template: the catalogue's text itself is torch's
        assert WARNINGS[key] in expected


def test_every_copied_warning_with_a_tail_is_checked() -> None:
    tailed = {key for key, text in WARNINGS.items() if "(Triggered internally at" in text}
    assert tailed <= set(SNIPPETS)
