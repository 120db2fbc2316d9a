"""Stateful lockstep test: a torch world and a gradekit.engine world driven by the same rules.

A hypothesis ``RuleBasedStateMachine`` keeps two parallel lists of tensors, one per module,
and applies each rule (create a leaf, apply an op, an in-place op, a view, register a hook,
retain_grad, backward with random retain_graph, autograd.grad, zero or drop grads, toggle
grad mode) to both. Every rule must have the *identical outcome* in both worlds — the same
result or the same exception type and message — and after every step all tensors must
agree on values, dtype, shape, requires_grad, is_leaf, grad_fn name, ``_version`` and
``.grad``. This covers the combinatorics of version counters, freed graphs, hooks and grad
modes that single programs cannot. Skipped cleanly without torch.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

import numpy as np
import programs
import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

pytestmark = pytest.mark.torch

MAX_TENSORS = 10

LEAF_VALUES = st.lists(
    st.sampled_from([-2.0, -1.0, -0.5, 0.0, 0.25, 0.5, 1.0, 1.5, 3.0]), min_size=4, max_size=4
)

UNARY: dict[str, Callable[[ModuleType, Any], Any]] = {
    "exp": lambda T, x: x.exp(),
    "tanh": lambda T, x: x.tanh(),
    "sigmoid": lambda T, x: T.sigmoid(x),
    "relu": lambda T, x: x.relu(),
    "square": lambda T, x: x * x,
    "neg": lambda T, x: -x,
    "add_one": lambda T, x: x + 1,
    "sum": lambda T, x: x.sum(),
    "mean_keepdim": lambda T, x: x.mean(-1, keepdim=True) if x.dim() else x.mean(),
    "clone": lambda T, x: x.clone(),
    "detach": lambda T, x: x.detach(),
}

BINARY: dict[str, Callable[[ModuleType, Any, Any], Any]] = {
    "add": lambda T, a, b: a + b,
    "mul": lambda T, a, b: a * b,
    "sub": lambda T, a, b: a - b,
    "div": lambda T, a, b: a / (b * b + 1),
    "maximum": lambda T, a, b: T.maximum(a, b),
}

VIEWS: dict[str, Callable[[ModuleType, Any], Any]] = {
    "select0": lambda T, x: x[0],
    "slice": lambda T, x: x[1:],
    "reshape": lambda T, x: x.reshape(-1),
    "view_2x2": lambda T, x: x.view(2, 2) if x.numel() == 4 else x.view(-1),
    "unsqueeze": lambda T, x: x.unsqueeze(0),
    "transpose": lambda T, x: x.transpose(0, -1) if x.dim() >= 2 else x.t(),
    "expand": lambda T, x: x.expand(2, *x.shape),
}

IN_PLACE: dict[str, Callable[[ModuleType, Any], Any]] = {
    "add_": lambda T, x: x.add_(1),
    "mul_": lambda T, x: x.mul_(2),
    "exp_": lambda T, x: x.exp_(),
    "zero_": lambda T, x: x.zero_(),
    "setitem0": lambda T, x: x.__setitem__(0, 5.0),
    "setitem_mask": lambda T, x: x.__setitem__(x > 0, 0.5),
    "iadd_tensor": lambda T, x: x.__iadd__(T.ones(x.shape)),
}


class LockstepWorlds(RuleBasedStateMachine):
    """Two worlds, ``torch`` and ``engine``; ``self.tensors[w]`` are parallel lists."""

    # Set by the test. A dict, not module-valued class attributes: hypothesis scans class
    # attributes for rules with getattr(), which must not reach into the modules.
    worlds: dict[str, ModuleType] = {}

    def __init__(self) -> None:
        super().__init__()
        self.modules = dict(self.worlds)
        self.real_torch = self.modules["torch"]
        self.tensors: dict[str, list[Any]] = {"torch": [], "engine": []}
        self.hook_logs: dict[str, list[Any]] = {"torch": [], "engine": []}
        self.grad_enabled = True
        self.step_log: list[str] = []

    # -- running a step in both worlds --------------------------------------------------

    def _both(self, description: str, step: Callable[[ModuleType, list[Any], str], Any]) -> bool:
        """Run ``step(T, tensors, world)`` in both worlds; outcomes must match.

        A tensor result is appended to both worlds. Returns True if the step succeeded.
        """
        self.step_log.append(description)
        outcomes = {}
        results = {}
        for world, T in self.modules.items():

            def body(T=T, world=world):
                with T.set_grad_enabled(self.grad_enabled):
                    value = programs.catch(lambda: step(T, self.tensors[world], world))
                results[world] = value
                return {"outcome": value}

            outcomes[world] = programs.run_callable(body, T)
        problems = programs.compare_observations(outcomes["torch"], outcomes["engine"])
        assert not problems, self._report(problems)
        result_torch, result_engine = results["torch"], results["engine"]
        if isinstance(result_torch, self.real_torch.Tensor) and len(self.tensors["torch"]) < (
            MAX_TENSORS
        ):
            self.tensors["torch"].append(result_torch)
            self.tensors["engine"].append(result_engine)
        return not isinstance(result_torch, programs.Raised)

    def _report(self, problems: list[str]) -> str:
        steps = "\n".join(f"  {i}: {s}" for i, s in enumerate(self.step_log))
        return "worlds diverged after steps:\n" + steps + "\n" + "\n".join(problems)

    def _pick(self, index: int) -> int:
        return index % len(self.tensors["torch"])

    # -- rules -----------------------------------------------------------------------------

    @precondition(lambda self: len(self.tensors["torch"]) < MAX_TENSORS)
    @rule(values=LEAF_VALUES, shape=st.sampled_from([(4,), (2, 2)]), requires_grad=st.booleans())
    def create_leaf(self, values, shape, requires_grad) -> None:
        array = np.array(values, dtype=np.float32).reshape(shape)

        def step(T, tensors, world):
            return T.tensor(array.copy(), requires_grad=requires_grad)

        self._both(f"leaf {array.tolist()} requires_grad={requires_grad}", step)

    @precondition(lambda self: self.tensors["torch"])
    @rule(index=st.integers(0, 100), op=st.sampled_from(sorted(UNARY)))
    def unary(self, index, op) -> None:
        i = self._pick(index)
        self._both(f"t{i}.{op}", lambda T, ts, w: UNARY[op](T, ts[i]))

    @precondition(lambda self: self.tensors["torch"])
    @rule(left=st.integers(0, 100), right=st.integers(0, 100), op=st.sampled_from(sorted(BINARY)))
    def binary(self, left, right, op) -> None:
        i, j = self._pick(left), self._pick(right)
        self._both(f"{op}(t{i}, t{j})", lambda T, ts, w: BINARY[op](T, ts[i], ts[j]))

    @precondition(lambda self: self.tensors["torch"])
    @rule(index=st.integers(0, 100), op=st.sampled_from(sorted(VIEWS)))
    def view(self, index, op) -> None:
        i = self._pick(index)
        self._both(f"t{i} view {op}", lambda T, ts, w: VIEWS[op](T, ts[i]))

    @precondition(lambda self: self.tensors["torch"])
    @rule(index=st.integers(0, 100), op=st.sampled_from(sorted(IN_PLACE)))
    def in_place(self, index, op) -> None:
        i = self._pick(index)

        def step(T, ts, w):
            IN_PLACE[op](T, ts[i])
            return (ts[i]._version, programs.grad_fn_name(ts[i]))

        self._both(f"t{i} in-place {op}", step)

    @precondition(lambda self: self.tensors["torch"])
    @rule(index=st.integers(0, 100), scale=st.sampled_from([None, 2.0, -1.0]))
    def register_hook(self, index, scale) -> None:
        i = self._pick(index)

        def step(T, ts, world):
            log = self.hook_logs[world]

            def hook(grad):
                log.append((i, grad.detach().clone()))
                return None if scale is None else grad * scale

            ts[i].register_hook(hook)
            return None

        self._both(f"t{i}.register_hook(scale={scale})", step)

    @precondition(lambda self: self.tensors["torch"])
    @rule(index=st.integers(0, 100))
    def retain_grad(self, index) -> None:
        i = self._pick(index)

        def step(T, ts, w):
            ts[i].retain_grad()
            return ts[i].retains_grad

        self._both(f"t{i}.retain_grad()", step)

    @precondition(lambda self: self.tensors["torch"])
    @rule(index=st.integers(0, 100), retain_graph=st.booleans(), reduce=st.booleans())
    def backward(self, index, retain_graph, reduce) -> None:
        i = self._pick(index)

        def step(T, ts, w):
            root = ts[i].sum() if reduce else ts[i]
            root.backward(retain_graph=retain_graph)
            return None

        self._both(f"t{i}{'.sum()' if reduce else ''}.backward(retain_graph={retain_graph})", step)

    @precondition(lambda self: self.tensors["torch"])
    @rule(out=st.integers(0, 100), wrt=st.integers(0, 100), allow_unused=st.booleans())
    def autograd_grad(self, out, wrt, allow_unused) -> None:
        i, j = self._pick(out), self._pick(wrt)

        def step(T, ts, w):
            return T.autograd.grad(ts[i].sum(), ts[j], retain_graph=True, allow_unused=allow_unused)

        self._both(f"autograd.grad(t{i}.sum(), t{j}, allow_unused={allow_unused})", step)

    @precondition(lambda self: self.tensors["torch"])
    @rule(index=st.integers(0, 100), to_none=st.booleans())
    def reset_grad(self, index, to_none) -> None:
        i = self._pick(index)

        def step(T, ts, w):
            if not ts[i].is_leaf:
                return "skipped non-leaf"
            if to_none or ts[i].grad is None:
                ts[i].grad = None
            else:
                ts[i].grad.zero_()
            return None

        self._both(f"t{i} reset grad (to_none={to_none})", step)

    @rule()
    def toggle_grad_mode(self) -> None:
        self.grad_enabled = not self.grad_enabled
        self.step_log.append(f"set_grad_enabled({self.grad_enabled})")

    # -- invariant -------------------------------------------------------------------------

    @invariant()
    def worlds_agree(self) -> None:
        observations = {}
        for world, T in self.modules.items():

            def body(T=T, world=world):
                state = {}
                for n, t in enumerate(self.tensors[world]):
                    # Reading grad_fn can itself raise in torch (a no_grad view whose base
                    # was modified in place); record that per tensor instead of losing all.
                    # So is reading is_leaf/retains_grad: every read is guarded.
                    grad_fn_access = programs.catch(lambda t=t: t.grad_fn)
                    is_raised = isinstance(grad_fn_access, programs.Raised)
                    state[f"t{n}"] = grad_fn_access if is_raised else t
                    state[f"t{n}._version"] = programs.catch(lambda t=t: t._version)
                    retains = programs.catch(lambda t=t: t.retains_grad)
                    state[f"t{n}.retains_grad"] = retains
                    if programs.catch(lambda t=t: t.is_leaf) is True or retains is True:
                        state[f"t{n}.grad"] = programs.catch(lambda t=t: t.grad)
                state["hook_log"] = [(i, g) for i, g in self.hook_logs[world]]
                return state

            observations[world] = programs.run_callable(body, T)
        problems = programs.compare_observations(observations["torch"], observations["engine"])
        assert not problems, self._report(problems)


def test_lockstep_worlds(real_torch: ModuleType, engine: ModuleType) -> None:
    LockstepWorlds.worlds = {"torch": real_torch, "engine": engine}
    # Example count and reproducibility come from the loaded profile (tests/conftest.py).
    run_state_machine_as_test(LockstepWorlds, settings=settings(stateful_step_count=25))
