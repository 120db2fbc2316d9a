"""Seed 004: "PyTorch Tutorial - Part 2" (indexing and broadcasting exercises, then
requires_grad / grad / grad_fn / backward / retain_grad / register_hook / detach /
autograd.grad / no_grad / enable_grad).

Re-creates every code cell of /work/shared/seeds/004_462ba0ca9191ff02.txt in order, with
these deterministic substitutions:
* ``torch.randn`` / ``torch.randint`` inputs are fixed tensors;
* ``.cuda()`` calls are dropped (CPU only);
* exercise 2 (reverse order by slicing): the seed says "Negative step is not yet
  supported"; the script shows what torch 2.13 does (ValueError) and the flip() way;
* exercises 8 and 10 also perform the operation, printing the result or the error;
* cells the seed shows as "RuntimeError: ignored" print ``type(e).__name__: e``.
"""

import torch

SEPARATOR = "................................................................................\n"

print("# In [35]: exercises")
# 1. Create a 2-d Tensor of size 8x3. Extract all the even numbered rows by slicing.
t1 = torch.tensor(
    [
        [0.4849, -0.6040, -1.1029],
        [-1.7819, 1.0709, -0.6504],
        [0.5057, 0.9325, -1.1939],
        [-0.5370, 1.0823, -1.5110],
        [1.6736, -1.1163, 0.6021],
        [-1.1221, 1.2851, -1.8526],
        [0.2900, 1.3086, -0.4059],
        [-0.0078, 0.6413, -1.4778],
    ]
)
t1_same = t1
print("Ans1:\nt1: ", t1)
print("res1: ", t1[::2, :])
print(SEPARATOR)

# 2. ... the even numbered rows in reverse order by slicing.
t2 = torch.tensor(
    [
        [97, 80, 23],
        [19, 76, 62],
        [25, 21, 7],
        [32, 78, 74],
        [68, 69, 52],
        [51, 40, 14],
        [33, 36, 16],
        [63, 74, 77],
    ]
)
print("Ans2:\nt2: ", t2)
try:
    print("res2: ", t2[::-2, :])
except ValueError as e:
    print(f"res2: {type(e).__name__}: {e}")
print("res2 via flip: ", t2[::2, :].flip(0))
indices2 = torch.LongTensor([i for i in range(t2.shape[0] - 1, -1, -1) if not (i % 2)])
print("res2 via index_select: ", t2.index_select(dim=0, index=indices2))
print(SEPARATOR)

# 3. A 4-d tensor t of size 2x3x4x2. What does t[0, ..., 1] extract?
t3 = torch.arange(48.0).reshape(2, 3, 4, 2) / 8 - 3
t3_same = t3
print(
    "Ans3:\nt3[0, ..., 1].shape: ",
    t3[0, ..., 1].shape,
    "\ntorch.equal(t3[0, ..., 1],t3[0,:,:,1]) = ",
    torch.equal(t3[0, ..., 1], t3[0, :, :, 1]),
)
print(SEPARATOR)

# 4. Set the 2nd row of t1 to [2, 3, 4] in one line.
t1[1] = torch.Tensor([2, 3, 4])
print("Ans4:\nAfter setting: t1[1] = torch.Tensor([2, 3, 4])\nt1: ", t1)
print("t1[1]: ", t1[1])
print(SEPARATOR)

# 5. For the Tensor in part 3, set the 4th element to -22.7.
t3[0, 0, 1, 1] = torch.Tensor([-22.7])
print("Ans5:\nAfter setting: t3[0,0,1,1] = torch.Tensor(-22.7):\nt3: ", t3)
print("t3[0,0,1,1]: ", t3[0, 0, 1, 1])
print(SEPARATOR)

# 6. Extract the 1st and 3rd rows of the middle 3x4 array.
t3 = t3_same
print("Ans6:\nres6 = t3[:,::2,:,:] = ", t3[:, ::2, :, :])
print(SEPARATOR)

# 7. Tensor with scalar data can be added to a Tensor with size 2.
t7_1 = torch.tensor([2], dtype=torch.float)
t7_2 = torch.tensor([2, 2], dtype=torch.float)
print("Ans7:\nt7_1 + t7_2 = ", t7_1 + t7_2, "\nAns: True")
print(SEPARATOR)

