# ruff: noqa: E501 - goldens: each case and its outcome on one line
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
from audit_outcomes import outcome

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
    "t = torch.ones(3, 3)\nt.index_put_((torch.tensor([1, 0, 1], dtype=torch.uint8),), torch.ones(3))": [
        (UINT8, "<student>", 2)
    ],
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


# x[mask] = one_element_tensor of another dtype (a student's relu by hand, set_second_row with
# a mask): torch's index_put_ fills through masked_fill_(mask, value.item()) when the key's one
# index is a bool mask and the value has one element, so no dtype error there
PRELUDE = "t = torch.arange(9.0).reshape(3, 3)\nti = torch.arange(6).reshape(2, 3)\n"
MASK_FILL_GOLDENS = {
    "t[t > 3] = torch.tensor(0)\nresult = t": "torch.float32 (3, 3) [[0.0, 1.0, 2.0], [3.0, 0.0, 0.0], [0.0, 0.0, 0.0]] rg=False",
    "t[t > 3] = torch.tensor([[[-1]]])\nresult = t": "torch.float32 (3, 3) [[0.0, 1.0, 2.0], [3.0, -1.0, -1.0], [-1.0, -1.0, -1.0]] rg=False",
    "t[t > 6] = torch.tensor(True)\nresult = t[2]": "torch.float32 (3,) [6.0, 1.0, 1.0] rg=False",
    "t[t < 2] = torch.tensor(0.1, dtype=torch.float64)\nresult = t[0]": "torch.float32 (3,) [0.1, 0.1, 2.0] rg=False",
    "t[0, t[0] > 0] = torch.tensor(7)\nresult = t[0]": "torch.float32 (3,) [0.0, 7.0, 7.0] rg=False",
    "t[:, t[0] > 0] = torch.tensor(7)\nresult = t[:, 2]": "torch.float32 (3,) [7.0, 7.0, 7.0] rg=False",
    "t[..., None, t[0] > 0] = torch.tensor(7)\nresult = t[1]": "torch.float32 (3,) [3.0, 7.0, 7.0] rg=False",
    "t[t[:, 0] > 0, 1:] = torch.tensor(7)\nresult = t[:, 1]": "torch.float32 (3,) [1.0, 7.0, 7.0] rg=False",
    "ti[ti > 3] = torch.tensor(1.7)\nresult = ti": "torch.int64 (2, 3) [[0, 1, 2], [3, 1, 1]] rg=False",
    "ti[ti > 3] = torch.tensor(-2.9, dtype=torch.float64)\nresult = ti[1]": "torch.int64 (3,) [3, -2, -2] rg=False",
    "ti[ti > 3] = torch.tensor(float('nan'))": "RuntimeError: value cannot be converted to type int64_t without overflow",
    "t.index_put_((t > 3,), torch.tensor(0))\nresult = t[1]": "torch.float32 (3,) [3.0, 0.0, 0.0] rg=False",
    "result = torch.index_put(t, (t[:, 0] > 3,), torch.tensor([5]))[:, 0]": "torch.float32 (3,) [0.0, 3.0, 5.0] rg=False",
    "result = t.index_put((t[:, 0] > 3,), torch.tensor(5), accumulate=True)": "RuntimeError: Index put requires the source and destination dtypes match, got Float for the destination and Long for the source.",
    # not the masked_fill_ path: torch's index_put_ kernel and its dtype check
    "t[t > 3] = torch.tensor([0, 0, 0, 0, 0])": "RuntimeError: Index put requires the source and destination dtypes match, got Float for the destination and Long for the source.",
    "t[[0, 1]] = torch.tensor(7)": "RuntimeError: Index put requires the source and destination dtypes match, got Float for the destination and Long for the source.",
    "t[t[:, 0] > 0, [0, 1]] = torch.tensor(7)": "RuntimeError: Index put requires the source and destination dtypes match, got Float for the destination and Long for the source.",
    "t[torch.tensor(True), t[0] > 0] = torch.tensor(7)": "RuntimeError: Index put requires the source and destination dtypes match, got Float for the destination and Long for the source.",
    # in a graph: IndexPutBackward0; a value that requires grad gets its gradient in its dtype
    "x = torch.ones(3, requires_grad=True) * 1\nx[x > 0] = torch.tensor(2)\nx.sum().backward()\nresult = (x.grad_fn.name(), x)": "('IndexPutBackward0', torch.float32 (3,) [2.0, 2.0, 2.0] rg=True)",
    "x = torch.zeros(3, requires_grad=True) * 1\nv = torch.tensor(2.0, dtype=torch.float64, requires_grad=True)\nx[x == 0] = v\nx.sum().backward()\nresult = (x, v.grad)": "(torch.float32 (3,) [2.0, 2.0, 2.0] rg=True, torch.float64 () 3.0 rg=False)",
}


