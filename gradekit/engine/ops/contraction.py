"""einsum and tensordot as torch 2.13 composes them (aten/native/Linear.cpp), from the
engine's own diagonal, permute, unsqueeze, sum, mul, bmm, mm and dot, so the values, grad_fn
names and gradients are those of torch's graph: ``'ij,jk->ik'`` is
``ViewBackward0(PermuteBackward0(ViewBackward0(BmmBackward0(...))))``, ``'ii->i'`` a
permuted diagonal, ``'i,j->ij'`` ``MulBackward0``. torch's opt_einsum path is not taken
(the ``opt_einsum`` package is not installed with torch 2.13's CPU wheel, so torch
contracts left to right, as here)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import errors
from ..tensor import Tensor
from . import arguments, overloads
from .core import maybe_wrap_dim

_ELLIPSIS = 52  # the label code of "..." (after the 52 letters)


def _label_code(label: str) -> int:
    # torch's order of labels: A-Z, then a-z (the implicit output is sorted so)
    return ord(label) - ord("A") if label.isupper() else ord(label) - ord("a") + 26


def _label_text(code: int) -> str:
    return chr(ord("A") + code) if code < 26 else chr(ord("a") + code - 26)


def _is_letter(label: str) -> bool:
    return ("a" <= label <= "z") or ("A" <= label <= "Z")


def einsum(*args: Any) -> Tensor:
    """``torch.einsum(equation, *operands)``, its list form ``einsum(equation, [a, b])`` and
    the sublist form ``einsum(a, [0, 1], b, [1, 2], [0, 2])`` (torch/functional.py)."""
    if len(args) < 2:
        raise errors.error("einsum_arguments")
    if isinstance(args[0], Tensor):
        equation = ",".join("".join(_sublist_label(s) for s in sub) for sub in args[1::2])
        if len(args) % 2 == 1:
            equation += "->" + "".join(_sublist_label(s) for s in args[-1])
            operands = args[:-1:2]
        else:
            operands = args[::2]
    else:
        equation, operands = args[0], args[1:]
    if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
        return einsum(equation, *operands[0])  # the old interface: one list of operands
    error = arguments.call_error("einsum", overloads.FUNCTIONS["einsum"], (equation, operands), {})
    if error is not None:
        raise error
    return _einsum(equation, list(operands))


def _sublist_label(n: Any) -> str:
    if n is Ellipsis:
        return "..."
    if 0 <= n < 26:
        return chr(ord("A") + n)
    if 26 <= n < 52:
        return chr(ord("a") + n - 26)
    raise errors.error("einsum_sublist")


def _parse_operands(lhs: str, count: int) -> list[list[int]]:
    labels: list[list[int]] = [[]]
    has_ellipsis, i = False, 0
    while i < len(lhs):
        label = lhs[i]
        if label == " ":
            pass
        elif label == ".":
            if has_ellipsis:
                raise errors.error("einsum_second_ellipsis", operand=len(labels) - 1)
            if not (i + 2 < len(lhs) and lhs[i + 1] == "." and lhs[i + 2] == "."):
                raise errors.error("einsum_lone_dot", operand=len(labels) - 1)
            i += 2
            labels[-1].append(_ELLIPSIS)
            has_ellipsis = True
        elif label == ",":
            labels.append([])
            if len(labels) > count:
                raise errors.error("einsum_fewer_operands")
            has_ellipsis = False
        elif _is_letter(label):
            labels[-1].append(_label_code(label))
        else:
            raise errors.error("einsum_subscript", index=i)
        i += 1
    if len(labels) != count:
        raise errors.error("einsum_more_operands")
    return labels


def _einsum(equation: str, operands: list[Tensor]) -> Tensor:
    arrow = equation.find("->")
    lhs = equation if arrow < 0 else equation[:arrow]
    op_labels = _parse_operands(lhs, len(operands))
    label_count = [0] * 52
    ell_num_dim = 0
    for number, (operand, labels) in enumerate(zip(operands, op_labels, strict=True)):
        ndim = operand.dim()
        nlabels = len(labels) - (_ELLIPSIS in labels)
        if _ELLIPSIS in labels:
            ell_num_dim = max(ell_num_dim, ndim - nlabels)
        for label in labels:
            if label != _ELLIPSIS:
                label_count[label] += 1
        if (nlabels > ndim) if _ELLIPSIS in labels else (nlabels != ndim):
            raise errors.error(
                "einsum_ellipsis_dims" if _ELLIPSIS in labels else "einsum_dims",
                labels=nlabels,
                ndim=ndim,
                operand=number,
            )

    # every operand is aligned to the output's dims, then the contracted ones
    perm_index_of = [-1] * 52
    perm_index = ell_index = 0
    ell_in_output = False
    if arrow < 0:  # implicit output: the ellipsis, then the labels seen once, sorted
        perm_index, ell_in_output = ell_num_dim, True
        for label in range(52):
            if label_count[label] == 1:
                perm_index_of[label] = perm_index
                perm_index += 1
    else:
        rhs, i = equation[arrow + 2 :], 0
        while i < len(rhs):
            label = rhs[i]
            if label == " ":
                pass
            elif label == ".":
                if ell_in_output:
                    raise errors.error("einsum_output_second_ellipsis")
                if not (i + 2 < len(rhs) and rhs[i + 1] == "." and rhs[i + 2] == "."):
                    raise errors.error("einsum_output_lone_dot")
                i += 2
                ell_index = perm_index
                perm_index += ell_num_dim
                ell_in_output = True
            elif _is_letter(label):
                code = _label_code(label)
                if label_count[code] == 0 or perm_index_of[code] != -1:
                    raise errors.error(
                        "einsum_output_repeated"
                        if perm_index_of[code] != -1
                        else "einsum_output_unknown",
                        label=label,
                    )
                perm_index_of[code] = perm_index
                perm_index += 1
            else:
                raise errors.error("einsum_subscript", index=len(lhs) + 2 + i)
            i += 1
    out_num_dim = perm_index
    if not ell_in_output:
        ell_index = perm_index
        perm_index += ell_num_dim
    for label in range(52):
        if label_count[label] > 0 and perm_index_of[label] == -1:
            perm_index_of[label] = perm_index
            perm_index += 1

    # diagonals for repeated labels, unsqueezed missing dims, the permutation; the count
    # of operands with a size other than 1 per dim says when a dim can be summed out
    label_size = [1] * 52
    ell_sizes = [1] * ell_num_dim
    dim_counts = [0] * perm_index
    ops: list[Tensor] = []
    for number, (operand, labels) in enumerate(zip(operands, op_labels, strict=True)):
        op = operand
        permutation = [-1] * perm_index
        dim = 0
        for label in labels:
            if label == _ELLIPSIS:
                covered = operand.dim() - (len(labels) - 1)
                for j in range(ell_num_dim - covered, ell_num_dim):
                    size = op.shape[dim]
                    if size != 1:
                        if ell_sizes[j] != 1 and ell_sizes[j] != size:
                            raise errors.error(
                                "einsum_ellipsis_broadcast",
                                dim=dim,
                                operand=number,
                                size=size,
                                seen=ell_sizes[j],
                            )
                        ell_sizes[j] = size
                        dim_counts[ell_index + j] += 1
                    permutation[ell_index + j] = dim
                    dim += 1
            elif permutation[perm_index_of[label]] == -1:
                size = op.shape[dim]
                if size != 1:
                    if label_size[label] != 1 and label_size[label] != size:
                        raise errors.error(
                            "einsum_broadcast",
                            label=_label_text(label),
                            size=size,
                            operand=number,
                            seen=label_size[label],
                        )
                    label_size[label] = size
                    dim_counts[perm_index_of[label]] += 1
                permutation[perm_index_of[label]] = dim
                dim += 1
            else:  # a repeated label: its diagonal, in the first one's place
                previous = permutation[perm_index_of[label]]
                if op.shape[dim] != op.shape[previous]:
                    raise errors.error(
                        "einsum_repeated",
                        label=_label_text(label),
                        operand=number,
                        size=op.shape[dim],
                        previous=op.shape[previous],
                    )
                op = op.diagonal(0, previous, dim).movedim(-1, previous)
        for index, value in enumerate(permutation):
            if value == -1:
                op = op.unsqueeze(dim)
                permutation[index] = dim
                dim += 1
        ops.append(op.permute(permutation))

    while len(ops) > 1:  # contract left to right (torch without opt_einsum)
        a, b = ops.pop(0), ops.pop(0)
        sum_dims: list[int] = []
        a_dims: list[int] = []
        b_dims: list[int] = []
        for dim in range(out_num_dim, perm_index):
            if a.shape[dim] != 1 and b.shape[dim] != 1:
                dim_counts[dim] -= 1
                if dim_counts[dim] == 1:
                    sum_dims.append(dim)
                    dim_counts[dim] = 0
            elif dim_counts[dim] == 1:
                if a.shape[dim] != 1:
                    a_dims.append(dim)
                    dim_counts[dim] = 0
                elif b.shape[dim] != 1:
                    b_dims.append(dim)
                    dim_counts[dim] = 0
        if a_dims:
            a = a.sum(a_dims, True)
        if b_dims:
            b = b.sum(b_dims, True)
        ops.insert(0, _sumproduct_pair(a, b, sum_dims))

    if perm_index - out_num_dim > 0:
        if len(operands) > 1:  # the contracted dims are all 1 now: viewed away
            return ops[0].view(list(ops[0].shape[:out_num_dim]))
        return ops[0].sum(list(range(out_num_dim, perm_index)))
    return ops[0]


def _sumproduct_pair(left: Tensor, right: Tensor, sum_dims: list[int]) -> Tensor:
    """torch's sumproduct_pair (keepdim): the product of two aligned operands summed over
    ``sum_dims`` as one bmm of (kept in both, left only, summed) @ (both, summed, right
    only), viewed and permuted back; the operands swap when all of right's output dims come
    before left's."""
    from .linalg import bmm

    if not sum_dims:
        return left * right
    lro: list[int] = []
    lo: list[int] = []
    ro: list[int] = []
    lro_size = lo_size = ro_size = sum_size = 1
    for i in range(left.dim()):
        sl, sr = left.shape[i] != 1, right.shape[i] != 1
        if i in sum_dims:
            if sl and sr:
                if left.shape[i] != right.shape[i]:
                    raise errors.error("einsum_pair_mismatch")
                sum_size *= left.shape[i]
            elif sl:
                left = left.sum(i, True)
            elif sr:
                right = right.sum(i, True)
        elif sl and sr:
            if left.shape[i] != right.shape[i]:
                raise errors.error("einsum_pair_mismatch")
            lro.append(i)
            lro_size *= left.shape[i]
        elif sl:
            lo.append(i)
            lo_size *= left.shape[i]
        else:
            ro.append(i)
            ro_size *= right.shape[i]
    if lo and ro and ro[-1] < lo[0]:  # torch 2.13: bmm then writes the output's order
        left, right, lo, ro, lo_size, ro_size = right, left, ro, lo, ro_size, lo_size
    out_size = (
        [left.shape[d] for d in lro]
        + [left.shape[d] for d in lo]
        + [1] * len(sum_dims)
        + [right.shape[d] for d in ro]
    )
    lpermutation = lro + lo + sum_dims + ro
    rpermutation = lro + sum_dims + ro + lo
    opermutation = [-1] * len(out_size)
    for position, d in enumerate(lro + lo + sum_dims + ro):
        opermutation[d] = position
    left = left.permute(lpermutation).reshape(lro_size, lo_size, sum_size)
    right = right.permute(rpermutation).reshape(lro_size, sum_size, ro_size)
    return bmm(left, right).view(out_size).permute(opermutation)


