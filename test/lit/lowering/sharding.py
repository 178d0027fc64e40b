# RUN: %PYTHON %s | FileCheck %s

import numpy as np

import meshjit
import meshjit.numpy as jnp
from meshjit.sharding import AbstractMesh, NamedSharding, P

# Auto axes: the shardings here are annotations for propagation (see explicit.py for types).
AUTO = meshjit.sharding.AxisType.Auto
mesh = meshjit.make_mesh((4, 2), ("x", "y"), axis_types=(AUTO, AUTO))
line = meshjit.make_mesh((8,), ("d",), axis_types=(AUTO,))


def sds(shape, dtype=np.float32, sharding=None):
    return meshjit.ShapeDtypeStruct(shape, dtype, sharding=sharding)


def lower(f, *args, **jit_kwargs):
    print(meshjit.jit(f, **jit_kwargs).lower(*args).as_text())


# The reference module from reference/jax-conventions.md, with i32 (x64 is off).
# CHECK-LABEL: module @jit_times_two attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
# CHECK-NEXT:    sdy.mesh @mesh = <["x"=4, "y"=2]>
# CHECK-NEXT:    func.func public @main(%arg0: tensor<8x2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<8x2xi32> {jax.result_info = "result", sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) {
# CHECK-NEXT:      %c = stablehlo.constant dense<2> : tensor<i32>
# CHECK-NEXT:      %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<8x2xi32>
# CHECK-NEXT:      %1 = stablehlo.multiply %arg0, %0 : tensor<8x2xi32>
# CHECK-NEXT:      return %1 : tensor<8x2xi32>
# CHECK-NEXT:    }
# CHECK-NEXT:  }
def times_two(x):
    return x * 2


s = NamedSharding(mesh, P("x", "y"))
x_sharded = meshjit.device_put(np.arange(16, dtype=np.int32).reshape(8, 2), s)
lower(times_two, x_sharded, out_shardings=s)


# Unspecified arguments and results carry no sdy.sharding.
# CHECK-LABEL: module @jit_partly_specified
# CHECK: sdy.mesh @mesh = <["x"=4, "y"=2]>
# CHECK: func.func public @main(%arg0: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg1: tensor<8x2xf32>) -> (tensor<8x2xf32> {jax.result_info = "result"}) {
def partly_specified(a, b):
    return a + b


lower(partly_specified, sds((8, 2)), sds((8, 2)), in_shardings=(NamedSharding(mesh, P("x")), None))


# A pytree prefix: one sharding for both leaves of the dict, none for the second argument.
# CHECK-LABEL: module @jit_pytree_prefix
# CHECK: func.func public @main(
# CHECK-SAME: %arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}
# CHECK-SAME: %arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}
# CHECK-SAME: %arg2: tensor<8xf32>)
# CHECK-SAME: -> (tensor<8xf32> {jax.result_info = "result[0]", sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}, tensor<8xf32> {jax.result_info = "result[1]"})
def pytree_prefix(d, c):
    return d["p"] + d["q"], c


lower(
    pytree_prefix,
    {"p": sds((8,)), "q": sds((8,))},
    sds((8,)),
    in_shardings=(NamedSharding(mesh, P("y")), None),
    out_shardings=(NamedSharding(mesh, P("x")), None),
)


# Several axes on one dimension, major to minor as written; dims past the spec are `{}`.
# CHECK-LABEL: module @jit_multi_axis
# CHECK: %arg0: tensor<8x4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}, {}]>}
# CHECK-SAME: -> (tensor<8x4x2xf32> {jax.result_info = "result", sdy.sharding = #sdy.sharding<@mesh, [{}, {"y", "x"}, {}]>})
def multi_axis(a):
    return a + 1.0


lower(
    multi_axis,
    sds((8, 4, 2)),
    in_shardings=NamedSharding(mesh, P(("x", "y"))),
    out_shardings=NamedSharding(mesh, P(None, ("y", "x"))),
)


# Replicated leading and trailing dimensions are closed and empty.
# CHECK-LABEL: module @jit_replicated_dims
# CHECK: %arg0: tensor<4x8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {}]>}
# CHECK-SAME: -> (tensor<4x8x2xf32> {jax.result_info = "result", sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>})
def replicated_dims(a):
    return a * a


lower(
    replicated_dims,
    sds((4, 8, 2)),
    in_shardings=NamedSharding(mesh, P(None, "x")),
    out_shardings=NamedSharding(mesh, P()),
)


# A scalar's sharding has no dimensions.
# CHECK-LABEL: module @jit_scalar
# CHECK: %arg0: tensor<f32> {sdy.sharding = #sdy.sharding<@mesh, []>}
# CHECK-SAME: -> (tensor<f32> {jax.result_info = "result", sdy.sharding = #sdy.sharding<@mesh, []>})
def scalar(a):
    return a * 3.0


lower(
    scalar, sds(()), in_shardings=NamedSharding(mesh, P()), out_shardings=NamedSharding(mesh, P())
)


