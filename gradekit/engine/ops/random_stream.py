"""torch's CPU random stream: the generator's mt19937 and the transforms torch's CPU kernels
apply to its numbers, so that after ``torch.manual_seed(s)`` the engine draws torch's values.

torch's ``CPUGeneratorImpl`` is an mt19937 seeded with ``init_genrand(seed & 0xffffffff)``
(ATen/core/MT19937RNGEngine.h); ``random()`` is one 32-bit output, ``random64()`` two, the
first as the high half. numpy's ``MT19937`` bit generator is the same twister: its
``random_raw`` yields the same 32-bit outputs once its key is set to torch's (the key is
computed here; numpy's own seeding differs). What each op takes from it:

- ``uniform_`` (``rand``): float64 takes ``random64() & (2**53 - 1)`` times ``2**-53``, and
  ``x * (to - from) + from`` as one fused multiply-add; float32 and float16 take
  ``random() & (2**24 - 1)`` times ``2**-24`` in double, ``x * (to - from) + from`` in double
  with float32 bounds, rounded to float32 (then to float16); a value rounded up to ``to``
  becomes ``from``.
- ``random_(from, to)`` (``randint``): ``random() % range + from``, or ``random64() % range +
  from`` once the range reaches ``2**28`` (measured on torch 2.13).
- ``randperm(n)``: indices ``0..n-1``, then for ``i < n - 1`` swap ``i`` with ``i + random() % (n -
  i)`` (torch's algorithm for ``n < 2**32 / 20``).
- ``normal_``: see :func:`normal` (float32's log and sincos: ``avx_mathfun``).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

_MASK32 = 0xFFFFFFFF


def engine(seed: int) -> Any:
    """A numpy MT19937 in the state torch's ``mt19937(seed)`` starts from (init_genrand of
    the seed's low 32 bits)."""
    key = [seed & _MASK32]
    for j in range(1, 624):
        previous = key[-1]
        key.append((1812433253 * (previous ^ (previous >> 30)) + j) & _MASK32)
    twister = np.random.MT19937()
    twister.state = {
        "bit_generator": "MT19937",
        "state": {"key": np.array(key, dtype=np.uint32), "pos": 624},
    }
    return twister


def random32(generator: Any, n: int) -> np.ndarray:
    """``n`` of torch's ``random()`` (uint64 array holding 32-bit values)."""
    return generator._engine.random_raw(n) if n else np.zeros(0, np.uint64)


def random64(generator: Any, n: int) -> np.ndarray:
    """``n`` of torch's ``random64()``: two outputs each, the first as the high half."""
    raw = random32(generator, 2 * n)
    return (raw[0::2] << np.uint64(32)) | raw[1::2]


def _fma(x: np.ndarray, y: float, z: float) -> np.ndarray:
    """``x * y + z`` rounded once (C's fma): the product's exact error from Dekker's
    two-product, the three parts summed with ``math.fsum`` (correctly rounded)."""
    product = x * y
    split = 134217729.0  # 2**27 + 1 (Veltkamp)

    def halves(v: Any) -> tuple[Any, Any]:
        c = split * v
        high = c - (c - v)
        return high, v - high

    xh, xl = halves(x)
    yh, yl = halves(np.float64(y))
    error = ((xh * yh - product) + xh * yl + xl * yh) + xl * yl
    return np.array(
        [math.fsum((p, e, z)) for p, e in zip(product.tolist(), error.tolist(), strict=True)]
    )


def uniform(
    generator: Any, n: int, np_dtype: Any, low: float = 0.0, high: float = 1.0
) -> np.ndarray:
    """``n`` values of torch's ``uniform_(low, high)`` in ``np_dtype`` (float64, float32 or
    float16)."""
    if np_dtype == np.float64:
        bits = random64(generator, n) & np.uint64(2**53 - 1)
        x = bits.astype(np.float64) * 2.0**-53
        if (low, high) == (0.0, 1.0):
            return x
        values = _fma(x, high - low, low).reshape(x.shape)
        values[values == high] = low
        return values
    x = (random32(generator, n) & np.uint64(2**24 - 1)).astype(np.float64) * 2.0**-24
    low32, high32 = np.float32(low), np.float32(high)
    values = x * np.float64(high32 - low32) + np.float64(low32)
    values = values.astype(np.float32).astype(np_dtype)
    kind = np.dtype(np_dtype).type
    values[values == kind(high)] = kind(low)  # (rounded up to `to`: torch takes `from`)
    return values


