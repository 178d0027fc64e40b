# Derivative transforms on pytrees, as sensitivity analyses use them: jacfwd and jacrev of a
# function from a dict of parameters to a tuple of outputs (their pytree-of-pytrees layout),
# jax.hessian of a dict, Hessian-vector products by jvp-of-grad and by linearize, vjp with
# several outputs and has_aux, jax.linear_transpose of a linear map, jacobians under vmap
# (per-example input gradients), argnums tuples, and holomorphic grad of a complex function
import jax
import jax.numpy as jnp
import numpy as np
from jax.flatten_util import ravel_pytree

params = {"a": jnp.array([1.0, 2.0]), "b": jnp.array(0.5), "m": jnp.array([[1.0, 0.5], [-0.5, 2.0]])}


def model(p, x):
    h = jnp.tanh(p["m"] @ x + p["a"])
    return jnp.sum(h) * p["b"], h


x0 = jnp.array([0.3, -0.7])
jf = jax.jacfwd(model)(params, x0)
jr = jax.jacrev(model)(params, x0)
print("jac structure", jax.tree.structure(jf) == jax.tree.structure(jr))
for (path, a), b in zip(jax.tree_util.tree_flatten_with_path(jf)[0], jax.tree.leaves(jr)):
    print(f"  {jax.tree_util.keystr(path):12s} {a.shape} agree {bool(jnp.allclose(a, b, atol=1e-6))}")


def scalar(p):
    return model(p, x0)[0] + 0.1 * jnp.sum(p["m"] ** 3)


H = jax.hessian(scalar)(params)
print("hessian keys", sorted(H), sorted(H["m"]), H["m"]["m"].shape, H["a"]["b"].shape)
v = jax.tree.map(jnp.ones_like, params)
hvp_fwd = jax.jvp(jax.grad(scalar), (params,), (v,))[1]
_, lin = jax.linearize(jax.grad(scalar), params)
hvp_lin = lin(v)
flat_p, unravel = ravel_pytree(params)
Hmat = np.asarray(jax.hessian(lambda f: scalar(unravel(f)))(flat_p))
direct = Hmat @ np.ones(flat_p.size)
print("flat hessian", Hmat.shape, "hvp agree", bool(np.allclose(ravel_pytree(hvp_fwd)[0], direct, atol=1e-5)), bool(np.allclose(ravel_pytree(hvp_lin)[0], direct, atol=1e-5)))
print("hessian symmetric", bool(np.allclose(Hmat, Hmat.T, atol=1e-5)))

(out, h), vjp_fn, aux = jax.vjp(lambda p: (model(p, x0), jnp.max(p["a"])), params, has_aux=True)
ct = (jnp.array(1.0), jnp.ones(2) * 0.5)
(gp,) = vjp_fn(ct)
print("vjp", round(float(out), 6), "aux", float(aux), {k: np.round(np.asarray(v), 5).tolist() for k, v in gp.items()})

A = jnp.array([[2.0, 1.0, 0.0], [0.0, 1.0, -1.0]])
lin_map = lambda z: A @ z + 0.0 * z.sum()
transpose = jax.linear_transpose(lin_map, jnp.zeros(3))
print("linear_transpose", transpose(jnp.array([1.0, 2.0]))[0], "A^T y", A.T @ jnp.array([1.0, 2.0]))

xs = jnp.array([[0.1, 0.2], [1.0, -1.0], [0.0, 0.5]])
per_ex = jax.vmap(jax.grad(lambda x: model(params, x)[0]))(xs)
print("per-example input grads", np.round(np.asarray(per_ex), 5))
jac_batch = jax.vmap(jax.jacrev(lambda x: model(params, x)[1]))(xs)
print("batched jacobians", jac_batch.shape, round(float(jac_batch.sum()), 5))
g01 = jax.grad(lambda a, b, c: a * b**2 + c, argnums=(0, 1))(2.0, 3.0, 1.0)
print("argnums", g01)
f = lambda z: jnp.sin(z) * z**2
print("holomorphic", jax.grad(f, holomorphic=True)(jnp.complex64(1.0 + 0.5j)))
print("jacfwd complex", jax.jacfwd(f, holomorphic=True)(jnp.array([1.0 + 1j, 0.5j], jnp.complex64)))
