"""Seed 002: "Autograd: Automatic Differentiation" (60-minute blitz, with extra cells on
torch.mm gradients and higher derivatives via torch.autograd.grad).

Re-creates every code cell of /work/shared/seeds/002_546402fc2b42a64c.txt in order,
with these deterministic substitutions:
* ``torch.randn`` inputs are fixed tensors;
* Python 2 ``print x`` statements become ``print(x)``;
* the torchviz ``make_dot`` cell and matplotlib plots are dropped; instead of plotting
  a curve, the script prints the tensors that would have been plotted.
"""

import numpy as np
import torch
from torch.autograd import grad

print("# create a tensor that tracks computation")
x = torch.ones(2, 2, requires_grad=True)
print(x)

y = x + 2
print(y)

print(y.grad_fn)

z = y * y * 3
out = z.mean()
q = x**2
print(z, out)
print(q, out)

print("# requires_grad_ (fixed 2x2 input instead of randn)")
a = torch.tensor([[0.5, -1.5], [2.0, 3.0]])
a = (a * 3) / (a - 1)
print(a.requires_grad)
a.requires_grad_(True)
print(a.requires_grad)
b = (a * a).sum()
print(b.grad_fn)

print("# gradients")
out.backward()
print(x.grad)

print("# L = sum(a_i^2)")
a = torch.tensor([1.0, 2.0, 3.0, 4.0, 5.0], requires_grad=True)
L = torch.sum(a * a)
L.backward()
print(L)
print(a.grad)

print("# what you run is what you differentiate (fixed x instead of randn)")
x = torch.tensor([0.3, -1.2, 0.8], requires_grad=True)
print(x)
y = x * 2
while y.data.norm() < 1000:
    y = y * 2
y = y.norm()
print(y)

y.backward()
print(x.grad)

print("# no_grad")
print(x.requires_grad)
print((x**2).requires_grad)

with torch.no_grad():
    print((x**2).requires_grad)

print("# backward argument selects part of the result")
A = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
print("A", A)
B = torch.mm(A, A)
print("B", B)
l = B[0, 0]
l.backward()  # l is a scalar: no gradient argument needed
print(A.grad)
A = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
print("\nA", A)
B = torch.mm(A, A)
print("B", B)
l = B
l.backward(torch.tensor([[1.0, 0], [0, 0]]))
print(A.grad)

print("# higher derivatives of x**3")
x = torch.tensor(2.0, requires_grad=True)
y = x**3
print("x", x, "- x.grad", x.grad)
print("y", y)
print("--- grad ---")
a = torch.autograd.grad(outputs=y, inputs=x, create_graph=True)[0]
print("a", a)
print("x", x, "- x.grad", x.grad)
print("--- backward ---")
a.backward()
print("x", x, "- x.grad", x.grad)

print("# higher derivatives of tanh")
x = torch.tensor(2.0, requires_grad=True)
y = torch.tanh(x)
print("x", x, "- x.grad", x.grad)
print("y", y)
print("--- grad ---")
a = torch.autograd.grad(outputs=y, inputs=x, create_graph=True)[0]
print("a", a)
print("x", x, "- x.grad", x.grad)
print("--- backward ---")
d = torch.ones_like(x)
a.backward(d)
print("x", x, "- x.grad", x.grad, d)

print("# function and first derivative (printed instead of plotted)")
xrange = np.linspace(-3, 3, 100)
x = torch.tensor(xrange, requires_grad=True)
y = torch.tanh(x)
y.backward(torch.ones_like(x))
print(y.detach().numpy().dtype, y.detach().numpy().shape)
print(y)
print(x.grad)

print("# function and second derivative")
xrange = np.linspace(-3, 3, 100)
x = torch.tensor(xrange, requires_grad=True)
y = torch.tanh(x)
ox = torch.ones_like(x)
a = torch.autograd.grad(outputs=y, inputs=x, grad_outputs=ox, create_graph=True)[0]
y.backward(ox, retain_graph=True)
print(x.grad[::10])
x.grad.data.zero_()
a.backward(torch.ones_like(x))
print(x.grad[::10])

print("# function and third derivative")
xrange = np.linspace(-7, 7, 100)
x = torch.tensor(xrange, requires_grad=True)
y = torch.tanh(x)
ox = torch.ones_like(x)
a = torch.autograd.grad(outputs=y, inputs=x, grad_outputs=ox, create_graph=True)[0]
b = torch.autograd.grad(outputs=a, inputs=x, grad_outputs=ox, create_graph=True)[0]
y.backward(ox, retain_graph=True)
print(y.detach().numpy()[::20])
print(x.grad[::20])
x.grad.data.zero_()
a.backward(ox, retain_graph=True)
print(x.grad[::20])
x.grad.data.zero_()
b.backward(torch.ones_like(x), retain_graph=True)
print(x.grad[::20])
print(a.grad_fn, b.grad_fn)

print("# from torch.autograd import grad")
x = torch.tensor(-2.0, requires_grad=True)
y = torch.tanh(x)
print("x", x, "- x.grad", x.grad)
print("y", y)
print("--- grad ---")
a = grad(outputs=y, inputs=x, grad_outputs=torch.ones_like(x), create_graph=True)[0]
print("a")
print("x", x, "- x.grad", x.grad)
print("--- backward ---")
a.backward(torch.ones_like(x))
print("x", x, "- x.grad", x.grad)
