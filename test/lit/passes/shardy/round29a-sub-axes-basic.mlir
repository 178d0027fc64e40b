// SHARDY: sdy-basic-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{strategy=basic shardy-compatible=true})' \
// RUN:   | FileCheck %s

// Round 29a: sub-axes from reshapes, non-divisible and size-one axes, replicated and unreduced sub-axes (each checked against jaxlib's Shardy
// by tests/passes/shardy/test_fidelity.py).
// A reshape splitting one dim sharded on "a"=8 into 2x4 dims: "a":(1)2 on the first, "a":(2)4 on the second.
// CHECK-LABEL: func.func {{(private )?}}@reshape_splits_axis(
// CHECK-SAME: %arg0: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<2x8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}, {"a":(2)4, ?}, {?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}, {"a":(2)4, ?}, {?}]>]>} : (tensor<16x4xf32>) -> tensor<2x8x4xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}, {"a":(2)4, ?}, {?}]>]>} : tensor<2x8x4xf32>
sdy.mesh @mesh = <["a"=8, "b"=2]>
func.func @reshape_splits_axis(%arg0: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<2x8x4xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<16x4xf32>) -> tensor<2x8x4xf32>
  %1 = stablehlo.negate %0 : tensor<2x8x4xf32>
  return %1 : tensor<2x8x4xf32>
}

// -----

// A reshape merging two dims sharded by sub-axes of one axis back into one dim.
// CHECK-LABEL: func.func {{(private )?}}@reshape_merges_sub_axes(
// CHECK-SAME: %arg0: tensor<2x8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"a":(2)4}, {}]>}) -> (tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : (tensor<2x8x4xf32>) -> tensor<16x4xf32>
// CHECK: %1 = stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<16x4xf32>
sdy.mesh @mesh = <["a"=8, "b"=2]>
func.func @reshape_merges_sub_axes(%arg0: tensor<2x8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"a":(2)4}, {}]>}) -> tensor<16x4xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<2x8x4xf32>) -> tensor<16x4xf32>
  %1 = stablehlo.abs %0 : tensor<16x4xf32>
  return %1 : tensor<16x4xf32>
}

// -----

// A dim too small for the whole axis: the reshape's major factor takes the sub-axis that fits and the minor one the rest.
// CHECK-LABEL: func.func {{(private )?}}@small_major_dim(
// CHECK-SAME: %arg0: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}]>}) -> (tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)4, ?}, {"a":(4)2, "b", ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)4, ?}, {"a":(4)2, "b", ?}]>]>} : (tensor<32xf32>) -> tensor<4x8xf32>
sdy.mesh @mesh = <["a"=8, "b"=2]>
func.func @small_major_dim(%arg0: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}]>}) -> tensor<4x8xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<32xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// A minor-most factor that does not divide: the axis goes whole to the minor dim.
// CHECK-LABEL: func.func {{(private )?}}@minor_factor_non_divisible(
// CHECK-SAME: %arg0: tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<2x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}, {"a":(2)2, ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}, {"a":(2)2, ?}]>]>} : (tensor<6xf32>) -> tensor<2x3xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}, {"a":(2)2, ?}]>]>} : tensor<2x3xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @minor_factor_non_divisible(%arg0: tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<2x3xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<6xf32>) -> tensor<2x3xf32>
  %1 = stablehlo.negate %0 : tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}

// -----

// Sub-axes from a reshape and from a func argument meeting at an add.
// CHECK-LABEL: func.func {{(private )?}}@sub_axes_meet(
// CHECK-SAME: %arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}, %arg1: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"a":(2)4, ?}]>}) -> (tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}, {"a":(2)4, ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}, {"a":(2)4, ?}]>]>} : (tensor<16xf32>) -> tensor<2x8xf32>
// CHECK: %1 = stablehlo.add %0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}, {"a":(2)4, ?}]>]>} : tensor<2x8xf32>
sdy.mesh @mesh = <["a"=8, "b"=2]>
func.func @sub_axes_meet(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}, %arg1: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {?}]>}) -> tensor<2x8xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<16xf32>) -> tensor<2x8xf32>
  %1 = stablehlo.add %0, %arg1 : tensor<2x8xf32>
  return %1 : tensor<2x8xf32>
}

// -----

// A size-one axis in a user sharding next to a reshape.
// CHECK-LABEL: func.func {{(private )?}}@size_one_axis(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "one"}, {"b"}]>}) -> (tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "one", ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "one", ?}]>]>} : (tensor<8x4xf32>) -> tensor<32xf32>
sdy.mesh @mesh = <["a"=4, "one"=1, "b"=2]>
func.func @size_one_axis(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "one"}, {"b"}]>}) -> tensor<32xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<8x4xf32>) -> tensor<32xf32>
  return %0 : tensor<32xf32>
}

// -----

// A replicated sub-axis bars only its piece of the axis: the value takes "a":(2)4 (meshjit barred the whole axis).
// CHECK-LABEL: func.func {{(private )?}}@replicated_sub_axis(
// CHECK-SAME: %arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}, %arg1: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a":(2)4, ?}], replicated={"a":(1)2}>}) -> (tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a":(2)4, ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}, {"a":(2)4, ?}]>]>} : (tensor<16xf32>) -> tensor<2x8xf32>
// CHECK: %1 = stablehlo.multiply %0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"a":(2)4, ?}]>]>} : tensor<2x8xf32>
sdy.mesh @mesh = <["a"=8]>
func.func @replicated_sub_axis(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}, %arg1: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}], replicated={"a":(1)2}>}) -> tensor<2x8xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<16xf32>) -> tensor<2x8xf32>
  %1 = stablehlo.multiply %0, %arg1 : tensor<2x8xf32>
  return %1 : tensor<2x8xf32>
}