# --- tensordot ------------------------------------------------------------------------------


def tensordot(a: Any, b: Any, dims: Any = 2, out: Any = None) -> Tensor:
    """``torch.tensordot`` (torch/functional.py's dims handling, then Linear.cpp's
    tensordot: permute both, then mm, or for a full contraction dot / mul and sum)."""
    if out is not None:
        raise errors.unsupported("torch.tensordot with out=")
    if not isinstance(dims, (tuple, list, Tensor, int)):
        raise errors.error("tensordot_dims_type", dims=dims)
    dims_a: Any = []
    dims_b: Any = []
    if isinstance(dims, (tuple, list)):
        dims_a, dims_b = dims
    if isinstance(dims, Tensor):
        if dims.numel() > 1:
            if dims.shape[0] != 2:
                raise AssertionError(
                    f"dims tensor must have size 2 in first dimension, got {dims.shape[0]}"
                )
            dims_a, dims_b = dims[0].tolist(), dims[1].tolist()
        else:
            value = int(dims.item())
            if value < 0:
                raise errors.error("tensordot_negative", dims=dims)
            dims_a, dims_b = list(range(-value, 0)), list(range(value))
    if isinstance(dims, int):
        if dims < 0:
            raise errors.error("tensordot_negative", dims=dims)
        if dims > min(a.dim(), b.dim()):
            raise errors.error("tensordot_too_many", dims=dims)
        dims_a, dims_b = list(range(-dims, 0)), list(range(dims))
    call = (a, b, dims_a, dims_b)
    error = arguments.call_error("tensordot", overloads.FUNCTIONS["tensordot"], call, {})
    if error is not None:
        raise error
    return _tensordot(a, b, list(dims_a), list(dims_b))


