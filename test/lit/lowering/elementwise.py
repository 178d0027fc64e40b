# RUN: %PYTHON %s | FileCheck %s

import numpy as np

import meshjit
import meshjit.numpy as jnp


def lower(f, *args):
    print(meshjit.jit(f).lower(*args).as_text())


f32 = meshjit.ShapeDtypeStruct((8, 2), np.float32)
i32 = meshjit.ShapeDtypeStruct((8, 2), np.int32)


# CHECK-LABEL: module @jit_times_two
# CHECK-SAME: mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32
# CHECK: func.func public @main(%arg0: tensor<8x2xi32>) -> (tensor<8x2xi32> {jax.result_info = "result"})
# CHECK: %[[C:.*]] = stablehlo.constant dense<2> : tensor<i32>
# CHECK: %[[B:.*]] = stablehlo.broadcast_in_dim %[[C]], dims = [] : (tensor<i32>) -> tensor<8x2xi32>
# CHECK: %[[M:.*]] = stablehlo.multiply %arg0, %[[B]] : tensor<8x2xi32>
# CHECK: return %[[M]]
def times_two(x):
    return x * 2


lower(times_two, i32)


# CHECK-LABEL: module @jit_unary
# CHECK: stablehlo.exponential
# CHECK: stablehlo.log
# CHECK: stablehlo.tanh
# CHECK: stablehlo.sqrt
# CHECK: stablehlo.sine
# CHECK: stablehlo.cosine
def unary(x):
    return jnp.sqrt(jnp.tanh(jnp.log(jnp.exp(x)))) + jnp.sin(x) + jnp.cos(x)


lower(unary, f32)


# CHECK-LABEL: module @jit_compare
# CHECK: stablehlo.compare  LT, %arg0, %arg1,  FLOAT : (tensor<8x2xf32>, tensor<8x2xf32>) -> tensor<8x2xi1>
# CHECK: stablehlo.select
def compare(x, y):
    return jnp.where(x < y, x, y)


lower(compare, f32, f32)
