# Parameter initialisation for a model zoo: every jax.nn.initializers family applied to dense and
# convolution kernels (fan-in / fan-out axes with in_axis / out_axis / batch_axis), variance checks
# against the scaling rules, orthogonal and delta_orthogonal kernels verified by Q^T Q, truncated
# normal tails, dtype arguments, and a few jax.random distributions used for initialisation and
# data (orthogonal, ball, dirichlet, multivariate_normal with method="svd", truncated_normal)
import jax
import jax.numpy as jnp
from jax.nn import initializers as init

key = jax.random.key(0)
dense = (256, 512)
conv = (3, 3, 64, 128)
for name, fn in [
    ("glorot_normal", init.glorot_normal()),
    ("glorot_uniform", init.glorot_uniform()),
    ("he_normal", init.he_normal()),
    ("he_uniform", init.he_uniform()),
    ("lecun_normal", init.lecun_normal()),
    ("lecun_uniform", init.lecun_uniform()),
]:
    w = fn(key, dense)
    c = fn(key, conv)
    print(name, w.dtype, round(float(w.var()) * 1000, 1), round(float(c.var()) * 10000, 1))
vs = init.variance_scaling(2.0, "fan_out", "truncated_normal", in_axis=0, out_axis=1)
w = vs(key, (64, 32))
print(round(float(w.var()) * 64, 2), float(jnp.abs(w).max()) <= 2 * jnp.sqrt(2.0 / 32) / 0.87962566 + 1e-6)
batched = init.variance_scaling(1.0, "fan_avg", "uniform", batch_axis=0)(key, (4, 100, 300))
print(batched.shape, round(float(batched.var()) * 200, 2))
print(init.zeros(key, (2,)), init.ones(key, (2,), jnp.bfloat16), init.constant(0.5)(key, (2,), jnp.int32))
print(init.normal(0.02)(key, (3,)).dtype, init.uniform(0.1)(key, (3,), jnp.float16).dtype, init.truncated_normal(1.0)(key, (5,)))
o = init.orthogonal()(key, (8, 4))
print(bool(jnp.allclose(o.T @ o, jnp.eye(4), atol=1e-5)))
o2 = init.orthogonal(scale=2.0, column_axis=0)(key, (4, 8))
print(bool(jnp.allclose(o2 @ o2.T, 4 * jnp.eye(4), atol=1e-4)))
d = init.delta_orthogonal()(key, (3, 3, 4, 4))
print(d.shape, bool(jnp.allclose(d[1, 1].T @ d[1, 1], jnp.eye(4), atol=1e-5)), float(jnp.abs(d[0, 0]).sum()))
q = jax.random.orthogonal(key, 5)
print(bool(jnp.allclose(q @ q.T, jnp.eye(5), atol=1e-5)), jax.random.orthogonal(key, 3, (2,)).shape)
b = jax.random.ball(key, 3, 2, (1000,))
print(b.shape, float(jnp.linalg.norm(b, axis=1).max()) <= 1.0)
dr = jax.random.dirichlet(key, jnp.array([1.0, 2.0, 3.0]), (4000,))
print(bool(jnp.allclose(dr.sum(1), 1, atol=1e-5)), jnp.round(dr.mean(0), 1))
cov = jnp.array([[2.0, 0.6], [0.6, 1.0]])
mv = jax.random.multivariate_normal(key, jnp.zeros(2), cov, (20000,), method="svd")
print(float(jnp.abs(jnp.cov(mv.T) - cov).max()) < 0.1, mv.dtype)
tn = jax.random.truncated_normal(key, -1.0, 2.0, (10000,))
print(float(tn.min()) >= -1, float(tn.max()) <= 2, round(float(tn.mean()), 1))
