"""``F.dropout`` as torch's CPU ``_dropout_impl`` computes it: a noise tensor of the input's
dtype, ``bernoulli_(1 - p)`` (a float64 uniform per element) divided in place by ``1 - p``,
times the input (MulBackward0). ``p == 0``, eval mode or an empty input return the input
itself; ``p == 1`` multiplies by a 0-d zero."""

from __future__ import annotations

import numpy as np

from .. import errors
from ..tensor import Tensor


def dropout(input: Tensor, p: float = 0.5, training: bool = True, inplace: bool = False) -> Tensor:
    if p < 0.0 or p > 1.0:
        raise errors.error("dropout_p", p=p)
    if p == 0 or not training or input.numel() == 0:
        return input
    from ..ops import random_stream
    from ..ops.creation import _generator

    if p == 1:
        noise = np.zeros((), input.dtype.np_dtype)
    else:
        keep = 1 - p
        count = input.numel()
        drawn = random_stream.uniform(_generator(None), count, np.float64) < keep
        # (div_ by a number: float16 divides in float32, then rounds)
        kind = np.float64 if input.dtype.np_dtype == np.float64 else np.float32
        noise = (drawn.astype(kind) / kind(keep)).astype(input.dtype.np_dtype)
        noise = noise.reshape(input._data.shape)
    noise_tensor = Tensor._make(noise, input.dtype)
    return input.mul_(noise_tensor) if inplace else input * noise_tensor
