"""Run ``Call``s against a loaded module and observe the results as plain data.

The same code runs in the sandboxed child (student code) and in the trusted grader (the
reference solution), so both sides are observed identically.

Observation must not be foolable by the values it looks at. So:

* a value is a tensor only if ``type(value)`` *is* the backend's tensor class (or a subclass the
  backend itself defines, e.g. ``torch.nn.Parameter``); subclasses and look-alikes written by
  the student become kind ``object`` with their type name;
* tensor data and attributes are read through the backend's own descriptors and methods,
  captured in :class:`BackendView` *before* student code runs, never through attribute lookup
  on the value;
* no student-defined ``__eq__``, ``__repr__``, ``__str__``, ``__array__`` or ``__len__`` is ever
  called: objects are shown with ``object.__repr__`` and their type name read through ``type``'s
  own descriptors.

What a hostile child does to its *own* interpreter (monkeypatching numpy or this module) can
only change the data it reports, never a verdict: comparisons happen in the parent.
"""

from __future__ import annotations

import _signal
import builtins
import contextlib
import importlib.util
import io
import linecache
import os
import signal
import sys
import time
import traceback
import types
import weakref
from collections.abc import Iterator
from typing import Any

import numpy as np

from gradekit.sandbox.protocol import (
    CALL_OUTPUT_LIMIT,
    WIDENED_TENSOR_DTYPES,
    WIRE_DTYPES,
    ArgSpec,
    Call,
    CallOutcome,
    ExceptionInfo,
    GraphNode,
    Observed,
)

MAX_SEQUENCE_ITEMS = 10_000
MAX_OBSERVE_DEPTH = 20
MAX_INT_BITS = 4096
MAX_STR_CHARS = 64 * 1024
MAX_REPR_CHARS = 200
MAX_GRAPH_NODES = 500
# An exception's report must fit a result frame whatever the student raised (a megabyte
# message, a 100 000-deep recursion): its message and its traceback's frames are capped here,
# in the child, before framing. Runs of one repeated line are folded as Python folds them.
MAX_MESSAGE_CHARS = 4000
MAX_TRACEBACK_FRAMES = 40  # the first and last half of them are shown, the middle is elided
_RECURSIVE_CUTOFF = 3  # Python's: a line shown 3 times, then "[Previous line repeated n ...]"

# Captured now, at import time, before any student code can replace them.
_set_handler = _signal.signal
_get_handler = _signal.getsignal
_setitimer = _signal.setitimer
_getitimer = _signal.getitimer
_SIGALRM = int(signal.SIGALRM)
_ITIMER_REAL = int(signal.ITIMER_REAL)
_np_array = np.array
_np_ndarray = np.ndarray
_NUMPY_SCALAR_TYPES = frozenset(np.sctypeDict.values())
_object_repr = object.__repr__
_exception_str = BaseException.__str__
_os_error_str = OSError.__str__
# OSError's own message ("[Errno 2] No such file or directory: 'data.csv'") names the file;
# BaseException's ("(2, 'No such file or directory')") does not. It is used only for these
# exact classes, whose __str__ a student cannot have replaced (see _message_of).
_OS_ERROR_TYPES = frozenset(
    value
    for value in vars(builtins).values()
    if isinstance(value, type) and issubclass(value, OSError)
)
_getline = linecache.getline
_getrefcount = sys.getrefcount
_getweakrefcount = weakref.getweakrefcount
_type_qualname = type.__dict__["__qualname__"].__get__
_type_module = type.__dict__["__module__"].__get__
_SAFE_REPR_TYPES = (complex, bytes, range, slice, type(Ellipsis))


def type_name(value: Any) -> str:
    """``module.QualName`` of ``type(value)``, read through ``type``'s own descriptors."""
    cls = type(value)
    module = _type_module(cls)
    qualname = _type_qualname(cls)
    return qualname if module == "builtins" else f"{module}.{qualname}"


def _optional_attribute(owner: Any, name: str) -> Any:
    """``getattr(owner, name)`` or None; a backend may raise anything for names it lacks."""
    try:
        return getattr(owner, name)
    except Exception:
        return None


