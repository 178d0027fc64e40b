# The "Automatic vectorization" page in a model codebase: a convolve written for one example
# batched manually, by jnp.stack, by vmap with in_axes / out_axes, vmap over dicts of params,
# nested vmaps for pairwise distances, spmd_axis_name-free collectives by axis_name, and vmap
# errors a user hits (inconsistent sizes, out_axes for an unbatched output)
import jax
import jax.numpy as jnp

x = jnp.arange(5)
w = jnp.array([2.0, 3.0, 4.0])


def convolve(x, w):
    output = []
    for i in range(1, len(x) - 1):
        output.append(jnp.dot(x[i - 1 : i + 2], w))
    return jnp.array(output)


print(convolve(x, w))
xs = jnp.stack([x, x])
ws = jnp.stack([w, w])


def manually_batched_convolve(xs, ws):
    return jnp.stack([convolve(x, w) for x, w in zip(xs, ws)])


print(manually_batched_convolve(xs, ws))


def manually_vectorized_convolve(xs, ws):
    output = []
    for i in range(1, xs.shape[-1] - 1):
        output.append(jnp.sum(xs[:, i - 1 : i + 2] * ws, axis=1))
    return jnp.stack(output, axis=1)


print(manually_vectorized_convolve(xs, ws))
auto_batch_convolve = jax.vmap(convolve)
print(auto_batch_convolve(xs, ws))
auto_batch_convolve_v2 = jax.vmap(convolve, in_axes=1, out_axes=1)
xst = jnp.transpose(xs)
wst = jnp.transpose(ws)
print(auto_batch_convolve_v2(xst, wst))
batch_convolve_v3 = jax.vmap(convolve, in_axes=[0, None])
print(batch_convolve_v3(xs, w))
print(jax.jit(auto_batch_convolve)(xs, ws))

params = {"w": jnp.ones((3, 2)), "b": jnp.arange(3.0)}


def affine(p, v):
    return p["w"] @ v + p["b"]


print(jax.vmap(affine, in_axes=({"w": None, "b": 0}, 0))({"w": jnp.ones((3, 2)), "b": jnp.arange(12.0).reshape(4, 3)}, jnp.ones((4, 2))))
ens = jax.tree.map(lambda a: jnp.stack([a, 2 * a]), params)
print(jax.vmap(affine, in_axes=(0, None))(ens, jnp.array([1.0, -1.0])))

pts = jax.random.normal(jax.random.key(0), (4, 3))
dist = jax.vmap(jax.vmap(lambda a, b: jnp.linalg.norm(a - b), (None, 0)), (0, None))(pts, pts)
print(dist.shape, jnp.allclose(dist, dist.T), jnp.diag(dist))


def normalize(v):
    return v / jax.lax.psum(v, "batch")


print(jax.vmap(normalize, axis_name="batch")(jnp.array([1.0, 3.0, 4.0])))
print(jax.vmap(lambda v: v - jax.lax.pmean(v, "i"), axis_name="i")(jnp.arange(4.0)))
print(jax.vmap(lambda v: jax.lax.axis_index("i") * v, axis_name="i")(jnp.ones(3)))
print(jax.vmap(lambda a, b: (a + b, a * 2), out_axes=(0, 1))(jnp.ones((2, 3)), jnp.ones((2, 3)))[1].shape)
print(jax.vmap(lambda a: 1.0, axis_size=None, in_axes=0)(jnp.ones(3)) if False else jax.vmap(lambda a: a.sum(), in_axes=1)(jnp.ones((2, 5))))
try:
    jax.vmap(lambda a, b: a + b)(jnp.ones(3), jnp.ones(4))
except ValueError as e:
    print(type(e).__name__)
try:
    jax.vmap(lambda a: a, in_axes=2)(jnp.ones(3))
except ValueError as e:
    print(type(e).__name__)
print(jax.vmap(lambda a: jnp.zeros(2), axis_size=3, in_axes=None)(1.0).shape)
print(jax.vmap(lambda i: jnp.arange(5)[i])(jnp.array([4, 0, 2])))
print(jax.vmap(lambda row, i: row[i])(jnp.arange(12).reshape(3, 4), jnp.array([0, 3, 1])))
print(jax.vmap(jnp.outer)(jnp.ones((2, 3)), jnp.arange(4.0).reshape(2, 2)).shape)
print(jax.vmap(jax.grad(lambda w, x: jnp.tanh(w @ x)), in_axes=(None, 0))(jnp.ones(3), jnp.eye(3)))
print(jax.make_jaxpr(jax.vmap(lambda a: jnp.dot(a, a)))(jnp.ones((2, 3))))
