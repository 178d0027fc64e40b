# A deep residual MLP whose layers are stacked and scanned, trained on a 2x4 mesh: stacked
# weights sharded over the model axis (Explicit axes), the batch over the data axis, lax.scan
# over layers with jax.checkpoint per layer and a checkpoint_name'd activation, out_sharding on
# the contractions that need it, grads with the params' shardings, a jitted SGD step with
# donate_argnums, and the same loss unsharded for comparison
from functools import partial

import jax
import jax.numpy as jnp
from jax.ad_checkpoint import checkpoint_name
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("data", "model"), axis_types=(jax.sharding.AxisType.Explicit,) * 2)
LAYERS, D, H, B = 4, 8, 16, 16
key = jax.random.key(0)
kw1, kw2, kx = jax.random.split(key, 3)
params = {
    "w1": jax.random.normal(kw1, (LAYERS, D, H)) * 0.2,
    "w2": jax.random.normal(kw2, (LAYERS, H, D)) * 0.2,
    "scale": jnp.ones((LAYERS, D)),
}
x = jax.random.normal(kx, (B, D))
y = jnp.roll(x, 1, axis=1)


def layer(h, p):
    z = h * p["scale"]
    a = jax.nn.gelu(jnp.einsum("bd,dh->bh", z, p["w1"]))
    a = checkpoint_name(a, "hidden")
    out = jnp.einsum("bh,hd->bd", a, p["w2"], out_sharding=jax.typeof(h).sharding)
    return h + out, None


def loss_fn(params, x, y):
    body = jax.checkpoint(layer, policy=jax.checkpoint_policies.save_only_these_names("hidden"))
    h, _ = jax.lax.scan(body, x, params)
    return jnp.mean((h - y) ** 2)


specs = {"w1": P(None, None, "model"), "w2": P(None, "model", None), "scale": P()}
sp = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), params, specs)
sx = jax.device_put(x, NamedSharding(mesh, P("data")))
sy = jax.device_put(y, NamedSharding(mesh, P("data")))
print(jax.tree.map(lambda a: a.sharding.spec, sp))
print(f"{float(loss_fn(params, x, y)):.5f}")
gu = jax.grad(loss_fn)(params, x, y)
with jax.set_mesh(mesh):
    lv = jax.jit(loss_fn)(sp, sx, sy)
    print(f"{float(lv):.5f}", lv.sharding.spec)
    g = jax.jit(jax.grad(loss_fn))(sp, sx, sy)
    print(jax.tree.map(lambda a: jax.typeof(a).sharding.spec, g))
    print(jax.tree.map(lambda a, b: bool(jnp.allclose(a, b, atol=1e-5)), g, gu))

    @partial(jax.jit, donate_argnums=0)
    def sgd(params, x, y):
        lv, g = jax.value_and_grad(loss_fn)(params, x, y)
        return jax.tree.map(lambda p, g: p - 0.1 * g, params, g), lv

    first = None
    for _ in range(20):
        sp, lv = sgd(sp, sx, sy)
        first = first if first is not None else float(lv)
    print(f"{first:.5f}", f"{float(lv):.5f}", float(lv) < first)
    print(jax.tree.map(lambda a: a.sharding.spec, sp))
    h = jax.jit(lambda p, x: jax.lax.scan(layer, x, p)[0])(sp, sx)
    print(jax.typeof(h), h.sharding.spec)
