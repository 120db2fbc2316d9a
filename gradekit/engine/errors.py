"""The one catalogue of torch's error and warning texts used by the engine.

Every exception the engine raises on behalf of "torch" is built here, so that the
texts can be audited against torch in one place.  The templates were captured from
torch 2.13.0 (see /work/shared/notes/engine-research.md §3.1) and are compared
against live torch by the golden and differential tests.

Usage::

    raise error("leaf_inplace")
    raise error("broadcast_mismatch", size_a=3, size_b=4, dim=0)
    warn("nonleaf_grad_access")
"""

from __future__ import annotations

import builtins
import os
import sys
import warnings
from collections.abc import Iterable
from typing import Any

TORCH_VERSION = "2.13.0"

_INPLACE_HINT = (
    "Hint: enable anomaly detection to find the operation that failed to compute its "
    "gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False)."
)


class LinAlgError(RuntimeError):
    """``torch.linalg.LinAlgError`` (torch._C._LinAlgError): a singular matrix."""


LinAlgError.__name__ = LinAlgError.__qualname__ = "_LinAlgError"
LinAlgError.__module__ = "torch._C"

# key -> (exception class, template). Templates use str.format fields.
MESSAGES: dict[str, tuple[type[Exception], str]] = {
    # --- autograd -------------------------------------------------------------
    "backward_twice": (
        RuntimeError,
        "Trying to backward through the graph a second time (or directly access saved "
        "tensors after they have already been freed). Saved intermediate values of the "
        "graph are freed when you call .backward() or autograd.grad(). Specify "
        "retain_graph=True if you need to backward through the graph a second time or "
        "if you need to access saved tensors after calling backward.",
    ),
    "implicit_grad_not_scalar": (
        RuntimeError,
        "grad can be implicitly created only for scalar outputs",
    ),
    "no_grad_fn": (
        RuntimeError,
        "element {index} of tensors does not require grad and does not have a grad_fn",
    ),
    "requires_grad_nonleaf_false": (
        RuntimeError,
        "you can only change requires_grad flags of leaf variables. If you want to use a "
        "computed variable in a subgraph that doesn't require differentiation use "
        "var_no_grad = var.detach().",
    ),
    "requires_grad_nonleaf_true": (
        RuntimeError,
        "you can only change requires_grad flags of leaf variables.",
    ),
    "multi_output_view_base_modified": (
        RuntimeError,
        "Output {output_nr} of {op} is a view and its base or another view of its base has been "
        "modified inplace. This view is the output of a function that returns multiple views. "
        "Such functions do not allow the output views to be modified inplace. You should replace "
        "the inplace operation by an out-of-place one.",
    ),
    "multi_output_view_inplace": (
        RuntimeError,
        "Output {output_nr} of {op} is a view and is being modified inplace. This view is the "
        "output of a function that returns multiple views. Such functions do not allow the "
        "output views to be modified inplace. You should replace the inplace operation by an "
        "out-of-place one.",
    ),
    "view_of_no_grad_view_inplace": (
        RuntimeError,
        "Output {output_nr} of {op} is a view of a view which was created in no_grad mode and is "
        "being modified inplace with grad mode enabled. Given that this use case is ambiguous and "
        "error-prone, it is forbidden. You can clarify your code by moving both the view and the "
        "inplace either both inside the no_grad block (if you don't want the inplace to be "
        "tracked) or both outside (if you want the inplace to be tracked).",
    ),
    "view_no_grad_inplace": (
        RuntimeError,
        "A view was created in no_grad mode and is being modified inplace with grad mode "
        "enabled. Given that this use case is ambiguous and error-prone, it is forbidden. You "
        "can clarify your code by moving both the view and the inplace either both inside the "
        "no_grad block (if you don't want the inplace to be tracked) or both outside (if you "
        "want the inplace to be tracked).",
    ),
    "backward_empty_inputs": (RuntimeError, "`inputs` argument to `backward()` cannot be empty."),
    "grad_empty_inputs": (RuntimeError, "`inputs` argument to `grad()` cannot be empty."),
    "leaf_inplace": (
        RuntimeError,
        "a leaf Variable that requires grad is being used in an in-place operation.",
    ),
    "view_of_leaf_inplace": (
        RuntimeError,
        "a view of a leaf Variable that requires grad is being used in an in-place operation.",
    ),
    "saved_tensor_modified": (
        RuntimeError,
        "one of the variables needed for gradient computation has been modified by an "
        "inplace operation: [{legacy_type} {sizes}]{which} is at version {version}; "
        "expected version {expected} instead. " + _INPLACE_HINT,
    ),
    "factory_requires_grad_dtype": (
        RuntimeError,
        "Only Tensors of floating point and complex dtype can require gradients",
    ),
    "requires_grad__dtype": (
        RuntimeError,
        "only Tensors of floating point dtype can require gradients",
    ),
    "requires_grad_setter_dtype": (
        RuntimeError,
        "only Tensors of floating point and complex dtype can require gradients",
    ),
    "unused_input": (
        RuntimeError,
        "The differentiated Tensor at index {index} appears to not have been used in the "
        "graph. Set allow_unused=True if this is the desired behavior.",
    ),
    "input_not_requiring_grad": (
        RuntimeError,
        "One of the differentiated Tensors does not require grad",
    ),
    "grad_shape_mismatch": (
        RuntimeError,
        "Mismatch in shape: grad_output[{index}] has a shape of {grad_size} and "
        "output[{index}] has a shape of {output_size}.",
    ),
    "hook_on_no_grad": (
        RuntimeError,
        "cannot register a hook on a tensor that doesn't require gradient",
    ),
    "retain_grad_no_grad": (
        RuntimeError,
        "can't retain_grad on Tensor that has requires_grad=False",
    ),
    # inference tensors (made in inference_mode) used outside it
    "inference_saved": (
        RuntimeError,
        "Inference tensors cannot be saved for backward. Please do not use Tensors created in "
        "inference mode in computation tracked by autograd. To work around this, you can make "
        "a clone to get a normal tensor and use it in autograd, or use `torch.no_grad()` "
        "instead of `torch.inference_mode()`.",
    ),
    "inference_inplace": (
        RuntimeError,
        "Inplace update to inference tensor outside InferenceMode is not allowed.You can make a "
        "clone to get a normal tensor before doing inplace update.See "
        "https://github.com/pytorch/rfcs/pull/17 for more details.",
    ),
    "inference_requires_grad": (
        RuntimeError,
        "Setting requires_grad=True on inference tensor outside InferenceMode is not allowed.",
    ),
    "inference_version": (RuntimeError, "Inference tensors do not track version counter."),
    "hook_changed_size": (RuntimeError, "hook '{name}' has changed the size of value"),
    "hook_returned_type": (TypeError, "expected Variable, but hook returned '{type_name}'"),
    "detach_view_inplace": (
        RuntimeError,
        "Can't detach views in-place. Use detach() instead. If you are using "
        "DistributedDataParallel (DDP) for training, and gradient_as_bucket_view is set as "
        "True, gradients are views of DDP buckets, and hence detach_() cannot be called on "
        "these gradients. To fix this error, please refer to the Optimizer.zero_grad() "
        "function in torch/optim/optimizer.py as the solution.",
    ),
    "hook_changed_type": (
        RuntimeError,
        "hook '{name}' has changed the type of value (was {was} got {got})",
    ),
    "grad_assign_size": (
        RuntimeError,
        "attempting to assign a gradient of size '{grad_sizes}' to a tensor of size "
        "'{sizes}'. Please ensure that the gradient and the tensor are the same size",
    ),
    "grad_assign_dtype": (
        RuntimeError,
        "attempting to assign a gradient with dtype '{grad_dtype}' to a tensor with "
        "grad_dtype '{dtype}'. The gradient must match the tensor's grad_dtype (defaults "
        "to the tensor's dtype). You can set the tensor's grad_dtype attribute with a "
        "specific dtype, or None to allow any dtype. Set grad_dtype with caution. "
        "Diverging the dtypes of a tensor and its gradient may break downstream systems "
        "that assume they match.",
    ),
    "grad_assign_type": (
        TypeError,
        "assigned grad expected to be a Tensor or None but got grad of type {type_name}",
    ),
    # --- shapes, broadcasting, linear algebra ----------------------------------
    "broadcast_mismatch": (
        RuntimeError,
        "The size of tensor a ({size_a}) must match the size of tensor b ({size_b}) at "
        "non-singleton dimension {dim}",
    ),
    "inplace_broadcast": (
        RuntimeError,
        "output with shape {out_shape} doesn't match the broadcast shape {broadcast_shape}",
    ),
    "expand_size": (
        RuntimeError,
        "The expanded size of the tensor ({target}) must match the existing size "
        "({existing}) at non-singleton dimension {dim}.  Target sizes: {target_sizes}.  "
        "Tensor sizes: {tensor_sizes}",
    ),
    "mm_shapes": (
        RuntimeError,
        "mat1 and mat2 shapes cannot be multiplied ({r1}x{c1} and {r2}x{c2})",
    ),
    "matrix_power_dims": (
        RuntimeError,
        "linalg.matrix_power: The input tensor A must have at least 2 dimensions.",
    ),
    "matrix_power_square": (
        RuntimeError,
        "linalg.matrix_power: A must be batches of square matrices, but they are {rows} by "
        "{cols} matrices",
    ),
    # shape, layout and creation ops (ops/shapes.py)
    "triangle_ndim": (RuntimeError, "{name}: input tensor must have at least 2 dimensions"),
    "triangle_indices_negative": (RuntimeError, "{which} must be non-negative, got{value}"),
    "roll_shifts_required": (RuntimeError, "`shifts` required"),
    "roll_align": (
        RuntimeError,
        "shifts and dimensions must align. shifts: {shifts}, dims:{dims}",
    ),
    "repeat_interleave_size": (
        RuntimeError,
        "repeats must have the same size as input along dim, but got repeats.size(0) = "
        "{repeats} and input.size({dim}) = {size}",
    ),
    "repeat_interleave_repeats_ndim": (RuntimeError, "repeats must be 0-dim or 1-dim tensor"),
    "repeat_interleave_negative": (RuntimeError, "Repeats must be non-negative"),
    "repeat_interleave_output_size": (
        RuntimeError,
        "repeat_interleave: Invalid output_size, expected {expected} but got {got}",
    ),
    "repeat_interleave_one_dim": (
        RuntimeError,
        "repeat_interleave only accept 1D vector as repeat",
    ),
    "repeat_interleave_repeats_negative": (RuntimeError, "repeats can not be negative"),
    "repeat_interleave_allocated_size": (
        RuntimeError,
        "allocated size does not match required size",
    ),
    "meshgrid_dtype": (RuntimeError, "meshgrid expects all tensors to have the same dtype"),
    "meshgrid_indexing": (
        RuntimeError,
        'torch.meshgrid: indexing must be one of "xy" or "ij", but received: {indexing}',
    ),
    "meshgrid_ndim": (
        RuntimeError,
        "torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got: {tensor}",
    ),
    "expect_1d_vector": (RuntimeError, "Expect a 1D vector, but got shape {shape}"),
    "combinations_negative": (RuntimeError, "Expect a non-negative number, but got {r}"),
    "block_diag_ndim": (
        RuntimeError,
        "torch.block_diag: Input tensors must have 2 or fewer dimensions. Input {number} has "
        "{ndim} dimensions",
    ),
    "logspace_tensor_end": (
        RuntimeError,
        "logspace only supports 0-dimensional start and end tensors, but got {which} with"
        " {ndim} dimension(s).",
    ),
    "diff_ndim": (RuntimeError, "diff expects input to be at least one-dimensional"),
    "diff_order": (RuntimeError, "order must be non-negative but got {n}"),
    "diff_other_ndim": (
        RuntimeError,
        "diff expects prepend or append to be the same dimension as input",
    ),
    "diff_other_size": (
        RuntimeError,
        "diff expects the shape of tensor to prepend or append to match that of input except "
        "along the differencing dimension; input.size({i}) = {mine}, but got tensor.size({i}) "
        "= {theirs}",
    ),
    "one_hot_dtype": (
        RuntimeError,
        "one_hot is only applicable to index tensor of type LongTensor.",
    ),
    "one_hot_empty": (RuntimeError, "Can not infer total number of classes from empty tensor."),
    "one_hot_negative": (RuntimeError, "Class values must be non-negative."),
    "one_hot_too_large": (RuntimeError, "Class values must be smaller than num_classes."),
    "addmv_size": (
        RuntimeError,
        "size mismatch, got input ({input}), mat ({rows}x{cols}), vec ({vec})",
    ),
    "mv_size": (
        RuntimeError,
        "size mismatch, got input ({rows}), mat ({rows}x{cols}), vec ({vec})",
    ),
    "dot_size": (
        RuntimeError,
        "inconsistent tensor size, expected tensor [{n1}] and src [{n2}] to have the same "
        "number of elements, but got {n1} and {n2} elements respectively",
    ),
    "bmm_inner": (
        RuntimeError,
        "Expected size for first two dimensions of batch2 tensor to be: [{batch}, {inner}] "
        "but got: [{batch2}, {inner2}].",
    ),
    "linear_0d": (
        RuntimeError,
        "both arguments to linear need to be at least 1D, but they are {d1}D and {d2}D",
    ),
    "matmul_0d": (
        RuntimeError,
        "both arguments to matmul need to be at least 1D, but they are {d1}D and {d2}D",
    ),
    "mm_not_matrix": (RuntimeError, "{name}: Expected 2-D argument {arg} but got {ndim}-D"),
    "bmm_not_3d": (RuntimeError, "{arg} must be a 3D tensor"),
    "dot_not_1d": (
        RuntimeError,
        "1D tensors expected, but got {d1}D and {d2}D tensors",
    ),
    "shape_invalid": (RuntimeError, "shape '{shape}' is invalid for input of size {numel}"),
    "view_stride": (
        RuntimeError,
        "view size is not compatible with input tensor's size and stride (at least one "
        "dimension spans across two contiguous subspaces). Use .reshape(...) instead.",
    ),
    "dim_out_of_range": (
        IndexError,
        "Dimension out of range (expected to be in range of [{low}, {high}], but got {dim})",
    ),
    "dim_scalar": (
        IndexError,
        "Dimension specified as {dim} but tensor has no dimensions",
    ),
    # --- conversions ----------------------------------------------------------
    "item_numel": (
        RuntimeError,
        "a Tensor with {numel} elements cannot be converted to Scalar",
    ),
    "python_scalar_numel": (
        ValueError,
        "only one element tensors can be converted to Python scalars",
    ),
    "bool_ambiguous": (
        RuntimeError,
        "Boolean value of Tensor with more than one value is ambiguous",
    ),
    "numpy_requires_grad": (
        RuntimeError,
        "Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead.",
    ),
    "result_type_cast": (
        RuntimeError,
        "result type {result} can't be cast to the desired output type {output}",
    ),
    "mean_dtype": (
        RuntimeError,
        "mean(): could not infer output dtype. {which} dtype must be either a floating point "
        "or complex dtype. Got: {dtype}",
    ),
    "topk_k": (RuntimeError, "selected index k out of range"),
    "topk_bool": (RuntimeError, "topk does not support bool dtypes on CPU"),
    "nanmean_input_dtype": (
        RuntimeError,
        "nanmean(): expected input to have floating point or complex dtype but got {dtype}",
    ),
    "nanmean_dtype": (
        RuntimeError,
        "nanmean(): could not infer output dtype. Optional dtype must be either a floating "
        "point or complex dtype. Got: {dtype}",
    ),
    "integer_division_by_zero": (RuntimeError, "ZeroDivisionError"),
    "bitwise_not_bool_int": (
        RuntimeError,
        "Negation, the `-` operator, on a bool tensor is not supported. If you are trying "
        "to invert a mask, use the `~` or `logical_not()` operator instead.",
    ),
    "sub_bool": (
        RuntimeError,
        "Subtraction, the `-` operator, with two bool tensors is not supported. Use the "
        "`^` or `logical_xor()` operator instead.",
    ),
    "sub_bool_scalar": (
        RuntimeError,
        "Subtraction, the `-` operator, with a bool tensor is not supported. If you are "
        "trying to invert a mask, use the `~` or `logical_not()` operator instead.",
    ),
    "integer_pow_negative": (
        RuntimeError,
        "Integers to negative integer powers are not allowed.",
    ),
    "pow_bool": (NotImplementedError, "\"pow\" not implemented for 'Bool'"),
    "kernel_not_implemented": (NotImplementedError, "\"{op}\" not implemented for '{dtype}'"),
    "gelu_approximate": (RuntimeError, "approximate argument must be either none or tanh."),
    "hardtanh_bool": (RuntimeError, "Bool inputs not supported for hardtanh"),
    "smooth_l1_negative_beta": (
        RuntimeError,
        "smooth_l1_loss does not support negative values for beta.",
    ),
    "huber_delta": (RuntimeError, "huber_loss does not support non-positive values for delta."),
    "kl_div_integral": (RuntimeError, "kl_div: Integral inputs not supported."),
    "softshrink_lambda": (
        RuntimeError,
        "lambda must be in range [0, {largest}] for input dtype {dtype}, but found {lambd}",
    ),
    "pad_length_odd": (RuntimeError, "Padding length must be divisible by 2"),
    "pad_length_too_large": (
        RuntimeError,
        "Padding length should be less than or equal to two times the input dimension but got "
        "padding length {length} and input of dimension {ndim}",
    ),
    "pad_mode_value": (
        RuntimeError,
        'Padding mode "{mode}" doesn\'t take in value argument',
    ),
    "pad_mode_unknown": (NotImplementedError, "Unrecognised padding mode {mode}"),
    "pad_mode_sizes": (
        NotImplementedError,
        "Padding size {length} is not supported for {ndim}D input tensor.\nSupported "
        "combinations for non-constant padding:\n  - 2D or 3D input: padding size = 2 (pads "
        "last dimension)\n  - 3D or 4D input: padding size = 4 (pads last 2 dimensions)\n  - "
        "4D or 5D input: padding size = 6 (pads last 3 dimensions)",
    ),
    "reflection_pad_size": (
        RuntimeError,
        "Argument #{argument}: Padding size should be less than the corresponding input "
        "dimension, but got: padding ({before}, {after}) at dimension {dim} of input {sizes}",
    ),
    "replication_pad_empty": (
        RuntimeError,
        "Expected {low}D or {high}D (batch mode) tensor with possibly 0 batch size and other "
        "non-zero dimensions for input, but got: {sizes}",
    ),
    "glu_odd": (
        RuntimeError,
        "Halving dimension must be even, but dimension {dim} is size {size}",
    ),
    "glu_scalar": (RuntimeError, "glu does not support scalars because halving size must be even"),
    "celu_zero_alpha": (RuntimeError, "ZeroDivisionError: alpha cannot be 0 for CELU"),
    "layer_norm_input_shape": (
        RuntimeError,
        "Given normalized_shape={normalized_shape}, expected input with shape [{expected}], but "
        "got input of size{sizes}",
    ),
    "layer_norm_parameter_shape": (
        RuntimeError,
        "Expected {name} to be of same shape as normalized_shape, but got {name} of shape "
        "{shape} and normalized_shape = {normalized_shape}",
    ),
    "layer_norm_empty_shape": (
        RuntimeError,
        "Expected normalized_shape to be at least 1-dimensional, i.e., containing at least "
        "one element, but got normalized_shape = []",
    ),
    "layer_norm_mixed_dtype": (
        RuntimeError,
        "mixed dtype (CPU): all inputs must share same datatype.",
    ),
    "scalar_reduction_dim": (
        IndexError,
        "{op}(): Expected reduction dim -1 or 0 for scalar but got {dim}",
    ),
    "reduction_dim_empty": (
        IndexError,
        "{op}(): Expected reduction dim {dim} to have non-zero size.",
    ),
    "argmax_empty": (
        IndexError,
        "{op}(): Expected reduction dim to be specified for input.numel() == 0.",
    ),
    "bool_unsupported": (RuntimeError, "\"{op}\" not implemented for 'Bool'"),
    "op_dtype_unsupported": (NotImplementedError, "\"{op}\" not implemented for '{dtype}'"),
    "relu_bool": (RuntimeError, "Boolean inputs not supported for relu"),
    "max_empty": (
        RuntimeError,
        "{op}(): Expected reduction dim to be specified for input.numel() == 0. Specify "
        "the reduction dim with the 'dim' argument.",
    ),
    "bce_target_size": (
        ValueError,
        "Using a target size ({target}) that is different to the input size ({input}) is "
        "deprecated. Please ensure they have the same size.",
    ),
    "bce_with_logits_target_size": (
        ValueError,
        "Target size ({target}) must be the same as input size ({input})",
    ),
    "bce_range": (
        RuntimeError,
        "all elements of input should be between 0 and 1",
    ),
    "bce_target_range": (RuntimeError, "all elements of target should be between 0 and 1"),
    "found_dtype": (RuntimeError, "Found dtype {found} but expected {expected}"),
    "nll_target_ndim": (
        RuntimeError,
        "0D or 1D target tensor expected, multi-target not supported",
    ),
    "soft_target_dtype": (
        RuntimeError,
        "Expected floating point type for target with class probabilities, got {found}",
    ),
    "nll_target_out_of_bounds": (IndexError, "Target {target} is out of bounds."),
    "nll_batch_mismatch": (
        ValueError,
        "Expected input batch_size ({input_batch}) to match target batch_size ({target_batch}).",
    ),
    "loss_target_dtype": (
        RuntimeError,
        "expected target dtype to be Long or Byte, but got {found}",
    ),
    "dot_dtypes": (
        RuntimeError,
        "{name} : expected both vectors to have same dtype, but found {found1} and {found2}",
    ),
    "negative_size": (RuntimeError, "{name} must be greater or equal to 0, got {size}"),
    "mse_size_warning": (
        UserWarning,
        "Using a target size ({target}) that is different to the input size ({input}). "
        "This will likely lead to incorrect results due to broadcasting. Please ensure "
        "they have the same size.",
    ),
    "clamp_no_bounds": (
        RuntimeError,
        "torch.clamp: At least one of 'min' or 'max' must not be None",
    ),
    "randint_range": (
        RuntimeError,
        "random_ expects 'from' to be less than 'to', but got from={low} >= to={high}",
    ),
    "movedim_count": (
        RuntimeError,
        "movedim: Invalid source or destination dims: source ({source} dims) should contain "
        "the same number of dims as destination ({destination} dims)",
    ),
    "movedim_repeated": (RuntimeError, "movedim: repeated dim in `{which}` ({dims})"),
    "randint_bound": (RuntimeError, "{which} is out of bounds for {dtype}"),
    "randperm_limit": (RuntimeError, "n cannot be greater than {limit} for {type} type."),
    "seed_type": (RuntimeError, "manual_seed expected a long, but got {got}"),
    "seed_arguments": (
        TypeError,
        "Generator.manual_seed() takes exactly one argument ({given} given)",
    ),
    "seed_keywords": (TypeError, "Generator.manual_seed() takes no keyword arguments"),
    "seed_not_int": (TypeError, "an integer is required"),
    "long_overflow": (ValueError, "Overflow when unpacking long long"),
    "arange_step_zero": (RuntimeError, "step must be nonzero"),
    "arange_range": (RuntimeError, "unsupported range: {start} -> {end}"),
    "arange_size": (RuntimeError, "invalid size, possible overflow?"),
    "arange_bound_sign": (
        RuntimeError,
        "upper bound and lower bound inconsistent with step sign",
    ),
    "linspace_steps": (RuntimeError, "number of steps must be non-negative"),
    "isclose_dtypes": (RuntimeError, "{dtype} did not match {other}"),
    "expected_scalar_type": (RuntimeError, "expected scalar type {expected} but found {found}"),
    "tensor_value_overflow": (
        RuntimeError,
        "value cannot be converted to type {dtype} without overflow",
    ),
    "linspace_tensor_end": (
        RuntimeError,
        "linspace only supports 0-dimensional start and end tensors, but got {which} with"
        " {ndim} dimension(s).",
    ),
    # torch's argument parser: "arguments" and double quotes, unlike Python's own message.
    "argument_missing": (
        TypeError,
        '{name}() missing 1 required positional arguments: "{argument}"',
    ),
    "two_arguments_missing": (  # sic: torch's parser says "argument" here
        TypeError,
        '{name}() missing 2 required positional argument: "{first}", "{second}"',
    ),
    "factory_size_twice": (TypeError, "{name}() got multiple values for argument 'size'"),
    "argument_type": (
        TypeError,
        "{name}(): argument '{parameter}'{where} must be {expected}, not {got}",
    ),
    "argument_element_type": (
        TypeError,
        "{name}(): argument '{parameter}' (position {position}) must be {expected}, but found "
        "element of type {got} at pos {index}",
    ),
    "argument_unpack": (
        TypeError,
        "{name}(): argument '{parameter}' failed to unpack the object at pos {position} with "
        'error "type must be tuple of ints,but got {got}"',
    ),
    "arguments_missing": (
        TypeError,
        "{name}() missing {count} required positional argument{s}: {names}",
    ),
    "tensor_list_element": (
        TypeError,
        "expected Tensor as element {number} in argument {argument}, but got {got}",
    ),
    "unexpected_keyword": (TypeError, "{name}() got an unexpected keyword argument '{keyword}'"),
    "multiple_values": (TypeError, "{name}() got multiple values for argument '{argument}'"),
    "too_many_positional": (
        TypeError,
        "{name}() takes {maximum} positional argument{s} but {given} {were} given",
    ),
    "no_arguments": (  # a Tensor method without parameters (CPython's METH_NOARGS check)
        TypeError,
        "TensorBase.{name}() takes no arguments ({given} given)",
    ),
    "no_keyword_arguments": (TypeError, "TensorBase.{name}() takes no keyword arguments"),
    "lerp_dtype": (RuntimeError, "expected dtype {expected} for `{argument}` but got dtype {got}"),
    "heaviside_dtypes": (
        RuntimeError,
        "heaviside is not yet implemented for tensors with different dtypes.",
    ),
    "float_power_inplace_dtype": (
        RuntimeError,
        "the base given to float_power_ has dtype {dtype} but the operation's result requires "
        "dtype Double",
    ),
    "too_many_positional_range": (
        TypeError,
        "{name}() takes from {minimum} to {maximum} positional arguments but {given} were given",
    ),
    "random_size_invalid": (
        TypeError,
        "{name}() received an invalid combination of arguments - got ({given}), but expected "
        "one of:\n"
        " * (tuple of ints size, *, torch.Generator generator, Tensor out = None, torch.dtype "
        "dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory "
        "= False, bool requires_grad = False)\n"
        " * (tuple of ints size, *, Tensor out = None, torch.dtype dtype = None, torch.layout "
        "layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad "
        "= False)",
    ),
    "squeeze_invalid": (
        TypeError,
        "squeeze() received an invalid combination of arguments - got ({given}), but expected "
        "one of:\n"
        " * ()\n"
        " * (int dim)\n"
        " * (tuple of ints dim)",
    ),
    "view_no_arguments": (
        TypeError,
        "view() received an invalid combination of arguments - got ({given}), but expected one "
        "of:\n"
        " * (torch.dtype dtype)\n"
        " * (tuple of ints size)",
    ),
    "zeros_negative_dimension": (RuntimeError, "zeros: Dimension size must be non-negative."),
    "negative_dimension": (
        RuntimeError,
        "Trying to create tensor with negative dimension {size}: {sizes}",
    ),
    "tensor_from_bad_data": (
        TypeError,
        "new(): invalid data type '{type_name}'",
    ),
    "tensor_infer_dtype": (RuntimeError, "Could not infer dtype of {type_name}"),
    # storing Python data into an explicit dtype (tensor_new.cpp: store_scalar)
    "tensor_store_not_real": (TypeError, "must be real number, not {type_name}"),
    "tensor_store_not_integer": (
        TypeError,
        "'{type_name}' object cannot be interpreted as an integer",
    ),
    "tensor_too_many_dimensions": (ValueError, "too many dimensions '{type_name}'"),
    "tensor_ragged": (
        ValueError,
        "expected sequence of length {expected} at dim {dim} (got {got})",
    ),
    "norm_p_unsupported": (
        NotImplementedError,
        "gradekit engine does not support norm with p={p}; install torch and use --backend torch",
    ),
    "to_bad_args": (TypeError, "to() received an invalid combination of arguments"),
    # c10/core/Device.cpp's parsing of a device string
    "device_string_empty": (RuntimeError, "Device string must not be empty"),
    "device_string_invalid": (RuntimeError, "Invalid device string: '{string}'"),
    "device_type_unknown": (
        RuntimeError,
        "Expected one of cpu, cuda, ipu, xpu, mkldnn, opengl, opencl, ideep, hip, ve, fpga, maia,"
        " xla, lazy, vulkan, mps, meta, hpu, mtia, privateuseone device type at start of device"
        " string: {string}",
    ),
    "unflatten_sizes_empty": (RuntimeError, "unflatten: sizes must be non-empty"),
    "unflatten_sizes_product": (
        RuntimeError,
        "unflatten: Provided sizes {sizes} don't multiply up to the size of dim {dim} ({size}) in"
        " the input tensor",
    ),
    # --- indexing (used by indexing.py / ops/views.py) ------------------------------
    "step_not_positive": (ValueError, "step must be greater than zero"),
    "step_zero": (ValueError, "slice step cannot be zero"),
    "index_out_of_bounds": (
        IndexError,
        "index {index} is out of bounds for dimension {dim} with size {size}",
    ),
    "too_many_indices": (IndexError, "too many indices for tensor of dimension {ndim}"),
    "too_many_indices_got": (
        IndexError,
        "too many indices for tensor of dimension {ndim} (got {count})",
    ),
    "mask_shape": (
        IndexError,
        "The shape of the mask {mask_shape} at index {index} does not match the shape of "
        "the indexed tensor {tensor_shape} at index {index}",
    ),
    "index_dtype": (
        IndexError,
        "tensors used as indices must be long, int, byte or bool tensors",
    ),
    "cat_sizes": (
        RuntimeError,
        "Sizes of tensors must match except in dimension {dim}. Expected size {expected} "
        "but got size {got} for tensor number {number} in the list.",
    ),
    "cat_zero_dim": (
        RuntimeError,
        "zero-dimensional tensor (at position {position}) cannot be concatenated",
    ),
    "stack_sizes": (
        RuntimeError,
        "stack expects each tensor to be equal size, but got {shape_a} at entry {entry_a} "
        "and {shape_b} at entry {entry_b}",
    ),
    "gather_index_dtype": (RuntimeError, "gather(): Expected dtype int32/int64 for index"),
    "gather_size": (
        RuntimeError,
        "Size does not match at dimension {dim} expected index {index_shape} to be no "
        "larger than self {self_shape} apart from dimension {gather_dim}",
    ),
    "gather_ndim": (
        RuntimeError,
        "Index tensor must have the same number of dimensions as input tensor",
    ),
    "scatter_index_dtype": (RuntimeError, "scatter(): Expected dtype int32/int64 for index"),
    "scatter_dtype": (RuntimeError, "scatter(): Expected self.dtype to be equal to src.dtype"),
    "scatter_ndim": (
        RuntimeError,
        "Index tensor must have the same number of dimensions as {other} tensor",
    ),
    "scatter_size": (
        RuntimeError,
        "Expected index {index_shape} to be no larger than self {self_shape} apart from "
        "dimension {dim}{src}",
    ),
    "scatter_reduce": (RuntimeError, "reduce argument must be either add or multiply."),
    "scatter_bounds": (
        RuntimeError,
        "index {index} is out of bounds for dimension {dim} with size {size}",
    ),
    # index_add / scatter_reduce (ops/scatter_reduce.py)
    "index_add_index_ndim": (
        IndexError,
        "{op}_(): Index is supposed to be a vector, but got dim: {ndim} with type: {dtype} and "
        "size: {size}",
    ),
    "index_add_index_dtype": (
        RuntimeError,
        "{op}_(): Expected dtype int32/int64 for index but got: {dtype}",
    ),
    "index_add_dtype": (
        RuntimeError,
        "{op}_(): self ({dst}) and source ({src}) must have the same scalar type",
    ),
    "index_add_count": (
        RuntimeError,
        "{op}_(): Number of indices ({count}) should be equal to source.size(dim): ({size}), for "
        "dim: {dim}",
    ),
    "index_add_shape": (
        RuntimeError,
        "source tensor shape must match self tensor shape, excluding the specified dimension. "
        "Got self.shape = {self_shape} source.shape = {source_shape}",
    ),
    "scatter_reduce_name": (
        RuntimeError,
        "reduce argument must be either sum, prod, mean, amax or amin, got {reduce}",
    ),
    "scatter_reduce_backward_reduce": (
        RuntimeError,
        "Expected 'reduce' to be one of 'sum', 'prod', 'mean', 'amax', 'amin' but got {reduce}.",
    ),
    "scatter_reduce_double_backward": (
        RuntimeError,
        "scatter_reduce(): Double backward is unsupported for src when >1 zeros in src are "
        "scattered to the same position in self",
    ),
    "masked_scatter_dtype": (
        RuntimeError,
        # (torch's text has no space after "got")
        "masked_scatter: expected self and source to have same dtypes but got{dst} and {src}",
    ),
    "masked_scatter_mask_dtype": (
        RuntimeError,
        "masked_scatter_ only supports boolean masks, but got mask with dtype {dtype}",
    ),
    "masked_scatter_count": (RuntimeError, "Number of elements of source < number of ones in mask"),
    "index_reduce_name": (
        RuntimeError,
        "index_reduce(): Expected reduce to be one of prod, mean, amax or amin but got {reduce}.",
    ),
    "index_reduce_bounds": (IndexError, "index out of range in self"),
    "index_reduce_double_backward": (
        RuntimeError,
        "index_reduce(): Double backward is unsupported for source when >1 zeros in source are "
        "scattered to the same position in self",
    ),
    # unique / bincount (ops/counting.py)
    "derivative_not_implemented_python": (
        NotImplementedError,
        "the derivative for '{op}' is not implemented.",
    ),
    "unique_many_zero_sized_dims": (
        RuntimeError,
        # (torch's text ends with a space)
        "Number of zero sized dimensions is more than one, so unique cannot be applied{space}",
    ),
    "unique_zero_sized_dims": (
        RuntimeError,
        "There are 0 sized dimensions, and they aren't selected, so unique cannot be applied",
    ),
    "bincount_minlength": (RuntimeError, "minlength should be >= 0"),
    "bincount_input": (RuntimeError, "bincount only supports 1-d non-negative integral inputs."),
    "bincount_weights": (
        RuntimeError,
        "weights should be 1-d and have the same length as input",
    ),
    # searchsorted / bucketize / histc (ops/bucketing.py)
    "searchsorted_side": (
        RuntimeError,
        "torch.searchsorted(): side can only be 'left' or 'right' but got {side}",
    ),
    "searchsorted_opposites": (
        RuntimeError,
        "torch.searchsorted(): side and right can't be set to opposites, got side of {side} "
        "while right was True",
    ),
    "searchsorted_sorter_size": (
        RuntimeError,
        "torch.searchsorted(): boundary and sorter must have the same size, but got boundary "
        "tensor {boundaries}and got sorter tensor {sorter}",
    ),
    "searchsorted_scalar": (
        RuntimeError,
        "torch.searchsorted(): input value can be a scalar only when boundaries tensor "
        "dimension is 1, but we got boundaries tensor dim({boundaries}) and input value's "
        "dim({ndim}) numel({numel})",
    ),
    "searchsorted_boundaries_0d": (
        RuntimeError,
        "torch.searchsorted(): boundaries tensor should have positive dimension, but got 0 "
        "dimension",
    ),
    "searchsorted_shapes": (
        RuntimeError,
        "torch.searchsorted(): boundaries tensor should be 1 dimension or the first N-1 "
        "dimensions of boundaries tensor and input value tensor must match, but we got "
        "boundaries tensor {boundaries} and input value tensor {values}",
    ),
    "searchsorted_sorter_dtype": (
        RuntimeError,
        "torch.searchsorted(): sorter must be a tensor of long dtype but got dtype {dtype}",
    ),
    "searchsorted_sorter_range": (RuntimeError, "torch.searchsorted(): sorter index out of range"),
    "bucketize_boundaries": (
        RuntimeError,
        "boundaries tensor must be 1 dimension, but got dim({ndim})",
    ),
    "histc_bins": (
        RuntimeError,
        "torch.histogram(): bins must be > 0, but got {bins} for dimension 0",
    ),
    "histc_range": (RuntimeError, "torch.histc: range of [{low}, {high}] is not finite"),
    "histc_order": (RuntimeError, "torch.histc: max must be larger than min"),
    "take_index_dtype": (RuntimeError, "take(): Expected a long tensor for index, but got {dtype}"),
    "take_out_of_range": (
        IndexError,
        "out of range: tried to access index {index} on a tensor of {numel} elements.",
    ),
    "take_empty": (IndexError, "take(): tried to take from an empty tensor"),
    "put_index_dtype": (RuntimeError, "put_(): Expected a long tensor for index, but got {dtype}"),
    "put_dtype": (
        RuntimeError,
        "put_(): self and source expected to have the same dtype, but got self.dtype = {dst} "
        "and source.dtype = {src}",
    ),
    "put_numel": (
        IndexError,
        "put_(): Expected source and index to have the same number of elements, but got "
        "source.numel() = {source}, index.numel() = {index}",
    ),
    "put_empty": (IndexError, "put_(): Tried to put elements into an empty tensor"),
    "index_select_dtype": (
        RuntimeError,
        "index_select(): Expected dtype int32 or int64 for index",
    ),
    "index_select_vector": (IndexError, "index_select(): Index is supposed to be a vector"),
    "index_fill_dtype": (IndexError, "index_fill_(): Expected dtype int64 for index."),
    "index_fill_complex": (
        RuntimeError,
        "index_fill_(): Converting complex Scalar to non-complex type is not supported",
    ),
    "index_vector_or_scalar": (RuntimeError, "Index has to be a vector/scalar"),
    "index_copy_index_ndim": (
        IndexError,
        "index_copy_(): Index should have dimension 1 or 0 (got {ndim})",
    ),
    "index_copy_scalar_source": (
        IndexError,
        "index_copy_(): When source is scalar, index should have one element (got {count})",
    ),
    "index_copy_ndim": (
        IndexError,
        "index_copy_(): When source and destination are not scalars, their dimensionality must "
        "match. Source dimensionality ({source}), destination dimensionality ({destination})",
    ),
    "index_copy_index_dtype": (
        RuntimeError,
        "index_copy_(): Expected a long tensor for index, but got {dtype}",
    ),
    "index_copy_dtype": (
        RuntimeError,
        "index_copy_(): self and source expected to have the same dtype, but got (self) {dst} "
        "and (source) {src}",
    ),
    "index_copy_slices": (
        RuntimeError,
        "index_copy_(): Source/destination tensor must have same slice shapes. Destination "
        "slice shape: {destination} at dimension {dim} and source slice shape: {source} at "
        "dimension 0.",
    ),
    "index_copy_count": (
        IndexError,
        "index_copy_(): Number of indices ({count}) should be equal to source.size(dim) ({size})",
    ),
    "index_copy_bounds": (
        IndexError,
        "index_copy_(): index {index} is out of bounds for dimension {dim} with size {size}",
    ),
    # --- indexing, views and shape ops (indexing.py / ops/views.py) ------------------
    "index_0dim": (
        IndexError,
        "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or "
        "`tensor.item<T>()` in C++ to convert a 0-dim tensor to a number",
    ),
    "slice_0dim": (IndexError, "slice() cannot be applied to a 0-dim tensor."),
    "index_type": (
        IndexError,
        "only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables "
        "are valid indices (got {type_name})",
    ),
    "index_broadcast": (
        IndexError,
        "shape mismatch: indexing tensors could not be broadcast together with shapes {shapes}",
    ),
    "mask_shape_at": (
        IndexError,
        "The shape of the mask {mask_shape} at index {mask_dim} does not match the shape of "
        "the indexed tensor {tensor_shape} at index {tensor_dim}",
    ),
    "index_put_value_shape": (
        RuntimeError,
        "shape mismatch: value tensor of shape {value_shape} cannot be broadcast to indexing "
        "result of shape {result_shape}",
    ),
    "index_put_dtype": (
        RuntimeError,
        "Index put requires the source and destination dtypes match, got {dst} for the "
        "destination and {src} for the source.",
    ),
    "setitem_value_type": (TypeError, "can't assign a {type_name} to a {legacy_type}"),
    "expand_too_few_sizes": (
        RuntimeError,
        "expand({legacy_type}{{{sizes}}}, size={target}): the number of sizes provided "
        "({count}) must be greater or equal to the number of dimensions in the tensor ({ndim})",
    ),
    "expand_leading_negative": (
        RuntimeError,
        "The expanded size of the tensor (-1) isn't allowed in a leading, non-existing "
        "dimension {dim}",
    ),
    "view_infer_twice": (RuntimeError, "only one dimension can be inferred"),
    "view_ambiguous": (
        RuntimeError,
        "cannot reshape tensor of 0 elements into shape {shape} because the unspecified "
        "dimension size -1 can be any value and is ambiguous",
    ),
    "view_bad_dim": (
        RuntimeError,
        "invalid shape dimension {size} at index {index} of shape {shape}",
    ),
    "permute_ndim": (
        RuntimeError,
        "permute(sparse_coo): number of dimensions in the tensor input does not match the "
        "length of the desired ordering of dimensions i.e. input.dim() = {ndim} is not equal "
        "to len(dims) = {count}",
    ),
    "permute_duplicate": (RuntimeError, "permute(): duplicate dims are not allowed."),
    "flip_duplicate": (RuntimeError, "dim {dim} appears multiple times in the list of dims"),
    "flip_ndim": (RuntimeError, "Input must be >= {ndim}-d."),
    "repeat_ndim": (
        RuntimeError,
        "Number of dimensions of repeat dims can not be smaller than number of dimensions "
        "of tensor",
    ),
    "flatten_order": (
        RuntimeError,
        "flatten() has invalid args: start_dim cannot come after end_dim",
    ),
    "diagonal_same_dims": (RuntimeError, "diagonal dimensions cannot be identical {dim1}, {dim2}"),
    "diag_ndim": (RuntimeError, "diag(): Supports 1D or 2D tensors. Got {ndim}D"),
    "rot90_dims_count": (
        RuntimeError,
        "expected total rotation dims == 2, but got dims = {count}",
    ),
    "rot90_ndim": (RuntimeError, "expected total dims >= 2, but got total dims = {ndim}"),
    "rot90_same_dims": (
        RuntimeError,
        "expected rotation dims to be different, but got dim0 = {dim0} and dim1 = {dim1}",
    ),
    "tensor_split_0dim": (
        RuntimeError,
        "tensor_split expected at least a 1-dimensional tensor, but got a tensor with 0 dims",
    ),
    "tensor_split_sections": (
        RuntimeError,
        "number of sections must be larger than 0, got {sections}",
    ),
    "tensor_split_index_dtype": (
        RuntimeError,
        "tensor_split expected tensor_indices_or_sections to have dtype of long, but got {dtype}",
    ),
    "tensor_split_index_ndim": (
        RuntimeError,
        "tensor_split expected tensor_indices_or_sections to be a zero-dimensional or "
        "one-dimensional tensor, but got a tensor with {ndim} dims",
    ),
    "t_ndim": (
        RuntimeError,
        "t() expects a tensor with <= 2 dimensions, but self is {ndim}D",
    ),
    "select_out_of_range": (
        IndexError,
        "select(): index {index} out of range for tensor of size {sizes} at dimension {dim}",
    ),
    "mT_ndim": (
        RuntimeError,
        "tensor.{name} is only supported on matrices or batches of matrices. Got {ndim}-D tensor.",
    ),
    "narrow_start": (
        IndexError,
        "start out of range (expected to be in range of [{low}, {high}], but got {start})",
    ),
    "narrow_length": (
        RuntimeError,
        "start ({start}) + length ({length}) exceeds dimension size ({size}).",
    ),
    "narrow_negative_length": (RuntimeError, "narrow(): length must be non-negative."),
    "split_size_zero": (
        RuntimeError,
        "split_size can only be 0 if dimension size is 0, but got dimension size of {size}",
    ),
    "split_size_negative": (
        RuntimeError,
        "split expects split_size be non-negative, but got split_size={step}",
    ),
    "split_sizes_negative": (
        RuntimeError,
        "split_with_sizes expects split_sizes have only non-negative entries, but got "
        "split_sizes={sizes}",
    ),
    "split_sizes_sum": (
        RuntimeError,
        "split_with_sizes expects split_sizes to sum exactly to {size} (input tensor's size "
        "at dimension {dim}), but got split_sizes={sizes}",
    ),
    "chunk_count": (
        RuntimeError,
        "chunk expects `chunks` to be greater than 0, got: {chunks}",
    ),
    "cat_empty": (ValueError, "torch.cat(): expected a non-empty list of Tensors"),
    "stack_empty_list": (RuntimeError, "{name} expects a non-empty TensorList"),
    "cat_ndim": (
        RuntimeError,
        "Tensors must have same number of dimensions: got {ndim_a} and {ndim_b}",
    ),
    "stack_empty": (RuntimeError, "stack expects a non-empty TensorList"),
    "masked_fill_mask_dtype": (
        RuntimeError,
        "masked_fill_ only supports boolean masks, but got mask with dtype {dtype}",
    ),
    "fill_value_ndim": (
        RuntimeError,
        "{op} only supports a 0-dimensional value tensor, but got tensor with {ndim} dimension(s).",
    ),
    "index_empty_dim": (IndexError, "index is out of bounds for dimension with size 0"),
    "masked_select_dtype": (
        RuntimeError,
        "masked_select: expected BoolTensor for mask",
    ),
    "internal_overlap": (
        RuntimeError,
        "unsupported operation: more than one element of the written-to tensor refers to a "
        "single memory location. Please clone() the tensor before performing the operation.",
    ),
    "view_no_grad_base_modified": (
        RuntimeError,
        "A view was created in no_grad mode and its base or another view of its base has "
        "been modified inplace with grad mode enabled. Given that this use case is ambiguous "
        "and error-prone, it is forbidden. You can clarify your code by moving both the view "
        "and the inplace either both inside the no_grad block (if you don't want the inplace "
        "to be tracked) or both outside (if you want the inplace to be tracked).",
    ),
    "narrow_0dim": (RuntimeError, "narrow() cannot be applied to a 0-dim tensor."),
    "select_0dim": (IndexError, "select() cannot be applied to a 0-dim tensor."),
    "split_0dim": (RuntimeError, "{op} expects at least a 1-dimensional tensor"),
    "index_select_scalar": (
        RuntimeError,
        "index_select(): Index to scalar can have only 1 value, got {count} value(s)",
    ),
    "index_select_range": (IndexError, "index out of range in self"),
    "index_select_empty_dim": (
        RuntimeError,
        "index_select(): self indexing axis dim should be positive",
    ),
    "gather_out_of_bounds": (
        RuntimeError,
        "index {index} is out of bounds for dimension {dim} with size {size}",
    ),
    "index_select_bounds": (
        RuntimeError,
        "INDICES element is out of DATA bounds, id={index} axis_dim={size}",
    ),
    # --- further torch texts (autograd.Function, conversions, argument checks) ---------
    "post_accumulate_hook_returned": (
        RuntimeError,
        "Tensor post accumulate grad hooks should return None.",
    ),
    "post_accumulate_hook_nonleaf": (
        RuntimeError,
        "post accumulate grad hooks cannot be registered on non-leaf tensors",
    ),
    "requires_grad_not_bool": (RuntimeError, "requires_grad must be a bool"),
    "index_conversion": (
        TypeError,
        "only integer tensors of a single element can be converted to an index",
    ),
    "bool_empty": (RuntimeError, "Boolean value of Tensor with no values is ambiguous"),
    "len_0d": (TypeError, "len() of a 0-d tensor"),
    "iter_0d": (TypeError, "iteration over a 0-d tensor"),
    "deepcopy_nonleaf": (
        RuntimeError,
        "Only Tensors created explicitly by the user (graph leaves) support the deepcopy protocol "
        "at the moment.  If you were attempting to deepcopy a module, this may be because of a "
        "torch.nn.utils.weight_norm usage, see https://github.com/pytorch/pytorch/pull/103001",
    ),
    "grad_outputs_count": (
        RuntimeError,
        "got {outputs} tensors and {got} gradients",
    ),
    # (torch/autograd/__init__.py's _make_grads, for backward() and grad() alike)
    "gradient_type": (TypeError, "gradients can be either Tensors or None, but got {type_name}"),
    "materialize_needs_allow_unused": (
        ValueError,
        "Expected allow_unused to be True or not passed when materialize_grads=True, but got: "
        "allow_unused=False.",
    ),
    "save_for_backward_type": (
        TypeError,
        "save_for_backward can only save variables, but argument {index} is of type {type_name}",
    ),
    "function_gradient_count": (
        RuntimeError,
        "function {name} returned an incorrect number of gradients (expected {expected}, got "
        "{got})",
    ),
    "function_gradient_type": (RuntimeError, "expected Variable or None (got {type_name})"),
    "function_gradient_not_variable": (
        RuntimeError,
        "function {name} returned a gradient different than None at position {position}, but "
        "the corresponding forward input was not a Variable",
    ),
    # (torch's validate_outputs, for any node's gradients, in the engine's backward loops)
    "function_invalid_gradient": (
        RuntimeError,
        "Function {name} returned an invalid gradient at index {index} - got {got} but "
        "expected shape compatible with {expected}",
    ),
    # (python_hook.cpp's check_result, for the hooks of a node: grad_fn.register_hook ...)
    "hook_expected_tuple": (TypeError, "expected tuple, but hook returned '{type_name}'"),
    "hook_value_count": (
        RuntimeError,
        "hook '{name}' has returned an incorrect number of values (got {got}, but expected "
        "{expected})",
    ),
    "hook_replaced_none": (RuntimeError, "can't replace a None gradient with a non-None value"),
    # (Function.apply's keywords, placed by forward's parameter names)
    "function_keyword_unexpected": (
        TypeError,
        "forward() got an unexpected keyword argument '{name}'",
    ),
    "function_keyword_missing": (
        TypeError,
        "forward() missing required argument: '{name}' (position {position})",
    ),
    "legacy_function": (
        RuntimeError,
        "Legacy autograd function with non-static forward method is deprecated. Please use "
        "new-style autograd function with static forward method. (Example: "
        "https://pytorch.org/docs/stable/autograd.html#torch.autograd.Function)",
    ),
    "function_forward_missing": (
        NotImplementedError,
        "You must implement the forward function for custom autograd.Function.",
    ),
    "function_backward_missing": (
        NotImplementedError,
        "You must implement either the backward or vjp method for your custom autograd.Function "
        "to use it with backward mode AD.",
    ),
    "fill_value_dims": (
        RuntimeError,
        "fill_ only supports 0-dimension value tensor but got tensor with {ndim} dimensions.",
    ),
    "derivative_not_implemented": (RuntimeError, "derivative for aten::{op} is not implemented"),
    "argument_not_tensor": (
        TypeError,
        "{op}(): argument '{arg}' (position {position}) must be Tensor, not {type_name}",
    ),
    "addmm_dtypes": (
        RuntimeError,
        "{which} and mat2 must have the same dtype, but got {dtype1} and {dtype2}",
    ),
    "addmv_dtypes": (
        RuntimeError,
        "addmv input tensors must have the same dtype, but got {self}, {mat}, and {vec}",
    ),
    "matmul_dtypes": (
        RuntimeError,
        "expected m1 and m2 to have the same dtype, but got: {dtype1} != {dtype2}",
    ),
    "mv_dims": (RuntimeError, "vector + matrix @ vector expected, got {vec}, {mat}, {vec}"),
    "addmv_dims": (RuntimeError, "vector + matrix @ vector expected, got {self}, {mat}, {vec}"),
    "not_a_matrix": (RuntimeError, "{name} must be a matrix"),
    "addmm_not_a_matrix": (RuntimeError, "{name} must be a matrix, got {dims}-D tensor"),
    "rounding_mode": (
        RuntimeError,
        "div expected rounding_mode to be one of None, 'trunc', or 'floor' but found '{mode}'",
    ),
    "where_condition_type": (TypeError, "where(): argument 'condition' must be Tensor"),
    "where_condition_dtype": (
        RuntimeError,
        "where expected condition to be a boolean tensor, but got a tensor with dtype {dtype}",
    ),
    "dim_repeated": (RuntimeError, "dim {dim} appears multiple times in the list of dims"),
    "arg_reduction_bool": (RuntimeError, "{op}(): does not support bool input"),
    "vector_norm_dtype": (
        RuntimeError,
        "linalg.vector_norm: Expected a floating point or complex tensor as input. Got {dtype}",
    ),
    "invalid_reduction": (ValueError, "{reduction} is not a valid value for reduction"),
    # --- torch.nn modules and torch.optim (nn/modules.py, optim.py) ------------------------
    "module_forward_missing": (
        NotImplementedError,
        'Module [{name}] is missing the required "forward" function',
    ),
    "module_assign_before_init": (
        AttributeError,
        "cannot assign {what} before Module.__init__() call",
    ),
    "module_assign_registered": (
        TypeError,
        "cannot assign '{got}' as {kind} '{name}' (torch.nn.{expected} or None expected)",
    ),
    "module_train_mode": (ValueError, "training mode is expected to be boolean"),
    "module_register_parameter": (
        TypeError,
        "cannot assign '{got}' object to parameter '{name}' (torch.nn.Parameter or None required)",
    ),
    "module_add_module": (TypeError, "{got} is not a Module subclass"),
    "sequential_index": (IndexError, "index {index} is out of range"),
    "optimizer_params_tensor": (
        TypeError,
        "params argument given to the optimizer should be an iterable of Tensors or dicts, "
        "but got {got}",
    ),
    "optimizer_empty": (ValueError, "optimizer got an empty parameter list"),
    "optimizer_params_set": (
        TypeError,
        "optimizer parameters need to be organized in ordered collections, but the ordering "
        "of tensors in sets will change between runs. Please use a list instead.",
    ),
    "optimizer_not_tensor": (
        TypeError,
        "optimizer can only optimize Tensors, but one of the params is {got}",
    ),
    "optimizer_non_leaf": (ValueError, "can't optimize a non-leaf Tensor"),
    "optimizer_param_in_two_groups": (
        ValueError,
        "some parameters appear in more than one parameter group",
    ),
    "optimizer_tensor_lr": (ValueError, "Tensor lr must be 1-element"),
    "optimizer_invalid": (ValueError, "Invalid {what}: {value}"),
    "sgd_nesterov": (ValueError, "Nesterov momentum requires a momentum and zero dampening"),
    "adam_betas": (ValueError, "betas must be either both floats or both Tensors"),
    "tensor_data_type": (TypeError, "can't convert data of type {dtype} to a tensor"),
    "from_numpy_type": (TypeError, "expected np.ndarray (got {type_name})"),
    "numpy_negative_strides": (
        ValueError,
        "At least one stride in the given numpy array is negative, and tensors with negative "
        "strides are not currently supported. (You can probably work around this by making a "
        "copy of your array  with array.copy().)",
    ),
    "legacy_new_arguments": (
        TypeError,
        "new() received an invalid combination of arguments - got {arguments}",
    ),
    "legacy_new_not_sequence": (TypeError, "new(): data must be a sequence (got {type_name})"),
    "legacy_new_dtype": (
        TypeError,
        "expected TensorOptions(dtype={expected}, device=cpu, layout=Strided, requires_grad=false "
        "(default), pinned_memory=false (default), memory_format=(nullopt)) (got TensorOptions("
        "dtype={got}, device=cpu, layout=Strided, requires_grad=false (default), pinned_memory="
        "false (default), memory_format=(nullopt)))",
    ),
    "invalid_type": (ValueError, "invalid type: '{name}'"),
    "type_argument_type": (TypeError, "dtype must be a type, str, or dtype object"),
    "operand_type": (TypeError, "unsupported operand type(s): 'Tensor' and '{type_name}'"),
    "broadcast_shapes": (
        RuntimeError,
        "Attempting to broadcast a dimension of length {size} at -{offset}! Mismatching "
        "argument at index {index} had {shape}; but expected shape should be "
        "broadcastable to {result}",
    ),
    "attribute_not_writable": (
        AttributeError,
        "attribute '{name}' of 'torch._C.TensorBase' objects is not writable",
    ),
    "data_not_tensor": (TypeError, "Variable data has to be a tensor, but got {type_name}"),
    # --- einsum / tensordot (ops/contraction.py) --------------------------------------
    "einsum_arguments": (
        ValueError,
        "einsum(): must specify the equation string and at least one operand, or at least one "
        "operand and its subscripts list",
    ),
    "einsum_sublist": (
        ValueError,
        "einsum(): subscript in subscript list is not within the valid range [0, 52)",
    ),
    "einsum_second_ellipsis": (
        RuntimeError,
        "einsum(): found '.' for operand {operand} for which an ellipsis was already found",
    ),
    "einsum_lone_dot": (
        RuntimeError,
        "einsum(): found '.' for operand {operand} that is not part of any ellipsis",
    ),
    "einsum_fewer_operands": (
        RuntimeError,
        "einsum(): fewer operands were provided than specified in the equation",
    ),
    "einsum_more_operands": (
        RuntimeError,
        "einsum(): more operands were provided than specified in the equation",
    ),
    "einsum_subscript": (
        RuntimeError,
        "einsum(): invalid subscript given at index {index} in the equation string, subscripts "
        "must be in [a-zA-Z]",
    ),
    "einsum_dims": (
        RuntimeError,
        "einsum(): the number of subscripts in the equation ({labels}) does not match the number "
        "of dimensions ({ndim}) for operand {operand} and no ellipsis was given",
    ),
    "einsum_ellipsis_dims": (
        RuntimeError,
        "einsum(): the number of subscripts in the equation ({labels}) is more than the number "
        "of dimensions ({ndim}) for operand {operand}",
    ),
    "einsum_output_second_ellipsis": (
        RuntimeError,
        "einsum(): found '.' for output but an ellipsis (...) was already found",
    ),
    "einsum_output_lone_dot": (
        RuntimeError,
        "einsum(): found '.' for output that is not part of any ellipsis (...)",
    ),
    "einsum_output_repeated": (
        RuntimeError,
        "einsum(): output subscript {label} appears more than once in the output",
    ),
    "einsum_output_unknown": (
        RuntimeError,
        "einsum(): output subscript {label} does not appear in the equation for any input operand",
    ),
    "einsum_ellipsis_broadcast": (  # (torch's text lacks the space after the operand)
        RuntimeError,
        "einsum(): dimension {dim} covered by ellipsis in operand {operand}has size {size} "
        "which does not broadcast with previously seen ellipsis with size {seen} for the "
        "respective dimension",
    ),
    "einsum_broadcast": (
        RuntimeError,
        "einsum(): subscript {label} has size {size} for operand {operand} which does not "
        "broadcast with previously seen size {seen}",
    ),
    "einsum_repeated": (
        RuntimeError,
        "einsum(): subscript {label} is repeated for operand {operand} but the sizes don't "
        "match, {size} != {previous}",
    ),
    "einsum_pair_mismatch": (RuntimeError, "non-broadcast dimensions must match"),
    "tensordot_dims_type": (
        RuntimeError,
        "tensordot expects dims to be int or tuple[list[int], list[int]] or list[list[int]] "
        "containing two lists, but got dims={dims}",
    ),
    "tensordot_negative": (RuntimeError, "tensordot expects dims >= 0, but got dims={dims}"),
    "tensordot_too_many": (
        RuntimeError,
        "tensordot expects dims < ndim_a or ndim_b, but got dims={dims}",
    ),
    "tensordot_lengths": (RuntimeError, "both dimension lists should have same length"),
    "tensordot_dtypes": (RuntimeError, "both inputs should have same dtype"),
    "tensordot_sizes": (
        RuntimeError,
        "contracted dimensions need to match, but first has size {s1} in dim {d1} and second "
        "has size {s2} in dim {d2}",
    ),
    # --- trace / inner / cross / dist (ops/products.py) ----------------------------------
    "trace_matrix": (RuntimeError, "trace: expected a matrix, but got tensor with dim {ndim}"),
    "inner_sizes": (
        RuntimeError,
        "inner() the last dimension must match on both input tensors but got shapes {shape1} "
        "and {shape2}",
    ),
    "cross_ndim": (RuntimeError, "linalg.cross: inputs must have the same number of dimensions."),
    "cross_length": (
        RuntimeError,
        "linalg.cross: inputs dimension {dim} must have length 3. Got {size1} and {size2}",
    ),
    "cross_no_dim": (RuntimeError, "no dimension of size 3 in input"),
    "batch_not_3d": (RuntimeError, "{name} must be a 3D tensor"),
    "baddbmm_batch2": (
        RuntimeError,
        "Expected size for first two dimensions of batch2 tensor to be: [{batches}, {inner}] "
        "but got: [{got0}, {got1}].",
    ),
    "baddbmm_dtypes": (
        RuntimeError,
        "Input dtypes must be the same, got: input {dtype}, batch1: {dtype1}, batch2: {dtype2}",
    ),
    "addbmm_batches": (
        RuntimeError,
        "batch1 and batch2 must have same number of batches, got {n1} and {n2}",
    ),
    "addbmm_sizes": (RuntimeError, "Incompatible matrix sizes for bmm ({r1}x{c1} and {r2}x{c2})"),
    "undefined_tensor_argument": (
        RuntimeError,
        "Expected a proper Tensor but got None (or an undefined Tensor in C++) for argument #0 "
        "'self'",
    ),
    "norm_dtype": (
        RuntimeError,
        "norm(): input dtype should be either floating point or complex. Got {dtype} instead.",
    ),
    # --- inv / det / solve (ops/solvers.py) --------------------------------------------
    "linalg_dims": (RuntimeError, "{name}: The input tensor A must have at least 2 dimensions."),
    "linalg_square": (
        RuntimeError,
        "{name}: A must be batches of square matrices, but they are {rows} by {cols} matrices",
    ),
    "linalg_floating": (
        RuntimeError,
        "{name}: Expected a floating point or complex tensor as input. Got {dtype}",
    ),
    "linalg_low_precision": (
        RuntimeError,
        "{name}: Low precision dtypes not supported. Got {dtype}",
    ),
    "inv_singular": (
        LinAlgError,
        "{name}: {batch}The diagonal element {pivot} is zero, the inversion could not be "
        "completed because the input matrix is singular.",
    ),
    "solve_singular": (
        LinAlgError,
        "{name}: {batch}The solver failed because the input matrix is singular.",
    ),
    "solve_dtypes": (
        RuntimeError,
        "linalg.solve: Expected A and B to have the same dtype, but found A of type {dtype1} and "
        "B of type {dtype2} instead",
    ),
    "solve_vector_right": (
        RuntimeError,
        "linalg.solve: Vector broadcasting of the left hand side is not supported for left=False. "
        "In this case linalg.solve is equivalent to B / A.squeeze(-1)",
    ),
    "solve_shapes": (
        RuntimeError,
        "linalg.solve: Incompatible shapes of A and B for the equation {equation} ({n}x{n} and "
        "{rows}x{cols})",
    ),
    # --- slogdet, svdvals, matrix_norm, vecdot, multi_dot, matrix_rank, pinv
    # (ops/matrix_functions.py)
    "norm_dtype_floating": (
        RuntimeError,
        "{name}: dtype should be floating point or complex, but got {dtype}",
    ),
    "norm_dtype_narrowing": (
        RuntimeError,
        "{name}: the dtype of the input ({dtype}) should be convertible without narrowing to "
        "the specified dtype ({wanted})",
    ),
    "matrix_norm_dims": (RuntimeError, "linalg.matrix_norm: dim must be a 2-tuple. Got {got}"),
    "matrix_norm_same_dims": (
        RuntimeError,
        "linalg.matrix_norm: dims must be different. Got ({dim0}, {dim1})",
    ),
    "matrix_norm_order": (RuntimeError, "linalg.matrix_norm: Order {ord} not supported."),
    "vecdot_dtypes": (
        RuntimeError,
        "linalg.vecdot: Expected x and y to have the same dtype, but found x of type {dtype1} "
        "and y of type {dtype2} instead",
    ),
    "multi_dot_count": (RuntimeError, "multi_dot(): expected at least 2 tensors but got {count}"),
    "multi_dot_end": (
        RuntimeError,
        "multi_dot(): the {which} tensor must be 1D or 2D but got {ndim}D",
    ),
    "multi_dot_middle": (RuntimeError, "multi_dot(): tensor {index} must be 2D but got {ndim}D"),
    "multi_dot_dtypes": (
        RuntimeError,
        "multi_dot(): all tensors must have be the same dtype but tensor 0 is {first} and "
        "tensor {index} {other}",
    ),
    "multi_dot_shapes": (
        RuntimeError,
        "multi_dot(): tensors {left} and {right} with shapes {shape1} and {shape2} cannot be "
        "multiplied",
    ),
    "chain_matmul_dim": (RuntimeError, "Tensor dimension is {ndim}, expected 2 instead."),
    "chain_matmul_empty": (RuntimeError, "chain_matmul(): Expected one or more matrices"),
    "matrix_rank_dims": (
        RuntimeError,
        "torch.linalg.matrix_rank: The input tensor input must have at least 2 dimensions.",
    ),
    "eigh_uplo": (RuntimeError, "Expected UPLO argument to be 'L' or 'U', but got {uplo}"),
    "cholesky_not_positive_definite": (
        LinAlgError,
        "{name}: {batch}The factorization could not be completed because the input is not "
        "positive-definite (the leading minor of order {order} is not positive-definite).",
    ),
    "qr_mode": (
        RuntimeError,
        "qr received unrecognized mode '{mode}' but expected one of 'reduced' (default), 'r', or "
        "'complete'",
    ),
    "qr_backward_r": (
        RuntimeError,
        "The derivative of linalg.qr depends on Q, which is not computed when mode='r'. Please "
        "use linalg.qr(A, mode='reduced') if you are going to differentiate through linalg.qr.",
    ),
    "qr_backward_complete": (
        RuntimeError,
        "The QR decomposition is not differentiable when mode='complete' and nrows > ncols.",
    ),
    "svd_dims": (
        RuntimeError,
        "linalg.svd: input should have at least 2 dimensions, but has {ndim} dimensions instead",
    ),
    "svd_float_double": (
        RuntimeError,
        "This function doesn't handle types other than float and double",
    ),
    "pinv_input": (
        RuntimeError,
        "linalg.pinv({dtype}{{{shape}}}): expected a tensor with 2 or more dimensions of float, "
        "double, cfloat or cdouble types",
    ),
    # --- trapezoid, cumulative_trapezoid (ops/integration.py)
    "trapezoid_bool_y": (
        RuntimeError,
        "{name}: received a bool input for `y`, but bool is not supported",
    ),
    "trapezoid_bool_x": (
        RuntimeError,
        "{name}: received a bool input for `x` or `y`, but bool is not supported",
    ),
    "trapezoid_x_count": (
        RuntimeError,
        "{name}: There must be one `x` value for each sample point",
    ),
    "trapezoid_dx": (RuntimeError, "{name}: Currently, we only support dx as a real number."),
    # --- cov / corrcoef (ops/covariance.py)
    "cov_dims": (
        RuntimeError,
        "{name}(): expected input to have two or fewer dimensions but got an input with {ndim} "
        "dimensions",
    ),
    "cov_bool": (RuntimeError, "cov(): bool dtype is not supported for input"),
    "cov_weights_dims": (
        RuntimeError,
        "cov(): expected {name} to have one or fewer dimensions but got {name} with {ndim} "
        "dimensions",
    ),
    "cov_weights_dtype": (
        RuntimeError,
        "cov(): expected {name} to have {kind} dtype but got {name} with {dtype} dtype",
    ),
    "cov_weights_numel": (
        RuntimeError,
        "cov(): expected {name} to have the same numel as there are observations in the input "
        "but got {numel} != {observations}",
    ),
    "cov_weights_negative": (RuntimeError, "cov(): {name} cannot be negative"),
    "cov_weights_zero": (RuntimeError, "cov(): weights sum to zero, can't be normalized"),
    "cosine_dtype": (
        RuntimeError,
        "expected common dtype to be floating point, yet common dtype is {dtype}",
    ),
    "cdist_dims": (RuntimeError, "cdist only supports at least 2D tensors, {name} got: {ndim}D"),
    "cdist_columns": (
        RuntimeError,
        "X1 and X2 must have the same number of columns. X1: {c1} X2: {c2}",
    ),
    "cdist_dtype": (RuntimeError, "cdist only supports floating-point dtypes, {name} got: {dtype}"),
    "cdist_negative_p": (RuntimeError, "cdist only supports non-negative p values"),
    "cdist_double_backward": (
        NotImplementedError,
        "the derivative for '_cdist_backward' is not implemented.",
    ),
    "std_var_dtype": (RuntimeError, "{op} only support floating point and complex dtypes"),
    "quantile_dtype": (
        RuntimeError,
        "quantile() input tensor must be either float or double dtype",
    ),
    "quantile_q_dtype": (
        RuntimeError,
        "quantile() q tensor must be same dtype as the input tensor",
    ),
    "quantile_q_dims": (RuntimeError, "quantile() q must be a scalar or 1D tensor"),
    "quantile_q_values": (RuntimeError, "quantile() q values must be in the range [0, 1]"),
    "quantile_q_range": (RuntimeError, "quantile() q must be in the range [0, 1] but got {q}"),
    "quantile_empty": (RuntimeError, "quantile() input tensor must be non-empty"),
    "quantile_interpolation": (
        RuntimeError,
        "quantile() interpolation must be one of linear, lower, higher, midpoint or nearest, "
        "but got {mode}",
    ),
    "kthvalue_k": (RuntimeError, "kthvalue(): selected number k out of range for dimension {dim}"),
    "aminmax_empty": (
        RuntimeError,
        "aminmax(): cannot compute aminmax over an empty dimension as the operation has no "
        "identity.",
    ),
    "aminmax_dim_empty": (
        IndexError,
        "aminmax: Expected reduction dim {dim} to have non-zero size.",
    ),
    # ops/misc_pointwise.py
    "addcdiv_integer_division": (
        RuntimeError,
        "Integer division with addcdiv is no longer supported, and in a future  release addcdiv "
        "will perform a true division of tensor1 and tensor2. The historic addcdiv behavior can "
        "be implemented as (input + value * torch.trunc(tensor1 / tensor2)).to(input.dtype) for "
        "integer inputs and as (input + value * tensor1 / tensor2) for float inputs. The future "
        "addcdiv behavior is just the latter implementation: (input + value * tensor1 / "
        "tensor2), for all dtypes.",
    ),
    "bad_inplace_dtype": (
        RuntimeError,
        "Bad in-place call: input tensor dtype {input} and output tensor dtype {output} should "
        "match",
    ),
    "bad_inplace_size": (
        RuntimeError,
        "Bad in-place call: input tensor size {input} and output tensor size {output} should match",
    ),
    "frexp_dtype": (RuntimeError, "torch.frexp() only supports floating-point dtypes"),
    "ldexp_cast": (RuntimeError, "ldexp can't be cast to the desired output type {output}"),
    "positive_bool": (RuntimeError, "The `+` operator, on a bool tensor is not supported."),
    # --- gradekit's own limits ------------------------------------------------------
    "unsupported": (
        NotImplementedError,
        "gradekit engine does not support {qualname}; install torch and use --backend torch",
    ),
}

