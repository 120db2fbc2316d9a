"""torch.cov and torch.corrcoef: torch 2.13's compositions (aten/native/Correlation.cpp)
of the engine's ops, so their values, dtypes, graphs (grad_fn names) and gradients follow
from those ops'; the checks and messages are torch's."""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import errors
from ..dtypes import BOOL, FLOATING, INTEGRAL, int64
from ..tensor import Tensor
from .reduction_arguments import int_argument, parsed

_OBSERVATIONS = 1  # (the dim of a 2-d input that holds the observations)


def _check_weights(name: str, weights: Any, observations: int) -> Tensor:
    """An ``fweights`` / ``aweights`` argument: at most 1-d, integral / floating, one per
    observation, none negative."""
    if not isinstance(weights, Tensor):
        raise TypeError("cov")  # (the parser words it)
    if weights.dim() > 1:
        raise errors.error("cov_weights_dims", name=name, ndim=weights.dim())
    integral = weights.dtype.category == INTEGRAL
    if name == "fweights" and not integral:
        raise errors.error(
            "cov_weights_dtype", name=name, kind="integral", dtype=weights.dtype.scalar_name
        )
    if name == "aweights" and weights.dtype.category != FLOATING:
        raise errors.error(
            "cov_weights_dtype", name=name, kind="floating point", dtype=weights.dtype.scalar_name
        )
    if weights.numel() != observations:
        raise errors.error(
            "cov_weights_numel", name=name, numel=weights.numel(), observations=observations
        )
    if observations and weights._data.min() < 0:
        raise errors.error("cov_weights_negative", name=name)
    return weights


def _cov(
    input: Tensor, *, correction: Any = 1, fweights: Any = None, aweights: Any = None
) -> Tensor:
    """torch's cov: the (weighted) mean of each variable's observations subtracted, the
    products' sum (mm) divided by the weights' sum less the correction (0, with torch's
    warning, where that is not positive), squeezed."""
    from .creation import tensor

    if not isinstance(input, Tensor):
        raise TypeError("cov")  # (the parser words it)
    correction = int_argument(correction)
    if input.dim() > 2:
        raise errors.error("cov_dims", name="cov", ndim=input.dim())
    if input.dtype.category == BOOL:
        raise errors.error("cov_bool")
    observed = input.view(1, -1) if input.dim() < 2 else input
    observations = observed.shape[_OBSERVATIONS]
    weights = None
    if fweights is not None:
        weights = _check_weights("fweights", fweights, observations)
    if aweights is not None:
        _check_weights("aweights", aweights, observations)
        weights = aweights if weights is None else weights * aweights
    if weights is None:
        total = tensor(observations, dtype=int64)
    else:
        total = weights.sum()
        if not np.all(total._data != 0):
            raise errors.error("cov_weights_zero")
    weighted = observed if weights is None else observed * weights
    mean = weighted.sum(_OBSERVATIONS) / total
    if weights is not None and aweights is not None and correction != 0:
        factor = total - correction * (weights * aweights).sum() / total
    else:
        factor = total - correction
    if np.all(factor._data <= 0):
        errors.warn_at_caller("cov_degrees_of_freedom")
        factor.zero_()
    centred = observed - mean.unsqueeze(1)
    products = (centred if weights is None else centred * weights).t()
    return (centred.mm(products) / factor).squeeze()


def _corrcoef(input: Tensor) -> Tensor:
    """torch's corrcoef: cov divided by the standard deviations as a column and a row,
    clipped to [-1, 1]; ``c / c`` for a single variable."""
    if not isinstance(input, Tensor):
        raise TypeError("corrcoef")  # (the parser words it)
    if input.dim() > 2:
        raise errors.error("cov_dims", name="corrcoef", ndim=input.dim())
    covariance = _cov(input)
    if covariance.dim() == 0:
        return covariance / covariance
    deviations = covariance.diagonal().sqrt()
    covariance = covariance / deviations.view(-1, 1)
    covariance = covariance / deviations.view(1, -1)
    return covariance.clip(-1, 1)


cov = parsed(_cov, "cov")
corrcoef = parsed(_corrcoef, "corrcoef")
cov_method = parsed(_cov, "cov", method=True)
corrcoef_method = parsed(_corrcoef, "corrcoef", method=True)
