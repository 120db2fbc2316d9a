"""F.embedding (torch/nn/functional.py over ATen's ``embedding``): rows of the weight picked
by integer indices, ``EmbeddingBackward0`` scattering the gradient back into a zero weight
gradient row by row in index order (``embedding_dense_backward_cpu``: the padding row
skipped), whose own backward, ``EmbeddingDenseBackwardBackward0``, gathers the gradient's
rows again (the padding row's zero).  nn.Embedding is in nn/modules.py."""

from __future__ import annotations

import numpy as np

from .. import errors
from ..autograd.graph import Node
from ..dtypes import int32, int64
from ..ops.core import requires_grad
from ..tensor import Tensor
from .modules import checked_padding_idx


class EmbeddingBackward0(Node):
    """out = weight[indices]: the gradient rows added into zeros; saves the indices."""

    __slots__ = ("num_weights", "padding_idx")

    def backward(self, grad: Tensor) -> tuple:
        (indices,) = self.saved_tensors
        return (_dense_backward(grad, indices._data, self.num_weights, self.padding_idx),)


class EmbeddingDenseBackwardBackward0(Node):
    """grad_weight = scatter of grad at indices: its gradient is the rows gathered again."""

    __slots__ = ("indices", "padding_idx")

    def backward(self, grad: Tensor) -> tuple:
        if requires_grad(grad):  # (a third derivative: not written)
            raise errors.unsupported("a third derivative of torch.nn.functional.embedding")
        rows = np.array(grad._data[self.indices], copy=True)
        rows[self.indices == self.padding_idx] = 0
        return (Tensor._make(rows, grad.dtype),)


def _dense_backward(
    grad: Tensor, indices: np.ndarray, num_weights: int, padding_idx: int
) -> Tensor:
    """torch's ``embedding_dense_backward_cpu``: ``grad_weight[k] += grad[i]`` for each index
    ``i`` in order (not the padding row's)."""
    dim = grad._data.shape[-1]
    flat_indices = indices.reshape(-1)
    rows = grad._data.reshape(-1, dim)
    keep = flat_indices != padding_idx
    out = np.zeros((num_weights, dim), dtype=grad.dtype.np_dtype)
    np.add.at(out, flat_indices[keep], rows[keep])  # (in index order, as torch's loop)
    node = None
    if requires_grad(grad):
        node = EmbeddingDenseBackwardBackward0((grad._edge(),), ((out.shape, grad.dtype),))
        node.indices, node.padding_idx = indices, padding_idx
    return Tensor._make(out, grad.dtype, node)


def embedding(
    input: Tensor,
    weight: Tensor,
    padding_idx: int | None = None,
    max_norm: float | None = None,
    norm_type: float = 2.0,
    scale_grad_by_freq: bool = False,
    sparse: bool = False,
) -> Tensor:
    """``F.embedding(input, weight)``: ``weight[input]``, of shape ``input.shape + (dim,)``."""
    padding_idx = checked_padding_idx(padding_idx, weight.size(0))
    padding_idx = -1 if padding_idx is None else padding_idx  # (ATen's "no padding row")
    for name, given in (
        ("max_norm", max_norm is not None),
        ("scale_grad_by_freq", scale_grad_by_freq),
        ("sparse", sparse),
    ):
        if given:  # (weights renormalised in place, gradients scaled, sparse gradients)
            raise errors.unsupported(f"torch.nn.functional.embedding({name}=...)")
    if weight.dim() != 2:
        raise errors.error("embedding_weight_dim", ndim=weight.dim())
    if input.dtype not in (int64, int32):
        raise errors.error("embedding_indices_dtype", got=input.dtype.legacy_name)
    indices = input._data.astype(np.int64)
    num_weights = weight._data.shape[0]
    if indices.size and (indices.min() < 0 or indices.max() >= num_weights):
        raise errors.error("index_select_range")
    data = np.ascontiguousarray(weight._data[indices])
    node = None
    if requires_grad(weight):
        node = EmbeddingBackward0((weight._edge(),), ((data.shape, weight.dtype),))
        node.num_weights, node.padding_idx = num_weights, padding_idx
        node.save(input)
    return Tensor._make(data, weight.dtype, node)
