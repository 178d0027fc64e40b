# RUN: %PYTHON %s | FileCheck %s

import numpy as np

import meshjit
from meshjit import lax
from meshjit.sharding import AxisType
from meshjit.sharding import PartitionSpec as P

mesh = meshjit.make_mesh((4, 2), ("x", "y"), axis_types=(AxisType.Auto,) * 2)
f32 = meshjit.ShapeDtypeStruct((8, 4), np.float32)
i32 = meshjit.ShapeDtypeStruct((8, 2), np.int32)


def lower(body, in_specs, out_specs, *args, **kw):
    f = meshjit.shard_map(body, mesh=mesh, in_specs=in_specs, out_specs=out_specs, **kw)
    print(meshjit.jit(f).lower(*args).as_text())


# Fully manual: closed shardings, every axis manual, local shapes in the body.
# CHECK-LABEL: module @jit_fully_manual
# CHECK-SAME: mhlo.num_partitions = 8 : i32
# CHECK: sdy.mesh @mesh = <["x"=4, "y"=2]>
# CHECK: func.func public @main(%arg0: tensor<8x4xf32>) -> (tensor<2x4xf32> {jax.result_info = "result"})
# CHECK: %[[MC:.*]] = sdy.manual_computation(%arg0)
# CHECK-SAME: in_shardings=[<@mesh, [{"x"}, {"y"}]>] out_shardings=[<@mesh, [{}, {"y"}]>]
# CHECK-SAME: manual_axes={"x", "y"} (%[[L:arg[0-9]+]]: tensor<2x2xf32>)
# CHECK: %[[R:.*]] = "stablehlo.all_reduce"(%[[L]])
# CHECK-SAME: channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>
# CHECK-SAME: replica_groups = dense<{{\[\[}}0, 2, 4, 6], [1, 3, 5, 7]]> : tensor<2x4xi64>
# CHECK-SAME: use_global_device_ids
# CHECK: stablehlo.add
# CHECK: sdy.return %[[R]] : tensor<2x2xf32>
# CHECK: } : (tensor<8x4xf32>) -> tensor<2x4xf32>
# CHECK: return %[[MC]]
def fully_manual(b):
    return lax.psum(b, "x")


lower(fully_manual, P("x", "y"), P(None, "y"), f32)


# Partial manual: open dimensions, only "x" manual; "y" stays whole in the body.
# CHECK-LABEL: module @jit_partial_manual
# CHECK: sdy.manual_computation(%arg0)
# CHECK-SAME: in_shardings=[<@mesh, [{"x", ?}, {?}]>] out_shardings=[<@mesh, [{?}, {?}]>]
# CHECK-SAME: manual_axes={"x"} (%[[L:arg[0-9]+]]: tensor<2x4xf32>)
# CHECK: "stablehlo.all_reduce"(%[[L]])
# CHECK-SAME: replica_groups = dense<{{\[\[}}0, 2, 4, 6], [1, 3, 5, 7]]>
def partial_manual(b):
    return lax.psum(b, "x")


lower(partial_manual, P("x"), P(), f32, axis_names={"x"})


# Replica groups over 'x', 'y', ('x', 'y'), ('y', 'x'), and one channel per collective.
# CHECK-LABEL: module @jit_replica_groups
# CHECK: "stablehlo.all_reduce"
# CHECK-SAME: handle = 1, type = 1
# CHECK-SAME: replica_groups = dense<{{\[\[}}0, 2, 4, 6], [1, 3, 5, 7]]> : tensor<2x4xi64>
# CHECK: "stablehlo.all_reduce"
# CHECK-SAME: handle = 2, type = 1
# CHECK-SAME: replica_groups = dense<{{\[\[}}0, 1], [2, 3], [4, 5], [6, 7]]> : tensor<4x2xi64>
# CHECK: "stablehlo.all_reduce"
# CHECK-SAME: handle = 3, type = 1
# CHECK-SAME: replica_groups = dense<{{\[\[}}0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>
# CHECK: "stablehlo.all_reduce"
# CHECK-SAME: handle = 4, type = 1
# CHECK-SAME: replica_groups = dense<{{\[\[}}0, 2, 4, 6, 1, 3, 5, 7]]> : tensor<1x8xi64>
# CHECK: sdy.return
def replica_groups(b):
    return lax.psum(b, "x"), lax.psum(b, "y"), lax.psum(b, ("x", "y")), lax.psum(b, ("y", "x"))


lower(replica_groups, P("x", "y"), (P(None, "y"), P("x"), P(), P()), f32)


