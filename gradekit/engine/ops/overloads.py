"""torch 2.13's overloads of the functions whose argument errors the engine words through
``arguments.call_error``, in the form torch's errors list them (``(Tensor input, Number
other)``; a method's listing leaves ``self`` out).

A listing ending in ``|hidden`` is a deprecated overload torch still accepts but never lists.
The listings were copied from torch's own messages (``torch.add()``, ``x.eq()`` …);
``tests/engine/test_argument_sweep.py`` compares the resulting errors with torch's.
"""

from __future__ import annotations

from .no_arguments import NO_ARGUMENTS

_COMPARISON = (
    "(Tensor input, Tensor other, *, Tensor out = None)",
    "(Tensor input, Number other, *, Tensor out = None)",
)

# The keyword-only tail of the factories' listings.
_FACTORY_TAIL = (
    "Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device "
    "device = None, bool pin_memory = False, bool requires_grad = False)"
)

# ... of the ``_like`` factories, which take a memory format and no ``out``.
_LIKE_TAIL = "torch.memory_format memory_format = None, " + _FACTORY_TAIL.removeprefix(
    "Tensor out = None, "
)

FUNCTIONS: dict[str, tuple[str, ...]] = {
    "where": (
        "(Tensor condition)",
        "(Tensor condition, Tensor input, Tensor other, *, Tensor out = None)",
        "(Tensor condition, Number self, Tensor other)",
        "(Tensor condition, Tensor input, Number other)",
        "(Tensor condition, Number self, Number other)",
    ),
    "rand": (
        "(tuple of ints size, *, torch.Generator generator, " + _FACTORY_TAIL,
        "(tuple of ints size, *, " + _FACTORY_TAIL,
    ),
    "randn": (
        "(tuple of ints size, *, torch.Generator generator, " + _FACTORY_TAIL,
        "(tuple of ints size, *, " + _FACTORY_TAIL,
    ),
    "randperm": (
        "(int n, *, torch.Generator generator, " + _FACTORY_TAIL,
        "(int n, *, " + _FACTORY_TAIL,
    ),
    "randint": (
        "(int high, tuple of ints size, *, torch.Generator generator, " + _FACTORY_TAIL,
        "(int high, tuple of ints size, *, " + _FACTORY_TAIL,
        "(int low, int high, tuple of ints size, *, torch.Generator generator, " + _FACTORY_TAIL,
        "(int low, int high, tuple of ints size, *, " + _FACTORY_TAIL,
    ),
    "add": (
        "(Tensor input, Tensor other, *, Number alpha = 1, Tensor out = None)",
        "(Tensor input, Number alpha, Tensor other, *, Tensor out = None)|hidden",
        "(Tensor input, Number alpha, Tensor other)|hidden",
    ),
    "mul": ("(Tensor input, Tensor other, *, Tensor out = None)",),
    "multiply": (
        "(Tensor input, Tensor other, *, Tensor out = None)",
        "(Tensor input, Number other)",
    ),
    **dict.fromkeys(
        "eq ne lt le gt ge greater greater_equal less less_equal not_equal".split(), _COMPARISON
    ),
    "sub": (
        "(Tensor input, Tensor other, *, Number alpha = 1, Tensor out = None)",
        "(Tensor input, Number alpha, Tensor other, *, Tensor out = None)|hidden",
        "(Tensor input, Number alpha, Tensor other)|hidden",
    ),
    "div": (
        "(Tensor input, Tensor other, *, Tensor out = None)",
        "(Tensor input, Tensor other, *, str rounding_mode, Tensor out = None)",
        "(Tensor input, Number other, *, str rounding_mode)",
        "(Tensor input, Number other)|hidden",
    ),
    "divide": (
        "(Tensor input, Tensor other, *, Tensor out = None)",
        "(Tensor input, Tensor other, *, str rounding_mode, Tensor out = None)",
        "(Tensor input, Number other)",
        "(Tensor input, Number other, *, str rounding_mode)",
    ),
    "subtract": (
        "(Tensor input, Tensor other, *, Number alpha = 1, Tensor out = None)",
        "(Tensor input, Number other, Number alpha = 1)",
    ),
    **dict.fromkeys(
        "true_divide floor_divide".split(),
        ("(Tensor input, Tensor other, *, Tensor out = None)", "(Tensor input, Number other)"),
    ),
    **dict.fromkeys(
        "maximum minimum logical_and logical_or matmul".split(),
        ("(Tensor input, Tensor other, *, Tensor out = None)",),
    ),
    "mm": (
        "(Tensor input, Tensor mat2, *, Tensor out = None)",
        "(Tensor input, Tensor mat2, torch.dtype out_dtype, *, Tensor out = None)",
    ),
    "bmm": (
        "(Tensor input, Tensor mat2, *, Tensor out = None)",
        "(Tensor input, Tensor mat2, torch.dtype out_dtype, *, Tensor out = None)",
    ),
    "mv": ("(Tensor input, Tensor vec, *, Tensor out = None)",),
    "softplus": ("(Tensor input, Number beta = 1, Number threshold = 20, *, Tensor out = None)",),
    "log_sigmoid": ("(Tensor input, *, Tensor out = None)",),
    # nn/activations.py
    "silu": ("(Tensor input, *, Tensor out = None)",),
    "silu_": ("(Tensor input)",),
    "gelu": ('(Tensor input, *, str approximate = "none", Tensor out = None)',),
    "elu": (
        "(Tensor input, Number alpha = 1, Number scale = 1, Number input_scale = 1, *, "
        "Tensor out = None)",
    ),
    "elu_": ("(Tensor input, Number alpha = 1, Number scale = 1, Number input_scale = 1)",),
    "hardtanh": ("(Tensor input, Number min_val = -1, Number max_val = 1, *, Tensor out = None)",),
    "hardtanh_": ("(Tensor input, Number min_val = -1, Number max_val = 1)",),
    "relu6": ("(Tensor input)",),
    "selu": ("(Tensor input)",),
    "hardshrink": ("(Tensor input, Number lambd = 0.5, *, Tensor out = None)",),
    "softshrink": ("(Tensor input, Number lambd = 0.5, *, Tensor out = None)",),
    "threshold": ("(Tensor input, Number threshold, Number value, *, Tensor out = None)",),
    "threshold_": ("(Tensor input, Number threshold, Number value)",),
    "hardsigmoid": ("(Tensor input, *, Tensor out = None)",),
    "hardsigmoid_": ("(Tensor input)",),
    "hardswish": ("(Tensor input, *, Tensor out = None)",),
    "hardswish_": ("(Tensor input)",),
    "mish": ("(Tensor input, *, Tensor out = None)",),
    "mish_": ("(Tensor input)",),
    "glu": ("(Tensor input, int dim = -1, *, Tensor out = None)",),
    "pad": ('(Tensor input, tuple of ints pad, str mode = "constant", float value = None)',),
    "selu_": ("(Tensor input)",),
    "celu": ("(Tensor input, Number alpha = 1.0)",),
    "celu_": ("(Tensor input, Number alpha = 1.0)",),
    "relu6_": ("(Tensor input)",),
    "leaky_relu_": ("(Tensor input, Number negative_slope = 0.01)",),
    "layer_norm": (
        "(Tensor input, tuple of ints normalized_shape, Tensor weight = None, Tensor bias = None, "
        "float eps = 1e-05, bool cudnn_enable = True)",
    ),
    "one_hot": ("(Tensor input, int num_classes = -1)",),
    "trace": ("(Tensor input)",),
    "vdot": ("(Tensor input, Tensor other, *, Tensor out = None)",),
    "inner": ("(Tensor input, Tensor other, *, Tensor out = None)",),
    "kron": ("(Tensor input, Tensor other, *, Tensor out = None)",),
    "cross": ("(Tensor input, Tensor other, int dim = None, *, Tensor out = None)",),
    "linalg_cross": ("(Tensor input, Tensor other, *, int dim = -1, Tensor out = None)",),
    "dist": ("(Tensor input, Tensor other, Number p = 2)",),
    "baddbmm": (
        "(Tensor input, Tensor batch1, Tensor batch2, *, Number beta = 1, Number alpha = 1, "
        "Tensor out = None)",
        "(Tensor input, Tensor batch1, Tensor batch2, torch.dtype out_dtype, *, Number beta = 1, "
        "Number alpha = 1, Tensor out = None)",
    ),
    "addbmm": (
        "(Tensor input, Tensor batch1, Tensor batch2, *, Number beta = 1, Number alpha = 1, "
        "Tensor out = None)",
        "(Number beta, Tensor input, Number alpha, Tensor batch1, Tensor batch2, *, Tensor out "
        "= None)|hidden",
        "(Number beta, Tensor input, Tensor batch1, Tensor batch2, *, Tensor out = None)|hidden",
    ),
    "linalg_inv": ("(Tensor A, *, Tensor out = None)",),
    "inverse": ("(Tensor input, *, Tensor out = None)",),
    "linalg_det": ("(Tensor A, *, Tensor out = None)",),
    "det": ("(Tensor input)",),
    "linalg_solve": ("(Tensor A, Tensor B, *, bool left = True, Tensor out = None)",),
    "linalg_slogdet": ("(Tensor A, *, tuple of Tensors out = None)",),
    "slogdet": ("(Tensor input, *, tuple of Tensors out = None)",),
    "logdet": ("(Tensor input)",),
    "linalg_eigh": ('(Tensor input, str UPLO = "L", *, tuple of Tensors out = None)',),
    "linalg_eigvalsh": ('(Tensor input, str UPLO = "L", *, Tensor out = None)',),
    "linalg_cholesky": ("(Tensor input, *, bool upper = False, Tensor out = None)",),
    "cholesky": ("(Tensor input, bool upper = False, *, Tensor out = None)",),
    "linalg_qr": ('(Tensor A, str mode = "reduced", *, tuple of Tensors out = None)',),
    "qr": ("(Tensor input, bool some = True, *, tuple of Tensors out = None)",),
    "linalg_svdvals": ("(Tensor A, *, str driver = None, Tensor out = None)",),
    "linalg_svd": (
        "(Tensor A, bool full_matrices = True, *, str driver = None, tuple of Tensors out = None)",
    ),
    "svd": (
        "(Tensor input, bool some = True, bool compute_uv = True, *, tuple of Tensors out = None)",
    ),
    "linalg_matrix_norm": (
        "(Tensor input, Number ord, tuple of ints dim = {-2,-1}, bool keepdim = False, *, "
        "torch.dtype dtype = None, Tensor out = None)",
        '(Tensor input, str ord = "fro", tuple of ints dim = {-2,-1}, bool keepdim = False, *, '
        "torch.dtype dtype = None, Tensor out = None)",
    ),
    "linalg_vecdot": ("(Tensor x, Tensor y, *, int dim = -1, Tensor out = None)",),
    "linalg_multi_dot": ("(tuple of Tensors tensors, *, Tensor out = None)",),
    "linalg_matrix_rank": (
        "(Tensor input, *, Tensor atol = None, Tensor rtol = None, bool hermitian = False, "
        "Tensor out = None)",
        "(Tensor input, *, float atol = None, float rtol = None, bool hermitian = False, "
        "Tensor out = None)",
        "(Tensor input, Tensor tol, bool hermitian = False, *, Tensor out = None)",
        "(Tensor input, float tol, bool hermitian = False, *, Tensor out = None)",
    ),
    "linalg_pinv": (
        "(Tensor input, *, Tensor atol = None, Tensor rtol = None, bool hermitian = False, "
        "Tensor out = None)",
        "(Tensor input, *, float atol = None, float rtol = None, bool hermitian = False, "
        "Tensor out = None)",
        "(Tensor input, Tensor rcond, bool hermitian = False, *, Tensor out = None)",
        "(Tensor input, float rcond, bool hermitian = False, *, Tensor out = None)",
    ),
    "pinverse": ("(Tensor input, float rcond = 1e-15)",),
    "trapezoid": (
        "(Tensor y, Tensor x, *, int dim = -1)",
        "(Tensor y, *, Number dx = 1, int dim = -1)",
    ),
    "trapz": ("(Tensor y, Tensor x, *, int dim = -1)", "(Tensor y, *, float dx = 1, int dim = -1)"),
    "cumulative_trapezoid": (
        "(Tensor y, Tensor x, *, int dim = -1)",
        "(Tensor y, *, Number dx = 1, int dim = -1)",
    ),
    "cov": (
        "(Tensor input, *, int correction = 1, Tensor fweights = None, Tensor aweights = None)",
    ),
    "corrcoef": ("(Tensor input)",),
    "cosine_similarity": ("(Tensor x1, Tensor x2, int dim = 1, float eps = 1e-08)",),
    "pairwise_distance": (
        "(Tensor x1, Tensor x2, float p = 2, float eps = 1e-06, bool keepdim = False)",
    ),
    "cdist": ("(Tensor x1, Tensor x2, float p, int compute_mode = None)",),
    "einsum": ("(str equation, tuple of Tensors tensors, *, tuple of ints path = None)",),
    "tensordot": (
        "(Tensor input, Tensor other, tuple of ints dims_self, tuple of ints dims_other, *, "
        "Tensor out = None)",
    ),
    "linalg_matrix_power": ("(Tensor input, int n, *, Tensor out = None)",),
    "matrix_power": ("(Tensor input, int n, *, Tensor out = None)",),
    "addcmul": (
        "(Tensor input, Tensor tensor1, Tensor tensor2, *, Number value = 1, Tensor out = None)",
        "(Tensor input, Number value, Tensor tensor1, Tensor tensor2, *, Tensor out = None)|hidden",
    ),
    "addmm": (
        "(Tensor input, Tensor mat1, Tensor mat2, *, Number beta = 1, Number alpha = 1, "
        "Tensor out = None)",
        "(Tensor input, Tensor mat1, Tensor mat2, torch.dtype out_dtype, *, Number beta = 1, "
        "Number alpha = 1, Tensor out = None)",
        "(Number beta, Tensor input, Number alpha, Tensor mat1, Tensor mat2, *, "
        "Tensor out = None)|hidden",
        "(Number beta, Tensor input, Tensor mat1, Tensor mat2, *, Tensor out = None)|hidden",
    ),
    "addmv": (
        "(Tensor input, Tensor mat, Tensor vec, *, Number beta = 1, Number alpha = 1, "
        "Tensor out = None)",
        "(Number beta, Tensor input, Number alpha, Tensor mat, Tensor vec, *, "
        "Tensor out = None)|hidden",
        "(Number beta, Tensor input, Tensor mat, Tensor vec, *, Tensor out = None)|hidden",
    ),
    "dot": ("(Tensor input, Tensor tensor, *, Tensor out = None)",),
    "outer": ("(Tensor input, Tensor vec2, *, Tensor out = None)",),
    "ger": ("(Tensor input, Tensor vec2, *, Tensor out = None)",),
    # (names, types and defaults from torch's own signature strings)
    "sum": (
        "(Tensor input, *, torch.dtype dtype = None)",
        "(Tensor input, tuple of ints dim?, bool keepdim = False, *, torch.dtype dtype = None, "
        "Tensor out = None)",
    ),
    "mean": (
        "(Tensor input, *, torch.dtype dtype = None, Tensor out = None)",
        "(Tensor input, tuple of ints dim?, bool keepdim = False, *, torch.dtype dtype = None, "
        "Tensor out = None)",
    ),
    "sort": (
        "(Tensor input, *, bool stable, int dim = -1, bool descending = False, tuple of Tensors "
        "out = None)",
        "(Tensor input, int dim = -1, bool descending = False, *, tuple of Tensors out = None)",
    ),
    "topk": (
        "(Tensor input, int k, int dim = -1, bool largest = True, bool sorted = True, *, tuple "
        "of Tensors out = None)",
    ),
    "argsort": (
        "(Tensor input, *, bool stable, int dim = -1, bool descending = False, Tensor out = None)",
        "(Tensor input, int dim = -1, bool descending = False)",
    ),
    "nanmean": (
        "(Tensor input, tuple of ints dim = None, bool keepdim = False, *, torch.dtype dtype = "
        "None, Tensor out = None)",
    ),
    **dict.fromkeys(
        "max min".split(),
        (
            "(Tensor input, *, Tensor out = None)",
            "(Tensor input, Tensor other, *, Tensor out = None)",
            "(Tensor input, int dim, bool keepdim = False, *, tuple of Tensors out = None)",
        ),
    ),
    **dict.fromkeys(
        "argmax argmin".split(),
        ("(Tensor input, int dim = None, bool keepdim = False, *, Tensor out = None)",),
    ),
    "count_nonzero": ("(Tensor input, int dim = None)", "(Tensor input, tuple of ints dim)"),
    **dict.fromkeys(
        "cat stack concat concatenate".split(),
        ("(tuple of Tensors tensors, int dim = 0, *, Tensor out = None)",),
    ),
    **dict.fromkeys("hstack vstack".split(), ("(tuple of Tensors tensors, *, Tensor out = None)",)),
    "amax": (
        "(Tensor input, tuple of ints dim = None, bool keepdim = False, *, Tensor out = None)",
    ),
    "amin": (
        "(Tensor input, tuple of ints dim = None, bool keepdim = False, *, Tensor out = None)",
    ),
    "chunk": ("(Tensor input, int chunks, int dim = 0)",),
    "flatten": ("(Tensor input, int start_dim = 0, int end_dim = -1)",),
    "unbind": ("(Tensor input, int dim = 0)",),
    "clamp": (
        "(Tensor input, Tensor min = None, Tensor max = None, *, Tensor out = None)",
        "(Tensor input, Number min = None, Number max = None, *, Tensor out = None)",
    ),
    "clamp_max": (
        "(Tensor input, Tensor max, *, Tensor out = None)",
        "(Tensor input, Number max, *, Tensor out = None)",
    ),
    "clamp_min": (
        "(Tensor input, Tensor min, *, Tensor out = None)",
        "(Tensor input, Number min, *, Tensor out = None)",
    ),
    "clip": (
        "(Tensor input, Tensor min = None, Tensor max = None, *, Tensor out = None)",
        "(Tensor input, Number min = None, Number max = None, *, Tensor out = None)",
    ),
    "gather": (
        "(Tensor input, int dim, Tensor index, *, bool sparse_grad = False, Tensor out = None)",
    ),
    "index_select": ("(Tensor input, int dim, Tensor index, *, Tensor out = None)",),
    "index_fill": (
        "(Tensor input, int dim, Tensor index, Tensor value)",
        "(Tensor input, int dim, Tensor index, Number value)",
    ),
    "tensor_split": (
        "(Tensor input, tuple of ints indices, int dim = 0)",
        "(Tensor input, Tensor tensor_indices_or_sections, int dim = 0)",
        "(Tensor input, int sections, int dim = 0)",
    ),
    "rot90": ("(Tensor input, int k = 1, tuple of ints dims = [0,1])",),
    "diagonal": ("(Tensor input, int offset = 0, int dim1 = 0, int dim2 = 1)",),
    "diag": ("(Tensor input, int diagonal = 0, *, Tensor out = None)",),
    "scatter": (
        "(Tensor input, int dim, Tensor index, Tensor src, *, Tensor out = None)",
        "(Tensor input, int dim, Tensor index, Tensor src, *, str reduce, Tensor out = None)",
        "(Tensor input, int dim, Tensor index, Number value, *, Tensor out = None)",
        "(Tensor input, int dim, Tensor index, Number value, *, str reduce, Tensor out = None)",
    ),
    "index_copy": ("(Tensor input, int dim, Tensor index, Tensor source, *, Tensor out = None)",),
    "index_add": (
        "(Tensor input, int dim, Tensor index, Tensor source, *, Number alpha = 1, "
        "Tensor out = None)",
    ),
    "scatter_add": ("(Tensor input, int dim, Tensor index, Tensor src, *, Tensor out = None)",),
    "_unique2": (
        "(Tensor input, bool sorted = True, bool return_inverse = False, "
        "bool return_counts = False)",
    ),
    "unique_dim": (
        "(Tensor input, int dim, bool sorted = True, bool return_inverse = False, "
        "bool return_counts = False)",
    ),
    "unique_consecutive": (
        "(Tensor input, bool return_inverse = False, bool return_counts = False, int dim = None)",
    ),
    "bincount": ("(Tensor input, Tensor weights = None, int minlength = 0)",),
    "searchsorted": (
        "(Tensor sorted_sequence, Tensor input, *, bool out_int32 = False, bool right = False, "
        "str side = None, Tensor sorter = None, Tensor out = None)",
        "(Tensor sorted_sequence, Number self, *, bool out_int32 = False, bool right = False, "
        "str side = None, Tensor sorter = None, Tensor out = None)",
    ),
    "bucketize": (
        "(Tensor input, Tensor boundaries, *, bool out_int32 = False, bool right = False, "
        "Tensor out = None)",
        "(Number self, Tensor boundaries, *, bool out_int32 = False, bool right = False)",
    ),
    "msort": ("(Tensor input, *, Tensor out = None)",),
    "masked_scatter": ("(Tensor input, Tensor mask, Tensor source)",),
    "index_reduce": (
        "(Tensor input, int dim, Tensor index, Tensor source, str reduce, *, "
        "bool include_self = True, Tensor out = None)",
    ),
    "histc": (
        "(Tensor input, int bins = 100, Number min = 0, Number max = 0, *, Tensor out = None)",
    ),
    "scatter_reduce": (
        "(Tensor input, int dim, Tensor index, Tensor src, str reduce, *, "
        "bool include_self = True, Tensor out = None)",
    ),
    "log_softmax": ("(Tensor input, int dim, torch.dtype dtype = None, *, Tensor out = None)",),
    "masked_fill": (
        "(Tensor input, Tensor mask, Tensor value)",
        "(Tensor input, Tensor mask, Number value)",
    ),
    "masked_select": ("(Tensor input, Tensor mask, *, Tensor out = None)",),
    "movedim": (
        "(Tensor input, int source, int destination)",
        "(Tensor input, tuple of ints source, tuple of ints destination)",
    ),
    "narrow": (
        "(Tensor input, int dim, Tensor start, int length)",
        "(Tensor input, int dim, int start, int length)",
    ),
    "select": ("(Tensor input, int dim, int index)",),
    "softmax": ("(Tensor input, int dim, torch.dtype dtype = None, *, Tensor out = None)",),
    "swapaxes": ("(Tensor input, int axis0, int axis1)",),
    "take_along_dim": ("(Tensor input, Tensor indices, int dim = None, *, Tensor out = None)",),
    "transpose": ("(Tensor input, int dim0, int dim1)",),
    "swapdims": ("(Tensor input, int dim0, int dim1)",),
    "equal": ("(Tensor input, Tensor other)",),
    "unflatten": ("(Tensor input, int dim, tuple of ints sizes)",),
    "unsqueeze": ("(Tensor input, int dim)",),
    "eye": ("(int n, *, " + _FACTORY_TAIL, "(int n, int m, *, " + _FACTORY_TAIL),
    "arange": (
        "(Number end, *, " + _FACTORY_TAIL,
        "(Number start, Number end, *, " + _FACTORY_TAIL.removeprefix("Tensor out = None, "),
        "(Number start, Number end, Number step = 1, *, " + _FACTORY_TAIL,
    ),
    "linspace": tuple(
        f"({start} start, {end} end, int steps, *, " + _FACTORY_TAIL
        for start, end in (
            ("Tensor", "Tensor"),
            ("Number", "Tensor"),
            ("Tensor", "Number"),
            ("Number", "Number"),
        )
    ),
    **{
        name: (
            f"(Tensor input, *, torch.Generator generator, {_LIKE_TAIL}",
            f"(Tensor input, *, {_LIKE_TAIL}",
        )
        for name in ("rand_like", "randn_like")
    },
    "normal": (
        "(Tensor mean, Tensor std, *, torch.Generator generator = None, Tensor out = None)",
        "(Tensor mean, float std = 1, *, torch.Generator generator = None, Tensor out = None)",
        "(float mean, Tensor std, *, torch.Generator generator = None, Tensor out = None)",
        "(float mean, float std, tuple of ints size, *, torch.Generator generator = None, "
        + _FACTORY_TAIL,
    ),
    "full_like": (
        "(Tensor input, Number fill_value, *, torch.memory_format memory_format = None, "
        + _FACTORY_TAIL.removeprefix("Tensor out = None, "),
    ),
    "index_put": (
        "(Tensor input, tuple of Tensors indices, Tensor values, bool accumulate = False)",
    ),
    # torch.nn.functional's losses call these (torch._C._nn)
    "cross_entropy_loss": (
        "(Tensor input, Tensor target, Tensor weight = None, int reduction = 1, "
        "SymInt ignore_index = -100, float label_smoothing = 0.0)",
    ),
    "nll_loss_nd": (
        "(Tensor input, Tensor target, Tensor weight = None, int reduction = 1, "
        "SymInt ignore_index = -100)",
    ),
    "split_with_sizes": ("(Tensor input, tuple of ints split_sizes, int dim = 0)",),
    "reshape": ("(Tensor input, tuple of ints shape)",),
    "flip": ("(Tensor input, tuple of ints dims)",),
    "take": ("(Tensor input, Tensor index)",),
    "permute": ("(Tensor input, tuple of ints dims)",),
    "broadcast_to": ("(Tensor input, tuple of ints size)",),
    "squeeze": (
        "(Tensor input)",
        "(Tensor input, int dim)",
        "(Tensor input, tuple of ints dim)",
    ),
    "clone": ("(Tensor input, *, torch.memory_format memory_format = None)",),
    **dict.fromkeys(
        "all any".split(),
        (
            "(Tensor input, *, Tensor out = None)",
            "(Tensor input, tuple of ints dim = None, bool keepdim = False, *, Tensor out = None)",
            "(Tensor input, int dim, bool keepdim = False, *, Tensor out = None)",
        ),
    ),
    "remainder": (
        "(Tensor input, Tensor other, *, Tensor out = None)",
        "(Number self, Tensor other)",
        "(Tensor input, Number other, *, Tensor out = None)",
    ),
    "pow": (
        "(Tensor input, Tensor exponent, *, Tensor out = None)",
        "(Number self, Tensor exponent, *, Tensor out = None)",
        "(Tensor input, Number exponent, *, Tensor out = None)",
    ),
    "round": (
        "(Tensor input, *, Tensor out = None)",
        "(Tensor input, *, int decimals, Tensor out = None)",
    ),
    "linalg_norm": (
        "(Tensor input, Number ord = None, tuple of ints dim = None, bool keepdim = False, *, "
        "torch.dtype dtype = None, Tensor out = None)",
        "(Tensor input, str ord, tuple of ints dim = None, bool keepdim = False, *, "
        "torch.dtype dtype = None, Tensor out = None)",
    ),
    "isclose": (
        "(Tensor input, Tensor other, float rtol = 1e-05, float atol = 1e-08, "
        "bool equal_nan = False)",
    ),
    "allclose": (
        "(Tensor input, Tensor other, float rtol = 1e-05, float atol = 1e-08, "
        "bool equal_nan = False)",
    ),
    # std / var / std_mean / var_mean (ops/variance.py)
    **dict.fromkeys(
        "std var".split(),
        (
            "(Tensor input, tuple of ints dim?, bool unbiased = True, bool keepdim = False, *, "
            "Tensor out = None)",
            "(Tensor input, tuple of ints dim = None, *, Number correction = None, "
            "bool keepdim = False, Tensor out = None)",
            "(Tensor input, bool unbiased = True)",
        ),
    ),
    **dict.fromkeys(
        "std_mean var_mean".split(),
        (
            "(Tensor input, tuple of ints dim?, bool unbiased = True, bool keepdim = False)",
            "(Tensor input, tuple of ints dim = None, *, Number correction = None, "
            "bool keepdim = False)",
            "(Tensor input, bool unbiased = True)",
        ),
    ),
    # prod and the scans (ops/scans.py)
    "prod": (
        "(Tensor input, *, torch.dtype dtype = None)",
        "(Tensor input, int dim, bool keepdim = False, *, torch.dtype dtype = None, "
        "Tensor out = None)",
    ),
    **dict.fromkeys(
        "cumsum cumprod".split(),
        ("(Tensor input, int dim, *, torch.dtype dtype = None, Tensor out = None)",),
    ),
    **dict.fromkeys(
        "cummax cummin".split(), ("(Tensor input, int dim, *, tuple of Tensors out = None)",)
    ),
    "logsumexp": ("(Tensor input, tuple of ints dim, bool keepdim = False, *, Tensor out = None)",),
    # median and the order statistics (ops/order_statistics.py)
    **dict.fromkeys(
        "median nanmedian".split(),
        (
            "(Tensor input)",
            "(Tensor input, int dim, bool keepdim = False, *, tuple of Tensors out = None)",
        ),
    ),
    "kthvalue": (
        "(Tensor input, int k, int dim = -1, bool keepdim = False, *, tuple of Tensors out = None)",
    ),
    "mode": ("(Tensor input, int dim = -1, bool keepdim = False, *, tuple of Tensors out = None)",),
    "aminmax": (
        "(Tensor input, *, int dim = None, bool keepdim = False, tuple of Tensors out = None)",
    ),
    **dict.fromkeys(
        "quantile nanquantile".split(),
        (
            "(Tensor input, Tensor q, int dim = None, bool keepdim = False, *, str "
            'interpolation = "linear", Tensor out = None)',
            "(Tensor input, float q, int dim = None, bool keepdim = False, *, str "
            'interpolation = "linear", Tensor out = None)',
        ),
    ),
    # shape, layout and creation ops (ops/shapes.py)
    **dict.fromkeys(
        "tril triu".split(), ("(Tensor input, int diagonal = 0, *, Tensor out = None)",)
    ),
    **dict.fromkeys(
        "tril_indices triu_indices".split(),
        (
            "(int row, int col, int offset = 0, *, torch.dtype dtype = None, torch.layout layout "
            "= None, torch.device device = None, bool pin_memory = False, bool requires_grad = "
            "False)",
        ),
    ),
    "roll": ("(Tensor input, tuple of ints shifts, tuple of ints dims = None)",),
    "tile": ("(Tensor input, tuple of ints dims)",),
    "repeat_interleave": (
        "(Tensor input, Tensor repeats, int dim = None, *, int output_size = None)",
        "(Tensor repeats, *, int output_size = None)",
        "(Tensor input, int repeats, int dim = None, *, int output_size = None)",
    ),
    # as_strided, empty_strided (ops/strided.py)
    **dict.fromkeys(
        "as_strided as_strided_".split(),
        ("(Tensor input, tuple of ints size, tuple of ints stride, int storage_offset = None)",),
    ),
    **dict.fromkeys(
        "hsplit vsplit dsplit".split(),
        ("(Tensor input, int sections)", "(Tensor input, tuple of ints indices)"),
    ),
    "diag_embed": ("(Tensor input, int offset = 0, int dim1 = -2, int dim2 = -1)",),
    "diagflat": ("(Tensor input, int offset = 0)",),
    "is_same_size": ("(Tensor input, Tensor other)",),
    "is_nonzero": ("(Tensor input)",),
    "empty_strided": (
        "(tuple of ints size, tuple of ints stride, *, " + _LIKE_TAIL.split(", ", 1)[1],
    ),
    "moveaxis": (
        "(Tensor input, int source, int destination)",
        "(Tensor input, tuple of ints source, tuple of ints destination)",
    ),
    "combinations": ("(Tensor input, int r = 2, bool with_replacement = False)",),
    **dict.fromkeys(
        "column_stack row_stack dstack".split(),
        ("(tuple of Tensors tensors, *, Tensor out = None)",),
    ),
    **dict.fromkeys(
        "atleast_1d atleast_2d atleast_3d".split(), ("(Tensor input)", "(tuple of Tensors tensors)")
    ),
    "logspace": tuple(
        f"({start} start, {end} end, int steps, float base = 10.0, *, " + _FACTORY_TAIL
        for start, end in (
            ("Tensor", "Tensor"),
            ("Number", "Tensor"),
            ("Tensor", "Number"),
            ("Number", "Number"),
        )
    ),
    "diff": (
        "(Tensor input, int n = 1, int dim = -1, Tensor prepend = None, Tensor append = None, *, "
        "Tensor out = None)",
    ),
}

