# "GPU performance tips"-style code run on CPU: bfloat16 parameters with float32 accumulation
# (preferred_element_type in jnp.dot / einsum / lax.dot_general), a scanned stack of layers
# with jax.checkpoint and a dots-saveable policy, donation of the training state, a
# with_sharding_constraint on activations of a data-parallel step, timing with
# block_until_ready, jax.jit's cost_analysis of the step and the saved residuals
import time
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.ad_checkpoint import print_saved_residuals
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

key = jax.random.key(0)
k1, k2, k3 = jax.random.split(key, 3)
x = jax.random.normal(k1, (16, 32), jnp.bfloat16)
w = (jax.random.normal(k2, (4, 32, 32)) * 0.1).astype(jnp.bfloat16)
y = jax.random.normal(k3, (16, 32), jnp.float32)

acc = jnp.dot(x, w[0], preferred_element_type=jnp.float32)
print(acc.dtype, jnp.einsum("bi,ij->bj", x, w[0], preferred_element_type=jnp.float32).dtype)
dn = (((1,), (0,)), ((), ()))
print(jax.lax.dot_general(x, w[0], dn, preferred_element_type=jnp.float32).dtype, (x @ w[0]).dtype)
print(np.allclose(acc, (x.astype(jnp.float32) @ w[0].astype(jnp.float32)), atol=5e-2))


def layer(h, wi):
    h = jnp.tanh(jnp.dot(h, wi, preferred_element_type=jnp.float32)).astype(jnp.bfloat16)
    return h, None


policy = jax.checkpoint_policies.dots_with_no_batch_dims_saveable


def model(w, x):
    h, _ = jax.lax.scan(jax.checkpoint(layer, policy=policy), x, w)
    return h


def loss(w, x, y):
    return jnp.mean((model(w, x).astype(jnp.float32) - y) ** 2)


mesh = jax.make_mesh((8,), ("data",), axis_types=(jax.sharding.AxisType.Auto,))
batch = NamedSharding(mesh, P("data"))


@partial(jax.jit, donate_argnums=0)
def train_step(w, x, y):
    x = jax.lax.with_sharding_constraint(x, batch)
    lv, g = jax.value_and_grad(loss)(w, x, y)
    return jax.tree.map(lambda p, gp: (p.astype(jnp.float32) - 0.1 * gp).astype(p.dtype), w, g), lv


xs, ys = jax.device_put(x, batch), jax.device_put(y, batch)
losses = []
start = time.perf_counter()
for _ in range(3):
    w, lv = train_step(w, xs, ys)
    losses.append(float(lv))
jax.block_until_ready(w)
elapsed = time.perf_counter() - start
print(w.dtype, w.shape, elapsed > 0)
print(np.round(losses, 3), losses[-1] < losses[0])
fresh = (jax.random.normal(k2, (4, 32, 32)) * 0.1).astype(jnp.bfloat16)
compiled = train_step.lower(fresh, xs, ys).compile()
cost = compiled.cost_analysis()
print(cost["flops"] > 0, "bytes accessed" in cost)
print_saved_residuals(loss, fresh, x, y)