# From this range on, random_(from, to) takes random64() (measured on torch 2.13).
RANDOM64_RANGE = 2**28


def from_to(generator: Any, n: int, low: int, high: int) -> np.ndarray:
    """``n`` of torch's ``random_(low, high)`` as Python-exact int64 values."""
    span = high - low
    raw = random32(generator, n) if span < RANDOM64_RANGE else random64(generator, n)
    return (raw % np.uint64(span)).astype(np.int64) + np.int64(low)


def permutation(generator: Any, n: int) -> np.ndarray:
    """torch's ``randperm(n)`` for ``n < 2**32 / 20``: Fisher-Yates from the front."""
    result = list(range(n))
    draws = random32(generator, max(n - 1, 0)).tolist()
    for i, draw in enumerate(draws):
        z = i + draw % (n - i)
        result[i], result[z] = result[z], result[i]
    return np.array(result, dtype=np.int64)


def _scaled(values: np.ndarray, mean: float, std: float) -> np.ndarray:
    """``values * std + mean`` as torch's kernels compute it (one fused multiply-add, with
    float32 ``mean`` and ``std`` for float32 values)."""
    if (mean, std) == (0.0, 1.0):
        return values
    if values.dtype == np.float64:
        return _fma(values.ravel(), std, mean).reshape(values.shape)
    from .fused import fused_multiply_add_float32

    with np.errstate(all="ignore"):
        return fused_multiply_add_float32(values, np.float32(std), np.float32(mean))


def _normal_pairs(u1: np.ndarray, u2: np.ndarray, mean: float, std: float) -> tuple[Any, Any]:
    """normal_fill_16's Box-Muller in ``u1``'s dtype: (cos half, sin half), each
    ``radius * cos(theta)`` (``sin``) fused-multiply-added with ``std`` and ``mean``. float64
    takes glibc's log/cos/sin (torch's ``std::`` calls), float32 the AVX2 kernel's
    ``avx_mathfun`` log and sincos."""
    if u1.dtype == np.float64:
        pairs = [
            _box_muller(a, b) for a, b in zip(u1.ravel().tolist(), u2.ravel().tolist(), strict=True)
        ]
        both = np.array(pairs, dtype=np.float64).reshape(*u1.shape, 2)
        return _scaled(both[..., 0], mean, std), _scaled(both[..., 1], mean, std)
    from .avx_mathfun import log256_ps, sincos256_ps

    f = np.float32
    radius = np.sqrt(f(-2.0) * log256_ps(f(1.0) - u1))
    sin, cos = sincos256_ps(f(2.0 * math.pi) * u2)
    return _scaled(radius * cos, mean, std), _scaled(radius * sin, mean, std)


def _box_muller(u1: float, u2: float) -> tuple[float, float]:
    radius = math.sqrt(-2.0 * math.log(1.0 - u1))
    theta = 2.0 * math.pi * u2
    return radius * math.cos(theta), radius * math.sin(theta)


def _normal_fill(
    generator: Any, n: int, np_dtype: Any, mean: float, std: float, *, whole: bool = True
) -> np.ndarray:
    """torch's normal_fill (a contiguous tensor of 16 or more): uniforms for every element,
    Box-Muller over each block of 16 (the first 8 as u1, the last 8 as u2), and for a ragged
    tail the last 16 drawn again and transformed. float16 (``whole=False``, measured on torch
    2.13) draws uniforms for the whole blocks only before its tail's 16."""
    blocks = n // 16
    data = uniform(generator, n if whole else blocks * 16, np_dtype)
    data = np.concatenate([data, np.zeros(n - len(data), np_dtype)])
    if blocks:
        grid = data[: blocks * 16].reshape(blocks, 2, 8)
        first, second = _normal_pairs(grid[:, 0], grid[:, 1], mean, std)
        data[: blocks * 16] = np.stack([first, second], axis=1).reshape(-1)
    if n % 16:
        tail = uniform(generator, 16, np_dtype).reshape(2, 8)
        first, second = _normal_pairs(tail[0], tail[1], mean, std)
        data[n - 16 :] = np.concatenate([first, second])
    return data


