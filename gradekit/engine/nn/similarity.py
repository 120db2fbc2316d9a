"""cosine_similarity, F.normalize and pairwise_distance as torch 2.13 composes them:

* cosine_similarity (aten/native/Distance.cpp): both operands expanded to one shape, each
  divided by its 2-norm along ``dim`` (a clone clamped to eps in place without grad), the
  products summed along ``dim``: ``SumBackward1(MulBackward0(DivBackward0, DivBackward0))``;
* F.normalize (torch/nn/functional.py): ``input / input.norm(p, dim, keepdim=True)
  .clamp_min(eps).expand_as(input)``;
* pairwise_distance: ``norm(x1 - x2 + eps, p, last dim, keepdim)``, ATen's ``norm``
  (``NormBackward1``)."""

from __future__ import annotations

from typing import Any

from .. import errors
from ..autograd import grad_mode
from ..dtypes import FLOATING
from ..dtypes import result_type as _result_type
from ..ops.pointwise import add_scalar
from ..ops.reduction import LinalgVectorNormBackward0, linalg_vector_norm
from ..ops.reduction_arguments import parsed
from ..tensor import Tensor


class NormBackward1(LinalgVectorNormBackward0):
    """ATen's ``norm(self, p, dim, keepdim)``: the vector norm's gradient, torch's name."""

    __slots__ = ()


def _cosine_similarity(x1: Tensor, x2: Tensor, dim: Any = 1, eps: Any = 1e-8) -> Tensor:
    if not (isinstance(x1, Tensor) and isinstance(x2, Tensor)):
        raise TypeError("cosine_similarity")  # (the parser words it)
    if isinstance(dim, bool) or not isinstance(dim, int):
        raise TypeError("cosine_similarity")
    if isinstance(eps, bool) or not isinstance(eps, (int, float)):
        raise TypeError("cosine_similarity")
    common = _result_type(x1, x2)
    if common.category != FLOATING:
        raise errors.error("cosine_dtype", dtype=common.scalar_name)
    if x1.dtype.category != FLOATING:  # (integers and bools are converted first)
        x1 = x1.to(common)
    if x2.dtype.category != FLOATING:
        x2 = x2.to(common)
    if tuple(x1.shape) != tuple(x2.shape):  # torch's expand_outplace: both expanded
        from ..ops.core import broadcast_error

        try:
            shape = _broadcast_shape(tuple(x1.shape), tuple(x2.shape))
        except ValueError:
            raise broadcast_error(tuple(x1.shape), tuple(x2.shape)) from None
        x1, x2 = x1.expand(*shape), x2.expand(*shape)
    norm1 = linalg_vector_norm(x1, 2, dim, True).clone()
    norm2 = linalg_vector_norm(x2, 2, dim, True).clone()
    with grad_mode.no_grad():
        norm1.clamp_min_(eps)
        norm2.clamp_min_(eps)
    return ((x1 / norm1) * (x2 / norm2)).sum(dim)


def _broadcast_shape(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    import numpy as np

    return tuple(np.broadcast_shapes(a, b))


cosine_similarity = parsed(_cosine_similarity, "cosine_similarity")


def normalize(
    input: Tensor, p: Any = 2.0, dim: Any = 1, eps: Any = 1e-12, out: Any = None
) -> Tensor:
    """``F.normalize``: torch's Python, line for line (``input.norm`` first, so a list
    fails as torch's does, on its missing ``norm``)."""
    if out is not None:
        raise errors.unsupported("torch.nn.functional.normalize with out=")
    denom = input.norm(p, dim, keepdim=True).clamp_min(eps).expand_as(input)
    return input / denom


def _pairwise_distance(
    x1: Tensor, x2: Tensor, p: Any = 2.0, eps: Any = 1e-6, keepdim: Any = False
) -> Tensor:
    if not (isinstance(x1, Tensor) and isinstance(x2, Tensor)):
        raise TypeError("pairwise_distance")  # (the parser words it)
    for value in (p, eps):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise TypeError("pairwise_distance")
    if keepdim is not True and keepdim is not False:
        raise TypeError("pairwise_distance")
    innermost = max(x1.dim(), x2.dim()) - 1
    difference = add_scalar(x1 - x2, eps)  # (ATen's add.Scalar: AddBackward1)
    result = linalg_vector_norm(difference, float(p), innermost, keepdim)
    if result._grad_fn is not None:
        result._grad_fn.__class__ = NormBackward1  # (the same node, ATen's norm's name)
    return result


pairwise_distance = parsed(_pairwise_distance, "pairwise_distance")
