# RUN: %PYTHON %s | FileCheck %s

import numpy as np

import meshjit
from meshjit import lax


def lower(f, *args):
    print(meshjit.jit(f).lower(*args).as_text())


u32 = meshjit.ShapeDtypeStruct((4,), np.uint32)
i8 = meshjit.ShapeDtypeStruct((2, 3), np.int8)
f32 = meshjit.ShapeDtypeStruct((5,), np.float32)


# TEST: clz and population_count are one StableHLO op each, of the operand's type.
# CHECK-LABEL: module @jit_count_bits
# CHECK: %[[CLZ:.*]] = stablehlo.count_leading_zeros %arg0 : tensor<4xui32>
# CHECK: %[[POP:.*]] = stablehlo.popcnt %arg0 : tensor<4xui32>
# CHECK: stablehlo.add %[[CLZ]], %[[POP]]
def count_bits(x):
    return lax.clz(x) + lax.population_count(x)


lower(count_bits, u32)


# TEST: signed operands keep their type.
# CHECK-LABEL: module @jit_signed_clz
# CHECK: stablehlo.count_leading_zeros %arg0 : tensor<2x3xi8>
def signed_clz(x):
    return lax.clz(x)


lower(signed_clz, i8)


# TEST: lgamma and digamma lower to CHLO, as JAX lowers them.
# CHECK-LABEL: module @jit_log_gamma
# CHECK: chlo.lgamma %arg0 : tensor<5xf32> -> tensor<5xf32>
# CHECK: chlo.digamma %arg0 : tensor<5xf32> -> tensor<5xf32>
def log_gamma(x):
    return lax.lgamma(x) + lax.digamma(x)


lower(log_gamma, f32)
