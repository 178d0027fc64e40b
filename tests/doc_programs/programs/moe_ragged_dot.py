# A mixture-of-experts layer: top-k routing with lax.top_k, tokens sorted by expert, experts
# applied with lax.ragged_dot (its docstring first), checked against a dense reference
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

lhs = jnp.arange(12.).reshape(6, 2)
rhs = jnp.stack([jnp.eye(2), 2 * jnp.eye(2), -jnp.eye(2)])
group_sizes = jnp.array([2, 3, 1], dtype=jnp.int32)
out = lax.ragged_dot(lhs, rhs, group_sizes)
print(out)
print(out.shape, out.dtype)

num_experts, d_model, d_ff, tokens, k = 4, 4, 8, 6, 2
key = jax.random.key(0)
kx, kr, k1, k2 = jax.random.split(key, 4)
x = jax.random.normal(kx, (tokens, d_model))
router = jax.random.normal(kr, (d_model, num_experts)) * 0.5
w_in = jax.random.normal(k1, (num_experts, d_model, d_ff)) / 2
w_out = jax.random.normal(k2, (num_experts, d_ff, d_model)) / 3


def route(x):
    logits = x @ router
    weights, experts = lax.top_k(logits, k)
    return jax.nn.softmax(weights, axis=-1), experts


weights, experts = route(x)
print(experts)
print(jnp.round(weights, 4))


def moe(x, w_in, w_out):
    weights, experts = route(x)
    flat_experts = experts.reshape(-1)
    order = jnp.argsort(flat_experts, stable=True)
    token_of = jnp.repeat(jnp.arange(tokens), k)[order]
    xs = x[token_of]
    sizes = jnp.bincount(flat_experts, length=num_experts).astype(jnp.int32)
    h = jax.nn.gelu(lax.ragged_dot(xs, w_in, sizes))
    ys = lax.ragged_dot(h, w_out, sizes)
    ys = ys * weights.reshape(-1)[order][:, None]
    return jnp.zeros_like(x).at[token_of].add(ys), sizes


def moe_dense(x, w_in, w_out):
    weights, experts = route(x)
    h = jax.nn.gelu(jnp.einsum("td,edf->tef", x, w_in))
    y = jnp.einsum("tef,efd->ted", h, w_out)
    gate = jnp.sum(jax.nn.one_hot(experts, num_experts) * weights[..., None], axis=1)
    return jnp.einsum("te,ted->td", gate, y)


y, sizes = jax.jit(moe)(x, w_in, w_out)
print(sizes, sizes.sum())
print(y.shape)
print(np.allclose(y, moe_dense(x, w_in, w_out), atol=1e-5))

g = jax.grad(lambda w: jnp.sum(moe(x, w, w_out)[0] ** 2))(w_in)
g_dense = jax.grad(lambda w: jnp.sum(moe_dense(x, w, w_out) ** 2))(w_in)
print(g.shape, np.allclose(g, g_dense, atol=1e-4))

# Load balancing auxiliary loss (the fraction of tokens per expert times the mean router prob).
def aux_loss(x):
    probs = jax.nn.softmax(x @ router, axis=-1)
    _, experts = lax.top_k(x @ router, k)
    frac = jnp.mean(jax.nn.one_hot(experts, num_experts).sum(1), axis=0) / k
    return num_experts * jnp.sum(frac * probs.mean(0))


print(jnp.round(aux_loss(x), 5))
print(jnp.round(jax.grad(aux_loss)(x)[0], 5))
print(lax.top_k(jnp.array([3, 1, 4, 1, 5, 9, 2, 6]), 3))
