"""Seed 000: autograd tensor functions (requires_grad, grad_fn, is_leaf, backward,
retain_grad, register_hook, detach, no_grad).

Re-creates every code cell of /work/shared/seeds/000_ac41a82b4b82907c.txt in order.
Random inputs are replaced by fixed tensors; errors are caught and printed as
``type(e).__name__: e`` so the script always runs to the end.
"""

import torch

print("# In [4]: requires_grad on creation and by attribute")
t0 = torch.tensor([1.0, 2.0], requires_grad=True)
print(f"t0 : {t0}")

t1 = torch.FloatTensor([1.0, 2.0])  # dtype = torch.float32
t1.requires_grad = True
print(f"t1 : {t1}")

print("# In [5]: half and double tensors")
t2 = torch.HalfTensor([1.0, 2.0])  # dtype = torch.float16
t2.requires_grad = True
print(f"t2 : {t2}")

t3 = torch.DoubleTensor([1.0, 2.0])  # dtype = torch.float64
t3.requires_grad = True
print(f"t3 : {t3}")

print("# integer tensors cannot require gradients")
try:
    t4 = torch.LongTensor([1, 2])
    t4.requires_grad = True
except RuntimeError as e:
    print(f"{type(e).__name__}: {e}")

print("# In [6]: grad_fn and is_leaf")
x = torch.tensor(3.0, requires_grad=True)

a = torch.tensor(4.0, requires_grad=True)
b = torch.tensor(5.0, requires_grad=True)

y = a * x

z = y + b

print("Tensor x")
print(f"grad funtion = {x.grad_fn}")
print(f"is leaf = {x.is_leaf}")
print(x.requires_grad)

print("\nTensor y")
print(f"grad funtion = {y.grad_fn}")
print(f"is leaf = {y.is_leaf}")
print(y.requires_grad)

print("\nTensor z")
print(f"grad funtion = {z.grad_fn}")
print(f"is leaf = {z.is_leaf}")
print(z.requires_grad)

print("# In [7]: backward")
x = torch.tensor(3.0, requires_grad=True)

a = torch.tensor(4.0, requires_grad=True)
b = torch.tensor(5.0, requires_grad=True)

y = a * x

z = y + b

z.backward()

print("Tensor x")
print(f"grad funtion = {x.grad_fn}")

print("\nTensor a")
print(f"grad funtion = {a.grad_fn}")

print("\nTensor b")
print(f"grad funtion = {b.grad_fn}")

print("\nTensor y")
print(f"grad funtion = {y.grad_fn}")

print("\nTensor z")
print(f"grad funtion = {z.grad_fn}")
print("\n")
print("dz/dx:", x.grad)
print("dz/da:", a.grad)
print("dz/db:", b.grad)

print("# backward on a non-scalar tensor without a gradient")
x = torch.tensor(3.0, requires_grad=True)
a = torch.tensor([4.0, 2.0], requires_grad=True)
b = torch.tensor(5.0, requires_grad=True)
y = a * x
z = y + b
try:
    z.backward()
except RuntimeError as e:
    print(f"{type(e).__name__}: {e}")

print("# In [9]: passing a gradient to backward")
x = torch.tensor(3.0, requires_grad=True)
a = torch.tensor([4.0, 2.0], requires_grad=True)
b = torch.tensor(5.0, requires_grad=True)

y = a * x
z = y + b

z.backward(torch.tensor([1.0, 1.0]))  # passing a gradient to backward.

print("dz/dx:", x.grad)
print("dz/da:", a.grad)
print("dz/db:", b.grad)

print("# In [10]: backward of the mean")
x = torch.tensor(3.0, requires_grad=True)
a = torch.tensor([4.0, 2.0], requires_grad=True)
b = torch.tensor(5.0, requires_grad=True)

y = a * x
z = y + b

z = z.mean()
z.backward()

print("dz/dx:", x.grad)
print("dz/da:", a.grad)
print("dz/db:", b.grad)

print("# In [0]/[12]: retain_graph=True")
x = torch.tensor(3.0, requires_grad=True)

a = torch.tensor(4.0, requires_grad=True)
b = torch.tensor(5.0, requires_grad=True)

y = a * x
z = y + b

z.backward(retain_graph=True)

print("dz/dx:", x.grad)
print("dz/da:", a.grad)
print("dz/db:", b.grad)

print("# calling backward a second time (graph retained): gradients accumulate")
z.backward()
print("dz/dx:", x.grad)
print("dz/da:", a.grad)
print("dz/db:", b.grad)

print("# and a third time, after the graph was freed")
try:
    z.backward()
except RuntimeError as e:
    print(f"{type(e).__name__}: {e}")

print("# In [13]: retain_grad")
x = torch.tensor(3.0, requires_grad=True)
a = torch.tensor(4.0, requires_grad=True)
b = torch.tensor(5.0, requires_grad=True)

y = a * x + b
y.retain_grad()

c = torch.tensor(4.0, requires_grad=True)
d = torch.tensor(4.0, requires_grad=True)

w = c * y + d
w.retain_grad()

w.backward()

print("dw/dx:", x.grad)
print("dw/da:", a.grad)
print("dw/db:", b.grad)
print("dw/dy:", y.grad)
print("dw/dc:", c.grad)
print("dw/dd:", d.grad)
print("dw/dw:", w.grad)

print("# In [22]: register_hook")
v = torch.tensor([0.0, 0.0, 0.0], requires_grad=True)
h = v.register_hook(lambda grad: grad * 2)  # double the gradient
v.backward(torch.tensor([1.0, 2.0, 3.0]))
print(v.grad)
h.remove()

print("# In [23]: detach shares memory")
print(f"Original V : {v}")
new = v.detach()
new[0] = 5
print(f"New detached V : {new}")
print(f"New V : {v}")
print(f"new.requires_grad = {new.requires_grad}, new.is_leaf = {new.is_leaf}")

print("# torch.no_grad()")
x = torch.tensor([1.0, 2.0], requires_grad=True)
with torch.no_grad():
    y = x * 2
print(f"y = {y}, requires_grad = {y.requires_grad}, grad_fn = {y.grad_fn}")