# 8. Tensor of size 2x3 + Tensor of size 2?
t8_1 = torch.arange(6, dtype=torch.float).reshape(2, 3)
t8_2 = torch.tensor([1, 1], dtype=torch.float)
try:
    print(t8_1 + t8_2)
except RuntimeError as e:
    print(f"{type(e).__name__}: {e}")
print("Ans8: False")
print(SEPARATOR)

# 9. Tensor of size 2x3 + Tensor of size 3?
t9_1 = torch.arange(6, dtype=torch.float).reshape(2, 3)
t9_2 = torch.tensor([1, 1, 1], dtype=torch.float)
print(t9_1 + t9_2)
print("Ans9: True")
print(SEPARATOR)

# 10. 2x1x3x1 * 1x2?
t10_1 = torch.arange(6, dtype=torch.float).reshape(2, 1, 3, 1)
t10_2 = torch.tensor([[0.5, -1.0]], dtype=torch.float)
print((t10_1 * t10_2).shape)
print("Ans10: .True.")
print(SEPARATOR)

# 11. Size of that product.
print("Ans11: Resultant size will be 2x1x3x2.")
print(SEPARATOR)

# 12. 1st row 2nd element, 5th row 1st element and 8th row 1st element.
t12 = t1_same
print(
    "Ans12:\nres12 = torch.gather(t12.index_select(dim=0, index=torch.LongTensor([0,4,7])),"
    "dim=1,index=torch.LongTensor([[1],[0],[0]]))"
)
print(
    "So, res12 = ",
    torch.gather(
        t12.index_select(dim=0, index=torch.LongTensor([0, 4, 7])),
        dim=1,
        index=torch.LongTensor([[1], [0], [0]]),
    ),
)
print("also, res12 = ", t12[(0, 4, 7), (1, 0, 0)])
print(SEPARATOR)

# 13. The corner elements.
t13 = t1_same
print(t13)
print("Ans13:\nres13 = t13[::t13.shape[0]-1,::t13.shape[1]-1]")
print("So, res13 = ", t13[:: t13.shape[0] - 1, :: t13.shape[1] - 1])
print("also, res13 = ", t13[(0, 0, 7, 7), (0, 2, 0, 2)])
print(SEPARATOR)

# 14. Rows whose mean is >= 2 (t1 row 1 is [2, 3, 4] now).
t14 = t1_same
print(t14)
res14 = t14.index_select(
    dim=0,
    index=torch.LongTensor([i for i in range(t14.shape[0]) if t14[i, :].mean() >= 2]),
)
print("Ans14:\nres14 = ", res14)
print("also, res14 = ", t14[t14.mean(dim=1) >= 2])
print(SEPARATOR)

print("# In [36]")
t = torch.tensor([[1, 2], [3, 4]])
print(t.requires_grad)

print("# In [37]")
x = torch.tensor(2.0, requires_grad=True)
y = torch.tensor(1.0)
w = x + y
print(f"requires_grad of x, y, w: {x.requires_grad}\t{y.requires_grad}\t{w.requires_grad}")
z = torch.tensor(-1.0, requires_grad=True)
u = z * w
print(f"requires_grad of z, w, u: {z.requires_grad}\t{w.requires_grad}\t{u.requires_grad}")

print("# In [38]")
u.backward()
print(f"dz: {z.grad}")
print(f"dw: {w.grad}")
print(f"dy: {y.grad}")
print(f"dx: {x.grad}")

print("# In [39]")
x = torch.tensor(2.0, requires_grad=True)
y = torch.tensor(1.0)
y.requires_grad_(requires_grad=True)
w = x + y
w.retain_grad()
print(f"requires_grad of x, y, w: {x.requires_grad}\t{y.requires_grad}\t{w.requires_grad}")
z = torch.tensor(-1.0, requires_grad=True)
u = z * w
print(f"requires_grad of z, w, u: {z.requires_grad}\t{w.requires_grad}\t{u.requires_grad}")

