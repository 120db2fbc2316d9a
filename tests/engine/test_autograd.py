"""Autograd engine semantics: hooks and their order, retain_grad, accumulation,
saved-tensor errors, create_graph, autograd.grad, grad mode.  Facts from torch 2.13
(engine-research.md §3.4/§3.5)."""

from __future__ import annotations

import warnings

import pytest

import gradekit.engine as torch


def graph_desc(fn: object) -> str:
    """``Name(child, …)`` rendering of a grad_fn graph, as test_autograd does."""
    if fn is None:
        return "None"
    children = fn.next_functions  # type: ignore[attr-defined]
    name = type(fn).__name__
    if not children:
        return name
    return name + "(" + ", ".join(graph_desc(c) for c, _ in children) + ")"


def test_seed_graph_values_and_names() -> None:
    x = torch.ones(2, 2, requires_grad=True)
    y = x + 2
    z = y * y * 3
    out = z.mean()
    out.backward()
    assert x.grad.tolist() == [[4.5, 4.5], [4.5, 4.5]]
    assert graph_desc(out.grad_fn) == (
        "MeanBackward0(MulBackward0(MulBackward0(AddBackward0(AccumulateGrad, None), "
        "AddBackward0(AccumulateGrad, None)), None))"
    )
    assert out.grad_fn.name() == "MeanBackward0"


def test_next_functions_accumulate_grad_variable() -> None:
    x = torch.ones(2, requires_grad=True)
    y = x * 2
    (node, nr), (none, _) = y.grad_fn.next_functions
    assert type(node).__name__ == "AccumulateGrad" and node.variable is x and nr == 0
    assert none is None
    assert (x * 3).grad_fn.next_functions[0][0] is node  # one AccumulateGrad per leaf


def test_leaf_hook_replaces_accumulated_grad_and_remove() -> None:
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    seen = []
    handle = x.register_hook(lambda g: (seen.append(g.tolist()), g * 10)[1])
    (x * 3).sum().backward()
    assert seen == [[3.0, 3.0]] and x.grad.tolist() == [30.0, 30.0]
    handle.remove()
    handle.remove()  # idempotent
    (x * 3).sum().backward()
    assert x.grad.tolist() == [33.0, 33.0]


def test_nonleaf_hook_changes_upstream_grad() -> None:
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = x * 2
    y.register_hook(lambda g: g * 100)
    (y * 3).sum().backward()
    assert x.grad.tolist() == [600.0, 600.0]


@pytest.mark.parametrize("retain_first", [True, False])
def test_retain_grad_hook_runs_last(retain_first: bool) -> None:
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = x * 2
    if retain_first:
        y.retain_grad()
        y.register_hook(lambda g: g * 100)
    else:
        y.register_hook(lambda g: g * 100)
        y.retain_grad()
    (y * 3).sum().backward()
    assert y.grad.tolist() == [300.0, 300.0] and y.retains_grad


def test_hooks_chain_in_registration_order() -> None:
    x = torch.tensor([1.0], requires_grad=True)
    x.register_hook(lambda g: g + 1)
    x.register_hook(lambda g: g * 10)
    (x * 1).sum().backward()
    assert x.grad.tolist() == [20.0]


def test_hook_fires_once_with_summed_grad() -> None:
    x = torch.tensor([1.0], requires_grad=True)
    y = x * 1
    calls = []
    y.register_hook(lambda g: calls.append(g.tolist()))
    (y * 2 + y * 3).sum().backward()
    assert calls == [[5.0]]


def test_hook_order_tensor_then_node_pre_then_post() -> None:
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = x * 2
    order: list[str] = []
    y.grad_fn.register_prehook(lambda g_out: order.append("node_prehook"))
    y.grad_fn.register_hook(lambda g_in, g_out: order.append("node_posthook"))
    y.register_hook(lambda g: order.append("tensor_hook"))
    y.sum().backward()
    assert order == ["tensor_hook", "node_prehook", "node_posthook"]


def test_post_accumulate_hook_sees_updated_grad() -> None:
    x = torch.tensor([1.0], requires_grad=True)
    order = []
    x.register_post_accumulate_grad_hook(lambda t: order.append(("post", t.grad.tolist())))
    x.register_hook(lambda g: (order.append(("hook", g.tolist())), g * 2)[1])
    (x * 3).sum().backward()
    assert order == [("hook", [3.0]), ("post", [6.0])]


