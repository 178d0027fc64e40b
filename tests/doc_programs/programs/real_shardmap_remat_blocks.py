# A data x tensor parallel residual MLP stack written by hand in shard_map on a 2x4 mesh, with
# each block rematerialised by jax.checkpoint (a dots-saveable policy), a custom_jvp activation
# (a numerically safe softplus-gated unit), the row-parallel output reduced with psum, layers
# iterated by lax.scan over stacked weights, the gradients typed by jax.typeof inside the body,
# and everything checked against the same model without shard_map
from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("data", "model"), axis_types=(jax.sharding.AxisType.Auto,) * 2)
L, B, D, F = 3, 16, 8, 32
k1, k2, kx = jax.random.split(jax.random.key(103), 3)
w_in = jax.random.normal(k1, (L, D, F)) / jnp.sqrt(D)
w_out = jax.random.normal(k2, (L, F, D)) / jnp.sqrt(F)
x = jax.random.normal(kx, (B, D))
y = jnp.cos(x)


@jax.custom_jvp
def gated(z):
    return z * jax.nn.sigmoid(1.702 * z)


@gated.defjvp
def gated_jvp(primals, tangents):
    (z,), (t,) = primals, tangents
    s = jax.nn.sigmoid(1.702 * z)
    return z * s, t * (s + 1.702 * z * s * (1 - s))


def block_local(h, wi, wo):
    return h + jax.lax.psum(gated(h @ wi) @ wo, "model")


def block_ref(h, wi, wo):
    return h + gated(h @ wi) @ wo


policy = jax.checkpoint_policies.dots_with_no_batch_dims_saveable


def stack(block, x, w_in, w_out):
    body = jax.checkpoint(lambda h, w: (block(h, *w), None), policy=policy)
    return jax.lax.scan(body, x, (w_in, w_out))[0]


w_specs = (P(None, None, "model"), P(None, "model", None))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P("data"), P("data"), *w_specs), out_specs=(P(), *w_specs))
def sharded_grads(x, y, w_in, w_out):
    def loss(w_in, w_out):
        out = stack(block_local, x, w_in, w_out)
        return jax.lax.pmean(jnp.mean((out - y) ** 2), "data")

    return jax.value_and_grad(loss, argnums=(0, 1))(w_in, w_out)[0], *jax.grad(loss, argnums=(0, 1))(w_in, w_out)


@partial(jax.shard_map, mesh=mesh, in_specs=(P("data"), *w_specs), out_specs=P())
def print_types(x, w_in, w_out):
    g = jax.grad(lambda w: jnp.sum(stack(block_local, x, w, w_out)))(w_in)
    print("inside: w_in", jax.typeof(w_in), "| grad", jax.typeof(g))
    return jax.lax.psum(jnp.sum(g), "model")


def ref_loss(w_in, w_out):
    return jnp.mean((stack(block_ref, x, w_in, w_out) - y) ** 2)


place = lambda a, s: jax.device_put(a, NamedSharding(mesh, s))
args = (place(x, P("data")), place(y, P("data")), place(w_in, w_specs[0]), place(w_out, w_specs[1]))
jax.jit(print_types)(args[0], args[2], args[3])
loss, gi, go = sharded_grads(*args)
ref, (ri, ro) = jax.value_and_grad(ref_loss, argnums=(0, 1))(w_in, w_out)
print("loss:", round(float(loss), 5), "reference:", round(float(ref), 5))
print("grad w_in matches:", bool(jnp.allclose(gi, ri, atol=1e-5)), "| grad w_out matches:", bool(jnp.allclose(go, ro, atol=1e-5)))
print("grad shardings:", gi.sharding.spec, go.sharding.spec)
print("custom_jvp rule agrees with autodiff:",
      bool(jnp.allclose(jax.grad(lambda z: gated(z).sum())(x), jax.grad(lambda z: (z * jax.nn.sigmoid(1.702 * z)).sum())(x), atol=1e-6)))
jaxpr = jax.make_jaxpr(jax.grad(ref_loss))(w_in, w_out)
print("checkpoint in the gradient jaxpr:", "checkpoint" in str(jaxpr) or "remat" in str(jaxpr))


@jax.jit
def train(args, steps=25):
    x, y, wi, wo = args

    def body(carry, _):
        wi, wo = carry
        l, gi, go = sharded_grads(x, y, wi, wo)
        return (wi - 0.2 * gi, wo - 0.2 * go), l

    (wi, wo), losses = jax.lax.scan(body, (wi, wo), None, length=steps)
    return wi, wo, losses


wi, wo, losses = train(args)
print("losses:", jnp.round(losses[::6], 5))
print("trained shardings kept:", wi.sharding.spec, wo.sharding.spec)
