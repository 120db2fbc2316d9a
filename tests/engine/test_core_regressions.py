"""Regressions found by the hypothesis differential tests, pinned as plain examples.

Each expectation was read off torch 2.13; these run without torch.
"""

import numpy as np
import pytest

import gradekit.engine as torch


def test_norm_of_a_single_element_does_not_square_it():
    # torch returns |x| when each output reduces one element: 1e-30 survives in float32 ...
    assert torch.tensor([1e-30]).norm().item() == pytest.approx(1e-30)
    assert torch.tensor([[1e-30], [2e-30]]).norm(dim=1).tolist() == pytest.approx([1e-30, 2e-30])
    assert torch.tensor([1e20]).norm(p=3).item() == pytest.approx(1e20)
    # ... but a real reduction squares in float32 and underflows, as in torch
    assert torch.tensor([1e-30, 2e-30]).norm().item() == 0.0
    x = torch.tensor(np.array([6.926495e-27], dtype=np.float32), requires_grad=True)
    x.norm(dim=0).backward()
    assert x.grad.tolist() == [1.0]


def test_stack_checks_the_dimension_before_the_sizes():
    with pytest.raises(IndexError, match=r"expected to be in range of \[-2, 1\], but got 2"):
        torch.stack([torch.zeros(1), torch.zeros(2)], 2)
    with pytest.raises(RuntimeError, match="stack expects each tensor to be equal size"):
        torch.stack([torch.zeros(1), torch.zeros(2)], 0)


def test_a_view_made_under_no_grad_gets_no_gradient_of_its_own():
    base = torch.tensor([-2.0, -2.0, -2.0, -2.0], requires_grad=True)
    with torch.no_grad():
        view = base.expand(2, 4)
    assert view.requires_grad and view.is_leaf
    view.sum().backward()
    assert view.grad is None and base.grad is None
    # setting its own flag gives it an accumulator, as in torch
    with torch.no_grad():
        piece = base[0:1]
    piece.requires_grad_()
    (piece * 3).sum().backward()
    assert piece.grad.tolist() == [3.0]
    assert base.grad is None


def test_a_write_under_no_grad_regenerates_the_views_grad_fn():
    base = torch.tensor([-2.0, -2.0, -2.0, -2.0], requires_grad=True)
    view = base.expand(2, 4)
    assert type(view.grad_fn).__name__ == "ExpandBackward0"
    with torch.no_grad():
        base.add_(1)
    assert type(view.grad_fn).__name__ == "AsStridedBackward0"
    assert type(view.grad_fn.next_functions[0][0]).__name__ == "AccumulateGrad"
    # views without a history stay leaves
    plain = torch.zeros(4)
    piece = plain[1:]
    with torch.no_grad():
        plain.add_(1)
    assert piece.grad_fn is None and not piece.requires_grad


def test_a_view_of_a_no_grad_view_cannot_be_written_with_grad_mode_on():
    base = torch.tensor([-2.0, -2.0, -2.0, -2.0], requires_grad=True)
    with torch.no_grad():
        expanded = base.expand(2, 4)
    with pytest.raises(
        RuntimeError, match="^Output 0 of Select is a view of a view which was created"
    ):
        expanded[0] = 1.0


def test_elementwise_results_take_torchs_memory_layout():
    # TensorIterator follows the first operand with an opinion: a.T + a is laid out like a.T,
    # so it is not contiguous and reshape copies (UnsafeViewBackward0), where numpy's C
    # order would have made a view.
    a = torch.arange(4.0).reshape(2, 2).requires_grad_()
    assert not (a.T + a).is_contiguous()
    assert (a + a.T).is_contiguous()
    assert not torch.maximum(a.T, a).is_contiguous() and not (a.T / a).is_contiguous()
    assert not (a.T < a).is_contiguous() and not (a.T**a).is_contiguous()
    assert torch.where(a > 0, a.T, a).is_contiguous()  # the condition comes first
    assert torch.sub(a, a.T, alpha=2).is_contiguous()
    assert type((a.T + a).reshape(-1).grad_fn).__name__ == "UnsafeViewBackward0"
    x = torch.arange(18.0).reshape(3, 3, 2)
    assert (x.permute(1, 0, 2) * x).permute(1, 0, 2).is_contiguous()


def test_a_write_through_a_detached_alias_regenerates_the_views_grad_fn():
    base = torch.tensor([-2.0, -2.0, -2.0, -2.0], requires_grad=True)
    view = base.expand(2, 4)
    alias = base.detach()
    alias.add_(1)
    assert type(view.grad_fn).__name__ == "AsStridedBackward0"
    assert base._version == view._version == 1


@pytest.mark.parametrize("requires_grad", [True, False])
def test_expanded_tensors_accept_zero_and_fill_with_a_number_only(requires_grad):
    overlap = "^unsupported operation: more than one element"
    base = torch.zeros(4, requires_grad=True) + 1 if requires_grad else torch.zeros(4)
    expanded = base.expand(2, 4)
    expanded.zero_()
    expanded.fill_(2.0)
    with pytest.raises(RuntimeError, match=overlap):
        expanded.fill_(torch.tensor(2.0))
    with pytest.raises(RuntimeError, match=overlap):
        expanded.copy_(torch.ones(2, 4))
    with pytest.raises(RuntimeError, match=overlap):
        torch.zeros(4).expand(2, 4).detach().add_(1)


def test_integer_pow_with_negative_tensor_exponents_follows_torchs_kernel():
    base = torch.tensor([2, 1, 0, -1, -2, -1], dtype=torch.int32)
    exponent = torch.tensor([-1, -3, -2, -3, -2, -2], dtype=torch.int32)
    assert (base**exponent).tolist() == [0, 1, 0, -1, 0, 1]
    assert (torch.tensor([True, False]) ** torch.tensor([-1, 2], dtype=torch.int32)).tolist() == [
        1,
        0,
    ]
    assert (2 ** torch.tensor([-1, 1])).tolist() == [0, 2]
    with pytest.raises(RuntimeError, match="^Integers to negative integer powers are not allowed"):
        torch.tensor([2, 3]) ** -1  # a Python number exponent is still refused
