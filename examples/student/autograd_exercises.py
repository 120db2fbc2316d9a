"""My answers to the autograd assignment (an example submission: some answers are wrong).

Check it with:
    gradekit check examples/student/autograd_exercises.py --assignment exercises/autograd.yaml
"""

import torch
import torch.nn.functional as F


def build_graph(x: torch.Tensor, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    return (a * x + b).detach()


def requires_grad_flow(
    x: torch.Tensor, y: torch.Tensor, z: torch.Tensor
) -> tuple[bool, bool, bool, bool]:
    """a = x + y, b = a + z; report (a.requires_grad, b.requires_grad, a.is_leaf, b.is_leaf)."""
    a = x + y
    b = a + z
    return (a.requires_grad, b.requires_grad, a.is_leaf, b.is_leaf)


def make_trainable(t: torch.Tensor) -> torch.Tensor:
    """Seed 000: only floating-point tensors can require grad; convert, then track."""
    return t.float().requires_grad_()


def untracked_input_grads(
    x: torch.Tensor, y: torch.Tensor, z: torch.Tensor
) -> tuple[torch.Tensor, torch.Tensor, None]:
    """Seed 004: w = x + y with y not requiring grad, u = z * w; y.grad stays None."""
    w = x + y
    u = z * w
    u.backward()
    return (z.grad, x.grad, y.grad)


def requires_grad_later(a: torch.Tensor) -> torch.Tensor:
    """Seeds 001/002: a = (a*3)/(a-1) on plain data, then track it and build (a*a).sum()."""
    a = (a * 3) / (a - 1)
    a.requires_grad_(True)
    return (a * a).sum()


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


def leaf_gradients(
    x: torch.Tensor, a: torch.Tensor, b: torch.Tensor
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """z = a * x + b; z.backward(); return (x.grad, a.grad, b.grad)."""
    z = a * x + b
    z.backward()
    return (x.grad, a.grad, b.grad)


def vector_backward(
    x: torch.Tensor, a: torch.Tensor, b: torch.Tensor
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """Seed 000: z = a * x + b is a vector; backward with an all-ones gradient of z's shape."""
    z = a * x + b
    z.backward(torch.ones_like(z))
    return (x.grad, a.grad, b.grad)


def mean_backward(
    x: torch.Tensor, a: torch.Tensor, b: torch.Tensor
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    z = (a * x + b).sum()
    z.backward()
    return (x.grad, a.grad, b.grad)


def sum_of_squares_grad(a: torch.Tensor) -> torch.Tensor:
    """Seed 002: L = sum(a * a); the gradient is 2a."""
    loss = torch.sum(a * a)
    loss.backward()
    return a.grad


def quadratic_mean_grad(x: torch.Tensor) -> torch.Tensor:
    """Seeds 001/002: y = x + 2, z = y * y * 3, out = z.mean(); return x.grad (4.5 at x = 1)."""
    y = x + 2
    z = y * y * 3
    out = z.mean()
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


def backward_twice(x: torch.Tensor, a: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Seed 004: y = a * x, backward through the same graph twice; grads accumulate to 2a, 2x."""
    y = a * x
    y.backward(retain_graph=True)
    y.backward()
    return (x.grad, a.grad)


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


def doubled_hook(v: torch.Tensor, g: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    v.register_hook(lambda grad: grad * 2)
    v.backward(g)
    with_hook = v.grad.clone()
    v.backward(g)
    return (with_hook, v.grad.clone())


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


def detach_shares_memory(v: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Seed 000: new = v.detach(); new[0] = 5 also changes v, because they share memory."""
    new = v.detach()
    new[0] = 5
    return (new, v)


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


def no_grad_forward(x: torch.Tensor, w: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """Seed 003: evaluate z = x @ w + b without recording a graph."""
    with torch.no_grad():
        z = torch.matmul(x, w) + b
    return z


def enable_inside_no_grad(x: torch.Tensor) -> torch.Tensor:
    """Seed 004: enable_grad inside no_grad records y = x * 2 again."""
    with torch.no_grad():
        with torch.enable_grad():
            y = x * 2
    return y


def higher_derivatives(
    x: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    # Seed 004's example function x**2 instead of this exercise's x**3.
    y = x**2
    (first,) = torch.autograd.grad(outputs=y, inputs=x, create_graph=True)
    (second,) = torch.autograd.grad(outputs=first, inputs=x, create_graph=True)
    (third,) = torch.autograd.grad(outputs=second, inputs=x)
    return (first, second, third)


def tanh_derivatives(x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """Seed 002: first three derivatives of tanh, element-wise, using grad_outputs of ones."""
    ones = torch.ones_like(x)
    y = torch.tanh(x)
    (first,) = torch.autograd.grad(outputs=y, inputs=x, grad_outputs=ones, create_graph=True)
    (second,) = torch.autograd.grad(outputs=first, inputs=x, grad_outputs=ones, create_graph=True)
    (third,) = torch.autograd.grad(outputs=second, inputs=x, grad_outputs=ones)
    return (first, second, third)


def grad_outputs_second(x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Seed 004: y = mean(x**2) * ones(shape); first and second derivative with grad_outputs."""
    y = torch.mean(x**2) * torch.ones(x.shape)
    ones = torch.ones(y.size())
    (first,) = torch.autograd.grad(
        outputs=(y,), inputs=(x,), grad_outputs=(ones,), create_graph=True
    )
    (second,) = torch.autograd.grad(outputs=(first,), inputs=(x,), grad_outputs=(ones,))
    return (first, second)


def jvp_select(A: torch.Tensor) -> torch.Tensor:
    """Seed 002: B = A @ A; backward with a one-hot gradient selects d B[0, 0] / dA."""
    B = torch.mm(A, A)
    selector = torch.zeros_like(B)
    selector[0, 0] = 1.0
    B.backward(selector)
    return A.grad


def dynamic_loop_grad(x: torch.Tensor) -> torch.Tensor:
    """Seed 002: double y until its norm reaches 1000, then backward through y.norm()."""
    y = x * 2
    while y.detach().norm() < 1000:
        y = y * 2
    y = y.norm()
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
