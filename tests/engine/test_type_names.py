"""Classes a student may print (``type(x.dtype)``, ``type(torch.no_grad())``) print as torch's."""

from __future__ import annotations

import pytest

import gradekit.engine as engine

# What torch 2.13 prints for each: `repr(type(value))`.
EXPECTED = {
    "x": "<class 'torch.Tensor'>",
    "x.shape": "<class 'torch.Size'>",
    "x.dtype": "<class 'torch.dtype'>",
    "x.device": "<class 'torch.device'>",
    "torch.no_grad()": "<class 'torch.autograd.grad_mode.no_grad'>",
    "torch.enable_grad()": "<class 'torch.autograd.grad_mode.enable_grad'>",
    "torch.set_grad_enabled(True)": "<class 'torch.autograd.grad_mode.set_grad_enabled'>",
    "torch.inference_mode()": "<class 'torch.autograd.grad_mode.inference_mode'>",
}


def type_reprs(torch) -> dict[str, str]:
    x = torch.ones(2)
    return {source: repr(type(eval(source, {"torch": torch, "x": x}))) for source in EXPECTED}


def test_engine_classes_print_as_torch_s():
    assert type_reprs(engine) == EXPECTED


@pytest.mark.torch
def test_the_expected_reprs_are_torch_s():
    torch = pytest.importorskip("torch", reason="compares with real torch")
    assert type_reprs(torch) == EXPECTED
