"""torch.nn's modules as students of the autograd tutorials use them: a small ``Module`` base
(``__call__`` -> ``forward``, registration of Parameters, buffers and sub-modules,
``parameters()``/``buffers()``, ``state_dict()``/``load_state_dict()``, ``apply``,
``to(dtype)``/``double()``/``float()``/``half()``, ``zero_grad()``, ``train()``/``eval()``,
torch's ``repr``), the loss modules over ``nn.functional``, the activation modules and
``Sequential`` (the other containers: nn/containers.py).

No hooks. ``Linear`` initialises its weights as torch's
``reset_parameters`` does, from the engine's random stream (torch's: ops/random_stream.py).
"""

from __future__ import annotations

import math
import operator
import warnings
from collections import OrderedDict, namedtuple
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from .. import errors
from ..autograd import grad_mode
from ..dtypes import FLOATING, dtype
from ..ops import pointwise
from ..tensor import Tensor
from . import functional as F
from .parameter import Parameter

# torch 2.13's public torch.nn.Module attributes (``dir(torch.nn.Module)``; a torch-marked
# test compares): those the engine lacks raise its "does not support" error
TORCH_MODULE_ATTRIBUTES = frozenset(
    """
    T_destination add_module apply bfloat16 buffers call_super_init children compile cpu cuda
    double dump_patches eval extra_repr float forward get_buffer get_extra_state get_parameter
    get_submodule half ipu load_state_dict modules mtia named_buffers named_children
    named_modules named_parameters parameters register_backward_hook register_buffer
    register_forward_hook register_forward_pre_hook register_full_backward_hook
    register_full_backward_pre_hook register_load_state_dict_post_hook
    register_load_state_dict_pre_hook register_module register_parameter
    register_state_dict_post_hook register_state_dict_pre_hook requires_grad_ set_extra_state
    set_submodule share_memory state_dict to to_empty train type xpu zero_grad
    """.split()
)

# and those Sequential has besides (all the engine's too)
_TORCH_SEQUENTIAL_ATTRIBUTES = frozenset(("append", "extend", "insert", "pop"))


def _add_indent(text: str, spaces: int) -> str:
    """torch's ``_addindent``: every line but the first indented (a child's repr)."""
    lines = text.split("\n")
    if len(lines) == 1:
        return text
    return lines[0] + "\n" + "\n".join(" " * spaces + line for line in lines[1:])


class _IncompatibleKeys(namedtuple("IncompatibleKeys", ["missing_keys", "unexpected_keys"])):
    """What ``load_state_dict`` returns (torch's named tuple, and its repr when all match)."""

    __slots__ = ()

    def __repr__(self) -> str:
        if not self.missing_keys and not self.unexpected_keys:
            return "<All keys matched successfully>"
        return super().__repr__()

    __str__ = __repr__


