# "Asynchronous dispatch" and the jax.Array page: results are futures (block_until_ready waits),
# freeing buffers with delete(), donation, what using a deleted or donated array raises, and
# device_put with and without aliasing
import jax
import jax.numpy as jnp
import numpy as np


def show(fn):
    try:
        out = fn()
        print("ok", out)
    except Exception as e:
        print(type(e).__name__ + ":", str(e).strip().splitlines()[0])


x = jnp.arange(6.0).reshape(2, 3)
y = jnp.dot(x, x.T)  # dispatched: y is a future
print(type(y).__name__, y.shape, y.dtype)
print(y.block_until_ready())
print(jax.block_until_ready({"a": y, "b": [x, 1.0]})["b"][1])

# delete() frees the buffers now
z = jnp.ones(4)
print(z.is_deleted())
z.delete()
print(z.is_deleted(), z.shape, z.dtype)
show(lambda: z + 1)
show(lambda: jnp.sum(z))
show(lambda: np.asarray(z))
show(lambda: z.block_until_ready())
show(lambda: jax.block_until_ready([z]))
show(lambda: jax.jit(lambda a: a * 2)(z))
show(lambda: z.unsafe_buffer_pointer())
show(lambda: z[1])

# donation: the argument's buffers are reused for the result
step = jax.jit(lambda p, g: p - 0.1 * g, donate_argnums=0)
p = jnp.ones(3)
new_p = step(p, jnp.ones(3))
print(new_p, p.is_deleted())
show(lambda: step(p, jnp.ones(3)))
show(lambda: p * 2)
show(lambda: p.block_until_ready())
q = jnp.ones(3)
step(q, jnp.ones(3))
show(lambda: jax.jit(lambda a: a + 1)(q))
r = jnp.zeros(3)
r.delete()
show(lambda: step(r, jnp.ones(3)))

# device_put: may_alias=False always copies
a = jnp.arange(3.0)
b = jax.device_put(a, may_alias=False)
print(b is a, b.unsafe_buffer_pointer() == a.unsafe_buffer_pointer(), b.committed)
c = jax.device_put(a, jax.devices()[0], may_alias=False)
print(c is a, c.committed)
print(jax.device_put(a, may_alias=True) is a, jax.device_put(a) is a)
a.delete()
print(b, c, b.is_deleted(), c.is_deleted())
show(lambda: jax.device_put(jnp.ones(2), donate=True, may_alias=True))
d = jnp.arange(4.0)
e = jax.device_put(d, donate=True)
print(e, d.is_deleted())

# a computation that fails while running: the error surfaces when the result is waited for


def failing(v):
    raise ValueError("boom")


bad = jax.jit(lambda v: jax.pure_callback(failing, jax.ShapeDtypeStruct((3,), jnp.float32), v))
show(lambda: bad(jnp.ones(3)).block_until_ready())
show(lambda: jax.block_until_ready(bad(jnp.ones(3))))