def test_hooks_around_inplace() -> None:
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = x * 1
    seen = {}
    y.register_hook(lambda g: seen.__setitem__("before", g.tolist()))
    y.mul_(3)
    y.register_hook(lambda g: seen.__setitem__("after", g.tolist()))
    y.retain_grad()
    (y * torch.tensor([10.0, 100.0])).sum().backward()
    assert seen == {"before": [30.0, 300.0], "after": [10.0, 100.0]}
    assert y.grad.tolist() == [10.0, 100.0] and x.grad.tolist() == [30.0, 300.0]


def test_hook_wrong_shape_and_dtype() -> None:
    x = torch.tensor([1.0], requires_grad=True)
    x.register_hook(lambda g: g.double())
    with pytest.raises(RuntimeError) as info:
        (x * 2).sum().backward()
    assert str(info.value) == (
        "hook '<lambda>' has changed the type of value (was torch.FloatTensor got "
        "torch.DoubleTensor)"
    )
    w = torch.ones(2, requires_grad=True)

    def widen(g: torch.Tensor) -> torch.Tensor:
        return torch.ones(3)

    w.register_hook(widen)
    with pytest.raises(RuntimeError, match="hook 'widen' has changed the size of value"):
        (w * 2).sum().backward()


def test_unreached_hook_does_not_fire() -> None:
    x = torch.tensor([1.0], requires_grad=True)
    z = torch.tensor([1.0], requires_grad=True)
    fired = []
    z.register_hook(lambda g: fired.append(1))
    (x * 2).sum().backward()
    assert fired == [] and z.grad is None


def test_grad_accumulates_in_place() -> None:
    x = torch.ones(2, requires_grad=True)
    (x * 2).sum().backward()
    first = x.grad
    identity = id(first)
    (x * 3).sum().backward()
    assert id(x.grad) == identity and first.tolist() == [5.0, 5.0]


def test_retain_grad_accumulates() -> None:
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = x * 2
    y.retain_grad()
    loss = (y * y).sum()
    loss.backward(retain_graph=True)
    assert y.grad.tolist() == [4.0, 8.0]
    loss.backward()
    assert y.grad.tolist() == [8.0, 16.0]


def test_backward_twice_with_saved_tensors_raises() -> None:
    x = torch.ones(2, requires_grad=True)
    loss = (x * x).sum()
    loss.backward()
    with pytest.raises(RuntimeError) as info:
        loss.backward()
    assert str(info.value).startswith("Trying to backward through the graph a second time")
    assert "Specify retain_graph=True" in str(info.value)


def test_backward_twice_without_saved_tensors_accumulates() -> None:
    x = torch.ones(2, requires_grad=True)
    loss = (x + 1).sum()
    loss.backward()
    loss.backward()
    assert x.grad.tolist() == [2.0, 2.0]


def test_retain_graph_allows_second_backward() -> None:
    x = torch.ones(2, requires_grad=True)
    loss = x.exp().sum()
    loss.backward(retain_graph=True)
    loss.backward()
    assert x.grad.tolist() == pytest.approx([2 * 2.718281828] * 2, rel=1e-6)


def test_modified_saved_output_message() -> None:
    x = torch.tensor(2.0, requires_grad=True)
    y = x.exp()
    y.add_(1)
    with pytest.raises(RuntimeError) as info:
        y.backward()
    assert str(info.value) == (
        "one of the variables needed for gradient computation has been modified by an "
        "inplace operation: [torch.FloatTensor []], which is output 0 of Exp, is at version "
        "1; expected version 0 instead. Hint: enable anomaly detection to find the operation "
        "that failed to compute its gradient, with torch.autograd.set_detect_anomaly(True, "
        "check_nan=False)."
    )


def test_modified_saved_leaf_has_no_which_clause() -> None:
    x = torch.ones(2, requires_grad=True)
    w = torch.ones(2, dtype=torch.float64)
    y = x.double() * w
    w.add_(1)
    w.add_(1)
    with pytest.raises(RuntimeError) as info:
        y.sum().backward()
    assert "[torch.DoubleTensor [2]] is at version 2; expected version 0 instead." in str(
        info.value
    )


def test_add_saves_nothing_so_inplace_is_fine() -> None:
    x = torch.ones(2, requires_grad=True)
    a = x * 1
    y = a + 1
    a.mul_(5)  # add saved nothing; y's graph still goes through the old ``x * 1``
    y.sum().backward()
    assert x.grad.tolist() == [1.0, 1.0]


def test_implicit_grad_only_for_scalars() -> None:
    x = torch.ones(2, requires_grad=True)
    with pytest.raises(
        RuntimeError, match="grad can be implicitly created only for scalar outputs"
    ):
        (x * 2).backward()
    (x * 2)[:1].sum().backward() if hasattr(torch.Tensor, "__getitem__") else None
    y = torch.ones(1, requires_grad=True)
    (y * 2).backward()  # numel == 1 is fine
    assert y.grad.tolist() == [2.0]


