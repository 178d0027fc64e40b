# A simulation / training-loop state kept as a NamedTuple carry of mixed dtypes through
# lax.scan and while_loop (an int32 step counter, a bf16 activation buffer, an f32 master copy,
# a bool "done" flag, a uint32 RNG counter), with jax.checkpoint on the scan body, the carry's
# dtypes checked after each loop (scan refuses a carry whose dtype changes: JAX's TypeError),
# and early stopping through a while_loop over the same state
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np


class State(NamedTuple):
    step: jax.Array
    act: jax.Array  # bf16
    master: jax.Array  # f32
    done: jax.Array  # bool
    counter: jax.Array  # uint32


def init():
    return State(jnp.int32(0), jnp.zeros(4, jnp.bfloat16), jnp.ones(4, jnp.float32), jnp.bool_(False), jnp.uint32(7))


W = jnp.asarray(np.array([[0.9, 0.1, 0, 0], [0, 0.8, 0.2, 0], [0, 0, 0.7, 0.3], [0.25, 0, 0, 0.75]]), jnp.float32)


def update(s: State, x):
    master = jnp.where(s.done, s.master, s.master @ W + 0.01 * x)
    act = master.astype(jnp.bfloat16) * jnp.bfloat16(2)
    done = s.done | (jnp.max(jnp.abs(master - s.master)) < 1e-3)
    counter = s.counter * jnp.uint32(1664525) + jnp.uint32(1013904223)
    return State(s.step + 1, act, master, done, counter), jnp.sum(master)


xs = jnp.linspace(0, 1, 40, dtype=jnp.float32)
final, sums = jax.jit(lambda s, xs: jax.lax.scan(jax.checkpoint(update), s, xs))(init(), xs)
print("dtypes", [str(l.dtype) for l in final])
print("step", int(final.step), "done", bool(final.done), "counter", int(final.counter))
print("act", final.act, "master", np.round(np.asarray(final.master), 5))
print("sums", np.round(np.asarray(sums[::10]), 5))

grad = jax.grad(lambda w0: jax.lax.scan(jax.checkpoint(update), init()._replace(master=w0), xs)[1].sum())(jnp.ones(4))
print("grad through scan+remat", np.round(np.asarray(grad), 4))


def bad(s, x):
    s2, y = update(s, x)
    return s2._replace(step=s2.step.astype(jnp.float32)), y


try:
    jax.lax.scan(bad, init(), xs)
except TypeError as e:
    print("scan carry dtype change:", type(e).__name__, "input carry component" in str(e))


@jax.jit
def run_until_done(s):
    return jax.lax.while_loop(lambda s: ~s.done & (s.step < 500), lambda s: update(s, jnp.float32(0))[0], s)


s = run_until_done(init())
print("while", int(s.step), bool(s.done), s.act.dtype, int(s.counter))
batched = jax.vmap(lambda m: run_until_done(init()._replace(master=m)))(jnp.stack([jnp.ones(4), jnp.arange(4.0), jnp.zeros(4)]))
print("vmapped while steps", np.asarray(batched.step).tolist(), "done", np.asarray(batched.done).tolist())
print("treedef", jax.tree.structure(init()))
