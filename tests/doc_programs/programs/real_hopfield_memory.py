# Associative memory: a classical binary Hopfield network with Hebbian weights recalling
# corrupted patterns by synchronous updates in a while_loop until a fixed point, its energy
# decreasing, and a modern (continuous) Hopfield layer retrieving by softmax attention with
# different inverse temperatures, batched by vmap
import jax
import jax.numpy as jnp
from jax import random

N, P = 64, 4
key = random.key(7)
kp, kn, kq = random.split(key, 3)
patterns = jnp.where(random.bernoulli(kp, 0.5, (P, N)), 1.0, -1.0)
W = (patterns.T @ patterns) / N
W = W - jnp.diag(jnp.diag(W))
print("weights", W.shape, "symmetric", bool(jnp.all(W == W.T)))


def energy(s):
    return -0.5 * s @ W @ s


def recall(s):
    def cond(st):
        s, prev, it = st
        return jnp.any(s != prev) & (it < 50)

    def body(st):
        s, _, it = st
        new = jnp.where(W @ s >= 0, 1.0, -1.0)
        return new, s, it + 1

    s, _, it = jax.lax.while_loop(cond, body, (jnp.where(W @ s >= 0, 1.0, -1.0), s, 1))
    return s, it


def corrupt(key, p, frac):
    flips = random.bernoulli(key, frac, p.shape)
    return jnp.where(flips, -p, p)


noisy = jax.vmap(corrupt, (0, 0, None))(random.split(kn, P), patterns, 0.15)
print("bits flipped", (noisy != patterns).sum(1))
rec, iters = jax.jit(jax.vmap(recall))(noisy)
print("overlap after recall", jnp.round((rec * patterns).mean(1), 3), "iters", iters)
print("energy noisy", jnp.round(jax.vmap(energy)(noisy), 2))
print("energy recalled", jnp.round(jax.vmap(energy)(rec), 2))

D = 16
mem = random.normal(kq, (10, D))
queries = mem[:3] + 0.8 * random.normal(random.fold_in(kq, 1), (3, D))


def modern_retrieve(q, beta):
    return jax.nn.softmax(beta * mem @ q) @ mem


for beta in (0.1, 1.0, 8.0):
    out = jax.vmap(modern_retrieve, (0, None))(queries, beta)
    err = jnp.linalg.norm(out - mem[:3], axis=1)
    att = jax.nn.softmax(beta * queries @ mem.T, axis=-1)
    print(f"beta {beta:4.1f} err {jnp.round(err, 3)} max attn {jnp.round(att.max(1), 3)}")
print("nearest", jnp.argmax(queries @ mem.T, axis=1))
