# RUN: %PYTHON %s | FileCheck %s

import numpy as np

import meshjit
from meshjit import lax


def lower(f, *args):
    print(meshjit.jit(f).lower(*args).as_text())


def spec(*shape, dtype=np.float32):
    return meshjit.ShapeDtypeStruct(shape, dtype)


# CHECK-LABEL: module @jit_conv_nchw
# CHECK: func.func public @main(%arg0: tensor<2x3x9x8xf32>, %arg1: tensor<4x3x3x3xf32>)
# CHECK: %[[CONV:.*]] = stablehlo.convolution(%arg0, %arg1)
# CHECK-SAME: dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]
# CHECK-SAME{LITERAL}: window = {stride = [2, 1], pad = [[1, 1], [1, 1]]
# CHECK-SAME: feature_group_count = 1 : i64
# CHECK-SAME: (tensor<2x3x9x8xf32>, tensor<4x3x3x3xf32>) -> tensor<2x4x5x8xf32>
# CHECK: return %[[CONV]]
def conv_nchw(x, w):
    return lax.conv(x, w, (2, 1), "SAME")


lower(conv_nchw, spec(2, 3, 9, 8), spec(4, 3, 3, 3))


# CHECK-LABEL: module @jit_conv_nhwc
# CHECK: stablehlo.convolution(%arg0, %arg1)
# CHECK-SAME: dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]
# CHECK-SAME: lhs_dilate = [1, 2]
# CHECK-SAME: rhs_dilate = [2, 1]
# CHECK-SAME: feature_group_count = 2 : i64
# CHECK-SAME: -> tensor<1x4x13x6xf32>
def conv_nhwc(x, w):
    return lax.conv_general_dilated(
        x,
        w,
        (1, 1),
        [(0, 0), (1, 0)],
        lhs_dilation=(1, 2),
        rhs_dilation=(2, 1),
        dimension_numbers=("NHWC", "HWIO", "NHWC"),
        feature_group_count=2,
    )


lower(conv_nhwc, spec(1, 8, 7, 4), spec(3, 2, 2, 6))


# CHECK-LABEL: module @jit_conv1d_batch_groups
# CHECK: stablehlo.convolution(%arg0, %arg1)
# CHECK-SAME: dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0]
# CHECK-SAME: batch_group_count = 2 : i64
# CHECK-SAME: (tensor<4x3x10xbf16>, tensor<6x3x3xbf16>) -> tensor<2x6x8xf32>
def conv1d_batch_groups(x, w):
    return lax.conv_general_dilated(
        x, w, (1,), "VALID", batch_group_count=2, preferred_element_type=np.float32
    )


lower(conv1d_batch_groups, spec(4, 3, 10, dtype="bfloat16"), spec(6, 3, 3, dtype="bfloat16"))
