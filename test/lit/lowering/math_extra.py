# RUN: %PYTHON %s | FileCheck %s

import numpy as np

import meshjit
import meshjit.numpy as jnp
from meshjit import lax


def lower(f, *args):
    print(meshjit.jit(f).lower(*args).as_text())


f32 = meshjit.ShapeDtypeStruct((4,), np.float32)
i32 = meshjit.ShapeDtypeStruct((4,), np.int32)


# CHECK-LABEL: module @jit_inverse_trig
# CHECK: %[[ACOS:.*]] = chlo.acos %arg0 : tensor<4xf32> -> tensor<4xf32>
# CHECK: chlo.asin %[[ACOS]]
# CHECK: chlo.atan
# CHECK: chlo.acosh
# CHECK: chlo.asinh
# CHECK: chlo.atanh
def inverse_trig(x):
    return lax.atanh(lax.asinh(lax.acosh(lax.atan(lax.asin(lax.acos(x))))))


lower(inverse_trig, f32)


# CHECK-LABEL: module @jit_hyperbolic
# CHECK: chlo.sinh %arg0 : tensor<4xf32> -> tensor<4xf32>
# CHECK: chlo.cosh %arg0 : tensor<4xf32> -> tensor<4xf32>
# CHECK: chlo.erf_inv %arg0 : tensor<4xf32> -> tensor<4xf32>
def hyperbolic(x):
    return jnp.sinh(x), jnp.cosh(x), lax.erf_inv(x)


lower(hyperbolic, f32)


# exp(log 2 * x) with log 2 in x's dtype, as JAX lowers exp2.
# CHECK-LABEL: module @jit_exp2
# CHECK: %[[LN2:.*]] = stablehlo.constant dense<0.693147182> : tensor<f32>
# CHECK: %[[B:.*]] = stablehlo.broadcast_in_dim %[[LN2]]
# CHECK: %[[M:.*]] = stablehlo.multiply %[[B]], %arg0
# CHECK: stablehlo.exponential %[[M]]
def exp2(x):
    return lax.exp2(x)


lower(exp2, f32)


# CHECK-LABEL: module @jit_nextafter
# CHECK: chlo.next_after %arg0, %arg1 : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
def nextafter(x, y):
    return lax.nextafter(x, y)


lower(nextafter, f32, f32)


# CHECK-LABEL: module @jit_shifts
# CHECK: stablehlo.shift_left %arg0, %arg1 : tensor<4xi32>
# CHECK: stablehlo.shift_right_arithmetic %arg0, %arg1 : tensor<4xi32>
# CHECK: stablehlo.shift_right_logical %arg0, %arg1 : tensor<4xi32>
def shifts(x, y):
    return lax.shift_left(x, y), lax.shift_right_arithmetic(x, y), lax.shift_right_logical(x, y)


lower(shifts, i32, i32)


# CHECK-LABEL: module @jit_bitcasts
# CHECK: stablehlo.bitcast_convert %arg0 : (tensor<4xf32>) -> tensor<4xi32>
# CHECK: stablehlo.bitcast_convert %arg0 : (tensor<4xf32>) -> tensor<4x4xui8>
def bitcasts(x):
    return lax.bitcast_convert_type(x, np.int32), lax.bitcast_convert_type(x, np.uint8)


lower(bitcasts, f32)


# stop_gradient is the identity once lowered.
# CHECK-LABEL: module @jit_stop_gradient
# CHECK-NEXT: func.func public @main(%arg0: tensor<4xf32>) -> (tensor<4xf32> {jax.result_info = "result"})
# CHECK-NEXT: return %arg0 : tensor<4xf32>
def stop_gradient(x):
    return lax.stop_gradient(x)


lower(stop_gradient, f32)


# jnp.signbit of floats bitcasts to the signed integer of the same width and shifts its sign
# bit down (JAX's jitted signbit: a call).
# CHECK-LABEL: module @jit_signbit
# CHECK: call @signbit(%arg0)
# CHECK: %[[BITS:.*]] = stablehlo.bitcast_convert %arg0 : (tensor<4xf32>) -> tensor<4xi32>
# CHECK: %[[SIGN:.*]] = stablehlo.shift_right_arithmetic %[[BITS]], {{.*}} : tensor<4xi32>
# CHECK: stablehlo.compare  NE, %[[SIGN]], {{.*}},  SIGNED
def signbit(x):
    return jnp.signbit(x)


lower(signbit, f32)
