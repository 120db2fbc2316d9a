"""Generate docs/engine.md: the torch API subset gradekit's engine supports.

The list is read from the engine itself (its namespaces, the Tensor method table and the
grad_fn node classes), so it cannot drift from the code.  Usage::

    python tools/gen_engine_docs.py          # rewrite docs/engine.md
    python tools/gen_engine_docs.py --check  # exit 1 if docs/engine.md is out of date
"""

from __future__ import annotations

import argparse
import inspect
import sys
from pathlib import Path
from types import ModuleType

REPO = Path(__file__).resolve().parent.parent
OUTPUT = REPO / "docs" / "engine.md"
# gradekit's own helpers (not torch API): gradekit.engine.alias, not the torch namespace
GRADEKIT_EXTRAS = {"install_torch_alias", "uninstall_torch_alias", "run_script"}


def _first_doc_line(obj: object) -> str:
    doc = inspect.getdoc(obj) or ""
    return doc.strip().splitlines()[0] if doc.strip() else ""


def _public_names(module: ModuleType) -> list[str]:
    names = getattr(module, "__all__", None)
    if names is None:
        names = [n for n in vars(module) if not n.startswith("_")]
    return sorted(set(names))


def _classify(module: ModuleType, names: list[str]) -> dict[str, list[str]]:
    import gradekit.engine as engine

    groups: dict[str, list[str]] = {"functions": [], "dtypes": [], "classes": [], "modules": []}
    for name in names:
        value = getattr(module, name)
        if isinstance(value, engine.dtype):
            groups["dtypes"].append(name)
        elif isinstance(value, ModuleType):
            groups["modules"].append(name)
        elif isinstance(value, type):
            groups["classes"].append(name)
        elif callable(value):
            groups["functions"].append(name)
    return groups


def _node_classes() -> list[str]:
    """grad_fn class names defined at module level in the engine's modules.

    (Read from the modules rather than ``Node.__subclasses__()``, which would also see
    classes created lazily at run time or by tests, making the document unstable.)
    """
    import importlib
    import pkgutil
    import sys

    import gradekit.engine as engine
    from gradekit.engine.autograd.graph import Node

    names: set[str] = set()
    for info in pkgutil.walk_packages(engine.__path__, prefix="gradekit.engine."):
        parent, _, child = info.name.rpartition(".")
        was_bound = child in vars(sys.modules[parent])
        module = importlib.import_module(info.name)
        if not was_bound:
            # as ops/deferred.py does: loading a module must not give the engine's namespace a
            # name torch lacks (torch.nn.sparse), in this process or a test's that renders
            vars(sys.modules[parent]).pop(child, None)
        for name, value in vars(module).items():
            if (
                isinstance(value, type)
                and issubclass(value, Node)
                and value is not Node
                and not name.startswith("_")
                and value.__name__ == name
            ):
                names.add(name)
    return sorted(names)


def _tensor_members() -> tuple[list[str], list[str]]:
    import gradekit.engine as engine

    methods, properties = [], []
    for name in sorted(dir(engine.Tensor)):
        if name.startswith("_") and not (name.startswith("__") and name.endswith("__")):
            continue
        if name.startswith("__") and name in {
            "__class__",
            "__dict__",
            "__doc__",
            "__module__",
            "__slots__",
            "__weakref__",
            "__init_subclass__",
            "__subclasshook__",
            "__new__",
            "__init__",
            "__getattribute__",
            "__setattr__",
            "__delattr__",
            "__dir__",
            "__sizeof__",
            "__reduce__",
            "__reduce_ex__",
            "__getstate__",
        }:
            continue
        attr = inspect.getattr_static(engine.Tensor, name)
        if isinstance(attr, property):
            properties.append(name)
        elif callable(attr) or isinstance(attr, (staticmethod, classmethod)):
            methods.append(name)
    return methods, properties


def _bullets(names: list[str], prefix: str = "") -> str:
    return ", ".join(f"`{prefix}{n}`" for n in names) if names else "(none)"


