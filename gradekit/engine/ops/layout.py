"""Memory layouts as torch chooses them, on numpy arrays (numpy only: no engine imports).

torch's ``empty_like(x, MemoryFormat::Preserve)`` (the output of ``flip``, a new
``.grad``) keeps ``x``'s exact strides when ``x`` is non-overlapping and dense, and is
C-contiguous otherwise; the ``stride()`` a program prints depends on it.
"""

from __future__ import annotations

import numpy as np


def is_dense(data: np.ndarray) -> bool:
    """Whether the elements fill one gap-free block of memory, in some order of the dims
    (torch's ``is_non_overlapping_and_dense``)."""
    if data.flags.c_contiguous or data.flags.f_contiguous:
        return True
    expected = data.itemsize
    for stride, size in sorted(
        (s, n) for s, n in zip(data.strides, data.shape, strict=True) if n != 1
    ):
        if stride != expected:
            return False
        expected *= size
    return True


def empty_preserving_layout(like: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """An uninitialised array shaped like ``like``: with exactly its strides (scaled to
    ``dtype``) when ``like`` is dense and not C-contiguous, C-contiguous otherwise."""
    if like.flags.c_contiguous or not is_dense(like):
        return np.empty(like.shape, dtype=dtype)
    itemsize = np.dtype(dtype).itemsize
    strides = tuple(stride // like.itemsize * itemsize for stride in like.strides)
    buffer = np.empty(like.size, dtype=dtype)
    return np.ndarray(like.shape, dtype=dtype, buffer=buffer, strides=strides)


def copied_preserving_layout(like: np.ndarray, values: np.ndarray) -> np.ndarray:
    """``values`` (shaped like ``like``) copied, in their dtype, into the array
    :func:`empty_preserving_layout` makes for ``like``."""
    out = empty_preserving_layout(like, values.dtype)
    out[...] = values
    return out
