"""The engine's namespaces show torch's names only (issue 2).

Under the torch alias (``gradekit run``, the sandbox) ``torch.printing``, ``torch.alias``,
``torch.indexing``, ``torch.torch_names``, ``torch.ops`` … used to be the engine's own
modules, and ``dir(torch)`` listed them. Now a name torch 2.13 lacks raises torch's own
``AttributeError: module 'torch' has no attribute 'printing'``, a name torch has but the
engine does not support raises the engine's clear error (as before), and ``dir()`` lists
only names torch has. The names torch has are recorded in ``gradekit/engine/torch_names.py``
(``NAMESPACE_NAMES``), checked against the installed torch here.
"""

from __future__ import annotations

import importlib
import subprocess
import sys
import textwrap

import pytest
from torch_namespaces import NAMESPACES, capture

import gradekit.engine as engine
from gradekit.engine import torch_names

ENGINE_MODULES = {
    "torch": "gradekit.engine",
    "torch.nn": "gradekit.engine.nn",
    "torch.nn.functional": "gradekit.engine.nn.functional",
    "torch.autograd": "gradekit.engine.autograd",
    "torch.linalg": "gradekit.engine.linalg",
    "torch.cuda": "gradekit.engine.cuda",
    "torch.optim": "gradekit.engine.optim",
}

# Attributes an engine namespace has that torch's lacks, on purpose. Hidden from dir();
# anything else that appears fails test_no_other_names_torch_lacks.
# gradekit's own helpers live in gradekit.engine.alias only: under the alias,
# torch.install_torch_alias is torch's AttributeError (test_gradekit_helpers_are_not_torch_names).
GRADEKIT_HELPERS = ("install_torch_alias", "uninstall_torch_alias", "run_script")
# torch.nn.functional's bodies use these module globals at run time (the grad_fn classes
# must keep torch's names): they stay reachable as F.<name>, outside dir().
FUNCTIONAL_HELPERS = set(
    """
    Any BinaryCrossEntropyBackward0 BinaryCrossEntropyWithLogitsBackward0 FLOATING
    LeakyReluBackward0 LeakyReluBackward1 MseLossBackward0 MseLossBackwardBackward0
    NllLossBackward0 NllLossBackwardBackward0 Node annotations as_array edge errors expand
    grad_mode int64 linalg mse_loss_backward pointwise reduction_ops t torch_full_sum
    """.split()
)


def _module(namespace: str):  # noqa: ANN202 - a module
    return importlib.import_module(ENGINE_MODULES[namespace])


@pytest.mark.torch
def test_recorded_names_are_torchs(real_torch) -> None:
    """The lists cannot drift: they are what a fresh torch process has
    (``python tests/engine/torch_namespaces.py --write`` rewrites them)."""
    found = capture()
    for namespace in NAMESPACES:
        recorded = sorted(torch_names.NAMESPACE_NAMES[namespace].split())
        assert recorded == found[namespace], namespace


@pytest.mark.parametrize("namespace", NAMESPACES)
def test_dir_lists_only_names_torch_has(namespace: str) -> None:
    listed = dir(_module(namespace))
    strangers = [
        name
        for name in listed
        if not torch_names.torch_has(namespace, name) and not name.startswith("__")
    ]
    assert strangers == []
    assert listed == sorted(listed)


@pytest.mark.parametrize("namespace", NAMESPACES)
def test_no_other_names_torch_lacks(namespace: str) -> None:
    """Every public-looking attribute an engine namespace has is torch's, or one of the
    deliberate exceptions above."""
    allowed = set()
    if namespace == "torch.nn.functional":
        allowed = FUNCTIONAL_HELPERS
    present = {
        name
        for name in vars(_module(namespace))
        if not name.startswith("_") and not torch_names.torch_has(namespace, name)
    }
    assert present == allowed


# (namespace, name): names torch lacks, each the engine's own before this change
LACKED = [
    ("torch", "printing"),
    ("torch", "alias"),
    ("torch", "indexing"),
    ("torch", "torch_names"),
    ("torch", "annotations"),
    ("torch", "multiply_function"),
    ("torch", "dtypes"),
    ("torch", "errors"),
    ("torch", "no_such_function"),
    ("torch", "__no_such_dunder__"),
    ("torch.nn", "errors"),
    ("torch.nn", "annotations"),
    ("torch.autograd", "api"),
    ("torch.autograd", "engine"),
    ("torch.autograd", "FunctionCtx"),
    ("torch.autograd", "is_grad_enabled"),
    ("torch.linalg", "Tensor"),
    ("torch.linalg", "errors"),
    ("torch.cuda", "annotations"),
    ("torch.cuda", "no_such_device"),
    ("torch.nn.functional", "no_such_loss"),
    ("torch.optim", "errors"),
    ("torch.optim", "Tensor"),
    ("torch.nn", "modules_py"),
]


