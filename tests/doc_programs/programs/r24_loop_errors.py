# "Control flow": the errors of while_loop / fori_loop / scan / map misuse (carry types that
# change, scanned lengths that differ, a non-boolean condition), printed whole, then the fixes
import jax
import jax.numpy as jnp
from jax import lax


def show(fn, *args):
    try:
        out = fn(*args)
        print("ok", out)
    except Exception as e:
        print(type(e).__name__ + ":")
        for line in str(e).strip().splitlines()[:3]:
            print("   ", line)


x = jnp.ones(3)
show(lambda: lax.while_loop(lambda v: v.sum() < 10, lambda v: v.astype(jnp.int32), x))
show(lambda: lax.while_loop(lambda v: v.sum() < 10, lambda v: v[:2], x))
show(lambda: lax.while_loop(lambda v: v, lambda v: v + 1, x))
show(lambda: lax.while_loop(lambda v: v.sum(), lambda v: v + 1, x))
show(lambda: lax.while_loop(lambda c: c[0] < 3, lambda c: [c[0] + 1, c[1]], (0, x)))
show(lambda: lax.while_loop(lambda v: v.sum() < 10, lambda v: v * 2, x))
show(lambda: lax.fori_loop(0, 3, lambda i, v: v + i, 0))
show(lambda: lax.fori_loop(0, 3, lambda i, v: v + 0.5, 0))
show(lambda: lax.fori_loop(0.0, 3, lambda i, v: v + 1, 0.0))
show(lambda: lax.fori_loop(0, 3, lambda i, v: (v, v), x))
show(lambda: lax.scan(lambda c, a: (c + a, c), 0.0, jnp.arange(4.0)))
show(lambda: lax.scan(lambda c, a: (c + a, c), 0, jnp.arange(4.0)))
show(lambda: lax.scan(lambda c, a: (c, a), 0.0, (jnp.ones(3), jnp.ones(4))))
show(lambda: lax.scan(lambda c, a: c, 0.0, jnp.ones(3)))
show(lambda: lax.scan(lambda c, a: (c + 1.0, None), 0.0, None, length=3))
show(lambda: lax.scan(lambda c, a: (c, a), 0.0, jnp.ones(3), length=4))
show(lambda: lax.scan(lambda c, a: (c + a, c * a), 1.0, jnp.arange(1.0, 5.0), reverse=True))
show(lambda: lax.map(lambda v: v * 2, jnp.arange(6.0).reshape(3, 2)))
show(lambda: lax.map(lambda v: v * 2, jnp.arange(7.0), batch_size=3))
show(lambda: lax.map(lambda v: v.sum(), jnp.ones((0, 2))))
show(jax.jit(lambda n: lax.fori_loop(0, n, lambda i, v: v * 2, 1.0)), 5)
show(lambda: jax.grad(lambda v: lax.fori_loop(0, 3, lambda i, c: c * v, 1.0))(2.0))
show(lambda: jax.grad(lambda v: lax.while_loop(lambda c: c < 10, lambda c: c * v, 1.0))(2.0))