u.backward()
print(f"dz: {z.grad}")
print(f"dw: {w.grad}")
print(f"dy: {y.grad}")
print(f"dx: {x.grad}")

print("# In [40]")
try:
    u.backward()
except RuntimeError as e:
    print(f"{type(e).__name__}: {e}")

print("# In [41]")
x = torch.tensor(2.0, requires_grad=True)
y = torch.tensor(1.0, requires_grad=True)
w = x + y
w.retain_grad()
print(f"requires_grad of x, y, w: {x.requires_grad}\t{y.requires_grad}\t{w.requires_grad}")
z = torch.tensor(-1.0, requires_grad=True)
u = z * w
print(f"requires_grad of z, w, u: {z.requires_grad}\t{w.requires_grad}\t{u.requires_grad}")

u.backward(retain_graph=True)  # backward call; graph is not freed after this call
print("Grads after first call to backward")
print(f"dz: {z.grad}")
print(f"dw: {w.grad}")
print(f"dy: {y.grad}")
print(f"dx: {x.grad}\n\n")

u.backward()  # backward call again; graph will be freed after this call
print("Grads after second call to backward")
print(f"dz: {z.grad}")
print(f"dw: {w.grad}")
print(f"dy: {y.grad}")
print(f"dx: {x.grad}")

print("# In [42]")
w.backward()
print("Grads after call to backward on w")
print(f"dz: {z.grad}")
print(f"dw: {w.grad}")
print(f"dy: {y.grad}")
print(f"dx: {x.grad}")

print("# In [43]")
x = torch.tensor(2.0, requires_grad=True)
y = torch.tensor(1.0, requires_grad=True)
w = x + y
print(f"Gradient functions associated with x and y: {x.grad_fn}\t{y.grad_fn}")
print(f"Gradient function associated with w: {w.grad_fn}")
print(f"Type of the gradient function associated with w: {type(w.grad_fn)}")

print("# In [44]")
x = torch.tensor(2.0, requires_grad=True)
y = torch.tensor(1.0, requires_grad=True)
w = x + y
z = torch.tensor(-1.0, requires_grad=True)
u = z * w
print(f"Gradient functions associated with x and y: {x.grad_fn}\t{y.grad_fn}")
print(f"Gradient function associated with w and z: {w.grad_fn}\t{z.grad_fn}")
print(f"Gradient function associated with u: {u.grad_fn}")

print("# In [45]")
x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
y = torch.tensor([[5.0, 6.0], [7.0, 8.0]], requires_grad=True)
z = x + y
z.retain_grad()
u = torch.mean(z)

u.backward()
print(f"dz: {z.grad}\n")
print(f"dy: {y.grad}\n")
print(f"dx: {x.grad}\n")

print("# In [46]")
x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
y = torch.tensor([[5.0, 6.0], [7.0, 8.0]], requires_grad=True)
z = x + y
z.retain_grad()
u = 2 * z
try:
    u.backward()
except RuntimeError as e:
    print(f"{type(e).__name__}: {e}")
print(f"dz: {z.grad}\n")
print(f"dy: {y.grad}\n")
print(f"dx: {x.grad}\n")

print("# In [47]")
x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
y = torch.tensor([[5.0, 6.0], [7.0, 8.0]], requires_grad=True)
z = x + y
z.retain_grad()
u = 2 * z

u.backward(gradient=torch.tensor([[1.0, 1.0], [1.0, 1.0]]))
print(f"dz: {z.grad}\n")
print(f"dy: {y.grad}\n")
print(f"dx: {x.grad}\n")

print("# In [63]")


def hook_z(grad):
    return grad * -1


x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
y = torch.tensor([[5.0, 6.0], [7.0, 8.0]], requires_grad=True)
z = x + y
z.retain_grad()
u = 2 * z

h = z.register_hook(hook_z)
u.backward(gradient=torch.tensor([[1.0, 1.0], [1.0, 1.0]]))
print(f"dz: {z.grad}\n")
print(f"dy: {y.grad}\n")
print(f"dx: {x.grad}\n")

h.remove()

print("# In [66]")
x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
y = torch.tensor([[5.0, 6.0], [7.0, 8.0]], requires_grad=True)
z = x + y
z.retain_grad()
u = 2 * z

