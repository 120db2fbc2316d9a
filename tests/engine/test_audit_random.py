# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""The engine's CPU random stream is torch's (``ops/random_stream.py``): after
``torch.manual_seed(s)`` (or of a ``torch.Generator``) ``rand``/``uniform_`` (float32, float64,
float16, any bounds), ``randint`` (ranges below and from ``2**28``, to the int64 extremes) and
``randperm`` draw torch's values bit for bit, and interleaved calls advance the generator as
torch's do. ``randn``/``normal_``/``torch.normal`` are torch's bit for bit too: the scalar path below 16
elements, normal_fill from 16 on (float32 and float16 through torch's AVX2 kernel and its
``avx_mathfun`` log and sincos). ``nn.Linear`` and
``nn.init``'s uniform initialisers therefore give torch's weights (``LINEAR``, whose goldens
keep the warnings). ``bernoulli``/``bernoulli_`` and ``F.dropout``/``nn.Dropout`` draw as
torch's CPU kernels do (``DROPOUT``). Float values are compared as ``float.hex``. The goldens were captured from torch
2.13 with ``audit_outcomes.goldens``; the torch-marked tests re-check them and sweep seeds and
shapes against live torch."""

from __future__ import annotations

from types import ModuleType

import numpy as np
import pytest
from audit_outcomes import outcome
from hypothesis import given, settings
from hypothesis import strategies as st

import gradekit.engine as engine

RANDOM = {
    "torch.manual_seed(0); result = [v.hex() for v in torch.rand(5).flatten().tolist()]": "['0x.fc2ab00000000p-2', '0x.89545e0000000p-1', '0x.6a67500000000p-4', '0x.0e66000000000p-3', '0x.3acd0c0000000p-2']",
    "torch.manual_seed(42); result = [v.hex() for v in torch.rand(2, 3, dtype=torch.float64).flatten().tolist()]": "['0x.dc66cbea3db30p-5', '0x.01ae177aca870p-4', '0x.fa3563ccea238p-4', '0x.aebc98cb2c140p-5', '0x.0d66672221879p-1', '0x.e83a4332fe9acp-2']",
    "torch.manual_seed(7); result = [v.hex() for v in torch.rand(17, dtype=torch.float16).flatten().tolist()]": "['0x.1200000000000p-1', '0x.9740000000000p-3', '0x.5180000000000p-1', '0x.5040000000000p-1', '0x.dcc0000000000p-3', '0x.b340000000000p-2', '0x.a800000000000p-3', '0x.4280000000000p-1', '0x.7600000000000p-2', '0x.b3c0000000000p-1', '0x.b5c0000000000p-1', '0x.1a00000000000p-1', '0x.25c0000000000p-2', '0x.a680000000000p-3', '0x.c7c0000000000p-2', '0x.7000000000000p-2', '0x.70c0000000000p-1']",
    "torch.manual_seed(0); result = [v.hex() for v in torch.rand(15, dtype=torch.float16).flatten().tolist()]": "['0x.fc40000000000p-2', '0x.8940000000000p-1', '0x.6a80000000000p-4', '0x.0e80000000000p-3', '0x.3ac0000000000p-2', '0x.44c0000000000p-1', '0x.f5c0000000000p-2', '0x.cb00000000000p-1', '0x.d280000000000p-2', '0x.43c0000000000p-1', '0x.6540000000000p-2', '0x.9b40000000000p-2', '0x.6dc0000000000p-6', '0x.59c0000000000p-3', '0x.2d00000000000p-2']",
    "torch.manual_seed(-5); result = (torch.initial_seed(), [v.hex() for v in torch.rand(3).flatten().tolist()])": "(18446744073709551611, ['0x.dc93cc0000000p-1', '0x.524a720000000p-1', '0x.f627560000000p-1'])",
    "torch.manual_seed(2**32 + 3); result = [v.hex() for v in torch.rand(3).flatten().tolist()]": "['0x.176a000000000p-8', '0x.b069800000000p-4', '0x.24b3e40000000p-2']",
    "torch.manual_seed(3); a = torch.rand(0); result = (a.shape, [v.hex() for v in torch.rand(2).flatten().tolist()])": "((0), ['0x.176a000000000p-8', '0x.b069800000000p-4'])",
    "result = [v.hex() for v in torch.rand(3).flatten().tolist()] == [v.hex() for v in torch.rand(3).flatten().tolist()]": "False",
    "torch.manual_seed(1); result = [v.hex() for v in torch.empty(3, 4).uniform_(-2, 2).flatten().tolist()]": "['0x.07d0940000000p+0', '-0x.c3f8a80000000p-1', '-0x.8d07400000000p-2', '0x.e0a2400000000p-1', '-0x.e204040000000p+0', '0x.330e240000000p+0', '-0x.a553500000000p-2', '0x.047a140000000p+0', '0x.1cb4f00000000p-2', '-0x.f588000000000p-3', '0x.1c04800000000p-1', '0x.9420400000000p-4']",
    "torch.manual_seed(1); result = [v.hex() for v in torch.empty(5, dtype=torch.float64).uniform_(-0.3, 0.7).flatten().tolist()]": "['-0x.e95ce694862bap-3', '-0x.3506556ec2a8cp-4', '-0x.0d4d3c666b084p-4', '-0x.f766ccec3d8a4p-4', '0x.0636b45ad744dp-2']",
    "torch.manual_seed(1); result = [v.hex() for v in torch.empty(6, dtype=torch.float16).uniform_(0.1, 0.2).flatten().tolist()]": "['0x.6800000000000p-3', '0x.0600000000000p-3', '0x.1f40000000000p-3', '0x.6340000000000p-3', '0x.a580000000000p-4', '0x.7080000000000p-3']",
    "torch.manual_seed(2); result = [v.hex() for v in torch.empty(4, dtype=torch.float64).uniform_(1, 1 + 2**-52).flatten().tolist()]": "['0x.0000000000000p+0', '0x.0000000000000p+0', '0x.0000000000000p+0', '0x.0000000000000p+0']",
    "torch.manual_seed(5); x = torch.zeros(2, 3); result = [v.hex() for v in torch.rand_like(x).flatten().tolist()]": "['0x.a916c60000000p-1', '0x.0246700000000p-3', '0x.d09fde0000000p-1', '0x.a3cd7a0000000p-1', '0x.d717cc0000000p-1', '0x.ddc7600000000p-4']",
    "g = torch.Generator().manual_seed(3); torch.manual_seed(9); result = [v.hex() for v in torch.rand(3, generator=g).flatten().tolist()]": "['0x.176a000000000p-8', '0x.b069800000000p-4', '0x.24b3e40000000p-2']",
    "g = torch.Generator(); result = (g.initial_seed(), [v.hex() for v in torch.rand(2, generator=g).flatten().tolist()])": "(67280421310721, ['0x.11b5d80000000p-2', '0x.bebc080000000p-1'])",
    "torch.manual_seed(0); result = torch.randint(0, 10, (8,))": "torch.int64 (8,) [4, 9, 3, 0, 3, 9, 7, 3] rg=False",
    "torch.manual_seed(0); result = torch.randint(-3, 4, (2, 5), dtype=torch.int16)": "torch.int16 (2, 5) [[1, 0, -3, -1, -2], [-1, 3, 0, 1, 2]] rg=False",
    "torch.manual_seed(0); result = torch.randint(2**28 - 1, (4,))": "torch.int64 (4,) [209652404, 130329144, 118924928, 136432845] rg=False",
    "torch.manual_seed(0); result = torch.randint(2**28, (4,))": "torch.int64 (4,) [130329135, 136432832, 195187451, 149257575] rg=False",
    "torch.manual_seed(11); result = torch.randint(-2**40, 2**40, (4,))": "torch.int64 (4,) [657423371967, -753059292069, 348726071223, 59812929868] rg=False",
    "torch.manual_seed(11); result = torch.randint(-2**63, 2**63 - 1, (3,))": "torch.int64 (3,) [-5897983123618230593, -8864117261142909861, -678498381169848393] rg=False",
    "torch.manual_seed(4); result = torch.randint(5, (3,), dtype=torch.float64)": "torch.float64 (3,) [0.0, 4.0, 1.0] rg=False",
    "torch.manual_seed(4); a = torch.randint(5, (3,)); result = (a, torch.rand(2).tolist())": "(torch.int64 (3,) [0, 4, 1] rg=False, [0.21000319719314575, 0.007194578647613525])",
    "torch.manual_seed(0); result = torch.randperm(10)": "torch.int64 (10,) [4, 1, 7, 5, 3, 9, 0, 8, 6, 2] rg=False",
    "torch.manual_seed(3); result = torch.randperm(1)": "torch.int64 (1,) [0] rg=False",
    "torch.manual_seed(3); a = torch.randperm(0); result = (a, torch.randint(9, (3,)))": "(torch.int64 (0,) [] rg=False, torch.int64 (3,) [4, 5, 1] rg=False)",
    "torch.manual_seed(8); result = torch.randperm(40, dtype=torch.int32)": "torch.int32 (40,) [3, 32, 21, 28, 29, 16, 20, 10, 5, 33, 18, 36, 13, 6, 9, 34, 7, 0, 1, 38, 37, 35, 2, 19, 26, 39, 23, 24, 27, 8, 4, 25, 22, 17, 30, 14, 31, 15, 12, 11] rg=False",
    "g = torch.Generator().manual_seed(1); result = torch.randperm(6, generator=g)": "torch.int64 (6,) [1, 5, 2, 0, 3, 4] rg=False",
    "torch.manual_seed(1); a = torch.rand(3); b = torch.randint(100, (3,)); c = torch.randperm(5); d = torch.rand(2, dtype=torch.float64); result = ([v.hex() for v in a.flatten().tolist()], b, c, [v.hex() for v in d.flatten().tolist()])": "(['0x.83e84a0000000p-1', '0x.1e03ac0000000p-2', '0x.9cbe300000000p-2'], torch.int64 (3,) [68, 63, 13] rg=False, torch.int64 (5,) [1, 2, 4, 3, 0] rg=False, ['0x.c04832c328408p-4', '0x.d7f98c69c3c8ep-2'])",
    "torch.manual_seed(0); result = [v.hex() for v in torch.randn(5).flatten().tolist()]": "['0x.8a7eb80000000p+0', '-0x.2c78a00000000p-2', '-0x.16e2920000000p+1', '0x.23096c0000000p-1', '-0x.15a3420000000p+0']",
    "torch.manual_seed(0); result = [v.hex() for v in torch.randn(3, dtype=torch.float64).flatten().tolist()] + [v.hex() for v in torch.randn(2, dtype=torch.float64).flatten().tolist()]": "['0x.8a7eb8902be3ap+0', '-0x.2c78a087c6feap-2', '-0x.16e2920a70ee5p+1', '0x.23096ca3e350dp-1', '-0x.15a341987e136p+0']",
    "torch.manual_seed(0); a = torch.randn(1); torch.manual_seed(0); result = [v.hex() for v in a.flatten().tolist()] == [v.hex() for v in torch.randn(1).flatten().tolist()]": "True",
    "torch.manual_seed(1); result = [v.hex() for v in torch.randn(17, dtype=torch.float64).flatten().tolist()]": "['-0x.3ec2b05b54971p-2', '0x.7ef6234f2b7ecp-2', '0x.25d654b7b0adcp-1', '0x.91d911bed3c78p+0', '0x.bf34427c542acp-1', '-0x.da326c6448723p+1', '-0x.d06c655b7adc3p+0', '-0x.d7b2c0598141dp+0', '0x.818c389b97035p-4', '0x.17a9eda258ec5p-1', '0x.0d640b68ad8acp+0', '-0x.403bfa0ff88f6p-3', '-0x.0cedbec231a3ep+1', '0x.9469e9fae1e41p+0', '0x.1556e77117ceep+0', '0x.c7836b0b2366fp-1', '-0x.edb7a381131e9p+0']",
    "torch.manual_seed(1); result = [v.hex() for v in torch.randn(4, 10, dtype=torch.float64).flatten().tolist()]": "['-0x.3ec2b05b54971p-2', '-0x.6d124df02c168p-1', '-0x.75486bc27b45ep-1', '-0x.32621879b48f0p-2', '-0x.02f7d0fe2864dp-2', '-0x.70d306b9f376ap-2', '0x.e0f2e91bd0ad0p-1', '0x.2952de0f17674p+0', '-0x.5d505d875a733p-3', '0x.e952c6fa9e9c1p-7', '-0x.85e570eab4cd5p-5', '0x.18950b154ac15p-1', '-0x.3fc3f4fcad4d1p+0', '0x.472e714fed2c3p-2', '0x.305bd8684758fp-1', '0x.0e64ac5436be1p+0', '0x.9b6668eebb9f0p-1', '0x.7ef6234f2b7ecp-2', '0x.25d654b7b0adcp-1', '0x.91d911bed3c78p+0', '0x.bf34427c542acp-1', '-0x.da326c6448723p+1', '-0x.d06c655b7adc3p+0', '-0x.d7b2c0598141dp+0', '-0x.b0fa451e0d49fp-2', '-0x.cae25fb15b73ep-3', '-0x.eabfaee8c986dp-2', '-0x.20245d99808cap-5', '-0x.c162b402bb746p-1', '0x.c0543a4619065p-2', '-0x.7b124290b9152p-4', '-0x.9a2b815d2bb0fp-3', '0x.f1ff386c54c52p-2', '0x.6ca8580ac468fp-1', '-0x.964c67a7c7e46p-1', '0x.1542c1f43995bp+0', '0x.0c2a48268977ep-1', '-0x.636b76af17ef2p-1', '-0x.cd445631c9952p+0', '0x.b75edee4d2b12p-1']",
    "torch.manual_seed(2); result = [v.hex() for v in torch.randn(33, dtype=torch.float16).flatten().tolist()]": "['-0x.0a80000000000p+0', '0x.d540000000000p-1', '-0x.4dc0000000000p+0', '-0x.1c00000000000p+0', '-0x.3800000000000p+0', '0x.2b00000000000p+0', '-0x.0ec0000000000p+0', '-0x.e6c0000000000p-4', '-0x.d0c0000000000p-1', '0x.6180000000000p-2', '-0x.2480000000000p-1', '-0x.e180000000000p-3', '0x.0200000000000p+0', '-0x.8180000000000p-1', '-0x.ccc0000000000p-3', '-0x.bb00000000000p-2', '-0x.81c0000000000p+0', '-0x.87c0000000000p-1', '0x.d480000000000p+0', '-0x.1d00000000000p-2', '-0x.1680000000000p-2', '-0x.4b40000000000p+0', '-0x.8e40000000000p-6', '-0x.e200000000000p-3', '-0x.6ac0000000000p-1', '0x.2800000000000p+0', '0x.b800000000000p-2', '-0x.3000000000000p+0', '-0x.7e40000000000p-1', '-0x.dd40000000000p-1', '-0x.b740000000000p-1', '-0x.ee00000000000p-1', '-0x.9600000000000p-4']",
    "torch.manual_seed(2); a = torch.randn(20, dtype=torch.float16); result = [v.hex() for v in torch.rand(3).flatten().tolist()]": "['0x.3c3fd40000000p-1', '0x.a87c420000000p-1', '0x.0c9c740000000p-1']",
    "torch.manual_seed(2); a = torch.randn(20); result = [v.hex() for v in torch.rand(3).flatten().tolist()]": "['0x.7081fe0000000p-1', '0x.3b750c0000000p-2', '0x.8e95140000000p-2']",
    "torch.manual_seed(3); result = [v.hex() for v in torch.empty(20, dtype=torch.float64).normal_(1, 3).flatten().tolist()]": "['0x.631361d6cce28p-2', '0x.70a5e5aad42cdp+0', '0x.80ed59bdd8331p+1', '-0x.15b1d3dc717b2p-1', '-0x.85080393cdf5fp+1', '0x.2e1067246c184p-3', '0x.80fb48176bf14p+0', '0x.a3181150625cdp+1', '0x.0f0f3fc5d0c49p+2', '0x.03f493adc39aap+1', '0x.9469b17af19dfp+1', '0x.bef514ad00187p+1', '-0x.810a0760433d2p-1', '-0x.5664f6280027ap+1', '0x.86d91bbf53630p-3', '0x.9c6ae1fcb50a7p+0', '0x.16150b39d3704p+0', '0x.ba3112f0ad387p+0', '0x.ad1f45fee49c1p+1', '-0x.fec9084ad528cp+0']",
    "torch.manual_seed(3); result = [v.hex() for v in torch.empty(5).normal_(-0.5, 0.01).flatten().tolist()]": "['-0x.f7c6420000000p-2', '-0x.fe35b00000000p-2', '-0x.ff16c00000000p-2', '-0x.03246a0000000p-1', '-0x.ff86f00000000p-2']",
    "torch.manual_seed(4); result = [v.hex() for v in torch.normal(2., 3., (7,)).flatten().tolist()]": "['-0x.686d140000000p+1', '0x.5946460000000p+1', '0x.17070c0000000p+3', '0x.22ae300000000p+2', '0x.6686120000000p+2', '0x.9737fc0000000p-1', '-0x.2397700000000p+1']",
    "torch.manual_seed(4); result = [v.hex() for v in torch.normal(torch.arange(20.).double(), 2.).flatten().tolist()]": "['0x.c629a5eecbf09p+0', '-0x.0d4dabda484b0p+1', '0x.27689eb0104cdp+1', '0x.81f151b722473p+2', '0x.59a01c075d27bp+2', '0x.507815467a0c5p+1', '0x.c1ea31d1de6dcp+2', '0x.edcc02031fc85p+2', '0x.580ff23faadcap+2', '0x.bcf735658b4d6p+2', '0x.766b3bdbbb60cp+3', '0x.5939cef93a4f6p+3', '0x.7543d6b01b584p+3', '0x.a3549e5e6ebb0p+3', '0x.f2044a5b189b4p+3', '0x.fe24d50768581p+3', '0x.1296abc834073p+4', '0x.fbf3a5d5b4f88p+3', '0x.27446f9220896p+4', '0x.2e45f37a4f417p+4']",
    "torch.manual_seed(4); result = [v.hex() for v in torch.normal(1.5, torch.arange(5.)).flatten().tolist()]": "['0x.8000000000000p+0', '0x.bb84300000000p+0', '0x.7eb4100000000p+2', '0x.02ae300000000p+2', '0x.935d6c0000000p+2']",
    "torch.manual_seed(4); result = [v.hex() for v in torch.normal(torch.ones(3, 20, dtype=torch.float64), torch.arange(20.).double()).flatten().tolist()]": "['0x.0000000000000p+0', '-0x.1a9b57b490960p-1', '0x.4ed13d602099ap+0', '0x.62e9fa92b36acp+2', '-0x.cefe60ca95364p+2', '0x.d4f4dea527e98p+2', '-0x.3808aa53615e8p+2', '-0x.54f4ab4923f34p+2', '0x.ad9de905db85dp+2', '0x.4f9d41212384bp+2', '0x.051e3d72808f4p+2', '-0x.366444fefdfcap+4', '0x.0a527b4676f20p+4', '0x.7936494e65c14p+0', '-0x.acfcac252e94cp+1', '0x.663f2425d8498p+4', '-0x.24b624bdff339p+3', '-0x.94ab8bbeb8678p+4', '-0x.d7ceb3fc2db2cp+2', '0x.d1fc74d05675ep+3', '0x.0000000000000p+0', '-0x.7c3f55cc2f9d8p-3', '0x.03d463a3bcdb8p+1', '0x.096406095f590p+1', '-0x.16c74608dd77fp+1', '0x.41e063da5b492p+0', '0x.b4ceef46a2fb9p+2', '0x.388f1a55d7b1cp+0', '-0x.5e14a7f253dd8p-2', '0x.77e64547924c2p+0', '0x.1a1573c77b083p+3', '0x.8b9527517bc88p+2', '0x.1331f0444fd52p+3', '0x.0ec2970695026p+2', '-0x.7def50c73fde0p+0', '-0x.20ce5ad377d8ap+4', '0x.43664962c0e88p+4', '0x.a3f3b7b7b8c4cp+3', '-0x.6cefa5b0b317fp+1', '-0x.0225cdc495e9ep+5', '0x.0000000000000p+0', '-0x.2cb0783a2bde4p-2', '0x.13e11f689ec4ap-1', '0x.dd9447a0cc980p-5', '0x.809784b56d108p+1', '0x.d4803dbe8c0b4p-3', '-0x.ad9b88cf10670p+0', '0x.4cba5e02b7e8ep+0', '0x.44cd1a58ceec3p+2', '0x.fa00f9ab0b637p+2', '-0x.e17f703dcb1d8p-2', '0x.582f52d44b133p+3', '0x.4563bf3aa24f8p+4', '-0x.fedbbece555e6p+1', '0x.2e3d0f3565dc8p+3', '0x.99e9b64dada01p+4', '0x.10a390bf3ca91p+4', '0x.479f231948e6ap+3', '0x.836f686529842p+5', '0x.2a84364dd56d3p+3']",
    "torch.manual_seed(6); x = torch.zeros(2, 3, dtype=torch.float64); result = [v.hex() for v in torch.randn_like(x).flatten().tolist()]": "['-0x.dfd8960b38b11p+0', '-0x.fcc16d4b38f46p-1', '0x.6fdaefc7c24dfp-1', '-0x.659bbedc42f00p-1', '-0x.78b7d87aa0c93p+0', '0x.6bee17276a79bp-3']",
    "g = torch.Generator().manual_seed(2); result = [v.hex() for v in torch.randn(3, generator=g).flatten().tolist()]": "['0x.91b6420000000p-2', '-0x.c9dbee0000000p-3', '-0x.472b140000000p-2']",
}


@pytest.mark.parametrize("code", sorted(RANDOM))
def test_engine_answers_as_the_golden(code: str) -> None:
    assert outcome(engine, code, with_warnings=False) == RANDOM[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", sorted(RANDOM))
def test_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, code, with_warnings=False) == RANDOM[code]


SHAPES = st.lists(st.integers(0, 20), max_size=3).map(tuple)
FLOATS = ["float32", "float64", "float16"]


def _draws(torch: ModuleType, seed: int, shape: tuple, steps: list) -> list:
    """What ``steps`` (each a random op with its arguments) draw after ``manual_seed``."""
    torch.manual_seed(seed)
    drawn = []
    for op, dtype, low, high in steps:
        kind = getattr(torch, dtype)
        if op == "rand":
            t = torch.rand(shape, dtype=kind)
        elif op == "uniform_":
            t = torch.empty(shape, dtype=kind).uniform_(low, high)
        elif op == "randint":
            t = torch.randint(low, high, shape)
        else:
            t = torch.randperm(high % 50)
        drawn.append((str(t.dtype), t.tolist()))
    return drawn


STEP = st.one_of(
    st.tuples(st.just("rand"), st.sampled_from(FLOATS), st.just(0), st.just(1)),
    st.tuples(
        st.just("uniform_"),
        st.sampled_from(FLOATS),
        st.floats(-100, 0, width=16),
        st.floats(0.25, 100, width=16),
    ),
    st.integers(-(2**62), 2**62).flatmap(
        lambda low: st.tuples(
            st.just("randint"),
            st.just("int64"),
            st.just(low),
            st.sampled_from([1, 7, 2**28 - 1, 2**28, 2**33, 2**62]).map(lambda span: low + span),
        )
    ),
    st.tuples(st.just("randperm"), st.just("int64"), st.just(0), st.integers(0, 60)),
)


@pytest.mark.torch
@settings(max_examples=120, deadline=None)
@given(
    seed=st.integers(-(2**63), 2**64 - 1),
    shape=SHAPES,
    steps=st.lists(STEP, min_size=1, max_size=4),
)
def test_interleaved_draws_are_torchs(
    seed: int, shape: tuple, steps: list, real_torch: ModuleType
) -> None:
    assert _draws(engine, seed, shape, steps) == _draws(real_torch, seed, shape, steps)


@pytest.mark.torch
@pytest.mark.parametrize("seed", [0, 1, 2**32 - 1, 2**63])
def test_a_sweep_of_shapes_is_torchs(seed: int, real_torch: ModuleType) -> None:
    for size in [*range(0, 34), 100, 1000]:
        for dtype in FLOATS:
            steps = [("rand", dtype, 0, 1), ("uniform_", dtype, -3.5, 0.125)]
            steps += [("randint", "int64", -5, 2**31), ("randperm", "int64", 0, size)]
            ours = _draws(engine, seed, (size,), steps)
            assert ours == _draws(real_torch, seed, (size,), steps), (size, dtype)


def test_a_generator_keeps_its_own_stream() -> None:
    g = engine.Generator().manual_seed(5)
    engine.manual_seed(5)
    first = engine.rand(4, generator=g)
    engine.rand(3)  # (the default generator's draws leave g's stream alone)
    second = engine.rand(4, generator=g)
    engine.manual_seed(5)
    both = engine.rand(8)
    assert np.array_equal(np.concatenate([first._data, second._data]), both._data)


def _normals(torch: ModuleType, seed: int, size: int, dtype: str, mean: float, std: float):
    torch.manual_seed(seed)
    t = torch.empty(size, dtype=getattr(torch, dtype)).normal_(mean, std)
    return t.double().numpy(), torch.rand(3).tolist()  # (the draw after: same consumption)


MOMENTS = st.sampled_from([(0.0, 1.0), (1.0, 3.0), (-0.5, 0.01), (2.0, 0.5)])


@pytest.mark.torch
@settings(max_examples=120, deadline=None)
@given(
    seed=st.integers(0, 2**64 - 1),
    size=st.integers(0, 70),
    dtype=st.sampled_from(FLOATS),
    moments=MOMENTS,
)
def test_normal_is_torchs(
    seed: int, size: int, dtype: str, moments: tuple, real_torch: ModuleType
) -> None:
    ours, after = _normals(engine, seed, size, dtype, *moments)
    theirs, their_after = _normals(real_torch, seed, size, dtype, *moments)
    assert after == their_after
    assert ours.tobytes() == theirs.tobytes()


@pytest.mark.torch
@pytest.mark.parametrize("dtype", FLOATS)
def test_a_long_normal_fill_is_torchs(dtype: str, real_torch: ModuleType) -> None:
    """float32: torch's AVX2 kernel, avx_mathfun's log and sincos with GCC's fused
    multiply-adds (ops/avx_mathfun.py); float16 goes through it too."""
    ours, after = _normals(engine, 0, 100_003, dtype, 0.5, 2.0)
    theirs, their_after = _normals(real_torch, 0, 100_003, dtype, 0.5, 2.0)
    assert ours.tobytes() == theirs.tobytes() and after == their_after


LINEAR = {
    "torch.manual_seed(0); m = torch.nn.Linear(3, 2); result = (repr(m), [v.hex() for v in m.weight.detach().flatten().tolist()], [v.hex() for v in m.bias.detach().flatten().tolist()])": "('Linear(in_features=3, out_features=2, bias=True)', ['-0x.1b47d00000000p-8', '0x.3d26260000000p-2', '-0x.e696fc0000000p-2', '-0x.b317920000000p-2', '-0x.c769620000000p-3', '0x.3d12a60000000p-3'], ['-0x.76d6800000000p-7', '0x.d4c2f40000000p-2'])",
    "torch.manual_seed(1); m = torch.nn.Linear(20, 17); result = ([v.hex() for v in m.weight[-1].detach().flatten().tolist()], [v.hex() for v in m.bias.detach().flatten().tolist()], [v.hex() for v in torch.rand(2).detach().flatten().tolist()])": "(['-0x.6a97e00000000p-5', '-0x.1563d00000000p-6', '-0x.5bde6c0000000p-5', '-0x.51a2a60000000p-4', '0x.7e398e0000000p-4', '-0x.37f4b80000000p-4', '-0x.0143fc0000000p-3', '0x.9f8f560000000p-5', '-0x.4b01b20000000p-3', '-0x.86ee300000000p-5', '0x.d408b60000000p-4', '0x.564bde0000000p-4', '0x.85de160000000p-3', '-0x.3857580000000p-3', '0x.fda6180000000p-10', '-0x.0e77420000000p-4', '-0x.0023240000000p-3', '-0x.019e9a0000000p-3', '0x.cd7e420000000p-5', '0x.7f4cd00000000p-6'], ['-0x.d384320000000p-4', '-0x.42c9c00000000p-3', '-0x.7b6bf80000000p-3', '0x.c0d1400000000p-3', '-0x.3838400000000p-5', '-0x.a792e00000000p-5', '-0x.50ca5e0000000p-4', '-0x.ca193e0000000p-4', '-0x.a2cc400000000p-3', '-0x.0cd77c0000000p-3', '0x.17e8fa0000000p-3', '0x.917bbe0000000p-5', '-0x.4316de0000000p-4', '-0x.5a20a40000000p-4', '0x.248aee0000000p-3', '0x.4a1bc20000000p-3', '0x.b9339c0000000p-3'], ['0x.4aad380000000p-1', '0x.7bad2c0000000p-1'])",
    "torch.manual_seed(2); m = torch.nn.Linear(4, 3, bias=False); result = (repr(m), m.bias, [v.hex() for v in m.weight.detach().flatten().tolist()])": "('Linear(in_features=4, out_features=3, bias=False)', None, ['0x.d5ca800000000p-4', '-0x.e75f100000000p-4', '0x.18cf680000000p-3', '-0x.a26e000000000p-6', '0x.b570b00000000p-3', '0x.e792b00000000p-4', '-0x.d6c5c00000000p-5', '-0x.9deed40000000p-2', '0x.d396800000000p-4', '-0x.c54be40000000p-2', '0x.0d2a200000000p-4', '0x.1036200000000p-5'])",
    "torch.manual_seed(3); m = torch.nn.Linear(3, 2, dtype=torch.float64); result = (m.weight.dtype, [v.hex() for v in m.weight.detach().flatten().tolist()], [v.hex() for v in m.bias.detach().flatten().tolist()])": "(torch.float64, ['-0x.1370375e6f2b0p-1', '-0x.f852893a7bee8p-3', '0x.42b2c214c7072p-2', '-0x.805ee0fff3a92p-2', '0x.2df3e7254eb27p-2', '0x.fffcea0b4f104p-4'], ['-0x.643aa25c13782p-2', '-0x.3aebe4ce287a7p-4'])",
    "torch.manual_seed(4); m = torch.nn.Linear(0, 3); result = (m.weight.shape, m.bias)": "((3, 0), torch.float32 (3,) [0.0, 0.0, 0.0] rg=True) | warns: Initializing zero-element tensors is a no-op",
    "torch.manual_seed(4); m = torch.nn.Linear(2, 0); result = (m.weight.shape, m.bias.shape, [v.hex() for v in torch.rand(2).detach().flatten().tolist()])": "((0, 2), (0), ['0x.1e88f40000000p-1', '0x.1e415c0000000p-1']) | warns: Initializing zero-element tensors is a no-op",
    "torch.manual_seed(5); m = torch.nn.Linear(3, 2); result = (type(m.weight).__name__, m.weight.requires_grad, m.weight.is_leaf, m.weight.grad_fn, [n for n, _ in m.named_parameters()])": "('Parameter', True, True, None, ['weight', 'bias'])",
    "torch.manual_seed(6); m = torch.nn.Linear(3, 2); y = m(torch.ones(4, 3)); y.sum().backward(); result = (y.grad_fn.name(), [v.hex() for v in y.detach().flatten().tolist()], [v.hex() for v in m.weight.grad.detach().flatten().tolist()], [v.hex() for v in m.bias.grad.detach().flatten().tolist()])": "('AddmmBackward0', ['0x.d16bd20000000p-1', '0x.792a800000000p-5', '0x.d16bd20000000p-1', '0x.792a800000000p-5', '0x.d16bd20000000p-1', '0x.792a800000000p-5', '0x.d16bd20000000p-1', '0x.792a800000000p-5'], ['0x.0000000000000p+2', '0x.0000000000000p+2', '0x.0000000000000p+2', '0x.0000000000000p+2', '0x.0000000000000p+2', '0x.0000000000000p+2'], ['0x.0000000000000p+2', '0x.0000000000000p+2'])",
    "torch.manual_seed(7); net = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 1)); result = (repr(net), [v.hex() for v in net[2].weight.detach().flatten().tolist()])": "('Sequential(\\n  (0): Linear(in_features=4, out_features=8, bias=True)\\n  (1): ReLU()\\n  (2): Linear(in_features=8, out_features=1, bias=True)\\n)', ['0x.5c50e20000000p-3', '-0x.65de3c0000000p-3', '-0x.82707a0000000p-3', '0x.38607e0000000p-2', '0x.4b4b020000000p-2', '0x.4d1de00000000p-5', '-0x.f588620000000p-5', '-0x.75de9e0000000p-5'])",
    "torch.manual_seed(8); m = torch.nn.Linear(3, 2); m.reset_parameters(); result = [v.hex() for v in m.weight.detach().flatten().tolist()]": "['0x.730c8e0000000p-4', '-0x.bf2e2e0000000p-2', '0x.ee5c0a0000000p-2', '0x.aaee080000000p-3', '-0x.62b41e0000000p-2', '-0x.caa57c0000000p-2']",
    "torch.manual_seed(0); w = torch.empty(3, 5); r = torch.nn.init.kaiming_uniform_(w); result = (r is w, [v.hex() for v in w.detach().flatten().tolist()])": "(True, ['-0x.0cbe560000000p-7', '0x.2cdfbe0000000p-1', '-0x.cd9e9e0000000p-1', '-0x.9cc3bc0000000p-1', '-0x.b00a9c0000000p-2', '0x.2ccd3e0000000p-2', '-0x.639a3c0000000p-6', '0x.bcb4ce0000000p-1', '-0x.8e30840000000p-4', '0x.28d34c0000000p-2', '-0x.5300d40000000p-2', '-0x.b8fd280000000p-3', '-0x.0be9840000000p+0', '-0x.7373ea0000000p-1', '-0x.ce67ca0000000p-2'])",
    "torch.manual_seed(0); w = torch.empty(3, 5); torch.nn.init.kaiming_uniform_(w, a=0.1, mode='fan_out', nonlinearity='relu'); result = [v.hex() for v in w.detach().flatten().tolist()]": "['-0x.5af2440000000p-7', '0x.846d380000000p-1', '-0x.29f9620000000p+0', '-0x.0a703a0000000p+0', '-0x.16e1ac0000000p-1', '0x.8455560000000p-2', '-0x.cb14ae0000000p-6', '0x.1f0e800000000p+0', '-0x.0107bc0000000p-3', '0x.7f332e0000000p-2', '-0x.b5a6ba0000000p-2', '-0x.1ca8360000000p-2', '-0x.59df840000000p+0', '-0x.df8b200000000p-1', '-0x.2a7b3e0000000p-1']",
    "torch.manual_seed(0); w = torch.empty(2, 3, 4); torch.nn.init.kaiming_uniform_(w); result = [v.hex() for v in w.detach().flatten().tolist()]": "['-0x.5af2440000000p-8', '0x.846d380000000p-2', '-0x.29f9620000000p-1', '-0x.0a703a0000000p-1', '-0x.16e1ac0000000p-2', '0x.8455560000000p-3', '-0x.cb14ae0000000p-7', '0x.1f0e800000000p-1', '-0x.0107bc0000000p-4', '0x.7f332e0000000p-3', '-0x.b5a6ba0000000p-3', '-0x.1ca8360000000p-3', '-0x.59df840000000p-1', '-0x.df8b200000000p-2', '-0x.2a7b3e0000000p-2', '0x.ad28980000000p-6', '0x.1e40d60000000p-2', '0x.b276800000000p-2', '-0x.eae1bc0000000p-2', '-0x.3b4f0c0000000p-2', '0x.06ff4e0000000p-2', '0x.2ca1ee0000000p-1', '-0x.2a07ce0000000p-3', '0x.0eeaf40000000p-1']",
    "torch.manual_seed(0); w = torch.empty(3, 5); torch.nn.init.xavier_uniform_(w, gain=2.0); result = [v.hex() for v in w.detach().flatten().tolist()]": "['-0x.a8ebb80000000p-7', '0x.dbb93a0000000p-1', '-0x.6cf13c0000000p+0', '-0x.4651ac0000000p+0', '-0x.558f0a0000000p-1', '0x.db9bf80000000p-2', '-0x.1920e00000000p-5', '0x.5f92380000000p+0', '-0x.3acbe20000000p-3', '0x.d552760000000p-2', '-0x.0c016e0000000p-1', '-0x.5ca1de0000000p-2', '-0x.a79b360000000p+0', '-0x.25a8c20000000p+0', '-0x.6d90460000000p-1']",
    "torch.manual_seed(0); w = torch.empty(4); r = torch.nn.init.uniform_(w, -1, 3); result = (r is w, [v.hex() for v in w.detach().flatten().tolist()])": "(True, ['0x.f855600000000p-1', '0x.09545e0000000p+1', '-0x.4acc580000000p-1', '-0x.e334000000000p-2'])",
    "w = torch.ones(2, 2, requires_grad=True); torch.nn.init.zeros_(w); result = (w, w.grad_fn)": "(torch.float32 (2, 2) [[0.0, 0.0], [0.0, 0.0]] rg=True, None)",
    "w = torch.zeros(2, 2); torch.nn.init.ones_(w); result = w": "torch.float32 (2, 2) [[1.0, 1.0], [1.0, 1.0]] rg=False",
    "w = torch.zeros(3); torch.nn.init.constant_(w, 0.25); result = w": "torch.float32 (3,) [0.25, 0.25, 0.25] rg=False",
    "result = [torch.nn.init.calculate_gain(n) for n in ['linear', 'sigmoid', 'tanh', 'relu', 'leaky_relu', 'selu', 'conv2d']]": "[1, 1, 1.6666666666666667, 1.4142135623730951, 1.4141428569978354, 0.75, 1]",
    "result = torch.nn.init.calculate_gain('leaky_relu', 5 ** 0.5)": "0.5773502691896257",
    "result = torch.nn.init.calculate_gain('leaky_relu', True)": "ValueError: negative_slope True not a valid number",
    "result = torch.nn.init.calculate_gain('gelu')": "ValueError: Unsupported nonlinearity gelu",
    "result = torch.nn.init.kaiming_uniform_(torch.empty(3))": "ValueError: Fan in and fan out can not be computed for tensor with fewer than 2 dimensions",
    "result = torch.nn.init.kaiming_uniform_(torch.empty(3, 2), mode='fan_avg')": "ValueError: Mode fan_avg not supported, please use one of ['fan_in', 'fan_out']",
    "result = torch.nn.init.kaiming_uniform_(torch.empty(0, 2))": "torch.float32 (0, 2) [] rg=False | warns: Initializing zero-element tensors is a no-op",
    "g = torch.Generator().manual_seed(9); w = torch.empty(2, 3); torch.nn.init.kaiming_uniform_(w, generator=g); result = [v.hex() for v in w.detach().flatten().tolist()]": "['0x.c333380000000p-2', '-0x.1eb3a60000000p-1', '-0x.d1cf320000000p-5', '0x.91ae0e0000000p-1', '0x.2ea3740000000p+0', '0x.381a060000000p+0']",
}


@pytest.mark.parametrize("code", sorted(LINEAR))
def test_linear_and_init_answer_as_the_golden(code: str) -> None:
    assert outcome(engine, code) == LINEAR[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", sorted(LINEAR))
def test_linear_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, code) == LINEAR[code]


def _linear(torch: ModuleType, seed: int, sizes: tuple, bias: bool, dtype: str) -> list:
    torch.manual_seed(seed)
    layers = [torch.nn.Linear(i, o, bias, dtype=getattr(torch, dtype)) for i, o in sizes]
    tensors = [p.detach() for layer in layers for p in layer.parameters()]
    return [(str(t.dtype), t.numpy().tobytes()) for t in tensors] + [torch.rand(2).tolist()]


@pytest.mark.torch
@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**64 - 1),
    sizes=st.lists(st.tuples(st.integers(1, 40), st.integers(1, 40)), min_size=1, max_size=3),
    bias=st.booleans(),
    dtype=st.sampled_from(FLOATS),
)
def test_linear_weights_are_torchs(
    seed: int, sizes: list, bias: bool, dtype: str, real_torch: ModuleType
) -> None:
    ours = _linear(engine, seed, sizes, bias, dtype)
    theirs = _linear(real_torch, seed, sizes, bias, dtype)
    assert ours == theirs


DROPOUT = {
    "torch.manual_seed(0); result = torch.empty(8).bernoulli_(0.3)": "torch.float32 (8,) [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0] rg=False",
    "torch.manual_seed(1); result = torch.empty(2, 5, dtype=torch.float64).bernoulli_()": "torch.float64 (2, 5) [[1.0, 1.0, 1.0, 1.0, 0.0], [1.0, 1.0, 0.0, 0.0, 1.0]] rg=False",
    "torch.manual_seed(1); result = torch.empty(6, dtype=torch.int64).bernoulli_(0.5)": "torch.int64 (6,) [1, 1, 1, 1, 0, 1] rg=False",
    "torch.manual_seed(2); result = torch.bernoulli(torch.tensor([0.1, 0.5, 0.9, 0.0, 1.0]))": "torch.float32 (5,) [0.0, 1.0, 1.0, 0.0, 1.0] rg=False",
    "torch.manual_seed(2); a = torch.bernoulli(torch.full((3,), 0.5, dtype=torch.float64)); result = (a, torch.rand(2).tolist())": "(torch.float64 (3,) [0.0, 1.0, 0.0] rg=False, [0.44253265857696533, 0.09576863050460815])",
    "torch.manual_seed(3); result = torch.bernoulli(torch.ones(4), 0.25)": "torch.float32 (4,) [1.0, 0.0, 0.0, 1.0] rg=False",
    "torch.manual_seed(3); result = torch.empty(3).bernoulli_(torch.tensor([0.2, 0.8, 0.5]))": "torch.float32 (3,) [1.0, 1.0, 1.0] rg=False",
    "result = torch.empty(3).bernoulli_(1.5)": "RuntimeError: bernoulli_ expects p to be in [0, 1], but got p=1.5",
    "result = torch.bernoulli(torch.tensor([0.5, 2.0]))": "RuntimeError: Expected p_in >= 0 && p_in <= 1 to be true, but got false.  (Could this error message be improved?  If so, please report an enhancement request to PyTorch.)",
    "result = torch.bernoulli(torch.tensor([1, 0]))": "NotImplementedError: \"bernoulli_tensor_cpu_p_\" not implemented for 'Long'",
    "torch.manual_seed(0); x = torch.ones(10, requires_grad=True); y = F.dropout(x, 0.4); y.sum().backward(); result = (y, y.grad_fn.name(), x.grad)": "(torch.float32 (10,) [0.0, 0.0, 1.66667, 0.0, 0.0, 0.0, 1.66667, 1.66667, 1.66667, 1.66667] rg=True, 'MulBackward0', torch.float32 (10,) [0.0, 0.0, 1.66667, 0.0, 0.0, 0.0, 1.66667, 1.66667, 1.66667, 1.66667] rg=False)",
    "torch.manual_seed(0); x = torch.rand(3, 7, dtype=torch.float64); result = [v.hex() for v in F.dropout(x, 0.3).detach().flatten().tolist()]": "['0x.62c32234354fdp+0', '0x.02dc1e385db65p+0', '0x.50017cc0c768bp-1', '0x.50bb0765ac74ap+0', '0x.d7ca0089e19c0p-1', '0x.215586adbbe1bp+0', '0x.05467b50dcb42p-2', '0x.0p+0', '0x.a9359884925a4p-1', '0x.0p+0', '0x.4b3dc0473455cp-1', '0x.02a1e83a3f43ap-2', '0x.03da2d8ca34bdp-1', '0x.c6e117ae8a792p-1', '0x.0p+0', '0x.426a0119dfd1dp-1', '0x.29e5bab3e1c4ep-1', '0x.0p+0', '0x.e66d8c59d2f03p-1', '0x.1f0a231632b89p+0', '0x.33bc71144811bp-2']",
    "torch.manual_seed(0); x = torch.rand(20, dtype=torch.float16); result = [v.hex() for v in F.dropout(x, 0.7).detach().flatten().tolist()]": "['0x.0p+0', '0x.47c0000000000p+1', '0x.0p+0', '0x.0p+0', '0x.0p+0', '0x.0p+0', '0x.0p+0', '0x.7e80000000000p+1', '0x.0p+0', '0x.0p+0', '0x.29c0000000000p+0', '0x.0p+0', '0x.30c0000000000p-4', '0x.0p+0', '0x.f5c0000000000p-1', '0x.0p+0', '0x.0p+0', '0x.0p+0', '0x.0p+0', '0x.e1c0000000000p-1']",
    "x = torch.ones(3); result = (F.dropout(x, training=False) is x, F.dropout(x, 0.0) is x, F.dropout(torch.ones(0)).shape)": "(True, True, (0))",
    "x = torch.ones(3, requires_grad=True); y = F.dropout(x, 1.0); result = (y, y.grad_fn.name())": "(torch.float32 (3,) [0.0, 0.0, 0.0] rg=True, 'MulBackward0')",
    "torch.manual_seed(5); x = torch.ones(6); y = F.dropout(x, 0.5, inplace=True); result = (y is x, x)": "(True, torch.float32 (6,) [0.0, 2.0, 2.0, 2.0, 2.0, 0.0] rg=False)",
    "result = F.dropout(torch.ones(3), 1.5)": "ValueError: dropout probability has to be between 0 and 1, but got 1.5",
    "torch.manual_seed(6); m = torch.nn.Dropout(0.25); x = torch.ones(8); a = m(x); m.eval(); result = (repr(m), a, m(x) is x)": "('Dropout(p=0.25, inplace=False)', torch.float32 (8,) [1.33333, 0.0, 0.0, 1.33333, 1.33333, 1.33333, 1.33333, 1.33333] rg=False, True)",
    "result = repr(torch.nn.Dropout(0.2, True))": "'Dropout(p=0.2, inplace=True)'",
    "result = torch.nn.Dropout(2)": "ValueError: dropout probability has to be between 0 and 1, but got 2",
    "torch.manual_seed(7); net = torch.nn.Sequential(torch.nn.Linear(4, 3), torch.nn.Dropout(0.5)); result = [v.hex() for v in net(torch.ones(2, 4)).detach().flatten().tolist()]": "['-0x.0p+0', '-0x.0p+0', '0x.0p+0', '-0x.4e81b00000000p-2', '-0x.0p+0', '0x.0p+0']",
}


@pytest.mark.parametrize("code", sorted(DROPOUT))
def test_bernoulli_and_dropout_answer_as_the_golden(code: str) -> None:
    assert outcome(engine, code) == DROPOUT[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", sorted(DROPOUT))
def test_dropout_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, code) == DROPOUT[code]


def _dropped(torch: ModuleType, seed: int, shape: tuple, dtype: str, p: float) -> list:
    torch.manual_seed(seed)
    x = torch.rand(shape, dtype=getattr(torch, dtype)).requires_grad_()
    y = torch.nn.functional.dropout(x, p)
    probabilities = torch.bernoulli(x.detach())
    filled = torch.empty(shape, dtype=getattr(torch, dtype)).bernoulli_(p)
    drawn = [t.detach().numpy().tobytes() for t in (y, probabilities, filled)]
    return [*drawn, y is x, torch.rand(2).tolist()]


@pytest.mark.torch
@settings(max_examples=80, deadline=None)
@given(
    seed=st.integers(0, 2**64 - 1),
    shape=SHAPES,
    dtype=st.sampled_from(FLOATS),
    p=st.sampled_from([0.0, 0.1, 0.5, 0.7, 1.0]) | st.floats(0, 1),
)
def test_dropout_and_bernoulli_are_torchs(
    seed: int, shape: tuple, dtype: str, p: float, real_torch: ModuleType
) -> None:
    ours = _dropped(engine, seed, shape, dtype, p)
    assert ours == _dropped(real_torch, seed, shape, dtype, p)


def _filled_view(torch: ModuleType, seed: int, shape: tuple, order: list, step: int, op: str):
    """``op`` filling a permuted, stepped view of a fresh tensor, in torch's element order."""
    torch.manual_seed(seed)
    base = torch.zeros(shape, dtype=torch.float64 if op == "normal64" else torch.float32)
    view = base.permute(*order)[..., ::step] if shape else base
    if op == "uniform_":
        view.uniform_(-1, 2)
    elif op == "bernoulli_":
        view.bernoulli_(0.5)
    else:
        view.normal_(0.5, 2.0)
    return base.numpy().tobytes(), torch.rand(2).tolist()


