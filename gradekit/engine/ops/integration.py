"""torch.trapezoid / trapz and torch.cumulative_trapezoid: torch 2.13's compositions
(aten/native/Integration.cpp) of the engine's ops, so their dtypes, graphs (grad_fn names)
and gradients follow from those ops'; the checks and messages are torch's."""

from __future__ import annotations

from typing import Any

from .. import errors
from ..dtypes import bool_
from ..tensor import Tensor
from .core import maybe_wrap_dim
from .pointwise import div_scalar, mul_scalar
from .reduction_arguments import int_argument, parsed

_UNSET: Any = object()  # (x and dx are two overloads: the parser refuses both given)


def _sample_dim(name: str, y: Any, x: Any, dx: Any, dim: Any) -> int:
    """y's ``dim``, wrapped, after the parser's checks: y (and x) tensors, dx a real number."""
    if not isinstance(y, Tensor) or (
        x is not _UNSET and (dx is not _UNSET or not isinstance(x, Tensor))
    ):
        raise TypeError(name)  # (the parser words it)
    if dx is not _UNSET and (isinstance(dx, complex) or not isinstance(dx, (int, float))):
        raise TypeError(name)
    dim = int_argument(dim)
    if y.dim() == 0:
        raise errors.error("dim_scalar", dim=dim)
    return maybe_wrap_dim(dim, y.dim())


def _ends(y: Tensor, dim: int) -> tuple[Tensor, Tensor]:
    """y without its last sample and without its first along ``dim`` (SliceBackward0s)."""
    size = y.shape[dim]
    return y.narrow(dim, 0, max(size - 1, 0)), y.narrow(dim, min(1, size), max(size - 1, 0))


def _spacing(name: str, y: Tensor, x: Tensor, dim: int) -> Tensor:
    """torch's dx from x: a 1-d x viewed along ``dim`` (one value per sample), an x of fewer
    dims viewed with leading 1s, then the differences of neighbours along ``dim``."""
    if y.dtype is bool_ or x.dtype is bool_:
        raise errors.error("trapezoid_bool_x", name=name)
    if x.dim() == 1:
        if x.shape[0] != y.shape[dim]:
            raise errors.error("trapezoid_x_count", name=name)
        shape = [1] * y.dim()
        shape[dim] = x.shape[0]
        x = x.view(*shape)
    elif x.dim() < y.dim():
        x = x.view(*([1] * (y.dim() - x.dim())), *x.shape)
    left, right = _ends(x, dim)
    return right - left


def _trapezoid(y: Tensor, x: Any = _UNSET, *, dx: Any = _UNSET, dim: Any = -1) -> Tensor:
    """The trapezoidal rule along ``dim``: ``((y_left + y_right) * dx).sum(dim) / 2`` with
    spacings from x, else ``(y.sum(dim) - (y_first + y_last) * 0.5) * dx`` (torch's two
    formulas); 0 for no samples."""
    name = "trapezoid"
    dim = _sample_dim(name, y, x, dx, dim)
    if y.shape[dim] == 0:
        from .creation import zeros

        return zeros([s for d, s in enumerate(y.shape) if d != dim], dtype=y.dtype)
    if x is not _UNSET:
        spacing = _spacing(name, y, x, dim)
        left, right = _ends(y, dim)
        return div_scalar(((left + right) * spacing).sum(dim), 2.0)
    step = _step(name, y, dx)
    ends = mul_scalar(y.select(dim, 0) + y.select(dim, -1), 0.5)  # (ATen's Scalar ops)
    return mul_scalar(y.sum(dim) - ends, step)


def _step(name: str, y: Tensor, dx: Any) -> float:
    """The spacing ``dx`` of samples without x (1 when not given), checked as torch checks
    it: a bool y first, then a bool dx."""
    if y.dtype is bool_:
        raise errors.error("trapezoid_bool_y", name=name)
    if dx is _UNSET:
        return 1.0
    if isinstance(dx, bool):
        raise errors.error("trapezoid_dx", name=name)
    return float(dx)


def _cumulative_trapezoid(y: Tensor, x: Any = _UNSET, *, dx: Any = _UNSET, dim: Any = -1) -> Tensor:
    """The running trapezoidal rule: ``((y_left + y_right) * dx).cumsum(dim) / 2`` with
    spacings from x, else ``(dx / 2 * (y_left + y_right)).cumsum(dim)``."""
    name = "cumulative_trapezoid"
    dim = _sample_dim(name, y, x, dx, dim)
    left, right = _ends(y, dim)
    if x is not _UNSET:
        spacing = _spacing(name, y, x, dim)
        return div_scalar(((left + right) * spacing).cumsum(dim), 2.0)
    return mul_scalar(left + right, _step(name, y, dx) / 2.0).cumsum(dim)


def _trapz(y: Tensor, x: Any = _UNSET, *, dx: Any = _UNSET, dim: Any = -1) -> Tensor:
    """torch.trapz: trapezoid under its older name (its checks say trapezoid too)."""
    return _trapezoid(y, x, dx=dx, dim=dim)


trapezoid = parsed(_trapezoid, "trapezoid")
trapz = parsed(_trapz, "trapz")
cumulative_trapezoid = parsed(_cumulative_trapezoid, "cumulative_trapezoid")
