"""The Tensor: a numpy array plus torch's autograd bookkeeping.

* ``_data`` is the numpy array.  Views share the numpy buffer *and* the
  version counter, so an in-place op through any view bumps ``_version`` for all.
* ``_grad_fn`` / ``_output_nr`` say which node produced the tensor (``None`` for leaves).
* ``_requires_grad`` is True for leaves that require grad and for every recorded result.

Only the core lives here (attributes, flags, hooks, conversions).  Ops and their
methods (``__add__``, ``sum``, ``exp``, ...) are defined in ``gradekit.engine.ops`` and
attached with ``register_method``; view/indexing methods come from ``ops/views.py``.
"""

from __future__ import annotations

import importlib
import re
import sys
import weakref
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

from . import errors
from .autograd import grad_mode
from .autograd import graph as graph_module
from .autograd.graph import AccumulateGrad, Node, RemovableHandle, new_accumulate_grad
from .dtypes import FLOATING, dtype, get_default_dtype
from .ops.layout import element_strides, storage_array
from .torch_names import TENSOR_ATTRIBUTE_NAMES

_GRAD_DTYPE_NAMES = {
    "float16": "c10::Half",
    "float32": "float",
    "float64": "double",
    "int64": "long int",
    "int32": "int",
    "bool": "bool",
}


# A storage's version counter: the number of in-place modifications, shared by all its
# views, held as a one-element list ``[version]``.  Every tensor gets one, and a list is
# the cheapest mutable cell to make and free: about a fifth of the instructions of an
# instance of a class, even one without ``__init__``.
VersionCounter = list


class InferenceVersionCounter(list):
    """The version counter of an inference tensor (made in ``inference_mode``), which torch
    does not track: its type is the mark, so views and ``detach()``, which share the counter,
    are inference tensors too, and a normal tensor's counter stays a plain list.

    Reading the version raises torch's error for saving one for backward, which is what
    reads it on a right call (``graph.saved_input``: the hot paths test nothing);
    ``_bump_version`` and ``_version`` handle it themselves."""

    __slots__ = ()

    def __getitem__(self, index: Any) -> Any:
        raise errors.error("inference_saved")