// -----

// A transpose then a reshape merging the transposed dims, sharded on two axes.
// CHECK-LABEL: func.func {{(private )?}}@transpose_then_merge(
// CHECK-SAME: %arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}]>}) {
// CHECK: %0 = stablehlo.transpose %arg0, dims = [1, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {"a", ?}]>]>} : (tensor<4x8xf32>) -> tensor<8x4xf32>
// CHECK: %1 = stablehlo.reshape %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}]>]>} : (tensor<8x4xf32>) -> tensor<32xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @transpose_then_merge(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<32xf32> {
  %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<4x8xf32>) -> tensor<8x4xf32>
  %1 = stablehlo.reshape %0 : (tensor<8x4xf32>) -> tensor<32xf32>
  return %1 : tensor<32xf32>
}

// -----

// A replicated sub-axis on a dot operand: the other pieces of the axis still shard it.
// CHECK-LABEL: func.func {{(private )?}}@replicated_sub_axis_dot(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)4, ?}, {?}], replicated={"a":(4)2}>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
sdy.mesh @mesh = <["a"=8, "b"=2]>
func.func @replicated_sub_axis_dot(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}], replicated={"a":(4)2}>}, %arg1: tensor<16x8xf32>) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// A replicated minor sub-axis: the major piece the value can take.
// CHECK-LABEL: func.func {{(private )?}}@replicated_minor_sub_axis(
// CHECK-SAME: %arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}, %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}], replicated={"a":(2)4}>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}]>}) {
// CHECK: %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}]>]>} : tensor<16xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}]>]>} : tensor<16xf32>
sdy.mesh @mesh = <["a"=8]>
func.func @replicated_minor_sub_axis(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}, %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}], replicated={"a":(2)4}>}) -> tensor<16xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<16xf32>
  %1 = stablehlo.negate %0 : tensor<16xf32>
  return %1 : tensor<16xf32>
}

// -----

// A replicated sub-axis on a constraint in the middle of a chain.
// CHECK-LABEL: func.func {{(private )?}}@replicated_sub_axis_constraint(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x8xf32>
// CHECK: %1 = sdy.sharding_constraint %0 <@mesh, [{?}, {"b", ?}], replicated={"a":(1)2}> : tensor<8x8xf32>
// CHECK: %2 = stablehlo.exponential %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @replicated_sub_axis_constraint(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{?}, {?}], replicated={"a":(1)2}> : tensor<8x8xf32>
  %2 = stablehlo.exponential %1 : tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}

// -----

// A replicated sub-axis on a group member: the group takes the member's whole sharding.
// CHECK-LABEL: func.func {{(private )?}}@replicated_sub_axis_group(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}, {?}], replicated={"a":(2)2}>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x8xf32>
// CHECK: %1 = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x8xf32>
// CHECK: sdy.sharding_group %0 group_id=0 : tensor<8x8xf32>
// CHECK: sdy.sharding_group %1 group_id=0 : tensor<8x8xf32>
// CHECK: %2 = stablehlo.add %0, %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @replicated_sub_axis_group(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}], replicated={"a":(2)2}>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  %1 = stablehlo.negate %arg1 : tensor<8x8xf32>
  sdy.sharding_group %0 group_id=0 : tensor<8x8xf32>
  sdy.sharding_group %1 group_id=0 : tensor<8x8xf32>
  %2 = stablehlo.add %0, %1 : tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}

// -----

// A replicated sub-axis on a while operand.
// CHECK-LABEL: func.func {{(private )?}}@replicated_sub_axis_while(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}], replicated={"a":(1)2}>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0:2 = stablehlo.while(%iterArg = %arg0, %iterArg_1 = %c) : tensor<8x8xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>, <@mesh, []>]>}
// CHECK: %1 = stablehlo.negate %iterArg {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @replicated_sub_axis_while(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}], replicated={"a":(1)2}>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %0:2 = stablehlo.while(%x = %arg0, %i = %c) : tensor<8x8xf32>, tensor<i32>
   cond {
    %1 = stablehlo.compare LT, %i, %c1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %1 = stablehlo.negate %x : tensor<8x8xf32>
    %2 = stablehlo.add %i, %c1 : tensor<i32>
    stablehlo.return %1, %2 : tensor<8x8xf32>, tensor<i32>
  }
  return %0#0 : tensor<8x8xf32>
}

// -----

// A replicated sub-axis on a reshape's operand: the merged dim takes the free pieces.
// CHECK-LABEL: func.func {{(private )?}}@replicated_sub_axis_reshape(
// CHECK-SAME: %arg0: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}, {?}], replicated={"a":(2)2}>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", ?}]>]>} : (tensor<2x8xf32>) -> tensor<16xf32>
sdy.mesh @mesh = <["a"=8, "b"=2]>
func.func @replicated_sub_axis_reshape(%arg0: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}], replicated={"a":(2)2}>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}]>}) {
  %0 = stablehlo.reshape %arg0 : (tensor<2x8xf32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

// An unreduced sub-axis on a dot result.
// CHECK-LABEL: func.func {{(private )?}}@unreduced_sub_axis(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a":(1)2}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"b", ?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}], unreduced={"a":(1)2}>]>} : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @unreduced_sub_axis(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a":(1)2}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {?}], unreduced={"a":(1)2}>]>} : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  %1 = stablehlo.negate %0 : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}