class Module:
    """torch.nn.Module: parameters, buffers and sub-modules assigned as attributes are
    registered."""

    training: bool
    _version: int = 1  # (torch's: recorded in a state_dict's ``_metadata``)

    def __init__(self) -> None:
        object.__setattr__(self, "training", True)
        object.__setattr__(self, "_parameters", {})
        object.__setattr__(self, "_buffers", {})
        object.__setattr__(self, "_non_persistent_buffers_set", set())
        object.__setattr__(self, "_modules", {})

    def forward(self, *args: Any, **kwargs: Any) -> Any:
        raise errors.error("module_forward_missing", name=type(self).__name__)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.forward(*args, **kwargs)

    # --- registration ----------------------------------------------------------------------
    def __setattr__(self, name: str, value: Any) -> None:
        registries = self.__dict__.get("_parameters"), self.__dict__.get("_modules")
        buffers = self.__dict__.get("_buffers")
        if isinstance(value, Parameter):
            if registries[0] is None:
                raise errors.error("module_assign_before_init", what="parameters")
            self._forget(name, keep="_parameters")
            self.register_parameter(name, value)
        elif registries[0] is not None and name in registries[0]:
            if value is not None:  # (torch: a parameter's name takes a Parameter or None)
                raise _refused(value, name, "parameter", "Parameter")
            registries[0][name] = None
        elif isinstance(value, Module):
            if registries[1] is None:
                raise errors.error("module_assign_before_init", what="module")
            self._forget(name, keep="_modules")
            registries[1][name] = value
        elif registries[1] is not None and name in registries[1]:
            if value is not None:
                raise _refused(value, name, "child module", "Module")
            registries[1][name] = None
        elif buffers is not None and name in buffers:  # (a buffer's name: a tensor or None)
            if value is not None and not isinstance(value, Tensor):
                raise errors.error("module_assign_buffer", got=_type_name(value), name=name)
            self.register_buffer(name, value, name not in self._non_persistent_buffers_set)
        else:
            object.__setattr__(self, name, value)

    def _forget(self, name: str, keep: str) -> None:
        """A name is in one registry (or the instance dict) at a time, as in torch; in the
        registry ``keep`` a name assigned again keeps its place."""
        self.__dict__.pop(name, None)
        for registry in ("_parameters", "_buffers", "_modules"):
            if registry != keep:
                self.__dict__[registry].pop(name, None)
        self.__dict__["_non_persistent_buffers_set"].discard(name)

    def __getattr__(self, name: str) -> Any:  # (only called when normal lookup fails)
        for registry in ("_parameters", "_buffers", "_modules"):
            found = self.__dict__.get(registry)
            if found is not None and name in found:
                return found[name]
        if name in TORCH_MODULE_ATTRIBUTES:  # torch's API the engine lacks: not a typo
            raise errors.unsupported(f"torch.nn.Module.{name}")
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def __delattr__(self, name: str) -> None:
        for registry in (self._parameters, self._buffers, self._modules):
            if name in registry:
                del registry[name]
                self._non_persistent_buffers_set.discard(name)
                return
        object.__delattr__(self, name)

    def _check_name(self, kind: str, name: Any, registry: dict[str, Any]) -> None:
        """torch's checks of a parameter's or buffer's name, in its order."""
        if "_parameters" not in self.__dict__:
            raise errors.error("module_assign_before_init", what=kind)
        if not isinstance(name, str):
            raise errors.error("module_name_type", kind=kind, got=_type_name(name))
        if "." in name:
            raise errors.error("module_name_dot", kind=kind)
        if name == "":
            raise errors.error("module_name_empty", kind=kind)
        if hasattr(self, name) and name not in registry:
            raise errors.error("module_name_taken", name=name)

    def register_parameter(self, name: str, param: Parameter | None) -> None:
        self._check_name("parameter", name, self.__dict__.get("_parameters", {}))
        if param is not None and not isinstance(param, Parameter):
            raise errors.error("module_register_parameter", got=_type_name(param), name=name)
        if param is not None and param.grad_fn is not None:
            raise errors.error("module_non_leaf_parameter", name=name)
        self._parameters[name] = param

    def register_buffer(self, name: str, tensor: Tensor | None, persistent: bool = True) -> None:
        """A tensor of the module's state that is not a parameter (BatchNorm's running
        mean); a persistent one is in the ``state_dict``."""
        self._check_name("buffer", name, self.__dict__.get("_buffers", {}))
        if tensor is not None and not isinstance(tensor, Tensor):
            raise errors.error("module_register_buffer", got=_type_name(tensor), name=name)
        self._buffers[name] = tensor
        if persistent:
            self._non_persistent_buffers_set.discard(name)
        else:
            self._non_persistent_buffers_set.add(name)

    def add_module(self, name: str, module: Module | None) -> None:
        if module is not None and not isinstance(module, Module):
            raise errors.error("module_add_module", got=_type_name(module))
        if not isinstance(name, str):
            raise errors.error("module_name_type", kind="module", got=_type_name(name))
        if hasattr(self, name) and name not in self._modules:
            raise errors.error("module_name_taken", name=name)
        if "." in name:
            raise errors.error("module_name_dot_got", name=name)
        if name == "":
            raise errors.error("module_name_empty", kind="module")
        self._modules[name] = module

    # --- traversal -------------------------------------------------------------------------
    def named_modules(self, memo: set | None = None, prefix: str = "") -> Iterator[tuple]:
        memo = set() if memo is None else memo
        if self in memo:
            return
        memo.add(self)
        yield prefix, self
        for name, module in self._modules.items():
            if module is not None:
                yield from module.named_modules(memo, prefix + ("." if prefix else "") + name)

    def modules(self) -> Iterator[Module]:
        for _, module in self.named_modules():
            yield module

    def named_children(self) -> Iterator[tuple[str, Module]]:
        seen: set[int] = set()
        for name, module in self._modules.items():
            if module is not None and id(module) not in seen:
                seen.add(id(module))
                yield name, module

    def children(self) -> Iterator[Module]:
        for _, module in self.named_children():
            yield module

    def named_parameters(
        self, prefix: str = "", recurse: bool = True, remove_duplicate: bool = True
    ) -> Iterator[tuple[str, Parameter]]:
        owners = self.named_modules(prefix=prefix) if recurse else [(prefix, self)]
        seen: set[int] = set()
        for owner_prefix, owner in owners:
            for name, param in owner._parameters.items():
                if param is None or (remove_duplicate and id(param) in seen):
                    continue
                seen.add(id(param))
                yield owner_prefix + ("." if owner_prefix else "") + name, param

    def parameters(self, recurse: bool = True) -> Iterator[Parameter]:
        for _, param in self.named_parameters(recurse=recurse):
            yield param

    def named_buffers(
        self, prefix: str = "", recurse: bool = True, remove_duplicate: bool = True
    ) -> Iterator[tuple[str, Tensor]]:
        owners = self.named_modules(prefix=prefix) if recurse else [(prefix, self)]
        seen: set[int] = set()
        for owner_prefix, owner in owners:
            for name, buffer in owner._buffers.items():
                if buffer is None or id(buffer) in seen:
                    continue
                if remove_duplicate:
                    seen.add(id(buffer))
                yield owner_prefix + ("." if owner_prefix else "") + name, buffer

    def buffers(self, recurse: bool = True) -> Iterator[Tensor]:
        for _, buffer in self.named_buffers(recurse=recurse):
            yield buffer

    def get_submodule(self, target: str) -> Module:
        if target == "":
            return self
        module = self
        for item in target.split("."):
            if not hasattr(module, item):
                raise AttributeError(module._get_name() + " has no attribute `" + item + "`")
            module = getattr(module, item)
            if not isinstance(module, Module):
                raise AttributeError("`" + item + "` is not an nn.Module")
        return module

    def get_parameter(self, target: str) -> Parameter:
        return self._get_member(target, "_parameters", "`{}` is not an nn.Parameter")

    def get_buffer(self, target: str) -> Tensor:
        return self._get_member(target, "_buffers", "`{}` is not a buffer")

    def _get_member(self, target: str, registry: str, refusal: str) -> Any:
        """torch's get_parameter/get_buffer: the owner by get_submodule, then the name."""
        path, _, name = target.rpartition(".")
        owner = self.get_submodule(path)
        if not hasattr(owner, name):
            raise AttributeError(owner._get_name() + " has no attribute `" + name + "`")
        found = getattr(owner, name)
        registered = isinstance(found, Parameter) if registry == "_parameters" else None
        if not (registered or (registry == "_buffers" and name in owner._buffers)):
            raise AttributeError(refusal.format(name))
        return found

    # --- state_dict ------------------------------------------------------------------------
    def _save_to_state_dict(self, destination: dict, prefix: str, keep_vars: bool) -> None:
        for name, param in self._parameters.items():
            if param is not None:
                destination[prefix + name] = param if keep_vars else param.detach()
        for name, buffer in self._buffers.items():
            if buffer is not None and name not in self._non_persistent_buffers_set:
                destination[prefix + name] = buffer if keep_vars else buffer.detach()

    def state_dict(
        self, *args: Any, destination: Any = None, prefix: str = "", keep_vars: bool = False
    ) -> Any:
        """Parameters then persistent buffers of each module, depth first, in an OrderedDict
        keyed by their dotted names (detached unless ``keep_vars``), as torch's."""
        if args:  # (torch's deprecated positions: destination, prefix, keep_vars)
            warnings.warn(
                "Positional args are being deprecated, use kwargs instead. Refer to "
                "https://pytorch.org/docs/main/generated/torch.nn.Module.html"
                "#torch.nn.Module.state_dict for details.",
                FutureWarning,
                stacklevel=2,
            )
            destination = args[0] if destination is None else destination
            prefix = args[1] if len(args) > 1 and prefix == "" else prefix
            keep_vars = args[2] if len(args) > 2 and keep_vars is False else keep_vars
        if destination is None:
            destination = OrderedDict()
            destination._metadata = OrderedDict()
        if hasattr(destination, "_metadata"):
            destination._metadata[prefix[:-1]] = {"version": self._version}
        self._save_to_state_dict(destination, prefix, keep_vars)
        for name, module in self._modules.items():
            if module is not None:
                module.state_dict(
                    destination=destination, prefix=prefix + name + ".", keep_vars=keep_vars
                )
        return destination

    def _load_from_state_dict(
        self,
        state_dict: Mapping[str, Any],
        prefix: str,
        local_metadata: dict,
        strict: bool,
        missing_keys: list[str],
        unexpected_keys: list[str],
        error_msgs: list[str],
    ) -> None:
        """torch's: copy each entry into this module's own parameters and buffers (no_grad,
        in place), noting what is missing, unexpected or of another shape."""
        persistent = {
            name: buffer
            for name, buffer in self._buffers.items()
            if name not in self._non_persistent_buffers_set
        }
        local_state = {
            name: value
            for name, value in [*self._parameters.items(), *persistent.items()]
            if value is not None
        }
        for name, param in local_state.items():
            key = prefix + name
            if key not in state_dict:
                if strict:
                    missing_keys.append(key)
                continue
            given = state_dict[key]
            if not isinstance(given, Tensor):
                error_msgs.append(
                    f'While copying the parameter named "{key}", expected torch.Tensor or '
                    f"Tensor-like object from checkpoint but received {type(given)}"
                )
                continue
            if param.dim() == 0 and given.dim() == 1 and given.shape[0] == 1:
                given = given[0]  # (torch: a 1-element checkpoint of a 0-d parameter)
            if given.shape != param.shape:
                error_msgs.append(
                    f"size mismatch for {key}: copying a param with shape {given.shape} from "
                    f"checkpoint, the shape in current model is {param.shape}."
                )
                continue
            try:
                with grad_mode.no_grad():
                    param.copy_(given)
            except Exception as failure:  # noqa: BLE001 - torch reports any, with its args
                error_msgs.append(
                    f'While copying the parameter named "{key}", whose dimensions in the '
                    f"model are {param.size()} and whose dimensions in the checkpoint are "
                    f"{given.size()}, an exception occurred : {failure.args}."
                )
        if not strict:
            return
        extra_state = prefix + "_extra_state"  # (no module of the engine's has extra state)
        if extra_state in state_dict:
            unexpected_keys.append(extra_state)
        for key in state_dict:
            if key.startswith(prefix) and key != extra_state:
                first, *rest = key[len(prefix) :].split(".", 1)
                if first not in (self._modules if rest else local_state):
                    unexpected_keys.append(key)

    def load_state_dict(
        self, state_dict: Mapping[str, Any], strict: bool = True, assign: bool = False
    ) -> _IncompatibleKeys:
        if not isinstance(state_dict, Mapping):
            raise errors.error("state_dict_not_mapping", got=type(state_dict))
        if assign:  # (it swaps the module's tensors for the checkpoint's)
            raise errors.unsupported("torch.nn.Module.load_state_dict(assign=True)")
        missing: list[str] = []
        unexpected: list[str] = []
        messages: list[str] = []
        metadata = getattr(state_dict, "_metadata", None)
        state = OrderedDict(state_dict)

        def load(module: Module, local_state: dict, prefix: str = "") -> None:
            local_metadata = {} if metadata is None else metadata.get(prefix[:-1], {})
            module._load_from_state_dict(
                local_state, prefix, local_metadata, True, missing, unexpected, messages
            )
            for name, child in module._modules.items():
                if child is not None:
                    child_prefix = prefix + name + "."
                    child_state = {
                        key: value
                        for key, value in local_state.items()
                        if key.startswith(child_prefix)
                    }
                    load(child, child_state, child_prefix)

        load(self, state)
        if strict:
            if unexpected:
                names = ", ".join(f'"{key}"' for key in unexpected)
                messages.insert(0, f"Unexpected key(s) in state_dict: {names}. ")
            if missing:
                names = ", ".join(f'"{key}"' for key in missing)
                messages.insert(0, f"Missing key(s) in state_dict: {names}. ")
        if messages:
            raise errors.error(
                "state_dict_errors", name=type(self).__name__, text="\n\t".join(messages)
            )
        return _IncompatibleKeys(missing, unexpected)

    # --- apply, dtype conversions ----------------------------------------------------------
    def apply(self, fn: Callable[[Module], None]) -> Module:
        for module in self.children():
            module.apply(fn)
        fn(self)
        return self

    def _apply(self, fn: Callable[[Tensor], Tensor], recurse: bool = True) -> Module:
        """torch's: each parameter (and its gradient) keeps its identity and takes the
        converted data (``param.data = fn(param)``); each buffer is replaced."""
        if recurse:
            for module in self.children():
                module._apply(fn)
        for param in self._parameters.values():
            if param is None:
                continue
            with grad_mode.no_grad():
                param.data = fn(param)
                if param.grad is not None:
                    param.grad.data = fn(param.grad)
        for name, buffer in self._buffers.items():
            if buffer is not None:
                self._buffers[name] = fn(buffer)
        return self

    def to(self, *args: Any, **kwargs: Any) -> Module:
        """``to(dtype)``, ``to(tensor)``, ``to("cpu")``, ``to(device, dtype)``: the floating
        parameters and buffers converted, in place."""
        from ..ops.conversion import _check_to_arguments, to_dtype
        from ..tensor import device

        _check_to_arguments(args, kwargs)
        target = kwargs.get("dtype")
        for arg in args:
            if isinstance(arg, dtype):
                target = arg
            elif isinstance(arg, Tensor):
                target = arg.dtype
            elif isinstance(arg, (str, device)):
                device(arg)  # (the clear "unsupported" error for cuda/mps)
        if kwargs.get("device") is not None:
            device(kwargs["device"])
        if target is not None and target.category != FLOATING:
            raise errors.error("module_to_dtype", dtype=target)
        if target is None:
            return self
        return self._apply(lambda t: to_dtype(t, target) if t.is_floating_point() else t)

    def cpu(self) -> Module:
        return self  # (every tensor of the engine's is on the CPU)

    def double(self) -> Module:
        return self._apply(lambda t: t.double() if t.is_floating_point() else t)

    def float(self) -> Module:
        return self._apply(lambda t: t.float() if t.is_floating_point() else t)

    def half(self) -> Module:
        return self._apply(lambda t: t.half() if t.is_floating_point() else t)

    # --- state -----------------------------------------------------------------------------
    def train(self, mode: bool = True) -> Module:
        if not isinstance(mode, bool):
            raise errors.error("module_train_mode")
        for module in self.modules():
            object.__setattr__(module, "training", mode)
        return self

    def eval(self) -> Module:
        return self.train(False)

    def requires_grad_(self, requires_grad: bool = True) -> Module:
        for param in self.parameters():
            param.requires_grad_(requires_grad)
        return self

    def zero_grad(self, set_to_none: bool = True) -> None:
        _zero_grads(self.parameters(), set_to_none)

    # --- printing --------------------------------------------------------------------------
    def extra_repr(self) -> str:
        return ""

    def _get_name(self) -> str:
        return type(self).__name__

    def __repr__(self) -> str:
        """torch's Module.__repr__: the extra repr, then each child indented."""
        extra_lines = self.extra_repr().split("\n") if self.extra_repr() else []
        child_lines = [
            f"({name}): " + _add_indent(repr(module), 2) for name, module in self._modules.items()
        ]
        lines = extra_lines + child_lines
        text = self._get_name() + "("
        if lines:
            if len(extra_lines) == 1 and not child_lines:
                text += extra_lines[0]
            else:
                text += "\n  " + "\n  ".join(lines) + "\n"
        return text + ")"


