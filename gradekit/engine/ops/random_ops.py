"""In-place random fills as torch's CPU kernels make them from its stream
(``random_stream``): ``Tensor.uniform_`` and ``Tensor.normal_``. The values go in the
tensor's element order (torch's order for a contiguous tensor)."""

from __future__ import annotations

import math
from typing import Any

from .. import errors
from ..dtypes import FLOATING
from ..tensor import Tensor
from . import random_stream
from .inplace import _overwrite


def _generator(generator: Any) -> Any:
    from .creation import default_generator

    return default_generator if generator is None else generator


def uniform_(
    self: Tensor, from_: float = 0.0, to: float = 1.0, *, generator: Any = None, **kw: Any
) -> Tensor:
    """torch's ``uniform_(from=0, to=1)``."""
    if "from" in kw:
        from_ = kw.pop("from")
    if self.dtype.category != FLOATING:
        raise errors.error(
            "op_dtype_unsupported", op="check_uniform_bounds", dtype=self.dtype.scalar_name
        )
    count = math.prod(self._data.shape)
    values = random_stream.uniform(
        _generator(generator), count, self.dtype.np_dtype, float(from_), float(to)
    )
    return _overwrite(self, values.reshape(self._data.shape), None)


def normal_(self: Tensor, mean: float = 0.0, std: float = 1.0, *, generator: Any = None) -> Tensor:
    """torch's ``normal_(mean=0, std=1)``."""
    if self.dtype.category != FLOATING:
        raise errors.error(
            "op_dtype_unsupported", op="normal_kernel_cpu", dtype=self.dtype.scalar_name
        )
    count = math.prod(self._data.shape)
    values = random_stream.normal(
        _generator(generator), count, self.dtype.np_dtype, float(mean), float(std)
    )
    return _overwrite(self, values.reshape(self._data.shape), None)
