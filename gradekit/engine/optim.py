"""torch.optim: ``SGD`` (with momentum, dampening, weight decay, Nesterov, maximize) on the
``Optimizer`` base students meet through it: ``param_groups``, ``state``, ``zero_grad()``,
``step()`` and torch's ``repr``.

``step()`` is torch's ``_single_tensor_sgd`` (its path for CPU tensors) written with the
same engine ops in the same order, so float32 and float64 parameters come out bit for bit
as torch's (``add_(grad, alpha=-lr)`` is one fused multiply-add in both).
"""

from __future__ import annotations

from collections import defaultdict as _defaultdict
from collections.abc import Callable as _Callable
from collections.abc import Iterable as _Iterable
from typing import Any as _Any

from . import errors as _errors
from .autograd import grad_mode as _grad_mode
from .nn.modules import _zero_grads
from .tensor import Tensor as _Tensor
from .torch_names import namespace_hooks as _namespace_hooks

__all__ = ["SGD", "Optimizer"]


# torch 2.13's public torch.optim.SGD attributes (``dir(torch.optim.SGD)``; a torch-marked
# test compares): those the engine lacks raise its "does not support" error
_TORCH_OPTIMIZER_ATTRIBUTES = frozenset(
    """
    OptimizerPostHook OptimizerPreHook add_param_group load_state_dict profile_hook_step
    register_load_state_dict_post_hook register_load_state_dict_pre_hook
    register_state_dict_post_hook register_state_dict_pre_hook register_step_post_hook
    register_step_pre_hook state_dict step zero_grad
    """.split()
)


class Optimizer:
    """torch.optim.Optimizer: parameter groups (dicts) with the defaults filled in."""

    def __init__(self, params: _Any, defaults: dict[str, _Any]) -> None:
        self.defaults = defaults
        self.state: _defaultdict[_Tensor, dict[str, _Any]] = _defaultdict(dict)
        self.param_groups: list[dict[str, _Any]] = []
        if isinstance(params, _Tensor):
            raise _errors.error("optimizer_params_tensor", got=params.dtype.legacy_name)
        param_groups = list(params)
        if not param_groups:
            raise _errors.error("optimizer_empty")
        if not isinstance(param_groups[0], dict):
            param_groups = [{"params": param_groups}]
        for group in param_groups:
            self.add_param_group(group)

    def add_param_group(self, param_group: dict[str, _Any]) -> None:
        params = param_group["params"]
        if isinstance(params, _Tensor):
            param_group["params"] = [params]
        elif isinstance(params, set):
            raise _errors.error("optimizer_params_set")
        else:
            param_group["params"] = list(params)
        for param in param_group["params"]:
            if not isinstance(param, _Tensor):
                raise _errors.error("optimizer_not_tensor", got=type(param).__name__)
            if not (param.is_leaf or param.retains_grad):
                raise _errors.error("optimizer_non_leaf")
        for name, default in self.defaults.items():
            param_group.setdefault(name, default)
        ids = [id(param) for param in param_group["params"]]
        if len(ids) != len(set(ids)):
            _errors.warn("optimizer_duplicate_params", stacklevel=3)
        earlier = {id(param) for group in self.param_groups for param in group["params"]}
        if not earlier.isdisjoint(ids):
            raise _errors.error("optimizer_param_in_two_groups")
        self.param_groups.append(param_group)

    def __getattr__(self, name: str) -> _Any:  # (only called when normal lookup fails)
        if name in _TORCH_OPTIMIZER_ATTRIBUTES:  # torch's API the engine lacks: not a typo
            raise _errors.unsupported(f"torch.optim.{type(self).__name__}.{name}")
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def zero_grad(self, set_to_none: bool = True) -> None:
        _zero_grads(
            (param for group in self.param_groups for param in group["params"]), set_to_none
        )

    def __repr__(self) -> str:
        text = type(self).__name__ + " ("
        for index, group in enumerate(self.param_groups):
            text += f"\nParameter Group {index}\n"
            for key in sorted(group):
                if key != "params":
                    text += f"    {key}: {group[key]}\n"
        return text + ")"


class SGD(Optimizer):
    def __init__(
        self,
        params: _Iterable[_Any],
        lr: float | _Tensor = 1e-3,
        momentum: float = 0,
        dampening: float = 0,
        weight_decay: float = 0,
        nesterov: bool = False,
        *,
        maximize: bool = False,
        foreach: bool | None = None,
        differentiable: bool = False,
        fused: bool | None = None,
    ) -> None:
        if isinstance(lr, _Tensor) and lr.numel() != 1:
            raise _errors.error("optimizer_tensor_lr")
        if lr < 0.0:
            raise _errors.error("optimizer_invalid", what="learning rate", value=lr)
        if momentum < 0.0:
            raise _errors.error("optimizer_invalid", what="momentum value", value=momentum)
        if weight_decay < 0.0:
            raise _errors.error("optimizer_invalid", what="weight_decay value", value=weight_decay)
        if differentiable or fused:  # (another arithmetic, or a graph through the step)
            raise _errors.unsupported(
                "torch.optim.SGD(differentiable=True)"
                if differentiable
                else "torch.optim.SGD(fused=True)"
            )
        defaults = {
            "lr": lr,
            "momentum": momentum,
            "dampening": dampening,
            "weight_decay": weight_decay,
            "nesterov": nesterov,
            "maximize": maximize,
            "foreach": foreach,
            "differentiable": differentiable,
            "fused": fused,
        }
        if nesterov and (momentum <= 0 or dampening != 0):
            raise _errors.error("sgd_nesterov")
        super().__init__(params, defaults)

    def step(self, closure: _Callable[[], _Any] | None = None) -> _Any:
        """One step for every parameter that has a gradient; returns ``closure()``'s loss."""
        loss = None
        if closure is not None:
            with _grad_mode.enable_grad():
                loss = closure()
        with _grad_mode.no_grad():
            for group in self.param_groups:
                for param in group["params"]:
                    if param.grad is not None:
                        self._update(param, group)
        return loss

    def _update(self, param: _Tensor, group: dict[str, _Any]) -> None:
        """torch's ``_single_tensor_sgd`` for one parameter, op for op."""
        lr = group["lr"].item() if isinstance(group["lr"], _Tensor) else group["lr"]
        momentum, weight_decay = group["momentum"], group["weight_decay"]
        grad = param.grad if not group["maximize"] else -param.grad
        if weight_decay != 0:
            grad = grad.add(param, alpha=weight_decay)
        if momentum != 0:
            state = self.state[param]
            buffer = state.get("momentum_buffer")
            if buffer is None:
                buffer = state["momentum_buffer"] = grad.detach().clone()
            else:
                buffer.mul_(momentum).add_(grad, alpha=1 - group["dampening"])
            grad = grad.add(buffer, alpha=momentum) if group["nesterov"] else buffer
        param.add_(grad, alpha=-lr)


# As torch's classes print (``<class 'torch.optim.sgd.SGD'>``)
Optimizer.__module__, SGD.__module__ = "torch.optim.optimizer", "torch.optim.sgd"

__getattr__, __dir__ = _namespace_hooks("torch.optim", globals())

# names torch's torch.optim does not have (the future import's)
del annotations