# torch._VF.split, which Tensor.split (Python in torch, as torch.split) calls positionally
# with an int size: not a listing of torch.split's own (it has none: Python).
# torch.Tensor(...) and the legacy typed constructors (torch.FloatTensor(...)): new()'s
LEGACY_NEW = (
    "(*, torch.device device = None)",
    "(torch.Storage storage)",
    "(Tensor other)",
    "(tuple of ints size, *, torch.device device = None)",
    "(object data, *, torch.device device = None)",
)

SPLIT = (
    "(Tensor input, int split_size, int dim = 0)",
    "(Tensor input, tuple of ints split_size, int dim = 0)",
)

METHODS: dict[str, tuple[str, ...]] = {
    **dict.fromkeys("expand_as view_as reshape_as type_as".split(), ("(Tensor other)",)),
    # (torch's methods have no out_dtype overload: ``x.mm(y, torch.float32)`` is refused)
    **dict.fromkeys("bmm mm".split(), ("(Tensor mat2)",)),
    "where": ("(Tensor condition, Tensor other)", "(Tensor condition, Number other)"),
    "add": (
        "(Tensor other, *, Number alpha = 1)",
        "(Number alpha, Tensor other)|hidden",
    ),
    "mul": ("(Tensor other)",),
    "matrix_power": ("(int n)",),
    "vdot": ("(Tensor other)",),
    "baddbmm": (
        "(Tensor batch1, Tensor batch2, *, Number beta = 1, Number alpha = 1)",
        "(Tensor batch1, Tensor batch2, torch.dtype out_dtype, *, Number beta = 1, Number "
        "alpha = 1)",
    ),
    "addbmm": (
        "(Tensor batch1, Tensor batch2, *, Number beta = 1, Number alpha = 1)",
        "(Number beta, Number alpha, Tensor batch1, Tensor batch2)|hidden",
        "(Number beta, Tensor batch1, Tensor batch2)|hidden",
    ),
    "inner": ("(Tensor other)",),
    "kron": ("(Tensor other)",),
    "cross": ("(Tensor other, int dim = None)",),
    "dist": ("(Tensor other, Number p = 2)",),
    "addcmul": (
        "(Tensor tensor1, Tensor tensor2, *, Number value = 1)",
        "(Number value, Tensor tensor1, Tensor tensor2)|hidden",
    ),
    "addmm": (
        "(Tensor mat1, Tensor mat2, *, Number beta = 1, Number alpha = 1)",
        "(Number beta, Number alpha, Tensor mat1, Tensor mat2)|hidden",
        "(Number beta, Tensor mat1, Tensor mat2)|hidden",
    ),
    "addmv": (
        "(Tensor mat, Tensor vec, *, Number beta = 1, Number alpha = 1)",
        "(Number beta, Number alpha, Tensor mat, Tensor vec)|hidden",
        "(Number beta, Tensor mat, Tensor vec)|hidden",
    ),
    "multiply": ("(Tensor other)", "(Number other)"),
    **dict.fromkeys(
        "eq ne lt le gt ge greater greater_equal less less_equal not_equal".split(),
        ("(Tensor other)", "(Number other)"),
    ),
    **dict.fromkeys("softmax log_softmax".split(), ("(int dim, torch.dtype dtype = None)",)),
    "view": ("(torch.dtype dtype)", "(tuple of ints size)"),
    "expand": ("(tuple of ints size, *, bool implicit = False)",),
    "repeat": ("(tuple of ints repeats)",),
    "to": (
        "(torch.device device = None, torch.dtype dtype = None, bool non_blocking = False, "
        "bool copy = False, *, torch.memory_format memory_format = None)",
        "(torch.dtype dtype, bool non_blocking = False, bool copy = False, *, "
        "torch.memory_format memory_format = None)",
        "(Tensor tensor, bool non_blocking = False, bool copy = False, *, "
        "torch.memory_format memory_format = None)",
    ),
    "fill_": ("(Tensor value)", "(Number value)"),
    "masked_fill_": ("(Tensor mask, Tensor value)", "(Tensor mask, Number value)"),
    "scatter_": (
        "(int dim, Tensor index, Tensor src)",
        "(int dim, Tensor index, Tensor src, *, str reduce)",
        "(int dim, Tensor index, Number value)",
        "(int dim, Tensor index, Number value, *, str reduce)",
    ),
    "index_copy_": ("(int dim, Tensor index, Tensor source)",),
    "index_add_": ("(int dim, Tensor index, Tensor source, *, Number alpha = 1)",),
    "masked_scatter_": ("(Tensor mask, Tensor source)",),
    "index_reduce_": (
        "(int dim, Tensor index, Tensor source, str reduce, *, bool include_self = True)",
    ),
    "scatter_add_": ("(int dim, Tensor index, Tensor src)",),
    "scatter_reduce_": (
        "(int dim, Tensor index, Tensor src, str reduce, *, bool include_self = True)",
    ),
    "index_fill_": (
        "(int dim, Tensor index, Tensor value)",
        "(int dim, Tensor index, Number value)",
    ),
    "index_put_": ("(tuple of Tensors indices, Tensor values, bool accumulate = False)",),
    "copy_": ("(Tensor other, bool non_blocking = False)",),
    **dict.fromkeys(
        "std var".split(),
        (
            "(tuple of ints dim?, bool unbiased = True, bool keepdim = False)",
            "(tuple of ints dim = None, *, Number correction = None, bool keepdim = False)",
            "(bool unbiased = True)",
        ),
    ),
    # shape, layout and creation ops (ops/shapes.py)
    **dict.fromkeys("tril triu tril_ triu_".split(), ("(int diagonal = 0)",)),
    # ops/strided.py
    "unfold": ("(int dimension, int size, int step)",),
    "new_empty_strided": (
        "(tuple of ints size, tuple of ints stride, *, " + _LIKE_TAIL.split(", ", 1)[1],
    ),
    "sum_to_size": ("(tuple of ints size)",),
    "unsqueeze_": ("(int dim)",),
    "squeeze_": ("()", "(int dim)", "(tuple of ints dim)"),
    **dict.fromkeys("transpose_ swapdims_".split(), ("(int dim0, int dim1)",)),
    "swapaxes_": ("(int axis0, int axis1)",),
    "fill_diagonal_": ("(Number fill_value, bool wrap = False)",),
    "repeat_interleave": (
        "(Tensor repeats, int dim = None, *, int output_size = None)",
        "(int repeats, int dim = None, *, int output_size = None)",
    ),
}


