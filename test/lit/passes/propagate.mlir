// RUN: meshjit-opt %s -split-input-file --meshjit-propagate | FileCheck %s

// Forward and backward through an elementwise chain: %arg1 and the result take %arg0's axes.
sdy.mesh @mesh = <["x"=2, "y"=4]>
// CHECK-LABEL: func.func @elementwise_chain
// CHECK-SAME: %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}, {"y", ?}]>}
// CHECK-SAME: -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}, {"y", ?}]>})
// CHECK: stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", ?}, {"y", ?}]>]>}
// CHECK: stablehlo.negate %{{.*}} {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", ?}, {"y", ?}]>]>}
func.func @elementwise_chain(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>},
                             %arg1: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x16xf32>
  %1 = stablehlo.negate %0 : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

// -----

// Backward only: the result's sharding reaches the argument.
sdy.mesh @mesh = <["x"=2, "y"=4]>
// CHECK-LABEL: func.func @backward
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"y", ?}]>}
func.func @backward(%arg0: tensor<8x16xf32>) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) {
  %0 = stablehlo.abs %arg0 : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// dot_general: the batch factor goes to lhs, rhs and result; the contracting factor (a
// reduction) goes from lhs to rhs only; non-contracting factors reach the result.
sdy.mesh @mesh = <["b"=2, "k"=2, "n"=2]>
// CHECK-LABEL: func.func @dot_general
// CHECK-SAME: %arg1: tensor<2x32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {"k", ?}, {"n"}]>}
// CHECK: stablehlo.dot_general {{.*}} {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}, {"n", ?}]>]>}
func.func @dot_general(%arg0: tensor<2x8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}, {"k"}]>},
                       %arg1: tensor<2x32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}, {"n"}]>}) -> tensor<2x8x16xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x8x32xf32>, tensor<2x32x16xf32>) -> tensor<2x8x16xf32>
  return %0 : tensor<2x8x16xf32>
}

// -----

// broadcast_in_dim: the mapped dim shares a factor, the new dim gets the other operand's axes.
sdy.mesh @mesh = <["x"=2, "y"=4]>
// CHECK-LABEL: func.func @broadcast
// CHECK: stablehlo.broadcast_in_dim {{.*}} {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", ?}, {"y", ?}]>]>}
func.func @broadcast(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>},
                     %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<16xf32>) -> tensor<8x16xf32>
  %1 = stablehlo.add %0, %arg1 : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

// -----

// reduce: kept dims pass through, the reduced dim's axis stays on the operand.
sdy.mesh @mesh = <["x"=2, "y"=4]>
// CHECK-LABEL: func.func @reduce
// CHECK: stablehlo.reduce{{.*}}sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", ?}]>]>
func.func @reduce(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> tensor<8xf32> {
  %cst = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// reshape splits "y"=4 over [2, 4] into the sub-axes "y":(1)2 and "y":(2)2; the func result
// takes them too, as with Shardy's propagation (export cuts them off func boundaries).
sdy.mesh @mesh = <["x"=2, "y"=4]>
// CHECK-LABEL: func.func @reshape_sub_axes
// CHECK-SAME: -> (tensor<2x4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y":(1)2, ?}, {"y":(2)2, ?}, {"x", ?}]>})
// CHECK: stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y":(1)2, ?}, {"y":(2)2, ?}, {"x", ?}]>]>}
func.func @reshape_sub_axes(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}) -> tensor<2x4x16xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<8x16xf32>) -> tensor<2x4x16xf32>
  return %0 : tensor<2x4x16xf32>
}

// -----

// reshape merging dims: [4, 4, 16] -> [16, 16] with {"y"} on dim 0 keeps "y" major in dim 0.
sdy.mesh @mesh = <["x"=2, "y"=4]>
// CHECK-LABEL: func.func @reshape_merge
// CHECK: stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y", ?}, {"x", ?}]>]>}
func.func @reshape_merge(%arg0: tensor<4x4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}, {"x"}]>}) -> tensor<16x16xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<4x4x16xf32>) -> tensor<16x16xf32>
  return %0 : tensor<16x16xf32>
}

// -----