def render() -> str:
    import gradekit.engine as engine
    from gradekit.engine import errors

    extras = sorted(GRADEKIT_EXTRAS)
    groups = _classify(engine, [n for n in _public_names(engine) if n not in GRADEKIT_EXTRAS])
    methods, properties = _tensor_members()
    functional = _public_names(engine.nn.functional)
    nn_modules = [
        name
        for name in _public_names(engine.nn)
        if isinstance(getattr(engine.nn, name), type) and name != "Parameter"
    ]
    autograd = _public_names(engine.autograd)
    linalg = _public_names(engine.linalg)
    cuda = _public_names(engine.cuda)
    constants = sorted(n for n in _public_names(engine) if isinstance(getattr(engine, n), float))
    lines = [
        "# gradekit engine: supported torch API",
        "",
        "<!-- Generated by tools/gen_engine_docs.py from the engine itself; do not edit. -->",
        "",
        f"The engine mirrors **torch {errors.TORCH_VERSION}** for the subset below: values, "
        "dtypes, shapes, gradients, grad_fn names, error types and messages. Use it as "
        "`import gradekit.engine as torch`, or run a script with `gradekit run SCRIPT`, "
        "which makes `import torch` resolve to the engine.",
        "",
        "Any other attribute of `torch`, `torch.nn`, `torch.nn.functional`, "
        "`torch.autograd`, `torch.linalg`, `torch.cuda` or `torch.optim` raises at once:",
        "",
        "```",
        "NotImplementedError: " + errors.message("unsupported", qualname="torch.nn.LSTM"),
        "```",
        "",
        "Importing an unsupported submodule (for example `import torch.optim.lr_scheduler`) "
        "raises the same error.",
        "",
        "## `torch`",
        "",
        f"**Functions** ({len(groups['functions'])}): {_bullets(groups['functions'], 'torch.')}",
        "",
        f"**dtypes**: {_bullets(groups['dtypes'], 'torch.')}",
        "",
        f"**Classes**: {_bullets(groups['classes'], 'torch.')}",
        "",
        f"**Constants**: {_bullets(constants, 'torch.')}",
        "",
        f"**Submodules**: {_bullets(groups['modules'], 'torch.')}",
        "",
        "## `torch.Tensor`",
        "",
        f"**Methods and operators** ({len(methods)}): {_bullets(methods)}",
        "",
        f"**Properties**: {_bullets(properties)}",
        "",
        "## `torch.nn`",
        "",
        f"`torch.nn.Parameter`; `torch.nn.functional`: {_bullets(functional, 'F.')}",
        "",
        f"**Modules**: {_bullets(nn_modules, 'torch.nn.')}. A `Module` subclass registers the "
        "Parameters, buffers and modules assigned to its attributes; calling it calls "
        "`forward`; it has `parameters()`, `named_parameters()`, `buffers()`, "
        "`named_buffers()`, `children()`, `named_children()`, `modules()`, `named_modules()`, "
        "`register_parameter`, `register_buffer(name, tensor, persistent=True)`, `add_module`, "
        "`get_submodule`, `get_parameter`, `get_buffer`, `state_dict(prefix='', "
        "keep_vars=False)` (an `OrderedDict` in torch's key order, tensors detached), "
        "`load_state_dict(state_dict, strict=True)` (copies in place; torch's error text for "
        "missing, unexpected and mis-shaped keys; returns the `_IncompatibleKeys` named tuple), "
        "`apply(fn)`, `to(dtype)`/`double()`/`float()`/`half()`/`cpu()` (parameters keep their "
        "identity, as torch's), `zero_grad(set_to_none=True)`, `train()`/`eval()`/`training`, "
        "`requires_grad_()`, `extra_repr` and torch's `repr`; its other torch methods (hooks, "
        "`load_state_dict(assign=True)` …) raise the engine's error. `Sequential` takes "
        "modules or an `OrderedDict`, indexes, slices, iterates, `append`s, `extend`s, "
        "`insert`s, `pop`s and assigns and deletes items; `ModuleList`, "
        "`ModuleDict`, `ParameterList` and `ParameterDict` index, iterate, `append`/`extend`/"
        "`insert`/`update`/`pop` and print as torch's.",
        "",
        "The engine's CPU random numbers are torch's stream: after `torch.manual_seed(s)` (or "
        "from a `torch.Generator`) `torch.rand`, `Tensor.uniform_`, `torch.randint`, "
        "`torch.randint_like`, `Tensor.random_`, "
        "`torch.randperm`, `torch.randn`, `Tensor.normal_` and `torch.normal` give torch's "
        "values bit for bit (float32, float64 and float16), as do `torch.bernoulli`, "
        "`Tensor.bernoulli_`, `Tensor.exponential_`, `torch.multinomial`, `F.dropout` and "
        "`nn.Dropout`. So `torch.nn.Linear(in_features, "
        "out_features, bias=True, dtype=None)` starts from torch's weights (its "
        "`reset_parameters`: `kaiming_uniform_(weight, a=sqrt(5))`, then the bias uniform in "
        "`±1/sqrt(in_features)`), `nn.Embedding` from torch's `normal_` (its padding row "
        "zeroed), and `torch.nn.init` has `uniform_`, `normal_`, `kaiming_uniform_`, "
        "`kaiming_normal_`, `xavier_uniform_`, `xavier_normal_`, `zeros_`, `ones_`, "
        "`constant_` and `calculate_gain`. `F.embedding`/`nn.Embedding` take `padding_idx` "
        "(values and gradients torch's bit for bit); `max_norm`, `scale_grad_by_freq` and "
        "`sparse` raise the engine's error. "
        "`nn.LayerNorm`'s weight starts at 1 and its bias at 0, as torch's.",
        "",
        "`F.pad` takes the modes 'constant', 'reflect' and 'replicate'; 'circular' raises the "
        "engine's error. Values and gradients of the activations and losses are torch's kernels' "
        "arithmetic; where a float32 kernel (gelu's gradient, mish's tanh, layer_norm's mean and "
        "variance) is not reproduced the last place can differ (docs/engine-internals.md lists "
        "the measured rates).",
        "",
        "## `torch.optim`",
        "",
        f"{_bullets(_public_names(engine.optim), 'torch.optim.')}: `SGD(params, lr=1e-3, "
        "momentum=0, dampening=0, weight_decay=0, nesterov=False, *, maximize=False)` over "
        "a list of tensors, a module's `parameters()` or parameter-group dicts; "
        "`zero_grad(set_to_none=True)`, `step(closure=None)` (torch's single-tensor "
        "arithmetic, so float32 and float64 parameters match torch's bit for bit), "
        "`param_groups`, `state` (`momentum_buffer`), `defaults`, `add_param_group` and "
        "torch's `repr` and errors. `Adam(params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, "
        "weight_decay=0, amsgrad=False, *, maximize=False, decoupled_weight_decay=False)` and "
        "`AdamW` (its weight decay decoupled, 0.01 by default) keep torch's state (`step` a "
        "float32 tensor, `exp_avg`, `exp_avg_sq`, `max_exp_avg_sq`) and step as torch's "
        "single-tensor Adam; `RMSprop(params, lr=1e-2, alpha=0.99, eps=1e-8, weight_decay=0, "
        "momentum=0, centered=False, *, maximize=False)` and `Adagrad(params, lr=1e-2, "
        "lr_decay=0, weight_decay=0, initial_accumulator_value=0, eps=1e-10, *, "
        "maximize=False)` likewise (Adagrad's state made at construction, as torch's). "
        "torch's `sqrt` (MKL) is not correctly rounded and the engine's "
        "is, so their parameters can differ from torch's in the last places "
        "(docs/engine-internals.md lists the measured rates). `fused=True`, "
        "`differentiable=True`, `capturable=True` and the optimizers' other torch methods "
        "(`state_dict`, hooks) raise the engine's error.",
        "",
        "## `torch.autograd`",
        "",
        _bullets(autograd, "torch.autograd."),
        "",
        "## `torch.linalg`",
        "",
        _bullets(linalg, "torch.linalg."),
        "",
        "## `torch.cuda`",
        "",
        "As torch answers on a machine without a GPU (the engine computes on the CPU only): "
        + _bullets(cuda, "torch.cuda.")
        + ". `is_available()` is False, `device_count()` 0, and the seeds are ignored.",
        "",
        "## gradekit helpers (not torch API)",
        "",
        _bullets(extras, "gradekit.engine.alias."),
        "",
        "## grad_fn classes the engine records",
        "",
        _bullets(_node_classes()),
        "",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if docs/engine.md is stale")
    args = parser.parse_args(argv)
    text = render()
    if args.check:
        current = OUTPUT.read_text(encoding="utf-8") if OUTPUT.exists() else ""
        if current != text:
            print(f"{OUTPUT} is out of date; run: python tools/gen_engine_docs.py", file=sys.stderr)
            return 1
        return 0
    OUTPUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUTPUT.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