@pytest.mark.torch
@settings(max_examples=80, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    shape=st.lists(st.integers(1, 9), min_size=1, max_size=3).map(tuple),
    step=st.integers(1, 3),
    op=st.sampled_from(["uniform_", "bernoulli_", "normal_", "normal64"]),
    data=st.data(),
)
def test_views_are_filled_in_torchs_order(
    seed: int, shape: tuple, step: int, op: str, data: st.DataObject, real_torch: ModuleType
) -> None:
    """A transposed or stepped view is filled in memory order, and normal_ of a tensor
    that is not contiguous takes the scalar path at any size."""
    order = data.draw(st.permutations(range(len(shape))))
    ours = _filled_view(engine, seed, shape, order, step, op)
    assert ours == _filled_view(real_torch, seed, shape, order, step, op)


# the in-place fills' argument errors (torch's parser) and bounds checks
FILL_ERRORS = {
    'result = torch.empty(3).uniform_("a")': "TypeError: uniform_(): argument 'from' (position 1) must be float, not str",
    "result = torch.empty(3).uniform_(0, 1, 2)": "TypeError: uniform_() takes from 0 to 2 positional arguments but 3 were given",
    'result = torch.empty(3).normal_(std="x")': "TypeError: normal_(): argument 'std' must be float, not str",
    'result = torch.empty(3).bernoulli_("a")': "TypeError: bernoulli_() received an invalid combination of arguments - got (str), but expected one of:\n * (Tensor p, *, torch.Generator generator = None)\n * (float p = 0.5, *, torch.Generator generator = None)\n",
    "result = torch.empty(3).uniform_(fro=1)": "TypeError: uniform_() got an unexpected keyword argument 'fro'",
    "torch.manual_seed(0); result = torch.empty(3).uniform_(to=3.)": "torch.float32 (3,) [1.48877, 2.30467, 0.265432] rg=False",
    "result = torch.empty(3).uniform_(generator=3)": "TypeError: uniform_(): argument 'generator' must be torch.Generator, not int",
    "result = torch.empty(3).normal_(1, 2, 3)": "TypeError: normal_() takes from 0 to 2 positional arguments but 3 were given",
    'result = torch.empty(3).bernoulli_(p="x")': "TypeError: bernoulli_() received an invalid combination of arguments - got (p=str, ), but expected one of:\n * (Tensor p, *, torch.Generator generator = None)\n * (float p = 0.5, *, torch.Generator generator = None)\n",
    "result = torch.empty(3).normal_(None)": "TypeError: normal_(): argument 'mean' (position 1) must be float, not NoneType",
    "torch.manual_seed(0); result = torch.empty(3).bernoulli_(p=torch.tensor(0.3))": "torch.float32 (3,) [0.0, 0.0, 1.0] rg=False",
    "result = torch.empty(3).uniform_(2, 1)": "RuntimeError: uniform_ expects to return a [from, to) range, but found from=2 > to=1",
    "result = torch.empty(3).uniform_(2.5, 1)": "RuntimeError: uniform_ expects to return a [from, to) range, but found from=2.5 > to=1",
    "result = torch.empty(3).uniform_(1, 1)": "torch.float32 (3,) [1.0, 1.0, 1.0] rg=False",
    "result = torch.empty(3).normal_(0, -1.5)": "RuntimeError: normal expects std >= 0.0, but found std -1.5",
    "result = torch.empty(3, dtype=torch.float16).uniform_(0, 1e6)": "RuntimeError: to is out of bounds for c10::Half",
    "result = torch.empty(3, dtype=torch.float16).uniform_(-1e6, 0)": "RuntimeError: from is out of bounds for c10::Half",
    'result = torch.empty(3).uniform_(0, float("inf"))': "RuntimeError: to is out of bounds for float",
    "result = torch.empty(3).uniform_(-1e308, 1e308)": "RuntimeError: from is out of bounds for float",
    'torch.manual_seed(0); result = torch.empty(3).normal_(float("nan"), 1)': "torch.float32 (3,) [nan, nan, nan] rg=False",
    "result = torch.empty(3, dtype=torch.int64).uniform_()": "NotImplementedError: \"check_uniform_bounds\" not implemented for 'Long'",
    "result = torch.empty(3, dtype=torch.int64).normal_()": "NotImplementedError: \"normal_kernel_cpu\" not implemented for 'Long'",
    "result = torch.empty(3).normal_(0, 0)": "torch.float32 (3,) [0.0, 0.0, 0.0] rg=False",
    "result = torch.empty(3).uniform_(3e6, 1e6)": "RuntimeError: uniform_ expects to return a [from, to) range, but found from=3e+06 > to=1e+06",
    'result = torch.empty(3, dtype=torch.float64).uniform_(0, float("nan"))': "RuntimeError: to is out of bounds for double",
}


