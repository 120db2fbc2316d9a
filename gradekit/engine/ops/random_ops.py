"""In-place random fills as torch's CPU kernels make them from its stream
(``random_stream``): ``Tensor.uniform_`` and ``Tensor.normal_``. The values go in the
tensor's element order (torch's order for a contiguous tensor)."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .. import dtypes, errors
from ..autograd import grad_mode
from ..autograd.graph import Node
from ..dtypes import FLOATING
from ..tensor import Tensor
from . import arguments, overloads, pointwise, random_stream
from .inplace import _overwrite


class _RandomFillBackward(Node):
    """A random fill's node (torch's UniformBackward0, NormalBackward0, BernoulliBackward…):
    the values do not depend on the input, so its gradient is zero."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        return tuple(pointwise.zeros_like_grad(grad) for _ in self.next_functions)


def _fill_node(name: str) -> type:
    return type(name, (_RandomFillBackward,), {"__slots__": ()})


UniformBackward0 = _fill_node("UniformBackward0")
NormalBackward0 = _fill_node("NormalBackward0")
BernoulliBackward0 = _fill_node("BernoulliBackward0")  # torch.bernoulli(p)
BernoulliBackward1 = _fill_node("BernoulliBackward1")  # bernoulli_(tensor p)
BernoulliBackward2 = _fill_node("BernoulliBackward2")  # bernoulli_(number p)
RandomBackward0 = _fill_node("RandomBackward0")  # random_(from, to)
RandomBackward1 = _fill_node("RandomBackward1")  # random_(to)
RandomBackward2 = _fill_node("RandomBackward2")  # random_()


def _fill(self: Tensor, values: np.ndarray, node_type: type, *others: Any) -> Tensor:
    """Write ``values`` into self; recorded (a zero-gradient node) when self requires grad."""
    node = None
    if grad_mode.enabled and (self._requires_grad or any(o._requires_grad for o in others)):
        self._check_inplace()
        edges = (self._edge(), *(o._edge() for o in others))
        node = node_type(edges, ((self._data.shape, self.dtype),))
    return _overwrite(self, values, node)


def _generator(generator: Any) -> Any:
    from .creation import default_generator

    return default_generator if generator is None else generator


def uniform_(
    self: Tensor, from_: float = 0.0, to: float = 1.0, *, generator: Any = None, **kw: Any
) -> Tensor:
    """torch's ``uniform_(from=0, to=1)``."""
    if "from" in kw:
        from_ = kw.pop("from")
    if kw:  # (torch's parser names the keyword)
        raise TypeError("uniform_")
    if self.dtype.category != FLOATING:
        raise errors.error(
            "op_dtype_unsupported", op="check_uniform_bounds", dtype=self.dtype.scalar_name
        )
    from_, to = float(from_), float(to)
    _check_uniform_bounds(from_, to, self.dtype.np_dtype)
    count = math.prod(self._data.shape)
    values = random_stream.uniform(
        _generator(generator), count, self.dtype.np_dtype, float(from_), float(to)
    )
    return _fill(self, random_stream.in_memory_order(values, self._data), UniformBackward0)


def _check_uniform_bounds(low: float, high: float, np_dtype: Any) -> None:
    """torch's check_uniform_bounds: each bound within the dtype's finite range, then
    ``from <= to``."""
    largest = float(np.finfo(np_dtype).max)
    for which, value in (("from", low), ("to", high)):
        if not -largest <= value <= largest:
            from .views import _CPP_TYPE_NAMES

            name = _CPP_TYPE_NAMES[np.dtype(np_dtype).name]
            raise errors.error("uniform_bound", which=which, dtype=name)
    if low > high:
        raise errors.error("uniform_range", low=f"{low:g}", high=f"{high:g}")


def normal_(self: Tensor, mean: float = 0.0, std: float = 1.0, *, generator: Any = None) -> Tensor:
    """torch's ``normal_(mean=0, std=1)``."""
    if self.dtype.category != FLOATING:
        raise errors.error(
            "op_dtype_unsupported", op="normal_kernel_cpu", dtype=self.dtype.scalar_name
        )
    if float(std) < 0:
        raise errors.error("normal_std", std=f"{float(std):g}")
    count = math.prod(self._data.shape)
    values = random_stream.normal(
        _generator(generator),
        count,
        self.dtype.np_dtype,
        float(mean),
        float(std),
        contiguous=self.is_contiguous(),
    )
    return _fill(self, random_stream.in_memory_order(values, self._data), NormalBackward0)