def test_backward_without_grad_fn() -> None:
    with pytest.raises(RuntimeError) as info:
        torch.ones(2).sum().backward()
    assert str(info.value) == (
        "element 0 of tensors does not require grad and does not have a grad_fn"
    )


def test_gradient_shape_mismatch() -> None:
    x = torch.ones(2, requires_grad=True)
    with pytest.raises(RuntimeError) as info:
        (x * 2).backward(torch.ones(3))
    assert str(info.value) == (
        "Mismatch in shape: grad_output[0] has a shape of torch.Size([3]) and output[0] has a "
        "shape of torch.Size([2])."
    )


def test_long_gradient_is_cast() -> None:
    x = torch.ones(2, requires_grad=True)
    (x * 2).backward(torch.tensor([1, 2]))
    assert x.grad.dtype is torch.float32 and x.grad.tolist() == [2.0, 4.0]


def test_backward_inputs_on_non_leaf() -> None:
    x = torch.ones(2, requires_grad=True)
    y = x * 2
    (y * 3).sum().backward(inputs=[y])
    assert y.grad.tolist() == [3.0, 3.0] and x.grad is None


def test_autograd_grad_basic_and_unused() -> None:
    x = torch.ones(2, requires_grad=True)
    unused = torch.ones(2, requires_grad=True)
    out = (x * x).sum()
    with pytest.raises(RuntimeError) as info:
        torch.autograd.grad(out, [x, unused], retain_graph=True)
    assert str(info.value) == (
        "The differentiated Tensor at index 1 appears to not have been used in the graph. "
        "Set allow_unused=True if this is the desired behavior."
    )
    gx, gu = torch.autograd.grad(out, [x, unused], allow_unused=True, retain_graph=True)
    assert gx.tolist() == [2.0, 2.0] and gu is None
    gx, gu = torch.autograd.grad(out, [x, unused], materialize_grads=True)
    assert gu.tolist() == [0.0, 0.0]
    assert x.grad is None  # autograd.grad never writes .grad


def test_autograd_grad_input_without_grad() -> None:
    x = torch.ones(2, requires_grad=True)
    w = torch.ones(2)
    with pytest.raises(
        RuntimeError, match="One of the differentiated Tensors does not require grad"
    ):
        torch.autograd.grad((x * w).sum(), [w])


def test_autograd_grad_leaf_hook_result_is_returned() -> None:
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    x.register_hook(lambda g: g * 2)
    (g,) = torch.autograd.grad((x * x).sum(), x)
    assert g.tolist() == [4.0, 8.0] and x.grad is None


def test_autograd_grad_nonleaf_input_and_grad_outputs() -> None:
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    h = x * 3
    out = h * h
    (g,) = torch.autograd.grad(out, h, grad_outputs=torch.tensor([1.0, 10.0]))
    assert g.tolist() == [6.0, 120.0]


def test_create_graph_second_derivative() -> None:
    x = torch.tensor([2.0], requires_grad=True)
    y = x**3
    (g,) = torch.autograd.grad(y.sum(), x, create_graph=True)
    assert g.tolist() == [12.0] and type(g.grad_fn).__name__ == "MulBackward0"
    (gg,) = torch.autograd.grad(g.sum(), x)
    assert gg.tolist() == [12.0]


def test_create_graph_backward_copy_backwards_then_add() -> None:
    x = torch.ones(2, requires_grad=True)
    with pytest.warns(UserWarning, match="create_graph=True will create a reference cycle"):
        (x * x).sum().backward(create_graph=True)
    assert type(x.grad.grad_fn).__name__ == "CopyBackwards"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        (x * x).sum().backward(create_graph=True)
    assert type(x.grad.grad_fn).__name__ == "AddBackward0"
    assert x.grad.tolist() == [4.0, 4.0]


def test_double_backward_names() -> None:
    x = torch.tensor([0.5, -0.3], requires_grad=True)
    expected = {
        "tanh": "TanhBackwardBackward0",
        "sigmoid": "SigmoidBackwardBackward0",
        "relu": "ThresholdBackwardBackward0",
        "exp": "MulBackward0",
        "log": "DivBackward0",
    }
    for name, grad_fn_name in expected.items():
        source = x.abs() if name == "log" else x
        out = getattr(source, name)().sum()
        (g,) = torch.autograd.grad(out, x, create_graph=True)
        node = g.grad_fn
        if name == "log":
            node = node.next_functions[0][0]  # log(|x|): Mul(Div(...), Sign)
        assert type(node).__name__ == grad_fn_name, name
    (g,) = torch.autograd.grad((x * x).sum(), x, create_graph=True)
    assert type(g.grad_fn).__name__ == "AddBackward0"
    (g,) = torch.autograd.grad(x.mean(), x, create_graph=True)
    assert not g.requires_grad


