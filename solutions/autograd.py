"""Reference solution for the autograd assignment (exercises/autograd.yaml).

Each exercise has one *entry* function, named exactly like the exercise's `entry`, and a few
*mistake* functions. A mistake function has the same signature as its entry and computes a
known wrong answer the way a student typically gets there; the grader shows the mistake's
message when a student's answer equals the mistake's answer.

The code says `import torch`: the grader runs it with `torch` resolved to gradekit's engine,
and the test suite also runs it against real PyTorch 2.13. Everything here therefore sticks to
the public torch API that the tutorials (seeds 000-004) use.

Functions return *clones* of `.grad` whenever they read a gradient that a later backward pass
accumulates into in place, because `.grad` is one tensor that autograd keeps updating.
"""

from __future__ import annotations

import torch
import torch.nn.functional as F

# ---------------------------------------------------------------------------------------------
# Graph basics: grad_fn, is_leaf, requires_grad (seeds 000, 001, 004)
# ---------------------------------------------------------------------------------------------


def build_graph(x: torch.Tensor, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """z = a * x + b, built with tensor operations so autograd records the graph."""
    return a * x + b


def build_graph_forgot_bias(x: torch.Tensor, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    return a * x


def build_graph_bias_inside(x: torch.Tensor, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    return a * (x + b)


def build_graph_detached(x: torch.Tensor, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    return (a * x + b).detach()


def build_graph_fresh_tensor(x: torch.Tensor, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    # Re-wrapping the numbers in a new tensor makes a leaf that knows nothing of a, x and b.
    return torch.tensor((a * x + b).tolist(), requires_grad=True)


def requires_grad_flow(
    x: torch.Tensor, y: torch.Tensor, z: torch.Tensor
) -> tuple[bool, bool, bool, bool]:
    """a = x + y, b = a + z; report (a.requires_grad, b.requires_grad, a.is_leaf, b.is_leaf)."""
    a = x + y
    b = a + z
    return (a.requires_grad, b.requires_grad, a.is_leaf, b.is_leaf)


def requires_grad_flow_all_inputs(
    x: torch.Tensor, y: torch.Tensor, z: torch.Tensor
) -> tuple[bool, bool, bool, bool]:
    # Believes a result requires grad only when *every* input does.
    a_requires = x.requires_grad and y.requires_grad
    b_requires = a_requires and z.requires_grad
    return (a_requires, b_requires, not a_requires, not b_requires)


def requires_grad_flow_results_never_leaves(
    x: torch.Tensor, y: torch.Tensor, z: torch.Tensor
) -> tuple[bool, bool, bool, bool]:
    # Believes "leaf" means "created by the user", so every computed tensor is a non-leaf.
    a = x + y
    b = a + z
    return (a.requires_grad, b.requires_grad, False, False)


def make_trainable(t: torch.Tensor) -> torch.Tensor:
    """Seed 000: only floating-point tensors can require grad; convert, then track."""
    return t.float().requires_grad_()


def make_trainable_in_place(t: torch.Tensor) -> torch.Tensor:
    # Raises: an integer tensor cannot require gradients.
    return t.requires_grad_()


def make_trainable_double(t: torch.Tensor) -> torch.Tensor:
    return t.double().requires_grad_()


def requires_grad_later(a: torch.Tensor) -> torch.Tensor:
    """Seeds 001/002: a = (a*3)/(a-1) on plain data, then track it and build (a*a).sum()."""
    a = (a * 3) / (a - 1)
    a.requires_grad_(True)
    return (a * a).sum()


def requires_grad_later_too_late(a: torch.Tensor) -> torch.Tensor:
    # Switching tracking on *after* building the sum: nothing was recorded.
    a = (a * 3) / (a - 1)
    b = (a * a).sum()
    a.requires_grad_(True)
    return b


def requires_grad_later_mean(a: torch.Tensor) -> torch.Tensor:
    a = (a * 3) / (a - 1)
    a.requires_grad_(True)
    return (a * a).mean()


def nonleaf_flag_error(x: torch.Tensor) -> torch.Tensor:
    """y = x * 2, then try to switch off y.requires_grad: torch refuses for a non-leaf."""
    y = x * 2
    y.requires_grad_(False)
    return y


def loss_grad_fn_names(
    x: torch.Tensor, y: torch.Tensor, w: torch.Tensor, b: torch.Tensor
) -> tuple[str, str]:
    """Seed 003: names of the grad_fn classes of z = x @ w + b and of its BCE-with-logits loss."""
    z = torch.matmul(x, w) + b
    loss = F.binary_cross_entropy_with_logits(z, y)
    return (type(z.grad_fn).__name__, type(loss.grad_fn).__name__)


def loss_grad_fn_names_seed_text(
    x: torch.Tensor, y: torch.Tensor, w: torch.Tensor, b: torch.Tensor
) -> tuple[str, str]:
    # Copied from the tutorial's printed output, which was made with an older torch.
    return ("AddBackward0", "BinaryCrossEntropyWithLogitsBackward")


def loss_grad_fn_names_sigmoid_then_bce(
    x: torch.Tensor, y: torch.Tensor, w: torch.Tensor, b: torch.Tensor
) -> tuple[str, str]:
    # The unfused loss on probabilities has its own backward class.
    z = torch.matmul(x, w) + b
    loss = F.binary_cross_entropy(torch.sigmoid(z), y)
    return (type(z.grad_fn).__name__, type(loss.grad_fn).__name__)


# ---------------------------------------------------------------------------------------------
# backward(): scalar, vector, mean, twice (seeds 000, 002, 003, 004)
# ---------------------------------------------------------------------------------------------


def leaf_gradients(
    x: torch.Tensor, a: torch.Tensor, b: torch.Tensor
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """z = a * x + b; z.backward(); return (x.grad, a.grad, b.grad)."""
    z = a * x + b
    z.backward()
    return (x.grad, a.grad, b.grad)


def leaf_gradients_swapped(
    x: torch.Tensor, a: torch.Tensor, b: torch.Tensor
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    z = a * x + b
    z.backward()
    return (a.grad, x.grad, b.grad)


def leaf_gradients_values_not_grads(
    x: torch.Tensor, a: torch.Tensor, b: torch.Tensor
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    # Returned the inputs themselves instead of their .grad attributes.
    z = a * x + b
    z.backward()
    return (x, a, b)


def leaf_gradients_no_backward(
    x: torch.Tensor, a: torch.Tensor, b: torch.Tensor
) -> tuple[None, None, None]:
    z = a * x + b  # noqa: F841 - the mistake is precisely that z is never back-propagated
    return (x.grad, a.grad, b.grad)


def vector_backward(
    x: torch.Tensor, a: torch.Tensor, b: torch.Tensor
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """Seed 000: z = a * x + b is a vector; backward with an all-ones gradient of z's shape."""
    z = a * x + b
    z.backward(torch.ones_like(z))
    return (x.grad, a.grad, b.grad)


def vector_backward_by_hand(
    x: torch.Tensor, a: torch.Tensor, b: torch.Tensor
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    # Element-wise derivatives dz_i/dx = a_i, dz_i/da_i = x, dz_i/db = 1, not summed over z.
    z = a * x + b
    return (a.detach().clone(), (x * torch.ones_like(a)).detach(), torch.ones_like(z).detach())


def vector_backward_mean(
    x: torch.Tensor, a: torch.Tensor, b: torch.Tensor
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    z = (a * x + b).mean()
    z.backward()
    return (x.grad, a.grad, b.grad)


def mean_backward(
    x: torch.Tensor, a: torch.Tensor, b: torch.Tensor
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """Seed 000: reduce z = a * x + b with mean() first, so plain backward() works."""
    z = (a * x + b).mean()
    z.backward()
    return (x.grad, a.grad, b.grad)


def mean_backward_sum(
    x: torch.Tensor, a: torch.Tensor, b: torch.Tensor
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    z = (a * x + b).sum()
    z.backward()
    return (x.grad, a.grad, b.grad)


def mean_backward_returned_mean(x: torch.Tensor, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    z = (a * x + b).mean()
    z.backward()
    return z


def sum_of_squares_grad(a: torch.Tensor) -> torch.Tensor:
    """Seed 002: L = sum(a * a); the gradient is 2a."""
    loss = torch.sum(a * a)
    loss.backward()
    return a.grad


def sum_of_squares_grad_no_factor(a: torch.Tensor) -> torch.Tensor:
    # d(a_i^2)/da_i = 2 a_i, not a_i.
    return a.detach().clone()


def sum_of_squares_grad_mean(a: torch.Tensor) -> torch.Tensor:
    loss = torch.mean(a * a)
    loss.backward()
    return a.grad


def sum_of_squares_grad_returned_loss(a: torch.Tensor) -> torch.Tensor:
    loss = torch.sum(a * a)
    loss.backward()
    return loss


def quadratic_mean_grad(x: torch.Tensor) -> torch.Tensor:
    """Seeds 001/002: y = x + 2, z = y * y * 3, out = z.mean(); return x.grad (4.5 at x = 1)."""
    y = x + 2
    z = y * y * 3
    out = z.mean()
    out.backward()
    return x.grad


def quadratic_mean_grad_sum(x: torch.Tensor) -> torch.Tensor:
    out = ((x + 2) * (x + 2) * 3).sum()
    out.backward()
    return x.grad


def quadratic_mean_grad_no_chain(x: torch.Tensor) -> torch.Tensor:
    # Forgot the chain rule through y = x + 2: differentiated 3 x^2 instead of 3 (x + 2)^2.
    out = (x * x * 3).mean()
    out.backward()
    return x.grad


def mean_of_sum(
    x: torch.Tensor, y: torch.Tensor
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """Seed 004: z = x + y (retained), u = mean(z); return (z.grad, x.grad, y.grad)."""
    z = x + y
    z.retain_grad()
    u = torch.mean(z)
    u.backward()
    return (z.grad, x.grad, y.grad)


def mean_of_sum_with_sum(
    x: torch.Tensor, y: torch.Tensor
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    z = x + y
    z.retain_grad()
    u = torch.sum(z)
    u.backward()
    return (z.grad, x.grad, y.grad)


def mean_of_sum_no_retain(
    x: torch.Tensor, y: torch.Tensor
) -> tuple[None, torch.Tensor, torch.Tensor]:
    z = x + y
    u = torch.mean(z)
    u.backward()
    return (z.grad, x.grad, y.grad)


def untracked_input_grads(
    x: torch.Tensor, y: torch.Tensor, z: torch.Tensor
) -> tuple[torch.Tensor, torch.Tensor, None]:
    """Seed 004: w = x + y with y not requiring grad, u = z * w; y.grad stays None."""
    w = x + y
    u = z * w
    u.backward()
    return (z.grad, x.grad, y.grad)


def untracked_input_grads_tracked_y(
    x: torch.Tensor, y: torch.Tensor, z: torch.Tensor
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    # The tutorial's follow-up switches y on; this exercise is about leaving it off.
    y.requires_grad_(True)
    w = x + y
    u = z * w
    u.backward()
    return (z.grad, x.grad, y.grad)


def untracked_input_grads_swapped(
    x: torch.Tensor, y: torch.Tensor, z: torch.Tensor
) -> tuple[torch.Tensor, torch.Tensor, None]:
    w = x + y
    u = z * w
    u.backward()
    return (x.grad, z.grad, y.grad)


def backward_twice(x: torch.Tensor, a: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Seed 004: y = a * x, backward through the same graph twice; grads accumulate to 2a, 2x."""
    y = a * x
    y.backward(retain_graph=True)
    y.backward()
    return (x.grad, a.grad)


def backward_twice_only_once(x: torch.Tensor, a: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    y = a * x
    y.backward()
    return (x.grad, a.grad)


def backward_twice_swapped(x: torch.Tensor, a: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    y = a * x
    y.backward(retain_graph=True)
    y.backward()
    return (a.grad, x.grad)


def second_backward_error(x: torch.Tensor) -> torch.Tensor:
    """Seed 004: a second backward without retain_graph=True raises (the graph was freed)."""
    y = x * x
    y.backward()
    y.backward()
    return x.grad


def nonscalar_backward_error(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    """Seed 004: u = 2 * (x + y) is 2x2; backward() without a gradient raises."""
    u = 2 * (x + y)
    u.backward()
    return x.grad


def accumulated_then_zeroed(
    inp: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """Seed 003: three backward passes of out = (inp + 1)^2, zeroing inp.grad before the third."""
    out = (inp + 1).pow(2)
    out.backward(torch.ones_like(inp), retain_graph=True)
    first = inp.grad.clone()
    out.backward(torch.ones_like(inp), retain_graph=True)
    second = inp.grad.clone()
    inp.grad.zero_()
    out.backward(torch.ones_like(inp), retain_graph=True)
    third = inp.grad.clone()
    return (first, second, third)


def accumulated_then_zeroed_no_clone(
    inp: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    # inp.grad is one tensor updated in place: all three names end up showing its final value.
    out = (inp + 1).pow(2)
    out.backward(torch.ones_like(inp), retain_graph=True)
    first = inp.grad
    out.backward(torch.ones_like(inp), retain_graph=True)
    second = inp.grad
    inp.grad.zero_()
    out.backward(torch.ones_like(inp), retain_graph=True)
    third = inp.grad
    return (first, second, third)


def accumulated_then_zeroed_never_zeroed(
    inp: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    out = (inp + 1).pow(2)
    snapshots = []
    for _ in range(3):
        out.backward(torch.ones_like(inp), retain_graph=True)
        snapshots.append(inp.grad.clone())
    return (snapshots[0], snapshots[1], snapshots[2])


def accumulated_then_zeroed_mean(
    inp: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    # Reduced with mean() instead of passing a ones gradient: every gradient is divided by numel.
    out = (inp + 1).pow(2).mean()
    out.backward(retain_graph=True)
    first = inp.grad.clone()
    out.backward(retain_graph=True)
    second = inp.grad.clone()
    inp.grad.zero_()
    out.backward(retain_graph=True)
    third = inp.grad.clone()
    return (first, second, third)


def accumulate_across_graphs(
    x: torch.Tensor, y: torch.Tensor, z: torch.Tensor
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
    """Seed 004: w = x + y (retained), u = z * w; u backward twice, then w backward once."""
    w = x + y
    w.retain_grad()
    u = z * w
    u.backward(retain_graph=True)
    u.backward()
    w.backward()
    return (z.grad, w.grad, x.grad, y.grad)


def accumulate_across_graphs_without_w(
    x: torch.Tensor, y: torch.Tensor, z: torch.Tensor
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
    # Stopped after the two passes through u: the +1 from w.backward() is missing.
    w = x + y
    w.retain_grad()
    u = z * w
    u.backward(retain_graph=True)
    u.backward()
    return (z.grad, w.grad, x.grad, y.grad)


def accumulate_across_graphs_zeroed(
    x: torch.Tensor, y: torch.Tensor, z: torch.Tensor
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
    # Believes each backward() starts from fresh gradients (only the last pass, w's, counts).
    w = x + y
    w.retain_grad()
    u = z * w
    u.backward(retain_graph=True)
    u.backward()
    for tensor in (z, w, x, y):
        tensor.grad = None
    w.backward()
    return (z.grad, w.grad, x.grad, y.grad)


# ---------------------------------------------------------------------------------------------
# retain_grad and hooks (seeds 000, 004)
# ---------------------------------------------------------------------------------------------


def intermediate_grads(
    x: torch.Tensor, a: torch.Tensor, b: torch.Tensor, c: torch.Tensor, d: torch.Tensor
) -> tuple[torch.Tensor, torch.Tensor]:
    """Seed 000: y = a*x + b and w = c*y + d both retain their grad; return (y.grad, w.grad)."""
    y = a * x + b
    y.retain_grad()
    w = c * y + d
    w.retain_grad()
    w.backward()
    return (y.grad, w.grad)


def intermediate_grads_no_retain(
    x: torch.Tensor, a: torch.Tensor, b: torch.Tensor, c: torch.Tensor, d: torch.Tensor
) -> tuple[None, None]:
    y = a * x + b
    w = c * y + d
    w.backward()
    return (y.grad, w.grad)


def intermediate_grads_only_y(
    x: torch.Tensor, a: torch.Tensor, b: torch.Tensor, c: torch.Tensor, d: torch.Tensor
) -> tuple[torch.Tensor, None]:
    y = a * x + b
    y.retain_grad()
    w = c * y + d
    w.backward()
    return (y.grad, w.grad)


def intermediate_grads_leaf_grads(
    x: torch.Tensor, a: torch.Tensor, b: torch.Tensor, c: torch.Tensor, d: torch.Tensor
) -> tuple[torch.Tensor, torch.Tensor]:
    # Returned the gradients of the leaves x and c instead of the retained y and w.
    y = a * x + b
    y.retain_grad()
    w = c * y + d
    w.retain_grad()
    w.backward()
    return (x.grad, c.grad)


def doubled_hook(v: torch.Tensor, g: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Seed 000: a hook doubles the gradient of one backward(g); removed before a second one."""
    handle = v.register_hook(lambda grad: grad * 2)
    v.backward(g)
    with_hook = v.grad.clone()
    handle.remove()
    v.backward(g)
    return (with_hook, v.grad.clone())


def doubled_hook_not_removed(v: torch.Tensor, g: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    v.register_hook(lambda grad: grad * 2)
    v.backward(g)
    with_hook = v.grad.clone()
    v.backward(g)
    return (with_hook, v.grad.clone())


def doubled_hook_returns_nothing(
    v: torch.Tensor, g: torch.Tensor
) -> tuple[torch.Tensor, torch.Tensor]:
    # The hook computes grad * 2 but never returns it, so the gradient is left unchanged.
    def hook(grad: torch.Tensor) -> None:
        grad * 2

    handle = v.register_hook(hook)
    v.backward(g)
    with_hook = v.grad.clone()
    handle.remove()
    v.backward(g)
    return (with_hook, v.grad.clone())


def doubled_hook_no_clone(v: torch.Tensor, g: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    # v.grad is accumulated in place, so the first reference shows the final value too.
    handle = v.register_hook(lambda grad: grad * 2)
    v.backward(g)
    with_hook = v.grad
    handle.remove()
    v.backward(g)
    return (with_hook, v.grad)


def negated_hook(
    x: torch.Tensor, y: torch.Tensor
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """Seed 004: hook_z negates z's gradient; in torch 2.x retain_grad sees the hooked value."""

    def hook_z(grad: torch.Tensor) -> torch.Tensor:
        return grad * -1

    z = x + y
    z.retain_grad()
    u = 2 * z
    handle = z.register_hook(hook_z)
    u.backward(gradient=torch.ones_like(u))
    handle.remove()
    return (z.grad, x.grad, y.grad)


def negated_hook_not_registered(
    x: torch.Tensor, y: torch.Tensor
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    z = x + y
    z.retain_grad()
    u = 2 * z
    u.backward(gradient=torch.ones_like(u))
    return (z.grad, x.grad, y.grad)


def negated_hook_on_x(
    x: torch.Tensor, y: torch.Tensor
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    # Registered on the leaf x: only x's gradient flips, z and y keep the positive value.
    z = x + y
    z.retain_grad()
    u = 2 * z
    handle = x.register_hook(lambda grad: grad * -1)
    u.backward(gradient=torch.ones_like(u))
    handle.remove()
    return (z.grad, x.grad, y.grad)


def negated_hook_seed_output(
    x: torch.Tensor, y: torch.Tensor
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    # Reproduces the tutorial's old printout (dz positive) by snapshotting before the hook runs.
    z = x + y
    u = 2 * z
    seen_by_hook = []

    def hook_z(grad: torch.Tensor) -> torch.Tensor:
        seen_by_hook.append(grad.clone())
        return grad * -1

    handle = z.register_hook(hook_z)
    u.backward(gradient=torch.ones_like(u))
    handle.remove()
    return (seen_by_hook[0], x.grad, y.grad)


# ---------------------------------------------------------------------------------------------
# Stopping gradients: detach, no_grad, enable_grad (seeds 000, 001, 003, 004)
# ---------------------------------------------------------------------------------------------


def detach_shares_memory(v: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Seed 000: new = v.detach(); new[0] = 5 also changes v, because they share memory."""
    new = v.detach()
    new[0] = 5
    return (new, v)


def detach_shares_memory_cloned(v: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    # clone() copies the data: writing into the copy leaves v alone.
    new = v.detach().clone()
    new[0] = 5
    return (new, v)


def detach_shares_memory_no_grad_write(v: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    # Wrote into v itself under no_grad: v changes, but the "detached" result still requires grad.
    with torch.no_grad():
        v[0] = 5
    return (v, v)


def stop_gradient(
    x: torch.Tensor, y: torch.Tensor, v: torch.Tensor
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
    """Seed 004: w = z.detach() - v keeps w's backward pass away from z, x and y."""
    ones = torch.ones_like(x)
    z = x + y
    z.retain_grad()
    u = 2 * z
    w = z.detach() - v
    u.backward(gradient=ones, retain_graph=True)
    w.backward(gradient=ones)
    u.backward(gradient=ones)
    return (z.grad, x.grad, y.grad, v.grad)


def stop_gradient_not_detached(
    x: torch.Tensor, y: torch.Tensor, v: torch.Tensor
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
    ones = torch.ones_like(x)
    z = x + y
    z.retain_grad()
    u = 2 * z
    w = z - v
    u.backward(gradient=ones, retain_graph=True)
    w.backward(gradient=ones)
    u.backward(gradient=ones)
    return (z.grad, x.grad, y.grad, v.grad)


def stop_gradient_detached_v(
    x: torch.Tensor, y: torch.Tensor, v: torch.Tensor
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
    ones = torch.ones_like(x)
    z = x + y
    z.retain_grad()
    u = 2 * z
    w = z - v.detach()
    u.backward(gradient=ones, retain_graph=True)
    w.backward(gradient=ones)
    u.backward(gradient=ones)
    return (z.grad, x.grad, y.grad, v.grad)


def no_grad_forward(x: torch.Tensor, w: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """Seed 003: evaluate z = x @ w + b without recording a graph."""
    with torch.no_grad():
        z = torch.matmul(x, w) + b
    return z


def no_grad_forward_tracked(x: torch.Tensor, w: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    return torch.matmul(x, w) + b


def no_grad_forward_forgot_bias(x: torch.Tensor, w: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    with torch.no_grad():
        z = torch.matmul(x, w)
    return z


def enable_inside_no_grad(x: torch.Tensor) -> torch.Tensor:
    """Seed 004: enable_grad inside no_grad records y = x * 2 again."""
    with torch.no_grad():
        with torch.enable_grad():
            y = x * 2
    return y


def enable_inside_no_grad_missing_enable(x: torch.Tensor) -> torch.Tensor:
    with torch.no_grad():
        y = x * 2
    return y


def enable_inside_no_grad_square(x: torch.Tensor) -> torch.Tensor:
    with torch.no_grad():
        with torch.enable_grad():
            y = x**2
    return y


# ---------------------------------------------------------------------------------------------
# torch.autograd.grad and higher derivatives (seeds 002, 004)
# ---------------------------------------------------------------------------------------------


def higher_derivatives(x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """Seed 002: first three derivatives of y = x**3 with torch.autograd.grad(create_graph=True)."""
    y = x**3
    (first,) = torch.autograd.grad(outputs=y, inputs=x, create_graph=True)
    (second,) = torch.autograd.grad(outputs=first, inputs=x, create_graph=True)
    (third,) = torch.autograd.grad(outputs=second, inputs=x)
    return (first, second, third)


def higher_derivatives_of_square(
    x: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    # Seed 004's example function x**2 instead of this exercise's x**3.
    y = x**2
    (first,) = torch.autograd.grad(outputs=y, inputs=x, create_graph=True)
    (second,) = torch.autograd.grad(outputs=first, inputs=x, create_graph=True)
    (third,) = torch.autograd.grad(outputs=second, inputs=x)
    return (first, second, third)


def higher_derivatives_tuples(
    x: torch.Tensor,
) -> tuple[tuple[torch.Tensor], tuple[torch.Tensor], tuple[torch.Tensor]]:
    # torch.autograd.grad returns a tuple (one entry per input); these are returned unpacked.
    y = x**3
    first = torch.autograd.grad(outputs=y, inputs=x, create_graph=True)
    second = torch.autograd.grad(outputs=first, inputs=x, create_graph=True)
    third = torch.autograd.grad(outputs=second, inputs=x)
    return (first, second, third)


def higher_derivatives_accumulated(
    x: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    # Seed 002's backward()-based variant without zeroing x.grad: each reading includes the last.
    y = x**3
    (first,) = torch.autograd.grad(outputs=y, inputs=x, create_graph=True)
    y.backward(retain_graph=True)
    reading_1 = x.grad.clone()
    (second,) = torch.autograd.grad(outputs=first, inputs=x, create_graph=True)
    first.backward(retain_graph=True)
    reading_2 = x.grad.clone()
    second.backward()
    reading_3 = x.grad.clone()
    return (reading_1, reading_2, reading_3)


def tanh_derivatives(x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """Seed 002: first three derivatives of tanh, element-wise, using grad_outputs of ones."""
    ones = torch.ones_like(x)
    y = torch.tanh(x)
    (first,) = torch.autograd.grad(outputs=y, inputs=x, grad_outputs=ones, create_graph=True)
    (second,) = torch.autograd.grad(outputs=first, inputs=x, grad_outputs=ones, create_graph=True)
    (third,) = torch.autograd.grad(outputs=second, inputs=x, grad_outputs=ones)
    return (first, second, third)


def tanh_derivatives_not_zeroed(
    x: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    # Seed 002's plotting code with backward() but without zeroing x.grad between the passes.
    ones = torch.ones_like(x)
    y = torch.tanh(x)
    (first,) = torch.autograd.grad(outputs=y, inputs=x, grad_outputs=ones, create_graph=True)
    (second,) = torch.autograd.grad(outputs=first, inputs=x, grad_outputs=ones, create_graph=True)
    y.backward(ones, retain_graph=True)
    reading_1 = x.grad.clone()
    first.backward(ones, retain_graph=True)
    reading_2 = x.grad.clone()
    second.backward(ones)
    reading_3 = x.grad.clone()
    return (reading_1, reading_2, reading_3)


def tanh_derivatives_shifted(x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    # Returned (f, f', f'') instead of (f', f'', f''').
    ones = torch.ones_like(x)
    y = torch.tanh(x)
    (first,) = torch.autograd.grad(outputs=y, inputs=x, grad_outputs=ones, create_graph=True)
    (second,) = torch.autograd.grad(outputs=first, inputs=x, grad_outputs=ones)
    return (y, first, second)


def grad_outputs_second(x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Seed 004: y = mean(x**2) * ones(shape); first and second derivative with grad_outputs."""
    y = torch.mean(x**2) * torch.ones(x.shape)
    ones = torch.ones(y.size())
    (first,) = torch.autograd.grad(
        outputs=(y,), inputs=(x,), grad_outputs=(ones,), create_graph=True
    )
    (second,) = torch.autograd.grad(outputs=(first,), inputs=(x,), grad_outputs=(ones,))
    return (first, second)


def grad_outputs_second_mean_only(x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    # Differentiated mean(x**2) alone, forgetting that y repeats it numel times.
    m = torch.mean(x**2)
    (first,) = torch.autograd.grad(outputs=m, inputs=x, create_graph=True)
    (second,) = torch.autograd.grad(outputs=first, inputs=x, grad_outputs=torch.ones_like(x))
    return (first, second)


# ---------------------------------------------------------------------------------------------
# Vector-Jacobian products and dynamic graphs (seeds 002, 003)
# ---------------------------------------------------------------------------------------------


def jvp_select(A: torch.Tensor) -> torch.Tensor:
    """Seed 002: B = A @ A; backward with a one-hot gradient selects d B[0, 0] / dA."""
    B = torch.mm(A, A)
    selector = torch.zeros_like(B)
    selector[0, 0] = 1.0
    B.backward(selector)
    return A.grad


def jvp_select_all_ones(A: torch.Tensor) -> torch.Tensor:
    B = torch.mm(A, A)
    B.backward(torch.ones_like(B))
    return A.grad


def jvp_select_elementwise(A: torch.Tensor) -> torch.Tensor:
    B = A * A
    selector = torch.zeros_like(B)
    selector[0, 0] = 1.0
    B.backward(selector)
    return A.grad


def jvp_select_transposed(A: torch.Tensor) -> torch.Tensor:
    B = torch.mm(A, A)
    selector = torch.zeros_like(B)
    selector[0, 0] = 1.0
    B.backward(selector)
    return A.grad.T


def dynamic_loop_grad(x: torch.Tensor) -> torch.Tensor:
    """Seed 002: double y until its norm reaches 1000, then backward through y.norm()."""
    y = x * 2
    while y.detach().norm() < 1000:
        y = y * 2
    y = y.norm()
    y.backward()
    return x.grad


def dynamic_loop_grad_no_norm(x: torch.Tensor) -> torch.Tensor:
    # Back-propagated the doubled vector with a ones gradient instead of its norm.
    y = x * 2
    while y.detach().norm() < 1000:
        y = y * 2
    y.backward(torch.ones_like(y))
    return x.grad


def dynamic_loop_grad_unit_vector(x: torch.Tensor) -> torch.Tensor:
    # Forgot that every doubling also doubles the derivative: the gradient of ||x|| alone.
    y = x.norm()
    y.backward()
    return x.grad


def bce_layer_grads(
    x: torch.Tensor, y: torch.Tensor, w: torch.Tensor, b: torch.Tensor
) -> tuple[torch.Tensor, torch.Tensor]:
    """Seed 003: one linear layer with BCE-with-logits loss; return (w.grad, b.grad)."""
    z = torch.matmul(x, w) + b
    loss = F.binary_cross_entropy_with_logits(z, y)
    loss.backward()
    return (w.grad, b.grad)


def bce_layer_grads_sum_reduction(
    x: torch.Tensor, y: torch.Tensor, w: torch.Tensor, b: torch.Tensor
) -> tuple[torch.Tensor, torch.Tensor]:
    z = torch.matmul(x, w) + b
    loss = F.binary_cross_entropy_with_logits(z, y, reduction="sum")
    loss.backward()
    return (w.grad, b.grad)


def bce_layer_grads_no_bias(
    x: torch.Tensor, y: torch.Tensor, w: torch.Tensor, b: torch.Tensor
) -> tuple[torch.Tensor, torch.Tensor]:
    z = torch.matmul(x, w)
    loss = F.binary_cross_entropy_with_logits(z, y)
    loss.backward()
    return (w.grad, b.grad)


def bce_layer_grads_probabilities(
    x: torch.Tensor, y: torch.Tensor, w: torch.Tensor, b: torch.Tensor
) -> tuple[torch.Tensor, torch.Tensor]:
    # Applied sigmoid first and then the *logits* loss: the sigmoid is applied twice.
    z = torch.sigmoid(torch.matmul(x, w) + b)
    loss = F.binary_cross_entropy_with_logits(z, y)
    loss.backward()
    return (w.grad, b.grad)