@pytest.mark.parametrize("code", sorted(FILL_ERRORS))
def test_fill_errors_answer_as_the_golden(code: str) -> None:
    assert outcome(engine, code) == FILL_ERRORS[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", sorted(FILL_ERRORS))
def test_fill_error_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, code) == FILL_ERRORS[code]


# a random fill in a graph: torch's zero-gradient nodes
FILL_GRAPHS = {
    "w = torch.empty(3, requires_grad=True); w.uniform_()": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "x = torch.ones(3, requires_grad=True); y = x * 2; y.uniform_(); y.sum().backward(); result = (y.grad_fn.name(), x.grad)": "('UniformBackward0', torch.float32 (3,) [0.0, 0.0, 0.0] rg=False)",
    "x = torch.ones(3, requires_grad=True); y = x * 2; y.normal_(); y.sum().backward(); result = (y.grad_fn.name(), x.grad)": "('NormalBackward0', torch.float32 (3,) [0.0, 0.0, 0.0] rg=False)",
    "x = torch.ones(3, requires_grad=True); y = x * 2; y.bernoulli_(); y.sum().backward(); result = (y.grad_fn.name(), x.grad)": "('BernoulliBackward2', torch.float32 (3,) [0.0, 0.0, 0.0] rg=False)",
    "w = torch.empty(3, requires_grad=True)\nwith torch.no_grad(): w.uniform_()\nresult = w.grad_fn": "None",
    "torch.manual_seed(0); x = torch.ones(3, requires_grad=True); y = torch.bernoulli(x * 0.5); y.sum().backward(); result = (y, y.grad_fn.name(), x.grad)": "(torch.float32 (3,) [1.0, 0.0, 1.0] rg=True, 'BernoulliBackward0', torch.float32 (3,) [0.0, 0.0, 0.0] rg=False)",
    "p = torch.full((3,), 0.5, requires_grad=True); y = torch.zeros(3); y.bernoulli_(p); y.sum().backward(); result = (y.grad_fn.name(), p.grad)": "('BernoulliBackward1', torch.float32 (3,) [0.0, 0.0, 0.0] rg=False)",
    "x = torch.ones(3, requires_grad=True); y = x * 2; y.uniform_(); result = y.grad_fn.next_functions[0][0].name()": "'MulBackward0'",
}


