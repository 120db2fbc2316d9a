"""Wire types and the frame codec: everything that crosses the sandbox boundary.

Only *plain data* crosses: JSON metadata plus raw numeric buffers. Never pickle, never an object
the grader would call into. The grader treats every byte coming from the child as hostile, so
:func:`decode_frame` validates sizes, dtypes and structure *before* it allocates anything, and the
``*_from_wire`` functions check every field's type.

Frame layout (all integers big-endian)::

    b"GKF1" | header_len: u32 | payload_len: u64 | header: JSON (header_len bytes) | payload

The header is ``{"v": 1, "body": <json>, "buffers": [{"dtype", "shape", "nbytes", "offset"}]}``.
Buffers are laid out back to back in the payload (offset 0, then each right after the previous
one); the body refers to them by index, and only in the fields that hold arrays
(``ArgSpec.blob``, ``Observed.data``), so a student string can never be mistaken for an array.

``Observed`` is a frozen dataclass that is also a read-only ``Mapping`` over its set fields, so the
grading code may write ``observed["kind"]`` or ``observed.kind`` interchangeably.
"""

from __future__ import annotations

import functools
import json
import math
import re
import struct
from collections.abc import Callable, Iterator, Mapping
from dataclasses import field, fields
from typing import Any

import numpy as np

from gradekit.sandbox.records import frozen_record

FRAME_MAGIC = b"GKF1"
FRAME_VERSION = 1
_PREFIX = struct.Struct(">4sIQ")
PREFIX_SIZE = _PREFIX.size

MAX_HEADER_BYTES = 4 * 1024 * 1024
MAX_FRAME_BYTES = 64 * 1024 * 1024
MAX_BUFFERS = 4096
MAX_NDIM = 32
MAX_NESTING = 32
MAX_TEXT_CHARS = 1024 * 1024

# Numeric and bool dtypes only: nothing that can hold a Python object or needs a pickle.
WIRE_DTYPES: frozenset[str] = frozenset(
    {
        "bool",
        "int8",
        "int16",
        "int32",
        "int64",
        "uint8",
        "uint16",
        "uint32",
        "uint64",
        "float16",
        "float32",
        "float64",
        "complex64",
        "complex128",
    }
)
# Tensor dtypes numpy cannot represent travel as float32 data plus their real dtype name.
WIDENED_TENSOR_DTYPES: dict[str, str] = {"bfloat16": "float32"}

CALL_STATUSES = ("ok", "raised", "timeout", "crashed", "missing", "invalid")
# What the child keeps of a call's stdout and of its stderr: the grader tells a capped output
# by its length (here, not in the executor, which the grader does not import).
CALL_OUTPUT_LIMIT = 64 * 1024
# The status of a call the runner did not run because an earlier call of its entry timed out
# (``run_submission(skip_after_timeout=True)``). Given by the grader, never read off the wire.
SKIPPED_STATUS = "skipped"
# The start of a load error's message when importing the submission ran out of time (the
# child's alarm or the runner's deadline); the report recognises it to advise the student.
LOAD_TIMEOUT_MESSAGE = "importing the submission did not finish within"
OBSERVED_KINDS = ("tensor", "python", "sequence", "ndarray", "object")


# numpy computes ``dtype.name`` in Python on every access; the frame codec asks for it a few
# times per array, so the names of the dtypes seen are kept (dtypes are hashable, immutable).
_DTYPE_NAMES: dict[np.dtype, str] = {}


def dtype_name(dtype: np.dtype) -> str:
    """``dtype.name``, remembered per dtype."""
    name = _DTYPE_NAMES.get(dtype)
    if name is None:
        name = _DTYPE_NAMES[dtype] = dtype.name
    return name


# ``dtype.newbyteorder("<")`` makes a new dtype object on every call; the frame encoder asks
# for it once per array.
_LITTLE_ENDIAN: dict[np.dtype, np.dtype] = {}


def little_endian(dtype: np.dtype) -> np.dtype:
    """``dtype.newbyteorder("<")``, remembered per dtype."""
    little = _LITTLE_ENDIAN.get(dtype)
    if little is None:
        little = _LITTLE_ENDIAN[dtype] = dtype.newbyteorder("<")
    return little


class ProtocolError(ValueError):
    """Bytes or data that do not follow the wire protocol; the message says where and why."""


class FrameTooLarge(ProtocolError):
    """A frame whose prefix claims more bytes than the cap (``size`` and ``cap``, in bytes):
    usually an honest result that is too big to send, such as a huge tensor."""

    def __init__(self, size: int, cap: int) -> None:
        super().__init__(f"frame claims {size} bytes, cap is {cap}")
        self.size = size
        self.cap = cap


# --------------------------------------------------------------------------------------------
# Wire types
# --------------------------------------------------------------------------------------------


@frozen_record
class ArgSpec:
    """One input of an entry point, fully materialised by the parent.

    Build with :meth:`tensor`, :meth:`python` or :meth:`tuple_of` rather than the constructor.
    """

    kind: str  # "tensor" | "python" | "tuple"
    dtype: str | None = None
    shape: tuple[int, ...] | None = None
    blob: np.ndarray | None = field(default=None, compare=False)
    requires_grad: bool = False
    value: Any = None
    items: tuple[ArgSpec, ...] | None = None

    @classmethod
    def tensor(
        cls, blob: np.ndarray, *, requires_grad: bool = False, dtype: str | None = None
    ) -> ArgSpec:
        """A tensor built from ``blob``; ``dtype`` defaults to the blob's (``bfloat16`` allowed)."""
        array = np.array(blob, copy=True)
        if not isinstance(blob, np.ndarray) and array.dtype == np.float64:
            array = array.astype(np.float32)  # plain Python floats default to torch's float32
        dtype = dtype or dtype_name(array.dtype)
        _check_array_dtype(array, dtype, "ArgSpec.tensor")
        return cls(
            "tensor",
            dtype=dtype,
            shape=tuple(array.shape),
            blob=array,
            requires_grad=bool(requires_grad),
        )

    @classmethod
    def python(cls, value: Any) -> ArgSpec:
        """A JSON-like Python value: None, bool, int, float, str or (nested) lists of them."""
        _check_json_value(value, "ArgSpec.python", 0)
        return cls("python", value=value)

    @classmethod
    def tuple_of(cls, items: list[ArgSpec] | tuple[ArgSpec, ...]) -> ArgSpec:
        """A Python tuple whose items are themselves ``ArgSpec``s."""
        items = tuple(items)
        for item in items:
            if not isinstance(item, ArgSpec):
                raise ProtocolError(f"ArgSpec.tuple_of: expected ArgSpec items, got {item!r}")
        return cls("tuple", items=items)


@frozen_record
class Capture:
    """Extra observations made after a call.

    ``grads``: inputs whose ``.grad`` is reported; ``inputs_after``: inputs observed again after
    the call (in-place changes); ``graph``: the autograd graph behind the returned tensor;
    ``backward``: when set, ``value.backward(gradient=<this tensor>)`` runs before grads are read.
    """

    grads: tuple[str, ...] = ()
    inputs_after: tuple[str, ...] = ()
    graph: bool = False
    backward: ArgSpec | None = None


@frozen_record
class Call:
    """One thing to do with the student's module: call ``entry`` or read it as a variable."""

    call_id: str
    entry: str
    entry_kind: str = "function"  # "function" | "variable"
    args: dict[str, ArgSpec] = field(default_factory=dict)
    capture: Capture = field(default_factory=Capture)
    timeout: float = 10.0


# The quick decoding passes build hundreds of these records per frame. Their generic constructor
# (a type call, then the fields zipped into a dict) costs more than twice what these do: the
# same instance, its fields set in one step. tests/sandbox/test_decode_records.py holds each to
# its class's constructor.
_new_instance = object.__new__
_set_attribute = object.__setattr__


def _new_argspec(
    kind: str,
    dtype: str | None,
    shape: tuple[int, ...] | None,
    blob: np.ndarray | None,
    requires_grad: bool,
    value: Any,
    items: tuple[ArgSpec, ...] | None,
) -> ArgSpec:
    """``ArgSpec(kind, dtype, shape, blob, requires_grad, value, items)``."""
    spec = _new_instance(ArgSpec)
    _set_attribute(
        spec,
        "__dict__",
        {
            "kind": kind,
            "dtype": dtype,
            "shape": shape,
            "blob": blob,
            "requires_grad": requires_grad,
            "value": value,
            "items": items,
        },
    )
    return spec


def _new_capture(
    grads: tuple[str, ...],
    inputs_after: tuple[str, ...],
    graph: bool,
    backward: ArgSpec | None,
) -> Capture:
    """``Capture(grads, inputs_after, graph, backward)``."""
    capture = _new_instance(Capture)
    _set_attribute(
        capture,
        "__dict__",
        {"grads": grads, "inputs_after": inputs_after, "graph": graph, "backward": backward},
    )
    return capture


def _new_call(
    call_id: str,
    entry: str,
    entry_kind: str,
    args: dict[str, ArgSpec],
    capture: Capture,
    timeout: float,
) -> Call:
    """``Call(call_id, entry, entry_kind, args, capture, timeout)``."""
    call = _new_instance(Call)
    _set_attribute(
        call,
        "__dict__",
        {
            "call_id": call_id,
            "entry": entry,
            "entry_kind": entry_kind,
            "args": args,
            "capture": capture,
            "timeout": timeout,
        },
    )
    return call


