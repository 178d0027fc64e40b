# Logging from inside compiled code: jax.debug.print with ordered=True inside a scanned
# training loop (every step and conditionally every 5th via lax.cond), inside a vmap'd
# function (one line per batch element), format specs, and jax.debug.callback collecting
# metrics into a Python list
import jax
import jax.numpy as jnp
import numpy as np

rng = np.random.default_rng(0)
X = jnp.asarray(rng.normal(size=(64, 3)), jnp.float32)
Y = X @ jnp.array([1.0, -2.0, 0.5]) + 0.3
history = []


def loss_fn(w, b):
    return jnp.mean((X @ w + b - Y) ** 2)


def train(w, b, steps):
    def step(carry, i):
        w, b = carry
        l, (gw, gb) = jax.value_and_grad(loss_fn, argnums=(0, 1))(w, b)
        w, b = w - 0.1 * gw, b - 0.1 * gb
        jax.lax.cond(i % 5 == 0, lambda: jax.debug.print("step {i:3d} loss {l:.5f}", i=i, l=l, ordered=True), lambda: None)
        jax.debug.callback(lambda i, l: history.append((int(i), float(l))), i, l, ordered=True)
        return (w, b), l

    return jax.lax.scan(step, (w, b), jnp.arange(steps))


(w, b), losses = jax.jit(train, static_argnums=2)(jnp.zeros(3), jnp.float32(0.0), 20)
jax.effects_barrier()
print("final w", jnp.round(w, 3), "b", round(float(b), 3))
print("history len", len(history), history[0][0], history[-1][0], round(history[-1][1], 5))


def per_example(x):
    y = jnp.sum(x**2)
    jax.debug.print("x0={x0:.2f} norm2={y:.3f}", x0=x[0], y=y)
    return y


out = jax.vmap(per_example)(X[:3])
jax.effects_barrier()
print("vmap out", jnp.round(out, 3))


@jax.jit
def stats(x):
    jax.debug.print("mean {} max {} shape-ok {}", jnp.round(x.mean(), 3), jnp.round(x.max(), 3), x.shape[0] == 64)
    return x.std()


print("std", round(float(stats(X[:, 0])), 4))
jax.effects_barrier()


def fori(i, acc):
    jax.debug.print("iter {} acc {}", i, acc, ordered=True)
    return acc * 2


print(jax.jit(lambda: jax.lax.fori_loop(0, 3, fori, 1))())
