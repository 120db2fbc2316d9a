"""torch's argument parser (``python_arg_parser.cpp``) where the engine needs its exact words.

torch checks every argument's *type* before it runs an op, and its messages name the
function, the parameter, its position and the parser's type name::

    ones(): argument 'size' (position 1) must be tuple of ints, not str
    ones(): argument 'size' failed to unpack the object at pos 2 with error "type must be
    tuple of ints,but got float"

The functions here reproduce those rules for the argument kinds the engine parses itself
(a size, a dtype, a number). They are called on the way in only where that is as cheap as
the engine's own conversion, and otherwise on the error path.
"""

from __future__ import annotations

import functools
import operator
import os
import re
import sys
import types
from typing import Any

import numpy as np

from .. import errors
from ..dtypes import FLOATING, INTEGRAL
from ..dtypes import dtype as dtype_type
from ..tensor import Size, Tensor, device
from . import overloads

_HEAP_TYPE = 1 << 9  # Py_TPFLAGS_HEAPTYPE: a class made by a class statement
_TORCH_C_TYPES = {dtype_type: "torch.dtype", device: "torch.device", Size: "torch.Size"}


def type_name(value: object) -> str:
    """The type's C-level ``tp_name``, which torch prints: ``str``, ``Tensor``, but
    ``numpy.float64`` for a static type defined outside the builtins, and ``torch.dtype``
    for the types torch defines in C (the engine's are Python classes)."""
    cls = type(value)
    if cls in _TORCH_C_TYPES:
        return _TORCH_C_TYPES[cls]
    if cls.__flags__ & _HEAP_TYPE or cls.__module__ == "builtins":
        return cls.__name__
    return f"{cls.__module__}.{cls.__name__}"


def is_index(value: object) -> bool:
    """torch's ``THPUtils_checkIndex``: an int other than a bool, or anything with a working
    ``__index__`` (numpy integers, one-element integer tensors)."""
    if isinstance(value, bool):
        return False
    try:
        operator.index(value)
    except TypeError:
        return False
    return True


def _is_int_like_first_element(value: object) -> bool:
    """torch's ``is_int_or_symint``, the check of a size list's first element: an index, or
    a one-element integral (or bool) tensor."""
    if isinstance(value, Tensor):
        return value._data.size == 1 and value.dtype.category != FLOATING
    return is_index(value)


def int_list(
    name: str, value: object, *, parameter: str = "size", position: int | None = 1
) -> tuple[int, ...]:
    """One ``IntArrayRef`` argument ``value`` as torch parses it, or torch's TypeError.

    ``position`` is the argument's 1-based position, None when it came as a keyword."""
    if not isinstance(value, (tuple, list)):
        raise errors.error(
            "argument_type",
            name=name,
            parameter=parameter,
            where=_where(position),
            expected="tuple of ints",
            got=type_name(value),
        )
    if value and not _is_int_like_first_element(value[0]):
        if position is None:  # a keyword argument: torch names the sequence's own type
            raise errors.error(
                "argument_type",
                name=name,
                parameter=parameter,
                where="",
                expected="tuple of ints",
                got=type_name(value),
            )
        raise errors.error(
            "argument_element_type",
            name=name,
            parameter=parameter,
            position=position,
            expected="tuple of ints",
            got=type_name(value[0]),
            index=0,
        )
    return unpack_ints(name, value, parameter=parameter)


def unpack_ints(name: str, items: Any, *, parameter: str = "size") -> tuple[int, ...]:
    """The elements of a size torch accepted as a list: each must convert to an int
    (bools do, float tensors do not), else torch's "failed to unpack" error."""
    dims = []
    for number, item in enumerate(items, start=1):
        try:
            dims.append(operator.index(item))
        except TypeError:
            raise errors.error(
                "argument_unpack",
                name=name,
                parameter=parameter,
                position=number,
                got=type_name(item),
            ) from None
    return tuple(dims)


def varargs_size(name: str, positional: tuple[Any, ...]) -> tuple[int, ...]:
    """A size given as positional arguments to a function whose only positional parameter
    is the size: ``ones(2, 3)``, ``ones((2, 3))``, ``ones(torch.Size([2]))``."""
    for item in positional:  # plain ints, the common case, are the size as they are
        if type(item) is not int:
            break
    else:
        return positional
    if is_index(positional[0]):  # torch takes all the positional arguments as the size
        return unpack_ints(name, positional)
    if len(positional) > 1:
        raise errors.error(
            "too_many_positional", name=name, maximum=1, s="", given=len(positional), were="were"
        )
    return int_list(name, positional[0])


def check_dtype(name: str, value: object) -> None:
    """``dtype=`` must be a torch.dtype (or None)."""
    if value is not None and not isinstance(value, dtype_type):
        raise errors.error(
            "argument_type",
            name=name,
            parameter="dtype",
            where="",
            expected="torch.dtype",
            got=type_name(value),
        )


def check_non_blocking(name: str, value: object) -> None:
    """``non_blocking`` (the second parameter of ``x.type`` and ``x.copy_``) must be a bool.
    (Given by keyword, torch leaves out the position: a known difference.)"""
    if value is not False and value is not True:
        raise errors.error(
            "argument_type",
            name=name,
            parameter="non_blocking",
            where=" (position 2)",
            expected="bool",
            got=type_name(value),
        )


_DTYPE_FAILURE = re.compile(r"^\w+\(\): argument 'dtype' must be torch\.dtype, not ")


def dtype_error(
    failure: Exception,
    dtype: object,
    values: tuple[Any, ...],
    *,
    varargs: bool = False,
    body: types.FrameType | None = None,
) -> Exception | None:
    """torch's parser error for a ``dtype=`` that is no torch.dtype (``x.sum(dtype='float32')``,
    ``torch.arange(3, dtype=1)``), or None when ``failure`` is not ``dtypes.given``'s refusal
    of it. The engine's check names the argument; torch's parser does so only when one
    overload is plausible by the number of arguments (``x.sum(0, dtype='a')``), and lists the
    overloads otherwise (``x.sum(dtype='a')``): :func:`call_error`, given the call as its
    caller made it. ``values``: the leading positional parameters of ``body`` (the frame
    calling this, by default) as they came in (a method's ``self`` included), or with
    ``varargs`` the positional arguments themselves (``rand(2, 3, dtype=…)``). The error
    path only."""
    if dtype is None or type(failure) is not TypeError or not _DTYPE_FAILURE.match(str(failure)):
        return None
    frame = sys._getframe(1) if body is None else body
    return _parser_error_as_called(frame, values, {"dtype": dtype}, varargs=varargs)


def generator_error(
    generator: object,
    values: tuple[Any, ...],
    *,
    varargs: bool = False,
    body: types.FrameType | None = None,
) -> Exception:
    """torch's parser error for a ``generator=`` that is no torch.Generator (``torch.rand(3,
    generator='a')``: the overloads listed), for ``body`` (by default the frame calling this),
    which found it so (``values`` and ``varargs`` as for :func:`dtype_error`): a right call
    pays its own ``is not None`` test alone."""
    frame = sys._getframe(1) if body is None else body
    error = _parser_error_as_called(frame, values, {"generator": generator}, varargs=varargs)
    return error or errors.error(
        "argument_type",
        name=frame.f_code.co_name,
        parameter="generator",
        where="",
        expected="torch.Generator",
        got=type_name(generator),
    )