_TORCH_MODULE_CLASS = "<class 'torch.nn.modules.module.Module'>"  # (how torch prints it)


def _type_name(value: Any) -> str:
    """How torch names a value's type in its messages (``torch.typename``: a tensor as
    ``torch.FloatTensor``, a module as ``torch.nn.modules.activation.Tanh``, an int as
    ``int``)."""
    if isinstance(value, Tensor):
        return value.dtype.legacy_name
    kind = value if isinstance(value, type) else type(value)
    module = kind.__module__ or ""
    return kind.__qualname__ if module in ("", "builtins") else f"{module}.{kind.__qualname__}"


def _refused(value: Any, name: str, kind: str, expected: str) -> Exception:
    """torch's TypeError for a registered name given something else."""
    return errors.error(
        "module_assign_registered", got=_type_name(value), kind=kind, name=name, expected=expected
    )


def _zero_grads(params: Any, set_to_none: bool) -> None:
    """torch's ``zero_grad`` of Module and Optimizer: ``.grad = None``, or zeroed in place
    (detached first when it has a history, else just no longer requiring grad)."""
    for param in params:
        grad = param.grad
        if grad is None:
            continue
        if set_to_none:
            param.grad = None
            continue
        if grad.grad_fn is not None:
            grad.detach_()
        else:
            grad.requires_grad_(False)
        grad.zero_()


