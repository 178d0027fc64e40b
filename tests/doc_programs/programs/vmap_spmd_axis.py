# Automatic vectorization: in_axes dicts, out_axes, axis_name collectives, and spmd_axis_name
# (vmap over a sharded batch inside jit)
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

x = jnp.arange(5.)
w = jnp.array([2., 3., 4.])


def convolve(x, w):
    output = []
    for i in range(1, len(x) - 1):
        output.append(jnp.dot(x[i - 1:i + 2], w))
    return jnp.array(output)


xs = jnp.stack([x, x + 1])
ws = jnp.stack([w, w])
print(jax.vmap(convolve)(xs, ws))
print(jax.vmap(convolve, in_axes=1, out_axes=1)(xs.T, ws.T))
print(jax.vmap(convolve, in_axes=[0, None])(xs, w))


def predict(params, inputs):
    return jnp.tanh(inputs @ params["w"] + params["b"])


params = {"w": jnp.ones((3, 2)), "b": jnp.array([0.5, -0.5])}
batch = jnp.arange(12.).reshape(4, 3) / 10
print(jax.vmap(predict, in_axes=({"w": None, "b": None}, 0))(params, batch))
print(jax.vmap(predict, in_axes=(None, 0), out_axes=1)(params, batch).shape)

stacked = {"w": jnp.stack([params["w"], 2 * params["w"]]), "b": jnp.zeros((2, 2))}
print(jax.vmap(predict, in_axes=({"w": 0, "b": 0}, None))(stacked, batch[0]))


# Collectives under vmap with an axis name.
def normalize(v):
    return v / jax.lax.psum(v, axis_name="i")


print(jax.vmap(normalize, axis_name="i")(jnp.arange(4.)))
print(jax.vmap(lambda v: v - jax.lax.pmean(v, "i"), axis_name="i")(jnp.arange(4.)))
print(jax.vmap(lambda v: jax.lax.all_gather(v, "i"), axis_name="i")(jnp.arange(3.)))
print(jax.vmap(lambda v: jax.lax.axis_index("i") * v, axis_name="i")(jnp.ones(3)))
print(jax.vmap(jax.vmap(lambda v: jax.lax.psum(v, ("i", "j")), axis_name="j"),
               axis_name="i")(jnp.arange(6.).reshape(2, 3)))

# spmd_axis_name: the vmapped dimension is sharded over a mesh axis inside jit.
mesh = jax.make_mesh((4,), ("data",))
sharding = NamedSharding(mesh, P("data"))


def per_example(x):
    y = jnp.sin(x) * 2
    return jax.lax.with_sharding_constraint(y, P())


@jax.jit
def run(xs):
    return jax.vmap(per_example, spmd_axis_name="data")(xs)


xs = jax.device_put(jnp.arange(16.).reshape(8, 2), sharding)
with jax.set_mesh(mesh):
    out = run(xs)
print(out.sharding.spec)
print(np.allclose(out, np.sin(np.arange(16.).reshape(8, 2)) * 2))

# Per-example gradients, sharded by spmd_axis_name.
def loss(w, x):
    return jnp.sum(jnp.tanh(x @ w) ** 2)


w0 = jnp.ones((2, 3)) / 3
per_ex = jax.jit(jax.vmap(jax.grad(loss), in_axes=(None, 0), spmd_axis_name="data"))
with jax.set_mesh(mesh):
    grads = per_ex(w0, xs)
print(grads.shape)
print(grads.sharding.spec)
print(np.allclose(grads.sum(0), jax.grad(lambda w: sum(loss(w, x) for x in xs))(w0), rtol=1e-5))

try:
    jax.vmap(convolve)(xs, jnp.ones((3, 3)))
except ValueError as e:
    print(type(e).__name__)
try:
    jax.vmap(lambda a: a, in_axes=2)(jnp.ones(3))
except ValueError as e:
    print(type(e).__name__)