# ops/elementwise.py's binary functions
_PAIR = ("(Tensor input, Tensor other, *, Tensor out = None)",)
FUNCTIONS.update(
    {
        "fmod": (
            "(Tensor input, Tensor other, *, Tensor out = None)",
            "(Tensor input, Number other, *, Tensor out = None)",
        ),
        **dict.fromkeys(("atan2", "arctan2", "hypot", "logaddexp"), _PAIR),
        "xlogy": (
            "(Tensor input, Tensor other, *, Tensor out = None)",
            "(Number self, Tensor other, *, Tensor out = None)",
            "(Tensor input, Number other, *, Tensor out = None)",
        ),
        "lerp": (
            "(Tensor input, Tensor end, Tensor weight, *, Tensor out = None)",
            "(Tensor input, Tensor end, Number weight, *, Tensor out = None)",
        ),
        "copysign": (
            "(Tensor input, Tensor other, *, Tensor out = None)",
            "(Tensor input, Number other, *, Tensor out = None)",
        ),
        "heaviside": ("(Tensor input, Tensor values, *, Tensor out = None)",),
        "logical_xor": _PAIR,
        "float_power": (
            "(Tensor input, Tensor exponent, *, Tensor out = None)",
            "(Number self, Tensor exponent, *, Tensor out = None)",
            "(Tensor input, Number exponent, *, Tensor out = None)",
        ),
        "nan_to_num": (
            "(Tensor input, float nan = None, float posinf = None, float neginf = None, *, "
            "Tensor out = None)",
        ),
    }
)


