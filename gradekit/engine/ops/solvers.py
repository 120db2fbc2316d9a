"""linalg.inv / inverse, linalg.det / det and linalg.solve: numpy's LAPACK (torch's is MKL's,
so values can differ in the last place: see the internals doc), torch's checks, errors
(``torch.linalg.LinAlgError`` naming the first zero pivot of the LU factorisation, and the
batch element) and torch's gradient formulas, built from these ops so that double
backward has torch's graph: inv's ``-inv^T @ (grad @ inv^T)``, solve's ``solve(A^T, grad)``
and ``-gB @ X^T``, det's ``solve(A^T, det * grad * I)``."""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import errors
from ..autograd import grad_mode
from ..autograd.graph import Node
from ..dtypes import FLOATING, float16
from ..tensor import Tensor
from . import arguments
from .core import as_array, edge
from .quiet import quiet_call
from .reduction_arguments import parsed


def _check_matrix(name: str, a: Tensor) -> None:
    """torch's linalg checks: at least 2 dims, square, floating point (not half)."""
    if a.dim() < 2:
        raise errors.error("linalg_dims", name=name)
    if a.shape[-1] != a.shape[-2]:
        raise errors.error("linalg_square", name=name, rows=a.shape[-2], cols=a.shape[-1])
    if a.dtype.category != FLOATING:
        raise errors.error("linalg_floating", name=name, dtype=a.dtype.scalar_name)
    if a.dtype is float16 and name != "linalg.solve":  # (solve's comes after its checks)
        if name == "linalg.det":  # (torch's LU runs before any such check)
            raise errors.error("op_dtype_unsupported", op="lu_cpu", dtype=a.dtype.scalar_name)
        raise errors.error("linalg_low_precision", name=name, dtype=a.dtype.scalar_name)


def _first_zero_pivot(matrix: np.ndarray) -> int:
    """The 1-based index of the first exactly zero pivot of LU with partial pivoting (what
    LAPACK's getrf reports), 0 when there is none."""
    u = matrix.astype(np.float64, copy=True)
    n = u.shape[0]
    for k in range(n):
        pivot = k + int(np.argmax(np.abs(u[k:, k])))
        if u[pivot, k] == 0:
            return k + 1
        if pivot != k:
            u[[k, pivot]] = u[[pivot, k]]
        u[k + 1 :, k:] -= np.outer(u[k + 1 :, k] / u[k, k], u[k, k:])
    return 0


def _singular(name: str, data: np.ndarray, message: str) -> Exception:
    """torch's LinAlgError for the first singular matrix of a batch."""
    matrices = data.reshape(-1, data.shape[-2], data.shape[-1])
    for index, matrix in enumerate(matrices):
        pivot = _first_zero_pivot(matrix)
        if pivot or not np.all(np.isfinite(matrix)):
            batch = f"(Batch element {index}): " if data.ndim > 2 else ""
            return errors.error(message, name=name, batch=batch, pivot=max(pivot, 1))
    return errors.error(message, name=name, batch="", pivot=1)


def _solved(name: str, a: np.ndarray, b: np.ndarray, message: str) -> np.ndarray:
    try:
        return quiet_call(np.linalg.solve, a, b)
    except np.linalg.LinAlgError:
        raise _singular(name, a, message) from None


def _mT(x: Tensor) -> Tensor:  # noqa: N802 - torch's name
    from .shape_helpers import transpose

    return transpose(x, -2, -1)


# --- inv ------------------------------------------------------------------------------------