# --- losses ----------------------------------------------------------------------------------
class _Loss(Module):
    def __init__(self, size_average: Any = None, reduce: Any = None, reduction: str = "mean"):
        super().__init__()
        self.reduction = F._legacy_reduction(size_average, reduce, reduction)


class _WeightedLoss(_Loss):
    def __init__(
        self,
        weight: Tensor | None = None,
        size_average: Any = None,
        reduce: Any = None,
        reduction: str = "mean",
    ) -> None:
        super().__init__(size_average, reduce, reduction)
        self.weight = weight


class MSELoss(_Loss):
    def forward(self, input: Tensor, target: Tensor) -> Tensor:
        return F.mse_loss(input, target, reduction=self.reduction)


class L1Loss(_Loss):
    def forward(self, input: Tensor, target: Tensor) -> Tensor:
        return F.l1_loss(input, target, reduction=self.reduction)


class BCELoss(_WeightedLoss):
    def forward(self, input: Tensor, target: Tensor) -> Tensor:
        return F.binary_cross_entropy(input, target, weight=self.weight, reduction=self.reduction)


class BCEWithLogitsLoss(_Loss):
    def __init__(
        self,
        weight: Tensor | None = None,
        size_average: Any = None,
        reduce: Any = None,
        reduction: str = "mean",
        pos_weight: Tensor | None = None,
    ) -> None:
        super().__init__(size_average, reduce, reduction)
        self.weight = weight
        self.pos_weight = pos_weight

    def forward(self, input: Tensor, target: Tensor) -> Tensor:
        return F.binary_cross_entropy_with_logits(
            input, target, self.weight, pos_weight=self.pos_weight, reduction=self.reduction
        )


