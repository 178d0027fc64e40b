# "Automatic vectorization" page: vmap's errors printed whole: in_axes of the wrong length or
# structure, axes out of range, mapped sizes that differ, out_axes=None for a mapped output,
# axis_name collectives outside their vmap, vmapping a function with Python control flow on
# the mapped value, then in_axes dicts, out_axes moves, nested vmaps and axis_size
import jax
import jax.numpy as jnp
from jax import lax


def show(fn, *args, **kwargs):
    try:
        out = fn(*args, **kwargs)
        print("ok", jax.tree.map(jnp.shape, out))
    except Exception as e:
        print(type(e).__name__ + ":")
        for line in str(e).strip().splitlines():
            if "object id" in line:
                line = line.split("object id")[0] + "object id ..."
            print("   ", line)


x, y = jnp.ones((3, 4)), jnp.ones((5, 4))
show(jax.vmap(lambda a, b: a + b), x, y)
show(jax.vmap(lambda a, b: a + b, in_axes=(0, 0, 0)), x, x)
show(jax.vmap(lambda a: a, in_axes=2), x)
show(jax.vmap(lambda a: a, in_axes=-3), x)
show(jax.vmap(lambda a: a, out_axes=None), x)
show(jax.vmap(lambda a: a.sum(), out_axes=1), x)
show(jax.vmap(lambda a: a, in_axes=[0]), x)
show(jax.vmap(lambda d: d["a"], in_axes=({"b": 0},)), {"a": x})
show(jax.vmap(lambda a: lax.psum(a, "i")), x)
show(lambda a: lax.psum(a, "i"), x)
show(jax.vmap(lambda a: a if a.sum() > 0 else -a), x)
show(jax.vmap(lambda a: a), 1.0)
show(jax.vmap(lambda a: a, in_axes=None), x)
show(jax.vmap(lambda a: a, axis_size=3, in_axes=None), x)
show(jax.vmap(lambda a: a), [])

show(
    jax.vmap(lambda d: d["w"] @ d["v"], in_axes=({"w": None, "v": 0},)),
    {"w": jnp.ones((2, 4)), "v": x},
)
show(jax.vmap(lambda a: (a, a.sum()), out_axes=(1, 0)), x)
show(
    jax.vmap(jax.vmap(lambda a, b: a * b, in_axes=(0, None)), in_axes=(None, 0)),
    jnp.ones(3),
    jnp.ones(5),
)
show(
    jax.vmap(
        lambda a: lax.psum(a, "i") / lax.axis_size("i") if hasattr(lax, "axis_size") else a,
        axis_name="i",
    ),
    jnp.arange(4.0),
)
print(jax.vmap(lambda a: lax.pmean(a, "i"), axis_name="i")(jnp.arange(4.0)))
print(jax.vmap(lambda a: lax.all_gather(a, "i"), axis_name="i")(jnp.arange(3.0)))
print(jax.vmap(lambda a: jnp.where(a.sum() > 0, a, -a))(x - 2).sum())