class LinalgInvExBackward0(Node):
    """A: -inverse^H @ (grad @ inverse^H) (saves the inverse)."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        from .linalg import matmul

        (inverse,) = self.saved_tensors
        return (-matmul(_mT(inverse), matmul(grad, _mT(inverse))),)


def _column_major(out: np.ndarray) -> np.ndarray:
    """``out`` laid out as LAPACK writes torch's results: each matrix column-major (the
    batch dims C order), so ``inv(A).is_contiguous()`` is False as in torch."""
    if out.ndim < 2 or not out.size:
        return out
    # (a fresh C-order buffer of the transposed shape: np.ascontiguousarray would keep an
    # array numpy already deems contiguous, with its own strides for the size-1 dims)
    transposed = np.empty((*out.shape[:-2], out.shape[-1], out.shape[-2]), out.dtype)
    transposed[...] = np.swapaxes(out, -1, -2)
    return np.swapaxes(transposed, -1, -2)


def _inv(A: Tensor, name: str = "linalg.inv") -> Tensor:  # noqa: N803 - torch's name
    if not isinstance(A, Tensor):
        raise TypeError("linalg_inv")  # (the parser words it)
    _check_matrix("linalg.inv", A)
    data = A._data
    identity = np.broadcast_to(np.eye(data.shape[-1], dtype=data.dtype), data.shape)
    out = _column_major(as_array(_solved("linalg.inv", data, identity, "inv_singular"), A.dtype))
    if not (grad_mode.enabled and A._requires_grad):
        return Tensor._make(out, A.dtype)
    node = LinalgInvExBackward0((edge(A),), ((out.shape, A.dtype),))
    result = Tensor._make(out, A.dtype, node)
    node.save(outputs=(result,))
    return result


def _linalg_inv(A: Tensor) -> Tensor:  # noqa: N803 - torch's name
    return _inv(A)


def _inverse(input: Tensor) -> Tensor:
    return _inv(input)


linalg_inv = parsed(_linalg_inv, "linalg_inv")
inverse = parsed(_inverse, "inverse")


def inverse_method(self: Tensor, *surplus: Any, **keywords: Any) -> Tensor:
    """``Tensor.inverse()``: a method without parameters (CPython's METH_NOARGS check)."""
    arguments.refuse_arguments("inverse", surplus, keywords)
    return _inv(self)


# --- det ------------------------------------------------------------------------------------


class LinalgDetBackward0(Node):
    """A: solve(A^H, det * grad * I) for an invertible A (torch's lu_solve with the LU);
    zeros for a singular one (det * grad is zero there)."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        from .creation import eye

        A, det = self.saved_tensors  # noqa: N806 - torch's name
        if not np.all(det._data != 0):
            from .creation import zeros_like

            return (zeros_like(A),)
        scaled = (det * grad).unsqueeze(-1).unsqueeze(-1) * eye(A.shape[-1], dtype=A.dtype)
        return (_solve(_mT(A), scaled),)


def _det(A: Tensor) -> Tensor:  # noqa: N803 - torch's name
    if not isinstance(A, Tensor):
        raise TypeError("linalg_det")  # (the parser words it)
    _check_matrix("linalg.det", A)
    out = as_array(quiet_call(np.linalg.det, A._data), A.dtype)
    if not (grad_mode.enabled and A._requires_grad):
        return Tensor._make(out, A.dtype)
    node = LinalgDetBackward0((edge(A),), ((out.shape, A.dtype),))
    result = Tensor._make(out, A.dtype, node)
    node.save(A, outputs=(result,))
    return result


def _torch_det(input: Tensor) -> Tensor:
    return _det(input)


linalg_det = parsed(_det, "linalg_det")
det = parsed(_torch_det, "det")


def det_method(self: Tensor, *surplus: Any, **keywords: Any) -> Tensor:
    """``Tensor.det()``: a method without parameters (CPython's METH_NOARGS check)."""
    arguments.refuse_arguments("det", surplus, keywords)
    return _det(self)


# --- solve ----------------------------------------------------------------------------------


class LinalgSolveExBackward0(Node):
    """B: solve(A^H, grad); A: -gB @ X^H (a vector B and X as columns); for left=False
    (XA = B) gB = solve(A^H, grad, left=False) and A: -X^H @ gB."""

    __slots__ = ("vector", "left")

    def backward(self, grad: Tensor) -> tuple:
        from .linalg import matmul

        A, X = self.saved_tensors  # noqa: N806 - torch's names
        if not self.left:
            grad_b = _solve(_mT(A), grad, left=False)
            return -matmul(_mT(X), grad_b), grad_b
        if self.vector:
            grad_b = _solve(_mT(A), grad.unsqueeze(-1)).squeeze(-1)
            grad_a = -matmul(grad_b.unsqueeze(-1), _mT(X.unsqueeze(-1)))
        else:
            grad_b = _solve(_mT(A), grad)
            grad_a = -matmul(grad_b, _mT(X))
        return grad_a, grad_b


def _is_vector_rhs(A: Tensor, B: Tensor) -> bool:  # noqa: N803 - torch's names
    """torch's linalg_solve_is_vector_rhs: B is 1-d, or A's batch shape plus one dim."""
    return B.dim() == 1 or (B.dim() == A.dim() - 1 and tuple(B.shape) == tuple(A.shape[:-1]))


def _solve(A: Tensor, B: Tensor, *, left: Any = True) -> Tensor:  # noqa: N803
    if not (isinstance(A, Tensor) and isinstance(B, Tensor)):
        raise TypeError("linalg_solve")  # (the parser words it)
    if left is not True and left is not False:
        raise TypeError("linalg_solve")
    _check_matrix("linalg.solve", A)
    if A.dtype is not B.dtype:
        raise errors.error("solve_dtypes", dtype1=A.dtype.scalar_name, dtype2=B.dtype.scalar_name)
    vector = _is_vector_rhs(A, B)
    b = B._data[..., None] if vector else B._data
    matches = b.shape[-2] == A.shape[-1] if left else b.shape[-1] == A.shape[-1]
    if not matches:
        raise errors.error(
            "solve_shapes",
            n=A.shape[-1],
            rows=b.shape[-2],
            cols=b.shape[-1],
            equation="AX = B" if left else "XA = B",
        )
    if vector and not left:
        raise errors.error("solve_vector_right")
    try:
        batch = np.broadcast_shapes(A.shape[:-2], b.shape[:-2])
    except ValueError:
        from .core import broadcast_error

        raise broadcast_error(tuple(A.shape[:-2]), tuple(b.shape[:-2])) from None
    if A.dtype is float16:  # (torch's LU kernel: after the shapes)
        raise errors.error("op_dtype_unsupported", op="lu_cpu", dtype=A.dtype.scalar_name)
    a = np.broadcast_to(A._data, (*batch, *A.shape[-2:]))
    b = np.broadcast_to(b, (*batch, *b.shape[-2:]))
    if left:
        out = _solved("torch.linalg.solve", a, b, "solve_singular")
    else:  # XA = B is A^T X^T = B^T
        transposed = np.swapaxes(a, -1, -2)
        out = _solved("torch.linalg.solve", transposed, np.swapaxes(b, -1, -2), "solve_singular")
        out = np.swapaxes(out, -1, -2)
    # (a matrix B solved on the left: LAPACK's column-major X, as torch's)
    if vector:
        out = np.ascontiguousarray(out[..., 0])
    out = as_array(
        _column_major(out) if left and not vector else np.ascontiguousarray(out), A.dtype
    )
    if not (grad_mode.enabled and (A._requires_grad or B._requires_grad)):
        return Tensor._make(out, A.dtype)
    node = LinalgSolveExBackward0((edge(A), edge(B)), ((out.shape, A.dtype),))
    node.vector, node.left = vector, left
    result = Tensor._make(out, A.dtype, node)
    node.save(A, outputs=(result,))
    return result


linalg_solve = parsed(_solve, "linalg_solve")
