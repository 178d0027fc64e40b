# A deep equilibrium layer: the fixed point z* = tanh(W z* + U x + b) found by a while_loop of
# Anderson-free damped iterations, its gradient by the implicit function theorem in a custom_vjp
# whose backward pass solves (I - J^T) u = g by a second fixed-point loop with vjp, checked against
# unrolled differentiation, and a small classifier trained with it
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


def f(params, x, z):
    W, U, b = params
    return jnp.tanh(z @ W + x @ U + b)


def fixed_point(fn, z0, tol=1e-6, max_iter=200):
    def cond(s):
        i, z, err = s
        return (i < max_iter) & (err > tol)

    def body(s):
        i, z, _ = s
        z_new = 0.5 * z + 0.5 * fn(z)
        return i + 1, z_new, jnp.max(jnp.abs(z_new - z))

    i, z, err = jax.lax.while_loop(cond, body, (0, z0, jnp.array(jnp.inf)))
    return z, i


@partial(jax.custom_vjp, nondiff_argnums=())
def deq(params, x):
    z, _ = fixed_point(lambda z: f(params, x, z), jnp.zeros((x.shape[0], params[0].shape[0])))
    return z


def deq_fwd(params, x):
    z = deq(params, x)
    return z, (params, x, z)


def deq_bwd(res, g):
    params, x, z = res
    _, vjp_z = jax.vjp(lambda zz: f(params, x, zz), z)
    u, _ = fixed_point(lambda u: vjp_z(u)[0] + g, g)
    _, vjp_px = jax.vjp(lambda p, xx: f(p, xx, z), params, x)
    return vjp_px(u)


deq.defvjp(deq_fwd, deq_bwd)

rng = np.random.default_rng(0)
H, D = 12, 4
W = jnp.asarray(rng.normal(size=(H, H)) * 0.3 / np.sqrt(H), jnp.float32)
U = jnp.asarray(rng.normal(size=(D, H)) / np.sqrt(D), jnp.float32)
b = jnp.zeros(H, jnp.float32)
x = jnp.asarray(rng.normal(size=(5, D)), jnp.float32)

z = deq((W, U, b), x)
print(z.shape, float(jnp.max(jnp.abs(z - f((W, U, b), x, z)))) < 1e-5)
_, iters = fixed_point(lambda zz: f((W, U, b), x, zz), jnp.zeros((5, H)))
print("iterations", int(iters))


def unrolled(params, x, n=80):
    z = jnp.zeros((x.shape[0], H))
    for _ in range(n):
        z = 0.5 * z + 0.5 * f(params, x, z)
    return z


loss_deq = lambda p: jnp.sum(deq(p, x) ** 2)
loss_unr = lambda p: jnp.sum(unrolled(p, x) ** 2)
g1 = jax.jit(jax.grad(loss_deq))((W, U, b))
g2 = jax.grad(loss_unr)((W, U, b))
print([float(jnp.max(jnp.abs(a - c))) < 1e-4 for a, c in zip(g1, g2)])
print(jnp.round(g1[2], 4))

X = jnp.asarray(rng.normal(size=(64, D)), jnp.float32)
Y = (X[:, 0] * X[:, 1] > 0).astype(jnp.int32)
head = jnp.zeros((H, 2))


def clf_loss(p, head):
    logits = deq(p, X) @ head
    return -jnp.mean(jax.nn.log_softmax(logits)[jnp.arange(64), Y])


@jax.jit
def step(p, head):
    l, (gp, gh) = jax.value_and_grad(clf_loss, argnums=(0, 1))(p, head)
    return jax.tree.map(lambda a, g: a - 0.5 * g, p, gp), head - 0.5 * gh, l


p = (W, U, b)
for i in range(60):
    p, head, l = step(p, head)
    if i % 20 == 0:
        print(i, round(float(l), 4))
print("accuracy", float(jnp.mean(jnp.argmax(deq(p, X) @ head, -1) == Y)))
print(jax.make_jaxpr(deq)((W, U, b), x).eqns[0].primitive)