def _parser_error_as_called(
    frame: types.FrameType, values: tuple[Any, ...], given: dict[str, Any], *, varargs: bool
) -> Exception | None:
    """:func:`call_error` for the call running in ``frame`` (its function's listing, from
    ``overloads``), with its keywords as its caller gave them; ``given``: the keyword the
    failure is about, for a call that cannot be read. See :func:`dtype_error`."""
    code = frame.f_code
    known = _CALLED_AS.get(id(code))
    name, kind = (code.co_name, FUNCTION) if known is None else known[:2]
    method = kind == METHOD
    listed = overloads.method_listing(name) if method else overloads.FUNCTIONS.get(name)
    if not listed:
        return None
    if method and not varargs:
        values = values[1:]
    local = frame.f_locals
    shape = call_shape(frame, method)
    if shape is None:  # (the call cannot be read: the values by position, given's by name)
        args = values if varargs else _without_defaults(name, listed, _up_to_required(values))
        return call_error(name, listed, tuple(args), given)
    positional, keywords = shape
    parameters = code.co_varnames[int(method) : code.co_argcount]
    kwargs = {}
    for key in keywords:
        index = parameters.index(key) if key in parameters and not varargs else len(values)
        kwargs[key] = values[index] if index < len(values) else local.get(key)
    for key, value in given.items():  # (given another way: ``functools.partial``)
        kwargs.setdefault(key, value)
    args = values if varargs else values[: len(positional)]
    return call_error(name, listed, tuple(args), kwargs)


def int_dims(dim: object) -> Any:
    """A dim the engine's body refused that torch's parser reads as ints: a numpy integer (its
    int), or a list of dims whose elements past the first include a Python bool (a tuple with
    each bool's int: torch unpacks them with ``__index__``); None for anything else (the
    failure stands). For the reductions' failure handlers, which call their body again."""
    if isinstance(dim, np.integer):
        return int(dim)
    if (
        isinstance(dim, (tuple, list))
        and len(dim) > 1
        and is_index(dim[0])
        and any(type(item) is bool for item in dim[1:])
    ):
        return (dim[0], *(int(item) if type(item) is bool else item for item in dim[1:]))
    return None


def is_number(value: object) -> bool:
    """torch's ``Scalar`` check: a Python or numpy number, or a one-element tensor."""
    if isinstance(value, Tensor):
        return value._data.size == 1
    return isinstance(value, (int, float, complex, np.number, np.bool_))


def number_argument(name: str, parameter: str, value: object) -> Any:
    """``value`` checked as torch's parser checks a ``Number`` parameter (a 0-d tensor is one:
    its value is taken); anything else is torch's argument-type error."""
    if not is_number(value) or (isinstance(value, Tensor) and value._data.ndim):
        raise errors.error(
            "argument_type",
            name=name,
            parameter=parameter,
            where="",
            expected="Number",
            got=type_name(value),
        )
    return value.item() if isinstance(value, Tensor) else value


# --- which name a body was called by ---------------------------------------------------------
# An op's body is written once and serves torch.<name>, its aliases (torch.negative is
# torch.neg) and the Tensor method. torch words their argument errors differently (the
# alias's own name; a method numbers its arguments without self). So each alias and each
# method is a copy of the function over a copy of its code object: the same bytecode, so a
# call costs exactly what the original costs, but a code object of its own, by which the
# error path (the frame that caught the failure) knows how the body was called.

# How torch words a call's argument errors: as its parser does for a function, or for a
# method (self is not an argument), or as the Python code of torch.nn.functional does,
# which calls the method on its input (``input.softmax(dim)``: a non-tensor input has no
# such attribute).
FUNCTION, METHOD, CALLS_METHOD = "function", "method", "calls method"

# id(code object) -> (torch's name, one of the kinds above, the code object (kept alive))
_CALLED_AS: dict[int, tuple[str, str, types.CodeType]] = {}


def renamed(function: Any, name: str, *, kind: str = FUNCTION, qualname: str | None = None) -> Any:
    """A copy of ``function`` that the error path knows as torch's ``name`` of ``kind``.
    ``qualname`` is the copy's ``__name__`` and ``__qualname__``, which Python's own binding
    errors print (default: unchanged)."""
    if type(function) is not types.FunctionType:
        return function  # (a property, a builtin: nothing to copy)
    code = function.__code__.replace()  # an equal but distinct code object
    copy = types.FunctionType(
        code, function.__globals__, function.__name__, function.__defaults__, function.__closure__
    )
    copy.__kwdefaults__ = function.__kwdefaults__
    copy.__dict__.update(function.__dict__)
    copy.__doc__, copy.__module__ = function.__doc__, function.__module__
    copy.__annotations__ = function.__annotations__
    copy.__qualname__ = function.__qualname__
    if qualname is not None:
        copy.__name__ = copy.__qualname__ = qualname
    _CALLED_AS[id(code)] = (name, kind, code)
    return copy


# Tensor methods that are Python functions in torch (torch/_tensor.py): Python's own binding
# errors name them ``Tensor.norm()``, and they take no numpy names (``x.norm(axis=0)``).
PYTHON_METHODS = frozenset({"norm", "split", "unflatten", "unique", "unique_consecutive"})


def refuse_arguments(name: str, given: tuple[Any, ...], keywords: dict[str, Any]) -> None:
    """CPython's METH_NOARGS refusals, as torch's ``TensorBase.<name>()`` words them, for a
    Tensor method without parameters called with ``given`` / ``keywords``."""
    if keywords:
        raise errors.error("no_keyword_arguments", name=name)
    if given:
        raise errors.error("no_arguments", name=name, given=len(given))


def as_method(function: Any, name: str) -> Any:
    """``function`` as the Tensor method ``name`` (see :func:`renamed`), whose parameters
    after ``self`` all have defaults (see :func:`required_defaults`)."""
    if name in PYTHON_METHODS:  # (Python's binding errors are torch's own words for them)
        return renamed(function, name, kind=METHOD, qualname=f"Tensor.{name}")
    method = renamed(function, name, kind=METHOD)
    return method if name in BINDING_LEFT_TO_PYTHON else required_defaults(method)


# Methods and functions whose bodies would not word a left-out argument as torch's parser
# does (they check another argument first: ``x.bmm()`` of a matrix is "batch1 must be a 3D
# tensor", ``torch.clamp()`` "At least one of 'min' or 'max'", ``x.bitwise_and()`` an
# unsupported operand, ``x.put()`` and ``torch.rand_like()`` an 'object'), so Python's
# binding error stays. tests/engine/test_argument_binding.py finds any other.
BINDING_LEFT_TO_PYTHON = frozenset(
    "bitwise_and bitwise_or bitwise_xor bmm clamp clip ger outer put put_ rand_like randn_like "
    "randperm round".split()
)


