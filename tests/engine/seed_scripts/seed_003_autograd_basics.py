"""Seed 003: "Automatic differentiation with torch.autograd" (one-layer network,
grad_fn, no_grad/detach, Jacobian products and gradient accumulation).

Re-creates every code cell of /work/shared/seeds/003_dda3749458a908f7.txt in order.
``torch.randn`` weights are replaced by fixed tensors. The seed's
``BinaryCrossEntropyWithLogitsBackward`` name is outdated: torch 2.13 says
``BinaryCrossEntropyWithLogitsBackward0``, and this script shows that.
"""

import torch

print("# In [2]")
x = torch.ones(5)  # input tensor
y = torch.zeros(3)  # expected output
w = torch.tensor(
    [
        [0.3, -1.1, 0.4],
        [-0.2, 0.9, -0.7],
        [1.3, 0.05, 0.2],
        [-0.6, -0.4, 1.1],
        [0.8, 0.25, -0.9],
    ],
    requires_grad=True,
)
b = torch.tensor([0.1, -0.3, 0.5], requires_grad=True)
z = torch.matmul(x, w) + b
loss = torch.nn.functional.binary_cross_entropy_with_logits(z, y)
print(z)
print(loss)

print("# In [3]")
print("Gradient function for z =", z.grad_fn)
print("Gradient function for loss =", loss.grad_fn)

print("# In [4]")
loss.backward()
print(w.grad)
print(b.grad)

print("# only leaves get .grad; a second backward needs retain_graph")
print(z.grad)
try:
    loss.backward()
except RuntimeError as e:
    print(f"{type(e).__name__}: {e}")

print("# In [5]")
z = torch.matmul(x, w) + b
print(z.requires_grad)

with torch.no_grad():
    z = torch.matmul(x, w) + b
print(z.requires_grad)

print("# In [6]")
z = torch.matmul(x, w) + b
z_det = z.detach()
print(z_det.requires_grad)

print("# In [7]")
inp = torch.eye(5, requires_grad=True)
out = (inp + 1).pow(2)
out.backward(torch.ones_like(inp), retain_graph=True)
print("First call\n", inp.grad)
out.backward(torch.ones_like(inp), retain_graph=True)
print("\nSecond call\n", inp.grad)
inp.grad.zero_()
out.backward(torch.ones_like(inp), retain_graph=True)
print("\nCall after zeroing gradients\n", inp.grad)
