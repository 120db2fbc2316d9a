"""A root tensor's record of its views (views.ViewRefs): weak, bounded, and what the in-place
machinery iterates (regenerating the views' grad_fn, views inheriting requires_grad)."""

from __future__ import annotations

import gc

from hypothesis import given
from hypothesis import strategies as st

import gradekit.engine as torch
from gradekit.engine.ops.views import ViewRefs


@given(st.lists(st.booleans(), min_size=1, max_size=60))
def test_the_live_views_are_the_ones_kept_and_dropped_ones_are_pruned(keep: list[bool]) -> None:
    gc.disable()  # the views die by reference count, when dropped (not at a collection)
    try:
        base = torch.arange(6.0)
        kept = []
        for index, keep_it in enumerate(keep):
            view = base[index % 6 :]
            if keep_it:
                kept.append(view)
        del view  # (the last one made, when not kept, is dropped too)
        views = base.__dict__["_views"]
        assert type(views) is ViewRefs
        assert [id(view) for view in views] == [id(view) for view in kept]
        assert len(views.refs) <= max(8, 2 * len(kept)) + 1  # dead references are dropped
    finally:
        gc.enable()


def test_an_in_place_write_on_the_base_reaches_the_views_that_are_still_alive() -> None:
    leaf = torch.ones(4, requires_grad=True)
    base = leaf * 1
    for _ in range(40):
        base[1:]  # views made and dropped
    view = base[1:]
    other = base.t()
    base.mul_(2)
    assert type(view.grad_fn).__name__ == "AsStridedBackward0"
    assert type(other.grad_fn).__name__ == "AsStridedBackward0"
    (view.sum() + other.sum()).backward()
    assert leaf.grad.tolist() == [2.0, 4.0, 4.0, 4.0]


def test_views_made_before_requires_grad_follow_their_base() -> None:
    base = torch.zeros(3)
    view = base[1:]
    for _ in range(20):
        base[:2]
    base.requires_grad_()
    assert view.requires_grad and view.grad_fn is None
    base.requires_grad_(False)
    assert not view.requires_grad