WARNINGS: dict[str, str] = {
    "output_resized": (
        "An output with one or more elements was resized since it had shape {shape}, which "
        "does not match the required output shape {required}. This behavior is deprecated, and "
        "in a future PyTorch release outputs will not be resized unless they have zero "
        "elements. You can explicitly reuse an out tensor t by resizing it, inplace, to zero "
        "elements with t.resize_(0). (Triggered internally at "
        "/__w/pytorch/pytorch/aten/src/ATen/native/Resize.cpp:30.)"
    ),
    "degrees_of_freedom": (
        "{op}(): degrees of freedom is <= 0. Correction should be strictly less than the "
        "reduction factor (input numel divided by output numel). (Triggered internally at "
        "/__w/pytorch/pytorch/aten/src/ATen/native/ReduceOps.cpp:1861.)"
    ),
    "meshgrid_indexing": (
        "torch.meshgrid: in an upcoming release, it will be required to pass the indexing "
        "argument. (Triggered internally at "
        "/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp:4215.)"
    ),
    "variable_volatile": (
        "volatile was removed and now has no effect. Use `with torch.no_grad():` instead."
    ),
    # (a DeprecationWarning: autograd/function.py warns it itself)
    "function_instantiated": (
        "{cls} should not be instantiated. Methods on autograd functions are all static, so "
        "you should invoke them on the class itself. Instantiating an autograd function will "
        "raise an error in a future version of PyTorch."
    ),
    "float_of_requires_grad": (
        "Converting a tensor with requires_grad=True to a scalar may lead to unexpected "
        "behavior.\nConsider using tensor.detach() first. (Triggered internally at "
        "/__w/pytorch/pytorch/torch/csrc/autograd/generated/python_variable_methods.cpp:822.)"
    ),
    "nonleaf_grad_access": (
        "The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. Its "
        ".grad attribute won't be populated during autograd.backward(). If you indeed want "
        "the .grad field to be populated for a non-leaf Tensor, use .retain_grad() on the "
        "non-leaf Tensor. If you access the non-leaf Tensor by mistake, make sure you "
        "access the leaf Tensor instead. See github.com/pytorch/pytorch/pull/30531 for more "
        "information. (Triggered internally at /__w/pytorch/pytorch/build/aten/src/ATen/core/"
        "TensorBody.h:493.)"
    ),
    "backward_create_graph": (
        "Using backward() with create_graph=True will create a reference cycle between the "
        "parameter and its gradient which can cause a memory leak. We recommend using "
        "autograd.grad when creating the graph to avoid this. If you have to use this "
        "function, make sure to reset the .grad fields of your parameters to None after use "
        "to break the cycle and avoid the leak. (Triggered internally at "
        "/__w/pytorch/pytorch/torch/csrc/autograd/engine.cpp:1307.)"
    ),
    "tensor_from_ndarray_list": (
        "Creating a tensor from a list of numpy.ndarrays is extremely slow. Please consider "
        "converting the list to a single numpy.ndarray with numpy.array() before converting "
        "to a tensor. (Triggered internally at "
        "/__w/pytorch/pytorch/torch/csrc/utils/tensor_new.cpp:252.)"
    ),
    "tensor_copy_construct": (
        "To copy construct from a tensor, it is recommended to use "
        "sourceTensor.detach().clone() or sourceTensor.detach().clone().requires_grad_(True), "
        "rather than torch.tensor(sourceTensor)."
    ),
    "new_tensor_copy_construct": (
        "To copy construct from a tensor, it is recommended to use "
        "sourceTensor.detach().clone() or sourceTensor.detach().clone().requires_grad_(True), "
        "rather than tensor.new_tensor(sourceTensor)."
    ),
    "transpose_T_deprecated": (
        "The use of `x.T` on tensors of dimension other than 2 to reverse their shape is "
        "deprecated and it will throw an error in a future release. Consider `x.mT` to "
        "transpose batches of matrices or `x.permute(*torch.arange(x.ndim - 1, -1, -1))` to "
        "reverse the dimensions of a tensor. (Triggered internally at "
        "/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp:4314.)"
    ),
    "mse_size": MESSAGES["mse_size_warning"][1],
    "kl_div_mean": (
        "reduction: 'mean' divides the total loss by both the batch size and the support "
        "size.'batchmean' divides only by the batch size, and aligns with the KL div math "
        "definition.'mean' will be changed to behave the same as 'batchmean' in the next "
        "major release."
    ),
    "implicit_softmax_dim": (
        "Implicit dimension choice for {name} has been deprecated. Change the call to include "
        "dim=X as an argument."
    ),
    "optimizer_duplicate_params": (
        "optimizer contains a parameter group with duplicate parameters; in future, this will "
        "cause an error; see github.com/pytorch/pytorch/issues/40967 for more information"
    ),
    "legacy_reduction": (
        "size_average and reduce args will be deprecated, please use reduction='{reduction}'"
        " instead."
    ),
    "numpy_not_writable": (
        "The given NumPy array is not writable, and PyTorch does not support non-writable "
        "tensors. This means writing to this tensor will result in undefined behavior. You "
        "may want to copy the array to protect its data or make it writable before "
        "converting it to a tensor. This type of warning will be suppressed for the rest of "
        "this program. (Triggered internally at "
        "/__w/pytorch/pytorch/torch/csrc/utils/tensor_numpy.cpp:213.)"
    ),
    "non_tuple_sequence_index": (
        "Using a non-tuple sequence for multidimensional indexing is deprecated and will be "
        "changed in pytorch 2.9; use x[tuple(seq)] instead of x[seq]. In pytorch 2.9 this will "
        "be interpreted as tensor index, x[torch.tensor(seq)], which will result either in an "
        "error or a different result (Triggered internally at "
        "/__w/pytorch/pytorch/torch/csrc/autograd/python_variable_indexing.cpp:349.)"
    ),
    "uint8_index": (
        "indexing with dtype torch.uint8 is now deprecated, please use a dtype torch.bool "
        "instead. (Triggered internally at "
        "/__w/pytorch/pytorch/aten/src/ATen/native/IndexingUtils.h:37.)"
    ),
    "mT_0d": (
        "Tensor.mT is deprecated on 0-D tensors. This function is the identity in these "
        "cases. (Triggered internally at "
        "/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp:4373.)"
    ),
    "mH_0d": (
        "Tensor.mH is deprecated on 0-D tensors. Consider using x.conj(). (Triggered "
        "internally at /__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp:4382.)"
    ),
    "adjoint_0d": (
        "adjoint() is deprecated on 0-D tensors. Consider using x.conj(). (Triggered "
        "internally at /__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp:4390.)"
    ),
    "index_put_expanded": (
        "Use of index_put_ on expanded tensors is deprecated. Please clone() the tensor before "
        "performing this operation. This also applies to advanced indexing e.g. "
        "tensor[indices] = tensor (Triggered internally at "
        "/__w/pytorch/pytorch/aten/src/ATen/native/TensorAdvancedIndexing.cpp:976.)"
    ),
    "masked_fill_expanded": (
        "Use of masked_fill_ on expanded tensors is deprecated. Please clone() the tensor before "
        "performing this operation. This also applies to advanced indexing e.g. tensor[mask] = "
        "scalar (Triggered internally at "
        "/__w/pytorch/pytorch/aten/src/ATen/native/TensorAdvancedIndexing.cpp:2450.)"
    ),
    "scatter_reduce_deprecated": (
        "The reduce argument of torch.scatter with Tensor src is deprecated and will be "
        "removed in a future PyTorch release. Use torch.scatter_reduce instead for more "
        "reduction options. (Triggered internally at "
        "/__w/pytorch/pytorch/aten/src/ATen/native/TensorAdvancedIndexing.cpp:225.)"
    ),
    "masked_scatter_uint8": (
        "masked_scatter_ received a mask with dtype torch.uint8, this behavior is now "
        "deprecated,please use a mask with dtype torch.bool instead. (Triggered internally at "
        "/__w/pytorch/pytorch/aten/src/ATen/native/TensorAdvancedIndexing.cpp:3130.)"
    ),
    "searchsorted_values_noncontiguous": (
        "torch.searchsorted(): input value tensor is non-contiguous, this will lower the "
        "performance due to extra data copy when converting non-contiguous tensor to contiguous, "
        "please use contiguous input value tensor if possible. This message will only appear "
        "once per program. (Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/"
        "BucketizationUtils.h:32.)"
    ),
    "searchsorted_boundaries_noncontiguous": (
        "torch.searchsorted(): boundary tensor is non-contiguous, this will lower the performance "
        "due to extra data copy when converting non-contiguous tensor to contiguous, please use "
        "contiguous boundary tensor if possible. This message will only appear once per program. "
        "(Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/"
        "BucketizationUtils.h:38.)"
    ),
    "searchsorted_sorter_noncontiguous": (
        "torch.searchsorted(): sorter tensor is non-contiguous, this will lower the performance "
        "due to extra data copy when converting non-contiguous tensor to contiguous, please use "
        "contiguous sorter tensor if possible. This message will only appear once per program. "
        "(Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/"
        "BucketizationUtils.h:44.)"
    ),
    "index_reduce_beta": (
        "index_reduce() is in beta and the API may change at any time. (Triggered internally "
        "at /__w/pytorch/pytorch/aten/src/ATen/native/TensorAdvancedIndexing.cpp:1523.)"
    ),
    "index_fill_expanded": (
        "Use of index_fill_ on expanded tensors is deprecated. Please clone() the tensor before "
        "performing this operation. This also applies to advanced indexing e.g. tensor[mask] = "
        "scalar (Triggered internally at "
        "/__w/pytorch/pytorch/aten/src/ATen/native/TensorAdvancedIndexing.cpp:1913.)"
    ),
    "transpose_T_0d": (
        "Tensor.T is deprecated on 0-D tensors. This function is the identity in these cases. "
        "(Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp:4321.)"
    ),
    "cholesky_deprecated": (
        "torch.cholesky is deprecated in favor of torch.linalg.cholesky and will be removed in "
        "a future PyTorch release.\nL = torch.cholesky(A)\nshould be replaced with\nL = "
        "torch.linalg.cholesky(A)\nand\nU = torch.cholesky(A, upper=True)\nshould be replaced "
        "with\nU = torch.linalg.cholesky(A).mH\nThis transform will produce equivalent results "
        "for all valid (symmetric positive definite) inputs. (Triggered internally at "
        "/__w/pytorch/pytorch/aten/src/ATen/native/BatchLinearAlgebra.cpp:1765.)"
    ),
    "qr_deprecated": (
        "torch.qr is deprecated in favor of torch.linalg.qr and will be removed in a future "
        "PyTorch release.\nThe boolean parameter 'some' has been replaced with a string "
        "parameter 'mode'.\nQ, R = torch.qr(A, some)\nshould be replaced with\nQ, R = "
        "torch.linalg.qr(A, 'reduced' if some else 'complete') (Triggered internally at "
        "/__w/pytorch/pytorch/aten/src/ATen/native/BatchLinearAlgebra.cpp:2505.)"
    ),
    "chain_matmul_deprecated": (
        "torch.chain_matmul is deprecated and will be removed in a future PyTorch release. Use "
        "torch.linalg.multi_dot instead, which accepts a list of two or more tensors rather "
        "than multiple parameters. (Triggered internally at "
        "/__w/pytorch/pytorch/aten/src/ATen/native/LinearAlgebra.cpp:1102.)"
    ),
    "cov_degrees_of_freedom": (
        "cov(): degrees of freedom is <= 0. Correction should be strictly less than the number "
        "of observations. (Triggered internally at "
        "/__w/pytorch/pytorch/aten/src/ATen/native/Correlation.cpp:129.)"
    ),
    "cross_default_dim": (
        "Using torch.cross without specifying the dim arg is deprecated.\nPlease either pass "
        "the dim explicitly or simply use torch.linalg.cross.\nThe default value of dim will "
        "change to agree with that of linalg.cross in a future release. (Triggered internally "
        "at /__w/pytorch/pytorch/aten/src/ATen/native/Cross.cpp:63.)"
    ),
}

