# A linear RNN h_t = A_t h_{t-1} + b_t with input-dependent 2x2 transition matrices,
# evaluated in parallel by lax.associative_scan over (matrix, vector) pairs, checked against
# a sequential scan, reversed and batched, with gradients through the parallel form
import jax
import jax.numpy as jnp
import numpy as np

T, B = 64, 3
rng = np.random.default_rng(5)
theta = jnp.asarray(rng.uniform(-0.3, 0.3, size=(B, T)), jnp.float32)
radius = jnp.asarray(rng.uniform(0.8, 0.99, size=(B, T)), jnp.float32)
inputs = jnp.asarray(rng.normal(size=(B, T, 2)), jnp.float32)


def transitions(theta, radius):
    c, s = jnp.cos(theta), jnp.sin(theta)
    rot = jnp.stack([jnp.stack([c, -s], -1), jnp.stack([s, c], -1)], -2)
    return radius[..., None, None] * rot


def combine(left, right):
    a_l, b_l = left
    a_r, b_r = right
    return a_r @ a_l, jnp.einsum("...ij,...j->...i", a_r, b_l) + b_r


def parallel_rnn(theta, radius, u):
    A = transitions(theta, radius)
    _, h = jax.lax.associative_scan(combine, (A, u), axis=0)
    return h


def sequential_rnn(theta, radius, u):
    A = transitions(theta, radius)

    def step(h, ab):
        a, b = ab
        h = a @ h + b
        return h, h

    return jax.lax.scan(step, jnp.zeros(2), (A, u))[1]


hp = jax.jit(jax.vmap(parallel_rnn))(theta, radius, inputs)
hs = jax.vmap(sequential_rnn)(theta, radius, inputs)
print(hp.shape, hp.dtype, "match", bool(jnp.allclose(hp, hs, atol=1e-4)))
print("last states", jnp.round(hp[:, -1], 4))


def rev_rnn(theta, radius, u):
    A = transitions(theta, radius)
    _, h = jax.lax.associative_scan(lambda x, y: combine(y, x), (A, u), axis=0, reverse=True)
    return h


hr = rev_rnn(theta[0], radius[0], inputs[0])
print("reverse first state", jnp.round(hr[0], 4))


def loss(theta, radius):
    h = jax.vmap(parallel_rnn)(theta, radius, inputs)
    return jnp.mean(jnp.sum(h**2, -1))


def loss_seq(theta, radius):
    return jnp.mean(jnp.sum(jax.vmap(sequential_rnn)(theta, radius, inputs) ** 2, -1))


g = jax.jit(jax.grad(loss, argnums=(0, 1)))(theta, radius)
gs = jax.grad(loss_seq, argnums=(0, 1))(theta, radius)
print("grad shapes", g[0].shape, g[1].shape)
print("grads match", bool(jnp.allclose(g[0], gs[0], atol=1e-3)), bool(jnp.allclose(g[1], gs[1], atol=1e-3)))
print("grad norms", round(float(jnp.linalg.norm(g[0])), 4), round(float(jnp.linalg.norm(g[1])), 4))
cs = jax.lax.associative_scan(jnp.add, jnp.arange(10.0))
print("cumsum", cs, "cummax", jax.lax.associative_scan(jnp.maximum, jnp.array([3, 1, 4, 1, 5, 9, 2, 6])))