def _static_attribute(cls: type, name: str) -> Any:
    """The raw class attribute ``name`` from ``cls``'s MRO, without running any descriptor."""
    for klass in cls.__mro__:
        if name in klass.__dict__:
            return klass.__dict__[name]
    raise AttributeError(f"{cls.__name__} has no attribute {name!r}")


class BackendView:
    """The parts of a backend (torch or gradekit.engine) the executor needs, captured early.

    Construct it before the submission is imported; afterwards it reads tensors only through
    the descriptors and functions it holds, so student patches of the backend do not apply.
    """

    DTYPE_NAMES = sorted(WIRE_DTYPES | set(WIDENED_TENSOR_DTYPES))

    def __init__(self, backend: types.ModuleType) -> None:
        self.backend_name = backend.__name__
        self.tensor_type: type = backend.Tensor
        self.tensor_factory = backend.tensor
        # The engine's torch.tensor of an array that already has the dtype asked for, minus
        # its general path (inference, conversion checks): a third of the cost per argument.
        self._tensor_of_array = None
        if self.backend_name == "gradekit.engine":
            from gradekit.engine.ops.creation import tensor_of_array

            self._tensor_of_array = tensor_of_array
        # Backend-defined subclasses that are still genuine tensors (reported with exact_type
        # False); anything else deriving from Tensor is the student's and becomes an "object".
        self.trusted_types: dict[type, str] = {self.tensor_type: "torch.Tensor"}
        parameter = _optional_attribute(_optional_attribute(backend, "nn"), "Parameter")
        if isinstance(parameter, type) and issubclass(parameter, self.tensor_type):
            self.trusted_types[parameter] = "torch.nn.Parameter"
        self.size_type = _optional_attribute(backend, "Size")
        self.dtypes: list[tuple[Any, str]] = [
            (dtype, name)
            for name in self.DTYPE_NAMES
            if (dtype := _optional_attribute(backend, name)) is not None
        ]
        self.dtype_by_name = {name: dtype for dtype, name in self.dtypes}
        # Looked up by identity (id() is an int: no student __hash__ or __eq__ can run);
        # the first name of a dtype wins, as in a walk over self.dtypes.
        self._dtype_names_by_id: dict[int, tuple[Any, str]] = {}
        for dtype, name in self.dtypes:
            self._dtype_names_by_id.setdefault(id(dtype), (dtype, name))
        accessor_names = (
            "detach",
            "numpy",
            "to",
            "requires_grad",
            "is_leaf",
            "grad_fn",
            "grad",
            "retains_grad",
            "dtype",
            "backward",
            "resolve_conj",
            "resolve_neg",
        )
        self._accessors: dict[str, Any] = {}
        for name in accessor_names:
            with contextlib.suppress(AttributeError):
                accessor = _static_attribute(self.tensor_type, name)
                # A backend may keep a stand-in for a name it lacks that raises when read
                # (the engine does for torch.Tensor attributes outside its subset): only what
                # the class really provides is an accessor.
                if _optional_attribute(self.tensor_type, name) is not None:
                    self._accessors[name] = accessor
        disable = _optional_attribute(_optional_attribute(backend, "_C"), "DisableTorchFunction")
        # Student-installed torch-function modes must not intercept our reads. A backend
        # without them (the engine) needs no context manager around each tensor's reads.
        self._no_overrides = disable
        # What observing a tensor reads, looked up once here rather than for every tensor.
        self._resolvers = tuple(
            self._accessors[name]
            for name in ("resolve_conj", "resolve_neg")
            if name in self._accessors
        )
        # The engine's numpy(force=True) is its detach().numpy() without the detached tensor
        # (a sixth of observing a small tensor). Not torch's: it also copies to the CPU, which
        # changes how a tensor on the meta device fails to be observed.
        self._numpy_forced = (
            self._accessors.get("numpy") if self.backend_name == "gradekit.engine" else None
        )
        self._readers = {
            name: self._accessors[name].__get__
            for name in ("dtype", "requires_grad", "is_leaf", "grad_fn", "retains_grad")
            if name in self._accessors
        }
        # autograd_facts's readers (None for what the backend lacks), unpacked once per tensor.
        self._fact_readers = tuple(
            self._readers.get(name) for name in ("is_leaf", "grad_fn", "retains_grad")
        )

    # -- reading tensors ------------------------------------------------------------------

    def has_accessor(self, name: str) -> bool:
        return name in self._accessors

    def attribute(self, tensor: Any, name: str) -> Any:
        """Value of a data attribute (property / getset descriptor) of a genuine tensor."""
        accessor = self._accessors[name]
        return accessor.__get__(tensor, self.tensor_type)

    def method(self, tensor: Any, name: str, *args: Any, **kwargs: Any) -> Any:
        """Call a method of the genuine tensor class on ``tensor`` (unbound, captured early)."""
        return self._accessors[name](tensor, *args, **kwargs)

    def dtype_name(self, tensor: Any) -> str | None:
        dtype = self._readers["dtype"](tensor, self.tensor_type)
        known = self._dtype_names_by_id.get(id(dtype))
        return known[1] if known is not None and known[0] is dtype else None

    def autograd_facts(self, tensor: Any) -> tuple[bool, bool | None, str | None, bool]:
        """``requires_grad``, ``is_leaf``, the name of ``grad_fn`` and ``retains_grad`` of a
        genuine tensor (None, None and False for what the backend does not have)."""
        cls = self.tensor_type
        requires_grad = bool(self._readers["requires_grad"](tensor, cls))
        read_is_leaf, read_grad_fn, read_retains = self._fact_readers
        is_leaf = None if read_is_leaf is None else bool(read_is_leaf(tensor, cls))
        grad_fn = None if read_grad_fn is None else self.grad_fn_name(read_grad_fn(tensor, cls))
        retains = False if read_retains is None else bool(read_retains(tensor, cls))
        return requires_grad, is_leaf, grad_fn, retains

    def tensor_data(self, tensor: Any, dtype_name: str) -> np.ndarray:
        if self._no_overrides is None:
            if self._numpy_forced is not None and dtype_name not in WIDENED_TENSOR_DTYPES:
                array = self._numpy_forced(tensor, force=True)  # (the engine: no call more)
            else:
                array = self._tensor_array(tensor, dtype_name)
        else:
            with self._no_overrides():
                array = self._tensor_array(tensor, dtype_name)
        if type(array) is not _np_ndarray:
            raise TypeError("the backend did not produce a numpy array")
        return _np_array(array, copy=True)

    def _tensor_array(self, tensor: Any, dtype_name: str) -> Any:
        if self._numpy_forced is not None and dtype_name not in WIDENED_TENSOR_DTYPES:
            return self._numpy_forced(tensor, force=True)
        data = self.method(tensor, "detach")
        if dtype_name in WIDENED_TENSOR_DTYPES:
            widened = self.dtype_by_name[WIDENED_TENSOR_DTYPES[dtype_name]]
            data = self.method(data, "to", widened)
        for resolve in self._resolvers:
            data = resolve(data)
        return self.method(data, "numpy")

    def grad_fn_name(self, node: Any) -> str | None:
        """Name of an autograd node as torch prints it (``MulBackward0``, ``AccumulateGrad``)."""
        if node is None:
            return None
        return _type_qualname(type(node))

    # -- building inputs ------------------------------------------------------------------

    def make_tensor(self, spec: ArgSpec) -> Any:
        dtype = self.dtype_by_name[spec.dtype]
        blob = spec.blob
        if (
            self._tensor_of_array is not None
            and type(blob) is _np_ndarray
            and blob.dtype is dtype.np_dtype
            and (not spec.requires_grad or dtype.is_floating_point)
        ):
            return self._tensor_of_array(blob, dtype, spec.requires_grad)
        return self.tensor_factory(blob.copy(), dtype=dtype, requires_grad=spec.requires_grad)


