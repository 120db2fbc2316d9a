"""Matrix functions built on LAPACK's factorisations: ``slogdet`` / ``logdet`` (LU),
``linalg.svdvals`` (gesdd), ``linalg.matrix_norm``, ``linalg.matrix_rank`` and
``linalg.pinv`` / ``pinverse`` (SVD, or eigh for a Hermitian input), and the products
``linalg.vecdot``, ``linalg.multi_dot`` and ``chain_matmul``.

The factorisations are numpy's LAPACK (torch's are MKL's: values can differ in the last
places, measured in the internals doc); the checks, messages, graphs and gradient formulas
are torch 2.13's (FunctionsManual.cpp: ``slogdet_backward``, ``svd_backward``,
``pinv_backward``), written with engine ops so that double backward has torch's graph.
The compositions (``matrix_norm``, ``vecdot``, ``multi_dot``, ``logdet``) call the engine's
ops in torch's order, so their grad_fn names are torch's.
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

import numpy as np

from .. import errors
from ..autograd import grad_mode
from ..autograd.graph import Node
from ..dtypes import FLOATING, dtype, float16, float32, float64, int64
from ..tensor import Tensor
from . import arguments
from .core import as_array, edge
from .quiet import quiet_call
from .reduction_arguments import int_argument, parsed
from .solvers import _check_matrix, _column_major, _mT, _solve

_RETURN_TYPES: dict[str, type] = {}


def _return_type(name: str, *fields: str) -> type:
    """torch.return_types.``name``, a named tuple of tensors with torch's repr (made on
    first use)."""
    made = _RETURN_TYPES.get(name)
    if made is None:
        made = NamedTuple(name, [(field, Tensor) for field in fields])  # type: ignore[misc]

        def __repr__(self: Any) -> str:  # noqa: N807 - the named tuple's repr
            shown = ",\n".join(
                f"{field}={value!r}" for field, value in zip(fields, self, strict=True)
            )
            return f"torch.return_types.{name}(\n{shown})"

        made.__repr__ = __repr__  # type: ignore[method-assign]
        made.__module__ = "torch.return_types"
        _RETURN_TYPES[name] = made
    return made


def _eye(n: int, d: dtype) -> Tensor:
    from .creation import eye

    return eye(n, dtype=d)


# --- slogdet / logdet -----------------------------------------------------------------------


class LinalgSlogdetBackward0(Node):
    """(sign, logabsdet) = slogdet(A).  A: solve(A^T, grad_logabsdet * I), i.e.
    grad * A^{-T} (torch's slogdet_backward; sign has no gradient).  Saves A."""

    __slots__ = ()
    num_outputs = 2

    def backward(self, grads: tuple | Tensor) -> tuple:
        grad = grads[1] if isinstance(grads, tuple) else None
        if grad is None:
            return (None,)
        (A,) = self.saved_tensors  # noqa: N806 - torch's name
        scaled = grad.unsqueeze(-1).unsqueeze(-1) * _eye(A.shape[-1], A.dtype)
        return (_solve(_mT(A), scaled),)


def _slogdet_pair(A: Tensor, name: str) -> tuple[Tensor, Tensor]:  # noqa: N803
    if not isinstance(A, Tensor):
        raise TypeError(name)  # (the parser words it)
    _check_matrix(name, A)
    sign, logabsdet = quiet_call(np.linalg.slogdet, A._data)
    d = A.dtype
    sign, logabsdet = as_array(sign, d), as_array(logabsdet, d)
    if not (grad_mode.enabled and A._requires_grad):
        return Tensor._make(sign, d), Tensor._make(logabsdet, d)
    node = LinalgSlogdetBackward0((edge(A),), ((sign.shape, d), (logabsdet.shape, d)))
    node.save(A)
    return Tensor._make(sign, d, node, 0), Tensor._make(logabsdet, d, node, 1)


def _linalg_slogdet(A: Tensor) -> Any:  # noqa: N803 - torch's name
    return _return_type("linalg_slogdet", "sign", "logabsdet")(*_slogdet_pair(A, "linalg.slogdet"))


def _slogdet(input: Tensor) -> Any:
    return _return_type("slogdet", "sign", "logabsdet")(*_slogdet_pair(input, "linalg.slogdet"))


def _logdet(input: Tensor) -> Tensor:
    """torch's composition: ``where(sign == -1, nan, logabsdet)`` of linalg.slogdet."""
    from .pointwise import where

    if isinstance(input, Tensor):
        _check_matrix("logdet", input)
    sign, logabsdet = _slogdet_pair(input, "linalg.slogdet")
    return where(sign == -1.0, math.nan, logabsdet)


linalg_slogdet = parsed(_linalg_slogdet, "linalg_slogdet")
slogdet = parsed(_slogdet, "slogdet")
logdet = parsed(_logdet, "logdet")


def slogdet_method(self: Tensor, *surplus: Any, **keywords: Any) -> Any:
    """``Tensor.slogdet()``: a method without parameters (CPython's METH_NOARGS check)."""
    arguments.refuse_arguments("slogdet", surplus, keywords)
    return _slogdet(self)


def logdet_method(self: Tensor, *surplus: Any, **keywords: Any) -> Tensor:
    """``Tensor.logdet()``: a method without parameters."""
    arguments.refuse_arguments("logdet", surplus, keywords)
    return _logdet(self)


# --- svdvals (and the SVD's gradient) -------------------------------------------------------


class LinalgSvdBackward0(Node):
    """(U, S, Vh) = svd(A, full_matrices=False).  torch's svd_backward: with only S's
    gradient U diag(gS) Vh; with U's or Vh's, the skew-symmetric terms divided by
    E_ij = S_j^2 - S_i^2 (and the projections onto the complements when A is not square).
    Saves U, S, Vh (the outputs)."""

    __slots__ = ("full_matrices",)
    num_outputs = 3

    def backward(self, grads: tuple | Tensor) -> tuple:
        from .linalg import matmul

        grad_u, grad_s, grad_vh = grads if isinstance(grads, tuple) else (None, grads, None)
        U, S, Vh = self.saved_tensors  # noqa: N806 - torch's names
        if self.full_matrices:  # (torch's derivatives.yaml: the first k columns / rows)
            k = S.shape[-1]
            U, Vh = U[..., :k], Vh[..., :k, :]  # noqa: N806
            grad_u = None if grad_u is None else grad_u[..., :k]
            grad_vh = None if grad_vh is None else grad_vh[..., :k, :]
        m, n = U.shape[-2], Vh.shape[-1]
        if grad_u is None and grad_vh is None:
            if grad_s is None:
                return (None,)
            if m >= n:
                return (matmul(U, grad_s.unsqueeze(-1) * Vh),)
            return (matmul(U * grad_s.unsqueeze(-2), Vh),)
        ugu = _skew(matmul(_mT(U), grad_u)) if grad_u is not None else None
        vgv = _skew(matmul(Vh, _mT(grad_vh))) if grad_vh is not None else None
        squares = S * S
        # S_j^2 - S_i^2 with ones on the diagonal (torch fills it with 1: the numerators' are 0)
        gaps = squares.unsqueeze(-2) - squares.unsqueeze(-1) + _eye(S.shape[-1], S.dtype)
        if ugu is not None and vgv is not None:
            inner = (ugu * S.unsqueeze(-2) + S.unsqueeze(-1) * vgv) / gaps
        elif ugu is not None:
            inner = (ugu / gaps) * S.unsqueeze(-2)
        else:
            inner = S.unsqueeze(-1) * (vgv / gaps)
        if grad_s is not None:
            inner = inner + grad_s.unsqueeze(-1) * _eye(S.shape[-1], S.dtype)
        if m > n and grad_u is not None:
            inner = matmul(U, inner)
            scaled = grad_u / S.unsqueeze(-2)
            inner = inner + scaled - matmul(U, matmul(_mT(U), scaled))
            return (matmul(inner, Vh),)
        if m < n and grad_vh is not None:
            inner = matmul(inner, Vh)
            scaled = grad_vh / S.unsqueeze(-1)
            inner = inner + scaled - matmul(matmul(scaled, _mT(Vh)), Vh)
            return (matmul(U, inner),)
        if m >= n:
            return (matmul(U, matmul(inner, Vh)),)
        return (matmul(matmul(U, inner), Vh),)


def _skew(x: Tensor) -> Tensor:
    return x - _mT(x)


def _check_svd_input(A: Any, name: str = "linalg.svd") -> None:  # noqa: N803
    if not isinstance(A, Tensor):
        raise TypeError(name)  # (the parser words it)
    if A.dim() < 2:
        raise errors.error("linalg_dims", name=name)
    if A.dtype.category != FLOATING:
        raise errors.error("linalg_floating", name=name, dtype=A.dtype.scalar_name)
    if A.dtype is float16:
        raise errors.error("op_dtype_unsupported", op="linalg_svd_cpu", dtype="Half")


def _singular_values(data: np.ndarray) -> np.ndarray:
    """gesdd's singular values alone (JOBZ='N', as torch's svdvals without a gradient)."""
    return quiet_call(np.linalg.svd, data, compute_uv=False)


def _svd_arrays(
    data: np.ndarray, full_matrices: bool = False
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """gesdd's SVD, U and Vh column-major per matrix as LAPACK writes torch's."""
    u, s, vh = quiet_call(np.linalg.svd, data, full_matrices=full_matrices)
    return _column_major(u), s, _column_major(vh)


def _svd_outputs(A: Tensor, full_matrices: bool) -> tuple[Tensor, Tensor, Tensor]:  # noqa: N803
    """U, S, Vh as tensors, the outputs of one LinalgSvdBackward0 when A needs a gradient."""
    d = A.dtype
    u, s, vh = (as_array(x, d) for x in _svd_arrays(A._data, full_matrices))
    if not (grad_mode.enabled and A._requires_grad):
        return Tensor._make(u, d), Tensor._make(s, d), Tensor._make(vh, d)
    node = LinalgSvdBackward0((edge(A),), ((u.shape, d), (s.shape, d), (vh.shape, d)))
    node.full_matrices = full_matrices
    outputs = Tensor._make(u, d, node, 0), Tensor._make(s, d, node, 1), Tensor._make(vh, d, node, 2)
    node.save(outputs=outputs)
    return outputs


def _linalg_svd(A: Tensor, full_matrices: Any = True, *, driver: Any = None) -> Any:  # noqa: N803
    """torch.linalg.svd: gesdd (torch's default driver on the CPU), a named tuple U, S, Vh."""
    if not isinstance(full_matrices, bool):
        raise TypeError("linalg_svd")  # (the parser words it)
    if driver is not None:
        raise errors.unsupported("torch.linalg.svd(driver=...) (a CUDA option)")
    _check_svd_input(A)
    return _return_type("linalg_svd", "U", "S", "Vh")(*_svd_outputs(A, full_matrices))


def _svd(input: Tensor, some: Any = True, compute_uv: Any = True) -> Any:
    """torch.svd: linalg.svd(full_matrices=not some) with V = Vh^T (a transposed view); with
    compute_uv=False, svdvals and zero-filled U (m x m) and V (n x n), as torch."""
    from .creation import zeros

    if not (isinstance(some, bool) and isinstance(compute_uv, bool)):
        raise TypeError("svd")  # (the parser words it)
    if isinstance(input, Tensor) and input.dim() < 2:
        raise errors.error("svd_dims", ndim=input.dim())
    if compute_uv:
        _check_svd_input(input)
        u, s, vh = _svd_outputs(input, not some)
    else:
        s = _svdvals(input)
        m, n = input.shape[-2], input.shape[-1]
        u = zeros((*input.shape[:-2], m, m), dtype=input.dtype)
        vh = zeros((*input.shape[:-2], n, n), dtype=input.dtype)
    return _return_type("svd", "U", "S", "V")(u, s, _mT(vh))


def _svdvals(A: Tensor, *, driver: Any = None) -> Tensor:  # noqa: N803 - torch's name
    """torch.linalg.svdvals: gesdd without U and V unless a gradient is needed (torch's
    ``_linalg_svd(A, compute_uv=requires_grad)``); S is the second output of the SVD's
    node then, as in torch."""
    if driver is not None:
        raise errors.unsupported("torch.linalg.svdvals(driver=...) (a CUDA option)")
    _check_svd_input(A)
    d = A.dtype
    if not (grad_mode.enabled and A._requires_grad):
        return Tensor._make(as_array(_singular_values(A._data), d), d)
    return _svd_outputs(A, full_matrices=False)[1]


linalg_svdvals = parsed(_svdvals, "linalg_svdvals")
linalg_svd = parsed(_linalg_svd, "linalg_svd")
svd = parsed(_svd, "svd")
svd_method = parsed(_svd, "svd", method=True)


# --- matrix_norm ----------------------------------------------------------------------------


def _norm_dtype(input: Tensor, given: Any, name: str) -> Any:
    """torch's check_linalg_norm_dtype: a floating ``dtype`` the input widens to."""
    if given is None:
        return None
    from ..dtypes import given as given_dtype

    wanted = given_dtype(given, name.replace(".", "_"))
    if wanted.category != FLOATING:
        raise errors.error("norm_dtype_floating", name=name, dtype=wanted.scalar_name)
    if wanted.itemsize < input.dtype.itemsize:
        raise errors.error(
            "norm_dtype_narrowing",
            name=name,
            dtype=input.dtype.scalar_name,
            wanted=wanted.scalar_name,
        )
    return wanted


def _matrix_norm_dims(input: Tensor, dim: Any, *, low_precision: bool) -> list[int]:
    from .core import maybe_wrap_dim

    name = "linalg.matrix_norm"
    if input.dim() < 2:
        raise errors.error("linalg_dims", name=name)
    if input.dtype.category != FLOATING:
        raise errors.error("linalg_floating", name=name, dtype=input.dtype.scalar_name)
    if not low_precision and input.dtype is float16:
        raise errors.error("linalg_low_precision", name=name, dtype=input.dtype.scalar_name)
    dims = [dim] if arguments.is_index(dim) else list(dim)
    if len(dims) != 2:
        raise errors.error("matrix_norm_dims", got=" ".join(map(str, dims)))
    dims = [maybe_wrap_dim(d, input.dim()) for d in dims]
    if dims[0] == dims[1]:
        raise errors.error("matrix_norm_same_dims", dim0=dims[0], dim1=dims[1])
    return dims


def _backshift(dims: list[int], ndim: int) -> list[int]:
    """torch's create_dim_backshift_permutation: every other dim in order, then ``dims``."""
    return [d for d in range(ndim) if d not in dims] + dims


def _spectral(input: Tensor, dims: list[int], keepdim: bool, dtype_: Any, reduce: Any) -> Tensor:
    """``reduce`` (amax, amin, sum) of the singular values over the matrices at ``dims``."""
    order = _backshift(dims, input.dim())
    moved = (input if dtype_ is None else input.to(dtype_)).permute(*order)
    result = reduce(linalg_svdvals(moved), keepdim)
    if keepdim:
        reverse = [order.index(d) for d in range(len(order))]
        result = result.unsqueeze(-1).permute(*reverse)
    return result


def _matrix_norm(
    input: Tensor,
    ord: Any = "fro",  # noqa: A002 - torch's name
    dim: Any = (-2, -1),
    keepdim: Any = False,
    *,
    dtype: Any = None,
) -> Tensor:
    from .reduction import linalg_vector_norm

    if not isinstance(input, Tensor) or ord is None or not isinstance(keepdim, bool):
        raise TypeError("linalg_matrix_norm")  # (the parser words it)
    name = "linalg.matrix_norm"
    if isinstance(ord, str):
        if ord == "fro":
            dims = _matrix_norm_dims(input, dim, low_precision=True)
            wanted = _norm_dtype(input, dtype, name)
            return linalg_vector_norm(input, 2, tuple(dims), keepdim, dtype=wanted)
        if ord == "nuc":
            dims = _matrix_norm_dims(input, dim, low_precision=False)
            wanted = _norm_dtype(input, dtype, name)
            return _spectral(input, dims, keepdim, wanted, lambda s, k: s.sum(-1, k))
        raise errors.error("matrix_norm_order", ord=ord)
    order = float(ord)
    if abs(order) not in (1.0, 2.0, math.inf):
        raise errors.error("matrix_norm_order", ord=_shown_number(ord))
    dims = _matrix_norm_dims(input, dim, low_precision=abs(order) != 2.0)
    wanted = _norm_dtype(input, dtype, name)
    if abs(order) == math.inf:  # the max of the rows' sums: the columns reduced first
        dims.reverse()
    maxed = min(input.shape[d] for d in dims) if abs(order) == 2.0 else input.shape[dims[1]]
    if order > 0 and maxed == 0:  # (torch: the largest of no values is a new 0)
        from .creation import zeros

        shape = [1 if d in dims else size for d, size in enumerate(input.shape)]
        shape = shape if keepdim else [s for d, s in enumerate(shape) if d not in dims]
        return zeros(shape, dtype=wanted or input.dtype)
    if abs(order) == 2.0:
        reduce = (lambda s, k: s.amax(-1, k)) if order > 0 else (lambda s, k: s.amin(-1, k))
        return _spectral(input, dims, keepdim, wanted, reduce)
    if not keepdim and dims[0] < dims[1]:
        dims[1] -= 1
    sums = linalg_vector_norm(input, 1.0, (dims[0],), keepdim, dtype=wanted)
    return sums.amax(dims[1], keepdim) if order > 0 else sums.amin(dims[1], keepdim)


def _shown_number(value: Any) -> str:
    """A Scalar as torch's messages print it (2.5, 3, inf)."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


linalg_matrix_norm = parsed(_matrix_norm, "linalg_matrix_norm")


# --- vecdot, multi_dot, chain_matmul --------------------------------------------------------


def _vecdot(x: Tensor, y: Tensor, *, dim: Any = -1) -> Tensor:
    """torch's composition: ``(x.conj() * y).sum(dim)``."""
    if not (isinstance(x, Tensor) and isinstance(y, Tensor)):
        raise TypeError("linalg_vecdot")  # (the parser words it)
    dim = int_argument(dim)
    if x.dtype.category != FLOATING:
        raise errors.error("linalg_floating", name="linalg.vecdot", dtype=x.dtype.scalar_name)
    if x.dtype is not y.dtype:
        raise errors.error("vecdot_dtypes", dtype1=x.dtype.scalar_name, dtype2=y.dtype.scalar_name)
    return (x * y).sum(dim)


linalg_vecdot = parsed(_vecdot, "linalg_vecdot")

# the element names of caffe2's TypeMeta, which multi_dot's dtype error prints
_TYPE_META_NAMES = {
    "float32": "float",
    "float64": "double",
    "float16": "c10::Half",
    "bfloat16": "c10::BFloat16",
    "int64": "long int",
    "int32": "int",
    "int16": "short int",
    "int8": "signed char",
    "uint8": "unsigned char",
    "bool": "bool",
}


def _chain_order(shapes: list[int]) -> list[list[int]]:
    """torch's matrix_chain_order: ``split[i][j]`` is where the cheapest product of
    matrices i..j splits (the first of equal costs)."""
    n = len(shapes) - 1
    cost = [[0] * n for _ in range(n)]
    split = [[0] * n for _ in range(n)]
    for length in range(1, n):
        for i in range(n - length):
            j = i + length
            cost[i][j] = math.inf  # type: ignore[call-overload]
            for k in range(i, j):
                q = cost[i][k] + cost[k + 1][j] + shapes[i] * shapes[k + 1] * shapes[j + 1]
                if q < cost[i][j]:
                    cost[i][j], split[i][j] = q, k
    return split


def _chain_product(matrices: list[Tensor], split: list[list[int]], i: int, j: int) -> Tensor:
    from .linalg import mm

    if i == j:
        return matrices[i]
    k = split[i][j]
    return mm(_chain_product(matrices, split, i, k), _chain_product(matrices, split, k + 1, j))


def _multi_dot(tensors: Any, *, out: Any = None) -> Tensor:
    """torch's multi_dot_impl: 1-d ends as a row and a column, the cheapest order of mm
    products (three matrices by the cost formula, more by dynamic programming), viewed to
    the output's shape."""
    from .linalg import mm

    if not isinstance(tensors, (tuple, list)) or out is not None:
        raise TypeError("linalg_multi_dot")  # (the parser words it)
    given = list(tensors)
    if not all(isinstance(t, Tensor) for t in given):
        raise TypeError("linalg_multi_dot")
    count = len(given)
    if count < 2:
        raise errors.error("multi_dot_count", count=count)
    matrices = list(given)
    out_shape: list[int] = []
    if given[0].dim() == 1:
        matrices[0] = given[0].unsqueeze(0)
    elif given[0].dim() == 2:
        out_shape.append(given[0].shape[0])
    else:
        raise errors.error("multi_dot_end", which="first", ndim=given[0].dim())
    if given[-1].dim() == 1:
        matrices[-1] = given[-1].unsqueeze(-1)
    elif given[-1].dim() == 2:
        out_shape.append(given[-1].shape[1])
    else:
        raise errors.error("multi_dot_end", which="last", ndim=given[-1].dim())
    for index in range(1, count - 1):
        if given[index].dim() != 2:
            raise errors.error("multi_dot_middle", index=index, ndim=given[index].dim())
    first = _TYPE_META_NAMES.get(matrices[0].dtype.name, matrices[0].dtype.name)
    for index in range(1, count):
        if matrices[index].dtype is not matrices[0].dtype:
            other = matrices[index].dtype.name
            raise errors.error(
                "multi_dot_dtypes",
                first=first,
                index=index,
                other=_TYPE_META_NAMES.get(other, other),
            )
        if matrices[index - 1].shape[-1] != matrices[index].shape[0]:
            raise errors.error(
                "multi_dot_shapes",
                left=index - 1,
                right=index,
                shape1=list(given[index - 1].shape),
                shape2=list(given[index].shape),
            )
    if count == 2:
        result = mm(matrices[0], matrices[1])
    elif count == 3:
        a, b = matrices[0].shape[0], matrices[1].shape[0]
        c, d = matrices[2].shape
        if a * c * (b + d) > b * d * (a + c):
            result = mm(matrices[0], mm(matrices[1], matrices[2]))
        else:
            result = mm(mm(matrices[0], matrices[1]), matrices[2])
    else:
        sizes = [m.shape[0] for m in matrices] + [matrices[-1].shape[1]]
        result = _chain_product(matrices, _chain_order(sizes), 0, count - 1)
    return result.view(out_shape)


linalg_multi_dot = parsed(_multi_dot, "linalg_multi_dot")


def chain_matmul(*matrices: Tensor, out: Any = None) -> Tensor:
    """torch.chain_matmul (deprecated: warns once, as torch's TORCH_WARN_ONCE): one matrix
    is cloned, more are multi_dot's."""
    if out is not None:
        raise errors.unsupported("torch.chain_matmul(out=...)")
    for number, item in enumerate(matrices):
        if not isinstance(item, Tensor):
            raise errors.error(
                "tensor_list_element", number=number, argument=0, got=type(item).__name__
            )
    errors.warn_once("chain_matmul_deprecated", stacklevel=3)
    for matrix in matrices:
        if matrix.dim() != 2:
            raise errors.error("chain_matmul_dim", ndim=matrix.dim())
    if not matrices:
        raise errors.error("chain_matmul_empty")
    if len(matrices) == 1:
        from .views import clone

        return clone(matrices[0])  # (torch's contiguous clone keeps a transposed layout)
    return _multi_dot(matrices)


# --- matrix_rank, pinv ----------------------------------------------------------------------


def _tolerance_array(value: Any) -> np.ndarray | None:
    """An ``atol``/``rtol``/``tol`` argument (a float or a real tensor) as float64."""
    if value is None:
        return None
    if isinstance(value, Tensor):
        return value._data.astype(np.float64)
    if not isinstance(value, (int, float)):  # (torch's parser reads a bool as a float too)
        raise TypeError("tolerance")  # (the parser words it)
    return np.array(float(value))


def _tolerances(
    data: np.ndarray, atol: np.ndarray | None, rtol: np.ndarray | None
) -> tuple[np.ndarray, np.ndarray]:
    """torch's get_atol_rtol: atol defaults to 0; rtol to eps * max(rows, columns), or 0
    where a positive atol is given."""
    default = np.finfo(data.dtype).eps * max(data.shape[-1], data.shape[-2])
    if rtol is None:
        rtol = np.array(default) if atol is None else np.where(atol > 0, 0.0, default)
    return (np.zeros(()) if atol is None else atol), rtol


def _threshold(atol: np.ndarray, rtol: np.ndarray, largest: np.ndarray, d: np.dtype) -> np.ndarray:
    """``max(atol.unsqueeze(-1), rtol.unsqueeze(-1) * largest)`` in torch's dtypes: a 0-d
    tolerance takes the singular values' dtype, one with dims promotes to float64."""
    atol = atol.astype(d) if atol.ndim == 0 else atol[..., None]
    rtol = rtol.astype(d) if rtol.ndim == 0 else rtol[..., None]
    return np.maximum(atol, rtol * largest)


_UNSET: Any = object()  # (an explicit None for tol / rcond is the parser's TypeError)


def _matrix_rank(
    input: Tensor,
    tol: Any = _UNSET,
    hermitian: Any = False,
    *,
    atol: Any = None,
    rtol: Any = None,
    out: Any = None,
) -> Tensor:
    """The number of singular values (absolute eigenvalues for ``hermitian``) above
    ``max(atol, rtol * the largest)`` (torch's matrix_rank_impl); int64."""
    if not isinstance(input, Tensor) or not isinstance(hermitian, bool) or out is not None:
        raise TypeError("linalg_matrix_rank")  # (the parser words it)
    if tol is not _UNSET and (tol is None or atol is not None or rtol is not None):
        raise TypeError("linalg_matrix_rank")
    atol_array = _tolerance_array(tol if tol is not _UNSET else atol)
    rtol_array = np.zeros(()) if tol is not _UNSET else _tolerance_array(rtol)
    if input.dim() < 2:
        raise errors.error("matrix_rank_dims")
    if input.dtype not in (float32, float64):
        raise errors.error("svd_float_double")
    data = input._data
    if data.size == 0:
        return Tensor._make(np.zeros(data.shape[:-2], np.int64), int64)
    if hermitian:
        values = np.abs(quiet_call(np.linalg.eigvalsh, data))
        largest = values.max(axis=-1, keepdims=True)
    else:
        values = _singular_values(data)
        largest = values[..., :1]
    atol_array, rtol_array = _tolerances(data, atol_array, rtol_array)
    threshold = _threshold(atol_array, rtol_array, largest, data.dtype)
    rank = np.count_nonzero(values > threshold, axis=-1)
    return Tensor._make(as_array(rank, int64), int64)


linalg_matrix_rank = parsed(_matrix_rank, "linalg_matrix_rank")


class LinalgPinvBackward0(Node):
    """out = pinv(A).  torch's pinv_backward (products ordered to keep the matrices
    smallest).  Saves A and the result."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        from .linalg import matmul

        A, pinv = self.saved_tensors  # noqa: N806 - torch's names
        m, n = A.shape[-2], A.shape[-1]
        pinv_h, grad_h = _mT(pinv), _mT(grad)
        if m <= n:
            k = matmul(grad_h, pinv)
            k_pinv_h = matmul(k, pinv_h)
            return (
                -_mT(matmul(pinv, k))
                + k_pinv_h
                - matmul(matmul(A, pinv), k_pinv_h)
                + matmul(matmul(pinv_h, pinv), grad_h - matmul(k, A)),
            )
        k = matmul(pinv, grad_h)
        pinv_h_k = matmul(pinv_h, k)
        return (
            -_mT(matmul(k, pinv))
            + matmul(matmul(grad_h - matmul(A, k), pinv), pinv_h)
            + pinv_h_k
            - matmul(matmul(pinv_h_k, pinv), A),
        )


def _pinv_data(data: np.ndarray, atol: Any, rtol: Any, hermitian: bool) -> np.ndarray:
    """torch's linalg_pinv: V diag(1/S where S > tol) U^T from gesdd's reduced SVD, or
    U diag(1/L where |L| > tol) U^T from syevd's eigh for a Hermitian input."""
    if data.size == 0:
        return np.zeros((*data.shape[:-2], data.shape[-1], data.shape[-2]), data.dtype)
    atol, rtol = _tolerances(data, atol, rtol)
    if hermitian:
        values, u = quiet_call(np.linalg.eigh, data)
        magnitudes = np.abs(values)
        threshold = _threshold(atol, rtol, magnitudes.max(axis=-1, keepdims=True), data.dtype)
        inverted = np.where(magnitudes > threshold, 1 / values, 0).astype(data.dtype)
        return np.matmul(u * inverted[..., None, :], np.swapaxes(u, -1, -2))
    u, s, vh = quiet_call(np.linalg.svd, data, full_matrices=False)
    threshold = _threshold(atol, rtol, s[..., :1], data.dtype)
    inverted = np.where(s > threshold, 1 / s, 0).astype(data.dtype)
    return np.matmul(np.swapaxes(vh, -1, -2) * inverted[..., None, :], np.swapaxes(u, -1, -2))


def _pinv(
    input: Tensor,
    rcond: Any = _UNSET,
    hermitian: Any = False,
    *,
    atol: Any = None,
    rtol: Any = None,
    out: Any = None,
) -> Tensor:
    if not isinstance(input, Tensor) or not isinstance(hermitian, bool) or out is not None:
        raise TypeError("linalg_pinv")  # (the parser words it)
    if rcond is not _UNSET and (rcond is None or atol is not None or rtol is not None):
        raise TypeError("linalg_pinv")
    atol_array = None if rcond is not _UNSET else _tolerance_array(atol)
    rtol_array = _tolerance_array(rcond if rcond is not _UNSET else rtol)
    if input.dtype not in (float32, float64) or input.dim() < 2:
        raise errors.error("pinv_input", dtype=input.dtype.scalar_name, shape=list(input.shape))
    d = input.dtype
    out_data = as_array(quiet_call(_pinv_data, input._data, atol_array, rtol_array, hermitian), d)
    if not (grad_mode.enabled and input._requires_grad):
        return Tensor._make(out_data, d)
    node = LinalgPinvBackward0((edge(input),), ((out_data.shape, d),))
    result = Tensor._make(out_data, d, node)
    node.save(input, outputs=(result,))
    return result


def _pinverse(input: Tensor, rcond: Any = 1e-15) -> Tensor:
    if not isinstance(rcond, (int, float)):
        raise TypeError("pinverse")  # (the parser words it)
    return _pinv(input, float(rcond))


linalg_pinv = parsed(_pinv, "linalg_pinv")
pinverse = parsed(_pinverse, "pinverse")
pinverse_method = parsed(_pinverse, "pinverse", method=True)
