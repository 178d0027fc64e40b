# jax.custom_batching: custom_vmap with a def_vmap rule (axis_size, in_batched, out_batched),
# under jit / grad, nested vmaps, sequential_vmap, and custom_vmap errors; plus vmap's
# axis_name with collectives (psum / pmean / all_gather / axis_index) and spmd axis sizes
import jax
import jax.numpy as jnp
from jax.custom_batching import custom_vmap, sequential_vmap


@custom_vmap
def f(x, y):
    return x + y


@f.def_vmap
def f_vmap_rule(axis_size, in_batched, xs, ys):
    print("rule:", axis_size, in_batched)
    x_b, y_b = in_batched
    out = xs * 10 + ys
    return out, x_b or y_b


x = jnp.arange(3.0)
print(f(1.0, 2.0))
print(jax.vmap(f)(x, x))
print(jax.vmap(f, in_axes=(0, None))(x, 1.0))
print(jax.jit(jax.vmap(f))(x, x))
print(jax.vmap(jax.vmap(f))(jnp.ones((2, 3)), jnp.ones((2, 3))))


@sequential_vmap
def seq(v):
    print("seq body:", v.shape)
    return jnp.sum(v) * 2


print(seq(jnp.ones(3)), jax.vmap(seq)(jnp.ones((4, 3))))


@custom_vmap
def bad(x):
    return x


@bad.def_vmap
def bad_rule(axis_size, in_batched, xs):
    return xs, False


try:
    jax.vmap(bad)(x)
except Exception as e:
    print(type(e).__name__)


def normalize(v):
    return v - jax.lax.pmean(v, "batch")


print(jax.vmap(normalize, axis_name="batch")(jnp.array([1.0, 2.0, 6.0])))
print(jax.vmap(lambda v: jax.lax.psum(v, "i"), axis_name="i")(jnp.arange(4.0)))
print(jax.vmap(lambda v: jax.lax.axis_index("i") * v, axis_name="i")(jnp.ones(4)))
print(jax.vmap(lambda v: jax.lax.all_gather(v, "i"), axis_name="i")(jnp.arange(3)))
print(jax.vmap(lambda v: jax.lax.pmax(v, "i") - v, axis_name="i")(jnp.array([3, 1, 2])))
print(jax.vmap(jax.vmap(lambda v: jax.lax.psum(v, ("i", "j")), axis_name="j"), axis_name="i")(jnp.ones((2, 3))))
print(jax.vmap(jax.vmap(lambda v: jax.lax.psum(v, "i"), axis_name="j"), axis_name="i")(jnp.arange(6.0).reshape(2, 3)))
print(jax.vmap(lambda v: jax.lax.axis_size("i"), axis_name="i")(jnp.ones(5)))
print(jax.grad(lambda w: jnp.sum(jax.vmap(lambda v: v * w - jax.lax.pmean(v * w, "b"), axis_name="b")(jnp.arange(3.0)) ** 2))(2.0))
try:
    jax.vmap(lambda v: jax.lax.psum(v, "nope"), axis_name="i")(jnp.ones(2))
except Exception as e:
    print(type(e).__name__)
print(jax.vmap(lambda v: jax.lax.ppermute(v, "i", [(0, 1), (1, 2), (2, 0)]), axis_name="i")(jnp.arange(3.0)))
print(jax.vmap(lambda v: jax.lax.psum_scatter(v, "i", tiled=True), axis_name="i")(jnp.ones((2, 4))))
