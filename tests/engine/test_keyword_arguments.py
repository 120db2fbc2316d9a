"""A size, dims or tensor given by keyword (``x.flip(dims=(0,))``, ``torch.permute(input=x,
dims=(1, 0))``, ``x.view(size=(3, 2))``) gives exactly what the positional call gives:
values, dtype, shape, strides, grad_fn and gradients, for any shape and any valid dims."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gradekit.engine as torch


@st.composite
def tensors_and_dims(draw: st.DrawFn) -> tuple[np.ndarray, tuple[int, ...]]:
    shape = tuple(draw(st.lists(st.integers(1, 4), min_size=1, max_size=4)))
    values = np.arange(np.prod(shape), dtype=np.float64).reshape(shape) - 3.5
    order = tuple(draw(st.permutations(range(len(shape)))))
    return values, order


def _same(first: torch.Tensor, second: torch.Tensor) -> None:
    assert first.dtype == second.dtype
    assert first.shape == second.shape
    assert first.stride() == second.stride()
    assert np.array_equal(first.detach().numpy(), second.detach().numpy())
    assert type(first.grad_fn).__name__ == type(second.grad_fn).__name__


def _grads(values: np.ndarray, call) -> tuple[torch.Tensor, np.ndarray]:
    leaf = torch.tensor(values, requires_grad=True)
    result = call(leaf)
    (result * torch.arange(result.numel()).reshape(result.shape)).sum().backward()
    return result, leaf.grad.numpy()


def _check(values: np.ndarray, positional, keyword) -> None:
    expected, expected_grad = _grads(values, positional)
    got, got_grad = _grads(values, keyword)
    _same(got, expected)
    assert np.array_equal(got_grad, expected_grad)


@settings(max_examples=40, deadline=None)
@given(tensors_and_dims())
def test_flip_by_keyword_is_flip_by_position(case) -> None:
    values, order = case
    dims = order[: max(1, len(order) // 2)]
    _check(values, lambda x: x.flip(*dims), lambda x: x.flip(dims=dims))
    _check(values, lambda x: x.flip(dims), lambda x: torch.flip(input=x, dims=list(dims)))
    _check(values, lambda x: torch.flip(x, dims), lambda x: torch.flip(x, dims=dims))


@settings(max_examples=40, deadline=None)
@given(tensors_and_dims())
def test_permute_by_keyword_is_permute_by_position(case) -> None:
    values, order = case
    _check(values, lambda x: x.permute(*order), lambda x: x.permute(dims=order))
    _check(values, lambda x: x.permute(order), lambda x: torch.permute(input=x, dims=order))
    _check(values, lambda x: torch.permute(x, order), lambda x: torch.permute(x, dims=order))


@settings(max_examples=40, deadline=None)
@given(tensors_and_dims())
def test_sizes_by_keyword_are_sizes_by_position(case) -> None:
    values, order = case
    flat = (values.size,)
    turned = tuple(values.shape[d] for d in order)
    _check(values, lambda x: x.view(*flat), lambda x: x.view(size=flat))
    _check(values, lambda x: x.reshape(*turned), lambda x: x.reshape(shape=turned))
    _check(values, lambda x: torch.reshape(x, turned), lambda x: torch.reshape(x, shape=turned))
    strided = lambda x: x.transpose(0, -1)  # noqa: E731 - a copy, not a view, when reshaped
    _check(
        values, lambda x: strided(x).reshape(*flat), lambda x: strided(x).reshape(shape=list(flat))
    )
    wider = (2, *values.shape)
    _check(values, lambda x: x.expand(*wider), lambda x: x.expand(size=wider))
    _check(values, lambda x: x.broadcast_to(wider), lambda x: x.broadcast_to(size=wider))
    _check(
        values, lambda x: torch.broadcast_to(x, wider), lambda x: torch.broadcast_to(x, size=wider)
    )
    counts = tuple(1 + d % 2 for d in range(values.ndim))
    _check(values, lambda x: x.repeat(*counts), lambda x: x.repeat(repeats=counts))


@settings(max_examples=30, deadline=None)
@given(tensors_and_dims())
def test_input_and_named_dims_by_keyword(case) -> None:
    values, order = case
    first, last = order[0], order[-1]
    _check(
        values,
        lambda x: torch.transpose(x, first, last),
        lambda x: torch.transpose(input=x, dim1=last, dim0=first),
    )
    _check(
        values,
        lambda x: torch.swapaxes(x, first, last),
        lambda x: torch.swapaxes(input=x, axis0=first, axis1=last),
    )
    _check(values, lambda x: x.swapaxes(first, last), lambda x: x.swapaxes(axis1=last, axis0=first))
    _check(
        values, lambda x: torch.unsqueeze(x, first), lambda x: torch.unsqueeze(input=x, dim=first)
    )
    _check(values, lambda x: torch.flatten(x), lambda x: torch.flatten(input=x))
    _check(
        values,
        lambda x: torch.narrow(x, first, 0, 1),
        lambda x: torch.narrow(input=x, dim=first, start=0, length=1),
    )
    _check(
        values,
        lambda x: torch.split(x, 1, first)[0],
        lambda x: torch.split(tensor=x, split_size_or_sections=1, dim=first)[0],
    )
    _check(values, lambda x: x.split(1, first)[-1], lambda x: x.split(split_size=1, dim=first)[-1])


@pytest.mark.parametrize(
    ("call", "message"),
    [
        ("torch.flip(x, 0)", "flip(): argument 'dims' (position 2) must be tuple of ints, not int"),
        ("torch.flip(x, 0, 1)", "flip() takes 2 positional arguments but 3 were given"),
        ("torch.permute(x, 1, 0)", "permute() takes 2 positional arguments but 3 were given"),
        (
            "torch.reshape(x, 6)",
            "reshape(): argument 'shape' (position 2) must be tuple of ints, not int",
        ),
        (
            "torch.broadcast_to(x, 2, 3)",
            "broadcast_to() takes 2 positional arguments but 3 were given",
        ),
        ("x.flip(0, dims=(1,))", "flip() got multiple values for argument 'dims'"),
        ("x.permute(dims=1)", "permute(): argument 'dims' must be tuple of ints, not int"),
        ("x.reshape(shape=6)", "reshape(): argument 'shape' must be tuple of ints, not int"),
        ("x.repeat(2, 1, repeats=(2, 1))", "repeat() got multiple values for argument 'repeats'"),
        ("x.flip()", 'flip() missing 1 required positional arguments: "dims"'),
        ("x.expand()", 'expand() missing 1 required positional arguments: "size"'),
    ],
)
def test_the_forms_torch_refuses_raise_its_type_error(call: str, message: str) -> None:
    x = torch.ones(2, 3)
    with pytest.raises(TypeError) as raised:
        eval(call, {"torch": torch, "x": x})
    assert str(raised.value) == message


def test_arange_takes_its_end_by_keyword() -> None:
    assert torch.arange(end=3).tolist() == [0, 1, 2]
    assert torch.arange(start=1, end=4).tolist() == [1, 2, 3]
    assert torch.arange(1, end=6, step=2).tolist() == [1, 3, 5]


def test_the_namespace_copies_share_the_bodies_bytecode() -> None:
    """``torch.transpose`` answers to ``input=`` by a copy of the body, not a wrapper: the
    same bytecode, so the positional call costs what it did."""
    from gradekit.engine.ops import views

    for name in ("transpose", "unsqueeze", "narrow", "gather", "split", "swapaxes"):
        copy = getattr(torch, name)
        body = getattr(views, {"gather": "gather_along", "swapaxes": "transpose"}.get(name, name))
        assert copy.__code__ is not body.__code__
        assert copy.__code__.co_code == body.__code__.co_code
        assert copy.__code__.co_varnames[0] == ("tensor" if name == "split" else "input")


def test_parameter_names_must_exist() -> None:
    from gradekit.engine.ops import arguments

    with pytest.raises(ValueError, match="no positional parameter"):
        arguments.with_parameter_names(torch.transpose, dims="axes")


@pytest.mark.parametrize(
    "call", ["A.sum(None, True)", "A.sum(dim=None, keepdim=True)", "A.sum((), True)"]
)
@pytest.mark.parametrize("shape", [(2, 3), (4,), (2, 1, 3)])
def test_a_full_sum_keeps_its_dims_when_asked(call: str, shape: tuple[int, ...]) -> None:
    """torch's dim overload with dim None or (): every dim, kept (SumBackward1)."""
    A = (torch.arange(float(np.prod(shape))) / 7).reshape(shape).requires_grad_()
    result = eval(call, {"A": A})
    assert result.shape == (1,) * len(shape)
    assert type(result.grad_fn).__name__ == "SumBackward1"
    assert result.item() == A.sum().item()
    result.sum().backward()
    assert A.grad.tolist() == torch.ones(shape).tolist()


@pytest.mark.parametrize(
    "call", ["A.mean(None, True)", "A.mean(dim=None, keepdim=True)", "A.mean((), True)"]
)
@pytest.mark.parametrize("shape", [(2, 3), (4,), (2, 1, 3)])
def test_a_full_mean_keeps_its_dims_when_asked(call: str, shape: tuple[int, ...]) -> None:
    """mean as sum: torch's dim overload with dim None or (): every dim, kept (MeanBackward1)."""
    A = (torch.arange(float(np.prod(shape))) / 7).reshape(shape).requires_grad_()
    result = eval(call, {"A": A})
    assert result.shape == (1,) * len(shape)
    assert type(result.grad_fn).__name__ == "MeanBackward1"
    assert result.item() == A.mean().item()
    result.sum().backward()
    assert A.grad.tolist() == (torch.ones(shape) / float(np.prod(shape))).tolist()
