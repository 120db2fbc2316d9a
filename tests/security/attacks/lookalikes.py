"""Returns values that claim to equal anything: a tensor subclass and a tensor impostor."""

import torch


class AlwaysEqual(torch.Tensor):
    def __eq__(self, other):
        return True

    __hash__ = torch.Tensor.__hash__


class Impostor:
    __class__ = torch.Tensor  # isinstance(Impostor(), torch.Tensor) is True

    def __eq__(self, other):
        return True

    def __repr__(self):
        return "tensor([1., 2., 3.])"

    def __array__(self, *args, **kwargs):
        raise RuntimeError("the grader must never call __array__")


def attack():
    tensor = torch.zeros(3)
    tensor.__class__ = AlwaysEqual
    return tensor


def impostor():
    return Impostor()


def control():
    return 42
