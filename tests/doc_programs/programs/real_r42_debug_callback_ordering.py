# jax.debug.callback / jax.debug.print: ordered=True under jit, in a scan, a fori_loop and
# cond branches, with vmap (one call per batch element), under grad (on the primal), with
# partial arguments and pytrees
import jax
import jax.numpy as jnp

log = []


def record(tag, x):
    log.append((tag, x.tolist() if hasattr(x, "tolist") else x))


@jax.jit
def f(x):
    jax.debug.callback(record, "start", x, ordered=True)
    y = jnp.sin(x)
    jax.debug.callback(record, "sin", y, ordered=True)
    z = jax.lax.cond(y.sum() > 0, lambda v: v * 2, lambda v: v - 1, y)
    jax.debug.callback(record, "cond", z, ordered=True)
    return z


f(jnp.arange(3.0))
for tag, v in log:
    print(tag, [round(t, 4) for t in v])
log.clear()


def body(c, x):
    jax.debug.callback(record, "step", x, ordered=True)
    return c + x, c


jax.jit(lambda xs: jax.lax.scan(body, 0.0, xs))(jnp.arange(4.0))
print(log)
log.clear()

jax.lax.fori_loop(0, 3, lambda i, c: (jax.debug.callback(record, "fori", i), c + i)[1], 0)
print(sorted(log))
log.clear()

jax.vmap(lambda v: jax.debug.callback(record, "vmap", v) or v)(jnp.arange(3))
print(sorted(log))
log.clear()

jax.grad(lambda x: (jax.debug.callback(record, "grad", x), jnp.sin(x))[1])(1.0)
print(log)
log.clear()


@jax.jit
def g(x):
    jax.debug.print("x = {x}, sum = {s}", x=x, s=x.sum(), ordered=True)
    jax.debug.print("tree {}", {"a": x[0], "b": (x[1],)}, ordered=True)
    jax.debug.print("{:.3f} {}", x[0] / 3, x.shape)
    return x * 2


print(g(jnp.arange(3.0)))
jax.jit(jax.vmap(lambda v: jax.debug.print("v={}", v)))(jnp.arange(2))
jax.effects_barrier()


def branch(i, x):
    return jax.lax.switch(i, [lambda x: (jax.debug.print("b0 {}", x), x)[1],
                              lambda x: (jax.debug.print("b1 {}", x), -x)[1]], x)


print(jax.jit(branch)(1, 5.0))
jax.jit(lambda x: jax.lax.while_loop(lambda c: c < 3, lambda c: (jax.debug.print("w {}", c, ordered=True), c + 1)[1], x))(0)
jax.effects_barrier()
print("done")
