# Benchmarking and placement idioms of the FAQ / "Asynchronous dispatch" page: block_until_ready
# on arrays and pytrees, timing with a warm-up call, jax.device_put to a device, default_device,
# committed arrays, Array.devices(), device_get and copy_to_host_async
import time

import numpy as np
import jax
import jax.numpy as jnp


def selu(x, alpha=1.67, lmbda=1.05):
    return lmbda * jnp.where(x > 0, x, alpha * jnp.exp(x) - alpha)


x = jnp.arange(1_000_000, dtype=jnp.float32) / 1e6
selu_jit = jax.jit(selu)
_ = selu_jit(x).block_until_ready()  # compile and warm up
start = time.perf_counter()
for _ in range(3):
    out = selu_jit(x).block_until_ready()
elapsed = time.perf_counter() - start
print(out.shape, elapsed >= 0)

tree = {"a": jnp.ones(3), "b": (jnp.zeros(2), jnp.arange(4))}
done = jax.block_until_ready(tree)
print(done is tree, jax.tree.map(lambda a: a.shape, done))
print(jax.block_until_ready(3.0), jax.block_until_ready([jnp.float32(1)]))
print(x.is_ready() if hasattr(x, "is_ready") else True)

d0, d3 = jax.devices()[0], jax.devices()[3]
y = jax.device_put(np.arange(4.), d3)
print(y.devices() == {d3}, y.committed if hasattr(y, "committed") else True)
z = jnp.arange(4.)
print(z.devices() == {d0})
with jax.default_device(d3):
    w = jnp.ones(2) * 5
print(w.devices() == {d3}, (y + 1).devices() == {d3})
print(jax.device_get(y), type(jax.device_get(y)).__name__)
print(jax.device_get({"k": y, "n": 3}))
y.copy_to_host_async()
print(np.asarray(y))
u = jax.device_put(jnp.ones(2), d0)
try:
    print(u + jax.device_put(jnp.ones(2), jax.devices()[1]))
except ValueError as e:
    print("ValueError")
print(jax.jit(lambda a: a * 2, device=None)(z))
print(jax.devices("cpu")[0].platform, jax.default_backend())
print(str(jax.devices()[0].device_kind).lower() == "cpu")

key = jax.random.key(0)
m = jax.random.normal(key, (256, 256))
mm = jax.jit(lambda a: a @ a)
mm(m).block_until_ready()
t0 = time.perf_counter()
r = mm(m)
dispatch = time.perf_counter() - t0
r.block_until_ready()
total = time.perf_counter() - t0
print(dispatch <= total, r.shape)
np_m = np.asarray(m)
print(np.allclose(np.asarray(r), np_m @ np_m, rtol=1e-3, atol=1e-3))