# CHECK-LABEL: module @jit_index_groups
# CHECK: "stablehlo.all_reduce"
# CHECK-SAME: replica_groups = dense<{{\[\[}}0, 2], [4, 6], [1, 3], [5, 7]]> : tensor<4x2xi64>
# CHECK: stablehlo.maximum
def index_groups(b):
    return lax.pmax(b, "x", axis_index_groups=[[0, 1], [2, 3]])


lower(index_groups, P("x", "y"), P("x", "y"), f32)


# ppermute: (g[src], g[dst]) for every group g.
# CHECK-LABEL: module @jit_ppermute
# CHECK: "stablehlo.collective_permute"(%{{[a-z0-9]+}})
# CHECK-SAME: handle = 1, type = 1
# CHECK-SAME: source_target_pairs = dense<{{\[\[}}0, 2], [2, 4], [4, 6], [6, 0], [1, 3], [3, 5], [5, 7], [7, 1]]> : tensor<8x2xi64>
# CHECK: "stablehlo.collective_permute"(%{{[a-z0-9]+}})
# CHECK-SAME: handle = 2, type = 1
# CHECK-SAME: source_target_pairs = dense<{{\[\[}}0, 2], [5, 4]]> : tensor<2x2xi64>
def ppermute(b):
    cyclic = lax.ppermute(b, "x", [(0, 1), (1, 2), (2, 3), (3, 0)])
    partial = lax.ppermute(b, ("y", "x"), [(0, 1), (6, 2)])
    return cyclic, partial


lower(ppermute, P("x", "y"), P("x", "y"), f32)


# axis_index: partition_id / (sizes of later axes) % size, then convert to i32.
# CHECK-LABEL: module @jit_axis_index
# CHECK: %[[PID:.*]] = stablehlo.partition_id : tensor<ui32>
# CHECK: %[[TWO:.*]] = stablehlo.constant dense<2> : tensor<ui32>
# CHECK: %[[DIV:.*]] = stablehlo.divide %[[PID]], %[[TWO]] : tensor<ui32>
# CHECK: %[[FOUR:.*]] = stablehlo.constant dense<4> : tensor<ui32>
# CHECK: %[[X:.*]] = stablehlo.remainder %[[DIV]], %[[FOUR]] : tensor<ui32>
# CHECK: stablehlo.convert %[[X]] : (tensor<ui32>) -> tensor<i32>
# CHECK: %[[PID2:.*]] = stablehlo.partition_id : tensor<ui32>
# CHECK: %[[TWO2:.*]] = stablehlo.constant dense<2> : tensor<ui32>
# CHECK: %[[Y:.*]] = stablehlo.remainder %[[PID2]], %[[TWO2]] : tensor<ui32>
# CHECK: stablehlo.convert %[[Y]] : (tensor<ui32>) -> tensor<i32>
# A tuple ('y', 'x'): index(y) * size(x) + index(x).
# CHECK: %[[PID3:.*]] = stablehlo.partition_id : tensor<ui32>
# CHECK: %[[YI:.*]] = stablehlo.remainder %[[PID3]], %{{.*}} : tensor<ui32>
# CHECK: %[[XD:.*]] = stablehlo.divide %[[PID3]], %{{.*}} : tensor<ui32>
# CHECK: %[[XI:.*]] = stablehlo.remainder %[[XD]], %{{.*}} : tensor<ui32>
# CHECK: %[[SX:.*]] = stablehlo.constant dense<4> : tensor<ui32>
# CHECK: %[[M:.*]] = stablehlo.multiply %[[YI]], %[[SX]] : tensor<ui32>
# CHECK: %[[SUM:.*]] = stablehlo.add %[[M]], %[[XI]] : tensor<ui32>
# CHECK: stablehlo.convert %[[SUM]] : (tensor<ui32>) -> tensor<i32>
def axis_index(b):
    return b + lax.axis_index("x"), b + lax.axis_index("y"), b + lax.axis_index(("y", "x"))


lower(axis_index, P("x", "y"), P("x", "y"), i32)


# In a partial-manual body the index is computed in a fully manual nest over the free axes.
# CHECK-LABEL: module @jit_partial_axis_index
# CHECK: sdy.manual_computation(%arg0) {{.*}} manual_axes={"x"}
# CHECK: %[[IDX:.*]] = sdy.manual_computation() in_shardings=[] out_shardings=[<@mesh, []>] manual_axes={"y"} () {
# CHECK: stablehlo.partition_id
# CHECK: sdy.return %{{.*}} : tensor<i32>
# CHECK: } : () -> tensor<i32>
# CHECK: stablehlo.broadcast_in_dim %[[IDX]]
def partial_axis_index(b):
    return b + lax.axis_index("x")


