# RUN: %PYTHON %s | FileCheck %s

import numpy as np

import meshjit
import meshjit.numpy as jnp
from meshjit import export


def lower(f, spec):
    x = meshjit.ShapeDtypeStruct(export.symbolic_shape(spec), np.float32)
    print(export.export(meshjit.jit(f))(x).mlir_module())


# Shape polymorphism: @main solves `b` from its argument, checks it, calls the function.
# CHECK-LABEL: module @jit_scaled attributes {jax.uses_shape_polymorphism = true
# CHECK: func.func public @main(%arg0: tensor<?x4xf32>{{( loc\(.*\))?}}) -> (tensor<?x4xf32>
# CHECK: %[[B:.*]] = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
# CHECK: stablehlo.custom_call @shape_assertion(
# CHECK-SAME: Expected value >= 1 for dimension variable 'b'
# CHECK: call @_wrapped_jax_export_main(%[[B]], %arg0) : (tensor<i32>, tensor<?x4xf32>)
# CHECK: func.func private @_wrapped_jax_export_main(%arg0: tensor<i32> {jax.global_constant = "b"}{{( loc\(.*\))?}}, %arg1: tensor<?x4xf32>{{( loc\(.*\))?}})
# CHECK: %[[ROWS:.*]] = stablehlo.dynamic_iota %{{.*}}, dim = 0 : (tensor<1xi32>) -> tensor<?xf32>
# CHECK: %[[COL:.*]] = stablehlo.dynamic_broadcast_in_dim %[[ROWS]], %{{.*}}, dims = [0] : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x1xf32>
# CHECK: stablehlo.dynamic_broadcast_in_dim %[[COL]], %{{.*}}, dims = [0, 1] : (tensor<?x1xf32>, tensor<2xi32>) -> tensor<?x4xf32>
# CHECK: stablehlo.real_dynamic_slice %arg1, {{.*}} -> tensor<?x4xf32>
def scaled(x):
    return x * jnp.arange(x.shape[0], dtype=np.float32)[:, None] + x[1:].sum()


lower(scaled, "b, 4")
