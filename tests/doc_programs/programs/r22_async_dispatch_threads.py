# "Asynchronous dispatch" and "Concurrency" pages: results returned before they are computed
# and waited for with block_until_ready (arrays and pytrees), is_ready / is_deleted / delete,
# jax.device_get of pytrees, copy_to_host_async, jitted functions called from several Python
# threads at once (JAX is thread-safe), and a live-array count around deletion
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import jax
import jax.numpy as jnp
import numpy as np

key = jax.random.key(0)
x = jax.random.normal(key, (200, 200))
t0 = time.perf_counter()
y = jnp.dot(x, x.T)
y.block_until_ready()
print(type(y).__name__, y.shape, time.perf_counter() - t0 >= 0)
tree = {"a": jnp.ones(3) * 2, "b": [jnp.arange(4), (jnp.zeros(2),)]}
out = jax.block_until_ready(tree)
print(out is tree, jax.tree.structure(out))
host = jax.device_get(tree)
print(type(host["a"]).__name__, host["b"][0], type(host["b"][1][0]).__name__)
print(jax.device_get(3), jax.device_get([1.5, jnp.float32(2.5)]))
z = jnp.arange(5.0) + 1
z.copy_to_host_async()
print(np.asarray(z), z.is_ready())
w = jnp.ones(4)
print(w.is_deleted())
w.delete()
print(w.is_deleted())
try:
    print(w + 1)
except RuntimeError as e:
    print("RuntimeError")


@jax.jit
def step(x, n):
    for _ in range(3):
        x = jnp.tanh(x @ x.T / 10) + n
    return x.sum()


inputs = [jnp.full((16, 16), i / 10) for i in range(8)]
expected = [float(step(a, 1.0)) for a in inputs]
with ThreadPoolExecutor(max_workers=4) as pool:
    results = list(pool.map(lambda a: float(step(a, 1.0)), inputs))
print(np.allclose(results, expected), [round(r, 3) for r in results[:3]])

lock = threading.Lock()
totals = []


def worker(k):
    v = jax.jit(lambda s: jnp.sum(jax.random.uniform(jax.random.fold_in(key, s), (100,))))(k)
    with lock:
        totals.append((k, round(float(v), 4)))


threads = [threading.Thread(target=worker, args=(k,)) for k in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(sorted(totals))
g = jax.jit(jax.grad(lambda p, d: jnp.mean((d @ p) ** 2)))
with ThreadPoolExecutor(max_workers=3) as pool:
    futs = [pool.submit(g, jnp.ones(3) * k, jnp.eye(3)) for k in range(3)]
    print([f.result().tolist() for f in futs])