class NLLLoss(_WeightedLoss):
    def __init__(
        self,
        weight: Tensor | None = None,
        size_average: Any = None,
        ignore_index: int = -100,
        reduce: Any = None,
        reduction: str = "mean",
    ) -> None:
        super().__init__(weight, size_average, reduce, reduction)
        self.ignore_index = ignore_index

    def forward(self, input: Tensor, target: Tensor) -> Tensor:
        return F.nll_loss(
            input, target, self.weight, ignore_index=self.ignore_index, reduction=self.reduction
        )


class CrossEntropyLoss(_WeightedLoss):
    def __init__(
        self,
        weight: Tensor | None = None,
        size_average: Any = None,
        ignore_index: int = -100,
        reduce: Any = None,
        reduction: str = "mean",
        label_smoothing: float = 0.0,
    ) -> None:
        super().__init__(weight, size_average, reduce, reduction)
        self.ignore_index = ignore_index
        self.label_smoothing = label_smoothing

    def forward(self, input: Tensor, target: Tensor) -> Tensor:
        return F.cross_entropy(
            input,
            target,
            self.weight,
            ignore_index=self.ignore_index,
            reduction=self.reduction,
            label_smoothing=self.label_smoothing,
        )


class SmoothL1Loss(_Loss):
    def __init__(
        self,
        size_average: Any = None,
        reduce: Any = None,
        reduction: str = "mean",
        beta: float = 1.0,
    ) -> None:
        super().__init__(size_average, reduce, reduction)
        self.beta = beta

    def forward(self, input: Tensor, target: Tensor) -> Tensor:
        return F.smooth_l1_loss(input, target, reduction=self.reduction, beta=self.beta)


class HuberLoss(_Loss):
    def __init__(self, reduction: str = "mean", delta: float = 1.0) -> None:
        super().__init__(reduction=reduction)
        self.delta = delta

    def forward(self, input: Tensor, target: Tensor) -> Tensor:
        return F.huber_loss(input, target, reduction=self.reduction, delta=self.delta)


class KLDivLoss(_Loss):
    def __init__(
        self,
        size_average: Any = None,
        reduce: Any = None,
        reduction: str = "mean",
        log_target: bool = False,
    ) -> None:
        super().__init__(size_average, reduce, reduction)
        self.log_target = log_target

    def forward(self, input: Tensor, target: Tensor) -> Tensor:
        return F.kl_div(input, target, reduction=self.reduction, log_target=self.log_target)


class SoftMarginLoss(_Loss):
    def forward(self, input: Tensor, target: Tensor) -> Tensor:
        return F.soft_margin_loss(input, target, reduction=self.reduction)


# --- activations -----------------------------------------------------------------------------
class Sigmoid(Module):
    def forward(self, input: Tensor) -> Tensor:
        return pointwise.sigmoid(input)


class Linear(Module):
    """torch's nn.Linear: ``weight`` (out, in) by kaiming_uniform_ with ``a=sqrt(5)``, ``bias``
    uniform in ``±1/sqrt(in)``, drawn in that order; forward is ``F.linear``."""

    def __init__(
        self,
        in_features: int,
        out_features: int,
        bias: bool = True,
        device: Any = None,
        dtype: Any = None,
    ) -> None:
        from ..ops.creation import empty

        super().__init__()
        self.in_features = in_features
        self.out_features = out_features
        self.weight = Parameter(empty((out_features, in_features), dtype=dtype))
        if bias:
            self.bias = Parameter(empty(out_features, dtype=dtype))
        else:
            self.register_parameter("bias", None)
        self.reset_parameters()

    def reset_parameters(self) -> None:
        from . import init

        init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        if self.bias is not None:
            fan_in, _ = init._calculate_fan_in_and_fan_out(self.weight)
            bound = 1 / math.sqrt(fan_in) if fan_in > 0 else 0
            init.uniform_(self.bias, -bound, bound)

    def forward(self, input: Tensor) -> Tensor:
        return F.linear(input, self.weight, self.bias)

    def extra_repr(self) -> str:
        return (
            f"in_features={self.in_features}, out_features={self.out_features}, "
            f"bias={self.bias is not None}"
        )


