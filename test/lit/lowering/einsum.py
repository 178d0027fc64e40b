# RUN: %PYTHON %s | FileCheck %s

import numpy as np

import meshjit
import meshjit.numpy as jnp


def lower(f, *args):
    print(meshjit.jit(f).lower(*args).as_text())


def f32(*shape):
    return meshjit.ShapeDtypeStruct(shape, np.float32)


# TEST: a batched matmul with a permuted output: as JAX, the operands swap so the dot_general
# lands in the output's order (no transpose).
# CHECK-LABEL: module @jit_batched
# CHECK: %[[D:.*]] = stablehlo.dot_general %arg1, %arg0, batching_dims = [0] x [0], contracting_dims = [1] x [2] : (tensor<2x4x5xf32>, tensor<2x3x4xf32>) -> tensor<2x5x3xf32>
# CHECK-NOT: stablehlo.transpose
# CHECK: return %[[D]]
def batched(a, b):
    return jnp.einsum("bij,bjk->bki", a, b)


lower(batched, f32(2, 3, 4), f32(2, 4, 5))


# TEST: three operands contract in opt_einsum's order (JAX's "auto" path), each step's operands
# ordered so the result needs no transpose.
# CHECK-LABEL: module @jit_chain
# CHECK: %[[AB:.*]] = stablehlo.dot_general %arg1, %arg0, contracting_dims = [0] x [1] : (tensor<3x4xf32>, tensor<2x3xf32>) -> tensor<4x2xf32>
# CHECK: %[[ABC:.*]] = stablehlo.dot_general %arg2, %[[AB]], contracting_dims = [0] x [0] : (tensor<4x5xf32>, tensor<4x2xf32>) -> tensor<5x2xf32>
# CHECK: return %[[ABC]]
def chain(a, b, c):
    return jnp.einsum("ab,bc,cd->da", a, b, c)


lower(chain, f32(2, 3), f32(3, 4), f32(4, 5))


# TEST: a label used by one operand only is summed before the contraction.
# CHECK-LABEL: module @jit_presum
# CHECK: %[[R:.*]] = stablehlo.reduce(%arg0 init: %{{.*}}) applies stablehlo.add across dimensions = [0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>
# CHECK: stablehlo.dot_general %[[R]], %arg1, contracting_dims = [0] x [0] : (tensor<3xf32>, tensor<3x4xf32>) -> tensor<4xf32>
def presum(a, b):
    return jnp.einsum("ij,jk->k", a, b)


lower(presum, f32(2, 3), f32(3, 4))


# TEST: a repeated label takes the diagonal (mask with iota == iota, then sum).
# CHECK-LABEL: module @jit_trace
# CHECK: %[[ROWS:.*]] = stablehlo.iota dim = 0 : tensor<4x4xi32>
# CHECK: %[[COLS:.*]] = stablehlo.iota dim = 1 : tensor<4x4xi32>
# CHECK: %[[EQ:.*]] = stablehlo.compare  EQ, %[[ROWS]], %[[COLS]]
# CHECK: %[[M:.*]] = stablehlo.select %[[EQ]], %arg0, %{{.*}}
# CHECK: stablehlo.reduce(%[[M]] init
def trace(a):
    return jnp.einsum("ii", a)


lower(trace, f32(4, 4))


# TEST: ellipsis labels become batch dimensions.
# CHECK-LABEL: module @jit_ellipsis
# CHECK: stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
def ellipsis(a, b):
    return jnp.einsum("...ij,...jk->...ik", a, b)


lower(ellipsis, f32(2, 3, 4), f32(2, 4, 5))
