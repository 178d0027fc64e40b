# Sharding constraints inside loops, as a pipelined / iterative solver written for the Auto
# sharding mode does: a Jacobi smoother whose iterate is pinned to a row-sharded layout with
# with_sharding_constraint in every fori_loop / while_loop step, a scan over layers alternating
# column and row layouts, and a power iteration under set_mesh with bare PartitionSpecs; the
# outputs' shardings and values are checked
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import AxisType, NamedSharding
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("x", "y"), axis_types=(AxisType.Auto,) * 2)
rows = NamedSharding(mesh, P("x", None))
cols = NamedSharding(mesh, P(None, "x"))
n = 16
A = np.diag(np.full(n, 4.0)) - np.diag(np.ones(n - 1), 1) - np.diag(np.ones(n - 1), -1)
A = jnp.asarray(A, jnp.float32)
b = jnp.asarray(np.linspace(-1, 1, n * 4).reshape(n, 4), jnp.float32)


@jax.jit
def jacobi(A, b, iters):
    d = jnp.diag(A)[:, None]
    R = A - jnp.diag(jnp.diag(A))

    def body(i, x):
        x = (b - R @ x) / d
        return jax.lax.with_sharding_constraint(x, rows)

    return jax.lax.fori_loop(0, iters, body, jax.lax.with_sharding_constraint(jnp.zeros_like(b), rows))


xj = jacobi(A, b, 60)
print("jacobi", xj.sharding.spec, "resid", float(jnp.max(jnp.abs(A @ xj - b))) < 1e-4)


@jax.jit
def until_converged(A, b):
    d = jnp.diag(A)[:, None]
    R = A - jnp.diag(jnp.diag(A))

    def cond(c):
        x, err, k = c
        return (err > 1e-5) & (k < 200)

    def body(c):
        x, _, k = c
        new = jax.lax.with_sharding_constraint((b - R @ x) / d, rows)
        return new, jnp.max(jnp.abs(new - x)), k + 1

    return jax.lax.while_loop(cond, body, (jnp.zeros_like(b), jnp.inf, 0))


xw, err, k = until_converged(A, b)
print("while iters", int(k), "sharding", xw.sharding.spec, "match", bool(jnp.allclose(xw, xj, atol=1e-4)))

L = 4
ws = jax.random.normal(jax.random.key(0), (L, 4, 4)) * 0.5


@jax.jit
def layers(h, ws):
    def body(h, w):
        h = jnp.tanh(h @ w)
        h = jax.lax.with_sharding_constraint(h, rows)
        h2 = jax.lax.with_sharding_constraint(h * 2.0, NamedSharding(mesh, P("y", None)))
        return h2 / 2.0, jnp.sum(h2)

    return jax.lax.scan(body, h, ws)


h, sums = layers(b, ws)
print("scan out", h.shape, "sums", np.round(np.asarray(sums), 4))
grad = jax.jit(jax.grad(lambda ws: jnp.sum(layers(b, ws)[0] ** 2)))(ws)
print("grad", grad.shape, round(float(jnp.sum(grad)), 5))

with jax.set_mesh(mesh):
    M = A + 0.1 * jnp.outer(jnp.arange(n, dtype=jnp.float32), jnp.ones(n)) / n

    @jax.jit
    def power(M, v):
        def body(v, _):
            w = M @ v
            w = jax.lax.with_sharding_constraint(w / jnp.linalg.norm(w), P("x"))
            return w, v @ M @ v

        return jax.lax.scan(body, v, None, length=50)

    v, lam = power(M, jnp.ones(n) / np.sqrt(n))
    print("power", v.sharding.spec, "lambda", round(float(lam[-1]), 4))
    ev = np.linalg.eigvals(np.asarray(M))
    print("numpy top", round(float(np.max(ev.real)), 4))
