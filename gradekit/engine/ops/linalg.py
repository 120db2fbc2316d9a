"""Matrix products: dot, mv, mm, bmm, and matmul with the composite graphs torch builds.

torch's ``matmul`` is not one node: 1-d @ 2-d is ``SqueezeBackward4(MmBackward0(
UnsqueezeBackward0 ...))``, n-d @ 2-d folds the batch into rows (``UnsafeViewBackward0(
MmBackward0(ViewBackward0 ...))``) and batched products expand, view and call bmm.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import errors
from ..autograd import grad_mode
from ..autograd.graph import Node
from ..dtypes import bool_
from ..tensor import Tensor
from . import arguments, overloads
from .core import as_array, as_array_of, edge
from .quiet import quiet_call
from .shape_helpers import expand, t, transpose, unsafe_view, unsqueeze


def _recording(x: Tensor, y: Tensor) -> bool:
    return grad_mode.enabled and (x._requires_grad or y._requires_grad)


# the CPU kernel that refuses bool, per product (matmul of 1-d @ 2-d is mm's)
_KERNELS = {"mm": "addmm_impl_cpu_", "mv": "addmv_impl_cpu", "bmm": "bmm"}


def _check_same_dtype(x: Tensor, y: Tensor, name: str) -> None:
    """Products need equal dtypes (torch does not promote here), and no bool kernel."""
    if x.dtype is not y.dtype:
        raise _dtype_mismatch(x, y, name)
    if x.dtype is bool_:
        raise errors.error("kernel_not_implemented", op=_KERNELS[name], dtype="Bool")


def _dtype_mismatch(x: Tensor, y: Tensor, name: str) -> Exception:
    """torch's words per product: mv is ``addmv(result, mat, vec)``, the result of vec's
    dtype; bmm's kernel dispatches on self's dtype (bool has none) and then checks mat2's;
    mm names both C++ types."""
    if name == "mv":
        return errors.error(
            "addmv_dtypes",
            self=y.dtype.scalar_name,
            vec=y.dtype.scalar_name,
            mat=x.dtype.scalar_name,
        )
    if name == "bmm":
        if x.dtype is bool_:
            return errors.error("kernel_not_implemented", op="bmm", dtype="Bool")
        return errors.error(
            "expected_scalar_type", expected=x.dtype.scalar_name, found=y.dtype.scalar_name
        )
    return errors.error("matmul_dtypes", dtype1=_c_name(x), dtype2=_c_name(y))


def _mm_array(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``a @ b`` for 2-d arrays as torch's CPU mm computes it: float32/float64 products over
    one inner element of matrices with more than one row and column are the elementwise
    products themselves (their BLAS writes a * b, so -0.0 stays -0.0: torch.ones(5, 1) @
    torch.full((1, 3), -0.0) is -0.0), where numpy adds them to a zero (+0.0); a single row or
    column (gemv) and every other shape add to zero, as numpy does."""
    m, k = a.shape
    if k == 1 and m > 1 and b.shape[1] > 1 and a.dtype.kind == "f" and a.itemsize >= 4:
        return np.multiply(a, b)
    return np.matmul(a, b)


def _product(node_class: type[Node], x: Tensor, y: Tensor, out: np.ndarray) -> Tensor:
    d = x.dtype
    out = as_array(out, d)
    if not _recording(x, y):
        return Tensor._make(out, d)
    node = node_class((edge(x), edge(y)), ((out.shape, d),))
    node.save(x if y._requires_grad else None, y if x._requires_grad else None)
    return Tensor._make(out, d, node)


