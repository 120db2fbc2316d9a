"""torch.linalg: vector norms (``vector_norm``, and ``norm`` for the vector cases),
``matrix_power``, ``cross``, ``inv``, ``det``, ``solve``, ``slogdet``, ``svd``, ``svdvals``,
``eigh``, ``eigvalsh``, ``cholesky``, ``qr``, ``matrix_norm``, ``matrix_rank``, ``pinv``,
``vecdot``, ``multi_dot`` and ``LinAlgError``."""

from __future__ import annotations

import typing as _typing

from . import errors as _errors
from .errors import LinAlgError
from .ops import arguments as _arguments
from .ops.deferred import deferred as _deferred
from .ops.linalg import matrix_power_linalg as matrix_power
from .ops.reduction import linalg_vector_norm as vector_norm
from .torch_names import namespace_hooks as _namespace_hooks

# cross, inv, det and solve load their modules on first use (the engine's import time)
cross = _deferred("products", "linalg_cross", "cross", qualname="linalg_cross")
det = _deferred("solvers", "linalg_det", "det", qualname="linalg_det")
inv = _deferred("solvers", "linalg_inv", "inv", qualname="linalg_inv")
solve = _deferred("solvers", "linalg_solve", "solve", qualname="linalg_solve")
# and so do the SVD's and slogdet's functions and the chained products (ops/matrix_functions.py)
cholesky = _deferred("decompositions", "linalg_cholesky", "cholesky", qualname="linalg_cholesky")
eigh = _deferred("decompositions", "linalg_eigh", "eigh", qualname="linalg_eigh")
eigvalsh = _deferred("decompositions", "linalg_eigvalsh", "eigvalsh", qualname="linalg_eigvalsh")
matrix_norm = _deferred(
    "matrix_functions", "linalg_matrix_norm", "matrix_norm", qualname="linalg_matrix_norm"
)
matrix_rank = _deferred(
    "matrix_functions", "linalg_matrix_rank", "matrix_rank", qualname="linalg_matrix_rank"
)
multi_dot = _deferred(
    "matrix_functions", "linalg_multi_dot", "multi_dot", qualname="linalg_multi_dot"
)
qr = _deferred("decompositions", "linalg_qr", "qr", qualname="linalg_qr")
pinv = _deferred("matrix_functions", "linalg_pinv", "pinv", qualname="linalg_pinv")
slogdet = _deferred("matrix_functions", "linalg_slogdet", "slogdet", qualname="linalg_slogdet")
svd = _deferred("matrix_functions", "linalg_svd", "svd", qualname="linalg_svd")
svdvals = _deferred("matrix_functions", "linalg_svdvals", "svdvals", qualname="linalg_svdvals")
vecdot = _deferred("matrix_functions", "linalg_vecdot", "vecdot", qualname="linalg_vecdot")

if _typing.TYPE_CHECKING:  # (annotation names only: torch.linalg has no Any or Tensor)
    from typing import Any

    from .tensor import Tensor

__all__ = [
    "LinAlgError",
    "cholesky",
    "cross",
    "det",
    "eigh",
    "eigvalsh",
    "inv",
    "matrix_norm",
    "matrix_power",
    "matrix_rank",
    "multi_dot",
    "norm",
    "pinv",
    "qr",
    "slogdet",
    "solve",
    "svd",
    "svdvals",
    "vecdot",
    "vector_norm",
]


def norm(
    input: Tensor,
    ord: Any = None,  # noqa: A002 - torch's name
    dim: Any = None,
    keepdim: bool = False,
    *,
    dtype: Any = None,
) -> Tensor:
    """torch.linalg.norm where torch computes a vector norm (LinalgVectorNormBackward0).

    That is: ``ord=None`` (2-norm of the flattened input, = Frobenius for matrices),
    ``ord="fro"`` over all dims of a matrix, or any numeric ``ord`` over a single ``dim`` or
    a 1-d input.  Matrix norms (``ord`` numeric on a matrix, ``"nuc"``) are unsupported.
    """
    try:
        single_dim = isinstance(dim, int) or (isinstance(dim, (tuple, list)) and len(dim) == 1)
        if ord is None or ord == "fro" and (dim is None or not single_dim):
            return vector_norm(input, 2, dim, keepdim, dtype=dtype)
        if isinstance(ord, str) or not (input.ndim == 1 or single_dim):
            raise _errors.unsupported(f"torch.linalg.norm(ord={ord!r}) on matrices")
        return vector_norm(input, ord, dim, keepdim, dtype=dtype)
    except TypeError as failure:  # (free unless raised) torch's parser words linalg_norm's
        raise _arguments.not_a_tensor("linalg_norm", input, failure, ord, dim, keepdim) from None


_arguments.known_as(norm, "linalg_norm", _arguments.FUNCTION)  # (torch's parser's name)


__getattr__, __dir__ = _namespace_hooks("torch.linalg", globals())


# names torch's torch.linalg does not have (the imports' helpers; see torch_names.py)
del annotations
