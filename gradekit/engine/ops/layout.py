"""Memory layouts as torch chooses them, on numpy arrays (numpy only: no engine imports).

torch's ``empty_like(x, MemoryFormat::Preserve)`` (the output of ``flip``, a new
``.grad``) keeps ``x``'s exact strides when ``x`` is non-overlapping and dense, and is
C-contiguous otherwise; the ``stride()`` a program prints depends on it.

numpy gives every empty array it makes zero strides, where torch gives an empty tensor
the contiguous strides of its shape with each size-0 dim counted as 1 (``empty(0, 3)``:
``(3, 1)``), and its views derive theirs from those (``.t()``: ``(1, 3)``):
:func:`element_strides` and :func:`torch_laid` restore them.
"""

from __future__ import annotations

import numpy as np


def contiguous_strides(shape: tuple[int, ...]) -> list[int]:
    """torch's contiguous strides of ``shape`` in elements: a size-0 dim counts as 1."""
    strides, running = [], 1
    for size in reversed(shape):
        strides.append(running)
        running *= max(size, 1)
    return strides[::-1]


def element_strides(data: np.ndarray) -> tuple[int, ...]:
    """``data``'s strides in elements; an empty array whose strides numpy zeroed (every
    empty array numpy makes) has torch's contiguous ones."""
    itemsize = data.itemsize
    strides = tuple(s // itemsize for s in data.strides)
    if 0 in strides and not data.size and not any(strides):
        return tuple(contiguous_strides(data.shape))
    return strides


def torch_laid(data: np.ndarray) -> np.ndarray:
    """``data``, or for an empty array with numpy's zero strides, a view of it with
    torch's contiguous strides (numpy's views of it then derive torch's strides)."""
    if data.size or any(data.strides) or not data.ndim:
        return data
    strides = [s * data.itemsize for s in contiguous_strides(data.shape)]
    return np.lib.stride_tricks.as_strided(
        data, data.shape, strides, writeable=data.flags.writeable
    )


def storage_array(data: np.ndarray) -> np.ndarray:
    """The array that owns the memory under ``data`` (torch's storage): the last ndarray of
    its ``.base`` chain, through the holder ``np.lib.stride_tricks.as_strided`` puts between
    a view and its array."""
    while True:
        parent = data.base
        if not isinstance(parent, np.ndarray):
            parent = getattr(parent, "base", None)  # (as_strided's DummyArray)
            if not isinstance(parent, np.ndarray):
                return data
        data = parent


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