@pytest.mark.parametrize("code", sorted(FILL_GRAPHS))
def test_fill_graphs_answer_as_the_golden(code: str) -> None:
    assert outcome(engine, code) == FILL_GRAPHS[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", sorted(FILL_GRAPHS))
def test_fill_graph_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, code) == FILL_GRAPHS[code]


# Tensor.random_ (no bounds, to, from/to, from/None) and torch.randint_like
RANDOM_FILLS = {
    'torch.manual_seed(0); x = torch.zeros(3); result = torch.randint_like(x, "a")': "TypeError: randint_like() received an invalid combination of arguments - got (Tensor, str), but expected one of:\n * (Tensor input, int low, int high, *, torch.Generator generator, torch.memory_format memory_format = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n * (Tensor input, int low, int high, *, torch.memory_format memory_format = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n * (Tensor input, Tensor high, *, torch.Generator generator, torch.memory_format memory_format = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n * (Tensor input, Tensor high, *, torch.memory_format memory_format = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n * (Tensor input, int high, *, torch.Generator generator, torch.memory_format memory_format = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n * (Tensor input, int high, *, torch.memory_format memory_format = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n",
    'torch.manual_seed(0); result = torch.zeros(3).random_("a")': "TypeError: random_() received an invalid combination of arguments - got (str), but expected one of:\n * (*, torch.Generator generator = None)\n * (int from, int to, *, torch.Generator generator = None)\n * (int to, *, torch.Generator generator = None)\n",
    "torch.manual_seed(0); x = torch.zeros(3); result = torch.randint_like(x, 5, dtype=torch.int64)": "torch.int64 (3,) [4, 4, 3] rg=False",
    "torch.manual_seed(0); x = torch.zeros(3); result = torch.randint_like(x, 2, 5)": "torch.float32 (3,) [4.0, 2.0, 4.0] rg=False",
    "torch.manual_seed(0); result = torch.empty(3, dtype=torch.int8).random_(0, 300)": "RuntimeError: to - 1 is out of bounds for signed char",
    "torch.manual_seed(0); result = torch.empty(3).random_(5, 2)": "RuntimeError: random_ expects 'from' to be less than 'to', but got from=5 >= to=2",
    "torch.manual_seed(0); result = torch.empty(3,dtype=torch.int64).random_(5, None)": "torch.int64 (3,) [900450186894289465, 3969543146641149130, 1895649597198586629] rg=False",
    "torch.manual_seed(0); result = torch.empty(3,dtype=torch.int8).random_(5, None)": "torch.int8 (3,) [88, 29, 22] rg=False",
    "torch.manual_seed(0); result = torch.empty(3,dtype=torch.float32).random_(5, None)": "torch.float32 (3,) [8326370.0, 12889200.0, 1485140.0] rg=False",
    "torch.manual_seed(0); x = torch.zeros(3); result = torch.randint_like(x, 5, requires_grad=True)": "torch.float32 (3,) [4.0, 4.0, 3.0] rg=True",
    "torch.manual_seed(0); x = torch.zeros(3); result = torch.randint_like(x, high=5)": "torch.float32 (3,) [4.0, 4.0, 3.0] rg=False",
    "torch.manual_seed(0); x = torch.zeros(3); result = torch.randint_like(x, low=1, high=5)": "torch.float32 (3,) [1.0, 4.0, 2.0] rg=False",
    "torch.manual_seed(0); x = torch.zeros(2, 3, dtype=torch.int32); result = torch.randint_like(x, -4, 2**20)": "torch.int32 (2, 3) [[976780, 295995, 424109], [104116, 953519, 138255]] rg=False",
    "torch.manual_seed(0); result = torch.empty(3, dtype=torch.float64).random_(10)": "torch.float64 (3,) [4.0, 9.0, 3.0] rg=False",
    "torch.manual_seed(0); result = torch.empty(2, 2, dtype=torch.int16).random_(-5, 5)": "torch.int16 (2, 2) [[-1, 4], [-2, -5]] rg=False",
    "torch.manual_seed(0); result = torch.empty(3).random_(to=7)": "torch.float32 (3,) [4.0, 3.0, 0.0] rg=False",
    "torch.manual_seed(0); result = torch.empty(3).random_(1, 2, 3)": "TypeError: random_() takes 2 positional arguments but 3 were given",
    "torch.manual_seed(0); result = torch.empty(3).random_(generator=1)": "TypeError: random_() received an invalid combination of arguments - got (generator=int, ), but expected one of:\n * (*, torch.Generator generator = None)\n * (int from, int to, *, torch.Generator generator = None)\n * (int to, *, torch.Generator generator = None)\n",
    "torch.manual_seed(0); g = torch.Generator().manual_seed(3); result = torch.empty(3).random_(9, generator=g)": "torch.float32 (3,) [4.0, 5.0, 1.0] rg=False",
    "torch.manual_seed(0); result = torch.empty(3, dtype=torch.int8).random_(200, None)": "RuntimeError: from is out of bounds for signed char",
    "torch.manual_seed(0); result = torch.empty(4, 3).t().random_(100)": "torch.float32 (3, 4) [[44.0, 60.0, 27.0, 83.0], [39.0, 63.0, 3.0, 1.0], [33.0, 79.0, 97.0, 66.0]] rg=False",
    "torch.manual_seed(0); x = torch.ones(3, requires_grad=True); y = x * 2; y.random_(); result = y.grad_fn.name()": "'RandomBackward2'",
    "torch.manual_seed(0); x = torch.ones(3, requires_grad=True); y = x * 2; y.random_(5); result = y.grad_fn.name()": "'RandomBackward1'",
    "torch.manual_seed(0); x = torch.ones(3, requires_grad=True); y = x * 2; y.random_(1, 5); y.sum().backward(); result = (y.grad_fn.name(), x.grad)": "('RandomBackward0', torch.float32 (3,) [0.0, 0.0, 0.0] rg=False)",
    "torch.manual_seed(0); x = torch.zeros(3, dtype=torch.int64); result = (torch.randint_like(x, 2**40), torch.rand(2).tolist())": "(torch.int64 (3,) [741280623151, 506137267392, 291447657211] rg=False, [0.4900934100151062, 0.8964447379112244])",
    "torch.manual_seed(0); result = torch.empty(6, dtype=torch.int64).random_()": "torch.int64 (6,) [900450186894289455, 3969543146641149120, 1895649597198586619, 827948490035658087, 7815051614634499795, 2691271404617651954] rg=False",
    "torch.manual_seed(0); result = torch.empty(6, dtype=torch.int64).random_(0, None)": "torch.int64 (6,) [900450186894289455, 3969543146641149120, 1895649597198586619, 827948490035658087, 7815051614634499795, 2691271404617651954] rg=False",
    "torch.manual_seed(0); result = torch.empty(6, dtype=torch.int64).random_(2, None)": "torch.int64 (6,) [900450186894289459, 3969543146641149124, 1895649597198586623, 827948490035658091, 7815051614634499797, 2691271404617651958] rg=False",
    "torch.manual_seed(0); result = torch.empty(6, dtype=torch.int32).random_()": "torch.int32 (6,) [209652396, 398764591, 924231285, 1478610112, 441365315, 1537364731] rg=False",
    "torch.manual_seed(0); result = torch.empty(6, dtype=torch.int32).random_(0, None)": "torch.int32 (6,) [398764591, 1478610112, 1537364731, 1491434855, 530702035, 1650906866] rg=False",
    "torch.manual_seed(0); result = torch.empty(6, dtype=torch.int32).random_(2, None)": "torch.int32 (6,) [1237374187, 880567972, 1155342357, 115038337, 1366585089, 2009865042] rg=False",
    "torch.manual_seed(0); result = torch.empty(6, dtype=torch.int16).random_()": "torch.int16 (6,) [2732, 10799, 9845, 19648, 13123, 21243] rg=False",
    "torch.manual_seed(0); result = torch.empty(6, dtype=torch.int16).random_(0, None)": "torch.int16 (6,) [2732, 10799, 9845, 19648, 13123, 21243] rg=False",
    "torch.manual_seed(0); result = torch.empty(6, dtype=torch.int16).random_(2, None)": "torch.int16 (6,) [15538, 2381, 733, 11606, 7305, 16787] rg=False",
    "torch.manual_seed(0); result = torch.empty(6, dtype=torch.int8).random_()": "torch.int8 (6,) [44, 47, 117, 64, 67, 123] rg=False",
    "torch.manual_seed(0); result = torch.empty(6, dtype=torch.int8).random_(0, None)": "torch.int8 (6,) [44, 47, 117, 64, 67, 123] rg=False",
    "torch.manual_seed(0); result = torch.empty(6, dtype=torch.int8).random_(2, None)": "torch.int8 (6,) [118, 47, 121, 116, 45, 53] rg=False",
    "torch.manual_seed(0); result = torch.empty(6, dtype=torch.uint8).random_()": "torch.uint8 (6,) [172, 47, 117, 192, 67, 251] rg=False",
    "torch.manual_seed(0); result = torch.empty(6, dtype=torch.uint8).random_(0, None)": "torch.uint8 (6,) [172, 47, 117, 192, 67, 251] rg=False",
    "torch.manual_seed(0); result = torch.empty(6, dtype=torch.uint8).random_(2, None)": "torch.uint8 (6,) [44, 95, 225, 176, 193, 23] rg=False",
    "torch.manual_seed(0); result = torch.empty(6, dtype=torch.bool).random_()": "torch.bool (6,) [False, True, True, False, True, True] rg=False",
    "torch.manual_seed(0); result = torch.empty(6, dtype=torch.bool).random_(0, None)": "torch.bool (6,) [False, True, True, False, True, True] rg=False",
    "torch.manual_seed(0); result = torch.empty(6, dtype=torch.bool).random_(2, None)": "RuntimeError: from is out of bounds for bool",
    "torch.manual_seed(0); result = torch.empty(6, dtype=torch.float32).random_()": "torch.float32 (6,) [8325660.0, 12888500.0, 1484220.0, 2214890.0, 5157540.0, 10637900.0] rg=False",
    "torch.manual_seed(0); result = torch.empty(6, dtype=torch.float32).random_(0, None)": "torch.float32 (6,) [8325660.0, 12888500.0, 1484220.0, 2214890.0, 5157540.0, 10637900.0] rg=False",
    "torch.manual_seed(0); result = torch.empty(6, dtype=torch.float32).random_(2, None)": "torch.float32 (6,) [8325950.0, 12888800.0, 1484590.0, 2215320.0, 5157860.0, 10638300.0] rg=False",
    "torch.manual_seed(0); result = torch.empty(6, dtype=torch.float64).random_()": "torch.float64 (6,) [8737460000000000.0, 6375470000000000.0, 4137750000000000.0, 8293360000000000.0, 5809860000000000.0, 7126030000000000.0] rg=False",
    "torch.manual_seed(0); result = torch.empty(6, dtype=torch.float64).random_(0, None)": "torch.float64 (6,) [8737460000000000.0, 6375470000000000.0, 4137750000000000.0, 8293360000000000.0, 5809860000000000.0, 7126030000000000.0] rg=False",
    "torch.manual_seed(0); result = torch.empty(6, dtype=torch.float64).random_(2, None)": "torch.float64 (6,) [8737460000000000.0, 6375470000000000.0, 4137750000000000.0, 8293360000000000.0, 5809860000000000.0, 7126030000000000.0] rg=False",
    "torch.manual_seed(0); result = torch.empty(6, dtype=torch.float16).random_()": "torch.float16 (6,) [1277.0, 1017.0, 1661.0, 999.0, 982.0, 543.0] rg=False",
    "torch.manual_seed(0); result = torch.empty(6, dtype=torch.float16).random_(0, None)": "torch.float16 (6,) [1277.0, 1017.0, 1661.0, 999.0, 982.0, 543.0] rg=False",
    "torch.manual_seed(0); result = torch.empty(6, dtype=torch.float16).random_(2, None)": "torch.float16 (6,) [1217.0, 1317.0, 1064.0, 1116.0, 1924.0, 694.0] rg=False",
}