@frozen_record
class Observed(Mapping):
    """Plain-data picture of a value in the child (see docs/architecture.md for each kind)."""

    kind: str
    type: str
    exact_type: bool | None = None
    dtype: str | None = None
    shape: tuple[int, ...] | None = None
    data: np.ndarray | None = None
    requires_grad: bool | None = None
    is_leaf: bool | None = None
    grad_fn: str | None = None
    retains_grad: bool | None = None
    value: Any = None
    items: tuple[Observed, ...] | None = None
    repr: str | None = None

    def __init__(
        self,
        kind: str,
        type: str,
        exact_type: bool | None = None,
        dtype: str | None = None,
        shape: tuple[int, ...] | None = None,
        data: np.ndarray | None = None,
        requires_grad: bool | None = None,
        is_leaf: bool | None = None,
        grad_fn: str | None = None,
        retains_grad: bool | None = None,
        value: Any = None,
        items: tuple[Observed, ...] | None = None,
        repr: str | None = None,
    ) -> None:
        # The same fields the dataclass's own __init__ would set, in one step: that one sets
        # them one by one through object.__setattr__ (the class is frozen), which costs more
        # than the rest of observing a small tensor, and a run observes hundreds of values.
        object.__setattr__(
            self,
            "__dict__",
            {
                "kind": kind,
                "type": type,
                "exact_type": exact_type,
                "dtype": dtype,
                "shape": shape,
                "data": data,
                "requires_grad": requires_grad,
                "is_leaf": is_leaf,
                "grad_fn": grad_fn,
                "retains_grad": retains_grad,
                "value": value,
                "items": items,
                "repr": repr,
            },
        )

    # Mapping view over the fields that apply to this kind (None fields are absent, except
    # ``value`` of a python None and ``grad_fn`` of a tensor, which are meaningful Nones).
    def _has(self, name: str) -> bool:
        if getattr(self, name) is not None:
            return True
        return (name == "value" and self.kind == "python") or (
            name == "grad_fn" and self.kind == "tensor"
        )

    def _present(self) -> list[str]:
        return [name for name in _OBSERVED_FIELDS if self._has(name)]

    def __getitem__(self, key: str) -> Any:
        # Called for every compared property: a set lookup, not a walk over all fields.
        if key not in _OBSERVED_FIELD_SET or not self._has(key):
            raise KeyError(key)
        return getattr(self, key)

    # Mapping's own get() and `in` go through __getitem__ and a caught KeyError; the
    # comparisons ask for absent fields thousands of times per check. The same answers:
    def get(self, key: str, default: Any = None) -> Any:
        if key in _OBSERVED_FIELD_SET and self._has(key):
            return getattr(self, key)
        return default

    def __contains__(self, key: object) -> bool:
        return key in _OBSERVED_FIELD_SET and self._has(key)  # type: ignore[arg-type]

    def __iter__(self) -> Iterator[str]:
        return iter(self._present())

    def __len__(self) -> int:
        return len(self._present())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Observed):
            return NotImplemented
        return _canonical(self) == _canonical(other)

    __hash__ = None  # type: ignore[assignment]


_OBSERVED_FIELDS = tuple(f.name for f in fields(Observed))
_OBSERVED_FIELD_SET = frozenset(_OBSERVED_FIELDS)


@frozen_record
class ExceptionInfo:
    """An exception seen in the child, with the traceback cut to the student's own frames."""

    type: str
    message: str
    traceback: str = ""
    line: int | None = None


@frozen_record
class GraphNode:
    """One autograd node: its name, the indices of its ``next_functions`` (None = no node) and,
    for the ``AccumulateGrad`` of a tensor the call was given, that argument's name."""

    name: str
    next: tuple[int | None, ...] = ()
    input: str | None = None


# The default of CallOutcome's dict fields: each outcome made without one gets a new dict.
_NEW_DICT: Any = object()


@frozen_record
class CallOutcome:
    """What happened to one ``Call``."""

    status: str
    value: Observed | None = None
    grads: dict[str, Observed | None] = field(default_factory=dict)
    inputs_after: dict[str, Observed] = field(default_factory=dict)
    exception: ExceptionInfo | None = None
    duration: float = 0.0
    stdout: str = ""
    stderr: str = ""
    graph: tuple[GraphNode, ...] | None = None

    def __init__(
        self,
        status: str,
        value: Observed | None = None,
        grads: dict[str, Observed | None] = _NEW_DICT,
        inputs_after: dict[str, Observed] = _NEW_DICT,
        exception: ExceptionInfo | None = None,
        duration: float = 0.0,
        stdout: str = "",
        stderr: str = "",
        graph: tuple[GraphNode, ...] | None = None,
    ) -> None:
        # The fields the dataclass's own __init__ would set, in one step (see Observed).
        object.__setattr__(
            self,
            "__dict__",
            {
                "status": status,
                "value": value,
                "grads": {} if grads is _NEW_DICT else grads,
                "inputs_after": {} if inputs_after is _NEW_DICT else inputs_after,
                "exception": exception,
                "duration": duration,
                "stdout": stdout,
                "stderr": stderr,
                "graph": graph,
            },
        )


@frozen_record
class IsolationReport:
    """Which isolation layers protected this run, and why the others were not used."""

    tier: int
    layers: tuple[str, ...]
    degraded: dict[str, str] = field(default_factory=dict)


@frozen_record
class SubmissionOutcome:
    """Everything the grader learns from running one submission.

    On ``load_error`` no call ran: every call is reported with status ``missing`` and the load
    error as its exception. ``failure`` describes grader-side problems (a result that never came,
    a malformed frame, a killed process) in words fit for the student.
    """

    load_error: ExceptionInfo | None
    calls: dict[str, CallOutcome]
    stdout: str
    stderr: str
    isolation: IsolationReport
    duration: float
    failure: str | None = None


# --------------------------------------------------------------------------------------------
# Frame codec
# --------------------------------------------------------------------------------------------


@frozen_record
class Frame:
    """A decoded frame: the JSON body and the arrays it refers to by index."""

    body: Any
    arrays: tuple[np.ndarray, ...]


# One encoder for every frame (json.dumps with options would build a new one per call).
_JSON_ENCODER = json.JSONEncoder(separators=(",", ":"))


def encode_frame(body: Any, arrays: list[np.ndarray] | tuple[np.ndarray, ...] = ()) -> bytes:
    """Serialise ``body`` (JSON-compatible) and ``arrays`` (numeric/bool numpy arrays)."""
    descriptors = []
    chunks = []
    offset = 0
    for index, array in enumerate(arrays):
        name, raw = _wire_buffer(array, index)
        descriptors.append(
            {
                "dtype": name,
                "shape": list(array.shape),
                "nbytes": len(raw),
                "offset": offset,
            }
        )
        chunks.append(raw)
        offset += len(raw)
    header = _JSON_ENCODER.encode({"v": FRAME_VERSION, "body": body, "buffers": descriptors})
    return _frame_bytes(header, chunks, offset)


# Each wire dtype whose arrays' own bytes are already the wire's (little-endian or with no
# byte order) and its name, found by id (numpy recomputes a dtype's hash on every lookup):
# for an exact ndarray of one, _wire_buffer's result is just its name and ``tobytes()`` (C
# order). Bounded: a student can make any number of dtype objects.
_WIRE_READY_DTYPES: dict[int, tuple[np.dtype, str]] = {}
_WIRE_READY_DTYPES_KEPT = 64


def _wire_buffer(array: Any, index: int) -> tuple[str, bytes]:
    """The wire dtype name and little-endian, C-ordered bytes of buffer ``index``."""
    if type(array) is np.ndarray:
        dtype = array.dtype
        ready = _WIRE_READY_DTYPES.get(id(dtype))
        if ready is not None and ready[0] is dtype:
            return ready[1], array.tobytes()
    if not isinstance(array, np.ndarray):
        raise ProtocolError(f"buffer {index}: expected a numpy array, got {type(array)}")
    dtype = array.dtype
    name = dtype_name(dtype)
    if name not in WIRE_DTYPES:
        raise ProtocolError(f"buffer {index}: dtype {dtype} cannot cross the wire")
    little_dtype = little_endian(dtype)
    if little_dtype == dtype and type(array) is np.ndarray:
        if len(_WIRE_READY_DTYPES) >= _WIRE_READY_DTYPES_KEPT:
            _WIRE_READY_DTYPES.clear()
        _WIRE_READY_DTYPES[id(dtype)] = (dtype, name)
    little = np.ascontiguousarray(array, dtype=little_dtype)
    return name, little.tobytes()


def _frame_bytes(header_text: str, chunks: list[bytes], payload_len: int) -> bytes:
    """Prefix, header and payload of a frame whose header is ``header_text``."""
    header = header_text.encode("utf-8")
    if len(header) > MAX_HEADER_BYTES:
        raise ProtocolError(f"frame header is {len(header)} bytes, cap is {MAX_HEADER_BYTES}")
    return _PREFIX.pack(FRAME_MAGIC, len(header), payload_len) + header + b"".join(chunks)


class IntFrameTemplate:
    """A frame whose body is fixed but for the int at ``key``, encoded once: :meth:`frame` is
    byte for byte ``encode_frame({**body, key: value})`` (``key`` keeps its place in ``body``),
    made with a string format and a pack.

    For what a launcher writes right after forking its worker (the worker's pid): until the
    worker exits, every page the launcher writes is copied, since the worker still shares it,
    and the JSON encoder's pages were about 60 of those copies per run."""

    # A value no body holds by chance, split out of the encoded text.
    _PLACEHOLDER = 7_213_846_509_277_351_942

    def __init__(self, body: dict[str, Any], key: str) -> None:
        self.body = body
        self.key = key
        header = _JSON_ENCODER.encode(
            {"v": FRAME_VERSION, "body": {**body, key: self._PLACEHOLDER}, "buffers": []}
        )
        parts = header.split(str(self._PLACEHOLDER))
        # None when the placeholder's digits are also elsewhere: frame() then encodes.
        self._parts = (parts[0], parts[1]) if len(parts) == 2 else None

    def frame(self, value: int) -> bytes:
        if self._parts is None or type(value) is not int:  # bool is an int JSON spells apart
            return encode_frame({**self.body, self.key: value})
        header = f"{self._parts[0]}{value:d}{self._parts[1]}".encode()
        return _PREFIX.pack(FRAME_MAGIC, len(header), 0) + header


def parse_prefix(prefix: bytes, *, max_frame_bytes: int = MAX_FRAME_BYTES) -> tuple[int, int]:
    """Validate the fixed-size prefix; return ``(header_len, payload_len)``."""
    if len(prefix) < PREFIX_SIZE:
        raise ProtocolError(f"frame prefix truncated: {len(prefix)} of {PREFIX_SIZE} bytes")
    magic, header_len, payload_len = _PREFIX.unpack(prefix[:PREFIX_SIZE])
    if magic != FRAME_MAGIC:
        raise ProtocolError(f"frame does not start with {FRAME_MAGIC!r} (got {magic!r})")
    if header_len == 0 or header_len > MAX_HEADER_BYTES:
        raise ProtocolError(f"frame header length {header_len} outside 1..{MAX_HEADER_BYTES}")
    if PREFIX_SIZE + header_len + payload_len > max_frame_bytes:
        raise FrameTooLarge(header_len + payload_len, max_frame_bytes)
    return header_len, payload_len


