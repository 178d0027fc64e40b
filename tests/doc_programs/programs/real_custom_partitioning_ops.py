# Custom SPMD partitioning of fused ops with jax.experimental.custom_partitioning, as kernel
# libraries do: an RMSNorm that stays sharded along the batch (the hidden axis forced
# replicated, sharding_rule "b h, h -> b h"), and a row-sharded FFT following JAX's docstring
# example; both used inside jitted functions over a data-sharded batch, checked against the
# unpartitioned math; differentiating through one without a custom_vjp is refused
import jax
import jax.numpy as jnp
from jax.experimental.custom_partitioning import custom_partitioning
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"), axis_types=(jax.sharding.AxisType.Auto,) * 2)


def rms_norm_ref(x, scale):
    return x * jax.lax.rsqrt(jnp.mean(x * x, -1, keepdims=True) + 1e-6) * scale


@custom_partitioning
def rms_norm(x, scale):
    return rms_norm_ref(x, scale)


def batch_only(mesh, arg_shapes):
    spec = arg_shapes[0].sharding.spec
    return NamedSharding(mesh, P(spec[0] if len(spec) else None, None))


def rms_infer(mesh, arg_shapes, result_shape):
    return batch_only(mesh, arg_shapes)


def rms_partition(mesh, arg_shapes, result_shape):
    x_sharding = batch_only(mesh, arg_shapes)
    return mesh, rms_norm_ref, x_sharding, (x_sharding, NamedSharding(mesh, P(None)))


rms_norm.def_partition(
    infer_sharding_from_operands=rms_infer,
    partition=rms_partition,
    sharding_rule="b h, h -> b h",
    need_replication_factors=("h",),
)


@custom_partitioning
def row_fft(x):
    return jnp.fft.fft(x)


def fft_sharding(mesh, arg_shapes):
    spec = arg_shapes[0].sharding.spec
    return NamedSharding(mesh, P(spec[0] if len(spec) else None, None))


row_fft.def_partition(
    infer_sharding_from_operands=lambda mesh, args, res: fft_sharding(mesh, args),
    partition=lambda mesh, args, res: (mesh, jnp.fft.fft, fft_sharding(mesh, args), (fft_sharding(mesh, args),)),
    sharding_rule="...i -> ...i",
)

x = jnp.sin(jnp.arange(16 * 8, dtype=jnp.float32).reshape(16, 8))
scale = jnp.linspace(0.5, 1.5, 8)
xs = jax.device_put(x, NamedSharding(mesh, P("data", "model")))


@jax.jit
def layer(x, scale):
    h = rms_norm(x, scale)
    return jnp.tanh(h) * 2.0


out = layer(xs, scale)
print("rms norm matches", bool(jnp.allclose(out, jnp.tanh(rms_norm_ref(x, scale)) * 2.0, atol=1e-5)))
print("out sharding", out.sharding.spec, out.shape)
print("row 0", jnp.round(out[0], 4))
text = layer.lower(xs, scale).as_text()
print("custom call in module", "CustomSPMDPartitioning" in text)

z = jax.device_put(jnp.asarray(x, jnp.complex64), NamedSharding(mesh, P("data", None)))
f = jax.jit(row_fft, out_shardings=NamedSharding(mesh, P("data", None)))(z)
print("fft matches", bool(jnp.allclose(f, jnp.fft.fft(x), atol=1e-4)), f.dtype, f.sharding.spec)
print("fft row 1", jnp.round(f[1, :3], 3))
try:
    jax.grad(lambda x: layer(x, scale).sum())(xs)
except Exception as e:
    print("grad:", type(e).__name__)