def method_listing(name: str) -> tuple[str, ...] | None:
    """The overloads of the Tensor method ``name`` as torch lists them (without ``self``):
    ``METHODS``'s, or else the function's without its first parameter and its ``out``;
    an empty tuple for a method without parameters; None when neither is known."""
    if name in NO_ARGUMENTS:
        return ()
    if name in METHODS:
        return METHODS[name]
    listed = FUNCTIONS.get(name)
    if listed is None:
        return None
    return tuple(dict.fromkeys(_without_self_and_out(text) for text in listed))


def _without_self_and_out(text: str) -> str:
    hidden = text.endswith("|hidden")
    parts = text.removesuffix("|hidden")[1:-1].split(", ")[1:]
    parts = [part for part in parts if not part.endswith(" out = None")]
    if parts and parts[-1] == "*":
        parts.pop()
    return "(" + ", ".join(parts) + ")" + ("|hidden" if hidden else "")


# ops/random_ops.py's in-place fills
METHODS.update(
    {
        "uniform_": ("(float from = 0, float to = 1, *, torch.Generator generator = None)",),
        "normal_": ("(float mean = 0, float std = 1, *, torch.Generator generator = None)",),
        "bernoulli_": (
            "(Tensor p, *, torch.Generator generator = None)",
            "(float p = 0.5, *, torch.Generator generator = None)",
        ),
        "random_": (
            "(*, torch.Generator generator = None)",
            "(int from, int to, *, torch.Generator generator = None)",
            "(int to, *, torch.Generator generator = None)",
        ),
    }
)
_LIKE_TAIL = (
    "torch.memory_format memory_format = None, torch.dtype dtype = None, "
    "torch.layout layout = None, torch.device device = None, bool pin_memory = False, "
    "bool requires_grad = False)"
)
METHODS["multinomial"] = (
    "(int num_samples, bool replacement = False, *, torch.Generator generator = None)",
)
METHODS["bernoulli"] = (
    "(*, torch.Generator generator = None)",
    "(float p, *, torch.Generator generator = None)",
)
METHODS["exponential_"] = ("(float lambd = 1, *, torch.Generator generator = None)",)
FUNCTIONS["multinomial"] = (
    "(Tensor input, int num_samples, bool replacement = False, *, "
    "torch.Generator generator = None, Tensor out = None)",
)
FUNCTIONS["bernoulli"] = (
    "(Tensor input, *, torch.Generator generator = None, Tensor out = None)",
    "(Tensor input, float p, *, torch.Generator generator = None)",
)
FUNCTIONS["randint_like"] = tuple(
    f"(Tensor input, {head}, *, {generator}{_LIKE_TAIL}"
    for head in ("int low, int high", "Tensor high", "int high")
    for generator in ("torch.Generator generator, ", "")
)