def build_argument(spec: ArgSpec, view: BackendView) -> Any:
    """Materialise one ``ArgSpec`` with the backend."""
    if spec.kind == "tensor":
        return view.make_tensor(spec)
    if spec.kind == "tuple":
        return tuple(build_argument(item, view) for item in spec.items or ())
    return _copy_json(spec.value)


def _copy_json(value: Any) -> Any:
    return [_copy_json(v) for v in value] if type(value) is list else value


# ---------------------------------------------------------------------------------------------
# Observation
# ---------------------------------------------------------------------------------------------


def _as_object(value: Any, note: str | None = None) -> Observed:
    if note is not None:
        shown = note
    elif type(value) in _SAFE_REPR_TYPES:
        shown = repr(value)
    else:
        shown = _object_repr(value)
    return Observed("object", type_name(value), repr=shown[:MAX_REPR_CHARS])


def observe(value: Any, view: BackendView, depth: int = 0) -> Observed:
    """The plain-data picture of ``value``; never raises, never runs student methods."""
    try:
        return _observe_unchecked(value, view, depth)
    except Exception as exc:  # a broken tensor (meta device, freed storage...) is just shown
        return _as_object(value, f"<could not observe: {type(exc).__name__}>")


def _observe_unchecked(value: Any, view: BackendView, depth: int) -> Observed:
    cls = type(value)
    if cls in view.trusted_types:
        return _observe_tensor(value, view, cls)
    if value is None or cls in (bool, float):
        return Observed("python", cls.__name__, value=value)
    if cls is int:
        if value.bit_length() > MAX_INT_BITS:
            return _as_object(value, f"<int with {value.bit_length()} bits>")
        return Observed("python", "int", value=value)
    if cls is str:
        if len(value) > MAX_STR_CHARS:
            return _as_object(value, f"<str of {len(value)} characters>")
        return Observed("python", "str", value=value)
    if cls in (tuple, list) or (view.size_type is not None and cls is view.size_type):
        if depth >= MAX_OBSERVE_DEPTH or len(value) > MAX_SEQUENCE_ITEMS:
            return _as_object(value, f"<{cls.__name__} too deep or too long to observe>")
        name = "torch.Size" if cls is view.size_type else cls.__name__
        items = tuple(observe(item, view, depth + 1) for item in tuple(value))
        return Observed("sequence", name, items=items)
    if cls is _np_ndarray or cls in _NUMPY_SCALAR_TYPES:
        dtype = value.dtype.name
        if dtype not in WIRE_DTYPES:
            return _as_object(value, f"<numpy data of dtype {dtype}>")
        data = _np_array(value, copy=True)
        return Observed(
            "ndarray",
            type_name(value),
            exact_type=cls is _np_ndarray,
            dtype=dtype,
            shape=tuple(data.shape),
            data=data,
        )
    return _as_object(value)


