"""linalg.eigh / eigvalsh (LAPACK's syevd, as torch's) and linalg.cholesky / cholesky
(potrf): numpy's LAPACK with torch's checks, messages, named tuples, column-major layouts
and derivative formulas (FunctionsManual.cpp: ``linalg_eig_backward`` for a Hermitian
input, ``cholesky_backward``), written with engine ops so that they are differentiable
again. The eigenvectors' signs are the LAPACK implementation's (measured against torch's
MKL in the internals doc)."""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import errors
from ..autograd import grad_mode
from ..autograd.graph import Node
from ..dtypes import FLOATING, float16
from ..tensor import Tensor
from .core import as_array, edge
from .matrix_functions import _eye, _return_type
from .quiet import quiet_call
from .reduction_arguments import parsed
from .solvers import _check_matrix, _column_major, _mT, _solve

# --- eigh / eigvalsh ------------------------------------------------------------------------


class LinalgEighBackward0(Node):
    """(L, V) = eigh(A).  torch's linalg_eig_backward for a Hermitian A:
    V (diag(gL) + skew(V^T gV) / 2 / E) V^T with E_ij = L_j - L_i (ones on the diagonal),
    or V diag(gL) V^T without gV.  Saves L and V (the outputs)."""

    __slots__ = ()
    num_outputs = 2

    def backward(self, grads: tuple | Tensor) -> tuple:
        from .linalg import matmul

        grad_l, grad_v = grads if isinstance(grads, tuple) else (grads, None)
        L, V = self.saved_tensors  # noqa: N806 - torch's names
        if grad_v is None:
            if grad_l is None:
                return (None,)
            return (matmul(V * grad_l.unsqueeze(-2), _mT(V)),)
        product = matmul(_mT(V), grad_v)
        skew = 0.5 * (product - _mT(product))
        gaps = L.unsqueeze(-2) - L.unsqueeze(-1) + _eye(L.shape[-1], L.dtype)
        inner = skew / gaps
        if grad_l is not None:
            inner = inner + grad_l.unsqueeze(-1) * _eye(L.shape[-1], L.dtype)
        return (matmul(V, matmul(inner, _mT(V))),)


def _check_eigh(A: Any, UPLO: Any) -> str:  # noqa: N803 - torch's names
    if not isinstance(A, Tensor) or not isinstance(UPLO, str):
        raise TypeError("linalg_eigh")  # (the parser words it)
    if UPLO.upper() not in ("L", "U") or len(UPLO) != 1:
        raise errors.error("eigh_uplo", uplo=UPLO)
    if A.dim() < 2:
        raise errors.error("linalg_dims", name="linalg.eigh")
    if A.shape[-1] != A.shape[-2]:
        raise errors.error("linalg_square", name="linalg.eigh", rows=A.shape[-2], cols=A.shape[-1])
    if A.dtype.category != FLOATING or A.dtype is float16:
        raise errors.error("op_dtype_unsupported", op="linalg_eigh_cpu", dtype=A.dtype.scalar_name)
    return UPLO.upper()


def _eigh_outputs(A: Tensor, uplo: str) -> tuple[Tensor, Tensor]:  # noqa: N803
    d = A.dtype
    values, vectors = quiet_call(np.linalg.eigh, A._data, UPLO=uplo)
    values, vectors = as_array(values, d), as_array(_column_major(vectors), d)
    if not (grad_mode.enabled and A._requires_grad):
        return Tensor._make(values, d), Tensor._make(vectors, d)
    node = LinalgEighBackward0((edge(A),), ((values.shape, d), (vectors.shape, d)))
    outputs = Tensor._make(values, d, node, 0), Tensor._make(vectors, d, node, 1)
    node.save(outputs=outputs)
    return outputs


def _eigh(A: Tensor, UPLO: Any = "L") -> Any:  # noqa: N803 - torch's names
    """torch.linalg.eigh: eigenvalues ascending and eigenvectors (columns), from the lower
    (``UPLO='L'``) or upper triangle."""
    uplo = _check_eigh(A, UPLO)
    return _return_type("linalg_eigh", "eigenvalues", "eigenvectors")(*_eigh_outputs(A, uplo))


def _eigvalsh(A: Tensor, UPLO: Any = "L") -> Tensor:  # noqa: N803 - torch's names
    """torch.linalg.eigvalsh: syevd without vectors unless a gradient is needed (then the
    eigenvalues are the first output of eigh's node, as torch's)."""
    uplo = _check_eigh(A, UPLO)
    if grad_mode.enabled and A._requires_grad:
        return _eigh_outputs(A, uplo)[0]
    return Tensor._make(
        as_array(quiet_call(np.linalg.eigvalsh, A._data, UPLO=uplo), A.dtype), A.dtype
    )