def bernoulli_(self: Tensor, p: Any = 0.5, *, generator: Any = None) -> Tensor:
    """torch's ``bernoulli_(p)``: a number ``p`` draws a float64 uniform per element
    (``u < p``); a tensor ``p`` as :func:`bernoulli` does."""
    if isinstance(p, Tensor):
        values = _bernoulli_of(p, generator, self._data.shape)
        return _fill(self, values.astype(self.dtype.np_dtype), BernoulliBackward1, p)
    else:
        if not 0 <= p <= 1:
            raise errors.error("bernoulli_p", p=p)
        count = math.prod(self._data.shape)
        drawn = random_stream.uniform(_generator(generator), count, np.float64) < p
        values = random_stream.in_memory_order(drawn, self._data)
    return _fill(self, values.astype(self.dtype.np_dtype), BernoulliBackward2)


def _bernoulli_of(tensor: Tensor, generator: Any, shape: tuple[int, ...]) -> np.ndarray:
    """One draw per element of the probabilities ``tensor`` broadcast to ``shape``: a
    uniform in their dtype (float32 and float16: 24 bits, float64: 53) below ``p``."""
    if tensor.dtype.category != FLOATING:
        raise errors.error(
            "kernel_not_implemented", op="bernoulli_tensor_cpu_p_", dtype=tensor.dtype.scalar_name
        )
    p = tensor._data
    if ((p < 0) | (p > 1)).any():
        raise errors.error("bernoulli_tensor_p")
    probabilities = np.broadcast_to(p, shape)
    uniform_dtype = np.float64 if p.dtype == np.float64 else np.float32
    count = math.prod(shape)
    drawn = random_stream.uniform(_generator(generator), count, uniform_dtype).reshape(shape)
    return drawn < probabilities


def bernoulli(input: Tensor, p: Any = None, *, generator: Any = None) -> Tensor:
    """torch.bernoulli(input) (each element a probability) or bernoulli(input, p)."""
    from .creation import empty

    result = empty(input._data.shape, dtype=input.dtype)
    if p is not None:
        return bernoulli_(result, p, generator=generator)
    values = _bernoulli_of(input, generator, input._data.shape)
    result = Tensor._make(values.astype(input.dtype.np_dtype), input.dtype)
    if grad_mode.enabled and input._requires_grad:
        node = BernoulliBackward0((input._edge(),), ((result._data.shape, result.dtype),))
        result = Tensor._make(result._data, result.dtype, node)
        result._requires_grad = True
    return result


def random_(self: Tensor, *bounds: Any, generator: Any = None, **keywords: Any) -> Tensor:
    """torch's ``random_()``, ``random_(to)`` and ``random_(from, to)`` (``to=None``: up to
    the type's largest integer); a call torch's parser refuses raises its TypeError."""
    from .creation import Generator

    try:
        if generator is not None and not isinstance(generator, Generator):
            raise TypeError("random_")
        return _random(self, bounds, generator, dict(keywords))
    except TypeError:
        called = {**keywords, "generator": generator} if generator is not None else keywords
        error = arguments.call_error("random_", overloads.METHODS["random_"], bounds, called)
        if error is None:
            raise
        raise error from None


def _random(self: Tensor, bounds: tuple, generator: Any, keywords: dict) -> Tensor:
    from .arguments import is_index
    from .creation import _CPP_TYPE_NAMES, _check_random_bounds

    if "from" in keywords:
        bounds = (keywords.pop("from"), *bounds)
    if "to" in keywords:
        bounds = (*bounds, keywords.pop("to"))
    if keywords or len(bounds) > 2:
        raise TypeError("random_")
    count = math.prod(self._data.shape)
    np_dtype = self.dtype.np_dtype
    node_type = (RandomBackward2, RandomBackward1, RandomBackward0)[len(bounds)]
    if not bounds:
        drawn = random_stream.full_range(_generator(generator), count, np_dtype)
    else:
        low, high = (0, bounds[0]) if len(bounds) == 1 else bounds
        if high is None and len(bounds) == 2 and is_index(low):
            high = random_stream.range_top(np_dtype)
            if self.dtype in _CPP_TYPE_NAMES:  # (from's bound first)
                _check_random_bounds(low, max(high, low + 1), self.dtype)
        if not (is_index(low) and is_index(high)):
            raise TypeError("random_")
        if low >= high:
            raise errors.error("randint_range", low=low, high=high)
        if self.dtype in _CPP_TYPE_NAMES:
            _check_random_bounds(low, high, self.dtype)
        drawn = random_stream.from_to(_generator(generator), count, int(low), int(high))
    values = random_stream.in_memory_order(drawn.astype(np_dtype), self._data)
    return _fill(self, values, node_type)