def _observe_tensor(tensor: Any, view: BackendView, cls: type) -> Observed:
    dtype = view.dtype_name(tensor)
    if dtype is None:
        return _as_object(tensor, "<tensor of a dtype that cannot be transferred>")
    data = view.tensor_data(tensor, dtype)
    requires_grad, is_leaf, grad_fn, retains_grad = view.autograd_facts(tensor)
    return Observed(
        "tensor",
        view.trusted_types[cls],
        exact_type=cls is view.tensor_type,
        dtype=dtype,
        shape=tuple(data.shape),
        data=data,
        requires_grad=requires_grad,
        is_leaf=is_leaf,
        grad_fn=grad_fn,
        retains_grad=retains_grad,
    )


def observe_graph(
    tensor: Any, view: BackendView, inputs: dict[str, Any] | None = None
) -> tuple[GraphNode, ...] | None:
    """Breadth-first list of the autograd nodes behind ``tensor`` (None if it has none). An
    ``AccumulateGrad`` node of one of the call's ``inputs`` (by name) carries that name."""
    if type(tensor) not in view.trusted_types:
        return None
    root = view.attribute(tensor, "grad_fn")
    if root is None:
        return None
    order: list[Any] = [root]
    index_of = {id(root): 0}
    links: list[list[int | None]] = []
    position = 0
    while position < len(order):
        node = order[position]
        position += 1
        nexts = []
        for pair in tuple(getattr(node, "next_functions", ()))[:64]:
            child = pair[0] if type(pair) is tuple and pair else None
            if child is None:
                nexts.append(None)
                continue
            if id(child) not in index_of:
                if len(order) >= MAX_GRAPH_NODES:
                    nexts.append(None)
                    continue
                index_of[id(child)] = len(order)
                order.append(child)
            nexts.append(index_of[id(child)])
        links.append(nexts)
    leaves = {
        id(value): (name, value)
        for name, value in (inputs or {}).items()
        if type(value) in view.trusted_types
    }
    nodes = []
    for node, nexts in zip(order, links, strict=True):
        name = view.grad_fn_name(node) or "?"
        source = None
        if name == "AccumulateGrad" and leaves:
            variable = getattr(node, "variable", None)
            argument = leaves.get(id(variable))
            source = argument[0] if argument is not None and argument[1] is variable else None
        nodes.append(GraphNode(name, tuple(nexts), source))
    return tuple(nodes)


