# RUN: %PYTHON %s | FileCheck %s

import numpy as np

import meshjit
from meshjit import lax


def lower(f, *args):
    print(meshjit.jit(f).lower(*args).as_text())


f32 = meshjit.ShapeDtypeStruct((4, 5), np.float32)
idx = meshjit.ShapeDtypeStruct((3,), np.int32)
scalar = meshjit.ShapeDtypeStruct((), np.int32)


# TEST: static slices with a negative step are slice + reverse, no gather.
# CHECK-LABEL: module @jit_strided
# CHECK: %[[S:.*]] = stablehlo.slice %arg0 [1:3, 0:5:2] : (tensor<4x5xf32>) -> tensor<2x3xf32>
# CHECK: %[[R:.*]] = stablehlo.reverse %[[S]], dims = [1] : tensor<2x3xf32>
# CHECK: return %[[R]]
def strided(x):
    return x[1:3, ::-2]


lower(strided, f32)


# TEST: a traced scalar index wraps negatives, is clamped into range and becomes a dynamic_slice.
# CHECK-LABEL: module @jit_dynamic_row
# CHECK: %[[NEG:.*]] = stablehlo.compare  LT, %arg1
# CHECK: %[[WRAP:.*]] = stablehlo.add %arg1
# CHECK: %[[W:.*]] = stablehlo.select %[[NEG]], %[[WRAP]], %arg1
# CHECK: %[[I:.*]] = stablehlo.clamp %{{.*}}, %[[W]], %{{.*}}
# CHECK: %[[D:.*]] = stablehlo.dynamic_slice %arg0, %[[I]], %{{.*}}, sizes = [1, 5]
# CHECK: stablehlo.reshape %[[D]] : (tensor<1x5xf32>) -> tensor<5xf32>
def dynamic_row(x, i):
    return x[i]


lower(dynamic_row, f32, scalar)


# TEST: an integer array index is a gather of whole rows.
# CHECK-LABEL: module @jit_take_rows
# CHECK: %[[IDX:.*]] = stablehlo.broadcast_in_dim %{{.*}}, dims = [0] : (tensor<3xi32>) -> tensor<3x1xi32>
# CHECK: "stablehlo.gather"(%arg0, %[[IDX]])
# CHECK-SAME: offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1
# CHECK-SAME: slice_sizes = array<i64: 1, 5>
# CHECK-SAME: -> tensor<3x5xf32>
def take_rows(x, i):
    return x[i]


lower(take_rows, f32, idx)


# TEST: x.at[i, 1:3].add(v) is one scatter-add; the slice start is an index component.
# CHECK-LABEL: module @jit_add_rows
# CHECK: %[[IDX:.*]] = stablehlo.concatenate %{{.*}}, %{{.*}}, dim = 1 : (tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x2xi32>
# CHECK: "stablehlo.scatter"(%arg0, %[[IDX]], %{{.*}})
# CHECK-SAME: update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1
# CHECK: ^bb0(%[[CUR:.*]]: tensor<f32>, %[[UPD:.*]]: tensor<f32>):
# CHECK: %[[SUM:.*]] = stablehlo.add %[[CUR]], %[[UPD]] : tensor<f32>
# CHECK: stablehlo.return %[[SUM]]
# CHECK: -> tensor<4x5xf32>
def add_rows(x, i):
    return x.at[i, 1:3].add(1.0)


lower(add_rows, f32, idx)


# TEST: .at[].set has an update region that returns the update.
# CHECK-LABEL: module @jit_set_points
# CHECK: "stablehlo.scatter"
# CHECK: ^bb0(%{{.*}}: tensor<f32>, %[[UPD:.*]]: tensor<f32>):
# CHECK-NEXT: stablehlo.return %[[UPD]] : tensor<f32>
def set_points(x, i):
    return x.at[i, i].set(0.0)


lower(set_points, f32, idx)


# TEST: scatter-max and scatter-min regions.
# CHECK-LABEL: module @jit_max_min
# CHECK: "stablehlo.scatter"
# CHECK: stablehlo.maximum
# CHECK: "stablehlo.scatter"
# CHECK: stablehlo.minimum
def max_min(x, i):
    return x.at[i].max(2.0).at[i].min(1.0)


lower(max_min, f32, idx)


# TEST: lax.gather with mode="fill" masks slices that are out of bounds.
# CHECK-LABEL: module @jit_gather_fill
# CHECK: %[[G:.*]] = "stablehlo.gather"
# CHECK: %[[OK:.*]] = stablehlo.reduce
# CHECK: %[[MASK:.*]] = stablehlo.broadcast_in_dim %[[OK]]
# CHECK: stablehlo.select %[[MASK]], %[[G]], %{{.*}}
def gather_fill(x, i):
    dn = lax.GatherDimensionNumbers(
        offset_dims=(1,), collapsed_slice_dims=(0,), start_index_map=(0,)
    )
    return lax.gather(x, i.reshape(3, 1), dn, (1, 5), mode="fill")


lower(gather_fill, f32, idx)