def test_no_grad_context_and_decorator() -> None:
    x = torch.ones(2, requires_grad=True)
    with torch.no_grad():
        assert not torch.is_grad_enabled()
        with torch.enable_grad():
            assert (x * 2).requires_grad
        assert not (x * 2).requires_grad
    assert torch.is_grad_enabled()

    @torch.no_grad()
    def doubled(t: torch.Tensor) -> torch.Tensor:
        return t * 2

    assert not doubled(x).requires_grad and torch.is_grad_enabled()

    @torch.no_grad
    def tripled(t: torch.Tensor) -> torch.Tensor:
        return t * 3

    assert not tripled(x).requires_grad


def test_set_grad_enabled_forms() -> None:
    x = torch.ones(2, requires_grad=True)
    with torch.set_grad_enabled(False):
        assert not (x * 2).requires_grad
    assert torch.is_grad_enabled()
    torch.set_grad_enabled(False)
    try:
        assert not torch.is_grad_enabled()
    finally:
        torch.set_grad_enabled(True)
    with torch.inference_mode():
        assert not (x * 2).requires_grad


def test_no_grad_generator_decorator() -> None:
    x = torch.ones(1, requires_grad=True)

    @torch.no_grad()
    def gen():  # type: ignore[no-untyped-def]
        yield (x * 2).requires_grad
        yield (x * 3).requires_grad

    assert list(gen()) == [False, False] and torch.is_grad_enabled()


def test_inplace_on_nonleaf_under_no_grad_not_recorded() -> None:
    x = torch.ones(2, requires_grad=True)
    y = x * 2
    with torch.no_grad():
        y.mul_(3)
    y.sum().backward()
    assert x.grad.tolist() == [2.0, 2.0]


def test_broadcast_gradients_are_reduced() -> None:
    a = torch.ones(2, 3, requires_grad=True)
    b = torch.ones(3, requires_grad=True)
    c = torch.ones(2, 1, requires_grad=True)
    (a * b + c).sum().backward()
    assert b.grad.tolist() == [2.0, 2.0, 2.0]
    assert c.grad.tolist() == [[3.0], [3.0]]


def test_mixed_dtype_gradient_is_cast_back() -> None:
    x = torch.ones(2, requires_grad=True)
    w = torch.ones(2, dtype=torch.float64, requires_grad=True)
    (x * w).sum().backward()
    assert x.grad.dtype is torch.float32 and w.grad.dtype is torch.float64


class ScaledExp(torch.autograd.Function):
    """A custom Function as tutorials write them."""

    @staticmethod
    def forward(ctx, x, scale):  # type: ignore[no-untyped-def]
        out = x.exp() * scale
        ctx.save_for_backward(out)
        return out

    @staticmethod
    def backward(ctx, grad):  # type: ignore[no-untyped-def]
        (out,) = ctx.saved_tensors
        return grad * out, None


def test_custom_function_node_and_gradient() -> None:
    x = torch.tensor([0.0, 1.0], requires_grad=True)
    y = ScaledExp.apply(x, 2.0)
    assert type(y.grad_fn).__name__ == "ScaledExpBackward"
    assert graph_desc(y.grad_fn) == "ScaledExpBackward(AccumulateGrad)"
    y.sum().backward()
    assert x.grad.tolist() == pytest.approx([2.0, 2 * 2.718281828], rel=1e-6)
    with pytest.raises(RuntimeError, match="Trying to backward through the graph a second time"):
        y.sum().backward()
    with torch.no_grad():
        assert not ScaledExp.apply(x, 1.0).requires_grad


def test_custom_function_wrong_gradient_count() -> None:
    class Bad(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x, scale):  # type: ignore[no-untyped-def]
            return x * scale

        @staticmethod
        def backward(ctx, grad):  # type: ignore[no-untyped-def]
            return grad

    x = torch.ones(2, requires_grad=True)
    with pytest.raises(RuntimeError) as info:
        Bad.apply(x, 2.0).sum().backward()
    assert str(info.value) == (
        "function BadBackward returned an incorrect number of gradients (expected 2, got 1)"
    )