# ---------------------------------------------------------------------------------------------
# Exceptions and tracebacks
# ---------------------------------------------------------------------------------------------


def describe_exception(
    exc: BaseException, student_file: str | None, display_name: str | None = None
) -> ExceptionInfo:
    """Type, message and the traceback cut to frames from ``student_file``."""
    try:
        message = _capped(_message_of(exc), MAX_MESSAGE_CHARS)
    except Exception:
        message = "<the exception's message could not be read>"
    exc_type = type_name(exc)
    runs = _student_frame_runs(exc, student_file)
    line = runs[-1][0] if runs else None
    shown_name = display_name or (
        os.path.basename(student_file) if student_file else "<submission>"
    )
    lines = ["Traceback (most recent call last):\n"] if runs else []
    lines += _frame_lines(runs, student_file or "", shown_name)
    if isinstance(exc, SyntaxError) and type(exc) in (SyntaxError, IndentationError, TabError):
        line = exc.lineno
        message = exc.msg or message
        detail = "".join(traceback.format_exception_only(type(exc), exc))
        lines.append(detail.replace(str(exc.filename), shown_name))
    else:
        lines.append(f"{exc_type}: {message}\n" if message else f"{exc_type}\n")
    return ExceptionInfo(type=exc_type, message=message, traceback="".join(lines), line=line)


def _message_of(exc: BaseException) -> str:
    """``str(exc)`` without running code of the student's: BaseException's text, or for a
    builtin OSError whose file names are plain strings, OSError's (which names the file)."""
    if type(exc) in _OS_ERROR_TYPES and all(
        type(name) in (str, bytes, type(None))
        for name in (exc.filename, exc.filename2)  # type: ignore[attr-defined]
    ):
        return _os_error_str(exc)
    return _exception_str(exc)


