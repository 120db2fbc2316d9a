"""torch.optim: ``SGD`` (with momentum, dampening, weight decay, Nesterov, maximize),
``Adam`` and ``AdamW`` (with amsgrad, weight decay, maximize) on the ``Optimizer`` base
students meet through them: ``param_groups``, ``state``, ``zero_grad()``, ``step()`` and
torch's ``repr``.

Each ``step()`` is torch's single-tensor function (``_single_tensor_sgd``,
``_single_tensor_adam``: its path for CPU tensors) written with the same engine ops in the
same order, so float32 and float64 parameters come out bit for bit as torch's
(``add_(grad, alpha=-lr)`` is one fused multiply-add in both, ``lerp_`` is torch's FMA
kernel; Adam's ``param.addcdiv_(exp_avg, denom, value=-step_size)`` is
``self + value * t1 / t2`` rounded op by op, as ``param.add_(exp_avg.mul(-step_size)
.div(denom))`` is).
"""

from __future__ import annotations

from collections import defaultdict as _defaultdict
from collections.abc import Callable as _Callable
from collections.abc import Iterable as _Iterable
from typing import Any as _Any

from . import errors as _errors
from .autograd import grad_mode as _grad_mode
from .nn.modules import _zero_grads
from .ops.creation import full_like as _full_like
from .ops.creation import tensor as _tensor
from .ops.creation import zeros_like as _zeros_like
from .ops.pointwise import maximum as _maximum
from .tensor import Tensor as _Tensor
from .torch_names import namespace_hooks as _namespace_hooks

__all__ = ["SGD", "Adagrad", "Adam", "AdamW", "Optimizer", "RMSprop"]


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

    def step(self, closure: _Callable[[], _Any] | None = None) -> _Any:
        """One step for every parameter that has a gradient (the subclass's ``_update``,
        group by group, parameter by parameter); returns ``closure()``'s loss."""
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
        raise NotImplementedError  # (torch's Optimizer.step: a subclass defines the step)

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


def _value(number: float | _Tensor) -> float:
    """A step's scalar: arithmetic on a tensor lr is a float32 tensor's, as torch's."""
    return number.item() if isinstance(number, _Tensor) else number


def _addcdiv_(param: _Tensor, numerator: _Tensor, denominator: _Tensor, value: _Any) -> None:
    """torch's ``param.addcdiv_(numerator, denominator, value=value)``: its CPU kernel is
    ``self + value * t1 / t2`` rounded op by op (no FMA), the same bytes as these ops."""
    param.add_(numerator.mul(_value(value)).div(denominator))


def _check_unsupported(name: str, differentiable: bool, fused: _Any, capturable: bool) -> None:
    """Another arithmetic (fused kernels), a graph through the step, or device graphs."""
    for flag, given in (("differentiable", differentiable), ("fused", fused)):
        if given:
            raise _errors.unsupported(f"torch.optim.{name}({flag}=True)")
    if capturable:
        raise _errors.unsupported(f"torch.optim.{name}(capturable=True)")


