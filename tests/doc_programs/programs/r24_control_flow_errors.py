# "Control flow and logical operators with JIT": the errors lax.cond and lax.switch raise when
# branches disagree or the predicate / index is wrong, printed whole, then the fixes
import jax
import jax.numpy as jnp
from jax import lax


def show(fn, *args):
    try:
        out = fn(*args)
        print("ok", out)
    except Exception as e:
        print(type(e).__name__ + ":")
        for line in str(e).strip().splitlines():
            print("   ", line)


x = jnp.float32(2.0)
show(lambda: lax.cond(True, lambda v: v, lambda v: v.astype(jnp.int32), x))
show(lambda: lax.cond(True, lambda v: (v, v), lambda v: v, x))
show(lambda: lax.cond(True, lambda v: jnp.ones(3), lambda v: jnp.ones(4), x))
show(lambda: lax.cond(True, lambda v: {"a": v}, lambda v: {"b": v}, x))
show(lambda: lax.cond(jnp.array([True, False]), lambda v: v, lambda v: v, x))
show(lambda: lax.cond(1.0, lambda v: v + 1, lambda v: v - 1, x))
show(lambda: lax.cond(jnp.int32(0), lambda v: v + 1, lambda v: v - 1, x))
show(lambda: lax.switch(1, [lambda v: v, lambda v: v.astype(jnp.int32)], x))
show(lambda: lax.switch(1, [lambda v: v, lambda v: (v, v)], x))
show(lambda: lax.switch(1, [lambda v: jnp.ones(2), lambda v: jnp.ones(3)], x))
show(lambda: lax.switch(1.5, [lambda v: v], x))
show(lambda: lax.switch(jnp.float32(1), [lambda v: v, lambda v: -v], x))
show(lambda: lax.switch(1, [], x))
show(lambda: lax.switch(7, [lambda v: v, lambda v: -v], x))
show(lambda: lax.switch(-3, [lambda v: v, lambda v: -v], x))
show(jax.jit(lambda i, v: lax.switch(i, [jnp.sin, jnp.cos, jnp.tanh], v)), 2, x)
show(jax.jit(lambda p, v: lax.cond(p > 0, jnp.sin, jnp.cos, v)), 1.0, x)
show(jax.jit(lambda p, v: lax.cond(p, lambda u: u, lambda u: u.astype(jnp.float32), v)), True, x)
show(lambda: jax.grad(lambda v: lax.cond(v > 1, jnp.sin, jnp.cos, v))(x))
show(
    lambda: jax.vmap(lambda p, v: lax.cond(p, jnp.sin, jnp.cos, v))(
        jnp.array([True, False]), jnp.ones(2)
    )
)
# Python control flow on traced values fails; lax.cond works
show(jax.jit(lambda v: v if v > 0 else -v), x)
show(jax.jit(lambda v: lax.cond(v > 0, lambda u: u, lambda u: -u, v)), -x)
show(jax.jit(lambda v: jnp.where(v > 0, v, -v)), -x)
