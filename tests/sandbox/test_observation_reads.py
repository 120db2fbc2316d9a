"""The readers a BackendView looks up once give what reading each attribute by name gives.

``BackendView.autograd_facts`` and ``tensor_data`` use getters and resolvers found when the view
is built instead of looking each accessor up per tensor; on every kind of tensor (leaf or not,
requiring grad or not, retaining grad, of every dtype, conjugated or negated views on torch)
they must read exactly what ``view.attribute`` / ``view.method`` read.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gradekit.sandbox.executor import BackendView, observe


def facts_by_name(view: BackendView, tensor) -> tuple:
    """What ``_observe_tensor`` read before the readers were looked up once."""
    has = view.has_accessor
    return (
        bool(view.attribute(tensor, "requires_grad")),
        bool(view.attribute(tensor, "is_leaf")) if has("is_leaf") else None,
        view.grad_fn_name(view.attribute(tensor, "grad_fn")) if has("grad_fn") else None,
        bool(view.attribute(tensor, "retains_grad")) if has("retains_grad") else False,
    )


def data_by_name(view: BackendView, tensor) -> np.ndarray:
    data = view.method(tensor, "detach")
    for resolver in ("resolve_conj", "resolve_neg"):
        if view.has_accessor(resolver):
            data = view.method(data, resolver)
    return np.array(view.method(data, "numpy"), copy=True)


def tensors(backend):
    """A strategy of tensors of ``backend`` in each autograd state."""
    float_dtypes = ["float32", "float64"]

    @st.composite
    def build(draw):
        dtype = draw(st.sampled_from(float_dtypes))
        shape = draw(st.lists(st.integers(1, 3), max_size=2))
        values = np.arange(int(np.prod(shape)), dtype=dtype).reshape(shape)
        leaf = backend.tensor(
            values, dtype=getattr(backend, dtype), requires_grad=draw(st.booleans())
        )
        how = draw(st.sampled_from(["leaf", "product", "retained", "detached", "summed"]))
        if how == "leaf" or not leaf.requires_grad:
            return leaf
        product = leaf * 2
        if how == "retained":
            product.retain_grad()
        if how == "detached":
            return product.detach()
        if how == "summed":
            total = product.sum()
            total.backward()
            return leaf  # a leaf with a .grad now
        return product

    return build()


def check_reads(view: BackendView, tensor) -> None:
    assert view.autograd_facts(tensor) == facts_by_name(view, tensor)
    dtype = view.dtype_name(tensor)
    read = view.tensor_data(tensor, dtype)
    expected = data_by_name(view, tensor)
    assert read.dtype == expected.dtype and read.shape == expected.shape
    assert read.tobytes() == expected.tobytes()
    observed = observe(tensor, view)
    assert (
        observed.requires_grad,
        observed.is_leaf,
        observed.grad_fn,
        observed.retains_grad,
    ) == facts_by_name(view, tensor)


engine = pytest.importorskip("gradekit.engine", reason="the engine package is not importable")


@settings(max_examples=60, deadline=None)
@given(tensors(engine))
def test_engine_tensors_are_read_as_by_name(tensor):
    check_reads(BackendView(engine), tensor)


@pytest.mark.torch
def test_torch_tensors_are_read_as_by_name():
    torch = pytest.importorskip("torch", reason="compares the readers on real torch tensors")
    view = BackendView(torch)
    leaf = torch.tensor([1.0, -2.0], requires_grad=True)
    product = leaf * 3
    product.retain_grad()
    complex_values = torch.tensor([1 + 2j, 3 - 1j])
    for tensor in (
        leaf,
        product,
        product.detach(),
        complex_values.conj(),  # a conjugate view: resolved before numpy()
        torch._neg_view(complex_values),  # a negative view: resolved too
        torch.tensor([1, 2], dtype=torch.bfloat16),
    ):
        assert view.autograd_facts(tensor) == facts_by_name(view, tensor)
        dtype = view.dtype_name(tensor)
        if dtype == "bfloat16":
            continue  # widened first: covered by the executor's bfloat16 test
        read = view.tensor_data(tensor, dtype)
        assert read.tobytes() == data_by_name(view, tensor).tobytes()


def test_a_backend_without_is_leaf_grad_fn_or_retains_grad_reads_none_none_and_false():
    import types

    class Tensor:
        requires_grad = property(lambda self: True)

    backend = types.ModuleType("minimal_backend")
    backend.Tensor = Tensor
    backend.tensor = lambda data, **_: Tensor()
    view = BackendView(backend)
    assert not view.has_accessor("is_leaf") and not view.has_accessor("grad_fn")
    assert view.autograd_facts(Tensor()) == (True, None, None, False)