# torch.nn.init (nn/init.py)
MESSAGES.update(
    {
        "init_fan_dims": (
            ValueError,
            "Fan in and fan out can not be computed for tensor with fewer than 2 dimensions",
        ),
        "init_fan_mode": (
            ValueError,
            "Mode {mode} not supported, please use one of ['fan_in', 'fan_out']",
        ),
        "init_nonlinearity": (ValueError, "Unsupported nonlinearity {name}"),
        "init_negative_slope": (ValueError, "negative_slope {slope} not a valid number"),
    }
)
WARNINGS["init_zero_elements"] = "Initializing zero-element tensors is a no-op"

# torch.nn.Module's buffers and state, the containers (nn/modules.py, nn/containers.py)
MESSAGES.update(
    {
        "module_name_type": (TypeError, "{kind} name should be a string. Got {got}"),
        "module_name_dot": (KeyError, '{kind} name can\'t contain "."'),
        "module_name_dot_got": (KeyError, 'module name can\'t contain ".", got: {name}'),
        "module_name_empty": (KeyError, '{kind} name can\'t be empty string ""'),
        "module_name_taken": (KeyError, "attribute '{name}' already exists"),
        "module_register_buffer": (
            TypeError,
            "cannot assign '{got}' object to buffer '{name}' (torch Tensor or None required)",
        ),
        "module_assign_buffer": (
            TypeError,
            "cannot assign '{got}' as buffer '{name}' "
            "(torch.nn.Buffer, torch.Tensor or None expected)",
        ),
        "module_non_leaf_parameter": (
            ValueError,
            "Cannot assign non-leaf Tensor to parameter '{name}'. Model parameters must be "
            "created explicitly. To express '{name}' as a function of another Tensor, compute "
            "the value in the forward() method.",
        ),
        "module_to_dtype": (
            TypeError,
            "nn.Module.to only accepts floating point or complex dtypes, but got desired "
            "dtype={dtype}",
        ),
        "state_dict_not_mapping": (TypeError, "Expected state_dict to be dict-like, got {got}."),
        "state_dict_errors": (RuntimeError, "Error(s) in loading state_dict for {name}:\n\t{text}"),
        "container_iterable": (
            TypeError,
            "{what} should be called with an iterable, but got {got}",
        ),
        "container_pairs": (
            TypeError,
            "{what} should be called with an iterable of key/value pairs, but got {got}",
        ),
        "container_element": (
            TypeError,
            "{what} update sequence element #{index} should be Iterable; is{got}",
        ),
        "container_element_length": (
            ValueError,
            "{what} update sequence element #{index} has length {length}; 2 is required",
        ),
        "parameter_dict_key": (
            TypeError,
            "Index given to ParameterDict cannot be used as a key as it is not a string (type "
            "is '{got}'). Open an issue on github if you need non-string keys.",
        ),
        "container_called": (RuntimeError, "{name} should not be called."),
        "embedding_weight_dim": (RuntimeError, "'weight' must be 2-D"),
        "embedding_indices_dtype": (
            RuntimeError,
            "Expected tensor for argument #1 'indices' to have one of the following scalar "
            "types: Long, Int; but got {got} instead (while checking arguments for embedding)",
        ),
    }
)

