# RUN: %PYTHON %s | FileCheck %s

import numpy as np

import meshjit
import meshjit.numpy as jnp
from meshjit import lax


def lower(f, *args):
    print(meshjit.jit(f).lower(*args).as_text())


bf16 = meshjit.ShapeDtypeStruct((3,), "bfloat16")
f32 = meshjit.ShapeDtypeStruct((3,), np.float32)
i8 = meshjit.ShapeDtypeStruct((3,), np.int8)
u8 = meshjit.ShapeDtypeStruct((3,), np.uint8)
b = meshjit.ShapeDtypeStruct((3,), np.bool_)


# CHECK-LABEL: module @jit_convert
# CHECK: %[[F:.*]] = stablehlo.convert %arg0 : (tensor<3xbf16>) -> tensor<3xf32>
# CHECK: %[[I:.*]] = stablehlo.convert %arg0 : (tensor<3xbf16>) -> tensor<3xi8>
# CHECK: %[[U:.*]] = stablehlo.convert %arg1 : (tensor<3xi1>) -> tensor<3xui8>
# CHECK: return %[[F]], %[[I]], %[[U]]
def convert(x, p):
    return x.astype(np.float32), lax.convert_element_type(x, np.int8), p.astype(np.uint8)


lower(convert, bf16, b)


# Conversion to bool is a comparison with zero.
# CHECK-LABEL: module @jit_to_bool
# CHECK: %[[Z:.*]] = stablehlo.constant dense<0> : tensor<i8>
# CHECK: %[[ZB:.*]] = stablehlo.broadcast_in_dim %[[Z]], dims = [] : (tensor<i8>) -> tensor<3xi8>
# CHECK: %[[NE:.*]] = stablehlo.compare NE, %arg0, %[[ZB]], SIGNED : (tensor<3xi8>, tensor<3xi8>) -> tensor<3xi1>
# CHECK: return %[[NE]]
def to_bool(x):
    return x.astype(bool)


lower(to_bool, i8)


# The comparison type follows the operand dtype.
# CHECK-LABEL: module @jit_compare_types
# CHECK: stablehlo.compare LT, %arg0, %{{.*}}, FLOAT : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
# CHECK: stablehlo.compare GE, %arg1, %{{.*}}, SIGNED : (tensor<3xi8>, tensor<3xi8>) -> tensor<3xi1>
# CHECK: stablehlo.compare GT, %arg2, %{{.*}}, UNSIGNED : (tensor<3xui8>, tensor<3xui8>) -> tensor<3xi1>
# CHECK: stablehlo.compare EQ, %arg3, %arg3, UNSIGNED : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
# CHECK: stablehlo.compare NE, %arg0, %arg0, FLOAT
def compare_types(x, i, u, p):
    return x < 1.0, i >= 2, u > 1, p == p, x != x


lower(compare_types, f32, i8, u8, b)


# CHECK-LABEL: module @jit_select
# CHECK: %[[P:.*]] = stablehlo.compare GT, %arg0, %{{.*}}, FLOAT
# jnp.where is a call of its own function, as JAX's jitted _where
# CHECK: %[[S:.*]] = call @_where(%[[P]], %arg0, %arg1)
# CHECK: %[[W:.*]] = stablehlo.select %arg2, %arg1, %arg0 : tensor<3xi1>, tensor<3xf32>
# CHECK: return %[[S]], %[[W]]
# CHECK: func.func private @_where(%arg0: tensor<3xi1>, %arg1: tensor<3xf32>, %arg2: tensor<3xf32>)
# CHECK-NEXT: stablehlo.select %arg0, %arg1, %arg2 : tensor<3xi1>, tensor<3xf32>
def select(x, y, p):
    return jnp.where(x > 0, x, y), lax.select_n(p, x, y)


lower(select, f32, f32, b)


# An int32 selector over three cases is a tree of selects.
# CHECK-LABEL: module @jit_select_n3
# CHECK: %[[ONE:.*]] = stablehlo.broadcast_in_dim {{.*}} -> tensor<3xi32>
# CHECK: %[[LT1:.*]] = stablehlo.compare LT, %arg0, %[[ONE]], SIGNED
# CHECK: %[[TWO:.*]] = stablehlo.broadcast_in_dim {{.*}} -> tensor<3xi32>
# CHECK: %[[LT2:.*]] = stablehlo.compare LT, %arg0, %[[TWO]], SIGNED
# CHECK: %[[HI:.*]] = stablehlo.select %[[LT2]], %arg2, %arg3
# CHECK: %[[R:.*]] = stablehlo.select %[[LT1]], %arg1, %[[HI]]
# CHECK: return %[[R]]
def select_n3(which, a, b, c):
    return lax.select_n(which, a, b, c)


lower(select_n3, meshjit.ShapeDtypeStruct((3,), np.int32), f32, f32, f32)


# CHECK-LABEL: module @jit_clamp
# CHECK: %[[LO:.*]] = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
# CHECK: %[[HI:.*]] = stablehlo.constant dense<1.000000e+00> : tensor<bf16>
# CHECK: %[[C:.*]] = stablehlo.clamp %[[LO]], %arg0, %[[HI]] : (tensor<bf16>, tensor<3xbf16>, tensor<bf16>) -> tensor<3xbf16>
# CHECK: return %[[C]]
def clamp(x):  # bounds of the operand's dtype, as JAX's lax.clamp takes them
    return lax.clamp(jnp.bfloat16(0.0), x, jnp.bfloat16(1.0))


lower(clamp, bf16)


# integer_pow is square-and-multiply; a negative power divides one by it.
# CHECK-LABEL: module @jit_integer_pow
# CHECK: %[[X2:.*]] = stablehlo.multiply %arg0, %arg0 : tensor<3xf32>
# CHECK: %[[X4:.*]] = stablehlo.multiply %[[X2]], %[[X2]] : tensor<3xf32>
# CHECK: %[[X5:.*]] = stablehlo.multiply %arg0, %[[X4]] : tensor<3xf32>
# CHECK: %[[SQ:.*]] = stablehlo.multiply %arg0, %arg0 : tensor<3xf32>
# CHECK: %[[ONE:.*]] = stablehlo.broadcast_in_dim {{.*}} -> tensor<3xf32>
# CHECK: %[[INV:.*]] = stablehlo.divide %[[ONE]], %[[SQ]] : tensor<3xf32>
# CHECK: return %[[X5]], %[[INV]]
def integer_pow(x):
    return lax.integer_pow(x, 5), lax.integer_pow(x, -2)


lower(integer_pow, f32)


# x ** 0 is a broadcast one.
# CHECK-LABEL: module @jit_pow_zero
# CHECK: %[[ONE:.*]] = stablehlo.constant dense<1> : tensor<i8>
# CHECK: %[[B:.*]] = stablehlo.broadcast_in_dim %[[ONE]], dims = [] : (tensor<i8>) -> tensor<3xi8>
# CHECK: return %[[B]]
def pow_zero(x):
    return x**0


lower(pow_zero, i8)