class Size(tuple):
    """torch.Size: a tuple of ints with torch's repr.  Concatenation and repetition give a
    Size, as torch's; its messages name 'torch.Size' (not a missing attribute's: a
    ``__getattr__`` would tax numpy's probes of a Size).  Its items are not converted or
    checked (torch.Size([2.5]) is accepted): a Python ``__new__`` cost ``x.shape`` +23%."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"torch.Size({list(self)!r})"

    __str__ = __repr__

    def numel(self) -> int:
        n = 1
        for s in self:
            n *= s
        return n

    def __getitem__(self, item: Any) -> Any:
        result = tuple.__getitem__(self, item)
        return Size(result) if isinstance(item, slice) else result

    def __add__(self, other: tuple) -> Size:  # type: ignore[override]
        if not isinstance(other, tuple):
            if isinstance(other, np.ndarray):
                return NotImplemented  # (numpy's own sum, as with torch)
            raise TypeError(
                f"can only concatenate tuple (not {type(other).__name__}) to torch.Size"
            )
        return Size(tuple.__add__(self, other))

    def __radd__(self, other: Any) -> Size:
        if not isinstance(other, tuple):
            name = type(other).__name__
            if isinstance(other, (list, str, bytes)):
                raise TypeError(f'can only concatenate {name} (not "torch.Size") to {name}')
            raise TypeError(f"unsupported operand type(s) for +: '{name}' and 'torch.Size'")
        return Size(tuple.__add__(other, self))

    def __mul__(self, count: Any) -> Size:  # type: ignore[override]
        try:
            return tuple.__new__(Size, tuple.__mul__(self, count))
        except TypeError:  # (Python's words for a sequence, with the C type's name)
            from .ops.arguments import type_name

            name = type_name(count)
            raise TypeError(f"can't multiply sequence by non-int of type '{name}'") from None

    def __rmul__(self, count: Any) -> Size:
        if isinstance(count, (tuple, list, str, bytes)):  # (their repetition, by a Size)
            raise TypeError("can't multiply sequence by non-int of type 'torch.Size'")
        return self.__mul__(count)

    def __setitem__(self, item: Any, value: Any) -> None:
        raise TypeError("'torch.Size' object does not support item assignment")

    def __delitem__(self, item: Any) -> None:
        raise TypeError("'torch.Size' object doesn't support item deletion")


Size.__module__ = "torch"


class device:  # noqa: N801 - torch's name
    """Only the CPU exists; ``torch.device("cpu")`` and ``"cpu"`` strings are accepted."""

    __slots__ = ("type", "index")

    def __init__(self, type: str = "cpu", index: int | None = None) -> None:  # noqa: A002
        if isinstance(type, device):
            type, index = type.type, type.index  # noqa: A001
        if type != "cpu":
            _check_device_string(type)  # (a misspelt device: torch's RuntimeError)
            if type.split(":")[0] != "cpu":
                raise errors.unsupported(f"device {type!r}")
            if ":" in type and index is None:  # "cpu:0" is cpu with index 0
                index = int(type.split(":")[1])
        self.type = "cpu"
        self.index = index

    def __repr__(self) -> str:
        return (
            "device(type='cpu')"
            if self.index is None
            else f"device(type='cpu', index={self.index})"
        )

    def __str__(self) -> str:
        return "cpu" if self.index is None else f"cpu:{self.index}"

    def __eq__(self, other: object) -> bool:
        # torch compares devices only: x.device == "cpu" is False; cpu:0 is not cpu
        return isinstance(other, device) and other.index == self.index

    def __hash__(self) -> int:
        return hash(("cpu", self.index))


device.__module__ = "torch"

# The device types torch 2.13 knows (c10/core/DeviceType.cpp), in its error's order.
_DEVICE_TYPES = frozenset(
    "cpu cuda ipu xpu mkldnn opengl opencl ideep hip ve fpga maia xla lazy vulkan mps meta hpu "
    "mtia privateuseone".split()
)
# c10/core/Device.cpp: a device string is ``([a-zA-Z_]+)(?::([1-9]\d*|0))?``
_DEVICE_STRING = re.compile(r"([a-zA-Z_]+)(?::([1-9][0-9]*|0))?")


def _check_device_string(text: object) -> None:
    """torch's RuntimeError for a device string it cannot parse (empty, malformed, or an
    unknown device type); a well-formed string of a real device type passes."""
    if not isinstance(text, str):
        return  # (the caller's own error)
    if not text:
        raise errors.error("device_string_empty")
    match = _DEVICE_STRING.fullmatch(text)
    if match is None:
        raise errors.error("device_string_invalid", string=text)
    if match.group(1) not in _DEVICE_TYPES:
        raise errors.error("device_type_unknown", string=text)


CPU = device("cpu")


def register_method(name: str, function: Callable[..., Any]) -> None:
    """Attach an op as a Tensor method, e.g. ``register_method("exp", exp)``."""
    if isinstance(function, property):
        function = read_only(name, function)
    setattr(Tensor, name, function)


def read_only(name: str, attribute: property) -> property:
    """``attribute`` refusing assignment in torch's words (``x.shape = (3, 2)``: "attribute
    'shape' of 'torch._C.TensorBase' objects is not writable"), unless it has a setter.
    Reading it costs the same."""
    if attribute.fset is not None or name.startswith("_"):
        return attribute

    def refuse(tensor: Tensor, value: object) -> None:
        raise errors.error("attribute_not_writable", name=name)

    return attribute.setter(refuse)


_api_module: Any = None


def _autograd_api() -> Any:
    """autograd/api.py, imported on first use (it imports this module)."""
    global _api_module
    if _api_module is None:
        _api_module = importlib.import_module("gradekit.engine.autograd.api")
    return _api_module


_engine_module: Any = None


def _autograd_engine() -> Any:
    """autograd/engine.py, imported on first use (it imports this module)."""
    global _engine_module
    if _engine_module is None:
        _engine_module = importlib.import_module("gradekit.engine.autograd.engine")
    return _engine_module


# ``object.__new__`` looked up once: the lookup costs about a third of Tensor._make
_new_object = object.__new__


def _weak_tensor(t: Tensor) -> Callable[[], Tensor | None]:
    return weakref.ref(t)


class _UnsupportedAttribute:
    """Stands in for a torch.Tensor attribute outside the engine's subset: reading it
    raises the clear NotImplementedError (also an AttributeError, so hasattr is False).
    Names torch does not have either get Python's own AttributeError, which is torch's.
    (Not a ``Tensor.__getattr__``: any ``__getattr__`` stops CPython 3.11 from
    specialising attribute reads on every tensor, about 7% of a small graph's time.)
    """

    __slots__ = ("qualname",)

    def __init__(self, name: str) -> None:
        self.qualname = f"torch.Tensor.{name}"

    def __get__(self, instance: object, owner: type | None = None) -> Any:
        raise errors.unsupported(self.qualname)

    def __set__(self, instance: object, value: object) -> None:
        # A data descriptor: `x.layout = ...` must not quietly make an instance attribute.
        raise errors.unsupported(self.qualname)


# torch.Tensor's base class is torch._C.TensorBase.  The engine's holds a stand-in for
# *every* public name of torch.Tensor; the attributes and methods the engine defines on
# Tensor itself come first in the lookup and shadow them.  Built in one step, so the
# import makes no per-name ``setattr`` on Tensor and needs no list of the missing names.
TensorBase = type(
    "TensorBase",
    (),
    {
        "__slots__": (),
        "__module__": "torch._C",
        "__doc__": "The engine's stand-ins for torch.Tensor's API outside its subset.",
        **{name: _UnsupportedAttribute(name) for name in TENSOR_ATTRIBUTE_NAMES},
    },
)


class Tensor(TensorBase):
    """torch.Tensor over a numpy array."""

    # As in torch: numpy scalars and arrays on the left of an operator defer to the
    # tensor's reflected method (np.float64(2) * x is a float32 tensor, not an ndarray).
    __array_priority__ = 1000

    # Hot attributes are slots; rarely set ones live in __dict__ with class defaults, so
    # creating a tensor (once per op) sets only six attributes.
    __slots__ = (
        "_data",
        "dtype",
        "_requires_grad",
        "_grad_fn",
        "_output_nr",
        "_version_counter",
        "_base",
        "_accumulator",
        "__weakref__",
        "__dict__",
    )

    _grad: Tensor | None = None
    _hooks: dict | None = None  # leaf tensor hooks
    _post_accumulate_hooks: dict | None = None
    _retains_grad = False

    __module__ = "torch"

    # --- construction ----------------------------------------------------------------
    def __new__(cls, *args: Any, **kwargs: Any) -> Tensor:
        """``torch.Tensor(data)`` / ``torch.Tensor(2, 3)``: legacy float32 constructor."""
        from .ops.creation import legacy_constructor

        return legacy_constructor(cls, get_default_dtype(), args, kwargs, any_tensor=True)

    @staticmethod
    def _make(
        data: np.ndarray,
        dtype_: dtype,
        grad_fn: Node | None = None,
        output_nr: int = 0,
        version_counter: VersionCounter | None = None,
        base: Tensor | None = None,
    ) -> Tensor:
        """Fast internal constructor.  ``data`` must already have ``dtype_``'s numpy dtype."""
        t = _new_object(Tensor)
        t._data = data
        t.dtype = dtype_
        t._requires_grad = grad_fn is not None
        t._grad_fn = grad_fn
        t._output_nr = output_nr
        if version_counter is None:  # (a view passes its base's: the same kind of tensor)
            version_counter = InferenceVersionCounter((0,)) if grad_mode.inference else [0]
        t._version_counter = version_counter
        t._base = base  # the base of a view, else None
        t._accumulator = None  # a leaf's AccumulateGrad node, weakly (_accumulate_grad)
        return t

    # --- shape and type -----------------------------------------------------------------
    @property
    def shape(self) -> Size:
        return Size(self._data.shape)

    def size(self, dim: int | None = None) -> Size | int:
        if dim is None:
            return Size(self._data.shape)
        if dim is True or dim is False:  # (an int to the tuple, not to torch's parser)
            raise _dim_type_error("size", dim)
        try:  # a tuple wraps a negative dim in range as torch does: no _wrap_dim call
            return self._data.shape[dim]
        except (IndexError, TypeError):  # (free unless raised) out of range, a float, a str
            pass
        try:
            if not self._data.ndim and is_int_dim(dim):  # (torch's words for a 0-d tensor)
                raise errors.error("dim_scalar", dim=dim)
            return self._data.shape[self._wrap_dim(dim)]  # torch's IndexError
        except TypeError:  # a str or a float: torch's parser refuses it
            raise _dim_type_error("size", dim) from None

    def dim(self) -> int:
        return self._data.ndim

    ndimension = dim

    @property
    def ndim(self) -> int:
        return self._data.ndim

    def numel(self) -> int:
        return self._data.size

    nelement = numel

    def element_size(self) -> int:
        return self.dtype.itemsize

    @property
    def itemsize(self) -> int:
        return self.dtype.itemsize

    @property
    def nbytes(self) -> int:
        return self._data.nbytes

    @property
    def device(self) -> device:
        return CPU

    @property
    def is_cuda(self) -> bool:
        return False

    def is_floating_point(self) -> bool:
        return self.dtype.category == FLOATING

    def is_complex(self) -> bool:
        return False

    def is_contiguous(self, memory_format: object = None) -> bool:
        return self._data.flags.c_contiguous

    def stride(self, dim: int | None = None) -> tuple[int, ...] | int:
        itemsize = self._data.itemsize
        strides = tuple(s // itemsize for s in self._data.strides)
        if not self._data.size:  # numpy zeroes an empty array's strides: torch's instead
            if self._base is None:
                strides = element_strides(self._data)
            else:
                from .ops import load_views_module

                strides = load_views_module().empty_view_strides(self)
        if dim is None:
            return strides
        if dim is True or dim is False:  # (an int to the tuple, not to torch's parser)
            raise _dim_type_error("stride", dim)
        try:  # a tuple wraps a negative dim in range as torch does: no _wrap_dim call
            return strides[dim]
        except (IndexError, TypeError):  # (free unless raised) out of range, a float, a str
            pass
        try:
            if not self._data.ndim and is_int_dim(dim):  # (torch's words for a 0-d tensor)
                raise errors.error("dim_scalar", dim=dim)
            return strides[self._wrap_dim(dim)]  # torch's IndexError
        except TypeError:  # a str or a float: torch's parser refuses it
            raise _dim_type_error("stride", dim) from None

    def storage_offset(self) -> int:
        base = storage_array(self._data)
        start = self._data.__array_interface__["data"][0]
        return (start - base.__array_interface__["data"][0]) // self._data.itemsize

    def data_ptr(self) -> int:
        return self._data.__array_interface__["data"][0]

    def _is_view(self) -> bool:
        return self._base is not None

    def is_inference(self) -> bool:
        return type(self._version_counter) is not list

    def _wrap_dim(self, dim: int) -> int:
        """Normalise a possibly negative dim, with torch's IndexError."""
        if isinstance(dim, (float, np.bool_, np.floating)):  # (size's/stride's slow path)
            raise TypeError(dim)  # torch's parser refuses its type: their handler words it
        ndim = self._data.ndim
        low, high = (-ndim, ndim - 1) if ndim else (-1, 0)
        if not low <= dim <= high:
            raise errors.error("dim_out_of_range", low=low, high=high, dim=dim)
        return dim + ndim if dim < 0 else dim

    # --- autograd flags -----------------------------------------------------------------
    @property
    def grad_fn(self) -> Node | None:
        if self._grad_fn is None and "_no_grad_view" in self.__dict__:
            _check_no_grad_view(self)  # ops/views.py: raises if its base changed in place
        return self._grad_fn  # (a stale output of split: ops/views.py's _StaleMultiOutputView)

    @property
    def output_nr(self) -> int:
        return self._output_nr

    @property
    def is_leaf(self) -> bool:
        # torch computes is_leaf through grad_fn, so a stale no_grad view raises here too
        if self._grad_fn is None and "_no_grad_view" in self.__dict__:
            _check_no_grad_view(self)
        return self._grad_fn is None

    @property
    def requires_grad(self) -> bool:
        return self._requires_grad

    @requires_grad.setter
    def requires_grad(self, value: bool) -> None:
        if not isinstance(value, bool):
            raise errors.error("requires_grad_not_bool")
        if self._grad_fn is not None:
            key = "requires_grad_nonleaf_true" if value else "requires_grad_nonleaf_false"
            raise errors.error(key)
        if value and self.dtype.category != FLOATING:
            raise errors.error("requires_grad_setter_dtype")
        if value and type(self._version_counter) is not list and not grad_mode.inference:
            raise errors.error("inference_requires_grad")
        self.__dict__.pop("_inherits_requires_grad", None)
        self._requires_grad = bool(value)
        if "_views" in self.__dict__:
            _views_inherit_requires_grad(self)

    def requires_grad_(self, requires_grad: bool = True) -> Tensor:
        if requires_grad is not True and requires_grad is not False:  # torch's parser: a bool
            from .ops.arguments import type_name  # (error path; that module imports this one)

            raise errors.error(
                "argument_type",
                name="requires_grad_",
                parameter="requires_grad",
                where=" (position 1)",
                expected="bool",
                got=type_name(requires_grad),
            )
        if self._grad_fn is not None:
            if not requires_grad:
                raise errors.error("requires_grad_nonleaf_false")
            return self
        if requires_grad and self.dtype.category != FLOATING:
            raise errors.error("requires_grad__dtype")
        if requires_grad and type(self._version_counter) is not list and not grad_mode.inference:
            raise errors.error("inference_requires_grad")
        self.__dict__.pop("_inherits_requires_grad", None)
        self._requires_grad = requires_grad
        if "_views" in self.__dict__:
            _views_inherit_requires_grad(self)
        return self

    @requires_grad.deleter
    def requires_grad(self) -> None:
        raise errors.error("requires_grad_not_bool")  # torch's text for `del` too

    @property
    def retains_grad(self) -> bool:
        return self._retains_grad

    @property
    def grad(self) -> Tensor | None:
        if self._grad is None and self._grad_fn is not None and not self._retains_grad:
            errors.warn("nonleaf_grad_access")
        return self._grad

    @grad.setter
    def grad(self, value: Tensor | None) -> None:
        if value is None:
            self._grad = None
            return
        if not isinstance(value, Tensor):
            raise errors.error("grad_assign_type", type_name=type(value).__name__)
        if value.dtype is not self.dtype:
            raise errors.error(
                "grad_assign_dtype",
                grad_dtype=_GRAD_DTYPE_NAMES.get(value.dtype.name, value.dtype.name),
                dtype=self.dtype.scalar_name,
            )
        if value._data.shape != self._data.shape:
            raise errors.error(
                "grad_assign_size",
                grad_sizes=list(value._data.shape),
                sizes=list(self._data.shape),
            )
        self._grad = value

    @grad.deleter
    def grad(self) -> None:
        self._grad = None

    @property
    def _version(self) -> int:
        counter = self._version_counter
        if type(counter) is not list:
            raise errors.error("inference_version")
        return counter[0]

    def _bump_version(self) -> None:
        try:
            self._version_counter[0] += 1
        except RuntimeError:  # (free unless raised) an inference tensor: no version to bump
            if not grad_mode.inference:
                # torch refuses it after the write, as here: the values have changed
                raise errors.error("inference_inplace") from None
        if not grad_mode.enabled or not self._requires_grad:
            # A write that records nothing (under no_grad, or through an alias that does not
            # require grad, such as a detach()) leaves views that have a history reading new
            # values: torch regenerates their grad_fn (AsStridedBackward0) on next use.
            root = self if self._base is None else self._base
            root = root.__dict__.get("_detached_from", root)
            if "_views" in root.__dict__:
                from .ops import load_views_module

                load_views_module().regenerate_view_grad_fns(root, recorded_only=True)

    @property
    def data(self) -> Tensor:
        """A leaf sharing memory but NOT the version counter (torch's ``.data``)."""
        # (of an inference tensor too: torch's is one, and telling costs +4% per call here)
        return Tensor._make(self._data, self.dtype)

    @data.setter
    def data(self, value: Tensor) -> None:
        if not isinstance(value, Tensor):
            raise errors.error("data_not_tensor", type_name=type(value).__name__)
        self._data = value._data
        self.dtype = value.dtype

    @property
    def _accumulate_grad(self) -> AccumulateGrad:
        """The AccumulateGrad node of this leaf, shared while any graph uses it.

        Like torch, the tensor holds it only weakly (the graph holds it strongly), so
        there is no tensor <-> node reference cycle for the garbage collector.
        """
        ref = self._accumulator
        node = ref() if ref is not None else None
        if node is None:
            node = new_accumulate_grad(self)
            self._accumulator = weakref.ref(node)
        return node

    def _edge(self) -> tuple[Node | None, int]:
        """This tensor's entry in a consumer's ``next_functions``."""
        if self._grad_fn is not None:
            return (self._grad_fn, self._output_nr)
        if self._requires_grad:
            # (views only: reading __dict__ would make one for every leaf)
            if self._base is not None:
                if "_no_grad_view" in self.__dict__:
                    _check_no_grad_view(self)
                if "_inherits_requires_grad" in self.__dict__:
                    return (None, 0)  # no grad accumulator of its own (ops/views.py)
            return (self._accumulate_grad, 0)
        return (None, 0)

    def detach(self) -> Tensor:
        """Shares memory and the version counter; no grad_fn, requires_grad False."""
        out = Tensor._make(self._data, self.dtype, None, 0, self._version_counter)
        root = self if self._base is None else self._base
        # A write through the detached alias is a write into root's memory (see _bump_version).
        out.__dict__["_detached_from"] = root.__dict__.get("_detached_from", root)
        if "_overlapping" in self.__dict__:  # same strides: an expanded tensor stays one
            out.__dict__["_overlapping"] = True
        return out

    def detach_(self) -> Tensor:
        if self._base is not None:
            raise errors.error("detach_view_inplace")
        self._grad_fn = None
        self._requires_grad = False
        return self

    def retain_grad(self) -> None:
        if not self._requires_grad:
            raise errors.error("retain_grad_no_grad")
        if self._grad_fn is None or self._retains_grad:
            return  # no-op on leaves (they always get .grad) and when already retaining
        node = self._grad_fn
        if node._retain_grad_tensors is None:
            node._retain_grad_tensors = {}
        node._retain_grad_tensors[self._output_nr] = _weak_tensor(self)
        node._hooked = True
        graph_module.note_user_code()
        self._retains_grad = True

    def register_hook(self, hook: Callable[[Tensor], Tensor | None]) -> RemovableHandle:
        """``hook(grad)`` runs when this tensor's gradient is computed; may return a new one."""
        if not self._requires_grad:
            raise errors.error("hook_on_no_grad")
        if self._grad_fn is None and "_no_grad_view" in self.__dict__ and self._hooks is None:
            # A stale no_grad view raises, as reading its grad_fn does.  Only the first
            # time: torch makes the tensor's hook dict before it reads grad_fn, and reads
            # grad_fn only when there was no dict yet, so a second call succeeds.
            self._hooks = {}
            _check_no_grad_view(self)
        if self._grad_fn is not None:
            return self._grad_fn._register_tensor_hook(self._output_nr, hook)
        if self._hooks is None:
            self._hooks = {}
        self._mark_accumulator_hooked()
        handle = RemovableHandle(self._hooks)
        self._hooks[handle.id] = hook
        return handle

    def _mark_accumulator_hooked(self) -> None:
        """Tell this leaf's AccumulateGrad node, if it exists, that the leaf has hooks."""
        graph_module.note_user_code()
        ref = self._accumulator
        node = ref() if ref is not None else None
        if node is not None:
            node._hooked = True

    def register_post_accumulate_grad_hook(self, hook: Callable[[Tensor], None]) -> RemovableHandle:
        if not self._requires_grad:
            raise errors.error("hook_on_no_grad")
        if self._grad_fn is not None:
            raise errors.error("post_accumulate_hook_nonleaf")
        if self._post_accumulate_hooks is None:
            self._post_accumulate_hooks = {}
        self._mark_accumulator_hooked()
        handle = RemovableHandle(self._post_accumulate_hooks)
        self._post_accumulate_hooks[handle.id] = hook
        return handle

    def backward(
        self,
        gradient: Tensor | None = None,
        retain_graph: bool | None = None,
        create_graph: bool = False,
        inputs: Any = None,
    ) -> None:
        if gradient is None and inputs is None and not create_graph and self._grad_fn is not None:
            # loss.backward(), by far the most common call: straight to the engine
            _autograd_engine().backward_from_scalar(self, bool(retain_graph))
            return
        _autograd_api().backward(self, gradient, retain_graph, create_graph, inputs=inputs)

    # --- in-place bookkeeping used by every in-place op ---------------------------------
    def _check_inplace(self, allow_overlap: bool = False) -> None:
        """torch's checks before an in-place op on a tensor that takes part in autograd.

        A view made under no_grad of a tensor requiring grad is marked by ops/views.py with
        ``__dict__["_no_grad_view"]``; modifying it in place with grad mode on is forbidden.
        ``allow_overlap`` skips the internal-overlap check for the ops torch lets write
        into an expanded tensor (``fill_``/``zero_`` when not recording).
        """
        if grad_mode.enabled and self._requires_grad:
            base = self._base
            if base is not None and "_no_grad_view" in self.__dict__:
                raise errors.error("view_no_grad_inplace")
            if base is not None and "_view_of_no_grad_view" in self.__dict__:
                raise errors.error(
                    "view_of_no_grad_view_inplace",
                    output_nr=self._output_nr,
                    op=self._grad_fn._forward_op_name(),
                )
            if base is not None and "_multi_output_view" in self.__dict__:
                # outputs of split/chunk/unbind (and views of them), marked by ops/views.py
                raise errors.error(
                    "multi_output_view_inplace",
                    output_nr=self._output_nr,
                    op=self._grad_fn._forward_op_name(),
                )
            if self._grad_fn is None:
                raise errors.error("view_of_leaf_inplace" if base is not None else "leaf_inplace")
            if base is not None and base._grad_fn is None:  # torch: the view's base is a leaf
                raise errors.error("view_of_leaf_inplace")
        # checked after the autograd rules, as torch does; ops/views.py marks expanded views
        if not allow_overlap and "_overlapping" in self.__dict__:
            raise errors.error("internal_overlap")

    def _set_grad_fn_inplace(self, node: Node) -> None:
        """Make ``node`` the new grad_fn after an in-place op (retain_grad moves along)."""
        old = self._grad_fn
        if self._retains_grad and old is not None and old._retain_grad_tensors:
            old._retain_grad_tensors.pop(self._output_nr, None)
            if node._retain_grad_tensors is None:
                node._retain_grad_tensors = {}
            node._retain_grad_tensors[0] = _weak_tensor(self)
            node._hooked = True
        self._grad_fn = node
        self._output_nr = 0
        self._requires_grad = True
        if self._base is not None:
            # In-place through a view: the base's history must change too (CopySlices /
            # AsStridedBackward0).  That machinery belongs to ops/views.py.
            from .ops import load_views_module

            rebase = getattr(load_views_module(), "rebase_inplace_view", None)
            if rebase is not None:
                rebase(self, node)
        elif "_views" in self.__dict__:
            # In-place on a base: its existing views now read new values, so their grad_fn
            # becomes AsStridedBackward0(new grad_fn), as torch regenerates it.
            from .ops import load_views_module

            load_views_module().regenerate_view_grad_fns(self)

    # --- conversions --------------------------------------------------------------------
    def item(self) -> float | int | bool:
        if self._data.size != 1:
            raise errors.error("item_numel", numel=self._data.size)
        return self._data.reshape(()).item()

    def tolist(self) -> Any:
        return self._data.tolist()

    def numpy(self, *, force: bool = False) -> np.ndarray:
        if self._requires_grad and not force:
            raise errors.error("numpy_requires_grad")
        return self._data

    def __array__(self, dtype: Any = None, copy: bool | None = None) -> np.ndarray:
        if self._requires_grad:
            raise errors.error("numpy_requires_grad")
        return self._data if dtype is None else self._data.astype(dtype)

    def __array_wrap__(self, array):  # noqa: ANN001, ANN204 - torch's exact signature
        """``np.exp(x)``, ``ndarray + x``: numpy's result comes back as a tensor, as in torch.

        One parameter, as torch declares it, so numpy 2 emits the same DeprecationWarning
        ("__array_wrap__ must accept context and return_scalar arguments ...").
        """
        from .ops.creation import from_numpy  # (ops import this module)

        if array.dtype == bool:
            array = array.astype("uint8")  # torch's own workaround, kept for equal results
        return from_numpy(array)

    def __float__(self) -> float:
        if self._requires_grad:  # torch 2.13 warns once per process (before the size check)
            errors.warn_once("float_of_requires_grad")  # int() does not warn
        if self._data.size != 1:
            raise errors.error("python_scalar_numel")
        return float(self._data.reshape(()).item())

    def __int__(self) -> int:
        if self._data.size != 1:
            raise errors.error("python_scalar_numel")
        return int(self._data.reshape(()).item())

    def __index__(self) -> int:
        if self.dtype.category == FLOATING or self._data.size != 1:
            raise errors.error("index_conversion")
        return int(self._data.reshape(()).item())

    def __bool__(self) -> bool:
        if self._data.size != 1:
            if self._data.size == 0:
                raise errors.error("bool_empty")
            raise errors.error("bool_ambiguous")
        return bool(self._data.reshape(()).item())

    def __len__(self) -> int:
        if self._data.ndim == 0:
            raise errors.error("len_0d")
        return self._data.shape[0]

    def __iter__(self) -> Iterator[Tensor]:
        if self._data.ndim == 0:
            raise errors.error("iter_0d")
        # torch's: the rows are unbind(0)'s outputs (UnbindBackward0, multi-output views)
        return iter(self.unbind(0))

    def __reversed__(self) -> Tensor:
        # torch's: ``reversed(t)`` is ``t.flip(0)`` (a tensor, not an iterator); 0-d: t itself
        if self._data.ndim == 0:
            return self
        return self.flip(0)

    def __hash__(self) -> int:
        return id(self)

    def __contains__(self, element: Any) -> bool:
        value = element._data if isinstance(element, Tensor) else element
        return bool((self._data == value).any())

    def __reduce_ex__(self, protocol: int) -> Any:
        # pickling (deepcopy) keeps values, dtype and requires_grad; like torch, only leaves
        return (_rebuild_tensor, (self._data.copy(), self.dtype.name, self._requires_grad))

    def __deepcopy__(self, memo: dict) -> Tensor:
        if self._grad_fn is not None:
            raise errors.error("deepcopy_nonleaf")
        copy = Tensor._make(self._data.copy(), self.dtype)
        copy._requires_grad = self._requires_grad
        if self._grad is not None:
            copy._grad = self._grad.__deepcopy__(memo)
        memo[id(self)] = copy
        return copy

    # --- printing -----------------------------------------------------------------------
    def __repr__(self) -> str:
        from .printing import format_tensor

        return format_tensor(
            self._data,
            dtype_name=self.dtype.name,
            # after set_default_dtype(float64) torch prints float64 tensors without dtype=
            default_dtype_name=get_default_dtype().name,
            requires_grad=self._requires_grad,
            # torch prints the node's class name: <CopySlices>, though name() is namespaced
            grad_fn_name=None if self._grad_fn is None else type(self._grad_fn).__name__,
        )

    __str__ = __repr__

    def __format__(self, format_spec: str) -> str:
        from .printing import format_item

        if self._data.ndim == 0:
            return format_item(self._data, format_spec)
        if not format_spec:
            return self.__repr__()
        return format_item(self._data, format_spec)


graph_module.tensor_type = Tensor  # for Node.save (graph.py cannot import this module)

# Tensor's own read-only attributes (shape, grad_fn, is_leaf...) refuse assignment as torch's
# do; those added later by the ops go through register_method, which does the same.
for _name, _attribute in list(vars(Tensor).items()):
    if isinstance(_attribute, property):
        setattr(Tensor, _name, read_only(_name, _attribute))


def is_int_dim(dim: object) -> bool:
    """An int (not a bool) or a numpy integer: a dim torch's parser takes as an int."""
    return isinstance(dim, (int, np.integer)) and not isinstance(dim, bool)


def _dim_type_error(name: str, dim: object) -> Exception:
    """``x.size('a')``: torch's parser error for a dim that is not an int (``x.size(dim='a')``
    names no position: the caller's call instruction tells, see ``arguments.call_shape``)."""
    from .ops import arguments  # (the error path only; ops imports this module)

    keywords = arguments.caller_keywords(sys._getframe(1), method=True)
    return errors.error(
        "argument_type",
        name=name,
        parameter="dim",
        where="" if "dim" in keywords else " (position 1)",
        expected="int",
        got=arguments.type_name(dim),
    )


def _views_inherit_requires_grad(base: Tensor) -> None:
    """``x.requires_grad_()`` on a leaf with views made before: as in torch, where a view
    requires grad when its base does, they now require grad, without a grad accumulator of
    their own (their .grad stays None) and without a grad_fn; off again, they follow."""
    for view in list(base.__dict__["_views"]):
        if view._grad_fn is not None or "_no_grad_view" in view.__dict__:
            continue  # (recorded views have a history; no_grad views keep their own rule)
        if base._requires_grad and not view._requires_grad:
            view._requires_grad = True
            view.__dict__["_inherits_requires_grad"] = True
        elif not base._requires_grad and view.__dict__.pop("_inherits_requires_grad", None):
            view._requires_grad = False


def _check_no_grad_view(view: Tensor) -> None:
    from .ops import load_views_module

    load_views_module().check_no_grad_view(view)


def _rebuild_tensor(data: np.ndarray, dtype_name: str, requires_grad: bool) -> Tensor:
    from . import dtypes

    t = Tensor._make(data, getattr(dtypes, dtype_name if dtype_name != "bool" else "bool_"))
    t._requires_grad = requires_grad
    return t