// transpose permutes the factors.
sdy.mesh @mesh = <["x"=2, "y"=4]>
// CHECK-LABEL: func.func @transpose
// CHECK: stablehlo.transpose {{.*}} {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y", ?}, {"x", ?}]>]>}
func.func @transpose(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> tensor<16x8xf32> {
  %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<8x16xf32>) -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// -----

// Closed dims are never extended ({} stays {}); open ones are.
sdy.mesh @mesh = <["x"=2, "y"=4]>
// CHECK-LABEL: func.func @closed_dims
// CHECK-SAME: %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y", ?}]>}
// CHECK-SAME: -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}, {}]>})
func.func @closed_dims(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>},
                       %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {?}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {}]>}) {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// Replicated axes are never added to a tensor.
sdy.mesh @mesh = <["x"=2, "y"=4]>
// CHECK-LABEL: func.func @replicated_axes
// CHECK-SAME: %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"y", ?}], replicated={"x"}>}
func.func @replicated_axes(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>},
                           %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}], replicated={"x"}>}) -> tensor<8x16xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// sdy.sharding_constraint acts as its result's sharding and propagates both ways.
sdy.mesh @mesh = <["x"=2, "y"=4]>
// CHECK-LABEL: func.func @constraint
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}, {?}]>}
// CHECK: stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", ?}, {?}]>]>}
// CHECK: sdy.sharding_constraint %{{.*}} <@mesh, [{"x"}, {?}]>
// CHECK: stablehlo.abs %{{.*}} {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", ?}, {?}]>]>}
func.func @constraint(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x16xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{"x"}, {?}]> : tensor<8x16xf32>
  %2 = stablehlo.abs %1 : tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}

// -----

// while: operand, result, region args and yield share one sharding.
sdy.mesh @mesh = <["x"=2, "y"=4]>
// CHECK-LABEL: func.func @while_loop
// CHECK: stablehlo.while{{.*}}sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", ?}, {?}]>, <@mesh, []>]>
// CHECK: stablehlo.add %{{.*}} {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", ?}, {?}]>]>}
func.func @while_loop(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %n: tensor<i32>) -> tensor<8x16xf32> {
  %0:2 = stablehlo.while(%iterArg = %arg0, %i = %n) : tensor<8x16xf32>, tensor<i32>
    cond {
      %c = stablehlo.constant dense<0> : tensor<i32>
      %p = stablehlo.compare GT, %i, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %a = stablehlo.add %iterArg, %iterArg : tensor<8x16xf32>
      %c1 = stablehlo.constant dense<1> : tensor<i32>
      %d = stablehlo.subtract %i, %c1 : tensor<i32>
      stablehlo.return %a, %d : tensor<8x16xf32>, tensor<i32>
    }
  return %0#0 : tensor<8x16xf32>
}

// -----

// case: results share with each branch's returned values.
sdy.mesh @mesh = <["x"=2, "y"=4]>
// CHECK-LABEL: func.func @case
// CHECK: stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"y", ?}]>]>}
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"y", ?}]>]>} : (tensor<i32>) -> tensor<8x16xf32>
func.func @case(%i: tensor<i32>, %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) -> tensor<8x16xf32> {
  %0 = "stablehlo.case"(%i) ({
    %a = stablehlo.negate %arg0 : tensor<8x16xf32>
    stablehlo.return %a : tensor<8x16xf32>
  }, {
    stablehlo.return %arg0 : tensor<8x16xf32>
  }) : (tensor<i32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// manual_computation: only the free axis "y" crosses the boundary; the body never sees "x".
sdy.mesh @mesh = <["x"=2, "y"=4]>
// CHECK-LABEL: func.func @manual_free_axes
// CHECK: sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x", ?}, {"y", ?}]>] out_shardings=[<@mesh, [{"x", ?}, {"y", ?}]>] manual_axes={"x"}
// CHECK: stablehlo.negate %{{.*}} {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"y", ?}]>]>}
func.func @manual_free_axes(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}, {"y", ?}]>}) -> tensor<8x16xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x", ?}, {?}]>] out_shardings=[<@mesh, [{"x", ?}, {?}]>] manual_axes={"x"} (%l: tensor<4x16xf32>) {
    %1 = stablehlo.negate %l : tensor<4x16xf32>
    sdy.return %1 : tensor<4x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// func.call: shardings flow through the callee's arguments and results.
