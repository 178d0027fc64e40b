# shard_map over part of the mesh, as mixed data/tensor-parallel code does: a 2x4 mesh where the
# tensor-parallel block is manual over "model" only (axis_names={"model"}) while "data" stays
# automatic, a custom_vjp all-reduce (identity forward, psum backward: Megatron's f / g
# operators) inside the unchecked variant, nested under jax.checkpoint and a scan over layers, and the gradients
# compared with the same model written without shard_map
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("data", "model"), axis_types=(jax.sharding.AxisType.Explicit,) * 2)
L, B, D, F = 2, 8, 8, 16


@jax.custom_vjp
def copy_to_tp(x):
    return x


def _copy_fwd(x):
    return x, None


def _copy_bwd(_, g):
    return (jax.lax.psum(g, "model"),)


copy_to_tp.defvjp(_copy_fwd, _copy_bwd)


def tp_block(h, w1, w2, checked):
    # with check_vma the psum's transpose already sums the cotangent of h over "model" (an f
    # operator would count it twice); unchecked, psum transposes to a psum, so the gradients
    # printed below differ from the reference's there as under JAX
    h_in = h if checked else copy_to_tp(h)
    a = jax.nn.relu(h_in @ w1)
    return h + jax.lax.psum(a @ w2, "model")


def tp_stack(h, w1s, w2s, checked=True):
    body = jax.checkpoint(lambda h, w: (tp_block(h, *w, checked), None))
    return jax.lax.scan(body, h, (w1s, w2s))[0]


def make_stack(checked):
    return jax.shard_map(
        partial(tp_stack, checked=checked),
        in_specs=(P(), P(None, None, "model"), P(None, "model", None)),
        out_specs=P(),
        axis_names={"model"},
        check_vma=checked,
    )


with jax.set_mesh(mesh):
    sharded_stack = make_stack(True)
    unchecked_stack = make_stack(False)

k = jax.random.split(jax.random.key(5), 3)
w1 = jax.random.normal(k[0], (L, D, F)) / np.sqrt(D)
w2 = jax.random.normal(k[1], (L, F, D)) / np.sqrt(F)
x = jax.random.normal(k[2], (B, D))


def ref_stack(h, w1s, w2s):
    for i in range(L):
        h = h + jax.nn.relu(h @ w1s[i]) @ w2s[i]
    return h


with jax.set_mesh(mesh):
    xs = jax.device_put(x, P("data", None))
    w1s = jax.device_put(w1, P(None, None, "model"))
    w2s = jax.device_put(w2, P(None, "model", None))

    @jax.jit
    def loss(x, w1, w2):
        out = sharded_stack(x, w1, w2)
        return jnp.mean(out**2), out

    (l, out), grads = jax.value_and_grad(loss, argnums=(1, 2), has_aux=True)(xs, w1s, w2s)
    print("loss", round(float(l), 6), "out", out.shape, out.sharding.spec)
    print("grad specs", grads[0].sharding.spec, grads[1].sharding.spec)
    gx = jax.jit(jax.grad(lambda x: loss(x, w1s, w2s)[0]))(xs)
    print("dx spec", gx.sharding.spec)

rl, rg = jax.value_and_grad(lambda w1, w2: jnp.mean(ref_stack(x, w1, w2) ** 2), argnums=(0, 1))(w1, w2)
rgx = jax.grad(lambda x: jnp.mean(ref_stack(x, w1, w2) ** 2))(x)
print("ref loss", round(float(rl), 6))
print("grads match", bool(jnp.allclose(np.asarray(grads[0]), rg[0], atol=1e-5)), bool(jnp.allclose(np.asarray(grads[1]), rg[1], atol=1e-5)))
print("dx match", bool(jnp.allclose(np.asarray(gx), rgx, atol=1e-5)))

with jax.set_mesh(mesh):
    ux = jax.jit(jax.grad(lambda x, w1, w2: jnp.mean(unchecked_stack(x, w1, w2) ** 2), argnums=(0, 1, 2)))(xs, w1s, w2s)
    print("unchecked dx (copy_to_tp's psum)", bool(jnp.allclose(np.asarray(ux[0]), rgx, atol=1e-5)), ux[0].sharding.spec)
    print("unchecked dw", bool(jnp.allclose(np.asarray(ux[1]), rg[0], atol=1e-5)), bool(jnp.allclose(np.asarray(ux[2]), rg[1], atol=1e-5)))
    u_out = jax.jit(unchecked_stack)(xs, w1s, w2s)
    print("unchecked out", u_out.sharding.spec, bool(jnp.allclose(np.asarray(u_out), ref_stack(x, w1, w2), atol=1e-5)))
