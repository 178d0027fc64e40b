# RUN: %PYTHON %s | FileCheck %s

import numpy as np

import meshjit
import meshjit.numpy as jnp
from meshjit import lax


def lower(f, *args):
    print(meshjit.jit(f).lower(*args).as_text())


f32 = meshjit.ShapeDtypeStruct((4, 3), np.float32)
i8 = meshjit.ShapeDtypeStruct((4, 3), np.int8)
u8 = meshjit.ShapeDtypeStruct((4, 3), np.uint8)
b = meshjit.ShapeDtypeStruct((4, 3), np.bool_)


# CHECK-LABEL: module @jit_reduce_sum
# CHECK: %[[INIT:.*]] = stablehlo.constant dense<0.000000e+00> : tensor<f32>
# CHECK: %[[R:.*]] = stablehlo.reduce(%arg0 init: %[[INIT]]) applies stablehlo.add across dimensions = [1] : (tensor<4x3xf32>, tensor<f32>) -> tensor<4xf32>
# CHECK: return %[[R]] : tensor<4xf32>
def reduce_sum(x):
    return lax.reduce_sum(x, (1,))


lower(reduce_sum, f32)


# Integer sums accumulate in 32 bits, as in JAX.
# CHECK-LABEL: module @jit_sum_int8
# CHECK: %[[X:.*]] = stablehlo.convert %arg0 : (tensor<4x3xi8>) -> tensor<4x3xi32>
# CHECK: %[[INIT:.*]] = stablehlo.constant dense<0> : tensor<i32>
# CHECK: stablehlo.reduce(%[[X]] init: %[[INIT]]) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x3xi32>, tensor<i32>) -> tensor<i32>
def sum_int8(x):
    return jnp.sum(x)


lower(sum_int8, i8)


# CHECK-LABEL: module @jit_sum_uint8
# CHECK: stablehlo.convert %arg0 : (tensor<4x3xui8>) -> tensor<4x3xui32>
# CHECK: stablehlo.reduce({{.*}}) applies stablehlo.add across dimensions = [0] : (tensor<4x3xui32>, tensor<ui32>) -> tensor<3xui32>
def sum_uint8(x):
    return x.sum(0)


lower(sum_uint8, u8)


# The identities: -inf for max, +inf for min, 1 for prod.
# CHECK-LABEL: module @jit_max_min_prod
# CHECK: %[[NEG_INF:.*]] = stablehlo.constant dense<0xFF800000> : tensor<f32>
# CHECK: stablehlo.reduce(%arg0 init: %[[NEG_INF]]) applies stablehlo.maximum across dimensions = [0] : (tensor<4x3xf32>, tensor<f32>) -> tensor<3xf32>
# CHECK: %[[POS_INF:.*]] = stablehlo.constant dense<0x7F800000> : tensor<f32>
# CHECK: stablehlo.reduce(%arg0 init: %[[POS_INF]]) applies stablehlo.minimum across dimensions = [0, 1] : (tensor<4x3xf32>, tensor<f32>) -> tensor<f32>
# CHECK: %[[ONE:.*]] = stablehlo.constant dense<1.000000e+00> : tensor<f32>
# CHECK: stablehlo.reduce(%arg0 init: %[[ONE]]) applies stablehlo.multiply across dimensions = [1] : (tensor<4x3xf32>, tensor<f32>) -> tensor<4xf32>
def max_min_prod(x):
    return lax.reduce_max(x, (0,)), jnp.min(x), lax.reduce_prod(x, (1,))


lower(max_min_prod, f32)


# Integer max starts from the type's lowest value.
# CHECK-LABEL: module @jit_max_int8
# CHECK: %[[LOW:.*]] = stablehlo.constant dense<-128> : tensor<i8>
# CHECK: stablehlo.reduce(%arg0 init: %[[LOW]]) applies stablehlo.maximum across dimensions = [1] : (tensor<4x3xi8>, tensor<i8>) -> tensor<4xi8>
def max_int8(x):
    return jnp.max(x, axis=1)