class Dropout(Module):
    def __init__(self, p: float = 0.5, inplace: bool = False) -> None:
        super().__init__()
        if p < 0 or p > 1:
            raise errors.error("dropout_p", p=p)
        self.p = p
        self.inplace = inplace

    def forward(self, input: Tensor) -> Tensor:
        return F.dropout(input, self.p, self.training, self.inplace)

    def extra_repr(self) -> str:
        return f"p={self.p}, inplace={self.inplace}"


class Tanh(Module):
    def forward(self, input: Tensor) -> Tensor:
        return pointwise.tanh(input)


class ReLU(Module):
    def __init__(self, inplace: bool = False) -> None:
        super().__init__()
        self.inplace = inplace

    def forward(self, input: Tensor) -> Tensor:
        return F.relu(input, inplace=self.inplace)

    def extra_repr(self) -> str:
        return "inplace=True" if self.inplace else ""


class LeakyReLU(Module):
    def __init__(self, negative_slope: float = 1e-2, inplace: bool = False) -> None:
        super().__init__()
        self.negative_slope = negative_slope
        self.inplace = inplace

    def forward(self, input: Tensor) -> Tensor:
        return F.leaky_relu(input, self.negative_slope, self.inplace)

    def extra_repr(self) -> str:
        return f"negative_slope={self.negative_slope}" + (", inplace=True" if self.inplace else "")


class _AlongDim(Module):
    """Softmax and LogSoftmax: one ``dim`` (None: torch's deprecated implicit choice)."""

    def __init__(self, dim: int | None = None) -> None:
        super().__init__()
        self.dim = dim

    def extra_repr(self) -> str:
        return f"dim={self.dim}"


class Softmax(_AlongDim):
    def forward(self, input: Tensor) -> Tensor:
        return F.softmax(input, self.dim)


class LogSoftmax(_AlongDim):
    def forward(self, input: Tensor) -> Tensor:
        return F.log_softmax(input, self.dim)


class Identity(Module):
    def __init__(self, *args: Any, **kwargs: Any) -> None:  # (torch ignores its arguments)
        super().__init__()

    def forward(self, input: Tensor) -> Tensor:
        return input


class Flatten(Module):
    def __init__(self, start_dim: int = 1, end_dim: int = -1) -> None:
        super().__init__()
        self.start_dim = start_dim
        self.end_dim = end_dim

    def forward(self, input: Tensor) -> Tensor:
        return input.flatten(self.start_dim, self.end_dim)

    def extra_repr(self) -> str:
        return f"start_dim={self.start_dim}, end_dim={self.end_dim}"


class GELU(Module):
    def __init__(self, approximate: str = "none") -> None:
        super().__init__()
        self.approximate = approximate

    def forward(self, input: Tensor) -> Tensor:
        return F.gelu(input, approximate=self.approximate)

    def extra_repr(self) -> str:
        return f"approximate={self.approximate!r}"


class _InplaceActivation(Module):
    """SiLU and ReLU6: an ``inplace`` flag, shown by repr when set."""

    def __init__(self, inplace: bool = False) -> None:
        super().__init__()
        self.inplace = inplace

    def extra_repr(self) -> str:
        return "inplace=True" if self.inplace else ""


class SiLU(_InplaceActivation):
    def forward(self, input: Tensor) -> Tensor:
        return F.silu(input, inplace=self.inplace)


class ELU(Module):
    def __init__(self, alpha: float = 1.0, inplace: bool = False) -> None:
        super().__init__()
        self.alpha = alpha
        self.inplace = inplace

    def forward(self, input: Tensor) -> Tensor:
        return F.elu(input, self.alpha, self.inplace)

    def extra_repr(self) -> str:
        return f"alpha={self.alpha}" + (", inplace=True" if self.inplace else "")


class Hardtanh(Module):
    def __init__(
        self,
        min_val: float = -1.0,
        max_val: float = 1.0,
        inplace: bool = False,
        min_value: float | None = None,
        max_value: float | None = None,
    ) -> None:
        super().__init__()
        if min_value is not None:  # (torch's deprecated names)
            _renamed_warning("min_value", "min_val")
            min_val = min_value
        if max_value is not None:
            _renamed_warning("max_value", "max_val")
            max_val = max_value
        self.min_val = min_val
        self.max_val = max_val
        self.inplace = inplace
        if self.max_val <= self.min_val:
            raise AssertionError(
                f"max_val ({self.max_val}) must be greater than min_val ({self.min_val})"
            )

    def forward(self, input: Tensor) -> Tensor:
        return F.hardtanh(input, self.min_val, self.max_val, self.inplace)

    def extra_repr(self) -> str:
        inplace = ", inplace=True" if self.inplace else ""
        return f"min_val={self.min_val}, max_val={self.max_val}{inplace}"


def _renamed_warning(old: str, new: str) -> None:
    message = f"keyword argument `{old}` is deprecated and renamed to `{new}`"
    warnings.warn(message, FutureWarning, stacklevel=3)


class ReLU6(Hardtanh):
    def __init__(self, inplace: bool = False) -> None:
        super().__init__(0.0, 6.0, inplace)

    def extra_repr(self) -> str:
        return "inplace=True" if self.inplace else ""


class SELU(_InplaceActivation):
    def forward(self, input: Tensor) -> Tensor:
        return F.selu(input, self.inplace)


class CELU(Module):
    def __init__(self, alpha: float = 1.0, inplace: bool = False) -> None:
        super().__init__()
        self.alpha = alpha
        self.inplace = inplace

    def forward(self, input: Tensor) -> Tensor:
        return F.celu(input, self.alpha, self.inplace)

    def extra_repr(self) -> str:
        return f"alpha={self.alpha}" + (", inplace=True" if self.inplace else "")