# with_sharding_constraint: closed dims, P.UNCONSTRAINED as an open `{?}`, multi-axis.
# CHECK-LABEL: module @jit_constraints
# CHECK: sdy.mesh @mesh = <["x"=4, "y"=2]>
# CHECK: %[[SIN:.*]] = stablehlo.sine %arg0
# CHECK: %[[C1:.*]] = sdy.sharding_constraint %[[SIN]] <@mesh, [{"x"}, {"y"}]> : tensor<8x4xf32>
# CHECK: %[[COS:.*]] = stablehlo.cosine %[[C1]]
# CHECK: %[[C2:.*]] = sdy.sharding_constraint %[[COS]] <@mesh, [{"x"}, {?}]> : tensor<8x4xf32>
# CHECK: %[[C3:.*]] = sdy.sharding_constraint %[[C2]] <@mesh, [{?}, {?}]> : tensor<8x4xf32>
# CHECK: %[[C4:.*]] = sdy.sharding_constraint %[[C3]] <@mesh, [{"y", "x"}, {}]> : tensor<8x4xf32>
# CHECK: return %[[C4]]
def constraints(a):
    wsc = meshjit.lax.with_sharding_constraint
    a = wsc(jnp.sin(a), NamedSharding(mesh, P("x", "y")))
    a = wsc(jnp.cos(a), NamedSharding(mesh, P("x", P.UNCONSTRAINED)))
    a = wsc(a, NamedSharding(mesh, P(P.UNCONSTRAINED, P.UNCONSTRAINED)))
    return meshjit.lax.with_sharding_constraint(a, NamedSharding(mesh, P(("y", "x"))))


lower(constraints, sds((8, 4)))


# A constraint on a pytree: one sharding per leaf of the prefix.
# CHECK-LABEL: module @jit_constraint_pytree
# CHECK: sdy.sharding_constraint %arg0 <@mesh, [{"x"}]>
# CHECK: sdy.sharding_constraint %arg1 <@mesh, [{"y"}]>
# CHECK: sdy.sharding_constraint %arg2 <@mesh, [{"y"}]>
def constraint_pytree(a, b, c):
    return meshjit.lax.with_sharding_constraint(
        (a, [b, c]), (NamedSharding(mesh, P("x")), NamedSharding(mesh, P("y")))
    )


lower(constraint_pytree, sds((8,)), sds((8,)), sds((8,)))


# Two meshes of the same size in one module: `@mesh` and `@mesh_0`, each declared once.
# CHECK-LABEL: module @jit_two_meshes
# CHECK: sdy.mesh @mesh = <["x"=4, "y"=2]>
# CHECK-NEXT: sdy.mesh @mesh_0 = <["d"=8]>
# CHECK-NOT: sdy.mesh
# CHECK: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}
# CHECK-SAME: -> (tensor<8x8xf32> {jax.result_info = "result", sdy.sharding = #sdy.sharding<@mesh_0, [{}, {"d"}]>})
# CHECK: sdy.sharding_constraint %{{.*}} <@mesh_0, [{"d"}, {}]>
# CHECK: sdy.sharding_constraint %{{.*}} <@mesh, [{}, {"x"}]>
def two_meshes(a):
    a = meshjit.lax.with_sharding_constraint(a + 1.0, NamedSharding(line, P("d")))
    return meshjit.lax.with_sharding_constraint(a * 2.0, NamedSharding(mesh, P(None, "x")))


lower(
    two_meshes,
    sds((8, 8)),
    in_shardings=NamedSharding(mesh, P("x", "y")),
    out_shardings=NamedSharding(line, P(None, "d")),
)


# A constraint over an AbstractMesh: same symbol and text as a concrete mesh of that shape; as
# JAX, it names no devices: the call runs on one.
# CHECK-LABEL: module @jit_abstract_constraint attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32}
# CHECK: sdy.mesh @mesh = <["x"=2]>
# CHECK: func.func public @main(%arg0: tensor<8xf32>) -> (tensor<8xf32> {jax.result_info = "result"})
# CHECK: %[[M:.*]] = stablehlo.multiply
# CHECK: %[[C:.*]] = sdy.sharding_constraint %[[M]] <@mesh, [{"x"}]> : tensor<8xf32>
# CHECK: return %[[C]]
def abstract_constraint(a):
    return meshjit.lax.with_sharding_constraint(
        a * 3.0, NamedSharding(AbstractMesh((2,), ("x",)), P("x"))
    )


lower(abstract_constraint, sds((8,)))


# Bare PartitionSpecs resolve against set_mesh's context mesh (not `with mesh:`'s, as JAX).
# CHECK-LABEL: module @jit_context_mesh
# CHECK: sdy.mesh @mesh = <["x"=4, "y"=2]>
# CHECK: %arg0: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}
# CHECK-SAME: -> (tensor<8x2xf32> {jax.result_info = "result", sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>})
# CHECK: sdy.sharding_constraint %{{.*}} <@mesh, [{"x"}, {}]>
def context_mesh(a):
    return meshjit.lax.with_sharding_constraint(a + 1.0, P("x"))


with meshjit.set_mesh(mesh):
    lower(context_mesh, sds((8, 2)), in_shardings=P("y"), out_shardings=P(None, "y"))


# An argument's own sharding (a ShapeDtypeStruct's, or a sharded array's) is used when
# in_shardings is not given.
# CHECK-LABEL: module @jit_argument_sharding
# CHECK: %arg0: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}
# CHECK-SAME: %arg1: tensor<8x2xf32>)
# CHECK-SAME: -> (tensor<8x2xf32> {jax.result_info = "result"})
def argument_sharding(a, b):
    return a - b


lower(argument_sharding, sds((8, 2), sharding=s), sds((8, 2)))