def _capped(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... [{len(text) - limit} more characters]"


def _student_frame_runs(exc: BaseException, student_file: str | None) -> list[list[Any]]:
    """The frames of ``exc``'s traceback in ``student_file``, as runs of one repeated line:
    ``[line number, function name, how many frames in a row]``.

    Walked by hand, with one small list per run rather than an object per frame: a runaway
    recursion under ``sys.setrecursionlimit(100000)`` has 100 000 frames, and allocating per
    frame makes the collector traverse them all, again and again."""
    runs: list[list[Any]] = []
    if student_file is None:
        return runs
    # As extract_tb, only the first sys.tracebacklimit frames (when the student set it).
    limit = getattr(sys, "tracebacklimit", None)
    left = max(limit, 0) if isinstance(limit, int) else -1
    tb = exc.__traceback__
    while tb is not None and left != 0:
        left -= 1
        code = tb.tb_frame.f_code
        if code.co_filename == student_file:
            lineno = tb.tb_lineno
            last = runs[-1] if runs else None
            if last is not None and last[0] == lineno and last[1] == code.co_name:
                last[2] += 1
            else:
                runs.append([lineno, code.co_name, 1])
        tb = tb.tb_next
    return runs


def _frame_lines(runs: list[list[Any]], student_file: str, shown_name: str) -> list[str]:
    """The traceback's lines for the student's frames (:func:`_student_frame_runs`): a line
    repeated in a row more than three times is folded as Python folds it ("[Previous line
    repeated 996 more times]"), and of more than :data:`MAX_TRACEBACK_FRAMES` entries (a
    frame, or a fold) only the first and last are kept."""
    entries: list[list[str]] = []
    for lineno, name, count in runs:
        entry = [f'  File "{shown_name}", line {lineno}, in {name}\n']
        source = _getline(student_file, lineno).strip() if lineno else ""
        if source:
            entry.append(f"    {_capped(source, MAX_REPR_CHARS)}\n")
        entries += [entry] * min(count, _RECURSIVE_CUTOFF)
        if count > _RECURSIVE_CUTOFF:
            more = count - _RECURSIVE_CUTOFF
            entries.append([f"  [Previous line repeated {more} more time{'s' * (more > 1)}]\n"])
    if len(entries) > MAX_TRACEBACK_FRAMES:
        half = MAX_TRACEBACK_FRAMES // 2
        hidden = len(entries) - 2 * half
        entries = [
            *entries[:half],
            [f"  ... {hidden} more entries not shown ...\n"],
            *entries[-half:],
        ]
    return [line for entry in entries for line in entry]


# ---------------------------------------------------------------------------------------------
# Loading and calling
# ---------------------------------------------------------------------------------------------


def load_submission(
    path: str | os.PathLike[str],
    *,
    module_name: str = "submission",
    display_name: str | None = None,
) -> tuple[dict[str, Any] | None, ExceptionInfo | None]:
    """Import ``path`` as module ``module_name``; return its namespace or the load error."""
    # A str path, not pathlib: the zygote imports this module before every check can run,
    # and pathlib (with urllib.parse) would be a few milliseconds of that for one file name.
    path = os.fspath(path)
    spec = importlib.util.spec_from_file_location(module_name, path)
    if spec is None or spec.loader is None:
        return None, ExceptionInfo("ImportError", f"cannot import {os.path.basename(path)}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException as exc:  # SystemExit/KeyboardInterrupt at import are load errors too
        sys.modules.pop(module_name, None)
        return None, describe_exception(exc, path, display_name)
    return module.__dict__, None


class CallTimeout(BaseException):
    """Raised by the per-call alarm; a BaseException so ``except Exception`` cannot eat it."""


class _CappedTee(io.TextIOBase):
    """Keeps the first ``limit`` characters written and passes everything on to ``target``."""

    def __init__(self, target: Any, limit: int) -> None:
        self.target = target
        self.limit = limit
        self.parts: list[str] = []
        self.size = 0

    def write(self, text: str) -> int:
        if type(text) is not str:
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        if self.size < self.limit:
            self.parts.append(text[: self.limit - self.size])
            self.size += len(self.parts[-1])
        if self.target is not None:
            self.target.write(text)
        return len(text)

    def flush(self) -> None:
        if self.target is not None:
            self.target.flush()

    def getvalue(self) -> str:
        return "".join(self.parts)


# Tees of finished calls that nothing else refers to, for the next calls: creating an
# io.TextIOBase and finalizing it (its close() flushes) cost more than the rest of a small
# call's output handling, about 7 000 instructions a tee. list.pop and list.append are atomic,
# so threads running calls share the spares safely.
_SPARE_TEES: list[_CappedTee] = []
_SPARE_TEES_KEPT = 8
# A tee's __dict__ holds target, limit, parts and size until something changes it (close()
# adds "__IOBase_closed", the student may set attributes).
_TEE_FIELDS = 4
# The caller's variable, the parameter of _take_output and getrefcount's own argument.
_TEE_REFERENCES_WHEN_UNSHARED = 3


def _fresh_tee(target: Any, limit: int) -> _CappedTee:
    """A :class:`_CappedTee` with nothing written to it: a spare one, or a new one."""
    try:
        tee = _SPARE_TEES.pop()
    except IndexError:
        return _CappedTee(target, limit)
    tee.target = target
    tee.limit = limit
    return tee


def _take_output(tee: _CappedTee) -> str:
    """What ``tee`` kept; the tee becomes a spare when no one else (the student's code) holds
    it, even weakly, and it is as :class:`_CappedTee` left it (not closed, no attribute
    set), so no call can tell a spare from a new tee."""
    text = "".join(tee.parts)
    if (
        _getrefcount(tee) == _TEE_REFERENCES_WHEN_UNSHARED
        and _getweakrefcount(tee) == 0
        and type(tee) is _CappedTee
        and len(tee.__dict__) == _TEE_FIELDS
        and len(_SPARE_TEES) < _SPARE_TEES_KEPT
    ):
        tee.target = None
        tee.parts = []
        tee.size = 0
        _SPARE_TEES.append(tee)
    return text


class CallAlarm:
    """Raises ``CallTimeout`` in the main thread when an armed call runs out of time.

    One alarm serves a whole run of calls: SIGALRM's handler is installed when it is created
    and the previous one restored by :meth:`close`, and each call costs one ``setitimer``
    (:meth:`arm`) and a flag (:meth:`disarm`). Re-installing the handler and stopping the
    timer around every call cost three more system calls each, for nothing: a timer left
    running after :meth:`disarm` either fires into the handler, which ignores it while
    disarmed, or is replaced by the next :meth:`arm`. A call that replaced the handler
    (``signal.signal``) gets it back when it ends (:meth:`disarm`), so no handler of the
    student's runs between calls.
    """

    __slots__ = ("armed", "previous", "_handler")

    def __init__(self) -> None:
        self.armed = False
        self._handler = self._on_alarm  # the very object the handler table holds
        # _signal.signal is what signal.signal calls, without its enum conversions.
        self.previous = _set_handler(_SIGALRM, self._handler)

    def _on_alarm(self, signum: int, frame: Any) -> None:
        # A timer that is still running belongs to a later arm(): this signal is an earlier
        # timer's, already pending when that arm() replaced it.
        if self.armed and _getitimer(_ITIMER_REAL)[0] == 0.0:
            raise CallTimeout()

    def arm(self, seconds: float) -> None:
        """Start a call's ``seconds``."""
        self._reinstall()
        _setitimer(_ITIMER_REAL, seconds)
        self.armed = True

    def disarm(self) -> None:
        """End the call: from now on its timer, if it still runs, raises nothing."""
        self.armed = False
        self._reinstall()

    def _reinstall(self) -> None:
        if _get_handler(_SIGALRM) is not self._handler:  # reads Python's table: no system call
            _set_handler(_SIGALRM, self._handler)

    def close(self) -> None:
        """Stop the timer and restore the handler this alarm replaced."""
        self.armed = False
        _setitimer(_ITIMER_REAL, 0)
        _set_handler(_SIGALRM, self.previous)


@contextlib.contextmanager
def time_limit(seconds: float | None) -> Iterator[None]:
    """Raise CallTimeout in the main thread after ``seconds`` (no-op when None)."""
    if seconds is None:
        yield
        return
    alarm = CallAlarm()
    try:
        alarm.arm(seconds)
        yield
    finally:
        alarm.close()


def execute_call(
    namespace: dict[str, Any],
    call: Call,
    view: BackendView,
    *,
    student_file: str | None = None,
    display_name: str | None = None,
    alarm: CallAlarm | None = None,
    echo_output: bool = False,
    observer=observe,
    graph_observer=observe_graph,
    describer=describe_exception,
) -> CallOutcome:
    """Run one call and observe everything it asks for; with ``alarm``, within the call's
    timeout (the caller creates the alarm for its run of calls and closes it).

    The last three parameters bind the observers when this function is defined, so a student
    who replaces ``executor.observe`` afterwards does not change what is reported.
    """
    started = time.perf_counter()
    if call.entry not in namespace:
        kind = "function" if call.entry_kind == "function" else "variable"
        info = ExceptionInfo(
            "AttributeError", f"the submission does not define the {kind} `{call.entry}`"
        )
        return CallOutcome(status="missing", exception=info)
    target = namespace[call.entry]
    inputs = {name: build_argument(spec, view) for name, spec in call.args.items()}
    backward_seed = (
        build_argument(call.capture.backward, view) if call.capture.backward is not None else None
    )
    status, exception, value = "ok", None, None
    # Output capture and the alarm are spelled out here rather than as context managers:
    # this runs once per call, and two generator-based managers cost more than the call
    # itself for the small functions of an exercise.
    out = _fresh_tee(sys.stdout if echo_output else None, CALL_OUTPUT_LIMIT)
    err = _fresh_tee(sys.stderr if echo_output else None, CALL_OUTPUT_LIMIT)
    saved_streams = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    try:
        try:
            if alarm is not None:
                alarm.arm(call.timeout)
            try:
                if call.entry_kind == "variable":
                    value = target
                elif not callable(target):
                    raise TypeError(f"`{call.entry}` is a {type_name(target)}, not a function")
                else:
                    value = target(*inputs.values())
                if backward_seed is not None:
                    _run_backward(value, backward_seed, view)
            finally:
                if alarm is not None:
                    alarm.disarm()
        except CallTimeout:
            status = "timeout"
            exception = ExceptionInfo(
                "TimeoutError", f"`{call.entry}` did not finish within {call.timeout:g} s"
            )
        except BaseException as exc:  # SystemExit, KeyboardInterrupt: the student's call failed
            status = "raised"
            exception = describer(exc, student_file, display_name)
    finally:
        sys.stdout, sys.stderr = saved_streams
        if echo_output:
            try:  # not contextlib.suppress: a context manager per call costs more than this
                saved_streams[0].flush()
                saved_streams[1].flush()
            except Exception:
                pass
    observed_value = observer(value, view) if status == "ok" else None
    grads: dict[str, Observed | None] = {}
    for name in call.capture.grads:
        tensor = inputs.get(name)
        grad = view.attribute(tensor, "grad") if type(tensor) in view.trusted_types else None
        grads[name] = None if grad is None else observer(grad, view)
    inputs_after = {
        name: observer(inputs[name], view) for name in call.capture.inputs_after if name in inputs
    }
    graph = graph_observer(value, view, inputs) if call.capture.graph and status == "ok" else None
    return CallOutcome(
        status=status,
        value=observed_value,
        grads=grads,
        inputs_after=inputs_after,
        exception=exception,
        duration=time.perf_counter() - started,
        stdout=_take_output(out),
        stderr=_take_output(err),
        graph=graph,
    )


def _run_backward(value: Any, seed: Any, view: BackendView) -> None:
    if type(value) not in view.trusted_types:
        raise TypeError(f"cannot run backward(): the result is a {type_name(value)}, not a tensor")
    view.method(value, "backward", seed)


def execute_calls(
    module_namespace: dict[str, Any],
    calls: list[Call],
    backend_module: types.ModuleType | BackendView,
    *,
    student_file: str | None = None,
    display_name: str | None = None,
    enforce_timeouts: bool = False,
) -> dict[str, CallOutcome]:
    """Run ``calls`` in order against a loaded module; returns outcomes by ``call_id``.

    Pass a :class:`BackendView` built before the module was imported when the module is
    untrusted; passing the backend module itself is fine for trusted (reference) code.
    """
    view = (
        backend_module if isinstance(backend_module, BackendView) else BackendView(backend_module)
    )
    student_file = student_file or module_namespace.get("__file__")
    alarm = CallAlarm() if enforce_timeouts else None
    try:
        return {
            call.call_id: execute_call(
                module_namespace,
                call,
                view,
                student_file=student_file,
                display_name=display_name,
                alarm=alarm,
            )
            for call in calls
        }
    finally:
        if alarm is not None:
            alarm.close()