class Mish(_InplaceActivation):
    def forward(self, input: Tensor) -> Tensor:
        return F.mish(input, inplace=self.inplace)


class GLU(Module):
    def __init__(self, dim: int = -1) -> None:
        super().__init__()
        self.dim = dim

    def forward(self, input: Tensor) -> Tensor:
        return F.glu(input, self.dim)

    def extra_repr(self) -> str:
        return f"dim={self.dim}"


class Softsign(Module):
    def forward(self, input: Tensor) -> Tensor:
        return F.softsign(input)


class Tanhshrink(Module):
    def forward(self, input: Tensor) -> Tensor:
        return F.tanhshrink(input)


class Threshold(Module):
    def __init__(self, threshold: float, value: float, inplace: bool = False) -> None:
        super().__init__()
        self.threshold = threshold
        self.value = value
        self.inplace = inplace

    def forward(self, input: Tensor) -> Tensor:
        return F.threshold(input, self.threshold, self.value, self.inplace)

    def extra_repr(self) -> str:
        inplace = ", inplace=True" if self.inplace else ""
        return f"threshold={self.threshold}, value={self.value}{inplace}"


class _Shrink(Module):
    def __init__(self, lambd: float = 0.5) -> None:
        super().__init__()
        self.lambd = lambd

    def extra_repr(self) -> str:
        return f"{self.lambd}"


class Hardshrink(_Shrink):
    def forward(self, input: Tensor) -> Tensor:
        return F.hardshrink(input, self.lambd)


class Softshrink(_Shrink):
    def forward(self, input: Tensor) -> Tensor:
        return F.softshrink(input, self.lambd)


class _QuietInplace(Module):
    """Hardsigmoid and Hardswish: an ``inplace`` flag their repr does not show."""

    def __init__(self, inplace: bool = False) -> None:
        super().__init__()
        self.inplace = inplace


class Hardsigmoid(_QuietInplace):
    def forward(self, input: Tensor) -> Tensor:
        return F.hardsigmoid(input, self.inplace)


class Hardswish(_QuietInplace):
    def forward(self, input: Tensor) -> Tensor:
        return F.hardswish(input, self.inplace)


class Softmin(_AlongDim):
    def forward(self, input: Tensor) -> Tensor:
        return F.softmin(input, self.dim, _stacklevel=5)


class Softplus(Module):
    def __init__(self, beta: float = 1.0, threshold: float = 20.0) -> None:
        super().__init__()
        self.beta = beta
        self.threshold = threshold

    def forward(self, input: Tensor) -> Tensor:
        return F.softplus(input, self.beta, self.threshold)

    def extra_repr(self) -> str:
        return f"beta={self.beta}, threshold={self.threshold}"


class LayerNorm(Module):
    """weight 1 and bias 0 at first (torch's reset_parameters: no random numbers)."""

    def __init__(
        self,
        normalized_shape: Any,
        eps: float = 1e-5,
        elementwise_affine: bool = True,
        bias: bool = True,
        device: Any = None,
        dtype: Any = None,
    ) -> None:
        super().__init__()
        if isinstance(normalized_shape, int):
            normalized_shape = (normalized_shape,)
        self.normalized_shape = tuple(normalized_shape)
        self.eps = eps
        self.elementwise_affine = elementwise_affine
        if elementwise_affine:
            from .. import ones, zeros

            self.weight = Parameter(ones(self.normalized_shape, dtype=dtype))
            if bias:
                self.bias = Parameter(zeros(self.normalized_shape, dtype=dtype))
            else:
                self.register_parameter("bias", None)
        else:
            self.register_parameter("weight", None)
            self.register_parameter("bias", None)

    def forward(self, input: Tensor) -> Tensor:
        return F.layer_norm(input, self.normalized_shape, self.weight, self.bias, self.eps)

    def extra_repr(self) -> str:
        return (
            f"{self.normalized_shape}, eps={self.eps}, "
            f"elementwise_affine={self.elementwise_affine}, bias={self.bias is not None}"
        )


def checked_padding_idx(padding_idx: int | None, num_weights: int) -> int | None:
    """torch's Python checks (F.embedding's and nn.Embedding's): a negative index counts
    from the end."""
    if padding_idx is not None and padding_idx > 0 and padding_idx >= num_weights:
        raise AssertionError("Padding_idx must be within num_embeddings")
    if padding_idx is not None and padding_idx < 0:
        if padding_idx < -num_weights:
            raise AssertionError("Padding_idx must be within num_embeddings")
        padding_idx = num_weights + padding_idx
    return padding_idx


