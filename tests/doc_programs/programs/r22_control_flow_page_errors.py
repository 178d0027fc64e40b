# "Control flow and logical operators with JIT": the page's errors printed whole, as the page
# shows them: Python `if`, `while` and `and` / `or` on traced values under jit, inside
# lax.cond / switch branches, fori_loop / while_loop / scan bodies, branches or carries whose
# types differ, and the fixes the page uses (static arguments, jnp.logical_and, lax.cond,
# lax.while_loop, lax.fori_loop)
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax


def show(fn, *args, **kwargs):
    try:
        print("ok", fn(*args, **kwargs))
    except Exception as e:
        print(type(e).__name__ + ":")
        for line in str(e).strip().splitlines():
            print("   ", line)


def f(x):
    if x < 3:
        return 3.0 * x**2
    else:
        return -4 * x


show(jax.jit(f), 2.0)
show(jax.jit(f, static_argnames="x"), 2.0)
show(jax.grad(f), 2.0)


def g(x, n):
    i = 0
    while i < n:
        i += 1
    return x + i


show(jax.jit(g), 10, 20)
show(jax.jit(g, static_argnames="n"), 10, 20)


def in_range(x, lo, hi):
    return x > lo and x < hi


show(jax.jit(in_range), 2.0, 1.0, 3.0)
show(jax.jit(lambda x, lo, hi: jnp.logical_and(x > lo, x < hi)), 2.0, 1.0, 3.0)
show(jax.jit(lambda x: not x), True)
show(jax.jit(lambda x: x if x.any() else -x), jnp.array([1.0, -1.0]))


def clip_body(i, c):
    if c[i] > 0:
        return c
    return c.at[i].set(0.0)


show(lambda c: lax.fori_loop(0, 3, clip_body, c), jnp.array([1.0, -2.0, 3.0]))
show(lambda c: lax.fori_loop(0, 3, lambda i, c: c.at[i].set(jnp.maximum(c[i], 0.0)), c), jnp.array([1.0, -2.0, 3.0]))


def cond_fun(state):
    x, n = state
    return x < 10 and n < 5


show(lambda x: lax.while_loop(cond_fun, lambda s: (s[0] * 2, s[1] + 1), (x, 0)), 1.0)
show(lambda x: lax.while_loop(lambda s: (s[0] < 10) & (s[1] < 5), lambda s: (s[0] * 2, s[1] + 1), (x, 0)), 1.0)


def scan_step(carry, x):
    if x > 0:
        carry = carry + x
    return carry, carry


show(lambda xs: lax.scan(scan_step, 0.0, xs), jnp.array([1.0, -1.0, 2.0]))
show(lambda xs: lax.scan(lambda c, x: (c + jnp.where(x > 0, x, 0.0), c), 0.0, xs), jnp.array([1.0, -1.0, 2.0]))


def branch(operand):
    return operand if operand > 0 else -operand


show(lambda x: lax.cond(x > 1, branch, lambda v: v, x), 2.0)
show(lambda x: lax.switch(1, [branch, lambda v: v, jnp.sin], x), 2.0)
show(lambda x: lax.cond(x > 1, lambda v: v, lambda v: v.astype(jnp.int32), x), 2.0)
show(lambda x: lax.cond(x > 1, lambda v: (v, v), lambda v: v, x), 2.0)
show(lambda x: lax.while_loop(lambda c: c < 5, lambda c: c + 1.5, x), 1)
show(lambda x: lax.scan(lambda c, v: (c.astype(jnp.float32), v), x, jnp.ones(2)), 1)
show(lambda x: lax.fori_loop(0, 2, lambda i, c: (c, c), x), 1.0)


@partial(jax.jit, static_argnums=(1,))
def power(x, n):
    out = 1.0
    for _ in range(n):
        out = out * x
    return out


show(power, 2.0, 3)
show(jax.jit(lambda x, n: lax.fori_loop(0, n, lambda i, v: v * x, 1.0)), 2.0, 3)
show(jax.grad(lambda x, n: lax.fori_loop(0, n, lambda i, v: v * x, 1.0)), 2.0, 3)
show(jax.jit(jax.grad(lambda x, n: lax.fori_loop(0, n, lambda i, v: v * x, 1.0))), 2.0, 3)