linalg_eigh = parsed(_eigh, "linalg_eigh")
linalg_eigvalsh = parsed(_eigvalsh, "linalg_eigvalsh")


# --- cholesky -------------------------------------------------------------------------------


class _CholeskyBackward(Node):
    """L = cholesky(A) (U = L^T for upper).  torch's cholesky_backward:
    gA = L^-T Φ(L^T gL) L^-1 with Φ the lower triangle, its diagonal halved, symmetrised.
    Saves the result."""

    __slots__ = ("upper",)

    def backward(self, grad: Tensor) -> tuple:
        from .linalg import matmul

        (factor,) = self.saved_tensors
        lower, grad_lower = (_mT(factor), _mT(grad)) if self.upper else (factor, grad)
        product = matmul(_mT(lower), grad_lower).tril()
        product = 0.5 * (product + _mT(product.tril(-1)))
        # L^-T X, then (L^-T X) L^-1 (torch solves triangular systems; a general solve here)
        solved = _solve(_mT(lower), product)
        return (_solve(lower, solved, left=False),)


class LinalgCholeskyExBackward0(_CholeskyBackward):
    __slots__ = ()


class CholeskyBackward0(_CholeskyBackward):
    __slots__ = ()


def _first_failing_minor(matrix: np.ndarray) -> int:
    """The order of the first leading minor that is not positive-definite (potrf's info;
    a nan fails where it enters), 0 when there is none."""
    for order in range(1, matrix.shape[-1] + 1):
        try:
            factor = quiet_call(np.linalg.cholesky, matrix[:order, :order])
        except np.linalg.LinAlgError:
            return order
        if not np.all(np.isfinite(factor)):
            return order
    return 0


def _not_positive_definite(name: str, data: np.ndarray) -> Exception:
    """torch's LinAlgError for the first batch element that is not positive-definite."""
    for index, matrix in enumerate(data.reshape(-1, *data.shape[-2:])):
        order = _first_failing_minor(matrix)
        if order:
            batch = f"(Batch element {index}): " if data.ndim > 2 else ""
            return errors.error(
                "cholesky_not_positive_definite", name=name, batch=batch, order=order
            )
    raise AssertionError("a positive-definite batch")  # (only called after a failure)


def _cholesky(A: Tensor, upper: Any, name: str, node_class: type[Node]) -> Tensor:  # noqa: N803
    if not isinstance(A, Tensor) or not isinstance(upper, bool):
        raise TypeError(name)  # (the parser words it)
    if A.dtype is float16 and A.dim() >= 2 and A.shape[-1] == A.shape[-2]:
        raise errors.error("op_dtype_unsupported", op="cholesky_cpu", dtype="Half")
    _check_matrix(name, A)
    data = np.swapaxes(A._data, -1, -2) if upper else A._data  # (potrf reads that triangle)
    try:
        factor = quiet_call(np.linalg.cholesky, data)
    except np.linalg.LinAlgError:
        raise _not_positive_definite(name, data) from None
    if not np.all(np.isfinite(factor)):
        raise _not_positive_definite(name, data)
    out = as_array(_column_major(np.swapaxes(factor, -1, -2) if upper else factor), A.dtype)
    if not (grad_mode.enabled and A._requires_grad):
        return Tensor._make(out, A.dtype)
    node = node_class((edge(A),), ((out.shape, A.dtype),))
    node.upper = upper
    result = Tensor._make(out, A.dtype, node)
    node.save(outputs=(result,))
    return result


def _linalg_cholesky(A: Tensor, *, upper: Any = False) -> Tensor:  # noqa: N803
    """torch.linalg.cholesky: L with A = L L^T (or U = L^T with ``upper``), column-major."""
    return _cholesky(A, upper, "linalg.cholesky", LinalgCholeskyExBackward0)


def _torch_cholesky(input: Tensor, upper: Any = False) -> Tensor:
    """torch.cholesky (deprecated: warns once, torch's TORCH_WARN_ONCE)."""
    if isinstance(input, Tensor) and isinstance(upper, bool):
        errors.warn_once("cholesky_deprecated", stacklevel=4)
    return _cholesky(input, upper, "cholesky", CholeskyBackward0)


linalg_cholesky = parsed(_linalg_cholesky, "linalg_cholesky")
cholesky = parsed(_torch_cholesky, "cholesky")
cholesky_method = parsed(_torch_cholesky, "cholesky", method=True)


# --- qr -------------------------------------------------------------------------------------