def required_defaults(function: Any, *, first: int = 1) -> Any:
    """``function`` (a method copy made by :func:`renamed`, or with ``first=0`` a function of
    the torch namespace) with ``errors.REQUIRED`` as the default of each positional
    parameter from ``first`` on (``self`` is never left out) that has none: a call leaving
    one out (``x.sub()``) binds and fails in the body, whose handler words torch's parser
    error (``sub() received an invalid combination of arguments - got (), ...``), instead of
    Python's binding error. Free: a call that binds without the defaults binds to the same
    values, and CPython 3.11 specialises it alike (by the number of arguments given)."""
    if type(function) is not types.FunctionType:
        return function
    code = function.__code__
    defaults = function.__defaults__ or ()
    missing = code.co_argcount - first - len(defaults)
    if missing > 0:
        function.__defaults__ = (errors.REQUIRED,) * missing + defaults
    return function


def worded_as_invalid_combination(namespace: dict[str, Any]) -> list[str]:
    """The functions of the torch ``namespace`` whose surplus positional argument torch words
    "received an invalid combination of arguments" (several overloads, none alone plausible
    by the count: ``torch.sum(A, 0, True, None, 1)``), so that Python's words for it (``takes
    4 positional arguments``, with the defaults ``takes from 0 to 4``) were never torch's.
    Where one overload words it (``torch.true_divide(A, A, 1)``: "takes 2 positional
    arguments but 3 were given"), Python's words are torch's, and defaults would change them:
    those are left out. (Parsing every listing costs milliseconds, so the engine's import
    reads :data:`INVALID_COMBINATION_FUNCTIONS`, which a test keeps equal to this.)"""
    names = []
    for name, listed in overloads.FUNCTIONS.items():
        function = namespace.get(name)
        if type(function) is not types.FunctionType or name in BINDING_LEFT_TO_PYTHON:
            continue
        parsed = [_Overload(name, text.removesuffix("|hidden")) for text in listed]
        count = function.__code__.co_argcount + 1  # (every parameter and one more)
        plausible = [
            overload
            for overload, text in zip(parsed, listed, strict=True)
            if not text.endswith("|hidden") and overload.min_args <= count <= overload.max_args
        ]
        if len(parsed) > 1 and len(plausible) != 1:
            names.append(name)
    return names


# worded_as_invalid_combination(the engine's torch namespace), stored
INVALID_COMBINATION_FUNCTIONS = """
    add addbmm addcmul addmm addmv all any arange atleast_1d atleast_2d atleast_3d
    baddbmm bitwise_left_shift bitwise_right_shift bucketize clamp_max clamp_min
    copysign count_nonzero div divide dsplit eq eye float_power fmod ge greater
    greater_equal gt hsplit index_fill le lerp less less_equal linspace logspace lt
    masked_fill max mean min mm moveaxis movedim multiply nanquantile narrow ne normal
    not_equal pow quantile randint randint_like remainder scatter searchsorted sort
    squeeze std std_mean subtract sum tensor_split var var_mean vsplit xlogy
""".split()


def overloaded_functions_required(namespace: dict[str, Any]) -> None:
    """:func:`required_defaults` for each of :data:`INVALID_COMBINATION_FUNCTIONS` in the
    torch ``namespace``: a left-out argument then reaches the body, which words it as torch's
    parser does."""
    for name in INVALID_COMBINATION_FUNCTIONS:
        required_defaults(namespace[name], first=0)


def with_parameter_names(function: Any, **names: str) -> Any:
    """A copy of ``function`` whose parameters answer to torch's keyword names: ``names``
    maps a parameter's name in the engine's body to torch's (``x="input"`` makes
    ``torch.transpose(input=t, dim0=0, dim1=1)`` work where the body calls it ``x``).

    Only the code object's variable names differ (the same bytecode), so a call costs what
    the original's costs; a copy made by :func:`renamed` keeps its place in the error path."""
    code = function.__code__
    parameters = code.co_varnames[: code.co_argcount]
    unknown = set(names) - set(parameters)
    if unknown:
        raise ValueError(f"{function.__qualname__} has no positional parameter {sorted(unknown)}")
    code_copy = code.replace(
        co_varnames=tuple(names.get(name, name) for name in code.co_varnames),
        co_cellvars=tuple(names.get(name, name) for name in code.co_cellvars),
    )
    defaults, closure = function.__defaults__, function.__closure__
    copy = types.FunctionType(code_copy, function.__globals__, function.__name__, defaults, closure)
    copy.__kwdefaults__ = function.__kwdefaults__
    copy.__dict__.update(function.__dict__)
    copy.__doc__, copy.__module__ = function.__doc__, function.__module__
    copy.__qualname__ = function.__qualname__
    known = _CALLED_AS.get(id(code))
    if known is not None:
        _CALLED_AS[id(code_copy)] = (known[0], known[1], code_copy)
    return copy


def keyword_size(name: str, parameter: str, positional: tuple[Any, ...], value: Any) -> tuple:
    """The positional sizes of a method that also takes them as one sequence by keyword
    (``x.view(size=(3, 2))``, ``x.flip(dims=(0,))``): ``(value,)``, standing for the one
    positional sequence, or torch's TypeError (nothing given, both forms given, a keyword
    value that is not a sequence of ints). ``value`` is None when the keyword was not given."""
    listed = overloads.method_listing(name) or (f"(tuple of ints {parameter})",)
    if value is None:
        if not positional:
            raise errors.error("argument_missing", name=name, argument=parameter)
        return positional
    if positional:
        if len(listed) == 1:
            raise errors.error("multiple_values", name=name, argument=parameter)
        raise call_error(name, listed, positional, {parameter: value}) or TypeError(name)
    error = call_error(name, listed, (), {parameter: value})
    if error is not None:
        raise error
    return (value,)


def known_as(function: Any, name: str, kind: str) -> Any:
    """Register ``function`` itself (not a copy: it serves only this name) as torch's
    ``name`` of ``kind``; returns it, for use as a decorator's helper."""
    code = function.__code__
    _CALLED_AS[id(code)] = (name, kind, code)
    return function


def called_as(failure: BaseException) -> tuple[str, str] | None:
    """How the body that caught ``failure`` was called: (torch's name, kind), or None for
    an original function (its own name, as a function)."""
    traceback = failure.__traceback__
    if traceback is None:
        return None
    frame = traceback.tb_frame
    known = _CALLED_AS.get(id(frame.f_code))
    if known is None and frame.f_back is not None:
        # a shared body (``squeeze``) called by a thin method or alias of its own
        known = _CALLED_AS.get(id(frame.f_back.f_code))
    return None if known is None else known[:2]


# --- how the caller passed its arguments (the error path only) -------------------------------
# A body's parameters hold values, not how they were given: ``x.sum(1, keepdim='a')`` and
# ``x.sum(1, 'a')`` bind alike, but torch words them differently (``argument 'keepdim' must be
# bool`` against ``argument 'keepdim' (position 2) must be bool``), and refuses
# ``x.sum(keepdim=True)`` while it takes ``x.sum(None, True)``. The caller's frame still knows:
# it is stopped at its call instruction (CPython 3.11: ``KW_NAMES consts[i]``, ``PRECALL n``,
# ``CALL n``), whose argument count and keyword names tell which of the body's parameters were
# given by position and which by name. Read only once a call has failed, or in a branch right
# calls do not take: nothing on the way in.