# bernoulli and dropout (ops/random_ops.py, nn/dropout.py)
MESSAGES.update(
    {
        "bernoulli_p": (RuntimeError, "bernoulli_ expects p to be in [0, 1], but got p={p}"),
        "bernoulli_tensor_p": (
            RuntimeError,
            "Expected p_in >= 0 && p_in <= 1 to be true, but got false.  (Could this error "
            "message be improved?  If so, please report an enhancement request to PyTorch.)",
        ),
        "dropout_p": (ValueError, "dropout probability has to be between 0 and 1, but got {p}"),
        "uniform_range": (
            RuntimeError,
            "uniform_ expects to return a [from, to) range, but found from={low} > to={high}",
        ),
        "uniform_bound": (RuntimeError, "{which} is out of bounds for {dtype}"),
        "normal_std": (RuntimeError, "normal expects std >= 0.0, but found std {std}"),
        "multinomial_dims": (RuntimeError, "prob_dist must be 1 or 2 dim"),
        "multinomial_dtype": (
            RuntimeError,
            "multinomial only supports floating-point dtypes for input, got: {dtype}",
        ),
        "multinomial_count": (RuntimeError, "cannot sample n_sample <= 0 samples"),
        "multinomial_too_many": (
            RuntimeError,
            "cannot sample n_sample > prob_dist.size(-1) samples without replacement",
        ),
        "multinomial_values": (
            RuntimeError,
            "probability tensor contains either `inf`, `nan` or element < 0",
        ),
        "multinomial_sum": (
            RuntimeError,
            "invalid multinomial distribution (sum of probabilities <= 0)",
        ),
    }
)

