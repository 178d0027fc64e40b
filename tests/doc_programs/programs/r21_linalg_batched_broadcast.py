# jax.numpy.linalg and matmul with batch dimensions that broadcast, as the docstrings describe:
# matmul of (2,1,3,4) and (5,4,2), solve with a batched matrix and a vector / a batch of
# vectors, inv / det / slogdet / cholesky / eigh batched, norm with ord and axis tuples,
# matrix_power with negative exponents, multi_dot, vecdot / matvec / vecmat, and lstsq
import jax.numpy as jnp

a = jnp.arange(24.0).reshape(2, 1, 3, 4)
b = jnp.ones((5, 4, 2))
print((a @ b).shape, jnp.matmul(a, b)[1, 4])
m = jnp.array(
    [
        [[4.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 2.0]],
        [[2.0, 0.0, 0.0], [0.0, 5.0, 1.0], [0.0, 1.0, 3.0]],
    ]
)
v = jnp.array([1.0, 2.0, 3.0])
print(jnp.linalg.solve(m, v))
print(jnp.linalg.solve(m, jnp.stack([v, 2 * v])[..., None])[..., 0])
print(jnp.linalg.inv(m).round(4), jnp.linalg.det(m), jnp.linalg.slogdet(m))
print(jnp.linalg.cholesky(m).round(4))
w, vecs = jnp.linalg.eigh(m)
print(w, jnp.abs(vecs[:, 0, :]).round(4))
print(jnp.linalg.eigh(m, UPLO="U")[0], jnp.linalg.eigvalsh(m, UPLO="L"))
x = jnp.arange(24.0).reshape(2, 3, 4) - 10
print(
    jnp.linalg.norm(x, axis=(1, 2)),
    jnp.linalg.norm(x, ord=1, axis=(1, 2)),
    jnp.linalg.norm(x, ord="fro", axis=(0, 2)),
)
print(
    jnp.linalg.norm(x, ord=jnp.inf, axis=-1),
    jnp.linalg.norm(x[0], ord=-jnp.inf),
    jnp.linalg.norm(x[0], ord=2),
)
print(
    jnp.linalg.norm(x, ord=0, axis=2),
    jnp.linalg.norm(x[0], ord="nuc"),
    jnp.linalg.norm(x, keepdims=True).shape,
)
print(jnp.linalg.matrix_power(m[0], -2).round(5), jnp.linalg.matrix_power(m, 3)[1])
print(jnp.linalg.multi_dot([jnp.ones((2, 3)), jnp.arange(12.0).reshape(3, 4), jnp.ones(4)]))
print(jnp.linalg.vecdot(x, jnp.ones(4)), jnp.vecdot(x, x, axis=1))
print(jnp.matvec(m, v), jnp.vecmat(v, m))
sol, res, rank, sv = jnp.linalg.lstsq(
    jnp.array([[1.0, 1.0], [1.0, 2.0], [1.0, 3.0]]), jnp.array([[1.0, 2.0], [2.0, 3.0], [2.0, 5.0]])
)
print(sol, res, rank, sv)
print(
    jnp.linalg.matrix_rank(jnp.stack([m[0], jnp.ones((3, 3))])),
    jnp.linalg.pinv(jnp.ones((2, 3))).round(4),
)
print(jnp.linalg.tensorsolve(jnp.eye(6).reshape(2, 3, 6), jnp.arange(6.0).reshape(2, 3)))
print(
    jnp.linalg.outer(v, v[:2]), jnp.linalg.cross(v, jnp.array([0.0, 1.0, 0.0])), jnp.linalg.trace(m)
)