_ENGINE_DIRECTORY = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep
_QUIET_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "quiet.py")
_STAND_IN_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "deferred.py")


def _past_stand_ins(frame: types.FrameType | None) -> types.FrameType | None:
    """``frame``, or its caller if it is the stand-in of an op that loads on first use
    (ops/deferred.py passes the call on as it was made: its caller's call is the call)."""
    while frame is not None and frame.f_code.co_filename == _STAND_IN_FILE:
        frame = frame.f_back
    return frame


def call_shape(
    body: types.FrameType, method: bool | None = None
) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """The parameters of the running ``body`` its caller gave (positional names, keyword
    names), read from the caller's call instruction; None when that cannot be told: a caller
    inside the engine (a wrapper, :func:`numpy_names`' second call), a ``*args``/``**kwargs``
    call, a call through C (``functools.partial``, ``map``), another bytecode. ``method``:
    whether the body's first parameter is a method's ``self`` (default: as registered by
    :func:`renamed`)."""
    caller = _past_stand_ins(body.f_back)
    if caller is None:
        return None
    if caller.f_code.co_name == "quiet_function" and caller.f_code.co_filename == _QUIET_FILE:
        # quiet_op's wrapper passes its ``*args, **kwargs`` on: they are its caller's
        outer = _past_stand_ins(caller.f_back)
        if outer is None or outer.f_code.co_filename.startswith(_ENGINE_DIRECTORY):
            return None
        passed = caller.f_locals
        keywords = tuple(passed.get("kwargs", {}))
        count = len(passed.get("args", ())) + len(keywords)
    elif caller.f_code.co_filename.startswith(_ENGINE_DIRECTORY):
        return None
    else:
        read = _read_call(caller)
        if read is None:
            return None
        count, keywords = read
    code = body.f_code
    parameters = code.co_varnames[: code.co_argcount + code.co_kwonlyargcount]
    if method is None:
        known = _CALLED_AS.get(id(code))
        method = known is not None and known[1] == METHOD
    first = int(method)  # (a method's self is no argument: the call's count leaves it out)
    positional = parameters[first : first + count - len(keywords)]
    if (
        len(positional) != count - len(keywords)
        or not set(keywords) <= set(parameters)
        or set(keywords) & set(positional)
    ):
        return None  # (not a call of this body as read: a C function calling it, for one)
    return positional, keywords


# (code object id, instruction offset) -> (the code object, kept alive; what _read_call read)
_CALLS_READ: dict[tuple[int, int], tuple[types.CodeType, Any]] = {}


def _read_call(caller: types.FrameType) -> tuple[int, tuple[str, ...]] | None:
    """(argument count, keyword names) of the call instruction ``caller`` is stopped at
    (remembered per instruction: a failing call in a loop reads its caller once). The code
    units up to it are scanned as bytes (``dis`` builds an object per instruction: about
    fifty times slower): CPython 3.11's ``KW_NAMES k``, ``PRECALL n``, ``CALL n`` (3.12:
    without PRECALL); anything else (3.13's CALL_KW, CALL_FUNCTION_EX) reads as None."""
    code, offset = caller.f_code, caller.f_lasti
    known = _CALLS_READ.get((id(code), offset))
    if known is not None and known[0] is code:
        return known[1]
    import opcode  # (on the error path only: not at the engine's import)

    cache, extended_arg = opcode.opmap.get("CACHE", -1), opcode.EXTENDED_ARG
    raw = code.co_code
    # the last three instructions at or before the offset: (opcode, argument)
    first = second = third = (-1, 0)
    extended = 0
    for index in range(0, min(offset, len(raw) - 2) + 1, 2):
        operation = raw[index]
        if operation == cache:
            continue
        argument = raw[index + 1] | extended
        if operation == extended_arg:
            extended = argument << 8
            continue
        extended = 0
        first, second, third = second, third, (operation, argument)
    read = None
    if third[0] == opcode.opmap.get("CALL"):
        keywords: tuple[str, ...] = ()
        names = opcode.opmap.get("KW_NAMES")
        if second[0] == names:
            keywords = code.co_consts[second[1]]
        elif second[0] == opcode.opmap.get("PRECALL") and first[0] == names:
            keywords = code.co_consts[first[1]]
        read = (third[1], keywords)
    if len(_CALLS_READ) >= 256:
        _CALLS_READ.clear()
    _CALLS_READ[(id(code), offset)] = (code, read)
    return read


def caller_keywords(
    body: types.FrameType | None = None, *, method: bool | None = None
) -> tuple[str, ...]:
    """The names the caller of ``body`` (the frame calling this, by default) gave by keyword
    (see :func:`call_shape`); none when its call cannot be read."""
    shape = call_shape(sys._getframe(1) if body is None else body, method)
    return () if shape is None else shape[1]


def left_out(parameter: str, beside: str) -> bool:
    """Whether the call of the body calling this gave ``beside`` but left ``parameter`` out
    (neither by position nor by name), as far as its caller's bytecode tells (see
    :func:`call_shape`): False when it cannot tell."""
    body = sys._getframe(1)
    shape = call_shape(body)
    if shape is None:
        return False
    given = (*shape[0], *shape[1])
    known = _CALLED_AS.get(id(body.f_code))
    if (known is None or known[1] != METHOD) and body.f_code.co_varnames[0] not in given:
        return False  # (the input came another way: ``functools.partial(torch.sum, A)(...)``)
    return beside in given and parameter not in given


def as_called(
    values: tuple[Any, ...], *, method: bool = False, body: types.FrameType | None = None
) -> tuple[tuple[Any, ...], dict[str, Any]] | None:
    """``values`` (the leading parameters of ``body``, the frame calling this by default, in
    order; without ``self`` for a method) split as the body's caller gave them: the
    positional ones, and the keywords by name, for :func:`call_error`. None when the call
    cannot be read (see :func:`call_shape`), or names a parameter past ``values``."""
    frame = sys._getframe(1) if body is None else body
    shape = call_shape(frame, method)
    if shape is None:
        return None
    positional, keywords = shape
    code = frame.f_code
    parameters = code.co_varnames[int(method) : code.co_argcount]
    if len(positional) > len(values):
        return None
    named = {}
    for keyword in keywords:
        index = parameters.index(keyword) if keyword in parameters else len(values)
        if index >= len(values):
            return None
        named[keyword] = values[index]
    given = values[: len(positional)]
    if any(value is errors.REQUIRED for value in (*given, *named.values())):
        return None  # (the body moved its values: ``arange(end=3)``)
    return given, named


