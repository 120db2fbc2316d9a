"""Attach the ops to ``Tensor`` as methods and operators, in one readable table.

View/indexing methods (``view``, ``reshape``, ``__getitem__`` …) are attached by
``ops/views.py`` itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from .. import dtypes, errors
from ..tensor import Tensor, register_method
from . import (
    addcmul,
    arguments,
    conversion,
    creation,
    inplace,
    linalg,
    overloads,
    pointwise,
    random_ops,
    reduction,
)
from .core import is_scalar
from .deferred import deferred
from .pointwise import rdiv, rsub


def _reflected(method: Any) -> Any:
    """A reflected operator (``2 - x`` -> ``x.__rsub__(2)``) that only takes a number.

    Anything else (None, a str, a list, a numpy array on the left …) gets NotImplemented,
    so Python raises its own TypeError exactly as with torch ("unsupported operand
    type(s) for -: 'list' and 'Tensor'", "can only concatenate list …").
    """

    def reflected(self: Tensor, other: Any) -> Any:
        if not is_scalar(other):
            return NotImplemented
        return method(self, other)

    reflected.__name__ = method.__name__
    return reflected


def _operator(op: Any) -> Any:
    """``x - other`` for an op that also serves as ``torch.sub``: NotImplemented unless
    ``other`` is a tensor or a number, so Python raises its own TypeError (or numpy's
    reflected method computes, for an ndarray), as with torch.  (``+`` and ``*`` are hot:
    add and mul answer NotImplemented themselves.)"""

    def operator(self: Tensor, other: Any) -> Any:
        if not (isinstance(other, Tensor) or is_scalar(other)):
            return NotImplemented
        return op(self, other)

    operator.__name__ = op.__name__
    return operator


def _reversed(op: Any) -> Any:
    """``2 * x`` -> ``op(x, 2)``; torch lists the tensor's edge first in these cases too."""

    def method(self: Tensor, other: Any) -> Any:
        return op(self, other)

    return _reflected(method)


@_reflected
def _rsub(self: Tensor, other: Any) -> Tensor:
    return rsub(self, other)


def _rdiv(self: Tensor, other: Any) -> Any:
    if isinstance(other, np.ndarray):
        # torch's __rdiv__ is ``self.reciprocal() * other``: numpy multiplies, and the
        # product comes back as a tensor through __array_wrap__
        return pointwise.reciprocal(self) * other
    if not is_scalar(other):
        return NotImplemented
    return rdiv(self, other)


@_reflected
def _rpow(self: Tensor, other: Any) -> Tensor:
    return pointwise.pow(other, self)


@_reflected
def _rfloordiv(self: Tensor, other: Any) -> Tensor:
    # A Python number stays a (weak) scalar: 5 // int32 tensor is int32, as in torch.
    return pointwise.floor_divide(other, self)


@_reflected
def _rmod(self: Tensor, other: Any) -> Tensor:
    return pointwise.remainder(other, self)


def _matmul_operator(self: Tensor, other: Any) -> Any:
    """``x @ 2`` is Python's TypeError in torch (matmul itself names its argument)."""
    if not isinstance(other, Tensor):
        return NotImplemented  # (an ndarray's __rmatmul__ then computes, as with torch)
    return linalg.matmul(self, other)


def _rmatmul(self: Tensor, other: Any) -> Any:
    # Only reached for non-tensors on the left: ``2 @ x`` is Python's TypeError in torch.
    return NotImplemented


def _pos(self: Tensor) -> Tensor:
    return self


def _where_method(
    self: Tensor, condition: Tensor = errors.REQUIRED, other: Any = errors.REQUIRED
) -> Tensor:
    if condition is errors.REQUIRED or other is errors.REQUIRED:
        passed = tuple(value for value in (condition, other) if value is not errors.REQUIRED)
        raise arguments.call_error("where", overloads.METHODS["where"], passed, {})
    try:
        return pointwise.where(condition, self, other)
    except TypeError as failure:
        listed = overloads.METHODS["where"]
        error = arguments.call_error_as_called("where", listed, (condition, other), method=True)
        raise (error or failure) from None


def _new_factory(factory: Any) -> Any:
    def method(self: Tensor, *size: Any, dtype: Any = None, **kwargs: Any) -> Tensor:
        # torch names the method, not the factory, when the size is missing or given twice.
        name = f"new_{factory.__name__}"
        shape = creation._given_size(name, size, kwargs.pop("size", errors.REQUIRED))
        creation._check_nonnegative(shape)  # (torch.zeros's own words are not new_zeros's)
        target = self.dtype if dtype is None else dtypes.given(dtype, name)
        return factory(size=shape, dtype=target, **kwargs)

    return method


def _new_full(
    self: Tensor, size: Any, fill_value: Any, *, dtype: Any = None, **kwargs: Any
) -> Tensor:
    if fill_value is errors.REQUIRED:  # (left out: see arguments.required_defaults)
        names = [
            f'"{n}"'
            for n, v in (("size", size), ("fill_value", fill_value))
            if v is errors.REQUIRED
        ]
        raise errors.error(  # (torch's plural: "s" for one, none for two)
            "arguments_missing",
            name="new_full",
            count=len(names),
            s="s"[: 2 - len(names)],
            names=", ".join(names),
        )
    try:
        target = self.dtype if dtype is None else dtype  # (full() checks it: see below)
        return creation.full(size, fill_value, dtype=target, **kwargs)
    except TypeError as failure:  # full()'s parser errors: new_full's, as torch names them
        message = str(failure)  # (the same parameters, in the same positions)
        if not message.startswith("full()"):
            raise
        keywords = arguments.caller_keywords(method=True)
        raise arguments.by_keyword(TypeError(f"new_{message}"), keywords) from None


def _new_tensor(self: Tensor, data: Any, *, dtype: Any = None, **kwargs: Any) -> Tensor:
    if data is errors.REQUIRED:  # (left out: see arguments.required_defaults)
        raise errors.error("arguments_missing", name="new_tensor", count=1, s="s", names='"data"')
    target = self.dtype if dtype is None else dtypes.given(dtype, "new_tensor")
    if isinstance(data, Tensor):  # (torch's warning names the method)
        return creation.new_tensor(data, dtype=target, **kwargs)
    return creation.tensor(data, dtype=target, **kwargs)


def _softmax_method(name: str, function: Callable[..., Tensor]) -> Callable[..., Tensor]:
    """``x.softmax(dim)`` / ``x.log_softmax(dim)``: ``function`` with the method's own errors
    (its dim is required, and torch numbers the arguments without self)."""

    def method(
        self: Tensor,
        dim: int = errors.REQUIRED,
        dtype: Any = None,
        surplus: Any = None,
        axis: Any = None,
    ) -> Tensor:
        if surplus is not None or axis is not None:  # numpy's name (see arguments.numpy_names)
            return arguments.numpy_names(method, self, dim, dtype, surplus, axis)
        if dim is errors.REQUIRED:
            raise errors.error("argument_missing", name=name, argument="dim")
        try:
            return function(self, dim, dtype)
        except TypeError as failure:
            listed = overloads.METHODS[name]
            error = arguments.call_error_as_called(name, listed, (dim, dtype), method=True)
            raise (error or failure) from None

    method.__name__ = method.__qualname__ = f"_{name}"
    return method


_softmax = _softmax_method("softmax", reduction.softmax)
_log_softmax = _softmax_method("log_softmax", reduction.log_softmax)


METHODS: dict[str, Any] = {
    # arithmetic operators
    "__add__": pointwise.add,
    "__radd__": _reversed(pointwise.add),
    "__sub__": _operator(pointwise.sub),
    "__rsub__": _rsub,
    "__mul__": pointwise.mul,
    "__rmul__": _reversed(pointwise.mul),
    "__truediv__": _operator(pointwise.div),
    "__rtruediv__": _rdiv,
    "__floordiv__": _operator(pointwise.floor_divide),
    "__rfloordiv__": _rfloordiv,
    "__mod__": _operator(pointwise.remainder),
    "__rmod__": _rmod,
    "__pow__": _operator(pointwise.pow),
    "__rpow__": _rpow,
    "__matmul__": _matmul_operator,
    "__rmatmul__": _rmatmul,
    "__neg__": pointwise.neg,
    "__pos__": _pos,
    "__abs__": pointwise.abs,
    "__iadd__": inplace.iadd,
    "__isub__": inplace.isub,
    "__imul__": inplace.imul,
    "__itruediv__": inplace.itruediv,
    "__ipow__": inplace.ipow,
    "__ifloordiv__": inplace.ifloordiv,
    "__imod__": inplace.imod,
    "__iand__": inplace.iand,
    "__ior__": inplace.ior,
    "__ixor__": inplace.ixor,
    "__ilshift__": inplace.ilshift,
    "__irshift__": inplace.irshift,
    "__lshift__": _operator(pointwise.bitwise_left_shift),
    "__rshift__": _operator(pointwise.bitwise_right_shift),
    # comparisons and logic
    "__eq__": pointwise.eq,
    "__ne__": pointwise.ne,
    "__lt__": pointwise.lt,
    "__le__": pointwise.le,
    "__gt__": pointwise.gt,
    "__ge__": pointwise.ge,
    "__and__": _operator(pointwise.bitwise_and),
    "__or__": _operator(pointwise.bitwise_or),
    "__xor__": _operator(pointwise.bitwise_xor),
    "__rand__": _reversed(pointwise.bitwise_and),
    "__ror__": _reversed(pointwise.bitwise_or),
    "__invert__": pointwise.bitwise_not,
    # named arithmetic and math
    "add": pointwise.add_method,
    "sub": pointwise.sub,
    "subtract": pointwise.sub,
    "mul": pointwise.mul_method,
    "multiply": pointwise.multiply_method,
    "div": pointwise.div,
    "divide": pointwise.div,
    "true_divide": pointwise.true_divide,
    "floor_divide": pointwise.floor_divide,
    "remainder": pointwise.remainder,
    "pow": pointwise.pow,
    "square": pointwise.square,
    "neg": pointwise.neg,
    "negative": pointwise.neg,
    "abs": pointwise.abs,
    "sign": pointwise.sign,
    "floor": pointwise.floor,
    "round": pointwise.round,
    "exp": pointwise.exp,
    "log": pointwise.log,
    "log2": pointwise.log2,
    "sqrt": pointwise.sqrt,
    "sin": pointwise.sin,
    "cos": pointwise.cos,
    "tanh": pointwise.tanh,
    "sigmoid": pointwise.sigmoid,
    "relu": pointwise.relu,
    "reciprocal": pointwise.reciprocal,
    "clamp": pointwise.clamp,
    "clip": pointwise.clip,
    "clamp_min": pointwise.clamp_min,
    "clamp_max": pointwise.clamp_max,
    "sgn": pointwise.sgn,
    "maximum": pointwise.maximum,
    "minimum": pointwise.minimum,
    "where": _where_method,
    "eq": pointwise.COMPARISON_METHODS["eq"],
    "ne": pointwise.COMPARISON_METHODS["ne"],
    "lt": pointwise.COMPARISON_METHODS["lt"],
    "le": pointwise.COMPARISON_METHODS["le"],
    "gt": pointwise.COMPARISON_METHODS["gt"],
    "ge": pointwise.COMPARISON_METHODS["ge"],
    "logical_not": pointwise.logical_not,
    "bitwise_not": pointwise.bitwise_not,
    "bitwise_and": pointwise.bitwise_and,
    "bitwise_or": pointwise.bitwise_or,
    "bitwise_xor": pointwise.bitwise_xor,
    "logical_and": pointwise.logical_and,
    "logical_or": pointwise.logical_or,
    "isnan": pointwise.isnan,
    "isinf": pointwise.isinf,
    "isfinite": pointwise.isfinite,
    "isclose": pointwise.isclose,
    "allclose": pointwise.allclose,
    "equal": pointwise.equal,
    # reductions
    "sum": reduction.sum,
    "mean": reduction.mean,
    "nanmean": reduction.nanmean,
    "sort": reduction.sort,
    "argsort": reduction.argsort,
    "topk": reduction.topk,
    "max": reduction.max,
    "min": reduction.min,
    "amax": reduction.amax,
    "amin": reduction.amin,
    "argmax": reduction.argmax,
    "argmin": reduction.argmin,
    "norm": reduction.norm,
    "softmax": _softmax,
    "log_softmax": _log_softmax,
    "nonzero": reduction.nonzero,
    "argwhere": reduction.argwhere,
    "count_nonzero": reduction.count_nonzero,
    "all": reduction.all,
    "any": reduction.any,
    "std": deferred("variance", "std_method", "std"),
    "var": deferred("variance", "var_method", "var"),
    "prod": deferred("scans", "prod_method", "prod"),
    "cumsum": deferred("scans", "cumsum_method", "cumsum"),
    "cumprod": deferred("scans", "cumprod_method", "cumprod"),
    "cummax": deferred("scans", "cummax_method", "cummax"),
    "cummin": deferred("scans", "cummin_method", "cummin"),
    "logsumexp": deferred("logsumexp", "logsumexp_method", "logsumexp"),
    "median": deferred("order_statistics", "median_method", "median"),
    "nanmedian": deferred("order_statistics", "nanmedian_method", "nanmedian"),
    "kthvalue": deferred("order_statistics", "kthvalue_method", "kthvalue"),
    "mode": deferred("order_statistics", "mode_method", "mode"),
    "aminmax": deferred("order_statistics", "aminmax_method", "aminmax"),
    "quantile": deferred("quantile", "quantile_method", "quantile"),
    "nanquantile": deferred("quantile", "nanquantile_method", "nanquantile"),
    # linear algebra
    "matmul": linalg.matmul,
    "mm": linalg.mm,
    "mv": linalg.mv,
    "addmv": linalg.addmv_method,
    "addcmul": addcmul.addcmul_method,
    "matrix_power": linalg.matrix_power_method,
    "trace": deferred("products", "trace_method", "trace", qualname="trace_method"),
    "vdot": deferred("products", "vdot_method", "vdot"),
    "inner": deferred("products", "inner_method", "inner"),
    "kron": deferred("products", "kron_method", "kron"),
    "cross": deferred("products", "cross_method", "cross"),
    "dist": deferred("products", "dist_method", "dist"),
    "baddbmm": deferred("products", "baddbmm_method", "baddbmm"),
    "addbmm": deferred("products", "addbmm_method", "addbmm"),
    "inverse": deferred("solvers", "inverse_method", "inverse", qualname="inverse_method"),
    "det": deferred("solvers", "det_method", "det", qualname="det_method"),
    "cholesky": deferred("decompositions", "cholesky_method", "cholesky"),
    "corrcoef": deferred("covariance", "corrcoef_method", "corrcoef"),
    "cov": deferred("covariance", "cov_method", "cov"),
    "logdet": deferred("matrix_functions", "logdet_method", "logdet", qualname="logdet_method"),
    "pinverse": deferred("matrix_functions", "pinverse_method", "pinverse"),
    "qr": deferred("decompositions", "qr_method", "qr"),
    "svd": deferred("matrix_functions", "svd_method", "svd"),
    "slogdet": deferred("matrix_functions", "slogdet_method", "slogdet", qualname="slogdet_method"),
    "addcmul_": inplace.addcmul_,
    "addmm": linalg.addmm_method,
    "dot": linalg.dot,
    "bmm": linalg.bmm,
    "outer": linalg.outer,
    "ger": linalg.outer,
    # in-place
    "add_": inplace.add_,
    "sub_": inplace.sub_,
    "mul_": inplace.mul_,
    "div_": inplace.div_,
    "pow_": inplace.pow_,
    "clamp_": inplace.clamp_,
    "clip_": inplace.clamp_,
    "clamp_min_": inplace.clamp_min_,
    "clamp_max_": inplace.clamp_max_,
    "sgn_": inplace.sgn_,
    "sign_": inplace.sign_,
    "floor_": inplace.floor_,
    "round_": inplace.round_,
    "relu_": inplace.relu_,
    "exp_": inplace.exp_,
    "log_": inplace.log_,
    "log2_": inplace.log2_,
    "sqrt_": inplace.sqrt_,
    "sigmoid_": inplace.sigmoid_,
    "tanh_": inplace.tanh_,
    "neg_": inplace.neg_,
    "abs_": inplace.abs_,
    "sin_": inplace.sin_,
    "cos_": inplace.cos_,
    "reciprocal_": inplace.reciprocal_,
    "square_": inplace.square_,
    "zero_": inplace.zero_,
    "fill_": inplace.fill_,
    "uniform_": random_ops.uniform_,
    "normal_": random_ops.normal_,
    "bernoulli_": random_ops.bernoulli_,
    "bernoulli": random_ops.bernoulli_method,
    "random_": random_ops.random_,
    "exponential_": random_ops.exponential_,
    "multinomial": random_ops.multinomial_method,
    "copy_": arguments.with_parameter_names(inplace.copy_, src="other"),  # torch's keyword
    # conversions
    "to": conversion.to,
    "float": conversion.float_,
    "double": conversion.double,
    "half": conversion.half,
    "long": conversion.long,
    "int": conversion.int_,
    "short": conversion.short,
    "byte": conversion.byte,
    "bool": conversion.bool_,
    "type": arguments.with_parameter_names(conversion.type_, dtype_="dtype"),  # torch's keyword
    "type_as": conversion.type_as,
    "cpu": conversion.cpu,
    "cuda": conversion.cuda,
    # factories relative to a tensor
    "new_zeros": _new_factory(creation.zeros),
    "new_ones": _new_factory(creation.ones),
    "new_empty": _new_factory(creation.empty),
    "new_full": _new_full,
    "new_tensor": _new_tensor,
    # index_add / scatter_add / scatter_reduce (ops/scatter_reduce.py)
    "index_add": deferred("scatter_reduce", "index_add_method", "index_add"),
    "index_add_": deferred("scatter_reduce", "index_add_", "index_add_"),
    "scatter_add": deferred("scatter_reduce", "scatter_add_method", "scatter_add"),
    "scatter_add_": deferred("scatter_reduce", "scatter_add_", "scatter_add_"),
    "scatter_reduce": deferred("scatter_reduce", "scatter_reduce_method", "scatter_reduce"),
    "scatter_reduce_": deferred("scatter_reduce", "scatter_reduce_", "scatter_reduce_"),
    "masked_scatter": deferred("scatter_reduce", "masked_scatter_method", "masked_scatter"),
    "masked_scatter_": deferred("scatter_reduce", "masked_scatter_", "masked_scatter_"),
    "index_reduce": deferred("scatter_reduce", "index_reduce_method", "index_reduce"),
    "index_reduce_": deferred("scatter_reduce", "index_reduce_", "index_reduce_"),
    # unique / unique_consecutive / bincount (ops/counting.py)
    "unique": deferred("counting", "unique_method", "unique", qualname="unique_method"),
    "unique_consecutive": deferred(
        "counting",
        "unique_consecutive_method",
        "unique_consecutive",
        qualname="unique_consecutive_method",
    ),
    "bincount": deferred("counting", "bincount_method", "bincount"),
    # msort / histc (ops/bucketing.py; torch has no Tensor.searchsorted nor bucketize)
    "msort": deferred("bucketing", "msort_method", "msort"),
    "histc": deferred("bucketing", "histc_method", "histc"),
    # tril, triu, roll, tile, repeat_interleave, diff … (ops/shapes.py's TENSOR_METHODS)
    "tril": deferred("shapes", "TENSOR_METHODS", "tril", key="tril"),
    "triu": deferred("shapes", "TENSOR_METHODS", "triu", key="triu"),
    "tril_": deferred("shapes", "TENSOR_METHODS", "tril_", key="tril_"),
    "triu_": deferred("shapes", "TENSOR_METHODS", "triu_", key="triu_"),
    "roll": deferred("shapes", "TENSOR_METHODS", "roll", key="roll"),
    "tile": deferred("shapes", "TENSOR_METHODS", "tile", key="tile"),
    "repeat_interleave": deferred(
        "shapes", "TENSOR_METHODS", "repeat_interleave", key="repeat_interleave"
    ),
    "diff": deferred("shapes", "TENSOR_METHODS", "diff", key="diff"),
    # as_strided, unfold, the in-place view ops … (ops/strided.py's TENSOR_METHODS)
    **{
        name: deferred("strided", "TENSOR_METHODS", name, key=name)
        for name in (
            "as_strided as_strided_ diag_embed diagflat dsplit fill_diagonal_ hsplit "
            "is_nonzero is_same_size new_empty_strided split_with_sizes squeeze_ sum_to_size "
            "swapaxes_ swapdims_ t_ transpose_ unfold unsqueeze_ untyped_storage vsplit"
        ).split()
    },
}

# log1p, expm1, … (ops/elementwise.py, loaded on first use: its METHODS table); the
# binary ops' in-place forms are made by ops/inplace.py (their __module__ and __qualname__)
_ELEMENTWISE_METHODS = """
    arctan2 atan2 copysign deg2rad deg2rad_ erf erf_ erfc erfc_ erfinv erfinv_ exp2 exp2_ expm1
    expm1_ fix fix_ float_power fmod frac frac_ heaviside hypot lerp log10 log10_ log1p log1p_
    logaddexp logical_xor nan_to_num rad2deg rad2deg_ rsqrt rsqrt_ signbit sinc sinc_ trunc
    trunc_ xlogy
""".split()
_ELEMENTWISE_INPLACE_METHODS = """
    arctan2_ atan2_ copysign_ float_power_ fmod_ heaviside_ hypot_ lerp_ logical_xor_
    nan_to_num_ xlogy_
""".split()
METHODS.update(
    {name: deferred("elementwise", "METHODS", name, key=name) for name in _ELEMENTWISE_METHODS}
)
METHODS.update(
    {
        name: deferred(
            "elementwise",
            "METHODS",
            name,
            key=name,
            qualname="_inplace_method.<locals>.method",
            shown_module="gradekit.engine.ops.inplace",
        )
        for name in _ELEMENTWISE_INPLACE_METHODS
    }
)

# ceil, logit, nansum, addcdiv, the comparison aliases, in-place comparisons, gcd … (ops/
# misc_pointwise.py, loaded on first use: its METHODS table)
_MISC_POINTWISE_METHODS = """
    absolute absolute_ addcdiv addcdiv_ addmm_ bitwise_and_ bitwise_left_shift
    bitwise_left_shift_ bitwise_not_ bitwise_or_ bitwise_right_shift bitwise_right_shift_
    bitwise_xor_ ceil ceil_ cumprod_ cumsum_ eq_ frexp gcd gcd_ ge_ greater greater_
    greater_equal greater_equal_ gt_ lcm lcm_ ldexp ldexp_ le_ less less_ less_equal
    less_equal_ logical_and_ logical_not_ logical_or_ logit logit_ lt_ nansum ne_ nextafter
    nextafter_ not_equal not_equal_ positive
""".split()
METHODS.update(
    {
        name: deferred("misc_pointwise", "METHODS", name, key=name)
        for name in _MISC_POINTWISE_METHODS
    }
)


# tan, asin … atanh, their aliases and in-place forms (ops/trigonometric.py's METHODS)
_TRIGONOMETRIC_METHODS = [
    name + suffix
    for name in "acos acosh arccos arccosh arcsin arcsinh arctan arctanh asin asinh atan atanh "
    "cosh sinh tan".split()
    for suffix in ("", "_")
]
METHODS.update(
    {name: deferred("trigonometric", "METHODS", name, key=name) for name in _TRIGONOMETRIC_METHODS}
)


def attach_all() -> None:
    for name, function in METHODS.items():
        if name.startswith("__"):  # operators: Python's protocols, not torch's parser
            register_method(name, function)
        else:  # a copy by which the error path knows it was called as a method
            adapters = getattr(function, "_deferred_adapters", None)
            if adapters is not None:  # (a stand-in: the op it loads, likewise)
                adapters.append(lambda op, name=name: arguments.as_method(op, name))
            register_method(name, arguments.as_method(function, name))


attach_all()