@pytest.mark.torch
def test_mask_writes_of_one_element_values_match_torch(real_torch: ModuleType) -> None:
    # random shapes, masks (on dims 0 or 1, or the whole tensor), value dtypes and shapes
    rng = np.random.default_rng(17)
    dtypes = ["float32", "float64", "int64", "int32", "bool"]
    for _ in range(200):
        shape = tuple(int(n) for n in rng.integers(1, 4, size=rng.integers(1, 4)))
        target = dtypes[rng.integers(0, 4)]
        source = dtypes[rng.integers(0, 5)]
        data = rng.standard_normal(shape) * 3
        where = rng.integers(0, 3) if len(shape) > 1 else 0
        mask = rng.random(shape if where == 2 else shape[where : where + 1]) > 0.5
        value = rng.standard_normal(()) * 3
        value_shape = [(), (1,), (1, 1)][rng.integers(0, 3)]
        outcomes = []
        for module in (real_torch, engine):
            t = module.tensor(data).to(getattr(module, target))
            m = module.tensor(mask)
            v = module.tensor(value).to(getattr(module, source)).reshape(value_shape)
            key = (slice(None), m) if where == 1 else m
            try:
                t[key] = v
                outcomes.append((str(t.dtype), t.tolist()))
            except RuntimeError as failure:
                outcomes.append(str(failure))
        assert outcomes[0] == outcomes[1], (shape, target, source, where, value_shape)


# uint8 masks (comparisons in pre-1.2 tutorials): a one-element write with one as the key's
# only index is torch's masked_fill_ error (no warning); other writes warn and read it as a
# bool mask
U8 = "torch.tensor([1, 0, 1], dtype=torch.uint8)"
UINT8_GOLDENS = {
    f"t[{U8}] = 0.0": "RuntimeError: masked_fill_ only supports boolean masks, but got mask with dtype unsigned char",
    f"t[{U8}] = torch.tensor([[5.0]])": "RuntimeError: masked_fill_ only supports boolean masks, but got mask with dtype unsigned char",
    f"t[0, {U8}] = 1": "RuntimeError: masked_fill_ only supports boolean masks, but got mask with dtype unsigned char",
    f"t[None, ..., {U8}] = 1": "RuntimeError: masked_fill_ only supports boolean masks, but got mask with dtype unsigned char",
    f"t[{U8}, torch.tensor(0)] = 1": "RuntimeError: masked_fill_ only supports boolean masks, but got mask with dtype unsigned char",
    "t[np.array([1, 0, 1], dtype=np.uint8)] = 2.0": "RuntimeError: masked_fill_ only supports boolean masks, but got mask with dtype unsigned char",
    "t[torch.tensor([1, 0], dtype=torch.uint8)] = 1.0": "IndexError: The shape of the mask [2] at index 0 does not match the shape of the indexed tensor [3, 3] at index 0",
    f"t.index_put_(({U8},), torch.tensor(1.0))": "RuntimeError: masked_fill_ only supports boolean masks, but got mask with dtype unsigned char",
    "t.index_put_((torch.tensor(1, dtype=torch.uint8),), torch.tensor(1.0))": "RuntimeError: masked_fill_ only supports boolean masks, but got mask with dtype unsigned char",
    "t.index_put_((torch.tensor([1, 0], dtype=torch.uint8),), torch.tensor(1.0))": "IndexError: The shape of the mask [2] at index 0 does not match the shape of the indexed tensor [3, 3] at index 0",
    f"result = torch.index_put(t, ({U8},), torch.tensor([1.0]))": "RuntimeError: masked_fill_ only supports boolean masks, but got mask with dtype unsigned char",
    f"t[{U8}] = torch.tensor([5.0, 6.0, 7.0])\nresult = t": "torch.float32 (3, 3) [[5.0, 6.0, 7.0], [3.0, 4.0, 5.0], [5.0, 6.0, 7.0]] rg=False | warns: indexing with dtype torch.uint8 is now deprecated, please us",
    f"t[{U8}, 0] = torch.tensor([1.0, 2.0])\nresult = t[:, 0]": "torch.float32 (3,) [1.0, 3.0, 2.0] rg=False | warns: indexing with dtype torch.uint8 is now deprecated, please us",
    f"t[{U8}, [0, 1]] = 1.0\nresult = t[:, :2]": "torch.float32 (3, 2) [[1.0, 1.0], [3.0, 4.0], [6.0, 1.0]] rg=False | warns: indexing with dtype torch.uint8 is now deprecated, please us",
    f"t[{U8}] += 1\nresult = t[:, 0]": "torch.float32 (3,) [1.0, 3.0, 7.0] rg=False | warns: indexing with dtype torch.uint8 is now deprecated, please us / indexing with dtype torch.uint8 is now deprecated, please us",
    f"t.index_put_(({U8},), torch.tensor([1.0, 2.0, 3.0]))\nresult = t[2]": "torch.float32 (3,) [1.0, 2.0, 3.0] rg=False | warns: indexing with dtype torch.uint8 is now deprecated, please us",
    f"t.index_put_(({U8},), torch.tensor(1.0), accumulate=True)\nresult = t[2]": "torch.float32 (3,) [7.0, 8.0, 9.0] rg=False | warns: indexing with dtype torch.uint8 is now deprecated, please us",
    f"t.index_put_(({U8}, torch.tensor([0, 1])), torch.tensor(1.0))\nresult = t[:, :2]": "torch.float32 (3, 2) [[1.0, 1.0], [3.0, 4.0], [6.0, 1.0]] rg=False | warns: indexing with dtype torch.uint8 is now deprecated, please us",
    "t[torch.tensor(1, dtype=torch.uint8)] = 1.0\nresult = t[0]": "torch.float32 (3,) [1.0, 1.0, 1.0] rg=False",
}