# convolution and pooling (nn/convolution.py, nn/pooling.py, nn/conv_modules.py)
MESSAGES.update(
    {
        "conv_input_rank": (
            RuntimeError,
            "Expected {low}D (unbatched) or {high}D (batched) input to conv{dims}d, but got "
            "input of size: {sizes}",
        ),
        "conv_weight_dims": (RuntimeError, "weight should have at least three dimensions"),
        "conv_nonpositive_groups": (RuntimeError, "non-positive groups is not supported"),
        "conv_param_length": (
            RuntimeError,
            "expected {name} to be a single integer value or a list of {dims} values to match "
            "the convolution dimensions, but got {name}={values}",
        ),
        "conv_negative_padding": (RuntimeError, "negative padding is not supported"),
        "conv_nonpositive_stride": (RuntimeError, "non-positive stride is not supported"),
        "conv_dilation": (
            RuntimeError,
            "dilation should be greater than zero, but got {dilation}",
        ),
        "conv_input_dims": (
            RuntimeError,
            "Expected {k}-dimensional input for {k}-dimensional weight {weight}, but got "
            "{ndim}-dimensional input of size {sizes} instead",
        ),
        "conv_weight_at_least": (
            RuntimeError,
            "Given groups={groups}, expected weight to be at least {groups} at dimension 0, but "
            "got weight of size {weight} instead",
        ),
        "conv_weight_groups": (
            RuntimeError,
            "Given groups={groups}, expected weight to be divisible by {groups} at dimension 0, "
            "but got weight of size [{weight}] instead",
        ),
        "conv_channels": (
            RuntimeError,
            "Given groups={groups}, weight of size {weight}, expected input{sizes} to have "
            "{expected} channels, but got {got} channels instead",
        ),
        "conv_bias_shape": (
            RuntimeError,
            "Given weight of size {weight}, expected bias to be 1-dimensional with "
            "{weight[0]} elements, but got bias of size {sizes} instead",
        ),
        "conv_kernel_too_large": (
            RuntimeError,
            "Calculated padded input size per channel: ({padded}). Kernel size: ({kernel}). "
            "Kernel size can't be greater than actual input size",
        ),
        "conv_bias_dtype": (
            RuntimeError,
            "Input type ({input}) and bias type ({bias}) should be the same",
        ),
        "conv_same_strided": (
            RuntimeError,
            "padding='same' is not supported for strided convolutions",
        ),
        "conv_same_broadcast": (RuntimeError, "{name} cannot broadcast to {dims} dimensions"),
        "conv_padding_string": (RuntimeError, "Invalid padding string: '{padding}'"),
        "conv_module_groups": (ValueError, "groups must be a positive integer"),
        "conv_module_divisible": (ValueError, "{which}_channels must be divisible by groups"),
        "conv_module_padding_string": (
            ValueError,
            "Invalid padding string {padding!r}, should be one of {{'valid', 'same'}}",
        ),
        "conv_module_same_strided": (
            ValueError,
            "padding='same' is not supported for strided convolutions",
        ),
        "conv_module_padding_mode": (
            ValueError,
            "padding_mode must be one of {{'circular', 'zeros', 'replicate', 'reflect'}}, but "
            "got padding_mode={mode!r}",
        ),
        "pool_stride_zero": (RuntimeError, "stride should not be zero"),
        "pool_pad_negative": (RuntimeError, "pad must be non-negative, but got pad: {pad}"),
        "pool_pad_half": (
            RuntimeError,
            "pad should be at most half of effective kernel size, but got pad={pad}, "
            "kernel_size={kernel} and dilation={dilation}",
        ),
        "pool_kernel_positive": (
            RuntimeError,
            "kernel size should be greater than zero, but got kH: {kh} kW: {kw}",
        ),
        "pool_stride_positive": (
            RuntimeError,
            "stride should be greater than zero, but got dH: {dh} dW: {dw}",
        ),
        "pool_dilation_positive": (
            RuntimeError,
            "dilation should be greater than zero, but got dilationH: {dh} dilationW: {dw}",
        ),
        "pool_input_empty": (
            RuntimeError,
            "Expected 3D or 4D (batch mode) tensor with optional 0 dim batch size for input, "
            "but got:{sizes}",
        ),
        "pool_pad_kernel": (
            RuntimeError,
            "pad should be smaller than or equal to half of kernel size, but got padW = {pw}, "
            "padH = {ph}, kW = {kw}, kH = {kh}",
        ),
        "pool_output_small": (
            RuntimeError,
            "Given input size: ({planes}x{height}x{width}). Calculated output size: "
            "({planes}x{out_height}x{out_width}). Output size is too small",
        ),
        "pool_input_rank": (
            RuntimeError,
            "non-empty 3D or 4D (batch mode) tensor expected for input",
        ),
        "pool_kernel_length": (
            RuntimeError,
            "{op}: kernel_size must either be a single int, or a tuple of two ints",
        ),
        "pool_stride_length": (
            RuntimeError,
            "{op}: stride must either be omitted, a single int, or a tuple of two ints",
        ),
        "pool_padding_length": (
            RuntimeError,
            "{op}: padding must either be a single int, or a tuple of two ints",
        ),
        "pool_dilation_length": (
            RuntimeError,
            "{op}: dilation must be either a single int, or a tuple of two ints",
        ),
        "pool_1d_argument": (
            RuntimeError,
            "{op}() argument '{name}' should contain one int (got {count})",
        ),
        "pool_1d_rank": (
            RuntimeError,
            "Expected 2 to 3 dimensions, but got {ndim}-dimensional tensor for argument #1 "
            "'self' (while checking arguments for {op})",
        ),
        "max_pool1d_rank": (
            RuntimeError,
            "max_pool1d: Expected 2D or 3D (batch mode) tensor with optional 0 dim batch size "
            "for input, but got:{sizes}",
        ),
        "max_pool1d_size": (RuntimeError, "max_pool1d() {what} of size 1 but got size {count}"),
        "max_pool1d_value": (RuntimeError, "max_pool1d() {what}, but got {value}"),
        "max_pool1d_padding": (
            RuntimeError,
            "max_pool1d() padding should be at most half of kernel size, but got "
            "padding={padding} and kernel_size={kernel}",
        ),
        "max_pool1d_output": (RuntimeError, "max_pool1d() Invalid computed output size: {size}"),
        "avg_pool_divisor_zero": (RuntimeError, "divisor must be not zero"),
        "adaptive_output_length": (RuntimeError, "adaptive_avg_pool2d: output_size must be 2"),
        "adaptive_output_negative": (
            RuntimeError,
            "adaptive_avg_pool2d: elements of output_size must be greater than or equal to 0 "
            "but received {{{h}, {w}}}",
        ),
        "adaptive_rank": (RuntimeError, "{op}(): Expected 3D or 4D tensor, but got {sizes}"),
        "adaptive_max_rank": (
            RuntimeError,
            "adaptive_max_pool2d(): Expected 3D or 4D tensor, but got: {sizes}",
        ),
        "adaptive_max_output_length": (
            RuntimeError,
            "adaptive_max_pool2d(): internal error: output_size.size() must be 2",
        ),
        "adaptive_empty": (
            RuntimeError,
            "{op}(): Expected input to have non-zero size for non-batch "
            "dimensions, but input has sizes {sizes} with dimension {dim} being empty",
        ),
    }
)
WARNINGS["conv_same_copy"] = (
    "Using padding='same' with even kernel lengths and odd dilation may require a "
    "zero-padded copy of the input be created (Triggered internally at "
    "/__w/pytorch/pytorch/aten/src/ATen/native/Convolution.cpp:1101.)"
)
# as_strided, unfold, empty_strided, sum_to_size (ops/strided.py)
MESSAGES.update(
    {
        "as_strided_negative_stride": (
            RuntimeError,
            "as_strided: Negative strides are not supported at the moment, got strides: {strides}",
        ),
        "as_strided_length": (RuntimeError, "mismatch in length of strides and shape"),
        "as_strided_offset": (RuntimeError, "Tensor: invalid storage offset {offset}"),
        "storage_size_overflow": (
            RuntimeError,
            "Storage size calculation overflowed with sizes={sizes} and strides={strides}",
        ),
        "set_storage_bounds": (
            RuntimeError,
            "setStorage: sizes {sizes}, strides {strides}, storage offset {offset}, and itemsize "
            "{itemsize} requiring a storage size of {needed} are out of bounds for storage of "
            "size {size}",
        ),
        "unfold_negative_size": (RuntimeError, "size is {size} but must be >= 0"),
        "unfold_too_long": (
            RuntimeError,
            "maximum size for tensor at dimension {dim} is {maximum} but size is {size}",
        ),
        "unfold_step": (RuntimeError, "step is {step} but must be > 0"),
        "empty_strided_length": (
            RuntimeError,
            "dimensionality of sizes ({sizes}) must match dimensionality of strides ({strides})",
        ),
        "not_expandable": (RuntimeError, "size {{{size}}} is not expandable to size {{{target}}}."),
        "t__ndim": (
            RuntimeError,
            "t_() expects a tensor with <= 2 dimensions, but self is {ndim}D",
        ),
        "directional_split_ndim": (
            RuntimeError,
            "torch.{name} requires a tensor with at least {least} dimension, but got a tensor "
            "with {ndim} dimensions!",
        ),
        "directional_split_size": (
            RuntimeError,
            "torch.{name} attempted to split along dimension {dim}, but the size of the "
            "dimension {size} is not divisible by the split_size {sections}!",
        ),
        "fill_diagonal_ndim": (RuntimeError, "dimensions must larger than 1"),
        "storage_index": (IndexError, "index {index} out of range for storage of size {size}"),
        "storage_index_type": (TypeError, "can't index a torch.UntypedStorage with {type_name}"),
        "storage_no_arguments": (
            TypeError,
            "StorageBase.{name}() takes no arguments ({given} given)",
        ),
        "fill_diagonal_lengths": (RuntimeError, "all dimensions of input must be of equal length"),
    }
)


