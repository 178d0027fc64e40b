# Host-side logging and metrics from inside compiled training: io_callback (ordered) appending
# each step's loss to a Python list from inside a lax.scan, jax.debug.callback collecting
# gradient norms, and pure_callback calling a NumPy routine (a median) with vmap_method
# "sequential" and "expand_dims"; the logs printed after the jitted loop returns
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

log = []
norms = []


def record(step, loss):
    log.append((int(step), round(float(loss), 4)))
    return np.int32(len(log))


def np_median(x):
    return np.median(np.asarray(x), axis=-1).astype(np.float32)


def median(x, method):
    out = jax.ShapeDtypeStruct(x.shape[:-1], x.dtype)
    return jax.pure_callback(np_median, out, x, vmap_method=method)


X = jnp.linspace(-1.0, 1.0, 32)[:, None] * jnp.array([[1.0, 2.0]])
Y = X @ jnp.array([0.5, -1.0]) + 0.25
loss = lambda w: jnp.mean((X @ w[:2] + w[2] - Y) ** 2)


@jax.jit
def train(w):
    def body(w, step):
        l, g = jax.value_and_grad(loss)(w)
        n = io_callback(record, jax.ShapeDtypeStruct((), jnp.int32), step, l, ordered=True)
        jax.debug.callback(lambda s, g: norms.append(round(float(g), 3)), step, jnp.linalg.norm(g))
        return w - 0.3 * g, n

    return jax.lax.scan(body, w, jnp.arange(8))


w, counts = train(jnp.zeros(3))
print("w", jnp.round(w, 3))
print("counts", counts)
print("log", log)
print("norms", norms)
data = jnp.arange(12.0).reshape(3, 4) ** 2
print("median", median(data, "sequential"))
print("vmapped seq", jax.vmap(lambda r: median(r, "sequential"))(data))
print("vmapped expand", jax.vmap(lambda r: median(r, "expand_dims"))(data))
print("jit median", jax.jit(lambda d: median(d, "broadcast_all") * 2)(data))


@jax.custom_jvp
def median_cj(x):
    return median(x, "sequential")


@median_cj.defjvp
def median_cj_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    m = median_cj(x)
    near = jnp.abs(x - m[..., None]) <= jnp.min(jnp.abs(x - m[..., None]), -1, keepdims=True)
    w = near / jnp.sum(near, -1, keepdims=True)
    return m, jnp.sum(w * dx, -1)


print("grad of median", jax.grad(lambda x: jnp.sum(median_cj(x)))(data))