def call_error_as_called(
    name: str,
    listed: tuple[str, ...],
    values: tuple[Any, ...],
    *,
    method: bool = False,
    body: types.FrameType | None = None,
) -> Exception | None:
    """:func:`call_error` for the call of ``body`` (the frame calling this, by default), whose
    leading parameters hold ``values`` (without self for a method): the keywords its caller
    gave by name, or, when the call cannot be read, every given value by position."""
    split = as_called(values, method=method, body=sys._getframe(1) if body is None else body)
    error = None if split is None else _split_call_error(name, listed, split)
    if error is not None:
        return error
    return call_error(
        name, listed, tuple(value for value in values if value is not errors.REQUIRED), {}
    )


_MISSING = re.compile(r"^\w+\(\) missing \d+ required positional argument")


def _split_call_error(
    name: str, listed: tuple[str, ...], split: tuple[tuple[Any, ...], dict[str, Any]]
) -> Exception | None:
    """:func:`call_error` for the call as read (see :func:`as_called`); None where the reading
    leaves out an argument the body was given another way (``functools.partial(torch.
    transpose, dim1='a')(A, 0)`` reads as ``transpose(A, 0)``: "missing dim1")."""
    error = call_error(name, listed, *split)
    return None if error is not None and _MISSING.match(str(error)) else error


def _torch_name(body: types.FrameType) -> str:
    """The torch name of the function running in ``body``: as registered by :func:`renamed`,
    or its own."""
    known = _CALLED_AS.get(id(body.f_code))
    return body.f_code.co_name if known is None else known[0]


def _failed_body(failure: BaseException) -> types.FrameType:
    """The frame that caught ``failure`` (the body whose handler words it), or, for an error
    a body made without raising it, the frame that called :func:`not_a_tensor`."""
    traceback = failure.__traceback__
    return traceback.tb_frame if traceback is not None else sys._getframe(2)


_POSITION = re.compile(r"^(\w+\(\): argument '(\w+)') \(position \d+\)( .*)$", re.DOTALL)


def by_keyword(error: Exception, keywords: Any) -> Exception:
    """``error`` as torch words it for a parameter given by keyword: one of the engine's own
    checks names ``argument 'dim' (position 2)``, torch's parser only ``argument 'dim'`` when
    the caller wrote ``dim=``. ``keywords``: the names the caller gave by keyword."""
    if type(error) is not TypeError:
        return error
    match = _POSITION.match(str(error))
    if match is None or match.group(2) not in keywords:
        return error
    return TypeError(match.group(1) + match.group(3))


def not_a_tensor(
    name: str,
    value: object,
    failure: Exception,
    *others: object,
    exact: bool = False,
    packed: bool = False,
    body: types.FrameType | None = None,
) -> Exception:
    """torch's error for a function given ``value`` in place of its first tensor (or, when
    ``overloads.FUNCTIONS`` lists the function, for its arguments ``value, *others``), or
    the engine's own ``failure`` when torch's parser would have taken them.

    A body called as an alias or a method (see :func:`renamed`) words the error as torch
    words that alias's or method's. With ``exact``, the arguments are exactly the caller's
    (the function's defaults are ``errors.REQUIRED``, left out here): a None among them is
    the caller's own. With ``packed``, the last of ``others`` is, for a method, the tuple
    of the method's positional arguments (``x.flip(0, 1)``: the function's one sequence).
    ``body``: the frame of the function called (default: the one that caught ``failure``),
    whose caller's call instruction tells the keywords from the positions."""
    if body is None:
        body = _failed_body(failure)
    called = called_as(failure)
    if called is not None:
        name, kind = called
        if kind == CALLS_METHOD and not isinstance(value, Tensor):
            return AttributeError(f"'{type(value).__name__}' object has no attribute '{name}'")
        if kind != FUNCTION:
            if packed and others and isinstance(others[-1], tuple):
                others = (*others[:-1], *others[-1])
            return _method_error(name, value, failure, others, exact, body)
    if str(failure).startswith(f"{name}()"):  # already torch's words (the engine's own check)
        if _torch_name(body) != name:  # (F.cross_entropy, Python in torch, passes positions)
            return failure
        return by_keyword(failure, caller_keywords(body))
    listed = overloads.FUNCTIONS.get(name)
    if listed is not None:
        called_with = None
        if _torch_name(body) == name:  # (F.cross_entropy, Python in torch, passes positions)
            called_with = as_called((value, *others), body=body)
        error = None if called_with is None else _split_call_error(name, listed, called_with)
        if error is not None:  # the caller's keywords, by name (torch names no position)
            return error
        given = _up_to_required((value, *others))
        if not exact:
            given = list(_without_defaults(name, listed, given))
        error = call_error(name, listed, tuple(given), {}) or failure
        if _torch_name(body) != name:
            return error
        return by_keyword(error, caller_keywords(body))  # (arange(end='a'): its own name)
    if isinstance(value, Tensor):
        return failure
    called_with = as_called((value,), body=body)
    return errors.error(
        "argument_type",
        name=name,
        parameter="input",
        where="" if called_with is not None and called_with[1] else " (position 1)",
        expected="Tensor",
        got=type_name(value),
    )


def _method_error(
    name: str,
    self: object,
    failure: Exception,
    others: tuple[object, ...],
    exact: bool,
    body: types.FrameType,
) -> Exception:
    """:func:`not_a_tensor` for ``self.<name>(*others)``: the method's overloads, which
    leave ``self`` out (``overloads.METHODS``, or the function's without its first
    parameter and its ``out``). The parser's check comes first: a call it takes keeps the
    engine's own ``failure``."""
    listed = overloads.method_listing(name)
    if listed is None:
        return failure
    if not listed:  # a method without parameters (C's METH_NOARGS)
        given = [other for other in others if other is not errors.REQUIRED]
        return errors.error("no_arguments", name=name, given=len(given)) if given else failure
    called_with = as_called(others, method=True, body=body)
    error = None if called_with is None else _split_call_error(name, listed, called_with)
    if error is not None:  # the caller's keywords, by name (torch names no position)
        return error
    given = _up_to_required(others)
    if not exact:
        given = list(_without_defaults(name, listed, given))
    error = call_error(name, listed, tuple(given), {}) or failure
    return by_keyword(error, caller_keywords(body, method=True))


def _up_to_required(values: tuple[Any, ...]) -> list[Any]:
    """The arguments the caller gave: those before the first one left out (an
    ``errors.REQUIRED`` default; nothing the caller gave can follow it by position)."""
    given = []
    for value in values:
        if value is errors.REQUIRED:
            break
        given.append(value)
    return given


def _without_defaults(name: str, listed: tuple[str, ...], given: list[Any]) -> tuple[Any, ...]:
    """``given`` without the engine's defaults (None, False) for trailing optional arguments
    the caller left out: past the positional arguments every overload requires, torch would
    not have seen them. (Where an overload lists another default for that place, such as
    cat's ``int dim = 0``, a None there is the caller's own, and stays.)"""
    parsed = [_Overload(name, text.removesuffix("|hidden")) for text in listed]
    required = min(overload.required_positional for overload in parsed)
    given = list(given)
    while len(given) > required and (given[-1] is None or given[-1] is False):
        if any(_other_default(overload, len(given) - 1, given[-1]) for overload in parsed):
            break
        given.pop()
    return tuple(given)


