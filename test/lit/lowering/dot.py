# RUN: %PYTHON %s | FileCheck %s

import numpy as np

import meshjit
import meshjit.numpy as jnp
from meshjit import lax


def lower(f, *args):
    print(meshjit.jit(f).lower(*args).as_text())


def sds(shape, dtype=np.float32):
    return meshjit.ShapeDtypeStruct(shape, dtype)


# CHECK-LABEL: module @jit_batched
# CHECK: %[[D:.*]] = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
# CHECK: return %[[D]]
def batched(x, y):
    return lax.dot_general(x, y, (((2,), (1,)), ((0,), (0,))))


lower(batched, sds((2, 3, 4)), sds((2, 4, 5)))


# Batch and contracting dimensions in any position; free dims follow the batch dims.
# CHECK-LABEL: module @jit_permuted_dims
# CHECK: stablehlo.dot_general %arg0, %arg1, batching_dims = [2] x [1], contracting_dims = [0, 3] x [2, 0] : (tensor<4x3x2x6xf32>, tensor<6x2x4x5xf32>) -> tensor<2x3x5xf32>
def permuted_dims(x, y):
    return lax.dot_general(x, y, (((0, 3), (2, 0)), ((2,), (1,))))


lower(permuted_dims, sds((4, 3, 2, 6)), sds((6, 2, 4, 5)))


# CHECK-LABEL: module @jit_preferred_type
# CHECK: stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<2x3xi8>, tensor<3x2xi8>) -> tensor<2x2xi32>
def preferred_type(x, y):
    return lax.dot_general(x, y, (((1,), (0,)), ((), ())), preferred_element_type=np.int32)


lower(preferred_type, sds((2, 3), np.int8), sds((3, 2), np.int8))


# CHECK-LABEL: module @jit_matmul
# CHECK: %[[D:.*]] = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
# CHECK: return %[[D]]
def matmul(x, y):
    return x @ y


lower(matmul, sds((8, 16)), sds((16, 4)))


# As JAX: a batch dim only one operand has stays free, so a rank-2 operand is not broadcast.
# CHECK-LABEL: module @jit_batched_matmul
# CHECK-NOT: broadcast_in_dim
# CHECK: %[[D:.*]] = stablehlo.dot_general %arg0, %arg1, contracting_dims = [2] x [0] : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<2x3x5xf32>
# CHECK: return %[[D]]
def batched_matmul(x, y):
    return jnp.matmul(x, y)


lower(batched_matmul, sds((2, 3, 4)), sds((4, 5)))


# Batch dims both operands have are dot batch dims; a size-1 one facing a larger one is
# squeezed and the larger one stays free; the result is transposed back to matmul's order.
# CHECK-LABEL: module @jit_shared_batch
# CHECK: %[[A:.*]] = stablehlo.reshape %arg0 : (tensor<3x1x2x4xf32>) -> tensor<3x2x4xf32>
# CHECK: %[[D:.*]] = stablehlo.dot_general %[[A]], %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<3x2x4xf32>, tensor<3x5x4x7xf32>) -> tensor<3x2x5x7xf32>
# CHECK: stablehlo.transpose %[[D]], dims = [0, 2, 1, 3] : (tensor<3x2x5x7xf32>) -> tensor<3x5x2x7xf32>
def shared_batch(x, y):
    return jnp.matmul(x, y)


lower(shared_batch, sds((3, 1, 2, 4)), sds((3, 5, 4, 7)))


# Mixed dtypes are promoted before the dot: i8 @ u8 computes in i16.
# CHECK-LABEL: module @jit_promoted
# CHECK-DAG: %[[A:.*]] = stablehlo.convert %arg0 : (tensor<2x3xi8>) -> tensor<2x3xi16>
# CHECK-DAG: %[[B:.*]] = stablehlo.convert %arg1 : (tensor<3xui8>) -> tensor<3xi16>
# CHECK: stablehlo.dot_general
# CHECK-SAME: -> tensor<2xi16>
def promoted(x, y):
    return x @ y


lower(promoted, sds((2, 3), np.int8), sds((3,), np.uint8))