@pytest.mark.parametrize("code", sorted(RANDOM_FILLS))
def test_random_fills_answer_as_the_golden(code: str) -> None:
    assert outcome(engine, code) == RANDOM_FILLS[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", sorted(RANDOM_FILLS))
def test_random_fill_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, code) == RANDOM_FILLS[code]


# torch.multinomial (the exponential trick without replacement, cumulative sums with) and
# Tensor.exponential_
MULTINOMIAL = {
    "torch.manual_seed(0); result = torch.multinomial(torch.tensor([0.2, 0.3]), 3)": "RuntimeError: cannot sample n_sample > prob_dist.size(-1) samples without replacement",
    "torch.manual_seed(0); result = torch.multinomial(torch.tensor([-0.2, 0.3]), 1)": "RuntimeError: probability tensor contains either `inf`, `nan` or element < 0",
    "torch.manual_seed(0); result = torch.multinomial(torch.tensor([0., 0.]), 1)": "RuntimeError: invalid multinomial distribution (sum of probabilities <= 0)",
    "torch.manual_seed(0); result = torch.multinomial(torch.tensor([1, 2]), 1)": "RuntimeError: multinomial only supports floating-point dtypes for input, got: Long",
    "torch.manual_seed(0); result = torch.multinomial(torch.ones(2,2,2), 1)": "RuntimeError: prob_dist must be 1 or 2 dim",
    "torch.manual_seed(0); result = torch.multinomial(torch.tensor([0.2, 0.3]), 0)": "RuntimeError: cannot sample n_sample <= 0 samples",
    'torch.manual_seed(0); result = torch.multinomial(torch.tensor([0.2, float("nan")]), 1)': "RuntimeError: probability tensor contains either `inf`, `nan` or element < 0",
    "torch.manual_seed(0); result = torch.multinomial(torch.tensor([0.2, 0.3]), 2, True)": "torch.int64 (2,) [1, 1] rg=False",
    "torch.manual_seed(0); result = torch.multinomial(torch.tensor([0., 0.]), 2, True)": "RuntimeError: invalid multinomial distribution (sum of probabilities <= 0)",
    "torch.manual_seed(0); result = torch.multinomial(torch.tensor([0.1, 0.2, 0.3, 0.4]), 4)": "torch.int64 (4,) [2, 1, 3, 0] rg=False",
    "torch.manual_seed(0); result = torch.multinomial(torch.tensor([[0.1, 0.9], [0.5, 0.5]], dtype=torch.float64), 6, replacement=True)": "torch.int64 (2, 6) [[1, 1, 1, 1, 1, 1], [0, 0, 1, 0, 0, 0]] rg=False",
    "torch.manual_seed(0); result = torch.tensor([1., 2., 3.]).multinomial(2)": "torch.int64 (2,) [2, 1] rg=False",
    "torch.manual_seed(0); result = torch.multinomial(torch.rand(3, 10, dtype=torch.float16), 5)": "torch.int64 (3, 5) [[7, 5, 9, 1, 0], [7, 4, 8, 6, 1], [6, 5, 1, 4, 2]] rg=False",
    "torch.manual_seed(0); result = torch.multinomial(torch.rand(2, 50), 1)": "torch.int64 (2, 1) [[8], [24]] rg=False",
    "torch.manual_seed(0); g = torch.Generator().manual_seed(4); result = torch.multinomial(torch.ones(8), 3, generator=g)": "torch.int64 (3,) [2, 6, 0] rg=False",
    "torch.manual_seed(0); result = torch.empty(5).exponential_()": "torch.float32 (5,) [3.50833, 1.23038, 0.615044, 2.53512, 1.03571] rg=False",
    "torch.manual_seed(0); result = torch.empty(4, dtype=torch.float64).exponential_(2.5)": "torch.float64 (4,) [1.40333, 0.492154, 0.246018, 1.01405] rg=False",
    "torch.manual_seed(0); x = torch.ones(3, requires_grad=True); y = x * 2; y.exponential_(); result = y.grad_fn.name()": "'ExponentialBackward0'",
}


