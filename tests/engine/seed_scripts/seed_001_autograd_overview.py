"""Seed 001: AutoGrad overview (requires_grad propagation, detach, no_grad, backward).

Re-creates every code cell of /work/shared/seeds/001_41f5e8b944f3a700.txt in order.
``torch.randn`` inputs are replaced by fixed tensors (the engine has its own RNG).
Note: ``f"{out}"`` prints ``27.0`` because ``format()`` of a 0-d tensor formats ``item()``.
"""

import torch

print("# In [2]")
x = torch.ones((2, 2), requires_grad=True)
print(f"[+] x:\n{x}")

print("# In [3]")
y = x + 2
print(f"[+] y:\n{y}")

print("# In [4]")
x = torch.ones((2, 2))

print(f"[+] x.requires_grad: {x.requires_grad}")

print("# In [5]: fixed 5x5 inputs instead of randn")
x = torch.arange(25.0).reshape(5, 5) / 10
y = torch.arange(25.0).flip(0).reshape(5, 5) / 20
z = (torch.arange(25.0).reshape(5, 5) - 12).requires_grad_()

# a will not require gradients because the inputs do not
a = x + y
print(f"[+] a.requires_grad: {a.requires_grad}")

# b will require gradients becaus z does.
b = a + z
print(f"[+] b.requires_grad: {b.requires_grad}")
print(f"[+] b:\n{b}")

print("# In [6]")
b = b.detach()
print(f"[+] b.requires_grad: {b.requires_grad}")

# The seed expected an error here; b is a detached leaf, so torch 2.13 accepts it.
try:
    b.requires_grad_(False)
    print("[+] b.requires_grad_(False) did not raise")
except RuntimeError as e:
    print(f"{type(e).__name__}: {e}")

# ...but on a real non-leaf it does raise.
try:
    (z * 2).requires_grad_(False)
except RuntimeError as e:
    print(f"{type(e).__name__}: {e}")

# c won't require a gradient, even though z does.
with torch.no_grad():
    c = x + z
print(f"[+] c.requires_grad: {c.requires_grad}")

print("# In [7]")
x = torch.ones((2, 2), requires_grad=True)
y = x + 2

print(f"[+] y.grad_fn: {y.grad_fn}")

z = y * y * 3
print(f"[+] z:\n{z}")
out = z.mean()
print(f"[+] out:\n{out}")

out.backward()

print(f"[+] x.grad:\n{x.grad}")