class DotBackward0(Node):
    """Saves self (if tensor needs grad) and tensor (if self needs grad)."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        self_, other = self.saved_tensors
        return (
            None if other is None else grad * other,
            None if self_ is None else grad * self_,
        )


def dot(input: Tensor, tensor: Tensor) -> Tensor:
    try:
        return dot_product(DotBackward0, input, tensor)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("dot", input, failure, tensor) from None


def dot_product(node_class: type[Node], input: Tensor, tensor: Tensor) -> Tensor:
    """dot's checks and product (vdot's too, with its own node)."""
    if input._data.ndim != 1 or tensor._data.ndim != 1:
        raise errors.error("dot_not_1d", d1=input._data.ndim, d2=tensor._data.ndim)
    if input._data.shape[0] != tensor._data.shape[0]:
        raise errors.error("dot_size", n1=input._data.shape[0], n2=tensor._data.shape[0])
    if input.dtype is not tensor.dtype:
        raise errors.error(
            "dot_dtypes",
            name="dot",
            found1=input.dtype.scalar_name,
            found2=tensor.dtype.scalar_name,
        )
    if input.dtype is bool_:
        raise errors.error("kernel_not_implemented", op="dot", dtype="Bool")
    return _product(node_class, input, tensor, quiet_call(np.dot, input._data, tensor._data))


class MvBackward0(Node):
    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        self_, vec = self.saved_tensors
        # torch's formula: grad.ger(vec), and ger is grad.reshape(n, 1) * vec (see outer)
        grad_self = None if vec is None else outer(grad, vec)
        grad_vec = None if self_ is None else mv(t(self_), grad)
        return grad_self, grad_vec


def mv(input: Tensor, vec: Tensor) -> Tensor:
    try:
        if input._data.ndim != 2 or vec._data.ndim != 1:
            raise errors.error("mv_dims", vec=vec._data.ndim, mat=input._data.ndim)
        rows, cols = input._data.shape
        if cols != vec._data.shape[0]:
            raise errors.error("mv_size", rows=rows, cols=cols, vec=vec._data.shape[0])
        _check_same_dtype(input, vec, "mv")
        return _product(MvBackward0, input, vec, quiet_call(np.matmul, input._data, vec._data))
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("mv", input, failure, vec) from None


class AddmvBackward0(Node):
    """out = beta * self + alpha * mat @ vec; torch's maybe_multiply scales by a beta or
    alpha other than 1."""

    __slots__ = ("beta", "alpha")

    def backward(self, grad: Tensor) -> tuple:
        mat, vec = self.saved_tensors
        from .pointwise import mul_scalar  # (mul.Scalar: MulBackward1 under create_graph)

        grad_self = grad if self.beta == 1 else mul_scalar(grad, self.beta)
        grad_mat = None if vec is None else outer(grad, vec)
        grad_vec = None if mat is None else mv(t(mat), grad)
        if self.alpha != 1:
            grad_mat = None if grad_mat is None else mul_scalar(grad_mat, self.alpha)
            grad_vec = None if grad_vec is None else mul_scalar(grad_vec, self.alpha)
        return grad_self, grad_mat, grad_vec


def _scalar_argument(value: Any, d: Any) -> Any:
    """A beta/alpha (a Number: a 0-d tensor is one) as torch's ``Scalar.to<T>()``."""
    from .scalars import checked_scalar, overflow_error

    if isinstance(value, complex):
        if value.imag != 0:
            raise overflow_error(d)
        value = value.real
    return checked_scalar(value, d)


def _addmv(input: Tensor, mat: Tensor, vec: Tensor, *, beta: Any = 1, alpha: Any = 1) -> Tensor:
    """``beta * input + alpha * (mat @ vec)``; a beta of 0 ignores input (nan too), an alpha
    of 0 the product, as torch's gemv; input is broadcast to the product's length."""
    if not (isinstance(input, Tensor) and isinstance(mat, Tensor)):  # parser-accepted
        raise errors.unsupported("the deprecated addmv(beta, input, alpha, mat, vec) overload")
    beta = arguments.number_argument("addmv", "beta", beta)
    alpha = arguments.number_argument("addmv", "alpha", alpha)
    s, m, v = input._data, mat._data, vec._data
    if m.ndim != 2 or v.ndim != 1 or s.ndim > 1:
        raise errors.error("addmv_dims", self=s.ndim, mat=m.ndim, vec=v.ndim)
    rows, cols = m.shape
    if cols != v.shape[0] or (s.size != rows and s.size != 1):
        raise errors.error(
            "addmv_size", input=s.shape[0] if s.ndim else 1, rows=rows, cols=cols, vec=len(v)
        )
    d = input.dtype
    if mat.dtype is not d or vec.dtype is not d:
        raise errors.error(
            "addmv_dtypes",
            self=d.scalar_name,
            mat=mat.dtype.scalar_name,
            vec=vec.dtype.scalar_name,
        )
    if d is bool_:
        raise errors.error("kernel_not_implemented", op="addmv_impl_cpu", dtype="Bool")
    b, a = _scalar_argument(beta, d), _scalar_argument(alpha, d)
    out = quiet_call(_addmv_data, s, m, v, b, a, rows)
    out = as_array(out, d)
    tensors = (input, mat, vec)
    if not (grad_mode.enabled and any(x._requires_grad for x in tensors)):
        return Tensor._make(out, d)
    node = AddmvBackward0(tuple(edge(x) for x in tensors), ((out.shape, d),))
    node.beta, node.alpha = beta, alpha
    node.save(mat if vec._requires_grad else None, vec if mat._requires_grad else None)
    return Tensor._make(out, d, node)


