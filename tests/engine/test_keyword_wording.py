"""A wrong value given by keyword is worded as torch's parser words it: without a position
(``sum(): argument 'keepdim' must be bool``), and listed as a keyword (``got (Tensor,
dim=str)``), where the same value by position names its place (``(position 2)``, ``got
(Tensor, str)``).

The engine's bodies see values, not how they were given; their error paths read the caller's
call instruction (``arguments.call_shape``), which costs a right call nothing. 184 keyword
calls of the keyword sweep were worded as positional at the start of the round; none are now.
"""

from __future__ import annotations

import functools

import pytest
from argument_sweep import outcome
from hypothesis import given, settings
from hypothesis import strategies as st

import gradekit.engine as engine
from gradekit.engine.ops import arguments

# Each call by keyword, beside its positional twin (the sweep has the keyword forms).
CALLS = [
    "torch.sum(A, dim='a')",
    "torch.sum(A, 'a')",
    "A.sum(dim='a')",
    "torch.exp(input='a')",
    "torch.exp('a')",
    "torch.numel(input='a')",
    "torch.maximum(A, other='a')",
    "torch.eq(A, other='a')",
    "A.eq(other='a')",
    "A.eq('a')",
    "torch.where(M, A, other='a')",
    "A.where(M, other='a')",
    "A.squeeze(dim='a')",
    "torch.reshape(A, shape='a')",
    "torch.reshape(A, 'a')",
    "torch.permute(A, dims='a')",
    "torch.broadcast_to(A, size='a')",
    "torch.index_select(A, 0, index='a')",
    "A.index_select(0, index='a')",
    "A.index_select(0, 'a')",
    "torch.softmax(A, dim='a')",
    "A.softmax(dim='a')",
    "A.log_softmax('a')",
    "A.new_full((2,), fill_value='a')",
    "A.copy_(other='a')",
    "A.copy_('a')",
    "A.size(dim='a')",
    "A.stride('a')",
    "torch.arange(end='a')",
    "torch.full((2,), fill_value='a')",
    "torch.full((2,), 'a')",
    "torch.clone(input='a')",
    "torch.transpose(A, 0, dim1='a')",
    "A.unsqueeze(dim='a')",
    "torch.cat([A, A], dim='a')",
    # torch's Python functions pass their arguments on by position: a position either way
    "torch.nn.functional.cross_entropy(A, target='a')",
    "torch.nn.functional.nll_loss(A, target='a')",
    "torch.norm(A, 2, 1, keepdim='a')",
    # a wrong dim type worded by torch's parser (it was Python's "'<=' not supported")
    "A.flatten(0, 'a')",
    "torch.flatten(A, 0, end_dim='a')",
    "torch.unbind(A, 'a')",
    "A.unbind(dim='a')",
    "A.unbind(None)",
    "A.split(2, 'a')",
    "torch.split(A, 2, dim='a')",
    "A.norm(2, 'a')",
    "torch.linalg.vector_norm(A, 2, dim='a')",
]


@pytest.mark.torch
@pytest.mark.parametrize("snippet", CALLS)
def test_keyword_mistakes_are_worded_as_torch_words_them(snippet: str, real_torch) -> None:
    assert outcome(engine, snippet) == outcome(real_torch, snippet)


# torch 2.13's answers (the differential test above checks them)
RECORDED = {
    "torch.sum(A, dim='a')": "TypeError: sum() received an invalid combination of arguments - "
    "got (Tensor, dim=str), but expected one of:",
    "torch.sum(A, 'a')": "TypeError: sum() received an invalid combination of arguments - "
    "got (Tensor, str), but expected one of:",
    "A.eq(other='a')": "TypeError: eq() received an invalid combination of arguments - "
    "got (other=str, ), but expected one of:",
    "torch.softmax(A, dim='a')": "TypeError: softmax(): argument 'dim' must be int, not str",
    "A.softmax(dim='a')": "TypeError: softmax(): argument 'dim' must be int, not str",
    "A.log_softmax('a')": (
        "TypeError: log_softmax(): argument 'dim' (position 1) must be int, not str"
    ),
    "A.size(dim='a')": "TypeError: size(): argument 'dim' must be int, not str",
    "A.stride('a')": "TypeError: stride(): argument 'dim' (position 1) must be int, not str",
    "torch.arange(end='a')": "TypeError: arange(): argument 'end' must be Number, not str",
    "torch.nn.functional.nll_loss(A, target='a')": (
        "TypeError: nll_loss_nd(): argument 'target' (position 2) must be Tensor, not str"
    ),
    "torch.unbind(A, 'a')": "TypeError: unbind(): argument 'dim' (position 2) must be int, not str",
    "A.norm(2, 'a')": (
        "TypeError: linalg_vector_norm(): argument 'dim' (position 3) must be tuple of ints, "
        "not str"
    ),
}