class Adam(Optimizer):
    def __init__(
        self,
        params: _Iterable[_Any],
        lr: float | _Tensor = 1e-3,
        betas: tuple[float, float] = (0.9, 0.999),
        eps: float = 1e-8,
        weight_decay: float = 0,
        amsgrad: bool = False,
        *,
        foreach: bool | None = None,
        maximize: bool = False,
        capturable: bool = False,
        differentiable: bool = False,
        fused: bool | None = None,
        decoupled_weight_decay: bool = False,
    ) -> None:
        if isinstance(lr, _Tensor) and lr.numel() != 1:
            raise _errors.error("optimizer_tensor_lr")
        if not 0.0 <= lr:
            raise _errors.error("optimizer_invalid", what="learning rate", value=lr)
        if not 0.0 <= eps:
            raise _errors.error("optimizer_invalid", what="epsilon value", value=eps)
        for index in (0, 1):
            if not 0.0 <= betas[index] < 1.0:
                raise _errors.error(
                    "optimizer_invalid", what=f"beta parameter at index {index}", value=betas[index]
                )
        if not 0.0 <= weight_decay:
            raise _errors.error("optimizer_invalid", what="weight_decay value", value=weight_decay)
        if not all(isinstance(beta, float) for beta in betas[:2]):
            if all(isinstance(beta, _Tensor) for beta in betas[:2]):  # (as the lr: a value)
                raise _errors.unsupported(f"torch.optim.{type(self).__name__}(betas=Tensors)")
            raise _errors.error("adam_betas")
        _check_unsupported(type(self).__name__, differentiable, fused, capturable)
        defaults = {
            "lr": lr,
            "betas": tuple(betas),
            "eps": eps,
            "weight_decay": weight_decay,
            "amsgrad": amsgrad,
            "maximize": maximize,
            "foreach": foreach,
            "capturable": capturable,
            "differentiable": differentiable,
            "fused": fused,
            "decoupled_weight_decay": decoupled_weight_decay,
        }
        super().__init__(params, defaults)

    def _update(self, param: _Tensor, group: dict[str, _Any]) -> None:
        """torch's ``_single_tensor_adam`` for one parameter, op for op: the step count a
        float32 tensor in ``state``, the bias corrections in Python floats."""
        state = self.state[param]
        if not state:  # (torch's lazy initialisation, in its key order)
            state["step"] = _tensor(0.0)
            state["exp_avg"] = _zeros_like(param)
            state["exp_avg_sq"] = _zeros_like(param)
            if group["amsgrad"]:
                state["max_exp_avg_sq"] = _zeros_like(param)
        lr, weight_decay = group["lr"], group["weight_decay"]
        beta1, beta2 = group["betas"]
        grad = param.grad if not group["maximize"] else -param.grad
        exp_avg, exp_avg_sq, step_t = state["exp_avg"], state["exp_avg_sq"], state["step"]
        step_t += 1
        if weight_decay != 0:
            if group["decoupled_weight_decay"]:
                param.mul_(1 - lr * weight_decay)
            else:
                grad = grad.add(param, alpha=weight_decay)
        exp_avg.lerp_(grad, 1 - beta1)
        exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
        step = step_t.item()
        bias_correction1 = 1 - beta1**step
        bias_correction2 = 1 - beta2**step
        step_size = lr / bias_correction1
        bias_correction2_sqrt = bias_correction2**0.5
        if group["amsgrad"]:
            maximum_sq = state["max_exp_avg_sq"]
            maximum_sq.copy_(_maximum(maximum_sq, exp_avg_sq))
            denom = (maximum_sq.sqrt() / bias_correction2_sqrt).add_(group["eps"])
        else:
            denom = (exp_avg_sq.sqrt() / bias_correction2_sqrt).add_(group["eps"])
        _addcdiv_(param, exp_avg, denom, -step_size)


class AdamW(Adam):
    """Adam with the weight decay decoupled (``param.mul_(1 - lr * weight_decay)``)."""

    def __init__(
        self,
        params: _Iterable[_Any],
        lr: float | _Tensor = 1e-3,
        betas: tuple[float, float] = (0.9, 0.999),
        eps: float = 1e-8,
        weight_decay: float = 1e-2,
        amsgrad: bool = False,
        *,
        maximize: bool = False,
        foreach: bool | None = None,
        capturable: bool = False,
        differentiable: bool = False,
        fused: bool | None = None,
    ) -> None:
        super().__init__(
            params,
            lr,
            betas,
            eps,
            weight_decay,
            amsgrad,
            foreach=foreach,
            maximize=maximize,
            capturable=capturable,
            differentiable=differentiable,
            fused=fused,
            decoupled_weight_decay=True,
        )


def _require_at_least_zero(lr: _Any, *checks: tuple[str, _Any]) -> None:
    """torch's checks of RMSprop's and Adagrad's hyperparameters, in its order: a tensor
    learning rate holds one element, then each ``(what, value)`` is ``0.0 <= value`` (so NaN is
    refused; SGD's ``lr < 0.0`` takes it, as torch's does)."""
    if isinstance(lr, _Tensor) and lr.numel() != 1:
        raise _errors.error("optimizer_tensor_lr")
    for what, value in checks:
        if not 0.0 <= value:
            raise _errors.error("optimizer_invalid", what=what, value=value)