sdy.mesh @mesh = <["x"=2, "y"=4]>
// CHECK-LABEL: func.func private @callee
// CHECK-SAME: %arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}]>}
// CHECK-LABEL: func.func @caller
// CHECK: call @callee(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", ?}]>]>}
func.func private @callee(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8xf32>
  return %0 : tensor<8xf32>
}
func.func @caller(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<8xf32> {
  %0 = func.call @callee(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// A size-1 axis is still an axis: it may not split two dimensions of one tensor.
// CHECK-LABEL: func @size_one_axis_used_once
// CHECK: stablehlo.dot_general
// CHECK-SAME: <@mesh_one, [{"x", ?}, {?}]>
sdy.mesh @mesh_one = <["x"=1]>
func.func @size_one_axis_used_once(%arg0: tensor<2x1xf32> {sdy.sharding = #sdy.sharding<@mesh_one, [{"x"}, {}]>}) -> tensor<2x2xf32> {
  %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<2x1xf32>) -> tensor<1x2xf32>
  %1 = stablehlo.dot_general %arg0, %0, contracting_dims = [1] x [0] : (tensor<2x1xf32>, tensor<1x2xf32>) -> tensor<2x2xf32>
  return %1 : tensor<2x2xf32>
}

// -----

// An axis another factor of the tensor partly holds is cut to its free major sub-axis (as
// Shardy does): dim 1 holds "x":(2)2, so the result's "x" reaches dim 0 as "x":(1)2.
sdy.mesh @mesh = <["x"=4, "y"=2]>
// CHECK-LABEL: func.func @free_sub_axis
// CHECK: stablehlo.negate {{.*}}<@mesh, [{"x":(1)2, ?}, {"x":(2)2, ?}]>
func.func @free_sub_axis(%arg0: tensor<32x16xf32>,
                         %arg1: tensor<32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<32x16xf32> {
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{?}, {"x":(2)2, ?}]> : tensor<32x16xf32>
  %1 = stablehlo.negate %0 : tensor<32x16xf32>
  %2 = stablehlo.add %1, %arg1 : tensor<32x16xf32>
  return %2 : tensor<32x16xf32>
}

// -----

// No free major piece: "x":(1)2 is held, and every piece of "x" starts with it.
sdy.mesh @mesh = <["x"=4, "y"=2]>
// CHECK-LABEL: func.func @no_free_sub_axis
// CHECK: stablehlo.negate {{.*}}<@mesh, [{?}, {"x":(1)2, ?}]>
func.func @no_free_sub_axis(%arg0: tensor<32x16xf32>,
                            %arg1: tensor<32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<32x16xf32> {
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{?}, {"x":(1)2, ?}]> : tensor<32x16xf32>
  %1 = stablehlo.negate %0 : tensor<32x16xf32>
  %2 = stablehlo.add %1, %arg1 : tensor<32x16xf32>
  return %2 : tensor<32x16xf32>
}

// -----

// Axes a reshape hands back piece by piece are stored joined ("x":(1)2, "x":(2)2 as "x"), as
// Shardy does, so %1's {"x", "y"} still extends %arg1's {"x"} at the add.
sdy.mesh @mesh = <["x"=4, "y"=2]>
// CHECK-LABEL: func.func @merged_sub_axes
// CHECK: stablehlo.reshape {{.*}}<@mesh, [{?}, {"x", "y", ?}]>
// CHECK: stablehlo.add {{.*}}<@mesh, [{?}, {"x", "y", ?}]>
func.func @merged_sub_axes(%arg0: tensor<32x16xf32>,
                           %arg1: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) -> tensor<16x32xf32> {
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{?}, {"x":(2)2, "y", ?}]> : tensor<32x16xf32>
  %1 = stablehlo.reshape %0 : (tensor<32x16xf32>) -> tensor<16x32xf32>
  %2 = stablehlo.negate %1 : tensor<16x32xf32>
  %3 = stablehlo.add %2, %arg1 : tensor<16x32xf32>
  return %3 : tensor<16x32xf32>
}

// -----

// Func result shardings reach the returned value before any op runs (as in Shardy): %1 takes
// the result's {"x", "y"} although %arg0's "y" (dim 1) would otherwise get there first.
sdy.mesh @mesh = <["x"=4, "y"=2]>
// CHECK-LABEL: func.func @results_first
// CHECK: stablehlo.negate {{.*}}<@mesh, [{"x", ?}, {"y", ?}]>
// CHECK: stablehlo.abs {{.*}}<@mesh, [{"x", "y", ?}, {?}]>
func.func @results_first(%arg0: tensor<32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"y", ?}]>})
    -> (tensor<32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}) {
  %0 = stablehlo.negate %arg0 : tensor<32x16xf32>
  %1 = stablehlo.abs %0 : tensor<32x16xf32>
  return %1 : tensor<32x16xf32>
}

