# jax.custom_batching.custom_vmap (its docstring), jax.ops.segment_sum / segment_max /
# segment_min with num_segments and indices_are_sorted, lax.approx_max_k / approx_min_k, and
# jnp.vectorize with a signature
import jax
import jax.numpy as jnp
from jax import lax
from jax.custom_batching import custom_vmap


@custom_vmap
def f(x, y):
    return x + y


@f.def_vmap
def f_vmap_rule(axis_size, in_batched, xs, ys):
    assert all(in_batched)
    assert xs.shape[0] == axis_size and ys.shape[0] == axis_size
    out_batched = True
    return xs * ys, out_batched


xs = jnp.arange(3.)
ys = jnp.arange(1., 4.)
print(f(xs, ys))
print(jax.vmap(f)(xs, ys))
print(jax.jit(jax.vmap(f))(xs, ys))

data = jnp.arange(6.)
segment_ids = jnp.array([0, 0, 1, 1, 1, 2])
print(jax.ops.segment_sum(data, segment_ids))
print(jax.ops.segment_sum(data, segment_ids, num_segments=4))
print(jax.ops.segment_max(data, segment_ids, num_segments=3, indices_are_sorted=True))
print(jax.ops.segment_min(data, segment_ids, num_segments=3))
print(jax.ops.segment_prod(data + 1, segment_ids, num_segments=3))
print(jax.jit(jax.ops.segment_sum, static_argnames="num_segments")(data, segment_ids, num_segments=3))
print(jax.grad(lambda d: jax.ops.segment_max(d, segment_ids, 3).sum())(data))
print(jax.ops.segment_sum(jnp.ones((6, 2)), segment_ids, 3))

scores = jnp.array([[0.1, 0.9, 0.3, 0.7], [0.5, 0.2, 0.8, 0.4]])
vals, idx = lax.approx_max_k(scores, k=2)
print(vals, idx)
vals, idx = lax.approx_min_k(scores, k=1)
print(vals, idx)
print(lax.top_k(scores, 3))

matvec = jnp.vectorize(jnp.dot, signature="(n,m),(m)->(n)")
print(matvec(jnp.ones((2, 3, 4)), jnp.arange(4.)).shape)
print(jnp.vectorize(lambda a, b: a * b + 1, excluded={1})(jnp.arange(3.), 2.0))