lower(partial_axis_index, P("x"), P("x"), i32, axis_names={"x"})


# CHECK-LABEL: module @jit_gather_scatter
# CHECK: sdy.manual_computation{{.*}} (%[[L:arg[0-9]+]]: tensor<4x8xf32>)
# CHECK: %[[E:.*]] = stablehlo.broadcast_in_dim %[[L]], dims = [0, 2] : (tensor<4x8xf32>) -> tensor<4x1x8xf32>
# CHECK: "stablehlo.all_gather"(%[[E]]) <{all_gather_dim = 1 : i64
# CHECK-SAME: replica_groups = dense<{{\[\[}}0, 2, 4, 6], [1, 3, 5, 7]]>
# CHECK-SAME: use_global_device_ids
# CHECK-SAME: (tensor<4x1x8xf32>) -> tensor<4x4x8xf32>
# CHECK: "stablehlo.all_gather"(%[[L]]) <{all_gather_dim = 0 : i64
# CHECK-SAME: replica_groups = dense<{{\[\[}}0, 1], [2, 3], [4, 5], [6, 7]]>
# CHECK-SAME: (tensor<4x8xf32>) -> tensor<8x8xf32>
# CHECK: "stablehlo.reduce_scatter"(%[[L]])
# CHECK-SAME: scatter_dimension = 1 : i64, use_global_device_ids
# CHECK: stablehlo.add
# CHECK: (tensor<4x8xf32>) -> tensor<4x2xf32>
# CHECK: %[[RS:.*]] = "stablehlo.reduce_scatter"
# CHECK-SAME: scatter_dimension = 0 : i64
# CHECK: (tensor<2x8xf32>) -> tensor<1x8xf32>
# CHECK: stablehlo.reshape %[[RS]] : (tensor<1x8xf32>) -> tensor<8xf32>
def gather_scatter(b):
    return (
        lax.all_gather(b, "x", axis=1),
        lax.all_gather(b, "y", tiled=True),
        lax.psum_scatter(b, "x", scatter_dimension=1, tiled=True),
        lax.psum_scatter(b[:2], "y"),
    )


lower(
    gather_scatter,
    P("x"),
    (P(), P(), P("x"), P()),
    meshjit.ShapeDtypeStruct((16, 8), np.float32),
    check_vma=False,
)


# all_to_all: no use_global_device_ids; untiled inserts the new dimension and drops the split one.
# CHECK-LABEL: module @jit_all_to_all
# CHECK: sdy.manual_computation{{.*}} (%[[L:arg[0-9]+]]: tensor<4x4xf32>)
# CHECK: "stablehlo.all_to_all"(%[[L]])
# CHECK-SAME: concat_dimension = 0 : i64
# CHECK-SAME: split_count = 4 : i64, split_dimension = 1 : i64}>
# CHECK-SAME: (tensor<4x4xf32>) -> tensor<16x1xf32>
# CHECK: %[[E:.*]] = stablehlo.broadcast_in_dim %[[L]], dims = [0, 1] : (tensor<4x4xf32>) -> tensor<4x4x1xf32>
# CHECK: %[[A:.*]] = "stablehlo.all_to_all"(%[[E]])
# CHECK-SAME: concat_dimension = 2 : i64
# CHECK-SAME: split_count = 4 : i64, split_dimension = 0 : i64}>
# CHECK: stablehlo.reshape %[[A]] : (tensor<1x4x4xf32>) -> tensor<4x4xf32>
def all_to_all(b):
    return lax.all_to_all(b, "x", 1, 0, tiled=True), lax.all_to_all(b, "x", 0, 1)


lower(all_to_all, P("x"), P("x"), meshjit.ShapeDtypeStruct((16, 4), np.float32), check_vma=False)


# pbroadcast runs on CPU as a masked psum.
# CHECK-LABEL: module @jit_pbroadcast
# CHECK: stablehlo.partition_id
# CHECK: stablehlo.compare  EQ
# CHECK: stablehlo.select
# CHECK: "stablehlo.all_reduce"
# CHECK-SAME: replica_groups = dense<{{\[\[}}0, 1], [2, 3], [4, 5], [6, 7]]>
def pbroadcast(b):
    return lax.pbroadcast(b, "y", 1)


lower(pbroadcast, P("x", "y"), P("x", "y"), f32)