# even_rows through numpy: from_numpy of anything but an array names the type as torch
# prints it (tp_name: numpy's scalars are numpy.float32, torch's dtype is torch.dtype)
FROM_NUMPY_GOLDENS = {
    "result = torch.from_numpy(np.float32(3.0))": "TypeError: expected np.ndarray (got numpy.float32)",
    "result = torch.from_numpy(t.numpy()[0, 0])": "TypeError: expected np.ndarray (got numpy.float32)",
    "result = torch.from_numpy(np.int64(1))": "TypeError: expected np.ndarray (got numpy.int64)",
    "result = torch.from_numpy(np.bool_(True))": "TypeError: expected np.ndarray (got numpy.bool)",
    "result = torch.from_numpy(t.tolist())": "TypeError: expected np.ndarray (got list)",
    "result = torch.from_numpy(t)": "TypeError: expected np.ndarray (got Tensor)",
    "result = torch.from_numpy(torch.float32)": "TypeError: expected np.ndarray (got torch.dtype)",
    "result = torch.from_numpy(range(3))": "TypeError: expected np.ndarray (got range)",
}


# ellipsis_pick with a second ``...``: torch moves on by ndim - specified dims per ellipsis
# (t[..., 0, ...] is t[..., 0]); past the last dim it reads beyond its sizes (undefined
# behaviour, see the internals doc), here what it says for tensors of up to 5 dims
ELLIPSIS_GOLDENS = {
    "result = q[..., 0, ...].shape": "(2, 3, 4)",
    "result = q[..., ..., ...].shape": "(2, 3, 4, 2)",
    "result = q[0, ..., 1, ...]": "torch.float32 (3, 4) [[1.0, 3.0, 5.0, 7.0], [9.0, 11.0, 13.0, 15.0], [17.0, 19.0, 21.0, 23.0]] rg=False",
    "result = q[0, ..., ..., 1]": "IndexError: index 1 is out of bounds for dimension 3 with size 0",
    "result = q[..., 0, ..., 0]": "IndexError: index 0 is out of bounds for dimension 3 with size 0",
    "result = q[0, 0, ..., ..., 0]": "IndexError: index 0 is out of bounds for dimension 4 with size 0",
    "result = q[1:, ..., ..., 1:]": "IndexError: Dimension out of range (expected to be in range of [-4, 3], but got 5)",
    "result = q[0, ..., ..., None]": "IndexError: Dimension out of range (expected to be in range of [-4, 3], but got 6)",
    "result = q[0, ..., ..., [0]]": "IndexError: too many indices for tensor of dimension 3 (got 5)",
    "t.index_put_((torch.tensor([0]),) * 3, torch.tensor(1.0))": "IndexError: too many indices for tensor of dimension 2 (got 3)",
    "result = t[torch.tensor([0]), torch.tensor([0]), torch.tensor([0])]": "IndexError: too many indices for tensor of dimension 2",
}
Q = "q = torch.arange(48.0).reshape(2, 3, 4, 2)\n"


# every outcome golden above, the ellipsis cases on the 2x3x4x2 tensor q
OUTCOME_GOLDENS = {
    **MASK_FILL_GOLDENS,
    **UINT8_GOLDENS,
    **FROM_NUMPY_GOLDENS,
    **{Q + code: text for code, text in ELLIPSIS_GOLDENS.items()},
}


@pytest.mark.parametrize("code", list(OUTCOME_GOLDENS))
def test_the_outcome_is_torchs(code: str) -> None:
    assert outcome(engine, PRELUDE + code) == OUTCOME_GOLDENS[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", list(OUTCOME_GOLDENS))
def test_the_outcome_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, PRELUDE + code) == OUTCOME_GOLDENS[code]