def normal(
    generator: Any,
    n: int,
    np_dtype: Any,
    mean: float = 0.0,
    std: float = 1.0,
    *,
    contiguous: bool = True,
) -> np.ndarray:
    """``n`` values of torch's ``normal_(mean, std)`` for a contiguous tensor: normal_fill
    from 16 elements on, else ``normal_distribution<double>`` per element (two double
    uniforms make two normals; the second waits in the generator for the next draw)."""
    if not contiguous:  # (the scalar path at any size)
        return _normal_scalar(generator, n, np_dtype, mean, std)
    if n >= 16 and np_dtype == np.float16:  # in float32, the tail's first uniforms undrawn
        return _normal_fill(generator, n, np.float32, mean, std, whole=False).astype(np.float16)
    if n >= 16:
        return _normal_fill(generator, n, np_dtype, mean, std)
    return _normal_scalar(generator, n, np_dtype, mean, std)


def _normal_scalar(generator: Any, n: int, np_dtype: Any, mean: float, std: float) -> np.ndarray:
    values = []
    for _ in range(n):
        cached = generator._next_normal.pop("double", None)
        if cached is None:
            u1, u2 = uniform(generator, 2, np.float64).tolist()
            radius = math.sqrt(-2.0 * math.log1p(-u2))
            theta = 2.0 * math.pi * u1
            generator._next_normal["double"] = radius * math.sin(theta)
            cached = radius * math.cos(theta)
        values.append(cached)
    return _scaled(np.array(values, dtype=np.float64), mean, std).astype(np_dtype)


def in_memory_order(values: np.ndarray, array: np.ndarray) -> np.ndarray:
    """``values`` (drawn one after another) laid out as torch's TensorIterator visits
    ``array``'s elements: dims ordered by stride, largest outermost (a transposed or permuted
    view is filled in memory order)."""
    order = sorted(range(array.ndim), key=lambda d: -abs(array.strides[d]))
    if order == list(range(array.ndim)):
        return values.reshape(array.shape)
    laid = values.reshape([array.shape[d] for d in order])
    return laid.transpose(np.argsort(order))


def full_range(generator: Any, n: int, np_dtype: Any) -> np.ndarray:
    """``n`` of torch's ``random_()`` (no bounds): int64 and float64 ``random64() % (max +
    1)`` (float64's max ``2**53``), bool ``random() & 1``, the other types ``random() % (max +
    1)`` (float32 ``2**24``, float16 ``2**11``)."""
    kind = np.dtype(np_dtype)
    if kind == np.bool_:
        return (random32(generator, n) & np.uint64(1)).astype(np.bool_)
    wide = kind in (np.dtype(np.int64), np.dtype(np.float64))
    raw = random64(generator, n) if wide else random32(generator, n)
    if kind.kind == "f":
        modulus = 2 ** {8: 53, 4: 24, 2: 11}[kind.itemsize] + 1
    else:
        modulus = int(np.iinfo(kind).max) + 1
    return (raw % np.uint64(modulus)).astype(np_dtype)


def range_top(np_dtype: Any) -> int:
    """The exclusive top of ``random_(from, None)``: the type's largest integer (a float's
    ``2**digits``) plus one."""
    kind = np.dtype(np_dtype)
    if kind == np.bool_:
        return 2
    if kind.kind == "f":
        return 2 ** {8: 53, 4: 24, 2: 11}[kind.itemsize] + 1
    return int(np.iinfo(kind).max) + 1