def randint_like(
    input: Tensor,
    low: Any = errors.REQUIRED,
    high: Any = errors.REQUIRED,
    *,
    generator: Any = None,
    memory_format: Any = None,
    dtype: Any = None,
    layout: Any = None,
    device: Any = None,
    pin_memory: bool = False,
    requires_grad: bool = False,
) -> Tensor:
    """torch.randint_like(input, high) / (input, low, high): randint of input's shape, in
    input's dtype unless ``dtype`` is given."""
    from .creation import randint

    if high is errors.REQUIRED:
        low, high = 0, low
    elif low is errors.REQUIRED:  # randint_like(x, high=5)
        low = 0
    if not isinstance(input, Tensor) or low is errors.REQUIRED:
        raise TypeError("randint_like")
    target = input.dtype if dtype is None else dtype
    return randint(
        low,
        high,
        input._data.shape,
        generator=generator,
        dtype=target,
        requires_grad=requires_grad,
    )


# torch's argument parser's errors for calls it would refuse (overloads.METHODS)
uniform_ = arguments.parsed_like_torch(
    uniform_, "uniform_", overloads.METHODS["uniform_"], method=True
)
normal_ = arguments.parsed_like_torch(normal_, "normal_", overloads.METHODS["normal_"], method=True)
bernoulli_ = arguments.parsed_like_torch(
    bernoulli_, "bernoulli_", overloads.METHODS["bernoulli_"], method=True
)
randint_like = arguments.parsed_like_torch(
    randint_like, "randint_like", overloads.FUNCTIONS["randint_like"]
)


def exponential_(self: Tensor, lambd: float = 1.0, *, generator: Any = None) -> Tensor:
    """torch's ``exponential_(lambd)``: ``-1 / lambd * log1p(-u)`` of a float64 uniform per
    element (glibc's log1p), rounded to the tensor's dtype."""
    count = math.prod(self._data.shape)
    drawn = random_stream.uniform(_generator(generator), count, np.float64).tolist()
    scale = -1.0 / lambd
    values = np.array([scale * math.log1p(-u) for u in drawn], dtype=np.float64)
    values = random_stream.in_memory_order(values.astype(self.dtype.np_dtype), self._data)
    return _fill(self, values, ExponentialBackward0)


ExponentialBackward0 = _fill_node("ExponentialBackward0")


def multinomial(
    input: Tensor, num_samples: int, replacement: bool = False, *, generator: Any = None
) -> Tensor:
    """torch.multinomial on the CPU: without replacement (or one sample) the exponential
    trick, ``argmax``/``topk`` of ``p / q`` with ``q`` from ``exponential_``; with
    replacement each sample a float64 uniform searched in the row's normalised cumulative
    sums."""
    from .creation import empty

    if input.dim() not in (1, 2):
        raise errors.error("multinomial_dims")
    if input.dtype.category != FLOATING:
        raise errors.error("multinomial_dtype", dtype=input.dtype.scalar_name)
    if num_samples <= 0:
        raise errors.error("multinomial_count")
    categories = input.shape[-1]
    if not replacement and num_samples > categories:
        raise errors.error("multinomial_too_many")
    p = input._data
    if not np.isfinite(p).all() or (p < 0).any():
        raise errors.error("multinomial_values")
    if (p.sum(axis=-1) <= 0).any():
        raise errors.error("multinomial_sum")
    rows = p.reshape(-1, categories)
    if not replacement or num_samples == 1:
        q = exponential_(empty(input._data.shape, dtype=input.dtype), generator=generator)
        with np.errstate(all="ignore"):  # (a float16 ratio may overflow to inf, silently)
            ratio = Tensor._make((p / q._data).reshape(-1, categories), input.dtype)
        if num_samples == 1:  # argmax: the first largest
            picked = np.argmax(ratio._data, axis=-1)[:, None]
        else:  # the engine's topk (torch's order among ties)
            from .reduction import topk

            picked = topk(ratio, num_samples).indices._data
    else:
        gen = _generator(generator)
        picked = np.empty((rows.shape[0], num_samples), np.int64)
        for i, row in enumerate(rows):
            # (float16 accumulates in float32, as torch's cum_dist)
            cumulative = np.cumsum(row, dtype=np.float64 if row.dtype == np.float64 else np.float32)
            cumulative = cumulative / cumulative[-1]
            draws = random_stream.uniform(gen, num_samples, np.float64)
            picked[i] = np.searchsorted(cumulative.astype(np.float64), draws, side="left")
    shape = (*input.shape[:-1], num_samples)
    return Tensor._make(picked.reshape(shape).astype(np.int64), dtypes.int64)


multinomial_method = arguments.parsed_like_torch(
    multinomial, "multinomial", overloads.METHODS["multinomial"], method=True
)
multinomial = arguments.parsed_like_torch(
    multinomial, "multinomial", overloads.FUNCTIONS["multinomial"]
)
bernoulli_method = arguments.parsed_like_torch(
    bernoulli, "bernoulli", overloads.METHODS["bernoulli"], method=True
)
bernoulli = arguments.parsed_like_torch(bernoulli, "bernoulli", overloads.FUNCTIONS["bernoulli"])
exponential_ = arguments.parsed_like_torch(
    exponential_, "exponential_", overloads.METHODS["exponential_"], method=True
)