class LinalgQrBackward0(Node):
    """(Q, R) = qr(A).  torch's linalg_qr_backward: for m >= n, with
    X = gR R^T - Q^T gQ, gA = (Q sym(triu(X)) + gQ) R^-T (sym: X + X^T with the diagonal
    halved); for m < n, A = Q [R1 | R2] is the square QR of A1 = Q R1 and R2 = Q^T A2, so
    gA2 = Q gR2 and A1 takes the square formula with gQ + Q R2 gR2^T.  Saves Q and R."""

    __slots__ = ("mode",)
    num_outputs = 2

    def backward(self, grads: tuple | Tensor) -> tuple:
        from .linalg import matmul
        from .views import cat

        grad_q, grad_r = grads if isinstance(grads, tuple) else (grads, None)
        Q, R = self.saved_tensors  # noqa: N806 - torch's names
        if self.mode == "r":
            raise errors.error("qr_backward_r")
        m, n = Q.shape[-2], R.shape[-1]
        if self.mode == "complete" and m > n:
            raise errors.error("qr_backward_complete")
        if grad_q is None and grad_r is None:
            return (None,)
        if m >= n:
            return (_square_qr_backward(grad_q, grad_r, Q, R),)
        square, rest = R[..., :m], R[..., m:]
        if grad_r is None:
            return (cat([_square_qr_backward(grad_q, None, Q, square), Q * 0 @ rest], -1),)
        carried = matmul(Q, matmul(rest, _mT(grad_r[..., m:])))
        grad_q = carried if grad_q is None else grad_q + carried
        first = _square_qr_backward(grad_q, grad_r[..., :m], Q, square)
        return (cat([first, matmul(Q, grad_r[..., m:])], -1),)


def _square_qr_backward(grad_q: Any, grad_r: Any, Q: Tensor, R: Tensor) -> Tensor:  # noqa: N803
    """linalg_qr_backward's m >= n case: (Q sym(triu(gR R^T - Q^T gQ)) + gQ) R^-T."""
    from .linalg import matmul

    if grad_q is None:
        product = matmul(grad_r, _mT(R))
    elif grad_r is None:
        product = -matmul(_mT(Q), grad_q)
    else:
        product = matmul(grad_r, _mT(R)) - matmul(_mT(Q), grad_q)
    upper = product.triu()
    halved = _eye(product.shape[-1], product.dtype) * -0.5 + 1  # (the diagonal halved)
    grad_a = matmul(Q, (upper + _mT(upper)) * halved)
    if grad_q is not None:
        grad_a = grad_a + grad_q
    return _solve(_mT(R), grad_a, left=False)


def _qr(A: Tensor, mode: Any = "reduced") -> Any:  # noqa: N803 - torch's name
    """torch.linalg.qr: geqrf + orgqr (numpy's routines, torch's too), Q and R column-major;
    mode 'r' leaves Q empty."""
    if not isinstance(A, Tensor) or not isinstance(mode, str):
        raise TypeError("linalg_qr")  # (the parser words it)
    if mode not in ("reduced", "complete", "r"):
        raise errors.error("qr_mode", mode=mode)
    if A.dim() < 2:
        raise errors.error("linalg_dims", name="linalg.qr")
    if A.dtype.category != FLOATING:
        raise errors.error("linalg_floating", name="linalg.qr", dtype=A.dtype.scalar_name)
    if A.dtype is float16:
        raise errors.error("op_dtype_unsupported", op="geqrf_cpu", dtype="Half")
    d = A.dtype
    numpy_mode = "complete" if mode == "complete" else "reduced"
    q, r = quiet_call(np.linalg.qr, A._data, mode=numpy_mode)
    if mode == "r":
        q = np.empty((0,), A._data.dtype)
    q, r = as_array(_column_major(q), d), as_array(_column_major(r), d)
    result_type = _return_type("linalg_qr", "Q", "R")
    if not (grad_mode.enabled and A._requires_grad):
        return result_type(Tensor._make(q, d), Tensor._make(r, d))
    node = LinalgQrBackward0((edge(A),), ((q.shape, d), (r.shape, d)))
    node.mode = mode
    outputs = Tensor._make(q, d, node, 0), Tensor._make(r, d, node, 1)
    node.save(outputs=outputs)
    return result_type(*outputs)


def _torch_qr(input: Tensor, some: Any = True) -> Any:
    """torch.qr (deprecated: warns once): linalg.qr, 'reduced' if some else 'complete'."""
    if not isinstance(some, bool):
        raise TypeError("qr")  # (the parser words it)
    if isinstance(input, Tensor):
        errors.warn_once("qr_deprecated", stacklevel=4)
    q, r = _qr(input, "reduced" if some else "complete")
    return _return_type("qr", "Q", "R")(q, r)


linalg_qr = parsed(_qr, "linalg_qr")
qr = parsed(_torch_qr, "qr")
qr_method = parsed(_torch_qr, "qr", method=True)