def _other_default(overload: _Overload, index: int, value: Any) -> bool:
    """Does ``overload`` list a default other than ``value`` for positional place ``index``?"""
    if index >= len(overload.parameters):
        return False
    parameter = overload.parameters[index]
    if parameter.keyword_only or not parameter.optional:
        return False
    return parameter.default != ("None" if value is None else "False")


def _where(position: int | None) -> str:
    return "" if position is None else f" (position {position})"


# --- numpy's names: ``axis`` for ``dim``, ``keepdims`` for ``keepdim`` ------------------------
# torch's parser takes numpy's names as keywords for every parser-bound function and method
# (``x.sum(axis=0, keepdims=True)``, ``torch.cat(ts, axis=1)``). The engine's functions take
# them as trailing *positional* parameters ``surplus=None, axis=None[, keepdims=None]``,
# because a keyword-only parameter costs about 250 instructions per call in CPython 3.11 (the
# call is no longer specialised) while a positional one with a default costs nothing.
# ``surplus`` is where one positional argument too many lands (``x.unsqueeze(0, 1)``), so it
# is never taken for ``axis``. A body starts with ``if surplus is not None or axis is not
# None ...`` (two or three ``POP_JUMP_IF_NOT_NONE``: about 25 instructions each) and hands
# such a call to :func:`numpy_names`.

SURPLUS, NUMPY_NAMES = "surplus", {"axis": "dim", "keepdims": "keepdim"}


def numpy_names(function: Any, *args: Any, **keywords: Any) -> Any:
    """``function(*args, **keywords)`` (``args``: every positional parameter of ``function``,
    in order, ``surplus``, ``axis`` and ``keepdims`` included) as torch's parser takes it:
    numpy's names stand for torch's, and a call the parser rejects (a name given twice, a
    surplus positional argument, a wrong type) raises torch's TypeError."""
    body = getattr(function, "__wrapped__", function)  # (under a decorator such as quiet_op)
    code = body.__code__
    names = code.co_varnames[: code.co_argcount]
    with_defaults = names[len(names) - len(body.__defaults__) :]
    defaults = dict(zip(with_defaults, body.__defaults__, strict=True))
    values = dict(zip(names, args, strict=True))
    caller = sys._getframe(1)  # the body, or (a shared body) the thin method that called it
    known = _CALLED_AS.get(id(caller.f_code)) or _CALLED_AS.get(id(caller.f_back.f_code))
    name, kind = known[:2] if known is not None else (function.__name__, FUNCTION)
    own = [n for n in names[1:] if n != SURPLUS and n not in NUMPY_NAMES]
    first = [values[names[0]]] if kind == FUNCTION else []  # (a method's self is no argument)
    keyword_defaults = body.__kwdefaults__ or {}
    extra = {  # the keywords the caller gave (the engine's private ones are none of torch's)
        key: value
        for key, value in keywords.items()
        if not key.startswith("_") and value is not keyword_defaults.get(key)
    }
    if values.get(SURPLUS) is not None:  # positional arguments beyond torch's
        given = [*first, *(values[n] for n in own), values[SURPLUS]]
        given += [values[n] for n in NUMPY_NAMES if values.get(n) is not None]
        error = _parser_error(name, kind, tuple(given), extra)
        raise error or errors.error(
            "too_many_positional",
            name=name,
            maximum=len(own) + len(first),
            s="s",
            given=len(given),
            were="were",
        )
    # What torch's parser saw, as far as the values tell: the leading parameters the caller
    # gave, by position; a later one, or one given under both names, by its name; each
    # numpy name right after its torch name (torch lists keywords in the reverse order:
    # see _invalid_combination).
    torch_names = {torch_name: numpy_name for numpy_name, torch_name in NUMPY_NAMES.items()}
    given_own = [n for n in own if values[n] is not defaults.get(n, errors.REQUIRED)]
    both = {n for n in given_own if values.get(torch_names.get(n)) is not None}
    leading = 0
    while leading < len(own) and own[leading] in given_own and own[leading] not in both:
        leading += 1
    positional = [*first, *(values[n] for n in own[:leading])]
    named = {}
    for parameter in own[leading:]:
        if parameter in given_own:
            named[parameter] = values[parameter]
        numpy_name = torch_names.get(parameter)
        if values.get(numpy_name) is not None:
            named[numpy_name] = values[numpy_name]
    error = _parser_error(name, kind, tuple(positional), {**named, **extra})
    if error is not None:
        raise error
    for numpy_name, torch_name in NUMPY_NAMES.items():
        value = values.get(numpy_name)
        if value is not None:
            if values[torch_name] is not defaults.get(torch_name, errors.REQUIRED):
                # (both names: the parser above words it where the function is listed)
                raise errors.error("unexpected_keyword", name=name, keyword=numpy_name)
            values[torch_name], values[numpy_name] = value, None
    return function(*values.values(), **keywords)


def _parser_error(
    name: str, kind: str, args: tuple[Any, ...], kwargs: dict[str, Any]
) -> Exception | None:
    """torch's TypeError for this call, where the engine knows the overloads of ``name``."""
    listed = overloads.FUNCTIONS.get(name) if kind == FUNCTION else overloads.method_listing(name)
    return None if listed is None else call_error(name, listed, args, kwargs)


# --- whole calls: torch's PythonArgParser over a function's overloads ------------------------
# Only on the error path: the engine calls ``call_error`` once its own code has failed, to
# find the error torch's parser would have raised before running anything.

# Functions whose Tensor parameters also take Python numbers (python_arg_parser.cpp).
_NUMBERS_AS_TENSORS = frozenset(
    "add sub mul div divide multiply subtract true_divide floor_divide to copy_ "
    "add_ sub_ mul_ div_".split()
)
# torch also accepts NumPy's names for these parameters as keywords.
_NUMPY_NAMES = {"dim": ("axis",), "keepdim": ("keepdims",), "input": ("x", "a", "x1")}
_NUMPY_NAMES["other"] = ("x2",)


class _Parameter:
    """One parameter of an overload as torch prints it: ``int dim``, ``bool keepdim = False``,
    ``Tensor out = None`` (a default makes it optional; a None default also admits None)."""

    __slots__ = ("type", "name", "optional", "default", "allow_none", "keyword_only")

    def __init__(self, text: str, keyword_only: bool) -> None:
        declaration, _, default = text.partition(" = ")
        self.type, _, self.name = declaration.rpartition(" ")
        self.optional, self.default = bool(default), default
        # A None default admits None; so does a "?" after the name (``IntArrayRef[1]? dim``
        # in torch's source, required yet nullable), which torch's listing does not show.
        self.allow_none = default == "None" or self.name.endswith("?")
        self.name = self.name.removesuffix("?")
        self.keyword_only = keyword_only


