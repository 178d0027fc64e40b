# RUN: %PYTHON %s | FileCheck %s

import numpy as np

import meshjit
from meshjit import random


def lower(f, *args):
    print(meshjit.jit(f).lower(*args).as_text())


raw_key = meshjit.ShapeDtypeStruct((2,), np.uint32)


# TEST: bits: the counters are one iota per dimension times its stride (so any sharding of the
# result partitions them), hashed by threefry2x32 under the key's two words (unrolled: the key
# schedule's third word is k1 ^ k2 ^ 0x1BD11BDA, the first rotation is by 13); random_bits is
# one primitive, as JAX's, lowered inline (no function of its own).
# CHECK-LABEL: module @jit_draw_bits
# CHECK: func.func public @main(%[[KEY:.*]]: tensor<2xui32>) -> (tensor<3x4xui32>
# CHECK-DAG: %[[K1:.*]] = stablehlo.reshape %{{.*}} : (tensor<1xui32>) -> tensor<ui32>
# CHECK-DAG: %[[COLS:.*]] = stablehlo.iota dim = 1 : tensor<3x4xui32>
# CHECK-DAG: %[[ROWS:.*]] = stablehlo.iota dim = 0 : tensor<3x4xui32>
# CHECK: %[[STRIDE:.*]] = stablehlo.multiply %[[ROWS]], %{{.*}} : tensor<3x4xui32>
# CHECK: %[[COUNT:.*]] = stablehlo.add %[[STRIDE]], %[[COLS]] : tensor<3x4xui32>
# CHECK: stablehlo.constant dense<466688986> : tensor<ui32>
# CHECK: stablehlo.constant dense<13> : tensor<ui32>
# CHECK: stablehlo.shift_left
# CHECK: stablehlo.constant dense<19> : tensor<ui32>
# CHECK: stablehlo.shift_right_logical
# CHECK: return %{{.*}} : tensor<3x4xui32>
def draw_bits(key):
    return random.bits(key, (3, 4))


lower(draw_bits, raw_key)


# TEST: split hashes the counters 0..num-1 and stacks the two hashes as the new keys' words.
# CHECK-LABEL: module @jit_split_two
# CHECK: func.func public @main(%{{.*}}: tensor<2xui32>) -> (tensor<2x2xui32>
# CHECK: stablehlo.iota dim = 0 : tensor<2xui32>
# CHECK: %[[A:.*]] = stablehlo.broadcast_in_dim %{{.*}}, dims = [0] : (tensor<2xui32>) -> tensor<2x1xui32>
# CHECK: %[[B:.*]] = stablehlo.broadcast_in_dim %{{.*}}, dims = [0] : (tensor<2xui32>) -> tensor<2x1xui32>
# CHECK: stablehlo.concatenate %[[A]], %[[B]], dim = 1 : (tensor<2x1xui32>, tensor<2x1xui32>) -> tensor<2x2xui32>
def split_two(key):
    return random.split(key)


lower(split_two, raw_key)
