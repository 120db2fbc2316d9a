"""Core Tensor semantics of the engine: attributes, flags, setters, version counters,
conversions and the unsupported-API error.  Expected texts are torch 2.13's."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import gradekit.engine as torch
from gradekit.engine import errors


def test_basic_attributes() -> None:
    x = torch.ones(2, 3)
    assert x.shape == (2, 3) and isinstance(x.shape, torch.Size)
    assert repr(x.shape) == "torch.Size([2, 3])"
    assert repr(torch.Size([])) == "torch.Size([])"
    assert x.size() == torch.Size([2, 3]) and x.size(1) == 3 and x.size(-1) == 3
    assert x.dim() == 2 and x.ndim == 2 and x.numel() == 6
    assert x.dtype is torch.float32 and repr(x.dtype) == "torch.float32"
    assert str(x.device) == "cpu" and repr(x.device) == "device(type='cpu')"
    assert x.is_leaf and not x.requires_grad and x.grad_fn is None and x.grad is None


def test_dtype_aliases_and_reprs() -> None:
    assert torch.float is torch.float32 and torch.double is torch.float64
    assert torch.half is torch.float16 and torch.long is torch.int64 and torch.int is torch.int32
    assert repr(torch.bool) == "torch.bool" and repr(torch.int64) == "torch.int64"
    assert torch.float32.is_floating_point and not torch.int64.is_floating_point


def test_size_dim_out_of_range() -> None:
    with pytest.raises(IndexError) as info:
        torch.ones(2, 3).size(2)
    assert str(info.value) == (
        "Dimension out of range (expected to be in range of [-2, 1], but got 2)"
    )


def test_requires_grad_setter_rules() -> None:
    x = torch.ones(2, requires_grad=True)
    y = x * 2
    with pytest.raises(RuntimeError) as info:
        y.requires_grad = False
    assert str(info.value) == errors.message("requires_grad_nonleaf_false")
    assert "var_no_grad = var.detach()" in str(info.value)
    with pytest.raises(RuntimeError) as info:
        y.requires_grad = True
    assert str(info.value) == "you can only change requires_grad flags of leaf variables."
    with pytest.raises(RuntimeError) as info:
        y.requires_grad_(False)
    assert "var_no_grad" in str(info.value)
    assert y.requires_grad_(True) is y


def test_integer_requires_grad_three_messages() -> None:
    with pytest.raises(RuntimeError) as info:
        torch.tensor([1, 2], requires_grad=True)
    assert str(info.value) == (
        "Only Tensors of floating point and complex dtype can require gradients"
    )
    i = torch.tensor([1, 2])
    with pytest.raises(RuntimeError) as info:
        i.requires_grad_()
    assert str(info.value) == "only Tensors of floating point dtype can require gradients"
    with pytest.raises(RuntimeError) as info:
        i.requires_grad = True
    assert str(info.value) == (
        "only Tensors of floating point and complex dtype can require gradients"
    )


def test_grad_setter_errors() -> None:
    x = torch.ones(2, requires_grad=True)
    with pytest.raises(RuntimeError) as info:
        x.grad = torch.ones(3)
    assert str(info.value) == (
        "attempting to assign a gradient of size '[3]' to a tensor of size '[2]'. Please "
        "ensure that the gradient and the tensor are the same size"
    )
    with pytest.raises(TypeError) as type_info:
        x.grad = 1  # type: ignore[assignment]
    assert "got grad of type int" in str(type_info.value)
    with pytest.raises(RuntimeError, match="with dtype 'double' to a tensor with grad_dtype"):
        x.grad = torch.ones(2, dtype=torch.float64)
    x.grad = torch.zeros(2)
    assert x.grad.tolist() == [0.0, 0.0]


def test_nonleaf_grad_access_warns() -> None:
    x = torch.ones(2, requires_grad=True)
    y = x * 2
    with pytest.warns(UserWarning, match="is not a leaf Tensor is being accessed"):
        assert y.grad is None
    y.retain_grad()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert y.grad is None


def test_version_counter_shared_by_detach_not_by_data() -> None:
    x = torch.ones(3)
    d = x.detach()
    assert x._version == 0
    d.add_(1)
    assert x._version == 1 and d._version == 1
    assert x.tolist() == [2.0, 2.0, 2.0]  # memory is shared too
    data = x.data
    data.mul_(2)
    assert x._version == 1 and x.tolist() == [4.0, 4.0, 4.0]


def test_from_numpy_shares_memory_and_keeps_dtype() -> None:
    a = np.arange(3.0)
    t = torch.from_numpy(a)
    assert t.dtype is torch.float64
    a[0] = 7
    assert t[0].item() == 7.0 if hasattr(torch.Tensor, "__getitem__") else t.tolist()[0] == 7.0
    t.add_(1)
    assert a.tolist() == [8.0, 2.0, 3.0]


def test_item_and_python_conversions() -> None:
    assert torch.tensor(2.5).item() == 2.5
    assert isinstance(torch.tensor(3).item(), int)
    with pytest.raises(
        RuntimeError, match="a Tensor with 2 elements cannot be converted to Scalar"
    ):
        torch.ones(2).item()
    with pytest.raises(ValueError, match="only one element tensors can be converted"):
        float(torch.ones(2))
    with pytest.raises(RuntimeError, match="Boolean value of Tensor with more than one value"):
        bool(torch.ones(2))
    assert float(torch.ones(1)) == 1.0 and int(torch.tensor([7])) == 7


def test_numpy_on_requires_grad_raises() -> None:
    x = torch.ones(2, requires_grad=True)
    with pytest.raises(RuntimeError) as info:
        x.numpy()
    assert str(info.value) == (
        "Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead."
    )
    assert x.detach().numpy().tolist() == [1.0, 1.0]


def test_detach_and_detach_() -> None:
    x = torch.ones(2, requires_grad=True)
    y = x * 2
    d = y.detach()
    assert d.is_leaf and not d.requires_grad and d.grad_fn is None
    y.detach_()
    assert y.is_leaf and not y.requires_grad


def test_is_leaf_for_non_grad_results() -> None:
    a = torch.ones(2)
    assert (a * 2).is_leaf
    x = torch.ones(2, requires_grad=True)
    with torch.no_grad():
        w = x * 2
    assert w.is_leaf and not w.requires_grad


def test_leaf_inplace_errors() -> None:
    x = torch.ones(2, requires_grad=True)
    with pytest.raises(RuntimeError) as info:
        x.add_(1)
    assert str(info.value) == (
        "a leaf Variable that requires grad is being used in an in-place operation."
    )
    with torch.no_grad():
        x.add_(1)  # allowed under no_grad
    assert x.requires_grad and x.tolist() == [2.0, 2.0]


def test_inplace_dtype_and_shape_errors() -> None:
    long_t = torch.tensor([1, 2])
    with pytest.raises(RuntimeError) as info:
        long_t += torch.tensor([0.5, 0.5])
    assert str(info.value) == "result type Float can't be cast to the desired output type Long"
    with pytest.raises(RuntimeError) as info:
        torch.ones(2, 3).add_(torch.ones(4, 2, 3))
    assert str(info.value) == "output with shape [2, 3] doesn't match the broadcast shape [4, 2, 3]"


def test_inplace_bumps_version_and_keeps_identity() -> None:
    x = torch.ones(2)
    y = x
    y += 1
    y *= 3
    assert y is x and x._version == 2 and x.tolist() == [6.0, 6.0]


def test_broadcast_error_message() -> None:
    with pytest.raises(RuntimeError) as info:
        torch.ones(3) + torch.ones(4)
    assert str(info.value) == (
        "The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 0"
    )
    with pytest.raises(RuntimeError, match=r"a \(3\) must match the size of tensor b \(2\) at "):
        torch.ones(2, 3) * torch.ones(3, 2)


def test_unsupported_api_is_a_clear_error() -> None:
    with pytest.raises(NotImplementedError) as info:
        torch.fft  # noqa: B018
    assert str(info.value) == (
        "gradekit engine does not support torch.fft; install torch and use --backend torch"
    )
    with pytest.raises(NotImplementedError, match="torch.nn.LSTM"):
        torch.nn.LSTM  # noqa: B018
    with pytest.raises(NotImplementedError, match="torch.nn.functional.conv_transpose2d"):
        torch.nn.functional.conv_transpose2d  # noqa: B018
    with pytest.raises(NotImplementedError, match="torch.autograd.functional"):
        torch.autograd.functional  # noqa: B018


def test_errors_catalogue_is_stamped() -> None:
    assert errors.TORCH_VERSION == "2.13.0"
    for key, (exc_type, template) in errors.MESSAGES.items():
        assert issubclass(exc_type, Exception), key
        assert template and template == template.strip(), key


def test_register_hook_requires_grad() -> None:
    with pytest.raises(RuntimeError) as info:
        torch.ones(2).register_hook(lambda g: g)
    assert str(info.value) == "cannot register a hook on a tensor that doesn't require gradient"
    with pytest.raises(RuntimeError) as info:
        torch.ones(2).retain_grad()
    assert str(info.value) == "can't retain_grad on Tensor that has requires_grad=False"


def test_unsupported_tensor_attribute_is_a_clear_error() -> None:
    x = torch.ones(2)
    with pytest.raises(NotImplementedError) as info:
        x.stft  # noqa: B018 - a torch.Tensor method outside the engine's subset
    assert str(info.value) == (
        "gradekit engine does not support torch.Tensor.stft; install torch and use --backend torch"
    )
    with pytest.raises(NotImplementedError, match="torch.Tensor.stft"):
        torch.Tensor.stft  # noqa: B018 - on the class too
    assert not hasattr(x, "stft")  # also an AttributeError, like real objects
    assert getattr(torch, "not_a_torch_function", "default") == "default"


def test_attribute_torch_does_not_have_either_is_torchs_attribute_error() -> None:
    x = torch.ones(2)
    with pytest.raises(AttributeError) as info:
        x.unfold_everything  # noqa: B018
    assert str(info.value) == "'Tensor' object has no attribute 'unfold_everything'"
    assert not isinstance(info.value, NotImplementedError)
    with pytest.raises(AttributeError, match="no attribute '_private'"):
        x._private  # noqa: B018


def test_tensor_has_no_getattr_hook() -> None:
    """A ``__getattr__`` on Tensor would stop CPython from specialising attribute reads."""
    assert "__getattr__" not in vars(torch.Tensor)


@pytest.mark.torch
def test_tensor_attribute_names_are_torchs() -> None:
    real_torch = pytest.importorskip("torch", reason="compares with torch.Tensor's names")
    from gradekit.engine.torch_names import TENSOR_ATTRIBUTE_NAMES

    public = sorted(name for name in dir(real_torch.Tensor) if not name.startswith("_"))
    assert TENSOR_ATTRIBUTE_NAMES == public


def test_every_torch_tensor_attribute_is_supported_or_a_clear_error() -> None:
    from gradekit.engine.torch_names import TENSOR_ATTRIBUTE_NAMES

    x = torch.ones(2)
    for name in TENSOR_ATTRIBUTE_NAMES:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # e.g. torch's deprecation warning of .T on 1-d
                getattr(x, name)
        except NotImplementedError as exc:
            assert f"torch.Tensor.{name};" in str(exc)
        except (RuntimeError, TypeError, ValueError):
            pass  # a supported property with torch's own error for this tensor (e.g. .H)


def test_float_of_tensor_requiring_grad_warns_like_torch_and_int_does_not() -> None:
    import warnings

    import gradekit.engine as engine
    from gradekit.engine import errors

    errors._warned_once.discard("float_of_requires_grad")
    x = engine.ones(1, requires_grad=True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert int(x) == 1
        assert float(x) == 1.0
        assert float(x) == 1.0  # torch warns once per process
    messages = [str(w.message) for w in caught]
    assert len(messages) == 1
    assert messages[0].startswith("Converting a tensor with requires_grad=True to a scalar")


def test_repr_omits_dtype_of_the_current_default_dtype() -> None:
    import gradekit.engine as engine

    engine.set_default_dtype(engine.float64)
    try:
        assert repr(engine.tensor([1.0, 2.0])) == "tensor([1., 2.])"
        assert "dtype=torch.float32" in repr(engine.tensor([1.0], dtype=engine.float32))
    finally:
        engine.set_default_dtype(engine.float32)


def test_importing_the_engine_does_not_load_numpy_random() -> None:
    """numpy.random is ~15 ms of import time: the generator loads it on first use."""
    import subprocess
    import sys

    code = "import sys, gradekit.engine; print('numpy.random' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False"


def test_generator_streams_are_torchs_mt19937_from_the_seed() -> None:
    generator = torch.Generator()  # torch's default seed, 67280421310721 (values from torch)
    expected = [0.13836205913224875, 0.6823109470364002, 0.2969577693522062, 0.5754938907389808]
    assert torch.rand(4, generator=generator, dtype=torch.float64).tolist() == expected
    generator.manual_seed(5)
    first = torch.rand(3, generator=generator).tolist()
    generator.manual_seed(5)  # reseeding restarts the stream
    assert torch.rand(3, generator=generator).tolist() == first
    assert generator.initial_seed() == 5