# torch's argument parser checks the call first (a failed call is worded as torch words it)
addmv = arguments.parsed_like_torch(_addmv, "addmv", overloads.FUNCTIONS["addmv"])
addmv.__name__ = addmv.__qualname__ = "addmv"
addmv_method = arguments.parsed_like_torch(_addmv, "addmv", overloads.METHODS["addmv"], method=True)
addmv_method.__name__ = addmv_method.__qualname__ = "addmv"


def _addmv_data(
    s: np.ndarray, m: np.ndarray, v: np.ndarray, beta: Any, alpha: Any, rows: int
) -> np.ndarray:
    if m.dtype == np.float16:  # float32 opmath, beta and alpha rounded to half: one rounding
        beta, alpha = np.float32(np.float16(beta)), np.float32(np.float16(alpha))
        wide = (x.astype(np.float32) for x in (s, m, v))
        return _addmv_data(*wide, beta, alpha, rows).astype(np.float16)
    if alpha == 0 or m.shape[1] == 0:
        product = None
    else:
        product = np.matmul(m, v)
        if alpha != 1:
            product = product * np.asarray(alpha, m.dtype)
    if beta == 0:
        return np.zeros(rows, m.dtype) if product is None else product
    scaled = s if beta == 1 else s * np.asarray(beta, s.dtype)
    scaled = np.broadcast_to(scaled, (rows,))
    return scaled.copy() if product is None else scaled + product


def _is_column_major(data: np.ndarray) -> bool:
    """torch's test in mm_mat1_backward / mm_mat2_backward: strides ``(1, rows)``, as of a
    transposed contiguous matrix (a 1x1 matrix counts too)."""
    itemsize = data.itemsize
    return data.strides[0] == itemsize and data.strides[1] == data.shape[0] * itemsize


def mm_mat1_backward(grad: Tensor, mat2: Tensor, mat1_column_major: bool) -> Tensor:
    """torch's gradient of ``mat1 @ mat2`` for mat1: for a column-major mat1 it computes
    ``(mat2 @ grad.t()).t()``, a column-major gradient (and that graph under
    ``create_graph``); otherwise ``grad @ mat2.t()``."""
    if mat1_column_major:
        return t(mm(mat2, t(grad)))
    return mm(grad, t(mat2))


def mm_mat2_backward(grad: Tensor, mat1: Tensor, mat2_column_major: bool) -> Tensor:
    """torch's gradient of ``mat1 @ mat2`` for mat2: ``(grad.t() @ mat1).t()`` for a
    column-major mat2, otherwise ``mat1.t() @ grad``."""
    if mat2_column_major:
        return t(mm(t(grad), mat1))
    return mm(t(mat1), grad)


def _mm_mat1_backward_data(grad: np.ndarray, mat2: np.ndarray, column_major: bool) -> np.ndarray:
    """``mm_mat1_backward`` on arrays (the same numpy products)."""
    if column_major:
        return as_array_of(quiet_call(_mm_array, mat2, grad.T), grad.dtype).T
    return as_array_of(quiet_call(_mm_array, grad, mat2.T), grad.dtype)


