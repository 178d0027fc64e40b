# "Advanced automatic differentiation": Hessian-vector products three ways (forward-over-
# reverse, reverse-over-forward, reverse-over-reverse) on a dict of parameters, jacfwd /
# jacrev of functions of pytrees (the jacobian's nested structure), vjp / jvp with pytree
# tangents, Jacobian-matrix and matrix-Jacobian products by vmap, custom_vjp with
# nondiff_argnums (a function and an int), and stop_gradient inside a loss
import functools

import jax
import jax.numpy as jnp
from jax import lax

params = {"w": jnp.array([[1.0, 2.0], [3.0, 4.0]]), "b": jnp.array([0.5, -0.5])}
x = jnp.array([1.0, -1.0])


def loss(p, x):
    y = jnp.tanh(p["w"] @ x + p["b"])
    return jnp.sum(y**2) + 0.1 * jnp.sum(p["w"] ** 2)


def hvp_fwd_rev(f, primals, tangents):
    return jax.jvp(jax.grad(f), primals, tangents)[1]


def hvp_rev_fwd(f, primals, tangents):
    g = lambda p: jax.jvp(f, (p,), tangents)[1]
    return jax.grad(g)(primals[0])


def hvp_rev_rev(f, primals, tangents):
    return jax.grad(lambda p: _dot(jax.grad(f)(p), tangents[0]))(primals[0])


def _dot(a, b):
    return sum(jnp.vdot(u, v) for u, v in zip(jax.tree.leaves(a), jax.tree.leaves(b)))


f = functools.partial(loss, x=x)
v = jax.tree.map(jnp.ones_like, params)
for hvp in (hvp_fwd_rev, hvp_rev_fwd, hvp_rev_rev):
    out = hvp(f, (params,), (v,))
    print(hvp.__name__, jax.tree.map(lambda a: jnp.round(a, 4), out))

jac_f = jax.jacfwd(lambda p: {"out": jnp.tanh(p["w"] @ x + p["b"]), "norm": jnp.sum(p["b"])})
jac_r = jax.jacrev(lambda p: {"out": jnp.tanh(p["w"] @ x + p["b"]), "norm": jnp.sum(p["b"])})
jf, jr = jac_f(params), jac_r(params)
print(jax.tree.map(jnp.shape, jf))
print(jax.tree.all(jax.tree.map(jnp.allclose, jf, jr)))
print(jax.tree.map(lambda a: jnp.round(a, 4), jr["out"]["b"]))

hess = jax.hessian(f)(params)
print(jax.tree.map(jnp.shape, hess))

y, vjp_fn = jax.vjp(lambda p: (p["w"] @ x, p["b"] * 2), params)
print(y, vjp_fn((jnp.ones(2), jnp.array([1.0, 0.0]))))
print(jax.jvp(lambda p: p["w"].sum() * p["b"], (params,), (v,)))

# Jacobian-matrix and matrix-Jacobian products by vmapping jvp / vjp
g = lambda z: jnp.sin(z) * z[::-1]
z = jnp.arange(1.0, 4.0)
M = jnp.eye(3)[:2]
jmp = jax.vmap(lambda t: jax.jvp(g, (z,), (t,))[1])(M)
_, pullback = jax.vjp(g, z)
mjp = jax.vmap(pullback)(M)
print(jnp.round(jmp, 4), jnp.round(mjp[0], 4))
print(jnp.allclose(jmp, (jax.jacfwd(g)(z) @ M.T).T), jnp.allclose(mjp[0], M @ jax.jacrev(g)(z)))


# custom_vjp with a function and an int as nondiff arguments
@functools.partial(jax.custom_vjp, nondiff_argnums=(0, 1))
def apply_n(fn, n, x):
    for _ in range(n):
        x = fn(x)
    return x


def apply_n_fwd(fn, n, x):
    return apply_n(fn, n, x), x


def _plain(fn, n, x):
    for _ in range(n):
        x = fn(x)
    return x


def apply_n_bwd(fn, n, x, g):
    _, pull = jax.vjp(lambda y: _plain(fn, n, y), x)
    return (2 * pull(g)[0],)  # doubled: the rule is used


apply_n.defvjp(apply_n_fwd, apply_n_bwd)
print(apply_n(jnp.sin, 3, 1.0), jax.grad(lambda x: apply_n(jnp.sin, 3, x))(1.0))
print(jax.grad(lambda x: apply_n(lambda y: y * 3, 2, x))(1.0))
print(jax.vmap(jax.grad(lambda x: apply_n(jnp.cos, 2, x)))(jnp.arange(3.0)))


# stop_gradient: a TD-style target held fixed
def td_loss(theta, s, s_next, r):
    target = r + 0.9 * lax.stop_gradient(jnp.dot(theta, s_next))
    return (target - jnp.dot(theta, s)) ** 2


print(jax.grad(td_loss)(jnp.array([0.1, 0.2]), jnp.array([1.0, 0.0]), jnp.array([0.0, 1.0]), 1.0))
