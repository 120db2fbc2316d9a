"""torch dtype objects and torch's type-promotion rules (not numpy's).

torch promotes in three tiers: dimensioned tensors beat 0-d tensors, which beat Python
scalars, but a lower tier still wins when it belongs to a higher *category*
(bool < integer < floating).  numpy 2 (NEP 50) differs, e.g. a 0-d float64 tensor plus
a 1-d float32 tensor is float32 in torch and float64 in numpy, so never delegate to
``np.result_type``.
"""

from __future__ import annotations

import builtins

import numpy as np

from . import errors

# Categories, ordered: a higher category always wins over a lower one.
BOOL, INTEGRAL, FLOATING = 0, 1, 2


class dtype:  # noqa: N801 - the public name is torch.dtype
    """A torch dtype, e.g. ``torch.float32``; immutable and compared by identity."""

    __slots__ = (
        *("name", "np_dtype", "category", "legacy_name", "scalar_name", "itemsize"),
        "accumulate_np_dtype",
        "own_opmath",
    )

    def __init__(self, name: str, np_dtype: str, category: int, legacy: str, scalar: str):
        self.name = name
        self.np_dtype = np.dtype(np_dtype)
        self.category = category
        self.legacy_name = legacy  # "torch.FloatTensor", used in error messages
        self.scalar_name = scalar  # "Float", used in "result type Float can't be cast…"
        self.itemsize = self.np_dtype.itemsize
        # What torch's CPU mean computes in before rounding once to this dtype: float32 for
        # float16 (cast, sum, divide, cast back: ATen's mean_out), else the dtype itself.
        self.accumulate_np_dtype = np.dtype(np.float32 if np_dtype == "float16" else np_dtype)
        # Whether torch computes this dtype's arithmetic with a Python number in the dtype
        # itself, as numpy does with a weak scalar: float32 and float64.  float16 computes
        # in float32 (its opmath type) where the number is the second operand of mul or div
        # (core.half_opmath), and the integers promote.  One attribute read on the hot paths
        # (where ``category == FLOATING and dtype is not float16`` was two tests).
        self.own_opmath = np_dtype in ("float32", "float64")

    def __repr__(self) -> str:
        return f"torch.{self.name}"

    __str__ = __repr__

    def __reduce__(self) -> str:
        return self.name  # pickles as the module-level singleton

    @property
    def is_floating_point(self) -> bool:
        return self.category == FLOATING

    @property
    def is_complex(self) -> bool:
        return False

    @property
    def is_signed(self) -> bool:
        return self.name not in ("bool", "uint8")

    def to_real(self) -> dtype:
        return self

    def to_complex(self) -> dtype:
        raise errors.unsupported("complex dtypes")


dtype.__module__ = "torch"  # it prints as <class 'torch.dtype'>, as in torch
float16 = dtype("float16", "float16", FLOATING, "torch.HalfTensor", "Half")
float32 = dtype("float32", "float32", FLOATING, "torch.FloatTensor", "Float")
float64 = dtype("float64", "float64", FLOATING, "torch.DoubleTensor", "Double")
uint8 = dtype("uint8", "uint8", INTEGRAL, "torch.ByteTensor", "Byte")
int8 = dtype("int8", "int8", INTEGRAL, "torch.CharTensor", "Char")
int16 = dtype("int16", "int16", INTEGRAL, "torch.ShortTensor", "Short")
int32 = dtype("int32", "int32", INTEGRAL, "torch.IntTensor", "Int")
int64 = dtype("int64", "int64", INTEGRAL, "torch.LongTensor", "Long")
bool_ = dtype("bool", "bool", BOOL, "torch.BoolTensor", "Bool")

# torch's aliases
half = float16
float = float32  # noqa: A001 - torch.float is float32
double = float64
short = int16
int = int32  # noqa: A001 - torch.int is int32
long = int64

ALL_DTYPES: tuple[dtype, ...] = (float16, float32, float64, uint8, int8, int16, int32, int64, bool_)
_BY_NUMPY: dict[np.dtype, dtype] = {d.np_dtype: d for d in ALL_DTYPES}

_default_float = float32


_PYTHON_TYPES = {builtins.float: float64, builtins.int: int64, builtins.bool: bool_}