@pytest.mark.parametrize(("namespace", "name"), LACKED)
def test_a_name_torch_lacks_raises_torchs_attribute_error(namespace: str, name: str) -> None:
    module = _module(namespace)
    with pytest.raises(AttributeError) as raised:
        getattr(module, name)
    assert type(raised.value) is AttributeError
    assert str(raised.value) == f"module '{namespace}' has no attribute '{name}'"
    assert not hasattr(module, name)


@pytest.mark.torch
@pytest.mark.parametrize(("namespace", "name"), LACKED)
def test_torch_raises_the_same(namespace: str, name: str, real_torch) -> None:
    module = importlib.import_module(namespace)
    with pytest.raises(AttributeError) as raised:
        getattr(module, name)
    assert str(raised.value) == f"module '{namespace}' has no attribute '{name}'"


@pytest.mark.parametrize(
    ("namespace", "name"),
    [
        ("torch", "fft"),
        ("torch", "ops"),
        ("torch", "_C"),
        ("torch", "onnx"),  # (one of torch's lazy modules: not in a fresh dir(torch))
        ("torch.nn", "LSTM"),
        ("torch.nn.functional", "conv_transpose2d"),
        ("torch.autograd", "gradcheck"),
        ("torch.linalg", "lu_factor"),
        ("torch.cuda", "set_device"),
        ("torch.cuda", "FloatTensor"),
        ("torch.optim", "LBFGS"),
        ("torch.nn", "Bilinear"),
        ("torch.nn", "modules"),
    ],
)
def test_torch_api_outside_the_subset_keeps_the_clear_error(namespace: str, name: str) -> None:
    with pytest.raises(NotImplementedError, match=f"does not support {namespace}.{name};"):
        getattr(_module(namespace), name)


def test_gradekit_code_still_reaches_its_modules() -> None:
    from gradekit.engine import alias, dtypes, errors, indexing, printing
    from gradekit.engine.autograd import api
    from gradekit.engine.autograd import engine as backward_engine

    assert all(callable(getattr(alias, helper)) for helper in GRADEKIT_HELPERS)
    assert dtypes.float32 is engine.float32 and errors.TORCH_VERSION == engine.__version__
    assert printing.set_printoptions is engine.set_printoptions
    assert indexing.__name__ == "gradekit.engine.indexing"
    assert callable(api.grad) and callable(backward_engine.run_backward)
    assert "install_torch_alias" not in dir(engine) and "install_torch_alias" not in engine.__all__
    assert not hasattr(engine, "alias")  # (the import above does not bind it again)


@pytest.mark.parametrize("helper", GRADEKIT_HELPERS)
def test_gradekit_helpers_are_not_torch_names(helper: str) -> None:
    """``torch.install_torch_alias`` under the alias is what it is in torch: an
    AttributeError in torch's words (gradekit imports its helpers from their module)."""
    with pytest.raises(AttributeError) as raised:
        getattr(engine, helper)
    assert str(raised.value) == f"module 'torch' has no attribute '{helper}'"
    assert not isinstance(raised.value, NotImplementedError)
    assert not hasattr(engine, helper)


def test_under_the_alias_a_student_sees_torchs_names() -> None:
    """In a fresh process, as ``gradekit run`` runs a script: ``import torch`` is the engine."""
    script = textwrap.dedent(
        """
        from gradekit.engine.alias import install_torch_alias
        install_torch_alias()
        import torch
        import torch.nn.functional as F
        print(hasattr(torch, "printing"), hasattr(torch, "alias"), hasattr(torch, "ops"))
        print("printing" in dir(torch), "indexing" in dir(torch), "tensor" in dir(torch))
        try:
            torch.printing
        except AttributeError as error:
            print(type(error).__name__, error)
        print(F.relu(torch.tensor([-1.0, 2.0])).tolist())
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    assert done.stdout.splitlines() == [
        "False False False",
        "False False True",
        "AttributeError module 'torch' has no attribute 'printing'",
        "[0.0, 2.0]",
    ]