class RMSprop(Optimizer):
    def __init__(
        self,
        params: _Iterable[_Any],
        lr: float | _Tensor = 1e-2,
        alpha: float = 0.99,
        eps: float = 1e-8,
        weight_decay: float = 0,
        momentum: float = 0,
        centered: bool = False,
        capturable: bool = False,
        foreach: bool | None = None,
        maximize: bool = False,
        differentiable: bool = False,
    ) -> None:
        _require_at_least_zero(
            lr,
            ("learning rate", lr),
            ("epsilon value", eps),
            ("momentum value", momentum),
            ("weight_decay value", weight_decay),
            ("alpha value", alpha),
        )
        _check_unsupported("RMSprop", differentiable, None, capturable)
        defaults = {
            "lr": lr,
            "momentum": momentum,
            "alpha": alpha,
            "eps": eps,
            "centered": centered,
            "weight_decay": weight_decay,
            "capturable": capturable,
            "foreach": foreach,
            "maximize": maximize,
            "differentiable": differentiable,
        }
        super().__init__(params, defaults)

    def _update(self, param: _Tensor, group: dict[str, _Any]) -> None:
        """torch's ``_single_tensor_rmsprop`` for one parameter, op for op."""
        state = self.state[param]
        if not state:  # (torch's lazy initialisation, in its key order)
            state["step"] = _tensor(0.0)
            state["square_avg"] = _zeros_like(param)
            if group["momentum"] > 0:
                state["momentum_buffer"] = _zeros_like(param)
            if group["centered"]:
                state["grad_avg"] = _zeros_like(param)
        alpha, lr = group["alpha"], group["lr"]
        grad = param.grad if not group["maximize"] else -param.grad
        square_avg = state["square_avg"]
        state["step"] += 1
        if group["weight_decay"] != 0:
            grad = grad.add(param, alpha=group["weight_decay"])
        square_avg.mul_(alpha).addcmul_(grad, grad, value=1 - alpha)
        if group["centered"]:
            grad_avg = state["grad_avg"]
            grad_avg.lerp_(grad, 1 - alpha)
            avg = square_avg.addcmul(grad_avg, grad_avg, value=-1).sqrt_()
        else:
            avg = square_avg.sqrt()
        avg = avg.add_(group["eps"])
        if group["momentum"] > 0:
            buffer = state["momentum_buffer"]
            _addcdiv_(buffer.mul_(group["momentum"]), grad, avg, 1)
            param.add_(buffer, alpha=-_value(lr))
        else:
            _addcdiv_(param, grad, avg, -lr)


class Adagrad(Optimizer):
    def __init__(
        self,
        params: _Iterable[_Any],
        lr: float | _Tensor = 1e-2,
        lr_decay: float = 0,
        weight_decay: float = 0,
        initial_accumulator_value: float = 0,
        eps: float = 1e-10,
        foreach: bool | None = None,
        *,
        maximize: bool = False,
        differentiable: bool = False,
        fused: bool | None = None,
    ) -> None:
        _require_at_least_zero(
            lr,
            ("learning rate", lr),
            ("lr_decay value", lr_decay),
            ("weight_decay value", weight_decay),
            ("initial_accumulator_value value", initial_accumulator_value),
            ("epsilon value", eps),
        )
        _check_unsupported("Adagrad", differentiable, fused, False)
        defaults = {
            "lr": lr,
            "lr_decay": lr_decay,
            "eps": eps,
            "weight_decay": weight_decay,
            "initial_accumulator_value": initial_accumulator_value,
            "foreach": foreach,
            "maximize": maximize,
            "differentiable": differentiable,
            "fused": fused,
        }
        super().__init__(params, defaults)
        for group in self.param_groups:  # (torch's: the state made at construction)
            for param in group["params"]:
                state = self.state[param]
                state["step"] = _tensor(0.0)
                state["sum"] = _full_like(param, initial_accumulator_value)

    def _update(self, param: _Tensor, group: dict[str, _Any]) -> None:
        """torch's ``_single_tensor_adagrad`` for one (dense) parameter, op for op."""
        state = self.state[param]
        state["step"] += 1
        step = state["step"].item()
        grad = param.grad if not group["maximize"] else -param.grad
        if group["weight_decay"] != 0:
            grad = grad.add(param, alpha=group["weight_decay"])
        clr = group["lr"] / (1 + (step - 1) * group["lr_decay"])
        state_sum = state["sum"]
        state_sum.addcmul_(grad, grad, value=1)
        std = state_sum.sqrt().add_(group["eps"])
        _addcdiv_(param, grad, std, -clr)


# As torch's classes print (``<class 'torch.optim.sgd.SGD'>``)
Optimizer.__module__, SGD.__module__ = "torch.optim.optimizer", "torch.optim.sgd"
Adam.__module__, AdamW.__module__ = "torch.optim.adam", "torch.optim.adamw"
RMSprop.__module__, Adagrad.__module__ = "torch.optim.rmsprop", "torch.optim.adagrad"

__getattr__, __dir__ = _namespace_hooks("torch.optim", globals())

# names torch's torch.optim does not have (the future import's)
del annotations
