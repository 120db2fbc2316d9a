"""oneDNN's float32 GELU (erf form) for AVX512, reproduced bit for bit in numpy.

torch 2.13 hands a contiguous float32 tensor of more than one element to oneDNN
(``use_mkldnn`` in ATen's Activation.cpp) for ``F.gelu(x)`` with ``approximate='none'``;
oneDNN's AVX512 eltwise injector computes it as ``x * (1 + sign(x) * P(|x|)) * 0.5``, ``P``
one of 24 degree-5 minimax polynomials in ``|x|`` picked by the exponent and two mantissa
bits of ``|x|`` (``gelu_erf_minimax_approx_compute_vector_fwd``; past ``0x40b15cee``,
about 5.54, ``P`` is the constant 1), each evaluated by fused multiply-adds.  The
coefficients are oneDNN's table (Apache-2.0), rows by degree 0..5, one column per interval.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from .fused import fused_multiply_add_float32 as fused_multiply_add

_FLOAT = np.float32
# degree 0 (25 words), then degree 1 ... degree 5
_COEFFICIENTS = """
a6f2cb94 32827792 3381cc0c 34523d4a 351ac44d 35f36d88 36ee8229 37b8a3bb 3867a213 3940033b
3a2a5a1d 3ae35863 3b7828f2 3c08b14b 3c515ed3 bb503236 bd8d8e5e be8abcd9 bf0c19a2 beccb328
3e176ced 3f470d99 3f7abb28 3f800000 00000000 3f4c422a 3f4c421f 3f4c4207 3f4c41cb 3f4c413b
3f4c3fad 3f4c3a2f 3f4c2d40 3f4c146a 3f4bc341 3f4ad08c 3f48f8cf 3f45fac7 3f404e07 3f3b980f
3f48dff3 3f78b21b 3fbb0704 40019c32 3fe536d6 3f81331e 3e6c8684 3c98f936 00000000 3f800000
b62173f4 3735e4cf 37f2ff89 388c23be 3917535c 39ab2ab0 3a60fadb 3af9b960 3b6e5491 3c0a4ec5
3ca5aa8c 3d2138d9 3d8737d4 3ddfb660 3e0f27ab 3d94004b be0efdeb bf1d96c3 bf89db58 bf6d9897
bef69fb8 bdc4f8a8 bbde6422 00000000 00000000 be081a19 be084570 be08639b be089837 be08f409
be09ab95 be0b66d0 be0e400a be124df8 be1bde02 be2f19c9 be4931bf be685fbc be89c95f be96cbca
be8044aa be0550f2 3dcfd6a1 3e94c826 3e79345f 3decec91 3ca46568 3aa1e00a 00000000 00000000
ba3d61db 39f097a3 3a5845dc 3ab1fa35 3b0cefb8 3b653ab6 3bcae527 3c221712 3c6c5840 3cc0a703
3d1dcc19 3d63656d 3d955907 3dbf9910 3dd53f69 3db7dcef 3d639ebe ba6ede48 bd22be69 bd041cf1
bc64f5ab bb097a32 b8ebf380 00000000 00000000 3cb7d80c 3c9b6050 3c978d11 3c92e850 3c8d058b
3c848454 3c6cd623 3c4c824b 3c2a7935 3be0b390 3b0651ac bb232f53 bbd42fa0 bc2c5366 bc492c9e
bc2a7aa6 bbd55d04 ba823a76 3b102aa8 3ae25a7e 3a31f792 38b84375 3689bb5a 00000000 00000000
"""
_INDEX_BIAS = np.int32(np.uint32(0xC21FFFFF).view(np.int32))
_RIGHT_BOUND = np.uint32(0x40B15CEE).view(_FLOAT)


@cache
def _table() -> np.ndarray:
    """(6, 25) float32: the coefficients of degree 0..5 of each interval's polynomial."""
    words = [int(word, 16) for word in _COEFFICIENTS.split()]
    return np.array(words, dtype=np.uint32).view(_FLOAT).reshape(6, 25)


def onednn_gelu_erf(x: np.ndarray) -> np.ndarray:
    """oneDNN's AVX512 ``gelu_erf`` of a float32 array (call with numpy's warnings off)."""
    table = _table()
    positive = np.abs(x)
    index = (positive.view(np.int32) + _INDEX_BIAS) >> 21
    index = np.clip(index, 1, 24)
    index = np.where(_RIGHT_BOUND < positive, 23, index)
    polynomial = table[5][index]
    for degree in range(4, -1, -1):
        polynomial = fused_multiply_add(polynomial, positive, table[degree][index])
    sign = x.view(np.uint32) & np.uint32(0x80000000)
    polynomial = (polynomial.view(np.uint32) ^ sign).view(_FLOAT)
    return x * (polynomial + _FLOAT(1)) * _FLOAT(0.5)
