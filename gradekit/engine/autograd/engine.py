"""The one backward engine, modelled on torch's GraphTask.

1. Discover every node reachable from the roots and count, per node, how many edges
   point at it (its dependencies).
2. Seed per-node input buffers with the root gradients.
3. Repeatedly run the ready node created last (torch orders its ready queue by sequence
   number; AccumulateGrad nodes first).  Running a node means:
   tensor hooks of the tensors it produced -> retain_grad (always last) -> capture for
   ``autograd.grad`` -> node pre-hooks -> ``node.backward`` -> node post-hooks ->
   free saved tensors (unless ``retain_graph``) -> reduce (``sum_to``) and cast each
   gradient to the shape/dtype the receiving node recorded, add it to that node's buffer.
4. ``AccumulateGrad`` nodes run the leaf's hooks, then accumulate into ``.grad`` (in place
   unless ``create_graph``), then the post-accumulate hooks.

The formulas run with grad mode equal to ``create_graph``: off, they are plain numpy
work; on, they record a graph of their own (higher-order gradients).

The array path.  Most backward passes are plain: ``Tensor.backward()`` without
``inputs=`` or ``create_graph``, through a graph without hooks or ``retain_grad``.  Then
no user code can see the intermediate gradients, so they travel as bare numpy arrays:
each node's ``backward_data`` (its formula on arrays, next to ``backward``) replaces the
Tensor formula, and a Tensor is only made for ``.grad``.  The order of execution, the
saved-tensor checks and every numpy operation are the same as above, so the results are
identical bit for bit; a node without an array formula runs ``backward`` on Tensors
wrapped around the arrays.

The newest-first pass.  ``loss.backward()`` while the process has never registered a hook,
a ``retain_grad`` or a custom Function (``graph.user_code_in_graphs``) skips step 1: it
runs the nodes it reaches in decreasing sequence number, which is the ready queue's order,
and the leaves' AccumulateGrad nodes last (``_run_backward_newest_first``).
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from heapq import heappop, heappush
from sys import getrefcount

import numpy as np

from .. import errors
from ..dtypes import dtype_of_array
from ..ops.layout import copied_preserving_layout, is_dense
from ..ops.quiet import enter_quiet_numpy, exit_quiet_numpy
from ..tensor import Tensor
from . import grad_mode
from . import graph as graph_module
from .graph import AccumulateGrad, CopyBackwards, Node


def run_backward(
    roots: Sequence[tuple[tuple[Node, int], Tensor]],
    *,
    retain_graph: bool,
    create_graph: bool,
    inputs: Sequence[Tensor] | None = None,
    accumulate: bool = True,
) -> list[Tensor | None]:
    """Backpropagate ``roots`` (``((node, output_nr), gradient)`` pairs).

    ``accumulate=True`` is ``Tensor.backward``: gradients land in ``.grad`` (of every leaf,
    or only of ``inputs`` when given).  ``accumulate=False`` is ``autograd.grad``: nothing
    is written; the gradients reaching ``inputs`` are returned (None when unreached).
    """
    dependencies: dict[Node, int] | None = None
    if inputs is None and accumulate and not create_graph:
        dependencies, plain = _count_dependencies([edge for edge, _grad in roots])
        if plain:
            _run_backward_on_arrays(
                [(edge, grad._data) for edge, grad in roots], dependencies, retain_graph
            )
            return []

    capture_index: dict[tuple[Node, int], list[int]] = {}
    if inputs is not None:
        for i, t in enumerate(inputs):
            capture_index.setdefault(t._edge(), []).append(i)
    captured: list[Tensor | None] = [None] * (0 if inputs is None else len(inputs))

    execute: set[Node] | None = None  # None: run every node
    reached: set[Node] | None = None  # nodes that receive gradients at all
    if inputs is not None:
        dependencies, order = _discover(roots)
        execute, reached = _nodes_to_execute(order, capture_index)
    elif dependencies is None:
        dependencies, _plain = _count_dependencies([edge for edge, _grad in roots])

    buffers: dict[Node, list] = {}
    for (node, nr), grad in roots:
        buffer = buffers.get(node)
        if buffer is None:
            buffer = buffers[node] = [None] * node.num_outputs
        buffer[nr] = grad if buffer[nr] is None else buffer[nr] + grad
    ready = _initially_ready(buffers, dependencies)
    tie = len(ready)

    previous_mode = grad_mode.enabled
    grad_mode.enabled = create_graph
    # torch never warns about inf/nan produced by gradient formulas; numpy would.
    quiet_numpy = enter_quiet_numpy()
    try:
        while ready:
            node = heapq.heappop(ready)[2]
            grads = buffers.pop(node)
            if type(node) is AccumulateGrad:
                _run_accumulate_grad(
                    node, grads[0], capture_index, captured, accumulate, create_graph
                )
                continue
            if node._tensor_pre_hooks or node._retain_grad_tensors:
                grads = _run_tensor_hooks(node, grads, create_graph)
            if capture_index:
                for nr, g in enumerate(grads):
                    slots = capture_index.get((node, nr))
                    if slots is not None:
                        _capture(slots, g, inputs, captured, accumulate, create_graph)
            if execute is not None and node not in execute:
                continue
            if node._pre_hooks or node._post_hooks:
                grad_inputs = _call_node(node, grads)
            else:
                grad_inputs = node.backward(grads[0] if node.num_outputs == 1 else tuple(grads))
            if not retain_graph and node._saved is not None:
                node.release_saved()
            for (next_node, nr), g in zip(node.next_functions, grad_inputs, strict=False):
                if next_node is None:
                    continue
                if reached is not None and next_node not in reached:
                    continue
                if g is not None:
                    shape, dtype = next_node._output_meta[nr]
                    if g._data.shape != shape:
                        if not _expandable_to(shape, g._data.shape):
                            raise _invalid_gradient(node, grad_inputs)
                        g = _sum_to(g, shape)
                    if g.dtype is not dtype:
                        g = g.to(dtype)
                buffer = buffers.get(next_node)
                if buffer is None:
                    buffer = buffers[next_node] = [None] * next_node.num_outputs
                if g is not None:
                    buffer[nr] = g if buffer[nr] is None else buffer[nr] + g
                remaining = dependencies[next_node] - 1
                dependencies[next_node] = remaining
                if remaining == 0:
                    if g is None and all(b is None for b in buffer):
                        # Nothing flowed in (every producer returned None): torch skips it.
                        _propagate_nothing(next_node, dependencies, buffers, ready)
                    else:
                        heapq.heappush(ready, (-next_node._sequence_nr, tie, next_node))
                        tie += 1
    finally:
        exit_quiet_numpy(quiet_numpy)
        grad_mode.enabled = previous_mode
    return captured


def implicit_gradient(output: Tensor) -> np.ndarray:
    """The gradient of an output given none: ones, which torch allows for one element only."""
    data = output._data
    if data.size != 1:
        raise errors.error("implicit_grad_not_scalar")
    if data.ndim == 0:  # (a scalar loss: a copy of a kept 0-d one is the cheapest new array)
        one = _ZERO_D_ONES.get(data.dtype)
        if one is None:
            one = _ZERO_D_ONES[data.dtype] = np.ones((), data.dtype)
        return one.copy()
    seed = np.empty(data.shape, data.dtype)  # faster than np.ones
    seed.fill(1)
    return seed


_ZERO_D_ONES: dict[np.dtype, np.ndarray] = {}  # (never handed out: only copied)


def backward_from_scalar(output: Tensor, retain_graph: bool) -> None:
    """``output.backward()`` of a non-leaf output: the implicit gradient 1.

    The most common call of all, so it goes straight to the engine: the same checks and
    the same seed gradient as ``api.backward`` (``_make_roots``), without the Tensor
    wrapped around the seed when the graph is plain.
    """
    seed = implicit_gradient(output)
    if not graph_module.user_code_in_graphs:
        _run_backward_newest_first(output._grad_fn, output._output_nr, seed, retain_graph)
        return
    root = (output._grad_fn, output._output_nr)
    dependencies, plain = _count_dependencies((root,))
    if plain:
        _run_backward_on_arrays(((root, seed),), dependencies, retain_graph)
    else:
        run_backward(
            [(root, Tensor._make(seed, output.dtype))],
            retain_graph=retain_graph,
            create_graph=False,
        )


def _run_backward_on_arrays(
    roots: Sequence[tuple[tuple[Node, int], np.ndarray]],
    dependencies: dict[Node, int],
    retain_graph: bool,
) -> None:
    """``run_backward`` for a plain graph, passing gradients as numpy arrays.

    The same steps in the same order as the loop above, without the parts a plain
    graph does not need (captures, ``execute`` filtering, hooks, grad mode on).
    ``roots``: ``((node, output_nr), gradient array)`` pairs.
    """
    buffers: dict[Node, list] = {}
    for (node, nr), data in roots:
        buffer = buffers.get(node)
        if buffer is None:
            buffer = buffers[node] = [None] * node.num_outputs
        buffer[nr] = data if buffer[nr] is None else _add_arrays(buffer[nr], data)
    # The ready queue is a heap, except in the commonest case: when exactly one node is
    # ready it waits in ``next_up`` instead (a chain never touches the heap).  Invariant:
    # ``next_up`` is set only while the heap is empty, and before anything else joins
    # the heap it joins first, so the order (ties included) is the heap's own.
    next_up = None
    if len(buffers) == 1:  # one root node: loss.backward()
        ready: list = []
        tie = 0
        (root_node,) = buffers
        if dependencies.get(root_node, 0) == 0:
            next_up = root_node
    else:
        ready = _initially_ready(buffers, dependencies)
        tie = len(ready)
        if tie == 1:
            next_up = ready.pop()[2]
            tie = 0

    previous_mode = grad_mode.enabled
    grad_mode.enabled = False
    quiet_numpy = enter_quiet_numpy()
    # Hooks are checked when the graph is discovered; only user code run by a node (a
    # custom Function's backward) could register more, so check again only after that.
    user_code_ran = False
    try:
        while True:
            if next_up is not None:
                node = next_up
                next_up = None
            elif ready:
                node = heappop(ready)[2]
            else:
                break
            grads = buffers.pop(node)
            if type(node) is AccumulateGrad:
                if user_code_ran and _has_hooks(node):
                    _run_accumulate_grad(node, _as_tensor(grads[0]), {}, [], True, False)
                else:
                    _accumulate_array_grad(node, grads)
                continue
            if user_code_ran and _has_hooks(node):
                grad_inputs = NotImplemented
            elif node.num_outputs == 1:
                grad_inputs = node.backward_data(grads[0])
            else:
                grad_inputs = node.backward_data(tuple(grads))
            if grad_inputs is NotImplemented:
                grad_inputs = [
                    None if g is None else g._data for g in _run_node_on_tensors(node, grads)
                ]
                user_code_ran = True
            if not retain_graph and node._saved is not None:
                node._saved = None  # release_saved(), inlined
                node._released = True
            # (zip: grad_inputs may be shorter; zip's default is strict=False, and passing
            # the keyword makes every call slower)
            for (next_node, nr), g in zip(node.next_functions, grad_inputs):  # noqa: B905
                if next_node is None:
                    continue
                buffer = buffers.get(next_node)
                if g is not None:
                    shape, dtype = next_node._output_meta[nr]
                    if g.shape != shape:
                        if not _expandable_to(shape, g.shape):
                            raise _invalid_gradient(node, grad_inputs)
                        g = _sum_to_array(g, shape)
                    if g.dtype is not dtype.np_dtype:
                        g = _as_np_dtype(g, dtype.np_dtype)
                    if buffer is None:
                        buffer = buffers[next_node] = [None] * next_node.num_outputs
                        buffer[nr] = g
                    else:
                        buffer[nr] = g if buffer[nr] is None else _add_arrays(buffer[nr], g)
                elif buffer is None:
                    buffer = buffers[next_node] = [None] * next_node.num_outputs
                remaining = dependencies[next_node] - 1
                dependencies[next_node] = remaining
                if remaining == 0:
                    if next_up is not None:  # a second ready node: both go to the heap
                        heappush(ready, (-next_up._sequence_nr, tie, next_up))
                        tie += 1
                        next_up = None
                    if g is None and all(b is None for b in buffer):
                        _propagate_nothing(next_node, dependencies, buffers, ready)
                    elif ready:
                        heappush(ready, (-next_node._sequence_nr, tie, next_node))
                        tie += 1
                    else:
                        next_up = next_node
            # drop this node's references to its gradients: an AccumulateGrad may take
            # an array over when it is the only holder (see _exclusively_held)
            grad_inputs = g = None
    finally:
        exit_quiet_numpy(quiet_numpy)
        grad_mode.enabled = previous_mode


def _run_backward_newest_first(
    root: Node, output_nr: int, seed: np.ndarray, retain_graph: bool
) -> None:
    """``loss.backward()`` while no hook, ``retain_grad`` or custom Function exists in this
    process (``graph.user_code_in_graphs``): ``_run_backward_on_arrays`` without counting
    dependencies first.

    Every node is created after the nodes it points at, so its sequence number is larger
    than theirs.  Running the discovered nodes newest first therefore runs each node after
    every node that feeds it a gradient (any such node not yet run lies on a path from a
    discovered node whose number is larger), which is exactly the order of torch's ready
    queue without its dependency counts.  Only the leaves' AccumulateGrad nodes, which
    torch runs as soon as they are ready, wait here until the end: with no user code in the
    pass nothing can see ``.grad`` before then, except after an error, when those that
    torch would have run are run first (``_accumulate_finished_sinks``).
    """
    buffers: dict[Node, list] = {root: [None] * root.num_outputs}
    buffers[root][output_nr] = seed
    waiting: list = []  # heap of (-sequence_nr, tie, node); empty while next_up is set
    sinks: list[AccumulateGrad] = []  # in the order they were reached
    tie = 0
    node = root
    next_up = None
    previous_mode = grad_mode.enabled
    grad_mode.enabled = False
    quiet_numpy = enter_quiet_numpy()
    try:
        while True:
            grads = buffers.pop(node)
            if node.num_outputs == 1:
                grad_inputs = node.backward_data(grads[0])
            else:
                grad_inputs = node.backward_data(tuple(grads))
            if grad_inputs is NotImplemented:
                grad_inputs = [
                    None if g is None else g._data for g in _run_node_on_tensors(node, grads)
                ]
            if not retain_graph and node._saved is not None:
                node._saved = None  # release_saved(), inlined
                node._released = True
            for (next_node, nr), g in zip(node.next_functions, grad_inputs):  # noqa: B905
                if next_node is None:
                    continue
                buffer = buffers.get(next_node)
                if buffer is None:  # reached for the first time
                    buffer = buffers[next_node] = [None] * next_node.num_outputs
                    if type(next_node) is AccumulateGrad:
                        sinks.append(next_node)
                    elif next_up is None and not waiting:
                        next_up = next_node
                    else:
                        if next_up is not None:
                            heappush(waiting, (-next_up._sequence_nr, tie, next_up))
                            tie += 1
                            next_up = None
                        heappush(waiting, (-next_node._sequence_nr, tie, next_node))
                        tie += 1
                if g is not None:
                    shape, dtype = next_node._output_meta[nr]
                    if g.shape != shape:
                        g = _sum_to_array(g, shape)
                    if g.dtype is not dtype.np_dtype:
                        g = _as_np_dtype(g, dtype.np_dtype)
                    buffer[nr] = g if buffer[nr] is None else _add_arrays(buffer[nr], g)
            grad_inputs = g = None
            # the newest waiting node; one that received no gradient at all is skipped, as
            # torch skips it (its own inputs are then reached only through other nodes)
            while True:
                if next_up is not None:
                    node, next_up = next_up, None
                elif waiting:
                    node = heappop(waiting)[2]
                else:
                    node = None
                    break
                buffer = buffers[node]
                if buffer[0] is not None or any(b is not None for b in buffer):
                    break
                del buffers[node]
            if node is None:
                break
        node = None
        for sink in sinks:
            _accumulate_array_grad(sink, buffers.pop(sink))
    except BaseException:
        if node is not None:  # a node failed: torch had run every AccumulateGrad it fed
            _accumulate_finished_sinks(sinks, buffers, [node, next_up, *waiting])
        raise
    finally:
        exit_quiet_numpy(quiet_numpy)
        grad_mode.enabled = previous_mode


def _accumulate_finished_sinks(sinks: list, buffers: dict, unfinished: list) -> None:
    """After a node failed in ``_run_backward_newest_first``: run the AccumulateGrad nodes
    that no unfinished node (the failed one, the waiting ones) can still reach, which torch
    runs as soon as their last producer has run."""
    reached: set[Node] = set()
    stack = [entry[2] if type(entry) is tuple else entry for entry in unfinished if entry]
    while stack:
        node = stack.pop()
        for child, _nr in node.next_functions:
            if child is not None and child not in reached:
                reached.add(child)
                stack.append(child)
    for sink in sinks:
        if sink not in reached:
            _accumulate_array_grad(sink, buffers.pop(sink))


def _accumulate_array_grad(node: AccumulateGrad, grads: list) -> None:
    """AccumulateGrad of a plain pass: ``_accumulate_into_grad`` on the array in ``grads``
    (the node's buffer, which only the caller holds)."""
    grad = grads[0]
    if grad is None:
        return
    variable = node.variable
    old = variable._grad
    if old is None:
        leaf_data = variable._data
        # steal the array when nothing else holds it and it has the leaf's layout (torch's
        # "gradient layout contract")
        if not (_exclusively_held(grad) and grad.strides == leaf_data.strides):
            grad = copy_in_layout_of(grad, leaf_data)
        # the recorded dtype: the gradient was cast to it on the way in
        variable._grad = Tensor._make(grad, node._output_meta[0][1])
    else:
        old._data += grad  # in place, as _accumulate_into_grad
        old._version_counter[0] += 1


def copy_in_layout_of(grad: np.ndarray, leaf: np.ndarray) -> np.ndarray:
    """A copy of ``grad`` laid out as torch lays out a new ``.grad`` (its
    ``clone_obey_contract``): with the leaf's strides when the leaf is dense (a transposed
    leaf gets a transposed ``.grad``), C-contiguous otherwise."""
    if leaf.flags.c_contiguous or not is_dense(leaf):
        return grad.copy()
    return copied_preserving_layout(leaf, grad)


def _exclusively_held(grad: np.ndarray) -> bool:
    """May AccumulateGrad keep ``grad`` as ``.grad`` instead of copying it?

    Yes when nothing else can see it: a C-contiguous array owning its memory (no view
    of another array) that only the backward pass references (the node's buffer list and
    ``_accumulate_array_grad``'s local, plus this call's argument and getrefcount's own).
    torch's AccumulateGrad steals the gradient the same way (``use_count() == 1``); any
    view, any other holder (another buffer, a saved tensor, a user's tensor) adds a
    reference.
    """
    if getrefcount(grad) > _LOOP_REFERENCES + 2 or grad.base is not None:
        return False
    flags = grad.flags  # (a new flags object on every read)
    return flags.c_contiguous and flags.writeable


#: references the backward loop holds on a gradient it hands to AccumulateGrad
_LOOP_REFERENCES = 2


def _initially_ready(buffers: dict[Node, list], dependencies: dict[Node, int]) -> list:
    """The ready queue at the start: seeded nodes that no other node feeds, created last
    first (a heap of ``(-sequence_nr, tie, node)``; ties numbered from 0)."""
    ready: list[tuple[int, int, Node]] = []
    for node in buffers:
        if dependencies.get(node, 0) == 0:
            heapq.heappush(ready, (-node._sequence_nr, len(ready), node))
    return ready


def _as_tensor(array: np.ndarray | None) -> Tensor | None:
    """The Tensor the Tensor path would hold for a gradient array."""
    return None if array is None else Tensor._make(array, dtype_of_array(array))


def _run_node_on_tensors(node: Node, grads: list) -> tuple:
    """Run ``node`` as the Tensor path does (hooks included); returns Tensors."""
    tensors = [_as_tensor(g) for g in grads]
    if node._tensor_pre_hooks or node._retain_grad_tensors:
        tensors = _run_tensor_hooks(node, tensors, False)
    if node._pre_hooks or node._post_hooks:
        return _call_node(node, tensors)
    return node.backward(tensors[0] if node.num_outputs == 1 else tuple(tensors))


def _as_np_dtype(grad: np.ndarray, np_dtype: np.dtype) -> np.ndarray:
    """``grad`` cast to ``np_dtype`` (unless it is only another instance of that dtype)."""
    return grad if grad.dtype == np_dtype else grad.astype(np_dtype)


def _add_arrays(left: np.ndarray, right: np.ndarray) -> np.ndarray:
    """``left + right`` as the engine's ``add`` computes it for two gradient Tensors."""
    if left.dtype == right.dtype and left.shape == right.shape:
        out = np.add(left, right)
        return out if type(out) is np.ndarray else np.asarray(out)
    return (_as_tensor(left) + _as_tensor(right))._data  # promotion/broadcast rules, errors


def _sum_to_array(grad: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    """``_sum_to`` on an array (through the engine op: same numpy calls, same errors)."""
    return _sum_to(_as_tensor(grad), shape)._data


def _discover(
    roots: Sequence[tuple[tuple[Node, int], Tensor]],
) -> tuple[dict[Node, int], list[Node]]:
    """Dependency counts of every reachable node, and a post-order (children first)."""
    dependencies: dict[Node, int] = {}
    order: list[Node] = []
    seen: set[Node] = set()
    for (root, _), _grad in roots:
        if root in seen:
            continue
        seen.add(root)
        stack = [(root, iter(root.next_functions))]
        while stack:
            node, children = stack[-1]
            for child, _nr in children:
                if child is None:
                    continue
                dependencies[child] = dependencies.get(child, 0) + 1
                if child not in seen:
                    seen.add(child)
                    stack.append((child, iter(child.next_functions)))
                    break
            else:
                stack.pop()
                order.append(node)
    return dependencies, order


def _count_dependencies(
    roots: Sequence[tuple[Node, int]],
) -> tuple[dict[Node, int], bool]:
    """``_discover`` without the post-order, for the common case (no ``inputs=``).

    ``roots``: the ``(node, output_nr)`` edges of the outputs.  Also tells whether the
    graph is plain: no node or leaf has hooks or retain_grad, so no user code sees
    intermediate gradients and the array path may run it.
    """
    dependencies: dict[Node, int] = {}
    # A node is walked when it is first counted; roots are walked from the start, so a
    # root that another root reaches (or a repeated root) must not be walked again.
    roots_walked: set[Node] | tuple = ()
    if len(roots) == 1:  # loss.backward(): no list comprehension (a frame of its own)
        stack = [roots[0][0]]
    else:
        stack = list(dict.fromkeys([root for root, _nr in roots]))
        roots_walked = set(stack)
    plain = True
    while stack:
        node = stack.pop()
        if node._hooked and plain:  # (AccumulateGrad: the leaf may have hooks)
            plain = not _has_hooks(node)
        for child, _nr in node.next_functions:
            if child is None:
                continue
            if child in dependencies:
                dependencies[child] += 1
            else:
                dependencies[child] = 1
                if child not in roots_walked:
                    stack.append(child)
    return dependencies, plain


def _has_hooks(node: Node) -> bool:
    """Does running ``node`` call user code (hooks) or fill a ``retain_grad`` tensor?"""
    if type(node) is AccumulateGrad:
        variable = node.variable
        return bool(variable._hooks or variable._post_accumulate_hooks)
    return node._hooked  # set by every hook / retain_grad registration on the node


def _nodes_to_execute(order: list[Node], capture_index: dict) -> tuple[set[Node], set[Node]]:
    """Nodes whose backward must run for the gradient to reach some input, and the nodes
    that receive a gradient (those plus the capture-only nodes of non-leaf inputs)."""
    capture_nodes = {node for node, _nr in capture_index}
    reaches: set[Node] = set()
    execute: set[Node] = set()
    for node in order:  # children before parents
        if any(child in reaches for child, _ in node.next_functions if child is not None):
            execute.add(node)
            reaches.add(node)
        elif node in capture_nodes:
            reaches.add(node)
    # AccumulateGrad of a requested leaf "executes" (hooks + capture / accumulation).
    execute.update(n for n in capture_nodes if type(n) is AccumulateGrad)
    return execute, reaches


def _propagate_nothing(node: Node, dependencies: dict, buffers: dict, ready: list) -> None:
    """A node that received no gradient at all: its children lose one dependency."""
    buffers.pop(node, None)
    for child, _nr in node.next_functions:
        if child is None:
            continue
        dependencies[child] -= 1
        if dependencies[child] == 0:
            buffer = buffers.get(child)
            if buffer is None or all(b is None for b in buffer):
                _propagate_nothing(child, dependencies, buffers, ready)
            else:
                heapq.heappush(ready, (-child._sequence_nr, id(child), child))


def _call_node(node: Node, grads: list) -> tuple:
    if node._pre_hooks:
        for hook in list(node._pre_hooks.values()):
            previous = tuple(grads)
            result = hook(previous)
            if result is not None:
                _check_hook_result(hook, previous, result)
                grads = list(result)
        if all(g is None for g in grads):  # the hooks dropped every gradient: nothing flows
            return (None,) * len(node.next_functions)
    grad_inputs = node.backward(grads[0] if node.num_outputs == 1 else tuple(grads))
    if node._post_hooks:
        for hook in list(node._post_hooks.values()):
            previous = tuple(grad_inputs)
            result = hook(previous, tuple(grads))
            if result is not None:
                _check_hook_result(hook, previous, result)
                grad_inputs = result
    return grad_inputs


def _check_hook_result(hook: object, previous: tuple, result: object) -> None:
    """torch's check_result for what a node's hook returned instead of its gradients."""
    if not isinstance(result, tuple):
        raise errors.error("hook_expected_tuple", type_name=type(result).__name__)
    if len(result) != len(previous):
        raise errors.error(
            "hook_value_count", name=_hook_name(hook), got=len(result), expected=len(previous)
        )
    for old, new in zip(previous, result, strict=True):
        if new is None:
            continue
        if old is None:
            raise errors.error("hook_replaced_none")
        _check_hook_value(hook, old, new)


def _check_hook_value(hook: object, old: Tensor, new: object) -> None:
    """torch's check_variable_result: a tensor of the same type (checked first) and size."""
    if not isinstance(new, Tensor):
        raise errors.error("hook_returned_type", type_name=type(new).__name__)
    if new.dtype is not old.dtype:
        raise errors.error(
            "hook_changed_type",
            name=_hook_name(hook),
            was=old.dtype.legacy_name,
            got=new.dtype.legacy_name,
        )
    if new._data.shape != old._data.shape:
        raise errors.error("hook_changed_size", name=_hook_name(hook))


def _run_tensor_hooks(node: Node, grads: list, create_graph: bool) -> list:
    """Hooks of the non-leaf tensors ``node`` produced, then their retain_grad (last)."""
    if node._tensor_pre_hooks:
        for nr, hooks in node._tensor_pre_hooks.items():
            if hooks and grads[nr] is not None:
                grads[nr] = apply_hooks(hooks, grads[nr])
    if node._retain_grad_tensors:
        for nr, ref in node._retain_grad_tensors.items():
            tensor = ref()
            if tensor is not None and grads[nr] is not None:
                _retain(tensor, grads[nr], create_graph)
    return grads


def apply_hooks(hooks: dict, grad: Tensor) -> Tensor:
    """Run tensor hooks in registration order, chaining returned values."""
    for hook in list(hooks.values()):
        result = hook(grad)
        if result is None:
            continue
        _check_hook_value(hook, grad, result)
        grad = result
    return grad


def _hook_name(hook: object) -> str:
    return getattr(hook, "__name__", "<unknown>")


def _retain(tensor: Tensor, grad: Tensor, create_graph: bool) -> None:
    if tensor._grad is None:
        tensor._grad = _fresh_copy(grad, None, create_graph)  # retain_grad: C-contiguous
    else:
        tensor._grad = tensor._grad + grad


def _capture(
    slots: list[int],
    grad: Tensor | None,
    inputs: Sequence[Tensor] | None,
    captured: list,
    accumulate: bool,
    create_graph: bool,
) -> None:
    for i in slots:
        if accumulate:
            # backward(inputs=[non_leaf]): the non-leaf's .grad is populated.
            if grad is not None:
                _retain(inputs[i], grad, create_graph)  # type: ignore[index]
        else:
            captured[i] = grad if captured[i] is None or grad is None else captured[i] + grad


def _run_accumulate_grad(
    node: AccumulateGrad,
    grad: Tensor | None,
    capture_index: dict,
    captured: list,
    accumulate: bool,
    create_graph: bool,
) -> None:
    variable = node.variable
    if grad is None:
        return
    if variable._hooks:
        grad = apply_hooks(variable._hooks, grad)
    if not accumulate:
        slots = capture_index.get((node, 0))
        if slots:
            for i in slots:
                captured[i] = grad
        return
    _accumulate_into_grad(variable, grad, create_graph)
    if variable._post_accumulate_hooks:
        for hook in list(variable._post_accumulate_hooks.values()):
            result = hook(variable)
            if result is not None and result is not variable:
                _check_hook_value(hook, variable, result)  # (torch checks it as a hook's)
                raise errors.error("post_accumulate_hook_returned")


def _accumulate_into_grad(variable: Tensor, grad: Tensor, create_graph: bool) -> None:
    """AccumulateGrad::accumulateGrad: in place unless create_graph."""
    old = variable._grad
    if old is None:
        variable._grad = _fresh_copy(grad, variable._data, create_graph)
    elif not create_graph:
        old._data += grad._data  # same id(x.grad); captured references see the sum
        old._version_counter[0] += 1
    else:
        variable._grad = old + grad


def _fresh_copy(grad: Tensor, leaf: np.ndarray | None, create_graph: bool) -> Tensor:
    """A new tensor holding ``grad``, as torch makes a first ``.grad``: for a dense leaf a
    copy in the leaf's layout (``new_empty_strided(...).copy_(grad)``: ``CopyBackwards``
    under create_graph); for any other leaf, and for retain_grad (``leaf=None``), a
    C-contiguous ``grad.clone()`` (``CloneBackward0``)."""
    cloned = leaf is None or not is_dense(leaf)
    data = grad._data.copy() if cloned else copy_in_layout_of(grad._data, leaf)
    if not (create_graph and grad._requires_grad):
        return Tensor._make(data, grad.dtype)
    if cloned:
        from ..ops.shape_helpers import CloneBackward0  # (ops import this module)

        node = CloneBackward0((grad._edge(),), ((data.shape, grad.dtype),))
    else:
        node = CopyBackwards(((None, 0), grad._edge()), ((data.shape, grad.dtype),))
    return Tensor._make(data, grad.dtype, node)


def _expandable_to(shape: tuple[int, ...], target: tuple[int, ...]) -> bool:
    """torch's is_expandable_to: may a gradient of shape ``target`` be summed to ``shape``?"""
    offset = len(target) - len(shape)
    if offset < 0:
        return False
    for i, size in enumerate(shape):
        if size != 1 and size != target[offset + i]:
            return False
    return True


def _invalid_gradient(node: Node, grad_inputs: Sequence) -> Exception:
    """torch's validate_outputs error for the first gradient of ``node`` (a custom Function's
    backward, a hook's replacement) that cannot be summed to its input's shape."""
    for index, ((next_node, nr), g) in enumerate(
        zip(node.next_functions, grad_inputs, strict=False)
    ):
        if next_node is None or g is None:
            continue
        shape = next_node._output_meta[nr][0]
        if not _expandable_to(shape, tuple(g.shape)):
            return errors.error(
                "function_invalid_gradient",
                name=node.name(),
                index=index,
                got=list(g.shape),
                expected=list(shape),
            )
    raise AssertionError("no invalid gradient")  # (unreachable: the caller found one)


def _sum_to(grad: Tensor, shape: tuple[int, ...]) -> Tensor:
    from ..ops.reduction import sum_to

    return sum_to(grad, shape)
