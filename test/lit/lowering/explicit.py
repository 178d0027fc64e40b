# RUN: %PYTHON %s | FileCheck %s

# Explicit sharding: the types' shardings become closed shardings on the function's arguments
# and results, and sharding constraints where an op's type changes the layout (reductions,
# contractions, reshapes, reshards), so propagation has nothing left to decide.

import numpy as np

import meshjit
import meshjit.numpy as jnp
from meshjit.sharding import AxisType, NamedSharding, P

mesh = meshjit.make_mesh((4, 2), ("X", "Y"))  # Explicit axes, JAX 0.10.2's default
meshjit.set_mesh(mesh)
x = meshjit.device_put(np.ones((8, 4), np.float32), P("X", "Y"))
w = meshjit.device_put(np.ones((4, 6), np.float32), P("Y", None))


def lower(f, *args):
    print(meshjit.jit(f).lower(*args).as_text())


# CHECK-LABEL: module @jit_reduce
# CHECK: func.func public @main(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"X"}, {"Y"}]>})
# CHECK-SAME: -> (tensor<4xf32> {jax.result_info = "result", sdy.sharding = #sdy.sharding<@mesh, [{"Y"}]>})
# CHECK: stablehlo.sine
# CHECK-NOT: sdy.sharding_constraint %{{[0-9]+}} <@mesh, [{"X"}, {"Y"}]>
# CHECK: stablehlo.reduce
# CHECK-NEXT: sdy.sharding_constraint %{{.*}} <@mesh, [{"Y"}]>
def reduce(x):
    return jnp.sin(x).sum(axis=0)


lower(reduce, x)


# A contraction over a dim sharded on both sides needs out_sharding; the types then say where
# the partial sums go (here: reduce-scattered over Y on the rows).
# CHECK-LABEL: module @jit_contract
# CHECK: -> (tensor<8x6xf32> {jax.result_info = "result", sdy.sharding = #sdy.sharding<@mesh, [{"X", "Y"}, {}]>})
# CHECK: stablehlo.dot_general
# CHECK: sdy.sharding_constraint %{{.*}} <@mesh, [{"X", "Y"}, {}]>
def contract(x, w):
    return jnp.dot(x, w, out_sharding=P(("X", "Y"), None))


lower(contract, x, w)


# reshard: a constraint to the new type; its transpose reshards the cotangent back.
# CHECK-LABEL: module @jit_grad_of_reshard
# CHECK: -> (tensor<8x4xf32> {jax.result_info = "result", sdy.sharding = #sdy.sharding<@mesh, [{"X"}, {"Y"}]>})
# CHECK: sdy.sharding_constraint %{{.*}} <@mesh, [{}, {"X"}]>
# CHECK: sdy.sharding_constraint %{{.*}} <@mesh, [{"X"}, {"Y"}]>
def grad_of_reshard(x):
    return meshjit.grad(lambda x: jnp.sum(meshjit.reshard(x, P(None, "X")) ** 2))(x)


lower(grad_of_reshard, x)


# A mesh with an Auto axis: only the Explicit axis is in the types; the constraints leave
# their dimensions open for propagation to add the Auto axis.
# CHECK-LABEL: module @jit_mixed
# CHECK: sdy.mesh @mesh = <["X"=4, "Y"=2]>
# CHECK: stablehlo.reduce
# CHECK-NEXT: sdy.sharding_constraint %{{.*}} <@mesh, [{"X", ?}]>
mixed = meshjit.make_mesh((4, 2), ("X", "Y"), axis_types=(AxisType.Explicit, AxisType.Auto))
xm = meshjit.device_put(np.ones((8, 4), np.float32), NamedSharding(mixed, P("X", "Y")))


def mixed_(x):
    return x.sum(axis=1)


mixed_.__name__ = "mixed"
with meshjit.set_mesh(mixed):  # values typed on a mesh are used under it (as JAX)
    print(meshjit.jit(mixed_).lower(xm).as_text())