def given(value: object, name: str) -> dtype:
    """A ``dtype=`` argument other than None as torch's parser reads it: a torch.dtype, or
    the Python types ``float``, ``int`` and ``bool`` (float64, int64, bool); anything else
    (``'float32'``, ``np.float32``) is torch's TypeError."""
    if isinstance(value, dtype):
        return value
    if value in _PYTHON_TYPES and isinstance(value, type):
        return _PYTHON_TYPES[value]
    got = type(value).__name__
    raise errors.error(
        "argument_type", name=name, parameter="dtype", where="", expected="torch.dtype", got=got
    )


def python_type(value: object) -> object:
    """``float``, ``int``, ``bool`` as the dtypes torch's parser reads them; anything else
    unchanged (for the ops whose failure handler words a bad ``dtype=`` as torch does)."""
    if isinstance(value, type) and value in _PYTHON_TYPES:
        return _PYTHON_TYPES[value]
    return value


def get_default_dtype() -> dtype:
    return _default_float


def set_default_dtype(d: dtype) -> None:
    global _default_float
    if not isinstance(d, dtype) or not d.is_floating_point:
        raise TypeError("only floating-point types are supported as the default type")
    _default_float = d


def dtype_of_array(array: np.ndarray) -> dtype:
    """The dtype of a tensor holding ``array`` (whose numpy dtype the engine supports)."""
    return _BY_NUMPY[array.dtype]


def from_numpy_dtype(np_dtype: np.dtype) -> dtype:
    """The torch dtype for a numpy dtype; float64 stays float64 (torch.from_numpy rule)."""
    try:
        return _BY_NUMPY[np.dtype(np_dtype)]
    except KeyError:
        raise TypeError(
            f"can't convert np.ndarray of type numpy.{np.dtype(np_dtype).name}. The only "
            "supported types are: float64, float32, float16, int64, int32, int16, int8, "
            "uint8, and bool."
        ) from None


def check_numpy_strides(array: np.ndarray) -> None:
    """torch makes tensors of numpy arrays (``from_numpy``, ``tensor``, ``as_tensor``, an
    index) only when no stride is negative: ``a[::-1]`` must be copied first."""
    if any(stride < 0 for stride in array.strides):
        # torch's message ends with a space, which the catalogue's stripped texts leave out
        exc_type, template = errors.MESSAGES["numpy_negative_strides"]
        raise exc_type(template + " ")


def promote_types(a: dtype, b: dtype) -> dtype:
    """torch.promote_types: the smallest dtype both can be cast to."""
    if a is b:
        return a
    if a.category != b.category:
        return a if a.category > b.category else b
    # Within one category torch's table agrees with numpy (uint8+int8 -> int16 …).
    return _BY_NUMPY[np.promote_types(a.np_dtype, b.np_dtype)]


def scalar_dtype(value: object) -> dtype:
    """dtype of a Python (or numpy) scalar as torch wraps it: bool, int64 or default float."""
    if isinstance(value, (bool, np.bool_)):
        return bool_
    if isinstance(value, (builtins.int, np.integer)):
        return int64
    return _default_float


def _combine_categories(higher: dtype | None, lower: dtype | None) -> dtype | None:
    """c10's combine_categories: the higher tier wins unless the lower is a higher category."""
    if higher is None:
        return lower
    if lower is None:
        return higher
    if higher.category == FLOATING:
        return higher
    if higher is bool_ or lower.category == FLOATING:
        return promote_types(higher, lower)
    return higher


def result_type(*operands: object) -> dtype:
    """torch.result_type over tensors and Python scalars (three-tier promotion).

    Anything with a ``dtype`` attribute that is a gradekit ``dtype`` and a ``ndim`` counts
    as a tensor; everything else is a scalar.
    """
    dim_result: dtype | None = None
    zero_dim_result: dtype | None = None
    scalar_result: dtype | None = None
    for op in operands:
        op_dtype = getattr(op, "dtype", None)
        if isinstance(op_dtype, dtype):
            if op.ndim == 0:
                zero_dim_result = (
                    op_dtype
                    if zero_dim_result is None
                    else promote_types(zero_dim_result, op_dtype)
                )
            else:
                dim_result = op_dtype if dim_result is None else promote_types(dim_result, op_dtype)
        else:
            s = scalar_dtype(op)
            scalar_result = s if scalar_result is None else promote_types(scalar_result, s)
    result = _combine_categories(dim_result, _combine_categories(zero_dim_result, scalar_result))
    assert result is not None, "result_type needs at least one operand"
    return result


def can_cast(from_: dtype, to: dtype) -> bool:
    """torch.can_cast: in-place ops may not cast to a lower category (float -> long)."""
    return from_.category <= to.category