def decode_frame(data: bytes, *, max_frame_bytes: int = MAX_FRAME_BYTES) -> Frame:
    """Decode exactly one frame from ``data``, validating everything before allocating."""
    header_len, payload_len = parse_prefix(data, max_frame_bytes=max_frame_bytes)
    expected = PREFIX_SIZE + header_len + payload_len
    if len(data) != expected:
        raise ProtocolError(f"frame is {len(data)} bytes but its prefix announces {expected}")
    header = _parse_json(bytes(data[PREFIX_SIZE : PREFIX_SIZE + header_len]))
    if type(header) is not dict or header.keys() != _HEADER_KEYS:
        raise ProtocolError("frame header must be an object with exactly v, body, buffers")
    if header["v"] != FRAME_VERSION or type(header["v"]) is not int:
        raise ProtocolError(f"unsupported frame version {header['v']!r}")
    descriptors = header["buffers"]
    if type(descriptors) is not list or len(descriptors) > MAX_BUFFERS:
        raise ProtocolError(f"frame buffers must be a list of at most {MAX_BUFFERS} entries")
    layouts = [_check_descriptor(d, i) for i, d in enumerate(descriptors)]
    offset = 0
    for index, (_, _, nbytes, claimed_offset) in enumerate(layouts):
        if claimed_offset != offset:
            raise ProtocolError(f"buffer {index}: offset {claimed_offset}, expected {offset}")
        offset += nbytes
    if offset != payload_len:
        raise ProtocolError(f"buffers describe {offset} bytes but the payload has {payload_len}")
    # Every size is now proven consistent with bytes we actually hold; only now allocate.
    payload = memoryview(data)[PREFIX_SIZE + header_len :]
    arrays = []
    for (wire_dtype, native_dtype, itemsize), shape, nbytes, start in layouts:
        view = np.frombuffer(payload, wire_dtype, nbytes // itemsize, start).reshape(shape)
        # A copy of its own, writeable, in native byte order (the wire's on little-endian).
        arrays.append(view.copy() if native_dtype is wire_dtype else view.astype(native_dtype))
    return Frame(header["body"], tuple(arrays))


_HEADER_KEYS = frozenset({"v", "body", "buffers"})
_DESCRIPTOR_KEYS = frozenset({"dtype", "shape", "nbytes", "offset"})


def _wire_layout(name: str) -> tuple[np.dtype, np.dtype, int]:
    """The little-endian dtype buffers of wire dtype ``name`` arrive in, the native dtype they
    are decoded to (the same object when native is little-endian) and its itemsize."""
    native = np.dtype(name)
    wire = native.newbyteorder("<")
    return (native if wire == native else wire), native, native.itemsize


# Every wire dtype's layout, made once (np.dtype(name).newbyteorder costs more than a copy).
_WIRE_LAYOUTS: dict[str, tuple[np.dtype, np.dtype, int]] = {
    name: _wire_layout(name) for name in WIRE_DTYPES
}


def _check_descriptor(
    descriptor: Any, index: int
) -> tuple[tuple[np.dtype, np.dtype, int], tuple[int, ...], int, int]:
    """Buffer ``index``'s ``(wire layout, shape, nbytes, offset)``, each checked; the error
    messages are formatted only when one is raised (a frame may carry thousands of buffers)."""
    if type(descriptor) is not dict or descriptor.keys() != _DESCRIPTOR_KEYS:
        raise ProtocolError(f"buffer {index}: expected exactly dtype, shape, nbytes, offset")
    dtype_name, shape = descriptor["dtype"], descriptor["shape"]
    nbytes, offset = descriptor["nbytes"], descriptor["offset"]
    layout = _WIRE_LAYOUTS.get(dtype_name) if type(dtype_name) is str else None
    if layout is None:
        raise ProtocolError(f"buffer {index}: dtype {dtype_name!r} is not an allowed numeric dtype")
    dims = _valid_shape(shape)
    if dims is None:
        dims = _check_shape(shape, f"buffer {index}")  # raises, saying what is wrong
    if type(nbytes) is not int or nbytes < 0:
        raise ProtocolError(f"buffer {index}: nbytes must be a non-negative integer")
    if type(offset) is not int or offset < 0:
        raise ProtocolError(f"buffer {index}: offset must be a non-negative integer")
    needed = math.prod(shape) * layout[2]
    if needed != nbytes:
        raise ProtocolError(
            f"buffer {index}: shape {shape} of {dtype_name} needs "
            f"{needed} bytes, header says {nbytes}"
        )
    return layout, dims, nbytes, offset


def _valid_shape(shape: Any) -> tuple[int, ...] | None:
    """``shape`` as a tuple when it is a list of at most MAX_NDIM non-negative ints, else None."""
    if type(shape) is not list or len(shape) > MAX_NDIM:
        return None
    for dim in shape:
        if type(dim) is not int or dim < 0:
            return None
    return tuple(shape)


def _check_shape(shape: Any, where: str) -> tuple[int, ...]:
    if not isinstance(shape, list) or len(shape) > MAX_NDIM:
        raise ProtocolError(f"{where}: shape must be a list of at most {MAX_NDIM} integers")
    for dim in shape:
        if type(dim) is not int or dim < 0:
            raise ProtocolError(f"{where}: shape {shape!r} must hold non-negative integers")
    return tuple(shape)


def _reject_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    # dict() in one C call; only a dict shorter than its pairs had a duplicate key to find.
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise ProtocolError(f"duplicate JSON key {key!r}")
            seen.add(key)
    return result


# One decoder for every frame (json.loads with a hook would build a new one per call).
_JSON_DECODER = json.JSONDecoder(object_pairs_hook=_reject_duplicate_keys)


def _parse_json(raw: bytes) -> Any:
    try:
        return _JSON_DECODER.decode(raw.decode("utf-8"))
    except ProtocolError:
        raise
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise ProtocolError(f"frame header is not valid JSON: {exc}") from None


class FrameStream:
    """Incremental decoder for a byte stream of frames (the parent's end of the result pipe).

    ``feed`` returns the frames completed so far; a violation raises ``ProtocolError`` at once,
    so a lying prefix is rejected as soon as its 16 bytes arrive, before anything is buffered.
    """

    def __init__(self, *, max_frame_bytes: int = MAX_FRAME_BYTES) -> None:
        self.max_frame_bytes = max_frame_bytes
        self._buffer = bytearray()
        self._needed: int | None = None

    def feed(self, chunk: bytes) -> list[Frame]:
        """Buffer ``chunk`` and return every frame it completes."""
        return list(self.feed_iter(chunk))

    def feed_iter(self, chunk: bytes) -> Iterator[Frame]:
        """Like :meth:`feed`, but yields each frame before decoding the next, so the frames in
        front of a malformed one are still delivered before the error is raised."""
        for raw in self.feed_raw_iter(chunk):
            yield decode_frame(raw, max_frame_bytes=self.max_frame_bytes)

    def feed_raw_iter(self, chunk: bytes) -> Iterator[bytes]:
        """Like :meth:`feed_iter`, but yields each complete frame's bytes undecoded (their
        prefix already checked); decode them with :func:`decode_frame`."""
        if not self._buffer and type(chunk) is bytes:
            # Nothing pending (the usual case: a read of several whole frames): cut the frames
            # out of the chunk itself, and buffer only an incomplete one at its end.
            # parse_prefix's checks, read in place (no slice, no call): it is asked only to
            # say what is wrong with a prefix that fails them.
            offset, size, cap = 0, len(chunk), self.max_frame_bytes
            try:
                while size - offset >= PREFIX_SIZE:
                    magic, header_len, payload_len = _PREFIX.unpack_from(chunk, offset)
                    needed = PREFIX_SIZE + header_len + payload_len
                    if (
                        magic != FRAME_MAGIC
                        or not 0 < header_len <= MAX_HEADER_BYTES
                        or needed > cap
                    ):
                        parse_prefix(chunk[offset : offset + PREFIX_SIZE], max_frame_bytes=cap)
                    if size - offset < needed:
                        self._needed = needed
                        break
                    offset += needed
                    yield chunk[offset - needed : offset]
            finally:  # also when the caller stops early or the prefix is refused
                self._buffer += chunk[offset:]
            return
        self._buffer += chunk
        while True:
            if self._needed is None:
                if len(self._buffer) < PREFIX_SIZE:
                    return
                header_len, payload_len = parse_prefix(
                    bytes(self._buffer[:PREFIX_SIZE]), max_frame_bytes=self.max_frame_bytes
                )
                self._needed = PREFIX_SIZE + header_len + payload_len
            if len(self._buffer) < self._needed:
                return
            raw = bytes(self._buffer[: self._needed])
            del self._buffer[: self._needed]
            self._needed = None
            yield raw

    @property
    def pending_bytes(self) -> int:
        """Bytes of an incomplete frame still buffered (non-zero at EOF means truncation)."""
        return len(self._buffer)


# --------------------------------------------------------------------------------------------
# Conversion between wire types and frame bodies
# --------------------------------------------------------------------------------------------


def _check_json_value(value: Any, where: str, depth: int) -> None:
    if depth > MAX_NESTING:
        raise ProtocolError(f"{where}: nested deeper than {MAX_NESTING}")
    if value is None or type(value) in (bool, int, float):
        return
    if type(value) is str:
        if len(value) > MAX_TEXT_CHARS:
            raise ProtocolError(f"{where}: string longer than {MAX_TEXT_CHARS} characters")
        return
    if type(value) is list:
        for item in value:
            _check_json_value(item, where, depth + 1)
        return
    raise ProtocolError(f"{where}: {type(value).__name__} is not a plain JSON value")


def _check_array_dtype(array: np.ndarray, dtype: str, where: str) -> None:
    data_dtype = WIDENED_TENSOR_DTYPES.get(dtype, dtype)
    if data_dtype not in WIRE_DTYPES or dtype_name(array.dtype) != data_dtype:
        raise ProtocolError(f"{where}: dtype {dtype!r} does not fit data of dtype {array.dtype}")


def _expect(condition: bool, where: str, what: str) -> None:
    if not condition:
        raise ProtocolError(f"{where}: expected {what}")


def _expect_keys(obj: Any, where: str, required: set[str], optional: set[str] = frozenset()):
    _expect(isinstance(obj, dict), where, "an object")
    keys = obj.keys()
    if required <= keys and len(keys) - len(required) == len(keys & optional - required):
        return obj  # the common case, checked without building the error message
    missing = required - set(obj)
    extra = set(obj) - required - set(optional)
    _expect(
        not missing and not extra,
        where,
        f"keys {sorted(required)} (+ optional {sorted(optional)}), "
        f"missing {sorted(missing)}, unexpected {sorted(extra)}",
    )
    return obj


def _expect_str(value: Any, where: str, *, nullable: bool = False) -> str | None:
    if value is None and nullable:
        return None
    _expect(type(value) is str and len(value) <= MAX_TEXT_CHARS, where, "a string")
    return value


def _expect_bool(value: Any, where: str, *, nullable: bool = False) -> bool | None:
    if value is None and nullable:
        return None
    _expect(type(value) is bool, where, "true or false")
    return value


def _expect_number(value: Any, where: str) -> float:
    _expect(type(value) in (int, float), where, "a number")
    return float(value)


def _take_array(index: Any, arrays: tuple[np.ndarray, ...], where: str, used: set[int]):
    _expect(type(index) is int and 0 <= index < len(arrays), where, "a buffer index")
    _expect(index not in used, where, "each buffer referenced once")
    used.add(index)
    return arrays[index]


class _Writer:
    """Collects arrays while a body is built, so each array gets its buffer index."""

    def __init__(self) -> None:
        self.arrays: list[np.ndarray] = []

    def add(self, array: np.ndarray) -> int:
        self.arrays.append(array)
        return len(self.arrays) - 1


def argspec_to_wire(spec: ArgSpec, writer: _Writer) -> dict[str, Any]:
    if spec.kind == "tensor":
        return {
            "kind": "tensor",
            "dtype": spec.dtype,
            "shape": list(spec.shape or ()),
            "blob": writer.add(spec.blob),
            "requires_grad": spec.requires_grad,
        }
    if spec.kind == "python":
        return {"kind": "python", "value": spec.value}
    return {"kind": "tuple", "items": [argspec_to_wire(i, writer) for i in spec.items or ()]}


def argspec_from_wire(obj: Any, arrays, used: set[int], where: str, depth: int = 0) -> ArgSpec:
    _expect(depth <= MAX_NESTING, where, f"nesting of at most {MAX_NESTING}")
    _expect(isinstance(obj, dict), where, "an ArgSpec object")
    kind = obj.get("kind")
    if kind == "tensor":
        _expect_keys(obj, where, {"kind", "dtype", "shape", "blob", "requires_grad"})
        blob = _take_array(obj["blob"], arrays, f"{where}.blob", used)
        dtype = _expect_str(obj["dtype"], f"{where}.dtype")
        _check_array_dtype(blob, dtype, where)
        _expect(
            tuple(blob.shape) == _check_shape(obj["shape"], where), where, "shape matching its blob"
        )
        return ArgSpec(
            "tensor",
            dtype=dtype,
            shape=tuple(blob.shape),
            blob=blob,
            requires_grad=_expect_bool(obj["requires_grad"], where),
        )
    if kind == "python":
        _expect_keys(obj, where, {"kind", "value"})
        _check_json_value(obj["value"], where, 0)
        return ArgSpec("python", value=obj["value"])
    if kind == "tuple":
        _expect_keys(obj, where, {"kind", "items"})
        _expect(isinstance(obj["items"], list), where, "a list of items")
        return ArgSpec(
            "tuple",
            items=tuple(
                argspec_from_wire(item, arrays, used, f"{where}.items[{i}]", depth + 1)
                for i, item in enumerate(obj["items"])
            ),
        )
    raise ProtocolError(f"{where}: unknown ArgSpec kind {kind!r}")


def _names(value: Any, where: str) -> tuple[str, ...]:
    _expect(isinstance(value, list), where, "a list of names")
    return tuple(_expect_str(v, where) for v in value)


def call_to_wire(call: Call, writer: _Writer) -> dict[str, Any]:
    capture = call.capture
    return {
        "call_id": call.call_id,
        "entry": call.entry,
        "entry_kind": call.entry_kind,
        "args": [[name, argspec_to_wire(spec, writer)] for name, spec in call.args.items()],
        "capture": {
            "grads": list(capture.grads),
            "inputs_after": list(capture.inputs_after),
            "graph": capture.graph,
            "backward": None
            if capture.backward is None
            else argspec_to_wire(capture.backward, writer),
        },
        "timeout": call.timeout,
    }


def call_from_wire(obj: Any, arrays, used: set[int], where: str) -> Call:
    _expect_keys(obj, where, {"call_id", "entry", "entry_kind", "args", "capture", "timeout"})
    _expect(obj["entry_kind"] in ("function", "variable"), where, "entry_kind function|variable")
    _expect(isinstance(obj["args"], list), f"{where}.args", "a list of [name, ArgSpec] pairs")
    args: dict[str, ArgSpec] = {}
    for i, pair in enumerate(obj["args"]):
        _expect(isinstance(pair, list) and len(pair) == 2, f"{where}.args[{i}]", "a pair")
        name = _expect_str(pair[0], f"{where}.args[{i}]")
        args[name] = argspec_from_wire(pair[1], arrays, used, f"{where}.args.{name}")
    cap = _expect_keys(
        obj["capture"], f"{where}.capture", {"grads", "inputs_after", "graph", "backward"}
    )
    backward = None
    if cap["backward"] is not None:
        backward = argspec_from_wire(cap["backward"], arrays, used, f"{where}.capture.backward")
    capture = Capture(
        grads=_names(cap["grads"], f"{where}.capture.grads"),
        inputs_after=_names(cap["inputs_after"], f"{where}.capture.inputs_after"),
        graph=_expect_bool(cap["graph"], f"{where}.capture.graph"),
        backward=backward,
    )
    timeout = _expect_number(obj["timeout"], f"{where}.timeout")
    _expect(0 < timeout < 86400, f"{where}.timeout", "a positive number of seconds")
    return Call(
        call_id=_expect_str(obj["call_id"], f"{where}.call_id"),
        entry=_expect_str(obj["entry"], f"{where}.entry"),
        entry_kind=obj["entry_kind"],
        args=args,
        capture=capture,
        timeout=timeout,
    )


def encode_calls(calls: list[Call]) -> bytes:
    """The frame the parent sends to the child: the calls to make, with their input arrays."""
    writer = _Writer()
    body = {"calls": [call_to_wire(call, writer) for call in calls]}
    return encode_frame(body, writer.arrays)


def decode_calls(frame: Frame) -> list[Call]:
    """The calls of a calls frame, every field checked (see :func:`decode_calls_checking`)."""
    try:
        return _calls_from_regular_wire(frame.body, frame.arrays)
    except _Irregular:
        return decode_calls_checking(frame)


def decode_calls_checking(frame: Frame) -> list[Call]:
    """:func:`decode_calls` one check at a time, each error saying where: what decode_calls
    falls back to when its quicker pass meets anything out of the ordinary."""
    body = _expect_keys(frame.body, "calls frame", {"calls"})
    _expect(isinstance(body["calls"], list), "calls frame", "a list of calls")
    used: set[int] = set()
    calls = [
        call_from_wire(c, frame.arrays, used, f"calls[{i}]") for i, c in enumerate(body["calls"])
    ]
    _expect(len(used) == len(frame.arrays), "calls frame", "no unreferenced buffers")
    return calls


# --------------------------------------------------------------------------------------------
# The quick pass over regular bodies
# --------------------------------------------------------------------------------------------
#
# A calls frame holds hundreds of argument specs, and the checking functions above spend most
# of their time on what a well-formed body never needs: error locations formatted ahead of
# every check, sets built per object, keyword arguments bound one by one. The functions below
# check the same things and build the same records, but raise ``_Irregular`` (no message) at
# the first thing they do not expect; the caller then decodes the whole body again with the
# checking functions, which either accept it or raise the ProtocolError saying what is wrong.
# They may be stricter than the checking functions (that costs time, never correctness), but
# must never accept what those reject: tests/sandbox/test_decode_quick_pass.py holds them to it.


class _Irregular(Exception):
    """Something the quick pass leaves to the checking functions."""


_CALLS_BODY_KEYS = frozenset({"calls"})
_CALL_KEYS = frozenset({"call_id", "entry", "entry_kind", "args", "capture", "timeout"})
_CAPTURE_KEYS = frozenset({"grads", "inputs_after", "graph", "backward"})
_TENSOR_ARG_KEYS = frozenset({"kind", "dtype", "shape", "blob", "requires_grad"})
_PYTHON_ARG_KEYS = frozenset({"kind", "value"})
_TUPLE_ARG_KEYS = frozenset({"kind", "items"})
_ENTRY_KINDS = frozenset({"function", "variable"})
# The numpy dtype of the data of each tensor dtype name (bfloat16 travels as float32).
_DATA_DTYPES: dict[str, np.dtype] = {
    name: np.dtype(WIDENED_TENSOR_DTYPES.get(name, name))
    for name in (*WIRE_DTYPES, *WIDENED_TENSOR_DTYPES)
}


def _calls_from_regular_wire(body: Any, arrays: tuple[np.ndarray, ...]) -> list[Call]:
    if type(body) is not dict or body.keys() != _CALLS_BODY_KEYS:
        raise _Irregular
    wire_calls = body["calls"]
    if type(wire_calls) is not list:
        raise _Irregular
    used: set[int] = set()
    calls = [_call_from_regular_wire(wire_call, arrays, used) for wire_call in wire_calls]
    if len(used) != len(arrays):
        raise _Irregular
    return calls


def _call_from_regular_wire(obj: Any, arrays: tuple[np.ndarray, ...], used: set[int]) -> Call:
    if type(obj) is not dict or obj.keys() != _CALL_KEYS:
        raise _Irregular
    call_id, entry, entry_kind = obj["call_id"], obj["entry"], obj["entry_kind"]
    if not (_is_text(call_id) and _is_text(entry) and type(entry_kind) is str):
        raise _Irregular
    if entry_kind not in _ENTRY_KINDS:
        raise _Irregular
    wire_args = obj["args"]
    if type(wire_args) is not list:
        raise _Irregular
    args: dict[str, ArgSpec] = {}
    for pair in wire_args:
        if type(pair) is not list or len(pair) != 2 or not _is_text(pair[0]):
            raise _Irregular
        args[pair[0]] = _argspec_from_regular_wire(pair[1], arrays, used, 0)
    cap = obj["capture"]
    if type(cap) is not dict or cap.keys() != _CAPTURE_KEYS or type(cap["graph"]) is not bool:
        raise _Irregular
    backward = cap["backward"]
    if backward is not None:
        backward = _argspec_from_regular_wire(backward, arrays, used, 0)
    capture = _new_capture(
        _names_of_regular_wire(cap["grads"]),
        _names_of_regular_wire(cap["inputs_after"]),
        cap["graph"],
        backward,
    )
    timeout = obj["timeout"]
    if type(timeout) is not float and type(timeout) is not int:
        raise _Irregular
    timeout = float(timeout)
    if not 0 < timeout < 86400:
        raise _Irregular
    return _new_call(call_id, entry, entry_kind, args, capture, timeout)


def _argspec_from_regular_wire(
    obj: Any, arrays: tuple[np.ndarray, ...], used: set[int], depth: int
) -> ArgSpec:
    if type(obj) is not dict:
        raise _Irregular
    keys = obj.keys()
    if keys == _TENSOR_ARG_KEYS and obj["kind"] == "tensor":
        blob, dtype = _array_of_regular_wire(obj["blob"], obj["dtype"], obj["shape"], arrays, used)
        requires_grad = obj["requires_grad"]
        if type(requires_grad) is not bool:
            raise _Irregular
        return _new_argspec("tensor", dtype, blob.shape, blob, requires_grad, None, None)
    if keys == _PYTHON_ARG_KEYS and obj["kind"] == "python":
        value = obj["value"]
        if not _is_plain_json(value, 0):
            raise _Irregular
        return _new_argspec("python", None, None, None, False, value, None)
    if keys == _TUPLE_ARG_KEYS and obj["kind"] == "tuple" and depth < MAX_NESTING:
        items = obj["items"]
        if type(items) is not list:
            raise _Irregular
        items = tuple([_argspec_from_regular_wire(i, arrays, used, depth + 1) for i in items])
        return _new_argspec("tuple", None, None, None, False, None, items)
    raise _Irregular


def _array_of_regular_wire(
    index: Any, dtype: Any, shape: Any, arrays: tuple[np.ndarray, ...], used: set[int]
) -> tuple[np.ndarray, str]:
    """Buffer ``index``, taken once, with the tensor dtype and shape the body gives it."""
    if type(index) is not int or not 0 <= index < len(arrays) or index in used:
        raise _Irregular
    used.add(index)
    array = arrays[index]
    if type(dtype) is not str or _DATA_DTYPES.get(dtype) is not array.dtype:
        raise _Irregular  # also a dtype that is equal but not the same object: rare, checked
    if type(shape) is not list or len(shape) > MAX_NDIM or tuple(shape) != array.shape:
        raise _Irregular
    for dim in shape:
        if type(dim) is not int:  # equal to the array's dims, so non-negative once an int
            raise _Irregular
    return array, dtype


def _names_of_regular_wire(value: Any) -> tuple[str, ...]:
    if type(value) is not list:
        raise _Irregular
    for name in value:
        if not _is_text(name):
            raise _Irregular
    return tuple(value)


def _is_text(value: Any) -> bool:
    return type(value) is str and len(value) <= MAX_TEXT_CHARS


def _is_plain_json(value: Any, depth: int) -> bool:
    """Whether :func:`_check_json_value` accepts ``value`` at ``depth``."""
    cls = type(value)
    if value is None or cls is bool or cls is int or cls is float:
        return True
    if cls is str:
        return len(value) <= MAX_TEXT_CHARS
    if cls is list and depth < MAX_NESTING:
        return all(_is_plain_json(item, depth + 1) for item in value)
    return False


def observed_to_wire(obs: Observed, writer: _Writer) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": obs.kind, "type": obs.type}
    if obs.kind in ("tensor", "ndarray"):
        out.update(
            exact_type=obs.exact_type,
            dtype=obs.dtype,
            shape=list(obs.shape or ()),
            data=writer.add(obs.data),
        )
        if obs.kind == "tensor":
            out.update(
                requires_grad=obs.requires_grad,
                is_leaf=obs.is_leaf,
                grad_fn=obs.grad_fn,
                retains_grad=obs.retains_grad,
            )
    elif obs.kind == "python":
        out["value"] = obs.value
    elif obs.kind == "sequence":
        out["items"] = [observed_to_wire(item, writer) for item in obs.items or ()]
    else:
        out["repr"] = obs.repr
    return out


def observed_from_wire(obj: Any, arrays, used: set[int], where: str, depth: int = 0) -> Observed:
    _expect(depth <= MAX_NESTING, where, f"nesting of at most {MAX_NESTING}")
    _expect(isinstance(obj, dict), where, "an Observed object")
    kind = obj.get("kind")
    type_name = _expect_str(obj.get("type"), f"{where}.type")
    if kind in ("tensor", "ndarray"):
        keys = {"kind", "type", "exact_type", "dtype", "shape", "data"}
        if kind == "tensor":
            keys |= {"requires_grad", "is_leaf", "grad_fn", "retains_grad"}
        _expect_keys(obj, where, keys)
        data = _take_array(obj["data"], arrays, f"{where}.data", used)
        dtype = _expect_str(obj["dtype"], f"{where}.dtype")
        _check_array_dtype(data, dtype, where)
        _expect(
            tuple(data.shape) == _check_shape(obj["shape"], where), where, "shape matching its data"
        )
        extra = {}
        if kind == "tensor":
            extra = dict(
                requires_grad=_expect_bool(obj["requires_grad"], f"{where}.requires_grad"),
                is_leaf=_expect_bool(obj["is_leaf"], f"{where}.is_leaf"),
                grad_fn=_expect_str(obj["grad_fn"], f"{where}.grad_fn", nullable=True),
                retains_grad=_expect_bool(obj["retains_grad"], f"{where}.retains_grad"),
            )
        return Observed(
            kind,
            type_name,
            exact_type=_expect_bool(obj["exact_type"], where),
            dtype=dtype,
            shape=tuple(data.shape),
            data=data,
            **extra,
        )
    if kind == "python":
        _expect_keys(obj, where, {"kind", "type", "value"})
        value = obj["value"]
        _expect(
            value is None or type(value) in (bool, int, float, str),
            where,
            "a None/bool/int/float/str value",
        )
        _check_json_value(value, where, 0)
        return Observed("python", type_name, value=value)
    if kind == "sequence":
        _expect_keys(obj, where, {"kind", "type", "items"})
        _expect(isinstance(obj["items"], list), where, "a list of items")
        return Observed(
            "sequence",
            type_name,
            items=tuple(
                observed_from_wire(item, arrays, used, f"{where}.items[{i}]", depth + 1)
                for i, item in enumerate(obj["items"])
            ),
        )
    if kind == "object":
        _expect_keys(obj, where, {"kind", "type", "repr"})
        return Observed("object", type_name, repr=_expect_str(obj["repr"], f"{where}.repr"))
    raise ProtocolError(f"{where}: unknown Observed kind {kind!r}")


def exception_to_wire(info: ExceptionInfo | None) -> dict[str, Any] | None:
    if info is None:
        return None
    return {
        "type": info.type,
        "message": info.message,
        "traceback": info.traceback,
        "line": info.line,
    }


def exception_from_wire(obj: Any, where: str) -> ExceptionInfo | None:
    if obj is None:
        return None
    _expect_keys(obj, where, {"type", "message", "traceback", "line"})
    line = obj["line"]
    _expect(line is None or type(line) is int, f"{where}.line", "an integer or null")
    return ExceptionInfo(
        type=_expect_str(obj["type"], f"{where}.type"),
        message=_expect_str(obj["message"], f"{where}.message"),
        traceback=_expect_str(obj["traceback"], f"{where}.traceback"),
        line=line,
    )


def outcome_to_wire(call_id: str, outcome: CallOutcome, writer: _Writer) -> dict[str, Any]:
    # The duration comes first: it is all that differs between most outcome frames of a batch,
    # and there the grader finds it at a fixed offset (see _outcome_key).
    return {
        "duration": outcome.duration,
        "call_id": call_id,
        "status": outcome.status,
        "value": None if outcome.value is None else observed_to_wire(outcome.value, writer),
        "grads": {
            name: None if obs is None else observed_to_wire(obs, writer)
            for name, obs in outcome.grads.items()
        },
        "inputs_after": {
            name: observed_to_wire(obs, writer) for name, obs in outcome.inputs_after.items()
        },
        "exception": exception_to_wire(outcome.exception),
        "stdout": outcome.stdout,
        "stderr": outcome.stderr,
        "graph": None if outcome.graph is None else [graph_node_to_wire(n) for n in outcome.graph],
    }


def graph_node_to_wire(node: GraphNode) -> dict[str, Any]:
    """``{"name": …, "next": […]}``, with ``"input"`` only for a named argument's leaf."""
    wire: dict[str, Any] = {"name": node.name, "next": list(node.next)}
    if node.input is not None:
        wire["input"] = node.input
    return wire


def outcome_from_wire(obj: Any, arrays, used: set[int], where: str) -> tuple[str, CallOutcome]:
    _expect_keys(obj, where, _OUTCOME_KEYS)
    call_id = _expect_str(obj["call_id"], f"{where}.call_id")
    _expect(obj["status"] in CALL_STATUSES, f"{where}.status", f"one of {CALL_STATUSES}")
    value = None
    if obj["value"] is not None:
        value = observed_from_wire(obj["value"], arrays, used, f"{where}.value")
    _expect(isinstance(obj["grads"], dict), f"{where}.grads", "an object")
    grads = {
        _expect_str(name, f"{where}.grads"): None
        if obs is None
        else observed_from_wire(obs, arrays, used, f"{where}.grads.{name}")
        for name, obs in obj["grads"].items()
    }
    _expect(isinstance(obj["inputs_after"], dict), f"{where}.inputs_after", "an object")
    inputs_after = {
        name: observed_from_wire(obs, arrays, used, f"{where}.inputs_after.{name}")
        for name, obs in obj["inputs_after"].items()
    }
    graph = None
    if obj["graph"] is not None:
        _expect(isinstance(obj["graph"], list), f"{where}.graph", "a list of nodes")
        nodes = []
        for i, node in enumerate(obj["graph"]):
            node = _expect_keys(node, f"{where}.graph[{i}]", {"name", "next"}, {"input"})
            _expect(
                isinstance(node["next"], list)
                and all(
                    n is None or (type(n) is int and 0 <= n < len(obj["graph"]))
                    for n in node["next"]
                ),
                f"{where}.graph[{i}].next",
                "node indices or nulls",
            )
            source = None
            if "input" in node:  # (never null: a leaf without a name has no "input")
                source = _expect_str(node["input"], f"{where}.graph[{i}].input")
            nodes.append(
                GraphNode(
                    _expect_str(node["name"], f"{where}.graph[{i}].name"),
                    tuple(node["next"]),
                    source,
                )
            )
        graph = tuple(nodes)
    duration = _expect_number(obj["duration"], f"{where}.duration")
    return call_id, CallOutcome(
        status=obj["status"],
        value=value,
        grads=grads,
        inputs_after=inputs_after,
        exception=exception_from_wire(obj["exception"], f"{where}.exception"),
        duration=duration if math.isfinite(duration) else 0.0,
        stdout=_expect_str(obj["stdout"], f"{where}.stdout"),
        stderr=_expect_str(obj["stderr"], f"{where}.stderr"),
        graph=graph,
    )


# Child -> parent events. The child writes, in order: one "layers" event (before any student
# code runs), one "loaded" event, then per call a "begin" event and an "outcome" event.


def encode_layers_event(applied: list[str], failed: dict[str, str]) -> bytes:
    """The frame reporting a worker's layers, remembered by value: a warm zygote encodes the
    usual report before forking (:func:`gradekit.sandbox.zygote._serve`), so that each fresh
    fork finds it instead of running the JSON encoder (about 25 copied pages a worker)."""
    return _layers_event(tuple(applied), tuple(failed.items()))


@functools.lru_cache(maxsize=16)
def _layers_event(applied: tuple[str, ...], failed: tuple[tuple[str, str], ...]) -> bytes:
    return encode_frame({"event": "layers", "applied": list(applied), "failed": dict(failed)})


def encode_loaded_event(error: ExceptionInfo | None) -> bytes:
    if error is None:
        return _LOADED_WITHOUT_ERROR
    return encode_frame({"event": "loaded", "error": exception_to_wire(error)})


# A clean import's event, the same for every worker: encoded here, before any fork.
_LOADED_WITHOUT_ERROR = encode_frame({"event": "loaded", "error": None})


# The exact bytes of every begin event encoded or decoded in this process, and their call ids:
# a frame with exactly these bytes decodes to exactly that event, so the grader can skip the
# decoding (a submission sends one begin event per call, the same for every submission).
# Bounded: at most _BEGIN_FRAMES_KEPT frames of at most _BEGIN_FRAME_BYTES_KEPT bytes from
# decoding, cleared when full.
_BEGIN_FRAMES: dict[bytes, str] = {}
_BEGIN_FRAMES_KEPT = 4096
_BEGIN_FRAME_BYTES_KEPT = 512


@functools.lru_cache(maxsize=_BEGIN_FRAMES_KEPT)
def encode_begin_event(call_id: str) -> bytes:
    frame = encode_frame({"event": "begin", "call_id": call_id})
    if len(_BEGIN_FRAMES) >= _BEGIN_FRAMES_KEPT:
        _BEGIN_FRAMES.clear()
    _BEGIN_FRAMES[frame] = call_id
    return frame


# Outcome events already decoded, by their bytes without the duration's digits: in a batch
# most submissions give most calls the same answer, so most outcome frames differ from an
# earlier one only in how long the call took. Cleared when full (no LRU bookkeeping), and
# only short frames are kept (a usual answer is under a kilobyte): a batch worker grades
# hundreds of untrusted submissions, and each may send up to its result limit of distinct
# frames, which would otherwise stay in memory (the frame and its decoded arrays) until the
# cache is cleared. At most about 4096 * 2 * 16 KiB = 128 MiB.
_OUTCOMES: dict[bytes, dict[str, Any]] = {}
_OUTCOMES_KEPT = 4096
_OUTCOME_FRAME_BYTES_KEPT = 16 * 1024
# How every outcome frame's header starts (outcome_to_wire puts the duration first).
_OUTCOME_HEAD = b'{"v":1,"body":{"event":"outcome","outcome":{"duration":'
_DURATION_AT = PREFIX_SIZE + len(_OUTCOME_HEAD)
_DURATION_DIGITS = 32  # longer numbers take the checking path


def _outcome_key(raw: bytes, max_frame_bytes: int) -> tuple[bytes, float] | tuple[None, None]:
    """The frame without its header's length and its duration's digits, and that duration;
    ``(None, None)`` for any frame not shaped like that.

    Two frames with the same key differ only in those digits, so they decode to the same
    outcome but for the duration. The duration is the header's first number, right after the
    fixed ``_OUTCOME_HEAD``, up to the first comma; its text must be a finite JSON number
    with a fraction or an exponent (:func:`_is_float_token`; every ``repr`` of a finite float,
    which is what the json module writes, is one), so it parses to that float. Anything else
    takes the checking path.
    """
    if not raw.startswith(_OUTCOME_HEAD, PREFIX_SIZE):
        return None, None
    # parse_prefix's checks, without its exceptions (decode_frame says what is wrong).
    magic, header_len, payload_len = _PREFIX.unpack_from(raw)
    if (
        magic != FRAME_MAGIC
        or not 0 < header_len <= MAX_HEADER_BYTES
        or len(raw) != PREFIX_SIZE + header_len + payload_len
        or len(raw) > max_frame_bytes
    ):
        return None, None
    end = raw.find(b",", _DURATION_AT, _DURATION_AT + _DURATION_DIGITS + 1)
    if end < 0 or end >= PREFIX_SIZE + header_len:
        return None, None
    token = raw[_DURATION_AT:end]
    try:
        duration = float(token)
    except ValueError:
        return None, None
    if not math.isfinite(duration) or not _is_float_token(token):
        return None, None
    # The payload's length with the bytes after the digits fix the header's length, so the
    # key is the frame's bytes but for the digits and the length they change.
    return raw[8:PREFIX_SIZE] + raw[end:], duration


# A JSON number with a fraction or an exponent (JSON's grammar: no leading zero, a lower-case
# ``e`` here), which the json module parses to ``float(token)``: the ASCII digits of a bytes
# pattern, matched whole. Compiled when first used (about 0.15 ms): only a grader decodes.
_FLOAT_TOKEN = rb"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+(?:e[-+]?[0-9]+)?|e[-+]?[0-9]+)"
_float_token_match: Callable[[bytes], re.Match[bytes] | None] | None = None


def _is_float_token(token: bytes) -> bool:
    """Whether ``token`` is a plain decimal (``-?int.digits``) or one with an exponent
    (``-?int(.digits)?e[-+]?digits``), in JSON's grammar (the integer part without a leading
    zero, a lower-case ``e``): a JSON number with a fraction or an exponent is a float, which
    the checking path parses to ``float(token)``. ``repr`` writes the durations of fast calls
    with an exponent (``5.4e-05``), four in five of a batch's, and formatting each one back
    cost about 1.9 us; one match of a compiled pattern is cheaper than telling the parts
    apart in Python."""
    global _float_token_match
    match = _float_token_match
    if match is None:
        match = _float_token_match = re.compile(_FLOAT_TOKEN).fullmatch
    return match(token) is not None


def _with_duration(outcome: CallOutcome, duration: float) -> CallOutcome:
    """``dataclasses.replace(outcome, duration=duration)``, without its per-call walk over the
    fields (a batch makes one per call of every submission): the same shallow copy."""
    copy = object.__new__(CallOutcome)
    copy.__dict__.update(outcome.__dict__)
    copy.__dict__["duration"] = duration
    return copy


def decode_event_bytes(raw: bytes, *, max_frame_bytes: int = MAX_FRAME_BYTES) -> dict[str, Any]:
    """``decode_event(decode_frame(raw))``, without decoding again what was decoded before:
    a begin event this process has encoded or decoded before (the same bytes cannot mean
    anything else), or an outcome event equal to an earlier one but for its duration.
    """
    # An outcome frame first (half the events): its key is hashed, not the whole frame too.
    key, duration = _outcome_key(raw, max_frame_bytes)
    if key is not None:
        known = _OUTCOMES.get(key)
        if known is not None:
            outcome = _with_duration(known["outcome"], duration)
            return {"event": "outcome", "call_id": known["call_id"], "outcome": outcome}
    else:
        call_id = _BEGIN_FRAMES.get(raw)
        if call_id is not None and len(raw) <= max_frame_bytes:
            return {"event": "begin", "call_id": call_id}
    event = decode_event(decode_frame(raw, max_frame_bytes=max_frame_bytes))
    if event["event"] == "begin" and len(raw) <= _BEGIN_FRAME_BYTES_KEPT:
        # The same bytes decode to the same event: the next submission's begin event for
        # this call is found, not decoded. Short frames only, so the cache stays small.
        if len(_BEGIN_FRAMES) >= _BEGIN_FRAMES_KEPT:
            _BEGIN_FRAMES.clear()
        _BEGIN_FRAMES[bytes(raw)] = event["call_id"]
    if key is not None and event["event"] == "outcome" and len(raw) <= _OUTCOME_FRAME_BYTES_KEPT:
        if len(_OUTCOMES) >= _OUTCOMES_KEPT:
            _OUTCOMES.clear()
        _OUTCOMES[key] = event
    return event


def encode_outcome_event(call_id: str, outcome: CallOutcome) -> bytes:
    """The frame of an outcome event: written directly as text when every field holds the
    plain data an executor observes (the child sends one per call), else by the general
    encoder. Both give exactly the same bytes; only the general one raises for bad data."""
    try:
        return _OutcomeText(call_id, outcome).frame()
    except Exception:  # anything unusual: the general encoder accepts it or says why not
        return encode_outcome_event_generally(call_id, outcome)


def encode_outcome_event_generally(call_id: str, outcome: CallOutcome) -> bytes:
    """:func:`encode_outcome_event` through :func:`outcome_to_wire` and :func:`encode_frame`."""
    writer = _Writer()
    body = {"event": "outcome", "outcome": outcome_to_wire(call_id, outcome, writer)}
    return encode_frame(body, writer.arrays)


class _NotPlainData(Exception):
    """A field :class:`_OutcomeText` leaves to the general encoder."""


_json_string = json.encoder.encode_basestring_ascii  # what _JSON_ENCODER writes strings with
_INFINITY = float("inf")


def _json_scalar(value: Any) -> str:
    """JSON text of None, a bool, an int, a float or a str, exactly as _JSON_ENCODER writes
    it (ASCII-escaped strings, NaN and Infinity allowed); anything else is not plain data."""
    cls = type(value)
    if cls is str:
        return _json_string(value)
    if value is None:
        return "null"
    if cls is bool:
        return "true" if value else "false"
    if cls is int:
        return int.__repr__(value)
    if cls is float:
        if value != value:
            return "NaN"
        if value == _INFINITY:
            return "Infinity"
        if value == -_INFINITY:
            return "-Infinity"
        return float.__repr__(value)
    raise _NotPlainData(cls.__name__)


# The JSON of the three flag values, looked up by identity (by value, 1 would be True): a
# field holding anything else is not found, and the general encoder writes it.
_FLAG_TEXT_BY_ID = {id(True): "true", id(False): "false", id(None): "null"}


def _json_text(value: Any) -> str:
    """:func:`_json_scalar` of a field that holds a str (the common case)."""
    return _json_string(value) if type(value) is str else _json_scalar(value)


def _json_list(values: Any) -> str:
    """JSON text of a tuple or list of plain scalars (a shape, a graph node's links)."""
    if type(values) is not tuple and type(values) is not list:
        raise _NotPlainData("not a tuple or list")
    for value in values:
        if type(value) is not int:  # the usual case, ints only, is joined below in one step
            return "[" + ",".join([_json_scalar(value) for value in values]) + "]"
    return "[" + ",".join(map(str, values)) + "]"


# The text of an observed tensor or array before its shape (by kind, type, exact_type and
# dtype) and of a tensor's autograd fields (by their values): a run's tensors share a few of
# each, and a lookup costs less than writing them. Keys hold only exact str, bool and None
# (nothing of the student's is hashed); bounded, as grad_fn names are the student's to choose.
_ARRAY_HEADS: dict[tuple[str, ...], str] = {}
_AUTOGRAD_TAILS: dict[tuple[str | None, ...], str] = {}
_TEXTS_KEPT = 256


def _remember_text(texts: dict[Any, str], key: Any, text: str) -> None:
    if len(texts) >= _TEXTS_KEPT:
        texts.clear()
    texts[key] = text


class _OutcomeText:
    """An outcome event's frame written as text, field by field in the order of
    :func:`outcome_to_wire`, without building its dictionaries first.

    It accepts only exact ``str``/``int``/``float``/``bool``/``None`` scalars, tuples of
    ``Observed`` items, ``dict`` maps with ``str`` keys and exact ``ndarray`` data, and raises
    otherwise (the caller then takes the general path), so what it writes is what
    ``encode_frame(outcome_to_wire(...))`` writes. The pieces, each already JSON text, are
    joined with f-strings: the cheapest way Python has (``%`` parses its template each time).
    """

    def __init__(self, call_id: str, outcome: CallOutcome) -> None:
        self.call_id = call_id
        self.outcome = outcome
        self.chunks: list[bytes] = []  # the buffers' bytes, in the order the body names them
        self.buffers: list[str] = []  # their descriptors' text
        self.payload_len = 0

    def frame(self) -> bytes:
        outcome = self.outcome
        # In the order outcome_to_wire gives the buffers their indices. The usual fields (no
        # value, no maps, no exception or graph, str texts) are written here without a call.
        value, grads, inputs_after = outcome.value, outcome.grads, outcome.inputs_after
        value = "null" if value is None else self._observed(value)
        grads = "{}" if type(grads) is dict and not grads else self._observed_map(grads)
        if type(inputs_after) is dict and not inputs_after:
            inputs_after = "{}"
        else:
            inputs_after = self._observed_map(inputs_after)
        call_id, status, stdout, stderr = (
            self.call_id,
            outcome.status,
            outcome.stdout,
            outcome.stderr,
        )
        exception, graph = outcome.exception, outcome.graph
        header = (
            '{"v":1,"body":{"event":"outcome","outcome":{'
            f'"duration":{_json_scalar(outcome.duration)},'
            f'"call_id":{_json_string(call_id) if type(call_id) is str else _json_scalar(call_id)},'
            f'"status":{_json_string(status) if type(status) is str else _json_scalar(status)},'
            f'"value":{value},"grads":{grads},"inputs_after":{inputs_after},'
            f'"exception":{"null" if exception is None else self._exception(exception)},'
            f'"stdout":{_json_string(stdout) if type(stdout) is str else _json_scalar(stdout)},'
            f'"stderr":{_json_string(stderr) if type(stderr) is str else _json_scalar(stderr)},'
            f'"graph":{"null" if graph is None else self._graph(graph)}}}}},'
            f'"buffers":[{",".join(self.buffers)}]}}'
        )
        return _frame_bytes(header, self.chunks, self.payload_len)

    def _optional_observed(self, observed: Observed | None) -> str:
        return "null" if observed is None else self._observed(observed)

    def _observed_map(self, observed_by_name: dict[str, Observed | None]) -> str:
        if type(observed_by_name) is not dict:
            raise _NotPlainData("a map that is not a dict")
        entries = []
        for name, observed in observed_by_name.items():
            if type(name) is not str:
                raise _NotPlainData("a key that is not a str")
            entries.append(f"{_json_string(name)}:{self._optional_observed(observed)}")
        return "{" + ",".join(entries) + "}"

    def _observed(self, obs: Observed) -> str:
        if type(obs) is not Observed:
            raise _NotPlainData("not an Observed")
        kind = obs.kind
        if type(kind) is not str:
            raise _NotPlainData("a kind that is not a str")
        if kind == "tensor" or kind == "ndarray":
            flag = _FLAG_TEXT_BY_ID
            type_name, dtype = obs.type, obs.dtype
            key = (kind, type_name, flag[id(obs.exact_type)], dtype)
            remembered = type(type_name) is str and type(dtype) is str
            head = _ARRAY_HEADS.get(key) if remembered else None
            if head is None:
                head = (
                    f'{{"kind":"{kind}","type":{_json_text(type_name)},'
                    f'"exact_type":{key[2]},"dtype":{_json_text(dtype)},'
                )
                if remembered:
                    _remember_text(_ARRAY_HEADS, key, head)
            text = f'{head}"shape":{_json_list(obs.shape or ())},"data":{self._buffer(obs.data)}'
            if kind == "ndarray":
                return text + "}"
            grad_fn = obs.grad_fn
            key = (
                flag[id(obs.requires_grad)],
                flag[id(obs.is_leaf)],
                grad_fn,
                flag[id(obs.retains_grad)],
            )
            remembered = grad_fn is None or type(grad_fn) is str
            tail = _AUTOGRAD_TAILS.get(key) if remembered else None
            if tail is None:
                tail = (
                    f',"requires_grad":{key[0]},"is_leaf":{key[1]},'
                    f'"grad_fn":{_json_text(grad_fn)},"retains_grad":{key[3]}}}'
                )
                if remembered:
                    _remember_text(_AUTOGRAD_TAILS, key, tail)
            return text + tail
        type_text = _json_text(obs.type)
        if kind == "python":
            return f'{{"kind":"python","type":{type_text},"value":{_json_scalar(obs.value)}}}'
        if kind == "sequence":
            items = obs.items or ()
            if type(items) is not tuple:
                raise _NotPlainData("items that are not a tuple")
            written = ",".join([self._observed(item) for item in items])
            return f'{{"kind":"sequence","type":{type_text},"items":[{written}]}}'
        repr_text = _json_scalar(obs.repr)
        return f'{{"kind":{_json_string(kind)},"type":{type_text},"repr":{repr_text}}}'

    def _buffer(self, array: Any) -> int:
        """Adds ``array`` as the next buffer (checked as encode_frame checks it); its index."""
        if type(array) is not np.ndarray:
            raise _NotPlainData("data that is not an exact ndarray")
        index = len(self.chunks)
        name, raw = _wire_buffer(array, index)
        # A wire dtype name needs no escaping; a numpy shape holds only ints.
        shape = ",".join(map(str, array.shape))
        self.buffers.append(
            f'{{"dtype":"{name}","shape":[{shape}],"nbytes":{len(raw)},'
            f'"offset":{self.payload_len}}}'
        )
        self.chunks.append(raw)
        self.payload_len += len(raw)
        return index

    def _exception(self, info: ExceptionInfo | None) -> str:
        if info is None:
            return "null"
        if type(info) is not ExceptionInfo:
            raise _NotPlainData("not an ExceptionInfo")
        return (
            f'{{"type":{_json_text(info.type)},"message":{_json_text(info.message)},'
            f'"traceback":{_json_text(info.traceback)},"line":{_json_scalar(info.line)}}}'
        )

    def _graph(self, graph: tuple[GraphNode, ...] | None) -> str:
        if graph is None:
            return "null"
        if type(graph) is not tuple:
            raise _NotPlainData("a graph that is not a tuple")
        nodes = []
        for node in graph:
            if type(node) is not GraphNode:
                raise _NotPlainData("not a GraphNode")
            source = "" if node.input is None else f',"input":{_json_text(node.input)}'
            nodes.append(
                f'{{"name":{_json_text(node.name)},"next":{_json_list(node.next)}{source}}}'
            )
        return "[" + ",".join(nodes) + "]"


def decode_event(frame: Frame) -> dict[str, Any]:
    """Validate a child event; returns ``{"event": name, ...}`` with typed fields."""
    try:
        return _event_from_regular_wire(frame.body, frame.arrays)
    except _Irregular:  # or a layers or loaded event: once per run, left to the checking path
        return decode_event_checking(frame)


def decode_event_checking(frame: Frame) -> dict[str, Any]:
    """:func:`decode_event` one check at a time, each error saying where (see
    :func:`decode_calls_checking`)."""
    body = frame.body
    _expect(isinstance(body, dict), "event", "an object")
    event = body.get("event")
    used: set[int] = set()
    if event == "layers":
        _expect_keys(body, "layers event", {"event", "applied", "failed"})
        failed = body["failed"]
        _expect(
            isinstance(failed, dict) and all(type(v) is str for v in failed.values()),
            "layers event.failed",
            "an object of reasons",
        )
        decoded = {
            "event": event,
            "applied": _names(body["applied"], "layers event.applied"),
            "failed": dict(failed),
        }
    elif event == "loaded":
        _expect_keys(body, "loaded event", {"event", "error"})
        decoded = {"event": event, "error": exception_from_wire(body["error"], "loaded.error")}
    elif event == "begin":
        _expect_keys(body, "begin event", {"event", "call_id"})
        decoded = {"event": event, "call_id": _expect_str(body["call_id"], "begin.call_id")}
    elif event == "outcome":
        _expect_keys(body, "outcome event", {"event", "outcome"})
        call_id, outcome = outcome_from_wire(body["outcome"], frame.arrays, used, "outcome")
        decoded = {"event": event, "call_id": call_id, "outcome": outcome}
    else:
        raise ProtocolError(f"unknown event {event!r}")
    _expect(len(used) == len(frame.arrays), f"{event} event", "no unreferenced buffers")
    return decoded


# The quick pass over regular begin and outcome events (see _calls_from_regular_wire).

_OUTCOME_EVENT_KEYS = frozenset({"event", "outcome"})
_BEGIN_EVENT_KEYS = frozenset({"event", "call_id"})
_OUTCOME_KEYS = frozenset(
    {
        "call_id",
        "status",
        "value",
        "grads",
        "inputs_after",
        "exception",
        "duration",
        "stdout",
        "stderr",
        "graph",
    }
)
_EXCEPTION_KEYS = frozenset({"type", "message", "traceback", "line"})
_GRAPH_NODE_KEYS = frozenset({"name", "next"})
_GRAPH_LEAF_KEYS = frozenset({"name", "next", "input"})  # the leaf of a named argument
_TENSOR_KEYS = frozenset(
    {
        "kind",
        "type",
        "exact_type",
        "dtype",
        "shape",
        "data",
        "requires_grad",
        "is_leaf",
        "grad_fn",
        "retains_grad",
    }
)
_NDARRAY_KEYS = frozenset({"kind", "type", "exact_type", "dtype", "shape", "data"})
_PYTHON_KEYS = frozenset({"kind", "type", "value"})
_SEQUENCE_KEYS = frozenset({"kind", "type", "items"})
_OBJECT_KEYS = frozenset({"kind", "type", "repr"})
_CALL_STATUS_SET = frozenset(CALL_STATUSES)


def _event_from_regular_wire(body: Any, arrays: tuple[np.ndarray, ...]) -> dict[str, Any]:
    if type(body) is not dict:
        raise _Irregular
    keys = body.keys()
    if keys == _OUTCOME_EVENT_KEYS and body["event"] == "outcome":
        used: set[int] = set()
        call_id, outcome = _outcome_from_regular_wire(body["outcome"], arrays, used)
        if len(used) != len(arrays):
            raise _Irregular
        return {"event": "outcome", "call_id": call_id, "outcome": outcome}
    if keys == _BEGIN_EVENT_KEYS and body["event"] == "begin":
        call_id = body["call_id"]
        if not _is_text(call_id) or arrays:
            raise _Irregular
        return {"event": "begin", "call_id": call_id}
    raise _Irregular


def _outcome_from_regular_wire(
    obj: Any, arrays: tuple[np.ndarray, ...], used: set[int]
) -> tuple[str, CallOutcome]:
    if type(obj) is not dict or obj.keys() != _OUTCOME_KEYS:
        raise _Irregular
    call_id, status, stdout, stderr = obj["call_id"], obj["status"], obj["stdout"], obj["stderr"]
    if not (_is_text(call_id) and _is_text(stdout) and _is_text(stderr) and type(status) is str):
        raise _Irregular
    if status not in _CALL_STATUS_SET:
        raise _Irregular
    value = obj["value"]
    if value is not None:
        value = _observed_from_regular_wire(value, arrays, used, 0)
    grads, inputs_after = obj["grads"], obj["inputs_after"]
    if type(grads) is not dict or type(inputs_after) is not dict:
        raise _Irregular
    grads = {
        name: None if obs is None else _observed_from_regular_wire(obs, arrays, used, 0)
        for name, obs in grads.items()
    }
    for name in grads:
        if not _is_text(name):
            raise _Irregular
    inputs_after = {
        name: _observed_from_regular_wire(obs, arrays, used, 0)
        for name, obs in inputs_after.items()
    }
    duration = obj["duration"]
    if type(duration) is not float and type(duration) is not int:
        raise _Irregular
    duration = float(duration)
    return call_id, CallOutcome(
        status,
        value,
        grads,
        inputs_after,
        _exception_from_regular_wire(obj["exception"]),
        duration if math.isfinite(duration) else 0.0,
        stdout,
        stderr,
        _graph_from_regular_wire(obj["graph"]),
    )


def _observed_from_regular_wire(
    obj: Any, arrays: tuple[np.ndarray, ...], used: set[int], depth: int
) -> Observed:
    if type(obj) is not dict:
        raise _Irregular
    kind, type_name, keys = obj.get("kind"), obj.get("type"), obj.keys()
    if not _is_text(type_name):
        raise _Irregular
    if kind == "tensor" and keys == _TENSOR_KEYS:
        data, dtype = _array_of_regular_wire(obj["data"], obj["dtype"], obj["shape"], arrays, used)
        exact_type, requires_grad = obj["exact_type"], obj["requires_grad"]
        is_leaf, retains_grad, grad_fn = obj["is_leaf"], obj["retains_grad"], obj["grad_fn"]
        if (
            type(exact_type) is not bool
            or type(requires_grad) is not bool
            or type(is_leaf) is not bool
            or type(retains_grad) is not bool
            or not (grad_fn is None or _is_text(grad_fn))
        ):
            raise _Irregular
        return Observed(
            "tensor",
            type_name,
            exact_type,
            dtype,
            data.shape,
            data,
            requires_grad,
            is_leaf,
            grad_fn,
            retains_grad,
            None,
            None,
            None,
        )
    if kind == "python" and keys == _PYTHON_KEYS:
        value = obj["value"]
        if type(value) is list or not _is_plain_json(value, 0):
            raise _Irregular
        return Observed("python", type_name, None, None, None, None, None, None, None, None, value)
    if kind == "sequence" and keys == _SEQUENCE_KEYS and depth < MAX_NESTING:
        items = obj["items"]
        if type(items) is not list:
            raise _Irregular
        items = tuple([_observed_from_regular_wire(i, arrays, used, depth + 1) for i in items])
        return Observed(
            "sequence", type_name, None, None, None, None, None, None, None, None, None, items
        )
    if kind == "ndarray" and keys == _NDARRAY_KEYS:
        data, dtype = _array_of_regular_wire(obj["data"], obj["dtype"], obj["shape"], arrays, used)
        if type(obj["exact_type"]) is not bool:
            raise _Irregular
        return Observed("ndarray", type_name, obj["exact_type"], dtype, data.shape, data)
    if kind == "object" and keys == _OBJECT_KEYS and _is_text(obj["repr"]):
        return Observed("object", type_name, repr=obj["repr"])
    raise _Irregular


def _exception_from_regular_wire(obj: Any) -> ExceptionInfo | None:
    if obj is None:
        return None
    if type(obj) is not dict or obj.keys() != _EXCEPTION_KEYS:
        raise _Irregular
    kind, message, traceback, line = obj["type"], obj["message"], obj["traceback"], obj["line"]
    if not (_is_text(kind) and _is_text(message) and _is_text(traceback)):
        raise _Irregular
    if line is not None and type(line) is not int:
        raise _Irregular
    return ExceptionInfo(kind, message, traceback, line)


def _graph_from_regular_wire(nodes: Any) -> tuple[GraphNode, ...] | None:
    if nodes is None:
        return None
    if type(nodes) is not list:
        raise _Irregular
    count = len(nodes)
    graph = []
    for node in nodes:
        if type(node) is not dict:
            raise _Irregular
        keys = node.keys()
        if keys == _GRAPH_NODE_KEYS:
            source = None
        elif keys == _GRAPH_LEAF_KEYS and _is_text(node["input"]):
            source = node["input"]
        else:
            raise _Irregular
        name, links = node["name"], node["next"]
        if not _is_text(name) or type(links) is not list:
            raise _Irregular
        for link in links:
            if link is not None and (type(link) is not int or not 0 <= link < count):
                raise _Irregular
        graph.append(GraphNode(name, tuple(links), source))
    return tuple(graph)


def _canonical(value: Any) -> Any:
    """A comparable form of nested wire data (arrays by dtype, shape and bytes; NaN == NaN)."""
    if isinstance(value, Observed):
        return ("Observed",) + tuple(
            (f.name, _canonical(getattr(value, f.name))) for f in fields(value)
        )
    if isinstance(value, np.ndarray):
        return ("ndarray", value.dtype.name, value.shape, value.tobytes())
    if isinstance(value, tuple | list):
        return tuple(_canonical(v) for v in value)
    if isinstance(value, float) and math.isnan(value):
        return ("nan",)
    return (type(value).__name__, value)