def _wrapped(dims: Sequence[int], ndim: int) -> list[int]:
    wrapped = [maybe_wrap_dim(d, ndim) for d in dims]
    for d in wrapped:
        if wrapped.count(d) > 1:
            raise errors.error("dim_repeated", dim=d)
    return wrapped


def _size(t: Tensor, dim: int) -> int:
    """``t.size(dim)`` with torch's words (a 0-d tensor: "Dimension specified as ...")."""
    if not t.dim():
        raise errors.error("dim_scalar", dim=dim)
    return t.shape[maybe_wrap_dim(dim, t.dim())]


def _tensordot(a: Tensor, b: Tensor, dims_a: list[int], dims_b: list[int]) -> Tensor:
    from .linalg import dot, mm

    if len(dims_a) != len(dims_b):
        raise errors.error("tensordot_lengths")
    if a.dtype is not b.dtype:
        raise errors.error("tensordot_dtypes")
    csize = 1
    t1, t2 = a, b
    for da, db in zip(dims_a, dims_b, strict=True):
        s1, s2 = _size(a, da), _size(b, db)
        if s2 == 1:  # a broadcast dim is summed out at once
            t1 = t1.sum(da, True, dtype=t1.dtype)
        elif s1 == 1:
            t2 = t2.sum(db, True, dtype=t2.dtype)
        else:
            if s1 != s2:
                raise errors.error("tensordot_sizes", s1=s1, s2=s2, d1=da, d2=db)
            csize *= s1
    contracted_a, contracted_b = _wrapped(dims_a, a.dim()), _wrapped(dims_b, b.dim())
    kept_a = [i for i in range(a.dim()) if i not in contracted_a]
    kept_b = [i for i in range(b.dim()) if i not in contracted_b]
    size1 = size2 = 1
    for i in kept_a:
        size1 *= t1.shape[i]
    for i in kept_b:
        size2 *= t2.shape[i]
    rsizes = [t1.shape[i] for i in kept_a] + [t2.shape[i] for i in kept_b]
    p1 = kept_a + list(dims_a)
    p2 = list(dims_b) + kept_b
    if size1 == 1 and size2 == 1:  # a full contraction: a dot product
        t1, t2 = t1.permute(p1), t2.permute(p2)
        if _viewable_flat(t1) and _viewable_flat(t2):
            v2 = t2 if t2.dim() == 1 else t2.view(csize)
            v1 = t1 if t1.dim() == 1 else t1.view(csize)
            return dot(v1, v2).view(rsizes)
        s2, s1 = t2.squeeze(), t1.squeeze()
        return (s1 * s2).sum(dtype=s1.dtype).view(rsizes)
    t1 = t1.permute(p1).reshape(size1, csize)
    t2 = t2.permute(p2).reshape(csize, size2)
    return mm(t1, t2).reshape(rsizes)


tensordot_dims = _tensordot  # (inner's: torch's at::tensordot with its dim lists)


def _viewable_flat(x: Tensor) -> bool:
    """Whether ``x.view(-1)`` works (the non-1 dims nest as a contiguous run)."""
    expected = 1
    for size, stride in reversed(list(zip(x.shape, x.stride(), strict=True))):
        if size != 1:
            if stride != expected:
                return False
            expected *= size
    return True
