"""torch 2.13.0's Tensor methods that take no arguments at all (C's METH_NOARGS,
so a surplus argument gets CPython's ``TensorBase.abs() takes no arguments (1 given)``),
captured from torch by ``tools/gen_no_arguments.py``: do not edit by hand."""

from __future__ import annotations

NO_ARGUMENTS = frozenset(
    """
    __bool__ __complex__ __float__ __index__ __int__ __invert__ __long__ __nonzero__ _conj
    _conj_physical _dimI _dimV _fix_weakref _indices _is_all_true _is_any_true _is_view
    _is_zerotensor _lazy_clone _neg_view _nested_tensor_size _nested_tensor_storage_offsets
    _nested_tensor_strides _nnz _use_count _values abs abs_ absolute absolute_ acos acos_ acosh
    acosh_ adjoint angle arccos arccos_ arccosh arccosh_ arcsin arcsin_ arcsinh arcsinh_ arctan
    arctan_ arctanh arctanh_ argwhere asin asin_ asinh asinh_ atan atan_ atanh atanh_
    bitwise_not bitwise_not_ ccol_indices ceil ceil_ coalesce col_indices conj conj_physical
    conj_physical_ const_data_ptr corrcoef cos cos_ cosh cosh_ crow_indices data_ptr deg2rad
    deg2rad_ dense_dim dequantize det detach detach_ digamma digamma_ dim element_size erf erf_
    erfc erfc_ erfinv erfinv_ exp exp2 exp2_ exp_ expm1 expm1_ fix fix_ fliplr flipud floor
    floor_ frac frac_ frexp geqrf get_device i0 i0_ indices int_repr inverse is_coalesced
    is_complex is_conj is_distributed is_floating_point is_inference is_neg is_nonzero
    is_signed isfinite isinf isnan isneginf isposinf isreal item lgamma lgamma_ log log10
    log10_ log1p log1p_ log2 log2_ log_ logdet logical_not logical_not_ matrix_exp msort
    ndimension neg neg_ negative negative_ nelement numel positive q_per_channel_axis
    q_per_channel_scales q_per_channel_zero_points q_scale q_zero_point qscheme rad2deg
    rad2deg_ ravel reciprocal reciprocal_ relu relu_ resolve_conj resolve_neg retain_grad
    row_indices rsqrt rsqrt_ sgn sgn_ sigmoid sigmoid_ sign sign_ signbit sin sin_ sinc sinc_
    sinh sinh_ slogdet sparse_dim sqrt sqrt_ square square_ storage_offset t t_ tan tan_ tanh
    tanh_ tolist trace trunc trunc_ untyped_storage values zero_
    """.split()
)
