# jax.scipy.sparse.linalg: conjugate gradients and friends on a matrix-free operator
import jax
import jax.numpy as jnp
import numpy as np
from jax.scipy.sparse.linalg import cg, bicgstab, gmres

n = 6
main = 4.0 * jnp.ones(n)
off = -1.0 * jnp.ones(n - 1)
A = jnp.diag(main) + jnp.diag(off, 1) + jnp.diag(off, -1)
b = jnp.arange(1.0, n + 1)


def laplacian(x):
    left = jnp.concatenate([jnp.zeros(1), x[:-1]])
    right = jnp.concatenate([x[1:], jnp.zeros(1)])
    return 4.0 * x - left - right


x_direct = jnp.linalg.solve(A, b)
print(x_direct)

x, info = cg(A, b)
print(x)
print(info)
print(jnp.allclose(x, x_direct, atol=1e-5))

x, _ = cg(laplacian, b, tol=1e-10)
print(jnp.allclose(x, x_direct, atol=1e-5))

x, _ = jax.jit(lambda b: cg(laplacian, b, maxiter=3))(b)
print(x)

x, _ = cg(laplacian, b, M=lambda r: r / 4.0)
print(jnp.allclose(x, x_direct, atol=1e-5))

# A pytree right-hand side.
def op(tree):
    return {"a": 2.0 * tree["a"], "b": laplacian(tree["b"])}


sol, _ = cg(op, {"a": jnp.array([2.0, 4.0]), "b": b})
print(jax.tree.map(lambda v: jnp.round(v, 4), sol))

N = A + jnp.diag(jnp.arange(n - 1) * 0.5, 1)
x, _ = bicgstab(N, b)
print(jnp.allclose(N @ x, b, atol=1e-4))
x, _ = gmres(N, b)
print(jnp.allclose(N @ x, b, atol=1e-4))
x, _ = gmres(N, b, solve_method="incremental", restart=3)
print(jnp.allclose(N @ x, b, atol=1e-4))
print(jax.vmap(lambda b: cg(A, b)[0])(jnp.stack([b, -b])).shape)