# ops/misc_pointwise.py's
_BITWISE = (
    "(Tensor input, Tensor other, *, Tensor out = None)",
    "(Number self, Tensor other)",
    "(Tensor input, Number other, *, Tensor out = None)",
)
FUNCTIONS.update(
    {
        "addcdiv": (
            "(Tensor input, Tensor tensor1, Tensor tensor2, *, Number value = 1, "
            "Tensor out = None)",
        ),
        **dict.fromkeys(
            "bitwise_and bitwise_or bitwise_xor bitwise_left_shift bitwise_right_shift".split(),
            _BITWISE,
        ),
        **dict.fromkeys("gcd lcm ldexp nextafter".split(), _PAIR),
        "logit": ("(Tensor input, float eps = None, *, Tensor out = None)",),
        "nansum": (
            "(Tensor input, tuple of ints dim = None, bool keepdim = False, *, "
            "torch.dtype dtype = None, Tensor out = None)",
        ),
    }
)
METHODS["addcdiv"] = ("(Tensor tensor1, Tensor tensor2, *, Number value = 1)",)
METHODS.update(dict.fromkeys(("cumsum_", "cumprod_"), ("(int dim, *, torch.dtype dtype = None)",)))
NO_ARGUMENTS |= frozenset(
    "ceil ceil_ absolute absolute_ positive frexp logical_not_ bitwise_not_".split()
)