// -----

// Constants are split per use (as Shardy's import does): the broadcast feeding both multiplies
// becomes two, so each takes its own user's sharding instead of coupling "x" and "y".
sdy.mesh @mesh = <["x"=2, "y"=4]>
// CHECK-LABEL: func.func @split_constants
// CHECK: %[[A:.*]] = stablehlo.broadcast_in_dim {{.*}}<@mesh, [{"x", ?}, {?}]>
// CHECK: %[[B:.*]] = stablehlo.broadcast_in_dim {{.*}}<@mesh, [{"y", ?}, {?}]>
// CHECK: stablehlo.multiply %arg0, %[[A]]
// CHECK: stablehlo.multiply %arg1, %[[B]]
func.func @split_constants(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>},
                           %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
  %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
  %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
  %1 = stablehlo.multiply %arg0, %0 : tensor<8x16xf32>
  %2 = stablehlo.multiply %arg1, %0 : tensor<8x16xf32>
  return %1, %2 : tensor<8x16xf32>, tensor<8x16xf32>
}

// -----

// A constant's copy nothing reaches (read only by a constant expression, returned unannotated)
// takes what its sibling copies hold, as the shared constant would: `subtract %k, %k` is
// sharded, not left replicated (campaign case round30a-themes-op-priority const1).
sdy.mesh @mesh = <["x"=2, "y"=4]>
// CHECK-LABEL: func.func @unreached_constant_copy
// CHECK: stablehlo.subtract {{.*}}<@mesh, [{"x", ?}, {"y", ?}]>
func.func @unreached_constant_copy(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>},
                                   %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) -> (tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>) {
  %k = stablehlo.constant dense<2.000000e+00> : tensor<8x16xf32>
  %0 = stablehlo.add %arg0, %k : tensor<8x16xf32>
  %1 = stablehlo.multiply %arg1, %k : tensor<8x16xf32>
  %2 = stablehlo.subtract %k, %k : tensor<8x16xf32>
  return %0, %1, %2 : tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>
}

// -----

// sdy.sharding_group: every member ends with one sharding (%1 takes %0's "x").
sdy.mesh @mesh = <["x"=2, "y"=4]>
// CHECK-LABEL: func.func @sharding_group
// CHECK: stablehlo.abs {{.*}}<@mesh, [{"x", ?}, {?}]>
func.func @sharding_group(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>},
                          %arg1: tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
  %0 = stablehlo.negate %arg0 : tensor<8x16xf32>
  %1 = stablehlo.abs %arg1 : tensor<8x16xf32>
  sdy.sharding_group %0 group_id=3 : tensor<8x16xf32>
  sdy.sharding_group %1 group_id=3 : tensor<8x16xf32>
  return %0, %1 : tensor<8x16xf32>, tensor<8x16xf32>
}

// -----

// sdy.propagation_barrier: BACKWARD lets the result's "y" reach %0, but not %arg0's "x" reach
// the barrier's result.
sdy.mesh @mesh = <["x"=2, "y"=4]>
// CHECK-LABEL: func.func @barrier_backward
// CHECK: stablehlo.negate {{.*}}<@mesh, [{"x", ?}, {"y", ?}]>
// CHECK: sdy.propagation_barrier {{.*}}<@mesh, [{?}, {"y", ?}]>
func.func @barrier_backward(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>})
    -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) {
  %0 = stablehlo.negate %arg0 : tensor<8x16xf32>
  %1 = sdy.propagation_barrier %0 allowed_direction=BACKWARD : tensor<8x16xf32>
  %2 = stablehlo.abs %1 : tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}

// -----

// FORWARD: the other way round.
sdy.mesh @mesh = <["x"=2, "y"=4]>
// CHECK-LABEL: func.func @barrier_forward
// CHECK: stablehlo.negate {{.*}}<@mesh, [{"x", ?}, {?}]>
// CHECK: sdy.propagation_barrier {{.*}}<@mesh, [{"x", ?}, {"y", ?}]>
func.func @barrier_forward(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>})
    -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) {
  %0 = stablehlo.negate %arg0 : tensor<8x16xf32>
  %1 = sdy.propagation_barrier %0 allowed_direction=FORWARD : tensor<8x16xf32>
  %2 = stablehlo.abs %1 : tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}