lower(max_int8, i8)


# CHECK-LABEL: module @jit_and_or
# CHECK: %[[TRUE:.*]] = stablehlo.constant dense<true> : tensor<i1>
# CHECK: stablehlo.reduce(%arg0 init: %[[TRUE]]) applies stablehlo.and across dimensions = [0] : (tensor<4x3xi1>, tensor<i1>) -> tensor<3xi1>
# CHECK: %[[FALSE:.*]] = stablehlo.constant dense<false> : tensor<i1>
# CHECK: stablehlo.reduce(%arg0 init: %[[FALSE]]) applies stablehlo.or across dimensions = [0, 1] : (tensor<4x3xi1>, tensor<i1>) -> tensor<i1>
def and_or(x):
    return lax.reduce_and(x, (0,)), jnp.any(x)


lower(and_or, b)


# argmax reduces (value, index) pairs; ties keep the lower index.
# CHECK-LABEL: module @jit_argmax
# CHECK: %[[IOTA:.*]] = stablehlo.iota dim = 1 : tensor<4x3xi32>
# CHECK: %[[LOW:.*]] = stablehlo.constant dense<-2147483648> : tensor<i32>
# CHECK: %[[ZERO:.*]] = stablehlo.constant dense<0> : tensor<i32>
# CHECK: %[[R:.*]]:2 = stablehlo.reduce(%arg0 init: %[[LOW]]), (%[[IOTA]] init: %[[ZERO]]) across dimensions = [1]
# CHECK-SAME: -> (tensor<4xi32>, tensor<4xi32>)
# CHECK: reducer(%[[A:.*]]: tensor<i32>, %[[B:.*]]: tensor<i32>) (%[[IA:.*]]: tensor<i32>, %[[IB:.*]]: tensor<i32>)
# CHECK: %[[GT:.*]] = stablehlo.compare GT, %[[A]], %[[B]], SIGNED
# CHECK: %[[EQ:.*]] = stablehlo.compare EQ, %[[A]], %[[B]], SIGNED
# CHECK: %[[FIRST:.*]] = stablehlo.compare LT, %[[IA]], %[[IB]], SIGNED
# CHECK: %[[TIE:.*]] = stablehlo.and %[[EQ]], %[[FIRST]]
# CHECK: %[[PICK:.*]] = stablehlo.or %[[GT]], %[[TIE]]
# CHECK: %[[V:.*]] = stablehlo.select %[[PICK]], %[[A]], %[[B]]
# CHECK: %[[I:.*]] = stablehlo.select %[[PICK]], %[[IA]], %[[IB]]
# CHECK: stablehlo.return %[[V]], %[[I]]
# CHECK: return %[[R]]#1 : tensor<4xi32>
def argmax(x):
    return jnp.argmax(x, axis=1)


lower(argmax, meshjit.ShapeDtypeStruct((4, 3), np.int32))


# Float argmin: starts from +inf and treats NaN as the extreme value.
# CHECK-LABEL: module @jit_argmin
# CHECK: %[[IOTA:.*]] = stablehlo.iota dim = 0 : tensor<4x3xi32>
# CHECK: %[[INF:.*]] = stablehlo.constant dense<0x7F800000> : tensor<f32>
# CHECK: stablehlo.reduce(%arg0 init: %[[INF]]), (%[[IOTA]] init: %{{.*}}) across dimensions = [0]
# CHECK: stablehlo.compare LT, %[[A:.*]], %[[B:[^,]*]], FLOAT
# CHECK: stablehlo.compare NE, %[[A]], %[[A]], FLOAT
# CHECK: stablehlo.compare NE, %[[B]], %[[B]], FLOAT
def argmin(x):
    return jnp.argmin(x, axis=0)


lower(argmin, f32)