@pytest.mark.parametrize("code", sorted(MULTINOMIAL))
def test_multinomial_answers_as_the_golden(code: str) -> None:
    assert outcome(engine, code) == MULTINOMIAL[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", sorted(MULTINOMIAL))
def test_multinomial_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, code) == MULTINOMIAL[code]


def _sampled(torch: ModuleType, seed: int, shape: tuple, dtype: str, n: int, replace: bool):
    torch.manual_seed(seed)
    p = torch.rand(shape, dtype=getattr(torch, dtype))
    picked = torch.multinomial(p, n, replace).tolist()
    return picked, torch.empty(5, dtype=getattr(torch, dtype)).exponential_(0.5).tolist()


@pytest.mark.torch
@settings(max_examples=80, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    shape=st.lists(st.integers(1, 300), min_size=1, max_size=2).map(tuple),
    dtype=st.sampled_from(FLOATS),
    replace=st.booleans(),
    data=st.data(),
)
def test_multinomial_is_torchs(
    seed: int, shape: tuple, dtype: str, replace: bool, data: st.DataObject, real_torch: ModuleType
) -> None:
    n = data.draw(st.integers(1, 400 if replace else shape[-1]))
    ours = _sampled(engine, seed, shape, dtype, n, replace)
    assert ours == _sampled(real_torch, seed, shape, dtype, n, replace)