v = torch.tensor([[9.0, 10.0], [11.0, 12.0]], requires_grad=True)
w = z.detach() - v

u.backward(gradient=torch.tensor([[1.0, 1.0], [1.0, 1.0]]), retain_graph=True)
print("Grads after call to backward on u")
print(f"dz: {z.grad}\n")
print(f"dy: {y.grad}\n")
print(f"dx: {x.grad}\n")

w.backward(gradient=torch.tensor([[1.0, 1.0], [1.0, 1.0]]))
print("Grads after call to backward on w")
print(f"dz: {z.grad}\n")
print(f"dv: {v.grad}\n")

u.backward(gradient=torch.tensor([[1.0, 1.0], [1.0, 1.0]]))
print("Grads after 2nd call to backward on u")
print(f"dz: {z.grad}\n")
print(f"dy: {y.grad}\n")
print(f"dx: {x.grad}\n")

print("# In [67]")
x = torch.tensor(2.0, requires_grad=True)
y = torch.tensor(1.0, requires_grad=True)
w = x + y
w.retain_grad()
print(f"requires_grad of x, y, w: {x.requires_grad}\t{y.requires_grad}\t{w.requires_grad}")
z = torch.tensor(-1.0, requires_grad=True)
u = z * w
print(f"requires_grad of z, w, u: {z.requires_grad}\t{w.requires_grad}\t{u.requires_grad}")

u.backward(retain_graph=True)
print("Grads after first call to backward")
print(f"dz: {z.grad}")
print(f"dw: {w.grad}")
print(f"dy: {y.grad}")
print(f"dx: {x.grad}\n\n")

z.grad.data = torch.zeros_like(z)  # zero the gradient
w.grad.data = torch.zeros_like(w)
y.grad.data = torch.zeros_like(y)
x.grad.data = torch.zeros_like(x)
u.backward()

print("Grads after second call to backward")
print(f"dz: {z.grad}")
print(f"dw: {w.grad}")
print(f"dy: {y.grad}")
print(f"dx: {x.grad}")

print("# In [68]")
x = torch.tensor(3.0, requires_grad=True)
y = x**2

dy_dx = torch.autograd.grad(outputs=(y,), inputs=(x,), create_graph=True)
print(f"dy_dx at x={x.data}:\t\t{dy_dx[0].data}")

d2y_dx2 = torch.autograd.grad(outputs=dy_dx, inputs=(x,), create_graph=True)
print(f"d2y_dx2 at x={x.data}:\t{d2y_dx2[0].data}")

try:
    d3y_dx3 = torch.autograd.grad(outputs=d2y_dx2, inputs=(x,))
    print(f"d3y_dx3 at x={x.data}:\t{d3y_dx3[0].data}")
except RuntimeError as e:
    print(f"{type(e).__name__}: {e}")

print("# In [69]")
x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
y = torch.mean(x**2) * torch.ones(2, 3)
print(y.requires_grad)
dy_dx = torch.autograd.grad(
    outputs=(y,), inputs=(x,), grad_outputs=(torch.ones(y.size()),), create_graph=True
)
print(f"dy_dx: {dy_dx}")
d2y_dx2 = torch.autograd.grad(outputs=dy_dx, inputs=(x,), grad_outputs=(torch.ones(y.size()),))
print(f"d2y_dx2: {d2y_dx2}")

print("# In [70]")
x = torch.tensor([1.0], requires_grad=True)
with torch.autograd.no_grad():
    y = x * 2
print(y.requires_grad)


@torch.autograd.no_grad()
def doubler(x):
    return x * 2


z = doubler(x)
print(z.requires_grad)

print("# In [71]")
x = torch.tensor([1.0], requires_grad=True)
with torch.autograd.no_grad():
    with torch.autograd.enable_grad():
        y = x * 2

print(y.requires_grad)
y.backward()
print(x.grad)


@torch.enable_grad()
def doubler(x):  # noqa: F811 - the seed redefines it on purpose
    return x * 2


with torch.no_grad():
    z = doubler(x)
print(z.requires_grad)