def message(key: str, **fields: object) -> str:
    """The formatted text of catalogue entry ``key``."""
    return MESSAGES[key][1].format(**fields)


def error(key: str, **fields: object) -> Exception:
    """Build (not raise) the exception torch raises in situation ``key``."""
    exc_type, template = MESSAGES[key]
    return exc_type(template.format(**fields))


# The default of an argument torch's parser requires, so that leaving it out raises torch's
# own "missing ... arguments" error rather than Python's.
REQUIRED: Any = object()


def parser_error(
    key: str,
    arguments: Iterable[object] = (),
    keywords: dict[str, object] | None = None,
    **fields: object,
) -> Exception:
    """:func:`error` for a message of torch's argument parser that lists a function's
    overloads. Its ``{given}`` is the call's arguments as the parser lists them, e.g.
    ``int, size=tuple``; the message ends with a newline, which the catalogue's stripped
    texts leave out."""
    given = ", ".join(
        [
            *(type(value).__name__ for value in arguments),
            *(f"{name}={type(value).__name__}" for name, value in (keywords or {}).items()),
        ]
    )
    exc_type, template = MESSAGES[key]
    return exc_type(template.format(given=given, **fields) + "\n")


# The stand-ins of ops that load on first use (ops/deferred.py) add a frame between the
# caller and the op: :func:`warn` steps over it, so the warning names the same line.
_STAND_IN_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ops", "deferred.py")


