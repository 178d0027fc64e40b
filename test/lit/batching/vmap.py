# RUN: %PYTHON %s | FileCheck %s
# The batched lowering of vmap: batch dims folded into the ops, no loops.

import numpy as np

import meshjit
import meshjit.numpy as jnp
from meshjit import lax, vmap


def lower(f, *args):
    print(meshjit.jit(f).lower(*args).as_text())


def sds(shape, dtype=np.float32):
    return meshjit.ShapeDtypeStruct(shape, dtype)


# TEST: both operands mapped: the mapped axis is a dot_general batch dim.
# CHECK-LABEL: module @jit_dot_both
# CHECK: %[[D:.*]] = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<8x3x4xf32>, tensor<8x4x5xf32>) -> tensor<8x3x5xf32>
# CHECK-NEXT: return %[[D]]
def dot_both(x, y):
    return vmap(jnp.dot)(x, y)


lower(dot_both, sds((8, 3, 4)), sds((8, 4, 5)))


# TEST: one operand mapped (axis 1): a free dim of the product, moved to the front after.
# CHECK-LABEL: module @jit_dot_one
# CHECK-NOT: broadcast_in_dim
# CHECK: %[[D:.*]] = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<3x4xf32>, tensor<4x8x5xf32>) -> tensor<3x8x5xf32>
# CHECK: stablehlo.transpose %[[D]], dims = [1, 0, 2]
def dot_one(x, y):
    return vmap(jnp.dot, in_axes=(None, 1))(x, y)


lower(dot_one, sds((3, 4)), sds((4, 8, 5)))


# TEST: both mapped: the mapped axis is folded into feature groups.
# CHECK-LABEL: module @jit_conv_both
# CHECK: stablehlo.reshape %{{.*}} -> tensor<2x24x5x5xf32>
# CHECK: %[[W:.*]] = stablehlo.reshape %arg1 : (tensor<8x4x3x3x3xf32>) -> tensor<32x3x3x3xf32>
# CHECK: stablehlo.convolution(%{{.*}}, %[[W]]) {{.*}} feature_group_count = 8 : i64} : (tensor<2x24x5x5xf32>, tensor<32x3x3x3xf32>) -> tensor<2x32x5x5xf32>
def conv_both(x, w):
    return vmap(lambda a, b: lax.conv_general_dilated(a, b, (1, 1), "SAME"))(x, w)


lower(conv_both, sds((8, 2, 3, 5, 5)), sds((8, 4, 3, 3, 3)))


# TEST: only the input mapped: the mapped axis is folded into the conv's batch dim.
# CHECK-LABEL: module @jit_conv_lhs
# CHECK: %[[X:.*]] = stablehlo.reshape %arg0 : (tensor<8x2x3x5x5xf32>) -> tensor<16x3x5x5xf32>
# CHECK: %[[C:.*]] = stablehlo.convolution(%[[X]], %arg1) {{.*}} feature_group_count = 1 : i64} : (tensor<16x3x5x5xf32>, tensor<4x3x3x3xf32>) -> tensor<16x4x5x5xf32>
# CHECK: stablehlo.reshape %[[C]] : (tensor<16x4x5x5xf32>) -> tensor<8x2x4x5x5xf32>
def conv_lhs(x, w):
    conv = lambda a, b: lax.conv_general_dilated(a, b, (1, 1), "SAME")  # noqa: E731
    return vmap(conv, in_axes=(0, None))(x, w)


lower(conv_lhs, sds((8, 2, 3, 5, 5)), sds((4, 3, 3, 3)))


# TEST: operand and indices mapped: a gather with batching dims.
# CHECK-LABEL: module @jit_gather_both
# CHECK: "stablehlo.gather"(%arg0, %{{.*}}) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, {{.*}} slice_sizes = array<i64: 1, 1, 3>}> : (tensor<8x5x3xf32>, tensor<8x4x1xi32>) -> tensor<8x4x3xf32>
def gather_both(x, i):
    return vmap(lambda a, j: a[j])(x, i)


lower(gather_both, sds((8, 5, 3)), sds((8, 4), np.int32))


# TEST: a mapped predicate: loop while any example goes on, finished ones keep their carry.
# CHECK-LABEL: module @jit_while_pred
# CHECK: stablehlo.while(%[[C:.*]] = %arg0) : tensor<8xf32>
# CHECK: cond {
# CHECK: %[[P:.*]] = stablehlo.compare LT, %[[C]], %{{.*}} : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
# CHECK: stablehlo.reduce(%[[P]] init: %{{.*}}) applies stablehlo.or across dimensions = [0]
# CHECK: } do {
# CHECK: %[[Q:.*]] = stablehlo.compare LT, %[[C]]
# CHECK: %[[N:.*]] = stablehlo.multiply %[[C]]
# CHECK: stablehlo.select %[[Q]], %[[N]], %[[C]] : tensor<8xi1>, tensor<8xf32>
def while_pred(x):
    return vmap(lambda a: lax.while_loop(lambda c: c < 10.0, lambda c: c * 2.0, a))(x)


lower(while_pred, sds((8,)))


# TEST: a mapped predicate: both branches run (as JAX's, each on its operands where the index
# picks it and on their stop_gradient elsewhere: one value), then a select (no stablehlo.case).
# CHECK-LABEL: module @jit_cond_pred
# CHECK-NOT: stablehlo.case
# CHECK: %[[GF:.*]] = stablehlo.select %{{.*}}, %arg1, %arg1 : tensor<8x3xi1>, tensor<8x3xf32>
# CHECK: %[[F:.*]] = stablehlo.cosine %[[GF]] : tensor<8x3xf32>
# CHECK: %[[GT:.*]] = stablehlo.select %{{.*}}, %arg1, %arg1 : tensor<8x3xi1>, tensor<8x3xf32>
# CHECK: %[[T:.*]] = stablehlo.sine %[[GT]] : tensor<8x3xf32>
# CHECK: stablehlo.select %{{.*}}, %[[F]], %[[T]] : tensor<8x3xi1>, tensor<8x3xf32>
def cond_pred(p, x):
    return vmap(lambda q, a: lax.cond(q > 0, jnp.sin, jnp.cos, a))(p, x)


lower(cond_pred, sds((8,)), sds((8, 3)))


# TEST: an unmapped predicate keeps the case, with batched branches.
# CHECK-LABEL: module @jit_cond_unmapped
# CHECK: "stablehlo.case"
# CHECK: stablehlo.cosine %{{.*}} : tensor<8x3xf32>
def cond_unmapped(p, x):
    return vmap(lambda q, a: lax.cond(q > 0, jnp.sin, jnp.cos, a), in_axes=(None, 0))(p, x)


lower(cond_unmapped, sds(()), sds((8, 3)))
