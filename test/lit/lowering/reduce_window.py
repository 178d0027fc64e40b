# RUN: %PYTHON %s | FileCheck %s

import numpy as np

import meshjit
import meshjit.numpy as jnp
from meshjit import lax


def lower(f, *args):
    print(meshjit.jit(f).lower(*args).as_text())


f32 = meshjit.ShapeDtypeStruct((2, 8, 8, 3), np.float32)
i32 = meshjit.ShapeDtypeStruct((4, 5), np.int32)


# CHECK-LABEL: module @jit_max_pool
# CHECK: %[[INIT:.*]] = stablehlo.constant dense<0xFF800000> : tensor<f32>
# CHECK: %[[POOL:.*]] = "stablehlo.reduce_window"(%arg0, %[[INIT]])
# CHECK-SAME: padding = dense<0> : tensor<4x2xi64>
# CHECK-SAME: window_dimensions = array<i64: 1, 2, 2, 1>
# CHECK-SAME: window_strides = array<i64: 1, 2, 2, 1>
# CHECK: ^bb0(%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>):
# CHECK: %[[M:.*]] = stablehlo.maximum %[[A]], %[[B]] : tensor<f32>
# CHECK: stablehlo.return %[[M]]
# CHECK: -> tensor<2x4x4x3xf32>
# CHECK: return %[[POOL]]
def max_pool(x):
    return lax.reduce_window(x, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")


lower(max_pool, f32)


# CHECK-LABEL: module @jit_avg_pool_same
# CHECK: %[[ZERO:.*]] = stablehlo.constant dense<0.000000e+00> : tensor<f32>
# CHECK: "stablehlo.reduce_window"(%arg0, %[[ZERO]])
# CHECK-SAME: base_dilations = array<i64: 1, 1, 1, 1>
# CHECK-SAME{LITERAL}: padding = dense<[[0, 0], [1, 1], [1, 1], [0, 0]]> : tensor<4x2xi64>
# CHECK-SAME: window_dilations = array<i64: 1, 1, 1, 1>
# CHECK: stablehlo.add
# CHECK: -> tensor<2x8x8x3xf32>
# CHECK: stablehlo.divide
def avg_pool_same(x):
    return lax.reduce_window(x, 0.0, lax.add, (1, 3, 3, 1), (1, 1, 1, 1), "SAME") / 9.0


lower(avg_pool_same, f32)


# CHECK-LABEL: module @jit_min_with_init
# CHECK: %[[MAX:.*]] = stablehlo.constant dense<2147483647> : tensor<i32>
# CHECK: %[[W:.*]] = "stablehlo.reduce_window"(%arg0, %[[MAX]])
# CHECK-SAME: base_dilations = array<i64: 1, 2>
# CHECK-SAME{LITERAL}: padding = dense<[[1, 0], [0, 0]]> : tensor<2x2xi64>
# CHECK-SAME: window_dilations = array<i64: 1, 2>
# CHECK: stablehlo.minimum
# CHECK: %[[SEVEN:.*]] = stablehlo.constant dense<7> : tensor<i32>
# CHECK: %[[B:.*]] = stablehlo.broadcast_in_dim %[[SEVEN]]
# CHECK: stablehlo.minimum %[[W]], %[[B]]
def min_with_init(x):
    return lax.reduce_window(x, 7, lax.min, (2, 2), (1, 1), [(1, 0), (0, 0)], (1, 2), (1, 2))


lower(min_with_init, i32)


# CHECK-LABEL: module @jit_cumsum_reverse
# CHECK: "stablehlo.reduce_window"(%arg0, %{{.*}})
# CHECK-SAME{LITERAL}: padding = dense<[[0, 0], [0, 4]]> : tensor<2x2xi64>
# CHECK-SAME: window_dimensions = array<i64: 1, 5>
# CHECK: stablehlo.add
# CHECK: -> tensor<4x5xi32>
def cumsum_reverse(x):
    return lax.cumsum(x, axis=1, reverse=True)


lower(cumsum_reverse, i32)


# jnp.cumprod is a call of its own function, as JAX's jitted cumprod.
# CHECK-LABEL: module @jit_cumprod_cummax
# CHECK: %[[PROD:.*]] = call @cumprod(%arg0)
# CHECK: %[[LOW:.*]] = stablehlo.constant dense<-2147483648> : tensor<i32>
# CHECK: "stablehlo.reduce_window"(%[[PROD]], %[[LOW]])
# CHECK: stablehlo.maximum
# CHECK: func.func private @cumprod
# CHECK: "stablehlo.reduce_window"
# CHECK-SAME{LITERAL}: padding = dense<[[3, 0], [0, 0]]> : tensor<2x2xi64>
# CHECK-SAME: window_dimensions = array<i64: 4, 1>
# CHECK: stablehlo.multiply
def cumprod_cummax(x):
    return lax.cummax(jnp.cumprod(x, axis=0), axis=0)


lower(cumprod_cummax, i32)