class _Overload:
    """One overload of a torch function, parsed from torch's own listing of it."""

    def __init__(self, name: str, text: str) -> None:
        self.name, self.text = name, text
        self.parameters: list[_Parameter] = []
        keyword_only = False
        for part in filter(None, text[1:-1].split(", ")):
            if part == "*":
                keyword_only = True
            else:
                self.parameters.append(_Parameter(part, keyword_only))
        self.max_args = len(self.parameters)
        self.min_args = sum(not p.optional for p in self.parameters)
        self.max_positional = sum(not p.keyword_only for p in self.parameters)
        self.required_positional = sum(not (p.keyword_only or p.optional) for p in self.parameters)
        self.numbers_as_tensors = name in _NUMBERS_AS_TENSORS

    def error(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Exception | None:
        """The TypeError torch raises when this overload rejects the call, or None when it
        accepts it (``FunctionSignature::parse`` with ``raise_exception``)."""
        first = self.parameters[0] if self.parameters else None
        varargs = self.max_positional == 1 and first is not None and first.type == "tuple of ints"
        self.unpack_error: Exception | None = None
        if len(args) > self.max_positional and not (varargs and is_index(args[0])):
            return self._extra_args(len(args))
        position, consumed = 0, 0
        for index, parameter in enumerate(self.parameters):
            keyword = False
            if position < len(args):
                if parameter.keyword_only:
                    return self._extra_args(len(args))
                value = args[position]
            else:
                value = _keyword_value(kwargs, parameter.name)
                keyword = True
            if value is _ABSENT:
                if parameter.optional:
                    continue
                return self._missing(index)
            if parameter.type == "tuple of Tensors" and isinstance(value, (tuple, list)):
                for number, item in enumerate(value):  # torch raises at once, any overload
                    if not isinstance(item, Tensor):
                        return errors.error(
                            "tensor_list_element",
                            number=number,
                            argument=index,
                            got=type_name(item),
                        )
            if value is None and parameter.allow_none:
                pass
            elif self._accepts(parameter, value):
                if parameter.type == "tuple of ints" and isinstance(value, (tuple, list)):
                    try:  # torch unpacks the list once this overload is chosen: see call_error
                        unpack_ints(self.name, value, parameter=parameter.name)
                    except TypeError as failure:
                        self.unpack_error = failure
            elif varargs and position == 0 and not keyword and is_index(args[0]):
                position = len(args)  # torch takes all positional arguments as the list,
                try:  # and unpacks it once this overload is chosen: see call_error
                    unpack_ints(self.name, args, parameter=parameter.name)
                except TypeError as failure:
                    self.unpack_error = failure
                continue
            else:
                return self._wrong_type(parameter, value, None if keyword else position + 1)
            if keyword:
                consumed += 1
            else:
                position += 1
        if consumed < len(kwargs):
            return self._extra_keywords(kwargs, len(args))
        if position < len(args):
            return self._extra_args(len(args))
        return None

    def _accepts(self, parameter: _Parameter, value: Any) -> bool:
        kind = parameter.type
        if kind == "Tensor":
            if isinstance(value, Tensor):
                return True
            return self.numbers_as_tensors and _is_python_scalar(value)
        if kind == "Number":
            return _is_python_scalar(value) or _is_float_like(value)
        if kind in ("float", "complex"):
            return _is_float_like(value)
        if kind == "int":
            if _is_long(value):
                return True
            return (
                isinstance(value, Tensor)
                and value.dtype.category == INTEGRAL
                and not value._requires_grad
                and value._data.ndim == 0
            )
        if kind == "bool":
            return isinstance(value, bool)
        if kind == "tuple of ints":
            if isinstance(value, (tuple, list)):
                return not value or is_index(value[0])
            one = parameter.name == "dim" or (self.name, parameter.name) in _ONE_INT_LISTS
            return one and _is_long(value)  # IntArrayRef[1]: an int is a list of one
        if kind == "tuple of Tensors":
            return isinstance(value, (tuple, list)) and all(isinstance(v, Tensor) for v in value)
        if kind == "torch.dtype":
            return isinstance(value, dtype_type) or value in (int, float, bool, complex)
        if kind == "torch.device":
            return _is_long(value) or isinstance(value, str) or type(value).__name__ == "device"
        if kind == "str":
            return isinstance(value, str)
        if kind == "torch.Generator":
            from .creation import Generator  # (creation imports this module)

            return isinstance(value, Generator)
        return True  # (layout, memory format: not checked by the engine)

    def _extra_args(self, given: int) -> Exception:
        if self.min_args != self.max_positional:
            return errors.error(
                "too_many_positional_range",
                name=self.name,
                minimum=self.min_args,
                maximum=self.max_positional,
                given=given,
            )
        return errors.error(
            "too_many_positional",
            name=self.name,
            maximum=self.max_positional,
            s="" if self.max_positional == 1 else "s",
            given=given,
            were="was" if given == 1 else "were",
        )

    def _missing(self, index: int) -> Exception:
        names = [f'"{p.name}"' for p in self.parameters[index:] if not p.optional]
        return errors.error(
            "arguments_missing",
            name=self.name,
            count=len(names),
            s="s" if len(names) == 1 else "",  # sic: torch's plural is the wrong way round
            names=", ".join(names),
        )

    def _wrong_type(self, parameter: _Parameter, value: Any, position: int | None) -> Exception:
        if (
            position is not None
            and parameter.type == "tuple of ints"
            and isinstance(value, (tuple, list))
            and value
        ):
            return errors.error(
                "argument_element_type",
                name=self.name,
                parameter=parameter.name,
                position=position,
                expected=parameter.type,
                got=type_name(value[0]),
                index=0,
            )
        return errors.error(
            "argument_type",
            name=self.name,
            parameter=parameter.name,
            where=_where(position),
            expected=parameter.type,
            got=type_name(value),
        )

    def _extra_keywords(self, kwargs: dict[str, Any], positional: int) -> Exception:
        names = [p.name for p in self.parameters]
        for key in kwargs:
            if key not in names:
                return errors.error("unexpected_keyword", name=self.name, keyword=key)
            if names.index(key) < positional:
                return errors.error("multiple_values", name=self.name, argument=key)
        return TypeError("invalid keyword arguments")


_ABSENT = object()

#: ``tuple of ints`` parameters besides ``dim`` that take an int alone (``int[1]`` in
#: torch's native_functions.yaml): ``torch.roll(x, 1, 0)``.
_ONE_INT_LISTS = frozenset(
    {("roll", "shifts"), ("roll", "dims")}
    # (IntArrayRef[1] / [2] of the convolutions: one int is repeated)
    | {(f"conv{n}d", name) for n in (1, 2) for name in ("stride", "padding", "dilation")}
    | {
        (f"max_pool{n}d", name)
        for n in (1, 2)
        for name in ("kernel_size", "stride", "padding", "dilation")
    }
)


def _keyword_value(kwargs: dict[str, Any], name: str) -> Any:
    if name in kwargs:
        return kwargs[name]
    for alias in _NUMPY_NAMES.get(name, ()):
        if alias in kwargs:
            return kwargs[alias]
    return _ABSENT


def _is_long(value: object) -> bool:
    """``THPUtils_checkLong``: a Python or numpy int, not a bool."""
    return isinstance(value, (int, np.integer)) and not isinstance(value, bool)


def _is_python_scalar(value: object) -> bool:
    """``THPUtils_checkScalar``: a Python float, int (bools included) or complex."""
    return isinstance(value, (int, float, complex))


def _is_float_like(value: object) -> bool:
    """torch's ``DOUBLE`` check: a Python or numpy real number, or a 0-d tensor that does not
    require grad."""
    if isinstance(value, Tensor):
        return not value._requires_grad and value._data.ndim == 0
    return isinstance(value, (int, float, np.integer, np.floating)) and not isinstance(value, bool)


def call_error(
    name: str, overloads: tuple[str, ...], args: tuple[Any, ...], kwargs: dict[str, Any]
) -> Exception | None:
    """The TypeError torch's parser raises for ``name(*args, **kwargs)`` given the function's
    overloads as torch lists them (``"(Tensor input, int dim)"``, without ``self`` for a
    method), or None when one of them accepts the call."""
    parsed = [_Overload(name, text.removesuffix("|hidden")) for text in overloads]
    if len(parsed) == 1:
        return parsed[0].error(args, kwargs) or parsed[0].unpack_error
    for overload in parsed:
        if overload.error(args, kwargs) is None:  # the first that takes the call is chosen
            return overload.unpack_error
    listed = [text.replace("?", "") for text in overloads if not text.endswith("|hidden")]
    count = len(args) + len(kwargs)
    plausible = [
        o for o in parsed if o.text.replace("?", "") in listed and o.min_args <= count <= o.max_args
    ]
    if len(plausible) == 1:
        specific = plausible[0].error(args, kwargs)
        if specific is not None:
            return specific
    return TypeError(_invalid_combination(name, tuple(listed), args, kwargs))


def parsed_like_torch(
    function: Any, name: str, overloads: tuple[str, ...], *, method: bool = False
) -> Any:
    """``function`` as a torch namespace function: a call torch's parser would reject raises
    torch's TypeError (see :func:`call_error`) instead of the engine's own failure. The
    check runs only once the call has failed (or answered NotImplemented, as the operators'
    shared code does for a foreign operand). For a ``method``, ``self`` is not an argument
    of the overloads."""

    def parsed(*args: Any, **kwargs: Any) -> Any:
        try:
            result = function(*args, **kwargs)
        except Exception as failure:
            error = call_error(name, overloads, args[method:], kwargs)
            if error is None:
                raise
            raise error from failure.__context__
        if result is NotImplemented:
            raise call_error(name, overloads, args[method:], kwargs) or TypeError(name)
        return result

    functools.update_wrapper(parsed, function)
    return parsed


def invalid_combination(
    name: str, overloads: tuple[str, ...], args: tuple[Any, ...], kwargs: dict[str, Any]
) -> TypeError:
    """torch's "received an invalid combination of arguments" TypeError for ``name(*args,
    **kwargs)``, whatever its overloads would say of the call: for a function whose listed
    overload hides others (``x.copy_()``: "got (), but expected (Tensor other, ...)")."""
    return TypeError(_invalid_combination(name, overloads, args, kwargs))


def _invalid_combination(
    name: str, overloads: tuple[str, ...], args: tuple[Any, ...], kwargs: dict[str, Any]
) -> str:
    """torch's ``format_invalid_args`` for several overloads. It re-reads each listing with
    its own simple rules (``, `` separates arguments, so ``*`` counts as one and ``Tensor out
    = None`` is an argument named ``None``) and compares type names literally."""
    # torch collects the keywords in a std::unordered_map, which lists a few names in the
    # reverse of the call's order; and it drops the list's last ", " only after positional
    # arguments (``got (axis=str, )`` for a method given keywords alone).
    kwargs = dict(reversed(kwargs.items()))
    given = ", ".join(
        [*map(type_name, args), *(f"{key}={type_name(value)}" for key, value in kwargs.items())]
    )
    if kwargs and not args:
        given += ", "
    head = f"{name}() received an invalid combination of arguments - "
    if len(overloads) == 1:  # one listed overload (the others hidden): no list
        return head + _single_listing(overloads[0], given, args, kwargs)
    lines = [f"{head}got ({given}), but expected one of:"]
    for text in overloads:
        lines.append(f" * {text}")
        listed = text[1:-1].split(", ")  # (torch reads "()" as one unnamed argument)
        if len(args) + len(kwargs) != len(listed):
            continue
        names = [part.rpartition(" ")[2] for part in listed]
        unmatched = [key for key in kwargs if key not in names[len(listed) - len(kwargs) :]]
        if kwargs and unmatched:
            lines.append(
                "      didn't match because some of the keywords were incorrect: "
                + ", ".join(unmatched)
            )
            continue
        lines.append(
            "      didn't match because some of the arguments have invalid types: "
            + _marked_arguments(listed, names, args, kwargs)
        )
        if kwargs and not args:  # (as in the "got" line: keywords alone keep their ", ")
            lines[-1] = lines[-1][:-1] + ", )"
    return "\n".join(lines) + "\n"


def _single_listing(text: str, given: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> str:
    listed = text[1:-1].split(", ") if text != "()" else []
    names = [part.rpartition(" ")[2] for part in listed]
    unmatched = [key for key in kwargs if key not in names[max(len(listed) - len(kwargs), 0) :]]
    if kwargs and unmatched:
        return "got unrecognized keyword arguments: " + ", ".join(unmatched)
    if len(args) + len(kwargs) == len(listed):
        given = _marked_arguments(listed, names, args, kwargs)[1:-1]
    return f"got ({given}), but expected {text}"


def _marked_arguments(
    listed: list[str], names: list[str], args: tuple[Any, ...], kwargs: dict[str, Any]
) -> str:
    """``(Tensor, !NoneType!)``: each argument's type, between ``!`` where the overload's
    listed type does not match it (colours instead when both outputs are terminals)."""
    coloured = os.isatty(1) and os.isatty(2)
    red, reset_red = ("\33[31;1m", "\33[0m") if coloured else ("!", "!")
    green, reset_green = ("\33[32;1m", "\33[0m") if coloured else ("", "")
    values = [*args, *(kwargs[names[i]] for i in range(len(args), len(args) + len(kwargs)))]
    parts = []
    for index, value in enumerate(values):
        listed_type = listed[index].rpartition(" ")[0]
        matching = _listed_type_matches(listed_type, value)
        text = f"{names[index]}=" if index >= len(args) else ""
        if isinstance(value, (tuple, list)):
            inner = ", ".join(map(type_name, value))
            if isinstance(value, tuple):
                inner = f"({inner}{',' if len(value) == 1 else ''})"
            else:
                inner = f"[{inner}]"
            text += f"{type_name(value)} of {inner}"
        else:
            text += type_name(value)
        parts.append(f"{green}{text}{reset_green}" if matching else f"{red}{text}{reset_red}")
    return f"({', '.join(parts)})"


def _listed_type_matches(listed_type: str, value: object) -> bool:
    """invalid_arguments.cpp's literal check: ``float`` admits int too, anything else must
    be the value's type name itself (so ``Number`` and ``tuple of ints`` never match)."""
    if listed_type == "float":
        return type_name(value) in ("float", "int", "long")
    if listed_type == "int":
        return type_name(value) in ("int", "long")
    return type_name(value) == listed_type
