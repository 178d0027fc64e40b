# jax.experimental.custom_partitioning's docstring: my_fft keeps the sharding of the batch
# dimensions (partition / infer_sharding_from_operands, an Einsum-like sharding_rule and an
# SdyShardingRule with BATCHING), run with pjit under `with Mesh(...)` on 2D and 1D inputs and
# compared with jnp.fft.fft, the compiled HLO searched for all-gather / dynamic-slice; then the
# Shardy guide's rules with reduction and need_replication factors and static_argnums
import re

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.custom_partitioning import (
    BATCHING,
    ArrayMapping,
    CompoundFactor,
    SdyShardingRule,
    custom_partitioning,
)
from jax.experimental.pjit import pjit
from jax.numpy.fft import fft
from jax.sharding import Mesh, NamedSharding
from jax.sharding import PartitionSpec as P

# Pattern to detect all-gather or dynamic-slice in the generated HLO
_PATTERN = "(dynamic-slice|all-gather)"


# For an N-D input, keeps sharding along the first N-1 dimensions
# but replicate along the last dimension
def supported_sharding(sharding, shape):
    rank = len(shape.shape)
    max_shared_dims = min(len(sharding.spec), rank - 1)
    names = tuple(sharding.spec[:max_shared_dims]) + tuple(
        None for _ in range(rank - max_shared_dims)
    )
    return NamedSharding(sharding.mesh, P(*names))


def partition(mesh, arg_shapes, result_shape):
    result_shardings = jax.tree.map(lambda x: x.sharding, result_shape)  # noqa: F841 (the docs)
    arg_shardings = jax.tree.map(lambda x: x.sharding, arg_shapes)
    return (
        mesh,
        fft,
        supported_sharding(arg_shardings[0], arg_shapes[0]),
        (supported_sharding(arg_shardings[0], arg_shapes[0]),),
    )


def infer_sharding_from_operands(mesh, arg_shapes, result_shape):
    arg_shardings = jax.tree.map(lambda x: x.sharding, arg_shapes)
    return supported_sharding(arg_shardings[0], arg_shapes[0])


@custom_partitioning
def my_fft(x):
    return fft(x)


# Use Einsum-like notation to specify the sharding rule.
my_fft.def_partition(
    infer_sharding_from_operands=infer_sharding_from_operands,
    partition=partition,
    sharding_rule="...i -> ...i",
)
print(type(my_fft).__name__)

np.random.seed(0)
with Mesh(np.array(jax.devices()), ("x",)):
    x = np.asarray(np.random.randn(64, 16), dtype=np.complex64)
    y = pjit(lambda x: x, in_shardings=None, out_shardings=P("x"))(x)
    pjit_my_fft = pjit(my_fft, in_shardings=P("x"), out_shardings=P("x"))
    pjit_fft = pjit(fft, in_shardings=P("x"), out_shardings=P("x"))
    a = pjit_my_fft(y)
    b = pjit_fft(y)
    print(a[:2, :4])
    print(b[:2, :4])
    print(a.shape, a.dtype, a.sharding.spec, np.allclose(a, b, atol=1e-4))
    # dynamic-slice or all-gather are not present in the HLO for my_fft, because x is a 2D array
    hlo = pjit_my_fft.lower(x).compile().runtime_executable().hlo_modules()[0].to_string()
    print(re.search(_PATTERN, hlo) is None)
    hlo = pjit_fft.lower(x).compile().runtime_executable().hlo_modules()[0].to_string()
    print(re.search(_PATTERN, hlo) is not None)

# Use SdyShardingRule object to specify the sharding rule.
my_fft.def_partition(
    infer_sharding_from_operands=infer_sharding_from_operands,
    partition=partition,
    sharding_rule=SdyShardingRule(
        operand_mappings=((BATCHING, "i"),), result_mappings=((BATCHING, "i"),)
    ),
)
rule = SdyShardingRule(operand_mappings=((BATCHING, "i"),), result_mappings=((BATCHING, "i"),))
print(rule)
print(ArrayMapping(BATCHING, CompoundFactor("b", "c"), "d"))

with Mesh(np.array(jax.devices()), ("x",)):
    x = np.asarray(np.random.randn(8 * 16), dtype=np.complex64)
    y = pjit(lambda x: x, in_shardings=None, out_shardings=P("x"))(x)
    pjit_my_fft = pjit(my_fft, in_shardings=P("x"), out_shardings=P("x"))
    pjit_fft = pjit(fft, in_shardings=P("x"), out_shardings=P("x"))
    a = pjit_my_fft(y)
    b = pjit_fft(y)
    print(a[:3])
    print(b[:3])
    print(a.sharding.spec, np.allclose(a, b, atol=1e-3))


# The Shardy guide: a matmul whose contracting factor is a reduction factor.
mesh = jax.make_mesh((4, 2), ("x", "y"), axis_types=(jax.sharding.AxisType.Auto,) * 2)


@custom_partitioning
def my_matmul(a, b):
    return a @ b


def matmul_partition(mesh, arg_shapes, result_shape):
    a_spec = arg_shapes[0].sharding.spec
    arg_shardings = (NamedSharding(mesh, P(a_spec[0], None)), NamedSharding(mesh, P(None, None)))
    out_sharding = NamedSharding(mesh, P(a_spec[0], None))
    return mesh, lambda a, b: a @ b, out_sharding, arg_shardings


my_matmul.def_partition(
    partition=matmul_partition,
    infer_sharding_from_operands=lambda mesh, args, res: NamedSharding(
        mesh, P(args[0].sharding.spec[0], None)
    ),
    sharding_rule="m k, k n -> m n",
    reduction_factors=("k",),
    need_replication_factors=("n",),
)
a = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, P("x", None)))
b = jnp.eye(8) * 2.0
out = jax.jit(my_matmul)(a, b)
print(out[:2], out.sharding.spec)
print(jax.jit(my_matmul).lower(a, b).as_text().count("custom_call") > 0)


# static_argnums: the static argument is handed to the partition callbacks too
def scaled(x, scale):
    return x * scale


scaled_cp = custom_partitioning(scaled, static_argnums=(1,))


def scaled_partition(scale, mesh, arg_shapes, result_shape):
    s = arg_shapes[0].sharding
    return mesh, lambda x: x * scale, s, (s,)


scaled_cp.def_partition(
    partition=scaled_partition,
    infer_sharding_from_operands=lambda scale, mesh, args, res: args[0].sharding,
    sharding_rule="i j -> i j",
)
print(jax.jit(scaled_cp, static_argnums=1)(a, 3.0)[1])