@pytest.mark.parametrize("snippet", sorted(RECORDED))
def test_keyword_mistakes_answer_as_recorded(snippet: str) -> None:
    assert outcome(engine, snippet).startswith(RECORDED[snippet])


# (name, the right call's arguments before the wrong one, the wrong one's parameter)
SINGLE_LISTING = [
    ("softmax", "A", "dim"),
    ("log_softmax", "A", "dim"),
    ("transpose", "A, 0", "dim1"),
    ("unsqueeze", "A", "dim"),
    ("index_select", "A, 0", "index"),
    ("chunk", "A, 2", "dim"),
    ("unbind", "A", "dim"),
    ("flatten", "A, 0", "end_dim"),
]


@settings(max_examples=80, deadline=None)
@given(
    case=st.sampled_from(SINGLE_LISTING),
    wrong=st.sampled_from(["'a'", "1.5", "[0.5]", "object()"]),
    as_method=st.booleans(),
    by_keyword=st.booleans(),
)
def test_a_position_is_named_exactly_when_the_value_came_by_position(
    case: tuple[str, str, str], wrong: str, as_method: bool, by_keyword: bool
) -> None:
    name, before, parameter = case
    argument = f"{parameter}={wrong}" if by_keyword else wrong
    if as_method:
        head, rest = "A." + name, before.removeprefix("A").removeprefix(", ")
    else:
        head, rest = "torch." + name, before
    snippet = f"{head}({', '.join(part for part in (rest, argument) if part)})"
    answer = outcome(engine, snippet)
    assert answer.startswith(f"TypeError: {name}(): argument '{parameter}'"), (snippet, answer)
    assert ("(position" in answer) is not by_keyword, (snippet, answer)


def test_keywords_passed_on_by_quiet_op_are_read_from_its_wrapper() -> None:
    """torch.linalg.vector_norm is decorated (quiet_op): its wrapper's ``**kwargs`` hold the
    caller's keywords; the engine's own positional call (torch.norm) keeps the position."""
    A = engine.ones(2, 3)
    with pytest.raises(TypeError, match=r"^linalg_vector_norm\(\): argument 'keepdim' must"):
        engine.linalg.vector_norm(A, 2, 1, keepdim=1)
    with pytest.raises(TypeError, match=r"'keepdim' \(position 4\) must"):
        engine.norm(A, 2, 1, keepdim=1)


def test_calls_that_cannot_be_read_keep_the_positional_wording() -> None:
    """torch names no position for these keywords; the engine cannot tell them from
    positions (left: a refusal in slightly other words)."""
    A = engine.ones(2, 3)
    with pytest.raises(TypeError, match=r"'dim1' \(position 3\)"):
        engine.transpose(A, 0, **{"dim1": "a"})  # (CALL_FUNCTION_EX: no keyword names)
    with pytest.raises(TypeError, match=r"'dim1' \(position 3\)"):
        functools.partial(engine.transpose, dim1="a")(A, 0)  # (C calls the body)
    with pytest.raises(TypeError, match=r"^softmax\(\): argument 'dim' must be int"):
        engine.softmax(A, **{"dim": "a"})  # (quiet_op's wrapper holds the keywords)


def test_call_shape_of_a_method_leaves_self_out() -> None:
    seen = []

    class Holder:
        def size(self, dim=None):  # noqa: ANN001, ANN202 - a stand-in for Tensor.size
            import sys

            seen.append(arguments.call_shape(sys._getframe(), method=True))

    Holder().size(1)
    Holder().size(dim=1)
    Holder().size()
    assert seen == [(("dim",), ()), ((), ("dim",)), ((), ())]
