# RUN: %PYTHON %s | FileCheck %s

import numpy as np

import meshjit
import meshjit.numpy as jnp
from meshjit import lax


def lower(f, *args):
    print(meshjit.jit(f).lower(*args).as_text())


f32 = meshjit.ShapeDtypeStruct((4, 5), np.float32)
i32 = meshjit.ShapeDtypeStruct((6,), np.int32)


# TEST: float sort: -0.0 -> 0.0 and NaN -> one NaN, then a TOTALORDER compare.
# CHECK-LABEL: module @jit_sort_rows
# CHECK: %[[S:.*]] = "stablehlo.sort"(%arg0) <{dimension = 1 : i64, is_stable = true}>
# CHECK: ^bb0(%[[L:.*]]: tensor<f32>, %[[R:.*]]: tensor<f32>):
# CHECK: %[[LZ:.*]] = stablehlo.compare  EQ, %[[L]]
# CHECK: %[[LN:.*]] = stablehlo.compare  NE
# CHECK: %[[RZ:.*]] = stablehlo.compare  EQ, %[[R]]
# CHECK: %[[LT:.*]] = stablehlo.compare  LT, %{{.*}}, %{{.*}},  TOTALORDER
# CHECK: stablehlo.return %[[LT]] : tensor<i1>
# CHECK: return %[[S]]
def sort_rows(x):
    return jnp.sort(x)


lower(sort_rows, f32)


# TEST: argsort sorts (keys, iota) and returns the second result.
# CHECK-LABEL: module @jit_argsort_cols
# CHECK: %[[IOTA:.*]] = stablehlo.iota dim = 0 : tensor<4x5xi32>
# CHECK: %[[S:.*]]:2 = "stablehlo.sort"(%arg0, %[[IOTA]]) <{dimension = 0 : i64, is_stable = true}>
# CHECK: ^bb0(%{{.*}}: tensor<f32>, %{{.*}}: tensor<f32>, %{{.*}}: tensor<i32>, %{{.*}}: tensor<i32>):
# CHECK: return %[[S]]#1 : tensor<4x5xi32>
def argsort_cols(x):
    return jnp.argsort(x, axis=0)


lower(argsort_cols, f32)


# TEST: two integer keys compare lexicographically with SIGNED compares.
# CHECK-LABEL: module @jit_two_keys
# CHECK: "stablehlo.sort"(%arg0, %arg1, %arg0)
# CHECK: ^bb0(%[[A:.*]]: tensor<i32>, %[[B:.*]]: tensor<i32>, %[[C:.*]]: tensor<i32>, %[[D:.*]]: tensor<i32>, %{{.*}}: tensor<i32>, %{{.*}}: tensor<i32>):
# CHECK: %[[LT2:.*]] = stablehlo.compare  LT, %[[C]], %[[D]],  SIGNED
# CHECK: %[[EQ1:.*]] = stablehlo.compare  EQ, %[[A]], %[[B]],  SIGNED
# CHECK: %[[AND:.*]] = stablehlo.and %[[EQ1]], %[[LT2]]
# CHECK: %[[LT1:.*]] = stablehlo.compare  LT, %[[A]], %[[B]],  SIGNED
# CHECK: %[[OR:.*]] = stablehlo.or %[[LT1]], %[[AND]]
# CHECK: stablehlo.return %[[OR]]
def two_keys(a, b):
    return lax.sort((a, b, a), num_keys=2)


lower(two_keys, i32, i32)


# TEST: descending sort reverses the ascending one.
# CHECK-LABEL: module @jit_descending
# CHECK: %[[S:.*]] = "stablehlo.sort"
# CHECK: stablehlo.reverse %[[S]], dims = [0] : tensor<6xi32>
def descending(a):
    return jnp.sort(a, descending=True)


lower(descending, i32)