def _mm_mat2_backward_data(grad: np.ndarray, mat1: np.ndarray, column_major: bool) -> np.ndarray:
    """``mm_mat2_backward`` on arrays (the same numpy products)."""
    if column_major:
        return as_array_of(quiet_call(_mm_array, grad.T, mat1), grad.dtype).T
    return as_array_of(quiet_call(_mm_array, mat1.T, grad), grad.dtype)


class MmBackward0(Node):
    """Saves self (if mat2 needs grad) and mat2 (if self needs grad), and whether each
    was column-major (torch saves their strides): that picks the gradient formula."""

    __slots__ = ("self_column_major", "mat2_column_major")

    def backward(self, grad: Tensor) -> tuple:
        self_, mat2 = self.saved_tensors
        return (
            None if mat2 is None else mm_mat1_backward(grad, mat2, self.self_column_major),
            None if self_ is None else mm_mat2_backward(grad, self_, self.mat2_column_major),
        )

    def backward_data(self, grad: np.ndarray) -> Any:
        self_, mat2 = self.saved_data
        if (
            grad.ndim != 2
            or (self_ is not None and self_.dtype != grad.dtype)
            or (mat2 is not None and mat2.dtype != grad.dtype)
        ):
            return NotImplemented  # mm raises torch's errors here: let backward do it
        return (
            None if mat2 is None else _mm_mat1_backward_data(grad, mat2, self.self_column_major),
            None if self_ is None else _mm_mat2_backward_data(grad, self_, self.mat2_column_major),
        )


def mm(input: Tensor, mat2: Tensor) -> Tensor:
    try:
        for name, m in (("self", input), ("mat2", mat2)):
            if m._data.ndim != 2:
                raise errors.error("not_a_matrix", name=name)
        (r1, c1), (r2, c2) = input._data.shape, mat2._data.shape
        if c1 != r2:
            raise errors.error("mm_shapes", r1=r1, c1=c1, r2=r2, c2=c2)
        _check_same_dtype(input, mat2, "mm")
        result = _product(MmBackward0, input, mat2, quiet_call(_mm_array, input._data, mat2._data))
        node = result._grad_fn
        if node is not None:
            node.self_column_major = _is_column_major(input._data)
            node.mat2_column_major = _is_column_major(mat2._data)
        return result
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("mm", input, failure, mat2) from None