class Embedding(Module):
    """A lookup table: ``weight`` (num_embeddings, embedding_dim) from ``init.normal_`` (the
    engine's random stream is torch's), the padding row zeroed; forward is ``F.embedding``."""

    def __init__(
        self,
        num_embeddings: int,
        embedding_dim: int,
        padding_idx: int | None = None,
        max_norm: float | None = None,
        norm_type: float = 2.0,
        scale_grad_by_freq: bool = False,
        sparse: bool = False,
        _weight: Tensor | None = None,
        _freeze: bool = False,
        device: Any = None,
        dtype: Any = None,
    ) -> None:
        from ..ops.creation import empty

        super().__init__()
        self.num_embeddings = num_embeddings
        self.embedding_dim = embedding_dim
        self.padding_idx = checked_padding_idx(padding_idx, num_embeddings)
        self.max_norm = max_norm
        self.norm_type = norm_type
        self.scale_grad_by_freq = scale_grad_by_freq
        if _weight is None:
            weight = empty((num_embeddings, embedding_dim), dtype=dtype)
            self.weight = Parameter(weight, requires_grad=not _freeze)
            self.reset_parameters()
        else:
            if list(_weight.shape) != [num_embeddings, embedding_dim]:
                raise AssertionError(
                    "Shape of weight does not match num_embeddings and embedding_dim"
                )
            self.weight = Parameter(_weight, requires_grad=not _freeze)
        self.sparse = sparse

    def reset_parameters(self) -> None:
        from . import init

        init.normal_(self.weight)
        if self.padding_idx is not None:
            with grad_mode.no_grad():
                self.weight[self.padding_idx].fill_(0)

    def forward(self, input: Tensor) -> Tensor:
        return F.embedding(
            input,
            self.weight,
            self.padding_idx,
            self.max_norm,
            self.norm_type,
            self.scale_grad_by_freq,
            self.sparse,
        )

    def extra_repr(self) -> str:
        text = f"{self.num_embeddings}, {self.embedding_dim}"
        if self.padding_idx is not None:
            text += f", padding_idx={self.padding_idx}"
        if self.max_norm is not None:
            text += f", max_norm={self.max_norm}"
        if self.norm_type != 2:
            text += f", norm_type={self.norm_type}"
        if self.scale_grad_by_freq is not False:
            text += f", scale_grad_by_freq={self.scale_grad_by_freq}"
        if self.sparse is not False:
            text += ", sparse=True"
        return text

    @classmethod
    def from_pretrained(
        cls,
        embeddings: Tensor,
        freeze: bool = True,
        padding_idx: int | None = None,
        max_norm: float | None = None,
        norm_type: float = 2.0,
        scale_grad_by_freq: bool = False,
        sparse: bool = False,
    ) -> Embedding:
        if embeddings.dim() != 2:
            raise AssertionError("Embeddings parameter is expected to be 2-dimensional")
        rows, cols = embeddings.shape
        return cls(
            num_embeddings=rows,
            embedding_dim=cols,
            _weight=embeddings,
            _freeze=freeze,
            padding_idx=padding_idx,
            max_norm=max_norm,
            norm_type=norm_type,
            scale_grad_by_freq=scale_grad_by_freq,
            sparse=sparse,
        )


# --- containers ------------------------------------------------------------------------------
class Sequential(Module):
    """Calls its modules in order; ``Sequential(a, b)`` or ``Sequential(OrderedDict(...))``."""

    def __init__(self, *args: Any) -> None:
        super().__init__()
        if len(args) == 1 and isinstance(args[0], OrderedDict):
            for name, module in args[0].items():
                self.add_module(name, module)
        else:
            for index, module in enumerate(args):
                self.add_module(str(index), module)

    def __getitem__(self, index: int | slice) -> Any:
        items = list(self._modules.items())
        if isinstance(index, slice):
            return type(self)(OrderedDict(items[index]))
        return self._modules[self._key(index)]

    def _key(self, index: Any) -> str:
        """torch's ``_get_item_by_idx``: the name of the module at an int position."""
        index = operator.index(index)
        if not -len(self) <= index < len(self):
            raise errors.error("sequential_index", index=index)
        return list(self._modules)[index % len(self)]

    def __setitem__(self, index: int, module: Module) -> None:
        setattr(self, self._key(index), module)

    def __delitem__(self, index: int | slice) -> None:
        if isinstance(index, slice):
            for key in list(self._modules)[index]:
                delattr(self, key)
        else:
            delattr(self, self._key(index))
        # renumbered, as torch's (names given by an OrderedDict too)
        self._modules = OrderedDict(
            (str(key), module) for key, module in enumerate(self._modules.values())
        )

    def pop(self, key: int | slice) -> Module:
        value = self[key]
        del self[key]
        return value

    def insert(self, index: int, module: Module) -> Sequential:
        if not isinstance(module, Module):
            raise AssertionError(f"module should be of type: {_TORCH_MODULE_CLASS}")
        count = len(self._modules)
        if not -count <= index <= count:
            raise IndexError(f"Index out of range: {index}")
        index = index + count if index < 0 else index
        for key in range(count, index, -1):
            self._modules[str(key)] = self._modules[str(key - 1)]
        self._modules[str(index)] = module
        return self

    def extend(self, sequential: Any) -> Sequential:
        for layer in sequential:
            self.append(layer)
        return self

    def __len__(self) -> int:
        return len(self._modules)

    def __iter__(self) -> Iterator[Module]:
        return iter(self._modules.values())

    def append(self, module: Module) -> Sequential:
        self.add_module(str(len(self)), module)
        return self

    def forward(self, input: Any) -> Any:
        for module in self:
            input = module(input)
        return input


# As torch's classes print and pickle (``type(nn.Sigmoid())``: torch.nn.modules.activation...)
_HOMES = {
    "torch.nn.modules.module": (Module,),
    "torch.nn.modules.loss": (
        MSELoss,
        L1Loss,
        BCELoss,
        BCEWithLogitsLoss,
        NLLLoss,
        CrossEntropyLoss,
    ),
    "torch.nn.modules.activation": (Sigmoid, Tanh, ReLU, LeakyReLU, Softmax, LogSoftmax),
    "torch.nn.modules.linear": (Identity,),
    "torch.nn.modules.flatten": (Flatten,),
    "torch.nn.modules.sparse": (Embedding,),
    "torch.nn.modules.container": (Sequential,),
}
for _home, _classes in _HOMES.items():
    for _cls in _classes:
        _cls.__module__ = _home
_Loss.__module__ = _WeightedLoss.__module__ = "torch.nn.modules.loss"
_AlongDim.__module__ = "torch.nn.modules.activation"
del _home, _classes, _cls