# the parser's errors of multinomial, bernoulli, exponential_ and randint_like
SAMPLER_ERRORS = {
    'x = torch.ones(3); result = torch.multinomial(x, "a")': "TypeError: multinomial(): argument 'num_samples' (position 2) must be int, not str",
    'x = torch.ones(3); result = x.multinomial("a")': "TypeError: multinomial(): argument 'num_samples' (position 1) must be int, not str",
    'x = torch.ones(3); result = torch.bernoulli(x, "a")': "TypeError: bernoulli() received an invalid combination of arguments - got (Tensor, str), but expected one of:\n * (Tensor input, *, torch.Generator generator = None, Tensor out = None)\n * (Tensor input, float p, *, torch.Generator generator = None)\n",
    'x = torch.ones(3); result = x.bernoulli("a")': "TypeError: bernoulli() received an invalid combination of arguments - got (str), but expected one of:\n * (*, torch.Generator generator = None)\n * (float p, *, torch.Generator generator = None)\n",
    'x = torch.ones(3); result = x.exponential_("a")': "TypeError: exponential_(): argument 'lambd' (position 1) must be float, not str",
    "x = torch.ones(3); result = torch.multinomial(x, 2, True, 3)": "TypeError: multinomial() takes from 2 to 3 positional arguments but 4 were given",
    'result = torch.bernoulli("a")': "TypeError: bernoulli(): argument 'input' (position 1) must be Tensor, not str",
    "x = torch.ones(3); result = torch.randint_like(x, 3, foo=1)": "TypeError: randint_like() received an invalid combination of arguments - got (Tensor, int, foo=int), but expected one of:\n * (Tensor input, int low, int high, *, torch.Generator generator, torch.memory_format memory_format = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n * (Tensor input, int low, int high, *, torch.memory_format memory_format = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n * (Tensor input, Tensor high, *, torch.Generator generator, torch.memory_format memory_format = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n * (Tensor input, Tensor high, *, torch.memory_format memory_format = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n * (Tensor input, int high, *, torch.Generator generator, torch.memory_format memory_format = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n * (Tensor input, int high, *, torch.memory_format memory_format = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n",
    'torch.manual_seed(1); x = torch.ones(3); result = (x.multinomial(2), torch.bernoulli(x, 0.5), x.bernoulli(), torch.randint_like(x, 3, device="cpu"))': "(torch.int64 (2,) [0, 1] rg=False, torch.float32 (3,) [1.0, 0.0, 1.0] rg=False, torch.float32 (3,) [1.0, 1.0, 1.0] rg=False, torch.float32 (3,) [0.0, 0.0, 0.0] rg=False)",
}


@pytest.mark.parametrize("code", sorted(SAMPLER_ERRORS))
def test_sampler_errors_answer_as_the_golden(code: str) -> None:
    assert outcome(engine, code) == SAMPLER_ERRORS[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", sorted(SAMPLER_ERRORS))
def test_sampler_error_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, code) == SAMPLER_ERRORS[code]