def _bmm_array(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``a @ b`` for 3-d arrays as torch's CPU bmm computes it: below 400 multiply-adds per
    matrix (inner * rows * columns) its own loop (``baddbmm_cpu_kernel``) sums the products
    one inner element after the other in opmath (float32 for float16), without fused
    multiply-adds; at 400 and above BLAS's gemm, which numpy's matmul matches there."""
    _, rows, inner = a.shape
    columns = b.shape[2]
    if a.dtype.kind != "f" or inner * rows * columns >= 400:
        return np.matmul(a, b)
    opmath = np.float32 if a.dtype == np.float16 else a.dtype
    if inner == 0:
        return np.zeros((a.shape[0], rows, columns), a.dtype)
    # every product, then their running sum along the inner dim (np.add.accumulate adds in
    # order); + 0.0 as the loop's zero start (all products -0.0 sum to +0.0)
    products = a.astype(opmath)[:, :, :, None] * b.astype(opmath)[:, None, :, :]
    total = np.add.accumulate(products, axis=2)[:, :, -1, :] + np.zeros((), opmath)
    return total.astype(a.dtype, copy=False)


class BmmBackward0(Node):
    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        self_, mat2 = self.saved_tensors
        grad_self = None if mat2 is None else bmm(grad, transpose(mat2, 1, 2))
        grad_mat2 = None if self_ is None else bmm(transpose(self_, 1, 2), grad)
        return grad_self, grad_mat2


def bmm(input: Tensor, mat2: Tensor) -> Tensor:
    try:
        if input._data.ndim != 3:
            raise errors.error("bmm_not_3d", arg="batch1")
        if mat2._data.ndim != 3:
            raise errors.error("bmm_not_3d", arg="batch2")
        b1, _, inner1 = input._data.shape
        b2, inner2, _ = mat2._data.shape
        if b1 != b2 or inner1 != inner2:
            raise errors.error("bmm_inner", batch=b1, inner=inner1, batch2=b2, inner2=inner2)
        _check_same_dtype(input, mat2, "bmm")
        return _product(BmmBackward0, input, mat2, quiet_call(_bmm_array, input._data, mat2._data))
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("bmm", input, failure, mat2) from None


class SqueezeBackward4(Node):
    """torch's in-place ``squeeze_(dim)`` at the end of a 1-d @ 2-d matmul."""

    __slots__ = ("dim",)

    def backward(self, grad: Tensor) -> tuple:
        return (unsqueeze(grad, self.dim),)


def _squeeze4(x: Tensor, dim: int) -> Tensor:
    data = np.squeeze(x._data, dim)
    if not (grad_mode.enabled and x._requires_grad):
        return Tensor._make(data, x.dtype)
    node = SqueezeBackward4((x._edge(),), ((data.shape, x.dtype),))
    node.dim = dim
    return Tensor._make(data, x.dtype, node)


_C_NAMES = {
    "float32": "float",
    "float64": "double",
    "float16": "c10::Half",
    "int64": "long int",
    "int32": "int",
    "int16": "short int",
    "int8": "signed char",
    "uint8": "unsigned char",
}


def _c_name(x: Tensor) -> str:
    """The dtype's C++ type, as torch's messages print it (``long int``, ``c10::Half``)."""
    return _C_NAMES.get(x.dtype.name, x.dtype.name)


def matmul(input: Tensor, other: Tensor) -> Tensor:
    try:
        if not isinstance(other, Tensor) or not isinstance(input, Tensor):
            raise TypeError("matmul")  # (torch's words: the handler below)
        d1, d2 = input._data.ndim, other._data.ndim
        if d1 == 0 or d2 == 0:
            raise errors.error("matmul_0d", d1=d1, d2=d2)
        if d1 == 1 and d2 == 1:
            return dot(input, other)
        if d1 == 2 and d2 == 1:
            return mv(input, other)
        if d1 == 1 and d2 == 2:
            rows = unsqueeze(input, 0)
            if rows._data.shape[1] != other._data.shape[0]:
                raise errors.error(
                    "mm_shapes",
                    r1=1,
                    c1=rows._data.shape[1],
                    r2=other._data.shape[0],
                    c2=other._data.shape[1],
                )
            return _squeeze4(mm(rows, other), 0)
        if d1 == 2 and d2 == 2:
            return mm(input, other)
        if _should_fold(input, other):
            return _folded_matmul(input, other)
        return _batched_matmul(input, other)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("matmul", input, failure, other) from None


def _should_fold(tensor1: Tensor, tensor2: Tensor) -> bool:
    """Can the larger operand be folded into a matrix so that one mm/mv does the job?

    Mirrors torch's rule: only for n-d (n >= 3) with 1-d/2-d; always when the smaller
    operand requires grad (avoids a big intermediate in backward), else only when the
    fold is a free view.
    """
    tensor1_larger = tensor1._data.ndim >= tensor2._data.ndim
    larger = tensor1._data if tensor1_larger else np.swapaxes(tensor2._data, -1, -2)
    smaller = tensor2 if tensor1_larger else tensor1
    if not (larger.ndim >= 3 and smaller._data.ndim <= 2):
        return False
    if smaller._requires_grad:
        return True
    if tensor1._data.ndim == 2:
        return False  # folding would need a transpose plus a copy of the result
    if larger.size == 0:
        return True
    strides = [stride // larger.itemsize for stride in larger.strides]
    sizes = larger.shape
    return all(strides[i] == strides[i + 1] * sizes[i + 1] for i in range(larger.ndim - 2))


def _folded_matmul(tensor1: Tensor, tensor2: Tensor) -> Tensor:
    """n-d @ (1|2)-d (or the transposed case) as one mm/mv on the folded batch."""
    from .shape_helpers import contiguous, reshape

    transpose_result = tensor2._data.ndim > tensor1._data.ndim
    if transpose_result:
        t1 = transpose(tensor2, -1, -2)
        t2 = t(tensor1) if tensor1._data.ndim == 2 else tensor1
    else:
        t1, t2 = tensor1, tensor2
    sizes = t1._data.shape
    output_shape = sizes[:-1]
    if t2._data.ndim == 2:
        if sizes[-1] != t2._data.shape[0]:
            raise errors.error(
                "mm_shapes",
                r1=int(np.prod(output_shape)),
                c1=sizes[-1],
                r2=t2._data.shape[0],
                c2=t2._data.shape[1],
            )
        folded = reshape(t1, (int(np.prod(output_shape)), sizes[-1]))
        output = unsafe_view(mm(folded, t2), output_shape + (t2._data.shape[1],))
        return contiguous(transpose(output, -1, -2)) if transpose_result else output
    if sizes[-1] != t2._data.shape[0]:
        raise errors.error(
            "mv_size", rows=int(np.prod(output_shape)), cols=sizes[-1], vec=t2._data.shape[0]
        )
    folded = reshape(t1, (int(np.prod(output_shape)), sizes[-1]))
    return unsafe_view(mv(folded, t2), output_shape)


def _batched_matmul(tensor1: Tensor, tensor2: Tensor) -> Tensor:
    """Broadcast the batch dims, flatten them, one bmm, unflatten (torch's generic path)."""
    from .core import broadcast_error
    from .shape_helpers import reshape, squeeze_dim

    shape1, shape2 = tensor1._data.shape, tensor2._data.shape
    d1, d2 = len(shape1), len(shape2)
    n = shape1[-2] if d1 > 1 else 1
    m1 = shape1[-1]
    batch1 = shape1[: max(d1 - 2, 0)]
    m2 = shape2[-2] if d2 > 1 else shape2[0]
    p = shape2[-1] if d2 > 1 else 1
    batch2 = shape2[: max(d2 - 2, 0)]
    # A batch of one that would be broadcast is squeezed so the fold path can be used.
    if d1 == 3 and d2 == 3 and batch1[0] != batch2[0]:
        if batch1[0] == 1 and tensor1._requires_grad:
            return matmul(squeeze_dim(tensor1, 0), tensor2)
        if batch2[0] == 1 and tensor2._requires_grad:
            return matmul(tensor1, squeeze_dim(tensor2, 0))
    try:
        batch = tuple(np.broadcast_shapes(batch1, batch2))
    except ValueError:
        raise broadcast_error(batch1, batch2) from None
    size = int(np.prod(batch))
    if m1 != m2:
        raise errors.error("bmm_inner", batch=size, inner=m1, batch2=size, inner2=m2)
    left = reshape(expand(tensor1, batch + (n, m1)), (size, n, m1))
    if d2 == 1:
        right = unsqueeze(reshape(expand(tensor2, batch + (m2,)), (size, m2)), 2)
    else:
        right = reshape(expand(tensor2, batch + (m2, p)), (size, m2, p))
    output_shape = batch + ((n,) if d1 > 1 else ()) + ((p,) if d2 > 1 else ())
    product = bmm(left, right)
    if d2 == 1:
        product = squeeze_dim(product, -1)
    return unsafe_view(product, output_shape)


def outer(input: Tensor, vec2: Tensor) -> Tensor:
    """torch.outer is ``input.reshape(n, 1) * vec2``: MulBackward0(ViewBackward0, ...)."""
    try:
        from .shape_helpers import reshape

        return reshape(input, (input._data.shape[0], 1)) * vec2
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("outer", input, failure, vec2) from None


ger = outer


def addmm(input: Tensor, mat1: Tensor, mat2: Tensor, *, beta: Any = 1, alpha: Any = 1) -> Tensor:
    """F.linear's addmm (its arguments are the engine's own: no checks of the call)."""
    return AddmmBackward0.apply(input, mat1, mat2, beta, alpha)


def _addmm(
    input: Tensor,
    mat1: Tensor,
    mat2: Tensor,
    out_dtype: Any = None,
    *,
    beta: Any = 1,
    alpha: Any = 1,
) -> Tensor:
    """``torch.addmm`` / ``Tensor.addmm``: ``beta * input + alpha * (mat1 @ mat2)``, input
    broadcast to the product's shape; a beta of 0 ignores input (nan too), an alpha of 0
    the product; beta and alpha converted to the dtype as torch's ``Scalar.to<T>()``."""
    if not (isinstance(input, Tensor) and isinstance(mat1, Tensor)):  # parser-accepted
        raise errors.unsupported("the deprecated addmm(beta, input, alpha, mat1, mat2) overload")
    if out_dtype is not None:
        raise errors.unsupported("torch.addmm's out_dtype")
    beta = arguments.number_argument("addmm", "beta", beta)
    alpha = arguments.number_argument("addmm", "alpha", alpha)
    d = mat2.dtype
    for which, x in (("self", input), ("mat1", mat1)):  # torch's addmm does not promote
        if x.dtype is not d:
            raise errors.error(
                "addmm_dtypes", which=which, dtype1=x.dtype.scalar_name, dtype2=d.scalar_name
            )
    for which, x in (("mat1", mat1), ("mat2", mat2)):
        if x._data.ndim != 2:
            raise errors.error("addmm_not_a_matrix", name=which, dims=x._data.ndim)
    b, a = _scalar_argument(beta, d), _scalar_argument(alpha, d)
    return AddmmBackward0.apply(input, mat1, mat2, b, a, node_scalars=(beta, alpha))


# torch's argument parser checks the call first (a failed call is worded as torch words it)
addmm_function = arguments.parsed_like_torch(_addmm, "addmm", overloads.FUNCTIONS["addmm"])
addmm_function.__name__ = addmm_function.__qualname__ = "addmm"
addmm_method = arguments.parsed_like_torch(_addmm, "addmm", overloads.METHODS["addmm"], method=True)
addmm_method.__name__ = addmm_method.__qualname__ = "addmm"


_FLOAT16 = np.dtype(np.float16)


def _addmm_data(
    input: np.ndarray, mat1: np.ndarray, mat2: np.ndarray, beta: Any, alpha: Any
) -> np.ndarray:
    if beta == 1 and alpha == 1 and mat1.dtype is not _FLOAT16:  # F.linear's
        return input + _mm_array(mat1, mat2)
    if mat1.dtype == _FLOAT16:  # float32 opmath and scalars (addmv's are half's): one rounding
        beta, alpha = np.float32(beta), np.float32(alpha)
        wide = (x.astype(np.float32) for x in (input, mat1, mat2))
        return _addmm_data(*wide, beta, alpha).astype(np.float16)
    shape = (mat1.shape[0], mat2.shape[1])
    if alpha == 0 or mat1.shape[1] == 0:
        product = None
    else:
        product = _mm_array(mat1, mat2)
        if alpha != 1:
            product = product * np.asarray(alpha, product.dtype)
    if beta == 0:
        return np.zeros(shape, mat1.dtype) if product is None else product
    scaled = input if beta == 1 else input * np.asarray(beta, input.dtype)
    return np.broadcast_to(scaled, shape).copy() if product is None else scaled + product


class AddmmBackward0(Node):
    """out = beta * input + alpha * mat1 @ mat2 (F.linear with bias)."""

    __slots__ = ("beta", "alpha", "input_sizes", "mat1_column_major", "mat2_column_major")

    def backward(self, grad: Tensor) -> tuple:
        mat1, mat2 = self.saved_tensors
        if self.beta != 1 or self.alpha != 1:
            from .pointwise import mul_scalar  # (mul.Scalar: MulBackward1 under create_graph)
        grad_input = grad if self.beta == 1 else mul_scalar(grad, self.beta)
        grad_mat1 = None if mat2 is None else mm_mat1_backward(grad, mat2, self.mat1_column_major)
        grad_mat2 = None if mat1 is None else mm_mat2_backward(grad, mat1, self.mat2_column_major)
        if self.alpha != 1:
            grad_mat1 = None if grad_mat1 is None else mul_scalar(grad_mat1, self.alpha)
            grad_mat2 = None if grad_mat2 is None else mul_scalar(grad_mat2, self.alpha)
        return grad_input, grad_mat1, grad_mat2

    @staticmethod
    def apply(
        input: Tensor,
        mat1: Tensor,
        mat2: Tensor,
        beta: Any,
        alpha: Any,
        node_scalars: tuple[Any, Any] | None = None,
    ) -> Tensor:
        """``node_scalars``: beta and alpha as given (the node scales gradients by them),
        where ``beta`` and ``alpha`` were converted to the dtype."""
        (r1, c1), (r2, c2) = mat1._data.shape, mat2._data.shape
        if c1 != r2:
            raise errors.error("mm_shapes", r1=r1, c1=c1, r2=r2, c2=c2)
        d = mat2.dtype
        if input.dtype is not d or mat1.dtype is not d:  # torch's addmm does not promote
            which = "self" if input.dtype is not d else "mat1"
            found = input.dtype if which == "self" else mat1.dtype
            raise errors.error(
                "addmm_dtypes", which=which, dtype1=found.scalar_name, dtype2=d.scalar_name
            )
        if d is bool_:
            raise errors.error("kernel_not_implemented", op="addmm_impl_cpu_", dtype="Bool")
        try:
            out = quiet_call(_addmm_data, input._data, mat1._data, mat2._data, beta, alpha)
        except ValueError:  # (free unless raised) numpy's broadcast error
            out = None
        if out is None or out.shape != (r1, c2):  # torch expands self to the product's shape
            expand(input, (r1, c2))  # (its error)
        out = as_array(out, d)
        tensors = (input, mat1, mat2)
        if not (grad_mode.enabled and any(x._requires_grad for x in tensors)):
            return Tensor._make(out, d)
        node = AddmmBackward0(tuple(edge(x) for x in tensors), ((out.shape, d),))
        node.beta, node.alpha = (beta, alpha) if node_scalars is None else node_scalars
        node.input_sizes = input._data.shape
        node.mat1_column_major = _is_column_major(mat1._data)
        node.mat2_column_major = _is_column_major(mat2._data)
        node.save(mat1 if mat2._requires_grad else None, mat2 if mat1._requires_grad else None)
        return Tensor._make(out, d, node)


def _matrix_power(input: Tensor, n: Any) -> Tensor:
    """``torch.linalg.matrix_power`` as torch's ``linalg_matrix_power_impl`` builds it: n = 0
    copies the identity into a contiguous clone (CopyBackwards), n = 1 is that clone
    (CloneBackward0), n = 2 and 3 are ``a @ a (@ a)``, larger n multiply the binary powers
    from the least significant bit (``result @ z``); a negative n powers ``linalg.inv``."""
    if not isinstance(input, Tensor) or isinstance(n, bool) or not isinstance(n, int):
        raise TypeError("linalg_matrix_power")  # (the parser words it)
    data = input._data
    if data.ndim < 2:
        raise errors.error("matrix_power_dims")
    if data.shape[-1] != data.shape[-2]:
        raise errors.error("matrix_power_square", rows=data.shape[-2], cols=data.shape[-1])
    from . import load_views_module

    if n < 0:  # torch inverts first: n = -1 is linalg.inv itself, else powers of the inverse
        from .solvers import linalg_inv

        if n == -1:
            return linalg_inv(input)
        input, n = linalg_inv(input), -n

    if n == 0:
        from .creation import eye

        out = load_views_module().clone(input, contiguous=True)
        return out.copy_(eye(data.shape[-1], dtype=input.dtype))
    if n == 1:
        return load_views_module().clone(input, contiguous=True)
    if n == 2:
        return matmul(input, input)
    if n == 3:
        return matmul(matmul(input, input), input)
    z = result = None
    while n > 0:
        bit, n = n % 2, n // 2
        z = input if z is None else matmul(z, z)
        if bit:
            result = z if result is None else matmul(result, z)
    return result


matrix_power_linalg = arguments.parsed_like_torch(
    _matrix_power, "linalg_matrix_power", overloads.FUNCTIONS["linalg_matrix_power"]
)
matrix_power_linalg.__name__ = matrix_power_linalg.__qualname__ = "linalg_matrix_power"
matrix_power = arguments.parsed_like_torch(
    _matrix_power, "matrix_power", overloads.FUNCTIONS["matrix_power"]
)
matrix_power.__name__ = matrix_power.__qualname__ = "matrix_power"
matrix_power_method = arguments.parsed_like_torch(
    _matrix_power, "matrix_power", overloads.METHODS["matrix_power"], method=True
)
matrix_power_method.__name__ = matrix_power_method.__qualname__ = "matrix_power"