def warn(key: str, stacklevel: int = 3, **fields: object) -> None:
    """Emit torch's UserWarning for situation ``key``."""
    frame, level = sys._getframe(1), 2
    while frame is not None and level <= stacklevel:
        if frame.f_code.co_filename == _STAND_IN_FILE:
            stacklevel += 1
        frame, level = frame.f_back, level + 1
    warnings.warn(WARNINGS[key].format(**fields), UserWarning, stacklevel=stacklevel)


_ENGINE_FILES = os.path.dirname(os.path.abspath(__file__)) + os.sep
# Engine files whose counterparts are Python in torch (nn.Module classes): a warning names
# their line there, as torch's names its modules' forward in torch/nn/modules/.
_TORCH_PYTHON_FILES = frozenset(
    {
        os.path.join(_ENGINE_FILES, "nn", "modules.py"),
        os.path.join(_ENGINE_FILES, "nn", "conv_modules.py"),
    }
)


def warn_at_caller(key: str, **fields: object) -> None:
    """:func:`warn`, naming the line of the first frame outside the engine: the student's
    line, as torch's C++ warnings name the Python line that called into torch, whichever
    engine path (``x[k]``, ``x[k] = v``, ``x[k] += v``) got there; or a module's forward,
    where torch's own Python calls the function."""
    frame, level = sys._getframe(1), 2
    while frame is not None:
        filename = frame.f_code.co_filename
        if not filename.startswith(_ENGINE_FILES) or filename in _TORCH_PYTHON_FILES:
            break
        frame, level = frame.f_back, level + 1
    warnings.warn(WARNINGS[key].format(**fields), UserWarning, stacklevel=level)


class UnsupportedError(builtins.NotImplementedError, AttributeError):
    """Raised for torch APIs outside the engine's subset.

    It is a NotImplementedError (and prints as one) so the user sees a clear message, and
    also an AttributeError so that ``hasattr(torch, "x")`` and ``getattr(torch, "x", d)``
    behave as with real modules.
    """


UnsupportedError.__name__ = UnsupportedError.__qualname__ = "NotImplementedError"
UnsupportedError.__module__ = "builtins"


def unsupported(qualname: str) -> UnsupportedError:
    """The error for any torch API outside the engine's subset, e.g. ``torch.nn.LSTM``."""
    return UnsupportedError(message("unsupported", qualname=qualname))


_warned_once: set[str] = set()


def warn_once(key: str, stacklevel: int = 3, **fields: object) -> None:
    """Like ``warn``, but only the first time in the process (torch's TORCH_WARN_ONCE)."""
    if key not in _warned_once:
        _warned_once.add(key)
        warn(key, stacklevel=stacklevel + 1, **fields)
